"""Chinese display names of the breakdown columns and bots for the play log's final table.

The same names as the reports' (``sim.report.names``, checked by a test); kept here so that
``sim play`` does not load the report stack.
"""

from __future__ import annotations

COLUMNS = {
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
}
"""Breakdown column -> display name (every column of ``scoring.BREAKDOWN_COLUMNS``)."""

BOTS = {"runner": "跑商型", "industrialist": "实业型", "roadbuilder": "修路型", "random": "随机"}
"""Bot name -> display name; a bot without one is shown by its own name."""
