"""Rules verbs beyond play: determinism, descriptions, breakdown, ranking shape (observation: test_hidden_info)."""

from __future__ import annotations

from sim.core.decisions import Decision
from sim.core.play import play_game
from sim.games.brass import SPEC
from sim.games.brass.rules.build import BuildIndustry
from sim.games.brass.rules.cards import Scout
from sim.games.brass.rules.supply import ChooseCoal
from tests.games.brass.helpers import GAME, PARAMS, ROOT, legal, new_state, place


def test_same_seed_same_game():
    bots = ["merchant", "potter", "random"]
    a = play_game(SPEC, PARAMS, 3, 42, bots, catch_errors=False)
    b = play_game(SPEC, PARAMS, 3, 42, bots, catch_errors=False)
    assert a.scores == b.scores and a.breakdown == b.breakdown and a.actions == b.actions
    c = play_game(SPEC, PARAMS, 3, 43, bots, catch_errors=False)
    assert (c.scores, c.actions) != (a.scores, a.actions)


def test_describe_build_names_place_and_level():
    state = new_state()
    state.hands[0] = ["Dudley"]
    build = next(a for a in legal(state) if isinstance(a, BuildIndustry) and a.industry == "coal")
    assert GAME.describe(state, build) == f"P1 BuildIndustry coal L1 @ Dudley slot {build.slot} (card Dudley)"


def test_describe_labels_players_one_based():
    state = new_state()  # seat index 0 to act
    mine = place(state, 1, "Dudley", "coal", 1)
    dudley = state.board.loc_index["Dudley"]
    state.pending.push(Decision("coal", 0, (1, (dudley,))))  # seat 0 must take one coal
    assert GAME.describe(state, ChooseCoal(mine)) == "P1 ChooseCoal tile of P2 @ Dudley"


def test_scout_combinations_are_deduplicated():
    state = new_state()
    state.hands[0] = ["Dudley", "Dudley", "Dudley", "Birmingham"]
    scouts = [a for a in legal(state) if isinstance(a, Scout)]
    assert sorted(s.cards for s in scouts) == [
        ("Birmingham", "Dudley", "Dudley"),
        ("Dudley", "Dudley", "Dudley"),
    ]


def test_breakdown_columns_are_floats_and_declared():
    record = play_game(
        SPEC, PARAMS, 4, 3, ["merchant", "potter", "networker", "industrialist"], catch_errors=False
    )
    for row in record.breakdown:
        assert tuple(row) == SPEC.report.breakdown_columns
        assert all(isinstance(v, float) for v in row.values())
        assert row["actions_build_industry"] > 0 and row["actions_build_link"] > 0
    assert sorted(record.ranks)[0] == 1 and len(record.running_scores) == 16


def test_tiles_event_table_matches_breakdown():
    record = play_game(SPEC, PARAMS, 3, 8, ["merchant", "potter", "industrialist"], catch_errors=False)
    rows = record.events["tiles"]
    assert rows and set(rows[0]) == set(SPEC.report.event_tables["tiles"])
    for seat, breakdown in enumerate(record.breakdown):
        mine = [r for r in rows if r["seat"] == seat]
        assert len(mine) == sum(
            breakdown[f"tiles_built_{ind}"]
            for ind in ("cotton", "manufacturer", "pottery", "coal", "iron", "brewery")
        )
        industry_vp = breakdown["vp_industries_canal"] + breakdown["vp_industries_rail"]
        assert sum(r["vp"] for r in mine) == industry_vp
        assert all(r["flipped"] for r in mine if r["vp"])


def test_results_do_not_depend_on_string_hashing():
    import os
    import subprocess
    import sys

    code = (
        "from sim.core.play import play_game\n"
        "from sim.games.brass import SPEC\n"
        "from tests.games.brass.helpers import PARAMS\n"
        "r = play_game(SPEC, PARAMS, 3, 9, ['merchant', 'potter', 'networker'], catch_errors=False)\n"
        "print(r.scores, r.actions)\n"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
