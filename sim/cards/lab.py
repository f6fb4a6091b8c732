"""The card lab's studies as its commands run them (``sim cards study``, ``sim cards rebalance``,
``sim tune``): plan a study, run it, write its report and say what it found, line by line through
``echo`` (the command line passes ``click.echo``). A mistake in the user's input found on the way is
a ``ConfigError`` (the command line shows it as one line); the command line parses the options and
passes the lineup parser (``bots_of``) and the runner's options (``runner``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from sim.cards import by_count as b
from sim.cards import confirm as c
from sim.cards import rebalance_report as report
from sim.cards.by_count import deck_rows, paired_rows
from sim.cards.controls import blank_for
from sim.cards.deck_design import draw_design
from sim.cards.deck_report import TEXT as DECK_TEXT
from sim.cards.deck_report import closing_lines, console_table, remaining_line, run_line, write_deck_report
from sim.cards.deck_study import Budget, DeckStudy, FamilyChanged, read_meta, run_deck_study
from sim.cards.deck_verdicts import design_rng
from sim.cards.decks import card_deck, forcing
from sim.cards.rebalance import AIM, rebalance
from sim.cards.rebalance_engine import VARIANT_FILE, EngineLab, study_folder, write_variant
from sim.cards.study import (
    ARM_KINDS,
    CardStudy,
    deck_cards,
    pick_cards,
    read_study,
    run_card_study,
    study_effects,
)
from sim.cards.study_report import table as paired_table
from sim.cards.study_report import write_study_report
from sim.cards.tune import Evaluation, Target, TuneResult, default_step, find_deck, tune
from sim.config import ConfigError
from sim.core.resources import shown_config
from sim.file_names import runs_folder
from sim.report.labels import t
from sim.report.names import Names
from sim.texts import message, words


@dataclass(frozen=True)
class LabRun:
    """How the command line runs a study: ``bots_of`` parses a ``--bots`` value (None: the game's
    lineup; a bad name refused), ``runner`` holds the runner's keyword options, ``echo`` prints a
    line (``click.echo``; ``err=True``: on standard error)."""

    bots_of: Callable[[str | None], tuple[str, ...]]
    runner: Mapping[str, Any]
    echo: Callable[..., None]

    def quiet(self) -> dict[str, Any]:
        """The runner's options without progress bars (a study prints its own lines at each look)."""
        return {**self.runner, "progress": False}


def study_design(resolved, deck: str, design: str | None, arms: str, arms_asked: bool) -> tuple[str, str]:
    """The design and the paired arms for ``deck`` as the game declares it (``CardDeck.force``): a deck
    the rules cannot force is studied by removing its cards (the paired design's removed arm);
    ``arms_asked``: ``--arms`` was given."""
    declared = card_deck(resolved, deck)
    if declared.force is not None:
        return design or "deck", arms
    if design == "deck" or (arms_asked and arms != "removed"):
        forcing(resolved, declared, [])  # refused, naming the deck and what holding one is
    return "paired", "removed"


def count_folder(out, n_players: int, counts: Sequence[int]):
    """A count's study folder: ``--out`` itself for one count, ``--out/pN`` for several (None: the
    study's default folder, which names the count)."""
    if out is None or len(counts) == 1:
        return out
    return Path(out) / f"p{n_players}"


def compare_counts(rows, resolved, deck: str, out, lang, run: LabRun) -> None:
    """Print and write (``--out/report`` or ``runs/cards-...-counts``) each card's verdict at every
    count, and where they differ."""
    counts = list(rows)
    frame = b.by_count(rows)
    folder = Path(out) / "report" if out else runs_folder("cards", resolved.variant, deck, "counts")
    path = b.write_by_count(frame, deck, counts, folder, lang)
    run.echo("")
    with wide_tables():
        run.echo(b.shown(frame, counts, lang).to_string(index=False))
    for line in b.summary_lines(frame, counts, lang):
        run.echo(line)
    run.echo(b.WORDS[lang]["report"].format(path=path))


