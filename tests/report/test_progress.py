"""The progress bars draw only on a terminal: a log file or a pipe gets no carriage-return lines."""

from __future__ import annotations

import io
import sys

from sim.report.build import ReportProgress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _drawn(stream: io.StringIO, monkeypatch) -> str:
    monkeypatch.setattr(sys, "stderr", stream)
    with ReportProgress("zh", enabled=True) as step:
        step("读取")
        step("统计")
    return stream.getvalue()


def test_the_report_bar_is_silent_off_a_terminal(monkeypatch):
    assert _drawn(io.StringIO(), monkeypatch) == ""


def test_the_report_bar_draws_on_a_terminal(monkeypatch):
    assert "\r" in _drawn(_Terminal(), monkeypatch)
