"""明初商途's texts (``texts/<lang>.py``): a game played reads none of them (texts are built for the
play log and the reports only), and the English ones tell the cards and a whole game: every bundled
card's effects, conditions and scoring rules, and every fact of a played game, format from them
without a missing key or field, in English words (the rules' action descriptions and the cards',
places' and goods' names are still the game's own Chinese: ``sim play`` tells the game in Chinese)."""

from __future__ import annotations

from pydantic import BaseModel

import sim.texts
from sim.config import load_config
from sim.core.play import play_game
from sim.games import get_game
from sim.games.mingchu.story.cardtext import condition_text, effects_text, score_text
from sim.games.mingchu.story.narrator import Narrator
from sim.games.mingchu.texts import languages
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


def _told(lang: str) -> list[str]:
    narrator, lines = Narrator(list(BOTS), lang=lang), []

    def hook(state, seat, action, text):
        facts, _ = narrator.step(state, seat, action)
        lines.extend(fact.text for fact in facts if fact.text is not None)

    record = play_game(SPEC, PARAMS, len(BOTS), 3, list(BOTS), on_step=hook)
    assert not record.error
    return lines


def test_a_game_is_told_in_english_line_for_line():
    english, chinese = _told("en"), _told("zh")
    assert len(english) == len(chinese) > 100
    assert english[0] == "== Opening: retainers and families, merchants placed, official post roads =="
    assert any(line.startswith("== Round 1 · Hongwu period · start player") for line in english)
    assert any("round income" in line for line in english)
    assert not any(line.startswith("== 第") for line in english)
