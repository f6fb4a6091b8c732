"""``sim cards rebalance`` on the engine: the whole-deck studies, the paired bisections and the
variant config a rebalance writes (``rebalance.Lab``).

The folder of a rebalance (``--out``)::

    study/                 the whole-deck study of the original (a ``sim cards study`` folder: resumable,
                           and a study folder made by ``sim cards study --out DIR/study`` is reused)
    round-R/search/CARD/   the bisection's run folders of the card's number (one per value, as ``sim tune``)
    round-R/rebalanced.yaml  every change up to round R, ``extends:`` the original
    round-R/confirm/       the whole-deck study of that variant on fresh seeds (``confirm_seed``)
    rebalanced.yaml        the last round's variant, written beside the report
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import yaml

from sim.cards.controls import blank_for
from sim.cards.deck_report import write_deck_report
from sim.cards.deck_study import Budget, DeckStudy, read_meta, run_deck_study
from sim.cards.rebalance import Change, Lever, card_levers
from sim.cards.study import deck_cards, pick_cards, with_override
from sim.cards.tune import Evaluation, Point, Target
from sim.config import ConfigError, ResolvedConfig, load_config
from sim.core.resources import extends_reference, shown_config
from sim.file_names import file_component

ROUND_MINUTES = 10.0
"""No round starts with less time left under ``--time-limit`` (its checks and a fresh study that decides)."""
REPORT_MINUTES = 2.0
"""Kept from a study's time under ``--time-limit`` for the reports written after it."""
CONFIRM_SEED_STEP = 1000
"""Round R's fresh study plays seed ``seed + CONFIRM_SEED_STEP * R`` (round 0: the original's)."""
VARIANT_FILE = "rebalanced.yaml"


def confirm_seed(seed: int, round_: int) -> int:
    """The root seed of round ``round_``'s whole-deck study (0: the original study's own)."""
    return seed + CONFIRM_SEED_STEP * round_


def study_folder(out: Path, round_: int) -> Path:
    """Where round ``round_``'s whole-deck study lives (0: the original's)."""
    return Path(out) / "study" if round_ == 0 else Path(out) / f"round-{round_}" / "confirm"


def deck_plan(
    config: ResolvedConfig,
    deck: str,
    n_players: int,
    bots: tuple[str, ...],
    seed: int,
    seeds_per_batch: int,
    tolerance: float,
) -> DeckStudy:
    """The whole-deck study ``sim cards study`` plays for every card of ``deck`` (with its blank)."""
    blank = blank_for(config, deck)
    cards = tuple(dict.fromkeys(deck_cards(config, deck))) + ((blank,) if blank else ())
    family = pick_cards(config, deck, None)
    return DeckStudy(
        config, deck, cards, family, n_players, bots, seed, seeds_per_batch, tolerance, "cheapest", blank
    )


def card_entry(config: ResolvedConfig, deck: str, card: str) -> dict[str, Any]:
    """The card's entry as its model holds it (defaults included, None left out)."""
    found = next(c for c in getattr(config.params.cards, deck) if c.id == card)
    return found.model_dump(mode="json", exclude_none=True)


