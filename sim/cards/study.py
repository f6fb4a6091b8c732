"""``sim cards study``: plan the arms of a card study, run them on the normal runner, read the effects.

Every arm is an ordinary variant of the config with one override, played on the seeds of the
base config (the runner's seeds depend only on the root seed, the player count and the game's
index), so parallel runs, Dask and resume work unchanged:

* ``base``: the config as given, on every seed an arm plays;
* ``removed``: ``cards.<deck>.<card>.count=0``, the same ``games`` seeds;
* ``forced``: the game's forcing setting (``CardsSpec.forced_key``) ``[{deck, card, seat}]`` for every seat, ``ceil(games / players)``
  seeds each, so the forced arm also plays ``games`` games and the card sits at every seat once
  per seed (rotated over the seats).

The removed arms are one run folder (``DIR/removed``), the forced arms another (``DIR/forced``);
the base goes with the removed arms (or with the forced ones when only those are studied).
``DIR/study.json`` names each variant's arm.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pandas as pd

from sim.cards.decks import card_deck, deck_for, forcing, holders
from sim.cards.effects import METRICS, Arm, card_effects, estimate, forced_units, removed_units, stream
from sim.config import ConfigError, ResolvedConfig, load_config
from sim.core.resources import shown_config
from sim.dataset import read_columns
from sim.runner import RunResult, Study, run_study
from sim.texts import message

STUDY_FILE = "study.json"
ARM_KINDS = ("removed", "forced")
"""The comparisons a study can play besides the base."""


def deck_cards(config: ResolvedConfig, deck: str) -> list[str]:
    """The ids of the cards of ``deck`` that are in the game (count above zero) and that the game
    lets a study remove or force (``CardDeck.studied``), in config order; an unknown deck is refused
    naming the decks the game declares."""
    declared = card_deck(config, deck)
    return [
        card.id
        for card in getattr(config.params.cards, deck)
        if getattr(card, "count", 1) > 0 and declared.studied(card)
    ]


def pick_cards(config: ResolvedConfig, deck: str, wanted: Sequence[str] | None) -> tuple[str, ...]:
    """The cards to study: ``wanted`` (checked against the deck) or the whole deck."""
    cards = deck_cards(config, deck)
    if not wanted:
        return tuple(cards)
    unknown = [c for c in wanted if c not in cards]
    if unknown:
        hint = message("study_cards_hint") if len(unknown) > 1 or any("," in card for card in cards) else ""
        raise ConfigError(
            message("study_unknown_cards", path=config.path, unknown=list(map(repr, unknown)), deck=deck,
                    cards=cards, hint=hint)
        )  # fmt: skip
    return tuple(dict.fromkeys(wanted))


def with_override(config: ResolvedConfig, path: str, value: Any) -> ResolvedConfig:
    """``config`` loaded again with one more override (the others kept); errors name the file and path."""
    resolved = load_config(config.path, {**config.overrides, path: value})
    return replace(resolved, variant=config.variant)


def removed(config: ResolvedConfig, deck: str, card: str) -> ResolvedConfig:
    """The config without ``card`` (every copy)."""
    return with_override(config, f"cards.{deck}.{card}.count", 0)


def forced(config: ResolvedConfig, deck: str, card: str, seat: int) -> ResolvedConfig:
    """The config with one copy of ``card`` going to ``seat`` at its first chance to get a card of
    ``deck``: the deck's declared forcing (``CardDeck.force``), a list setting added to the config's own."""
    settings = forcing(config, card_deck(config, deck), [(card, seat)])
    for key, value in settings.items():
        already = config.data.get(key)
        if isinstance(value, list) and already:
            value = [*already, *value]
        config = with_override(config, key, value)
    return config


@dataclass(frozen=True)
class CardStudy:
    """What a card study plays: the base config, the deck's cards, player count, games per arm."""

    base: ResolvedConfig
    deck: str
    cards: tuple[str, ...]
    n_players: int
    games: int
    bots: tuple[str, ...]
    seed: int = 1
    chunk_size: int = 25

    @property
    def forced_seeds(self) -> int:
        """Seeds of the forced arm: the card at each seat once per seed, about ``games`` games in all."""
        return math.ceil(self.games / self.n_players)

    arms: tuple[str, ...] = ARM_KINDS

    @property
    def base_games(self) -> int:
        """Seeds of the base: all ``games`` when the removed arm is played, else the forced seeds."""
        return self.games if "removed" in self.arms else self.forced_seeds

    @functools.cached_property
    def studies(self) -> dict[str, tuple[Study, dict[str, Arm]]]:
        """Run folder (relative to the study's) -> the runner's study and its variants' arms by
        label: ``base``, then ``cards/<card>/removed`` and ``cards/<card>/forced``. Built once:
        every variant is a validated config (about 0.15 s each for the bundled card game)."""
        n, bots = self.n_players, self.bots
        out = {
            "base": arm_study(
                [(Arm("base"), self.base)], n, self.base_games, bots, self.seed, self.chunk_size
            )
        }
        for card in self.cards:
            if "removed" in self.arms:
                arms = [(Arm("removed", card), removed(self.base, self.deck, card))]
                out[card_folder(card, "removed")] = arm_study(
                    arms, n, self.games, bots, self.seed, self.chunk_size
                )
            if "forced" in self.arms:
                arms = forced_arms(self.base, self.deck, [card], n)
                out[card_folder(card, "forced")] = arm_study(
                    arms, n, self.forced_seeds, bots, self.seed, self.chunk_size
                )
        return out


