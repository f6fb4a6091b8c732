"""The answers a report opens with: seat balance per player count, the best player count, runaway
leaders, end reasons by stage, card findings and what needs more games.

Each answer is first a row of codes and numbers (``answer_codes``: topic, code, estimate, interval,
how sure); the sentences come from the label catalogue (``sim.report.labels``) only."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from sim.report.analysis import Analysis
from sim.report.labels import Lang, t
from sim.report.names import Names, fmt_number, fmt_p, fmt_pct
from sim.report.verdicts import WIDE_HALFWIDTH, content_verdict, paired_verdict
from sim.stats.seats import games_for_halfwidth

BALANCED_GAP = 0.05
"""A player count is called balanced when the widest seat gap's interval stays below 5 points."""
RUNAWAY = 0.70
"""The mid-game leader wins at least this often: a runaway leader."""
MIN_CARD_GAMES = 50
"""Card intervals are cluster-robust over games: they need this many games per group (docs/report.md)."""
MAX_ANSWER_VARIANTS = 3
"""Variants per game that get answers (the others are in the sections and tables)."""


def _name(a: Analysis, names: Names, game: str, variant: str) -> str:
    title = names.title(game)
    return title if len(a.variants(game)) <= 1 else f"{title} / {variant}"


def _groups(a: Analysis, df: pd.DataFrame):
    for (game, variant), part in df.groupby(["game", "variant"], sort=True):
        if variant in a.variants(game)[:MAX_ANSWER_VARIANTS]:
            yield game, variant, part


def _row(topic: str, game: str, variant: str, n: Any, code: str, est: float, lo: float, hi: float, sure: str):
    return {
        "topic": topic, "game": game, "variant": variant, "n_players": n, "code": code,
        "estimate": est, "lo": lo, "hi": hi, "sure": sure,
    }  # fmt: skip


def seat_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """One sentence per (variant, player count): balanced, imbalanced, dominated or unclear."""
    sentences, codes = [], []
    fpa, seats = a.tables["first_player_advantage"], a.tables["seat_win_rates"]
    for game, variant, part in _groups(a, fpa):
        name = _name(a, names, game, variant)
        for r in part.sort_values("n_players").to_dict("records"):
            n = int(r["n_players"])
            group = seats[(seats["game"] == game) & (seats["variant"] == variant) & (seats["n_players"] == n)]
            flagged = group[group["imbalanced"]]
            values = {
                "name": name, "n": n, "gap": fmt_pct(r["max_gap"]), "lo": fmt_pct(r["max_gap_lo"]),
                "hi": fmt_pct(r["max_gap_hi"]), "games": f"{int(r['games']):,}",
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
                _row("seats", game, variant, n, code, r["max_gap"], r["max_gap_lo"], r["max_gap_hi"], sure)
            )
    return sentences, codes


def best_count_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """Which player count plays best: smallest seat gap, closest scores, most lead changes."""
    sentences, codes = [], []
    counts = a.tables["player_counts"].dropna(subset=["max_gap"])
    scores = a.tables["score_distribution"].set_index(["game", "variant", "n_players"])["mean"]
    for game, variant, part in _groups(a, counts):
        if part["n_players"].nunique() < 2:
            continue
        part = part.sort_values("n_players").copy()
        mean_score = [scores.get((game, variant, n), np.nan) for n in part["n_players"]]
        part["spread"] = part["mean_margin"] / np.maximum(np.abs(mean_score), 1e-9)
        ranks = part["max_gap"].rank() + part["spread"].rank()
        if part["lead_changes"].notna().any():
            ranks = ranks + part["lead_changes"].rank(ascending=False)
        best = part.loc[ranks.idxmin()]
        others = part.drop(index=best.name)
        wins = int(best["max_gap"] <= others["max_gap"].min()) + int(best["spread"] <= others["spread"].min())
        if part["lead_changes"].notna().any():
            wins += int(best["lead_changes"] >= others["lead_changes"].max())
        separated = bool(best["max_gap_hi"] < others["max_gap_lo"].min())
        sure = "high" if separated else "medium" if wins >= 2 and len(part) > 1 else "low"
        detail = [
            t(
                "ans_count_detail",
                lang,
                n=int(r["n_players"]),
                gap=fmt_pct(r["max_gap"]),
                spread=fmt_pct(r["spread"]),
                changes=fmt_number(round(r["lead_changes"], 2)) if pd.notna(r["lead_changes"]) else "–",
                rounds=fmt_number(round(r["mean_rounds"], 1)),
            )
            for r in part.to_dict("records")
        ]
        sentences.append(
            t(
                "ans_best_count",
                lang,
                name=_name(a, names, game, variant),
                n=int(best["n_players"]),
                gap=fmt_pct(best["max_gap"]),
                lo=fmt_pct(best["max_gap_lo"]),
                hi=fmt_pct(best["max_gap_hi"]),
                detail=t("list_sep", lang).join(detail),
                sure=t(f"sure_{sure}", lang),
                why=t(f"ans_best_why_{sure}", lang),
            )
        )
        codes.append(
            _row(
                "best_count", game, variant, int(best["n_players"]), "best",
                best["max_gap"], best["max_gap_lo"], best["max_gap_hi"], sure,
            )
        )  # fmt: skip
    return sentences, codes


