"""Heuristic bots for 明初商途: one greedy scorer, three personalities.

Every bot scores each legal action with simple hand-written values and plays the best (ties at
random). In a turn the active 掌柜 first picks a *goal* reachable this turn (deliver an order,
build, build a 驿道, hire), walks towards it, then takes that main action; quick actions that
score above zero (deliver, sell spare goods, reserve, play cards) are taken on the way.

* ``runner`` (order runner): reserves the public order it can fill best, keeps and buys the goods
  orders need (using other players' and 官府 industries), carries them to the order's place.
* ``industrialist``: builds industries (taking a loan when a build is a few coins short) and sells
  everything in production, for income-track rewards and the 专营 thresholds; it fills a reserved
  order on the side (half the order drive of the runner).
* ``roadbuilder``: hires 伙计 and builds 驿道 next to other players' industries and busy roads, so
  others pay 恩义 to use them; commits the markers it collects in the war.

Prices in coins tie the choices together: a spare good is sold where it fetches as much as where
its 掌柜 is going (or, with no goal, as much as anywhere within a turn's moves less a coin for the
wait), so never at half price where it is made while a better market is near; a produced good's
sale counts its price, the income it adds on the 本轮收入总和轨 while spaces are ahead, less its route
(伙计 0.5, water coins 1, another player's 驿道 1.25 a marker: the coin to buy it back goes to a
rival); an order's goods go to the 掌柜 collecting them. Cards and 门客 count only what can be used
now: goods as far as the backpack has room, free moves as far as the active 掌柜 still has roads
to pay for on its way. Hiring is worth less with fewer coins to spare and nothing in the last round;
a 掌柜 already at its order's place looks for a main action instead of waiting there.
Ties are broken at random by keyed numbers (``sim.bots.tiebreak``): the same situation in the same
game breaks them the same way, so a variant's games stay paired with its base's.

War (all): support the side ahead, each settlement with 30% chance the other side; commit up to 2
held markers (roadbuilder: all of them) and, with more than 15 coins, up to 3 coin markers.
门客: the face-up card whose ability and passives suit the personality (build discounts for the
industrialist, road discounts for the roadbuilder). Cards (皇恩, 下赏/上赏, 门客 abilities) are played
as soon as their effects are worth something now (a free build only where one is possible; a
harmful 皇恩卡 on the player with most orders). Trades (``trade_bots``): once per turn or
production step the fairest offer that gains both sides by the bots' valuation, and an offer is
accepted when it gains the bot something. 皇恩计分卡: the one worth most now; 天威卡: the
one costing least now. Loans are repaid with 3 coins to spare while the points and interest they
cost are worth more than the repayment; own 恩义 is bought back whenever 3 coins are left.

Cards, 门客 and spending are valued in coins now from the variant's numbers and the seat's state
(``effect_kinds``: rounds left, what a point is worth in coins, a loan's cost, what a good fetches
here): 管家 banks only coins the seat will not need, 相士 and 铁匠 are not used into a loan, a 门客 is
drafted or hired by what it yields over the rounds left, and a build, a loan for a build or a
伙计 step only while it yields more than it costs (docs/rules/mingchu.md, Bots).

The bot is one class built as a line of classes, each the base of the next, one module per family
of what it decides (``bots/base.py`` says why a line and not several bases):

* ``reads.py`` (``ValueReads``): the plan methods the values read, declared for the classes above;
* ``goods.py`` (``GoodsValues``), ``main_actions.py`` (``MainActionValues``), ``cards.py``
  (``CardValues``), ``war.py`` (``WarValues``) and ``values.py`` (``ActionValues``, with the tables
  that pick the method for an action type): what each action is worth, one method per action type,
  one class per family (goods; a turn's moves and main actions; orders and cards; the war);
* ``base.py`` (``BotBase``): the seat, the persona, the tie-breaks, the settings read per game;
* ``distances.py`` (``Distances``): how far each place is, kept per set of 驿道;
* ``plan.py`` (``Plan``): the orders played for, the goods they need, what they are worth, the
  掌柜 collecting them;
* ``prices.py`` (``Prices``): where goods sell, the best price within reach;
* ``building.py`` (``Building``): what a build or a 驿道 is worth, where one is possible;
* ``goal.py`` (``TurnGoal``): where the active 掌柜 goes this turn and what it does there;
* ``choice.py`` (``Chooser``): the decision's context, the values and the pick (the buy-back in
  ``buyback.py``, the trades in ``trade.py``);

and ``personas.py`` the three personalities. This module holds ``HeuristicBot``, the line's last
class, and the ``BOTS`` table the registry reads.
"""

from __future__ import annotations

from .choice import Chooser
from .personas import PERSONAS, Persona, persona_for

__all__ = ["BOTS", "PERSONAS", "HeuristicBot", "Persona", "persona_for"]


class HeuristicBot(Chooser):
    """Greedy one-step scorer parametrised by a ``Persona`` (``PERSONAS``' ``persona``)."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)


def _factory(persona: str):
    def make(seat: int) -> HeuristicBot:
        return HeuristicBot(seat, persona)

    return make


BOTS = {name: _factory(name) for name in PERSONAS}
