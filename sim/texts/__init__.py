"""Every text a user reads -- the console's messages (errors above all), the report's, the card lab's,
``sim run``'s summary and ``sim play``'s log -- in every language the toolkit speaks. Each language is
one catalogue module of this package (``sim.texts.en``, ``sim.texts.zh``, the same keys: a test checks),
found by its name, so a translation, or a new language, is one file.

A catalogue's message sections (``SECTIONS``) share one key space: ``catalogue(lang)`` joins them and
refuses a key that two of them define. Its ``HEADERS``, ``TERMS`` and ``GLOSSARY`` are looked up on their
own (``sim.report.labels``, which also keeps the report's ``t(key, lang, **values)``).

Code that raises an error builds its message with ``message(key, **values)``: a ``Text``, which is an
ordinary ``str`` holding the English message (logs, tests and ``str(exc)`` read it as before) and
which also keeps its key and values, so the command line can show it in the user's ``--lang``
(``in_lang``). A value may itself be a ``Text`` (a message quoting another) and is shown in the same
language; ``lines`` joins several messages into one, each line in the same language. Modules that keep
a table of their texts by key and language build it from the catalogue (``table``, ``words``)."""

from __future__ import annotations

import pkgutil
import re
from collections import ChainMap
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any, ClassVar

SECTIONS = ("ERRORS", "MESSAGES", "CARDS", "CONSOLE")
"""A catalogue module's sections of messages, in one key space: the console's (errors above all), the
report's, the card lab's, and the console lines of ``sim run``, ``sim play``, ``sim tune`` and
``sim bots tune``."""