def runaway_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """Does the leader at mid-game win? One sentence per variant over its player counts."""
    sentences, codes = [], []
    leaders, length = a.tables["leader_wins"], a.tables["game_length"]
    if leaders.empty:
        for game, variant, part in _groups(a, a.tables["lead_changes"]):
            parts = [
                t("ans_changes_part", lang, n=int(r["n_players"]), mean=fmt_number(round(r["mean"], 2)),
                  lo=fmt_number(round(r["lo"], 2)), hi=fmt_number(round(r["hi"], 2)))
                for r in part.sort_values("n_players").to_dict("records")
            ]  # fmt: skip
            sentences.append(
                t("ans_runaway_changes", lang, name=_name(a, names, game, variant),
                  parts=t("list_sep", lang).join(parts), sure=t("sure_low", lang))
            )  # fmt: skip
            codes.append(_row("runaway", game, variant, "", "changes_only", part["mean"].min(),
                              np.nan, np.nan, "low"))  # fmt: skip
        return sentences, codes
    rounds = length[length["metric"] == "rounds"].set_index(["game", "variant", "n_players"])["q50"]
    for game, variant, part in _groups(a, leaders):
        parts, worst = [], None
        for n, by_n in part.groupby("n_players", sort=True):
            middle = max(1, int(round(rounds.get((game, variant, n), by_n["round"].max()) / 2)))
            row = by_n.iloc[(by_n["round"] - middle).abs().argmin()]
            parts.append(
                t(
                    "ans_runaway_part",
                    lang,
                    n=int(n),
                    k=int(row["round"]),
                    rate=fmt_pct(row["p_leader_wins"]),
                    lo=fmt_pct(row["lo"]),
                    hi=fmt_pct(row["hi"]),
                    fair=fmt_pct(row["fair_share"]),
                )
            )
            if worst is None or row["p_leader_wins"] > worst["p_leader_wins"]:
                worst = row
        if worst["lo"] >= RUNAWAY:
            code, sure = "strong", "high"
        elif worst["hi"] < RUNAWAY:
            code, sure = "normal", "high" if worst["hi"] - worst["lo"] < 0.2 else "medium"
        else:
            code, sure = "unclear", "low"
        sentences.append(
            t(
                f"ans_runaway_{code}",
                lang,
                name=_name(a, names, game, variant),
                parts=t("list_sep", lang).join(parts),
                threshold=fmt_pct(RUNAWAY, 0),
                sure=t(f"sure_{sure}", lang),
            )
        )
        codes.append(
            _row(
                "runaway", game, variant, int(worst["n_players"]), code,
                worst["p_leader_wins"], worst["lo"], worst["hi"], sure,
            )
        )  # fmt: skip
    return sentences, codes


def end_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """End reasons per stage (e.g. trigger, war outcome), pooled over player counts."""
    sentences, codes = [], []
    stages = a.tables["end_stages"]
    for game, variant, part in _groups(a, stages):
        totals = part.drop_duplicates("n_players")["games"].sum()
        for stage, by_stage in part.groupby("stage", sort=True):
            pooled = by_stage.groupby("trigger")["count"].sum().sort_values(ascending=False)
            shown = [
                t("ans_end_part", lang, trigger=names.term(game, trig), share=fmt_pct(c / totals))
                for trig, c in pooled.head(4).items()
            ]
            sentences.append(
                t(
                    "ans_end",
                    lang,
                    name=_name(a, names, game, variant),
                    stage=names.stage(game, int(stage)),
                    parts=t("list_sep", lang).join(shown),
                    games=f"{int(totals):,}",
                )
            )
            top = pooled.index[0]
            codes.append(_row("end", game, variant, "", f"stage{stage}:{top}", pooled.iloc[0] / totals,
                              np.nan, np.nan, "high" if totals >= 100 else "low"))  # fmt: skip
    return sentences, codes


