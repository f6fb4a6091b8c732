"""The heuristic bots' three personalities (``runner``, ``industrialist``, ``roadbuilder``): the
weights each plays by, and those a config's ``bots:`` block sets for it (``persona_for``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..rules.effect_kinds import BELIEF_FIELDS, DEFAULT_BELIEFS, Beliefs


@dataclass(frozen=True)
class Persona:
    build: float
    road: float
    hire: float
    chase_orders: float  # 0..1: how much the bot plans goods for orders (1 = runner)
    sell_all: bool
    loans_for_builds: bool
    war_all_favor: bool
    beliefs: Beliefs = DEFAULT_BELIEFS  # what it believes of play (``effect_kinds.Beliefs``)


PERSONAS = {
    "runner": Persona(25, 5, 20, 1.0, False, False, False),
    "industrialist": Persona(70, 8, 25, 0.5, True, True, False),
    "roadbuilder": Persona(20, 60, 30, 0.5, False, False, True),
}


def persona_for(params: Any, name: str) -> Persona:
    """The persona ``name`` plays under ``params``: its own weights, with those the config's ``bots:``
    block sets for it (``params.BotWeights``; ``sim bots tune`` writes them)."""
    persona = PERSONAS[name]
    weights = getattr(params.bots, name, None)
    if weights is None:
        return persona
    given = {key: value for key, value in weights.model_dump().items() if value is not None}
    if not given:
        return persona
    believed = {key: given.pop(key) for key in BELIEF_FIELDS if key in given}
    if believed:
        given["beliefs"] = replace(persona.beliefs, **believed)
    return replace(persona, **given)
