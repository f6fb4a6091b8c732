"""The docs' example configs and the walkthrough run from a folder outside the repository.

A designer copies an example into a folder of their own and runs ``sim`` there. Each test builds
such a folder (a temporary one, not the repository): it holds only the config files the example
names (copied from the bundled ones, at the same relative path) and the example itself, and ``sim``
runs in it as its own process, with the repository's code importable but not its folder. Examples
that build on a bundled config by file (``extends: base.yaml``) are also run with ``extends:`` by
name (``mingchu/base``) in an empty folder, as the README says a config anywhere may.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from tests.docs.test_docs_commands import DOCUMENTS, shrink
from tests.runner.helpers import ROOT

WALKTHROUGH = ROOT / "docs" / "walkthrough.zh.md"


def sim(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """``python -m sim ARGS`` run in ``folder`` (the repository's code on the path, not its folder)."""
    assert ROOT.resolve() not in folder.resolve().parents, f"{folder} is inside the repository"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SIM_GAME_MODULES", None)
    return subprocess.run(
        [sys.executable, "-m", "sim", *args], cwd=folder, env=env, capture_output=True, text=True, timeout=600
    )


def passes(result: subprocess.CompletedProcess) -> bool:
    return result.returncode == 0


def shown(result: subprocess.CompletedProcess) -> str:
    return f"exit {result.returncode}: {(result.stdout + result.stderr).strip()[-600:]}"


def yaml_blocks(path: Path) -> list[str]:
    """The text of every fenced ``yaml`` block of a document (an indented one dedented)."""
    blocks = re.findall(r"^( *)```yaml\n(.*?)^\1```", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    return [textwrap.dedent(text) for _, text in blocks]


def example_configs() -> list[tuple[str, str, str]]:
    """(document, file the example is meant to be, text) for every whole config the docs show: a
    yaml block that is a mapping with ``extends:``. Its file is the path its first comment line
    names (``# configs/mingchu/cheap-builder.yaml``), else one beside its game's bundled configs."""
    found = []
    for document in DOCUMENTS:
        for text in yaml_blocks(document):
            data = yaml.safe_load(text)
            if not isinstance(data, dict) or "extends" not in data:
                continue
            named = re.match(r"#\s*(\S+\.yaml)\s*\n", text)
            if named:
                target = named.group(1)
            elif "/" in data["extends"]:
                target = "example.yaml"  # extends a bundled config by name: any folder will do
            else:
                target = f"configs/{data['game']}/example.yaml"
            found.append((document.relative_to(ROOT).as_posix(), target, text))
    return found


EXAMPLES = example_configs()


def game_of(target: str, text: str) -> str:
    data = yaml.safe_load(text)
    return data.get("game") or Path(target).parent.name


def copy_bundled(folder: Path, relative: str) -> None:
    """Copy a bundled config (and the configs it extends by file) to ``folder`` at its path."""
    source = ROOT / relative
    while True:
        destination = folder / source.relative_to(ROOT)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
        parent = (yaml.safe_load(source.read_text(encoding="utf-8")) or {}).get("extends")
        if parent is None or "/" in parent:
            return
        source = source.parent / parent


def test_the_docs_show_example_configs():
    documents = {document for document, _, _ in EXAMPLES}
    assert {"README.md", "docs/walkthrough.zh.md", "configs/mingchu/README.md"} <= documents, documents


@pytest.mark.parametrize(("document", "target", "text"), EXAMPLES, ids=[f"{d}:{t}" for d, t, _ in EXAMPLES])
def test_an_example_config_runs_from_a_folder_of_its_own(tmp_path, document, target, text):
    folder = tmp_path / "designer"
    config = folder / target
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text, encoding="utf-8")
    parent = yaml.safe_load(text)["extends"]
    if "/" not in parent:  # extends a bundled file beside it: the designer copied that file too
        copy_bundled(folder, (Path(target).parent / parent).as_posix())
    checked = sim(folder, "check", target, "-p", "4", "--playouts", "1", "--probe-every", "50")
    assert passes(checked), shown(checked)
    ran = sim(folder, "run", target, "-p", "4", "-n", "1", "--no-progress", "-o", "runs/example")
    assert passes(ran), shown(ran)
    assert (folder / "runs" / "example" / "run.json").is_file()


@pytest.mark.parametrize(
    ("document", "target", "text"),
    [e for e in EXAMPLES if "/" not in yaml.safe_load(e[2])["extends"]],
    ids=[f"{d}:{t}" for d, t, x in EXAMPLES if "/" not in yaml.safe_load(x)["extends"]],
)
def test_an_example_config_extending_by_name_runs_from_an_empty_folder(tmp_path, document, target, text):
    """The same example in an empty folder, its ``extends:`` naming the bundled config instead."""
    data = yaml.safe_load(text)
    game = game_of(target, text)
    parent = Path(data["extends"]).stem
    by_name = re.sub(r"^extends: .*$", f"extends: {game}/{parent}", text, count=1, flags=re.M)
    folder = tmp_path / "empty"
    folder.mkdir()
    (folder / "variant.yaml").write_text(by_name, encoding="utf-8")
    ran = sim(folder, "run", "variant.yaml", "-p", "4", "-n", "1", "--no-progress", "-o", "out")
    assert passes(ran), shown(ran)
    assert sorted(p.name for p in folder.iterdir()) == ["out", "variant.yaml"]


def walkthrough_commands() -> list[str]:
    """The ``sim`` commands the walkthrough shows, in order."""
    return re.findall(r"^\$ (sim .+)$", WALKTHROUGH.read_text(encoding="utf-8"), flags=re.M)


def test_the_walkthrough_runs_from_a_folder_outside_the_repository(tmp_path):
    """Its variant file (the page's yaml block, at the path the page gives) and the bundled configs its
    commands name, copied: every command then runs, shrunk to small sizes, and the report is written."""
    page = WALKTHROUGH.read_text(encoding="utf-8")
    commands = walkthrough_commands()
    assert len(commands) >= 3
    (variant_text,) = yaml_blocks(WALKTHROUGH)
    variant = re.search(r"`(runs/\S+\.yaml)`", page).group(1)
    folder = tmp_path / "designer"
    (folder / variant).parent.mkdir(parents=True)
    (folder / variant).write_text(variant_text, encoding="utf-8")
    for command in commands:
        for word in shlex.split(command):
            if word.startswith("configs/") and word.endswith(".yaml"):
                copy_bundled(folder, word)
    for command in commands:
        result = sim(folder, *shrink(shlex.split(command)[1:]))
        assert passes(result), f"{command}\n{shown(result)}"
    assert (folder / "runs" / "walkthrough" / "report" / "report.html").is_file()