def card_answers(a: Analysis, names: Names, lang: Lang, top: int = 3) -> tuple[list[str], list[dict]]:
    """Cards and content: how many items stand out after correction, and the strongest few."""
    rates = a.tables["event_win_rates"]
    if rates.empty:
        return [], []
    sizes = a.run.games.groupby(["game", "variant", "n_players"]).size()
    if sizes.max() < MIN_CARD_GAMES:
        sentence = t("ans_cards_few_games", lang, games=f"{int(sizes.max()):,}", needed=MIN_CARD_GAMES)
        return [sentence], [_row("cards", "", "", "", "too_few_games", np.nan, np.nan, np.nan, "low")]
    enough = [
        sizes.get(k, 0) >= MIN_CARD_GAMES
        for k in zip(rates["game"], rates["variant"], rates["n_players"], strict=True)
    ]
    rates = rates[np.array(enough, dtype=bool)]
    notable = (
        rates[rates["notable"]]
        .sort_values("q_value")
        .drop_duplicates(["game", "n_players", "table", "column", "kind", "value", "difference"])
    )
    tested = len(rates)
    if notable.empty:
        return [t("ans_cards_none", lang, tested=f"{tested:,}")], [
            _row("cards", "", "", "", "none", np.nan, np.nan, np.nan, "low")
        ]
    sentences = [t("ans_cards_some", lang, count=len(notable), tested=f"{tested:,}")]
    for r in notable.head(top).to_dict("records"):
        game = r["game"]
        shown = r | {"value": names.term(game, r["value"]), "column": names.term(game, r["column"])}
        shown["kind"] = names.term(game, r["kind"]) if r.get("kind") else ""
        sentences.append(f"[{_name(a, names, game, r['variant'])}] " + content_verdict(shown, lang))
    codes = [
        _row("cards", r["game"], r["variant"], r["n_players"], f"notable:{r['value']}", r["difference"],
             r["diff_lo"], r["diff_hi"], "medium")
        for r in notable.head(top).to_dict("records")
    ]  # fmt: skip
    return sentences, codes


def paired_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """Variant comparisons on shared seeds: the seats whose win rate changed, else 'no detectable change'."""
    sentences, codes = [], []
    for c in a.comparisons:
        title = names.title(c.game)
        changed = c.seats[c.seats["significant"]]
        if changed.empty:
            widest = c.seats.loc[(c.seats["hi"] - c.seats["lo"]).idxmax()] if not c.seats.empty else None
            sentences.append(f"[{title}] " + t("paired_none", lang, a=c.variant_a, b=c.variant_b))
            if widest is not None:
                codes.append(_row("paired", c.game, c.variant_b, int(widest["n_players"]), "none",
                                  widest["difference"], widest["lo"], widest["hi"], "low"))  # fmt: skip
        for row in changed.to_dict("records"):
            sentences.append(f"[{title}] " + paired_verdict(row, c.variant_a, c.variant_b, lang))
            codes.append(_row("paired", c.game, c.variant_b, int(row["n_players"]), "changed",
                              row["difference"], row["lo"], row["hi"], "high"))  # fmt: skip
    return sentences, codes


def more_games_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """What needs more games, and how many per player count and variant."""
    seats = a.tables["seat_win_rates"]
    if seats.empty:
        return [], []
    halves = (seats["hi"] - seats["lo"]) / 2
    widest = seats.loc[halves.idxmax()]
    rates = seats["win_rate"].where(seats["win_rate"].between(0, 1, inclusive="neither"), seats["fair_share"])
    needed = max(games_for_halfwidth(r, WIDE_HALFWIDTH) for r in rates)
    ok = halves.max() <= WIDE_HALFWIDTH
    sentence = t(
        "ans_more_ok" if ok else "ans_more_needed",
        lang,
        half=fmt_pct(halves.max()),
        n=int(widest["n_players"]),
        games=f"{int(widest['games']):,}",
        needed=f"{needed:,}",
        target=fmt_pct(WIDE_HALFWIDTH, 0),
        name=names.title(widest["game"]),
    )
    code = _row("more_games", widest["game"], widest["variant"], int(widest["n_players"]),
                "ok" if ok else "needed", halves.max(), np.nan, np.nan, "high")  # fmt: skip
    return [sentence], [code | {"needed": needed}]


TOPICS = (
    ("ans_topic_seats", seat_answers),
    ("ans_topic_count", best_count_answers),
    ("ans_topic_runaway", runaway_answers),
    ("ans_topic_paired", paired_answers),
    ("ans_topic_end", end_answers),
    ("ans_topic_cards", card_answers),
    ("ans_topic_more", more_games_answers),
)


def answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[tuple[str, list[str]]], pd.DataFrame]:
    """(topic title, sentences) in reading order, and every answer's codes and numbers."""
    out, rows = [], []
    if a.run.players.empty:
        return [(t("ans_topic_seats", lang), [t("no_finished", lang)])], pd.DataFrame()
    for key, function in TOPICS:
        sentences, codes = function(a, names, lang)
        if sentences:
            out.append((t(key, lang), sentences))
        rows += codes
    return out, pd.DataFrame(rows)
