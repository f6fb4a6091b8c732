"""``sim cards study`` (deck design): play batches on the engine until every card is decided.

Batch ``b`` is an ordinary run folder ``DIR/batches/bNNNN`` of the runner: one variant per slot of
its design (``deck_design``), each the config with every seat's card forced, all on the same seeds
(the batch's root seed, fixed by the study's seed and ``b``). Once a batch is played, its per-seed
estimates are kept in ``estimates.npz`` beside it; ``DIR/deck-study.json`` records the study and
every batch's design and how the seeds are averaged (``estimator``: weighted for a new study,
equal for a folder from before), so running the command again resumes (an unfinished batch is completed by
the runner, then new batches follow). The configs played hold the study's blank card besides the
deck's (``controls``), and a batch's usage figures are kept beside its estimates.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from pydantic import TypeAdapter

from sim.cards.controls import USAGE, deck_rules, optional_cards, usage, with_blank, with_controls
from sim.cards.deck_design import ESTIMATORS, Design
from sim.cards.deck_verdicts import Batch, next_design, sequential_study
from sim.cards.decks import card_deck, forcing
from sim.cards.sequential import tuning_seeds
from sim.cards.study import finished_players, shown_path
from sim.config import ConfigError, ResolvedConfig
from sim.core.game import CardDeck
from sim.dataset import read_columns
from sim.runner import Study, run_study
from sim.texts import message

STUDY_FILE = "deck-study.json"
ESTIMATES = "estimates.npz"


@dataclass(frozen=True)
class Budget:
    """When to stop if cards are still undecided: after ``minutes`` of this command or ``games``
    in the study folder (whichever is given)."""

    minutes: float | None = None
    games: int | None = None

    @classmethod
    def parse(cls, text: str, option: str = "--budget") -> Budget:
        """``60m``, ``2h`` or ``5000g`` (``option``: the command-line option named by the error)."""
        value, unit = text.strip()[:-1], text.strip()[-1:].lower()
        try:
            number = float(value)
        except ValueError:
            number = -1.0
        if unit not in ("m", "h", "g") or number <= 0 or (unit == "g" and not number.is_integer()):
            raise ValueError(message("study_budget", option=option, text=text))
        if unit == "g":
            return cls(games=int(number))
        return cls(minutes=number * (60 if unit == "h" else 1))


@dataclass(frozen=True)
class DeckStudy:
    """What a deck study plays: the base config, the deck, the cards to decide, seats, bots, seed."""

    base: ResolvedConfig
    deck: str
    cards: tuple[str, ...]
    family: tuple[str, ...]
    n_players: int
    bots: tuple[str, ...]
    seed: int = 1
    seeds_per_batch: int = 10
    tolerance: float = 0.03
    allocation: str = "cheapest"
    """How undecided cards get extra slots (``deck_design.ALLOCATIONS``); not part of a folder's
    identity: a batch's design depends only on the looks before it, so a resumed study may change it."""
    blank: str | None = None
    """The study's blank card (``controls.blank_for``), one of ``cards`` but never of ``family``;
    None: no blank control (the game makes none, or the folder predates it)."""

    @cached_property
    def played(self) -> ResolvedConfig:
        """The config the batches play: the base with the blank card added to the deck."""
        return with_blank(self.base, self.deck, self.blank) if self.blank else self.base

    @property
    def use_rule(self) -> tuple[str, tuple[str, ...]] | None:
        """(deck, the ``events_cards`` kinds that are a use), or None when the game declares none for
        the deck (``CardDeck.use_kinds``, else ``DeckRules.use_kinds``)."""
        rules = deck_rules(self.base.game)
        kinds = self.card_deck.use_kinds
        if kinds is None:
            kinds = rules.use_kinds if rules is not None else ()
        return (self.deck, kinds) if kinds else None

    def without_blank(self) -> DeckStudy:
        """The same study without a blank control (a folder from before it had none)."""
        return replace(self, cards=tuple(c for c in self.cards if c != self.blank), blank=None)

    @cached_property
    def card_deck(self) -> CardDeck:
        """The deck as the game declares it: holding and forcing (``sim.cards.decks``)."""
        return card_deck(self.base, self.deck)

    def variants(self, batch: int, design: Design) -> list[ResolvedConfig]:
        """The configs of a batch: one per slot, every seat's card forced as the deck declares
        (``CardDeck.force``; no second validation: the cards are the deck's own and distinct at
        every table)."""
        base = self.played
        fields = type(base.params).model_fields
        out = []
        for v, table in enumerate(design.tables):
            settings = forcing(base, self.card_deck, [(card, seat) for seat, card in enumerate(table)])
            update = {
                key: TypeAdapter(fields[key].annotation).validate_python(value)
                for key, value in settings.items()
            }
            label = f"{base.variant}~b{batch}s{v:02d}"
            params = base.params.model_copy(update=update)
            out.append(replace(base, variant=label, params=params, data={**base.data, **settings}))
        return out

    def batch_seed(self, batch: int) -> int:
        """The root seed of batch ``batch``'s games."""
        state = np.random.SeedSequence(self.seed, spawn_key=(0xBA7C, batch)).generate_state(1, np.uint64)
        return int(state[0] >> np.uint64(33))

    def runner_study(self, batch: int, design: Design) -> Study:
        variants = tuple(self.variants(batch, design))
        m = self.seeds_per_batch
        return Study(variants, (self.n_players,), m, self.bots, self.batch_seed(batch), m)


