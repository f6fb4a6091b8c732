"""The repository stands alone: no committed file names a path outside it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"\.\./shared|/work/|/root/|/home/\w|[A-Z]:\\\\Users")


def tracked_text_files() -> list[Path]:
    names = subprocess.check_output(["git", "ls-files"], cwd=ROOT, text=True).splitlines()
    return [ROOT / n for n in names if (ROOT / n).is_file() and not n.startswith("tests/golden/")]


def test_no_file_names_a_path_outside_the_repository():
    found = []
    for path in tracked_text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line) and path.name != "test_standalone.py":
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "paths outside the repository:\n" + "\n".join(found)
