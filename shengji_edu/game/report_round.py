"""Reports (报牌), absorbing (吸牌) and returning (回牌) in a :class:`Round` (RULES §12.5).

Under ``RuleSet(bidding="report")`` nobody declares during the deal. After it the seats answer
in play order from the candidate dealer, each reporting (``declare``) or passing
(``pass_bid``) **in secret**: nothing is shown, not even who answered what, until all four
have answered. Then the reports are shown at once; the largest decides the trump and absorbs
the other reports' cards, and gives each of those players as many cards back (``give``), in
the :data:`~.public.RETURNS` phase, before or after the kitty as the rule says. Nobody
reports: RULES §8 and §12.7.

The rules are the pure functions of :mod:`shengji_edu.reporting`; this mixin keeps the state:
the secret answers, the outcome, and the returns made and still owed. Every view shows how
many cards each return moved; only its giver and its receiver see which (the record keeps
them).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, as_cards, format_cards
from ..declaring import Declaration
from ..i18n import N_, message
from ..reporting import check_return, possible_reports, report_outcome, report_strength
from . import events as ev
from .errors import IllegalMove, OutOfTurn
from .playing import remove_cards
from .public import AUCTION, RETURNS, check_seat, next_seat, team_of

REPORT = "report"
"""The event of a seat answering in the report round (it says nothing of the answer)."""
RETURN = "return"
"""The event of a return: who gave how many cards to whom."""


class ReportRound:
    """The report round, the absorbing and the returns (the state is the round's)."""

    __slots__ = ()  # the state is the round's (Round.__slots__)

    def _reporting_now(self) -> bool:
        return (
            self.rules.bidding == "report" and self._phase == AUCTION and self._fixed_trump is None
        )

    @property
    def report_candidate(self) -> int:
        """The candidate dealer the reports are judged for: §7's dealer, or in a first hand
        §8's drawn dealer."""
        return self._fallback_dealer if self._first_hand else self._starting_dealer

    def _report_level(self) -> int:
        """Reports are judged at the candidate dealer's team's level (RULES §12.5)."""
        return self._levels[team_of(self.report_candidate)]

    def _report_options(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(o) for o in possible_reports(self._hands[seat], self._report_level()))

    def _check_report(self, seat: int, cards: Sequence[Card]) -> Declaration:
        try:
            strength, suit = report_strength(cards, self._report_level()), None
            suit = next(c.suit for c in cards if not c.is_joker)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        return Declaration(seat, tuple(cards), strength.pairs, suit, self._dealt)

    def _answer_report(self, seat: int, cards: tuple[Card, ...] | None) -> None:
        """Keep a seat's answer secret; when all four have answered, show them (RULES §12.5)."""
        self._reports = {**self._reports, seat: cards}
        if cards is None:
            self._actions.append({"action": "pass", "seat": seat})
        else:
            self._actions.append(
                {
                    "action": "declare",
                    "seat": seat,
                    "cards": format_cards(cards),
                    "after_card": self._dealt,
                }
            )
        self._events.append(ev.Event(REPORT, seat))
        if len(self._reports) < 4:
            self._auction_turn = next_seat(self._auction_turn)
            return
        self._show_reports()

    def _show_reports(self) -> None:
        candidate = self.report_candidate
        order = [(candidate + k) % 4 for k in range(4)]
        self._bids = tuple((seat, self._reports[seat]) for seat in order)
        reported = {seat: list(cards) for seat, cards in self._reports.items() if cards}
        outcome = report_outcome(reported, self._report_level(), candidate)
        self._report_outcome = outcome
        if outcome.largest is None:  # nobody reported: RULES §8 and §12.7
            self._resolve_trump()
            return
        largest = outcome.largest
        self._declarations = (
            Declaration(largest, tuple(reported[largest]), 1, outcome.suit, self._dealt),
        )
        self._dealer = outcome.dealer
        for seat in outcome.absorbed:  # 吸牌: the shown cards go to the largest reporter
            remove_cards(self._hands[seat], reported[seat])
            self._hands[largest].extend(reported[seat])
        self._returns_due = tuple(seat for seat, _count in outcome.owed)
        self._trump = self.rules.trump(self.level_rank, outcome.suit)
        self._events.append(
            ev.Event(
                ev.TRUMP_FIXED,
                self._dealer,
                {"level": self.level_rank, "suit": outcome.suit, "kitty_flip": None},
            )
        )
        self._auction_turn = None
        if self._returns_due and not outcome.kitty_first:
            self._phase = RETURNS  # a dealer that absorbed returns first, then buries
        else:
            self._take_kitty(self._dealer)

    # --- returns (回牌) --------------------------------------------------------------------
    @property
    def returns_due(self) -> tuple[int, ...]:
        """The seats the largest reporter still owes cards, in the order it gives them."""
        return self._returns_due

    def reported_cards(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` reported, once the reports are shown (``None``: it passed, or
        they are not shown yet)."""
        check_seat(seat)
        for who, cards in self._bids:
            if who == seat:
                return cards
        return None

    def check_give(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """Raise if ``seat`` may not give ``cards`` back now; return them as a list."""
        self._require(RETURNS, N_("cannot return cards now: the hand is in the {phase} phase"))
        check_seat(seat)
        absorber = self._report_outcome.largest
        if seat != absorber:
            raise OutOfTurn(
                message(
                    "only seat {seat}, whose report was the largest, returns cards now",
                    seat=absorber,
                )
            )
        cards = as_cards(cards)
        target = self._returns_due[0]
        verdict = check_return(self._hands[seat], cards, self.reported_cards(target))
        if not verdict:
            raise IllegalMove(verdict.reason)
        return cards

    def give(self, seat: int, cards: Sequence[Card] | str) -> int:
        """The largest reporter gives the next absorbed player its cards back (RULES §12.5).
        Returns the seat that received them."""
        cards = self.check_give(seat, cards)
        target, *rest = self._returns_due
        remove_cards(self._hands[seat], cards)
        self._hands[target].extend(cards)
        self._returns += ((seat, target, tuple(cards)),)
        self._returns_shown += ((seat, target, len(cards)),)
        self._returns_due = tuple(rest)
        self._actions.append({"action": "return", "seat": seat, "cards": format_cards(cards)})
        self._events.append(ev.Event(RETURN, seat, {"to": target, "count": len(cards)}))
        if not rest:
            if self._buried_by is None:  # the dealer absorbed: now the kitty
                self._take_kitty(self._dealer)
            else:
                self._start_play()
        return target

    def returns_seen_by(self, seat: int) -> tuple[tuple[int, int, tuple[Card, ...]], ...]:
        """The returns ``seat`` gave or received, with their cards: what a front end shows
        that seat's person (the other seats see only how many, :attr:`PublicTable.returns`)."""
        check_seat(seat)
        return tuple(r for r in self._returns if seat in (r[0], r[1]))
