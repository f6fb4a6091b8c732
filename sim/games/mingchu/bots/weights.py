"""明初商途's bot weights a config may set (``bots:``) and the boxes ``sim bots tune`` searches them in."""

from __future__ import annotations

from typing import Any

from sim.core.game import TunableWeight

from ..rules.effect_kinds import BELIEF_FIELDS

BOXES: dict[str, tuple[float, float]] = {
    "build": (0.0, 100.0),
    "road": (0.0, 100.0),
    "hire": (0.0, 60.0),
    "chase_orders": (0.0, 1.0),
    "play_coins_per_vp": (1.5, 10.0),
    "need_per_round": (0.0, 15.0),
    "sales_per_round": (1.0, 8.0),
    "grace_kept": (0.2, 1.0),
    "worker_vp": (0.0, 1.0),
    "build_extra_vp": (0.0, 2.0),
}
"""Each tunable numeric weight's range (a ``Persona`` weight or one of its ``Beliefs``): the shipped
values lie well inside."""
SWITCHES: tuple[str, ...] = ("sell_all", "loans_for_builds", "war_all_favor")
"""The ``Persona``'s on/off weights, tuned as switches."""


def _value(persona: Any, weight: str) -> float:
    """A persona's weight, or one of its beliefs."""
    holder = persona.beliefs if weight in BELIEF_FIELDS else persona
    return float(getattr(holder, weight))


def bot_weights(params: Any) -> dict[str, dict[str, TunableWeight]]:
    """Per heuristic, each tunable weight with its value under ``params`` and its box."""
    from .heuristic import persona_for

    table = {}
    for name in type(params.bots).model_fields:
        persona = persona_for(params, name)
        weights = {
            weight: TunableWeight(_value(persona, weight), lo, hi) for weight, (lo, hi) in BOXES.items()
        }
        for weight in SWITCHES:
            weights[weight] = TunableWeight(float(getattr(persona, weight)), 0.0, 1.0, switch=True)
        table[name] = weights
    return table
