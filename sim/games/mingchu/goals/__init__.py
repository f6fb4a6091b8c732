"""明初商途's design goals (the rules' 游戏玩点) and the games each reads: ``seats`` (seat-order phases),
``routes`` (routes of equal strength, setup luck), ``interaction``, ``diversity`` and ``newcomer``
(newcomer, learning and depth)."""
