"""The table: asks the players for their decisions and feeds them to a :class:`Round`.

The round only checks and applies actions; the table knows *who is asked what, when*:

* during the deal, after each card every player in play order, starting with the one who
  just received it, may declare; after the last card there is one more such round;
* in the after-deal auction, the bidder whose turn it is;
* whoever holds the kitty (the dealer, or an overcaller) buries;
* with ``overcall_after_bury``, the seat asked in the overcall round overcalls or passes: a
  player with an ``overcall(view)`` method is asked when it has a legal overcall, and one
  without it (or without a legal overcall) passes (see :mod:`shengji_edu.players.base`);
* the player whose turn it is leads or follows.

A seat whose player is ``None`` is a person at a front end (the widget, the terminal): the
table stops and waits when that seat must act, and the front end calls the round directly.
People may declare at any moment of the deal, so the table never waits for them there.

Players get a :class:`~shengji_edu.game.view.PlayerView` made afresh for each decision,
never the round. Their generators belong to the round (``round.seat_rng(seat)``), not to
the table, so a hand replays the same however many tables drive it, or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import CardParseError, shorten
from ..i18n import N_, message
from ..reporting import weakest_return
from .errors import IllegalAction
from .round import AUCTION, DEALING, FINISHED, KITTY, OVERCALL, PLAYING, RETURNS, Round
from .view import PlayerView

if TYPE_CHECKING:
    from ..players.base import Player


_ORDER = tuple(tuple((first + i) % 4 for i in range(4)) for first in range(4))
"""The four seats in play order from each seat (from seat 2: 2, 3, 0, 1)."""


ANSWERS_FROM_OWN_CARDS = "answers_from_own_cards"


def answers_from_own_cards(declare):
    """Mark a player's ``declare`` method as one whose answer depends only on the player's
    hand, its legal declarations and the hand's level, and that draws nothing from
    ``view.rng``: asked again with the same three, it answers the same.

    During the deal the table asks every seat with a declaration after every card; a marked
    player that passed is asked again only once it got another card or someone declared
    (it would pass again), so the hand is the same card for card with fewer questions. The
    mark is on the method: a subclass that overrides ``declare`` is asked every time."""
    setattr(declare, ANSWERS_FROM_OWN_CARDS, True)
    return declare


class PlayerError(RuntimeError):
    """A computer player returned a move the engine rejected: a bug in that player.

    Its message is a :class:`~shengji_edu.i18n.Message` (the play table shows it in its
    language); ``str(exc)`` is the English text."""


ACTION_NAMES = {
    "declare": N_("declare"),
    "bury": N_("bury"),
    "overcall": N_("overcall"),
    "play": N_("play"),
}
"""The actions a player decides, in words, for :class:`PlayerError`'s message."""


