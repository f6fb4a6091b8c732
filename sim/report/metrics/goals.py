"""Design goals (``sim.core.goals``): each goal's measure with its interval, judged against the band
the config sets (run.json ``goals``), one row per (game, variant, player count, goal).

The measures are the other metrics' tables (the widest seat gap, lead changes, rounds), so a figure
shown in both places is the same number, plus the few only goals need (``sim.stats.goals``)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim.config.goals import default_bands
from sim.core.goal_looks import read_looks, recorded
from sim.core.goals import BOTS, GAME, GENERIC_GOALS, GENERIC_PLAYS, LINEUP, on_edge, play_of, verdict
from sim.dataset import GROUP, Run
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Metric, answer_groups, answer_name, answer_row
from sim.report.names import Names, fmt_fixed, fmt_number, fmt_pct
from sim.report.sections import Section, display_name, table
from sim.stats import goals as measures
from sim.stats import goals_interact
from sim.stats.goals_routes import CHECK_COLUMNS
from sim.stats.goals_seats import NO_PHASE, NONE_HELPS

if TYPE_CHECKING:
    from sim.report.metric import Analysis

UNITS = {goal.key: goal.unit for goal in GENERIC_GOALS}
COLUMNS = [
    *GROUP,
    "goal",
    "about",
    "verdict",
    "value",
    "low",
    "high",
    "band_min",
    "band_max",
    "band_by",
    "games",
    "players",
    "more_games",
    "more_minutes",
    *measures.DRIVER_COLUMNS,
    *CHECK_COLUMNS,
    "unit",
]
INFO = "info"
"""The verdict of a ``bots`` goal that has a band: shown as information, never as met or not met."""


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """The ``goals`` table: every goal the runs can measure, judged against its band.

    A group of games belongs to the play its variant label names (``<variant>+<play>``, the games
    ``sim goals`` plays for a goal) or else to the lineup's own games; each goal is measured on its
    play's games and reported under the judged variant. A lineup that seats random play is the skill
    gap's play (a ``sim run`` with random play in its lineup)."""
    declared = _declared_goals(a)
    plays = sorted(
        {p for g in declared.values() for p in (g["play"], *g.get("reads", ()))}
        | {p.key for p in GENERIC_PLAYS}
    )
    wanted = (lambda key: True) if a.goals is None else a.goals.__contains__
    parts = [
        part.assign(goal=key) for key, part in _generic_measures(a).items() if not part.empty and wanted(key)
    ]
    parts += [
        _game_measure(a, goal, plays) for goal in declared.values() if goal["measure"] and wanted(goal["key"])
    ]
    parts = [part for part in parts if not part.empty]
    checked = {key for part in parts if "check_low" in part.columns for key in part["goal"].unique()}
    if not parts:
        return {"goals": pd.DataFrame(columns=COLUMNS)}
    out = pd.concat(parts, ignore_index=True)
    out = out[_read_from_its_play(a, out, declared, plays)].reset_index(drop=True)
    if out.empty:
        return {"goals": pd.DataFrame(columns=COLUMNS)}
    bands = _bands(a)
    band = [bands.get(v, {}).get(g, {}) for v, g in zip(out["variant"], out["goal"], strict=True)]
    lows, highs = [_num(b.get("min")) for b in band], [_num(b.get("max")) for b in band]
    for column in CHECK_COLUMNS:
        if column not in out.columns:
            out[column] = np.nan
    out["band_min"], out["band_max"] = lows, highs
    records = _recorded(a, out, plays)
    out["low"] = [r["low"] if r else lo for r, lo in zip(records, out["low"], strict=True)]
    out["high"] = [r["high"] if r else hi for r, hi in zip(records, out["high"], strict=True)]
    out["verdict"], out["about"] = _verdicts(out, declared, checked)
    out["band_by"] = _band_by(out, declared)
    out["unit"] = [UNITS.get(g) or declared.get(g, {}).get("unit", "index") for g in out["goal"]]
    out["variant"] = [play_of(v, plays)[0] for v in out["variant"]]
    out["players"] = _players(a, out, declared, plays)
    out["more_games"], out["more_minutes"] = _more_games(a, out, declared, plays, records)
    order = {key: i for i, key in enumerate([*UNITS, *declared])}
    out = out.sort_values([*GROUP, "goal"], key=lambda c: c.map(order) if c.name == "goal" else c)
    for column in measures.DRIVER_COLUMNS:
        if column not in out.columns:
            out[column] = np.nan if column == "driver_value" else ""
    return {"goals": out[COLUMNS].reset_index(drop=True)}


