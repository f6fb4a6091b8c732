"""The toy race's display names in each report language (copy it with the template: a game's terms
in the reports come from here)."""

from __future__ import annotations

ZH_TERMS: dict[str, str] = {
    "target_reached": "到达终点",
    "steps": "步数",
    "gambles": "冒险次数",
    "cards_played": "出牌数",
    "bonus": "奖励次数",
    "moves": "移动",
    "random": "随机",
    "greedy": "贪心",
    "draft": "开局选取顺序",
    "play": "行动顺序",
    "draft_bonus": "开局选取分数",
    "draft_shift": "选取顺序轮转",
    "play_shift": "行动顺序轮转",
    "finish_round": "到达终点后打完本轮",
    "seat_points": "座位加分",
}
"""Code name -> Chinese display name."""

EN_TERMS: dict[str, str] = {"draft": "the draft order", "play": "the turn order"}
"""Code name -> English display name (where the code name is not already English)."""

DISPLAY_NAMES = {
    "en": {
        "title": "Toy race",
        "terms": EN_TERMS,
    },
    "zh": {
        "title": "示例竞速游戏",
        "terms": ZH_TERMS,
    },
}
"""The spec's ``display_names`` (``sim.core.game.DisplayNames``)."""
