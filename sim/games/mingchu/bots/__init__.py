"""明初商途's bots: ``heuristic`` (one greedy scorer, three personalities, and the ``BOTS`` table; the
scorer is a line of classes, one module per family of what it decides, listed in its docstring),
``trade`` (how it trades), ``weights`` (the weights a config may set and ``sim bots tune`` searches)
and ``novice`` (the rules' newcomer)."""