def _verdicts(out: pd.DataFrame, declared: dict[str, dict], checked: set[str]) -> tuple[list[str], list[str]]:
    """Each row's verdict and what it is about. A ``bots`` goal with a band reads ``info``; a
    ``game`` goal whose measure checked itself with the strongest players alone (``check_low``,
    ``check_high``; the routes) stays ``game`` only where the check reaches the same verdict."""
    subjects = {goal.key: goal.subject for goal in GENERIC_GOALS}
    subjects |= {k: g.get("subject", GAME) for k, g in declared.items()}
    verdicts, abouts = [], []
    for row in out.to_dict("records"):
        band = (_num(row["band_min"]), _num(row["band_max"]))
        judged = "no_band" if band == (None, None) else verdict(row["low"], row["high"], *band)
        about = subjects.get(row["goal"], GAME)
        if about == GAME and row["goal"] in checked:
            check = verdict(row["check_low"], row["check_high"], *band)
            about = (
                GAME
                if judged == "no_band" or (_num(row["check_low"]) is not None and check == judged)
                else BOTS
            )
        verdicts.append(INFO if about == BOTS and judged != "no_band" else judged)
        abouts.append(about)
    return verdicts, abouts


def _band_by(out: pd.DataFrame, declared: dict[str, dict]) -> list[str]:
    """``designer`` where the config's band differs from the toolkit's default band for the goal,
    ``default`` where it is the default (its reason: docs/goals.md), empty without a band."""
    defaults = {goal.key: (goal.min, goal.max) for goal in GENERIC_GOALS}
    defaults |= {
        k: (g["default"].get("min"), g["default"].get("max")) for k, g in declared.items() if "default" in g
    }
    shown = []
    for goal, low, high in zip(out["goal"], out["band_min"], out["band_max"], strict=True):
        low, high = _num(low), _num(high)
        if low is None and high is None:
            shown.append("")
            continue
        default = tuple(_num(x) for x in defaults.get(goal, (None, None)))
        shown.append("default" if default == (low, high) else "designer")
    return shown


def _per_play(a: Analysis, table: str, reduce, plays: list[str]) -> dict[tuple, object]:
    """(game, judged variant, n_players, play) -> ``reduce`` of that play's rows of ``table``
    (``players`` or ``games`` of every play's games)."""
    frame = getattr(_every_game(a), table)
    split = {v: play_of(v, plays) for v in frame["variant"].astype(str).unique()}
    keyed = frame.assign(
        variant=frame["variant"].map(lambda v: split[str(v)][0]),
        play=frame["variant"].map(lambda v: split[str(v)][1]),
    )
    return {k: reduce(part) for k, part in keyed.groupby([*GROUP, "play"], sort=False)}


def _for_rows(a: Analysis, out: pd.DataFrame, declared: dict[str, dict], found: dict[tuple, object], empty):
    """Each row's value in ``found`` (``_per_play``) for its goal's play (a run whose lineup seats
    random play is the skill gap's play); ``empty`` where its play has none."""
    seats_control = measures.with_control(_every_game(a).players)
    wanted = {goal.key: goal.play for goal in GENERIC_GOALS} | {k: g["play"] for k, g in declared.items()}
    values = []
    for row in out.to_dict("records"):
        play = wanted.get(row["goal"], LINEUP)
        group = (row["game"], row["variant"], row["n_players"])
        if (*group, play) not in found and play == "skill" and group in seats_control:
            play = LINEUP
        values.append(found.get((*group, play), empty))
    return values


