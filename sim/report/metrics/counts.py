"""Player-count comparison: headline metrics side by side per player count, and the best count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim.report import plots
from sim.report.labels import Lang, fmt_points, t
from sim.report.metric import Answers, Metric, answer_groups, answer_name, answer_row
from sim.report.names import Names, fmt_number, fmt_pct
from sim.report.sections import MAX_SEAT_CHARTS, Section, display_name, interval, panel_chart, select, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis
from sim.dataset import GROUP


def player_count_table(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per (game, variant, n_players) with the headline metrics side by side."""
    fpa = tables["first_player_advantage"].set_index(GROUP)
    length = tables["game_length"]
    rounds = length[length["metric"] == "rounds"].set_index(GROUP)
    ties = tables["tie_breaks"].set_index(GROUP)
    margin = tables["winning_margin"].set_index(GROUP)
    reasons = tables["end_reasons"]
    failed = reasons[reasons["outcome"].isin(["error", "turn cap"])].groupby(GROUP)["count"].sum()
    totals = reasons.groupby(GROUP)["count"].sum()
    changes = tables["lead_changes"].set_index(GROUP)
    out = pd.DataFrame(
        {
            "games": totals,
            "seat1_win_rate": fpa["win_rate"],
            "seat1_lo": fpa["lo"],
            "seat1_hi": fpa["hi"],
            "fair_share": fpa["fair_share"],
            "max_gap": fpa["max_gap"],
            "max_gap_lo": fpa["max_gap_lo"],
            "max_gap_hi": fpa["max_gap_hi"],
            "mean_rounds": rounds["mean"],
            "rounds_lo": rounds["lo"],
            "rounds_hi": rounds["hi"],
            "mean_margin": margin["mean"],
            "margin_lo": margin["lo"],
            "margin_hi": margin["hi"],
            "tie_break_share": ties["tie_break_share"],
            "tie_lo": ties["lo"],
            "tie_hi": ties["hi"],
            "error_share": (failed.reindex(totals.index).fillna(0) / totals),
            "lead_changes": changes["mean"] if not changes.empty else float("nan"),
            "changes_lo": changes["lo"] if not changes.empty else float("nan"),
            "changes_hi": changes["hi"] if not changes.empty else float("nan"),
        }
    )
    return out.reset_index()


def player_count_section(a: Analysis, lang: Lang) -> Section | None:
    """Headline metrics against player count, side by side (None for one player count)."""
    counts = a.tables["player_counts"].dropna(subset=["seat1_win_rate"])
    if counts.empty or counts.groupby(["game", "variant"])["n_players"].nunique().max() < 2:
        return None
    section = Section("counts", t("sec_counts", lang))
    fpa, length, ties = a.tables["first_player_advantage"], a.tables["game_length"], a.tables["tie_breaks"]
    for game in sorted(counts["game"].unique()):
        keep = a.variants(game)[:MAX_SEAT_CHARTS]
        game_fpa = select(fpa, game, keep)
        game_rounds = select(length[length["metric"] == "rounds"], game, keep)
        game_ties = select(ties, game, keep)
        game_margins = select(a.tables["winning_margin"], game, keep)
        game_changes = select(a.tables["lead_changes"], game, keep)
        draws = [
            lambda ax, d=game_fpa: plots.plot_metric_by_players(
                d, "max_gap", "max_gap_lo", "max_gap_hi", ax, lang, t("gap_axis", lang), scale=100
            ),
            lambda ax, d=game_rounds: plots.plot_metric_by_players(
                d, "mean", "lo", "hi", ax, lang, t("rounds_axis", lang)
            ),
            lambda ax, d=game_margins: plots.plot_metric_by_players(
                d, "mean", "lo", "hi", ax, lang, t("margin_axis", lang)
            ),
            lambda ax, d=game_ties: plots.plot_metric_by_players(
                d, "tie_break_share", "lo", "hi", ax, lang, t("tie_axis", lang), scale=100
            ),
        ]
        if not game_changes.empty:
            draws.append(
                lambda ax, d=game_changes: plots.plot_metric_by_players(
                    d, "mean", "lo", "hi", ax, lang, t("lead_changes_axis", lang)
                )
            )
        title = t("count_title", lang, name=a.names(lang).title(game))
        section.figures.append(panel_chart(draws, title, title, width=4.0))
        wide = select(counts, game, keep).assign(
            seat1=lambda d: [
                interval(*r) for r in zip(d["seat1_win_rate"], d["seat1_lo"], d["seat1_hi"], strict=True)
            ],
            rounds=lambda d: [
                interval(*r, pct=False)
                for r in zip(d["mean_rounds"], d["rounds_lo"], d["rounds_hi"], strict=True)
            ],
            tie_break=lambda d: [
                interval(*r) for r in zip(d["tie_break_share"], d["tie_lo"], d["tie_hi"], strict=True)
            ],
            games=lambda d: [f"{int(g):,}" for g in d["games"]],
            fair_share=lambda d: [fmt_pct(x) for x in d["fair_share"]],
            max_gap=lambda d: [
                interval(*r) for r in zip(d["max_gap"], d["max_gap_lo"], d["max_gap_hi"], strict=True)
            ],
            mean_margin=lambda d: [f"{x:.1f}" for x in d["mean_margin"]],
            error_share=lambda d: [fmt_pct(x) for x in d["error_share"]],
            lead_changes=lambda d: [f"{x:.2f}" for x in d["lead_changes"]],
        )
        columns = [
            "games",
            "seat1",
            "fair_share",
            "max_gap",
            "rounds",
            "mean_margin",
            "tie_break",
            "error_share",
            "lead_changes",
        ]
        for variant, part in wide.groupby("variant", sort=False):
            side = part.set_index("n_players")[columns].T
            side.columns = [t("players_n", lang, n=int(n)) for n in side.columns]
            side.index = [t(f"row_{c}", lang) for c in side.index]
            section.tables.append(
                table(a, lang, side.reset_index(names=""), display_name(a, lang, game, variant))
            )
    return section


