"""Brass's compiled core: the modules built with mypyc (``sim.core.compiled``; docs/architecture.md)."""

from __future__ import annotations

from sim.core.compiled import CompiledCore

MODULES = (
    "board",
    "bots",
    "build",
    "cards",
    "develop",
    "evaluate",
    "income",
    "kinds",
    "links",
    "memo",
    "resources",
    "rounds",
    "rules",
    "sell",
    "state",
    "supply",
    "view",
)
"""The compiled modules: every one but ``params`` (pydantic models), the package and this declaration."""

CORE = CompiledCore(__name__.rpartition(".")[0], MODULES)
ACTIVE = CORE.active
"""True when the package's modules are the compiled ones."""
