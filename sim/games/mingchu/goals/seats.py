"""明初商途's seat-order phases (docs/goals.md "Seat fairness, explained and fixed"): the draft (M09,
from the last player backwards), the placement of 掌柜 and 官府驿道 (M11/M12, from the start
player) and the turn order of play (M13/M51, from the start player, passed counter-clockwise each
round). Each counterfactual rotates one of them alone (``seats.*_shift``)."""

from __future__ import annotations

from sim.core.seat_goals import seat_goals

PHASES = {
    "draft_order": "seats.draft_shift",
    "placement_order": "seats.placement_shift",
    "turn_order": "seats.play_shift",
}
SHARE = 1.0
"""Each counterfactual's games as a share of the lineup's: the same bots on the same seeds, so the
three plays cost three times the lineup's games (a game takes well under a CPU-second compiled)."""

GOALS, PLAYS = seat_goals(PHASES, share=SHARE, band=10.0)
