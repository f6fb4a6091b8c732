"""Display names: game terms (breakdown columns, end reasons, parameters, event columns) and table
headers in English and Chinese, and the number formats of report tables.

A run may carry its own names in ``run.json`` under ``games.<game>.display_names``:
``{"zh": {"columns": {...}, "end_reasons": {...}, "params": {...}, "stages": [...]}, "en": {...}}``
and ``games.<game>.scoring_columns`` (the breakdown columns that sum to the score). Without them the
per-game mapping below is used, and a term without a name is shown as it is."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sim.report.labels import Lang, header, shared_terms, t

GAME_NAMES: dict[str, dict[str, Any]] = {
    "mingchu": {
        "title": {"en": "Ming Trade Routes (明初商途)", "zh": "明初商途"},
        "stages": {
            "en": ["End of the Hongwu period", "Jingnan war outcome", "Final trigger"],
            "zh": ["洪武期结束原因", "靖难之役结果", "终局触发"],
        },
        "scoring_prefixes": ("vp_",),
        "zh": {
            "vp_coins": "钱币得分",
            "vp_industries": "产业得分",
            "vp_orders": "订单得分",
            "vp_card_bonus": "卡牌奖励分",
            "vp_score_cards": "计分卡得分",
            "vp_tianwei": "天威得分",
            "vp_banked": "存储得分",
            "vp_loans": "借贷扣分",
            "vp_failed_orders": "失败订单扣分",
            "vp_favor_given": "施恩得分",
            "orders_hongwu": "洪武期订单数",
            "orders_jingnan": "靖难期订单数",
            "orders_later": "后期订单数",
            "war_side": "战争阵营（+1 建文，−1 燕王）",
            "war_commitment": "战争投入",
            "loans": "未还借贷",
            "loans_taken": "累计借贷",
            "favor_given": "施予恩义",
            "favor_held": "持有恩义",
            "favor_paid": "支付恩义",
            "coins": "钱币",
            "industries": "产业数",
            "roads": "道路数",
            "worker_track": "工人轨道位置",
            "best_income": "最高收入",
            "retainers": "门客数",
            "燕王胜(速胜)": "燕王胜（速胜）",
            "建文胜(速胜)": "建文胜（速胜）",
            "card_id": "卡牌",
            "runner": "跑商型",
            "industrialist": "实业型",
            "roadbuilder": "修路型",
            "deck": "牌堆",
            "period": "时期",
            "applied": "生效",
        },
        "en": {
            "洪武驾崩": "Hongwu emperor dies",
            "洪武订单耗尽": "Hongwu orders run out",
            "燕王胜": "Prince of Yan wins",
            "建文胜": "Jianwen wins",
            "燕王胜(速胜)": "Prince of Yan wins (quick victory)",
            "建文胜(速胜)": "Jianwen wins (quick victory)",
            "天数将至": "Time runs out",
            "订单耗尽": "Orders run out",
        },
    },
    "brass": {
        "title": {"en": "Brass: Birmingham", "zh": "工业革命：伯明翰"},
        "stages": {"en": ["End trigger"], "zh": ["结束条件"]},
        "scoring_prefixes": ("vp_",),
        "zh": {
            "rail_era_over": "铁路时代结束",
            "vp_links_canal": "运河时代连线得分",
            "vp_links_rail": "铁路时代连线得分",
            "vp_industries_canal": "运河时代产业得分",
            "vp_industries_rail": "铁路时代产业得分",
            "vp_merchant_bonus": "商人奖励得分",
            "vp_lost_shortfall": "短缺失分",
            "income_level": "收入等级",
            "money": "金钱",
            "loans": "贷款次数",
            "tiles_developed": "开发的板块",
            "tiles_lost_shortfall": "短缺失去的板块",
            "merchant_bonuses": "商人奖励次数",
            "tiles": "板块",
            "place": "地点",
            "industry": "产业",
            "era": "时代",
            "level": "等级",
            "removed": "移除原因",
            "cotton": "棉纺厂",
            "manufacturer": "制造厂",
            "pottery": "陶瓷厂",
            "coal": "煤矿",
            "iron": "铁厂",
            "brewery": "酿酒厂",
            "build_industry": "建造产业",
            "build_link": "建造连线",
            "develop": "开发",
            "sell": "出售",
            "take_loan": "贷款",
            "industrialist": "实业型",
            "merchant": "商人型",
            "potter": "陶瓷型",
            "networker": "铺网型",
            "scout": "侦察",
            "pass": "跳过",
        },
        "en": {
            "rail_era_over": "Rail era over",
            "vp_links_canal": "Canal links (VP)",
            "vp_links_rail": "Rail links (VP)",
            "vp_industries_canal": "Canal industries (VP)",
            "vp_industries_rail": "Rail industries (VP)",
            "vp_merchant_bonus": "Merchant bonuses (VP)",
            "vp_lost_shortfall": "Lost to shortfall (VP)",
        },
        "prefixes": {
            "zh": {"tiles_built_": "已建板块：", "actions_": "行动次数："},
            "en": {"tiles_built_": "tiles built: ", "actions_": "actions: "},
        },
    },
    "steam": {
        "title": {"en": "Steam: Rails to Riches", "zh": "蒸汽时代"},
        "stages": {"en": ["End trigger"], "zh": ["结束条件"]},
        "scoring_columns": ("vp_track", "vp_income", "vp_links"),
        "zh": {
            "last_turn_played": "最后一回合结束",
            "all_bankrupt": "全部破产",
            "unfinished": "未结束",
            "vp_track": "计分轨得分",
            "vp_income": "收入折算得分",
            "vp_links": "完整线路得分",
            "vp_deliveries": "运货计分（计入计分轨）",
            "final_income": "最终收入",
            "locomotive": "机车等级",
            "links_owned": "拥有的完整线路",
            "deliveries": "运货",
            "capital_raised": "募集资金",
            "bankrupt": "破产",
            "colour": "货物颜色",
            "source": "出发城市",
            "links": "经过线路数",
            "own_links": "自己的线路数",
            "other_links": "他人的线路数",
            "round": "回合",
            "red": "红色",
            "blue": "蓝色",
            "yellow": "黄色",
            "purple": "紫色",
            "gray": "灰色",
            "builder": "建设型",
            "income": "收入型",
            "rules": "规则",
            "base": "基础规则",
            "standard": "标准规则",
            "map": "地图",
            "ne-usa": "美国东北部与加拿大东南部",
            "england-wales": "英格兰与威尔士",
            "rhine-ruhr": "莱茵河下游与鲁尔区",
            "board.fewer_cubes_at_3": "三人局每城少放一个货物块",
            "True": "是",
            "False": "否",
        },
        "en": {
            "last_turn_played": "Last turn played",
            "all_bankrupt": "Everyone bankrupt",
            "vp_track": "VP track",
            "vp_income": "Income converted (VP)",
            "vp_links": "Complete links (VP)",
            "vp_deliveries": "Deliveries taken as VP (in the VP track)",
            "final_income": "Final income",
            "locomotive": "Locomotive level",
            "links_owned": "Complete links owned",
            "capital_raised": "Capital raised",
            "colour": "goods colour",
            "source": "source city",
            "base": "Base rules",
            "standard": "Standard rules",
            "ne-usa": "NE USA & SE Canada",
            "england-wales": "England & Wales",
            "rhine-ruhr": "Lower Rhine & Ruhr",
            "board.fewer_cubes_at_3": "one cube fewer per city at 3 players",
            "True": "yes",
            "False": "no",
        },
    },
    "toy": {
        "title": {"en": "Toy race", "zh": "示例竞速游戏"},
        "scoring_columns": ("steps",),
        "zh": {
            "target_reached": "到达终点",
            "steps": "步数",
            "gambles": "冒险次数",
            "cards_played": "出牌数",
            "bonus": "奖励次数",
            "moves": "移动",
        },
    },
    "synth": {
        "title": {"en": "Synthetic game", "zh": "合成测试游戏"},
        "scoring_prefixes": ("points_",),
        "zh": {
            "deck_exhausted": "牌库耗尽",
            "score_limit": "达到分数上限",
            "points_trade": "贸易得分",
            "points_build": "建造得分",
            "points_bonus": "奖励得分",
            "tiles_built_unused": "未用板块",
            "start_money": "起始资金",
        },
    },
}

RATES = {
    "win_rate", "fair_share", "share", "tie_break_share", "shared_share", "shared_lo", "shared_hi",
    "p_leader_wins", "share_ahead", "win_rate_a", "win_rate_b", "others_rate", "raw_share",
    "error_share", "max_gap", "max_gap_lo", "max_gap_hi", "dominant_share", "share_of_score",
    "effect", "effect_lo", "effect_hi",
}  # fmt: skip
"""Columns that are proportions: shown as percentages with one decimal."""
P_VALUES = {
    "p_value",
    "p_holm",
    "omnibus_p",
    "q_value",
    "interaction_p",
    "trend_p",
    "trend_p_holm",
    "diff_p_holm",
}
SEATS = {"seat"}
IDENTIFIERS = {"seed", "game_index", "n_players", "root_seed"}
TRANSLATED_VALUES = {"game", "component", "outcome", "trigger", "kind", "status", "adjusted", "metric", "column",
                     "table", "bot", "bot_a", "bot_b", "dominant_bot", "stage", "parameter", "value", "reference_position"}  # fmt: skip


@dataclass
class Names:
    """Display names for one report language, built from the run's metadata and the per-game mapping."""

    lang: Lang
    terms: dict[str, dict[str, str]] = field(default_factory=dict)
    """game -> term -> display name."""
    prefixes: dict[str, dict[str, str]] = field(default_factory=dict)
    stages: dict[str, list[str]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    scoring: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    """game -> (declared scoring columns, scoring prefixes)."""

    @classmethod
    def from_meta(cls, meta: list[Mapping[str, Any]], lang: Lang) -> Names:
        names = cls(lang)
        games = {g for m in meta for g in (m.get("games") or {})} | set(GAME_NAMES)
        for game in games:
            base = GAME_NAMES.get(game, {})
            terms = dict(shared_terms(lang)) | dict(base.get(lang, {}))
            stages = list(base.get("stages", {}).get(lang, []))
            scoring = tuple(base.get("scoring_columns", ()))
            title = base.get("title", {}).get(lang, "")
            for m in meta:
                info = (m.get("games") or {}).get(game) or {}
                own = (info.get("display_names") or {}).get(lang) or {}
                for part in ("columns", "end_reasons", "params", "terms"):
                    terms |= dict(own.get(part) or {})
                stages = list(own.get("stages") or stages)
                scoring = tuple(info.get("scoring_columns") or scoring)
                title = own.get("title") or title or (info.get("title") if lang == "en" else "") or ""
            names.terms[game] = terms
            names.prefixes[game] = dict(base.get("prefixes", {}).get(lang, {}))
            names.stages[game] = stages
            names.titles[game] = title or game
            names.scoring[game] = (scoring, tuple(base.get("scoring_prefixes", ("vp_", "points_"))))
        return names

    def term(self, game: str, value: object) -> str:
        """A game term (column, end reason, parameter, item) by its display name."""
        key = str(value)
        terms = self.terms.get(game) or shared_terms(self.lang)
        if key in terms:
            return terms[key]
        for prefix, shown in self.prefixes.get(game, {}).items():
            if key.startswith(prefix):
                rest = key.removeprefix(prefix)
                return shown + terms.get(rest, rest)
        return key

    def title(self, game: str) -> str:
        return self.titles.get(game, game)

    def stage(self, game: str, index: int) -> str:
        stages = self.stages.get(game, [])
        if index < len(stages):
            return stages[index]
        if index == 0 and len(stages) == 0:
            return t("stage_default", self.lang)
        return t("stage_k", self.lang, k=index + 1)

    def is_scoring(self, game: str, column: str) -> bool:
        """Whether a breakdown column is a source of points (they sum to the score)."""
        declared, prefixes = self.scoring.get(game, ((), ("vp_", "points_")))
        if declared:
            return column in declared
        return column.startswith(prefixes)

    def header(self, column: str) -> str:
        return header(column, self.lang)


def fmt_pct(x: float, decimals: int = 1) -> str:
    """A proportion as a percentage with one decimal, never in scientific notation."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    value = round(100 * float(x), decimals)
    return f"{0.0 if value == 0 else value:.{decimals}f}%"


def fmt_p(p: float) -> str:
    """A p-value: '< 0.001' when tiny, else three decimals."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def fmt_number(x: float) -> str:
    """A plain number without scientific notation."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    x = float(x)
    if x.is_integer() and abs(x) < 1e15:
        return f"{int(x):,}"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    if abs(x) < 0.0005:
        return "0.000"
    return f"{x:.3f}"


def fmt_bool(x: bool, lang: Lang) -> str:
    return t("yes" if x else "no", lang)
