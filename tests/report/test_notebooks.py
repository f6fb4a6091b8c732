"""The notebooks run end to end on a small real run and show their charts (image outputs)."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_shows_charts(path, monkeypatch):
    monkeypatch.delenv("MPLBACKEND", raising=False)  # as in Jupyter: the inline backend
    monkeypatch.delenv("SIM_RUN_DIR", raising=False)
    book = nbformat.read(path, as_version=4)
    NotebookClient(
        book, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute(env=dict(os.environ))
    images = [
        output
        for cell in book.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "image/png" in output.get("data", {})
    ]
    assert images, f"{path.name} shows no chart"
    errors = [o for c in book.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
