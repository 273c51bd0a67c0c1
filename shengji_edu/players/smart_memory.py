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
from .rollout_knowledge import _strongest_first, strongest_unseen_top, unseen_counts

VOID_RISK = 4
"""A seat that has not shown a void in a side suit may still be void in it: a play in that
suit counts as safe from a trump only while at least this many of its cards are out."""


class CardMemory:
    """The public facts of one decision (see the module docstring)."""

    __slots__ = (
        "view",
        "trump",
        "seat",
        "_left",
        "voids",
        "caps",
        "cache",
        "_no_pairs",
        "_tops",
        "_out",
    )

    def __init__(self, view: PlayerView, read_play: bool = False) -> None:
        trump = view.trump
        assert trump is not None
        self.view = view
        self.trump = trump
        self.seat = view.seat
        self._left: list[int] | None = None
        voids = tuple(view.voids(s) for s in range(4))
        self.caps: dict[tuple[int, str], int] = {}
        """(seat, suit) -> the highest step that seat may still hold in that suit, read from
        its plays (``read_play``; see :func:`read_plays`)."""
        if read_play and view.tricks:
            out_of_trumps, self.caps = read_plays(view)
            if out_of_trumps:
                voids = tuple(
                    v | {TRUMP} if seat in out_of_trumps else v for seat, v in enumerate(voids)
                )
        self.voids = voids
        """The effective suits each seat has shown a void in (with ``read_play``, also the
        trumps of a seat that passed up a trick it could only have won by trumping)."""
        self._no_pairs: tuple[set[str], ...] | None = None
        self.cache: dict[str, object] = {}
        """Answers a rule worked out for this decision, for the next rule that asks."""
        self._tops: dict[tuple[str, int, int], int] = {}
        self._out: dict[str, int] = {}

    @property
    def left(self) -> list[int]:
        """Copies of each card (by ``card.index``) still out, as this seat sees it."""
        left = self._left
        if left is None:
            left = self._left = unseen_counts(self.view)
        return left

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

    def top_for(self, seat: int, suit: str, width: int, steps: int) -> int:
        """:meth:`top` as far as ``seat`` may hold it: a single no higher than its cap."""
        cap = self.caps.get((seat, suit)) if width == 1 else None
        if cap is None:
            return self.top(suit, width, steps)
        step, left = self.trump.step_by_index, self.left
        for card in _strongest_first(self.trump)[suit]:
            at = step[card.index]
            if at <= cap and left[card.index]:
                return at
        return -1

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
                trump_top = self.top_for(seat, TRUMP, width, steps)
                if trump_top > (mine if ruffed else -1):
                    return False
                continue
            if (
                not ruffed
                and self.top_for(seat, led, width, steps) > mine
                and (width == 1 or led not in self.no_pairs[seat])
            ):
                return False
            # it may be void without having shown it: is there a trump to beat me?
            if (
                led != TRUMP
                and self.can_trump(seat)
                and self.out_in(led) < VOID_RISK * width
                and self.top_for(seat, TRUMP, width, steps) > (mine if ruffed else -1)
            ):
                return False
        return True

    def hold_chance(
        self, play: Sequence[Card], lead: Sequence[Card], seats: Sequence[int]
    ) -> float:
        """The chance that ``play`` (winning the running trick now; ``lead`` is one unit)
        still wins after ``seats`` play, if the cards still out lie at random among the
        places that may hold them (the hidden hands not void in the suit, and the kitty
        unless I buried it): 0 when a seat can surely trump it, 1 when :meth:`holds`."""
        trump = self.trump
        suit_of, step = trump.suit_by_index, trump.step_by_index
        led = suit_of[lead[0].index]
        width, _steps = self.single_unit(lead) or (1, 1)
        mine = max(step[c.index] for c in play)
        if suit_of[play[0].index] != led:
            return 1.0 if self.holds(play, lead, seats) else 0.0
        sizes = self.view.hand_sizes()
        room = sum(sizes[s] for s in self.others if led not in self.voids[s])
        if not self.view.buried:
            room += self.view.rules.kitty_size
        chance = 1.0
        for seat in seats:
            if led in self.voids[seat]:
                if led != TRUMP and self.can_trump(seat) and self.out_in(TRUMP):
                    return 0.0
                continue
            share = sizes[seat] / room if room else 0.0
            if width > 1 and led in self.no_pairs[seat]:
                continue
            cap = self.caps.get((seat, led), 10**6) if width == 1 else 10**6
            for i in self._higher(led, mine):
                if self.trump.step_by_index[i] > cap:
                    continue
                copies = self.left[i]
                if width == 1:
                    chance *= (1 - share) ** copies
                elif copies >= width:
                    chance *= 1 - share**width
        return chance

    def _higher(self, suit: str, mine: int) -> list[int]:
        """Card indices of ``suit`` still out whose step is above ``mine``."""
        step, left, found = self.trump.step_by_index, self.left, []
        for card in _strongest_first(self.trump)[suit]:
            if step[card.index] <= mine:
                break
            if left[card.index]:
                found.append(card.index)
        return found

    def sure(self, unit, seats: Sequence[int]) -> bool:
        """Can none of ``seats`` beat my ``unit`` (a led unit) with a higher one of its shape,
        and can no opponent among them trump it? A seat void in the suit holds no higher
        unit; a seat without pairs in it holds no higher pair."""
        suit, width = unit.suit, WIDTHS[unit.kind]
        steps = unit.pairs or 1
        beaten = self.top(suit, width, steps) > unit.high  # by some unit still out
        if (  # a higher single is out: only a seat void in the suit cannot hold it
            beaten
            and width == 1
            and not self.caps
            and any(suit not in self.voids[s] for s in seats)
        ):
            return False
        for seat in seats:
            if suit in self.voids[seat]:
                if suit != TRUMP and seat % 2 != self.seat % 2 and self.can_trump(seat):
                    return False
                continue
            if (
                beaten
                and self.top_for(seat, suit, width, steps) > unit.high
                and (width == 1 or suit not in self.no_pairs[seat])
            ):
                return False
        return True


