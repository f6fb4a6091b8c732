"""明初商途's own texts, one module per language (``texts/zh.py``: ``TEXTS``, key -> ``str.format``
template, the same keys in every language: a test checks): the play log's words (``story/``) and the
cards' texts (each effect's, condition's and scoring rule's ``text`` in ``rules/``) and the rules'
descriptions of each action (``describe``: a ``Said``, the game's own words that keep their key and
values), loaded through ``sim.texts.package_texts``. A translation, or a new language, is one file.

Only the sentence frames translate: the names of cards, places, goods and sides are the design's own
(Chinese) names, in every language.

Texts are only built for the play log and the reports, never while a game is played."""

from __future__ import annotations

from typing import Any

from sim.texts import Text, package_languages, package_texts

PACKAGE = __name__.rpartition(".")[0]
LANG = "zh"
"""The game's own language: its cards, places and goods are named in it, and its story is told in it."""


def languages() -> tuple[str, ...]:
    """The languages the game ships texts for (``zh``, ...)."""
    return package_languages(PACKAGE)


def template(lang: str, key: str) -> str:
    """The template of ``key`` in ``lang``."""
    return package_texts(PACKAGE, lang)[key]


def say(lang: str, key: str, /, **values: Any) -> str:
    """The text ``key`` in ``lang``, formatted with ``values``: a ``Said`` value in ``lang`` too, a list
    or tuple joined with the language's ``sep.list``."""
    return package_texts(PACKAGE, lang)[key].format(**{k: _shown(v, lang) for k, v in values.items()})


def _shown(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return value.in_lang(lang)
    if isinstance(value, list | tuple):
        return say(lang, "sep.list").join(str(_shown(v, lang)) for v in value)
    return value


class Said(Text):
    """What the rules say happened (an action's ``describe``, a player's name): a ``sim.texts.Text`` of
    the game's own texts, an ordinary ``str`` in the game's own language (``LANG``, as ``describe``
    returns it and the JSONL log keeps it) that the play log can tell in another (``in_lang``). A value
    may itself be a ``Said`` and is told in the same language."""

    home = LANG

    @classmethod
    def render(cls, key: str, values: dict[str, Any], lang: str) -> str:
        return say(lang, key, **values)


def said(key: str, /, **values: Any) -> Said:
    """The rules' text ``key`` with ``values`` (``Said``): only built for a play log, never in play."""
    return Said(key, **values)


def signed(lang: str, key: str, amount: int, /, **values: Any) -> str:
    """``key.up`` with ``amount`` when it is 0 or more, else ``key.down`` with ``-amount`` (a gain or
    a loss, each in its own words)."""
    if amount >= 0:
        return say(lang, key + ".up", amount=amount, **values)
    return say(lang, key + ".down", amount=-amount, **values)


def signs(lang: str, text: str) -> str:
    """``text`` with its ``+`` and ``-`` signs written as the language writes them (``＋``/``－``)."""
    return text.replace("+", template(lang, "sign.plus")).replace("-", template(lang, "sign.minus"))
