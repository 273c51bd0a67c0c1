"""Points, the kitty multiplier and settlement (RULES §7; §11.1, §11.4; §12.8–§12.10, §12.12).

Only the defenders (闲家) collect points: 5s, 10s and Ks in the tricks they win, plus the
kitty (底牌) multiplied when they win the last trick. At the end, the defenders' total
decides how many levels which team climbs.

Both the kitty's multiplier and the settlement are tables, and a table is a value, not a
branch: :data:`KITTY_TABLES` maps each ``RuleSet.kitty`` name to a small function of the last
lead's format (its decomposition, :class:`~shengji_edu.units.LeadFormat`), and :func:`settle`
settles by the rules' :class:`~shengji_edu.settlement_tables.SettlementTable` (bands of
defender points, read from text such as ``0:D3/1:D2/40:D1/80:A0+40``). The one settlement
that is not a table of points is the 45-point game (RULES §12.10): it also asks who won the
last trick, and it can end in a draw.

Decisions (RULES is silent):

* ``settle`` checks ``won_last_trick`` only where it is used: the 45-point game needs
  ``True`` or ``False`` (``None``, the default, is a ``ValueError`` saying so), every other
  settlement ignores it.
* :func:`ace_worn` reads the first lead as the cards actually led: for a failed throw, the
  unit it was reduced to (as the kitty does, RULES §12.8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .cards import Card, as_cards
from .rules import RuleSet
from .settlement_tables import Settlement, SettlementTable
from .tricks import trick_winner
from .trump import Trump
from .units import LeadFormat, lead_format

__all__ = [
    "KITTY_TABLES",
    "Settlement",
    "SettlementTable",
    "ace_worn",
    "forty_five",
    "kitty_multiplier",
    "settle",
    "trick_points",
]

ACE = 14


def trick_points(cards: Iterable[Card]) -> int:
    """Sum of the point cards: 5 for a five, 10 for a ten or a king."""
    points = 0
    for card in cards:  # a loop: quicker than sum() of a list or of a generator
        points += card.points
    return points


# --- the kitty (RULES §7, §11.1, §11.4, §12.8) --------------------------------------------
def _width(lead: LeadFormat) -> int:
    """``"width"``: the first kind present, titanic 2·3^k, triple 6, tractor 2·2^k, pair 4,
    single 2 (k: the steps of the longest unit of that kind; RULES §12.8)."""
    if lead.titanics:
        return 2 * 3 ** lead.titanics[0]
    if lead.triples:
        return 6
    if lead.tractors:
        return 2 * 2 ** lead.tractors[0]
    return 4 if lead.pairs else 2


KITTY_TABLES: dict[str, Callable[[LeadFormat], int]] = {
    "power": lambda lead: 2**lead.largest_unit_size,  # §7: 2^m, m the largest unit's cards
    "linear": lambda lead: 2 * lead.largest_unit_size,  # §7: 2·m
    "plain": lambda lead: lead.largest_unit_size,  # §11.4: m
    "cards": lambda lead: 2**lead.size,  # §12.8: 2^(cards led)
    "pairs": lambda lead: 2 ** (1 + lead.total_pairs),  # §12.8: 2^(1 + pairs in the lead)
    "width": _width,  # §12.8: the seed's order of kinds
}
"""Each kitty rule (``RuleSet.kitty``) as a function of the last lead's format (RULES §12.8).

