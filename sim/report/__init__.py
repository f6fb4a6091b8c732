"""Balance reports: charts, report.html, summary.md and CSV tables from run directories.

``build_report`` is imported on first use, so that reading the display names
(``sim.report.names``) does not load the charting and statistics stack.
"""

from __future__ import annotations

from typing import Any

__all__ = ["build_report"]


def __getattr__(name: str) -> Any:
    if name == "build_report":
        from sim.report.build import build_report

        return build_report
    raise AttributeError(f"module 'sim.report' has no attribute {name!r}")
