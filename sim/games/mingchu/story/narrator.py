"""The 明初商途 play log as a story a designer can follow, in Chinese.

``Narrator.step`` is called before each action with the state and the chosen action (the ``sim
play`` hook). It replays the action on a clone of the state, first the decision's own effect and
then the automatic stages of ``flow.STAGES`` one at a time (as ``flow.advance`` does), and tells
what each of them changed by comparing the states before and after: the costs of the action and
who received them, then settlement, events, income, the war, period changes and the end. The
real game is never touched (the clone has its own copy of the random stream), so the game played
is the same with or without the story.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..rules import actions as A
from ..rules import flow, periods, production, scoring
from ..rules.effect_kinds import KINDS
from ..rules.game import KIND
from ..rules.kinds import who
from ..rules.modifiers import lasting_sources
from ..rules.orders import order_info
from ..rules.paths import routes_from, water_fee
from ..rules.settlement import affected_seats
from ..rules.state import OFFICIAL, SIDES, MingchuState
from ..rules.trade import ProposeTrade
from .cardtext import condition_text, effects_text, score_text
from .ledger import changes, favor_in_hand, ledger_record, ledger_text, with_ledger
from .names import BOTS, COLUMNS

WATER_MODES = {
    "step": "计1步",
    "horse": "骑马，不计步",
    "bonus": "奖励移动",
    "workers": "花伙计，不计步",
}
"""How a 掌柜 crossed a water route (M27: a water route is a step and always costs its fee)."""

GROUPED = ("buyback", "war")
"""Decisions whose actions are told as one line (and one ledger) per seat when the decision closes."""

PHASES = {"actions": "行动", "settle_event": "结算"}
"""Stages that open a part of the round, with its sub-header (生产 opens with its first seat's
production, after any choice the round's event asked for)."""


@dataclass
class Fact:
    """One thing that happened: a line of the story (``text``, None = JSONL only) and its data."""

    kind: str
    round: int
    period: str
    seat: int = -1
    text: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    level: int = 1
    """0 = a round header, 1 = a phase header or an action, 2 = a detail under it."""

    def record(self) -> dict[str, Any]:
        """The JSONL record: kind, round, period, seat, amounts, text."""
        return {
            "event": "fact",
            "fact": self.kind,
            "round": self.round,
            "period": self.period,
            "seat": self.seat,
            **self.data,
            "text": self.text,
        }


def period_name(state: MingchuState) -> str:
    """The period as the story names it (the later one by the war's winner)."""
    if state.period == "洪武":
        return "洪武时期"
    if state.period == "靖难":
        return "靖难之役"
    return "永乐时期" if state.war_winner == "燕王" else "建文时期"


def seats_text(seats: Iterable[int]) -> str:
    return "、".join(who(s) for s in seats)


@dataclass
class _Group:
    """Actions told as one line when their decision closes (buy-backs, war commitments)."""

    seat: int
    kind: str
    items: list[Any] = field(default_factory=list)
    before: MingchuState | None = None


class Narrator:
    """Tells one game, action by action (``step``), as ``Fact`` records with Chinese text."""

    lang = "zh"
    scoring_columns = scoring.VP_TERMS
    """The breakdown columns that sum to the score."""

    def __init__(self, bot_names: list[str]) -> None:
        self.bot_labels = [self.name(bot) for bot in bot_names]
        self.started = False
        self.group: _Group | None = None
        self.after: MingchuState | None = None
        """The replayed state after the last action told (equal to the game's own)."""
        self.stages = {
            "round_start": self._round_start,
            "production": self._production,
            "income": self._income,
            "settle_event": self._settle_event,
            "settle_war": self._settle_war,
            "settle_interest": self._settle_interest,
            "settle_rot": self._settle_rot,
            "settle_end": self._settle_end,
            "later_setup": self._later_setup,
        }
        """The stages of ``flow.STAGES`` that have something to tell, and who tells it."""

    @staticmethod
    def name(term: str) -> str:
        """A bot or a breakdown column by its Chinese display name (the term itself without one)."""
        return BOTS.get(term) or COLUMNS.get(term) or term

    # --- the hook ---------------------------------------------------------------------------------

    def step(self, state: MingchuState, seat: int, action: Any) -> tuple[list[Fact], dict[int, dict]]:
        """The facts of ``action`` (about to be applied to ``state``) and of the automatic steps it
        triggers, and the action's own changes per seat (``ledger_record``): none for an action told
        in a group (a buy-back, a war commitment), whose changes the group's fact carries, so that
        every change of the game is in exactly one ledger. ``state`` is unchanged."""
        facts: list[Fact] = []
        if not self.started:
            self.started = True
            facts.append(
                self._fact(
                    state,
                    "opening",
                    text="== 开局：选择门客与家族、放置掌柜、官府驿道 ==",
                    level=0,
                    **_holdings(state),
                )
            )
            for s, label in enumerate(self.bot_labels):
                facts.append(self._fact(state, "seat", s, f"{who(s)}：{label}", level=2, bot=label))
        sim = state.clone()
        decision = sim.pending.next
        notes = self._notes(sim, seat, action)  # read before the action changes the board
        KIND[decision.kind].apply(sim, decision, action)
        found = changes(state, sim, seat)
        closed = not any(d is decision for d in sim.pending)
        facts.extend(self._action(state, sim, seat, action, found, notes, closed))
        while not sim.terminal and not sim.pending:
            before = sim.clone()
            flow.STAGES[sim.stage](sim)
            facts.extend(self._stage(before, sim))
        if sim.terminal:
            facts.extend(self._final(sim))
        self.after = sim
        grouped = decision.kind in GROUPED  # told, with its changes, by the group's own fact
        return facts, {} if grouped else ledger_record(found)

    # --- one action -------------------------------------------------------------------------------

    def _fact(
        self, state: MingchuState, kind: str, seat: int = -1, text: str | None = None, level: int = 1, **data
    ):
        return Fact(kind, state.round, state.period, seat, text, data, level)

    def _notes(self, sim: MingchuState, seat: int, action: Any) -> dict[str, Any]:
        """What only the state before the action shows: a road's water fee, a route's fees."""
        if isinstance(action, A.Move):
            road = sim.topo.roads[action.road]
            if road.kind == "water":
                return {"water": water_fee(sim, seat, action.road)}
            return {}
        route = _route(sim, seat, action)
        return {"water": route.coins} if route is not None and route.coins else {}

    def _action(self, before, after, seat, action, found, notes, closed) -> list[Fact]:
        decision = before.pending.next
        if decision.kind in GROUPED:
            return self._grouped(before, after, seat, action, closed)
        if decision.kind == "repay" and isinstance(action, A.Done):
            return []
        if isinstance(action, ProposeTrade):  # told with the offer it opens (``trade_offer``)
            return []
        text = self._text(before, seat, action, notes)
        ledger = ledger_text(found, seat)
        if notes.get("water"):
            ledger = "；".join(p for p in (ledger, f"含水路费{notes['water']}铜币") if p)
        line = with_ledger(f"{who(seat)} {text}", ledger)
        data = {"ledger": ledger_record(found)}
        if notes.get("water"):
            data["water_fee"] = notes["water"]
        return [self._fact(before, "action", seat, line, **data)]

    def _text(self, state: MingchuState, seat: int, action: Any, notes: dict[str, Any]) -> str:
        """The action in words; the game's own description where it says everything."""
        topo = state.topo
        if isinstance(action, A.Move) and "water" in notes:
            here = state.players[seat].managers[state.pending.next.data["manager"]]
            there = topo.other_end(action.road, here)
            return (
                f"掌柜 {state.place_name(here)}→{state.place_name(there)}（水路，{WATER_MODES[action.mode]}）"
            )
        if isinstance(action, A.PlayReward):
            option = topo.rewards[action.card].options[action.option]
            return f"打出奖励卡 {action.card}：{effects_text(option)}"
        if isinstance(action, A.PlayGrace):
            target = "自己" if action.target == seat else who(action.target)
            return f"对{target}打出皇恩卡 {action.card}：{effects_text(topo.grace[action.card].effects)}"
        if isinstance(action, A.UseRetainer):
            return f"使用门客 {action.card}：{effects_text(topo.retainers[action.card].ability)}"
        if isinstance(action, A.PickCard):
            if state.pending.next.kind == "pick_tianwei":
                rules = topo.tianwei[action.card].scoring
                return f"领受天威卡 {action.card}（终局：{'，'.join(score_text(r) for r in rules)}）"
            rules = topo.score_cards[action.card].scoring
            return f"选取皇恩计分卡 {action.card}（终局：{'，'.join(score_text(r) for r in rules)}）"
        text = KIND[state.pending.next.kind].describe(state, state.pending.next, action)
        if isinstance(action, A.ProduceForeign):
            owner = state.industries[action.place].owner
            text += "（官府产业，付官府）" if owner == OFFICIAL else f"（{who(owner)}的产业）"
        if isinstance(action, A.Deliver):
            card = order_info(state, action.order)
            text += f"（{card.points}分）"
        return text

    def _grouped(self, before, after, seat, action, closed) -> list[Fact]:
        """Buy-backs and war commitments: one line per seat when its decision closes."""
        kind = before.pending.next.kind
        if self.group is None or (self.group.seat, self.group.kind) != (seat, kind):
            self.group = _Group(seat, kind, before=before.clone())
        if not isinstance(action, A.Done):
            self.group.items.append(action)
        if not closed:
            return []
        group, self.group = self.group, None
        if not group.items:
            return []
        found = changes(group.before, after, seat)
        ledger = ledger_text(found, seat)
        if kind == "buyback":
            total = sum(a.count for a in group.items)
            if len(group.items) == 1:
                text = f"{who(seat)} 从{who(group.items[0].holder)}购回{total}个恩义，付{total}铜币"
            else:
                parts = "、".join(f"{who(a.holder)} {a.count}个" for a in group.items)
                text = f"{who(seat)} 购回恩义：{parts}，共{total}个，付{total}铜币"
            data = {"holders": {a.holder: a.count for a in group.items}, "markers": total, "coins": total}
        else:
            coins = sum(a.source == "coins" for a in group.items)
            per = before.params.rules.war_coins_per_marker
            paid = f"（其中{coins}个以{coins * per}铜币折算）" if coins else ""
            text = f"{who(seat)} 秘密投入{len(group.items)}个标记支持战争{paid}"
            data = {"markers": len(group.items), "from_coins": coins}
        data["ledger"] = ledger_record(found)
        fact = "buyback" if kind == "buyback" else "war_secret"
        return [self._fact(before, fact, seat, with_ledger(text, ledger), **data)]

    # --- the automatic stages ---------------------------------------------------------------------

    def _stage(self, before: MingchuState, after: MingchuState) -> list[Fact]:
        stage = before.stage
        told = self.stages.get(stage)
        facts = told(before, after) if told is not None else []
        if not any("ledger" in fact.data for fact in facts):
            facts.extend(self._favor_moved(before, after))
        if after.stage in PHASES and after.stage != stage and not after.terminal:
            facts.append(self._fact(after, "phase", text=f"-- {PHASES[after.stage]} --", phase=after.stage))
        return facts

    def _favor_moved(self, before, after) -> list[Fact]:
        """A step of the rules that moved 恩义 in hand and told no ledger of its own: its line."""
        moved = {seat: {"favor": c.favor} for seat, c in changes(before, after).items() if c.favor}
        if not moved:
            return []
        events = before.stage in ("settle_event", "settle_end")  # markers on the event (M42)
        cause = "事件上的恩义标记（放上或取回）" if events else "恩义"
        text = f"{cause}：" + "，".join(f"{who(s)} 手中恩义{r['favor']:+d}" for s, r in moved.items())
        text = text.replace("+", "＋").replace("-", "－")
        return [self._fact(after, "favor", text=text, level=2, ledger=moved)]

    def _round_start(self, before, after) -> list[Fact]:
        header = f"== 第{after.round}轮 · {period_name(after)} · 起始玩家 {who(after.start_player)} =="
        start = after.start_player
        facts = [self._fact(after, "round", start, header, level=0, start_player=start, favor=_favor(before))]
        card = after.topo.events.get(after.current_event)
        if card is None:
            return facts
        if card.id == after.params.setup.war_event:
            track = after.params.setup.war_track
            text = f"当前事件 {card.id}：战争进度 {after.war_progress}/{track}"
            facts.append(self._fact(after, "event", text=text, card=card.id, progress=after.war_progress))
            return facts
        task = f"任务：{condition_text(card.task)}；" if card.task is not None else ""
        if after.event_markers:
            whom = f"完成任务者 {seats_text(after.event_markers)}，只对他们生效"
        else:
            whom = "无人完成任务，对所有玩家生效" if card.task is not None else "对所有玩家生效"
        effects = effects_text(card.effects)
        text = f"当前事件 {card.id}（{task}效果：{effects}）：{whom}"
        facts.append(
            self._fact(
                after,
                "event",
                text=text,
                card=card.id,
                met_task=list(after.event_markers),
                applies_to=affected_seats(after),
            )
        )
        found = changes(before, after)
        if found:
            ledger = ledger_text(found, None, goods=True)
            facts.append(
                self._fact(
                    after,
                    "event_effect",
                    text=f"事件结果：{ledger}",
                    level=2,
                    ledger=ledger_record(found),
                )
            )
        return facts

    def _production(self, before, after) -> list[Fact]:
        if before.step >= before.n:
            return []
        seat = (before.start_player + before.step) % before.n
        gained = after.players[seat].workers - before.players[seat].workers
        text = f"{who(seat)} 开始生产：伙计人数轨第{after.players[seat].worker_pos}格，得{gained}伙计"
        facts = (
            [self._fact(after, "phase", text="-- 生产 --", phase="production")] if before.step == 0 else []
        )
        return [*facts, self._fact(after, "workers_income", seat, text, workers=gained)]

    def _income(self, before, after) -> list[Fact]:
        if before.step >= before.n:
            return []
        seat = (before.start_player + before.step) % before.n
        old, new = before.players[seat], after.players[seat]
        spaces = [row["card_id"] for row in after.log[len(before.log) :] if row["deck"] == "收入轨"]
        track = {space.id: space for space in after.params.income_track}
        sales, bonuses = old.income_round, income_bonuses(before, seat)
        text = f"{who(seat)} 本轮收入{new.income_round}铜币"
        if bonuses:  # every source on its own line of the sum: the sales, then each bonus
            parts = "".join(f"{'＋' if k >= 0 else '－'}{name}{abs(k)}" for name, k in bonuses.items())
            floor = "，不低于0" if sales + sum(bonuses.values()) < 0 else ""
            text += f"（出售{sales}{parts}{floor}）"
        if new.income_marker > old.income_marker:
            text += f"，收入轨推进到{new.income_marker}"
        else:
            text += f"，收入轨标记留在{new.income_marker}"
        if spaces:
            rewards = "；".join(f"「{s}」{effects_text(track[s].rewards)}" for s in spaces)
            text += f"，到达{rewards}"
        found = changes(before, after)
        text = with_ledger(text, ledger_text(found, seat))
        return [
            self._fact(
                after,
                "income",
                seat,
                text,
                income=new.income_round,
                sales=sales,
                bonuses=bonuses,
                track=new.income_marker,
                spaces=spaces,
                rewards={s: effects_text(track[s].rewards) for s in spaces},
                ledger=ledger_record(found),
            )
        ]

    def _settle_event(self, before, after) -> list[Fact]:
        if before.period == "靖难":
            text = f"靖难之役进度 {after.war_progress}/{after.params.setup.war_track}"
            return [self._fact(after, "war_progress", text=text, progress=after.war_progress)]
        card = after.topo.events.get(after.current_event)
        facts = []
        if card is not None:
            if card.task is not None:
                met = (
                    f"{seats_text(after.event_markers)}（各放1恩义于事件上）"
                    if after.event_markers
                    else "无人"
                )
                task = f"，任务「{condition_text(card.task)}」完成者：{met}"
            else:
                task = ""
            text = f"事件 {before.current_event} 移除，{card.id} 成为下轮事件{task}"
            facts.append(
                self._fact(after, "event_task", text=text, card=card.id, met_task=list(after.event_markers))
            )
        if after.next_event is not None:
            facts.append(
                self._fact(
                    after, "event_revealed", text=f"翻开下一事件 {after.next_event}", card=after.next_event
                )
            )
        setup = after.params.setup
        if after.next_event == setup.hongwu_final_event:
            text = "洪武驾崩！洪武时期在本轮结算后结束"
            facts.append(self._fact(after, "hongwu_death", text=text, card=after.next_event))
        elif after.next_event == setup.later_final_event:
            facts.append(self._fact(after, "final_event", text=f"{after.next_event}翻开：游戏将结束"))
        return facts

    def _settle_war(self, before, after) -> list[Fact]:
        if before.step < before.n:
            return []
        facts, parts = [], []
        for seat in range(after.n):
            added = [after.players[seat].war[i] - before.players[seat].war[i] for i in range(2)]
            for i, k in enumerate(added):
                if k:
                    parts.append(f"{who(seat)} {SIDES[i]}{k}")
                    facts.append(self._fact(after, "war_commitment", seat, side=SIDES[i], markers=k))
        totals = [sum(periods.side_markers(after, s, i) for s in range(after.n)) for i in range(2)]
        text = f"战争投入揭晓：{'，'.join(parts) or '无人投入'}；累计 建文{totals[0]} : 燕王{totals[1]}（含特别订单）"
        facts.append(self._fact(after, "war_reveal", text=text, jianwen=totals[0], yan=totals[1]))
        return facts

    def _settle_interest(self, before, after) -> list[Fact]:
        facts, parts = [], []
        for seat, change in changes(before, after).items():
            loans = before.players[seat].loans
            forced = f"，不足而借贷{change.loans}笔" if change.loans > 0 else ""
            paid = -change.coins + change.loans * after.params.loans.amount
            parts.append(f"{who(seat)} 付{paid}铜币（{loans}笔贷款{forced}）")
            facts.append(
                self._fact(
                    after,
                    "interest",
                    seat,
                    coins=paid,
                    loans=loans,
                    forced_loans=change.loans,
                    ledger={seat: change.as_record()},
                )
            )
        if parts:
            facts.append(self._fact(after, "interest_total", text="利息：" + "，".join(parts)))
        return facts

    def _settle_rot(self, before, after) -> list[Fact]:
        facts, parts = [], []
        rotting = {g for g, info in after.topo.goods.items() if info.rots}
        for seat, change in changes(before, after).items():
            lost = {g: -k for g, k in change.goods.items() if k < 0}
            if lost:
                parts.append(f"{who(seat)} " + "、".join(f"{g}{k}个" for g, k in lost.items()))
                facts.append(self._fact(after, "spoilage", seat, goods=lost))
        for place, ind in before.industries.items():
            if ind.stored in rotting and after.industries[place].stored is None:
                parts.append(f"{before.place_name(place)} 存放的{ind.stored}")
                facts.append(
                    self._fact(
                        after, "spoilage", ind.owner, goods={ind.stored: 1}, place=before.place_name(place)
                    )
                )
        if parts:
            facts.append(
                self._fact(after, "spoilage_total", text="腐烂：" + "，".join(parts) + " 回到供应区")
            )
        gone = [c for c in before.retainer_row if c not in after.retainer_row]
        new = [c for c in after.retainer_row if c not in before.retainer_row]
        if gone or new:
            text = f"门客栏：弃{'、'.join(gone) or '无'}，翻开{'、'.join(new) or '无'}"
            facts.append(self._fact(after, "retainer_row", text=text, discarded=gone, revealed=new, level=2))
        return facts

    def _settle_end(self, before, after) -> list[Fact]:
        facts = [
            self._fact(
                after,
                "start_player",
                after.start_player,
                f"起始玩家交给 {who(after.start_player)}",
                level=2,
            )
        ]
        if before.period == "洪武" and after.period == "靖难":
            specials = {deck: [] for deck in ("建文特别", "燕王特别")}
            for public in after.public_orders:
                deck = order_info(after, public.order).deck
                if deck in specials:
                    specials[deck].append(after.order_card[public.order])
            text = (
                f"洪武时期结束（{after.end_reason}）：靖难之役开始；建文特别订单 {'、'.join(specials['建文特别'])}；"
                f"燕王特别订单 {'、'.join(specials['燕王特别'])}"
            )
            facts.append(self._fact(after, "period", text=text, reason=after.end_reason, to="靖难"))
        if before.war_winner is None and after.war_winner is not None:
            facts.extend(self._war_result(before, after))
        if after.terminal:
            facts.extend(self._failed(before, after))
        return facts

    def _war_result(self, before, after) -> list[Fact]:
        totals = [sum(periods.side_markers(after, s, i) for s in range(after.n)) for i in range(2)]
        quick = "（速胜）" if after.end_reason.endswith("(速胜)") else ""
        text = f"靖难之役结束：{after.war_winner}胜{quick}，建文{totals[0]} : 燕王{totals[1]}（特别订单每张计{after.params.rules.special_order_war_markers}）"
        win = SIDES.index(after.war_winner)
        supporters = periods.war_supporters(after, win)[:2]
        found, rewards, lines = changes(before, after), {}, []
        for rank, seat in enumerate(supporters):
            change = found.get(seat)
            moved = change.worker_track if change else 0
            drawn = change.grace_cards if change else 0
            rewards[seat] = {"worker_track": moved} if rank == 0 else {"grace_cards": drawn}
            if rank == 0:
                got = f"伙计人数轨前进{moved}格" if moved else "伙计人数轨已在尽头，不再前进"
                lines.append(f"{who(seat)}（支持最多）{got}")
            else:
                got = f"抽{drawn}张皇恩卡" if drawn else "皇恩牌堆已空，未抽到皇恩卡"
                lines.append(f"{who(seat)}（支持第二）{got}")
        losers = [d.seat for d in after.pending if d.kind == "pick_tianwei"]
        if lines:
            text += "；胜方奖励：" + "，".join(lines)
        if losers:
            text += f"；败方 {seats_text(losers)} 依次领受天威卡"
        return [
            self._fact(
                after,
                "war_result",
                text=text,
                winner=after.war_winner,
                quick=bool(quick),
                jianwen=totals[0],
                yan=totals[1],
                rewards=rewards,
                supporters=supporters,
                tianwei=losers,
            )
        ]

    def _failed(self, before, after) -> list[Fact]:
        facts = []
        for seat in range(after.n):
            key = before.players[seat].personal_order
            if after.players[seat].failed_orders > before.players[seat].failed_orders and key is not None:
                points = after.params.scoring.failed_order_vp
                text = f"{who(seat)} 的订单 {after.order_card[key]} 未完成，压在板下（{points:+d}分）"
                facts.append(
                    self._fact(after, "failed_order", seat, text, order=after.order_card[key], level=2)
                )
        return facts

    def _later_setup(self, before, after) -> list[Fact]:
        facts = []
        text = f"{period_name(after)}开始"
        if after.capital != before.capital:
            text += f"，迁都{after.place_name(after.capital)}（两京制）"
        card = after.topo.events[after.current_event]
        met = f"，任务完成者 {seats_text(after.event_markers)}" if after.event_markers else ""
        text += f"；首个事件 {card.id}{met}，翻开下一事件 {after.next_event}"
        facts.append(self._fact(after, "period", text=text, to=period_name(after), card=card.id))
        for seat in range(after.n):
            key = before.players[seat].personal_order
            if after.players[seat].failed_orders > before.players[seat].failed_orders and key is not None:
                text = f"{who(seat)} 的洪武订单 {after.order_card[key]} 作废（{after.params.scoring.failed_order_vp:+d}分）"
                facts.append(
                    self._fact(after, "failed_order", seat, text, order=after.order_card[key], level=2)
                )
        return facts

    def _final(self, state: MingchuState) -> list[Fact]:
        facts = [
            self._fact(state, "game_end", reason=state.end_reason, **_holdings(state))
        ]  # the table is ``sim play``'s
        totals, ranks = scoring.scores(state), scoring.ranking(state)
        for seat, row in enumerate(scoring.breakdown(state)):
            facts.append(
                self._fact(
                    state,
                    "final_score",
                    seat,
                    score=totals[seat],
                    rank=ranks[seat],
                    breakdown={k: v for k, v in row.items() if v},
                )
            )
        return facts


def _route(sim: MingchuState, seat: int, action: Any):
    """The route a production step's good takes (its fees are paid when the action is applied)."""
    decision = sim.pending.next
    if isinstance(action, A.SellProduced):
        return routes_from(sim, seat, decision.data["place"]).get(action.place)
    if isinstance(action, A.GoodTo) and decision.kind == "good_dest":
        place = decision.data["place"]
        if action.dest == "backpack":
            return production.manager_routes(sim, seat, place).get(action.manager)
        if action.dest == "warehouse":
            return production.cheapest_route(sim, seat, place, sim.capitals_with_warehouse())
    if isinstance(action, A.ProduceForeign):
        return routes_from(sim, seat, action.place).get(sim.players[seat].managers[action.manager])
    return None


def _favor(state: MingchuState) -> list[int]:
    """Each seat's 恩义 in hand (``ledger.favor_in_hand``), the sum the ledger lines change."""
    return [favor_in_hand(player) for player in state.players]


def _holdings(state: MingchuState) -> dict[str, list[int]]:
    """Each seat's 恩义 in hand, coins and points kept (``vp``): where the ledgers start and end."""
    return {
        "favor": _favor(state),
        "coins": [player.coins for player in state.players],
        "vp": [player.vp_bonus for player in state.players],
    }


def income_bonuses(state: MingchuState, seat: int) -> dict[str, int]:
    """Each source of a seat's income bonus this round (门客, 家族, the round's cards) and its amount,
    as ``production.settle_income`` adds them to the sales."""
    found: dict[str, int] = {}
    for _deck, card, effects in lasting_sources(state, seat):
        amount = sum(KINDS[eff.effect].income_bonus(eff) for eff in effects)
        if amount:
            name = card or "本轮事件"
            found[name] = found.get(name, 0) + amount
    return found
