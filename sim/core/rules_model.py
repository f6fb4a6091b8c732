"""The base of every game's parameter models: a config's mappings as pydantic validates them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RulesModel(BaseModel):
    """A part of a game's parameters: a key the model does not declare is refused (a misspelt key is
    an error, not a silent default) and the values never change once validated (one set of rules is
    shared by every game played with it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
