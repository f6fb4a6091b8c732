"""The heuristic bots value the 门客 they draft (issue 20 item 4): a column's card counts with the
same valuation as hiring it, so a planted strong card is taken and a blank one loses to an
ordinary one; each test builds the draft on the fixture with two extra cards in its 门客 list."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from sim.core.play import setup_rng
from sim.games.mingchu.bots.heuristic import PERSONAS, HeuristicBot
from sim.games.mingchu.params import MingchuParams

from .helpers import RULES, fixture_data

STRONG = {
    "id": "聚宝",
    "passive": [{"effect": "each_round", "effects": [{"effect": "gain_vp", "amount": 4}]}],
}
BLANK = {"id": "白板"}
ORDINARY = ("账房", "赌徒", "牙人", "马夫", "说客")  # fixture cards with a plain gain
STREAMS = range(6)


def _params() -> MingchuParams:
    data = copy.deepcopy(fixture_data())
    data["cards"]["门客"] = [*data["cards"]["门客"], STRONG, BLANK]
    return MingchuParams.model_validate(data)


PARAMS = _params()


def _draft(seed: int, n: int = 4):
    """A fresh game at its first draft decision, with neither extra card dealt anywhere."""
    state = RULES.initial_state(PARAMS, n, setup_rng(seed))
    assert state.decision().kind == "draft"
    extra = {STRONG["id"], BLANK["id"]}
    state.retainer_deck = [c for c in state.retainer_deck if c not in extra]
    state.retainer_row = [c for c in state.retainer_row if c not in extra]
    state.draft_columns = [(r if r not in extra else "", f) for r, f in state.draft_columns]
    return state


def _picks(state, persona: str) -> set[int]:
    seat = state.decision().seat
    legal = RULES.legal_actions(state)
    bot = HeuristicBot(seat, persona)
    return {bot.choose(state, legal, np.random.default_rng(s)).column for s in STREAMS}


def _family_worth(state, families) -> float:
    return sum(state.topo.families[f].coins + 2 * state.topo.families[f].workers for f in families)


@pytest.mark.parametrize("persona", sorted(PERSONAS))
@pytest.mark.parametrize("seed", range(4))
def test_a_planted_strong_card_is_drafted_even_with_the_poorest_families(persona, seed):
    state = _draft(seed)
    poorest = min(
        range(len(state.draft_columns)), key=lambda i: _family_worth(state, state.draft_columns[i][1])
    )
    state.draft_columns[poorest] = (STRONG["id"], state.draft_columns[poorest][1])
    assert _picks(state, persona) == {poorest}


@pytest.mark.parametrize("persona", sorted(PERSONAS))
@pytest.mark.parametrize("card", ORDINARY)
def test_a_blank_card_is_not_drafted_over_an_ordinary_one(persona, card):
    state = _draft(0)
    families = state.draft_columns[0][1]
    state.draft_columns = [(BLANK["id"], families), (card, families)]  # the same families in both
    assert _picks(state, persona) == {1}