def _players(a: Analysis, out: pd.DataFrame, declared: dict[str, dict], plays: list[str]) -> list[str]:
    """The bots seated in the games each row was measured on (its goal's play), comma-separated."""
    found = _per_play(a, "players", lambda part: ",".join(sorted(set(part["bot"].astype(str)))), plays)
    return _for_rows(a, out, declared, found, "")


def _recorded(a: Analysis, out: pd.DataFrame, plays: list[str]) -> list[dict | None]:
    """Each row's record in the looks ``sim goals`` kept (``sim.core.goal_looks``: its anytime-valid
    interval and the units still needed) when judged on the same games; None elsewhere."""
    looks = read_looks(a.run.folders)
    if looks is None:
        return [None] * len(out)
    return [
        recorded({**row, "variant": play_of(row["variant"], plays)[0]}, looks)
        for row in out[[*GROUP, "goal", "games"]].to_dict("records")
    ]


def _more_games(
    a: Analysis,
    out: pd.DataFrame,
    declared: dict[str, dict],
    plays: list[str],
    records: list[dict | None] | None = None,
) -> tuple[list[float], list[float]]:
    """For an undecided row: about how many more games of its play would decide it (from the
    confidence sequence's units still needed where ``sim goals`` recorded them, else
    ``games_to_decide``), and their minutes of one worker at the play's mean seconds a game
    (``duration_s``: a game's wall time in its worker, so a busy machine's pace)."""
    mean_seconds = _per_play(a, "games", lambda part: part["duration_s"].mean(), plays)
    seconds = _for_rows(a, out, declared, mean_seconds, np.nan)
    games, minutes = [], []
    records = records or [None] * len(out)
    for row, per_game, record in zip(out.to_dict("records"), seconds, records, strict=True):
        more = np.nan
        if record is not None and row["verdict"] == "undecided":
            more = _more_units(record)
        elif row["verdict"] == "undecided":
            band = (_num(row["band_min"]), _num(row["band_max"]))
            more = games_to_decide(row["value"], row["low"], row["high"], *band, games=row["games"])
        games.append(more)
        minutes.append(more * float(per_game) / 60 if per_game == per_game else np.nan)
    return games, minutes


def _more_units(record: dict) -> float:
    """More games from a recorded look: the units still needed, in games of its play (a setup is
    its replays' games)."""
    need, units = _num(record.get("units_needed")), _num(record.get("units"))
    if need is None or units is None:
        return np.nan
    return float(max(1.0, np.ceil(need - units)) * int(record.get("replays") or 1))


def games_to_decide(
    value: float, low: float, high: float, band_min: float | None, band_max: float | None, games: int
) -> float:
    """About how many more games would move an interval that crosses a band's edge clear of it,
    taking the interval to narrow as 1/sqrt(games) about the value: the arm towards the edge
    (value to high, or low to value) shrinks to the distance to the edge at games · (arm /
    distance)². NaN when no edge lies in the interval, or the value sits on it."""
    if _num(low) is None or _num(high) is None or not games:
        return float("nan")
    needed = []
    for edge in (e for e in (band_min, band_max) if e is not None and low <= e <= high):
        distance, arm = abs(value - edge), (high - value) if edge >= value else (value - low)
        if not on_edge(value, edge) and arm > 0:
            needed.append(games * (arm / distance) ** 2)
    return float(max(1.0, np.ceil(round(max(needed) - games, 6)))) if needed else float("nan")


def _generic_measures(a: Analysis) -> dict[str, pd.DataFrame]:
    """The generic goals' measures on every group (the report's own tables, computed once)."""
    fairness = a.tables["first_player_advantage"]
    length = a.tables["game_length"]
    names = a.names("en")
    variety = [
        measures.winner_variety(part, [c for c in a.run.breakdown_columns if names.is_scoring(game, c)])
        for game, part in a.run.players.groupby("game", sort=True)
    ]
    return {
        "seat_fairness": _farthest_seat(
            _rename(fairness, "max_gap", "max_gap_lo", "max_gap_hi", scale=100.0), a.tables["seat_win_rates"]
        ),
        "decisiveness": measures.decisiveness(a.run.games),
        "drama": _rename(a.tables["lead_changes"], "mean", "lo", "hi", games="n"),
        "length": _rename(length[length["metric"] == "rounds"], "mean", "lo", "hi", games="n"),
        "skill_gap": measures.skill_gap(_every_game(a).players),
        "variety": pd.concat(variety, ignore_index=True) if variety else pd.DataFrame(),
        "waiting": goals_interact.waiting(a.run.players),
    }


