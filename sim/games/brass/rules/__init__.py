"""Brass: Birmingham's rules, one module per part of the rulebook (the B-numbers are docs/rules/brass.md's IDs).

- The game's data and verbs: ``state`` (plain lists, data only), ``board`` (static data derived from the
  params), ``kinds`` (the two shapes of action kinds), ``game`` (the ``Game`` verbs), ``rounds`` (turn,
  round and era flow, era scoring).
- The actions, one family per module: ``build``, ``links`` (network), ``develop``, ``sell``, ``cards``
  (scout, pass), ``income`` (loans, round income).
- What they share: ``resources`` (connectivity, sources, markets, flipping), ``supply`` (consuming coal,
  iron and beer), ``memo`` (caches between decisions); ``view`` (what a bot sees).
"""
