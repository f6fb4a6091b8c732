"""Card study: paired effects, corrected intervals and verdicts on planted data, and one real study."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.cards.effects import (
    NOT_ENOUGH,
    TOO_STRONG,
    TOO_WEAK,
    WITHIN,
    Arm,
    card_effects,
    estimate,
    forced_units,
    removed_units,
    stream,
    verdict,
)

N_PLAYERS = 4


def planted_players(seeds: int, strength: dict[str, float], seed: int = 0) -> tuple[pd.DataFrame, dict]:
    """Synthetic per-seat results of a base arm and the forced arms of each card.

    In every game one seat wins (win share 1). A forced card of strength s makes its seat win with
    probability 1/n + s (the other seats share the rest); without it every seat wins 1/n of games.
    """
    rng = np.random.default_rng(seed)
    rows, arms = [], {"base": Arm("base")}

    def game(label: str, index: int, holder: int | None, s: float) -> None:
        weights = np.full(N_PLAYERS, 1 / N_PLAYERS)
        if holder is not None:
            weights = np.full(N_PLAYERS, (1 - (1 / N_PLAYERS + s)) / (N_PLAYERS - 1))
            weights[holder] = 1 / N_PLAYERS + s
        winner = rng.choice(N_PLAYERS, p=weights)
        for seat in range(N_PLAYERS):
            won = float(seat == winner)
            rows.append(
                {"variant": label, "game_index": index, "seat": seat, "win_share": won, "score": 10 * won}
            )

    for index in range(seeds):
        game("base", index, None, 0.0)
    for card, s in strength.items():
        for seat in range(N_PLAYERS):
            arms[f"forced-{card}-{seat}"] = Arm("forced", card, seat)
            for index in range(seeds):
                game(f"forced-{card}-{seat}", index, seat, s)
    return pd.DataFrame(rows), arms


def test_verdicts_read_the_interval_against_the_band():
    assert verdict(0.04, 0.10, 0.03) == TOO_STRONG
    assert verdict(-0.10, -0.04, 0.03) == TOO_WEAK
    assert verdict(-0.02, 0.025, 0.03) == WITHIN
    assert verdict(-0.05, 0.05, 0.03) == NOT_ENOUGH  # wider than the band
    assert verdict(0.01, 0.06, 0.03) == NOT_ENOUGH  # narrow, but across an edge
    assert verdict(float("nan"), float("nan"), 0.03) == NOT_ENOUGH


def test_estimate_is_seeded_and_widens_with_the_correction():
    values = np.random.default_rng(3).normal(0.1, 1.0, size=200)
    one = estimate(values, 0.95, stream(1, "card", "forced", "win_share"))
    again = estimate(values, 0.95, stream(1, "card", "forced", "win_share"))
    corrected = estimate(values, 1 - 0.05 / 24, stream(1, "card", "forced", "win_share"))
    assert one == again
    assert one["lo"] < one["estimate"] < one["hi"]
    assert corrected["hi"] - corrected["lo"] > one["hi"] - one["lo"]
    assert abs(one["se"] - values.std(ddof=1) / np.sqrt(len(values))) < 0.15 * one["se"]
    few = estimate(values[:5], 0.95, stream(1, "x"))
    assert np.isnan(few["lo"]) and few["units"] == 5


def test_forced_effect_pairs_each_seat_with_the_same_seed_and_seat():
    players = pd.DataFrame(
        [
            {"variant": "base", "game_index": 0, "seat": 0, "win_share": 0.0, "score": 5.0},
            {"variant": "base", "game_index": 0, "seat": 1, "win_share": 1.0, "score": 9.0},
            {"variant": "f0", "game_index": 0, "seat": 0, "win_share": 1.0, "score": 12.0},
            {"variant": "f0", "game_index": 0, "seat": 1, "win_share": 0.0, "score": 8.0},
            {"variant": "f1", "game_index": 0, "seat": 0, "win_share": 0.0, "score": 5.0},
            {"variant": "f1", "game_index": 0, "seat": 1, "win_share": 1.0, "score": 11.0},
        ]
    )
    arms = {"base": Arm("base"), "f0": Arm("forced", "c", 0), "f1": Arm("forced", "c", 1)}
    units = forced_units(players, arms, "c")
    # seat 0: 1 - 0 and 12 - 5; seat 1: 1 - 1 and 11 - 9; mean over the seats of the seed
    assert units["win_share"].tolist() == [0.5]
    assert units["score"].tolist() == [4.5]
    assert units["seats"].tolist() == [2]
    holders = pd.DataFrame([{"game_index": 0, "seat": 1, "card_id": "c"}])
    arms["r"] = Arm("removed", "c")
    removed = players.assign(variant=players["variant"].replace({"f0": "r"}))
    units = removed_units(removed, holders, arms, "c")
    assert units["win_share"].tolist() == [1.0] and units["score"].tolist() == [
        1.0
    ]  # base seat 1 minus removed seat 1


def test_planted_strong_card_is_too_strong_and_blank_card_never_is():
    players, arms = planted_players(300, {"strong": 0.30, "blank": 0.0})
    units = {(card, "forced"): forced_units(players, arms, card) for card in ("strong", "blank")}
    table = card_effects(units, {"forced": 300 * N_PLAYERS}, tolerance=0.03, seed=1)
    shares = table[table["metric"] == "win_share"].set_index("card")
    assert shares.loc["strong", "verdict"] == TOO_STRONG
    assert shares.loc["strong", "lo"] > 0.03
    assert shares.loc["blank", "verdict"] in (WITHIN, NOT_ENOUGH)
    assert shares.loc["blank", "lo"] < 0 < shares.loc["blank", "hi"]
    assert (shares["level"] == 1 - 0.05 / 2).all()
    assert shares.loc["strong", "p_holm"] < 0.001
    again = card_effects(units, {"forced": 300 * N_PLAYERS}, tolerance=0.03, seed=1)
    pd.testing.assert_frame_equal(table, again)


@pytest.mark.parametrize("seed", range(5))
def test_a_blank_card_is_not_called_too_strong_on_small_runs(seed):
    players, arms = planted_players(12, {"blank": 0.0}, seed=seed)
    units = {("blank", "forced"): forced_units(players, arms, "blank")}
    row = card_effects(units, {"forced": 48}, tolerance=0.03, seed=seed).iloc[0]
    assert row["verdict"] != TOO_STRONG
