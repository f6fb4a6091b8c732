"""``make setup``'s choice of interpreter: a statically linked build of python3's own version, else python3."""

from __future__ import annotations

import sys

import pytest

from sim.core import pick_python


def test_the_probe_reads_the_running_interpreter():
    info = pick_python.probe(sys.executable)
    assert info is not None
    assert info["version"] == list(sys.version_info[:2])
    assert info["makes_venv"] is True
    assert isinstance(info["shared"], bool)


def test_a_command_that_does_not_run_is_no_candidate():
    assert pick_python.probe("no-such-python-here") is None


def _fake(monkeypatch, found: dict[str, dict]) -> None:
    """``probe`` answers from ``found`` (command -> what it reports); ``candidates`` lists them."""
    monkeypatch.setattr(pick_python, "probe", lambda command: found.get(command))
    monkeypatch.setattr(pick_python, "candidates", lambda: list(found))


def _python(
    executable: str, *, version=(3, 11), shared=False, venv=True, headers=True, in_venv=False
) -> dict:
    return {
        "version": list(version),
        "executable": executable,
        "shared": shared,
        "makes_venv": venv,
        "headers": headers,
        "in_venv": in_venv,
    }


@pytest.mark.parametrize(
    ("other", "picked"),
    [
        (_python("static"), "other"),
        (_python("static", version=(3, 12)), "python3"),  # another version: other wheels, not chosen
        (_python("shared", shared=True), "python3"),
        (_python("static", venv=False), "python3"),
        (_python("static", headers=False), "python3"),  # the compiled cores need the headers
        (_python("static", in_venv=True), "python3"),
        (_python("default"), "python3"),  # the same interpreter under another name
    ],
)
def test_a_static_build_of_the_same_version_is_preferred(monkeypatch, other, picked):
    _fake(monkeypatch, {"python3": _python("default", shared=True), "other": other})
    assert pick_python.pick() == picked


def test_a_static_python3_is_kept(monkeypatch):
    _fake(monkeypatch, {"python3": _python("default"), "other": _python("static")})
    assert pick_python.pick() == "python3"


def test_no_python3_leaves_the_default_name(monkeypatch):
    _fake(monkeypatch, {"other": _python("static")})
    assert pick_python.pick() == "python3"
