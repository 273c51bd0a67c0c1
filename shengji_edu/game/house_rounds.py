"""The seeds' declaring rounds in a :class:`Round`: joker colours (§12.6) and yielding (§12.4).

:mod:`.dealing` runs the deal and the after-deal auction of RULES §8; under
``bidding="joker_colour"`` or ``bidding="yield"`` it asks this mixin instead what may be
declared, when, and what the round does after a bid. The rules themselves are pure functions
(:mod:`shengji_edu.bids`, :mod:`shengji_edu.yielding`); this module only keeps the state:

* **joker colours** (RULES §12.6): during the deal the first declaration stands (in a later
  hand only the dealer's team may make it); after the deal the defenders' round (反庄家) if
  nobody declared in a later hand, then overcalls from the seat after the first declarer until
  four pass in a row. The first declarer deals.
* **yielding** (RULES §12.4): a first hand is declared during the deal as in §8; in a later
  hand nobody declares during the deal, and after it the candidate dealer and then each next
  seat, once round, shows one level card of its own team's level or yields. The first that
  shows deals, at its team's level; if all four yield, the twin card decides.

Both use the :data:`~.public.AUCTION` phase and the auction's record of bids, so views, the
table and records need nothing new.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bids import colour_options, judge_colour_bid
from ..cards import SUITS, Card
from ..declaring import SINGLE_LEVEL, Declaration
from ..i18n import message
from ..yielding import twin_dealer, yield_round
from .errors import IllegalMove, WrongPhase
from .public import DEALING, next_seat, team_of

HOUSE_BIDDING = ("joker_colour", "yield", "report")
"""The ``RuleSet.bidding`` values whose declaring rounds this mixin (and the report round)
run; the round notes at its start whether one decides the hand (``_house_bidding``)."""


class HouseRounds:
    """The declaring rounds of ``joker_colour`` and ``yield`` (the state is the round's)."""

    __slots__ = ()  # the state is the round's (Round.__slots__)

    @property
    def _house_now(self) -> bool:
        """The house rule decides what may be declared at this moment (a first hand under
        ``yield`` is declared during the deal as §8 says)."""
        return self._house_bidding and not (
            self.rules.bidding == "yield" and self._phase == DEALING
        )

    def _yielding_now(self) -> bool:
        """The yield round after the deal of a later hand (a first hand declares as §8)."""
        return self.rules.bidding == "yield" and not self._first_hand

    def _may_declare_in_deal(self, seat: int) -> bool:
        if self.rules.bidding == "report":
            return False  # RULES §12.5: nobody declares during the deal
        if self.rules.bidding == "yield":
            return self._first_hand  # RULES §12.4: later hands declare after the deal
        return self._first_hand or team_of(seat) == team_of(self._starting_dealer)  # §12.6

    def _check_deal_moment(self, seat: int) -> None:
        """Refuse a declaration during the deal that the house rule does not allow now."""
        if not self._may_declare_in_deal(seat):
            if self.rules.bidding == "report":
                raise WrongPhase(
                    message("with bidding=report nobody declares during the deal: report after it")
                )
            if self.rules.bidding == "yield":
                raise WrongPhase(
                    message(
                        "with bidding=yield nobody declares during a later hand's deal: after "
                        "it, show one level card or yield in turn"
                    )
                )
            raise WrongPhase(
                message(
                    "in a later hand only the dealer's team declares during the deal; the "
                    "defenders may declare after it"
                )
            )
        if self.rules.bidding == "joker_colour" and self._declarations:
            raise IllegalMove(
                message("the first declaration stands until the deal ends: overcall after the deal")
            )

    # --- what may be declared ------------------------------------------------------------
    def _house_options(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """What ``seat`` may bid now under the house rule (whether it is its moment or not)."""
        if self.rules.bidding == "report":
            return self._report_options(seat)
        if self.rules.bidding == "yield":
            level = self._levels[team_of(seat)]
            held = self._hands[seat]
            return tuple((card,) for card in (Card(suit, level) for suit in SUITS) if card in held)
        if self._phase == DEALING:
            if self._declarations:  # the first declaration stands during the deal
                return ()
            cards, level, standing = self._declarable[seat], self._declaring_level(seat), None
        else:
            standing = self.standing_declaration
            level = self.level_rank if standing else self._levels[team_of(seat)]
            cards = self._hands[seat]
        options = colour_options(cards, level, standing, self.rules.joker_bids)
        return tuple(tuple(option) for option in options)

    def _check_house_bid(
        self, seat: int, cards: Sequence[Card], standing: Declaration | None
    ) -> Declaration:
        """The declaration ``seat`` would make with ``cards``, or IllegalMove why not."""
        cards = list(cards)
        if self.rules.bidding == "report":
            return self._check_report(seat, cards)
        try:
            if self.rules.bidding == "yield":
                answers = [shown for _seat, shown in self._bids] + [cards]
                _dealer, _level, suit = yield_round(answers, self._levels, self._starting_dealer)
                return Declaration(seat, tuple(cards), SINGLE_LEVEL, suit, self._dealt)
            if standing is not None:
                level = self.level_rank
            elif self._phase == DEALING:
                level = self._declaring_level(seat)
            else:  # the defenders' round: the declarer's own team's level
                level = self._levels[team_of(seat)]
            return judge_colour_bid(seat, cards, level, self.rules, standing, self._dealt)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None

    # --- the rounds after the deal -------------------------------------------------------
    def _start_house_round(self) -> bool:
        """At the end of the deal: start the round after it (True), or nothing to ask."""
        if self.rules.bidding == "report":
            self._auction_turn = self.report_candidate  # answers in play order from it
            return True
        if self.rules.bidding == "yield":
            if not self._yielding_now():
                return False
            self._auction_turn = self._starting_dealer  # the candidate dealer answers first
            return True
        if self._declarations:  # the overcall round (反主), from the seat after the declarer
            self._auction_turn = next_seat(self._declarations[0].seat)
            return True
        if not self._first_hand:  # the defenders' round (反庄家)
            self._auction_turn = next_seat(self._starting_dealer)
            return True
        return False

    def _after_house_declaration(self, seat: int) -> None:
        if self.rules.bidding == "yield" or len(self._declarations) == 1:
            self._dealer = seat  # the first to show deals (yield; 反庄家)
        if self.rules.bidding == "yield":
            self._resolve_trump()
        else:
            self._advance_house_round()

    def _advance_house_round(self) -> None:
        """After a bid or a pass: the next seat to ask, or the end of the round."""
        assert self._auction_turn is not None
        if self.rules.bidding == "yield":  # every answer so far is a yield
            if len(self._bids) >= 4:
                self._resolve_trump()
            else:
                self._auction_turn = next_seat(self._auction_turn)
            return
        if not self._declarations:  # the defenders' round: each defender once
            if self._auction_turn == (self._starting_dealer + 3) % 4:
                self._resolve_trump()
            else:
                self._auction_turn = (self._auction_turn + 2) % 4
            return
        if self._passes_in_a_row() >= 4:
            self._resolve_trump()
        else:
            self._auction_turn = next_seat(self._auction_turn)

    def _twin_card(self) -> str | None:
        """Nobody declared under ``yield``: the twin card names the dealer and the trump."""
        candidate = self._fallback_dealer if self._first_hand else self._starting_dealer
        dealer, card = twin_dealer(self._kitty_cards, self._hands, self._fallback_flip, candidate)
        self._dealer = dealer
        self._kitty_flip = card
        return None if card.is_joker else card.suit
