"""Write docs/walkthrough.zh.md by running every step it shows (small runs, about a minute).

    .venv/bin/python docs/make_walkthrough.py [--out PAGE] [--root FOLDER]

Each command is run from the repository root (or from FOLDER, which sees the repository's configs:
the test regenerates the page there and compares it with the committed one) and its real output is pasted into the page, so no
figure in the walkthrough is typed by hand. The runs go to runs/walkthrough/ (not committed)."""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = Path("runs/walkthrough")
GAMES = "8"
PLAYERS = "4"
VARIANT = WORK / "诰命三分.yaml"
VARIANT_TEXT = """game: mingchu
extends: mingchu/base
description: 诰命 第一个选项从 2 分改为 3 分
cards:
  下赏:
    - {id: 诰命, options: [[{effect: gain_vp, amount: 3}], [{effect: income_track, steps: 1}]]}
"""


def sim(root: Path, *args: str) -> tuple[str, str]:
    """Run ``sim ARGS`` from ``root``; return the command as typed and its output."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    result = subprocess.run(
        [sys.executable, "-m", "sim", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    output = (result.stdout + result.stderr).strip()
    return "sim " + " ".join(args), output


PACE = re.compile(r"(单个工作进程约 |about )[0-9.,?]+( 分钟| minutes of one worker)")
"""A time estimate from this run's pace (a goal's games still needed): it varies from run to run."""


def steady(text: str) -> str:
    """``text`` with the run's time estimates shown as "…": the page regenerates unchanged."""
    return PACE.sub(r"\1…\2", text)


def block(command: str, output: str) -> str:
    return f"```console\n$ {command}\n{steady(output)}\n```\n"


def answers_from(report: Path) -> list[str]:
    """The answers block at the top of report.html, as Markdown lines."""
    page = report.read_text(encoding="utf-8")
    part = page[
        page.index('<div class="answers">') : page.index("</div>", page.index('<div class="answers">'))
    ]
    lines = []
    for tag, text in re.findall(r"<(h3|li)>(.*?)</\1>", part, re.S):
        text = html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
        text = steady(text)
        lines.append(f"\n**{text}**\n" if tag == "h3" else f"- {text}")
    return lines


def main(page_path: Path = ROOT / "docs" / "walkthrough.zh.md", root: Path = ROOT) -> None:
    if root != ROOT and not (root / "configs").exists():
        root.mkdir(parents=True, exist_ok=True)
        (root / "configs").symlink_to(ROOT / "configs", target_is_directory=True)
    work = root / WORK
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    base_cmd, base_out = sim(
        root,
        "run",
        "configs/mingchu/base.yaml",
        "-p",
        PLAYERS,
        "-n",
        GAMES,
        "--no-progress",
        "--lang",
        "zh",
        "-o",
        str(WORK / "base"),
    )
    (root / VARIANT).write_text(VARIANT_TEXT, encoding="utf-8")
    compare_cmd, compare_out = sim(
        root, "compare", "configs/mingchu/base.yaml", str(VARIANT), "-p", PLAYERS, "-n", GAMES,
        "--no-progress", "--no-report", "--lang", "zh", "-o", str(WORK / "compare"),
    )  # fmt: skip
    report_cmd, report_out = sim(
        root, "report", str(WORK / "compare"), "--out", str(WORK / "report"), "--lang", "zh", "--no-progress"
    )
    report = root / WORK / "report"
    summary = steady((report / "summary.md").read_text(encoding="utf-8"))
    summary = summary.split("\n", 2)[2].replace("\n## ", "\n#### ")  # drop its title, nest its headings
    charts = sorted(p.name for p in (report / "charts").glob("*.png"))
    page = [
        "# 明初商途：从原型到报告（演练）",
        "",
        "> 本页由 `docs/make_walkthrough.py` 生成：脚本依次运行下面每条命令，并把真实输出原样贴进来，"
        "页面里没有手工填写的数字。每步只跑 "
        f"{GAMES} 局 {PLAYERS} 人局，所以区间很宽；正式判断时请把 `-n` 调到几百局（报告会告诉你需要多少局）。"
        "重新生成：`.venv/bin/python docs/make_walkthrough.py`。",
        "",
        "## 第一步：原型跑一遍",
        "",
        "先用原型配置 `configs/mingchu/base.yaml` 跑几局，看看座位胜率、机器人成绩和平均轮数。",
        "",
        block(base_cmd, base_out),
        "## 第二步：改一张牌",
        "",
        f"新建变体文件 `{VARIANT.as_posix()}`：继承原型，只把下赏牌 **诰命** 的第一个选项从 2 分改为 3 分。"
        "卡牌按 `id` 匹配，其他内容都保持原样。",
        "",
        f"```yaml\n{VARIANT_TEXT}```",
        "",
        "## 第三步：在相同种子上对比",
        "",
        "`sim compare` 用同一批随机种子跑原型和变体，两者唯一的差别就是这张牌。",
        "",
        block(compare_cmd, compare_out),
        "## 第四步：生成中文报告",
        "",
        block(report_cmd, report_out),
        f"报告在 `{(WORK / 'report').as_posix()}/`：`report.html`（离线打开）、`summary.md`、`tables/*.csv`（全部数字），"
        "以及 `charts/` 中每张图的 PNG（200 dpi）和 SVG，可以直接放进幻灯片：",
        "",
        ", ".join(f"`{name}`" for name in charts),
        "",
        "## 第五步：读报告",
        "",
        "报告开头是“结论”：每句话都带 95% 区间和把握程度。本次运行的结论原文如下：",
        *answers_from(report / "report.html"),
        "",
        "接下来是概要（`summary.md` 原文）：",
        "",
        summary.strip(),
        "",
        "### 怎么读",
        "",
        "- **座位平衡**：看最大座位偏差的区间。区间上限低于 5 个百分点才算平衡；区间很宽时报告会写“尚无把握”。",
        "- **变体对比**：看“变体对比（配对种子）”一节。差值的区间跨过 0 就说明这张牌的改动还看不出效果；"
        "需要更多对局时，“哪些需要更多对局”会给出大约需要的局数。",
        "- **对局如何结束**：洪武期结束原因、靖难之役结果、终局触发分开统计，不再把组合字符串挤在一张图里。",
        "- **术语**：p 值、Holm 校正、BH q 值、McNemar 检验等在报告末尾的“术语说明”里各解释一次。",
        "",
    ]
    page_path.write_text("\n".join(page), encoding="utf-8")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "walkthrough.zh.md", help="page to write")
    parser.add_argument("--root", type=Path, default=ROOT, help="folder the commands run from")
    options = parser.parse_args()
    main(options.out.resolve(), options.root.resolve())