def read_plays(view: PlayerView) -> tuple[set[int], dict[tuple[int, str], int]]:
    """What the seats' plays to single-card tricks say, if they take points they can take:
    a seat that followed suit under an opponent's winning card while the trick held points
    (or as the last to play) had no higher card of the suit; a seat out of the led side suit
    that let an opponent's untrumped card win such a trick had no trump. Returns (the seats
    read as out of trumps, (seat, suit) -> the highest step each may still hold)."""
    trump = view.trump
    assert trump is not None
    suit_of, step = trump.suit_by_index, trump.step_by_index
    no_trumps: set[int] = set()
    caps: dict[tuple[int, str], int] = {}
    for trick in view.tricks:
        plays = trick.plays
        lead = plays[0][1]
        if len(lead) != 1:
            continue
        led = suit_of[lead[0].index]
        winner, best = plays[0][0], lead[0].index
        points = lead[0].points
        for position, (seat, cards) in enumerate(plays[1:], start=1):
            card = cards[0].index
            ruffed = suit_of[best] != led
            contested = (winner + seat) % 2 == 1 and (points > 0 or position == 3)
            beats = suit_of[card] in (led, TRUMP) and (
                (suit_of[card] == suit_of[best] and step[card] > step[best])
                or (suit_of[card] == TRUMP and suit_of[best] != TRUMP)
            )
            if contested and not beats:
                if suit_of[card] == led and not ruffed:
                    key = (seat, led)
                    caps[key] = min(caps.get(key, step[best]), step[best])
                elif suit_of[card] != led and led != TRUMP:
                    if not ruffed:
                        no_trumps.add(seat)
                    else:
                        key = (seat, TRUMP)
                        caps[key] = min(caps.get(key, step[best]), step[best])
            if beats:
                winner, best = seat, card
            points += cards[0].points
    return no_trumps, caps


def no_pairs_shown(view: PlayerView) -> tuple[frozenset[str], ...]:
    """:func:`_no_pairs_in` of the finished tricks (the last answer kept: every seat asks
    about the same tricks until the next one ends, and they are public), plus the running
    trick's plays."""
    global _last_no_pairs
    tricks = view.tricks
    last = _last_no_pairs  # one tuple, read at once: safe with threads
    if last[0] is not tricks:
        last = _last_no_pairs = (tricks, _no_pairs_in([t.plays for t in tricks], view))
    found = last[1]
    if view.current_trick:
        extra = _no_pairs_in([view.current_trick], view)
        found = tuple(a | b for a, b in zip(found, extra, strict=True))
    return found


_last_no_pairs: tuple = (None, ())


def _no_pairs_in(plays_of: list, view: PlayerView) -> tuple[frozenset[str], ...]:
    """For each seat, the effective suits it showed it holds no pair in: it answered a lead
    holding a pair (or more) with at least two cards of the led suit, none of them twice."""
    trump = view.trump
    assert trump is not None
    suit_of = trump.suit_by_index
    found: tuple[set[str], ...] = (set(), set(), set(), set())
    for plays in plays_of:
        lead = plays[0][1]
        if len(lead) < 2 or len(set(map(id, lead))) == len(lead):
            continue  # no card led twice: no pair was asked for
        led = suit_of[lead[0].index]
        for seat, cards in plays[1:]:
            same = [c for c in cards if suit_of[c.index] == led]
            if len(same) >= 2 and len(set(map(id, same))) == len(same) or len(same) < len(cards):
                found[seat].add(led)
    return tuple(frozenset(f) for f in found)


__all__ = ["VOID_RISK", "CardMemory", "no_pairs_shown", "read_plays"]
