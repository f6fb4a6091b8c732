"""The one shape every game has: the ``Game`` protocol, its ``Outcome``, and the ``GameSpec``.

A game is a package laid out like the bundled template game (``sim/games/`` holds it: the one
to copy): ``params.py`` (the pydantic model of every rules number), ``rules/`` (``state.py``: data
only; ``actions.py``: frozen action records, each with its legality, effect and description in one
``ActionKind``; ``game.py``: a class implementing ``Game``), ``bots/``, ``configs/`` and
``__init__.py`` exporting ``SPEC: GameSpec``. ``docs/architecture.md`` explains the shape.

Conventions every game follows:

* ``apply`` mutates the state in place; ``state.clone()`` gives an independent copy (search
  bots and ``sim check`` rely on it).
* All randomness during play comes from the ``numpy.random.Generator`` stored on the state as
  ``state.rng`` (seeded from the setup stream), never from a global, so a clone replays alike.
* Seats are ``0..n-1``. ``current_player`` is the seat that must act.
* Actions are small frozen dataclasses (hashable, picklable).
* ``observation(state, seat)`` holds only what ``seat`` may see; ``determinize(observation,
  rng)`` returns a full state consistent with it (hidden cards resampled), for search bots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

import numpy as np

from sim.core.goals import Goal, Play
from sim.core.planted import PlantedVariant

State = TypeVar("State")
Action = TypeVar("Action")
Obs = TypeVar("Obs")


class TurnCapExceeded(RuntimeError):
    """The game did not end within its spec's action cap (``GameSpec.max_actions``)."""


@dataclass
class Outcome:
    """What a finished game produced: the runner writes it to the result tables."""

    scores: list[float]
    ranks: list[int]
    """Rank per seat after tie-breaks, 1 = best; equal ranks mean a shared place."""
    breakdown: list[dict[str, float]]
    """Per seat, the game's breakdown columns (names declared in the spec)."""
    end_reason: str
    """Which end trigger fired (a name the game declares, shown through its display names)."""
    events: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Game-specific event tables (declared in the spec), rows as dicts."""


STAGE_SEPARATOR = "·"
"""Between the stages of an end reason ``a+b·c·d`` (e.g. the trigger of a period, a war's outcome, the
final trigger)."""
TRIGGER_SEPARATOR = "+"
"""Between the triggers of one stage of an end reason that fired together."""


def named_end_reason(reason: str, name: Callable[[str], str]) -> str:
    """An end reason with each trigger by ``name`` (``a+b·c`` reads ``name(a)+name(b)·name(c)``)."""
    return STAGE_SEPARATOR.join(
        TRIGGER_SEPARATOR.join(name(trigger) for trigger in stage.split(TRIGGER_SEPARATOR))
        for stage in reason.split(STAGE_SEPARATOR)
    )


@runtime_checkable
class Game(Protocol[State, Action, Obs]):
    """The verbs the runner, the bots and ``sim check`` use (OpenSpiel/TAG style)."""

    def initial_state(self, params: Any, n_players: int, rng: np.random.Generator) -> State:
        """Set up a game; ``rng`` becomes ``state.rng``, the stream of every later draw."""
        ...

    def current_player(self, state: State) -> int:
        """The seat that must act now."""
        ...

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every action the current player may take; never empty before the end."""
        ...

    def apply(self, state: State, action: Action) -> None:
        """Apply a legal action in place and resolve everything that needs no choice."""
        ...

    def is_terminal(self, state: State) -> bool: ...

    def round_number(self, state: State) -> int:
        """The current round (1-based), for the ``rounds/`` table and game length."""
        ...

    def running_scores(self, state: State) -> list[float]:
        """Each player's score so far (or the game's best proxy), sampled at round ends."""
        ...

    def outcome(self, state: State) -> Outcome:
        """Scores, ranks, breakdown, end reason and events of a finished game."""
        ...

    def observation(self, state: State, seat: int) -> Obs:
        """What ``seat`` may see: another seat's hidden cards and the deck order removed."""
        ...

    def determinize(self, observation: Obs, rng: np.random.Generator) -> State:
        """A full state consistent with ``observation``: hidden parts sampled with ``rng``."""
        ...

    def view(self, state: State, seat: int) -> State:
        """What a bot of ``seat`` receives: the state's type with hidden parts replaced and public
        parts shared (``sim.core.view``). Cheap: made before every bot decision."""
        ...

    def describe(self, state: State, action: Action) -> str:
        """One readable line for the play-by-play, evaluated *before* ``apply``."""
        ...

    def invariants(self, state: State) -> list[str]:
        """Broken conservation laws (money, cubes, cards, tiles, no negative stock); [] if none.

        ``sim check`` calls it after every action of its playouts.
        """
        ...


