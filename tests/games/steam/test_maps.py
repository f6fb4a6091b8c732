"""Map files and configs: bundled maps load, and bad maps fail with messages naming file, field, value."""

from __future__ import annotations

import copy

import numpy as np
import pytest
import yaml
from click.testing import CliRunner
from pydantic import ValidationError

from sim.cli import cli
from sim.config import load_config
from sim.config.errors import ConfigError
from sim.config.resources import config_root
from sim.core.play import play_game
from sim.games.steam import SPEC
from sim.games.steam.params import MapSpec, load_map
from sim.games.steam.rules.hexmap import hexmap
from tests.games.steam.helpers import TEST_MAP

MAPS = {"ne-usa": (3, 4), "rhine-ruhr": (3, 4, 5), "england-wales": (5, 6)}


@pytest.mark.parametrize("name", sorted(MAPS))
def test_bundled_maps_load_and_are_marked_approximate(name):
    spec = load_map(name)
    assert spec.approximation and spec.players == MAPS[name]
    hm = hexmap(spec)
    assert len(hm.cities) >= 10 and len(hm.towns) >= 10
    text = (config_root() / "steam" / "maps" / f"{name}.yaml").read_text()
    assert "APPROXIMATION" in text
    for c in hm.cities:  # every printed city can be left by track
        assert hm.open_sides[c]


def test_hexmap_is_cached_on_content():
    assert hexmap(load_map("ne-usa")) is hexmap(load_map("ne-usa"))


def bad(change):
    data = copy.deepcopy(TEST_MAP)
    change(data)
    with pytest.raises(ValidationError) as info:
        MapSpec.model_validate(data)
    return str(info.value)


def test_unknown_terrain():
    assert "unknown terrain 'x'" in bad(lambda d: d["grid"][0].update(hexes="..x"))


def test_city_off_the_grid():
    assert "cities.A: q=40, r=0 is off the grid" in bad(lambda d: d["cities"][0].update(q=40))


def test_two_cities_on_one_hex():
    assert "already holds A" in bad(lambda d: d["cities"][1].update(q=0, r=0))


def test_blocked_edge_between_non_neighbours():
    assert "not neighbours" in bad(lambda d: d.update(blocked=[{"a": [0, 0], "b": [3, 0]}]))


def test_bad_map_file_message_names_file_field_and_value(tmp_path, monkeypatch):
    from sim.games.steam import params as params_module

    (tmp_path / "broken.yaml").write_text(
        "name: broken\nplayers: [3]\ngrid: [{r: 0, q: 0, hexes: '.?'}]\ncities: []\n"
    )
    monkeypatch.setattr(params_module, "maps_dir", lambda: tmp_path)
    with pytest.raises(ValueError) as info:
        load_map("broken")
    text = str(info.value)
    assert "maps/broken.yaml" in text and "grid.0.hexes" in text and "'.?'" in text


def test_unsupported_player_count_is_refused():
    params = load_config(config_root() / "steam" / "base.yaml").params
    with pytest.raises(ValueError, match=r"maps/ne-usa.yaml: field 'players' = \[3, 4\] does not include 6"):
        SPEC.game.initial_state(params, 6, np.random.default_rng(0))


