"""Brass's compiled core: the modules built with mypyc (``sim.core.compiled``; docs/architecture.md)."""

from __future__ import annotations

from sim.core.compiled import CompiledCore

MODULES = (
    "bots.evaluate",
    "bots.heuristic",
    "rules.board",
    "rules.build",
    "rules.cards",
    "rules.develop",
    "rules.game",
    "rules.income",
    "rules.kinds",
    "rules.links",
    "rules.memo",
    "rules.resources",
    "rules.rounds",
    "rules.sell",
    "rules.state",
    "rules.supply",
    "rules.view",
)
"""The compiled modules (dotted names inside the package): every rules and bots module; not ``params``
(pydantic models), the package's declarations or this file."""

CORE = CompiledCore(__name__.rpartition(".")[0], MODULES)
ACTIVE = CORE.active
"""True when the package's modules are the compiled ones."""