MEASURE_INTERVALS = {
    "max_gap": ("max_gap_lo", "max_gap_hi"),
    "spread": ("spread_lo", "spread_hi"),
    "lead_changes": ("changes_lo", "changes_hi"),
}
"""Each measure's 95% interval columns in the player-count table (``spread``'s from the margin's)."""


def count_measures(part: pd.DataFrame) -> list[tuple[str, bool]]:
    """The measures the best player count is chosen on, each with whether higher is better: the widest
    seat gap, the winning margin over the mean score, and lead changes when the game records them."""
    measures = [("max_gap", False), ("spread", False)]
    if part["lead_changes"].notna().any():
        measures.append(("lead_changes", True))
    return measures


def _leads(value: float, others: pd.Series, higher: bool) -> bool:
    """Whether ``value`` is at least as good as every other count's (a tie leads too)."""
    return bool(value >= others.max()) if higher else bool(value <= others.min())


def _clear_of(row: pd.Series, others: pd.DataFrame, measure: str, higher: bool) -> bool:
    """Whether ``row``'s interval on ``measure`` lies wholly on the better side of every other
    count's (no interval, no separation)."""
    lo, hi = MEASURE_INTERVALS[measure]
    bounds = others[[lo, hi]].to_numpy(dtype=float)
    if others.empty or np.isnan(bounds).any() or np.isnan([row[lo], row[hi]]).any():
        return False
    return bool(row[lo] > bounds[:, 1].max()) if higher else bool(row[hi] < bounds[:, 0].min())


def _beaten(row: pd.Series, others: pd.DataFrame, measure: str, higher: bool) -> bool:
    """Whether some other count's interval on ``measure`` lies wholly on the better side of ``row``'s."""
    lo, hi = MEASURE_INTERVALS[measure]
    if np.isnan([row[lo], row[hi]]).any():
        return False
    return bool((others[lo] > row[hi]).any()) if higher else bool((others[hi] < row[lo]).any())


def decide_best_count(part: pd.DataFrame) -> tuple[pd.Series, list[str], list[str]]:
    """The count ranked best over the measures (sum of ranks), the measures it leads on, and those on
    which its interval lies clear of every other count's. It is decided best only when that list is
    not empty and no other count's interval lies clear of its own, on the better side, on any measure:
    the reports call the answer undecided otherwise (``best_count_decided``)."""
    measures = count_measures(part)
    level = part[[m for m, _ in measures]].round(9)  # float noise is no lead
    ranks = sum(level[m].rank(ascending=not higher, na_option="bottom") for m, higher in measures)
    best = part.loc[ranks.idxmin()]
    others = level.drop(index=best.name)
    led = [m for m, higher in measures if _leads(level.at[best.name, m], others[m], higher)]
    rest = part.drop(index=best.name)
    clear = [m for m, higher in measures if _clear_of(best, rest, m, higher)]
    if any(_beaten(best, rest, m, higher) for m, higher in measures):
        clear = []
    return best, led, clear


