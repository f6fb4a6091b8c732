"""The notebooks: committed with their outputs, and each chart the one its heading names.

Two checks. The committed notebooks (what a reader sees on opening them) hold an output for every
code cell, no error, a chart under every chart heading and nothing of this machine (no absolute
path). And each notebook, run end to end at its smoke-test size (``SIM_NOTEBOOK_QUICK=1``), draws
under each heading the chart the heading names: the figure's title, panel titles or axis names
contain the heading's subject (the heading without its "第N步：" / "Step N:" prefix).
"""

from __future__ import annotations

import base64
import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))
MAX_PNG_BYTES = 120_000
"""A chart is a modest-dpi PNG: outputs stay small enough to review in a diff."""
MACHINE_FOLDERS = ("tmp", "work", "home", "root", "Users")
MACHINE_PATHS = re.compile("(" + "|".join(f"/{folder}/" for folder in MACHINE_FOLDERS) + r"|[A-Z]:\\\\)")

PROBE = """
import json as _json
import matplotlib.pyplot as _plt
def _texts(fig):
    texts = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    return [t for t in texts if t]
print(_json.dumps([_texts(_plt.figure(n)) for n in _plt.get_fignums()], ensure_ascii=False))
_plt.close("all")
"""
"""Run after each cell: the texts of the figures it drew (the test keeps figures open to read them)."""


def heading_subject(markdown: str) -> str | None:
    """The last heading of a markdown cell, without its step prefix; None when it has none."""
    headings = [line.lstrip("#").strip() for line in markdown.splitlines() if line.startswith("#")]
    if not headings:
        return None
    return re.sub(r"^(第\S+步[：:]|Step \d+[.:])\s*", "", headings[-1])


def chart_mismatches(cells: list[tuple[str | None, list[list[str]]]]) -> list[str]:
    """For each code cell (its heading's subject, the texts of the figures it drew): the cells whose
    figures do not name their heading's subject (or that draw a chart under no heading)."""
    problems = []
    for subject, figures in cells:
        for texts in figures:
            if subject is None:
                problems.append(f"a chart under no heading: {texts}")
            elif not any(subject.casefold() in text.casefold() for text in texts):
                problems.append(f"heading {subject!r} over a chart of {texts}")
    return problems


def _code_cells_with_headings(book) -> list[tuple[str | None, object]]:
    subject, out = None, []
    for cell in book.cells:
        if cell.cell_type == "markdown":
            subject = heading_subject(cell.source) or subject
        elif cell.cell_type == "code":
            out.append((subject, cell))
    return out


def _images(cell) -> list[bytes]:
    return [
        base64.b64decode(o["data"]["image/png"])
        for o in cell.get("outputs", [])
        if "image/png" in o.get("data", {})
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_notebook_holds_its_outputs(path):
    book = nbformat.read(path, as_version=4)
    cells = _code_cells_with_headings(book)
    assert cells, f"{path.name} has no code"
    for subject, cell in cells:
        assert cell.get("execution_count") is not None, (
            f"{path.name}: a cell was not run: {cell.source[:60]!r}"
        )
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", (
                f"{path.name}: {output.get('ename')}: {output.get('evalue')}"
            )
            assert output.get("name") != "stderr", (
                f"{path.name}: stderr output {output.get('text', '')[:80]!r}"
            )
            text = json.dumps(output.get("data", {}).get("text/plain", "")) + output.get("text", "")
            assert not MACHINE_PATHS.search(text), f"{path.name}: a path of this machine in {text[:120]!r}"
        for png in _images(cell):
            assert len(png) < MAX_PNG_BYTES, f"{path.name}: a {len(png):,}-byte chart under {subject!r}"
    charts = [subject for subject, cell in cells if _images(cell)]
    assert charts, f"{path.name} shows no chart"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_and_each_chart_is_the_one_its_heading_names(path, monkeypatch):
    monkeypatch.delenv("MPLBACKEND", raising=False)  # as in Jupyter: the inline backend
    monkeypatch.delenv("SIM_RUN_DIR", raising=False)
    book = nbformat.read(path, as_version=4)
    client = NotebookClient(
        book, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    drawn = []
    with client.setup_kernel(env={**os.environ, "SIM_NOTEBOOK_QUICK": "1"}):
        probe = nbformat.v4.new_code_cell(PROBE)
        setup = nbformat.v4.new_code_cell("%config InlineBackend.close_figures = False")
        client.execute_cell(setup, 0)
        for index, (subject, cell) in enumerate(_code_cells_with_headings(book)):
            client.execute_cell(cell, index)
            errors = [o for o in cell.outputs if o.get("output_type") == "error"]
            assert errors == [], f"{path.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
            probe.outputs = []
            client.execute_cell(probe, index)
            figures = json.loads(
                "".join(o.get("text", "") for o in probe.outputs if o.get("name") == "stdout")
            )
            assert len(figures) == len(_images(cell)), f"{path.name}: a figure drawn but not shown"
            drawn.append((subject, figures))
    assert any(figures for _, figures in drawn), f"{path.name} shows no chart"
    assert chart_mismatches(drawn) == []


def test_the_heading_check_catches_a_chart_under_the_wrong_heading():
    assert heading_subject("## 第四步：账房先生改了什么\n\n说明") == "账房先生改了什么"
    assert heading_subject("## Seat win rates\ntext") == "Seat win rates"
    assert heading_subject("plain text") is None
    right = ("账房先生改了什么", [["账房先生改了什么：持有者的配对效应", "胜率份额效应（百分点）"]])
    wrong = ("账房先生改了什么", [["对局结束方式：原型"]])
    assert chart_mismatches([right]) == []
    assert chart_mismatches([right, wrong]) == [
        "heading '账房先生改了什么' over a chart of ['对局结束方式：原型']"
    ]
    assert chart_mismatches([(None, [["Seat win rates"]])]) == [
        "a chart under no heading: ['Seat win rates']"
    ]
