"""明初商途's rules, one module per part of the rulebook (the M-numbers are docs/rules/mingchu.md's IDs).

- The game's data and verbs: ``state`` (one game's data), ``actions`` (action records), ``kinds``
  (decision kinds), ``game`` (the ``Game`` verbs, dispatching by kind), ``flow`` (runs automatic steps).
- The phases: ``setup`` (M01-M12), ``turn`` (M23-M32, M41), ``quick`` and ``anytime`` (M29, M33-M40),
  ``production`` (M15-M22), ``settlement`` (M42-M51), ``periods`` (M52-M59), ``scoring`` (M60-M65).
- The parts the phases share: ``orders``, ``trade``, ``building``, ``paths`` (roads, routes, prices),
  ``economy`` (coins, loans, markers, draws), ``draws`` (keyed deck orders), ``pickers`` (card pickers).
- The card vocabulary: ``effects_schema`` (what a config may write), ``effect_kinds`` (one class per
  effect), ``conditions`` (measures, conditions, score rules), ``effects`` (cards in play), ``modifiers``
  (lasting effects summed per player).
- What a seat sees: ``view`` and ``observe``; ``laws`` (invariants ``sim check`` runs after every action);
  the ``cards`` event table the rules write (``card_table``: its columns; ``card_log``: its rows).
"""
