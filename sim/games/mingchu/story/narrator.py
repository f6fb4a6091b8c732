"""The 明初商途 play log as a story a designer can follow, in the game's own language or another one it
has texts for (``Narrator(bot_names, lang)``: its words, the rules' descriptions of each action among
them, are the game's texts, ``texts/<lang>.py``; the names of cards, places, goods and sides stay the
design's own Chinese ones in every language).

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

from sim.core.game import named_end_reason
from sim.texts import in_lang

from ..names import DISPLAY_NAMES
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
from ..texts import LANG, languages, say, signed, signs
from .cardtext import condition_text, effects_text, score_text
from .ledger import changes, favor_in_hand, ledger_record, ledger_text, with_ledger
from .names import BOTS, COLUMNS

WATER_MODE = "water_mode."
"""The key prefix of how a 掌柜 crossed a water route (M27: a water route is a step and always costs
its fee): ``water_mode.step``, ``.horse``, ``.bonus``, ``.workers``."""

GROUPED = ("buyback", "war")
"""Decisions whose actions are told as one line (and one ledger) per seat when the decision closes."""

PHASES = ("actions", "settle_event")
"""Stages that open a part of the round, with its sub-header (``phase.<stage>``; 生产 opens with its
first seat's production, after any choice the round's event asked for)."""


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


def period_name(state: MingchuState, lang: str = LANG) -> str:
    """The period as the story names it (the later one by the war's winner)."""
    if state.period == "洪武":
        return say(lang, "period.hongwu")
    if state.period == "靖难":
        return say(lang, "period.jingnan")
    return say(lang, "period.yongle" if state.war_winner == "燕王" else "period.jianwen")


def reason_text(reason: str, lang: str = LANG) -> str:
    """An end reason (``洪武驾崩``, ``天数将至+订单耗尽``) in ``lang``: the game's own as it is, another
    language's with each trigger by its display name there (``names.DISPLAY_NAMES``)."""
    if lang == LANG:
        return reason
    terms = DISPLAY_NAMES.get(lang, {}).get("terms", {})
    return named_end_reason(reason, lambda trigger: terms.get(trigger, trigger))


def seats_text(seats: Iterable[int], lang: str = LANG) -> str:
    return say(lang, "sep.list").join(in_lang(who(s), lang) for s in seats)


@dataclass
class _Group:
    """Actions told as one line when their decision closes (buy-backs, war commitments)."""

    seat: int
    kind: str
    items: list[Any] = field(default_factory=list)
    before: MingchuState | None = None


class Narrator:
    """Tells one game, action by action (``step``), as ``Fact`` records with text in ``lang``."""

    lang = LANG
    """The language of the story: the game's own unless told (any of ``texts.languages()``; the cards',
    places', goods' and sides' names stay the game's own)."""
    scoring_columns = scoring.VP_TERMS
    """The breakdown columns that sum to the score."""

    def __init__(self, bot_names: list[str], lang: str | None = None) -> None:
        """``lang``: the story's language (``sim play --lang``); the game's own when None or when the game
        has no texts in it (``lang`` then says the game's own, so ``sim play`` shows its header and result
        in the language asked for itself)."""
        lang = LANG if lang is None or lang not in languages() else lang
        self.lang = lang
        self.bot_labels = [self.name(bot) if lang == LANG else bot for bot in bot_names]
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
                    text=self._say("opening"),
                    level=0,
                    **_holdings(state),
                )
            )
            for s, label in enumerate(self.bot_labels):
                text = self._say("seat", seat=who(s), bot=label)
                facts.append(self._fact(state, "seat", s, text, level=2, bot=label))
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

    def _say(self, key: str, /, **values: Any) -> str:
        """The game's text ``key`` in the narrator's language."""
        return say(self.lang, key, **values)

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
        ledger = ledger_text(found, seat, lang=self.lang)
        if notes.get("water"):
            fee = self._say("action.water_fee", coins=notes["water"])
            ledger = self._say("sep.clause").join(p for p in (ledger, fee) if p)
        line = with_ledger(self._say("action", seat=who(seat), text=text), ledger, self.lang)
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
            mode = self._say(WATER_MODE + action.mode)
            return self._say(
                "move.water", here=state.place_name(here), there=state.place_name(there), mode=mode
            )
        lang = self.lang
        if isinstance(action, A.PlayReward):
            option = topo.rewards[action.card].options[action.option]
            return self._say("play_reward", card=action.card, effects=effects_text(option, lang))
        if isinstance(action, A.PlayGrace):
            target = self._say("play_grace.self") if action.target == seat else who(action.target)
            effects = effects_text(topo.grace[action.card].effects, lang)
            return self._say("play_grace", target=target, card=action.card, effects=effects)
        if isinstance(action, A.UseRetainer):
            effects = effects_text(topo.retainers[action.card].ability, lang)
            return self._say("use_retainer", card=action.card, effects=effects)
        if isinstance(action, A.PickCard):
            tianwei = state.pending.next.kind == "pick_tianwei"
            card = topo.tianwei[action.card] if tianwei else topo.score_cards[action.card]
            rules = self._say("sep.comma").join(score_text(r, lang) for r in card.scoring)
            return self._say("pick_tianwei" if tianwei else "pick_score_card", card=action.card, rules=rules)
        text = in_lang(KIND[state.pending.next.kind].describe(state, state.pending.next, action), self.lang)
        if isinstance(action, A.ProduceForeign):
            owner = state.industries[action.place].owner
            if owner == OFFICIAL:
                text += self._say("produce_foreign.official")
            else:
                text += self._say("produce_foreign.owner", owner=who(owner))
        if isinstance(action, A.Deliver):
            card = order_info(state, action.order)
            text += self._say("deliver.points", points=card.points)
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
        ledger = ledger_text(found, seat, lang=self.lang)
        if kind == "buyback":
            total = sum(a.count for a in group.items)
            if len(group.items) == 1:
                text = self._say(
                    "buyback.one", seat=who(seat), holder=who(group.items[0].holder), total=total
                )
            else:
                parts = self._say("sep.list").join(
                    self._say("buyback.part", holder=who(a.holder), count=a.count) for a in group.items
                )
                text = self._say("buyback.many", seat=who(seat), parts=parts, total=total)
            data = {"holders": {a.holder: a.count for a in group.items}, "markers": total, "coins": total}
        else:
            coins = sum(a.source == "coins" for a in group.items)
            per = before.params.rules.war_coins_per_marker
            paid = self._say("war_secret.from_coins", coins=coins, paid=coins * per) if coins else ""
            text = self._say("war_secret", seat=who(seat), markers=len(group.items), paid=paid)
            data = {"markers": len(group.items), "from_coins": coins}
        data["ledger"] = ledger_record(found)
        fact = "buyback" if kind == "buyback" else "war_secret"
        return [self._fact(before, fact, seat, with_ledger(text, ledger, self.lang), **data)]

    # --- the automatic stages ---------------------------------------------------------------------

    def _stage(self, before: MingchuState, after: MingchuState) -> list[Fact]:
        stage = before.stage
        told = self.stages.get(stage)
        facts = told(before, after) if told is not None else []
        if not any("ledger" in fact.data for fact in facts):
            facts.extend(self._favor_moved(before, after))
        if after.stage in PHASES and after.stage != stage and not after.terminal:
            text = self._say("phase", phase=self._say("phase." + after.stage))
            facts.append(self._fact(after, "phase", text=text, phase=after.stage))
        return facts

    def _favor_moved(self, before, after) -> list[Fact]:
        """A step of the rules that moved 恩义 in hand and told no ledger of its own: its line."""
        moved = {seat: {"favor": c.favor} for seat, c in changes(before, after).items() if c.favor}
        if not moved:
            return []
        events = before.stage in ("settle_event", "settle_end")  # markers on the event (M42)
        cause = self._say("favor.cause.event" if events else "favor.cause")
        moves = self._say("sep.comma").join(
            self._say("favor.move", seat=who(s), favor=r["favor"]) for s, r in moved.items()
        )
        text = signs(self.lang, self._say("favor", cause=cause, moves=moves))
        return [self._fact(after, "favor", text=text, level=2, ledger=moved)]

    def _round_start(self, before, after) -> list[Fact]:
        header = self._say(
            "round", round=after.round, period=period_name(after, self.lang), seat=who(after.start_player)
        )
        start = after.start_player
        facts = [self._fact(after, "round", start, header, level=0, start_player=start, favor=_favor(before))]
        card = after.topo.events.get(after.current_event)
        if card is None:
            return facts
        if card.id == after.params.setup.war_event:
            track = after.params.setup.war_track
            text = self._say("event.war", card=card.id, progress=after.war_progress, track=track)
            facts.append(self._fact(after, "event", text=text, card=card.id, progress=after.war_progress))
            return facts
        lang = self.lang
        task = self._say("event.task", task=condition_text(card.task, lang)) if card.task is not None else ""
        if after.event_markers:
            whom = self._say("event.met", seats=seats_text(after.event_markers, lang))
        else:
            whom = self._say("event.nobody" if card.task is not None else "event.everyone")
        effects = effects_text(card.effects, lang)
        text = self._say("event", card=card.id, task=task, effects=effects, whom=whom)
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
            ledger = ledger_text(found, None, goods=True, lang=self.lang)
            facts.append(
                self._fact(
                    after,
                    "event_effect",
                    text=self._say("event_effect", ledger=ledger),
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
        space = after.players[seat].worker_pos
        text = self._say("workers_income", seat=who(seat), space=space, workers=gained)
        header = self._say("phase", phase=self._say("phase.production"))
        facts = [self._fact(after, "phase", text=header, phase="production")] if before.step == 0 else []
        return [*facts, self._fact(after, "workers_income", seat, text, workers=gained)]

    def _income(self, before, after) -> list[Fact]:
        if before.step >= before.n:
            return []
        seat = (before.start_player + before.step) % before.n
        old, new = before.players[seat], after.players[seat]
        spaces = [row["card_id"] for row in after.log[len(before.log) :] if row["deck"] == "收入轨"]
        track = {space.id: space for space in after.params.income_track}
        lang = self.lang
        sales, bonuses = old.income_round, income_bonuses(before, seat, lang)
        text = self._say("income", seat=who(seat), income=new.income_round)
        if bonuses:  # every source on its own line of the sum: the sales, then each bonus
            parts = "".join(signed(lang, "income.bonus", k, name=name) for name, k in bonuses.items())
            floor = self._say("income.floor") if sales + sum(bonuses.values()) < 0 else ""
            text += self._say("income.sum", sales=sales, bonuses=parts, floor=floor)
        if new.income_marker > old.income_marker:
            text += self._say("income.track_up", track=new.income_marker)
        else:
            text += self._say("income.track_stays", track=new.income_marker)
        rewarded = {s: effects_text(track[s].rewards, lang) for s in spaces}
        if spaces:
            rewards = self._say("sep.clause").join(
                self._say("income.reward", space=s, effects=rewarded[s]) for s in spaces
            )
            text += self._say("income.reached", rewards=rewards)
        found = changes(before, after)
        text = with_ledger(text, ledger_text(found, seat, lang=lang), lang)
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
                rewards=rewarded,
                ledger=ledger_record(found),
            )
        ]

    def _settle_event(self, before, after) -> list[Fact]:
        if before.period == "靖难":
            track = after.params.setup.war_track
            text = self._say("war_progress", progress=after.war_progress, track=track)
            return [self._fact(after, "war_progress", text=text, progress=after.war_progress)]
        card = after.topo.events.get(after.current_event)
        facts = []
        if card is not None:
            if card.task is not None:
                if after.event_markers:
                    met = self._say("event_task.met", seats=seats_text(after.event_markers, self.lang))
                else:
                    met = self._say("event_task.nobody")
                task = self._say("event_task.task", task=condition_text(card.task, self.lang), met=met)
            else:
                task = ""
            text = self._say("event_task", old=before.current_event, card=card.id, task=task)
            facts.append(
                self._fact(after, "event_task", text=text, card=card.id, met_task=list(after.event_markers))
            )
        if after.next_event is not None:
            facts.append(
                self._fact(
                    after,
                    "event_revealed",
                    text=self._say("event_revealed", card=after.next_event),
                    card=after.next_event,
                )
            )
        setup = after.params.setup
        if after.next_event == setup.hongwu_final_event:
            text = self._say("hongwu_death")
            facts.append(self._fact(after, "hongwu_death", text=text, card=after.next_event))
        elif after.next_event == setup.later_final_event:
            facts.append(
                self._fact(after, "final_event", text=self._say("final_event", card=after.next_event))
            )
        return facts

    def _settle_war(self, before, after) -> list[Fact]:
        if before.step < before.n:
            return []
        facts, parts = [], []
        for seat in range(after.n):
            added = [after.players[seat].war[i] - before.players[seat].war[i] for i in range(2)]
            for i, k in enumerate(added):
                if k:
                    parts.append(self._say("war_reveal.part", seat=who(seat), side=SIDES[i], markers=k))
                    facts.append(self._fact(after, "war_commitment", seat, side=SIDES[i], markers=k))
        totals = [sum(periods.side_markers(after, s, i) for s in range(after.n)) for i in range(2)]
        told = self._say("sep.comma").join(parts) or self._say("war_reveal.nobody")
        text = self._say("war_reveal", parts=told, jianwen=totals[0], yan=totals[1])
        facts.append(self._fact(after, "war_reveal", text=text, jianwen=totals[0], yan=totals[1]))
        return facts

    def _settle_interest(self, before, after) -> list[Fact]:
        facts, parts = [], []
        for seat, change in changes(before, after).items():
            loans = before.players[seat].loans
            forced = self._say("interest.forced", loans=change.loans) if change.loans > 0 else ""
            paid = -change.coins + change.loans * after.params.loans.amount
            parts.append(self._say("interest.part", seat=who(seat), coins=paid, loans=loans, forced=forced))
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
            text = self._say("interest_total", parts=self._say("sep.comma").join(parts))
            facts.append(self._fact(after, "interest_total", text=text))
        return facts

    def _settle_rot(self, before, after) -> list[Fact]:
        facts, parts = [], []
        rotting = {g for g, info in after.topo.goods.items() if info.rots}
        for seat, change in changes(before, after).items():
            lost = {g: -k for g, k in change.goods.items() if k < 0}
            if lost:
                goods = self._say("sep.list").join(
                    self._say("spoilage.good", good=g, count=k) for g, k in lost.items()
                )
                parts.append(self._say("spoilage.part", seat=who(seat), goods=goods))
                facts.append(self._fact(after, "spoilage", seat, goods=lost))
        for place, ind in before.industries.items():
            if ind.stored in rotting and after.industries[place].stored is None:
                parts.append(self._say("spoilage.stored", place=before.place_name(place), good=ind.stored))
                facts.append(
                    self._fact(
                        after, "spoilage", ind.owner, goods={ind.stored: 1}, place=before.place_name(place)
                    )
                )
        if parts:
            text = self._say("spoilage_total", parts=self._say("sep.comma").join(parts))
            facts.append(self._fact(after, "spoilage_total", text=text))
        gone = [c for c in before.retainer_row if c not in after.retainer_row]
        new = [c for c in after.retainer_row if c not in before.retainer_row]
        if gone or new:
            none, sep = self._say("retainer_row.none"), self._say("sep.list")
            text = self._say("retainer_row", gone=sep.join(gone) or none, new=sep.join(new) or none)
            facts.append(self._fact(after, "retainer_row", text=text, discarded=gone, revealed=new, level=2))
        return facts

    def _settle_end(self, before, after) -> list[Fact]:
        facts = [
            self._fact(
                after,
                "start_player",
                after.start_player,
                self._say("start_player", seat=who(after.start_player)),
                level=2,
            )
        ]
        if before.period == "洪武" and after.period == "靖难":
            specials = {deck: [] for deck in ("建文特别", "燕王特别")}
            for public in after.public_orders:
                deck = order_info(after, public.order).deck
                if deck in specials:
                    specials[deck].append(after.order_card[public.order])
            sep = self._say("sep.list")
            text = self._say(
                "period.war_begins",
                reason=reason_text(after.end_reason, self.lang),
                jianwen=sep.join(specials["建文特别"]),
                yan=sep.join(specials["燕王特别"]),
            )
            facts.append(self._fact(after, "period", text=text, reason=after.end_reason, to="靖难"))
        if before.war_winner is None and after.war_winner is not None:
            facts.extend(self._war_result(before, after))
        if after.terminal:
            facts.extend(self._failed(before, after))
        return facts

    def _war_result(self, before, after) -> list[Fact]:
        totals = [sum(periods.side_markers(after, s, i) for s in range(after.n)) for i in range(2)]
        quick = self._say("war_result.quick") if after.end_reason.endswith("(速胜)") else ""
        text = self._say(
            "war_result",
            winner=after.war_winner,
            quick=quick,
            jianwen=totals[0],
            yan=totals[1],
            per=after.params.rules.special_order_war_markers,
        )
        win = SIDES.index(after.war_winner)
        supporters = periods.war_supporters(after, win)[:2]
        found, rewards, lines = changes(before, after), {}, []
        for rank, seat in enumerate(supporters):
            change = found.get(seat)
            moved = change.worker_track if change else 0
            drawn = change.grace_cards if change else 0
            rewards[seat] = {"worker_track": moved} if rank == 0 else {"grace_cards": drawn}
            if rank == 0:
                if moved:
                    got = self._say("war_result.first.moved", moved=moved)
                else:
                    got = self._say("war_result.first.at_end")
                lines.append(self._say("war_result.first", seat=who(seat), got=got))
            else:
                if drawn:
                    got = self._say("war_result.second.drawn", drawn=drawn)
                else:
                    got = self._say("war_result.second.empty")
                lines.append(self._say("war_result.second", seat=who(seat), got=got))
        losers = [d.seat for d in after.pending if d.kind == "pick_tianwei"]
        if lines:
            text += self._say("war_result.rewards", lines=self._say("sep.comma").join(lines))
        if losers:
            text += self._say("war_result.tianwei", seats=seats_text(losers, self.lang))
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
                text = self._say("failed_order", seat=who(seat), order=after.order_card[key], points=points)
                facts.append(
                    self._fact(after, "failed_order", seat, text, order=after.order_card[key], level=2)
                )
        return facts

    def _later_setup(self, before, after) -> list[Fact]:
        facts = []
        period = period_name(after, self.lang)
        text = self._say("later_setup", period=period)
        if after.capital != before.capital:
            text += self._say("later_setup.capital", capital=after.place_name(after.capital))
        card = after.topo.events[after.current_event]
        met = ""
        if after.event_markers:
            met = self._say("later_setup.met", seats=seats_text(after.event_markers, self.lang))
        text += self._say("later_setup.event", card=card.id, met=met, next=after.next_event)
        facts.append(self._fact(after, "period", text=text, to=period, card=card.id))
        for seat in range(after.n):
            key = before.players[seat].personal_order
            if after.players[seat].failed_orders > before.players[seat].failed_orders and key is not None:
                points = after.params.scoring.failed_order_vp
                text = self._say(
                    "failed_order.hongwu", seat=who(seat), order=after.order_card[key], points=points
                )
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


def income_bonuses(state: MingchuState, seat: int, lang: str = LANG) -> dict[str, int]:
    """Each source of a seat's income bonus this round (门客, 家族, the round's cards) and its amount,
    as ``production.settle_income`` adds them to the sales (the round's event named in ``lang``)."""
    found: dict[str, int] = {}
    for _deck, card, effects in lasting_sources(state, seat):
        amount = sum(KINDS[eff.effect].income_bonus(eff) for eff in effects)
        if amount:
            name = card or say(lang, "income.this_round_event")
            found[name] = found.get(name, 0) + amount
    return found
