"""明初商途's own texts, one module per language (``texts/zh.py``: ``TEXTS``, key -> ``str.format``
template, the same keys in every language: a test checks): the play log's words (``story/``) and the
cards' texts (each effect's, condition's and scoring rule's ``text`` in ``rules/``), loaded through
``sim.texts.package_texts``. A translation, or a new language, is one file.

Texts are only built for the play log and the reports, never while a game is played."""

from __future__ import annotations

from typing import Any

from sim.texts import package_languages, package_texts

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
    """The text ``key`` in ``lang``, formatted with ``values``."""
    return package_texts(PACKAGE, lang)[key].format(**values)


def signed(lang: str, key: str, amount: int, /, **values: Any) -> str:
    """``key.up`` with ``amount`` when it is 0 or more, else ``key.down`` with ``-amount`` (a gain or
    a loss, each in its own words)."""
    if amount >= 0:
        return say(lang, key + ".up", amount=amount, **values)
    return say(lang, key + ".down", amount=-amount, **values)


def signs(lang: str, text: str) -> str:
    """``text`` with its ``+`` and ``-`` signs written as the language writes them (``＋``/``－``)."""
    return text.replace("+", template(lang, "sign.plus")).replace("-", template(lang, "sign.minus"))
