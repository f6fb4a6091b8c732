"""Frames as markdown tables, for the reports written as markdown (the card lab's)."""

from __future__ import annotations

import pandas as pd


def markdown_table(frame: pd.DataFrame) -> list[str]:
    """The lines of a markdown table of ``frame``: its columns as the header, each row's values as text."""
    head = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    return [
        head,
        rule,
        *("| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)),
    ]
