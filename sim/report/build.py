"""``build_report``: the single entry point that turns run directories into report.html, summary.md and CSVs."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import jinja2
import matplotlib
import matplotlib.pyplot as plt
from markupsafe import Markup, escape
from tqdm import tqdm

from sim.dataset import load_run
from sim.report.analysis import Analysis, analyse
from sim.report.answers import answers
from sim.report.csv_tables import write_csv
from sim.report.labels import Lang, glossary, t
from sim.report.sections import Section, build_sections, safe_name
from sim.report.style import apply_style
from sim.report.summary import findings_frame, key_findings, sample_sentence, summary_markdown
from sim.texts import LANGS

TEMPLATES = Path(__file__).parent / "templates"


def write_tables(analysis: Analysis, folder: Path, lang: Lang) -> list[Path]:
    """Every metric table as tables/<name>.csv (UTF-8 with BOM so spreadsheet apps read Chinese;
    under ``--lang zh`` with Chinese headers and display values, see ``csv_tables``)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    frames = {
        **analysis.tables,
        "findings": findings_frame(analysis, lang),
        "answers": answers(analysis, analysis.names(lang), lang)[1],
    }
    names = analysis.names(lang)
    for name, frame in frames.items():
        path = folder / f"{safe_name(name)}.csv"
        write_csv(frame, path, names, lang, name)
        written.append(path)
    return written


def name_charts(sections: list[Section]) -> None:
    """Give every chart a file stem after its section: <section>-<k>."""
    for section in sections:
        for k, figure in enumerate(section.figures, start=1):
            figure.file = f"{section.key}-{k}"


def write_charts(sections: list[Section], folder: Path) -> list[Path]:
    """Every chart as charts/<section>-<k>.png (CHART_DPI) and .svg, for slides."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for section in sections:
        for figure in section.figures:
            for suffix, data in ((".png", figure.png), (".svg", figure.svg)):
                if data:
                    path = folder / f"{figure.file}{suffix}"
                    path.write_bytes(data)
                    written.append(path)
    return written


def code_spans(text: object) -> Markup:
    """A note with its `quoted` spans (a command to type, a path) as ``<code>``, the rest escaped; a
    note with an unmatched quote is escaped whole."""
    parts = str(text).split("`")
    if len(parts) % 2 == 0:
        return escape(str(text))
    return Markup("").join(
        escape(part) if i % 2 == 0 else Markup("<code>%s</code>") % part for i, part in enumerate(parts)
    )


def render_html(analysis: Analysis, lang: Lang, sections: list[Section] | None = None) -> str:
    """The self-contained report page (charts inlined as base64 PNG, autoescaped text)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)
    env.filters["code_spans"] = code_spans
    if sections is None:
        with headless_charts():
            sections = build_sections(analysis, lang)
        name_charts(sections)
    topics, _ = answers(analysis, analysis.names(lang), lang)
    return env.get_template("report.html.j2").render(
        answers_title=t("sec_answers", lang),
        answers=topics,
        charts_note=t("charts_note", lang),
        glossary_title=t("sec_glossary", lang),
        glossary=glossary(lang),
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


def build_report(
    run_dirs: Path | str | Iterable[Path | str],
    out_dir: Path | str,
    lang: Lang = "en",
    progress: bool = False,
    goals: Iterable[str] | None = None,
) -> Path:
    """Analyse one or more run directories and write out_dir/report.html, out_dir/summary.md and
    out_dir/tables/*.csv; returns the path of report.html. ``progress`` shows a bar on stderr that
    names the step (and each chart's metric). ``goals``: the design goals measured (None: all)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGS))}, not {lang!r}")
    out = Path(out_dir)
    with ReportProgress(lang, progress) as step:
        step(t("progress_read", lang))
        run = load_run(run_dirs)
        step(t("progress_statistics", lang))
        analysis = analyse(
            run, goals=None if goals is None else list(goals)
        )  # first: a run that cannot be read leaves no folder behind
        out.mkdir(parents=True, exist_ok=True)
        step(t("progress_tables", lang))
        write_tables(analysis, out / "tables", lang)
        (out / "summary.md").write_text(summary_markdown(analysis, lang), encoding="utf-8")
        charts = t("progress_charts", lang)
        step(charts)
        drawn = iter(range(1, len(analysis.registry) + 1))
        with headless_charts():
            sections = build_sections(
                analysis,
                lang,
                lambda _: step(f"{charts} {next(drawn)}/{len(analysis.registry)}", advance=False),
            )
        name_charts(sections)
        write_charts(sections, out / "charts")
        step(t("progress_page", lang))
        report = out / "report.html"
        report.write_text(render_html(analysis, lang, sections), encoding="utf-8")
    return report


class ReportProgress:
    """A bar on stderr over the report's steps, its description naming the step under way."""

    STEPS = 5

    def __init__(self, lang: Lang, enabled: bool) -> None:
        self.lang = lang
        self.bar = tqdm(
            total=self.STEPS,
            file=sys.stderr,
            disable=not enabled,
            bar_format="{desc} {n}/{total} [{elapsed}]",
        )
        self.started = False

    def __call__(self, step: str, advance: bool = True) -> None:
        if advance and self.started:
            self.bar.update()
        self.started = True
        self.bar.set_description_str(t("progress_step", self.lang, step=step))

    def __enter__(self) -> ReportProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.bar.update(self.STEPS - self.bar.n)
        self.bar.close()


@contextmanager
def headless_charts() -> Iterator[None]:
    """Draw with the Agg backend and the report style, then restore the caller's backend and rcParams
    (a notebook keeps its inline charts)."""
    backend = matplotlib.get_backend()
    with matplotlib.rc_context():
        plt.switch_backend("Agg")
        apply_style()
        try:
            yield
        finally:
            plt.switch_backend(backend)
