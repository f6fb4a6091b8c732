"""Build the compiled core (``compiled.MODULES`` with mypyc) into ``compiled.BUILD_DIR``: ``make setup`` runs it.

Usage: SIM_PURE_PYTHON=1 python -m sim.games.brass.build_compiled [--if-stale] [--jobs 2]

The modules are type-checked by mypy, translated to C and compiled in a temporary folder; the new
build then replaces the old one whole, stamped with the sources it was made from. Needs a C compiler
and the Python headers.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sim.games.brass.compiled import BUILD_DIR, GROUP, MODULES, PACKAGE_DIR, STAMP, stamp_text

ROOT = PACKAGE_DIR.parents[2]


def is_current() -> bool:
    """True when the build in ``BUILD_DIR`` was made from the sources as they are now."""
    stamp = BUILD_DIR / STAMP
    return stamp.is_file() and stamp.read_text(encoding="utf-8") == stamp_text()


def build(jobs: int = 2) -> float:
    """Compile ``MODULES`` and swap the result into ``BUILD_DIR``; the seconds it took."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    start = time.monotonic()
    stamp = stamp_text()
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="brass-compiled-") as tmp:
        work = Path(tmp)
        sources = [str((PACKAGE_DIR / f"{name}.py").relative_to(ROOT)) for name in MODULES]
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
                        *sources,
                    ],
                    opt_level="2",
                    debug_level="0",
                    multi_file=True,
                    group_name=GROUP,
                    target_dir=str(work / "c"),
                )
            dist = Distribution({"name": "sim-brass-compiled", "ext_modules": extensions})
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
        fresh = Path(tempfile.mkdtemp(prefix="_compiled-", dir=BUILD_DIR.parent))
        for library in (work / "lib").rglob("*.so"):
            shutil.copy2(library, fresh / library.name)
        (fresh / STAMP).write_text(stamp, encoding="utf-8")
        old = Path(tempfile.mkdtemp(prefix="_compiled-old-", dir=BUILD_DIR.parent))
        try:
            if BUILD_DIR.exists():
                BUILD_DIR.replace(old)  # a running process keeps its loaded files
            fresh.rename(BUILD_DIR)
        except OSError:
            if not is_current():  # else another build of the same sources got there first
                raise
        finally:
            shutil.rmtree(old, ignore_errors=True)
            shutil.rmtree(fresh, ignore_errors=True)
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--if-stale", action="store_true", help="do nothing when the build is current")
    parser.add_argument("--jobs", type=int, default=2, help="C files compiled at once")
    args = parser.parse_args()
    if args.if_stale and is_current():
        print(f"compiled core: current ({BUILD_DIR.relative_to(ROOT)})")
        return
    seconds = build(args.jobs)
    print(
        f"compiled core: built {len(MODULES)} modules into {BUILD_DIR.relative_to(ROOT)} in {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
