"""The ladder's console text: the bots' Bradley-Terry strengths with their intervals, each seat's
ladder status (``sim.stats.ladder``), and a search bot's cost per decision and per game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sim import stats
from sim.report.labels import t
from sim.report.names import Names

if TYPE_CHECKING:
    from sim.bots.cost import Cost


def ladder_summary(folders: Sequence[Path], lang: str = "en") -> str:
    """Bot strengths with intervals, then each seat's ladder status, as plain text in ``lang``."""
    run = stats.load_run(folders)
    names = Names.from_meta(run.meta, lang)
    strengths = stats.bradley_terry(run.players, by=["game", "n_players"])
    lines = [t("cli_ladder_strengths", lang)]
    for row in strengths.sort_values(["n_players", "strength"], ascending=[True, False]).itertuples():
        shown = f"{row.strength:+6.2f}  [{row.lo:+.2f}, {row.hi:+.2f}]"
        if row.bound == "at_most":
            shown = t("cli_ladder_at_most", lang, hi=f"{row.hi:+.2f}")
        elif row.bound == "at_least":
            shown = t("cli_ladder_at_least", lang, lo=f"{row.lo:+.2f}")
        bot = names.term(row.game, row.bot)
        lines.append(t("cli_ladder_strength", lang, n=row.n_players, bot=bot, shown=shown))
    by_tier = stats.seat_win_rates_by_tier(run.players, run.games)
    verdicts = stats.ladder_consistency(by_tier, stats.bradley_terry(run.players, by=["game"]))
    lines.append(t("cli_ladder_seats", lang))
    for row in verdicts.itertuples():
        effect = (
            f"{row.effect:.1%} [{row.effect_lo:.1%}, {row.effect_hi:.1%}]"
            if row.effect == row.effect
            else "-"
        )
        holm = t("cli_ladder_holm", lang, p=f"{row.pooled_p:.3f}") if row.pooled_p == row.pooled_p else ""
        status = names.term(row.game, row.status)
        lines.append(
            t("cli_ladder_seat", lang, n=row.n_players, seat=row.seat + 1, status=status, effect=effect,
              fair=f"{row.fair_share:.1%}", holm=holm)
        )  # fmt: skip
    return "\n".join(lines)


def cost_line(cost: Cost, n_players: int, lang: str = "en", bot_name: Callable[[str], str] = str) -> str:
    """One console line: a bot's cost per decision and per game at ``n_players``, in ``lang``, the
    bot shown by ``bot_name`` (its display name)."""
    searched = t("cli_cost_searched", lang, n=f"{cost.searched:.0f}") if cost.searched is not None else ""
    return t(
        "cli_cost_line", lang, n=n_players, bot=bot_name(cost.bot), ms=f"{cost.ms_per_decision:.1f}",
        decisions=f"{cost.decisions:.0f}", searched=searched, seconds=f"{cost.s_per_game:.2f}",
    )  # fmt: skip
