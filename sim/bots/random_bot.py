"""The uniform-random legal bot (it lives in ``sim.core.random_bot``, where the games find it)."""

from sim.core.random_bot import RandomBot

__all__ = ["RandomBot"]
