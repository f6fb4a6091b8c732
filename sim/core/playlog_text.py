"""The play log's own sentences in Chinese, for a game whose narrator tells its games in Chinese
(``narrator.lang == "zh"``); the English ones are written in ``sim.core.playlog``."""

from __future__ import annotations

ZH = {
    "header": "{title}，变体 {variant}，{n_players} 人，种子 {seed}，机器人 {bots}",
    "list_separator": "、",
    "failed": "\n对局在第{actions}步出错：{error}",
    "over": "\n游戏结束：共{rounds}轮、{actions}步（{end_reason}）",
    "score_table": "终局得分（各得分项之和即总分）：",
    "seat": "座位",
    "bot": "机器人",
    "rank": "名次",
    "score": "总分",
    "player": "玩家{seat}",
    "others": "其他统计：",
    "other_line": "  玩家{seat}：{shown}",
    "parts_separator": "，",
}
"""Key -> sentence (``str.format`` fields)."""
