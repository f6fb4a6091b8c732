"""The narrative play log of 明初商途 (``sim play``): what happened, fact by fact, in Chinese (or English:
``sim play --lang en``, ``Narrator(bots, lang="en")``).

Each ``Fact`` is a line of the text log (when it has ``text``) and a JSONL record
``{"event": "fact", "fact": kind, "round", "period", "seat", ...amounts, "text"}`` beside the
``{"event": "action", ..., "narrative", "ledger"}`` record of each decision (``ledger``: per seat
the coins, 伙计, loans, 恩义 in hand (own markers in hand and others' held), 恩义 paid and received, 伙计人数轨 spaces, 皇恩卡, points and goods that
the action changed). Every change of the game is in exactly one ``ledger``: an action's own, or the
fact of the step that made it (an action told in a group, a buy-back or a war commitment, leaves
its changes to the group's fact; interest has one per seat). So each seat's coins, points kept
(``vp``) and 恩义 in hand at the opening plus the sum of every ledger are its amounts at the game's
end (``opening`` and ``game_end`` give both; ``tests/games/mingchu/test_playlog_ledgers.py``).
Fact kinds:

| kind | when | amounts |
|---|---|---|
| `opening`, `seat` | before the first action | each seat's 恩义 in hand (favor), coins and points kept (vp); the bot of each seat |
| `round`, `phase` | a round starts; 生产 / 行动 / 结算 begin | start player, favor (each seat's 恩义 in hand before the round's event) |
| `event`, `event_effect` | the round's event and whom it applies to; what it changed | card, met_task, applies_to, ledger |
| `workers_income`, `income` | 伙计 from the track; the round's income, track space and rewards | workers; income, sales, bonuses, track, spaces, rewards, ledger |
| `favor` | a step of the rules (event markers placed or returned, …) moved 恩义 in hand | ledger |
| `action` | (text only) an action with its costs and who received them | ledger, water_fee |
| `buyback`, `war_secret` | one per seat: buy-backs from each holder; markers committed in secret | holders, markers, coins, ledger; markers, from_coins, ledger |
| `event_task`, `event_revealed`, `hongwu_death`, `final_event` | settlement: the next event, who met its task, the card revealed | card, met_task |
| `war_progress`, `war_commitment`, `war_reveal`, `war_result` | the war track; each seat's revealed markers; the totals; the winner and rewards | side, markers; jianwen, yan; winner, quick, supporters (top two of the winning side), rewards (per seat), tianwei |
| `interest`, `interest_total` | loan interest per seat (and forced loans) | coins, loans, forced_loans, ledger |
| `spoilage`, `spoilage_total`, `retainer_row` | rotting goods; the 门客 row refreshed | goods, place; discarded, revealed |
| `start_player`, `period`, `failed_order` | settlement end; a new period (两京制); unfinished orders | to, card; order |
| `game_end`, `final_score` | the end: reason; per seat score, rank and breakdown | reason, favor, coins, vp; score, rank, breakdown |
"""

from .narrator import Fact, Narrator

__all__ = ["Fact", "Narrator"]
