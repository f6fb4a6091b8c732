"""The diversity goal's measure (``sim.stats.goals_diversity``) on hand-made runs with known answers."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from sim.stats.goals_diversity import game_diversity, jaccard_distances, pair_mean, resampled_pair_mean

N = 40


def _run(cards_of, route_of) -> SimpleNamespace:
    """``N`` two-player games: game g's first-round cards ``cards_of(g, 1)``, later ones
    ``cards_of(g, 2)``; its winner (seat 0) scores from the column ``route_of(g)``."""
    players, cards = [], []
    for gid in range(N):
        for seat in range(2):
            points = {f"vp_{k}": 0.0 for k in range(3)}
            if seat == 0:
                points[f"vp_{route_of(gid)}"] = 5.0
            players.append(
                {
                    "game": "g",
                    "variant": "v",
                    "n_players": 2,
                    "gid": gid,
                    "seat": seat,
                    "won": seat == 0,
                    **points,
                }
            )
        for rnd in (1, 2):
            cards += [
                {"gid": gid, "deck": "d", "card_id": c, "round": rnd, "kind": "drawn"}
                for c in cards_of(gid, rnd)
            ]
            cards.append(
                {"gid": gid, "deck": "d", "card_id": "x", "round": rnd, "kind": "played"}
            )  # not drawn
    return SimpleNamespace(players=pd.DataFrame(players), events={"cards": pd.DataFrame(cards)})


def test_games_that_repeat_one_setup_the_same_cards_and_one_route_read_zero():
    row = game_diversity(_run(lambda g, r: ["a", "b", f"r{r}"], lambda g: 1)).iloc[0]
    assert (row["value"], row["low"], row["high"]) == (0.0, 0.0, 0.0)
    assert row["games"] == N


def test_games_sharing_no_card_and_alternating_two_routes():
    row = game_diversity(_run(lambda g, r: [f"{g}-{r}-{k}" for k in range(3)], lambda g: g % 2)).iloc[0]
    route = N / (2 * (N - 1))  # the share of pairs whose winners' routes differ
    assert row["value"] == pytest.approx((1 + 1 + route) / 3)
    assert row["low"] <= row["value"] <= row["high"]
    assert (row["driver"], row["driver_value"]) == ("route", pytest.approx(route))


def test_the_setup_facet_reads_the_first_round_alone():
    # one setup for every game, then different cards: the setup facet is 0, the cards' is not
    row = game_diversity(_run(lambda g, r: ["s1", "s2"] if r == 1 else [f"{g}"], lambda g: 0)).iloc[0]
    assert row["driver"] in ("setup", "route") and row["driver_value"] == 0.0
    # every game draws s1, s2 and its own card: 1 - 2/4 between two games
    assert row["value"] == pytest.approx((0 + 0.5 + 0) / 3)


def test_jaccard_distances_known_answers():
    d = jaccard_distances([frozenset("ab"), frozenset("bc"), frozenset(), frozenset()])
    assert d[0, 1] == pytest.approx(1 - 1 / 3) and d[0, 2] == 1.0 and d[2, 3] == 0.0
    assert np.allclose(d, d.T) and np.allclose(np.diag(d)[:2], 0.0)


def test_the_bootstrap_pair_mean_by_weights_equals_the_one_by_copies():
    rng = np.random.default_rng(4)
    for n in (2, 7, 60):
        d = rng.random((n, n))
        d = (d + d.T) / 2
        np.fill_diagonal(d, 0.0)
        for _ in range(20):
            pick = rng.integers(0, n, n)
            both = pair_mean(d, pick), resampled_pair_mean(d, pick)
            assert both[0] == pytest.approx(both[1], abs=1e-12) or all(x != x for x in both)


def test_a_run_larger_than_the_cap_is_read_through_a_seeded_sample(monkeypatch):
    """Above ``MAX_GAMES`` the measure reads a seeded sample of that many games (memory stays
    games² of the cap): the same value every time, the known answer's within its interval."""
    import sim.stats.goals_diversity as diversity

    run = _run(lambda g, r: [f"{g}-{r}-{k}" for k in range(3)], lambda g: g % 2)
    whole = game_diversity(run).iloc[0]
    monkeypatch.setattr(diversity, "MAX_GAMES", 16)
    first, again = game_diversity(run).iloc[0], game_diversity(run).iloc[0]
    assert (whole["games"], first["games"]) == (N, 16) and first.equals(again)
    assert first["low"] <= whole["value"] <= first["high"]