class ActionKind(Generic[State, Action]):
    """One action type's legality, effect and description, kept together.

    A game lists its kinds in an ``ActionKinds`` table; adding an action is adding one kind.
    """

    action: type

    def legal(self, state: State, seat: int) -> Sequence[Action]:
        """The legal actions of this kind for ``seat`` now."""
        raise NotImplementedError

    def apply(self, state: State, action: Action) -> None:
        raise NotImplementedError

    def describe(self, state: State, action: Action) -> str:
        return type(action).__name__


class ActionKinds(Generic[State, Action]):
    """Dispatch by action type (a table, not an isinstance chain)."""

    def __init__(self, kinds: Sequence[ActionKind[State, Action]]) -> None:
        self.kinds = tuple(kinds)
        self.by_type: dict[type, ActionKind[State, Action]] = {kind.action: kind for kind in self.kinds}
        if len(self.by_type) != len(self.kinds):
            raise ValueError("two action kinds handle the same action type")

    def legal(self, state: State, seat: int) -> list[Action]:
        return [action for kind in self.kinds for action in kind.legal(state, seat)]

    def apply(self, state: State, action: Action) -> None:
        self.by_type[type(action)].apply(state, action)

    def describe(self, state: State, action: Action) -> str:
        return self.by_type[type(action)].describe(state, action)


Sees = Literal["view", "observation", "legal"]
"""What a bot is given to decide from (its ``sees`` attribute; ``view`` when absent):
``view`` -- ``game.view(state, seat)``; ``observation`` -- ``game.observation(state, seat)``, for
bots that sample full states with ``determinize``; ``legal`` -- nothing but the legal actions."""


