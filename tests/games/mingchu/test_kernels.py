"""Rules first, kernels second: each speed kernel of the rules gives what the plain statement of its
rule gives, at every decision of whole seeded games (docs/architecture.md, "Rules first, kernels
second").

* The route search (``paths._settle`` behind ``routes_from``, ``routes_by_place``,
  ``route_between``) against ``paths.routes_plain`` (M17, a heap Dijkstra): for the seat to move,
  from each of its 掌柜, and from every place every 25th decision, temporary roads included.
* A card effect's size (``effect_kinds._size``, read from the model's field dict) against
  ``effect_kinds.size_plain`` (``getattr``): for every effect of every card of the bundled configs,
  the whole domain it is called on.
* The keyed deck order (``draws.keyed_order`` on ``_Pcg64``) against ``draws.keyed_order_plain``
  (numpy's generators, a priority matrix): at every decision, the next reshuffle of each deck's
  discards as the rules would ask for it now (``draws.reshuffled``'s arguments).
* The lasting modifiers (``modifiers.modifier_total``, ``_matching``, ``forbidden``: fields read from
  the model's field dict, the cards' terms read once per game) against ``modifiers.modifier_total_plain``,
  ``matching_plain``, ``forbidden_plain`` (docs/cards.md, "Modifiers"): at every decision, for every
  seat, each modifier the rules ask for (every ``discount`` action, ``sell_bonus`` and
  ``produce_bonus`` of every good, ``extra_moves``, ``income_bonus``, every ``forbid`` action).
* The trade rows a seat sees (``trade.seat_trades``, kept per seat by list and length) against
  ``trade._seen_rows`` (read afresh): at every decision of two heuristic games, for every seat.

The kernels are compiled: they are compared through their public functions on the states a game
reaches, not by patching (a compiled caller calls its module's functions directly).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import draws, effect_kinds, modifiers
from sim.games.mingchu.rules.effects_schema import DiscountTarget, Forbid, _Item
from sim.games.mingchu.rules.paths import route_between, routes_by_place, routes_from, routes_plain
from sim.games.mingchu.rules.trade import HIDDEN_CARD, _seen_rows, seat_trades

from .helpers import lineup

PARAMS = load_config(SPEC.default_config).params

GAMES = [("heuristic", 5, 3), ("random", 4, 8)]
"""(bots, players, seed): one game of each kind, each a few seconds."""


class _RouteChecks:
    """An ``on_step`` hook: the kernel's routes equal the plain statement's before each action."""

    def __init__(self) -> None:
        self.decisions = self.searches = self.between = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        sources = set(state.players[seat].managers)
        if self.decisions % 25 == 0:
            sources = set(range(len(state.topo.places)))
        for source in sorted(sources):
            plain = routes_plain(state, seat, source)
            kernel = routes_from(state, seat, source)
            assert list(kernel.items()) == list(plain.items()), (seat, source, state.round)
            by_place = routes_by_place(state, seat, source)
            assert {p: r for p, r in enumerate(by_place) if r is not None} == plain
            fresh = state.shallow_copy()
            fresh.route_cache = fresh.board_cache = None  # a search that stops at its target
            for target in range(0, len(state.topo.places), 7):
                assert route_between(fresh, seat, source, target) == plain.get(target), (source, target)
                self.between += 1
            self.searches += 1


@pytest.mark.parametrize(("kind", "n", "seed"), GAMES)
def test_route_search_is_the_plain_rule_on_whole_games(kind: str, n: int, seed: int) -> None:
    checks = _RouteChecks()
    record = play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert checks.searches > 1000 and checks.between > 3000  # the comparisons did happen


class _DeckChecks:
    """An ``on_step`` hook: the next reshuffle of each deck's discards, by the kernel and by the plain
    statement, before each action."""

    def __init__(self) -> None:
        self.decisions = self.orders = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        key = draws.game_key(state.rng)
        for deck, discards in (("皇恩", state.grace_discard), ("门客", state.retainer_discard)):
            if not discards:
                continue
            name = f"{deck}\x1freshuffle {state.keyed_draws.get(deck, 0)}"
            plain = draws.keyed_order_plain(key, name, discards)
            assert draws.reshuffled(state.rng, deck, state.keyed_draws.get(deck, 0), discards) == plain
            assert sorted(plain) == sorted(discards)
            self.orders += 1


@pytest.mark.parametrize(("kind", "n", "seed"), GAMES)
def test_keyed_deck_order_is_the_plain_rule_on_whole_games(kind: str, n: int, seed: int) -> None:
    checks = _DeckChecks()
    record = play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert checks.orders > 300  # the comparisons did happen


def _effects(value) -> list:
    """Every card effect (``effects_schema._Item``) inside ``value``, nested ones included."""
    if isinstance(value, _Item):
        return [value, *(e for name in type(value).model_fields for e in _effects(getattr(value, name)))]
    if isinstance(value, BaseModel):
        return [e for name in type(value).model_fields for e in _effects(getattr(value, name))]
    if isinstance(value, dict):
        return [e for item in value.values() for e in _effects(item)]
    if isinstance(value, (list, tuple)):
        return [e for item in value for e in _effects(item)]
    return []


def test_effect_size_is_the_plain_rule_for_every_card_effect() -> None:
    configs = sorted(Path(SPEC.default_config).parent.glob("*.yaml"))
    effects = [e for path in configs for e in _effects(load_config(path).params)]
    assert len(configs) > 1 and len(effects) > 100 and len({type(e) for e in effects}) > 20
    for eff in effects:
        assert effect_kinds._size(eff) == effect_kinds.size_plain(eff), eff


FORBIDDEN = Forbid.model_fields["action"].annotation.__args__
DISCOUNTED = DiscountTarget.__args__
"""The actions a ``forbid`` / ``discount`` modifier may name (the schema's)."""


class _ModifierChecks:
    """An ``on_step`` hook: every modifier the rules ask for, by the kernels and by the plain
    statements, for every seat before each action."""

    def __init__(self) -> None:
        self.decisions = self.totals = self.nonzero = self.round_nonzero = self.forbids = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        goods = sorted(state.topo.goods)
        asked = [(modifiers.DISCOUNT, a, None) for a in DISCOUNTED]
        asked += [(kind, None, g) for kind in (modifiers.SELL_BONUS, modifiers.PRODUCE_BONUS) for g in goods]
        asked += [(modifiers.EXTRA_MOVES, None, None), (modifiers.INCOME_BONUS, None, None)]
        for s in range(state.n):
            sources = [lasting for _deck, _card, lasting in modifiers.lasting_sources(state, s)]
            for kind, act, good in asked:
                plain = modifiers.modifier_total_plain(state, s, kind, action=act, good=good)
                assert modifiers.modifier_total(state, s, kind, action=act, good=good) == plain, (
                    s,
                    kind,
                    act,
                    good,
                )
                for mods in sources:
                    part = modifiers.matching_plain(mods, kind, act, good)
                    assert modifiers._matching(mods, kind, act, good) == part, (s, mods, kind, act, good)
                round_part = modifiers.matching_plain(state.round_mods[s], kind, act, good)
                self.totals += 1
                self.nonzero += plain != 0
                self.round_nonzero += round_part != 0
            for act in FORBIDDEN:
                plain_forbid = modifiers.forbidden_plain(state, s, act)
                assert modifiers.forbidden(state, s, act) == plain_forbid, (s, act)
                self.forbids += plain_forbid


@pytest.mark.parametrize(("kind", "n", "seed"), GAMES)
def test_modifiers_are_the_plain_rule_on_whole_games(kind: str, n: int, seed: int) -> None:
    checks = _ModifierChecks()
    record = play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    # the comparisons did happen, on modifiers that count: the cards' and the round's
    assert checks.totals > 50_000 and checks.nonzero > 1000 and checks.round_nonzero > 100, vars(checks)


class _TradeRowChecks:
    """An ``on_step`` hook: the trade rows each seat sees, kept and read afresh, before each action."""

    def __init__(self) -> None:
        self.decisions = self.hidden = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        for s in range(state.n):
            plain = _seen_rows(state.trades, s)
            assert seat_trades(state.trades, s) == plain, s
            self.hidden += sum(row["card"] == HIDDEN_CARD for row in plain)


@pytest.mark.parametrize(("n", "seed"), [(5, 3), (4, 8)])
def test_trade_rows_seen_are_the_plain_rule_on_whole_games(n: int, seed: int) -> None:
    """Heuristic games: their bots trade 皇恩卡 (random play seldom completes a trade)."""
    checks = _TradeRowChecks()
    record = play_game(
        SPEC, PARAMS, n, seed, lineup("heuristic", n, seed), on_step=checks, catch_errors=False
    )
    assert record.actions == checks.decisions > 500
    assert checks.hidden > 100  # rows were hidden from the seats outside a trade
