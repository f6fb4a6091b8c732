"""Messages for the user that are not report text -- errors above all -- in every language the
command line speaks. Each language is one catalogue module (``sim.texts.en``, ``sim.texts.zh``, the
same keys: a test checks), so a translation is one file.

Code that raises an error builds its message with ``message(key, **values)``: a ``Text``, which is an
ordinary ``str`` holding the English message (logs, tests and ``str(exc)`` read it as before) and
which also keeps its key and values, so the command line can show it in the user's ``--lang``
(``in_lang``). A value may itself be a ``Text`` (a message quoting another) and is shown in the same
language; ``lines`` joins several messages into one, each line in the same language."""

from __future__ import annotations

import re
from importlib import import_module
from typing import Any

LANGS = ("en", "zh")


def _catalogue(lang: str) -> dict[str, str]:
    return import_module(f"sim.texts.{lang}").ERRORS


class Text(str):
    """A message from the catalogue: its English text, its key and its values."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, /, **values: Any) -> Text:
        text = super().__new__(cls, _render(key, values, "en"))
        text.key, text.values = key, values
        return text

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (a worker's error) keep the key and values
        return (_rebuild, (self.key, self.values))

    def in_lang(self, lang: str) -> str:
        """The message in ``lang`` (English when ``lang`` is not a catalogue's)."""
        return _render(self.key, self.values, lang if lang in LANGS else "en")


def _rebuild(key: str, values: dict[str, Any]) -> Text:
    return Text(key, **values)


def _shown(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return value.in_lang(lang)
    if isinstance(value, list | tuple):
        return _catalogue(lang)["list_separator"].join(str(_shown(v, lang)) for v in value)
    return value


def _render(key: str, values: dict[str, Any], lang: str) -> str:
    if key == "":  # lines() and joined(): the messages one per line, or between the catalogue's separator
        separator = _catalogue(lang)[values["separator"]] if "separator" in values else "\n"
        return separator.join(str(_shown(v, lang)) for v in values["lines"])
    return _catalogue(lang)[key].format(**{k: _shown(v, lang) for k, v in values.items()})


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
