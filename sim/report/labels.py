"""Every piece of report text in English and Chinese."""

from __future__ import annotations

from typing import Any, Literal

Lang = Literal["en", "zh"]

LABELS: dict[str, dict[str, str]] = {
    # chart titles and axes
    "seat_title": {"en": "Seat win rates: {name}", "zh": "各座位胜率：{name}"},
    "win_rate_pct": {"en": "Win rate (%)", "zh": "胜率（%）"},
    "players_axis": {"en": "Number of players", "zh": "玩家人数"},
    "players_n": {"en": "{n} players", "zh": "{n}人局"},
    "seat_n": {"en": "Seat {n}", "zh": "{n}号位"},
    "fair_share": {"en": "Fair share 1/n", "zh": "公平份额 1/n"},
    "imbalanced": {"en": "Imbalanced (Holm)", "zh": "不平衡（Holm 校正）"},
    "fpa_title": {"en": "Seat 1 win rate ÷ fair share: {name}", "zh": "1号位胜率 ÷ 公平份额：{name}"},
    "fpa_axis": {"en": "Seat 1 win rate ÷ fair share (1 = fair)", "zh": "1号位胜率 ÷ 公平份额（1 = 公平）"},
    "bot_title": {"en": "Bot win rate ÷ fair share: {name}", "zh": "机器人胜率 ÷ 公平份额：{name}"},
    "bot_axis": {"en": "Win rate ÷ fair share (1 = average)", "zh": "胜率 ÷ 公平份额（1 = 平均）"},
    "matrix_title": {
        "en": "Head-to-head: row finished ahead of column (%): {name}",
        "zh": "对位：行机器人名次高于列机器人的比例（%）：{name}",
    },
    "bot_row": {"en": "Bot (row)", "zh": "机器人（行）"},
    "bot_col": {"en": "Opponent bot (column)", "zh": "对手机器人（列）"},
    "score_title": {"en": "Final scores: {name}", "zh": "终局得分：{name}"},
    "score_axis": {"en": "Final score (points)", "zh": "终局得分（分）"},
    "margin_title": {"en": "Winning margin: {name}", "zh": "胜分差：{name}"},
    "margin_axis": {"en": "Winner minus best other (points)", "zh": "胜者领先第二名（分）"},
    "length_title": {"en": "Game length: {name}", "zh": "对局长度：{name}"},
    "rounds_axis": {"en": "Rounds per game", "zh": "每局轮数"},
    "box_legend": {
        "en": "box 25–75%, whiskers 5–95%, dot = mean ± 95% CI",
        "zh": "箱体 25–75%，须线 5–95%，圆点 = 均值 ± 95% 区间",
    },
    "component_title": {
        "en": "Score components, winners minus others: {name}",
        "zh": "得分构成：胜者减其他玩家：{name}",
    },
    "component_axis": {
        "en": "Mean difference, winners − others (column units)",
        "zh": "平均差值：胜者 − 其他（该项单位）",
    },
    "end_title": {"en": "How games end: {name}", "zh": "对局结束方式：{name}"},
    "share_pct": {"en": "Share of games (%)", "zh": "对局占比（%）"},
    "leader_title": {
        "en": "P(leader after round k wins): {name}",
        "zh": "第 k 轮后领先者最终获胜的概率：{name}",
    },
    "round_axis": {"en": "Round k", "zh": "第 k 轮"},
    "leader_axis": {"en": "Leader wins (%)", "zh": "领先者获胜（%）"},
    "lead_changes_title": {"en": "Lead changes per game: {name}", "zh": "每局领先者更替次数：{name}"},
    "lead_changes_axis": {
        "en": "Lead changes per game (mean ± 95% CI)",
        "zh": "每局领先更替次数（均值 ± 95% 区间）",
    },
    "paired_title": {
        "en": "Seat win rate change, {b} − {a} (same seeds)",
        "zh": "座位胜率变化：{b} − {a}（相同种子）",
    },
    "paired_axis": {"en": "Difference (percentage points)", "zh": "差值（百分点）"},
    "paired_score_title": {
        "en": "Score change per seat, {b} − {a} (same seeds)",
        "zh": "各座位得分变化：{b} − {a}（相同种子）",
    },
    "paired_score_axis": {"en": "Difference (points of score)", "zh": "差值（得分）"},
    "sweep_title": {"en": "Response to {param}: {game}", "zh": "{param} 的影响：{game}"},
    "metric_first_seat_win_rate": {"en": "Seat 1 win rate (%)", "zh": "1号位胜率（%）"},
    "metric_mean_rounds": {"en": "Mean rounds per game", "zh": "平均每局轮数"},
    "metric_mean_score": {"en": "Mean final score (points)", "zh": "平均终局得分（分）"},
    "metric_tie_break_share": {"en": "Decided by tie-break (%)", "zh": "由平局规则决胜（%）"},
    "metric_error_share": {"en": "Errors and stalls (%)", "zh": "错误与卡死（%）"},
    "metric_bot_win_rate": {"en": "{bot}: win rate (%)", "zh": "{bot}：胜率（%）"},
    "count_title": {"en": "Player-count comparison: {name}", "zh": "人数对比：{name}"},
    "tie_axis": {"en": "Decided by tie-break (%)", "zh": "由平局规则决胜（%）"},
    "tier_axis": {"en": "Bot tier (tables of one bot only)", "zh": "机器人强度层级（同一机器人的牌桌）"},
    "ladder_title": {"en": "Seat win rates by bot tier: {name}", "zh": "各机器人层级的座位胜率：{name}"},
    "content_title": {
        "en": "Win share of seats that had each item minus comparable seats without it: {name}",
        "zh": "拥有各条目的座位与可比的没有它的座位的胜率份额差：{name}",
    },
    "content_axis": {
        "en": "Adjusted difference in win share (percentage points)",
        "zh": "调整后的胜率份额差（百分点）",
    },
    # report sections
    "report_title": {"en": "Balance report", "zh": "平衡性报告"},
    "summary": {"en": "Summary", "zh": "概要"},
    "sec_seats": {"en": "Seat win rates", "zh": "座位胜率"},
    "sec_counts": {"en": "Player-count comparison", "zh": "人数对比"},
    "sec_bots": {"en": "Bot results", "zh": "机器人成绩"},
    "sec_scores": {"en": "Scores and game length", "zh": "得分与对局长度"},
    "sec_components": {"en": "Score components", "zh": "得分构成"},
    "sec_end": {"en": "End reasons and stalls", "zh": "结束方式与卡死"},
    "sec_runaway": {"en": "Runaway leader", "zh": "领先者优势"},
    "sec_content": {"en": "Cards and content", "zh": "卡牌与内容"},
    "content_note": {
        "en": "For every card, tile or other id in the event tables (per kind of event when the table records "
        "one: drawn, taken, played, scored): the seats that had it against seats without it of the same bot "
        "in the same seat (Mantel-Haenszel), as a difference in win share with a game-level interval, and "
        "Benjamini-Hochberg correction across the ids of a column. This is still observational: it removes "
        "who took the item and where they sat, not the game situation that led to it. To measure a card's "
        "causal effect, compare variants with and without it on the same seeds (sim compare).",
        "zh": "事件表中每张卡牌、板块或其他条目（若表中记录事件类型，则按抽取、拿取、打出、计分分别统计）："
        "拥有它的座位与相同机器人、相同座位但没有它的座位比较（Mantel-Haenszel），给出胜率份额差及以对局为单位的区间，"
        "并在同一列的条目间做 Benjamini-Hochberg 校正。这仍是观察性结果：它去除了由谁拿到、坐在哪里的影响，"
        "但没有去除导致拿到它的局面。要测量一张牌的因果效应，请在相同种子上比较有无该牌的变体（sim compare）。",
    },
    "content_none": {"en": "No item stands out after correction.", "zh": "校正后没有条目显著偏离。"},
    "sec_unused": {"en": "Unused content", "zh": "未使用的内容"},
    "sec_errors": {"en": "Errors", "zh": "错误"},
    "sec_paired": {"en": "Variant comparison (paired seeds)", "zh": "变体对比（配对种子）"},
    "sec_sweep": {"en": "Parameter sweep", "zh": "参数扫描"},
    "sec_ladder": {"en": "Bot ladder", "zh": "机器人强度阶梯"},
    "ladder_note": {
        "en": "Games where every seat is the same bot form a tier; random play is a no-skill control, not a "
        "tier. Tiers are ordered by Bradley-Terry strength when the runs include games between the bots. A "
        "seat effect is robust when it is significant in the same direction at two or more skilled tiers "
        "and the seat × tier interaction is not; strength-dependent when the interaction is significant.",
        "zh": "所有座位都是同一机器人的对局构成一个层级；随机机器人是无技能的对照组，不算层级。若运行中包含机器人之间的"
        "对局，层级按 Bradley-Terry 强度排序。座位效应在两个或更多技能层级中方向一致且显著、且座位×层级交互不显著时为稳健；"
        "交互显著时为取决于强度。",
    },
    "ladder_none": {"en": "No seat is flagged at any tier.", "zh": "没有任何层级标记出不平衡的座位。"},
    "sec_runs": {"en": "Run details", "zh": "运行信息"},
    "runs_caption": {"en": "Runs in this report", "zh": "本报告包含的运行"},
    "variants_caption": {"en": "Variants and their configs", "zh": "变体及其配置"},
    "sec_caveat": {"en": "What bot win rates can and cannot say", "zh": "机器人胜率能说明什么、不能说明什么"},
    "sec_method": {"en": "How to read this report", "zh": "如何阅读本报告"},
    "tables_note": {
        "en": "Every number here is also in tables/*.csv next to this page.",
        "zh": "本页所有数字也在同目录 tables/*.csv 中。",
    },
    "replay_caption": {
        "en": "Failed games and the command that replays each",
        "zh": "失败的对局及其复现命令",
    },
    "no_errors": {
        "en": "No game ended in an error or hit the turn cap.",
        "zh": "没有对局出错或达到回合上限。",
    },
    "no_unused": {
        "en": "Every breakdown column scored and every tracked config id appeared in events.",
        "zh": "所有得分项都有得分，所有被追踪的配置条目都在事件中出现过。",
    },
    "zero_columns": {
        "en": "Breakdown columns that are zero in every game",
        "zh": "在所有对局中都为零的得分项",
    },
    "unseen_ids": {"en": "Config ids that no event mentions", "zh": "没有在任何事件中出现的配置条目"},
    "many_variants": {
        "en": "{count} variants: seat charts are shown for the first {shown}; all rows are in tables/seat_win_rates.csv.",
        "zh": "共 {count} 个变体：仅显示前 {shown} 个的座位图；完整数据见 tables/seat_win_rates.csv。",
    },
    "pairs_note": {
        "en": "{pairs} game pairs share (player count, game index, bots); {same} of them have identical seeds (common random numbers).",
        "zh": "{pairs} 对对局共享（人数、对局编号、机器人）；其中 {same} 对种子完全相同（共同随机数）。",
    },
    "sweep_note": {
        "en": "When several parameters are swept together each curve averages over the others.",
        "zh": "多个参数同时扫描时，每条曲线是对其他参数取平均的结果。",
    },
    # summary sentences
    "sample": {
        "en": "{games:,} games ({errors:,} with errors or stalls), {players:,} player results; bots: {bots}; player counts: {counts}; variants: {variants}.",
        "zh": "共 {games:,} 局（其中 {errors:,} 局出错或卡死），{players:,} 条玩家结果；机器人：{bots}；人数：{counts}；变体：{variants}。",
    },
    "key_findings": {"en": "Key findings", "zh": "主要发现"},
    "no_imbalance": {
        "en": "No seat shows a significant imbalance after Holm correction.",
        "zh": "经 Holm 校正后没有座位显示出显著不平衡。",
    },
    "precision_more": {
        "en": "Precision: the widest seat interval is ±{half} ({n} players, {games} games); about {needed} games "
        "per player count and variant would narrow every seat to ±{target}.",
        "zh": "精度：最宽的座位区间为 ±{half}（{n}人局，{games} 局）；每个人数和变体约需 {needed} 局，"
        "才能使所有座位区间缩小到 ±{target}。",
    },
    "precision_ok": {
        "en": "Precision: every seat interval is within ±{half} (widest at {n} players, {games} games).",
        "zh": "精度：所有座位区间都在 ±{half} 以内（最宽的在{n}人局，{games} 局）。",
    },
    "no_finished": {
        "en": "No game finished: every game ended in an error or at the turn cap.",
        "zh": "没有对局正常结束：所有对局都出错或达到回合上限。",
    },
    "errors_found": {
        "en": "{count:,} games ended in an error or at the turn cap ({share} of all); see the Errors section for replay commands.",
        "zh": "{count:,} 局出错或达到回合上限（占 {share}）；复现命令见“错误”一节。",
    },
    "unused_found": {"en": "Unused content: {items}.", "zh": "未使用的内容：{items}。"},
    "paired_none": {
        "en": "{b} vs {a}: no seat's win rate changed detectably.",
        "zh": "{b} 对比 {a}：没有座位的胜率出现可检测的变化。",
    },
    "files": {
        "en": "Files: report.html (charts), tables/*.csv (every number).",
        "zh": "文件：report.html（图表），tables/*.csv（全部数字）。",
    },
    # explanations
    "method_text": {
        "en": "A first place shared by k players gives each 1/k (win share), so seat shares add up to 100%. "
        "A seat is called imbalanced only when the all-seats chi-square test rejects and the seat's own score "
        "test against the fair share 1/n rejects after Holm correction across the seats; with several bots "
        "each seat is compared with its bot's average. Games are the unit: bot, head-to-head and content "
        "intervals are cluster-robust over games. Sweeps and variants are compared on shared seeds "
        "(paired tests, Holm over the family). An interval that covers the fair share means the data are "
        "consistent with a fair seat, not that the seat is proven fair: the width says how large a gap "
        "could still hide.",
        "zh": "由 k 名玩家并列第一时，每人计 1/k（胜率份额），因此各座位份额之和为 100%。只有当全座位卡方检验拒绝、"
        "且该座位相对公平份额 1/n 的得分检验在对所有座位做 Holm 校正后仍拒绝时，才称该座位不平衡；有多个机器人时，"
        "每个座位与该机器人的平均份额比较。以对局为单位：机器人、对位和内容的区间对对局做聚类稳健估计。参数扫描和变体"
        "在共同种子上比较（配对检验，对整组检验做 Holm 校正）。区间覆盖公平份额只说明数据与公平一致，并不证明公平："
        "区间宽度表示仍可能隐藏多大的差距。",
    },
    "caveat_text": {
        "en": "Bots are not people. A seat or card that wins too often under these bots shows what the "
        "rules allow a particular heuristic to do; human players plan, bluff, negotiate and learn. "
        "Treat a finding as a design signal when it holds across a ladder of bot strength (random, greedy, "
        "heuristic, search); a finding that flips between tiers says more about the bots than the game. "
        "Bot-versus-bot results rank these bots against each other only; they are not skill ratings of "
        "strategies a person would choose. Absence of evidence at this sample size is not evidence of balance.",
        "zh": "机器人不是真人。某个座位或卡牌在这些机器人下胜率过高，只说明规则允许某种启发式策略做到什么；"
        "真人会规划、虚张声势、谈判和学习。只有当结论在不同强度的机器人（随机、贪心、启发式、搜索）下都成立时，"
        "才应视为设计信号；在不同强度之间翻转的结论更多反映机器人而非游戏。机器人之间的对战结果只比较这些机器人本身，"
        "并不是真人策略的水平评分。在当前样本量下没有发现证据，并不等于证明了平衡。",
    },
    "more_verdicts": {"en": "Findings with no evidence of a difference", "zh": "未发现差异的结论"},
    "outcome_turn cap": {"en": "turn cap (stall)", "zh": "达到回合上限（卡死）"},
    "outcome_error": {"en": "error", "zh": "错误"},
    "row_games": {"en": "Games", "zh": "对局数"},
    "row_seat1": {"en": "Seat 1 win rate [95% CI]", "zh": "1号位胜率 [95% 区间]"},
    "row_fair_share": {"en": "Fair share 1/n", "zh": "公平份额 1/n"},
    "row_max_gap": {
        "en": "Widest seat gap from fair share [95% CI]",
        "zh": "与公平份额的最大座位差 [95% 区间]",
    },
    "row_rounds": {"en": "Rounds per game [95% CI]", "zh": "每局轮数 [95% 区间]"},
    "row_mean_margin": {"en": "Mean winning margin (points)", "zh": "平均胜分差（分）"},
    "row_tie_break": {"en": "Decided by tie-break [95% CI]", "zh": "平局规则决胜 [95% 区间]"},
    "row_error_share": {"en": "Errors and stalls", "zh": "错误与卡死"},
    "row_lead_changes": {"en": "Lead changes per game", "zh": "每局领先更替次数"},
    # verdicts (sim.report.verdicts)
    "seat_head": {
        "en": "Seat {seat} wins {estimate} at {n} players (fair share {fair}, {games} games)",
        "zh": "{n}人局 {seat}号位胜率 {estimate}（公平份额 {fair}，{games} 局）",
    },
    "plus_minus": {"en": "{rate} ± {half}", "zh": "{rate} ± {half}"},
    "range": {"en": "{rate} (95% CI {lo}–{hi})", "zh": "{rate}，95% 区间 {lo}–{hi}"},
    "seat_imbalanced": {
        "en": "{head}: likely imbalance, {direction} than the fair share (all-seats test p {omnibus}, "
        "Holm-corrected p {p}).",
        "zh": "{head}：很可能不平衡，{direction}（全座位检验 p {omnibus}，Holm 校正 p {p}）。",
    },
    "more": {"en": "wins more often", "zh": "胜率高于公平份额"},
    "less": {"en": "wins less often", "zh": "胜率低于公平份额"},
    "seat_fair": {
        "en": "{head}: no evidence of imbalance, the interval covers the fair share.",
        "zh": "{head}：没有不平衡的证据，区间覆盖公平份额。",
    },
    "seat_wide": {
        "en": "{head}: no evidence of imbalance, but the interval is wide: a gap of up to {gap} points "
        "cannot be ruled out; run more games.",
        "zh": "{head}：没有不平衡的证据，但区间较宽，无法排除最多 {gap} 个百分点的差距；需要更多对局。",
    },
    "seat_weak": {
        "en": "{head}: the interval excludes the fair share, but not after correcting for {seats} seats "
        "(Holm p {p}): weak evidence only; run more games.",
        "zh": "{head}：区间不含公平份额，但经 {seats} 个座位的多重比较校正后不显著（Holm p {p}）：证据较弱，需要更多对局。",
    },
    "seat_dominated": {
        "en": "{head}: no seat verdict: {bot} takes {share} of all wins, so the seat numbers only echo "
        "where it sat.",
        "zh": "{head}：不给出座位结论：{bot} 拿走了 {share} 的胜场，座位数字只反映它坐在哪里。",
    },
    "seat_adjusted_note": {
        "en": "Several bots played: each seat's win share is adjusted for the bot (compared with that "
        "bot's average share over all seats), and a run where one bot takes more than 90% of the wins "
        "gets no seat verdict.",
        "zh": "有多个机器人参与：每个座位的胜率份额按机器人调整（与该机器人在所有座位上的平均份额比较）；"
        "若某个机器人拿走超过 90% 的胜场，则不给出座位结论。",
    },
    "seat_dominated_note": {
        "en": "[{name}, {n} players] {bot} takes {share} of all wins: no seat verdict.",
        "zh": "[{name}，{n}人局] {bot} 拿走了 {share} 的胜场：不给出座位结论。",
    },
    "pair_head": {
        "en": "At {n} players, seat {seat} wins {rate_a} in {a} and {rate_b} in {b} ({pairs} paired games)",
        "zh": "{n}人局 {seat}号位胜率：{a} 为 {rate_a}，{b} 为 {rate_b}（{pairs} 对配对对局）",
    },
    "pair_changed": {
        "en": "{head}: {b} changes it by {diff} points (95% CI {lo} to {hi}, Holm p {p}): likely a real change.",
        "zh": "{head}：{b} 使其变化 {diff} 个百分点（95% 区间 {lo} 至 {hi}，Holm p {p}）：很可能是真实变化。",
    },
    "pair_same": {
        "en": "{head}: no detectable change (difference {diff} points, 95% CI {lo} to {hi}).",
        "zh": "{head}：未检测到变化（差值 {diff} 个百分点，95% 区间 {lo} 至 {hi}）。",
    },
    "unit_points": {"en": "points", "zh": "个百分点"},
    "unit_units": {"en": "", "zh": ""},
    "sweep_changed": {
        "en": "At {n} players, {metric} goes from {a} at {param} = {va} to {b} at {param} = {vb}: paired "
        "difference {diff} {unit} (95% CI {lo} to {hi}, {pairs} shared seeds), trend over {values} values "
        "Holm p {p} ({family} tests): likely a real change.",
        "zh": "{n}人局 {metric}：{param} = {va} 时为 {a}，{param} = {vb} 时为 {b}：配对差值 {diff} {unit}"
        "（95% 区间 {lo} 至 {hi}，{pairs} 个共同种子），{values} 个取值的趋势检验 Holm p {p}（共 {family} 项检验）："
        "很可能是真实变化。",
    },
    "sweep_flat": {
        "en": "At {n} players, {metric} goes from {a} at {param} = {va} to {b} at {param} = {vb}: paired "
        "difference {diff} {unit} (95% CI {lo} to {hi}, {pairs} shared seeds), trend Holm p {p} "
        "({family} tests): no clear change.",
        "zh": "{n}人局 {metric}：{param} = {va} 时为 {a}，{param} = {vb} 时为 {b}：配对差值 {diff} {unit}"
        "（95% 区间 {lo} 至 {hi}，{pairs} 个共同种子），趋势检验 Holm p {p}（共 {family} 项检验）：没有明显变化。",
    },
    "m_first_seat_win_rate": {"en": "seat 1 win rate", "zh": "1号位胜率"},
    "m_mean_rounds": {"en": "mean rounds per game", "zh": "平均每局轮数"},
    "m_mean_score": {"en": "mean final score", "zh": "平均终局得分"},
    "m_tie_break_share": {"en": "tie-break share", "zh": "平局决胜比例"},
    "m_error_share": {"en": "error and stall share", "zh": "错误与卡死比例"},
    "m_bot_win_rate": {"en": "{bot}'s win rate", "zh": "{bot} 的胜率"},
    "content_notable": {
        "en": "{value} ({column}, {n} players): seats that had it {direction}: {diff} points of win share "
        "against seats without it of the same {strata} (95% CI {lo} to {hi}, {seats} seats, BH q {q}).",
        "zh": "{value}（{column}，{n}人局）：拥有它的座位{direction}：与{strata}相同但没有它的座位相比，"
        "胜率份额差 {diff} 个百分点（95% 区间 {lo} 至 {hi}，{seats} 个座位，BH q {q}）。",
    },
    "content_more": {"en": "win more often", "zh": "胜率更高"},
    "content_less": {"en": "win less often", "zh": "胜率更低"},
    "ladder_effect": {
        "en": "pooled over the skilled tiers: {rate} (95% CI {lo}–{hi})",
        "zh": "技能层级合并：{rate}（95% 区间 {lo}–{hi}）",
    },
    "ladder_robust": {
        "en": "Seat {seat} at {n} players: robust, the same direction at several skilled tiers ({flagged}) "
        "and no seat × tier interaction (p {p}); {effect}, fair share {fair}.",
        "zh": "{n}人局 {seat}号位：稳健，在多个技能层级方向一致（{flagged}），座位×层级交互不显著（p {p}）；"
        "{effect}，公平份额 {fair}。",
    },
    "ladder_strength_dependent": {
        "en": "Seat {seat} at {n} players: strength-dependent, the seat effect differs between the tiers "
        "{tiers} (interaction Holm p {p}; flagged: {flagged}): a question about the bots before the game.",
        "zh": "{n}人局 {seat}号位：取决于强度，座位效应在层级 {tiers} 之间不同（交互 Holm p {p}；"
        "标记：{flagged}）：应先视为机器人的问题。",
    },
    "ladder_flips": {
        "en": "Seat {seat} at {n} players: flips, significant in opposite directions at {flagged}.",
        "zh": "{n}人局 {seat}号位：方向翻转，在 {flagged} 中方向相反且均显著。",
    },
    "ladder_under_powered": {
        "en": "Seat {seat} at {n} players: under-powered, flagged only at {flagged} among the skilled tiers "
        "{tiers}; run more games at the other tiers.",
        "zh": "{n}人局 {seat}号位：检验力不足，在技能层级 {tiers} 中只有 {flagged} 标记；需要在其他层级运行更多对局。",
    },
    "ladder_control_only": {
        "en": "Seat {seat} at {n} players: control only, flagged with random play ({flagged}) but at no "
        "skilled tier.",
        "zh": "{n}人局 {seat}号位：仅对照组，随机对局中标记（{flagged}），但在任何技能层级都没有。",
    },
    "strength_caption": {
        "en": "Bot strength (Bradley-Terry log-odds of finishing ahead, random = 0 when it played)",
        "zh": "机器人强度（Bradley-Terry 领先对数几率，有随机机器人时以其为 0）",
    },
    # answers (sim.report.answers)
    "sec_answers": {"en": "Answers", "zh": "结论"},
    "list_sep": {"en": "; ", "zh": "；"},
    "sure_high": {"en": "fairly sure", "zh": "把握较大"},
    "sure_medium": {"en": "moderately sure", "zh": "把握一般"},
    "sure_low": {"en": "not sure yet", "zh": "尚无把握"},
    "ans_topic_seats": {"en": "Seat balance", "zh": "座位平衡"},
    "ans_topic_count": {"en": "Best player count", "zh": "最佳人数"},
    "ans_topic_runaway": {"en": "Runaway leader", "zh": "领先者是否一骑绝尘"},
    "ans_topic_paired": {"en": "What the change did (same seeds)", "zh": "改动的效果（相同种子）"},
    "ans_topic_end": {"en": "How games end", "zh": "对局如何结束"},
    "ans_topic_cards": {"en": "Cards and content", "zh": "卡牌与内容"},
    "ans_topic_more": {"en": "What needs more games", "zh": "哪些需要更多对局"},
    "ans_seat_balanced": {
        "en": "{name}, {n} players: seats are balanced: the widest seat gap is {gap} (95% CI {lo}–{hi}, "
        "{games} games), under 5 points ({sure}).",
        "zh": "{name}，{n}人局：座位平衡：最大座位偏差 {gap}（95% 区间 {lo}–{hi}，{games} 局），不超过 5 个百分点（{sure}）。",
    },
    "ans_seat_imbalanced": {
        "en": "{name}, {n} players: seats are imbalanced: seat {seat} wins {rate} against a fair share of "
        "{fair} (Holm p {p}); widest seat gap {gap} (95% CI {lo}–{hi}, {games} games; {sure}).",
        "zh": "{name}，{n}人局：座位不平衡：{seat}号位胜率 {rate}，公平份额 {fair}（Holm 校正 p 值 {p}）；"
        "最大座位偏差 {gap}（95% 区间 {lo}–{hi}，{games} 局；{sure}）。",
    },
    "ans_seat_unclear": {
        "en": "{name}, {n} players: no seat is flagged, but a gap of up to {hi} cannot be ruled out "
        "(widest gap {gap}, 95% CI {lo}–{hi}, {games} games; {sure}).",
        "zh": "{name}，{n}人局：没有座位被判定不平衡，但仍不能排除最多 {hi} 的偏差"
        "（最大座位偏差 {gap}，95% 区间 {lo}–{hi}，{games} 局；{sure}）。",
    },
    "ans_seat_dominated": {
        "en": "{name}, {n} players: one bot takes most wins, so the seats cannot be judged ({sure}).",
        "zh": "{name}，{n}人局：一个机器人拿走了绝大多数胜场，无法判断座位平衡（{sure}）。",
    },
    "ans_best_count": {
        "en": "{name}: {n} players plays best: smallest widest seat gap {gap} (95% CI {lo}–{hi}), with "
        "close scores and lead changes; {why} ({sure}). Per player count: {detail}.",
        "zh": "{name}：{n}人局玩起来最好：最大座位偏差最小，为 {gap}（95% 区间 {lo}–{hi}），分差与领先更替也较好；"
        "{why}（{sure}）。各人数：{detail}。",
    },
    "ans_best_why_high": {
        "en": "its seat-gap interval lies below every other count's",
        "zh": "其座位偏差区间完全低于其他人数",
    },
    "ans_best_why_medium": {
        "en": "it leads on most criteria but the seat-gap intervals overlap",
        "zh": "它在多数指标上领先，但座位偏差区间有重叠",
    },
    "ans_best_why_low": {
        "en": "the criteria disagree and the intervals overlap: run more games",
        "zh": "各项指标不一致且区间重叠：需要更多对局",
    },
    "ans_count_detail": {
        "en": "{n} players: seat gap {gap}, winning margin {spread} of the mean score, {changes} lead "
        "changes, {rounds} rounds",
        "zh": "{n}人局：座位偏差 {gap}，胜分差占平均得分 {spread}，领先更替 {changes} 次，{rounds} 轮",
    },
    "ans_runaway_part": {
        "en": "{n} players: the leader after round {k} wins {rate} (95% CI {lo}–{hi}; fair share {fair})",
        "zh": "{n}人局：第 {k} 轮后的领先者最终获胜 {rate}（95% 区间 {lo}–{hi}；公平份额 {fair}）",
    },
    "ans_runaway_strong": {
        "en": "{name}: a leader at mid-game usually runs away with it (at least {threshold}): {parts} ({sure}).",
        "zh": "{name}：中盘领先者往往一路领先到底（至少 {threshold}）：{parts}（{sure}）。",
    },
    "ans_runaway_normal": {
        "en": "{name}: no runaway leader: the mid-game leader wins less than {threshold}: {parts} ({sure}).",
        "zh": "{name}：没有一骑绝尘的领先者：中盘领先者获胜少于 {threshold}：{parts}（{sure}）。",
    },
    "ans_runaway_unclear": {
        "en": "{name}: whether a mid-game leader runs away is not settled (the interval spans {threshold}): "
        "{parts} ({sure}).",
        "zh": "{name}：中盘领先者是否一路领先尚无定论（区间跨过 {threshold}）：{parts}（{sure}）。",
    },
    "ans_changes_part": {
        "en": "{n} players: {mean} lead changes per game (95% CI {lo}–{hi})",
        "zh": "{n}人局：每局领先更替 {mean} 次（95% 区间 {lo}–{hi}）",
    },
    "ans_runaway_changes": {
        "en": "{name}: too few games to measure how often the mid-game leader wins; the lead changes hands: "
        "{parts} ({sure}).",
        "zh": "{name}：对局太少，尚不能测量中盘领先者的获胜比例；领先者的更替情况：{parts}（{sure}）。",
    },
    "ans_end": {
        "en": "{name}, {stage}: {parts} ({games} games).",
        "zh": "{name}，{stage}：{parts}（共 {games} 局）。",
    },
    "ans_end_part": {"en": "{trigger} {share}", "zh": "{trigger} {share}"},
    "ans_cards_none": {
        "en": "No card or item stands out after correction ({tested} tests: item × player count × event kind).",
        "zh": "校正后没有卡牌或条目显著偏离（共 {tested} 项检验：条目 × 人数 × 事件类型）。",
    },
    "ans_cards_few_games": {
        "en": "Too few games to judge cards: {games} games per player count and variant; card intervals need "
        "at least {needed} (run more games).",
        "zh": "对局太少，尚不能判断卡牌：每个人数和变体只有 {games} 局，卡牌的区间至少需要 {needed} 局（请增加对局）。",
    },
    "ans_cards_some": {
        "en": "{count} of {tested} tests (item × player count × event kind) stand out after correction; the strongest:",
        "zh": "{tested} 项检验（条目 × 人数 × 事件类型）中有 {count} 项在校正后显著；最突出的：",
    },
    "ans_more_needed": {
        "en": "More games needed: the widest seat interval is ±{half} ({name}, {n} players, {games} games); "
        "about {needed} games per player count and variant would narrow every seat to ±{target}.",
        "zh": "需要更多对局：最宽的座位区间为 ±{half}（{name}，{n}人局，{games} 局）；每个人数和变体约需 {needed} 局，"
        "才能把所有座位区间缩小到 ±{target}。",
    },
    "ans_more_ok": {
        "en": "Enough games: every seat interval is within ±{half} (widest: {name}, {n} players, {games} games).",
        "zh": "对局数足够：所有座位区间都在 ±{half} 以内（最宽：{name}，{n}人局，{games} 局）。",
    },
    "sec_components_other": {
        "en": "Money and other counts (not points): winners against the others",
        "zh": "金钱与其他计数（不是得分）：胜者与其他玩家对比",
    },
    "component_note": {
        "en": "Only the sources of points are on the chart (they add up to the score); money, actions and "
        "other counts are in the table below, in their own units.",
        "zh": "图中只包含得分来源（各项之和即为总分）；金钱、行动次数等其他计数在下表中，单位各不相同。",
    },
    "rows_shown": {
        "en": "{shown} of {total} rows shown; all in tables/{csv}.csv.",
        "zh": "显示 {total} 行中的 {shown} 行；全部见 tables/{csv}.csv。",
    },
    "end_stage_title": {"en": "{stage}", "zh": "{stage}"},
    "other_items": {"en": "other ({count})", "zh": "其他（{count} 项）"},
    "charts_note": {
        "en": "Every chart is also in charts/ beside this page as PNG (200 dpi) and SVG, for slides.",
        "zh": "每张图表也以 PNG（200 dpi）和 SVG 格式保存在本页旁边的 charts/ 目录中，可直接用于幻灯片。",
    },
    "sec_glossary": {"en": "Glossary", "zh": "术语说明"},
    "gap_axis": {"en": "Widest seat gap from fair share (points)", "zh": "最大座位偏差（百分点）"},
    "spread_axis": {"en": "Winning margin ÷ mean score (%)", "zh": "胜分差 ÷ 平均得分（%）"},
    # table headers
    "col_verdict": {"en": "Verdict", "zh": "结论"},
}


