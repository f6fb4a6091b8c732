"""Turn an ``Analysis`` into report sections: figures (base64 PNG), verdicts and small tables."""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from sim.report import plots
from sim.report.analysis import Analysis
from sim.report.labels import Lang, t
from sim.report.names import (
    IDENTIFIERS,
    P_VALUES,
    RATES,
    SEATS,
    TRANSLATED_VALUES,
    Names,
    fmt_bool,
    fmt_number,
    fmt_p,
    fmt_pct,
)
from sim.report.style import figure_png, png_data_uri
from sim.report.verdicts import content_verdict, ladder_verdict, paired_verdict, seat_verdicts, sweep_verdicts
from sim.stats.intervals import wilson
from sim.stats.sweep import BOT_METRIC, METRICS

MAX_SEAT_CHARTS = 8
"""Variants per game that get their own seat chart; more (e.g. sweep points) go to the CSV only."""


@dataclass
class Figure:
    uri: str
    alt: str
    verdicts: list[str] = field(default_factory=list)
    """Plain-language findings shown under the chart."""
    more_verdicts: list[str] = field(default_factory=list)
    """Verdicts with nothing to act on, folded away under the chart."""
    png: bytes = b""
    """The chart at print resolution (``CHART_DPI``), written to charts/."""
    svg: bytes = b""
    categories: int = 0
    """Most category (non-numeric) tick labels on one axis of the chart."""
    file: str = ""
    """Stem of the chart files in charts/ (set when the report is written)."""


@dataclass
class Table:
    caption: str
    columns: list[str]
    rows: list[list[str]]
    classes: list[str] = field(default_factory=list)
    """Per column CSS class: ``num`` (right-aligned), ``code`` (commands) or ``text``."""
    note: str = ""
    """'N of M rows shown; all in tables/x.csv' when the table is cut."""


@dataclass
class Section:
    key: str
    title: str
    notes: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


CHART_DPI = 200
_NUMBER = re.compile(r"^[\s+\-−–]*[\d.,]+\s*%?$")


def _categories(fig: plt.Figure) -> int:
    """The most non-numeric tick labels on any visible axis of the figure."""
    most = 0
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        for axis in (ax.xaxis, ax.yaxis):
            labels = [tick.get_text() for tick in axis.get_ticklabels()]
            names = [x for x in labels if x.strip() and not _NUMBER.match(x)]
            most = max(most, len(set(names)))
    return most


def _finish(fig: plt.Figure, alt: str) -> Figure:
    """Render a figure for the page (inline PNG) and for slides (PNG at CHART_DPI and SVG), then close it."""
    with warnings.catch_warnings():  # a crowded layout falls back to tight bounding boxes: fine
        warnings.filterwarnings("ignore", message="constrained_layout not applied", category=UserWarning)
        fig.canvas.draw()
        categories = _categories(fig)
        print_png, svg = io.BytesIO(), io.BytesIO()
        fig.savefig(print_png, format="png", dpi=CHART_DPI, bbox_inches="tight", pad_inches=0.12)
        fig.savefig(svg, format="svg", bbox_inches="tight", pad_inches=0.12)
        uri = png_data_uri(figure_png(fig))
    return Figure(uri, alt, png=print_png.getvalue(), svg=svg.getvalue(), categories=categories)


def _figure(draw: Callable[[plt.Axes], object], alt: str, size: tuple[float, float] = (7.5, 4.0)) -> Figure:
    fig, ax = plt.subplots(figsize=size, layout="constrained")
    draw(ax)
    return _finish(fig, alt)


