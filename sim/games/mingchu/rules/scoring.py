"""End scoring (M60-M65) and the breakdown columns."""

from __future__ import annotations

from .effects import measure, score_rule
from .orders import order_info
from .state import FLOWS, MingchuState

VP_TERMS = (
    "vp_coins",
    "vp_industries",
    "vp_orders",
    "vp_card_bonus",
    "vp_score_cards",
    "vp_tianwei",
    "vp_banked",
    "vp_loans",
    "vp_failed_orders",
    "vp_favor_given",
)

BREAKDOWN_COLUMNS = (
    *VP_TERMS,
    "orders_hongwu",
    "orders_jingnan",
    "orders_later",
    "war_side",
    "war_commitment",
    "loans",
    "loans_taken",
    "favor_given",
    "favor_held",
    "favor_paid",
    "coins",
    "industries",
    "roads",
    "worker_track",
    "best_income",
    "retainers",
    "earned_coins",
    "turns",
    "idle_turns",
    "orders_failed",
    *(f"flow_{flow}_{way}" for flow in FLOWS for way in ("out", "in")),
)


def vp_terms(state: MingchuState, seat: int) -> dict[str, int]:
    """Every end-scoring term for one player (M60-M64). Loops, not ``sum`` of generators (each a
    class of its own in the compiled core): the running scores read these after every round."""
    player = state.players[seat]
    rates = state.params.scoring
    upgraded_foreign = 0
    for ind in state.industries.values():
        if ind.upgraded_by == seat and ind.owner != seat:
            upgraded_foreign += 1
    industries = measure(state, seat, "industries") + upgraded_foreign
    orders = 0
    for key in player.completed:
        orders += order_info(state, key).points
    score_cards = 0
    for card in player.score_cards:
        for rule in state.topo.score_cards[card].scoring:
            score_cards += score_rule(state, seat, rule)
    tianwei = 0
    for card in player.tianwei:
        for rule in state.topo.tianwei[card].scoring:
            tianwei += score_rule(state, seat, rule)
    return {
        "vp_coins": player.coins // rates.coins_per_vp,
        "vp_industries": industries * rates.industry_vp,
        "vp_orders": orders,
        "vp_card_bonus": player.vp_bonus,
        "vp_score_cards": score_cards,
        "vp_tianwei": tianwei,
        "vp_banked": player.banked_coins // rates.banked_coins_per_vp
        + player.banked_cards * rates.banked_card_vp,
        "vp_loans": player.loans * rates.loan_vp,
        "vp_failed_orders": (player.failed_orders + (player.personal_order is not None))
        * rates.failed_order_vp,
        "vp_favor_given": measure(state, seat, "favor_given") * rates.favor_given_vp,
    }


def scores(state: MingchuState) -> list[float]:
    """Every seat's points (M60-M64), plus the points ``seats.points`` gives its seat."""
    extra = state.params.seats.points
    return [
        float(sum(vp_terms(state, seat).values()) + (extra[seat] if seat < len(extra) else 0))
        for seat in range(state.n)
    ]


def ranking(state: MingchuState) -> list[int]:
    """1 = best; ties broken by coins (``end_tiebreak: coins``), still tied = shared (M65)."""
    totals = scores(state)
    use_coins = state.params.rules.end_tiebreak == "coins"

    def key(seat: int):
        return (totals[seat], state.players[seat].coins if use_coins else 0)

    return [1 + sum(1 for other in range(state.n) if key(other) > key(seat)) for seat in range(state.n)]


def breakdown(state: MingchuState) -> list[dict[str, float]]:
    rows = []
    for seat, player in enumerate(state.players):
        row = {name: float(value) for name, value in vp_terms(state, seat).items()}
        jianwen, yan = player.war
        row.update(
            orders_hongwu=float(player.orders_by_period["洪武"]),
            orders_jingnan=float(player.orders_by_period["靖难"]),
            orders_later=float(player.orders_by_period["后期"]),
            war_side=float((jianwen > yan) - (yan > jianwen)),
            war_commitment=float(jianwen + yan),
            loans=float(player.loans),
            loans_taken=float(player.loans_taken),
            favor_given=float(measure(state, seat, "favor_given")),
            favor_held=float(measure(state, seat, "favor_held")),
            favor_paid=float(player.favor_paid),
            coins=float(player.coins),
            industries=float(measure(state, seat, "industries")),
            roads=float(measure(state, seat, "roads")),
            worker_track=float(player.worker_pos),
            best_income=float(player.income_best),
            retainers=float(len(player.retainers)),
            earned_coins=float(player.coins_earned),
            turns=float(player.turns),
            idle_turns=float(player.idle_turns),
            orders_failed=float(player.failed_orders + (player.personal_order is not None)),
        )
        row.update(
            {f"flow_{flow}_{way}": float(player.flows[2 * i + j]) for i, flow in enumerate(FLOWS)
             for j, way in enumerate(("out", "in"))}
        )  # fmt: skip
        rows.append(row)
    return rows
