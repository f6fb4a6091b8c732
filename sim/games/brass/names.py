"""Brass: Birmingham's display names in each report language: breakdown columns, end reasons,
bots, actions, industries and event columns."""

from __future__ import annotations

ZH_TERMS: dict[str, str] = {
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
    "random": "随机",
}
"""Code name -> Chinese display name."""

EN_TERMS: dict[str, str] = {
    "rail_era_over": "Rail era over",
    "vp_links_canal": "Canal links (VP)",
    "vp_links_rail": "Rail links (VP)",
    "vp_industries_canal": "Canal industries (VP)",
    "vp_industries_rail": "Rail industries (VP)",
    "vp_merchant_bonus": "Merchant bonuses (VP)",
    "vp_lost_shortfall": "Lost to shortfall (VP)",
}
"""Code name -> English display name (where the code name is not already English)."""

DISPLAY_NAMES = {
    "en": {
        "title": "Brass: Birmingham",
        "terms": EN_TERMS,
        "stages": ["End trigger"],
        "prefixes": {"tiles_built_": "tiles built: ", "actions_": "actions: "},
    },
    "zh": {
        "title": "工业革命：伯明翰",
        "terms": ZH_TERMS,
        "stages": ["结束条件"],
        "prefixes": {"tiles_built_": "已建板块：", "actions_": "行动次数："},
    },
}
"""The spec's ``display_names`` (``sim.core.game.DisplayNames``)."""
