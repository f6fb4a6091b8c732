"""Action phase turns (M23-M32, M41): choose a 掌柜, move, then one main action.

A turn is the pending ``turn`` decision with data ``manager`` (None until chosen), ``steps``
(counted movement), ``moves`` (all moves, capped for safety) and ``quick`` (quick actions used).
Quick actions live in ``quick.py``; build/road helpers are shared with card bonuses.
"""

from __future__ import annotations

from sim.games.mingchu import actions as A
from sim.games.mingchu.economy import can_give_favor, give_favor, pay_coins, worker_step_cost
from sim.games.mingchu.modifiers import forbidden, modifier_total
from sim.games.mingchu.paths import road_usable, water_fee
from sim.games.mingchu.quick import apply_quick, legal_quick
from sim.games.mingchu.state import OFFICIAL, Decision, Industry, MingchuState


def start_turn(state: MingchuState, seat: int) -> None:
    state.pending.append(Decision("turn", seat, {"manager": None, "steps": 0, "moves": 0, "quick": 0}))


# --- building (also used by free_build / free_road card effects) --------------------------------


def build_cost(
    state: MingchuState, seat: int, place: int, discount: int | None = 0, ignore_monopoly: bool = False
):
    """Coins to build at ``place`` now, or None when not allowed (M30)."""
    topo = state.topo
    site = topo.site[place]
    player = state.players[seat]
    if site is None or place in state.industries or player.supply == 0 or forbidden(state, seat, "build"):
        return None
    if not ignore_monopoly and not monopoly_allowed(state, seat, site.good):
        return None
    if discount is None:
        return 0
    cost = max(0, site.cost - discount - modifier_total(state, seat, "discount", action="build"))
    return cost if cost <= player.coins else None


def monopoly_cap(state: MingchuState, seat: int) -> int:
    """``monopoly: cap``: 专营 thresholds reached on the 皇恩轨 plus permits held (never spent)."""
    level = state.income_level(seat)
    reached = sum(1 for t in state.topo.monopoly_thresholds if t <= level)
    return reached + state.players[seat].permits


def monopoly_allowed(state: MingchuState, seat: int, good: str) -> bool:
    """M30: may ``seat`` build an industry of ``good`` (always, unless it is a 专营 good)?"""
    goods = state.topo.goods
    threshold = goods[good].monopoly_threshold
    if threshold is None:
        return True
    if state.params.rules.monopoly == "threshold":
        return state.income_level(seat) >= threshold or state.players[seat].permits > 0
    owned = sum(
        1
        for place, ind in state.industries.items()
        if ind.owner == seat and goods[state.topo.site[place].good].monopoly_threshold is not None
    )
    return owned < monopoly_cap(state, seat)


def do_build(state: MingchuState, seat: int, place: int, cost: int, ignore_monopoly: bool = False) -> None:
    player = state.players[seat]
    threshold = state.topo.goods[state.topo.site[place].good].monopoly_threshold
    if (
        state.params.rules.monopoly == "threshold"
        and threshold is not None
        and state.income_level(seat) < threshold
        and not ignore_monopoly
    ):
        player.permits -= 1  # a one-use permit
    player.coins -= cost
    player.supply -= 1
    state.industries[place] = Industry(seat)
    if state.params.rules.price_sources == "built":
        state.price_cache = None


def road_costs(state: MingchuState, seat: int) -> list[int | None]:
    """``road_cost`` (no discount) of every road at once."""
    player = state.players[seat]
    if player.supply == 0 or forbidden(state, seat, "road"):
        return [None] * len(state.topo.roads)
    cut = modifier_total(state, seat, "discount", action="road")
    costs: list[int | None] = []
    for road, info in enumerate(state.topo.roads):
        cost = None
        if info.kind != "water" and road not in state.yidao:
            cost = max(0, info.yidao_cost - cut)
            cost = cost if cost <= player.workers else None
        costs.append(cost)
    return costs


def road_cost(state: MingchuState, seat: int, road: int, discount: int | None = 0):
    """伙计 to build a 驿道 on ``road`` now, or None when not allowed (M31)."""
    player = state.players[seat]
    info = state.topo.roads[road]
    if info.kind == "water" or road in state.yidao or player.supply == 0 or forbidden(state, seat, "road"):
        return None
    if discount is None:
        return 0
    cost = max(0, info.yidao_cost - discount - modifier_total(state, seat, "discount", action="road"))
    return cost if cost <= player.workers else None


def do_road(state: MingchuState, seat: int, road: int, cost: int) -> None:
    player = state.players[seat]
    player.workers -= cost
    player.supply -= 1
    state.yidao[road] = seat
    state.route_cache = None
    if state.topo.roads[road].kind == "dashed":
        state.price_cache = None


def roads_near(state: MingchuState, places) -> list[int]:
    return sorted({road for place in places for road, _ in state.topo.adjacent[place]})


# --- the turn -----------------------------------------------------------------------------------


