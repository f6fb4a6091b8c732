"""The static hex map: axial coordinates, terrain, neighbour tables, printed cities and towns.

Built once per map content (cached on a hash of the validated map, never on ``id()``), so legality
checks index plain lists: ``nb[h][d]`` is the hex across side ``d`` of hex ``h`` or -1 when that
side is off the map or a thick black border.
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass

from ..params import STEPS, MapSpec

PLAIN, RIVER, HILL = 0, 1, 2
TERRAIN_CODE = {"plain": PLAIN, "river": RIVER, "hill": HILL}
SIDES = range(6)


def opposite(side: int) -> int:
    return (side + 3) % 6


@dataclass(frozen=True)
class HexMap:
    name: str
    coords: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int]
    terrain: tuple[int, ...]
    nb: tuple[tuple[int, ...], ...]
    """nb[h][side] = neighbouring hex index, or -1 (off the map or blocked)."""
    open_sides: tuple[tuple[int, ...], ...]
    """The sides of each hex with a neighbour (nb != -1)."""
    city_colour: tuple[str | None, ...]
    city_cubes: tuple[int, ...]
    is_town: tuple[bool, ...]
    names: tuple[str, ...]
    cities: tuple[int, ...]
    towns: tuple[int, ...]
    distance: tuple[tuple[int, ...], ...]
    """distance[a][b]: fewest hexes stepped from a to b over non-node hexes (a, b may be nodes); 99 = none."""
    near: tuple[tuple[tuple[int, int], ...], ...]
    """near[h]: (node, distance) for every city or town within 4 steps of ``h``, nearest first."""
    plain_around: tuple[tuple[tuple[int, int], ...], ...]
    """plain_around[h]: (neighbour, its side facing ``h``) for each neighbour that is no printed
    city or town (only such a hex can take a simple tile)."""
    exits: tuple[tuple[tuple[int, int, int], ...], ...]
    """exits[h]: (side, neighbour across it, the neighbour's side facing ``h``) per open side."""

    @property
    def size(self) -> int:
        return len(self.coords)

    def hex_of(self, name: str) -> int:
        return self.names.index(name)


def map_key(spec: MapSpec) -> str:
    return hashlib.sha256(spec.model_dump_json().encode()).hexdigest()


_CACHE: dict[str, HexMap] = {}


def hexmap(spec: MapSpec) -> HexMap:
    """The static tables of ``spec`` (cached by content)."""
    key = map_key(spec)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _build(spec)
    return found


def _build(spec: MapSpec) -> HexMap:
    cells = spec.terrain_by_hex()
    coords = tuple(sorted(cells, key=lambda c: (c[1], c[0])))
    index = {c: i for i, c in enumerate(coords)}
    blocked = {frozenset((e.a, e.b)) for e in spec.blocked}
    nb = []
    for q, r in coords:
        row = []
        for dq, dr in STEPS:
            other = (q + dq, r + dr)
            ok = other in index and frozenset(((q, r), other)) not in blocked
            row.append(index[other] if ok else -1)
        nb.append(tuple(row))
    n = len(coords)
    colour: list[str | None] = [None] * n
    cubes = [0] * n
    town = [False] * n
    names = [f"{q},{r}" for q, r in coords]
    for city in spec.cities:
        h = index[(city.q, city.r)]
        colour[h], cubes[h], names[h] = city.colour, city.cubes, city.id
    for t in spec.towns:
        h = index[(t.q, t.r)]
        town[h], names[h] = True, t.id
    nodes = {h for h in range(n) if colour[h] is not None or town[h]}
    distance = tuple(_distances(h, nb, nodes) for h in range(n))
    return HexMap(
        name=spec.name,
        coords=coords,
        index=index,
        terrain=tuple(TERRAIN_CODE[cells[c]] for c in coords),
        nb=tuple(nb),
        open_sides=tuple(tuple(s for s in SIDES if row[s] >= 0) for row in nb),
        city_colour=tuple(colour),
        city_cubes=tuple(cubes),
        is_town=tuple(town),
        names=tuple(names),
        cities=tuple(h for h in range(n) if colour[h] is not None),
        towns=tuple(h for h in range(n) if town[h]),
        distance=distance,
        near=tuple(
            tuple(
                sorted(
                    ((v, distance[h][v]) for v in nodes if v != h and distance[h][v] <= 4), key=lambda x: x[1]
                )
            )
            for h in range(n)
        ),
        plain_around=tuple(
            tuple((m, opposite(d)) for d in SIDES if (m := row[d]) >= 0 and m not in nodes) for row in nb
        ),
        exits=tuple(tuple((d, row[d], opposite(d)) for d in SIDES if row[d] >= 0) for row in nb),
    )


def _distances(start: int, nb: list[tuple[int, ...]], nodes: set[int]) -> tuple[int, ...]:
    """Breadth-first hex steps from ``start``; paths never pass through a city or town."""
    dist = [99] * len(nb)
    dist[start] = 0
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if h != start and h in nodes:
            continue
        for other in nb[h]:
            if other >= 0 and dist[other] == 99:
                dist[other] = dist[h] + 1
                queue.append(other)
    return tuple(dist)
