"""Design goals: what a designer wants the game to be, as a measure and the band it should fall in.

A goal names a measure of a run (the widest seat gap, lead changes per game...) and the band a
designer accepts (``min`` and/or ``max``, in the measure's unit). The generic goals below apply to
every game; a game declares its own in ``GameSpec.report.goals``. A config's ``goals:`` block sets the
bands (``sim.config.goals`` checks it); the report's "Design goals" section judges each goal:
met when the measure's whole interval lies in the band, not met when it lies wholly outside,
undecided otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

Unit = Literal["points", "share", "count", "rounds", "index", "ratio", "decisions"]
Subject = Literal["game", "bots"]
"""What a verdict is about: ``game``, a property of the rules (measured with the best players the
toolkit has, and expected to hold when the bots get stronger), or ``bots``, a proxy that depends on
the bots (reported as information, never as not met)."""
GAME: Subject = "game"
BOTS: Subject = "bots"
UNIT_LIMITS: dict[str, tuple[float | None, float | None]] = {
    "points": (0.0, None),
    "count": (0.0, None),
    "rounds": (0.0, None),
    "decisions": (0.0, None),
    "ratio": (0.0, None),
    "index": (0.0, None),
    "share": (0.0, 1.0),
}
"""The range a measure in each unit can take (None: no limit): a gap, a count or a ratio cannot be
negative, a share of games or of a variance lies in [0, 1]. A goal whose measure has another range
declares its own (``Goal.limits``)."""


def unit_range(unit: str) -> tuple[float | None, float | None]:
    """The range a measure in ``unit`` can take (``UNIT_LIMITS``; no limit for an unknown unit)."""
    return UNIT_LIMITS.get(unit, (None, None))


LINEUP = "lineup"
"""The play of a goal measured on the lineup's own games."""
PLAY_SEPARATOR = "+"


@dataclass(frozen=True)
class Goal:
    """One goal: its key (the name used in a config), its unit and its default band."""

    key: str
    unit: Unit
    min: float | None = None
    max: float | None = None
    about: str = ""
    """What the measure is, in one English sentence (the report's texts are in its catalogue)."""
    play: str = LINEUP
    """The games the measure reads: ``LINEUP`` (the bot lineup's own games) or the key of a ``Play``
    that ``sim goals`` plays for it (variant ``<variant>+<key>``)."""
    measure: str = ""
    """A game's own goal: ``"module:function"``, a function of a ``sim.dataset.read.Run`` holding the
    play's games that returns one row per (game, variant, n_players) with ``value``, ``low``,
    ``high``, ``games`` (and optionally ``driver``, ``driver_other``, ``driver_value``). Pure pandas:
    the report imports it without the engine. Empty for the generic goals (the report's own tables)."""
    columns: tuple[tuple[str, str], ...] = ()
    """The game's columns the measure reads, as (the measure function's keyword, the column): passed
    to it as keyword arguments, so a shared measure never names a game's column itself."""
    subject: Subject = GAME
    """``game`` or ``bots`` (see ``Subject``). A ``game`` goal whose measure returns ``check_low`` and
    ``check_high`` (the measure with the strongest players alone) stays ``game`` only where that
    check reaches the same verdict."""
    reads: tuple[str, ...] = ()
    """Further plays whose games the measure also reads (``LINEUP`` or play keys), e.g. a comparison
    of the lineup's games with counterfactual plays on the same seeds; its rows are reported under
    ``play``'s variant label."""
    limits: tuple[float | None, float | None] | None = None
    """The range the measure can take, when it is not its unit's (``UNIT_LIMITS``): e.g. a share of
    the seat advantage read from counterfactual seat orders can lie below 0 or above 1. An interval
    widened into a confidence sequence is cut to this range."""

    def range(self) -> tuple[float | None, float | None]:
        """The range the measure can take: its own ``limits``, else its unit's."""
        return self.limits if self.limits is not None else unit_range(self.unit)

    def declaration(self) -> dict:
        """What run.json records of the goal, so a report judges it without the game's package."""
        declared = {
            "key": self.key,
            "unit": self.unit,
            "play": self.play,
            "measure": self.measure,
            "subject": self.subject,
            "default": {"min": self.min, "max": self.max},
        }
        if self.columns:
            declared["columns"] = dict(self.columns)
        return {**declared, "reads": list(self.reads)} if self.reads else declared


