"""The plain-language summary: sample size, bots, player counts and key findings (en / zh)."""

from __future__ import annotations

import pandas as pd

from sim.report.analysis import Analysis
from sim.report.labels import Lang, t
from sim.report.metrics.goals import goal_lines
from sim.report.verdicts import seat_verdicts


def sample_sentence(a: Analysis, lang: Lang) -> str:
    """One sentence on what was simulated."""
    games, players = a.run.games, a.run.players
    game_names = sorted(games["game"].unique())
    names = a.names(lang)
    sep = t("list_separator", lang)
    variants = [
        names.variant(g, v) if len(game_names) == 1 else f"{names.title(g)} / {names.variant(g, v)}"
        for g in game_names
        for v in a.variants(g)
    ]
    shown = sep.join(variants[:6]) + (f" (+{len(variants) - 6})" if len(variants) > 6 else "")
    bots = [  # each game's bots by that game's names
        names.term(g, b)
        for g in game_names
        for b in sorted(
            {b for lineup in games.loc[games["game"] == g, "bots"].dropna() for b in lineup.split(",") if b}
        )
    ]
    return t(
        "sample",
        lang,
        games=len(games),
        errors=int((games["error"] != "").sum()),
        players=len(players),
        bots=sep.join(dict.fromkeys(bots)) or "-",
        counts=sep.join(str(n) for n in sorted(games["n_players"].unique())),
        variants=shown,
    )


def key_findings(a: Analysis, lang: Lang) -> list[str]:
    """Findings worth a designer's attention, each with its interval and sample size: every metric's
    findings, in registry order."""
    return [line for m in a.registry if m.findings is not None for line in m.findings(a, lang)]


def summary_markdown(a: Analysis, lang: Lang) -> str:
    """summary.md: the plain-language summary, key findings, the design goals' verdicts (one line
    each, the report's sentence), every seat verdict, and the files."""
    lines = [
        f"# {t('report_title', lang)}",
        "",
        sample_sentence(a, lang),
        "",
        f"## {t('key_findings', lang)}",
        "",
    ]
    lines += [f"- {f}" for f in key_findings(a, lang)]
    goals = goal_lines(a, lang)
    if goals:
        lines += ["", f"## {t('sec_goals', lang)}", ""] + [f"- {line}" for line in goals]
    seats = a.tables["seat_win_rates"]
    lines += ["", f"## {t('sec_seats', lang)}", ""]
    names = a.names(lang)
    lines += [
        f"- [{names.title(r.game)} / {names.variant(r.game, r.variant)}] {v}"
        for r, v in zip(seats.itertuples(), seat_verdicts(seats, lang), strict=True)
    ]
    lines += ["", f"## {t('sec_caveat', lang)}", "", t("caveat_text", lang), "", t("files", lang), ""]
    return "\n".join(lines)


def findings_frame(a: Analysis, lang: Lang) -> pd.DataFrame:
    """The key findings as a one-column table (written to tables/findings.csv)."""
    return pd.DataFrame({"finding": key_findings(a, lang)})
