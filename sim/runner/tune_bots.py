"""``sim bots tune``: fit a heuristic's weights for one variant with CMA-ES on paired seeds.

A game says which weights of which bots a variant may set (``GameSpec.bots.bot_weights``: each weight's
value under the config and the box it is searched in) and its bots read them from the parameters
(a ``bots:`` block of the config, ``bots.<bot>.<weight>``). The search runs in the unit cube (each
weight scaled to its box) with the ``cma`` package's CMA-ES, started at the config's weights:

* every generation asks CMA-ES for ``popsize`` candidates and plays each as one variant of a run
  folder (``DIR/gen-NNNN``) on the same seeds, with the lineup rotated over the seats as ``sim run``
  rotates it, so the candidates of a generation are compared on paired games; each generation has
  seeds of its own;
* a candidate's fitness is the tuned bot's mean score margin: its seat's score minus the mean score
  of the table, averaged over the seats it plays (a margin is far less noisy than a win and moves with
  it); CMA-ES is told the candidates' fitnesses and moves its mean;
* the answer is CMA-ES's mean after the last generation (the distribution's centre, not the
  luckiest candidate), written as a config that ``extends:`` the tuned one (``DIR/tuned.yaml``).

Every random draw is fixed by ``--seed``: the candidates of generation ``g`` come from a numpy
stream seeded by (seed, g), and the games from the runner's seeds. So running the same command
again replays the finished generations from their folders (no game is played twice) and goes on
where it stopped, and any ``--jobs`` or backend gives the same weights.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import yaml

from sim.config import ConfigError, ResolvedConfig, load_config
from sim.core.resources import extends_reference
from sim.csv_files import write_frame
from sim.dataset.read import read_columns
from sim.file_names import runs_folder
from sim.games import get_game
from sim.runner.execute import run_study
from sim.runner.plan import Study
from sim.texts import message, words

SEED_STREAM = 0x7E5E
"""Mixed into the generation seeds, so a tuning's games are not a ``sim run``'s with the same seed."""


SWITCH_START = 0.2
"""How far from the middle of the unit interval a switch's search starts: on at 0.7, off at 0.3, a
step of CMA-ES's first spread from flipping (not at the edge, where the search would hardly reach
the other side)."""


@dataclass(frozen=True)
class Weight:
    """One tunable weight: its name, its value under the config, and the box searched; a switch is
    on or off, searched as a number in [0, 1] that is on from 0.5."""

    name: str
    value: float
    low: float
    high: float
    switch: bool = False

    def scaled(self, value: float) -> float:
        """``value`` in the unit interval of the box."""
        if self.switch:
            return 0.5 + (SWITCH_START if value else -SWITCH_START)
        return (value - self.low) / (self.high - self.low)

    def unscaled(self, x: float) -> float | bool:
        """The weight at ``x`` of the unit interval (clipped to the box), to 4 significant digits;
        a switch's on or off."""
        if self.switch:
            return bool(x >= 0.5)
        value = self.low + min(1.0, max(0.0, x)) * (self.high - self.low)
        return float(f"{value:.4g}")


@dataclass(frozen=True)
class Generation:
    """One generation: its candidates' weights and fitnesses (score margins, points)."""

    index: int
    candidates: tuple[dict[str, float], ...]
    fitness: tuple[float, ...]
    mean: dict[str, float]
    """CMA-ES's mean after being told this generation."""


@dataclass(frozen=True)
class TuneOutcome:
    """The weights found, the generations that led there, and the config written."""

    bot: str
    start: dict[str, float]
    weights: dict[str, float]
    generations: tuple[Generation, ...]
    config_path: Path
    games: int


def tunable_weights(config: ResolvedConfig, bot: str, only: Sequence[str] = ()) -> list[Weight]:
    """The weights of ``bot`` a variant of ``config`` may set, with their values under it (``only``:
    just those, in the order given)."""
    spec = get_game(config.game)
    table = spec.bots.bot_weights(config.params) if spec.bots.bot_weights is not None else {}
    if bot not in table:
        names = list(table) if table else message("tune_no_bot_weights")
        raise ConfigError(
            message("tune_bot_no_weights", path=config.path, game=config.game, bot=bot, names=names)
        )
    weights = table[bot]
    unknown = [name for name in only if name not in weights]
    if unknown:
        raise ConfigError(
            message("tune_bot_no_weight", path=config.path, bot=bot, weight=unknown[0], weights=list(weights))
        )
    return [_weight(name, weights[name]) for name in (only or weights)]