@dataclass(frozen=True)
class Play:
    """Games a goal needs beyond the lineup's own: ``sim goals`` plays them on the same seeds, as the
    variant ``<variant>+<key>`` in ``<out>/<key>``."""

    key: str
    bots: Callable[[Sequence[str]], tuple[str, ...]]
    """The bots, seat by seat, given the lineup being judged (e.g. random play among it)."""
    about: str = ""
    share: float = 1.0
    """Its games as a share of the lineup's (``-n``): less for a costly play (a search bot's)."""
    replays: int = 1
    """Games per setup: each of its ``round(-n * share)`` setups is played this many times, the
    setup dealt alike, the play (bots' streams, draws after the setup) from another seed."""
    sets: tuple[str, ...] = ()
    """Config overrides (``path=value``, as ``--set`` takes them) the play's games are played with,
    e.g. a counterfactual seat order (``sim.core.seat_goals``)."""
    budget_share: float = 1.0
    """The share of ``sim goals``' budget (``--budget``) the goals reading this play may spend by
    default (``--goal-budget`` sets a goal's own): less for a costly play, so it cannot take the
    whole budget from the others."""


GENERIC_GOALS: tuple[Goal, ...] = (
    Goal(
        "seat_fairness",
        "points",
        max=10.0,
        about="Largest distance of a seat's win rate from the fair share, in points (fair: small).",
    ),
    Goal(
        "decisiveness",
        "share",
        max=0.10,
        about="Share of games decided by a tie-break or ending in a shared win (a decisive game: few).",
    ),
    Goal(
        "drama",
        "count",
        min=1.0,
        about="Lead changes per game (a game whose leader changes keeps every player in it).",
    ),
    Goal("length", "rounds", about="Rounds per game (a band the designer sets; none by default)."),
    Goal(
        "skill_gap",
        "share",
        min=0.75,
        about="How often the game's bots finish ahead of random play in the same game (depth).",
        play="skill",
        subject=BOTS,
    ),
    Goal(
        "variety",
        "index",
        min=0.5,
        about="How evenly winners draw their points from the sources that scored in the games (0: "
        "one source always wins; 1: every source equally often).",
    ),
    Goal(
        "waiting",
        "decisions",
        about="Decisions the other players take while a player waits for its next turn (its next run "
        "of own decisions), averaged over players (short waits: few); no band by default.",
    ),
)
"""The goals every game has. Their measures come from the report's tables, computed once."""

GENERIC_KEYS = tuple(goal.key for goal in GENERIC_GOALS)
CONTROL = "random"
"""Random play: the control the skill gap measures the game's bots against."""
GENERIC_PLAYS: tuple[Play, ...] = (
    Play("skill", lambda lineup: (CONTROL, *lineup), "the lineup with random play among it"),
)


def play_of(variant: str, plays: Sequence[str]) -> tuple[str, str]:
    """(the judged variant, the play) of a variant label: ``base+skill`` -> ("base", "skill") when
    ``skill`` is one of ``plays``; any other label is the lineup's own games."""
    base, sep, tail = variant.rpartition(PLAY_SEPARATOR)
    return (base, tail) if sep and tail in plays else (variant, LINEUP)


BOUND_KEYS = ("min", "max")


def on_edge(value: float, edge: float | None) -> bool:
    """Whether an estimate sits on a band's edge (to rounding: a seat gap of 25% − 20% is 4.999…9
    points, not inside a band of 5): no count of further games then carries it to either side."""
    return edge is not None and abs(value - edge) <= 1e-9 * max(1.0, abs(edge))


def verdict(low: float, high: float, band_min: float | None, band_max: float | None) -> str:
    """``met`` when [low, high] lies in the band, ``not_met`` when wholly outside it, else ``undecided``
    (also when the interval is unknown)."""
    if low != low or high != high:  # NaN: not measured
        return "undecided"
    below = band_min is not None and high < band_min
    above = band_max is not None and low > band_max
    if below or above:
        return "not_met"
    inside_low = band_min is None or low >= band_min
    inside_high = band_max is None or high <= band_max
    return "met" if inside_low and inside_high else "undecided"
