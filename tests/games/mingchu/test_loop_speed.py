"""The loop-and-setup speed-ups give the same numbers as what they replace: the keyed deck orders
(``draws.keyed_order``) and the random bot's picks (``OwnedIntegers``), compared with numpy."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.owned_integers import OwnedIntegers
from sim.core.random_bot import RandomBot
from sim.games.mingchu.rules import draws


def test_copy_streams_are_numpys_default_rng() -> None:
    """Each copy's numbers are ``default_rng(seed).random()``'s, bit for bit, for seeds of every size."""
    meta = np.random.default_rng(7)
    seeds = [0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1]
    seeds += [int(s) for s in meta.integers(0, 2**64 - 1, 300, dtype=np.uint64)]
    seeds += [int(s) for s in meta.integers(0, 2**32, 100)]
    for seed in seeds:
        stream = draws._Pcg64(seed)
        mine = [stream.next53() / 2.0**53 for _ in range(40)]
        assert mine == np.random.default_rng(seed).random(40).tolist(), seed


@pytest.mark.parametrize("size", [0, 1, 2, 3, 8, 24, 40])
def test_keyed_order_matches_numpy(size: int) -> None:
    """The same order as the plain statement (numpy, ``keyed_order_plain``) for many game keys and
    decks, duplicates included."""
    meta = np.random.default_rng(size)
    for trial in range(25):
        key = bytes(meta.integers(0, 256, 16, dtype=np.uint8))
        kinds = max(1, size // int(meta.integers(1, 4)))  # decks of distinct cards and of many copies
        cards = [f"卡{int(meta.integers(kinds))}" for _ in range(size)]
        deck = f"deck{trial}"
        assert draws.keyed_order(key, deck, cards) == draws.keyed_order_plain(key, deck, cards)
        assert draws.keyed_order(key, deck, cards[::-1]) == draws.keyed_order_plain(key, deck, cards)


def _twin_generators(meta: np.random.Generator, buffered: bool) -> tuple[np.random.Generator, OwnedIntegers]:
    """numpy's generator and an ``OwnedIntegers`` taking over its twin (same seed, drawn from ``meta``);
    ``buffered``: both have drawn once first, so the twin holds a buffered half word when taken over."""
    seed = int(meta.integers(2**62))
    theirs, mine = np.random.default_rng(seed), np.random.default_rng(seed)
    if buffered:
        theirs.integers(9)
        mine.integers(9)
    return theirs, OwnedIntegers(mine)


def test_owned_integers_match_numpy() -> None:
    """``OwnedIntegers.below(n)`` is ``int(rng.integers(n))`` call for call, rejections included,
    also when the generator holds a buffered half word before it is taken over."""
    meta = np.random.default_rng(11)
    for trial in range(40):
        theirs, owned = _twin_generators(meta, buffered=bool(trial % 2))
        for _ in range(600):
            n = int(
                meta.choice([1, 2, 3, 5, 17, 2**31 + 5, 3 * 2**30, 2**32 - 1, int(meta.integers(1, 2**32))])
            )
            assert owned.below(n) == int(theirs.integers(n))


def test_random_bot_owned_chooser_picks_as_choose() -> None:
    legal_lists = [list(range(n)) for n in (1, 2, 5, 1, 1, 7, 30, 2, 1, 3)] * 50
    bot = RandomBot(0)
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    pick = bot.owned_chooser(b)
    assert pick is not None
    assert [pick(legal) for legal in legal_lists] == [bot.choose(None, legal, a) for legal in legal_lists]

    class Other(RandomBot):
        pass

    assert Other(0).owned_chooser(a) is None


def test_kept_tie_keys_equal_fresh_ones() -> None:
    """``KeyedTies`` keeps each context's key: numbers asked again, in any order and after other
    contexts, are those of a fresh object; a context that cannot be a dict key still works."""
    from sim.core.tiebreak import KeyedTies

    def fresh(seed: int) -> KeyedTies:
        keyed = KeyedTies()
        keyed.start(np.random.default_rng(seed))
        return keyed

    kept = fresh(5)
    actions = [("move", 3), ("build", 7), ("pass",), "甲"]
    contexts = [(r, kind) for r in range(4) for kind in ("turn", "sell")] + [(2, "buyback", 3)]
    for context in contexts + contexts[::-1] + contexts:
        assert kept.noise(actions, *context) == fresh(5).noise(actions, *context)
        assert kept.chance(*context) == fresh(5).chance(*context)
    assert kept.noise(actions, [1, 2]) == fresh(5).noise(actions, [1, 2])


class _Span:
    """A sequence of ``n`` numbers (``span[i] == i``) without the list: ``pick`` on any length."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, index: int) -> int:
        assert 0 <= index < self.n
        return index


def test_owned_pick_is_below_rejections_included() -> None:
    """``OwnedIntegers.pick(legal)`` is ``legal[int(rng.integers(len(legal)))]`` call for call, also for
    lengths where numpy rejects words (``3 * 2**30``: about one word in four) and after a buffered half."""
    meta = np.random.default_rng(12)
    for trial in range(20):
        theirs, owned = _twin_generators(meta, buffered=bool(trial % 2))
        for _ in range(700):
            n = int(meta.choice([1, 2, 3, 7, 40, 2**31 + 5, 3 * 2**30, 2**32 - 1]))
            assert owned.pick(_Span(n)) == int(theirs.integers(n))