The format is the lead's decomposition: ``largest_unit_size`` (*m*), ``size`` (cards led),
``total_pairs`` (a pair 1, a tractor of k pairs k, a triple 1, a titanic of k triples k),
``titanics`` / ``tractors`` (their steps, longest first), ``triples``, ``pairs``."""


def kitty_multiplier(lead: Sequence[Card], trump: Trump, rules: RuleSet = RuleSet()) -> int:
    """How many times the kitty's points count when the defenders win the last trick.

    ``lead`` is the last trick's lead (for a failed throw, the unit it was reduced to); the
    table ``rules.kitty`` names (:data:`KITTY_TABLES`) turns its format into the multiplier:

    ========================  ======  =======  ======  =====  =====  =====
    last lead                 power   linear   plain   cards  pairs  width
    ========================  ======  =======  ======  =====  =====  =====
    single                    2       2        1       2      2      2
    pair                      4       4        2       4      4      4
    tractor of k pairs        2^2k    4k       2k      2^2k   2^k+1  2·2^k
    throw ``HA HK HQ``        2       2        1       8      2      2
    ========================  ======  =======  ======  =====  =====  =====

    ``rules.kitty_max``, when set, caps every table.

    The trump says what a unit is: with ``tractors="off"`` (RULES §12.14) a lead of two pairs
    is two pairs, ×4 under ``power``; a throw that failed under ``failed_throw="smallest_card"``
    (RULES §12.3) was reduced to one card, ×2.
    """
    multiplier = KITTY_TABLES[rules.kitty](lead_format(lead, trump))
    if rules.kitty_max is not None:
        return min(multiplier, rules.kitty_max)
    return multiplier


# --- settlement (RULES §7, §11.1, §12.9, §12.10) ------------------------------------------
def settle(
    defender_points: int, rules: RuleSet = RuleSet(), won_last_trick: bool | None = None
) -> Settlement:
    """The levels the defenders' points win, by the settlement table of ``rules``.

    The default table (``"standard"``, step *s* = 20 × ``rules.decks``): 0 points: dealer
    team +3 (大光); under *s*: +2 (小光); under 2s: +1; from 2s the defenders take the deal
    (上台), +0, and +1 more per further *s* (``escalating``: 2s already gives +1). Two decks
    give RULES §7's table; other tables are :class:`SettlementTable` values (§12.9). A
    negative total (possible with throw penalties) settles as 0.

    The 45-point game (``settlement="forty_five"``, RULES §12.10) needs ``won_last_trick``:
    whether the defenders won the last trick (see :func:`forty_five`).
    """
    if isinstance(defender_points, bool) or not isinstance(defender_points, int):
        raise TypeError(f"defender points must be an int, not {defender_points!r}")
    table = SettlementTable.of(rules)
    if table is None:
        return forty_five(defender_points, won_last_trick)
    return table.settle(defender_points)


FORTY_FIVE = 45
"""The count that wins the 45-point game for the defenders (RULES §12.10)."""
FORTY_FIVE_STEP = 20
"""Each further 20 counted points: one level more."""
FORTY_FIVE_DRAW = 40
"""Exactly this count, with the dealers winning the last trick, is a draw (平局)."""


def forty_five(counted: int, won_last_trick: bool | None) -> Settlement:
    """The 45-point game's settlement (RULES §12.10, one deck).

    ``counted``: the defenders' points in the tricks they won except the last trick, plus
    throw penalties (the kitty never counts; a negative count is 0). The defenders win if
    they count 45 or more or won the last trick: they take the deal with +1 for 45, +1 for
    the last trick and +1 per further 20 counted points. Otherwise a count of 0 gives the
    dealers +3, exactly 40 is a draw (no levels, nobody deals next: ``draw`` is true) and
    any other count gives the dealers +1.

    >>> [forty_five(p, last).winner for p, last in ((50, False), (30, True), (40, False))]
    ['defenders', 'defenders', 'draw']
    >>> forty_five(100, False).defender_levels
    3
    """
    if isinstance(counted, bool) or not isinstance(counted, int):
        raise TypeError(f"defender points must be an int, not {counted!r}")
    if won_last_trick is None:
        raise ValueError(
            "settlement='forty_five' needs won_last_trick: settle(points, rules, "
            "won_last_trick=True) when the defenders won the last trick, else False"
        )
    if not isinstance(won_last_trick, bool):
        raise ValueError(f"won_last_trick must be True or False, not {won_last_trick!r}")
    points = max(0, counted)
    if points >= FORTY_FIVE or won_last_trick:
        levels = int(won_last_trick)
        if points >= FORTY_FIVE:
            levels += 1 + (points - FORTY_FIVE) // FORTY_FIVE_STEP
        return Settlement(counted, 0, levels, True)
    if points == FORTY_FIVE_DRAW:
        return Settlement(counted, 0, 0, False, draw=True)
    return Settlement(counted, 3 if points == 0 else 1, 0, False)


# --- wearing the A (戴A, RULES §12.12) -----------------------------------------------------
def ace_worn(
    first_lead: Sequence[Card],
    last_trick: Sequence[tuple[int, Sequence[Card]]],
    dealer: int,
    trump: Trump,
) -> bool:
    """Whether the dealer team wore the A (戴A): the dealer's lead to the first trick holds
    an A, and the last trick is won (RULES §6) by a dealer-team play that holds an A.

    ``last_trick`` is ``[(seat, cards), …]`` in play order; the dealer team is ``dealer``
    and the seat opposite. A hand played at A with ``wear_ace`` is won as dealers only so.

    >>> from shengji_edu import RuleSet, parse_cards
    >>> no_trump_at_a = RuleSet(wear_ace=True).trump(14, None)
    >>> last = [(1, parse_cards("SK")), (2, parse_cards("CA")), (3, parse_cards("S2")),
    ...         (0, parse_cards("S4"))]
    >>> ace_worn(parse_cards("HA"), last, 0, no_trump_at_a)  # the partner's A ruffs and wins
    True
    """
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat 0-3, not {dealer!r}")
    plays = [(seat, as_cards(cards)) for seat, cards in last_trick]
    if not plays:
        raise ValueError("the last trick has no plays")
    for seat, _cards in plays:
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError(f"a play of the last trick is (seat 0-3, cards), not seat {seat!r}")
    if not any(card.rank == ACE for card in as_cards(first_lead)):
        return False
    seat, cards = plays[trick_winner([cards for _seat, cards in plays], trump)]
    return seat % 2 == dealer % 2 and any(card.rank == ACE for card in cards)
