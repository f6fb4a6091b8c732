"""The game-independent engine: the game interface, pending decisions, the play loop, bots' basics.

Importing the package first activates its own compiled core when a current build is present
(``sim.core.compiled.CORE``)."""

from sim.core import compiled as _compiled  # noqa: F401  (activates sim.core's compiled modules)
