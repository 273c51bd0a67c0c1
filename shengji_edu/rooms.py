"""Rating points and room coins (RULES §12.16): a card room's scoring around one hand.

Online rooms (seed 004's 积分规则 and 正常算法) score a finished hand twice more: *rating
points* (积分), which move a player's standing, and *coins* (游戏币), staked at the room's
base and taxed by the house. Both are pure functions of the hand's
:class:`~shengji_edu.settlement_tables.Settlement` (what :func:`~shengji_edu.scoring.settle`
returns), so they can be studied away from any game.

Left out on purpose (RULES §12.16): escape and disconnect penalties (掉线作逃跑算法). The
package has no disconnects, and the seed's escape lines do not balance.

Decisions (RULES is silent):

* ``ratings`` are the four players' ratings, any real numbers; a list of another length is a
  ``ValueError``. ``big_light`` is a whole number, 0 or more.
* ``base`` and ``fee`` are numbers of coins, 0 or more (whole numbers or not: a room may
  stake halves). The fee is taken from each winner's gain, even when it is more than the gain.
"""

from __future__ import annotations

from collections.abc import Sequence

from .settlement_tables import Settlement

__all__ = ["rating_points", "room_coins"]

MAX_POINTS = 4
"""「最多闲家大光时得四分」: the most rating points a hand gives before the multiplier."""


def _check_settlement(settlement: object) -> Settlement:
    if not isinstance(settlement, Settlement):
        raise ValueError(f"give the hand's Settlement (what settle() returns), not {settlement!r}")
    return settlement


def _multiplier(ratings: Sequence[float] | None) -> int:
    """*M*: 3 if all four ratings are 300 or more, 2 if all four are 80 to 299, else 1."""
    if ratings is None:
        return 1
    ratings = list(ratings)
    if len(ratings) != 4 or any(
        isinstance(r, bool) or not isinstance(r, (int, float)) for r in ratings
    ):
        raise ValueError(f"ratings are the four players' ratings (numbers), not {ratings!r}")
    if all(r >= 300 for r in ratings):
        return 3
    if all(80 <= r < 300 for r in ratings):
        return 2
    return 1


def rating_points(
    settlement: Settlement,
    ratings: Sequence[float] | None = None,
    big_light: int | None = None,
) -> int:
    """What each player of the winning team gains, and each loser loses: *P* × *M*.

    *P*: the dealers keeping the deal with +*n* levels give 1 + *n*, the defenders taking it
    with +*n* give 2 + *n*, at most 4 («闲家转庄家得两分…庄家升一级得两分，以上每升一级加一分，最多
    …四分»); a room's 大光 value ``big_light`` replaces *P* when the dealers keep the deal with
    the defenders at 0 points or fewer. *M*: 3 if all four ``ratings`` are 300 or more, 2 if all
    four are from 80 to 299, otherwise (or without ratings) 1. A draw (RULES §12.10) gives 0.

    >>> from shengji_edu import settle
    >>> rating_points(settle(0), [90] * 4), rating_points(settle(0), [400] * 4, big_light=6)
    (8, 18)
    """
    settlement = _check_settlement(settlement)
    if big_light is not None and (
        isinstance(big_light, bool) or not isinstance(big_light, int) or big_light < 0
    ):
        raise ValueError(f"big_light is a whole number of points, 0 or more, not {big_light!r}")
    multiplier = _multiplier(ratings)
    if settlement.draw:
        return 0
    if settlement.defenders_take_deal:
        points = min(2 + settlement.defender_levels, MAX_POINTS)
    elif big_light is not None and settlement.defender_points <= 0:
        points = big_light
    else:
        points = min(1 + settlement.dealer_levels, MAX_POINTS)
    return points * multiplier


def room_coins(settlement: Settlement, base: float, fee: float = 0) -> tuple[float, float, float]:
    """``(winner, loser, house)``: each winner's coins, each loser's, and the house's take.

    With *a* the winning team's levels, at least 1 («a为玩家晋级数»): each winner gets
    base·*a* − fee, each loser −base·*a*, and the house the fee of each of the two winners.
    A draw gives ``(0, 0, 0)``.

    >>> from shengji_edu import settle
    >>> room_coins(settle(30), 100, fee=10), room_coins(settle(90), 100, fee=10)
    ((190, -200, 20), (90, -100, 20))
    """
    settlement = _check_settlement(settlement)
    for name, value in (("base", base), ("fee", fee)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
            raise ValueError(f"{name} is a number of coins, 0 or more, not {value!r}")
    if settlement.draw:
        return (0, 0, 0)
    if settlement.defenders_take_deal:
        levels = settlement.defender_levels
    else:
        levels = settlement.dealer_levels
    stake = base * max(1, levels)
    return (stake - fee, -stake, 2 * fee)
