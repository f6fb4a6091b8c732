"""Run every metric of ``sim.stats`` over a loaded run: the data behind the report and its CSV tables."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from sim import stats
from sim.dataset import GROUP, Run
from sim.report.names import Names
from sim.stats.intervals import wilson
from sim.stats.outcomes import outcome_kind

MAX_PAIRED = 3
"""At most this many variants are compared against the baseline of a game."""


@dataclass
class Comparison:
    """A paired A/B comparison of two variants of one game."""

    game: str
    variant_a: str
    variant_b: str
    pairs: pd.DataFrame
    seats: pd.DataFrame
    scores: pd.DataFrame
    length: pd.DataFrame


@dataclass
class Analysis:
    """Every metric table of a run, plus the paired comparisons it supports."""

    run: Run
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)
    _variants: dict[str, list[str]] = field(default_factory=dict)
    _names: dict[str, Names] = field(default_factory=dict)

    def names(self, lang: str) -> Names:
        """Display names of game terms in ``lang`` (run metadata first, then the per-game mapping)."""
        if lang not in self._names:
            self._names[lang] = Names.from_meta(self.run.meta, lang)  # type: ignore[arg-type]
        return self._names[lang]

    def variants(self, game: str) -> list[str]:
        """Variants of a game in run.json order (then any others, sorted)."""
        if not self._variants:
            played = self.run.games.groupby("game")["variant"].unique()
            for name, labels in played.items():
                declared = [
                    v["label"] for m in self.run.meta for v in m.get("variants", []) if v.get("game") == name
                ]
                ordered = [v for v in dict.fromkeys(declared) if v in set(labels)]
                self._variants[name] = ordered + sorted(set(labels) - set(ordered))
        return self._variants.get(game, [])


def _comparisons(run: Run, analysis: Analysis) -> list[Comparison]:
    """Baseline against each other variant sharing game indices: the two variants of a game when it has
    two (``sim compare``, with or without ``--set``), else the first plain variant against the other plain ones."""
    out = []
    for game in sorted(run.games["game"].unique()):
        variants = analysis.variants(game)
        plain = variants if len(variants) == 2 else [v for v in variants if "[" not in v]
        for other in plain[1 : 1 + MAX_PAIRED]:
            pairs = stats.paired_games(run.games[run.games["game"] == game], plain[0], other)
            if pairs.empty:
                continue
            out.append(
                Comparison(
                    game=game,
                    variant_a=plain[0],
                    variant_b=other,
                    pairs=pairs,
                    seats=stats.paired_seat_difference(run.players, pairs),
                    scores=stats.paired_score_difference(run.players, pairs),
                    length=stats.paired_length_difference(pairs),
                )
            )
    return out


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
            "tie_break_share": ties["tie_break_share"],
            "tie_lo": ties["lo"],
            "tie_hi": ties["hi"],
            "error_share": (failed.reindex(totals.index).fillna(0) / totals),
            "lead_changes": changes["mean"] if not changes.empty else float("nan"),
        }
    )
    return out.reset_index()


STAGE_SEPARATOR = "·"
TRIGGER_SEPARATOR = "+"


def end_stages(games: pd.DataFrame) -> pd.DataFrame:
    """End reasons split into separate dimensions: an end reason like ``a+b·c·d`` has one stage per
    ``·`` part (e.g. the trigger of a period, a war outcome, the final trigger), and every ``+`` part of
    a stage is one trigger that fired. One row per (game, variant, n_players, stage, trigger): games in
    which it fired, their share (Wilson interval). Errors and stalls are triggers of stage 0."""
    columns = [*GROUP, "stage", "trigger", "count", "games", "share", "lo", "hi"]
    if games.empty:
        return pd.DataFrame(columns=columns)
    kinds = outcome_kind(games).fillna("")
    rows = []
    for key, reason in zip(games[GROUP].itertuples(index=False, name=None), kinds, strict=True):
        for stage, part in enumerate(str(reason).split(STAGE_SEPARATOR)):
            for trigger in dict.fromkeys(part.split(TRIGGER_SEPARATOR)):
                rows.append((*key, stage, trigger or "-"))
    fired = pd.DataFrame(rows, columns=[*GROUP, "stage", "trigger"])
    out = fired.groupby([*GROUP, "stage", "trigger"]).size().rename("count").reset_index()
    totals = games.groupby(GROUP).size().rename("games").reset_index()
    out = out.merge(totals, on=GROUP)
    out["share"] = out["count"] / out["games"]
    out["lo"], out["hi"] = wilson(out["count"], out["games"])
    return out[columns].sort_values(
        [*GROUP, "stage", "share"], ascending=[True] * 4 + [False], ignore_index=True
    )


def analyse(run: Run) -> Analysis:
    """Compute every table the report shows."""
    players, games = run.players, run.games
    seats = stats.seat_win_rates(players)
    leaders = stats.round_leaders(run.rounds)
    errors = stats.error_list(games, run.variant_info())
    tables = {
        "seat_win_rates": seats,
        "first_player_advantage": stats.first_player_advantage(seats),
        "bot_results": stats.bot_results(players),
        "bot_matrix": stats.bot_matrix(players),
        "bot_strength": stats.bradley_terry(stats.bot_matrix(players, by=["game"])),
        "score_distribution": stats.score_distribution(players),
        "winning_margin": stats.margin_summary(stats.winning_margin(players)),
        "game_length": stats.game_length(games),
        "tie_breaks": stats.tie_break_share(games),
        "end_reasons": stats.end_reasons(games),
        "end_stages": end_stages(games),
        "components": stats.component_contribution(players, run.breakdown_columns),
        "lead_changes": stats.lead_change_summary(stats.lead_changes(leaders, games)),
        "leader_wins": stats.leader_wins(leaders, games, players),
        "zero_breakdown_columns": stats.zero_breakdown_columns(players, run.breakdown_columns),
        "unseen_config_ids": stats.unseen_config_ids(run),
        "event_win_rates": stats.event_win_rates(run),
        "errors": errors,
        "error_summary": stats.error_summary(errors),
        "sweep_response": stats.sweep_response(games, players),
        "sweep_tests": stats.sweep_tests(games, players),
        "sweep_paired": stats.sweep_paired(games, players),
    }
    tables["player_counts"] = player_count_table(tables)
    tables["seat_win_rates_by_tier"] = stats.seat_win_rates_by_tier(players, games)
    tables["ladder"] = stats.ladder_consistency(tables["seat_win_rates_by_tier"], tables["bot_strength"])
    analysis = Analysis(run=run, tables=tables)
    analysis.comparisons = _comparisons(run, analysis)
    for c in analysis.comparisons:
        tag = f"{c.game}__{c.variant_b}_vs_{c.variant_a}"
        tables[f"paired_seats__{tag}"] = c.seats
        tables[f"paired_scores__{tag}"] = c.scores
        tables[f"paired_length__{tag}"] = c.length
    return analysis
