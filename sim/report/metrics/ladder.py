"""Bot ladder: seat shares per single-bot tier and whether a seat effect holds across tiers."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import MAX_SEAT_CHARTS, Section, display_name, panel_chart, select, table
from sim.report.verdicts import ladder_verdict
from sim.stats.bots import CONTROL_BOTS

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def ladder_section(a: Analysis, lang: Lang) -> Section | None:
    """Seat findings per bot tier: hold or flip (None without single-bot tables)."""
    ladder, by_tier = a.tables["ladder"], a.tables["seat_win_rates_by_tier"]
    if ladder.empty:
        return None
    section = Section("ladder", t("sec_ladder", lang), notes=[t("ladder_note", lang)])
    for (game, variant), part in ladder.groupby(["game", "variant"], sort=True):
        if variant not in a.variants(game)[:MAX_SEAT_CHARTS]:
            continue
        counts = sorted(part["n_players"].unique())
        tiers = _weakest_first(select(by_tier, game, [variant]), a.tables["bot_strength"], game)
        tier = partial(a.names(lang).term, game)
        draws = [
            lambda ax, d=tiers[tiers["n_players"] == n], n=n, tier=tier: plots.plot_seat_win_rates_by_tier(
                d, ax, lang, t("players_n", lang, n=int(n)), tier
            )
            for n in counts
        ]
        name = display_name(a, lang, game, variant)
        figure = panel_chart(
            draws, t("ladder_title", lang, name=name), t("ladder_title", lang, name=name), width=4.6
        )
        figure.verdicts = [v for v in (ladder_verdict(r, lang) for r in part.to_dict("records")) if v]
        if not figure.verdicts:
            figure.verdicts = [t("ladder_none", lang)]
        section.figures.append(figure)
    section.tables.append(table(a, lang, ladder, t("sec_ladder", lang), "ladder"))
    return section


def _weakest_first(tiers: pd.DataFrame, strengths: pd.DataFrame, game: str) -> pd.DataFrame:
    """The tiers in the order the ladder reads: the no-skill control, then weakest to strongest by
    Bradley-Terry strength (tiers without one last, by name)."""
    mine = strengths[strengths["game"] == game] if not strengths.empty else strengths
    strength = dict(zip(mine.get("bot", []), mine.get("strength", []), strict=True))

    def rank(tier: str) -> tuple:
        value = strength.get(tier)
        known = value is not None and value == value
        return (tier not in CONTROL_BOTS, not known, value if known else 0.0, tier)

    order = {tier: i for i, tier in enumerate(sorted(tiers["tier"].unique(), key=rank))}
    return tiers.sort_values("tier", key=lambda col: col.map(order), kind="stable")


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Seat shares per tier and the consistency label of each seat."""
    by_tier = stats.seat_win_rates_by_tier(a.run.players, a.run.games)
    return {
        "seat_win_rates_by_tier": by_tier,
        "ladder": stats.ladder_consistency(by_tier, a.tables["bot_strength"]),
    }


def findings(a: Analysis, lang: Lang) -> list[str]:
    """Every seat some tier flags, with its label."""
    names = a.names(lang)
    return [
        f"[{names.title(r['game'])} / {names.variant(r['game'], r['variant'])}] {ladder_verdict(r, lang)}"
        for r in a.tables["ladder"].to_dict("records")
        if r["status"] != "none"
    ]


METRIC = Metric(
    key="ladder",
    tables=("seat_win_rates_by_tier", "ladder"),
    compute=compute,
    needs=("bots",),
    section=ladder_section,
    findings=findings,
)
