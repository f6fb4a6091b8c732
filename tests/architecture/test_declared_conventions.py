"""The layer contract's second half: a shared layer reads a game's columns and keys from the game's
declarations (its spec's groups, or the run.json the runner writes from them), never by convention.

Every string literal in the code of a shared layer (docstrings aside: they may name an example) is
checked against what each bundled game declares on its face: its breakdown columns, the columns of
its event tables, its own bots, its novice, its forcing setting and its flow and earned prefixes.
A literal equal to one of them is a shared layer relying on that game's name (``"forced_cards"``,
``"novice"``, ``"flow_"``), unless the word is the toolkit's own (a column of the dataset's tables,
a generic bot, the card lab's card table), which a game adopts rather than declares.

``tests/architecture/test_no_game_names.py`` checks the other half: no shared module names a bundled
game, its title or its Chinese terms anywhere, docstrings included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sim.bots import GENERIC_BOTS
from sim.core.registry import GAME_MODULES, get_game
from sim.dataset.schema import EVENT_KEYS, TABLES

SIM = Path(__file__).resolve().parents[2] / "sim"
SHARED = ("core", "dataset", "runner", "stats", "report", "cards", "bots", "config")
"""The layers below and beside the games that every game shares."""
LEGACY = Path("sim/dataset/legacy.py")
"""What a run.json written before a declaration meant: the old conventions, frozen, read only for such
a run (the one module allowed to hold them)."""
TOOLKIT_WORDS = (
    {column.name for table in TABLES.values() for column in table}
    | {column.name for column in EVENT_KEYS}
    | set(GENERIC_BOTS)
    | {"deck", "card_id", "kind"}
)
"""The toolkit's own names that a game adopts: the dataset's columns, the generic bots and the card
lab's card-table columns (docs/card-lab.md: ``events_cards`` rows name ``deck``, ``card_id``, ``kind``)."""
ORDINARY_WORDS = {"card", "count", "level", "removed"}
"""Column names of a game that are also ordinary words the shared layers use in their own sense: a
forcing entry's ``card``, a card's ``count`` of copies, a confidence ``level``, a study's ``removed``
arm (Brass's tiles table and 明初商途's trades table happen to have such columns)."""
KNOWN = {
    ("sim/report/catalogue/en.py", "novice"),
    ("sim/report/catalogue/zh.py", "greedy"),
    ("sim/report/catalogue/zh.py", "turns"),
}
"""Game terms the shared message catalogue still spells out (display texts of a play, a bot and a
column): to move into the games' display names with the catalogue's merge. A new one fails."""


def declared_words(game: str) -> dict[str, str]:
    """Word -> what ``game`` declares it as, from its spec's groups."""
    spec = get_game(game)
    words: dict[str, str] = {}
    for column in spec.report.breakdown_columns:
        words[column] = "a breakdown column"
    for table, columns in spec.report.event_tables.items():
        for column in columns:
            words.setdefault(column, f"a column of events_{table}")
    for bot in spec.bots.bots:
        words.setdefault(bot, "a bot")
    declared_keys = {
        spec.bots.novice: "its novice (BotsSpec.novice)",
        spec.cards.forced_key: "its forcing setting (CardsSpec.forced_key)",
        spec.report.flow_prefix: "its flow prefix (ReportSpec.flow_prefix)",
        spec.report.earned_prefix: "its earned prefix (ReportSpec.earned_prefix)",
    }
    words.update({key: what for key, what in declared_keys.items() if key})
    return {word: what for word, what in words.items() if word not in TOOLKIT_WORDS | ORDINARY_WORDS}


def literals(path: Path) -> list[tuple[int, str]]:
    """(line, value) of every string literal of a module but its docstrings (a module's, a class's, a
    function's and an attribute's: a string standing as a statement); f-strings' fixed parts included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstrings |= {
                id(statement.value)
                for statement in node.body
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((node.lineno, node.value))
    return found


def conventions(words: dict[str, str], root: Path = SIM) -> list[str]:
    """``file:line: "literal" is <what the game declares it as>`` for every literal of a shared
    layer equal to one of ``words``."""
    found = []
    for layer in SHARED:
        for path in sorted((root / layer).rglob("*.py")):
            name = path.relative_to(root.parent)
            if name == LEGACY:
                continue
            for line, value in literals(path):
                if value in words and (name.as_posix(), value) not in KNOWN:
                    found.append(f'{name}:{line}: "{value}" is {words[value]}')
    return sorted(set(found))


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_shared_layers_read_the_games_conventions_from_its_declarations(game: str) -> None:
    assert conventions(declared_words(game)) == []


def test_the_declared_words_are_the_games_own() -> None:
    """Not vacuous: each game declares words, and 明初商途 its novice, forcing key and prefixes."""
    words = declared_words("mingchu")
    assert {"novice", "forced_cards", "flow_", "earned_"} <= set(words)
    assert all(len(declared_words(game)) >= 2 for game in GAME_MODULES)


def test_a_planted_convention_is_found(tmp_path: Path) -> None:
    """The check fails on a shared module naming a game's key by convention, not on its docstring."""
    for layer in SHARED:
        (tmp_path / layer).mkdir()
    (tmp_path / "cards" / "planted.py").write_text(
        '"""Forces a card with ``forced_cards``."""\n\nFORCED_KEY = "forced_cards"\nFLOW = f"flow_{1}"\n',
        encoding="utf-8",
    )
    assert conventions(declared_words("mingchu"), tmp_path) == [
        f'{tmp_path.name}/cards/planted.py:3: "forced_cards" is its forcing setting (CardsSpec.forced_key)',
        f'{tmp_path.name}/cards/planted.py:4: "flow_" is its flow prefix (ReportSpec.flow_prefix)',
    ]