def card_folder(card: str, arm: str) -> str:
    """The run folder of one card's arm, relative to the study folder."""
    safe = "".join("_" if ch in '/\\:*?"<>|' else ch for ch in card)
    return f"cards/{safe}/{arm}"


def forced_arms(
    base: ResolvedConfig, deck: str, cards: Sequence[str], n_players: int
) -> list[tuple[Arm, ResolvedConfig]]:
    """Each card forced to each seat in turn."""
    return [
        (Arm("forced", card, seat), forced(base, deck, card, seat))
        for card in cards
        for seat in range(n_players)
    ]


def arm_study(
    arms: Sequence[tuple[Arm, ResolvedConfig]],
    n_players: int,
    games: int,
    bots: Sequence[str],
    seed: int,
    chunk_size: int = 25,
) -> tuple[Study, dict[str, Arm]]:
    """The runner's study playing ``arms`` on the same seeds, and the arm of each variant label."""
    study = Study(tuple(v for _, v in arms), (n_players,), games, tuple(bots), seed, chunk_size)
    return study, {v.label: arm for arm, v in arms}


def shown_path(path: Path) -> str:
    """A config path as a report shows it (``sim.core.resources.shown_config``)."""
    return shown_config(path)


def held_games(folder: Path) -> int:
    """Games per player count a run folder already holds (0 for a new folder)."""
    games = read_columns(folder / "games", ["game_index"])
    return int(games["game_index"].max()) + 1 if len(games) else 0


def arm_label(arms: Mapping[str, Arm], lang: str = "en") -> str:
    """The progress bar's name of one run folder of a study: the base, or the card and its arm."""
    from sim.report.labels import t

    arm = next((a for a in arms.values() if a.kind != "base"), Arm("base"))
    return t(f"progress_arm_{arm.kind}", lang, card=arm.card)  # type: ignore[arg-type]


