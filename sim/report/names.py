"""Display names: game terms (breakdown columns, end reasons, parameters, event columns) and table
headers in English and Chinese, and the number formats of report tables.

Each game declares its names in its spec (``GameSpec.report.display_names``) and the runner writes them
into ``run.json`` under ``games.<game>.display_names``: ``{"zh": {"title": ..., "stages": [...],
"terms": {...}, "params": {...}, "prefixes": {...}}, "en": {...}}`` (``columns`` and
``end_reasons`` mappings are read as terms too; ``params`` names parameter paths and their parts), with ``games.<game>.scoring_columns`` (the breakdown columns that
sum to the score). A run written before the names were carried gets them from the game's spec when
the game can be loaded. A term without a name is shown as it is; a dotted parameter path is shown
part by part (a part named "" is left out, a list position ``i`` reads ``i+1`` after the part before
it: ``cards.<deck>.<card>.ability.0.amount`` reads <card>·能力1·数量 when the game names ``cards``
and the deck "" and ``ability`` 能力, ``amount`` 数量)."""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sim.core.bot_names import parse_bot_name
from sim.core.goals import PLAY_SEPARATOR
from sim.core.seat_goals import PHASE_PREFIX
from sim.report.labels import Lang, header, shared_terms, t

RATES = {
    "win_rate", "fair_share", "share", "tie_break_share", "shared_share", "shared_lo", "shared_hi",
    "p_leader_wins", "share_ahead", "win_rate_a", "win_rate_b", "others_rate", "raw_share",
    "error_share", "max_gap", "max_gap_lo", "max_gap_hi", "dominant_share", "share_of_score",
    "effect", "effect_lo", "effect_hi",
}  # fmt: skip
"""Columns that are proportions: shown as percentages with one decimal."""
P_VALUES = {
    "p_value",
    "p_holm",
    "omnibus_p",
    "q_value",
    "interaction_p",
    "trend_p",
    "trend_p_holm",
    "diff_p_holm",
}
SEATS = {"seat"}
VARIANTS = {"variant", "variant_a", "variant_b"}
"""Columns that name a variant (a sweep's carries its parameter paths, shown by their names)."""
IDENTIFIERS = {"seed", "game_index", "n_players", "root_seed"}
TRANSLATED_VALUES = {"game", "component", "outcome", "trigger", "kind", "status", "adjusted", "metric", "column",
                     "table", "bot", "bot_a", "bot_b", "dominant_bot", "stage", "parameter", "value", "reference_position", "list", "id", "strata", "goal", "verdict", "driver", "driver_other", "about", "band_by"}  # fmt: skip


