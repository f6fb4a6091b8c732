"""Steam's heuristic bots (besides the shared random bot): ``heuristic`` (``builder``, ``income`` and the
``BOTS`` table)."""
