"""A game's declarations as a run recorded them: its entry in ``run.json``'s ``games`` (written from
the spec's ``report`` and ``bots`` groups by ``sim.runner.execute.run_json_payload``), so the
statistics and the report read a game's conventions without its package."""

from __future__ import annotations

from typing import Any

from sim.dataset.legacy import BEFORE_DECLARED


def declared(run: Any, game: str, key: str) -> Any:
    """What ``game``'s entry in the run's ``run.json`` files declares under ``key`` (the first that
    does); a run whose run.json lacks it (written before the declaration, or a run made in memory
    without one) gets what it meant then (``sim.dataset.legacy.BEFORE_DECLARED``)."""
    for meta in getattr(run, "meta", None) or []:
        facts = (meta.get("games") or {}).get(game)
        if isinstance(facts, dict) and key in facts:
            return facts[key]
    return BEFORE_DECLARED[key]
