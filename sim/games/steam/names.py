"""Steam's display names in each report language: breakdown columns, end reasons, bots, goods
colours, maps and rules."""

from __future__ import annotations

ZH_TERMS: dict[str, str] = {
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
    "random": "随机",
}
"""Code name -> Chinese display name."""

EN_TERMS: dict[str, str] = {
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
}
"""Code name -> English display name (where the code name is not already English)."""

DISPLAY_NAMES = {
    "en": {
        "title": "Steam: Rails to Riches",
        "terms": EN_TERMS,
        "stages": ["End trigger"],
    },
    "zh": {
        "title": "蒸汽时代",
        "terms": ZH_TERMS,
        "stages": ["结束条件"],
    },
}
"""The spec's ``display_names`` (``sim.core.game.DisplayNames``)."""
