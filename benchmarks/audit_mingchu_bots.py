"""Audit the 明初商途 heuristic bots: the visible mistakes of issue "strength ladder" item 4, counted.

.venv/bin/python benchmarks/audit_mingchu_bots.py --games 200 --players 5
.venv/bin/python benchmarks/audit_mingchu_bots.py --games 200 --json audit.json

Plays seeded games with the default lineup (seats rotated as a run rotates them) and counts, per
game or per bot: turns that end without a main action (and of them, those where one was legal and
those where none is left anywhere: no free site, no road without a 驿道, the 伙计人数轨 at its end), sales at a place that produces the good
(half price, M18), 恩义 markers handed over for other players' 驿道 (tolls) and for using their
industries, coins spent buying own markers back, final coins, horses a card gave that were
discarded, card bonus moves left unused at the end of a turn, and the scores.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from statistics import mean

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.economy import worker_step_cost
from sim.games.mingchu.rules.paths import source_distance
from sim.games.mingchu.rules.state import OFFICIAL, MingchuState
from sim.runner.plan import game_seed, seat_bots

_MAIN = (A.EndTurn, A.BuildIndustry, A.BuildRoad, A.HireWorker)


def _nothing_left(state: MingchuState, seat: int) -> bool:
    """No free building site, no road left for a 驿道 and the 伙计人数轨 at its end: no main action
    is possible anywhere for ``seat`` any more."""
    topo = state.topo
    sites = any(site is not None and p not in state.industries for p, site in enumerate(topo.site))
    roads = any(info.kind != "water" and r not in state.yidao for r, info in enumerate(topo.roads))
    return not sites and not roads and worker_step_cost(state, seat) is None


class _Tally:
    """Counts for one game, fed by ``play_game``'s step hook (each action before it is applied)."""

    def __init__(self, bots: list[str]) -> None:
        self.bots = bots
        self.counts: dict[str, Counter] = defaultdict(Counter)  # bot -> name -> count
        self._before: tuple[int, int, type, int] | None = None  # (seat, favor paid, action type, fee)

    def step(self, state: MingchuState, seat: int, action, text: str) -> None:
        self._settle(state)
        count = self.counts[self.bots[seat]]
        decision = state.decision()
        player = state.players[seat]
        if decision.kind == "turn" and isinstance(action, _MAIN):
            count["turns"] += 1
            if isinstance(action, A.EndTurn):
                count["turns_without_main"] += 1
                legal = SPEC.game.legal_actions(state)
                count["turns_without_main_declined"] += any(isinstance(a, _MAIN[1:]) for a in legal)
                count["turns_without_main_nothing_left"] += _nothing_left(state, seat)
            count["bonus_moves_unused"] += player.bonus_moves
        sale = None
        if isinstance(action, A.Sell):
            sale = (action.good, action.place)
        elif isinstance(action, A.SellProduced):
            sale = (decision.data["good"], action.place)
        if sale is not None:
            count["sales"] += 1
            count["sales_at_source"] += source_distance(state, *sale) == 0
        if decision.kind == "card_goods" and action == A.GoodTo("discard"):
            count["card_goods_discarded"] += 1
        if isinstance(action, A.BuyBack):
            count["bought_back"] += action.count
        fee = 0  # the marker for using another player's industry (M19), not a toll
        if isinstance(action, A.ProduceForeign) and state.industries[action.place].owner != OFFICIAL:
            fee = 1
        self._before = (seat, player.favor_paid, type(action), fee)

    def _settle(self, state: MingchuState) -> None:
        """Markers the previous action handed over: tolls, or the fee for a foreign industry."""
        if self._before is None:
            return
        seat, paid, _, fee = self._before
        given = state.players[seat].favor_paid - paid
        count = self.counts[self.bots[seat]]
        count["favor_industry_fee"] += min(fee, given)
        count["favor_tolls"] += given - min(fee, given)
        self._before = None