def languages() -> tuple[str, ...]:
    """The languages there is a catalogue for: every module of this package, English first."""
    found = [m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    return tuple(sorted(found, key=lambda lang: (lang != "en", lang)))


LANGS = languages()
"""The languages of the catalogues (``("en", "zh")``)."""

_JOINED: dict[ModuleType, ChainMap[str, str]] = {}


class KeyCollision(ValueError):
    """Two sections of a language's catalogue define the same key."""


def collisions(module: ModuleType) -> dict[str, list[str]]:
    """Keys that more than one of ``module``'s sections define -> those sections (none, in a catalogue)."""
    seen: dict[str, list[str]] = {}
    for section in SECTIONS:
        for key in getattr(module, section, {}):
            seen.setdefault(key, []).append(section)
    return {key: sections for key, sections in seen.items() if len(sections) > 1}


def join_sections(module: ModuleType) -> ChainMap[str, str]:
    """``module``'s message sections as one mapping (a live view: an edit to a section shows), after
    checking that no key is defined twice (``KeyCollision``: none is silently overwritten)."""
    found = collisions(module)
    if found:
        shown = "; ".join(f"{key} in {', '.join(sections)}" for key, sections in sorted(found.items()))
        raise KeyCollision(f"{module.__name__}: keys defined in more than one section: {shown}")
    return ChainMap(*(getattr(module, section, {}) for section in SECTIONS))


def catalogue_module(lang: str) -> ModuleType:
    """The catalogue module of ``lang`` (``sim.texts.<lang>``), found by its name."""
    if not lang.isidentifier():
        raise ModuleNotFoundError(f"no catalogue for language {lang!r}")
    return import_module(f"{__name__}.{lang}")


def catalogue(lang: str) -> ChainMap[str, str]:
    """Every message of ``lang`` by key: its catalogue's sections joined (``join_sections``)."""
    module = catalogue_module(lang)
    if module not in _JOINED:
        _JOINED[module] = join_sections(module)
    return _JOINED[module]


def has_catalogue(lang: str) -> bool:
    """Whether ``lang`` has a catalogue module."""
    return lang.isidentifier() and find_spec(f"{__name__}.{lang}") is not None


def table(prefix: str) -> dict[str, dict[str, Any]]:
    """The catalogue's keys ``<prefix>.<name>`` as ``{name: {lang: text}}`` in every language, for a
    module that keeps its texts that way; keys ``<prefix>.<name>.<part>`` give ``{name: {lang: {part:
    text}}}``. The names are the English catalogue's (the others have the same keys: a test checks)."""
    found: dict[str, dict[str, Any]] = {}
    start = prefix + "."
    for key in catalogue("en"):
        if not key.startswith(start):
            continue
        name, _, part = key[len(start) :].partition(".")
        for lang in LANGS:
            text = catalogue(lang)[key]
            if part:
                found.setdefault(name, {}).setdefault(lang, {})[part] = text
            else:
                found.setdefault(name, {})[lang] = text
    return found


def words(prefix: str) -> dict[str, dict[str, str]]:
    """The catalogue's keys ``<prefix>.<name>`` as ``{lang: {name: text}}``: a language's words by name
    (a table's column headers, a verdict's word)."""
    by_name = table(prefix)
    return {lang: {name: texts[lang] for name, texts in by_name.items()} for lang in LANGS}


def package_languages(package: str) -> tuple[str, ...]:
    """The languages a game package ships texts for: the modules of its ``texts`` subpackage
    (``<package>.texts.<lang>``), in ``languages``' order (English first); none without one."""
    spec = find_spec(f"{package}.texts")
    if spec is None or spec.submodule_search_locations is None:
        return ()
    found = [
        m.name for m in pkgutil.iter_modules(spec.submodule_search_locations) if not m.name.startswith("_")
    ]
    return tuple(sorted(found, key=lambda lang: (lang != "en", lang)))


_PACKAGE_TEXTS: dict[tuple[str, str], dict[str, str]] = {}


def package_texts(package: str, lang: str) -> dict[str, str]:
    """A game package's own texts in ``lang``: the ``TEXTS`` mapping (key -> ``str.format`` template) of
    its module ``<package>.texts.<lang>`` (the play log's words, its cards' texts), loaded once. A game
    ships one such module per language, with the same keys, as the toolkit does (``sim.texts.<lang>``)."""
    found = _PACKAGE_TEXTS.get((package, lang))
    if found is None:
        if not lang.isidentifier():
            raise ModuleNotFoundError(f"no texts for language {lang!r} in {package}")
        found = import_module(f"{package}.texts.{lang}").TEXTS
        _PACKAGE_TEXTS[(package, lang)] = found
    return found


class Text(str):
    """A message from a catalogue: an ordinary ``str`` in the catalogue's home language (``home``) that
    keeps its key and values, so it can be shown in another (``in_lang``). The toolkit's messages are
    English at home; a game's own texts subclass it with their catalogue (``render``) and home."""

    key: str
    values: dict[str, Any]
    home: ClassVar[str] = "en"
    """The language the text is in as a ``str``."""

    def __new__(cls, key: str, /, **values: Any) -> Text:
        text = super().__new__(cls, cls.render(key, values, cls.home))
        text.key, text.values = key, values
        return text

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle (a worker's error) keeps key and values
        return (_rebuild, (self.key, self.values, type(self)))

    def in_lang(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.render(self.key, self.values, lang)

    @classmethod
    def render(cls, key: str, values: dict[str, Any], lang: str) -> str:
        """The text of ``key`` with ``values`` in ``lang`` (English when ``lang`` is not a catalogue's)."""
        return _render(key, values, lang if has_catalogue(lang) else "en")


def _rebuild(key: str, values: dict[str, Any], kind: type[Text] = Text) -> Text:
    return kind(key, **values)


def _shown(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return value.in_lang(lang)
    if isinstance(value, list | tuple):
        return catalogue(lang)["list_separator"].join(str(_shown(v, lang)) for v in value)
    return value


def _render(key: str, values: dict[str, Any], lang: str) -> str:
    if key == "":  # lines() and joined(): the messages one per line, or between the catalogue's separator
        separator = catalogue(lang)[values["separator"]] if "separator" in values else "\n"
        return separator.join(str(_shown(v, lang)) for v in values["lines"])
    return catalogue(lang)[key].format(**{k: _shown(v, lang) for k, v in values.items()})


def message(key: str, /, **values: Any) -> Text:
    """The catalogue's message ``key`` with ``values`` (a list value is joined with commas)."""
    return Text(key, **values)


def lines(parts: list[str]) -> Text:
    """Several messages as one, one per line; each ``Text`` among them is shown in the same language."""
    return Text("", lines=list(parts))


def joined(parts: list[str], separator: str = "problem_separator") -> Text:
    """Several messages on one line, between the catalogue's ``separator`` (in each language's own)."""
    return Text("", lines=list(parts), separator=separator)


VALIDATION_TYPES = {
    "int_type": "v_int",
    "int_parsing": "v_int_parsing",
    "int_from_float": "v_int_from_float",
    "float_type": "v_number",
    "float_parsing": "v_number_parsing",
    "finite_number": "v_finite",
    "bool_type": "v_bool",
    "bool_parsing": "v_bool_parsing",
    "string_type": "v_string",
    "string_too_short": "v_string_too_short",
    "string_too_long": "v_string_too_long",
    "greater_than_equal": "v_ge",
    "greater_than": "v_gt",
    "less_than_equal": "v_le",
    "less_than": "v_lt",
    "too_short": "v_too_short",
    "too_long": "v_too_long",
    "literal_error": "v_literal",
    "dict_type": "v_mapping",
    "model_type": "v_model",
    "list_type": "v_list",
    "tuple_type": "v_tuple",
    "missing": "v_missing",
    "extra_forbidden": "v_extra",
    "union_tag_invalid": "v_union_tag",
    "union_tag_not_found": "v_union_no_tag",
}
"""pydantic's error types a config commonly meets -> the catalogue key of their message. The English
entries word them as pydantic does; a type not listed keeps pydantic's own (English) message."""


def validation_message(err: dict[str, Any]) -> str:
    """One pydantic error's message (an item of ``ValidationError.errors()``) as a catalogue message:
    a validator's own catalogue message (a ``ValueError`` raised with one), or the message of a common
    type (missing, extra, wrong type, out of range ...) with its bounds; else pydantic's text."""
    error = (err.get("ctx") or {}).get("error")
    if isinstance(error, Exception) and error.args and isinstance(error.args[0], Text):
        return error.args[0]
    key = VALIDATION_TYPES.get(err["type"])
    if key is None:
        return str(err["msg"]).removeprefix("Value error, ")
    ctx = {
        k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in (err.get("ctx") or {}).items()
    }
    count = ctx.get("min_length", ctx.get("max_length"))
    if err["type"] == "literal_error":  # pydantic's "'a', 'b' or 'c'", and the choices for other languages
        ctx["choices"] = re.split(r", | or ", str(ctx.get("expected", "")))
    return message(key, **ctx, plural="" if count == 1 else "s")


def in_lang(text: object, lang: str) -> str:
    """``text`` in ``lang`` when it is a catalogue message, else as it is."""
    return text.in_lang(lang) if isinstance(text, Text) else str(text)


def error_in_lang(exc: BaseException, lang: str) -> str:
    """An exception's message in ``lang``: its first argument when that is a catalogue message."""
    first = exc.args[0] if exc.args else None
    message_ = getattr(exc, "message", None)  # click's exceptions keep theirs in .message
    for candidate in (message_, first):
        if isinstance(candidate, Text):
            return candidate.in_lang(lang)
    return str(message_ if message_ is not None else exc)


def t(key: str, lang: str, **values: Any) -> str:
    """The catalogue's message ``key`` in ``lang``, formatted with ``values`` (the report's
    ``sim.report.labels.t`` says the same)."""
    return catalogue(lang)[key].format(**values)