def deck_study(
    resolved, spec, deck, wanted, n_players, tolerance, budget, batching, confirming, lang, opts, run: LabRun
):
    """The deck design of ``sim cards study``; ``batching`` is (``--batch-seeds``, ``--allocation``),
    ``confirming`` (``--confirm`` bot or None, its budget). Returns the verdicts as ``by_count`` rows."""
    confirm_bot, confirm_budget = confirming
    batch_seeds, allocation = batching
    try:
        limit = Budget.parse(budget)
    except ValueError as exc:
        raise ConfigError(exc.args[0]) from None
    try:
        confirm_limit = Budget.parse(confirm_budget)
    except ValueError:
        raise ConfigError(message("study_budget", option="--confirm-budget", text=confirm_budget)) from None
    cards = tuple(dict.fromkeys(deck_cards(resolved, deck)))
    blank = blank_for(resolved, deck)  # the control card every batch plays beside the deck's
    cards += (blank,) if blank else ()
    family = pick_cards(resolved, deck, wanted)
    try:
        draw_design(cards, n_players, design_rng(opts["seed"], 0))
    except ValueError as exc:
        raise ConfigError(message("study_deck_error", deck=deck, error=exc.args[0])) from None
    plan = DeckStudy(
        resolved,
        deck,
        cards,
        family,
        n_players,
        run.bots_of(opts["bots"]),
        opts["seed"],
        batch_seeds,
        tolerance / 100,
        allocation,
        blank,
    )
    out = opts["out"] or runs_folder("cards", resolved.variant, deck, f"p{n_players}", "deck")
    run.echo(
        DECK_TEXT["start"][lang].format(
            cards=len(cards),
            deck=deck,
            players=n_players,
            family=len(family),
            tol=f"{tolerance:g}",
            seeds=batch_seeds,
            budget=budget,
            out=out,
        )
    )

    def on_look(batches, undecided) -> None:
        games = sum(b.games for b in batches)
        run.echo(DECK_TEXT["look"][lang].format(batch=len(batches), games=f"{games:,}", open=len(undecided)))

    try:
        table, summary = run_deck_study(plan, out, limit, on_look=on_look, **run.quiet())
    except FamilyChanged as exc:
        raise ConfigError(family_fixed(exc, lang)) from None
    if summary["batches"] == 0:
        raise ConfigError(message("study_budget_short", budget=budget, seeds=batch_seeds, games=len(cards)))
    meta = read_meta(out)
    report = write_deck_report(table, meta, summary, out / "report", lang)
    with wide_tables():
        run.echo(console_table(table, lang).to_string(index=False))
    run.echo("\n" + run_line(summary, lang))
    line = remaining_line(table, lang, meta["tolerance"])
    if line:
        run.echo(line)
    for line in closing_lines(table, meta, lang):
        run.echo(line)
    run.echo(DECK_TEXT["report"][lang].format(path=report))
    if confirm_bot:
        confirm(plan, table, confirm_bot, spec, out, confirm_limit, on_look, lang, run)
    return deck_rows(table)


def confirm(plan, table, bot, spec, out, limit, on_look, lang, run: LabRun) -> None:
    """``--confirm BOT``: the cards the study decided outside the band or flagged, and a few decided
    within, again with ``bot`` at every seat on fresh seeds, until decided or ``limit`` is spent."""
    family = c.confirm_family(table, plan.seed)
    if not family:
        run.echo(c.TEXT["nothing"][lang])
        return
    second_plan = c.confirm_plan(plan, family, run.bots_of(bot))
    folder = out / ("confirm-" + "".join(ch if ch.isalnum() else "_" for ch in bot))
    try:
        c.check_folder(folder, plan.seed)
    except ValueError:
        raise ConfigError(c.TEXT["old_folder"][lang].format(folder=folder)) from None
    budget = f"{limit.games}g" if limit.games is not None else f"{limit.minutes:g}m"
    shown = Names.from_meta([], lang).term(spec.name, bot)  # the bot by its name in ``lang``
    run.echo(
        c.TEXT["start"][lang].format(
            cards=len(family), bot=shown, seeds=c.SEEDS_PER_BATCH, budget=budget, out=folder
        )
    )
    try:
        second, summary = run_deck_study(second_plan, folder, limit, on_look=on_look, **run.quiet())
    except FamilyChanged as exc:  # the study's verdicts moved since: its cards to confirm with them
        cards = "，".join(exc.family) if lang == "zh" else ", ".join(exc.family)
        raise ConfigError(c.TEXT["other_family"][lang].format(folder=folder, cards=cards)) from None
    result = c.agreement(table, second, family, c.games_per_seed(second_plan, summary))
    path = c.write_confirmation(result, out / "report" / f"{folder.name}.csv", lang)
    with wide_tables():
        run.echo(c.confirm_table(result, lang).to_string(index=False))
    run.echo(run_line(summary, lang))
    for line in c.closing_lines(result, shown, path, lang):
        run.echo(line)