def audit(config: str, games: int, n_players: int, root_seed: int = 0) -> dict:
    """The audit figures over ``games`` seeded games (per-bot means per game and shares)."""
    params = load_config(config).params
    totals: dict[str, Counter] = defaultdict(Counter)
    seats: Counter = Counter()
    scores: dict[str, list[float]] = defaultdict(list)
    coins: dict[str, list[float]] = defaultdict(list)
    winners, errors = [], 0
    for index in range(games):
        bots = seat_bots(SPEC.lineup, n_players, index)
        tally = _Tally(bots)
        record = play_game(
            SPEC, params, n_players, game_seed(root_seed, n_players, index), bots, on_step=tally.step
        )
        if record.error:
            errors += 1
            print("error:", record.error)
            continue
        for seat, bot in enumerate(bots):
            seats[bot] += 1
            scores[bot].append(record.scores[seat])
            coins[bot].append(record.breakdown[seat]["coins"])
            totals[bot]["favor_paid"] += record.breakdown[seat]["favor_paid"]
        for bot, count in tally.counts.items():
            totals[bot].update(count)
        winners.append(max(record.scores))
    everyone: Counter = sum(totals.values(), Counter())
    per_bot = {}
    for bot in sorted(totals):
        count, n = totals[bot], seats[bot]
        per_bot[bot] = {
            "seat_games": n,
            "turns_without_main_share": count["turns_without_main"] / max(1, count["turns"]),
            "turns_declining_main_share": count["turns_without_main_declined"] / max(1, count["turns"]),
            "sales_at_source_share": count["sales_at_source"] / max(1, count["sales"]),
            "sales_at_source_per_game": count["sales_at_source"] / n,
            "favor_paid_per_game": count["favor_paid"] / n,
            "favor_tolls_per_game": count["favor_tolls"] / n,
            "favor_industry_fee_per_game": count["favor_industry_fee"] / n,
            "bought_back_per_game": count["bought_back"] / n,
            "final_coins": mean(coins[bot]),
            "card_goods_discarded_per_game": count["card_goods_discarded"] / n,
            "bonus_moves_unused_per_game": count["bonus_moves_unused"] / n,
            "mean_score": mean(scores[bot]),
        }
    played = games - errors
    return {
        "games": played,
        "errors": errors,
        "turns_without_main_share": everyone["turns_without_main"] / max(1, everyone["turns"]),
        "turns_without_main": everyone["turns_without_main"],
        "turns_without_main_declined": everyone["turns_without_main_declined"],
        "turns_without_main_nothing_left": everyone["turns_without_main_nothing_left"],
        "turns": everyone["turns"],
        "sales_at_source": everyone["sales_at_source"],
        "sales": everyone["sales"],
        "card_goods_discarded": everyone["card_goods_discarded"],
        "bonus_moves_unused": everyone["bonus_moves_unused"],
        "mean_score": mean(s for v in scores.values() for s in v) if played else 0.0,
        "winner_mean_score": mean(winners) if winners else 0.0,
        "bots": per_bot,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0, help="root seed (game seeds as a run makes them)")
    parser.add_argument("--config", default=str(SPEC.default_config))
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()
    result = audit(args.config, args.games, args.players, args.seed)
    print(
        f"{result['games']} games, {args.players} players, {result['errors']} errors\n"
        f"turns without a main action: {result['turns_without_main']} of {result['turns']} "
        f"({100 * result['turns_without_main_share']:.1f}%); of them with a main action legal "
        f"{result['turns_without_main_declined']}, with none left on the board "
        f"{result['turns_without_main_nothing_left']}\n"
        f"sales at a producing place: {result['sales_at_source']} of {result['sales']}\n"
        f"card goods discarded: {result['card_goods_discarded']}; "
        f"card bonus moves unused: {result['bonus_moves_unused']}\n"
        f"mean score {result['mean_score']:.1f}, winner's mean score {result['winner_mean_score']:.1f}"
    )
    for bot, row in result["bots"].items():
        print(f"  {bot}: " + ", ".join(f"{k} {v:.2f}" for k, v in row.items() if k != "seat_games"))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
