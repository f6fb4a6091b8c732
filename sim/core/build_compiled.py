"""Build the games' compiled cores (each package's ``compiled.CORE`` modules, with mypyc): ``make setup`` runs it.

Usage: SIM_PURE_PYTHON=1 python -m sim.core.build_compiled [--if-stale] [--jobs 2] [package ...]

For each package (by default every registered game whose spec declares a compiled core) the modules are type-checked by mypy, translated to
C and compiled in a temporary folder; the new build then replaces the old one whole, stamped with the
sources it was made from. Needs a C compiler and the Python headers.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sim.core.compiled import STAMP, CompiledCore

ROOT = Path(__file__).resolve().parents[2]


def compiled_packages() -> list[str]:
    """``sim.core`` (its own loop and random pick), then the packages of the registered games whose
    spec declares a compiled core (``GameSpec.build.compiled``)."""
    from sim.core.registry import game_names, get_game

    cores = [get_game(name).build.compiled for name in game_names()]
    return ["sim.core", *sorted({core.package for core in cores if core is not None})]


def core_of(package: str) -> CompiledCore:
    """The package's declared compiled core."""
    return importlib.import_module(f"{package}.compiled").CORE


def build(core: CompiledCore, jobs: int = 2) -> float:
    """Compile the core's modules and swap the result into its build folder; the seconds it took."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    start = time.monotonic()
    stamp = core.stamp_text()
    build_dir = core.build_dir
    with tempfile.TemporaryDirectory(prefix=f"{core.group}-compiled-") as tmp:
        work = Path(tmp)
        sources = [
            str((core.package_dir / f"{name.replace('.', '/')}.py").relative_to(ROOT))
            for name in core.modules
        ]
        cwd = Path.cwd()
        os.chdir(ROOT)  # mypy names the modules by their path from here
        notes = io.StringIO()  # mypyc's warnings: shown only when it fails
        try:
            with contextlib.redirect_stdout(notes), contextlib.redirect_stderr(notes):
                extensions = mypycify(
                    [
                        "--ignore-missing-imports",
                        "--follow-imports=silent",
                        f"--cache-dir={work / 'mypy-cache'}",
                        *core.mypy_flags,
                        *sources,
                    ],
                    opt_level="2",
                    debug_level="0",
                    multi_file=True,
                    group_name=core.group,
                    target_dir=str(work / "c"),
                )
            dist = Distribution({"name": f"{core.group}-compiled", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")  # type: ignore[attr-defined]
            command.build_temp = str(work / "temp")  # type: ignore[attr-defined]
            command.parallel = jobs  # type: ignore[attr-defined]
            dist.run_command("build_ext")
        except BaseException:
            sys.stdout.write(notes.getvalue())
            raise
        finally:
            os.chdir(cwd)
        fresh = Path(tempfile.mkdtemp(prefix="_compiled-", dir=build_dir.parent))
        package_lib = work / "lib" / core.package.replace(".", "/")
        for library in (work / "lib").rglob("*.so"):
            # the modules keep their rooms (sub-folders); the group's shared library sits at the top
            inside = (
                library.relative_to(package_lib)
                if library.is_relative_to(package_lib)
                else Path(library.name)
            )
            (fresh / inside).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(library, fresh / inside)
        (fresh / STAMP).write_text(stamp, encoding="utf-8")
        old = Path(tempfile.mkdtemp(prefix="_compiled-old-", dir=build_dir.parent))
        try:
            if build_dir.exists():
                build_dir.replace(old)  # a running process keeps its loaded files
            fresh.rename(build_dir)
        except OSError:
            if not core.is_current():  # else another build of the same sources got there first
                raise
        finally:
            shutil.rmtree(old, ignore_errors=True)
            shutil.rmtree(fresh, ignore_errors=True)
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "packages", nargs="*", help="game packages (default: every game with a compiled core)"
    )
    parser.add_argument("--if-stale", action="store_true", help="skip a package whose build is current")
    parser.add_argument("--jobs", type=int, default=2, help="C files compiled at once")
    args = parser.parse_args()
    for package in args.packages or compiled_packages():
        core = core_of(package)
        where = core.build_dir.relative_to(ROOT)
        if args.if_stale and core.is_current():
            print(f"compiled core of {package}: current ({where})")
            continue
        print(
            f"compiling {package} ({len(core.modules)} modules, with mypyc: one to five minutes) ...",
            flush=True,
        )
        seconds = build(core, args.jobs)
        print(
            f"compiled core of {package}: built {len(core.modules)} modules into {where} in {seconds:.0f} s"
        )


if __name__ == "__main__":
    main()
