"""``build_report``: the single entry point that turns run directories into report.html, summary.md and CSVs."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

import jinja2

from sim.dataset import load_run
from sim.report.analysis import Analysis, analyse
from sim.report.labels import Lang, t
from sim.report.sections import build_sections
from sim.report.style import apply_style
from sim.report.summary import findings_frame, key_findings, sample_sentence, summary_markdown

TEMPLATES = Path(__file__).parent / "templates"


def _safe_name(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name).strip("_")


def write_tables(analysis: Analysis, folder: Path, lang: Lang) -> list[Path]:
    """Every metric table as tables/<name>.csv (UTF-8 with BOM so spreadsheet apps read Chinese)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    frames = {**analysis.tables, "findings": findings_frame(analysis, lang)}
    for name, frame in frames.items():
        path = folder / f"{_safe_name(name)}.csv"
        frame.to_csv(path, index=False, encoding="utf-8-sig")
        written.append(path)
    return written


def render_html(analysis: Analysis, lang: Lang) -> str:
    """The self-contained report page (charts inlined as base64 PNG, autoescaped text)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)
    sections = build_sections(analysis, lang)
    return env.get_template("report.html.j2").render(
        lang=lang,
        title=t("report_title", lang),
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        sections=sections,
        summary_title=t("summary", lang),
        sample=sample_sentence(analysis, lang),
        findings=key_findings(analysis, lang),
        tables_note=t("tables_note", lang),
        more_label=t("more_verdicts", lang),
        method_title=t("sec_method", lang),
        method_text=t("method_text", lang),
        caveat_title=t("sec_caveat", lang),
        caveat_text=t("caveat_text", lang),
    )


def build_report(run_dirs: Path | str | Iterable[Path | str], out_dir: Path | str, lang: Lang = "en") -> Path:
    """Analyse one or more run directories and write out_dir/report.html, out_dir/summary.md and
    out_dir/tables/*.csv; returns the path of report.html."""
    if lang not in ("en", "zh"):
        raise ValueError(f"lang must be 'en' or 'zh', not {lang!r}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    analysis = analyse(load_run(run_dirs))
    write_tables(analysis, out / "tables", lang)
    (out / "summary.md").write_text(summary_markdown(analysis, lang), encoding="utf-8")
    apply_style()
    report = out / "report.html"
    report.write_text(render_html(analysis, lang), encoding="utf-8")
    return report
