"""明初商途's bots: ``heuristic`` (one greedy scorer, three personalities, and the ``BOTS`` table),
``values`` (how it values each action), ``trade`` (how it trades), ``weights`` (the weights a config may
set and ``sim bots tune`` searches) and ``novice`` (the rules' newcomer)."""
