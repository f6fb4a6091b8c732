"""The registry finds games as modules and a game's configs where its package declares them.

Bundled games are the subpackages of ``sim.games``; a registered game's configs are named
``<game>/<variant>`` from the folder its spec declares (also under a name registered through
``SIM_GAME_MODULES``, where no bundled folder of that name exists); a config in that folder, or one
extending it, may leave ``game:`` out; a config anywhere else may not."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sim.config.errors import ConfigError
from sim.config.loader import load_config
from sim.core import resources
from sim.core.registry import GAME_MODULES, config_dir, config_name, game_of_config, get_game
from sim.core.resources import bundled_config, config_game, config_root, extends_reference, shown_config

ROOT = Path(__file__).resolve().parents[2]
TOY = get_game("toy")


def test_the_bundled_games_are_the_packages_of_sim_games():
    packages = sorted(p.name for p in (ROOT / "sim" / "games").iterdir() if (p / "__init__.py").is_file())
    assert sorted(GAME_MODULES) == [p for p in packages if not p.startswith("_")]
    assert all(module == f"sim.games.{name}" for name, module in GAME_MODULES.items())


def test_the_toy_declares_the_configs_folder_of_its_package():
    package = ROOT / "sim" / "games" / "toy"
    assert TOY.config_dir == package / "configs" == config_dir("toy")
    assert "game" not in yaml.safe_load(TOY.default_config.read_text(encoding="utf-8"))
    assert (ROOT / "configs" / "toy").resolve() == TOY.config_dir  # the repository's path, kept as a link


@pytest.mark.parametrize("given", ["toy", "toy/base", "toy/long.yaml"])
def test_a_bundled_name_finds_the_config_in_the_package(given):
    found = bundled_config(given)
    assert found is not None and found.resolve().parent == TOY.config_dir
    assert found.stem == (given.removesuffix(".yaml").partition("/")[2] or "base")


def test_a_registered_name_names_the_configs_its_package_declares(monkeypatch):
    assert bundled_config("racer/long") is None and config_dir("racer") is None
    monkeypatch.setenv("SIM_GAME_MODULES", "racer=sim.games.toy")
    assert bundled_config("racer/long") == TOY.config_dir / "long.yaml"
    assert not (config_root() / "racer").exists()  # found through the package, not a bundled folder
    assert bundled_config("racer/missing") is None


def test_a_config_of_the_package_is_of_its_game_without_a_game_line():
    assert game_of_config(TOY.default_config) == "toy"
    assert game_of_config(ROOT / "configs" / "toy" / "long.yaml") == "toy"
    config = load_config(TOY.config_dir / "long.yaml")
    assert config.game == "toy" and config.params.target == 20 and next(iter(config.data)) == "game"


def test_a_config_extending_the_package_config_by_path_is_of_its_game(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(f"extends: {TOY.default_config.as_posix()}\ntarget: 15\n", encoding="utf-8")
    config = load_config(mine)
    assert config.game == "toy" and config.params.target == 15 and config.params.max_step == 3


def test_a_config_outside_any_game_package_still_needs_a_game(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("", encoding="utf-8")  # not importable from here
    for folder in (tmp_path, tmp_path / "pkg"):
        path = folder / "x.yaml"
        path.write_text("target: 15\n", encoding="utf-8")
        assert game_of_config(path) is None
        with pytest.raises(ConfigError, match="missing 'game:'"):
            load_config(path)


def test_a_package_that_is_no_game_claims_no_config():
    assert game_of_config(ROOT / "sim" / "report" / "configs" / "x.yaml") is None  # sim.report: no SPEC
    assert game_of_config(TOY.config_dir / "sub" / "x.yaml") is None  # a folder below the declared one


def test_reports_and_extends_name_the_package_configs_by_game():
    for path in (TOY.default_config, ROOT / "configs" / "toy" / "base.yaml"):
        assert config_name(path) == "toy/base" and shown_config(path.resolve()) == "toy/base"
    assert extends_reference(TOY.config_dir / "long.yaml", ROOT / "docs") == "toy/long"
    brass = config_root() / "brass" / "base.yaml"  # a link to Brass's own configs/, as the toy's
    assert shown_config(brass) == "brass/base" and config_name(brass.resolve()) == "brass/base"


def test_a_config_in_the_bundled_folder_of_a_registered_game_is_of_that_game(tmp_path, monkeypatch):
    """An installed copy of the bundled folder (``<root>/toy/``, not a link) names the game too."""
    monkeypatch.setattr(resources, "config_root", lambda: tmp_path)
    for folder in ("toy", "nogame"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "base.yaml").write_text("target: 15\n", encoding="utf-8")
    assert config_game(tmp_path / "toy" / "base.yaml") == "toy"
    assert config_game(tmp_path / "nogame" / "base.yaml") is None
    assert load_config(tmp_path / "toy" / "base.yaml").params.target == 15
