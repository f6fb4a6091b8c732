"""Action records. Main actions carry the card discarded; follow-up and choice actions do not.

A main action may leave follow-up decisions on the state (second rail link, second develop,
more sales, resource sources when the rules leave the choice to the player, Gloucester's free
develop, tiles to remove for an income shortfall); those are offered by ``legal_actions`` until
resolved.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BuildIndustry:
    card: str
    slot: int
    industry: str


@dataclass(frozen=True, slots=True)
class BuildLink:
    card: str
    link: str


@dataclass(frozen=True, slots=True)
class BuildSecondLink:
    """The second rail of a double-rail action (pays the rest of the double cost, coal and beer)."""

    link: str


@dataclass(frozen=True, slots=True)
class Develop:
    card: str
    industry: str


@dataclass(frozen=True, slots=True)
class DevelopAnother:
    industry: str


@dataclass(frozen=True, slots=True)
class Sell:
    card: str
    slot: int
    merchant: int
    """Index of the merchant slot in use (state.mslot_*)."""


@dataclass(frozen=True, slots=True)
class SellAnother:
    slot: int
    merchant: int


@dataclass(frozen=True, slots=True)
class TakeLoan:
    card: str


@dataclass(frozen=True, slots=True)
class Scout:
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    card: str


@dataclass(frozen=True, slots=True)
class Stop:
    """Decline an optional follow-up (second link, second develop, more sales, Gloucester develop)."""


@dataclass(frozen=True, slots=True)
class ChooseCoal:
    """Take one coal from this mine (offered when several mines tie for nearest)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ChooseIron:
    """Take one iron from this iron works (offered when several have iron)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ChooseBeer:
    """Take one beer from a brewery slot (merchant=False) or a merchant slot (merchant=True)."""

    source: int
    merchant: bool = False


@dataclass(frozen=True, slots=True)
class FreeDevelop:
    """Gloucester's bonus: develop one tile of this industry without iron."""

    industry: str


@dataclass(frozen=True, slots=True)
class RemoveTile:
    """Income shortfall: remove this own tile for half its cost."""

    slot: int


ACTION_STAT = {
    BuildIndustry: "build_industry",
    BuildLink: "build_link",
    Develop: "develop",
    Sell: "sell",
    TakeLoan: "take_loan",
    Scout: "scout",
    Pass: "pass",
}
