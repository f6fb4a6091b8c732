"""Every rules number of Steam and the map format, validated from ``configs/steam/*.yaml``.

A config names its map: a bundled map by name (``map: ne-usa``, the file
``configs/steam/maps/ne-usa.yaml``) or a map file by its path relative to the config
(``map: maps/mine.yaml``). The file is read and validated into ``board`` when the config is
loaded, so the config hash covers the map's content, not only its name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator

from sim.core.registry import game_named
from sim.core.resources import config_root
from sim.core.rules_model import RulesModel
from sim.core.scalars import control_characters
from sim.core.yaml_text import AliasError, load_yaml
from sim.texts import joined, message, validation_message

COLOURS = ("red", "blue", "yellow", "purple", "gray")
TERRAIN_LETTERS = {".": "plain", "r": "river", "h": "hill"}
NO_HEX = (" ", "_")
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
"""Hex sides in axial coordinates: E=(+1,0), NE=(+1,-1), NW=(0,-1), W=(-1,0), SW=(-1,+1), SE=(0,+1)."""
MAP_PLAYERS = (2, 6)
"""The fewest and most players a map may seat."""
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def maps_dir() -> Path:
    return config_root() / "steam" / "maps"


class GridRow(RulesModel):
    """One row ``r`` of hexes, starting at column ``q``; one letter per hex."""

    r: int
    q: int
    hexes: str = Field(min_length=1, description="'.' plain, 'r' river, 'h' hill, '_' or ' ' no hex")

    @field_validator("hexes")
    @classmethod
    def _letters(cls, value: str) -> str:
        for i, letter in enumerate(value):
            if letter not in TERRAIN_LETTERS and letter not in NO_HEX:
                allowed = [
                    message("steam_terrain_letter", letter=k, name=message(f"steam_terrain_{v}"))
                    for k, v in TERRAIN_LETTERS.items()
                ]
                allowed.append(
                    message("steam_terrain_letter", letter="_", name=message("steam_terrain_none"))
                )
                raise ValueError(message("steam_terrain", letter=letter, i=i, allowed=allowed))
        return value


class CitySpec(RulesModel):
    """A printed city: colour and how many cubes are drawn onto it at setup."""

    id: str
    q: int
    r: int
    colour: Literal["red", "blue", "yellow", "purple", "gray"]
    cubes: int = Field(ge=0, le=6)


class TownSpec(RulesModel):
    id: str
    q: int
    r: int


class BlockedEdge(RulesModel):
    """A thick black border between two neighbouring hexes (stored once per edge)."""

    a: tuple[int, int]
    b: tuple[int, int]


class MapSpec(RulesModel):
    """A hand-written map (see ``configs/steam/README.md``)."""

    name: str
    description: str = ""
    approximation: bool = Field(True, description="true: drawn from real geography, not the printed board")
    players: tuple[int, ...] = Field(min_length=1, description="player counts the map supports")
    fewer_cubes_at_3: bool = Field(False, description="with 3 players draw one cube fewer per city")
    grid: tuple[GridRow, ...] = Field(min_length=1)
    cities: tuple[CitySpec, ...] = Field(min_length=2)
    towns: tuple[TownSpec, ...] = ()
    blocked: tuple[BlockedEdge, ...] = ()

    def terrain_by_hex(self) -> dict[tuple[int, int], str]:
        cells: dict[tuple[int, int], str] = {}
        for row in self.grid:
            for i, letter in enumerate(row.hexes):
                if letter in TERRAIN_LETTERS:
                    cells[(row.q + i, row.r)] = TERRAIN_LETTERS[letter]
        return cells

    @model_validator(mode="after")
    def _consistent(self) -> MapSpec:
        cells: set[tuple[int, int]] = set()
        for row in self.grid:
            for i, letter in enumerate(row.hexes):
                if letter in NO_HEX:
                    continue
                if (row.q + i, row.r) in cells:
                    raise ValueError(message("steam_hex_twice", q=row.q + i, r=row.r))
                cells.add((row.q + i, row.r))
        used: dict[tuple[int, int], str] = {}
        ids: set[str] = set()
        for kind, places in (("cities", self.cities), ("towns", self.towns)):
            for place in places:
                where = (place.q, place.r)
                if place.id in ids:
                    raise ValueError(message("steam_id_twice", kind=kind, id=place.id))
                ids.add(place.id)
                if where not in cells:
                    raise ValueError(message("steam_off_grid", kind=kind, id=place.id, q=place.q, r=place.r))
                if where in used:
                    raise ValueError(
                        message(
                            "steam_hex_taken", kind=kind, id=place.id, q=place.q, r=place.r, other=used[where]
                        )
                    )
                used[where] = place.id
        for edge in self.blocked:
            for end in (edge.a, edge.b):
                if end not in cells:
                    raise ValueError(
                        message(
                            "steam_blocked_off_grid",
                            a=str(list(edge.a)),
                            b=str(list(edge.b)),
                            end=str(list(end)),
                        )
                    )
            step = (edge.b[0] - edge.a[0], edge.b[1] - edge.a[1])
            if step not in STEPS:
                raise ValueError(
                    message("steam_blocked_not_neighbours", a=str(list(edge.a)), b=str(list(edge.b)))
                )
        low, high = MAP_PLAYERS
        if len(set(self.players)) != len(self.players) or any(not low <= n <= high for n in self.players):
            raise ValueError(message("steam_players", players=str(list(self.players)), low=low, high=high))
        if cut := self.cut_off(cells):
            raise ValueError(message("steam_cut_land", cut=cut))
        if cut := self.cut_off(cells, by_track=True):
            raise ValueError(message("steam_cut_track", cut=cut))
        return self

    def cut_off(self, cells: set[tuple[int, int]], by_track: bool = False) -> list[str]:
        """The places (cities, then towns) off the land that holds the most cities (ties: the first
        city's), when a city is among them; [] when every city can be reached from the others.
        ``by_track``: a step from one city hex straight into another does not count (a link needs
        track between them, and a city hex carries none)."""
        cities = {(c.q, c.r) for c in self.cities} if by_track else set()
        blocked = {frozenset((e.a, e.b)) for e in self.blocked}
        land: dict[tuple[int, int], int] = {}  # hex -> its piece of land
        for start in sorted(cells, key=lambda c: (c[1], c[0])):
            if start in land:
                continue
            piece, todo = len(set(land.values())), [start]
            land[start] = piece
            while todo:
                q, r = todo.pop()
                for dq, dr in STEPS:
                    other = (q + dq, r + dr)
                    if (
                        other in cells
                        and other not in land
                        and frozenset(((q, r), other)) not in blocked
                        and not ((q, r) in cities and other in cities)
                    ):
                        land[other] = piece
                        todo.append(other)
        pieces = [land[(c.q, c.r)] for c in self.cities]
        main = max(dict.fromkeys(pieces), key=pieces.count)  # the first of the most common
        if all(piece == main for piece in pieces):
            return []
        places: list[CitySpec | TownSpec] = [*self.cities, *self.towns]
        return [p.id for p in places if land[(p.q, p.r)] != main]


def is_map_path(value: str) -> bool:
    """``map:`` names a file (``maps/mine.yaml``) rather than a bundled map (``ne-usa``)."""
    return value.endswith((".yaml", ".yml")) or "/" in value or "\\" in value


def map_label(value: str) -> str:
    """How messages name the map file of ``map: value``."""
    return value if is_map_path(value) else f"maps/{value}.yaml"


def load_map(name: str, folder: Path | None = None) -> MapSpec:
    """Read and validate a bundled map (``maps/<name>.yaml``) or a map file (``name`` a path,
    relative to ``folder``, the folder of the config that names it; the working folder if None);
    errors name the file, the field and the value."""
    label = map_label(name)
    if is_map_path(name):
        path = Path(name).expanduser()
        if not path.is_absolute():
            path = (folder or Path.cwd()) / path
        if not path.is_file():
            known = sorted(p.stem for p in maps_dir().glob("*.yaml"))
            raise ValueError(message("steam_map_no_file", name=name, path=str(path), known=known))
    else:
        path = maps_dir() / f"{name}.yaml"
        if not path.is_file():
            known = sorted(p.stem for p in maps_dir().glob("*.yaml"))
            raise ValueError(message("steam_map_unknown", name=name, label=label, known=known))
    try:
        data = load_yaml(path.read_text(encoding="utf-8"), yaml.SafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        error = exc.args[0] if isinstance(exc, AliasError) else " ".join(str(exc).split())
        raise ValueError(message("steam_map_yaml", label=label, error=error)) from None
    if isinstance(data, dict) and (problems := control_characters(data)):
        (loc, problem), *_ = problems
        where = ".".join(map(str, loc))
        raise ValueError(message("steam_map_field", label=label, loc=where, shown="", error=problem))
    try:
        return MapSpec.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = ".".join(str(k) for k in err["loc"])
            value = err.get("input")
            shown = "" if isinstance(value, dict) else f" = {value!r}"
            error = validation_message(err)
            problems.append(
                message("steam_map_problem", label=label, error=error)
                if not loc
                else message("steam_map_field", label=label, loc=loc, shown=shown, error=error)
            )
        raise ValueError(joined(problems)) from None


class SteamParams(RulesModel):
    """Steam's rules numbers (see ``configs/steam/base.yaml`` for each one's meaning and rule ID)."""

    rules: Literal["base", "standard"] = "base"
    map: str = Field(
        "ne-usa", description="a bundled map's name, or a map file's path relative to the config"
    )
    board: MapSpec | None = Field(None, description="filled from the map file when the config loads")

    rounds: dict[int, Annotated[int, Field(ge=1)]] = Field(default_factory=lambda: {3: 10, 4: 8, 5: 7, 6: 7})
    cubes: dict[str, int] = Field(
        default_factory=lambda: {"red": 20, "blue": 20, "yellow": 20, "purple": 20, "gray": 16}
    )
    new_cities: dict[str, int] = Field(
        default_factory=lambda: {"red": 1, "blue": 1, "yellow": 1, "purple": 1, "gray": 4}
    )
    growth_markers: int = Field(10, ge=0)
    supply_spaces: int = Field(12, ge=0, le=30)
    supply_cubes: int = Field(3, ge=0, le=6)
    supply_cubes_3p: int = Field(2, ge=0, le=6)
    track_tiles: int = Field(136, ge=1, description="physical track tiles; a placement needs one")

    starting_money: int = Field(0, ge=0)
    income_min: int = Field(-10, le=0)
    income_max: int | None = Field(None, description="top of the income track; null = no cap")
    loco_start: int = Field(1, ge=1)
    loco_max: int = Field(6, ge=1)

    builds: int = Field(3, ge=1, description="track placements per build turn")
    engineer_builds: int = Field(4, ge=1)
    cost_per_end: int = 1
    cost_town: int = 1
    cost_river: int = 1
    cost_hill: int = 2
    town_terrain_surcharge: bool = Field(True, description="river/hill surcharge on town hexes too")
    max_town_exits: int = Field(4, ge=1, le=6)
    move_rounds: int = Field(2, ge=1)

    cost_city_growth: int = Field(2, ge=0, description="Base price of the City Growth tile")
    cost_urbanization: int = Field(6, ge=0, description="Base price of the Urbanization tile")
    cost_loco_base: int = Field(4, ge=0, description="Base Locomotive tile: this plus the new level")

    raise_step: int = Field(5, ge=1, description="dollars per income step (Base raise, Standard capital)")
    vp_per_raise_at_floor: int = Field(2, ge=1, description="VP per raise step once income is at the floor")
    standard_loco_upkeep: int = Field(1, ge=0, description="Standard: dollars per locomotive level per turn")
    shortfall_per_step: int = Field(
        2, ge=1, description="Standard shortfall: dollars covered by 1 VP or 1 income step"
    )

    vp_per_link: int = Field(1, ge=0, description="end: VP per complete link owned")
    income_vp_divisor: int = Field(2, ge=1, description="end: positive income scores income // this")
    negative_income_vp_per_step: int = Field(2, ge=0, description="end: VP lost per income step below 0")
    auction_full_price_seats: int = Field(2, ge=1, description="Standard auction: seats paying the full bid")

    base_initial_order: Literal["auction", "random"] = "auction"
    random_order_compensation: bool = Field(True, description="random first order: seat k gets $(k-1)")
    bid_raises: tuple[int, ...] = Field((1, 2, 3, 5), min_length=1, description="raises a bidder may make")
    turn_order_second_pass_free: bool = Field(
        True, description="a Turn Order holder dropping out after the free pass pays nothing"
    )
    standard_tiebreak: Literal["turn_order", "tile_number"] = "turn_order"
    unowned_links_count: bool = Field(
        False, description="bankrupt links count as an 'other owner' in the own-links rule"
    )

    @model_validator(mode="before")
    @classmethod
    def _load_board(cls, data: Any, info: ValidationInfo) -> Any:
        """Read the map: a path is relative to the config that names it (the loader's ``folder_of``)."""
        if isinstance(data, dict) and data.get("board") is None:
            data = dict(data)
            folder_of = (info.context or {}).get("folder_of")
            folder = folder_of(("map",)) if folder_of is not None else None
            data["board"] = load_map(str(data.get("map", "ne-usa")), folder).model_dump()
        return data

    @field_validator("rounds")
    @classmethod
    def _lengths(cls, rounds: dict[int, int]) -> dict[int, int]:
        """Game lengths only for player counts a map can seat."""
        low, high = MAP_PLAYERS
        for n in rounds:
            if not low <= n <= high:
                raise ValueError(
                    message(
                        "steam_rounds_players",
                        n=n,
                        plural="s" if n != 1 else "",
                        game=game_named("steam", english="Steam"),
                        low=low,
                        high=high,
                    )
                )
        return rounds

    @model_validator(mode="after")
    def _check(self) -> SteamParams:
        if self.board is None:
            raise ValueError(message("steam_board_missing"))
        for n in self.board.players:
            if n not in self.rounds:
                raise ValueError(message("steam_no_length", n=n, map=self.map))
        if set(self.cubes) - set(COLOURS) or set(self.new_cities) - set(COLOURS):
            raise ValueError(message("steam_colours", colours=list(COLOURS)))
        if self.engineer_builds < self.builds:
            raise ValueError(message("steam_engineer_builds"))
        if self.loco_start > self.loco_max:
            raise ValueError(message("steam_loco"))
        return self

    def check_players(self, n_players: int) -> None:
        """Refuse a player count the map does not list (names the map file, field and value)."""
        assert self.board is not None
        if n_players not in self.board.players:
            raise ValueError(
                message(
                    "steam_players_missing",
                    label=map_label(self.map),
                    players=str(list(self.board.players)),
                    n=n_players,
                )
            )
