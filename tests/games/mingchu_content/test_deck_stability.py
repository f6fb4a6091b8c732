"""Deck-stable randomness: a one-card change moves no other card of any deck."""

from __future__ import annotations

import numpy as np
import pytest
import yaml

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules.draws import keyed_order, reshuffled, roll
from sim.games.mingchu.rules.state import MingchuState
from tests.games.mingchu_content.helpers import BASE

SEEDS = range(12)
NEW = {"id": "试用门客", "add": True, "ability": [{"effect": "gain_coins", "amount": 3}]}


def _variant(tmp_path, cards: dict) -> object:
    path = tmp_path / "variant.yaml"
    path.write_text(
        yaml.safe_dump({"game": "mingchu", "extends": str(BASE), "cards": cards}, allow_unicode=True),
        encoding="utf-8",
    )
    return load_config(path).params


def _retainer_order(state: MingchuState) -> list[str]:
    """Every 门客 from the top of the deck down: the face-up row, the draft columns, the rest."""
    columns = [retainer for retainer, _ in state.draft_columns]
    return [*state.retainer_row, *columns, *reversed(state.retainer_deck)]


def _other_decks(state: MingchuState) -> dict:
    return {
        "events": (state.current_event, state.next_event, list(state.event_deck)),
        "officials": sorted(state.industries),
        "orders": {k: list(v) for k, v in state.order_decks.items()},
        "public": [(o.order, o.reward) for o in state.public_orders],
        "rewards": {k: list(v) for k, v in state.reward_decks.items()},
        "grace": list(state.grace_deck),
        "rows": (list(state.score_row), list(state.tianwei_row)),
        "families": [families for _, families in state.draft_columns],
    }


def _deal(params, seed: int) -> MingchuState:
    return SPEC.game.initial_state(params, 5, setup_rng(seed))


def _one_chain(short: list[str], long: list[str], extra: str) -> bool:
    """``long`` is ``short`` with ``extra`` drawn somewhere, every other draw being ``short``'s or the
    one card the change displaced (which the draw it took then displaces in turn)."""
    displaced = None
    rest = iter(short)
    for card in long:
        if card == extra and displaced is None:
            displaced = next(rest, None)
            continue
        expected = next(rest, displaced)
        if card != expected:
            if card != displaced:
                return False
            displaced = expected
    return True


@pytest.mark.parametrize(
    ("change", "card"),
    [
        ({"门客": [NEW]}, "试用门客"),  # one card added
        ({"门客": [{"id": "赌徒", "count": 0}]}, "赌徒"),  # one card removed
        ({"remove": {"门客": ["马夫"]}}, "马夫"),  # removed by the remove list
        ({"门客": [{"id": "赌徒", "ability": [{"effect": "gain_coins", "amount": 5}]}]}, None),  # changed
    ],
    ids=["added", "count-0", "remove-list", "changed"],
)
def test_a_one_card_change_moves_no_other_deck_and_its_own_only_along_one_chain(tmp_path, change, card):
    base = load_config(BASE).params
    variant = _variant(tmp_path, change)
    same = 0
    for seed in SEEDS:
        a, b = _deal(base, seed), _deal(variant, seed)
        assert _other_decks(a) == _other_decks(b)
        order_a, order_b = _retainer_order(a), _retainer_order(b)
        if card is None:
            assert order_a == order_b  # a changed card keeps its place
            continue
        short, long = (order_a, order_b) if len(order_a) < len(order_b) else (order_b, order_a)
        assert len(long) == len(short) + 1
        assert _one_chain(short, long, card)
        same += sum(x == y for x, y in zip(short, long, strict=False))  # the same card at the same draw
    if card is not None:  # most 门客 are drawn when they were (a sorted deck shifts all after the change)
        assert same > 0.7 * len(SEEDS) * (len(base.cards.门客) - 1)


def test_the_chain_check_refuses_a_shifted_deck():
    short = ["甲", "乙", "丙", "丁"]
    assert _one_chain(short, ["甲", "新", "乙", "丙", "丁"], "新")  # drawn in place, nothing displaced
    assert _one_chain(short, ["甲", "新", "丙", "乙", "丁"], "新")  # 乙 displaced, drawn one later
    assert not _one_chain(short, ["甲", "新", "丁", "丙", "乙"], "新")  # two cards out of place


def test_a_seed_changes_every_deck():
    base = load_config(BASE).params
    a, b = _deal(base, 0), _deal(base, 1)
    differ = [name for name, deck in _other_decks(a).items() if deck != _other_decks(b)[name]]
    assert len(differ) >= 6
    assert _retainer_order(a) != _retainer_order(b)


