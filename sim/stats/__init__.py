"""Balance statistics over a results dataset: named metric functions returning tidy DataFrames."""

from sim.dataset import Run, load_run
from sim.stats.bots import bot_matrix, bot_results, bradley_terry
from sim.stats.components import component_contribution
from sim.stats.content import event_win_rates, unseen_config_ids, zero_breakdown_columns
from sim.stats.evenness import categorical_factors, gap_by_value
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
    winning_score_summary,
    winning_scores,
)
from sim.stats.paired import (
    paired_games,
    paired_length_difference,
    paired_score_difference,
    paired_seat_difference,
)
from sim.stats.runaway import lead_change_summary, lead_changes, leader_wins, round_leaders
from sim.stats.seats import first_player_advantage, max_halfwidth, seat_win_rates
from sim.stats.sweep import sweep_paired, sweep_response, sweep_tests, swept_parameters

__all__ = [
    "Run",
    "bot_matrix",
    "bot_results",
    "bradley_terry",
    "categorical_factors",
    "component_contribution",
    "end_reasons",
    "error_list",
    "event_win_rates",
    "error_summary",
    "first_player_advantage",
    "gap_by_value",
    "game_length",
    "lead_change_summary",
    "ladder_consistency",
    "lead_changes",
    "leader_wins",
    "load_run",
    "margin_summary",
    "max_halfwidth",
    "paired_games",
    "paired_length_difference",
    "paired_score_difference",
    "paired_seat_difference",
    "replay_command",
    "round_leaders",
    "score_distribution",
    "seat_win_rates",
    "seat_win_rates_by_tier",
    "sweep_paired",
    "sweep_response",
    "sweep_tests",
    "swept_parameters",
    "table_tiers",
    "tie_break_share",
    "unseen_config_ids",
    "winning_margin",
    "winning_score_summary",
    "winning_scores",
    "zero_breakdown_columns",
]