def _measure_text(row: pd.Series, measure: str, lang: Lang) -> str:
    """One measure the best count leads on, with its value (the seat gap with its interval)."""
    if measure == "max_gap":
        return t(
            "ans_best_on_gap",
            lang,
            gap=fmt_points(row["max_gap"], lang),
            lo=fmt_points(row["max_gap_lo"], lang),
            hi=fmt_points(row["max_gap_hi"], lang),
        )
    if measure == "spread":
        return t("ans_best_on_spread", lang, spread=fmt_pct(row["spread"]))
    return t("ans_best_on_changes", lang, changes=fmt_number(round(row["lead_changes"], 2)))


def count_candidates(a: Analysis) -> Iterator[tuple[str, str, pd.DataFrame]]:
    """(game, variant, player counts) with each count's measures and intervals: the seat gap (none
    where one bot takes the wins), the winning margin over the mean score (``spread``, its interval
    the margin's over the same mean) and lead changes; only games with two counts or more."""
    counts = a.tables["player_counts"].dropna(subset=["max_gap"])
    scores = a.tables["score_distribution"].set_index(["game", "variant", "n_players"])["mean"]
    fpa = a.tables["first_player_advantage"]
    dominated = fpa.set_index(["game", "variant", "n_players"])["dominated"] if "dominated" in fpa else None
    for game, variant, part in answer_groups(a, counts):
        if part["n_players"].nunique() < 2:
            continue
        part = part.sort_values("n_players").copy()
        if dominated is not None:  # one bot takes the wins: the seats there cannot be judged, nor ranked on
            unjudged = [bool(dominated.get((game, variant, n), False)) for n in part["n_players"]]
            part.loc[unjudged, ["max_gap", "max_gap_lo", "max_gap_hi"]] = np.nan
        mean_score = np.maximum(
            np.abs([scores.get((game, variant, n), np.nan) for n in part["n_players"]]), 1e-9
        )
        for column, margin in (
            ("spread", "mean_margin"),
            ("spread_lo", "margin_lo"),
            ("spread_hi", "margin_hi"),
        ):
            part[column] = part[margin] / mean_score
        yield game, variant, part


def best_count_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """Which player count plays best: smallest seat gap, closest scores, most lead changes; undecided
    unless an interval sets the leading count apart (``decide_best_count``)."""
    sentences, codes = [], []
    for game, variant, part in count_candidates(a):
        best, led, clear = decide_best_count(part)
        detail = [
            t(
                "ans_count_detail",
                lang,
                n=int(r["n_players"]),
                gap=fmt_points(r["max_gap"], lang) if pd.notna(r["max_gap"]) else t("ans_gap_unjudged", lang),
                spread=fmt_pct(r["spread"]),
                changes=fmt_number(round(r["lead_changes"], 2)) if pd.notna(r["lead_changes"]) else "–",
                rounds=fmt_number(round(r["mean_rounds"], 1)),
            )
            for r in part.to_dict("records")
        ]
        common = {
            "name": answer_name(a, names, game, variant),
            "detail": t("list_sep", lang).join(detail),
            "sure": t(f"sure_{'high' if clear else 'low'}", lang),
        }
        if not clear:
            sentences.append(t("ans_best_count_undecided", lang, **common))
            codes.append(
                answer_row("best_count", game, variant, np.nan, "undecided", np.nan, np.nan, np.nan, "low")
            )
            continue
        sentences.append(
            t(
                "ans_best_count",
                lang,
                n=int(best["n_players"]),
                rests=t("ans_best_sep", lang).join(_measure_text(best, m, lang) for m in led),
                why=t(
                    "ans_best_why_high",
                    lang,
                    measures=t("ans_best_sep", lang).join(t(f"ans_measure_{m}", lang) for m in clear),
                ),
                **common,
            )
        )
        codes.append(
            answer_row(
                "best_count", game, variant, int(best["n_players"]), "best",
                best["max_gap"], best["max_gap_lo"], best["max_gap_hi"], "high",
            )
        )  # fmt: skip
    return sentences, codes


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """One row per (game, variant, n_players) with the headline metrics side by side."""
    return {"player_counts": player_count_table(a.tables)}


METRIC = Metric(
    key="counts",
    tables=("player_counts",),
    compute=compute,
    needs=("seats", "scores", "end", "runaway"),
    section=player_count_section,
    topic="ans_topic_count",
    answers=best_count_answers,
    answer_rank=20,
    codes=("best", "undecided"),
)