def test_keyed_order_depends_only_on_the_cards_held():
    key = b"k" * 16
    cards = [f"c{i}" for i in range(20)] + ["c3"]
    order = keyed_order(key, "门客", cards)
    assert sorted(order) == sorted(cards)
    assert keyed_order(key, "门客", list(reversed(cards))) == order
    longer = keyed_order(key, "门客", [*cards, "new"])
    assert _one_chain(order[::-1], longer[::-1], "new")
    assert keyed_order(key, "皇恩", cards) != order
    assert keyed_order(b"j" * 16, "门客", cards) != order


def test_reshuffles_are_keyed_by_seed_deck_and_number():
    rng = setup_rng(3)
    cards = [f"c{i}" for i in range(20)]
    first = reshuffled(rng, "皇恩", 0, cards)
    assert reshuffled(setup_rng(3), "皇恩", 0, list(reversed(cards))) == first
    assert reshuffled(rng, "皇恩", 1, cards) != first
    assert reshuffled(rng, "门客", 0, cards) != first
    rng.integers(10, size=5)  # other draws on the game's rng do not move the reshuffles
    assert reshuffled(rng, "皇恩", 0, cards) == first
    assert reshuffled(np.random.default_rng(4), "皇恩", 0, cards) != first


def test_die_rolls_are_keyed_by_seed_seat_round_and_number():
    """A roll does not depend on the rolls of other seats or rounds, nor on how many came before
    elsewhere; its faces are uniform over seeds."""
    base = load_config(BASE).params

    def rolls(seed: int, seat: int, rnd: int, before: list[tuple[int, int]]) -> list[int]:
        state = _deal(base, seed)
        for other_seat, other_round in before:  # another seat's or round's rolls first
            state.round = other_round
            roll(state, other_seat, 6)
        state.round = rnd
        return [roll(state, seat, 6) for _ in range(3)]

    plain = rolls(5, 2, 4, [])
    assert rolls(5, 2, 4, [(1, 4), (3, 4), (2, 3), (2, 5)]) == plain
    assert rolls(5, 2, 4, [(2, 4)])[:2] == plain[1:]  # the same seat's earlier roll this round counts
    assert rolls(6, 2, 4, []) != plain or rolls(7, 2, 4, []) != plain
    faces = np.bincount([rolls(seed, 0, 1, [])[0] for seed in range(600)], minlength=6)
    assert faces.min() > 60 and faces.max() < 140  # ~100 each


# --- forced cards (docs/card-lab.md) --------------------------------------------------------------


def _draft(state: MingchuState) -> MingchuState:
    """Play the draft (and the family goods it hands out) taking the first option each time."""
    while state.stage == "draft" or state.pending and state.decision().kind == "card_goods":
        SPEC.game.apply(state, SPEC.game.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("seed", range(6))
def test_a_forced_retainer_goes_to_its_seat_and_moves_nothing_else(seed):
    base = load_config(BASE).params
    seat = 2
    dealt = _deal(base, seed)
    # one card face up at setup (it must be hidden until the draft) and one deep in the deck
    for card in (dealt.retainer_row[0], dealt.retainer_deck[len(dealt.retainer_deck) // 2]):
        forced = load_config(BASE, overrides={"forced_cards": [{"deck": "门客", "card": card, "seat": seat}]})
        a, b = _draft(_deal(base, seed)), _draft(_deal(forced.params, seed))
        assert card in b.players[seat].retainers
        assert _other_decks(a) == _other_decks(b)
        given_up = a.players[seat].retainers[0]
        touched = {card, given_up, dealt.retainer_deck[0]}  # the bottom card hides a face-up one
        for other in range(5):
            if other != seat:
                assert a.players[other].retainers == b.players[other].retainers
        order_a = [c for c in [*a.retainer_row, *reversed(a.retainer_deck)] if c not in touched]
        order_b = [c for c in [*b.retainer_row, *reversed(b.retainer_deck)] if c not in touched]
        assert order_a == order_b
        assert SPEC.game.invariants(b) == []


def test_a_forced_family_card_goes_to_its_seat():
    base = load_config(BASE).params
    for seed in range(4):
        card = _deal(base, seed).draft_columns[0][1][0]  # dealt face up in the base game
        forced = load_config(BASE, overrides={"forced_cards": [{"deck": "家族", "card": card, "seat": 4}]})
        state = _draft(_deal(forced.params, seed))
        assert card in state.players[4].families
        assert sum(card in p.families for p in state.players) == 1
