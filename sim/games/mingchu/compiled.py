"""明初商途's compiled core: the modules built with mypyc (``sim.core.compiled``; docs/architecture.md)."""

from __future__ import annotations

from sim.core.compiled import CompiledCore

MODULES = (
    "bots.base",
    "bots.building",
    "bots.buyback",
    "bots.cards",
    "bots.choice",
    "bots.distances",
    "bots.goal",
    "bots.goods",
    "bots.heuristic",
    "bots.main_actions",
    "bots.personas",
    "bots.plan",
    "bots.prices",
    "bots.reads",
    "bots.trade",
    "bots.values",
    "bots.war",
    "rules.actions",
    "rules.anytime",
    "rules.building",
    "rules.card_log",
    "rules.conditions",
    "rules.draws",
    "rules.economy",
    "rules.effect_kinds",
    "rules.effects",
    "rules.flow",
    "rules.game",
    "rules.kinds",
    "rules.laws",
    "rules.modifiers",
    "rules.observe",
    "rules.orders",
    "rules.paths",
    "rules.pickers",
    "rules.production",
    "rules.quick",
    "rules.scoring",
    "rules.settlement",
    "rules.setup",
    "rules.state",
    "rules.trade",
    "rules.turn",
    "rules.view",
)
"""The compiled modules (dotted names inside the package): every rules and bots module but
``rules.effects_schema`` (pydantic models) and ``rules.periods`` (rarely run; its tests replace functions it
calls, which a compiled module would call directly); not the goals, the narrator (``story``), ``params``,
the package's declarations or this file."""

MYPY_FLAGS = tuple(
    f"--disable-error-code={code}"
    for code in (
        "union-attr",
        "arg-type",
        "index",
        "attr-defined",
        "var-annotated",
        "assignment",
        "misc",
        "call-overload",
        "operator",
    )
)
"""The type check's error codes these modules' hints still fail (optional values read without a check,
untyped containers, methods of the bots' mixin): the build compiles them as written, and mypyc checks
the types it relies on at run time."""

CORE = CompiledCore(__name__.rpartition(".")[0], MODULES, MYPY_FLAGS)
ACTIVE = CORE.active
"""True when the package's modules are the compiled ones."""