GLOSSARY: list[dict[str, str]] = [
    {"en": "95% CI (interval): the range of values the data are consistent with; a wider interval means fewer games.",
     "zh": "95% 区间（置信区间）：与数据相符的取值范围；区间越宽，说明对局越少、结论越不确定。"},
    {"en": "Fair share 1/n: the win rate every seat would have in a perfectly balanced game of n players.",
     "zh": "公平份额 1/n：n 人局完全平衡时每个座位应有的胜率。"},
    {"en": "Win share: a first place shared by k players counts 1/k for each, so the shares of a game add up to one.",
     "zh": "胜率份额：k 名玩家并列第一时每人计 1/k，因此一局中所有座位的份额之和为 1。"},
    {"en": "Widest seat gap: the largest distance between a seat's win rate and the fair share.",
     "zh": "最大座位偏差：某个座位胜率与公平份额之间的最大距离。"},
    {"en": "p-value: how surprising the data would be if there were no effect; below 5% counts as evidence.",
     "zh": "p 值：假如没有任何效应，出现当前数据的意外程度；低于 5% 视为有证据。"},
    {"en": "Holm correction: makes p-values stricter when several seats or metrics are tested at once, so that "
     "chance alone rarely flags one.",
     "zh": "Holm 校正：同时检验多个座位或指标时把 p 值调得更严格，避免仅凭运气标记出问题。"},
    {"en": "All-seats (omnibus) test: one chi-square test of whether any seat differs from the fair share.",
     "zh": "全座位检验（卡方检验）：检验是否有任何座位偏离公平份额的一次总体检验。"},
    {"en": "BH q (Benjamini-Hochberg): a corrected p-value for many cards at once; it controls the share of "
     "false alarms among the flagged cards.",
     "zh": "BH q 值（Benjamini-Hochberg 校正）：同时检验很多卡牌时的校正 p 值，控制被标记卡牌中误报的比例。"},
    {"en": "Mantel-Haenszel: compares holders of a card with non-holders of the same bot in the same seat, "
     "then averages the differences.",
     "zh": "Mantel-Haenszel 方法：把持有某卡牌的座位与相同机器人、相同座位但未持有的座位比较，再把差值加权平均。"},
    {"en": "McNemar test: compares two variants game by game on the same seeds, counting only games where "
     "the result differs.",
     "zh": "McNemar 检验：在相同种子上逐局比较两个变体，只统计结果不同的对局。"},
    {"en": "Paired seeds: the same random seeds in two variants, so that only the rule change differs.",
     "zh": "配对种子：两个变体使用相同的随机种子，使唯一的差别是规则改动。"},
    {"en": "Bradley-Terry strength: a bot rating from head-to-head results (log-odds of finishing ahead).",
     "zh": "Bradley-Terry 强度：根据对位结果得出的机器人评分（名次领先的对数几率）。"},
    {"en": "Cluster-robust interval: an interval that treats the seats of one game as one unit, because they "
     "are not independent.",
     "zh": "聚类稳健区间：把同一局中的各座位视为一个整体计算区间，因为它们并不独立。"},
    {"en": "Lead change: the sole leader after a round differs from the sole leader after an earlier round.",
     "zh": "领先更替：某一轮后的唯一领先者与之前的唯一领先者不同。"},
]  # fmt: skip
"""Jargon explained once, at the end of the report."""


def t(key: str, lang: Lang, **values: Any) -> str:
    """The label ``key`` in ``lang``, formatted with ``values``."""
    return LABELS[key][lang].format(**values)
