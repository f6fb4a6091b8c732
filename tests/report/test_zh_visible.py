"""What a Chinese designer sees: Chinese reports of a 明初商途 sweep, a compare and a card study and
of Brass and Steam, rendered by headless Chromium, show no code name (snake_case identifier,
dotted config path, English bot name or event kind) and no scientific notation; every CSV the
commands write has Chinese headers.

Text a designer types (commands and config keys in ``<code>``/``<pre>`` or a ``code`` cell) is
code by design and is not checked; ``ALLOWED`` lists, with a reason, what is still allowed."""

from __future__ import annotations

import csv
import html
import io
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli

CHROMIUM = Path("/usr/bin/chromium")
MINGCHU = "configs/mingchu/base.yaml"
SMALL = ["-n", "3", "--no-progress"]

CJK = re.compile(r"[\u4e00-\u9fff]")
SNAKE = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w-])")
DOTTED = re.compile(
    r"(?<![\w.])[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff-]*(?:\.[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff-]*)+"
)
FILE_NAME = re.compile(r"\.(?:ya?ml|csv|png|svg|md|html|parquet|json|jsonl)$")
RUN_ID = re.compile(r"[0-9a-f]{12}")
"""A run's id (12 hex digits) may read like scientific notation (``3681e4070899``): it is an id."""
SCIENTIFIC = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?[eE][-+]?\d+(?![\w.])")
BOTS = ("industrialist", "roadbuilder", "runner", "random", "greedy", "builder", "income", "merchant",
        "networker", "potter", "heuristic", "rollout", "mcts")  # fmt: skip
EVENT_KINDS = ("hit", "used", "drawn", "taken", "played", "scored", "applied")
ENGLISH = re.compile(r"(?<![A-Za-z])(?:" + "|".join(BOTS + EVENT_KINDS) + r")(?![A-Za-z])", re.IGNORECASE)

ALLOWED: dict[str, str] = {
    "human_winning_score": "the config key a designer writes to give a human reference score; the "
    "sentence quotes the YAML to type (reference: {human_winning_score: {4: 120}})",
}
"""Code names still shown, each with the reason it is allowed for now."""

CODE = re.compile(
    r"<(code|pre)\b[^>]*>.*?</\1>|<td\b[^>]*class=\"[^\"]*\bcode\b[^\"]*\"[^>]*>.*?</td>", re.S | re.I
)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The five Chinese outputs, at a few games each (one module-wide run of each command)."""
    base = tmp_path_factory.mktemp("zh_visible")
    param = "cards.门客.账房先生.ability.0.amount=1,3"
    commands = [
        ["sweep", MINGCHU, "--param", param, "-p", "4", *SMALL, "--lang", "zh", "--out", str(base / "sweep")],
        ["compare", MINGCHU, "configs/mingchu/price-leather-7.yaml", "-p", "4", *SMALL, "--lang", "zh",
         "--out", str(base / "compare")],
        ["cards", "study", MINGCHU, "--deck", "门客", "--cards", "赌徒", "--design", "paired", "-p", "4", *SMALL,
         "--lang", "zh", "--out", str(base / "study")],
        ["run", "brass", "-p", "2", *SMALL, "--out", str(base / "brass")],
        ["report", str(base / "brass"), "--lang", "zh"],
        ["run", "steam", "-p", "3", *SMALL, "--out", str(base / "steam")],
        ["report", str(base / "steam"), "--lang", "zh"],
    ]  # fmt: skip
    for args in commands:
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, f"sim {' '.join(args)}:\n{result.output}"
    return {name: base / name for name in ("sweep", "compare", "study", "brass", "steam")}


def visible_text(page: Path, profile: Path) -> str:
    """The page's text as Chromium renders it: its DOM after scripts ran, without scripts, styles,
    tags and the code a designer types."""
    result = subprocess.run(
        [
            str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--virtual-time-budget=3000", "--dump-dom", page.as_uri(),
        ],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    dom = result.stdout
    assert "<body" in dom, result.stderr[-2000:]
    dom = re.sub(r"<(script|style|title)\b.*?</\1>", " ", dom, flags=re.S | re.I)
    dom = CODE.sub(" ", dom)
    return html.unescape(re.sub(r"<[^>]+>", "\n", dom))


def code_names(text: str) -> dict[str, list[str]]:
    """Every code name and scientific-notation number in ``text``, by kind (allowed ones left out)."""
    found = {
        "snake_case": SNAKE.findall(text),
        "dotted path": [d for d in DOTTED.findall(text) if not FILE_NAME.search(d)],
        "English bot or event": ENGLISH.findall(text),
        "scientific notation": [x for x in SCIENTIFIC.findall(text) if not RUN_ID.fullmatch(x)],
    }
    return {
        kind: sorted(set(items) - set(ALLOWED)) for kind, items in found.items() if set(items) - set(ALLOWED)
    }


def test_the_checks_catch_what_they_look_for():
    raw = "卡牌（hit）：cards.事件.征发民夫, FarmBrewery_South, canal_era_end, runner 拿走了, p = 3.29e-06"
    assert set(code_names(raw)) == {
        "snake_case",
        "dotted path",
        "English bot or event",
        "scientific notation",
    }
    assert code_names("账房先生·能力1·数量 = 3：胜率 25.0%（base.yaml）") == {}


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
def test_chinese_reports_show_no_code_names(outputs, tmp_path):
    pages = {name: folder / "report" / "report.html" for name, folder in outputs.items() if name != "study"}
    with ThreadPoolExecutor(max_workers=2) as pool:
        texts = dict(
            zip(pages, pool.map(lambda kv: visible_text(kv[1], tmp_path / kv[0]), pages.items()), strict=True)
        )
    texts["study"] = (outputs["study"] / "report" / "card-study.md").read_text(encoding="utf-8")
    for name, text in texts.items():
        assert CJK.search(text), f"{name}: no Chinese text"
    found = {name: code_names(text) for name, text in texts.items()}
    assert {name: f for name, f in found.items() if f} == {}
    for name in ("brass", "steam"):  # places (Brass towns, Steam's base-map cities) by their Chinese names
        unused = [line for line in texts[name].splitlines() if line.startswith("未使用的内容：")]
        assert unused and not re.search(r"[A-Za-z]", "".join(unused)), (name, unused)


def test_every_csv_has_chinese_headers(outputs):
    paths = sorted(p for folder in outputs.values() for p in folder.rglob("*.csv"))
    assert any(p.name == "card-study.csv" for p in paths) and len(paths) >= 20
    english = {}
    for path in paths:
        header = next(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))
        if bad := [h for h in header if h and not CJK.search(h)]:
            english[str(path.relative_to(path.parents[2]))] = bad
    assert english == {}
