"""Chinese one-line descriptions of actions for the play-by-play (evaluated before apply)."""

from __future__ import annotations

from sim.games.mingchu import actions as A
from sim.games.mingchu.paths import sale_price
from sim.games.mingchu.state import MingchuState

MOVE_MODES = {
    "yidao": "走驿道",
    "yidao_paid": "借用他人驿道（付1恩义）",
    "horse": "骑马",
    "bonus": "奖励移动",
    "step": "步行",
    "workers": "花伙计",
}
DONE = {
    "produce": "结束生产",
    "war": "结束支持战争",
    "repay": "不再还贷",
    "buyback": "不再购回恩义",
    "bonus_build": "放弃建造",
    "bonus_road": "放弃修路",
    "pick_retainer": "无门客可雇",
    "pick_score": "无计分卡可选",
    "pick_tianwei": "无天威卡可选",
}
DESTINATIONS = {"backpack": "放入背包", "store": "存放在产业", "warehouse": "运往京城仓库", "discard": "丢弃"}


def _manager_place(state: MingchuState, seat: int) -> int | None:
    data = state.decision().data
    manager = data.get("manager")
    return None if manager is None else state.players[seat].managers[manager]


def describe(state: MingchuState, action) -> str:  # noqa: C901 - one line per action type
    seat = state.decision().seat
    topo = state.topo
    name = state.place_name
    who = f"玩家{seat + 1}"
    if isinstance(action, A.ChooseColumn):
        retainer, families = state.draft_columns[action.column]
        return f"{who} 选择第{action.column + 1}列：门客 {retainer or '无'}，家族 {'、'.join(families)}"
    if isinstance(action, A.PlaceManager):
        return f"{who} 将掌柜放在 {name(action.place)}"
    if isinstance(action, A.PlaceOfficialRoad):
        return f"{who} 放置官府驿道 {topo.roads[action.road].id}"
    if isinstance(action, A.ProduceOwn):
        return f"{who} 用自己在 {name(action.place)} 的{topo.site[action.place].good}产业生产"
    if isinstance(action, A.ProduceForeign):
        good = topo.site[action.place].good
        return f"{who} 借用 {name(action.place)} 的{good}产业生产，送到掌柜{action.manager + 1}"
    if isinstance(action, A.GoodTo):
        where = DESTINATIONS[action.dest]
        if action.dest == "backpack":
            where = f"放入掌柜{action.manager + 1}的背包"
        return f"{who} 将{state.decision().data['good']}{where}"
    if isinstance(action, A.SellProduced):
        good = state.decision().data["good"]
        price = sale_price(state, seat, good, action.place, in_production=True)
        return f"{who} 将{good}卖往 {name(action.place)}，得 {price} 铜币"
    if isinstance(action, A.SelectManager):
        return (
            f"{who} 派出掌柜{action.manager + 1}（在 {name(state.players[seat].managers[action.manager])}）"
        )
    if isinstance(action, A.Move):
        start = _manager_place(state, seat)
        end = topo.other_end(action.road, start)
        return f"{who} 掌柜 {name(start)}→{name(end)}（{MOVE_MODES[action.mode]}）"
    if isinstance(action, A.BuildIndustry):
        return f"{who} 在 {name(action.place)} 建造{topo.site[action.place].good}产业"
    if isinstance(action, A.BuildRoad):
        return f"{who} 修建驿道 {topo.roads[action.road].id}"
    if isinstance(action, A.HireWorker):
        return f"{who} 雇佣伙计（伙计人数轨 → {state.players[seat].worker_pos + 1}）"
    if isinstance(action, A.EndTurn):
        return f"{who} 结束回合"
    if isinstance(action, A.Sell):
        price = sale_price(state, seat, action.good, action.place, in_production=False)
        where = "京城仓库的" if action.from_warehouse else ""
        return f"{who} 在 {name(action.place)} 卖出{where}{action.good}，得 {price} 铜币"
    if isinstance(action, A.Reserve):
        return f"{who} 预约订单 {state.order_card[state.public_orders[action.slot].order]}"
    if isinstance(action, A.Deliver):
        return f"{who} 在 {name(action.place)} 交付订单 {state.order_card[action.order]}"
    if isinstance(action, A.Upgrade):
        return f"{who} 用铁升级 {name(action.place)} 的产业"
    if isinstance(action, A.BuyStored):
        return f"{who} 在 {name(action.place)} 购买存放的{state.industries[action.place].stored}"
    if isinstance(action, A.TakeStored):
        return f"{who} 取回 {name(action.place)} 存放的{state.industries[action.place].stored}"
    if isinstance(action, A.StoreGood):
        return f"{who} 将{action.good}存放在 {name(action.place)}"
    if isinstance(action, A.Transport):
        way = "运往京城仓库" if action.to_warehouse else "从京城仓库运回背包"
        return f"{who} 将掌柜{action.manager + 1}的{action.count}个{action.good}{way}"
    if isinstance(action, A.UseRetainer):
        return f"{who} 使用门客 {action.card}"
    if isinstance(action, A.TakeLoan):
        return f"{who} 借贷 {state.params.loans.amount} 铜币"
    if isinstance(action, A.PlayGrace):
        target = "自己" if action.target == seat else f"玩家{action.target + 1}"
        return f"{who} 对{target}打出皇恩卡 {action.card}"
    if isinstance(action, A.DiscardGrace):
        return f"{who} 弃皇恩卡 {action.card} 换1恩义"
    if isinstance(action, A.DiscardFavor):
        owner = "自己" if action.owner == seat else f"玩家{action.owner + 1}"
        return f"{who} 弃{owner}的恩义标记换1伙计"
    if isinstance(action, A.PlayReward):
        return f"{who} 打出奖励卡 {action.card}（第{action.option + 1}项）"
    if isinstance(action, A.DiscardGood):
        return f"{who} 丢弃{action.good}"
    if isinstance(action, A.PickRetainer):
        return f"{who} 雇佣门客 {action.card or '（盲抽）'}"
    if isinstance(action, A.RefreshRetainers):
        cards = "、".join(state.retainer_row[i] for i in action.slots)
        return f"{who} 花 {state.params.rules.retainer_refresh_cost} 铜币刷新门客 {cards}"
    if isinstance(action, A.PickCard):
        return f"{who} 选取 {action.card}"
    if isinstance(action, A.WarCommit):
        if action.source == "coins":
            source = f"{state.params.rules.war_coins_per_marker}铜币"
        else:
            source = "自己的恩义标记" if action.owner == seat else f"玩家{action.owner + 1}的恩义标记"
        return f"{who} 以{source}支持{action.side}"
    if isinstance(action, A.RepayLoan):
        return f"{who} 偿还一笔贷款（{state.params.loans.repay} 铜币）"
    if isinstance(action, A.BuyBack):
        return f"{who} 花1铜币从玩家{action.holder + 1}购回恩义"
    if isinstance(action, A.Done):
        return f"{who} {DONE.get(state.decision().kind, '完成')}"
    return f"{who} {action!r}"