def _weight(name: str, tunable: Any) -> Weight:
    """A game's ``TunableWeight`` as the search's ``Weight``."""
    return Weight(name, float(tunable.value), float(tunable.low), float(tunable.high), tunable.switch)


def with_weights(
    config: ResolvedConfig, bot: str, weights: Mapping[str, float], label: str
) -> ResolvedConfig:
    """``config`` with ``bots.<bot>.<weight>`` set for each weight, named ``label``."""
    overrides = {**config.overrides, **{f"bots.{bot}.{name}": value for name, value in weights.items()}}
    return replace(load_config(config.path, overrides), variant=label)


def score_margins(folder: Path, bot: str) -> pd.Series:
    """Per variant of a run folder: ``bot``'s mean score minus its table's mean, over its seats."""
    games = read_columns(folder / "games", ["variant", "game_index", "error"])
    players = read_columns(folder / "players", ["variant", "game_index", "seat", "bot", "score"])
    failed = games.loc[games["error"].fillna("") != "", ["variant", "game_index"]]
    if not failed.empty:
        keys = pd.MultiIndex.from_frame(failed)
        players = players[~pd.MultiIndex.from_frame(players[["variant", "game_index"]]).isin(keys)]
    table_mean = players.groupby(["variant", "game_index"])["score"].transform("mean")
    margins = (players["score"] - table_mean)[players["bot"] == bot]
    return margins.groupby(players.loc[margins.index, "variant"]).mean()


def _strategy(start: Sequence[float], sigma: float, popsize: int, seed: int) -> Any:
    import cma

    options = {"bounds": [0.0, 1.0], "popsize": popsize, "seed": seed % (2**31 - 1) + 1, "verbose": -9}
    return cma.CMAEvolutionStrategy(list(start), sigma, options)


def search(
    weights: Sequence[Weight],
    evaluate: Callable[[int, list[dict[str, float]]], Sequence[float]],
    generations: int,
    *,
    popsize: int = 8,
    sigma: float = 0.2,
    seed: int = 0,
    on_generation: Callable[[Generation], None] | None = None,
    deadline: float | None = None,
) -> tuple[dict[str, float], tuple[Generation, ...]]:
    """CMA-ES over ``weights`` (maximising ``evaluate``'s fitness of each candidate), ``generations``
    generations or until ``deadline`` (``time.monotonic``) passes after a generation. Returns the
    weights at CMA-ES's final mean and every generation. Deterministic for a given ``seed``.

    One weight alone is searched beside a coordinate the fitness ignores: the ``cma`` package does
    not support one dimension (its own advice)."""
    start = [w.scaled(w.value) for w in weights]
    es = _strategy(start if len(start) > 1 else [*start, 0.5], sigma, popsize, seed)
    done: list[Generation] = []
    for index in range(generations):
        np.random.seed(np.random.SeedSequence([seed, SEED_STREAM, index]).generate_state(1)[0])
        xs = es.ask()
        candidates = [{w.name: w.unscaled(x) for w, x in zip(weights, point, strict=False)} for point in xs]
        fitness = [float(f) for f in evaluate(index, candidates)]
        # CMA-ES minimises; candidates whose games all failed (NaN) rank last
        es.tell(xs, [-f if math.isfinite(f) else math.inf for f in fitness])
        mean = {w.name: w.unscaled(x) for w, x in zip(weights, es.mean, strict=False)}
        generation = Generation(index, tuple(candidates), tuple(fitness), mean)
        done.append(generation)
        if on_generation is not None:
            on_generation(generation)
        if deadline is not None and time.monotonic() > deadline:
            break
    final = done[-1].mean if done else {w.name: w.value for w in weights}
    return final, tuple(done)


def generation_seed(seed: int, index: int) -> int:
    """The runner's root seed of generation ``index``'s games."""
    return int(np.random.SeedSequence([seed, SEED_STREAM, index, 1]).generate_state(1)[0])


