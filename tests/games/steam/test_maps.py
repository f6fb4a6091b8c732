"""Map files and configs: bundled maps load, and bad maps fail with messages naming file, field, value."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from pydantic import ValidationError

from sim.config import load_config
from sim.config.errors import ConfigError
from sim.config.resources import config_root
from sim.games.steam import SPEC
from sim.games.steam.hexmap import hexmap
from sim.games.steam.params import MapSpec, load_map
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
