"""Card memory: what the table has shown about the hidden hands, read from one view.

:class:`CardMemory` answers the questions :class:`~.smart.SmartPlayer`'s rules ask:

* which cards are still out (not in my hand, not played, not in the kitty I buried);
* who has shown a void in which suit (``view.voids``), and so who can no longer trump
  (a void in trumps);
* who has no pair left in a suit: a seat that answered a lead holding a pair with cards of
  that suit but no pair of them had none (RULES §5.3: a pair led must be followed by a pair
  when the follower has one), and cards only leave a hand;
* the *boss* of a suit for each shape: the top step of the strongest single, pair or tractor
  still out (:func:`~.rollout_knowledge.strongest_unseen_top`);
* whether a play or a unit can be beaten by given seats (:meth:`CardMemory.holds`,
  :meth:`CardMemory.sure`).

Everything comes from the view's public record and this seat's own cards, so a player using
it sees nothing hidden (RULES §9). A memory is made for one decision and thrown away.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..trump import TRUMP
from ..units import WIDTHS, lead_format
from .base import PlayerView
from .greedy import SIDE_SUITS
from .rollout_knowledge import strongest_unseen_top, unseen_counts

VOID_RISK = 4
"""A seat that has not shown a void in a side suit may still be void in it: a play in that
suit counts as safe from a trump only while at least this many of its cards are out."""


class CardMemory:
    """The public facts of one decision (see the module docstring)."""

    __slots__ = ("view", "trump", "seat", "left", "voids", "_no_pairs", "_tops", "_out")

    def __init__(self, view: PlayerView) -> None:
        trump = view.trump
        assert trump is not None
        self.view = view
        self.trump = trump
        self.seat = view.seat
        self.left = unseen_counts(view)
        """Copies of each card (by ``card.index``) still out, as this seat sees it."""
        self.voids = tuple(view.voids(s) for s in range(4))
        """The effective suits each seat has shown a void in."""
        self._no_pairs: tuple[set[str], ...] | None = None
        self._tops: dict[tuple[str, int, int], int] = {}
        self._out: dict[str, int] = {}

    # --- who is who -------------------------------------------------------------------
    @property
    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)

    @property
    def others(self) -> tuple[int, int, int]:
        return ((self.seat + 1) % 4, (self.seat + 2) % 4, (self.seat + 3) % 4)

    side_suits = SIDE_SUITS

    def opponents_out_of(self, suit: str) -> bool:
        """Have both opponents shown a void in ``suit``?"""
        return all(suit in self.voids[s] for s in self.opponents)

    def can_trump(self, seat: int) -> bool:
        """Has ``seat`` not yet shown a void in trumps (so it may hold one)?"""
        return TRUMP not in self.voids[seat]

    # --- what is out ------------------------------------------------------------------
    def out_in(self, suit: str) -> int:
        """How many cards of an effective suit are still out."""
        count = self._out.get(suit)
        if count is None:
            suit_of, left = self.trump.suit_by_index, self.left
            count = self._out[suit] = sum(n for i, n in enumerate(left) if n and suit_of[i] == suit)
        return count

    def top(self, suit: str, width: int, steps: int) -> int:
        """The top step of the strongest unit of ``steps`` × ``width`` still out in ``suit``
        (-1: none), the boss a unit of that shape must match."""
        key = (suit, width, steps)
        top = self._tops.get(key)
        if top is None:
            top = self._tops[key] = strongest_unseen_top(self.left, self.trump, *key)
        return top

    @property
    def no_pairs(self) -> tuple[set[str], ...]:
        """For each seat, the effective suits it is known to hold no pair in."""
        found = self._no_pairs
        if found is None:
            found = self._no_pairs = no_pairs_shown(self.view)
        return found

    # --- can it be beaten? --------------------------------------------------------------
    def single_unit(self, lead: Sequence[Card]) -> tuple[int, int] | None:
        """(width, steps) of a lead that is one unit (a single, pair, triple, tractor);
        None for a throw."""
        fmt = lead_format(lead, self.trump)
        if len(fmt.shapes) != 1:
            return None
        return fmt.shapes[0]

    def holds(self, play: Sequence[Card], lead: Sequence[Card], seats: Sequence[int]) -> bool:
        """Would ``play`` (winning the running trick now; ``lead`` is one unit) still win
        after ``seats`` play? True only when none of them can beat it with what is out,
        given their voids, their missing pairs and the risk of a void not yet shown."""
        if not seats:
            return True
        trump = self.trump
        suit_of, step = trump.suit_by_index, trump.step_by_index
        led = suit_of[lead[0].index]
        width, steps = self.single_unit(lead) or (1, 1)
        mine = max(step[c.index] for c in play)
        ruffed = suit_of[play[0].index] != led
        for seat in seats:
            if led in self.voids[seat]:
                if led == TRUMP or not self.can_trump(seat):
                    continue
                if width > 1 and TRUMP in self.no_pairs[seat]:
                    continue
                trump_top = self.top(TRUMP, width, steps)
                if trump_top > (mine if ruffed else -1):
                    return False
                continue
            if (
                not ruffed
                and self.top(led, width, steps) > mine
                and (width == 1 or led not in self.no_pairs[seat])
            ):
                return False
            # it may be void without having shown it: is there a trump to beat me?
            if (
                led != TRUMP
                and self.can_trump(seat)
                and self.out_in(led) < VOID_RISK * width
                and self.top(TRUMP, width, steps) > (mine if ruffed else -1)
            ):
                return False
        return True

    def sure(self, unit, seats: Sequence[int]) -> bool:
        """Can none of ``seats`` beat my ``unit`` (a led unit) with a higher one of its shape,
        and can no opponent among them trump it? A seat void in the suit holds no higher
        unit; a seat without pairs in it holds no higher pair."""
        suit, width = unit.suit, WIDTHS[unit.kind]
        steps = unit.pairs or 1
        top = self.top(suit, width, steps)
        for seat in seats:
            if suit in self.voids[seat]:
                if suit != TRUMP and seat % 2 != self.seat % 2 and self.can_trump(seat):
                    return False
                continue
            if top > unit.high and (width == 1 or suit not in self.no_pairs[seat]):
                return False
        return True


def no_pairs_shown(view: PlayerView) -> tuple[set[str], ...]:
    """For each seat, the effective suits it showed it holds no pair in: it answered a lead
    holding a pair (or more) with at least two cards of the led suit, none of them twice."""
    trump = view.trump
    assert trump is not None
    suit_of = trump.suit_by_index
    found: tuple[set[str], ...] = (set(), set(), set(), set())
    plays_of = [trick.plays for trick in view.tricks]
    if view.current_trick:
        plays_of.append(view.current_trick)
    for plays in plays_of:
        lead = plays[0][1]
        if len(lead) < 2 or len(set(map(id, lead))) == len(lead):
            continue  # no card led twice: no pair was asked for
        led = suit_of[lead[0].index]
        for seat, cards in plays[1:]:
            same = [c for c in cards if suit_of[c.index] == led]
            if len(same) >= 2 and len(set(map(id, same))) == len(same) or len(same) < len(cards):
                found[seat].add(led)
    return found


__all__ = ["VOID_RISK", "CardMemory", "no_pairs_shown"]
