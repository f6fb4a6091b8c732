"""Test-wide setup: the toy game is registered through the environment so worker processes see it too."""

import os

os.environ.setdefault("SIM_GAME_MODULES", "toy=sim.testing.toy")
os.environ.setdefault("MPLBACKEND", "Agg")