def _every_game(a: Analysis) -> Run:
    """The games of every play, the lineup's included (``Analysis.run`` holds the lineup's alone)."""
    return a.goal_run if a.goal_run is not None else a.run


def _declared_goals(a: Analysis) -> dict[str, dict]:
    """The games' own goals as run.json declares them (key -> declaration), first declaration wins."""
    declared: dict[str, dict] = {}
    for meta in a.run.meta:
        for game, info in (meta.get("games") or {}).items():
            for goal in info.get("goals") or []:
                declared.setdefault(goal["key"], {**goal, "game": game})
    return declared


def _read_from_its_play(
    a: Analysis, out: pd.DataFrame, declared: dict[str, dict], plays: list[str]
) -> pd.Series:
    """True for the rows measured on the games of their goal's play."""
    seats_control = pd.MultiIndex.from_frame(out[GROUP]).isin(measures.with_control(_every_game(a).players))
    wanted = {goal.key: goal.play for goal in GENERIC_GOALS} | {k: g["play"] for k, g in declared.items()}
    row_play = [play_of(v, plays)[1] for v in out["variant"]]
    row_play = ["skill" if p == LINEUP and c else p for p, c in zip(row_play, seats_control, strict=True)]
    return pd.Series(
        [wanted.get(g, LINEUP) == p for g, p in zip(out["goal"], row_play, strict=True)], index=out.index
    )


def _game_measure(a: Analysis, goal: dict, plays: list[str]) -> pd.DataFrame:
    """A game's own goal, measured by the function it declares on its play's games."""
    reads = {goal["play"], *goal.get("reads", ())}
    run = _every_game(a)
    keep = np.array([play_of(v, plays)[1] in reads for v in run.games["variant"]], dtype=bool)
    games = run.games[keep & (run.games["game"] == goal["game"])]
    if games.empty:
        return pd.DataFrame()
    module, _, function = goal["measure"].partition(":")
    measure = getattr(importlib.import_module(module), function)
    rows = measure(run.subset(games["gid"]), **goal.get("columns", {}))
    return rows.assign(goal=goal["key"]) if not rows.empty else rows


def _rename(df: pd.DataFrame, value: str, low: str, high: str, scale: float = 1.0, games: str = "games"):
    if df.empty:
        return pd.DataFrame(columns=measures.MEASURE_COLUMNS)
    out = df[[*GROUP, value, low, high, games]].copy()
    out.columns = measures.MEASURE_COLUMNS
    out[["value", "low", "high"]] = out[["value", "low", "high"]].astype(float) * scale
    return out