def batch_folder(out: Path, batch: int) -> Path:
    return Path(out) / "batches" / f"b{batch:04d}"


def _pattern(variants: pd.Series) -> np.ndarray:
    """A game's pattern: the ``sVV`` of its variant label (``DeckStudy.variants``)."""
    return variants.str.rsplit("s", n=1).str[-1].astype(int).to_numpy()


def batch_results(
    folder: Path, design: Design, seeds: int, use_rule: tuple[str, tuple[str, ...]] | None = None
) -> dict[str, np.ndarray]:
    """A played batch's win shares and scores (and with ``use_rule``, the held card's ``uses``),
    seeds x patterns x seats, of the seeds whose games all finished (a seed with a failed game is
    left out whole)."""
    players = finished_players(Path(folder))
    p, m, k = design.n_players, seeds, len(design.slots)
    shares, scores = np.full((m, k, p), np.nan), np.full((m, k, p), np.nan)
    pattern = _pattern(players["variant"])
    seed, seat = players["game_index"].to_numpy(), players["seat"].to_numpy()
    shares[seed, pattern, seat] = players["win_share"].to_numpy(dtype=float)
    scores[seed, pattern, seat] = players["score"].to_numpy(dtype=float)
    results = {"win_share": shares, "score": scores}
    if use_rule is not None:
        results["uses"] = use_counts(Path(folder), design, seeds, *use_rule)
    whole = ~np.isnan(shares).any(axis=(1, 2))
    return {name: values[whole] for name, values in results.items()}


def use_counts(folder: Path, design: Design, seeds: int, deck: str, kinds: Sequence[str]) -> np.ndarray:
    """Uses of the forced card by its seat, seeds x patterns x seats: the ``events_cards`` rows of
    ``deck`` of one of ``kinds`` whose seat held that card (``DeckRules.use_kinds``)."""
    counts = np.zeros((seeds, len(design.slots), design.n_players))
    columns = ["variant", "game_index", "seat", "card_id", "deck", "kind"]
    events = read_columns(folder / "events_cards", columns)
    if events.empty:
        return counts
    events = events[(events["deck"] == deck) & events["kind"].isin(list(kinds)) & (events["seat"] >= 0)]
    pattern, seat = _pattern(events["variant"]), events["seat"].to_numpy()
    held = np.array([design.tables[v][s] for v, s in zip(pattern, seat, strict=True)], dtype=object)
    mine = events["card_id"].to_numpy(dtype=object) == held
    np.add.at(counts, (events["game_index"].to_numpy()[mine], pattern[mine], seat[mine]), 1.0)
    return counts


def read_batch(
    folder: Path, design: Design, study: Study, use_rule: tuple[str, tuple[str, ...]] | None = None
) -> Batch:
    """A played batch's per-seed estimates and (with ``use_rule``) usage."""
    results = batch_results(folder, design, study.games_per_count, use_rule)
    uses = results.pop("uses", None)
    estimates = {metric: design.estimate(values, metric) for metric, values in results.items()}
    return Batch(design, estimates, usage(design, uses) if uses is not None else {})


def save_batch(folder: Path, batch: Batch) -> None:
    usage_ = {f"usage_{name}": values for name, values in batch.usage.items()}
    np.savez(folder / ESTIMATES, **batch.estimates, **usage_)


def load_batch(folder: Path, design: Design) -> Batch | None:
    path = folder / ESTIMATES
    if not path.is_file():
        return None
    with np.load(path) as data:
        estimates = {k: data[k] for k in data.files if not k.startswith("usage_")}
        kept = {k.removeprefix("usage_"): data[k] for k in data.files if k.startswith("usage_")}
    return Batch(design, estimates, kept if set(kept) == set(USAGE) else {})


