"""The plain-language summary: sample size, bots, player counts and key findings (en / zh)."""

from __future__ import annotations

import pandas as pd

from sim.report.analysis import Analysis
from sim.report.answers import MIN_CARD_GAMES
from sim.report.labels import Lang, t
from sim.report.verdicts import (
    WIDE_HALFWIDTH,
    content_verdict,
    ladder_verdict,
    paired_verdict,
    pct,
    seat_verdicts,
    sweep_verdicts,
)
from sim.stats.seats import games_for_halfwidth

MAX_CONTENT_FINDINGS = 5
"""Notable cards/tiles listed among the key findings (all are in the report and the CSV)."""


def sample_sentence(a: Analysis, lang: Lang) -> str:
    """One sentence on what was simulated."""
    games, players = a.run.games, a.run.players
    bots = sorted({b for lineup in games["bots"].dropna().unique() for b in lineup.split(",") if b})
    game_names = sorted(games["game"].unique())
    variants = [v if len(game_names) == 1 else f"{g}/{v}" for g in game_names for v in a.variants(g)]
    shown = ", ".join(variants[:6]) + (f" (+{len(variants) - 6})" if len(variants) > 6 else "")
    return t(
        "sample",
        lang,
        games=len(games),
        errors=int((games["error"] != "").sum()),
        players=len(players),
        bots=", ".join(dict.fromkeys(a.names(lang).term(g, b) for g in game_names for b in bots)) or "-",
        counts=", ".join(str(n) for n in sorted(games["n_players"].unique())),
        variants=shown,
    )


def key_findings(a: Analysis, lang: Lang) -> list[str]:
    """Findings worth a designer's attention, each with its interval and sample size."""
    findings: list[str] = []
    seats = a.tables["seat_win_rates"]
    flagged = seats[seats["imbalanced"]]
    if a.run.players.empty:
        findings.append(t("no_finished", lang))
    elif flagged.empty:
        findings.append(t("no_imbalance", lang))
    if "dominated" in seats.columns:
        dominated = seats[seats["dominated"]].drop_duplicates(["game", "variant", "n_players"])
        findings += [
            t(
                "seat_dominated_note",
                lang,
                name=f"{a.names(lang).title(r['game'])} / {r['variant']}",
                n=int(r["n_players"]),
                bot=r["dominant_bot"],
                share=pct(r["dominant_share"], 1 if lang == "zh" else 0),
            )
            for r in dominated.to_dict("records")
        ]
    names = a.names(lang)
    if not flagged.empty:
        findings += [
            f"[{names.title(r.game)} / {r.variant}] {v}"
            for r, v in zip(flagged.itertuples(), seat_verdicts(flagged, lang), strict=True)
        ]
    if not seats.empty:
        findings.append(_precision(seats, lang))
    for c in a.comparisons:
        changed = c.seats[c.seats["significant"]]
        if changed.empty:
            findings.append(
                f"[{names.title(c.game)}] " + t("paired_none", lang, a=c.variant_a, b=c.variant_b)
            )
        findings += [
            f"[{names.title(c.game)}] {paired_verdict(row, c.variant_a, c.variant_b, lang)}"
            for row in changed.to_dict("records")
        ]
    sweeps = sweep_verdicts(a.tables["sweep_tests"], lang)
    changed_sweeps = sweeps[sweeps["changed"]] if not sweeps.empty else sweeps
    findings += [f"[{names.title(r.game)}] {r.verdict}" for r in changed_sweeps.itertuples()]
    ladder = a.tables["ladder"].to_dict("records")
    findings += [
        f"[{names.title(r['game'])} / {r['variant']}] {ladder_verdict(r, lang)}"
        for r in ladder
        if r["status"] != "none"
    ]
    content = a.tables["event_win_rates"]
    sizes = a.run.games.groupby(["game", "variant", "n_players"]).size()
    enough = [
        sizes.get(k, 0) >= MIN_CARD_GAMES
        for k in zip(content["game"], content["variant"], content["n_players"], strict=True)
    ]
    content = content[pd.Series(enough, index=content.index, dtype=bool)]
    notable = content[content["notable"]].sort_values("q_value").head(MAX_CONTENT_FINDINGS)  # adjusted only
    findings += [
        f"[{names.title(r['game'])} / {r['variant']}] "
        + content_verdict(
            r
            | {
                "value": names.term(r["game"], r["value"]),
                "column": names.term(r["game"], r["column"]),
                "kind": names.term(r["game"], r["kind"]) if r.get("kind") else "",
            },
            lang,
        )
        for r in notable.to_dict("records")
    ]
    n_errors = len(a.tables["errors"])
    if n_errors:
        findings.append(t("errors_found", lang, count=n_errors, share=pct(n_errors / len(a.run.games), 1)))
    unused = _unused_items(a, lang)
    if unused:
        findings.append(
            t("unused_found", lang, items=", ".join(unused[:12]) + (" …" if len(unused) > 12 else ""))
        )
    return findings


def _precision(seats: pd.DataFrame, lang: Lang) -> str:
    """How wide the widest seat interval is, and how many games would bring every seat to ±2 points."""
    halves = (seats["hi"] - seats["lo"]) / 2
    widest = seats.loc[halves.idxmax()]
    rates = seats["win_rate"].where(seats["win_rate"].between(0, 1, inclusive="neither"), seats["fair_share"])
    needed = max(games_for_halfwidth(r, WIDE_HALFWIDTH) for r in rates)
    key = "precision_ok" if halves.max() <= WIDE_HALFWIDTH else "precision_more"
    return t(
        key,
        lang,
        half=pct(halves.max(), 1),
        n=int(widest["n_players"]),
        games=f"{int(widest['games']):,}",
        needed=f"{needed:,}",
        target=pct(WIDE_HALFWIDTH, 1 if lang == "zh" else 0),
    )


def _unused_items(a: Analysis, lang: Lang = "en") -> list[str]:
    zero, unseen = a.tables["zero_breakdown_columns"], a.tables["unseen_config_ids"]
    prefix = a.run.games["game"].nunique() > 1  # name the game when a report combines several
    names = a.names(lang)
    items = [
        f"{r.game}: {names.term(r.game, r.column)}" if prefix else names.term(r.game, r.column)
        for r in zero.itertuples()
    ]
    items += [f"{r.game}: {r.list}.{r.id}" if prefix else f"{r.list}.{r.id}" for r in unseen.itertuples()]
    return list(dict.fromkeys(items))


def summary_markdown(a: Analysis, lang: Lang) -> str:
    """summary.md: the plain-language summary, key findings, every seat verdict, and the files."""
    lines = [
        f"# {t('report_title', lang)}",
        "",
        sample_sentence(a, lang),
        "",
        f"## {t('key_findings', lang)}",
        "",
    ]
    lines += [f"- {f}" for f in key_findings(a, lang)]
    seats = a.tables["seat_win_rates"]
    lines += ["", f"## {t('sec_seats', lang)}", ""]
    lines += [
        f"- [{a.names(lang).title(r.game)} / {r.variant}] {v}"
        for r, v in zip(seats.itertuples(), seat_verdicts(seats, lang), strict=True)
    ]
    lines += ["", f"## {t('sec_caveat', lang)}", "", t("caveat_text", lang), "", t("files", lang), ""]
    return "\n".join(lines)


def findings_frame(a: Analysis, lang: Lang) -> pd.DataFrame:
    """The key findings as a one-column table (written to tables/findings.csv)."""
    return pd.DataFrame({"finding": key_findings(a, lang)})
