"""明初商途's compiled core: the modules built with mypyc (``sim.core.compiled``; docs/architecture.md)."""

from __future__ import annotations

from sim.core.compiled import CompiledCore

MODULES = (
    "actions",
    "anytime",
    "bot_values",
    "bots",
    "building",
    "card_log",
    "conditions",
    "draws",
    "economy",
    "effect_kinds",
    "effects",
    "flow",
    "kinds",
    "laws",
    "modifiers",
    "observe",
    "orders",
    "paths",
    "pickers",
    "production",
    "quick",
    "rules",
    "scoring",
    "settlement",
    "setup",
    "state",
    "trade",
    "trade_bots",
    "turn",
    "view",
)
"""The compiled modules: every one but ``params`` and ``effects_schema`` (pydantic models), ``periods``
(rarely run; its tests replace functions it calls, which a compiled module would call directly), the
package, this declaration and ``story/`` (the narrator)."""

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