def legal_turn(state: MingchuState, seat: int) -> list:
    data = state.decision().data
    player = state.players[seat]
    manager = data["manager"]
    if manager is None:
        return [A.SelectManager(m) for m, acted in enumerate(player.acted) if not acted]
    rules = state.params.rules
    place = player.managers[manager]
    legal: list = legal_moves(state, seat, data)
    steps = data["steps"]
    if steps <= rules.build_max_moved and build_cost(state, seat, place) is not None:
        legal.append(A.BuildIndustry(place))
    if steps <= rules.road_max_moved:
        legal.extend(
            A.BuildRoad(r) for r in roads_near(state, [place]) if road_cost(state, seat, r) is not None
        )
    if steps <= rules.hire_max_moved and not forbidden(state, seat, "hire"):
        cost = worker_step_cost(state, seat)
        if cost is not None and cost <= player.coins:
            legal.append(A.HireWorker())
    legal.append(A.EndTurn())
    if data["quick"] < rules.quick_actions_per_turn:
        legal.extend(legal_quick(state, seat))
    return legal


def legal_moves(state: MingchuState, seat: int, data: dict) -> list:
    """M24-M28: 驿道 moves are free of distance; horse, card bonus, steps, other 驿道, 伙计."""
    rules = state.params.rules
    if data["moves"] >= rules.max_steps_per_turn:
        return []
    player = state.players[seat]
    manager = data["manager"]
    allowance = rules.moves_per_turn + modifier_total(state, seat, "extra_moves")
    pack = player.packs[state.pack_index(manager)]
    horse = not player.horse_used[manager] and any(state.topo.goods[g].free_moves for g in pack)
    moves = []
    for road, _ in state.topo.adjacent[player.managers[manager]]:
        if not road_usable(state, road):
            continue
        water = state.topo.roads[road].kind == "water"
        owner = state.yidao.get(road)
        if not water and owner in (seat, OFFICIAL):
            moves.append(A.Move(road, "yidao"))
            continue
        if water_fee(state, seat, road) > player.coins:
            continue
        if owner is not None and not water and can_give_favor(state, seat, (owner,)):
            moves.append(A.Move(road, "yidao_paid"))
        if state.topo.roads[road].kind == "dashed":
            continue  # only another player's 驿道 makes it passable: using it pays them (M24/M28)
        if horse:
            moves.append(A.Move(road, "horse"))
        elif player.bonus_moves > 0:
            moves.append(A.Move(road, "bonus"))
        if data["steps"] < allowance:
            moves.append(A.Move(road, "step"))
        if player.workers >= rules.workers_per_free_step:
            moves.append(A.Move(road, "workers"))
    return moves


def apply_move(state: MingchuState, seat: int, action: A.Move) -> None:
    data = state.decision().data
    player = state.players[seat]
    manager = data["manager"]
    fee = water_fee(state, seat, action.road)
    if fee:
        pay_coins(state, seat, fee)
    if action.mode == "yidao_paid":
        give_favor(state, seat, state.yidao[action.road])
    elif action.mode == "horse":
        player.horse_used[manager] = True
    elif action.mode == "bonus":
        player.bonus_moves -= 1
    elif action.mode == "step":
        data["steps"] += 1
    elif action.mode == "workers":
        player.workers -= state.params.rules.workers_per_free_step
    data["moves"] += 1
    player.managers[manager] = state.topo.other_end(action.road, player.managers[manager])


def end_turn(state: MingchuState, seat: int) -> None:
    """M41: the 掌柜 lies down; the next player acts."""
    data = state.decision().data
    player = state.players[seat]
    player.acted[data["manager"]] = True
    player.bonus_moves = 0
    state.pending.pop()
    state.step += 1


def apply_turn(state: MingchuState, seat: int, action) -> None:
    data = state.decision().data
    player = state.players[seat]
    if isinstance(action, A.SelectManager):
        data["manager"] = action.manager
    elif isinstance(action, A.Move):
        apply_move(state, seat, action)
    elif isinstance(action, A.BuildIndustry):
        do_build(state, seat, action.place, build_cost(state, seat, action.place))
        end_turn(state, seat)
    elif isinstance(action, A.BuildRoad):
        do_road(state, seat, action.road, road_cost(state, seat, action.road))
        end_turn(state, seat)
    elif isinstance(action, A.HireWorker):
        player.coins -= worker_step_cost(state, seat)
        player.worker_pos += 1
        end_turn(state, seat)
    elif isinstance(action, A.EndTurn):
        end_turn(state, seat)
    else:
        data["quick"] += 1
        apply_quick(state, seat, action)


# --- card bonuses: build or road now, near any 掌柜 ---------------------------------------------


def legal_bonus_build(state: MingchuState, seat: int) -> list:
    data = state.decision().data
    places = sorted(set(state.players[seat].managers))
    legal = [
        A.BuildIndustry(p)
        for p in places
        if build_cost(state, seat, p, data["discount"], data["ignore_monopoly"]) is not None
    ]
    return [*legal, A.Done()]


def apply_bonus_build(state: MingchuState, seat: int, action) -> None:
    data = state.pending.pop().data
    if isinstance(action, A.BuildIndustry):
        cost = build_cost(state, seat, action.place, data["discount"], data["ignore_monopoly"])
        do_build(state, seat, action.place, cost, data["ignore_monopoly"])


def legal_bonus_road(state: MingchuState, seat: int) -> list:
    discount = state.decision().data["discount"]
    roads = roads_near(state, state.players[seat].managers)
    return [*(A.BuildRoad(r) for r in roads if road_cost(state, seat, r, discount) is not None), A.Done()]


def apply_bonus_road(state: MingchuState, seat: int, action) -> None:
    discount = state.pending.pop().data["discount"]
    if isinstance(action, A.BuildRoad):
        do_road(state, seat, action.road, road_cost(state, seat, action.road, discount))