@dataclass
class Names:
    """Display names for one report language, built from the run's metadata and the per-game mapping."""

    lang: Lang
    terms: dict[str, dict[str, str]] = field(default_factory=dict)
    """game -> term -> display name."""
    prefixes: dict[str, dict[str, str]] = field(default_factory=dict)
    stages: dict[str, list[str]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    params: dict[str, dict[str, str]] = field(default_factory=dict)
    """game -> parameter path part -> display name (before the terms, for a dotted path)."""
    scoring: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    """game -> (declared scoring columns, scoring prefixes)."""
    _meta: list[Mapping[str, Any]] = field(default_factory=list, repr=False)
    """The runs' metadata the names were read from (a game they do not name is read from its spec)."""

    @classmethod
    def from_meta(cls, meta: list[Mapping[str, Any]], lang: Lang) -> Names:
        names = cls(lang)
        names._meta = list(meta)
        games = {g for m in meta for g in (m.get("games") or {})} | {
            v.get("game") for m in meta for v in (m.get("variants") or []) if v.get("game")
        }
        for game in sorted(games):
            names._add(game)
        return names

    def _add(self, game: str) -> None:
        """Read ``game``'s names from the runs' metadata, else from its spec."""
        lang = self.lang
        terms = dict(shared_terms(lang))
        stages: list[str] = []
        scoring: tuple[str, ...] = ()
        title = ""
        prefixes: dict[str, str] = {}
        params: dict[str, str] = {}
        infos = [(m.get("games") or {}).get(game) or {} for m in self._meta]
        if not any(info.get("display_names") for info in infos):
            infos.insert(0, _spec_names(game))
        for info in infos:
            own = (info.get("display_names") or {}).get(lang) or {}
            for part in ("columns", "end_reasons", "terms"):
                terms |= dict(own.get(part) or {})
            prefixes |= dict(own.get("prefixes") or {})
            params |= dict(own.get("params") or {})
            stages = list(own.get("stages") or stages)
            scoring = tuple(info.get("scoring_columns") or scoring)
            title = own.get("title") or title or (info.get("title") if lang == "en" else "") or ""
        self.terms[game] = terms
        self.prefixes[game] = prefixes
        self.params[game] = params
        self.stages[game] = stages
        self.titles[game] = title or game
        self.scoring[game] = (scoring, ("vp_", "points_"))

    def _known(self, game: str) -> None:
        """A game the runs did not name (a card study's): its names from its spec, once."""
        if game not in self.terms:
            self._add(game)

    def term(self, game: str, value: object) -> str:
        """A game term (column, end reason, parameter, item) by its display name."""
        key = str(value)
        self._known(game)
        terms = self.terms.get(game) or shared_terms(self.lang)
        if key in terms:
            return terms[key]
        bot = parse_bot_name(key)
        if (
            bot.routed and bot.searcher and bot.route
        ):  # a search bot on a heuristic's route (rollout:2@roadbuilder)
            shown, on = self.term(game, bot.searcher), self.term(game, bot.route)
            return t("bot_on_route", self.lang, bot=shown, route=on)
        if not bot.routed and bot.budgeted and bot.budget.isdigit() and bot.base in terms:
            return f"{terms[bot.base]}:{bot.budget}"  # a budgeted generic bot (rollout:2, mcts:200)
        for prefix, shown in self.prefixes.get(game, {}).items():
            if key.startswith(prefix):
                rest = key.removeprefix(prefix)
                return shown + terms.get(rest, rest)
        params = self.params.get(game, {})
        if params.get(key):
            return params[key]
        return _dotted(key, {**terms, **params})

    def variant(self, game: str, name: object) -> str:
        """A variant's name with its parameter paths by their display names: a sweep's
        ``base[cards.<deck>.<card>.ability.0.amount=1]`` reads ``base[<card>·能力1·数量=1]``."""
        text = str(name)
        base, sep, play = text.rpartition(PLAY_SEPARATOR)
        shown = self._play(game, play) if sep and base else None
        if shown is not None:  # a play of `sim goals`: base+skill
            return t("variant_play", self.lang, base=self.variant(game, base), play=shown, play_key=play)
        match = _VARIANT.match(text)
        if not match:
            return self._stem(text)
        settings = _SETTING_SPLIT.split(match["settings"])
        shown = [_setting(self, game, s) for s in settings]
        return f"{self._stem(match['base'])}[{', '.join(shown)}]"

    def play(self, game: str, key: str) -> str:
        """A play of ``sim goals`` by its display name (``lineup``: the lineup's own games); the key
        itself when it has none."""
        return self._play(game, key) or key

    def _play(self, game: str, key: str) -> str | None:
        """A play of ``sim goals`` by its display name (a seat-order play by its phase's); None
        when ``key`` is no play's (a file name holding a "+")."""
        self._known(game)
        terms = self.terms.get(game) or shared_terms(self.lang)
        if f"play:{key}" in terms:
            return terms[f"play:{key}"]
        if key.startswith(PHASE_PREFIX) and _PLAY.fullmatch(key):
            phase = key.removeprefix(PHASE_PREFIX)
            return t("play_seats", self.lang, phase=self.term(game, phase), phase_key=phase)
        return None

    def _stem(self, label: str) -> str:
        return variant_stem(label, self.lang)

    def value(self, game: str, value: object) -> str:
        """A setting's value as a designer reads it: a list or mapping (written as JSON or as Python
        prints it) by its parts, keys by their display names; anything else as it is."""
        text = str(value)
        parsed = _parsed(text)
        if not isinstance(parsed, list | dict):
            return text
        return _readable(parsed, lambda part: self.term(game, part), self.lang)

    def title(self, game: str) -> str:
        self._known(game)
        return self.titles.get(game, game)

    def stage(self, game: str, index: int) -> str:
        self._known(game)
        stages = self.stages.get(game, [])
        if index < len(stages):
            return stages[index]
        if index == 0 and len(stages) == 0:
            return t("stage_default", self.lang)
        return t("stage_k", self.lang, k=index + 1)

    def is_scoring(self, game: str, column: str) -> bool:
        """Whether a breakdown column is a source of points (they sum to the score)."""
        self._known(game)
        declared, prefixes = self.scoring.get(game, ((), ("vp_", "points_")))
        if declared:
            return column in declared
        return column.startswith(prefixes)

    def header(self, column: str, table: str = "") -> str:
        return header(column, self.lang, table)


_PLAY = re.compile(r"[a-z][a-z0-9_]*")
"""A play's key in a variant label of ``sim goals`` (``base+skill``)."""
_VARIANT = re.compile(r"^(?P<base>[^\[]*)\[(?P<settings>.+)\]$")
_SETTING_SPLIT = re.compile(r",\s*(?=[^,=\[\]{}]+=)")


def variant_stem(label: str, lang: Lang) -> str:
    """A config file's stem as shown: the bundled ``base`` by its name in ``lang`` (a designer's
    own file names are shown as they are)."""
    return shared_terms(lang).get(f"variant:{label}", label)


def _setting(names: Names, game: str, setting: str) -> str:
    """``path=value`` with the path by its display name and a list or mapping value by its parts."""
    path, eq, value = setting.partition("=")
    return f"{names.term(game, path.strip())}{eq}{names.value(game, value)}" if eq else setting


def _parsed(text: str) -> object:
    """``text`` read as JSON or as a Python literal (how a config's list prints); None if neither."""
    if not text.lstrip().startswith(("[", "{")):
        return None
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def _readable(value: object, name: Callable[[str], str], lang: Lang) -> str:
    """A parsed list or mapping in words: ``{id: 井, points: 2}`` -> ``井：分数 2``; a list of lists or
    mappings as its items in brackets, one after the other."""
    if isinstance(value, dict):
        named = [f"{name(str(k))} {_readable(v, name, lang)}" for k, v in value.items() if k != "id"]
        joined = t("list_separator", lang).join(named)
        if "id" in value:
            return t("labelled", lang, label=value["id"], text=joined) if named else str(value["id"])
        return joined
    if isinstance(value, list):
        items = [_readable(v, name, lang) for v in value]
        if all(not isinstance(v, list | dict) for v in value):
            return t("enum_separator", lang).join(items)
        if len(items) > 1:
            items = [t("bracketed", lang, text=item) for item in items]
        return t("clause_separator", lang).join(items)
    if isinstance(value, str):
        return name(value)
    return fmt_number(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


def _spec_names(game: str) -> dict[str, Any]:
    """The names a game's spec declares, for a run whose run.json does not carry them (an older run);
    nothing when the game cannot be loaded here."""
    from sim.games import GameLoadError, get_game

    try:
        spec = get_game(game)
    except GameLoadError:
        return {}
    return {"display_names": spec.report.display_names, "scoring_columns": spec.report.scoring_columns}


def _dotted(key: str, terms: Mapping[str, str]) -> str:
    """A dotted parameter path by its parts' names; the path itself unless every part in code
    letters has a name (a card id or a Chinese part is shown as it is, a position as a number)."""
    parts = key.split(".")
    coded = [part for part in parts if part.isascii() and not part.lstrip("-").isdigit()]
    if len(parts) < 2 or not coded or not all(part in terms for part in coded):
        return key
    shown: list[str] = []
    for part in parts:
        if part.isdigit() and shown:
            shown[-1] += str(int(part) + 1)
        elif terms.get(part, part):
            shown.append(terms.get(part, part))
    return "·".join(shown) or key


def fmt_pct(x: float, decimals: int = 1) -> str:
    """A proportion as a percentage with one decimal, never in scientific notation."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    return fmt_fixed(100 * float(x), decimals) + "%"


def fmt_fixed(x: float, decimals: int = 1) -> str:
    """``x`` with ``decimals`` decimals, never '-0.0' (a value that rounds to zero shows as 0)."""
    value = round(float(x), decimals)
    return f"{0.0 if value == 0 else value:.{decimals}f}"


def fmt_p(p: float) -> str:
    """A p-value: '< 0.001' when tiny, else three decimals."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def fmt_number(x: float) -> str:
    """A plain number without scientific notation."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    x = float(x)
    if x.is_integer() and abs(x) < 1e15:
        return f"{int(x):,}"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    if abs(x) < 0.0005:
        return "0.000"
    return f"{x:.3f}"


def named_value(names: Names, column: str, value: object, game: str) -> str:
    """A text cell in ``names``' language: a game's title, a variant's label, a game term, or as is."""
    if column == "game":
        return names.title(str(value))
    if column in VARIANTS:
        return names.variant(game, value)
    if column in TRANSLATED_VALUES:
        return names.term(game, value)
    return str(value)


def fmt_bool(x: bool, lang: Lang) -> str:
    return t("yes" if x else "no", lang)
