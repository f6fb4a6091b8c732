"""Trading between players (the event table a game declares as its trades, ``ReportSpec.trade_table``,
recorded in run.json): how often games have a trade."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim.dataset import GROUP, Run
from sim.dataset.declared import declared
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.names import fmt_pct
from sim.report.sections import Section, display_name, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def trade_rates(games: pd.DataFrame, trades: pd.DataFrame) -> pd.DataFrame:
    """Per (game, variant, n_players) of the games that record trades: games, the share of games
    with at least one accepted trade, trades and offers per game."""
    columns = [*GROUP, "games", "with_trade", "trades_per_game", "offers_per_game"]
    if trades.empty:
        return pd.DataFrame(columns=columns)
    played = games[games["game"].isin(set(trades["game"]))]
    accepted = trades[trades["kind"] == "accepted"].groupby("gid").size()
    offers = trades.groupby("gid").size()
    per_game = played[[*GROUP, "gid"]].assign(
        trades=played["gid"].map(accepted).fillna(0).to_numpy(),
        offers=played["gid"].map(offers).fillna(0).to_numpy(),
    )
    out = per_game.groupby(GROUP, sort=True).agg(
        games=("gid", "size"),
        with_trade=("trades", lambda s: float((s > 0).mean())),
        trades_per_game=("trades", "mean"),
        offers_per_game=("offers", "mean"),
    )
    return out.reset_index()[columns]


def trades_of(run: Run) -> pd.DataFrame:
    """The rows of every game's trade table (the event table its run.json declares: offers answered,
    ``kind`` accepted or refused); empty when no game of the run trades."""
    parts = []
    for game in sorted(set(run.games["game"].astype(str))) if "game" in run.games.columns else []:
        name = declared(run, game, "trade_table")
        rows = run.events.get(name) if name else None
        if rows is not None and not rows.empty:
            parts.append(rows[rows["game"].astype(str) == game])
    return pd.concat(parts) if parts else pd.DataFrame()


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    return {"trade_rates": trade_rates(a.run.games, trades_of(a.run))}


def _lines(a: Analysis, lang: Lang) -> list[str]:
    """One sentence per variant and player count with trades recorded."""
    return [
        t(
            "trades_line",
            lang,
            name=display_name(a, lang, r["game"], r["variant"]),
            n=int(r["n_players"]),
            share=fmt_pct(r["with_trade"]),
            trades=f"{r['trades_per_game']:.2f}",
            offers=f"{r['offers_per_game']:.2f}",
        )
        for r in a.tables["trade_rates"].to_dict("records")
    ]


def _switch_notes(a: Analysis, lang: Lang) -> list[str]:
    """How to measure trading's effect: ``sim compare`` with trading off, by the path each trading
    game declares (``ReportSpec.trade_switch``), else in general words."""
    games = sorted(set(a.tables["trade_rates"]["game"].astype(str)))
    switches = {game: declared(a.run, game, "trade_switch") for game in games}
    if not all(switches.values()):
        return [t("trades_note", lang)]
    return [
        t("trades_note_switch", lang, game=a.names(lang).title(game), switch=switch)
        for game, switch in switches.items()
    ]


def trade_section(a: Analysis, lang: Lang) -> Section | None:
    """The lines and the table (None without a trades table)."""
    rates = a.tables["trade_rates"]
    if rates.empty:
        return None
    section = Section("trades", t("sec_trades", lang), notes=[*_lines(a, lang), *_switch_notes(a, lang)])
    section.tables.append(table(a, lang, rates, t("sec_trades", lang), "trade_rates", pct=("with_trade",)))
    return section


METRIC = Metric(
    key="trades", tables=("trade_rates",), compute=compute, section=trade_section, findings=_lines
)
