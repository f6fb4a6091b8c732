"""A report names its configs the way a designer types them: the bundled config by its name
(``toy/base``), never by an absolute path of the machine that made the run."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.core.resources import config_root, shown_config


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_report_shows_the_bundled_config_by_name_and_no_absolute_path(tmp_path, lang):
    out = tmp_path / "run"
    runner = CliRunner()
    args = ["run", "toy", "-p", "2", "-n", "40", "--set", "fail_rate=0.2", "--max-error-rate", "1"]
    assert runner.invoke(cli, [*args, "--out", str(out), "--no-progress"]).exit_code == 0
    assert str(config_root()) in (out / "run.json").read_text(encoding="utf-8")  # the run records where
    result = runner.invoke(cli, ["report", str(out), "--lang", lang, "--no-progress"])
    assert result.exit_code == 0, result.output
    root = str(Path(config_root()).resolve().parents[1])
    written = [p for p in (out / "report").rglob("*") if p.suffix in (".html", ".md", ".csv")]
    for path in written:
        text = path.read_text(encoding="utf-8-sig")
        assert root not in text and str(config_root()) not in text, path.name
    html = (out / "report" / "report.html").read_text(encoding="utf-8")
    assert "sim play toy/base --players 2" in html  # the failed games' replay commands run as shown
    assert ">toy/base<" in html  # the runs section's config column


def test_shown_config_names_bundled_files_and_keeps_relative_paths(tmp_path):
    assert shown_config(config_root() / "mingchu" / "base.yaml") == "mingchu/base"
    assert shown_config("configs/mingchu/base.yaml") == "configs/mingchu/base.yaml"
    assert shown_config(tmp_path / "mine" / "v.yaml") == "mine/v.yaml"
