"""File and folder names built from what a designer typed or a config holds (card ids, parameter
paths, variant names): always one name inside the folder they are made in, so an id such as
``../../../../x`` or ``a/b`` can never reach outside it."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

RUNS = Path("runs")
"""Where commands put their output folders when ``--out`` is not given."""

MAX_BYTES = 200
"""Longest name kept whole (file systems allow 255 bytes); longer ones are cut and given a hash."""

_UNSAFE = re.compile(r"[^\w.=+,-]+")


def file_component(text: str) -> str:
    """``text`` as a single file or folder name: path separators and characters other than letters,
    digits, ``. = + , -`` become ``_``; no leading dot (so never ``..``), never empty; a name too long
    for a file system is cut and ends with a hash of the whole."""
    name = _UNSAFE.sub("_", text).strip("_").lstrip(".") or "_"
    if len(name.encode("utf-8")) <= MAX_BYTES:
        return name
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    cut = name.encode("utf-8")[: MAX_BYTES - len(digest) - 1].decode("utf-8", errors="ignore")
    return f"{cut}-{digest}"


def runs_folder(*parts: object) -> Path:
    """The default output folder ``runs/<parts joined by ->`` (one safe name, see ``file_component``)."""
    return RUNS / file_component("-".join(str(p) for p in parts))
