"""Display names come from each game's spec, travel in run.json, and name parameter paths."""

from __future__ import annotations

from sim.games import get_game
from sim.report.names import Names


def _names(game: str, lang: str = "zh", **info) -> Names:
    return Names.from_meta([{"variants": [{"game": game}], "games": {game: info} if info else {}}], lang)


def test_a_runs_own_names_need_no_engine():
    """A game that cannot be imported here is named from its run.json alone."""
    own = {"zh": {"title": "外来游戏", "terms": {"gone": "走完"}, "params": {"speed": "速度", "deck": ""}}}
    names = _names("nowhere.game", display_names=own, scoring_columns=["pts"])
    assert names.title("nowhere.game") == "外来游戏"
    assert names.term("nowhere.game", "gone") == "走完"
    assert names.term("nowhere.game", "deck.甲.speed.1") == "甲·速度2"
    assert names.term("nowhere.game", "deck.A.speed.1") == "deck.A.speed.1"  # "A" has no name
    assert names.is_scoring("nowhere.game", "pts") and not names.is_scoring("nowhere.game", "vp_x")


def test_a_parameter_path_reads_part_by_part_in_chinese():
    names = _names("mingchu")
    assert names.term("mingchu", "cards.门客.账房先生.ability.0.amount") == "账房先生·能力1·数量"
    assert names.term("mingchu", "loans.interest") == "借贷·利息"
    assert names.term("mingchu", "loans.no_such_part") == "loans.no_such_part"  # never half translated
    assert _names("mingchu", "en").term("mingchu", "loans.interest") == "loans.interest"


def test_every_bundled_game_names_its_columns_end_reasons_and_bots_in_chinese():
    for game in ("brass", "mingchu", "steam", "toy"):
        spec = get_game(game)
        names = _names(game)
        assert names.title(game) != game
        for column in spec.report.breakdown_columns:
            assert names.term(game, column) != column, (game, column)
        for bot in spec.bots.bots:
            assert names.term(game, bot) != bot, (game, bot)


def test_mingchu_columns_read_as_words_in_english():
    """An English reader of a 明初商途 report sees no code name (``flow_trade_favor_out``) for a column."""
    names = _names("mingchu", "en")
    for column in get_game("mingchu").report.breakdown_columns:
        shown = names.term("mingchu", column)
        assert "_" not in shown, (column, shown)
    assert names.term("mingchu", "flow_trade_favor_out") == "恩义 given in trades"


def test_the_generic_bots_and_their_budgets_read_in_chinese():
    """A search bot's name never reaches a Chinese reader as code (``rollout:2@roadbuilder``)."""
    from sim.bots import GENERIC_BOTS

    names = _names("mingchu")
    for bot in GENERIC_BOTS:
        assert names.term("mingchu", bot) != bot, bot
    assert names.term("mingchu", "rollout:2") == "推演搜索:2"
    assert names.term("mingchu", "mcts:200") == "蒙特卡洛树搜索:200"
    assert names.term("mingchu", "rollout:2@roadbuilder") == "推演搜索:2（修路型路线）"
    assert _names("mingchu", "en").term("mingchu", "rollout:2@roadbuilder") == "rollout:2@roadbuilder"
