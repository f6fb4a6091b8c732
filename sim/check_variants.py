"""``sim check --variants``: do the bots read the rules numbers from the config?

A game declares planted variants on its spec (``GameSpec.report.planted_variants``): each a ``--set``
override of one scoring rate or price, the breakdown column it should move and which way. For
each, a handful of seeds is played twice with the game's default bots, once with the base config
and once with the override, and two things are reported: whether the bots' choices changed (the
action sequences of a seed's two games differ) and whether the measure moved the expected way.
A variant whose play is move-for-move the base game's shows a bot that never reads the number,
and any paired comparison of such a variant would be wrong about the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.config.loader import load_config
from sim.config.merge import parse_override
from sim.core.game import GameSpec
from sim.core.planted import PlantedVariant
from sim.core.play import GameRecord, StepHook, play_game
from sim.texts import Text, joined, message


@dataclass(frozen=True)
class PlayedGames:
    """The games of one config: per seed its action sequence and the measures, and any errors."""

    moves: tuple[tuple[str, ...], ...]
    records: tuple[GameRecord, ...]

    def per_game(self, column: str) -> list[float]:
        """``column`` averaged over the players of each game (0 for a game that failed)."""
        return [
            sum(row.get(column, 0.0) for row in r.breakdown) / len(r.breakdown) if r.breakdown else 0.0
            for r in self.records
        ]

    def mean(self, column: str) -> float:
        """``column`` averaged over the players of each game, then over the games."""
        per_game = self.per_game(column)
        return sum(per_game) / len(per_game) if per_game else 0.0

    @property
    def errors(self) -> list[str]:
        return [message("check_seed_error", seed=r.seed, error=r.error) for r in self.records if r.error]


@dataclass(frozen=True)
class VariantResult:
    """What one planted variant did to the bots' play."""

    variant: PlantedVariant
    n_players: int
    games: int
    changed: int
    """Games whose action sequence differs from the base game of the same seed."""
    base: float
    value: float
    agreeing: int = 0
    """Paired games in which the measure moved the expected way."""
    errors: tuple[str, ...] = ()

    @property
    def play_changed(self) -> bool:
        return self.changed > 0

    @property
    def moved(self) -> bool:
        """The measure moved the expected way (strictly)."""
        return (self.value - self.base) * self.variant.direction > 0

    @property
    def passed(self) -> bool:
        return not self.errors and self.play_changed and self.moved


def lineup_for(spec: GameSpec, n_players: int, game: int) -> list[str]:
    """The default bots by seat, rotated by the game's index so every bot sits everywhere."""
    names = spec.lineup
    return [names[(seat + game) % len(names)] for seat in range(n_players)]


def _recorder(taken: list[str]) -> StepHook:
    """A step hook that appends each action taken, with its seat, to ``taken``."""

    def record(state: Any, seat: int, action: Any, text: str) -> None:
        taken.append(f"{seat}:{action!r}")

    return record


def play_games(spec: GameSpec, params: Any, n_players: int, seeds: Sequence[int]) -> PlayedGames:
    """Play each seed with the default bots, keeping every action taken."""
    moves, records = [], []
    for k, seed in enumerate(seeds):
        taken: list[str] = []
        record = play_game(
            spec,
            params,
            n_players,
            seed,
            lineup_for(spec, n_players, k),
            on_step=_recorder(taken),
        )
        moves.append(tuple(taken))
        records.append(record)
    return PlayedGames(tuple(moves), tuple(records))


def compare(variant: PlantedVariant, n_players: int, base: PlayedGames, other: PlayedGames) -> VariantResult:
    """The paired comparison of a variant's games with the base games of the same seeds."""
    changed = sum(1 for a, b in zip(base.moves, other.moves, strict=True) if a != b)
    pairs = zip(base.per_game(variant.measure), other.per_game(variant.measure), strict=True)
    return VariantResult(
        variant,
        n_players,
        len(base.moves),
        changed,
        base.mean(variant.measure),
        other.mean(variant.measure),
        sum(1 for b, v in pairs if (v - b) * variant.direction > 0),
        tuple(base.errors + other.errors),
    )


def check_variants(
    spec: GameSpec,
    config: str | Path | None = None,
    sets: Mapping[str, Any] | None = None,
    *,
    variants: Iterable[PlantedVariant] | None = None,
    n_players: int | None = None,
    games: int = 4,
    seed: int = 0,
) -> list[VariantResult]:
    """Play ``variants`` (default: the spec's own) against ``config`` (default: the game's base
    config) with ``sets`` applied to both; ``games`` paired seeds from ``seed`` at ``n_players``
    (default: the fewest the config supports)."""
    path = Path(config) if config is not None else spec.default_config
    overrides = dict(sets or {})
    base_params = load_config(path, overrides).params
    n = n_players or min(spec.player_counts_for(base_params))
    seeds = [seed + k for k in range(games)]
    base = play_games(spec, base_params, n, seeds)
    results = []
    for variant in spec.report.planted_variants if variants is None else variants:
        if variant.measure not in spec.report.breakdown_columns:
            raise ValueError(
                f"{spec.name}: planted variant measure {variant.measure!r} is not a breakdown column"
            )
        key, value = parse_override(variant.override)
        params = load_config(path, {**overrides, key: value}).params
        results.append(compare(variant, n, base, play_games(spec, params, n, seeds)))
    return results


def _verdict(result: VariantResult) -> Text:
    if result.errors:
        return message("check_failed_error", errors=joined(list(result.errors)))
    if not result.play_changed:
        return message("check_failed_unchanged")
    if not result.moved:
        return message("check_failed_not_moved")
    return message("check_passed")


def variant_lines(
    game: str, results: Sequence[VariantResult], term: Callable[[str], str] = str
) -> Iterator[Text]:
    """The results as lines for people (catalogue messages, shown in any language): the variant, the
    measure (its display name by ``term``), base vs variant, the verdict."""
    for r in results:
        v = r.variant
        way = message("check_higher" if v.direction > 0 else "check_lower")
        why = message("check_variant_why", why=v.why) if v.why else ""
        yield message("check_variant", override=v.override, why=why)
        yield message(
            "check_variant_numbers", measure=term(v.measure), base=f"{r.base:.2f}", value=f"{r.value:.2f}",
            way=way, agreeing=r.agreeing, games=r.games, changed=r.changed, players=r.n_players,
        )  # fmt: skip
        yield message("check_verdict", verdict=_verdict(r))
    failed = sum(1 for r in results if not r.passed)
    status = (
        message("check_passed") if not failed else message("check_failed_some", failed=failed, n=len(results))
    )
    yield message("check_variants_total", game=game, n=len(results), status=status)