def _reference_noise(salt: int, actions: list, context: tuple, table: dict) -> list[float]:
    """The tie-break numbers as first written: fmix64 (the plain statement, ``fmix64_plain``) of the
    context's key and the action's code, each action's code kept in ``table`` under the action itself
    (so equal actions share the first one's)."""
    from sim.core.tiebreak import fmix64_plain, stable_code

    key = fmix64_plain(salt ^ fmix64_plain(stable_code(context)))
    codes = [table.setdefault(action, stable_code(action)) for action in actions]
    return [fmix64_plain(key ^ code) / 2.0**64 for code in codes]


def test_kept_tie_codes_equal_fresh_ones_for_every_legal_action() -> None:
    """The codes ``KeyedTies`` keeps (by field values for dataclass actions, by the action otherwise)
    give the numbers of the action-keyed table they replace for every legal action of a random 5-player game, asked again
    after other decisions, and for actions of other shapes: tuples, strings, a dataclass with a list
    field (hashed by identity), a slotted one, one with its own ``repr`` or ``==``, equal values of other types."""
    from dataclasses import dataclass, field

    from sim.config import load_config
    from sim.core.play import setup_rng
    from sim.core.tiebreak import KeyedTies
    from sim.games.mingchu import SPEC

    @dataclass(eq=False)
    class Listed:  # hashed by identity: a list field
        items: list = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass(frozen=True)
    class Own:
        a: int

        def __repr__(self) -> str:
            return f"own {self.a}"

    @dataclass(frozen=True)
    class Loose:
        a: int

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Loose) and abs(self.a - other.a) < 2

        def __hash__(self) -> int:
            return 0

    @dataclass(frozen=True)
    class Hidden:
        a: int
        b: int = field(default=0, repr=False)

    kept = KeyedTies()
    kept.start(np.random.default_rng(8))
    assert kept.salt is not None
    odd = [
        ("move", 3),
        "甲",
        5,
        Listed([1]),
        Listed([1]),
        Slotted(2),
        Own(1),
        Own(2),
        Hidden(1, 1),
        Hidden(1, 2),
    ]
    odd += [Slotted(True), Slotted(1), Own(True), Loose(1), Loose(2), Loose(5)]
    table: dict = {}
    assert kept.noise(odd, 1, "turn") == _reference_noise(kept.salt, odd, (1, "turn"), table)
    game = SPEC.game
    state = game.initial_state(load_config("configs/mingchu/base.yaml").params, 5, setup_rng(4))
    rng = np.random.default_rng(4)
    asked = 0
    while not game.is_terminal(state):  # the whole game
        legal = list(game.legal_actions(state))
        context = (state.round, state.pending.next.kind)
        assert kept.noise(legal, *context) == _reference_noise(kept.salt, legal, context, table)
        asked += 1
        game.apply(state, legal[int(rng.integers(len(legal)))])
    assert asked > 900
    # the game's actions take the field-value path; the classes with their own repr or == do not
    from sim.core.tiebreak import _fields_of

    assert len(kept._fields) > 100
    assert _fields_of(Own) is None and _fields_of(Loose) is None and _fields_of(Hidden) is None
    assert _fields_of(Slotted) is not None


def test_limb_mix_is_fmix64() -> None:
    """The tie-breaks' kernel ``_mix`` (fmix64 on 16-bit limbs) is the plain statement
    ``fmix64_plain`` for edge values and many random 64-bit numbers."""
    from sim.core.tiebreak import _mix, fmix64_plain

    numbers = [0, 1, 2**32 - 1, 2**32, 2**33 + 1, 2**63, 2**64 - 1]
    numbers += [int(x) for x in np.random.default_rng(9).integers(0, 2**64 - 1, 5000, dtype=np.uint64)]
    for x in numbers:
        assert _mix(x) == fmix64_plain(x), x


def test_pcg_multiplier_limbs_are_the_multipliers() -> None:
    """The 16-bit limbs written out as literals (machine integers in the compiled core) are those of
    PCG64's 128-bit multiplier, lowest first."""
    limbs = [draws._A0, draws._A1, draws._A2, draws._A3, draws._A4, draws._A5, draws._A6, draws._A7]
    assert sum(limb << (16 * k) for k, limb in enumerate(limbs)) == draws._MULTIPLIER
    assert all(0 <= limb < 2**16 for limb in limbs)


def test_word_halves_are_the_masked_halves() -> None:
    """``OwnedIntegers`` reads a batch of 64-bit words as their 32-bit halves, low half first."""
    from sim.core.owned_integers import _halves

    raw = np.random.default_rng(2).bit_generator.random_raw(300)
    split = [half for word in raw.tolist() for half in (word & 0xFFFFFFFF, word >> 32)]
    assert _halves(raw) == split
