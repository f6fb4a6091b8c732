"""Balance reports: charts, report.html, summary.md and CSV tables from run directories."""

from sim.report.build import build_report

__all__ = ["build_report"]
