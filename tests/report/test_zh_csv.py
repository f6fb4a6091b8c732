"""Every CSV table a Chinese report writes (compare, sweep) is for a Chinese spreadsheet:
Chinese headers, seats from 1, rounded numbers in plain notation, UTF-8 with a BOM."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.report.csv_tables import plain_number

CJK = re.compile(r"[\u4e00-\u9fff]")
RAW_FLOAT = re.compile(r"^-?\d+\.\d{5,}$|^-?\d+(\.\d+)?e[-+]?\d+$", re.IGNORECASE)
SMALL = ["-p", "2", "-n", "4", "--no-progress", "--lang", "zh"]


def read(path: Path) -> list[list[str]]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf"), f"{path.name}: no UTF-8 BOM"
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    """A Chinese compare and a Chinese sweep of the toy game, each with its report."""
    base = tmp_path_factory.mktemp("zh")
    commands = {
        "compare": ["compare", "toy", "--set-b", "target=14", *SMALL, "--out", str(base / "compare")],
        "sweep": ["sweep", "toy", "--param", "max_step=2,3", *SMALL, "--out", str(base / "sweep")],
    }
    for name, args in commands.items():
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        assert list((base / name).rglob("tables/*.csv")), f"{name} wrote no CSV table"
    return {name: base / name for name in commands}


@pytest.mark.parametrize("kind", ["compare", "sweep"])
def test_every_chinese_csv_has_chinese_headers_seats_from_1_and_plain_rounded_numbers(reports, kind):
    for path in sorted(reports[kind].rglob("*.csv")):
        rows = read(path)
        header, body = rows[0], rows[1:]
        english = [h for h in header if h and not CJK.search(h)]
        assert not english, f"{path.name}: headers without Chinese: {english}"
        raw = [cell for row in body for cell in row if RAW_FLOAT.match(cell)]
        assert not raw, f"{path.name}: raw floats {raw[:5]}"
        if "座位" in header:
            seats = [int(row[header.index("座位")]) for row in body]
            assert not seats or min(seats) == 1, f"{path.name}: seats {sorted(set(seats))}"


def test_plain_numbers_round_away_float_noise_and_scientific_notation():
    assert plain_number(0.08000000000000002) == "0.08"
    assert plain_number(3.29e-06) == "0"
    assert plain_number(-1e-9) == "0"
    assert plain_number(12.0) == "12"
    assert plain_number(0.123456) == "0.1235"


def test_chinese_gaps_and_half_widths_are_in_percentage_points(reports):
    """A seat gap or an interval's half-width is a difference of two shares: 个百分点, never %."""
    for kind, folder in reports.items():
        for page in [*folder.rglob("summary.md"), *folder.rglob("report.html")]:
            text = page.read_text(encoding="utf-8")
            wrong = re.findall(r"(?:偏差|±)\s?-?\d+(?:\.\d+)?%", text)
            assert not wrong, f"{kind}/{page.name}: {wrong[:3]}"
            assert "个百分点" in text, f"{kind}/{page.name} states no gap"