def run_card_study(
    plan: CardStudy, out: Path, tolerance: float, lang: str = "en", **run_options: Any
) -> dict[str, RunResult]:
    """Play every arm (resuming what ``out`` already holds, and keeping the games of an earlier,
    larger study; each arm's progress bar names it in ``lang``) and write ``out/study.json``."""
    out = Path(out)
    results = {}
    for folder, (study, labels) in plan.studies.items():
        games = max(study.games_per_count, held_games(out / folder))
        options = {**run_options, "label": arm_label(labels, lang)}
        results[folder] = run_study(replace(study, games_per_count=games), out / folder, **options)
    meta = {
        "game": plan.base.game,
        "config": shown_path(plan.base.path),
        "overrides": dict(plan.base.overrides),
        "deck": plan.deck,
        "cards": list(plan.cards),
        "n_players": plan.n_players,
        "games": plan.games,
        "forced_seeds": plan.forced_seeds,
        "bots": list(plan.bots),
        "seed": plan.seed,
        "tolerance": tolerance,
        "arms": {
            folder: {label: vars(arm) for label, arm in labels.items()}
            for folder, (_, labels) in plan.studies.items()
        },
    }
    (out / STUDY_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    return results


def read_study(out: Path) -> dict[str, Any]:
    """The ``study.json`` of a card study folder."""
    path = Path(out) / STUDY_FILE
    if not path.is_file():
        raise ConfigError(message("study_not_a_folder", out=out, file=STUDY_FILE))
    return json.loads(path.read_text(encoding="utf-8"))


def finished_players(folder: Path) -> pd.DataFrame:
    """variant, game_index, seat, win_share, score of the games of ``folder`` that finished."""
    games = read_columns(folder / "games", ["variant", "game_index", "error"])
    players = read_columns(folder / "players", ["variant", "game_index", "seat", "win_share", "score"])
    failed = games.loc[games["error"].fillna("") != "", ["variant", "game_index"]]
    if failed.empty:
        return players
    marked = players.merge(failed.assign(failed=True), on=["variant", "game_index"], how="left")
    return marked[marked["failed"].isna()].drop(columns="failed")


def base_holders(
    folder: Path, labels: Mapping[str, Arm], deck: str, game: str = "", n_players: int = 0
) -> pd.DataFrame:
    """game_index, seat, card_id: who held each card of ``deck`` in the base games, as ``game``
    declares holding for the deck (``sim.cards.decks.holders``; no game: held when ``taken``)."""
    columns = ["variant", "game_index", "seat", "card_id", "deck", "kind"]
    events = read_columns(folder / "events_cards", columns)
    if events.empty or not set(columns) <= set(events.columns):
        return pd.DataFrame(columns=["game_index", "seat", "card_id"])
    base = [label for label, arm in labels.items() if arm.kind == "base"]
    held = holders(events[events["variant"].isin(base)], deck_for(game, deck), n_players)
    return held[["game_index", "seat", "card_id"]]


def _study_players(out: Path) -> tuple[dict[str, Any], dict[str, Arm], pd.DataFrame]:
    """A card study folder's ``study.json``, the arm of every variant label, and its finished players."""
    meta = read_study(out)
    folders = meta["arms"]
    labels = {label: Arm(**arm) for arms in folders.values() for label, arm in arms.items()}
    players = pd.concat([finished_players(Path(out) / f) for f in folders], ignore_index=True)
    return meta, labels, players


def study_effects(out: Path, tolerance: float | None = None, alpha: float = 0.05) -> pd.DataFrame:
    """The effects table of a finished (or partly run) card study folder."""
    meta, labels, players = _study_players(out)
    tolerance = meta["tolerance"] if tolerance is None else tolerance
    folders = meta["arms"]
    holders = base_holders(Path(out) / "base", labels, meta["deck"], meta["game"], meta["n_players"])
    units, games = {}, {}
    for arms in folders.values():
        kinds = {(arm.card, arm.kind) for arm in (Arm(**a) for a in arms.values()) if arm.kind != "base"}
        for card, kind in kinds:
            if kind == "forced":
                units[(card, kind)] = forced_units(players, labels, card)
            else:
                units[(card, kind)] = removed_units(players, holders, labels, card)
            played = players["variant"].isin(list(arms)) & (players["seat"] == 0)
            games[(card, kind)] = int(played.sum())
    return card_effects(units, games, tolerance, meta["seed"], alpha)


def forced_change(before: Path, after: Path, card: str, level: float = 0.95) -> pd.DataFrame:
    """How a change to a card moved its forced effect: two card studies of ``card`` (forced arm) on
    the same seeds, one per config; per seed, the effect in ``after`` minus the effect in ``before``
    (the same seed, the card at the same seats), with a bootstrap t interval at ``level``.

    One row per metric (win_share, score): estimate, se, lo, hi, p_value, units (paired seeds)."""
    units = []
    for out in (before, after):
        meta, labels, players = _study_players(out)
        units.append(forced_units(players, labels, card))
    pairs = units[0].merge(units[1], on="game_index", suffixes=("_before", "_after"))
    rows = []
    for metric in METRICS:
        change = pairs[f"{metric}_after"] - pairs[f"{metric}_before"]
        rng = stream(meta["seed"], card, "forced-change", metric)
        rows.append({"card": card, "metric": metric, **estimate(change, level, rng)})
    return pd.DataFrame(rows)
