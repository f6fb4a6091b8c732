"""Movement, building, production transport, the income track and event tasks on the fixture map."""

from __future__ import annotations

from collections import Counter

from sim.core.decisions import Decision, Pending
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import building, production, settlement
from sim.games.mingchu.rules.state import OFFICIAL, Industry

from .helpers import RULES, new_state, place


def road(state, name: str) -> int:
    return next(r for r, info in enumerate(state.topo.roads) if info.id == name)


def turn_state(*managers: str, seat: int = 0):
    """Seat ``seat`` to act with its first 掌柜 at ``managers[0]`` (stage: action phase)."""
    state = new_state()
    state.stage, state.step = "actions", 0
    player = state.players[seat]
    player.managers = [place(state, m) for m in managers]
    player.packs = [Counter(), Counter()]
    state.pending = Pending([Decision("turn", seat, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    return state


# --- movement (M24-M28) -------------------------------------------------------------------------


def test_own_or_official_yidao_moves_are_free_and_uncounted():
    state = turn_state("延安府", "延安府")
    r = road(state, "延安府-西安府")
    state.yidao[r] = OFFICIAL
    assert [m for m in RULES.legal_actions(state) if isinstance(m, A.Move) and m.road == r] == [
        A.Move(r, "yidao")
    ]
    RULES.apply(state, A.Move(r, "yidao"))
    assert state.decision().data["steps"] == 0 and state.players[0].managers[0] == place(state, "西安府")


def test_another_players_yidao_costs_one_favor_to_its_owner():
    state = turn_state("延安府", "延安府")
    r = road(state, "延安府-西安府")
    state.yidao[r] = 2
    RULES.apply(state, A.Move(r, "yidao_paid"))
    assert state.players[2].held[0] == 1 and state.decision().data["steps"] == 0


def test_steps_count_and_workers_buy_extra_steps():
    state = turn_state("延安府", "延安府")
    player = state.players[0]
    player.workers = 3
    for name in ("延安府-太原府", "太原府-顺天府"):
        RULES.apply(state, A.Move(road(state, name), "step"))
    assert state.decision().data["steps"] == 2
    # moved 2: no industry may be built any more (M30), a 驿道 still may (M31)
    legal = RULES.legal_actions(state)
    assert not any(isinstance(a, A.BuildIndustry) for a in legal)
    assert any(isinstance(a, A.BuildRoad) for a in legal)
    RULES.apply(state, A.Move(road(state, "太原府-顺天府"), "workers"))
    assert player.workers == 2 and state.decision().data["steps"] == 2


def test_water_costs_coins_and_dashed_roads_need_a_yidao():
    state = turn_state("顺天府", "顺天府")
    player = state.players[0]
    player.coins = 5
    RULES.apply(state, A.Move(road(state, "顺天府-徐州"), "step"))
    assert player.coins == 4
    state = turn_state("武昌府", "武昌府")
    dashed = road(state, "武昌府-广州府")
    assert not any(isinstance(a, A.Move) and a.road == dashed for a in RULES.legal_actions(state))
    state.yidao[dashed] = OFFICIAL
    assert A.Move(dashed, "yidao") in RULES.legal_actions(state)


def test_a_horse_gives_one_free_step_per_manager_and_round():
    state = turn_state("延安府", "延安府")
    state.players[0].packs[0] = Counter({"马": 1})
    r = road(state, "延安府-太原府")
    assert A.Move(r, "horse") in RULES.legal_actions(state)
    RULES.apply(state, A.Move(r, "horse"))
    assert state.decision().data["steps"] == 0
    assert not any(isinstance(a, A.Move) and a.mode == "horse" for a in RULES.legal_actions(state))


# --- building (M30-M32) -------------------------------------------------------------------------


def test_monopoly_industries_are_capped_by_the_track_and_permits():
    state = turn_state("太原府", "太原府")  # 铁; the fixture's 专营 steps are 4, 6, 8, 10
    player = state.players[0]
    player.coins = 20
    here = place(state, "太原府")
    assert A.BuildIndustry(here) not in RULES.legal_actions(state)  # cap 0
    player.permits = 1  # "增加专营产业上限": a lasting +1, not a one-use ticket
    RULES.apply(state, A.BuildIndustry(here))
    assert state.industries[here].owner == 0 and player.permits == 1 and player.coins == 13
    assert building.build_cost(state, 0, place(state, "临洮府")) is None  # 马: cap 1 reached
    player.income_best = 4  # the first step of the track raises the cap to 2, for any 专营 good
    assert building.build_cost(state, 0, place(state, "顺天府")) == 12


def test_hire_pays_the_next_track_space():
    state = turn_state("延安府", "延安府")
    player = state.players[0]
    player.coins = 4
    RULES.apply(state, A.HireWorker())
    assert (player.worker_pos, player.coins) == (1, 0)
    assert player.acted[0] and state.decision().seat == 1  # the turn passed on


# --- production transport (M16-M17) ------------------------------------------------------------


def test_unbuilt_road_costs_one_worker_once_per_production_step():
    state = new_state()
    player = state.players[0]
    yanan, taiyuan = place(state, "延安府"), place(state, "太原府")
    state.industries[yanan] = Industry(0, upgraded_by=0)  # upgraded: 2 粮食
    player.managers = [taiyuan, taiyuan]
    player.workers = 1
    state.stage, state.step, state.pending = "production", 0, Pending([Decision("produce", 0)])
    RULES.apply(state, A.ProduceOwn(yanan))
    RULES.apply(state, A.GoodTo("backpack", 0))
    assert player.workers == 0  # 延安府-太原府 became a temporary road
    assert A.GoodTo("backpack", 0) in RULES.legal_actions(state)
    RULES.apply(state, A.GoodTo("backpack", 0))
    assert player.packs[0] == {"粮食": 2} and player.workers == 0


def test_production_sale_counts_as_income_and_reaches_the_track_reward():
    state = new_state()
    player = state.players[0]
    suzhou = place(state, "肃州卫")
    state.industries[suzhou] = Industry(0)
    player.managers = [suzhou, suzhou]
    player.workers = 5
    player.income_round = 0
    state.stage, state.step, state.pending = "production", 0, Pending([Decision("produce", 0)])
    RULES.apply(state, A.ProduceOwn(suzhou))
    RULES.apply(state, A.SellProduced(place(state, "延安府")))  # 皮革: 3 + 2 = 5, two roads at 1 伙计
    assert player.income_round == 5 and player.workers == 3
    workers = player.workers
    production.settle_income(state, 0)  # 收入4: +1 伙计
    assert player.workers == workers + 1 and player.income_best == 5


def test_foreign_production_pays_favor_and_half_value():
    state = new_state()
    player = state.players[0]
    kaifeng = place(state, "开封府")
    state.industries[kaifeng] = Industry(2)
    player.managers = [kaifeng, kaifeng]
    player.coins = 5
    state.stage, state.step, state.pending = "production", 0, Pending([Decision("produce", 0)])
    RULES.apply(state, A.ProduceForeign(kaifeng, 1))
    assert player.coins == 3 and state.players[2].held[0] == 1 and player.packs[1] == {"粮食": 1}
    assert A.ProduceForeign(kaifeng, 0) not in RULES.legal_actions(state)  # once per round


# --- event tasks (M42-M43) ----------------------------------------------------------------------


def test_event_effects_apply_to_task_meeters_only_or_to_everyone():
    state = new_state()
    state.current_event = None
    state.next_event = "商税"  # task: at least 15 coins; effect: lose 3 coins
    for player in state.players:
        player.coins = 5
    state.players[2].coins = 20
    settlement.rotate_event(state)
    assert state.event_markers == [2]
    assert settlement.affected_seats(state) == [2]
    state.next_event = "丰年"  # no task: everyone
    settlement.rotate_event(state)
    assert state.event_markers == [] and settlement.affected_seats(state) == [0, 1, 2, 3]
    assert state.players[2].hand == 1  # the marker came back to its owner's hand
