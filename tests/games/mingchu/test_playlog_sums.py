"""The play log's sums are the sums of the lines it shows: a round's income is the sales the log
lists for that seat in that round plus each bonus it names (a 门客's +2 included)."""

from __future__ import annotations

import json
import re
from collections import defaultdict

from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT

PRICE = re.compile(r"得 (\d+) 铜币")
VARIANT = f"""game: mingchu
extends: {(ROOT / "configs/mingchu/base.yaml").as_posix()}
cards:
  门客:
    - {{id: 塾师, count: 10}}
"""


def test_each_income_line_is_its_sales_plus_its_named_bonuses(tmp_path):
    config = tmp_path / "many-tutors.yaml"  # 塾师: +2 income a round, dealt often
    config.write_text(VARIANT, encoding="utf-8")
    checked = bonused = 0
    for seed in ("1", "2"):
        log = tmp_path / f"game{seed}.jsonl"
        args = ["play", str(config), "-p", "5", "--seed", seed, "--log", str(log), "--quiet"]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        sold: dict[tuple[int, int], int] = defaultdict(int)
        for row in rows:
            if row.get("event") == "action" and row.get("action") == "SellProduced":
                sold[row["round"], row["seat"]] += int(PRICE.search(row["text"]).group(1))
            if row.get("event") == "fact" and row.get("fact") == "income":
                key = (row["round"], row["seat"])
                assert row["sales"] == sold.pop(key, 0), f"round {key[0]}, seat {key[1] + 1}: {row['text']}"
                assert row["income"] == max(0, row["sales"] + sum(row["bonuses"].values())), row["text"]
                for name, amount in row["bonuses"].items():
                    assert f"{name}{abs(amount)}" in row["text"]
                checked += 1
                bonused += bool(row["bonuses"])
        assert not sold, f"sales with no income line: {dict(sold)}"
    assert checked >= 20 and bonused >= 1, (checked, bonused)
