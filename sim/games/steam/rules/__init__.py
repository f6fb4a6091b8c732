"""Steam's rules (Base and Standard as variants of one engine), one module per part: ``state`` (data
only), ``hexmap`` (the static map), ``actions`` (each kind with its legality, effect and description),
``game`` (the ``Game`` verbs, gathering the decisions), ``flow`` (setup, the phases of a turn, the end),
``track`` (building track), ``goods`` (moving goods), ``economy`` (money, capital, income, bankruptcy)
and ``view`` (what a bot decides from)."""
