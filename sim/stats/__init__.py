"""Balance statistics over a results dataset: named metric functions returning tidy DataFrames."""

from sim.dataset import Run, load_run
from sim.stats.bots import bot_matrix, bot_results
from sim.stats.components import component_contribution
from sim.stats.content import event_win_rates, unseen_config_ids, zero_breakdown_columns
from sim.stats.ladder import ladder_consistency, seat_win_rates_by_tier, table_tiers
from sim.stats.outcomes import (
    end_reasons,
    error_list,
    error_summary,
    game_length,
    margin_summary,
    replay_command,
    score_distribution,
    tie_break_share,
    winning_margin,
)
from sim.stats.paired import (
    paired_games,
    paired_length_difference,
    paired_score_difference,
    paired_seat_difference,
)
from sim.stats.runaway import lead_change_summary, lead_changes, leader_wins, round_leaders
from sim.stats.seats import first_player_advantage, max_halfwidth, seat_win_rates
from sim.stats.sweep import sweep_response, swept_parameters
from sim.stats.verdicts import (
    content_verdict,
    ladder_verdict,
    paired_verdict,
    seat_verdict,
    seat_verdicts,
    sweep_verdicts,
)

__all__ = [
    "Run",
    "bot_matrix",
    "bot_results",
    "component_contribution",
    "content_verdict",
    "end_reasons",
    "error_list",
    "event_win_rates",
    "error_summary",
    "first_player_advantage",
    "game_length",
    "lead_change_summary",
    "ladder_consistency",
    "ladder_verdict",
    "lead_changes",
    "leader_wins",
    "load_run",
    "margin_summary",
    "max_halfwidth",
    "paired_games",
    "paired_length_difference",
    "paired_score_difference",
    "paired_seat_difference",
    "paired_verdict",
    "replay_command",
    "round_leaders",
    "score_distribution",
    "seat_verdict",
    "seat_verdicts",
    "seat_win_rates",
    "seat_win_rates_by_tier",
    "sweep_response",
    "sweep_verdicts",
    "swept_parameters",
    "table_tiers",
    "tie_break_share",
    "unseen_config_ids",
    "winning_margin",
    "zero_breakdown_columns",
]
