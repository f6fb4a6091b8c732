"""The shared layers hold no game: no module of config, core, dataset, bots, runner, stats, report,
the card lab or the library's top-level modules (the goals loop, the game check) names a bundled game or its vocabulary (issue: a game is one self-contained package).

A game's vocabulary is read from its own spec: its registry name, its titles, its breakdown columns,
its decks and the Chinese code names of its display names (end reasons and the like). The command
line's help examples (``sim.cli``) may name the bundled games.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim.core.registry import GAME_MODULES, get_game

SIM = Path(__file__).resolve().parents[2] / "sim"
SHARED = ("config", "core", "dataset", "bots", "runner", "stats", "report", "cards")
SHARED_MODULES = (
    "check.py",
    "check_variants.py",
    "csv_files.py",
    "file_names.py",
    "goal_study.py",
    "goal_run.py",
)
"""The library's modules outside those packages (the goals loop, the game check): the command line
(``sim.cli``, ``sim.demo``) alone may name a bundled game, in its help examples."""
ORDINARY_WORDS = {"事件", "订单"}
"""Decks of 明初商途 whose names are the ordinary words for "event" and "order" (report text uses them
in their ordinary sense)."""
CJK = re.compile(r"[\u4e00-\u9fff]")


def vocabulary(game: str) -> set[str]:
    """The words that belong to ``game`` alone, from its spec."""
    spec = get_game(game)
    words = {game, spec.title}
    words |= {column for column in spec.report.breakdown_columns if "_" in column}
    if spec.cards.decks is not None:
        words |= set(spec.cards.decks.model_fields)
    for names in spec.report.display_names.values():
        words.add(names.get("title", ""))
        words |= {term for term in names.get("terms") or {} if CJK.search(term)}
    return {word for word in words if len(word) >= 2} - ORDINARY_WORDS


def pattern(word: str) -> re.Pattern[str]:
    if CJK.search(word):
        return re.compile(re.escape(word))
    return re.compile(r"(?<![A-Za-z0-9_])" + re.escape(word) + r"(?![A-Za-z0-9_])", re.IGNORECASE)


def mentions(words: set[str], root: Path = SIM) -> list[str]:
    """``file:line: word`` for every mention of ``words`` in the shared layers' modules."""
    found = []
    compiled = [(word, pattern(word)) for word in sorted(words)]
    paths = [path for layer in SHARED for path in sorted((root / layer).rglob("*.py"))]
    paths += [root / name for name in SHARED_MODULES if (root / name).is_file()]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for word, regex in compiled:
            for match in regex.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(root.parent)}:{line}: {word}")
    return found


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_shared_layers_name_no_bundled_game(game: str) -> None:
    assert mentions(vocabulary(game)) == []


def test_the_vocabulary_is_the_games_own() -> None:
    """The check is not vacuous: it finds each game's words in the game's own package."""
    for game in GAME_MODULES:
        words = vocabulary(game)
        assert game in words and len(words) > 1
        package = SIM / "games" / game
        text = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
        assert sum(bool(pattern(word).search(text)) for word in words) >= 2


def test_a_planted_mention_is_found(tmp_path: Path) -> None:
    (tmp_path / "report").mkdir()
    (tmp_path / "report" / "planted.py").write_text('END = "洪武驾崩"\n', encoding="utf-8")
    for layer in SHARED:
        (tmp_path / layer).mkdir(exist_ok=True)
    assert mentions(vocabulary("mingchu"), tmp_path) == [f"{tmp_path.name}/report/planted.py:1: 洪武驾崩"]
