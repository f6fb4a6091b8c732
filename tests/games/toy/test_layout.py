"""The toy race is laid out as docs/architecture.md's template table says, and dispatches through tables."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from sim.core.decisions import ActionChoice
from sim.core.play import play_game
from sim.games.toy import SPEC
from sim.games.toy.bots.greedy import VALUES, GreedyBot
from sim.games.toy.rules import DECISIONS
from sim.games.toy.rules import view as view_module

ROOT = Path(__file__).resolve().parents[3]
TOY = ROOT / "sim" / "games" / "toy"


def template_files() -> list[str]:
    """The package files listed in the template table of docs/architecture.md."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("## A game is a package laid out like")[1].split("\n\n")[2]
    return re.findall(r"^\| `([a-z_/]+\.(?:py|yaml))` \|", table, flags=re.MULTILINE)


def test_the_toy_has_every_file_of_the_template_table():
    files = template_files()
    assert {"params.py", "rules/state.py", "rules/actions.py", "rules/game.py", "bots/__init__.py"} <= set(
        files
    )
    assert {"rules/view.py", "configs/base.yaml"} <= set(files)
    assert [f for f in files if not (TOY / f).is_file()] == []


def test_the_template_imports_only_the_core_and_itself_relatively():
    """No module of the toy names its own package: a copy under another name needs no edit."""
    for path in TOY.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "sim.games" not in text, path
        absolute = re.findall(r"^(?:from|import) (sim\.[a-z_.]+)", text, flags=re.MULTILINE)
        assert all(module.startswith("sim.core.") for module in absolute), (path, absolute)


def test_the_view_comes_from_view_py():
    state = SPEC.game.initial_state(SPEC.params_model(hand_size=2), 3, np.random.default_rng(1))
    ours = SPEC.game.view(state, 1)
    assert ours.hands == view_module.view(state, 1).hands
    assert ours.hands[1] == state.hands[1] and ours.hands[0] == ["?", "?"] and ours.rng is None


def action_types_by_kind() -> dict[str, set[type]]:
    """Every action type each decision kind of the toy can list, seen over seeded random games."""
    seen: dict[str, set[type]] = {}
    for seed in range(20):
        state = SPEC.game.initial_state(SPEC.params_model(), 3, np.random.default_rng(seed))
        rng = np.random.default_rng(seed)
        while not SPEC.game.is_terminal(state):
            legal = SPEC.game.legal_actions(state)
            seen.setdefault(state.decision().kind, set()).update(type(a) for a in legal)
            SPEC.game.apply(state, legal[rng.integers(len(legal))])
    return seen


def test_every_choice_dispatches_through_the_decision_table():
    seen = action_types_by_kind()
    assert set(seen) == set(DECISIONS.by_kind) == {"turn", "refill"}
    turn = DECISIONS.by_kind["turn"]
    assert isinstance(turn, ActionChoice) and seen["turn"] == set(turn.actions.by_type)


def test_the_greedy_bot_values_every_action_type_through_its_table():
    seen = action_types_by_kind()
    assert set(VALUES) == set().union(*seen.values())
    state = SPEC.game.initial_state(SPEC.params_model(hand_size=2), 2, np.random.default_rng(3))
    legal = SPEC.game.legal_actions(state)
    best = GreedyBot(0).choose(SPEC.game.view(state, 0), legal, np.random.default_rng(0))
    assert VALUES[type(best)](state, best) == max(VALUES[type(a)](state, a) for a in legal)


def test_greedy_games_end_with_no_gamble():
    for seed in range(5):
        record = play_game(SPEC, SPEC.params_model(), 3, seed, ["greedy"] * 3)
        assert not record.error and all(b["gambles"] == 0 for b in record.breakdown)
