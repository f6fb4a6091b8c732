"""``sim bots tune``: the command line of the bot tuner (``sim.bots.tune``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from sim.cli.options import (
    UserError,
    bots_option,
    friendly,
    jobs_option,
    lang_option,
    load,
    parse_bots,
    parse_players,
    progress_option,
    runner_options,
    seed_option,
)
from sim.file_names import runs_folder
from sim.report.names import Names
from sim.runner import Study, run_study
from sim.runner.tune_bots import head_to_head, tunable_weights, tune_bot, with_weights
from sim.texts import message

TEXT = {
    "en": {
        "start": "Tuning {bot} for {variant} at {players} players: weights {weights}",
        "generation": "  generation {index}: best margin {best:+.2f}, mean weights {mean}",
        "done": "\nTuned {bot} weights: {weights}\nWritten to {path} (games played: {games}; runs in {out})",
        "confirm": "Checking on {games} fresh games: shipped vs tuned {bot}, same seeds and seats ...",
        "verdict": "The tuned {bot} outscores the shipped one in {share:.1%} of {pairs} paired seats "
        "[{low:.1%}, {high:.1%}], {gain:+.2f} points of margin over its table.",
        "on": "on",
        "off": "off",
    },
    "zh": {
        "start": "为 {variant}（{players} 人）调整机器人 {bot} 的权重：起点 {weights}",
        "generation": "  第 {index} 代：最佳领先 {best:+.2f} 分，均值权重 {mean}",
        "done": "\n调好的 {bot} 权重：{weights}\n已写入 {path}（共 {games} 局；运行结果在 {out}）",
        "confirm": "在 {games} 局新对局上检验：原版与调好的 {bot}，同种子同座位 ……",
        "verdict": "调好的 {bot} 在 {pairs} 个配对座位中有 {share:.1%} 得分更高（95% 区间 {low:.1%} 至 "
        "{high:.1%}），比同桌平均多领先 {gain:+.2f} 分。",
        "on": "开",
        "off": "关",
    },
}
"""What ``sim bots tune`` prints, in each console language."""


@click.group()
def bots() -> None:
    """The bots: fit a heuristic's weights to a variant.

    \b
    Examples:
      sim bots tune configs/mingchu/base.yaml --bot industrialist -p 5 -j 2
    """


def _budget_minutes(text: str, lang: str = "en") -> float:
    value = text.strip().lower().removesuffix("m")
    try:
        minutes = float(value)
    except ValueError:
        raise UserError(message("bots_budget_not_minutes", value=text), lang) from None
    if not 0 < minutes < 10_000:
        raise UserError(message("bots_budget_not_positive", value=text), lang)
    return minutes


@bots.command("tune")
@click.argument("config")
@click.option("--bot", "bot", required=True, help="The heuristic whose weights to fit.")
@click.option("--players", "-p", help="Player count (one).")
@click.option(
    "--games", "-n", type=click.IntRange(1), default=100, show_default=True,
    help="Games per candidate and generation.",
)  # fmt: skip
@click.option("--generations", type=click.IntRange(1, 1000), default=40, show_default=True)
@click.option(
    "--popsize", type=click.IntRange(2, 100), default=8, show_default=True, help="Candidates per generation."
)
@click.option("--budget", default="30m", show_default=True, help="Stop after the generation that passes it.")
@click.option(
    "--weights", "only", default="",
    help="Tune only these weights (comma-separated, e.g. build,hire); the others keep their values.",
)  # fmt: skip
@click.option(
    "--confirm", type=click.IntRange(0), default=300, show_default=True,
    help="Fresh games to compare shipped and tuned weights on afterwards (0: none).",
)  # fmt: skip
@seed_option
@jobs_option
@bots_option
@click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path), help="Folder of the runs.")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option(
    "--scheduler", envvar="DASK_SCHEDULER_ADDRESS", help="Dask scheduler address; implies --backend dask."
)
@click.option(
    "--chunk-size", type=click.IntRange(1), default=10, show_default=True, help="Games per task and file."
)
@progress_option
@lang_option
@friendly
def tune_bots(
    config, bot, players, games, generations, popsize, budget, only, confirm, seed, bots, out, lang, **opts
):
    """Fit a heuristic's weights for one variant with CMA-ES on paired seeds.

    Each generation plays every candidate on the same seeds (the lineup rotated over the seats) and
    scores it by the bot's mean margin over its table; the answer, CMA-ES's mean, is written as a
    config that extends CONFIG (OUT/tuned.yaml). Running the same command again resumes.

    \b
    Examples:
      sim bots tune configs/mingchu/base.yaml --bot industrialist -p 5 -j 2
      sim bots tune configs/mingchu/base.yaml --bot runner -p 4 --budget 10m --lang zh
    """
    resolved, spec = load(config)
    minutes = _budget_minutes(budget, lang)
    counts = parse_players(spec, players, [resolved])
    if len(counts) != 1:
        raise UserError(message("bots_one_player_count", players=players), lang)
    n_players = counts[0]
    lineup = parse_bots(spec, bots)
    if bot not in lineup:
        lineup = (bot, *(name for name in lineup if name != bot))
    text = TEXT[lang]
    chosen = tuple(name.strip() for name in only.split(",") if name.strip())
    weights = tunable_weights(resolved, bot, chosen)
    folder = out or runs_folder(
        "bots-tune", resolved.game, resolved.variant, bot, f"p{n_players}", f"s{seed}"
    )
    run_opts = runner_options(opts)
    names = Names.from_meta([], lang)
    game = resolved.game

    switches = {w.name for w in weights if w.switch}

    def value_text(name: str, value: float) -> str:
        """A weight's value; a switch's as on or off."""
        return (text["on"] if value else text["off"]) if name in switches else f"{value:g}"

    def listed(values: dict[str, float]) -> str:
        """Weights as ``name=value``, the names in the console's language."""
        return ", ".join(f"{names.term(game, k)}={value_text(k, v)}" for k, v in values.items())

    bot_name = names.term(game, bot)
    variant = names.variant(game, resolved.variant) if lang != "en" else resolved.label
    shown = listed({w.name: w.value for w in weights})
    click.echo(text["start"].format(bot=bot_name, variant=variant, players=n_players, weights=shown))

    def echo(generation) -> None:
        mean = listed(generation.mean)
        best = max((f for f in generation.fitness if f == f), default=float("nan"))
        click.echo(text["generation"].format(index=generation.index + 1, best=best, mean=mean))

    result = tune_bot(
        resolved, bot, n_players, folder, lineup=lineup, generations=generations, games=games,
        popsize=popsize, seed=seed, minutes=minutes, chunk_size=opts["chunk_size"], only=chosen,
        on_generation=echo, **run_opts,
    )  # fmt: skip
    found = listed(result.weights)
    click.echo(
        text["done"].format(
            bot=bot_name, weights=found, path=result.config_path, games=result.games, out=folder
        )
    )
    if confirm:
        click.echo(text["confirm"].format(games=confirm, bot=bot_name))
        shipped = replace(resolved, variant="shipped")
        tuned = with_weights(resolved, bot, result.weights, "tuned")
        study = Study(
            variants=(shipped, tuned), player_counts=(n_players,), games_per_count=confirm, bots=lineup,
            root_seed=seed + 1_000_003, chunk_size=opts["chunk_size"],
        )  # fmt: skip
        run_study(study, folder / "confirm", label="confirm", **run_opts)
        h2h = head_to_head(folder / "confirm", bot, shipped.label, tuned.label)
        click.echo(
            text["verdict"].format(
                bot=bot_name,
                share=h2h.share,
                pairs=h2h.pairs,
                low=h2h.low,
                high=h2h.high,
                gain=h2h.margin_gain,
            )
        )
