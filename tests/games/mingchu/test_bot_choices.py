"""The heuristic bots' choices in hand-built situations (the mistakes of issue "strength ladder" item 4).

Each test sets up a state on the fixture map (or the bundled config for its cards), gives a bot the
legal actions, or two of them, and checks its pick over several of its random streams.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from sim.config import load_config
from sim.core.decisions import Decision, Pending
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.building import UNVALUED
from sim.games.mingchu.bots.distances import free_distances
from sim.games.mingchu.bots.heuristic import HeuristicBot
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.orders import payment
from sim.games.mingchu.rules.paths import routes_from, sale_price, sale_prices
from sim.games.mingchu.rules.state import Industry

from .helpers import PARAMS, RULES, new_state, place

SEEDS = range(8)


def road(state, name: str) -> int:
    return next(r for r, info in enumerate(state.topo.roads) if info.id == name)


def quiet(state) -> None:
    """No orders on the table and nothing held, so the bots plan for no goods."""
    state.public_orders = []
    for player in state.players:
        player.personal_order = None
        player.packs = [Counter(), Counter()]
        player.warehouse = Counter()


def turn_state(*managers: str, seat: int = 0, state=None):
    """Seat ``seat`` in its turn, first 掌柜 chosen, at ``managers`` (stage: action phase)."""
    state = state or new_state()
    quiet(state)
    state.stage, state.step = "actions", 0
    player = state.players[seat]
    player.managers = [place(state, m) for m in managers]
    state.pending = Pending([Decision("turn", seat, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    return state


def picks(state, persona: str, legal=None, seat: int = 0) -> set:
    """What a fresh bot picks from ``legal`` (default: every legal action), over several streams."""
    legal = RULES.legal_actions(state) if legal is None else legal
    return {HeuristicBot(seat, persona).choose(state, legal, np.random.default_rng(seed)) for seed in SEEDS}


# --- selling where the good is made (M18: half price) -------------------------------------------


@pytest.mark.parametrize("persona", ["runner", "industrialist", "roadbuilder"])
def test_a_spare_good_is_not_sold_where_it_is_produced(persona):
    state = turn_state("肃州卫", "肃州卫")  # 皮革 is made here: 3 coins; 太原府, three roads on: 6
    state.players[0].packs[0] = Counter({"皮革": 1})
    state.players[0].coins = state.players[0].workers = 0  # nothing to build: the 掌柜 stays
    sell_here = A.Sell("皮革", place(state, "肃州卫"))
    assert sell_here in RULES.legal_actions(state)
    assert sell_here not in picks(state, persona)


def test_a_spare_good_is_sold_where_it_fetches_the_most_within_reach():
    state = turn_state("太原府", "太原府")  # 皮革: 6 here, its full value
    state.players[0].packs[0] = Counter({"皮革": 1})
    state.players[0].coins = state.players[0].workers = 0  # nothing to build: the 掌柜 stays
    assert picks(state, "runner") == {A.Sell("皮革", place(state, "太原府"))}


def production_state(good_place: str, *managers: str, workers: int = 0):
    """Seat 0 deciding where a 皮革 just made at its industry at ``good_place`` goes."""
    state = new_state()
    quiet(state)
    at = place(state, good_place)
    state.industries[at] = Industry(0)
    player = state.players[0]
    player.managers = [place(state, m) for m in managers]
    player.workers = workers
    state.stage, state.step = "production", 0
    state.pending = Pending(
        [
            Decision("produce", 0),
            Decision("good_dest", 0, {"good": "皮革", "place": at, "left": 1}),
        ]
    )
    return state


@pytest.mark.parametrize("persona", ["runner", "roadbuilder"])
def test_a_produced_good_is_carried_rather_than_sold_at_half_price(persona):
    # no 伙计: the only sale is where it is made (3); the 掌柜 there can carry it to 6 within a turn
    state = production_state("肃州卫", "肃州卫", "肃州卫")
    legal = RULES.legal_actions(state)
    assert A.SellProduced(place(state, "肃州卫")) in legal
    assert picks(state, persona, legal) == {A.GoodTo("backpack", 0)}


# --- tolls: 恩义 for another player's 驿道 (M21) --------------------------------------------------


def test_a_production_sale_takes_the_route_without_tolls_at_the_same_price():
    # 皮革 from 肃州卫 fetches 6 at 太原府 and at 开封府; the road into 太原府 is another player's 驿道
    state = production_state("肃州卫", "肃州卫", "肃州卫", workers=6)
    state.yidao[road(state, "延安府-太原府")] = 2
    toll, free = place(state, "太原府"), place(state, "开封府")
    routes = routes_from(state, 0, place(state, "肃州卫"))
    assert routes[toll].favor == (2,) and not routes[free].favor
    assert sale_price(state, 0, "皮革", toll, in_production=True) == 6
    assert sale_price(state, 0, "皮革", free, in_production=True) == 6
    legal = [A.SellProduced(toll), A.SellProduced(free)]
    assert picks(state, "industrialist", legal) == {A.SellProduced(free)}


# --- card goods only where they fit -------------------------------------------------------------


def full_backpack(state, seat: int = 0) -> None:
    """Six plain goods and a 马: no slot left for anything."""
    state.players[seat].packs = [Counter({"粮食": 6}), Counter({"马": 1})]
    assert state.backpack_room(seat, "马") == 0


def test_a_horse_card_is_not_played_when_the_horse_would_be_discarded():
    state = turn_state("延安府", "延安府")
    state.players[0].grace_cards = ["赐马"]
    play = A.PlayGrace("赐马", 0)
    assert picks(state, "runner", [play, A.EndTurn()]) == {play}  # room: the horse is worth having
    full_backpack(state)
    assert picks(state, "runner", [play, A.EndTurn()]) == {A.EndTurn()}


def test_the_second_option_of_a_reward_is_taken_when_the_horses_would_be_discarded():
    base = load_config(SPEC.default_config).params
    state = turn_state("应天府", "应天府", state=RULES.initial_state(base, 5, setup_rng(0)))
    state.players[0].reward_cards = ["御马监"]  # 2 马, or a 伙计人数轨 step
    full_backpack(state)
    options = [A.PlayReward("御马监", 0), A.PlayReward("御马监", 1)]
    assert picks(state, "industrialist", options) == {A.PlayReward("御马监", 1)}


# --- bonus moves only when the 掌柜 is going somewhere ----------------------------------------------


def test_free_moves_are_not_taken_when_the_manager_stays():
    state = turn_state("延安府", "延安府")
    state.players[0].retainers = ["马夫"]
    use = A.UseRetainer("马夫")
    assert picks(state, "runner", [use, A.EndTurn()]) == {A.EndTurn()}


def test_free_moves_are_taken_on_the_way_to_a_build():
    state = turn_state("武昌府", "武昌府")  # no site here; 开封府 (粮食, 3 coins) is one road away
    player = state.players[0]
    player.retainers = ["马夫"]
    player.coins, player.workers = 8, 0
    use = A.UseRetainer("马夫")
    assert picks(state, "industrialist", [use, A.EndTurn()]) == {use}


# --- a turn's main action ----------------------------------------------------------------------


def test_a_worker_is_hired_with_few_coins_to_spare_rather_than_nothing():
    state = turn_state("延安府", "延安府")
    player = state.players[0]
    player.worker_pos, player.coins = 0, 6  # the next space costs 4: 2 left
    assert picks(state, "runner", [A.HireWorker(), A.EndTurn()]) == {A.HireWorker()}


def test_no_worker_is_hired_in_the_last_round():
    state = turn_state("延安府", "延安府")
    state.final_round = True
    state.players[0].coins = 20
    assert picks(state, "roadbuilder", [A.HireWorker(), A.EndTurn()]) == {A.EndTurn()}


def test_a_manager_at_its_order_place_works_towards_a_main_action_instead_of_waiting():
    # the personal order (顺天府: 皮革 + 盐) is half held and the 掌柜 stands at 顺天府 already, where
    # nothing can be built; a 驿道 can be built one road on: the bot goes there rather than wait
    state = turn_state("顺天府", "顺天府")
    player = state.players[0]
    key = next(k for k, card in state.order_card.items() if card == "洪武订单3")
    player.personal_order = key
    player.packs[0] = Counter({"皮革": 1})
    player.coins, player.workers = 2, 4
    state.yidao[road(state, "太原府-顺天府")] = 1
    assert not any(isinstance(a, A.BuildRoad | A.BuildIndustry) for a in RULES.legal_actions(state))
    assert all(isinstance(a, A.Move) for a in picks(state, "runner"))


def test_with_nothing_to_build_in_reach_the_manager_walks_towards_a_site():
    # 肃州卫: its 皮革 site costs 6 (5 coins), 临洮府's 马 needs the 专营 track, no 伙计 for a 驿道;
    # the nearest affordable sites lie two or three roads on: the bot sets out for them
    state = turn_state("肃州卫", "肃州卫")
    player = state.players[0]
    player.coins, player.workers = 5, 0
    legal = RULES.legal_actions(state)
    assert not any(isinstance(a, A.BuildIndustry | A.BuildRoad) for a in legal)
    assert picks(state, "runner") == {A.Move(road(state, "肃州卫-临洮府"), "step")}


# --- caches --------------------------------------------------------------------------------------


def test_the_kept_turn_goal_is_the_one_computed_afresh():
    """A heuristic game: at every turn decision the goal and the distances the bot kept equal a fresh
    computation."""
    from sim.core.play import bot_rng

    state = RULES.initial_state(PARAMS, 4, setup_rng(3))
    personas = ["runner", "industrialist", "roadbuilder", "industrialist"]
    bots = [HeuristicBot(seat, name) for seat, name in enumerate(personas)]
    rngs = [bot_rng(3, seat) for seat in range(4)]
    checked = 0
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        legal = RULES.legal_actions(state)
        action = bots[seat].choose(state, legal, rngs[seat])
        decision = state.decision()
        if decision.kind == "turn" and decision.data["manager"] is not None and len(legal) > 1:
            bot, fresh = bots[seat], HeuristicBot(seat, bots[seat].name)
            fresh.choose(state, legal, np.random.default_rng(0))  # a new bot computes its one goal
            assert list(fresh._goals.values()) == [bot._goals[bot._goal_key(state, decision.data)]]
            for at in {*state.players[seat].managers, bot._goals[bot._goal_key(state, decision.data)][1]}:
                assert bot._distances(state, at) == free_distances(state, seat, at)
            checked += 1
        RULES.apply(state, action)
    assert checked >= 100


def test_the_kept_prices_holdings_and_carrier_are_the_ones_computed_afresh():
    """A heuristic game at 5 players: after every choice the sale prices, the goods' availability,
    the goods held and needed, the 掌柜 collecting order goods, the build and 驿道 values, the far
    build places and the payments the bot kept across decisions equal a fresh bot's (or the
    engine's) computation in the same situation."""
    from sim.core.play import bot_rng

    state = RULES.initial_state(PARAMS, 5, setup_rng(4))
    personas = ["runner", "industrialist", "roadbuilder", "industrialist", "runner"]
    bots = [HeuristicBot(seat, name) for seat, name in enumerate(personas)]
    rngs = [bot_rng(4, seat) for seat in range(5)]
    checked = built = far = paid = roads = worths = 0
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        legal = RULES.legal_actions(state)
        bot = bots[seat]
        action = bot.choose(state, legal, rngs[seat])
        kind = state.decision().kind
        if len(legal) > 1 and kind in ("turn", "produce", "good_dest"):
            fresh = HeuristicBot(seat, bot.name)
            fresh.choose(state, legal, np.random.default_rng(0))
            for good in state.topo.goods:
                assert bot._sale_prices(state, good) == sale_prices(state, seat, good, in_production=False)
                assert bot._best_price(state, good) == fresh._best_price(state, good)
                assert bot._availability(state, good) == fresh._availability(state, good)
            player = state.players[seat]
            have = player.backpack + player.warehouse
            assert {g: k for g, k in bot._holdings(state).items() if k} == dict(have)
            assert bot._needed_cache == fresh._needed_cache
            assert bot._carrier(state) == fresh._carrier(state)
            if bot._build_key == bot._player_key(state):  # the build values are the current ones
                for place, value in enumerate(bot._site_values):  # those worked out so far
                    if value != UNVALUED:
                        assert value == fresh._site_value(state, place)
                fresh._build_values(state)
                if bot._worths_layout is bot._layout:  # the worths are for these industries
                    for road, value in bot._road_worths.items():
                        assert value == fresh._road_worth_now(state, road)
                        worths += 1
                if bot._bases_layout is bot._layout and bot._bases_built == len(state.yidao):
                    for road, value in enumerate(bot._road_values or []):  # those for these 驿道
                        if value != UNVALUED:
                            assert value == fresh._road_base(state, road)
                            roads += 1
                assert bot._roads_open == fresh._roads_open
                assert bot._road_cut == fresh._road_cut or not bot._roads_open
                if bot._far_places is not None:
                    assert bot._far_places == fresh._build_places(state)
                    far += 1
                built += 1
            for pack, goods in enumerate(player.packs):  # kept across plans, by the goods at hand
                at_hand = (tuple(goods.items()), tuple(player.warehouse.items()), state.capital)
                for (order, place), value in bot._payable.get(at_hand, {}).items():
                    assert value == (payment(state, seat, order, place, [pack]) is not None)
                    paid += 1
            checked += 1
        RULES.apply(state, action)
    assert checked >= 200 and built >= 50 and far >= 10 and paid >= 100 and roads >= 200 and worths >= 200, (
        checked,
        worths,
        built,
        far,
        paid,
        roads,
    )


