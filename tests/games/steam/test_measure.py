"""The delivery and auction measurement of ``python benchmarks/measure_steam.py``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from sim.config.resources import config_root

_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "measure_steam.py"
_SPEC = importlib.util.spec_from_file_location("measure_steam", _PATH)
_MODULE = importlib.util.module_from_spec(_SPEC)
sys.modules["measure_steam"] = _MODULE  # its dataclasses look their module up
_SPEC.loader.exec_module(_MODULE)
every_round_share, measure = _MODULE.every_round_share, _MODULE.measure


def test_every_round_share_counts_games_without_a_dry_round():
    games = [(3, [1, 2, 3]), (3, [1, 3, 3]), (2, [2, 1]), (4, [])]
    assert every_round_share(games) == 0.5
    assert every_round_share([]) == 0.0


def test_measure_counts_deliveries_rounds_and_auctions():
    base = measure(str(config_root() / "steam" / "base.yaml"), 3, 2)
    assert base.games == 2 and base.per_player > 0
    assert len(base.rounds_played) == 2 and all(r == 10 for r, _ in base.rounds_played)
    assert base.auctions == 0  # Base has no turn-order auction after the first turn
    standard = measure(str(config_root() / "steam" / "standard.yaml"), 3, 1)
    assert standard.auctions == 10  # one per turn
    assert 0 <= standard.auctions_with_bid <= standard.auctions
    assert standard.lines()[0].startswith("games 1,")
