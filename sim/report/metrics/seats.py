"""Seat balance: each seat's win share against the fair share 1/n, the widest seat gap, verdicts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, fmt_points, t
from sim.report.metric import Answers, Metric, answer_groups, answer_name, answer_row
from sim.report.names import Names, fmt_p, fmt_pct
from sim.report.sections import MAX_SEAT_CHARTS, Section, chart, display_name
from sim.report.verdicts import pct, seat_verdicts

if TYPE_CHECKING:
    from sim.report.metric import Analysis


BALANCED_GAP = 0.05
"""A player count is called balanced when the widest seat gap's interval stays below 5 points."""


def seat_section(a: Analysis, lang: Lang) -> Section:
    """Seat win-rate chart per variant, with its verdicts."""
    seats = a.tables["seat_win_rates"]
    section = Section("seats", t("sec_seats", lang))
    verdicts = seat_verdicts(seats, lang, a.names(lang))
    if "adjusted" in seats.columns and (seats["adjusted"] == "bot").any():
        section.notes.append(t("seat_adjusted_note", lang))
    for game in sorted(seats["game"].unique()):
        variants = a.variants(game)
        if len(variants) > MAX_SEAT_CHARTS:
            section.notes.append(t("many_variants", lang, count=len(variants), shown=MAX_SEAT_CHARTS))
        for variant in variants[:MAX_SEAT_CHARTS]:
            part = seats[(seats["game"] == game) & (seats["variant"] == variant)]
            if part.empty:  # every game of this variant failed: see the Errors section
                continue
            name = display_name(a, lang, game, variant)
            figure = chart(
                lambda ax, p=part, n=name: plots.plot_seat_win_rates(p, ax, lang, n),
                t("seat_title", lang, name=name),
            )
            notable = (
                part["imbalanced"]
                | part.get("dominated", False)
                | (part["lo"] > part["fair_share"])
                | (part["hi"] < part["fair_share"])
            ).to_numpy()
            figure.verdicts = list(verdicts[part.index[notable]])
            figure.more_verdicts = list(verdicts[part.index[~notable]])
            section.figures.append(figure)
    return section


def seat_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """One sentence per (variant, player count): balanced, imbalanced, dominated or unclear."""
    sentences, codes = [], []
    fpa, seats = a.tables["first_player_advantage"], a.tables["seat_win_rates"]
    for game, variant, part in answer_groups(a, fpa):
        name = answer_name(a, names, game, variant)
        for r in part.sort_values("n_players").to_dict("records"):
            n = int(r["n_players"])
            group = seats[(seats["game"] == game) & (seats["variant"] == variant) & (seats["n_players"] == n)]
            flagged = group[group["imbalanced"]]
            values = {
                "name": name, "n": n, "gap": fmt_points(r["max_gap"], lang),
                "lo": fmt_points(r["max_gap_lo"], lang), "hi": fmt_points(r["max_gap_hi"], lang), "games": f"{int(r['games']):,}",
            }  # fmt: skip
            if bool(group.get("dominated", pd.Series(False)).any()):
                code, sure = "dominated", "low"
            elif not flagged.empty:
                worst = flagged.loc[(flagged["win_rate"] - flagged["fair_share"]).abs().idxmax()]
                code, sure = "imbalanced", "high"
                values |= {
                    "seat": int(worst["seat"]) + 1,
                    "rate": fmt_pct(worst["win_rate"]),
                    "fair": fmt_pct(worst["fair_share"]),
                    "p": fmt_p(worst["p_holm"]),
                }
            elif r["max_gap_hi"] <= BALANCED_GAP:
                code, sure = "balanced", "high"
            else:
                code, sure = "unclear", "low"
            values["sure"] = t(f"sure_{sure}", lang)
            sentences.append(t(f"ans_seat_{code}", lang, **values))
            codes.append(
                answer_row(
                    "seats", game, variant, n, code, r["max_gap"], r["max_gap_lo"], r["max_gap_hi"], sure
                )
            )
    return sentences, codes


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Seat win rates (bot-adjusted when several bots played) and the balance figure per group."""
    seats = stats.seat_win_rates(a.run.players)
    return {"seat_win_rates": seats, "first_player_advantage": stats.first_player_advantage(seats)}


def findings(a: Analysis, lang: Lang) -> list[str]:
    """No game finished, no seat flagged, one bot dominating, or each flagged seat's verdict."""
    out: list[str] = []
    seats = a.tables["seat_win_rates"]
    flagged = seats[seats["imbalanced"]]
    if a.run.players.empty:
        out.append(t("no_finished", lang))
    elif flagged.empty:
        out.append(t("no_imbalance", lang))
    if "dominated" in seats.columns:
        dominated = seats[seats["dominated"]].drop_duplicates(["game", "variant", "n_players"])
        out += [
            t(
                "seat_dominated_note",
                lang,
                name=display_name(a, lang, r["game"], r["variant"]),
                n=int(r["n_players"]),
                bot=a.names(lang).term(r["game"], r["dominant_bot"]),
                share=pct(r["dominant_share"], 1 if lang == "zh" else 0),
            )
            for r in dominated.to_dict("records")
        ]
    names = a.names(lang)
    if not flagged.empty:
        out += [
            f"[{display_name(a, lang, r.game, r.variant)}] {v}"
            for r, v in zip(flagged.itertuples(), seat_verdicts(flagged, lang, names), strict=True)
        ]
    return out


METRIC = Metric(
    key="seats",
    tables=("seat_win_rates", "first_player_advantage"),
    compute=compute,
    section=seat_section,
    topic="ans_topic_seats",
    answers=seat_answers,
    answer_rank=10,
    codes=("balanced", "imbalanced", "unclear", "dominated"),
    findings=findings,
)
