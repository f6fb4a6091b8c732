"""`make walkthrough` leaves docs/walkthrough.zh.md as committed: the page's figures are what its
commands print with today's code (a code change changes the run ids, so the page must be rebuilt)."""

from __future__ import annotations

import difflib
import subprocess
import sys

from tests.runner.helpers import ROOT


def test_the_walkthrough_regenerates_unchanged(tmp_path):
    page = tmp_path / "walkthrough.zh.md"
    command = [sys.executable, str(ROOT / "docs" / "make_walkthrough.py"), "--out", str(page)]
    subprocess.run([*command, "--root", str(tmp_path / "root")], check=True, cwd=ROOT, timeout=900)
    committed = (ROOT / "docs" / "walkthrough.zh.md").read_text(encoding="utf-8")
    fresh = page.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            committed.splitlines(True), fresh.splitlines(True), "committed", "regenerated", n=0
        )
    )
    assert fresh == committed, f"docs/walkthrough.zh.md is stale; run `make walkthrough`:\n{diff[:3000]}"