def family_fixed(exc, lang) -> str:
    """The refusal of a study folder resumed with other ``--cards``, in ``lang``, naming its cards."""
    sep = "，" if lang == "zh" else ", "
    again = DECK_TEXT["family_again"][lang]["all" if exc.everything else "some"].format(
        cards=",".join(exc.family)
    )
    return DECK_TEXT["family_fixed"][lang].format(
        out=exc.out, count=len(exc.family), cards=sep.join(exc.family), asked=sep.join(exc.asked), again=again
    )


def wide_tables():
    """pandas' display options for a console table: wide, every column and row."""
    return pd.option_context("display.width", 250, "display.max_columns", None, "display.max_rows", None)


def paired_study(resolved, spec, deck, wanted, n_players, tolerance, arms, lang, opts, run: LabRun):
    """The paired design of ``sim cards study``: each card forced and removed, -n games per arm.
    Returns the verdicts as ``by_count`` rows, and whether more games failed than
    ``--max-error-rate`` allows."""
    plan = CardStudy(
        resolved,
        deck,
        pick_cards(resolved, deck, wanted),
        n_players,
        opts["games"],
        run.bots_of(opts["bots"]),
        opts["seed"],
        opts["chunk_size"],
        ARM_KINDS if arms == "both" else (arms,),
    )
    studies = plan.studies
    run_id = studies["base"][
        0
    ].run_id  # the config, bots, seed and players: other card lists share the folder
    out = opts["out"] or runs_folder("cards", resolved.variant, deck, f"p{n_players}", run_id[:8])
    total = sum(len(s.variants) * s.games_per_count for s, _ in studies.values())
    forced = (
        t("paired_study.forced", lang, seeds=plan.forced_seeds, n_players=n_players)
        if "forced" in plan.arms
        else ""
    )
    arms_played = (
        ""
        if len(plan.arms) > 1
        else t("paired_study.one_arm", lang, arm=t(f"paired_study.arm_{plan.arms[0]}", lang))
    )
    run.echo(
        t("paired_study.start", lang, cards=len(plan.cards), deck=deck, n_players=n_players, arms=arms_played,
          games=opts["games"], forced=forced, total=total, out=out)
    )  # fmt: skip
    results = run_card_study(plan, out, tolerance / 100, lang, **run.runner)
    effects = study_effects(out)
    report = write_study_report(effects, read_study(out), out / "report", lang)
    with wide_tables():
        run.echo(paired_table(effects, lang).to_string(index=False))
    run.echo("\n" + t("cli_report", lang, path=report))
    errors = sum(r.errors for r in results.values())
    planned = sum(r.games_planned for r in results.values())
    if errors:
        run.echo(t("cli_games_failed", lang, errors=errors, out=out), err=True)
    return paired_rows(effects), errors / max(planned, 1) > opts["max_error_rate"]


def rebalance_deck(resolved, spec, deck, n_players, kinds, settings, games, lang, opts, run: LabRun) -> None:
    """Run ``sim cards rebalance``; ``settings`` is (``--rounds``, ``--tolerance``, ``--budget``,
    ``--time-limit``, ``--batch-seeds``), ``games`` the games per value its check tries."""
    rounds, tolerance, budget, time_limit, batch_seeds = settings
    try:
        limit = Budget.parse(budget)
        minutes = Budget.parse(time_limit, "--time-limit").minutes
    except ValueError as exc:
        raise ConfigError(exc.args[0]) from None
    if minutes is None:
        raise ConfigError(message("rebalance_time_limit", text=time_limit))
    pick_cards(resolved, deck, None)  # the deck exists
    out = Path(opts["out"] or runs_folder("cards", resolved.variant, deck, f"p{n_players}", "rebalance"))
    text = report.TEXT

    def on_look(batches, undecided) -> None:
        played = sum(b.games for b in batches)
        run.echo(DECK_TEXT["look"][lang].format(batch=len(batches), games=f"{played:,}", open=len(undecided)))

    lab = EngineLab(
        resolved, deck, n_players, run.bots_of(opts["bots"]), opts["seed"], tolerance / 100, limit, out,
        games, batch_seeds, opts["chunk_size"], lang, run.quiet(), on_look, time_limit=minutes,
    )  # fmt: skip
    run.echo(
        text["start"][lang].format(
            deck=deck,
            players=n_players,
            tol=f"{tolerance:g}",
            rounds=rounds,
            budget=budget,
            limit=time_limit,
            games=games,
            out=out,
        )
    )

    def studied(index: int, table) -> None:
        which = text["original"][lang] if index == 0 else text["round"][lang].format(index=index)
        decided = int((table["verdict"] != "undecided").sum())
        summary = lab.summaries[index]
        if summary["batches"] == 0:
            raise ConfigError(message("rebalance_budget_short", budget=budget))
        run.echo(
            text["study"][lang].format(which=which, games=f"{summary['games']:,}", decided=decided,
                                       cards=len(table), folder=study_folder(out, index))
        )  # fmt: skip

    result = rebalance(
        lab,
        resolved,
        tolerance / 100,
        rounds,
        kinds,
        on_round=lambda r: studied(r.index, r.after),
        on_change=lambda change: run.echo(report.change_line(change, lang, resolved.game)),
        on_study=lambda table: studied(0, table),
    )
    variant = None
    if result.changes:
        written = write_variant(out / VARIANT_FILE, resolved, deck, result.changes, tolerance / 100)
        variant = str(written)
        run.echo(text["variant"][lang].format(path=written))
    settings_shown = {"game": resolved.game, "config": shown_config(resolved.path), "deck": deck, "players": n_players,
                      "tolerance": tolerance / 100, "levers": tuple(kinds), "aim": AIM * tolerance / 100}  # fmt: skip
    path = report.write_report(result, settings_shown, variant, out / "report", lang)
    frame = report.changes_frame(result, lang, resolved.game)
    if len(frame):
        with wide_tables():
            run.echo(frame.to_string(index=False))
    for line in report.summary_lines(result, lang):
        run.echo(line)
    run.echo(text["report"][lang].format(path=path))