def tune_bot(
    config: ResolvedConfig,
    bot: str,
    n_players: int,
    out: Path,
    *,
    lineup: Sequence[str],
    generations: int = 30,
    games: int = 100,
    popsize: int = 8,
    sigma: float = 0.2,
    seed: int = 0,
    minutes: float | None = None,
    chunk_size: int = 10,
    only: Sequence[str] = (),
    on_generation: Callable[[Generation], None] | None = None,
    **run_options: Any,
) -> TuneOutcome:
    """Tune ``bot``'s weights (``only``: just those) for ``config`` at ``n_players``: ``games`` games
    per candidate and generation (the lineup rotated over the seats, ``bot`` in it), in ``out``;
    resumable."""
    if bot not in lineup:
        raise ConfigError(message("tune_lineup_no_bot", lineup=",".join(lineup), bot=bot))
    weights = tunable_weights(config, bot, only)
    out = Path(out)
    played = 0

    def evaluate(index: int, candidates: list[dict[str, float]]) -> list[float]:
        nonlocal played
        variants = tuple(
            with_weights(config, bot, candidate, f"{config.variant}~{k + 1}")
            for k, candidate in enumerate(candidates)
        )
        study = Study(
            variants=variants,
            player_counts=(n_players,),
            games_per_count=games,
            bots=tuple(lineup),
            root_seed=generation_seed(seed, index),
            chunk_size=chunk_size,
        )
        folder = out / f"gen-{index + 1:04d}"
        run_study(study, folder, label=f"generation {index + 1}", **run_options)
        played += len(variants) * games
        margins = score_margins(folder, bot)
        return [float(margins.get(v.label, math.nan)) for v in variants]

    deadline = time.monotonic() + 60 * minutes if minutes else None
    final, done = search(
        weights,
        evaluate,
        generations,
        popsize=popsize,
        sigma=sigma,
        seed=seed,
        on_generation=on_generation,
        deadline=deadline,
    )
    write_log(out / "generations.csv", weights, done)
    path = write_tuned_config(out / "tuned.yaml", config, bot, final)
    return TuneOutcome(bot, {w.name: w.value for w in weights}, final, done, path, played)


def write_log(path: Path, weights: Sequence[Weight], generations: Sequence[Generation]) -> None:
    """One row per candidate: generation, candidate, its weights, its fitness; then CMA-ES's mean."""
    rows = []
    for g in generations:
        for k, (candidate, fitness) in enumerate(zip(g.candidates, g.fitness, strict=True)):
            rows.append({"generation": g.index + 1, "candidate": k + 1, **candidate, "score_margin": fitness})
        rows.append({"generation": g.index + 1, "candidate": "mean", **g.mean, "score_margin": math.nan})
    columns = ["generation", "candidate", *(w.name for w in weights), "score_margin"]
    write_frame(pd.DataFrame(rows, columns=columns), path)