@dataclass
class EngineLab:
    """``rebalance.Lab`` on the engine: studies and bisections on the runner, variants on disk."""

    original: ResolvedConfig
    deck: str
    n_players: int
    bots: tuple[str, ...]
    seed: int
    tolerance: float
    budget: Budget
    out: Path
    games: int
    seeds_per_batch: int = 10
    chunk_size: int = 25
    lang: str = "en"
    run_options: dict[str, Any] = field(default_factory=dict)
    on_look: Callable[[list[Any], list[str]], None] | None = None
    summaries: dict[int, dict[str, Any]] = field(default_factory=dict)
    time_limit: float | None = None
    """Minutes the whole rebalance may take (``--time-limit``; None: no limit), from ``started``."""
    started: float = field(default_factory=time.monotonic)

    def minutes_left(self) -> float:
        """What ``time_limit`` leaves (infinite without one)."""
        if self.time_limit is None:
            return float("inf")
        return self.time_limit - (time.monotonic() - self.started) / 60

    def study_budget(self) -> Budget:
        """``budget``, its minutes cut to the time left less the reports' reserve."""
        left = self.minutes_left() - REPORT_MINUTES
        if left == float("inf"):
            return self.budget
        minutes = left if self.budget.minutes is None else min(self.budget.minutes, left)
        return Budget(minutes=max(minutes, 0.0), games=self.budget.games)

    def may_start(self, round_: int) -> bool:
        return self.minutes_left() >= ROUND_MINUTES

    def param(self, card: str, lever: Lever) -> str:
        return f"cards.{self.deck}.{card}.{lever.path}"

    def study(self, config: ResolvedConfig, round_: int) -> pd.DataFrame:
        folder = study_folder(self.out, round_)
        plan = deck_plan(
            config, self.deck, self.n_players, self.bots, confirm_seed(self.seed, round_),
            self.seeds_per_batch, self.tolerance,
        )  # fmt: skip
        table, summary = run_deck_study(
            plan, folder, self.study_budget(), on_look=self.on_look, **self.run_options
        )
        self.summaries[round_] = summary
        if summary["batches"]:
            write_deck_report(table, read_meta(folder), summary, folder / "report", self.lang)  # type: ignore[arg-type]
        return table

    def levers(self, config: ResolvedConfig, card: str) -> list[Lever]:
        return card_levers(card_entry(config, self.deck, card))

    def valid(self, config: ResolvedConfig, card: str, lever: Lever, value: float) -> bool:
        return _loads(config, self.param(card, lever), value)

    def measure(self, config: ResolvedConfig, card: str, lever: Lever, value: float, round_: int) -> Point:
        folder = self.out / f"round-{round_}" / "search" / file_component(card)
        evaluation = Evaluation(
            config, self.param(card, lever), Target("score_effect", card, 0.0), self.n_players, self.games,
            self.bots, folder, self.seed, self.chunk_size, self.deck,
        )  # fmt: skip
        return evaluation(value, **self.run_options)

    def variant(
        self, original: ResolvedConfig, changes: Mapping[str, Sequence[Change]], round_: int
    ) -> ResolvedConfig:
        path = self.out / f"round-{round_}" / VARIANT_FILE
        return load_config(write_variant(path, original, self.deck, changes, self.tolerance))


def _loads(config: ResolvedConfig, param: str, value: float) -> bool:
    try:
        with_override(config, param, value)
    except ConfigError:
        return False
    return True


# --- the variant config ----------------------------------------------------------------------------


def number(value: float) -> int | float:
    """A number as the config writes it: whole numbers without a decimal point."""
    return int(value) if float(value).is_integer() else value


def changed_entry(
    raw: Mapping[str, Any], card_model: Mapping[str, Any], changes: Sequence[Change]
) -> dict[str, Any]:
    """The card's entry of the variant: its id and each changed top-level field, written whole (a
    list is replaced whole when configs merge) from the config's own text with the numbers set."""
    entry: dict[str, Any] = {"id": raw.get("id", card_model.get("id"))}
    for change in changes:
        top, *rest = change.lever.path.split(".")
        if top not in entry:
            entry[top] = copy.deepcopy(raw[top] if top in raw else card_model[top])
        if not rest:
            entry[top] = number(change.new)
            continue
        node = entry[top]
        for part in rest[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        last = rest[-1]
        if isinstance(node, list):
            node[int(last)] = number(change.new)
        else:
            node[last] = number(change.new)
    return entry


def comment(changes: Sequence[Change]) -> str:
    """The entry's comment: every number with its old value (and the study's and predicted effects)."""
    parts = [
        f"{c.lever.path}: {number(c.old)} → {number(c.new)} "
        f"(effect {100 * c.effect:+.1f} → {100 * c.predicted:+.1f} points predicted)"
        for c in changes
    ]
    return "; ".join(parts)


def flow(entry: Mapping[str, Any]) -> str:
    """One card entry on one line, as the bundled configs write their cards."""
    text = yaml.safe_dump(
        dict(entry), allow_unicode=True, default_flow_style=True, sort_keys=False, width=10**6
    )
    return text.strip()


def write_variant(
    path: Path, original: ResolvedConfig, deck: str, changes: Mapping[str, Sequence[Change]], tolerance: float
) -> Path:
    """Write the variant with every change (one entry per changed card, the old values in a comment)
    that ``extends:`` the original config (``extends_reference``); checked by loading it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = {str(c["id"]): c for c in original.data["cards"][deck]}
    lines = [
        f"# {deck} rebalanced by sim cards rebalance from {shown_config(original.path)} "
        f"(band ±{100 * tolerance:g} points of win share); load it as any config.",
        "# Each entry changes one card; its comment gives the old value and the effects.",
        f"game: {original.game}",
        f"extends: {extends_reference(original.path, path.parent)}",
        "cards:",
        f"  {deck}:",
    ]
    for card, made in changes.items():
        entry = changed_entry(raw[card], card_entry(original, deck, card), made)
        lines.append(f"    - {flow(entry)}  # {comment(made)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
