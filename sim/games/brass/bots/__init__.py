"""Brass's heuristic bots: ``heuristic`` (the personalities and the ``BOTS`` table) and ``evaluate`` (the
evaluator that values every main action and follow-up in VP equivalents)."""
