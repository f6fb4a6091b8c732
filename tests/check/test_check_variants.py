"""``sim check --variants``: the bots answer each game's planted variants, and the check can fail."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from sim.check_variants import check_variants, variant_lines
from sim.cli import cli
from sim.config.loader import load_config
from sim.config.merge import parse_override
from sim.core.planted import PlantedVariant
from sim.games import game_names, get_game

FEW = {"brass": 2, "steam": 3, "mingchu": 4}
"""The fewest players each game is played at here (fast games)."""


@pytest.mark.parametrize("name", ["brass", "steam"])
def test_bundled_variants_move_play_the_expected_way(name: str) -> None:
    spec = get_game(name)
    assert spec.report.planted_variants, f"{name} declares no planted variants"
    results = check_variants(spec, n_players=FEW[name], games=4)
    failed = [line for line in variant_lines(name, results) if "failed" in line]
    assert all(r.passed for r in results), failed
    assert all(r.changed == r.games for r in results)


def test_mingchu_coins_worth_more_points_keep_more_coins() -> None:
    spec = get_game("mingchu")
    results = check_variants(spec, n_players=FEW["mingchu"], games=3)
    assert [r.variant.override for r in results] == ["scoring.coins_per_vp=2"]
    assert all(r.passed for r in results), list(variant_lines("mingchu", results))


def test_a_number_the_bots_do_not_read_is_reported_as_play_unchanged() -> None:
    """Brass's VP lost per £ of shortfall is end-of-turn scoring no bot weighs: the same moves."""
    unread = PlantedVariant("shortfall.vp_per_pound_short=3", "actions_build_link", +1, "unread")
    (result,) = check_variants(get_game("brass"), variants=[unread], n_players=2, games=3)
    assert result.changed == 0 and not result.play_changed
    assert result.base == result.value and result.agreeing == 0
    assert not result.passed
    lines = list(variant_lines("brass", [result]))
    assert any("failed: play unchanged" in line for line in lines)
    assert lines[-1] == "brass: 1 planted variant(s): failed: 1 of 1 variant(s)"


def test_a_measure_moving_the_wrong_way_fails() -> None:
    """Cheaper canal links with the expectation reversed: play changes, the measure goes the other way."""
    wrong = PlantedVariant("links.canal_cost=1", "actions_build_link", -1, "reversed")
    (result,) = check_variants(get_game("brass"), variants=[wrong], n_players=2, games=3)
    assert result.play_changed
    assert result.value > result.base
    assert not result.moved and not result.passed
    assert any("did not move the expected way" in line for line in variant_lines("brass", [result]))


@pytest.mark.parametrize("name", sorted(game_names()))
def test_declared_variants_name_a_breakdown_column_and_a_valid_override(name: str) -> None:
    spec = get_game(name)
    for variant in spec.report.planted_variants:
        assert variant.measure in spec.report.breakdown_columns
        key, value = parse_override(variant.override)
        load_config(spec.default_config, {key: value})  # a ConfigError fails the test


def test_an_unknown_measure_or_direction_is_refused() -> None:
    with pytest.raises(ValueError, match="direction"):
        PlantedVariant("links.canal_cost=1", "actions_build_link", 0)
    bad = PlantedVariant("links.canal_cost=1", "no_such_column", +1)
    with pytest.raises(ValueError, match="not a breakdown column"):
        check_variants(get_game("brass"), variants=[bad], n_players=2, games=1)


def test_sim_check_variants_prints_each_variant_in_plain_words() -> None:
    result = CliRunner().invoke(
        cli, ["check", "steam", "-p", "3", "--playouts", "1", "--probe-every", "1000", "--variants", "2"]
    )
    out = result.output
    assert "Planted variants: 2 paired games each at 3 players" in out
    assert "variant income_vp_divisor=1 (each income step scores 1 VP" in out
    assert "final_income per player: base " in out and "(expected higher; higher in " in out
    assert "the bots played differently in 2 of 2 games at 3 players" in out
    assert out.rstrip().endswith("steam: 2 planted variant(s): passed"), out
    assert result.exit_code == 0
