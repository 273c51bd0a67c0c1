"""Playing: the ``PLAYING`` phase of a :class:`Round`, leads, follows and tricks.

The rules are RULES §4 (leading and throwing), §5 (following) and §6 (who wins a trick);
every play goes through :func:`~shengji_edu.tricks.check_lead` or
:func:`~shengji_edu.follow.check_follow` first. Where the rule book is silent we chose:

* A failed throw leaves the rest of the attempted cards in the leader's hand; the other
  players see them only through the ``throw_failed`` event. What is led instead follows
  ``rules.failed_throw`` (RULES §4, §12.3), and the trick's lead is what was led: under
  ``"smallest_card"`` one card, which is also what the kitty multiplier of a failed last
  lead counts.
* Trick points are counted for the defenders as tricks end (the kitty and the throw
  penalties are added at settlement, :mod:`~shengji_edu.game.settling`).
* A pair lead plays 8 cards at once, so the hand ends when the players' hands are empty,
  after ``hand_size`` tricks or fewer.

This is the hot path of a simulation: :meth:`Playing.play` makes :meth:`Playing.check_play`'s
check (the one check of a play: the rules core's verdict guards the change), reads the
trump's tables by card index and logs a play as a small tuple.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, as_cards
from ..follow import check_follow
from ..i18n import N_, message
from ..scoring import trick_points
from ..tricks import check_lead, check_throw, trick_winner
from .errors import IllegalMove, OutOfTurn
from .events import PLAY, THROW_FAILED, TRICK
from .public import PLAYING, SEATS, check_seat, make_trick


class Playing:
    """:class:`~shengji_edu.game.round.Round`'s actions of the tricks (the state is the
    round's); the last trick settles the hand (:meth:`Settling._settle`)."""

    __slots__ = ()  # the state is the round's (Round.__slots__)

    def check_play(self, seat: int, cards: Sequence[Card] | str) -> list[Card] | tuple[Card, ...]:
        """Raise if ``seat`` may not play ``cards`` now; return the cards (a player's list
        or tuple of cards as it is, anything else parsed into a list). :meth:`play` makes
        this check and nothing else before it changes the hand."""
        if self._phase != PLAYING:
            self._require(PLAYING, N_("cannot play cards now: the hand is in the {phase} phase"))
        if type(seat) is not int or seat != self._turn:
            check_seat(seat)
            raise OutOfTurn(
                message("it is seat {turn}'s turn, not seat {seat}'s", turn=self._turn, seat=seat)
            )
        if type(cards) is list or type(cards) is tuple:  # as_cards's common case, in line
            for card in cards:  # a list or tuple of cards (a player's answer) is kept as it is
                if card.__class__ is not Card:
                    cards = [c if c.__class__ is Card else Card.parse(c) for c in cards]
                    break
        else:
            cards = as_cards(cards)
        current = self._current
        if current:
            verdict = check_follow(self._hands[seat], current[0][1], cards, self._trump)
        else:
            verdict = check_lead(self._hands[seat], cards, self._trump)
        if not verdict.ok:
            raise IllegalMove(verdict.reason)
        return cards

    def play(self, seat: int, cards: Sequence[Card] | str) -> tuple[Card, ...]:
        """Lead or follow. Returns the cards actually played (a failed throw plays less)."""
        cards = self.check_play(seat, cards)  # raises the refusal
        trump = self._trump
        hand = self._hands[seat]
        current = self._current
        played = tuple(cards)
        self._actions.append((seat, played))  # a play: its text is written when read
        if current:
            suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
            suit = suit_of[current[0][1][0].index]
            for card in played:  # as many cards as were led: one of another suit shows a void
                if suit_of[card.index] != suit:
                    if suit not in self._voids[seat]:  # a void not shown before
                        voids = list(self._voids)
                        voids[seat] = voids[seat] | {suit}
                        self._voids = tuple(voids)
                    break
        else:
            self._attempted = None
            if len(played) > 1:
                hands = self._hands
                others = [hands[s] for s in SEATS if s != seat]
                throw = check_throw(played, others, trump, self.rules)
                if not throw.ok:
                    self._attempted = played
                    played = tuple(throw.forced)
                    penalty = self.rules.throw_penalty
                    self._penalty += penalty if self.is_dealer_team(seat) else -penalty
                    self._events.append(
                        (THROW_FAILED, seat, self._attempted, played, throw, penalty)
                    )
        if len(played) == 1:  # remove_cards(hand, played) in line: the check found it held
            card = played[0]
            position = 0
            while hand[position] is not card:
                position += 1
            del hand[position]
        else:
            remove_cards(hand, played)
        self._played += played
        current += ((seat, played),)
        self._current = current
        self._events.append((PLAY, seat, played))
        if len(current) == 4:
            self._finish_trick()
        else:
            self._turn = (seat + 1) % 4  # next_seat(seat)
        return played

    def _finish_trick(self) -> None:
        trump = self._trump
        plays = self._current
        first, second, third, fourth = plays
        lead = first[1]
        winner = plays[trick_winner((lead, second[1], third[1], fourth[1]), trump)][0]
        # the trick's cards are the last ones played: four plays of the lead's size
        points = trick_points(self._played[-4 * len(lead) :])
        if winner % 2 != self._dealer % 2:  # not is_dealer_team(winner): the defenders'
            self._points += points
        tricks = self._tricks + (make_trick(first[0], plays, winner, points, self._attempted),)
        self._tricks = tricks
        self._events.append((TRICK, winner, len(tricks), points, self._points))
        self._current = ()
        self._attempted = None
        self._turn = winner
        if not self._hands[winner]:  # every hand is empty: that was the last trick
            self._settle()


def remove_cards(hand: list[Card], cards: Sequence[Card]) -> None:
    """Take the cards out of the hand. Cards are interned, so the first card that *is* each
    one is removed (what ``hand.remove`` does, without comparing cards one by one)."""
    for card in cards:
        for position, held in enumerate(hand):
            if held is card:
                del hand[position]
                break
        else:
            raise ValueError(f"{card} is not in the hand")
