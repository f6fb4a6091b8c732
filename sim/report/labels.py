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
        "en": "Win rate of seats that had each item ÷ fair share: {name}",
        "zh": "拥有各条目的座位胜率 ÷ 公平份额：{name}",
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
        "en": "For every card, tile or other id in the event tables: the win rate of the seats that had it, against "
        "the fair share, with Benjamini-Hochberg correction across the ids of a column. This is observational "
        "(like 17lands): strong positions and long games also change what gets played. To measure a card's "
        "causal effect, compare variants with and without it on the same seats (sim compare).",
        "zh": "事件表中每张卡牌、板块或其他条目：拥有它的座位的胜率，与公平份额比较，并在同一列的条目间做 "
        "Benjamini-Hochberg 校正。这是观察性结果（类似 17lands）：强势局面和较长的对局也会改变打出哪些牌。"
        "要测量一张牌的因果效应，请在相同种子上比较有无该牌的变体（sim compare）。",
    },
    "content_none": {"en": "No item stands out after correction.", "zh": "校正后没有条目显著偏离。"},
    "sec_unused": {"en": "Unused content", "zh": "未使用的内容"},
    "sec_errors": {"en": "Errors", "zh": "错误"},
    "sec_paired": {"en": "Variant comparison (paired seeds)", "zh": "变体对比（配对种子）"},
    "sec_sweep": {"en": "Parameter sweep", "zh": "参数扫描"},
    "sec_ladder": {"en": "Bot ladder", "zh": "机器人强度阶梯"},
    "ladder_note": {
        "en": "Games where every seat is the same bot form a tier. A seat finding that holds at every tier is a "
        "design signal; one that flips between tiers is about the bots.",
        "zh": "所有座位都是同一机器人的对局构成一个层级。在每个层级都成立的座位结论才是设计信号；在层级之间翻转的结论反映的是机器人。",
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
        "en": "Win rates carry 95% Wilson intervals and their sample sizes. A seat is called imbalanced only "
        "when an exact binomial test against the fair share 1/n rejects after Holm correction across the "
        "seats of that player count. Means carry t intervals. Variants played on the same seeds are compared "
        "pair by pair (McNemar test, Agresti-Min interval). An interval that covers the fair share means "
        "the data are consistent with a fair seat, not that the seat is proven fair: the width says how "
        "large a gap could still hide.",
        "zh": "胜率附带 95% Wilson 区间及样本量。只有当针对公平份额 1/n 的精确二项检验在对同一人数所有座位做 Holm "
        "校正后仍拒绝原假设时，才称该座位不平衡。均值附带 t 区间。使用相同种子的变体逐对比较（McNemar 检验，"
        "Agresti-Min 区间）。区间覆盖公平份额只说明数据与公平一致，并不证明公平：区间宽度表示仍可能隐藏多大的差距。",
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
    "row_balance": {"en": "Balance (1 − widest seat gap)", "zh": "平衡度（1 − 最大座位差）"},
    "row_rounds": {"en": "Rounds per game [95% CI]", "zh": "每局轮数 [95% 区间]"},
    "row_mean_margin": {"en": "Mean winning margin (points)", "zh": "平均胜分差（分）"},
    "row_tie_break": {"en": "Decided by tie-break [95% CI]", "zh": "平局规则决胜 [95% 区间]"},
    "row_error_share": {"en": "Errors and stalls", "zh": "错误与卡死"},
    "row_lead_changes": {"en": "Lead changes per game", "zh": "每局领先更替次数"},
    # table headers
    "col_verdict": {"en": "Verdict", "zh": "结论"},
}


def t(key: str, lang: Lang, **values: Any) -> str:
    """The label ``key`` in ``lang``, formatted with ``values``."""
    return LABELS[key][lang].format(**values)