def _panels(
    draws: list[Callable[[plt.Axes], object]], alt: str, title: str, width: float = 4.2, ncols: int = 3
) -> Figure:
    """Several charts side by side (at most ``ncols`` per row) under one title."""
    ncols = min(len(draws), ncols)
    nrows = -(-len(draws) // ncols)
    fig, axes = plt.subplots(
        nrows, ncols, figsize=(width * ncols, 3.8 * nrows), layout="constrained", squeeze=False
    )
    for ax in axes.flat[len(draws) :]:
        ax.set_visible(False)
    for draw, ax in zip(draws, axes.flat, strict=False):
        draw(ax)
    fig.suptitle(title)
    return _finish(fig, alt)


COMMANDS = {"replay", "example_replay"}
MAX_ROWS = 60


def _safe(name: str) -> str:
    """The CSV file stem of a table name (as ``build.write_tables`` writes it)."""
    return re.sub(r"[^\w.-]+", "_", name).strip("_")


def _cell(a: Analysis, lang: Lang, column: str, value: object, game: str, pct: set[str]) -> str:
    names: Names = a.names(lang)
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    if isinstance(value, bool | np.bool_):
        return fmt_bool(bool(value), lang)
    if column in SEATS and isinstance(value, int | np.integer):
        return str(int(value) + 1)
    if column in IDENTIFIERS:
        return str(value)
    if column in P_VALUES and isinstance(value, float | np.floating):
        return fmt_p(float(value))
    if (column in RATES or column in pct) and isinstance(value, float | np.floating | int | np.integer):
        return fmt_pct(float(value))
    if isinstance(value, float | np.floating | int | np.integer):
        return fmt_number(float(value))
    if column == "game":
        return names.title(str(value))
    if column in TRANSLATED_VALUES:
        return names.term(game, value)
    return str(value)


def table(
    a: Analysis,
    lang: Lang,
    df: pd.DataFrame,
    caption: str,
    csv: str | None = None,
    pct: tuple[str, ...] = (),
    max_rows: int = MAX_ROWS,
) -> Table:
    """A DataFrame for the template: headers and game terms in the report language, proportions as
    percentages, p-values as '< 0.001', no scientific notation; cut at ``max_rows`` with a note
    naming the CSV that has every row."""
    head = df.head(max_rows)
    names = a.names(lang)
    columns = [names.header(str(c)) for c in head.columns]
    games = head["game"].astype(str).tolist() if "game" in head.columns else [""] * len(head)
    rows = [
        [_cell(a, lang, str(c), v, g, set(pct)) for c, v in zip(head.columns, row, strict=True)]
        for row, g in zip(head.itertuples(index=False), games, strict=True)
    ]
    classes = [
        "code" if c in COMMANDS else "num" if pd.api.types.is_numeric_dtype(head[c]) else "text"
        for c in head.columns
    ]
    note = ""
    if len(df) > len(head):
        note = t("rows_shown", lang, shown=len(head), total=len(df), csv=csv or "…")
    return Table(caption, columns, rows, classes, note)


def _interval(est: float, lo: float, hi: float, pct: bool = True) -> str:
    if pd.isna(est):
        return ""
    if pct:
        return f"{fmt_pct(est)} [{fmt_pct(lo)}, {fmt_pct(hi)}]"
    return f"{est:.2f} [{lo:.2f}, {hi:.2f}]"


def _select(df: pd.DataFrame, game: str, variants: list[str]) -> pd.DataFrame:
    return df[(df["game"] == game) & df["variant"].isin(variants)]


def _name(a: Analysis, lang: Lang, game: str, variant: str | None = None) -> str:
    title = a.names(lang).title(game)
    return f"{title} / {variant}" if variant else title


def seat_section(a: Analysis, lang: Lang) -> Section:
    """Seat win-rate chart per variant, with its verdicts."""
    seats = a.tables["seat_win_rates"]
    section = Section("seats", t("sec_seats", lang))
    verdicts = seat_verdicts(seats, lang)
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
            name = _name(a, lang, game, variant)
            figure = _figure(
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


def player_count_section(a: Analysis, lang: Lang) -> Section | None:
    """Headline metrics against player count, side by side (None for one player count)."""
    counts = a.tables["player_counts"].dropna(subset=["seat1_win_rate"])
    if counts.empty or counts.groupby(["game", "variant"])["n_players"].nunique().max() < 2:
        return None
    section = Section("counts", t("sec_counts", lang))
    fpa, length, ties = a.tables["first_player_advantage"], a.tables["game_length"], a.tables["tie_breaks"]
    for game in sorted(counts["game"].unique()):
        keep = a.variants(game)[:MAX_SEAT_CHARTS]
        game_fpa = _select(fpa, game, keep)
        game_rounds = _select(length[length["metric"] == "rounds"], game, keep)
        game_ties = _select(ties, game, keep)
        game_margins = _select(a.tables["winning_margin"], game, keep)
        game_changes = _select(a.tables["lead_changes"], game, keep)
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
        section.figures.append(_panels(draws, title, title, width=4.0))
        wide = _select(counts, game, keep).assign(
            seat1=lambda d: [
                _interval(*r) for r in zip(d["seat1_win_rate"], d["seat1_lo"], d["seat1_hi"], strict=True)
            ],
            rounds=lambda d: [
                _interval(*r, pct=False)
                for r in zip(d["mean_rounds"], d["rounds_lo"], d["rounds_hi"], strict=True)
            ],
            tie_break=lambda d: [
                _interval(*r) for r in zip(d["tie_break_share"], d["tie_lo"], d["tie_hi"], strict=True)
            ],
            games=lambda d: [f"{int(g):,}" for g in d["games"]],
            fair_share=lambda d: [fmt_pct(x) for x in d["fair_share"]],
            max_gap=lambda d: [
                _interval(*r) for r in zip(d["max_gap"], d["max_gap_lo"], d["max_gap_hi"], strict=True)
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
            section.tables.append(table(a, lang, side.reset_index(names=""), _name(a, lang, game, variant)))
    return section


def bot_section(a: Analysis, lang: Lang) -> Section:
    """Bot win rates against the fair share and the head-to-head matrix."""
    section = Section("bots", t("sec_bots", lang), notes=[t("caveat_text", lang)])
    bots, matrix = a.tables["bot_results"], a.tables["bot_matrix"]
    for (game, variant), part in bots.groupby(["game", "variant"], sort=True):
        if variant not in a.variants(game)[:MAX_SEAT_CHARTS]:
            continue
        name = _name(a, lang, game, variant)
        names = a.names(lang)
        part = part.assign(bot=[names.term(game, b) for b in part["bot"]])
        section.figures.append(
            _figure(
                lambda ax, p=part, n=name: plots.plot_bot_results(p, ax, lang, n),
                t("bot_title", lang, name=name),
            )
        )
        m = matrix[(matrix["game"] == game) & (matrix["variant"] == variant)]
        m = m.assign(
            bot_a=[names.term(game, b) for b in m["bot_a"]], bot_b=[names.term(game, b) for b in m["bot_b"]]
        )
        if m["bot_a"].nunique() > 1:
            size = (max(6.5, 1.6 + 1.1 * m["bot_a"].nunique()), 1.6 + 0.9 * m["bot_a"].nunique())
            section.figures.append(
                _figure(
                    lambda ax, p=m, n=name: plots.plot_bot_matrix(p, ax, lang, n),
                    t("matrix_title", lang, name=name),
                    size,
                )
            )
    section.tables.append(table(a, lang, bots, t("sec_bots", lang), "bot_results", pct=("lo", "hi")))
    strength = a.tables.get("bot_strength")
    if strength is not None and not strength.empty:
        section.tables.append(table(a, lang, strength, t("strength_caption", lang), "bot_strength"))
    return section


def _per_variant(a: Analysis, df: pd.DataFrame) -> Iterator[tuple[str, str, pd.DataFrame]]:
    for (game, variant), part in df.groupby(["game", "variant"], sort=True):
        if variant in a.variants(game)[:MAX_SEAT_CHARTS]:
            yield game, variant, part


def score_section(a: Analysis, lang: Lang) -> Section:
    """Final score, winning margin and game length distributions."""
    section = Section("scores", t("sec_scores", lang))
    scores, margins, length = (
        a.tables["score_distribution"],
        a.tables["winning_margin"],
        a.tables["game_length"],
    )
    rounds = length[length["metric"] == "rounds"]
    for game, variant, part in _per_variant(a, scores):
        name = _name(a, lang, game, variant)
        game_margins, game_rounds = _select(margins, game, [variant]), _select(rounds, game, [variant])
        draws = [
            lambda ax, d=part: plots.plot_distribution_summary(
                d, ax, lang, t("score_title", lang, name="").rstrip(":： "), t("score_axis", lang)
            ),
            lambda ax, d=game_margins: plots.plot_distribution_summary(
                d, ax, lang, t("margin_title", lang, name="").rstrip(":： "), t("margin_axis", lang)
            ),
            lambda ax, d=game_rounds: plots.plot_distribution_summary(
                d, ax, lang, t("length_title", lang, name="").rstrip(":： "), t("rounds_axis", lang)
            ),
        ]
        section.figures.append(_panels(draws, t("score_title", lang, name=name), name))
    section.tables.append(
        table(a, lang, a.tables["tie_breaks"], t("tie_axis", lang), "tie_breaks", pct=("lo", "hi"))
    )
    return section


def component_section(a: Analysis, lang: Lang) -> Section | None:
    """Sources of points (they add up to the score) on one axis; money and other counts apart."""
    components = a.tables["components"]
    if components.empty:
        return None
    names = a.names(lang)
    section = Section("components", t("sec_components", lang), notes=[t("component_note", lang)])
    scoring = np.array(
        [names.is_scoring(g, c) for g, c in zip(components["game"], components["component"], strict=True)],
        dtype=bool,
    )
    points, other = components[scoring], components[~scoring]
    for game, variant, part in _per_variant(a, points):
        name = _name(a, lang, game, variant)
        shown = part.assign(component=[names.term(game, c) for c in part["component"]])
        rows = shown.dropna(subset=["difference"])
        height = 1.6 + 0.18 * len(rows)  # one bar per component and player count
        section.figures.append(
            _figure(
                lambda ax, p=shown, n=name: plots.plot_components(p, ax, lang, n),
                t("component_title", lang, name=name),
                (7.5, height),
            )
        )
    columns = ["game", "variant", "n_players", "component", "mean_winners", "mean_others", "difference",
               "lo", "hi", "share_of_score", "correlation"]  # fmt: skip
    if not points.empty:
        section.tables.append(table(a, lang, points[columns], t("sec_components", lang), "components"))
    if not other.empty:
        section.tables.append(
            table(
                a, lang, other[columns[:-2] + ["correlation"]], t("sec_components_other", lang), "components"
            )
        )
    return section


MAX_CATEGORIES = 12
"""Category labels per chart axis; the rest are summed into 'other'."""


def _cap_triggers(part: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """At most MAX_CATEGORIES triggers: the most frequent ones, the rest summed into 'other'."""
    pooled = part.groupby("trigger")["count"].sum().sort_values(ascending=False)
    if len(pooled) <= MAX_CATEGORIES:
        return part
    keep = set(pooled.index[: MAX_CATEGORIES - 1])
    label = t("other_items", lang, count=len(pooled) - len(keep))
    rest = (
        part[~part["trigger"].isin(keep)]
        .groupby("n_players", as_index=False)
        .agg(count=("count", "sum"), games=("games", "first"))
    )
    rest["trigger"] = label
    rest["share"] = rest["count"] / rest["games"]
    rest["lo"], rest["hi"] = wilson(rest["count"], rest["games"])
    return pd.concat([part[part["trigger"].isin(keep)], rest], ignore_index=True)


def end_section(a: Analysis, lang: Lang) -> Section:
    """End reasons split into their stages (e.g. period trigger, war outcome, final trigger), stalls and errors."""
    section = Section("end", t("sec_end", lang))
    names = a.names(lang)
    stages = a.tables["end_stages"]
    for game, variant, part in _per_variant(a, stages):
        name = _name(a, lang, game, variant)
        draws = []
        for stage, by_stage in part.groupby("stage", sort=True):
            shown = _cap_triggers(by_stage, lang)
            shown = shown.assign(trigger=[names.term(game, x) for x in shown["trigger"]])
            order = shown.groupby("trigger")["count"].sum().sort_values(ascending=False).index
            shown = shown.set_index("trigger").loc[list(order)].reset_index()
            label = names.stage(game, int(stage))
            draws.append(lambda ax, d=shown, s=label: plots.plot_end_stage(d, ax, lang, s))
        title = t("end_title", lang, name=name)
        section.figures.append(_panels(draws, title, title, width=5.2, ncols=2 if len(draws) > 1 else 1))
    shown = stages.assign(
        stage=[names.stage(g, int(x)) for g, x in zip(stages["game"], stages["stage"], strict=True)]
    )
    section.tables.append(table(a, lang, shown, t("sec_end", lang), "end_stages", pct=("lo", "hi")))
    return section


def runaway_section(a: Analysis, lang: Lang) -> Section | None:
    """Whether an early leader keeps the lead: P(leader after round k wins), lead changes."""
    leaders, changes = a.tables["leader_wins"], a.tables["lead_changes"]
    if changes.empty:
        return None
    section = Section("runaway", t("sec_runaway", lang))
    for game, variant, part in _per_variant(a, changes):
        name = _name(a, lang, game, variant)
        game_leaders = _select(leaders, game, [variant]) if not leaders.empty else leaders
        draws = [lambda ax, d=part: plots.plot_lead_changes(d, ax, lang, "")]
        if not game_leaders.empty:
            draws.insert(0, lambda ax, d=game_leaders: plots.plot_leader_wins(d, ax, lang, ""))
        section.figures.append(_panels(draws, t("leader_title", lang, name=name), name, width=5.5))
    section.tables.append(
        table(a, lang, changes, t("lead_changes_title", lang, name="").rstrip(":： "), "lead_changes")
    )
    return section


MAX_CONTENT_BARS = 12
"""Items per content chart: the strongest and weakest by win rate ratio when there are more."""


def content_section(a: Analysis, lang: Lang) -> Section | None:
    """Win rate of the seats that had each card or tile (observational), per variant."""
    rates = a.tables["event_win_rates"]
    if rates.empty:
        return None
    section = Section("content", t("sec_content", lang), notes=[t("content_note", lang)])
    for (game, variant, name, kind), part in rates.groupby(["game", "variant", "table", "kind"], sort=True):
        if variant not in a.variants(game)[:MAX_SEAT_CHARTS]:
            continue
        column = part.groupby("column")["value"].nunique().idxmax()  # the id column: most distinct values
        shown = part[part["column"] == column]
        by_item = shown.groupby("value")["difference"].mean().sort_values(ascending=False)
        if len(by_item) > MAX_CONTENT_BARS:
            keep = [*by_item.index[: MAX_CONTENT_BARS // 2], *by_item.index[-MAX_CONTENT_BARS // 2 :]]
            shown = shown[shown["value"].isin(keep)]
        shown = (
            shown.set_index("value").loc[[v for v in by_item.index if v in set(shown["value"])]].reset_index()
        )
        names = a.names(lang)
        shown = shown.assign(value=[names.term(game, v) for v in shown["value"]])
        title = (
            _name(a, lang, game, variant)
            + f" · {names.term(game, name)} · {names.term(game, column)}"
            + (f"（{names.term(game, kind)}）" if kind and lang == "zh" else f" ({kind})" if kind else "")
        )
        figure = _figure(
            lambda ax, d=shown, n=title: plots.plot_content_win_rates(d, ax, lang, n),
            t("content_title", lang, name=title),
            (7.5, max(3.4, 1.8 + 0.22 * len(shown))),
        )
        notable = part[part["notable"]]
        figure.verdicts = [
            content_verdict(
                r
                | {
                    "value": names.term(game, r["value"]),
                    "column": names.term(game, r["column"]),
                    "kind": names.term(game, r["kind"]) if r.get("kind") else "",
                },
                lang,
            )
            for r in notable.to_dict("records")
        ] or [t("content_none", lang)]
        section.figures.append(figure)
    columns = ["game", "variant", "n_players", "table", "column", "kind", "value", "seats", "win_rate",
               "others_rate", "difference", "diff_lo", "diff_hi", "q_value"]  # fmt: skip
    notable = rates.loc[rates["notable"], columns]
    section.tables.append(
        table(
            a,
            lang,
            notable,
            t("sec_content", lang),
            "event_win_rates",
            pct=("difference", "diff_lo", "diff_hi"),
        )
    )
    return section


def unused_section(a: Analysis, lang: Lang) -> Section:
    """Breakdown columns that never score and config ids no event mentions."""
    section = Section("unused", t("sec_unused", lang))
    zero, unseen = a.tables["zero_breakdown_columns"], a.tables["unseen_config_ids"]
    if zero.empty and unseen.empty:
        section.notes.append(t("no_unused", lang))
    if not zero.empty:
        section.tables.append(table(a, lang, zero, t("zero_columns", lang), "zero_breakdown_columns"))
    if not unseen.empty:
        section.tables.append(table(a, lang, unseen, t("unseen_ids", lang), "unseen_config_ids"))
    return section


def error_section(a: Analysis, lang: Lang) -> Section:
    """Errors by message and each failed game's replay command."""
    section = Section("errors", t("sec_errors", lang))
    errors = a.tables["errors"]
    if errors.empty:
        section.notes.append(t("no_errors", lang))
        return section
    section.tables.append(table(a, lang, a.tables["error_summary"], t("sec_errors", lang), "error_summary"))
    section.tables.append(
        table(
            a,
            lang,
            errors[["variant", "n_players", "seed", "error", "replay"]],
            t("replay_caption", lang),
            "errors",
            max_rows=30,
        )
    )
    return section


def paired_section(a: Analysis, lang: Lang) -> Section | None:
    """Paired A/B comparisons on shared seeds (None without two plain variants)."""
    if not a.comparisons:
        return None
    section = Section("paired", t("sec_paired", lang))
    for c in a.comparisons:
        names = {"a": c.variant_a, "b": c.variant_b}
        section.notes.append(
            f"{a.names(lang).title(c.game)}: "
            + t("pairs_note", lang, pairs=f"{len(c.pairs):,}", same=f"{int(c.pairs['same_seed'].sum()):,}")
        )
        seat_figure = _figure(
            lambda ax, d=c.seats, n=names: plots.plot_paired_differences(
                d, ax, lang, t("paired_title", lang, **n), t("paired_axis", lang)
            ),
            t("paired_title", lang, **names),
        )
        for row in c.seats.to_dict("records"):
            bucket = seat_figure.verdicts if row["significant"] else seat_figure.more_verdicts
            bucket.append(paired_verdict(row, c.variant_a, c.variant_b, lang))
        section.figures.append(seat_figure)
        section.figures.append(
            _figure(
                lambda ax, d=c.scores, n=names: plots.plot_paired_differences(
                    d, ax, lang, t("paired_score_title", lang, **n), t("paired_score_axis", lang), scale=1.0
                ),
                t("paired_score_title", lang, **names),
            )
        )
        tag = f"{c.game}__{c.variant_b}_vs_{c.variant_a}"
        section.tables.append(
            table(
                a,
                lang,
                c.length,
                f"{a.names(lang).title(c.game)}: {c.variant_b} − {c.variant_a}",
                _safe(f"paired_length__{tag}"),
            )
        )
    return section


def sweep_section(a: Analysis, lang: Lang) -> Section | None:
    """Each metric against each swept parameter, with verdicts (None without a sweep)."""
    response = a.tables["sweep_response"]
    if response.empty:
        return None
    section = Section("sweep", t("sec_sweep", lang), notes=[t("sweep_note", lang)])
    for (game, param), part in response.groupby(["game", "parameter"], sort=True):
        present = set(part["metric"])
        metrics = [m for m in METRICS if m in present] + sorted(
            m for m in present if m.startswith(BOT_METRIC)
        )
        draws = [lambda ax, m=m, p=part: plots.plot_sweep_metric(p, m, ax, lang) for m in metrics]
        names = a.names(lang)
        title = t("sweep_title", lang, param=names.term(game, param), game=names.title(game))
        figure = _panels(draws, title, title, width=3.6)
        tests = a.tables["sweep_tests"]
        verdicts = sweep_verdicts(tests[(tests["game"] == game) & (tests["parameter"] == param)], lang)
        figure.verdicts = list(verdicts.loc[verdicts["changed"], "verdict"])
        figure.more_verdicts = list(verdicts.loc[~verdicts["changed"], "verdict"])
        section.figures.append(figure)
    return section


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
        tiers = _select(by_tier, game, [variant])
        draws = [
            lambda ax, d=tiers[tiers["n_players"] == n], n=n: plots.plot_seat_win_rates_by_tier(
                d, ax, lang, t("players_n", lang, n=int(n))
            )
            for n in counts
        ]
        name = _name(a, lang, game, variant)
        figure = _panels(
            draws, t("ladder_title", lang, name=name), t("ladder_title", lang, name=name), width=4.6
        )
        figure.verdicts = [v for v in (ladder_verdict(r, lang) for r in part.to_dict("records")) if v]
        if not figure.verdicts:
            figure.verdicts = [t("ladder_none", lang)]
        section.figures.append(figure)
    section.tables.append(table(a, lang, ladder, t("sec_ladder", lang), "ladder"))
    return section


def run_section(a: Analysis, lang: Lang) -> Section:
    """What was run: run ids, root seeds, bots, versions, and each variant's config and overrides."""
    section = Section("runs", t("sec_runs", lang))
    runs = pd.DataFrame(
        [
            {
                "run_id": m.get("run_id", ""),
                "root_seed": m.get("root_seed", ""),
                "games_per_count": m.get("games_per_count", ""),
                "player_counts": ", ".join(str(n) for n in m.get("player_counts", [])),
                "bots": ", ".join(m.get("bots", [])),
                "versions": ", ".join(f"{k} {v}" for k, v in (m.get("versions") or {}).items()),
            }
            for m in a.run.meta
        ]
    )
    variants = pd.DataFrame(
        [
            {
                "run_id": m.get("run_id", ""),
                "variant": v.get("label", ""),
                "config_path": v.get("config_path", ""),
                "config_hash": v.get("config_hash", ""),
                "rules_version": v.get("rules_version", ""),
                "overrides": ", ".join(f"{k}={x}" for k, x in (v.get("overrides") or {}).items()),
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


def build_sections(a: Analysis, lang: Lang) -> list[Section]:
    """Every section that applies to this run, in reading order."""
    builders = [
        seat_section,
        player_count_section,
        paired_section,
        sweep_section,
        bot_section,
        ladder_section,
        score_section,
        component_section,
        end_section,
        runaway_section,
        content_section,
        unused_section,
        error_section,
        run_section,
    ]
    return [s for s in (b(a, lang) for b in builders) if s is not None]
