"""明初商途's seat-order counterfactuals (``seats.*_shift``) rotate one phase's seat order alone, and
``seats.points`` adds its points to a seat's score; the defaults are the rules (M09, M11/M12, M13)."""

from __future__ import annotations

from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.goals.seats import GOALS, PHASES, PLAYS
from tests.games.mingchu.helpers import PARAMS, RULES, play_until


def _order(seats: dict, n: int = 4) -> dict[str, list[int]]:
    """The seats in the order they decide each setup kind and the first round's turns."""
    params = PARAMS.model_copy(update={"seats": PARAMS.seats.model_copy(update=seats)})
    state = RULES.initial_state(params, n, setup_rng(0))
    order: dict[str, list[int]] = {}

    def stop(s) -> bool:
        decision = s.pending.next if s.pending else None
        if decision is not None and decision.kind in ("draft", "place_manager", "setup_road", "turn"):
            seen = order.setdefault(decision.kind, [])
            if not seen or seen[-1] != decision.seat or decision.kind != "turn":
                seen.append(decision.seat)
        return s.round > 1 or len(order.get("turn", [])) >= n

    play_until(state, stop)
    return order


def test_by_the_rules_the_draft_runs_backwards_and_placement_and_turns_forwards():
    order = _order({})
    assert order["draft"] == [3, 2, 1, 0]
    assert order["place_manager"] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert order["setup_road"] == [0, 1, 2, 3]
    assert order["turn"][:4] == [0, 1, 2, 3]


def test_each_shift_rotates_its_own_phase_alone():
    rules = _order({})
    draft = _order({"draft_shift": 1})
    assert draft["draft"] == [(s + 1) % 4 for s in rules["draft"]]
    assert {k: v for k, v in draft.items() if k != "draft"}.keys() == {"place_manager", "setup_road", "turn"}
    placement = _order({"placement_shift": 1})
    assert placement["draft"] == rules["draft"]
    assert placement["place_manager"] == [(s + 1) % 4 for s in rules["place_manager"]]
    assert placement["setup_road"] == [(s + 1) % 4 for s in rules["setup_road"]]
    assert placement["turn"][:4] == rules["turn"][:4]
    play = _order({"play_shift": 1})
    assert play["draft"] == rules["draft"] and play["place_manager"] == rules["place_manager"]
    assert play["turn"][:4] == [1, 2, 3, 0]


def test_seat_points_add_to_the_scores():
    params = PARAMS.model_copy(update={"seats": PARAMS.seats.model_copy(update={"points": (0, 2, 5)})})
    plain = RULES.initial_state(PARAMS, 4, setup_rng(1))
    given = RULES.initial_state(params, 4, setup_rng(1))
    gap = [b - a for a, b in zip(RULES.running_scores(plain), RULES.running_scores(given), strict=True)]
    assert gap == [0.0, 2.0, 5.0, 0.0]


def test_the_spec_declares_one_play_per_phase_and_the_seat_goals():
    assert {play.key for play in PLAYS} == {f"seats_{phase}" for phase in PHASES}
    assert {play.sets for play in PLAYS} == {(f"{path}=1",) for path in PHASES.values()}
    assert {"seat_source", "seat_compensation"} <= {goal.key for goal in SPEC.report.goals}
    assert {play.key for play in PLAYS} <= {play.key for play in SPEC.report.goal_plays}
    assert all(goal in SPEC.report.goals for goal in GOALS)
