"""The narrative play log (``story``): every kind of fact is told where the game's states show it
happened, in Chinese (and in English under ``--lang en``), and telling the story does not change the game."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.core.playlog import final_lines, make_step_hook, narrator_for
from sim.games import get_game
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.flow import STAGES
from sim.games.mingchu.rules.periods import side_markers
from sim.games.mingchu.rules.state import SIDES, MingchuState

SPEC = get_game("mingchu")
PARAMS = load_config(SPEC.default_config).params
BOTS = ["industrialist", "runner", "roadbuilder", "runner", "industrialist"]
SEED = 1


@dataclass
class Told:
    """One game: each action with the state before it, the facts told, and the replay checks."""

    steps: list[tuple[MingchuState, int, object, list]] = field(default_factory=list)
    final: MingchuState | None = None
    replay_mismatches: int = 0

    @property
    def facts(self) -> list:
        return [fact for _, _, _, facts in self.steps for fact in facts]

    def of(self, kind: str) -> list:
        return [fact for fact in self.facts if fact.kind == kind]

    def pairs(self):
        """(state before, action, seat, state after, facts) for every action."""
        for i, (before, seat, action, facts) in enumerate(self.steps):
            after = self.steps[i + 1][0] if i + 1 < len(self.steps) else self.final
            yield before, action, seat, after, facts


@pytest.fixture(scope="module")
def told() -> Told:
    narrator = narrator_for(SPEC, BOTS)
    result = Told()

    def hook(state, seat, action, text):
        if narrator.after is not None and narrator.after != state:
            result.replay_mismatches += 1
        facts, _ = narrator.step(state, seat, action)
        result.steps.append((state.clone(), seat, action, facts))

    record = play_game(SPEC, PARAMS, len(BOTS), SEED, BOTS, on_step=hook, catch_errors=False)
    result.final = narrator.after
    result.record = record
    return result


@pytest.fixture(scope="module")
def printed() -> tuple[list[str], list[dict], object]:
    lines: list[str] = []
    log = io.StringIO()
    record = play_game(
        SPEC, PARAMS, len(BOTS), SEED, BOTS, on_step=make_step_hook(SPEC, BOTS, lines.append, log)
    )
    lines += final_lines(SPEC, record)
    return lines, [json.loads(row) for row in log.getvalue().splitlines()], record


def test_the_story_does_not_change_the_game(printed):
    _, _, with_story = printed
    plain = play_game(SPEC, PARAMS, len(BOTS), SEED, BOTS)
    assert not plain.error and not with_story.error
    assert (with_story.scores, with_story.ranks, with_story.actions, with_story.end_reason) == (
        plain.scores,
        plain.ranks,
        plain.actions,
        plain.end_reason,
    )


def test_the_replay_on_a_clone_reaches_the_games_own_states(told):
    assert told.replay_mismatches == 0
    assert told.final is not None and told.final.terminal
    assert [f.data["score"] for f in told.of("final_score")] == told.record.scores


def test_every_war_settlement_is_told_with_its_result(told):
    reveals = []
    for before, _, _, after, facts in told.pairs():
        added = [
            [a.war[i] - b.war[i] for i in range(2)]
            for a, b in zip(after.players, before.players, strict=True)
        ]
        if any(any(row) for row in added):
            reveals.append(after.round)
            (fact,) = [f for f in facts if f.kind == "war_reveal"]
            totals = [sum(side_markers(after, s, i) for s in range(after.n)) for i in range(2)]
            assert (fact.data["jianwen"], fact.data["yan"]) == tuple(totals)
            for seat, row in enumerate(added):
                for i, k in enumerate(row):
                    if k:
                        assert f"玩家{seat + 1} {SIDES[i]}{k}" in fact.text
        if before.war_winner is None and after.war_winner is not None:
            (fact,) = [f for f in facts if f.kind == "war_result"]
            assert fact.data["winner"] == after.war_winner and f"{after.war_winner}胜" in fact.text
    assert reveals, "the war always has a settlement"
    assert len(told.of("war_reveal")) == len(reveals)
    assert len(told.of("war_result")) == (told.final.war_winner is not None)


def test_buy_backs_are_one_line_per_player_and_settlement(told):
    bought: dict[tuple[int, int], int] = {}
    for before, action, seat, _, _ in told.pairs():
        if isinstance(action, A.BuyBack):
            key = (before.round, seat)
            bought[key] = bought.get(key, 0) + action.count
    assert bought, "someone buys back 恩义 in this game"
    facts = told.of("buyback")
    assert {(f.round, f.seat): f.data["markers"] for f in facts} == bought
    assert len(facts) == len(bought)
    assert not [f for f in told.of("action") if "购回" in f.text]


ORDER = list(STAGES)


def passed(before: MingchuState, after: MingchuState, stage: str) -> bool:
    """Whether applying one action ran the automatic ``stage`` of the round (``flow.STAGES``)."""
    if before.round == after.round and not after.terminal:
        return ORDER.index(before.stage) <= ORDER.index(stage) < ORDER.index(after.stage)
    return ORDER.index(before.stage) <= ORDER.index(stage)


def test_income_interest_events_and_period_changes_are_told(told):
    for before, _, _, after, facts in told.pairs():
        kinds = [f.kind for f in facts]
        if passed(before, after, "settle_interest"):
            with_loans = {s for s, p in enumerate(before.players) if p.loans}
            interest = {f.seat: f for f in facts if f.kind == "interest"}
            assert set(interest) <= with_loans
            for seat, fact in interest.items():
                assert fact.data["loans"] == before.players[seat].loans
        if passed(before, after, "settle_event") and before.period != "靖难":
            assert "event_task" in kinds
            (fact,) = [f for f in facts if f.kind == "event_task"]
            assert fact.data["card"] == after.current_event or after.period != before.period
        if after.round > before.round and not after.terminal:
            (header,) = [f for f in facts if f.kind == "round"]
            assert f"第{after.round}轮" in header.text
        if before.period != after.period:
            assert "period" in kinds
        if after.next_event == PARAMS.setup.hongwu_final_event != before.next_event:
            assert "hongwu_death" in kinds
        rotting = [p for p in before.players if p.backpack.get("荔枝") or p.warehouse.get("荔枝")]
        if passed(before, after, "settle_rot") and rotting:
            assert "spoilage" in kinds
    for fact in told.of("income"):
        assert fact.round > 1 and "本轮收入" in fact.text
    rounds = {f.round for f in told.of("income")}
    assert len(told.of("income")) == len(rounds) * len(BOTS)


def test_income_track_spaces_are_named_with_their_rewards(told):
    spaces = [f for f in told.of("income") if f.data["spaces"]]
    assert spaces
    for fact in spaces:
        for space in fact.data["spaces"]:
            assert f"「{space}」{fact.data['rewards'][space]}" in fact.text


def test_water_routes_and_reward_choices_are_told_as_they_are(told):
    for before, action, _, _, facts in told.pairs():
        lines = [f.text for f in facts if f.kind == "action"]
        if isinstance(action, A.Move):
            (line,) = lines
            water = before.topo.roads[action.road].kind == "water"
            assert ("水路" in line) == water
            if water:
                assert "步行" not in line and "骑马）" not in line
        if isinstance(action, A.PlayReward):
            (line,) = lines
            assert "第" not in line.split("奖励卡")[1] and "：" in line


def test_the_text_is_chinese(printed):
    lines, _, _ = printed
    for line in lines:
        assert not re.search(r"[A-Za-z]", line), line


def test_the_final_table_sums_to_the_scores(printed):
    lines, _, record = printed
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("座位"))
    header = lines[start].split()
    rows = [line.split() for line in lines[start + 1 : start + 1 + record.n_players]]
    assert header[:4] == ["座位", "机器人", "名次", "总分"] and len(header) > 5
    for seat, row in enumerate(rows):
        total, parts = float(row[3]), [float(x) for x in row[4:]]
        assert total == record.scores[seat] == sum(parts)
        assert int(row[2]) == record.ranks[seat]


def test_the_jsonl_log_has_one_record_per_fact(printed, told):
    _, records, record = printed
    facts = [r for r in records if r["event"] == "fact"]
    actions = [r for r in records if r["event"] == "action"]
    assert len(actions) == record.actions
    assert all({"fact", "round", "period", "seat"} <= set(r) for r in facts)
    told_kinds = {f.kind for f in told.facts} - {"action"}
    assert {r["fact"] for r in facts} == told_kinds
    for r in actions:
        for seat, change in r["ledger"].items():
            assert 0 <= int(seat) < record.n_players and change
    paid = [r for r in actions if any(c.get("favor_paid") for c in r["ledger"].values())]
    for r in paid:
        ledger = r["ledger"]
        got = sum(c.get("favor_received", 0) for s, c in ledger.items() if int(s) != r["seat"])
        assert got == ledger[str(r["seat"])]["favor_paid"]


def test_spoiled_goods_are_told(told):
    """Lychees carried into a settlement rot: the story names whose and how many."""
    before, action, seat, after, _ = next(
        (b, act, s, a, f) for b, act, s, a, f in told.pairs() if passed(b, a, "settle_rot")
    )
    state = before.clone()
    state.players[0].packs[0]["荔枝"] += 2
    facts, _ = narrator_for(SPEC, BOTS).step(state, seat, action)
    (fact,) = [f for f in facts if f.kind == "spoilage"]
    assert (fact.seat, fact.data["goods"]) == (0, {"荔枝": 2})
    assert any("腐烂" in f.text and "玩家1 荔枝2个" in f.text for f in facts if f.text)


def test_display_names_are_the_reports():
    from sim.games.mingchu.rules.scoring import BREAKDOWN_COLUMNS

    reports = SPEC.report.display_names["zh"]["terms"]
    narrator = narrator_for(SPEC, BOTS)
    for term in (*BREAKDOWN_COLUMNS, *BOTS):
        assert narrator.name(term) == reports[term]


def test_random_play_is_told_and_replayed_alike():
    """Random bots reach corners the heuristic ones avoid (forced loans, full packs, discards)."""
    narrator = narrator_for(SPEC, ["random"] * 4)
    mismatches = []

    def hook(state, seat, action, text):
        if narrator.after is not None and narrator.after != state:
            mismatches.append(state.round)
        narrator.step(state, seat, action)

    record = play_game(SPEC, PARAMS, 4, 2, ["random"] * 4, on_step=hook, catch_errors=False)
    assert not mismatches and narrator.after.terminal
    assert narrator.after.end_reason == record.end_reason


def test_the_play_header_is_in_the_story_language():
    from sim.core.playlog import header_line

    line = header_line(SPEC, "基础版", 5, 1, BOTS)
    assert line == "明初商途，变体 基础版，5 人，种子 1，机器人 实业型、跑商型、修路型、跑商型、实业型"
    toy = get_game("toy")  # a game without a narrator keeps the plain English line
    assert header_line(toy, "base", 2, 1, ["greedy", "random"]).endswith(
        "2 players, seed 1, bots greedy, random"
    )


def test_sim_play_names_the_bundled_variant_in_chinese():
    from click.testing import CliRunner

    from sim.cli import cli

    result = CliRunner().invoke(cli, ["play", "configs/mingchu/base.yaml", "-p", "4", "--seed", "3", "-q"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("明初商途，变体 基础版，4 人，种子 3")


def test_sim_play_lang_en_tells_the_whole_game_in_english(tmp_path):
    """``--lang en``: the header, every line of the story (the actions' descriptions among them; the
    cards, places and goods keep their names) and the result in English, the JSONL's ``narrative`` too;
    without it the same game is told in Chinese."""
    from click.testing import CliRunner

    from sim.cli import cli

    log = tmp_path / "game.jsonl"
    play = ["play", "configs/mingchu/base.yaml", "-p", "4", "--seed", "3"]
    result = CliRunner().invoke(cli, [*play, "--lang", "en", "--log", str(log)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Ming Trade Routes (明初商途), variant base, 4 players, seed 3")
    assert "== Opening: retainers and families, merchants placed, official post roads ==" in lines
    assert any(re.fullmatch(r"  Player \d sends out merchant \d \(at \S+\)", line) for line in lines)
    assert any(
        re.match(r"  Player \d merchant \S+→\S+ \((on a post road|a step|on horseback)", line)
        for line in lines
    )
    assert any(line.startswith("Game over after ") for line in lines)
    assert not [line for line in lines if re.search(r"玩家\d|派出掌柜|卖出", line)]
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    narratives = [r["narrative"] for r in records if r.get("narrative")]
    assert narratives and all(n.startswith("Player ") for n in narratives)
    texts = [r["text"] for r in records if r["event"] == "action"]  # the rules' own descriptions
    assert len(texts) > 500 and all(re.match(r"Player \d ", text) for text in texts)
    chinese = CliRunner().invoke(cli, play).output.splitlines()
    over = next(i for i, line in enumerate(lines) if line.startswith("Game over"))
    assert next(i for i, line in enumerate(chinese) if line.startswith("游戏结束")) == over  # line for line
    assert any(re.match(r"  玩家\d 派出掌柜\d（在 ", line) for line in chinese)