class Bot(Protocol):
    """A bot picks one of the legal actions. A fresh bot is made per game and seat.

    It never receives the full state: ``seen`` is what its ``sees`` attribute asks for."""

    name: str

    def choose(self, seen: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any: ...


BotFactory = Callable[[int], Bot]
"""Makes a fresh bot for a seat."""


class EventColumn(NamedTuple):
    """One column of a game's event table: its name, arrow type name and meaning (docs/dataset.md)."""

    name: str
    type: str
    meaning: str


def column_types(columns: Sequence[EventColumn]) -> dict[str, str]:
    """``{name: type}`` of an event table's columns, as a spec's ``event_tables`` holds them."""
    return {c.name: c.type for c in columns}


DisplayNames = Mapping[str, Mapping[str, Any]]
"""Report language -> the game's names in it: ``title``, ``stages`` (the end's stages, in order),
``terms`` (code name -> display name: actions, breakdown columns, end reasons, event kinds and
columns, bots, places, values), ``params`` (a parameter path or path part -> display name; a part
named "" is left out of a dotted path) and ``prefixes`` (a column prefix -> its display
name, e.g. ``actions_`` -> "actions: ")."""


class TunableWeight(NamedTuple):
    """A bot weight a config's ``bots:`` block may set: its value under the parameters, the box
    ``sim bots tune`` searches, and whether it is a switch (on/off, searched as a number in [0, 1]
    that is on from 0.5)."""

    value: float
    low: float
    high: float
    switch: bool = False


def _no_blank(deck: str, card_id: str) -> Any:
    return None


def _never_optional(card: Any) -> bool:
    return False


@dataclass(frozen=True)
class DeckRules:
    """What the card lab (``sim cards study``) must know of a card game's decks beyond their model:
    how to make a card that does nothing, which card events are a use of a held card, and which
    cards are the holder's choice to use (docs/card-lab.md, *Deck design: the blank control, usage
    and flags*)."""

    blank: Callable[[str, str], Any] = _no_blank
    """``(deck, card id) ->`` a card of that deck with no effect at all (the deck's card model, to be
    appended to ``params.cards.<deck>``), or None when a card of that deck cannot be blank."""
    use_kinds: tuple[str, ...] = ()
    """The ``kind`` values of the ``events_cards`` rows (``deck``, ``card_id``, ``seat``) that mean
    the seat's held card did something: an ability used, a passive that took effect."""
    optional: Callable[[Any], bool] = _never_optional
    """``card ->`` whether every effect the card has is its holder's choice to use (a bot that
    uses it sensibly can never do worse than with a blank card)."""


def _every_card(card: Any) -> bool:
    return True


@dataclass(frozen=True)
class CardDeck:
    """One deck of ``params.cards`` as the card lab (``sim cards study``) studies it: what holding
    one of its cards means for a seat, and how the study puts a card of it into a seat's hands
    (docs/card-lab.md, *Every deck of a game*)."""

    name: str
    """The deck's field under ``params.cards``."""
    holding: str
    """What holding a card of this deck is, in a few words (shown in reports): a card taken."""
    hold_kinds: tuple[str, ...] = ("taken",)
    """The ``kind`` values of the ``events_cards`` rows (``deck``, ``card_id``, ``seat``) that make
    the row's seat a holder of the card."""
    in_play: bool = False
    """A card of the deck is in play for the whole table (its rows name no seat, ``seat`` -1): every
    seat holds it. A holder's win share then cannot move on average (one seat's win is another's
    loss): the figure to read is the score."""
    force: Callable[[str, Sequence[tuple[str, int]]], Mapping[str, Any]] | None = None
    """``(deck, [(card id, seat), ...]) ->`` the top-level settings of a config that give each seat
    its card (a list value is added to the config's own list of that name by the paired design);
    None: the rules cannot give a card of this deck to a seat, so only its removal is studied."""
    studied: Callable[[Any], bool] = _every_card
    """``card ->`` whether a study may remove or force the card (a card the setup names cannot go)."""
    use_kinds: tuple[str, ...] | None = None
    """The ``events_cards`` kinds that are a use of a held card of this deck (usage figures and the
    ``unused`` flag); None: the game's ``DeckRules.use_kinds``; empty: the deck's cards are not
    used in play (a family card acts at setup), so no usage is counted."""


@dataclass(frozen=True)
class BotsSpec:
    """The game's bots and what the generic bots must know of them (``GameSpec.bots``)."""

    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    """The game's own bots: name -> factory of a fresh bot for a seat (``random`` among them)."""
    default_bots: tuple[str, ...] = ()
    """The lineup used when no ``--bots`` is given (and by ``make demo``); empty means every bot."""
    search_policy: str = ""
    """The heuristic that plays every seat in the ``rollout`` bot's playouts; empty: the first of
    ``default_bots`` (the lineup's heuristics also propose the candidate moves)."""
    search_worthy: Callable[[Any, Sequence[Any]], bool] | None = None
    """Which disagreements the ``rollout`` bot searches, given a full state sampled from the seat's
    observation (the decision open) and the heuristics' distinct candidates; the others it settles
    with ``search_policy``'s pick. None: every disagreement is searched."""
    search_horizon: int | Callable[[Any, Sequence[Any]], int] = 0
    """Round ends a ``rollout`` playout plays through before the running scores judge it (1: to the
    end of the current round; the game's end, if it comes first, judges by the outcome); 0: every
    playout to the end of the game. A function of the sampled state and the candidates may set it per
    decision."""
    bot_weights: Callable[[Any], Mapping[str, Mapping[str, TunableWeight]]] | None = None
    """The weights of the game's bots that a config's ``bots:`` block may set (``sim bots tune`` fits
    them): for the given parameters, bot name -> weight -> its value under them and the box searched
    (``TunableWeight``). None: no bot of the game has weights a config sets."""
    novice: str = ""
    """The game's novice (one of ``bots``: a seat that plays common sense alone), the rung above
    random play on the skill ladder of the newcomer, learning and depth goals
    (``sim.stats.goals_novice``); empty: the game has none. ``run.json`` records it."""


@dataclass(frozen=True)
class ReportSpec:
    """What a game's games record and how a report reads them without the game's package
    (``GameSpec.report``). ``run.json`` records every field but ``goal_plays``,
    ``planted_variants`` and ``narrator`` (the goals as their declarations), so a report reads a run
    without the game's package (``sim.runner.execute.run_json_payload``)."""

    display_names: DisplayNames = field(default_factory=dict)
    """The game's terms in each report language (``DisplayNames``); the runner writes them into
    ``run.json`` so a report needs no engine. A term without a name is shown as it is."""
    breakdown_columns: tuple[str, ...] = ()
    """Per seat, the outcome's breakdown columns (``Outcome.breakdown``; the players table's columns)."""
    scoring_columns: tuple[str, ...] = ()
    """The breakdown columns that sum to the score (the report's score sources, the play log's
    final table); empty: the columns named ``vp_*``."""
    event_tables: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Event table name -> {column: arrow type name ("string", "int64", "float64", "bool")}."""
    context_columns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Event table name -> its columns that say when or why something happened (a game period, an
    era), not what a seat had: the content statistics never take their values for items
    (``sim.stats.content.item_columns``). A table not named has none."""
    flow_prefix: str = ""
    """The prefix of the breakdown columns ``<prefix><kind>_<unit>_<out|in>`` that count what a
    player paid to (``out``) or received from (``in``) the other players, read by the interaction
    measure (``sim.stats.goals_interact``); empty: the game counts no flows."""
    earned_prefix: str = ""
    """The prefix of the breakdown columns ``<prefix><unit>`` that count what a player gained from
    outside the players (the interaction measure's denominator); empty: none."""
    trade_table: str = ""
    """The event table of the offers between players and their answers (one row an offer, ``kind``
    accepted or refused): the report's trading section; empty: the game has no trading."""
    trade_switch: str = ""
    """The config path of the rule that turns trading off when set to false (``rules.trading``): the
    trading section tells the paired comparison with it; empty: it is worded without a path."""
    goals: tuple[Goal, ...] = ()
    """The game's own design goals (``sim.core.goals``), beside the generic ones every game has."""
    goal_plays: tuple[Play, ...] = ()
    """The games its own goals need beyond the lineup's (``sim goals`` plays them)."""
    planted_variants: tuple[PlantedVariant, ...] = ()
    """One-number variants the default bots should answer (``sim check --variants``): each changes a
    scoring rate or a price and names the breakdown column it should move, and which way."""
    narrator: Callable[..., Any] | None = None
    """Makes the story teller of ``sim play`` for a lineup (``sim.core.playlog``), if the game has one:
    called with the bot names, and with ``lang=`` when ``sim play --lang`` asks for a language (it tells
    in that language when the game has texts in it, else in its own; its ``lang`` says which)."""


@dataclass(frozen=True)
class CardsSpec:
    """A card game's decks as the card lab sees them (``GameSpec.cards``; docs/card-lab.md)."""

    decks: type | None = None
    """A card game's decks (a pydantic model whose fields are the decks of ``params.cards``): what
    ``sim cards export`` and ``import`` move to and from a spreadsheet."""
    deck_rules: DeckRules | None = None
    """The card lab's view of the decks (``DeckRules``); None: no blank control, no usage figures."""
    card_decks: tuple[CardDeck, ...] = ()
    """The decks ``sim cards study`` can study (``CardDeck``): holding and forcing, deck by deck;
    empty: every deck of the config's ``cards`` section, a card held when ``taken``."""
    forced_key: str = ""
    """The top-level config setting that hands seats their cards, ``[{deck, card, seat}]``: how the
    card lab forces a card of an undeclared deck and which decks ``sim cards change`` can force
    (the ``deck`` values the setting's model allows); empty: the rules cannot force a card."""


@dataclass(frozen=True)
class BuildSpec:
    """How the game's code is built (``GameSpec.build``)."""

    compiled: Any = None
    """The game's compiled core (a ``sim.core.compiled.CompiledCore``) when it has one: the modules
    ``python -m sim.core.build_compiled`` builds."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the toolkit needs to know about one game: its identity at the top level, then its
    bots (``bots``), what its games record and how reports read them (``report``), its decks
    (``cards``) and its build (``build``); docs/architecture.md, *The game's face*."""

    name: str
    title: str
    rules_version: str
    player_counts: tuple[int, ...]
    game: Game
    params_model: type  # a pydantic BaseModel subclass, extra="forbid"
    default_config: Path
    bots: BotsSpec = field(default_factory=BotsSpec)
    report: ReportSpec = field(default_factory=ReportSpec)
    cards: CardsSpec = field(default_factory=CardsSpec)
    build: BuildSpec = field(default_factory=BuildSpec)
    max_actions: Callable[[int], int] = lambda n_players: 10_000
    """Turn cap: a game still running after this many actions is recorded as an error."""
    example: bool = False
    """A template game: checked and tested like the others, left out of demos and benchmarks."""
    players_for: Callable[[Any], tuple[int, ...]] | None = None
    """The player counts a config supports, when it narrows ``player_counts`` (e.g. a map's)."""

    def player_counts_for(self, params: Any) -> tuple[int, ...]:
        """The player counts ``params`` can be played at."""
        return tuple(self.players_for(params)) if self.players_for else tuple(self.player_counts)

    @property
    def lineup(self) -> tuple[str, ...]:
        return tuple(self.bots.default_bots) or tuple(self.bots.bots)

    @property
    def config_dir(self) -> Path:
        return self.default_config.parent

    def with_bots(self, **changes: Any) -> GameSpec:
        """A copy of the spec whose ``bots`` group has ``changes`` (e.g. another ``bots`` mapping)."""
        return replace(self, bots=replace(self.bots, **changes))
