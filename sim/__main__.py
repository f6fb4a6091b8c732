"""``python -m sim``: the command line, with the working folder kept off the import path.

``python -m`` puts the working folder first on ``sys.path``, so a ``numpy.py`` or a game module
planted there (next to a config, say) would be imported in place of the real one; it is dropped
before anything else is imported (as ``python -P`` does). The ``sim`` package itself is already
imported by then, so running from a source checkout still works."""

import os
import sys

if not sys.flags.safe_path and sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from sim.cli import main  # noqa: E402 (after the import path is made safe)

main()
