"""``rollout:N@H``: the rollout bot on one heuristic's route (its top moves, its playouts)."""

from __future__ import annotations

from sim.bots import is_known_bot, make_bot, play_game
from sim.bots.rollout import ADVISED_TOP_K, RolloutBot
from tests.bots.test_rollout import PARAMS, SPEC, TOY


def test_advised_names():
    assert is_known_bot(SPEC, "rollout:2@lazy") and is_known_bot(SPEC, "rollout:2@greedy")
    for name in (
        "rollout:2@random",
        "rollout:2@nobody",
        "rollout:2@",
        "rollout@lazy",
        "mcts:2@lazy",
        "rollout:0@lazy",
    ):
        assert not is_known_bot(SPEC, name), name
    bot = make_bot(SPEC, "rollout:3@lazy", 1)
    assert isinstance(bot, RolloutBot) and bot.name == "rollout:3@lazy" and bot.rollouts == 3
    assert (bot.policy, set(bot.proposers), bot.top_k) == ("lazy", {"lazy"}, ADVISED_TOP_K)
    assert [name for name, _ in bot.advisers] == ["lazy"]
    plain = make_bot(SPEC, "rollout:3", 1)
    assert (plain.name, plain.policy, set(plain.proposers), plain.top_k) == (
        "rollout:3",
        "greedy",
        {"lazy", "greedy"},
        1,
    )


def test_the_adviser_proposes_its_best_moves_in_order():
    asked: list[tuple] = []
    legal_seen: list[tuple] = []

    def never(state, candidates) -> bool:
        asked.append(tuple(candidates))
        legal_seen.append(tuple(TOY.game.legal_actions(state)))
        return False

    spec = SPEC.with_bots(search_worthy=never)
    record = play_game(spec, PARAMS, 2, 3, ["rollout:2@lazy", "greedy"], catch_errors=False)
    assert not record.error and asked
    # lazy's best is the first legal move, its next best (the first ruled out) the second
    assert all(c == legal[:ADVISED_TOP_K] for c, legal in zip(asked, legal_seen, strict=True))


def test_searching_the_advisers_top_moves_beats_the_adviser():
    def margin(first: str, games: int) -> float:
        """``first``'s mean score lead over greedy, seats alternating."""
        total = 0.0
        for seed in range(games):
            seats = [first, "greedy"] if seed % 2 == 0 else ["greedy", first]
            record = play_game(SPEC, PARAMS, 2, seed, seats, catch_errors=False)
            mine = seats.index(first)
            total += record.scores[mine] - record.scores[1 - mine]
        return total / games

    # the playouts overrule lazy's first pick where its second does better
    assert margin("rollout:2@lazy", 20) > margin("lazy", 20) + 2
