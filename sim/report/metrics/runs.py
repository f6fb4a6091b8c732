"""Run details: run ids, seeds, bots, versions, and each variant's config."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim.core.resources import shown_config
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def run_section(a: Analysis, lang: Lang) -> Section:
    """What was run: run ids, root seeds, bots, versions, and each variant's config and overrides."""
    section = Section("runs", t("sec_runs", lang))
    names = a.names(lang)
    runs = pd.DataFrame(
        [
            {
                "run_id": m.get("run_id", ""),
                "root_seed": m.get("root_seed", ""),
                "games_per_count": m.get("games_per_count", ""),
                "player_counts": ", ".join(str(n) for n in m.get("player_counts", [])),
                "bots": ", ".join(
                    names.term(next(iter(m.get("games") or {}), ""), b) for b in m.get("bots", [])
                ),
                "versions": ", ".join(f"{k} {v}" for k, v in (m.get("versions") or {}).items()),
            }
            for m in a.run.meta
        ]
    )
    variants = pd.DataFrame(
        [
            {
                "run_id": m.get("run_id", ""),
                "variant": names.variant(
                    v.get("game") or next(iter(m.get("games") or {}), ""), v.get("label", "")
                ),
                "config_path": shown_config(v["config_path"]) if v.get("config_path") else "",
                "config_hash": v.get("config_hash", ""),
                "rules_version": v.get("rules_version", ""),
                "overrides": ", ".join(f"{k}={_typed(x)}" for k, x in (v.get("overrides") or {}).items()),
            }
            for m in a.run.meta
            for v in m.get("variants", [])
        ]
    )
    section.tables += [
        table(a, lang, runs, t("runs_caption", lang)),
        table(a, lang, variants, t("variants_caption", lang)),
    ]
    return section


def _typed(value: object) -> str:
    """An override's value as it is typed after ``--set``: YAML's flow style, no quotes."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_typed(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_typed(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


METRIC = Metric(key="runs", section=run_section)
