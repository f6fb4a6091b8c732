"""Every rules number of Brass: Birmingham a designer may tune, validated from configs/brass/*.yaml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from sim.core.rules_model import RulesModel

INDUSTRIES = ("cotton", "manufacturer", "pottery", "coal", "iron", "brewery")
Count = Annotated[int, Field(ge=0)]
PlayerCount = Annotated[int, Field(ge=2, le=4)]
Industry = Literal["cotton", "manufacturer", "pottery", "coal", "iron", "brewery"]


class TileLevel(RulesModel):
    """One level of an industry on the player mat."""

    id: str = Field(description="address for overrides, e.g. 'L4'")
    level: int = Field(ge=1)
    n: int = Field(ge=0, description="tiles of this level per player")
    cost: int = Field(ge=0)
    coal: int = Field(ge=0)
    iron: int = Field(ge=0)
    beer: int = Field(0, ge=0, description="beer needed to sell (goods industries)")
    vp: int = Field(ge=0)
    link: int = Field(ge=0, description="link icons on the flipped side")
    income: int = Field(ge=0, description="income spaces gained when flipped")
    produce: int = Field(0, ge=0, description="coal/iron cubes placed when built")
    produce_canal: int = Field(0, ge=0, description="brewery barrels when built in the canal era")
    produce_rail: int = Field(0, ge=0, description="brewery barrels when built in the rail era")
    canal: bool = True
    rail: bool = True
    lightbulb: bool = False


class IndustryDef(RulesModel):
    id: Industry
    sold: bool = Field(False, description="flipped by the Sell action (goods) instead of by emptying")
    tiles: list[TileLevel] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_levels(self) -> IndustryDef:
        levels = [t.level for t in self.tiles]
        if len(set(levels)) != len(levels):
            raise ValueError(f"industries.{self.id}.tiles: duplicate level in {levels}")
        return self


class Town(RulesModel):
    id: str
    slots: list[str] = Field(min_length=1, description="each slot: 'ind' or 'ind/ind'")

    def slot_industries(self) -> list[tuple[str, ...]]:
        return [tuple(s.split("/")) for s in self.slots]


class Merchant(RulesModel):
    id: str
    slot_players: list[PlayerCount] = Field(
        min_length=1, description="minimum player count per merchant slot"
    )
    bonus: Literal["develop", "income", "vp", "money"]
    bonus_amount: int = Field(ge=0)
    link_icons: int = Field(2, ge=0)


class MerchantTile(RulesModel):
    id: str
    min_players: int = Field(ge=2, le=4)
    buys: list[Industry] = Field(default_factory=list)


class BoardLink(RulesModel):
    id: str
    ends: list[str] = Field(min_length=2, max_length=3)
    canal: bool = True
    rail: bool = True


class LocationCard(RulesModel):
    id: str
    counts: list[Count] = Field(min_length=3, max_length=3, description="copies for 2/3/4 players")


class IndustryCard(RulesModel):
    id: str
    industries: list[Industry] = Field(min_length=1)
    counts: list[Count] = Field(min_length=3, max_length=3)


class IncomeBand(RulesModel):
    first_space: int = Field(ge=0)
    last_space: int = Field(ge=0)
    per_level: int = Field(ge=1)


class IncomeTrack(RulesModel):
    start_space: int = Field(ge=0)
    bands: list[IncomeBand] = Field(min_length=1)

    @model_validator(mode="after")
    def _contiguous(self) -> IncomeTrack:
        expect = 0
        for band in self.bands:
            if band.first_space != expect:
                raise ValueError(f"income_track band starting at {band.first_space}: expected {expect}")
            width = band.last_space - band.first_space + 1
            if width <= 0 or width % band.per_level:
                raise ValueError(
                    f"income_track band {band.first_space}-{band.last_space}: width not a multiple of per_level"
                )
            expect = band.last_space + 1
        if self.start_space >= expect:
            raise ValueError(
                f"income_track.start_space: {self.start_space} is not on the track (0..{expect - 1})"
            )
        return self

    def levels(self) -> list[int]:
        """Income level of every track space: levels are consecutive and 0 on the start space."""
        absolute: list[int] = []
        level = -1
        for band in self.bands:
            for space in range(band.first_space, band.last_space + 1):
                if (space - band.first_space) % band.per_level == 0:
                    level += 1
                absolute.append(level)
        offset = absolute[self.start_space]
        return [a - offset for a in absolute]


class Loan(RulesModel):
    money: int = Field(ge=0)
    levels_down: int = Field(ge=0)
    min_level: int


class LinkCosts(RulesModel):
    canal_cost: int = Field(ge=0)
    rail_cost: int = Field(ge=0)
    rail_coal: int = Field(ge=0)
    double_rail_cost: int = Field(ge=0)
    double_rail_beer: int = Field(ge=0)


class DevelopRules(RulesModel):
    max_tiles: int = Field(ge=1)
    iron_per_tile: int = Field(ge=0)


class Shortfall(RulesModel):
    tile_refund_divisor: int = Field(ge=1)
    vp_per_pound_short: int = Field(ge=0)


class Market(RulesModel):
    prices: list[int] = Field(min_length=1, description="one entry per space, cheapest first")
    start_cubes: int = Field(ge=0)
    empty_price: int = Field(ge=0)

    @model_validator(mode="after")
    def _fits(self) -> Market:
        if self.start_cubes > len(self.prices):
            raise ValueError(f"start_cubes {self.start_cubes} exceeds {len(self.prices)} market spaces")
        if list(self.prices) != sorted(self.prices):
            raise ValueError("market prices must be listed cheapest first")
        return self


class BrassParams(RulesModel):
    """All Brass: Birmingham parameters (see configs/brass/base.yaml for the meaning of each)."""

    starting_money: int = Field(ge=0)
    hand_size: int = Field(ge=1)
    setup_discards: int = Field(ge=0)
    actions_per_turn: int = Field(ge=1)
    first_round_actions: int = Field(ge=1)
    link_tiles_per_player: int = Field(ge=0)
    income_track: IncomeTrack
    loan: Loan
    links: LinkCosts
    develop: DevelopRules
    scout_cards: int = Field(ge=1)
    shortfall: Shortfall
    coal_market: Market
    iron_market: Market
    industries: list[IndustryDef]
    towns: list[Town]
    farms: list[Town]
    merchants: list[Merchant]
    merchant_beer: int = Field(ge=0)
    merchant_tiles: list[MerchantTile]
    board_links: list[BoardLink]
    location_cards: list[LocationCard]
    industry_cards: list[IndustryCard]
    wild_location_cards: int = Field(ge=0)
    wild_industry_cards: int = Field(ge=0)

    @field_validator("loan")
    @classmethod
    def _loan_floor_on_track(cls, loan: Loan, info: ValidationInfo) -> Loan:
        """A loan must leave the marker on the income track: ``loan.min_level`` is one of its levels."""
        track = info.data.get("income_track")
        if track is None:  # the track itself is invalid and already reported
            return loan
        low, high = min(track.levels()), max(track.levels())
        if not low <= loan.min_level <= high:
            message = "{value} is off the income track; allowed {low}..{high} (its lowest to highest level)"
            error = PydanticCustomError(
                "off_track", message, {"value": loan.min_level, "low": low, "high": high}
            )
            # located at loan.min_level so the error names the file or --set that gave the value
            details = InitErrorDetails(type=error, loc=("min_level",), input=loan.min_level)
            raise ValidationError.from_exception_data("Loan", [details])
        return loan

    @model_validator(mode="after")
    def _cross_checks(self) -> BrassParams:
        ids = [i.id for i in self.industries]
        if sorted(ids) != sorted(INDUSTRIES):
            raise ValueError(f"industries must list each of {INDUSTRIES} once, got {ids}")
        places = [t.id for t in self.towns] + [f.id for f in self.farms] + [m.id for m in self.merchants]
        if len(set(places)) != len(places):
            raise ValueError("towns, farms and merchants need unique ids")
        for town in [*self.towns, *self.farms]:
            for slot in town.slot_industries():
                for ind in slot:
                    if ind not in INDUSTRIES:
                        raise ValueError(f"towns.{town.id}.slots: unknown industry {ind!r}")
        for link in self.board_links:
            for end in link.ends:
                if end not in places:
                    raise ValueError(f"board_links.{link.id}.ends: unknown place {end!r}")
        town_ids = {t.id for t in self.towns}
        for card in self.location_cards:
            if card.id not in town_ids:
                raise ValueError(f"location_cards.{card.id}: not a town")
        for n in (2, 3, 4):
            deck = sum(c.counts[n - 2] for c in [*self.location_cards, *self.industry_cards])
            if deck < n * (self.hand_size + self.setup_discards):
                raise ValueError(
                    f"{n} players: deck of {deck} cards cannot deal hand_size {self.hand_size}"
                    f" + setup_discards {self.setup_discards} to each player"
                )
            slots = sum(1 for m in self.merchants for p in m.slot_players if p <= n)
            tiles = sum(1 for t in self.merchant_tiles if t.min_players <= n)
            if slots != tiles:
                raise ValueError(f"{n} players: {slots} merchant slots but {tiles} merchant_tiles")
        return self