def test_unknown_map_name_in_a_config(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("game: steam\nmap: atlantis\n")
    with pytest.raises(ConfigError, match="atlantis"):
        load_config(path)


def test_configs_extend_base_and_hash_the_map_content():
    root = config_root() / "steam"
    base = load_config(root / "base.yaml")
    standard = load_config(root / "standard.yaml")
    ruhr = load_config(root / "rhine-ruhr.yaml")
    assert standard.params.rules == "standard" and standard.params.map == "ne-usa"
    assert ruhr.params.map == "rhine-ruhr" and ruhr.params.board.fewer_cubes_at_3
    assert len({base.config_hash, standard.config_hash, ruhr.config_hash}) == 3


def test_three_player_ruhr_draws_one_cube_fewer():
    params = load_config(config_root() / "steam" / "rhine-ruhr.yaml").params
    hm = hexmap(params.board)
    state = SPEC.game.initial_state(params, 3, np.random.default_rng(0))
    assert [len(state.cubes[c]) for c in hm.cities] == [hm.city_cubes[c] - 1 for c in hm.cities]
    assert all(len(s) == 2 for s in state.supply_sets)
    state4 = SPEC.game.initial_state(params, 4, np.random.default_rng(0))
    assert [len(state4.cubes[c]) for c in hm.cities] == [hm.city_cubes[c] for c in hm.cities]


HALVES = {
    "name": "halves",
    "players": [3, 4],
    "grid": [{"r": 0, "q": 0, "hexes": "...._...."}, {"r": 1, "q": 0, "hexes": "...._...."}],
    "cities": [
        {"id": "West", "q": 0, "r": 0, "colour": "red", "cubes": 2},
        {"id": "Westend", "q": 3, "r": 1, "colour": "blue", "cubes": 2},
        {"id": "East", "q": 5, "r": 0, "colour": "yellow", "cubes": 2},
        {"id": "Eastend", "q": 8, "r": 1, "colour": "purple", "cubes": 2},
    ],
    "towns": [{"id": "Midwest", "q": 2, "r": 0}, {"id": "Mideast", "q": 7, "r": 0}],
}
"""Two halves of land with no hex between them (column q=4 is empty)."""


def joined() -> dict:
    """``HALVES`` with the gap filled: one piece of land."""
    data = copy.deepcopy(HALVES)
    data["name"] = "joined"
    for row in data["grid"]:
        row["hexes"] = row["hexes"].replace("_", ".")
    return data


def test_a_map_in_two_unconnected_halves_is_refused_naming_the_cut_off_places():
    with pytest.raises(ValidationError) as info:
        MapSpec.model_validate(HALVES)
    text = str(info.value)
    assert "East, Eastend, Mideast cannot be reached by land from the other cities" in text
    assert "West" not in text.split("cannot")[0]
    MapSpec.model_validate(joined())  # the same places on one piece of land are fine


def test_blocked_borders_can_cut_a_city_off():
    data = joined()
    data["blocked"] = [{"a": [0, 0], "b": [1, 0]}, {"a": [0, 0], "b": [0, 1]}]  # West's only borders
    with pytest.raises(ValidationError, match="cities: West cannot be reached by land"):
        MapSpec.model_validate(data)
    data["blocked"] = data["blocked"][:1]
    MapSpec.model_validate(data)


def test_a_town_cut_off_alone_leaves_the_cities_connected():
    data = joined()
    data["grid"].append({"r": 3, "q": 0, "hexes": "."})
    data["towns"].append({"id": "Island", "q": 0, "r": 3})
    MapSpec.model_validate(data)


def write_map(path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def test_a_config_names_a_map_file_relative_to_itself(tmp_path, monkeypatch):
    designs = tmp_path / "designs"
    write_map(designs / "maps" / "joined.yaml", joined())
    (designs / "joined.yaml").write_text("game: steam\nextends: steam/base\nmap: maps/joined.yaml\n")
    # a config elsewhere extending it: the map stays relative to the config that names it
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "ruhr-rules.yaml").write_text("extends: ../designs/joined.yaml\nincome_max: 10\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    for path in (designs / "joined.yaml", tmp_path / "other" / "ruhr-rules.yaml"):
        config = load_config(path)
        assert config.params.map == "maps/joined.yaml" and config.params.board.name == "joined"
    record = play_game(SPEC, config.params, 3, 1, ["builder", "income", "random"])
    assert not record.error and record.end_reason == "last_turn_played" and max(record.scores) > 0
    assert (
        load_config(designs / "joined.yaml").config_hash
        != load_config(designs / "joined.yaml", {"map": "ne-usa"}).config_hash
    )


def test_a_config_on_a_split_map_is_refused_in_one_line(tmp_path):
    write_map(tmp_path / "maps" / "halves.yaml", HALVES)
    config = tmp_path / "split.yaml"
    config.write_text("game: steam\nextends: steam/base\nmap: maps/halves.yaml\n")
    result = CliRunner().invoke(cli, ["validate", str(config)])
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert "maps/halves.yaml" in lines[0] and "East, Eastend, Mideast cannot be reached by land" in lines[0]


def test_a_missing_map_file_is_named_with_where_it_was_looked_for(tmp_path):
    config = tmp_path / "x.yaml"
    config.write_text("game: steam\nmap: maps/mine.yaml\n")
    with pytest.raises(ConfigError) as info:
        load_config(config)
    assert f"{tmp_path / 'maps' / 'mine.yaml'} not found" in str(info.value)


def test_sim_check_and_run_a_config_with_its_own_map_from_an_empty_folder(tmp_path, monkeypatch):
    designs = tmp_path / "designs"
    write_map(designs / "maps" / "joined.yaml", joined())
    config = designs / "joined.yaml"
    config.write_text("game: steam\nextends: steam/base\nmap: maps/joined.yaml\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    result = CliRunner().invoke(cli, ["check", "steam", str(config), "--playouts", "1"])
    assert result.exit_code == 0 and "passed" in result.output, result.output
    result = CliRunner().invoke(cli, ["run", str(config), "-p", "3", "-n", "2", "-j", "1", "--out", "runs"])
    assert result.exit_code == 0, result.output
    assert (empty / "runs" / "run.json").is_file()


@pytest.mark.parametrize("name", sorted(MAPS))
def test_every_place_of_a_bundled_map_has_a_chinese_name(name):
    """A Chinese report names every city and town of every bundled map in Chinese, each differently."""
    places = [place.id for place in (*load_map(name).cities, *load_map(name).towns)]
    chinese = SPEC.report.display_names["zh"]["terms"]
    missing = [place for place in places if place not in chinese]
    assert missing == []
    assert all(not chinese[place].isascii() for place in places)
    assert len({chinese[place] for place in places}) == len(places)