def test_the_bounds_of_the_bounded_values_hold_and_spare_valuations():
    """A heuristic game at 5 players: at every choice each action of a bounded type (``CAPS``,
    ``TURN_CAPS``; a ``PER_ACTION`` one by ``_turn_cap``) is valued at most its bound, and
    ``_values`` leaves unvalued (``NEVER``) only actions whose bound is below the best value less
    ``TIE``; some sales and 伙计 steps are left unvalued by their own bound."""
    from sim.core.play import bot_rng
    from sim.games.mingchu.bots.base import NEVER
    from sim.games.mingchu.bots.choice import _TURN_VALUES, _VALUES, TIE, _values
    from sim.games.mingchu.bots.values import (
        CAPS,
        IN_TURN_OTHERWISE,
        OTHERWISE,
        PER_ACTION,
        TURN_CAPS,
        in_turn_otherwise,
        otherwise,
    )

    state = RULES.initial_state(PARAMS, 5, setup_rng(5))
    personas = ["runner", "industrialist", "roadbuilder", "industrialist", "runner"]
    bots = [HeuristicBot(seat, name) for seat, name in enumerate(personas)]
    rngs = [bot_rng(5, seat) for seat in range(5)]
    bounded = skipped = per_action = 0
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        legal = RULES.legal_actions(state)
        bot = bots[seat]
        action = bot.choose(state, legal, rngs[seat])
        kind = state.decision().kind
        if len(legal) > 1 and kind not in ("buyback", "trade_offer", "trade_answer"):
            turn = kind == "turn"
            table, other, caps = (
                (_TURN_VALUES, in_turn_otherwise, TURN_CAPS) if turn else (_VALUES, otherwise, CAPS)
            )
            context = bot._context(state, kind)
            full = [float(table.get(type(a), other)(bot, state, a, context)) for a in legal]
            kept = _values(bot, state, legal, context, turn)
            for a, value, got in zip(legal, full, kept, strict=True):
                unlisted = IN_TURN_OTHERWISE if turn else OTHERWISE
                bound = caps.get(type(a), unlisted)
                if bound == PER_ACTION:
                    bound = bot._turn_cap(state, a)
                    per_action += got == NEVER
                if type(a) in caps:
                    assert value <= bound, (a, value)
                    bounded += 1
                if got == NEVER:
                    assert bound < max(full) - TIE
                    assert type(a) in caps or (type(a) not in table and value == unlisted)
                    skipped += 1
                else:
                    assert got == value
        RULES.apply(state, action)
    assert bounded > 1000 and skipped > 500 and per_action > 20, (bounded, skipped, per_action)