class Table:
    """Runs a round with four seats of players (``None`` marks a person)."""

    def __init__(self, round_: Round, players: Sequence[Player | None]) -> None:
        if not isinstance(round_, Round):
            raise ValueError("a Table plays a Round: Table(Round(seed), players)")
        if isinstance(players, (str, bytes, dict)) or not isinstance(players, Sequence):
            raise ValueError("a table needs a list of 4 players (None for a person)")
        if len(players) != 4:
            raise ValueError(f"a table needs 4 players, got {len(players)}")
        for seat, player in enumerate(players):
            if player is not None and not (
                callable(getattr(player, "declare", None))
                and callable(getattr(player, "bury", None))
                and callable(getattr(player, "play", None))
            ):
                raise ValueError(
                    f"seat {seat}'s player has no declare, bury and play methods: "
                    f"{shorten(player)} is not a player"
                )
        self.round = round_
        self.players = list(players)
        self._final_round_done = False
        self._passed: list[tuple | None] = [None] * 4  # see _declaration_round

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now (the player gets this; never the round itself)."""
        return self.round.view(seat)

    @property
    def waiting_for(self) -> int | None:
        """The person's seat whose decision the game needs now, else None."""
        seat = self.round.turn
        if seat is not None and self.players[seat] is None:
            return seat
        return None

    def deal_one(self) -> None:
        """Deal one card and give every computer player its chance to declare."""
        rnd = self.round
        receiver = rnd.next_receiver
        rnd.deal_next()
        assert receiver is not None
        self._declaration_round(receiver)

    def _declaration_round(self, first: int) -> None:
        """Ask the seats with a declaration, in play order from ``first`` (who just got a
        card). A player whose ``declare`` is marked :func:`answers_from_own_cards` and
        passed is not asked again until it got a card or someone declared (under RULES §8's
        declaring): it would pass again (the same hand, options and level), so the game is
        the same."""
        rnd = self.round
        declaring = rnd.declaring_seats
        if not declaring:  # nobody has anything to declare
            return
        players, may_declare, passed = self.players, rnd.may_declare, self._passed
        dealt, declarations = rnd.dealt, rnd.declarations
        start = rnd.first_receiver()
        plain = rnd.rules.bidding == "during_deal"  # RULES §8 (the house rounds ask every time)
        for seat in _ORDER[first]:
            player = players[seat]
            if player is None or seat not in declaring:
                continue
            # the cards dealt to seat so far, and the declarations it has seen
            asked = (player, (dealt + 3 - (seat - start) % 4) // 4, declarations)
            if passed[seat] == asked or not may_declare(seat):
                continue
            choice = player.declare(rnd.view(seat))  # self.view(seat)
            if choice:
                self._apply(seat, "declare", choice)
                declaring = rnd.declaring_seats  # a declaration can change who has one
                declarations = rnd.declarations
            elif plain and getattr(player.declare, ANSWERS_FROM_OWN_CARDS, False):
                passed[seat] = asked

    def finish_deal(self) -> None:
        """The extra declaration round after the last card, then end the deal."""
        rnd = self.round
        if not self._final_round_done and rnd.rules.bidding == "during_deal":
            self._final_round_done = True
            self._declaration_round((rnd.first_receiver() + rnd.rules.dealt_cards - 1) % 4)
        rnd.finish_deal()

    def step(self) -> bool:
        """Make the next computer decision. False when a person must act or the hand is over."""
        rnd = self.round
        phase = rnd.phase
        if phase == PLAYING:  # the common case first
            return self._play(once=True)
        if phase == DEALING:  # nobody's turn: people declare when they like, nobody waits
            if rnd.dealt < rnd.rules.dealt_cards:
                self.deal_one()
            else:
                self.finish_deal()
            return True
        if phase == FINISHED or self.waiting_for is not None:
            return False
        if phase == AUCTION:
            seat = rnd.turn
            assert seat is not None
            player = self.players[seat]
            assert player is not None
            choice = player.declare(self.view(seat)) if rnd.legal_declarations(seat) else None
            if choice:
                self._apply(seat, "declare", choice)
            else:
                rnd.pass_bid(seat)
        elif phase == KITTY:
            seat = rnd.turn  # the dealer, or the overcaller who took the kitty
            self._apply(seat, "bury", self.players[seat].bury(self.view(seat)))
        elif phase == RETURNS:  # the largest reporter gives cards back (RULES §12.5)
            seat = rnd.turn
            give = getattr(self.players[seat], "give", None)
            view = self.view(seat)
            if callable(give):
                cards = give(view)
            else:
                owed = rnd.reported_cards(rnd.returns_due[0])
                cards = weakest_return(view.hand, owed, view.trump.strength)
            self._apply(seat, "give", cards)
        elif phase == OVERCALL:
            seat = rnd.turn
            assert seat is not None
            ask = getattr(self.players[seat], "overcall", None)
            choice = None
            if callable(ask) and rnd.legal_overcalls(seat):
                choice = ask(self.view(seat))
            if choice:
                self._apply(seat, "overcall", choice)
            else:
                rnd.pass_overcall(seat)
        return True

    def run(self) -> Round:
        """Play on until a person must act or the hand is finished: :meth:`step` after step.

        The deal goes faster than card by card, with the same hand: while no seat has a
        declaration to make there is nobody to ask between cards, so the cards up to the next
        one that gives a seat a declaration are dealt in one go
        (:meth:`Round.deal_while_nobody_declares`)."""
        rnd = self.round
        if rnd.phase == DEALING:  # and it stays so until finish_deal, in step()
            first, total = rnd.first_receiver(), rnd.rules.dealt_cards
            dealt = rnd.dealt
            while dealt < total:  # a card is left
                if rnd.declaring_seats:
                    rnd.deal_next()  # what deal_one() does, the receiver known here
                    self._declaration_round((first + dealt) % 4)
                else:
                    self._declaration_round(rnd.deal_while_nobody_declares())
                dealt = rnd.dealt
        step, play = self.step, self._play
        while play(once=False) if rnd.phase == PLAYING else step():
            pass
        return rnd

    def _play(self, once: bool) -> bool:
        """The players' leads and follows while the hand is in play (only the next one if
        ``once``): each is asked with its view and its cards go to ``round.play``, which
        checks them (what :meth:`_apply` does, in line). False when a person must play.

        :meth:`step` makes one play; :meth:`run` plays every trick in one call."""
        rnd, players = self.round, self.players
        if rnd.phase != PLAYING:
            return True
        seat = rnd.turn
        while seat is not None:  # after a play the hand is in play, or finished (no turn)
            player = players[seat]
            if player is None:
                return False  # a person's turn
            cards = player.play(rnd.view(seat))
            try:
                rnd.play(seat, cards)
            except (IllegalAction, CardParseError) as exc:
                self._refuse(seat, "play", exc)
            if once:
                break
            seat = rnd.turn
        return True

    def _apply(self, seat: int, action: str, cards) -> None:
        try:
            if action == "play":
                self.round.play(seat, cards)
            else:
                getattr(self.round, action)(seat, cards)
        except (IllegalAction, CardParseError) as exc:
            self._refuse(seat, action, exc)

    def _refuse(self, seat: int, action: str, exc: Exception) -> None:
        """Raise the PlayerError for a move of a computer player the round rejected."""
        name = getattr(self.players[seat], "name", "player")
        raise PlayerError(
            message(
                "{name} at seat {seat} tried an illegal {action}: {reason}",
                name=str(name),
                seat=seat,
                action=message(ACTION_NAMES[action]),
                reason=exc,
            )
        ) from exc


def play_round(round_: Round, players: Sequence[Player]) -> Round:
    """Play a whole hand with four computer players and return the finished round."""
    if any(p is None for p in players):
        raise ValueError("play_round needs four computer players; use Table for people")
    return Table(round_, players).run()
