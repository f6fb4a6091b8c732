"""The prototype map: unique names, connected, the rules-text price example, enough setup roads."""

from __future__ import annotations

from collections import Counter

import pytest

from sim.config import load_config
from tests.games.mingchu_content.helpers import adjacency, base_config, distances, variant_paths

REQUIRED_PLACES = (
    "应天府", "顺天府", "肃州卫", "临洮府", "延安府", "西安府", "开封府", "济南府", "杭州府",
    "广州府", "成都府", "武昌府", "云南府", "大同府", "辽东都司",
)  # fmt: skip


@pytest.fixture(scope="module", params=variant_paths(), ids=lambda p: p.stem)
def params(request):
    """Each content file in turn: the map checks hold for every variant."""
    return load_config(request.param).params


@pytest.fixture(scope="module")
def base():
    return base_config().params


def test_place_and_road_names_are_unique(params):
    places = [p.id for p in params.map.places]
    roads = [r.id for r in params.map.roads]
    assert len(set(places)) == len(places)
    assert len(set(roads)) == len(roads)
    pairs = Counter(frozenset((r.a, r.b)) for r in params.map.roads)
    assert max(pairs.values()) == 1, "two roads join the same pair of places"


def test_the_map_holds_the_named_places_of_ming_china(base):
    places = {p.id for p in base.map.places}
    assert set(REQUIRED_PLACES) <= places
    assert 20 <= len(places) <= 30


def test_road_ids_name_their_ends(params):
    for road in params.map.roads:
        assert road.a in road.id and road.b in road.id, road.id


def test_every_place_is_reachable_from_the_capital(params):
    adj = adjacency(params)
    assert set(distances(adj, params.map.capital)) == set(adj)


def test_dashed_roads_are_shortcuts_not_the_only_way_in(params):
    """Every place can be reached before any dashed road is built; dashed roads only shorten trips."""
    adj = adjacency(params, kinds=("solid", "water"))
    assert set(distances(adj, params.map.capital)) == set(adj)


def test_every_good_has_an_industry_site(params):
    sites = Counter(p.industry.good for p in params.map.places if p.industry)
    assert set(sites) == {g.id for g in params.goods}
    assert sum(sites.values()) >= 2 * 5 + 2 * 2  # room for five players' family cards and the 官府


def test_water_routes_cost_coins_and_land_roads_do_not(params):
    for road in params.map.roads:
        assert (road.coins > 0) == (road.kind == "water"), road.id
    kinds = {r.id.split("-")[0] for r in params.map.roads if r.kind == "water"}
    assert {"长江", "运河"} <= kinds


def test_some_yidao_cost_more_than_two_workers(base):
    assert any(r.yidao_cost > 2 for r in base.map.roads if r.kind != "water")
    assert any(r.kind == "dashed" for r in base.map.roads)


def test_five_players_find_cheap_roads_for_the_setup_yidao(base):
    cheap = [
        r for r in base.map.roads if r.kind == "solid" and r.yidao_cost <= base.setup.setup_road_max_cost
    ]
    assert len(cheap) >= 5


def _price(params, good: str, place: str, adj) -> int:
    info = next(g for g in params.goods if g.id == good)
    sources = [p.id for p in params.map.places if p.industry and p.industry.good == good]
    dist = distances(adj, place)
    return min(info.base_value, info.base_value // 2 + min(dist[s] for s in sources))


def test_rules_example_leather_sells_for_five_at_yanan(base):
    """皮革 base 6; 延安府 is 2 roads from 肃州卫, the nearest 皮革 site: 6/2 + 2 = 5."""
    for kinds in (("solid", "water"), ("solid", "dashed", "water")):
        adj = adjacency(base, kinds=kinds)
        assert distances(adj, "延安府")["肃州卫"] == 2
        assert _price(base, "皮革", "延安府", adj) == 5
    assert {"临洮府"} <= adjacency(base)["肃州卫"] & adjacency(base)["延安府"]


def test_leather_price_is_capped_far_away(base):
    assert _price(base, "皮革", "广州府", adjacency(base)) == 6
