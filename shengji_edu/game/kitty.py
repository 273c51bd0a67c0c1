"""The kitty and the overcalls: the ``KITTY`` and ``OVERCALL`` phases of a :class:`Round`.

Burying is RULES §8; overcalling after the bury (反主 / 炒底,
``RuleSet(overcall_after_bury=True)``) is RULES §11.3. After each bury the seats are asked
in play order (the dealer first after the dealer's bury, the seat after the overcaller
after an overcaller's bury); four passes in a row start the play. Where §11.3 is silent we
chose:

* Anyone whose turn it is may overcall, the dealer's team included, and a seat may overcall
  its own overcall. Overcalls are made with the cards in hand now: the dealer's may include
  kitty cards it kept, never the ones it buried.
* The cards shown stay in the hand (the overcaller may bury them); they are public.
* ``view(seat).buried`` is the kitty that seat buried last, and only while it is the kitty;
  the public record lists every overcall and pass and who buried last.
* A seat with nothing to overcall with is still asked: the
  :class:`~shengji_edu.game.table.Table` passes for a computer player, and waits for a
  person to press pass.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, as_cards, first_missing, format_cards
from ..declaring import Declaration, overcall_strength, possible_overcalls
from ..i18n import N_, message
from . import events as ev
from .errors import IllegalMove, OutOfTurn
from .playing import remove_cards
from .public import KITTY, OVERCALL, PLAYING, RETURNS, bury_refusal, check_seat, next_seat

OVERCALL_TURN = N_("it is seat {turn}'s turn to overcall or pass, not seat {seat}'s")


class KittyAndOvercalls:
    """:class:`~shengji_edu.game.round.Round`'s actions from the bury to the first lead:
    burying, and the overcall round after it (the state is the round's)."""

    __slots__ = ()  # the state is the round's (Round.__slots__)

    def check_bury(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """Raise if ``seat`` may not bury ``cards`` now; return the cards as a list."""
        self._require(KITTY, N_("cannot bury the kitty now: the hand is in the {phase} phase"))
        check_seat(seat)
        holder = self._kitty_holder
        if seat != holder:
            if holder == self._dealer:
                raise OutOfTurn(
                    message("only the dealer (seat {seat}) buries the kitty", seat=self._dealer)
                )
            raise OutOfTurn(
                message(
                    "only seat {seat}, who overcalled and took the kitty, buries it now",
                    seat=holder,
                )
            )
        cards = as_cards(cards)
        refusal = bury_refusal(self._hands[seat], cards, self.rules)
        if refusal:
            raise IllegalMove(refusal)
        return cards

    def bury(self, seat: int, cards: Sequence[Card] | str) -> None:
        """The kitty's holder puts ``rules.kitty_size`` cards face down as the new kitty.

        Then the dealer leads, or with ``overcall_after_bury`` the overcall round begins (or
        goes on from the seat after the overcaller)."""
        cards = self.check_bury(seat, cards)
        remove_cards(self._hands[seat], cards)
        self._buried = self._kitty_cards = tuple(cards)
        if self.rules.open_kitty:  # shown to everyone (RULES §12.11)
            self._shown_kitty = self._buried
        self._buried_by = seat
        self._kitty_holder = None
        self._actions.append({"action": "bury", "seat": seat, "cards": format_cards(cards)})
        self._events.append(ev.Event(ev.BURY, seat, {"count": len(cards)}))
        if self._returns_due:  # an absorbed dealer buried first: the returns (RULES §12.5)
            self._phase = RETURNS
        elif self.rules.overcall_after_bury and self._fixed_trump is None and not self._at_ace:
            self._phase = OVERCALL
            self._overcall_turn = seat if not self._overcalls else next_seat(seat)
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._phase = PLAYING
        self._overcall_turn = None
        self._turn = self._dealer

    # --- overcalling after the bury (RULES §11.3) ----------------------------------------
    def legal_overcalls(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may overcall with right now (empty unless it is asked now)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        if self._phase != OVERCALL or seat != self._overcall_turn:
            return []
        floor = self.public.overcall_floor
        assert floor is not None
        return possible_overcalls(
            self._hands[seat], self.level_rank, floor, self.rules.decks, self.rules.joker_bids
        )

    def check_overcall(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """The overcall ``seat`` would make with ``cards``, or an error saying why not."""
        self._require(OVERCALL, N_("cannot overcall now: the hand is in the {phase} phase"))
        check_seat(seat)
        self._require_turn(seat, self._overcall_turn, OVERCALL_TURN)
        cards = as_cards(cards)
        missing = first_missing(cards, self._hands[seat])  # next(iter(Counter - Counter))
        if missing is not None:
            raise IllegalMove(
                message(
                    "seat {seat} does not hold {card}: overcall with your cards",
                    seat=seat,
                    card=missing,
                )
            )
        floor = self.public.overcall_floor
        assert floor is not None
        try:
            strength, suit = overcall_strength(
                cards, self.level_rank, floor, self.rules.decks, self.rules.joker_bids
            )
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        return Declaration(seat, tuple(cards), strength, suit, self._dealt)

    def overcall(self, seat: int, cards: Sequence[Card] | str) -> Declaration:
        """Overcall (反主): the new trump holds at once, and ``seat`` takes the kitty into its
        hand and must bury as many cards (the hand goes back to the kitty phase)."""
        overcall = self.check_overcall(seat, cards)
        self._overcalls += ((seat, overcall),)
        self._trump = self.rules.trump(self.level_rank, overcall.suit)
        self._overcall_turn = None
        self._actions.append(
            {"action": "overcall", "seat": seat, "cards": format_cards(overcall.cards)}
        )
        self._events.append(
            ev.Event(
                ev.OVERCALL,
                seat,
                {"cards": format_cards(overcall.cards), "suit": overcall.suit},
            )
        )
        self._take_kitty(seat)
        return overcall

    def pass_overcall(self, seat: int) -> None:
        """Pass in the overcall round; four passes in a row start the play."""
        self._require(OVERCALL, N_("cannot pass now: the hand is in the {phase} phase"))
        check_seat(seat)
        self._require_turn(seat, self._overcall_turn, OVERCALL_TURN)
        self._overcalls += ((seat, None),)
        self._actions.append({"action": "pass_overcall", "seat": seat})
        self._events.append(ev.Event(ev.OVERCALL_PASS, seat))
        passes = 0
        for _seat, overcall in reversed(self._overcalls):
            if overcall is not None:
                break
            passes += 1
        if passes >= 4:
            self._start_play()
        else:
            self._overcall_turn = next_seat(seat)
