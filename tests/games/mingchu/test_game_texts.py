"""明初商途's texts (``texts/<lang>.py``): a game played reads none of them (texts are built for the
play log and the reports only), and the English ones tell the cards and a whole game: every bundled
card's effects, conditions and scoring rules, and every fact of a played game, the rules' action
descriptions among them, format from them without a missing key or field, in English words; only the
names of the cards, places, goods and sides stay the design's own Chinese ones."""

from __future__ import annotations

import copy
import pickle
import re

from pydantic import BaseModel

import sim.texts
from sim.config import load_config
from sim.core.play import play_game
from sim.games import get_game
from sim.games.mingchu.rules.state import SIDES
from sim.games.mingchu.story.cardtext import condition_text, effects_text, score_text
from sim.games.mingchu.story.narrator import Narrator
from sim.games.mingchu.texts import Said, languages
from sim.texts import in_lang
from tests.games.mingchu.test_card_texts import CONFIGS

SPEC = get_game("mingchu")
PARAMS = load_config(SPEC.default_config).params
BOTS = ["industrialist", "runner", "roadbuilder", "runner"]


def _effect_lists(node):
    """Every tuple of effects in the params."""
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _effect_lists(getattr(node, name))
    elif isinstance(node, dict):
        for value in node.values():
            yield from _effect_lists(value)
    elif isinstance(node, list | tuple):
        if node and all(isinstance(e, BaseModel) and "effect" in type(e).model_fields for e in node):
            yield node
        for value in node:
            yield from _effect_lists(value)


def test_the_game_ships_english_and_chinese_texts():
    assert languages() == ("en", "zh")


class _Reads(dict):
    """A language's texts that remember the keys read."""

    def __init__(self, texts, read):
        super().__init__(texts)
        self.read = read

    def __getitem__(self, key):
        self.read.append(key)
        return super().__getitem__(key)


def test_a_game_played_reads_no_text(monkeypatch):
    read: list[str] = []
    loaded = {
        ("sim.games.mingchu", lang): _Reads(sim.texts.package_texts("sim.games.mingchu", lang), read)
        for lang in languages()
    }
    monkeypatch.setattr(sim.texts, "_PACKAGE_TEXTS", loaded)
    record = play_game(SPEC, PARAMS, len(BOTS), 5, list(BOTS))
    assert not record.error and record.actions > 300
    assert read == []
    effects_text(PARAMS.cards.事件[0].effects)  # the same texts, read when a text is built
    assert read


def test_every_bundled_card_reads_in_english():
    kinds = set()
    for path in CONFIGS:
        for effects in _effect_lists(load_config(path).params):
            english, chinese = effects_text(effects, "en"), effects_text(effects, "zh")
            assert english and english != chinese
            kinds |= {e.effect for e in effects}
    assert len(kinds) > 20
    plain = load_config(CONFIGS[0]).params
    coins = next(e for effects in _effect_lists(plain) for e in effects if e.effect == "gain_coins")
    assert effects_text([coins], "en") == f"gain {coins.amount} coins"


def test_conditions_and_scoring_rules_read_in_english():
    tasks = [card.task for card in PARAMS.cards.事件 if card.task is not None]
    assert tasks and all(condition_text(task, "en") != condition_text(task, "zh") for task in tasks)
    most_coins = next(task for task in tasks if task.condition == "most" and task.measure == "coins")
    assert condition_text(most_coins, "en") == "the most coins"
    rules = [rule for card in PARAMS.cards.皇恩计分 for rule in card.scoring]
    assert rules and all("points" in score_text(rule, "en") for rule in rules)


def _told(lang: str, bots: list[str] = BOTS, seed: int = 3, described: list | None = None) -> list[str]:
    """The story's lines of one game told in ``lang``; ``described`` gets the rules' description of each
    action (``game.describe``)."""
    narrator, lines = Narrator(list(bots), lang=lang), []

    def hook(state, seat, action, text):
        facts, _ = narrator.step(state, seat, action)
        lines.extend(fact.text for fact in facts if fact.text is not None)
        if described is not None:
            described.append(text)

    record = play_game(SPEC, PARAMS, len(bots), seed, list(bots), on_step=hook)
    assert not record.error
    return lines


CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
"""Chinese characters and CJK punctuation (full-width brackets, commas, the ideographic space)."""


def design_names(params) -> list[str]:
    """The design's own names, which a story keeps in every language: the sides, places, roads, goods,
    every card of every deck and the income track's spaces (longest first, to strip them)."""
    names = set(SIDES) | {p.id for p in params.map.places} | {r.id for r in params.map.roads}
    names |= {g.id for g in params.goods} | {space.id for space in params.income_track}
    for deck in type(params.cards).model_fields:
        names |= {card.id for card in getattr(params.cards, deck)}
    return sorted(names, key=len, reverse=True)


def chinese_left(line: str, names: list[str]) -> list[str]:
    """The CJK characters of ``line`` outside the design's names."""
    for name in names:
        line = line.replace(name, "")
    return CJK.findall(line)


def test_an_english_story_is_chinese_only_in_the_designs_names():
    """Random bots reach the corners (trades, refreshed retainers, loans, full packs, the war), the
    heuristic ones the usual game: every line, the rules' descriptions of the actions among them, is
    English but for the names of cards, places, goods and sides."""
    names, described = design_names(PARAMS), []
    lines = _told("en", ["random"] * 4, 1, described) + _told("en", described=described)
    assert len(lines) > 1000
    assert [line for line in lines if chinese_left(line, names)] == []
    assert chinese_left("Player 1 打出奖励卡 赐田", names) == list("打出奖励卡")  # the check can fail
    told = {text.values["text"].key for text in described}  # every kind of action the games took
    assert {"act.move", "act.sell", "act.trade_offer", "act.trade_accept", "act.choose_column"} <= told
    assert len(told) >= 30


def test_the_rules_descriptions_are_chinese_text_that_keeps_its_key():
    """``describe`` still returns the game's own Chinese (the JSONL ``text``), and the same words in any
    language of the game's texts; a copy or a pickle keeps the key and values."""
    described: list = []
    _told("zh", ["random"] * 4, 1, described)
    text = next(t for t in described if t.values["text"].key == "act.trade_offer")
    assert isinstance(text, Said) and re.match(r"玩家\d 向玩家\d提议交易：玩家\d出", text)
    english = in_lang(text, "en")
    assert re.match(r"Player \d offers Player \d a trade: Player \d gives ", english)
    assert in_lang(text, "zh") == text and in_lang("plain", "en") == "plain"
    for again in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert again == text and isinstance(again, Said) and again.in_lang("en") == english


def test_a_game_is_told_in_english_line_for_line():
    english, chinese = _told("en"), _told("zh")
    assert len(english) == len(chinese) > 100
    assert english[0] == "== Opening: retainers and families, merchants placed, official post roads =="
    assert any(line.startswith("== Round 1 · Hongwu period · start player") for line in english)
    assert any("round income" in line for line in english)
    assert not any(line.startswith("== 第") for line in english)


def test_a_narrator_asked_for_a_language_without_texts_tells_in_the_games_own():
    """``sim play --lang`` may ask for a language the game has no texts in: the story stays Chinese,
    and the narrator's ``lang`` says so (``sim play`` then shows its header and result itself)."""
    assert Narrator(list(BOTS)).lang == "zh"
    assert Narrator(list(BOTS), lang="en").lang == "en"
    assert Narrator(list(BOTS), lang="fr").lang == "zh"
