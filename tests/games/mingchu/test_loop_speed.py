"""The loop-and-setup speed-ups give the same numbers as what they replace: the keyed deck orders
(``draws.keyed_order``) and the random bot's picks (``OwnedIntegers``), compared with numpy."""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import pytest

from sim.core.random_bot import OwnedIntegers, RandomBot
from sim.games.mingchu import draws


def numpy_keyed_order(key: bytes, deck: str, cards: list[str]) -> list[str]:
    """The keyed order as first written: each copy's seed the game key's blake2b of its deck, card and
    number, one numpy generator per card copy, a priority matrix."""
    labels = sorted(cards)
    n = len(labels)
    priority = np.empty((n, n))
    seen: Counter[str] = Counter()
    for i, card in enumerate(labels):
        text = f"{deck}\x1f{card}\x1f{seen[card]}".encode()
        seed = int.from_bytes(hashlib.blake2b(text, key=key, digest_size=8).digest(), "little")
        priority[i] = np.random.default_rng(seed).random(n)
        seen[card] += 1
    drawn = []
    for t in range(n):
        i = int(np.argmin(priority[:, t]))
        drawn.append(labels[i])
        priority[i, :] = np.inf
    return drawn[::-1]


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
    """The same order as the numpy version for many game keys and decks, duplicates included."""
    meta = np.random.default_rng(size)
    for trial in range(25):
        key = bytes(meta.integers(0, 256, 16, dtype=np.uint8))
        kinds = max(1, size // int(meta.integers(1, 4)))  # decks of distinct cards and of many copies
        cards = [f"卡{int(meta.integers(kinds))}" for _ in range(size)]
        deck = f"deck{trial}"
        assert draws.keyed_order(key, deck, cards) == numpy_keyed_order(key, deck, cards)
        assert draws.keyed_order(key, deck, cards[::-1]) == numpy_keyed_order(key, deck, cards)


def test_owned_integers_match_numpy() -> None:
    """``OwnedIntegers.below(n)`` is ``int(rng.integers(n))`` call for call, rejections included,
    also when the generator holds a buffered half word before it is taken over."""
    meta = np.random.default_rng(11)
    for trial in range(40):
        seed = int(meta.integers(2**62))
        theirs, mine = np.random.default_rng(seed), np.random.default_rng(seed)
        if trial % 2:
            theirs.integers(9)
            mine.integers(9)
        owned = OwnedIntegers(mine)
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
