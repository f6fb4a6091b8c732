"""Name the interpreter ``make setup`` builds the project's environment with: run as a script,
before any dependency is installed (standard library only).

Among the interpreters on ``PATH`` of the same version as ``python3`` that can make a virtual
environment, it prefers one linked statically with its own runtime. The compiled game cores spend
their time calling the interpreter's C functions; a statically linked interpreter (as Linux
distributions build theirs, with profile-guided and link-time optimisation) calls them directly
instead of through a shared library's indirection: 11-13% fewer instructions and 12-18% less time
per game of the bundled 5-player design than a shared-library build of the same version
(docs/architecture.md, "Which Python"). With no such candidate it prints ``python3``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

_PROBE = """
import json, os, sys, sysconfig
try:
    import ensurepip, venv  # noqa: F401
    makes_venv = True
except ImportError:
    makes_venv = False
try:
    with open('/proc/self/maps') as maps:
        shared = any('libpython' in line for line in maps)
except OSError:
    shared = True  # unknown: no preference
headers = os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))
print(json.dumps({'version': list(sys.version_info[:2]), 'executable': os.path.realpath(sys.executable),
                  'in_venv': sys.prefix != sys.base_prefix, 'makes_venv': makes_venv,
                  'shared': shared, 'headers': headers}))
"""

_NAME = re.compile(r"python3(\.\d+)?$")


def probe(command: str) -> dict | None:
    """What ``command`` is (version, executable, venv support, static or shared), or None if it
    does not run."""
    try:
        done = subprocess.run([command, "-c", _PROBE], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def candidates() -> list[str]:
    """Every ``python3`` and ``python3.N`` on ``PATH``, in ``PATH`` order, ``python3`` first."""
    found = ["python3"]
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        found += [os.path.join(folder, name) for name in names if _NAME.match(name)]
    return found


def pick() -> str:
    """The interpreter to build the environment with (``python3`` unless a faster build of the same
    version is there)."""
    default = probe("python3")
    if default is None:
        return "python3"
    best, seen = "python3", {default["executable"]}
    if not default["shared"]:
        return best
    for command in candidates()[1:]:
        info = probe(command)
        if info is None or info["executable"] in seen:
            continue
        seen.add(info["executable"])
        usable = info["version"] == default["version"] and info["makes_venv"] and info["headers"]
        if usable and not info["in_venv"] and not info["shared"]:
            return command
    return best


if __name__ == "__main__":
    sys.stdout.write(pick() + "\n")