TUNE_TEXT = words("tune")
"""What ``sim tune`` prints, in each console language (the catalogue's ``tune.*`` keys)."""


def tune_parameter(
    resolved, param: str, goal: Target, search, n_players, deck, lang, opts, run: LabRun
) -> TuneResult:
    """``sim tune``: bisect ``param`` until ``goal`` (``parse_target``) is met at ``n_players``, printing
    the start, each value tried, the answer and the games spent. ``search`` is (``--range`` as typed,
    its ``parse_range`` bounds, ``--step`` or None: ``default_step``); ``deck`` None: the deck holding
    the target's card; ``opts`` the command's ``games``, ``seed``, ``bots``, ``out``, ``chunk_size``."""
    span, (lo, hi, integer), step = search
    if goal.metric != "win_share":
        deck = deck or find_deck(resolved, goal.subject)
    step = step or default_step(lo, hi, integer)
    integer = integer and float(step).is_integer()
    folder = opts["out"] or runs_folder(
        "tune", resolved.variant, param, goal.metric, goal.subject, f"p{n_players}"
    )
    evaluation = Evaluation(
        resolved,
        param,
        goal,
        n_players,
        opts["games"],
        run.bots_of(opts["bots"]),
        folder,
        opts["seed"],
        opts["chunk_size"],
        deck or "",
    )
    text = TUNE_TEXT[lang]
    unit = "" if goal.metric == "score_effect" else text["points"]
    shown = Names.from_meta([], lang).term(resolved.game, param) if lang != "en" else param
    metric = text[goal.metric]

    def show(point) -> None:
        sign = "" if goal.metric == "win_share" else "+"  # a share is not a difference
        est = f"{point.estimate * goal.scale:{sign}.2f}"
        interval = (
            ""
            if point.lo != point.lo
            else f" [{point.lo * goal.scale:{sign}.2f}, {point.hi * goal.scale:{sign}.2f}]"
        )
        run.echo(
            text["point"].format(
                param=shown, value=point.value, metric=metric, est=est, interval=interval, unit=unit,
                games=point.games,
            )
        )  # fmt: skip

    run.echo(
        text["start"].format(
            param=shown, span=span, metric=metric, subject=goal.subject, value=f"{goal.value:g}", unit=unit
        )
    )
    bar = {"label": t("progress_games", lang)}  # the progress bar's name
    result = tune(evaluation, lo, hi, step, integer, on_point=show, **run.runner, **bar)
    interval = (
        text["no_interval"]
        if result.lo != result.lo
        else text["interval"].format(lo=f"{result.lo:.3g}", hi=f"{result.hi:.3g}")
    )
    if not result.bracketed:
        run.echo(text["not_bracketed"].format(span=span, param=shown, value=result.value))
    else:
        run.echo(
            text["result"].format(
                param=shown, value=result.value, root=f"{result.root:.3g}", interval=interval
            )
        )
    run.echo(text["spent"].format(games=result.games, folder=folder))
    return result
