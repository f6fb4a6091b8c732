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

Both kernels are compiled: they are compared through their public functions on the states a game
reaches, not by patching (a compiled caller calls its module's functions directly).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import draws, effect_kinds
from sim.games.mingchu.rules.effects_schema import _Item
from sim.games.mingchu.rules.paths import route_between, routes_by_place, routes_from, routes_plain

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