def _farthest_seat(fairness: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """The seat whose win rate is farthest from the fair share drives the seat gap (``driver``: the
    seat, numbered from 1 as players count them; ``driver_value``: its win rate)."""
    if fairness.empty or seats.empty:
        return fairness
    far = seats.assign(off=(seats["win_rate"] - seats["fair_share"]).abs())
    far = far.loc[far.groupby(GROUP)["off"].idxmax(), [*GROUP, "seat", "win_rate"]]
    far = far.assign(driver=(far["seat"] + 1).astype(str), driver_other="", driver_value=far["win_rate"])
    return fairness.merge(far[[*GROUP, *measures.DRIVER_COLUMNS]], on=GROUP, how="left")


def _num(x: object) -> float | None:
    return None if x is None or (isinstance(x, float) and np.isnan(x)) else float(x)  # type: ignore[arg-type]


def _bands(a: Analysis) -> dict[str, dict[str, dict]]:
    """Variant label -> goal -> band, from run.json (defaults for a run written before goals)."""
    bands: dict[str, dict[str, dict]] = {}
    for meta in a.run.meta:
        for v in meta.get("variants", []):
            bands.setdefault(v["label"], v.get("goals") or default_bands())
    return bands


def figure(row: dict, lang: Lang) -> str:
    """'<value> [<low>, <high>]' in the goal's unit: the one formatting of a goal's figures, used by
    the table and the sentence alike."""
    unit = row["unit"]
    value = _fmt(row["value"], unit, lang)
    if _num(row["low"]) is None or _num(row["high"]) is None:
        return value
    return f"{value} [{_fmt(row['low'], unit, lang)}, {_fmt(row['high'], unit, lang)}]"


def describe(row: dict, lang: Lang, names: Names | None = None, with_band: bool = True) -> str:
    """One sentence on a goal: its figure and verdict, its band and who set it, what drives it, the
    players it was measured with and what the verdict is about (the game or the bots)."""
    text = t(
        "goal_line",
        lang,
        goal=t(f"goal_{row['goal']}", lang),
        figure=figure(row, lang),
        verdict=t(f"goal_verdict_{row['verdict']}", lang),
    )
    if with_band and row["verdict"] != "no_band":
        by = row.get("band_by") or "designer"
        text += t(f"goal_band_{by}", lang, band=band_text(row, row["unit"], lang))
    text += _driver_text(row, lang, names)
    if row.get("driver_other") == NONE_HELPS:  # no compensation evens the seats: none proposed
        text += t(f"goal_driver_{row['goal']}_none", lang)
    return text + _more_text(row, lang) + _about_text(row, lang, names)


def _more_text(row: dict, lang: Lang) -> str:
    """', about N more games would decide it (about M minutes of one worker)' for an undecided goal;
    for one whose estimate sits on its band's edge, that more games alone may not decide it."""
    more = _num(row.get("more_games"))
    if more is None:
        edges = (_num(row.get("band_min")), _num(row.get("band_max")))
        value = _num(row.get("value"))
        sits = (
            row.get("verdict") == "undecided" and value is not None and any(on_edge(value, e) for e in edges)
        )
        return t("goal_more_edge", lang) if sits else ""
    minutes = _num(row.get("more_minutes"))
    shown = "?" if minutes is None else f"{minutes:.1f}" if minutes < 10 else f"{minutes:,.0f}"
    return t("goal_more", lang, games=f"{more:,.0f}", minutes=shown)


def _driver_text(row: dict, lang: Lang, names: Names | None) -> str:
    """What drives the measure, where one thing does (the goal's ``goal_driver_<key>`` message)."""
    driver = row.get("driver")
    if not isinstance(driver, str) or not driver:
        return ""
    if driver == NO_PHASE:
        return t(f"goal_driver_{row['goal']}_{NO_PHASE}", lang)

    def term(value: object) -> str:
        return names.term(row["game"], value) if names is not None else str(value)

    return t(
        f"goal_driver_{row['goal']}",
        lang,
        driver=term(driver),
        other=term(row.get("driver_other") or "") if row.get("driver_other") else "",
        value=fmt_pct(row.get("driver_value")),
    )


def _about_text(row: dict, lang: Lang, names: Names | None) -> str:
    """Who played the games measured, and why the verdict is about the game or the bots."""
    players = [b for b in str(row.get("players") or "").split(",") if b]
    shown = t("enum_separator", lang)
    text = ""
    if players:
        listed = shown.join(names.term(row["game"], b) if names is not None else b for b in players)
        text += t("goal_players", lang, players=listed)
    if row["goal"] == "routes" or _num(row.get("check_low")) is not None:
        check = {
            **row,
            "value": row.get("check_value"),
            "low": row.get("check_low"),
            "high": row.get("check_high"),
        }
        if _num(row.get("check_low")) is None:
            return text + t("goal_check_missing", lang)
        key = "goal_check_same" if row.get("about") == GAME else "goal_check_differs"
        return text + t(key, lang, figure=figure(check, lang))
    return text + (t("goal_about_bots", lang) if row.get("about") == BOTS else "")


def band_text(row: dict, unit: str, lang: Lang) -> str:
    """'≥ 1', '≤ 10 points', '8–12 rounds'."""
    low, high = _num(row["band_min"]), _num(row["band_max"])
    if low is not None and high is not None:
        return f"{_fmt(low, unit, lang)} – {_fmt(high, unit, lang)}"
    if low is not None:
        return f"≥ {_fmt(low, unit, lang)}"
    return f"≤ {_fmt(high, unit, lang)}" if high is not None else ""


def _fmt(x: float, unit: str, lang: Lang) -> str:
    if x is None or (isinstance(x, float) and np.isnan(x)):
        return ""
    if unit == "share":
        return fmt_pct(x)
    if unit == "points":
        return t("goal_points", lang, x=fmt_fixed(x))
    if unit == "rounds":
        return t("goal_rounds", lang, x=fmt_fixed(x))
    return fmt_number(float(x))


def goal_lines(a: Analysis, lang: Lang) -> list[str]:
    """One line per goal, '[<game / variant>, <n> players] <sentence>' (summary.md, the console)."""
    goals = a.tables.get("goals", pd.DataFrame())
    names = a.names(lang)
    return [
        t("goal_at", lang, name=display_name(a, lang, r["game"], r["variant"]), n=int(r["n_players"]),
          line=describe(r, lang, names))
        for r in goals.to_dict("records")
    ]  # fmt: skip


def goals_section(a: Analysis, lang: Lang) -> Section | None:
    """A table of every goal of each variant, one sentence each: its figure, band, verdict, what it
    is about and the players it was measured with."""
    goals = a.tables.get("goals", pd.DataFrame())
    if goals.empty:
        return None
    section = Section("goals", t("sec_goals", lang))
    section.notes.append(t("goals_note", lang))
    if read_looks(a.run.folders) is not None:  # judged in rounds by sim goals
        section.notes.append(t("goals_note_anytime", lang))
    names = a.names(lang)
    shown = goals.assign(
        figure=[figure(r, lang) for r in goals.to_dict("records")],
        band=[band_text(r, r["unit"], lang) for r in goals.to_dict("records")],
        sentence=[describe(r, lang, names) for r in goals.to_dict("records")],
    )[[*GROUP, "goal", "about", "verdict", "figure", "band", "band_by", "sentence"]]
    section.tables.append(table(a, lang, shown, t("sec_goals", lang), "goals"))
    return section


def goals_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """One sentence per variant: how many goals about the game are met, which are not, how many are
    undecided, and how many goals about the bots are shown as information."""
    sentences, codes = [], []
    goals = a.tables.get("goals", pd.DataFrame())
    judged = goals[goals["verdict"] != "no_band"] if not goals.empty else goals
    for game, variant, part in answer_groups(a, judged):
        counts = part["verdict"].value_counts()
        missed = part[part["verdict"] == "not_met"]
        sentences.append(
            t(
                "ans_goals",
                lang,
                name=answer_name(a, names, game, variant),
                met=int(counts.get("met", 0)),
                not_met=int(counts.get("not_met", 0)),
                undecided=int(counts.get("undecided", 0)),
                info=int(counts.get(INFO, 0)),
                missed=t("list_sep", lang).join(
                    t("goal_at_count", lang, line=describe(r, lang, names), n=int(r["n_players"]))
                    for r in missed.to_dict("records")
                )
                or t("goals_none_missed", lang),
            )
        )
        about_game = part[part["about"] == GAME]
        worst = missed.iloc[0] if not missed.empty else (about_game if not about_game.empty else part).iloc[0]
        code = "not_met" if not missed.empty else ("met" if counts.get("undecided", 0) == 0 else "undecided")
        codes.append(
            answer_row("goals", game, variant, int(worst["n_players"]), code,
                       worst["value"], worst["low"], worst["high"], "high" if code != "undecided" else "low")
        )  # fmt: skip
    return sentences, codes


METRIC = Metric(
    key="goals",
    tables=("goals",),
    compute=compute,
    needs=("seats", "scores", "runaway"),
    section=goals_section,
    topic="ans_topic_goals",
    answers=goals_answers,
    answer_rank=1,
    codes=("met", "not_met", "undecided"),
)