def write_tuned_config(path: Path, config: ResolvedConfig, bot: str, weights: Mapping[str, float]) -> Path:
    """A config that ``extends:`` the tuned one and sets the weights: a bundled config by its name
    (``<game>/base``), any other by its path relative to ``path``."""
    data = {"extends": extends_reference(config.path, path.parent), "bots": {bot: dict(weights)}}
    header = f"# {bot} weights tuned for {config.label} by sim bots tune; load it as any config.\n"
    path.write_text(header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@dataclass(frozen=True)
class HeadToHead:
    """Tuned against shipped on the same seeds and seats: the share of pairs the tuned seat scored
    more (ties count half), its 95% Wilson interval, the pairs, and the mean score margin gained."""

    share: float
    low: float
    high: float
    pairs: int
    margin_gain: float


def seat_margins(folder: Path, bot: str) -> pd.DataFrame:
    """The ``bot`` seats of a run folder, indexed by game index and seat: each seat's variant,
    score and margin (its score minus its table's mean score)."""
    players = read_columns(folder / "players", ["variant", "game_index", "seat", "bot", "score"])
    players = players.assign(
        margin=players["score"] - players.groupby(["variant", "game_index"])["score"].transform("mean")
    )
    return players[players["bot"] == bot].set_index(["game_index", "seat"])


def head_to_head(folder: Path, bot: str, shipped: str, tuned: str) -> HeadToHead:
    """Compare the ``bot`` seats of variants ``shipped`` and ``tuned`` of one run folder, pair by
    pair (same game index and seat): which scored more, and by how much more than its table."""
    from statsmodels.stats.proportion import proportion_confint

    seats = seat_margins(folder, bot)
    a = seats[seats["variant"] == shipped]["score"]
    b = seats[seats["variant"] == tuned]["score"]
    both = pd.concat([a.rename("a"), b.rename("b")], axis=1, join="inner")
    if both.empty:
        return HeadToHead(math.nan, math.nan, math.nan, 0, math.nan)
    wins = float((both["b"] > both["a"]).sum() + 0.5 * (both["b"] == both["a"]).sum())
    low, high = proportion_confint(wins, len(both), alpha=0.05, method="wilson")
    gain = float(
        seats[seats["variant"] == tuned]["margin"].mean()
        - seats[seats["variant"] == shipped]["margin"].mean()
    )
    return HeadToHead(wins / len(both), float(low), float(high), len(both), gain)


TEXT = words("bots_tune")
"""What ``sim bots tune`` prints, in each console language (the catalogue's ``bots_tune.*`` keys)."""


def tune_and_confirm(
    config: ResolvedConfig,
    bot: str,
    n_players: int,
    out: Path | None,
    *,
    lineup: Sequence[str],
    confirm: int = 0,
    lang: str = "en",
    term: Callable[[str], str] = str,
    variant_name: str | None = None,
    echo: Callable[[str], None] = print,
    generations: int = 30,
    games: int = 100,
    popsize: int = 8,
    seed: int = 0,
    minutes: float | None = None,
    chunk_size: int = 10,
    only: Sequence[str] = (),
    **run_options: Any,
) -> TuneOutcome:
    """``sim bots tune`` as the command runs it: tune ``bot``'s weights (``tune_bot``; ``bot`` takes the
    first seat of ``lineup`` if the lineup lacks it, ``out`` None: a folder of ``runs/`` named after the
    tuning), then check the tuned weights against the shipped ones on ``confirm`` fresh games, same seeds
    and seats (0: no check). Each step is a line in ``lang`` through ``echo``; ``term`` names a bot or a
    weight and ``variant_name`` the variant in that language (default: the codes and the config's label).
    The other keywords are ``tune_bot``'s, ``run_options`` the runner's."""
    text = TEXT[lang]
    if bot not in lineup:
        lineup = (bot, *(name for name in lineup if name != bot))
    weights = tunable_weights(config, bot, only)
    folder = (
        Path(out)
        if out
        else runs_folder("bots-tune", config.game, config.variant, bot, f"p{n_players}", f"s{seed}")
    )
    switches = {w.name for w in weights if w.switch}

    def value_text(name: str, value: float) -> str:
        """A weight's value; a switch's as on or off."""
        return (text["on"] if value else text["off"]) if name in switches else f"{value:g}"

    def listed(values: Mapping[str, float]) -> str:
        """Weights as ``name=value``, the names in the console's language."""
        return ", ".join(f"{term(k)}={value_text(k, v)}" for k, v in values.items())

    bot_name = term(bot)
    variant = config.label if variant_name is None else variant_name
    shown = listed({w.name: w.value for w in weights})
    echo(text["start"].format(bot=bot_name, variant=variant, players=n_players, weights=shown))

    def on_generation(generation: Generation) -> None:
        mean = listed(generation.mean)
        best = max((f for f in generation.fitness if f == f), default=float("nan"))
        echo(text["generation"].format(index=generation.index + 1, best=best, mean=mean))

    result = tune_bot(
        config, bot, n_players, folder, lineup=lineup, generations=generations, games=games, popsize=popsize,
        seed=seed, minutes=minutes, chunk_size=chunk_size, only=only, on_generation=on_generation, **run_options,
    )  # fmt: skip
    found = listed(result.weights)
    echo(
        text["done"].format(
            bot=bot_name, weights=found, path=result.config_path, games=result.games, out=folder
        )
    )
    if confirm:
        echo(text["confirm"].format(games=confirm, bot=bot_name))
        shipped = replace(config, variant="shipped")
        tuned = with_weights(config, bot, result.weights, "tuned")
        study = Study(
            variants=(shipped, tuned), player_counts=(n_players,), games_per_count=confirm, bots=tuple(lineup),
            root_seed=seed + 1_000_003, chunk_size=chunk_size,
        )  # fmt: skip
        run_study(study, folder / "confirm", label="confirm", **run_options)
        h2h = head_to_head(folder / "confirm", bot, shipped.label, tuned.label)
        echo(
            text["verdict"].format(
                bot=bot_name,
                share=h2h.share,
                pairs=h2h.pairs,
                low=h2h.low,
                high=h2h.high,
                gain=h2h.margin_gain,
            )
        )
    return result