def identity(plan: DeckStudy) -> dict[str, Any]:
    """What must match for a folder to be resumed: the config, deck, seats, bots, seed, batch size."""
    return {
        "game": plan.base.game,
        "config_hash": plan.base.config_hash,
        "deck": plan.deck,
        "cards": list(plan.cards),
        "blank": plan.blank,
        "n_players": plan.n_players,
        "bots": list(plan.bots),
        "seed": plan.seed,
        "seeds_per_batch": plan.seeds_per_batch,
    }


def read_meta(out: Path) -> dict[str, Any] | None:
    path = Path(out) / STUDY_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def write_meta(out: Path, plan: DeckStudy, designs: Sequence[Design], extra: dict[str, Any]) -> None:
    meta = {
        **identity(plan),
        "config": shown_path(plan.base.path),
        "overrides": dict(plan.base.overrides),
        "family": list(plan.family),
        "tolerance": plan.tolerance,
        "allocation": plan.allocation,
        "batches": [list(d.slots) for d in designs],
        **extra,
    }
    Path(out).mkdir(parents=True, exist_ok=True)
    (Path(out) / STUDY_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")


def run_deck_study(
    plan: DeckStudy,
    out: Path,
    budget: Budget,
    on_look: Callable[[list[Batch], list[str]], None] | None = None,
    **run_options: Any,
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Resume ``out`` and play batches until every card of the family is decided or the budget is
    spent. Returns the verdicts and a summary (games, seeds, batches, seconds, why it stopped)."""
    out = Path(out)
    meta = read_meta(out)
    if meta is not None and meta.get("batches") and not meta.get("blank") and plan.blank:
        plan = plan.without_blank()  # a folder from before the blank control: resumed without one
    if meta is not None and {k: meta.get(k) for k in identity(plan)} != identity(plan):
        raise ConfigError(
            f"{out} holds a deck study of another config, deck, player count, bots, seed or batch size "
            f"({STUDY_FILE}); use another --out folder"
        )
    plan = same_family(plan, meta, out)
    designs = [Design(plan.cards, tuple(s), plan.n_players) for s in (meta or {}).get("batches", [])]
    check_setup(plan, designs[0] if designs else next_design(plan.cards, plan.n_players, plan.seed, 0, []))
    # the boundary's tuning is fixed for the life of a folder (a resumed study keeps its own; a
    # folder from before it was recorded was tuned at sigma 0.16, a half-width of half the band)
    old = meta is not None and "t_opt" not in meta and bool(meta.get("batches"))
    tuned = {"t_opt": (meta or {}).get("t_opt") or (tuning_seeds(plan.tolerance, 0.16, 0.5) if old else None)}
    estimator = study_estimator(meta)
    started = time.monotonic()
    seconds_per_game: list[float] = []
    stop = {"reason": "decided"}

    def may_continue(done: Sequence[Batch], design: Design) -> bool:
        stop["reason"] = "decided"
        games = sum(b.games for b in done)
        planned = plan.seeds_per_batch * len(design.slots)
        if budget.games is not None and games + planned > budget.games:
            stop["reason"] = "budget"
            return False
        if budget.minutes is not None:
            guess = seconds_per_game[-1] * planned if seconds_per_game else 0.0
            if time.monotonic() - started + guess > 60 * budget.minutes:
                stop["reason"] = "budget"
                return False
        return True

    def games_left(done: Sequence[Batch]) -> float:
        """What the budget still buys, in games (unknown before a batch has set the pace)."""
        left = math.inf
        if budget.games is not None:
            left = budget.games - sum(b.games for b in done)
        if budget.minutes is not None and seconds_per_game:
            left = min(left, (60 * budget.minutes - (time.monotonic() - started)) / seconds_per_game[-1])
        return left

    def play(index: int, design: Design) -> Batch:
        begun = time.monotonic()
        if index == len(designs):
            designs.append(design)
            write_meta(out, plan, designs, {"t_opt": tuned["t_opt"], "estimator": estimator})
        batch = _play(plan, out, index, designs[index], run_options)
        seconds_per_game.append((time.monotonic() - begun) / max(batch.games, 1))
        return batch

    batches = [play(index, design) for index, design in enumerate(list(designs))]
    seconds_per_game.clear()  # resumed batches cost nothing: no guess from them
    if tuned["t_opt"] is None:  # a new study: tuned for half the seeds its budget should reach
        if budget.minutes is not None and not batches:  # the pace, from a first batch (no look yet)
            first = next_design(plan.cards, plan.n_players, plan.seed, 0, [])
            batches.append(play(0, first))
        expected = sum(b.seeds for b in batches) + games_left(batches) / len(plan.cards)
        tuned["t_opt"] = tuning_seeds(plan.tolerance, expected=expected)
        write_meta(out, plan, designs, {"t_opt": tuned["t_opt"], "estimator": estimator})
    t_opt = float(tuned["t_opt"])
    batches, table = sequential_study(
        play,
        plan.cards,
        plan.family,
        plan.n_players,
        plan.tolerance,
        plan.seed,
        batches,
        may_continue,
        on_look=on_look,
        allocation=plan.allocation,
        games_left=games_left,
        t_opt=t_opt,
        controls=(plan.blank,) if plan.blank else (),
        estimator=estimator,
    )
    summary = {
        "games": int(sum(b.games for b in batches)),
        "seeds": int(sum(b.seeds for b in batches)),
        "batches": len(batches),
        "seconds": round(time.monotonic() - started, 1),
        "stop": stop["reason"],
    }
    write_meta(out, plan, designs, {"t_opt": t_opt, "estimator": estimator, "last_run": summary})
    optional = optional_cards(plan.base, plan.deck)
    table = with_controls(
        table, batches, plan.blank, optional, plan.tolerance, t_opt=t_opt, estimator=estimator
    )
    return table, summary


class FamilyChanged(ConfigError):
    """A study folder resumed with other cards to decide than its own (``same_family``): ``family``
    the folder's, ``asked`` the new ones, ``everything`` when the folder's are the whole deck."""

    def __init__(self, out: Path, family: tuple[str, ...], asked: tuple[str, ...], everything: bool) -> None:
        self.out, self.family, self.asked, self.everything = out, family, asked, everything
        again = "without --cards" if everything else f"with --cards {','.join(family)}"
        super().__init__(
            f"{out} decides {len(family)} cards ({', '.join(family)}); --cards asks for {', '.join(asked)}. "
            "A study's cards are fixed: they set the level of every look, so other cards would judge its "
            f"past looks again. Run it again {again} to resume it, or give another --out folder for these cards."
        )


def same_family(plan: DeckStudy, meta: dict[str, Any] | None, out: Path) -> DeckStudy:
    """The plan with its folder's family (in the folder's order) when the folder has played batches:
    the family sets the level of every look (Bonferroni over its cards) and the stopping rule, so a
    study resumed with other cards would judge its past looks again at another level. Other cards
    on a folder with batches are refused (``FamilyChanged``, naming the folder's cards)."""
    if meta is None or not meta.get("batches") or "family" not in meta:
        return plan
    family = tuple(str(c) for c in meta["family"])
    if set(family) == set(plan.family):
        return replace(plan, family=family)
    raise FamilyChanged(out, family, plan.family, set(family) == set(plan.cards) - {plan.blank})


def study_estimator(meta: dict[str, Any] | None) -> str:
    """How a folder's seeds are averaged (``deck_design.ESTIMATORS``): what its study file records;
    ``equal`` for a folder played before the estimator was recorded (it resumes with the verdicts it
    had), ``weighted`` for a new study. An unknown name is refused."""
    if meta is None or not meta.get("batches"):
        return "weighted"
    estimator = meta.get("estimator", "equal")
    if estimator not in ESTIMATORS:
        raise ConfigError(f"{STUDY_FILE}: estimator {estimator!r} is not one of {', '.join(ESTIMATORS)}")
    return str(estimator)


def check_setup(plan: DeckStudy, design: Design) -> None:
    """Set up one game of the first slot: a deck the rules cannot force this way is refused here,
    with the game's own message, before anything is played."""
    from sim.core.play import setup_rng
    from sim.games import get_game

    try:
        config = plan.variants(0, design)[0]
        get_game(config.game).game.initial_state(config.params, plan.n_players, setup_rng(plan.seed))
    except ValueError as exc:  # pydantic's ValidationError is one too
        raise ConfigError(f"{plan.base.path}: --deck {plan.deck}: {exc}") from None


def _play(plan: DeckStudy, out: Path, index: int, design: Design, run_options: dict[str, Any]) -> Batch:
    folder = batch_folder(out, index)
    done = load_batch(folder, design)
    if done is not None and (done.usage or plan.use_rule is None):
        return done
    study = plan.runner_study(index, design)
    if done is not None:  # kept before usage was recorded: read it from the batch's games
        done = replace(done, usage=read_batch(folder, design, study, plan.use_rule).usage)
        save_batch(folder, done)
        return done
    run_study(study, folder, **run_options)
    batch = read_batch(folder, design, study, plan.use_rule)
    if batch.seeds == 0:
        games = read_columns(folder / "games", ["error"])
        first = next((e for e in games["error"] if e), "no games")
        raise ConfigError(f"{folder}: every seed of the batch has a failed game (first: {first})")
    save_batch(folder, batch)
    return batch
