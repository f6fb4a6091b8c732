"""``Pending.next`` is a kept attribute: after any sequence of changes, copies and pickles it is
the decision a fresh look at the open decisions resolves first."""

from __future__ import annotations

import copy
import pickle
import random

from sim.core.decisions import Decision, Pending


def _fresh_next(pending: Pending) -> Decision | None:
    return next(iter(pending), None)


def test_next_is_always_the_first_open_decision():
    rng = random.Random(7)
    pending = Pending()
    assert pending.next is None
    for step in range(2_000):
        move = rng.choice(("push", "push", "queue", "pop", "pop", "clear", "copy", "pickle", "clone"))
        if move == "push":
            pending.push(Decision("a", step % 5, {"n": step}))
        elif move == "queue":
            pending.queue(Decision("b", step % 5, {"n": step}))
        elif move == "pop" and pending:
            first = _fresh_next(pending)
            assert pending.pop() is first
        elif move == "clear" and rng.random() < 0.1:
            pending.clear()
        elif move == "copy":
            pending = copy.deepcopy(pending) if rng.random() < 0.5 else copy.copy(pending)
        elif move == "pickle":
            pending = pickle.loads(pickle.dumps(pending))
        elif move == "clone":
            pending = pending.clone()
        assert pending.next is _fresh_next(pending), (step, move)
