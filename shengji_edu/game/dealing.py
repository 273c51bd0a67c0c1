"""Dealing and declaring: the ``DEALING`` and ``AUCTION`` phases of a :class:`Round`.

The rules are RULES §8 (declaring trump) and §11.1 (one, two or three decks: the numbers of
the deal, the declaration ladder of :mod:`~shengji_edu.declaring`). Where the rule book
is silent we chose:

* In the first hand of a match (no dealer yet) both teams are on the same level and the
  first declarer's team becomes the dealer team (抢庄). The dealer is fixed when the deal
  ends (the first declarer, or the drawn fallback). The hand after a draw of the 45-point
  game (RULES §12.10) is played the same way, but the teams' levels may differ: until the
  first declaration each seat declares with its own team's level, and from then on with the
  first declarer's team's (the level of the hand); nobody declares: the drawn dealer's.
* Wearing the A (RULES §12.12): in a hand whose dealer team is at A (a first hand: where a
  team is at A) nobody declares, bids or overcalls; the trump has no suit and the dealer is
  the one of §7 (a first hand: the drawn one). Should the drawn dealer's team not be at A
  (only after a 45-point draw with one team at A), the hand is played as when nobody
  declares.
* After the last card the extra declaration round is run by the driver
  (:mod:`shengji_edu.game.table`); the engine accepts declarations until ``finish_deal``.
* Only the standing declarer reinforces with the standing trump suit's level cards (with
  two decks nobody else can hold such a pair).
* A hand with a fixed trump (the arena's duplicate deals) has no declaring at all.

The deck is shuffled (:func:`shuffled_deck`) and each seat's generator derived
(:func:`seat_generator`, RULES §9) here too, for :class:`~shengji_edu.game.round.Round`.

Speed: declaring is tracked, not searched. The round keeps which seats have a declaration
to make (:attr:`~Dealing.declaring_seats`), and while nobody has one
:meth:`~Dealing.deal_while_nobody_declares` deals the cards up to the next level card or
joker in one go (each seat's share a slice of the deck), logged as one range of deals that
is written out as one ``deal`` event per card when the log is read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bids import no_bid_trump, partner_reinforcement
from ..cards import Card, as_cards, first_missing, format_cards
from ..declaring import Declaration, declaration_over, possible_declarations
from ..i18n import N_, message
from ..rules import RuleSet
from ..seeds import SeededWhenUsed, derived_seed
from . import events as ev
from .errors import IllegalMove, WrongPhase
from .public import (
    AUCTION,
    DEALING,
    KITTY,
    OVERCALL,
    SEATS,
    check_seat,
    next_seat,
    phase_name,
)

BID_TURN = N_("it is seat {turn}'s turn to bid, not seat {seat}'s")


def shuffled_deck(rng: random.Random, rules: RuleSet = RuleSet()) -> list[Card]:
    """The cards of ``rules`` (108 by default) shuffled once with the game's RNG (RULES §8)."""
    deck = rules.deck()
    if type(rng) is random.Random:
        _shuffle(rng, deck)
    else:
        rng.shuffle(deck)
    return deck


def _shuffle(rng: random.Random, deck: list) -> None:
    """``rng.shuffle(deck)`` for a plain ``random.Random``, written out in one loop: the same
    draws in the same order (``Random.shuffle`` and its ``_randbelow``), so the same deck and
    the same generator state after it; the tests compare the two."""
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:  # a draw of at least i + 1 is drawn again
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


SEAT_RNG_DOMAIN = "shengji-edu seat generator v1"


def seat_generator(seed: int, seat: int) -> random.Random:
    """The generator of ``seat`` in the hand dealt from ``seed`` (RULES §9).

    Each seat's generator is fixed by the game's seed, but the seed (and so the deal) cannot
    be worked back from a generator or its state (:func:`~shengji_edu.seeds.derived_seed`);
    it is seeded when first used (:class:`~shengji_edu.seeds.SeededWhenUsed`).
    """
    return SeededWhenUsed(derived_seed(SEAT_RNG_DOMAIN, seed, seat))


class Dealing:
    """:class:`~shengji_edu.game.round.Round`'s actions of the deal and the after-deal
    auction, up to the dealer taking the kitty (the state is the round's)."""

    __slots__ = ()  # the state is the round's (Round.__slots__)

    def first_receiver(self) -> int:
        """Seat dealt the first card: the dealer the hand began with (first hand: seat 0)."""
        return self._starting_dealer if self._starting_dealer is not None else 0

    @property
    def next_receiver(self) -> int | None:
        """Seat that receives the next card, or None when all cards are dealt."""
        if self._dealt >= self._dealt_cards:
            return None
        return (self.first_receiver() + self._dealt) % 4

    def deal_next(self) -> Card:
        """Deal one card to the next seat; declarations may follow before the next card."""
        if self._phase != DEALING:
            self._require(DEALING, N_("cannot deal a card now: the hand is in the {phase} phase"))
        dealt = self._dealt
        if dealt >= self._dealt_cards:
            raise WrongPhase(
                message(
                    "all {total} cards are dealt: call finish_deal() to end the deal",
                    total=self._dealt_cards,
                )
            )
        first = self._starting_dealer
        seat = (dealt if first is None else first + dealt) % 4
        card = self._deck[dealt]
        self._hands[seat].append(card)
        if card.is_joker or card.rank in self._deal_levels:
            self._declarable[seat].append(card)
            if bool(self._declaration_options(seat)) != (seat in self._declaring_seats):
                self._update_declaring_seats()  # only this seat's options changed
        self._dealt = dealt + 1
        self._events.append((ev.DEAL, seat, card, dealt + 1))
        return card

    def deal_all(self) -> None:
        """Deal every remaining card without declarations in between."""
        while self._dealt < self._dealt_cards:
            self.deal_next()

    def deal_while_nobody_declares(self) -> int | None:
        """Deal the next card, and more while no seat has a declaration to make: stop after
        a card when some seat has one (or after the last card). Returns the seat that got
        the last card dealt, or ``None`` if no card was left.

        The same as calling :meth:`deal_next` card by card and asking nobody in between
        (nobody had anything to declare), with the bookkeeping of one card done in line:
        the table deals most of a hand this way."""
        if self._phase != DEALING:
            self._require(DEALING, N_("cannot deal a card now: the hand is in the {phase} phase"))
        first = self._starting_dealer or 0
        deck, hands, declarable, events = self._deck, self._hands, self._declarable, self._events
        levels, dealt, total = self._deal_levels, self._dealt, self._dealt_cards
        seat = None
        while dealt < total:
            if not self._declaring_seats:
                # The cards before the next level card or joker change nobody's declarations:
                # they are dealt in one go, each seat's share a slice of the deck (the order
                # of its hand is the order it got them), and logged as one range of deals.
                stop = dealt
                while stop < total and not (deck[stop].is_joker or deck[stop].rank in levels):
                    stop += 1
                if stop > dealt:
                    for receiver, hand in enumerate(hands):
                        hand.extend(deck[dealt + (receiver - first - dealt) % 4 : stop : 4])
                    events.append(range(dealt, stop))
                    dealt = self._dealt = stop
                    seat = (first + stop - 1) % 4
                    if stop == total:
                        break
            seat = (first + dealt) % 4
            card = deck[dealt]
            hands[seat].append(card)
            dealt += 1
            self._dealt = dealt
            events.append((ev.DEAL, seat, card, dealt))
            if card.is_joker or card.rank in levels:
                declarable[seat].append(card)
                if bool(self._declaration_options(seat)) != (seat in self._declaring_seats):
                    self._update_declaring_seats()
            if self._declaring_seats:
                break
        return seat

    def legal_declarations(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may declare right now (empty outside the declaring windows)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        if self._house_now:
            options = self._house_options(seat) if self._may_declare_now(seat) else ()
            return [list(option) for option in options]
        if not self._declarable[seat] or not self._may_declare_now(seat):
            return []
        return [list(option) for option in self._declaration_options(seat)]

    def may_declare(self, seat: int) -> bool:
        """``bool(legal_declarations(seat))``, without building the lists (the table asks it
        for every seat with a declaration after every card of the deal)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            check_seat(seat)
        if self._house_now:
            return self._may_declare_now(seat) and bool(self._house_options(seat))
        return bool(
            self._declarable[seat]
            and self._may_declare_now(seat)
            and self._declaration_options(seat)
        )

    def _declaration_options(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """``possible_declarations`` for the seat's level cards and jokers, remembered (as
        tuples: views share them): they change only when the seat gets one more such card
        or someone declares."""
        if self._at_ace:  # wearing the A (RULES §12.12): nobody declares
            return ()
        declarable = self._declarable[seat]
        key = (len(declarable), len(self._declarations))
        cached = self._declaration_cache[seat]
        if self._house_now:
            return self._house_options(seat)
        if cached is None or cached[0] != key:
            standing = self.standing_declaration
            options = possible_declarations(
                declarable,
                self._declaring_level(seat),
                standing,
                self.rules.decks,
                seat,
                joker_bids=self.rules.joker_bids,
            )
            if (
                standing is not None
                and standing.cards[0] in declarable
                and partner_reinforcement(seat, standing.cards[:1], standing, self.rules)
            ):
                options.append([standing.cards[0]])  # 对家保 (RULES §12.13)
            options = tuple(map(tuple, options))
            cached = self._declaration_cache[seat] = (key, options)
        return cached[1]

    @property
    def declaring_seats(self) -> tuple[int, ...]:
        """The seats whose cards make a declaration now (whether or not it is a moment to
        declare). After each card the table asks only these seats: for the others
        :meth:`legal_declarations` is empty. Kept up to date as cards are dealt and
        declarations made."""
        return self._declaring_seats

    def _update_declaring_seats(self) -> None:
        declarable, seats = self._declarable, []
        for seat in SEATS:
            if declarable[seat] and self._declaration_options(seat):
                seats.append(seat)
        self._declaring_seats = tuple(seats)

    def _declaring_level(self, seat: int) -> int:
        """The level ``seat`` declares with: the hand's level, but in a first hand before
        anyone declared its own team's (RULES §12.10: after a 45-point draw the teams' levels
        differ; in a match's first hand they are the same)."""
        if self._dealer is None and not self._declarations:
            return self._levels[seat % 2]
        return self.level_rank

    def _may_declare_now(self, seat: int) -> bool:
        if self._fixed_trump is not None or self._at_ace:
            return False
        if self._phase == DEALING:
            if self._house_bidding:
                return self._dealt > 0 and self._may_declare_in_deal(seat)
            return self.rules.bidding == "during_deal" and self._dealt > 0
        return self._phase == AUCTION and self._auction_turn == seat

    def check_declaration(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """The declaration ``seat`` would make with ``cards``, or an error saying why not."""
        check_seat(seat)
        if self._fixed_trump is not None:
            raise WrongPhase(message("the trump is fixed for this hand: nobody declares"))
        if self._at_ace:
            raise WrongPhase(
                message("this hand is played wearing the A (RULES §12.12): nobody declares")
            )
        if self._phase == AUCTION:
            self._require_turn(seat, self._auction_turn, BID_TURN)
        elif self._phase != DEALING:
            raise WrongPhase(
                message(
                    "declaring is over (the hand is in the {phase} phase)",
                    phase=phase_name(self._phase),
                )
            )
        elif self._dealt == 0:
            raise WrongPhase(message("no card has been dealt yet"))
        elif self._house_bidding:
            self._check_deal_moment(seat)
        elif self.rules.bidding != "during_deal":
            raise WrongPhase(
                message("with bidding=after_deal, declare in the auction after the deal")
            )
        cards = as_cards(cards)
        missing = first_missing(cards, self._hands[seat])  # next(iter(Counter - Counter))
        if missing is not None:
            raise IllegalMove(
                message(
                    "seat {seat} has not been dealt {card}: declare with your cards",
                    seat=seat,
                    card=missing,
                )
            )
        standing = self.standing_declaration
        if self._house_now:
            return self._check_house_bid(seat, cards, standing)
        reinforced = partner_reinforcement(seat, cards, standing, self.rules, self._dealt)
        if reinforced is not None:  # 对家保 (RULES §12.13): still the declarer's
            return reinforced
        try:
            level = self._declaring_level(seat)
            strength, suit = declaration_over(
                cards, level, standing, seat, self.rules.decks, self.rules.joker_bids
            )
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        return Declaration(seat, tuple(cards), strength, suit, self._dealt)

    def declare(self, seat: int, cards: Sequence[Card] | str) -> Declaration:
        """Show level cards (or jokers) to name the trump; must beat the standing one."""
        declaration = self.check_declaration(seat, cards)
        if self._reporting_now():  # a secret answer (RULES §12.5)
            self._answer_report(seat, declaration.cards)
            return declaration
        standing = self.standing_declaration
        reinforce = (
            standing is not None
            and standing.seat == declaration.seat
            and standing.suit == declaration.suit
        )
        # what the seat showed: a partner's reinforcement (RULES §12.13) shows one card
        shown = declaration.cards if declaration.seat == seat else declaration.cards[:1]
        self._declarations += (declaration,)
        self._update_declaring_seats()
        self._actions.append(
            {
                "action": "declare",
                "seat": seat,
                "cards": format_cards(shown),
                "after_card": declaration.after_card,
            }
        )
        self._events.append(
            ev.Event(
                ev.DECLARE,
                seat,
                {
                    "cards": format_cards(shown),
                    "suit": declaration.suit,
                    "reinforce": reinforce,
                    "after_card": declaration.after_card,
                },
            )
        )
        if self._phase == AUCTION:
            self._bids += ((seat, shown),)
            if self._house_bidding:
                self._after_house_declaration(seat)
            else:
                self._advance_auction()
        return declaration

    def pass_bid(self, seat: int) -> None:
        """Pass in the after-deal auction (in the overcall round: :meth:`pass_overcall`)."""
        if self._phase == OVERCALL:
            raise WrongPhase(
                message("the hand is in the overcall phase: pass with pass_overcall(seat)")
            )
        self._require(AUCTION, N_("cannot pass now: the hand is in the {phase} phase"))
        check_seat(seat)
        self._require_turn(seat, self._auction_turn, BID_TURN)
        if self._reporting_now():  # a secret answer (RULES §12.5)
            self._answer_report(seat, None)
            return
        self._bids += ((seat, None),)
        self._actions.append({"action": "pass", "seat": seat})
        self._events.append(ev.Event(ev.PASS, seat))
        self._advance_auction()

    def _passes_in_a_row(self) -> int:
        """How many of the last bids were passes, counted back to the last declaration."""
        passes = 0
        for _seat, cards in reversed(self._bids):
            if cards is not None:
                break
            passes += 1
        return passes

    def _advance_auction(self) -> None:
        if self._house_bidding:
            self._advance_house_round()
            return
        passes = self._passes_in_a_row()
        declared = any(cards is not None for _seat, cards in self._bids)
        if (declared and passes >= 3) or (not declared and passes >= 4):
            self._resolve_trump()
        else:
            assert self._auction_turn is not None
            self._auction_turn = next_seat(self._auction_turn)

    def finish_deal(self) -> None:
        """End the deal: start the auction (variant) or fix dealer and trump, then the kitty."""
        self._require(DEALING, N_("cannot finish the deal now: the hand is in the {phase} phase"))
        if self._dealt < self._dealt_cards:
            raise WrongPhase(
                message(
                    "only {dealt} of {total} cards are dealt: deal the rest first",
                    dealt=self._dealt,
                    total=self._dealt_cards,
                )
            )
        self._actions.append({"action": "finish_deal"})
        if self.rules.bidding == "after_deal" and self._fixed_trump is None and not self._at_ace:
            self._phase = AUCTION
            self._auction_turn = self.first_receiver()
        elif self._house_bidding and self._start_house_round():
            self._phase = AUCTION
        else:
            self._resolve_trump()

    def _resolve_trump(self) -> None:
        if self._fixed_trump is not None:
            suit = self._fixed_trump.suit
        elif self._declarations:
            if self._first_hand or self.rules.bidding == "joker_colour":  # the first declarer
                self._dealer = self._declarations[0].seat  # deals (RULES §8, §12.6)
            suit = self._declarations[-1].suit
        elif self._wear_ace_hand:  # RULES §12.12: no trump suit; a first hand's drawn dealer
            self._dealer = self._fallback_dealer
            suit = None
        elif self.rules.bidding == "yield":  # nobody declared: the twin card (RULES §12.4)
            suit = self._twin_card()
        else:  # nobody declared: RULES §8 and §12.7
            self._dealer = self._fallback_dealer
            drawn = self._fallback_suit if self.rules.no_bid == "random_suit" else None
            suit, self._kitty_flip = no_bid_trump(
                self._kitty_cards, self.rules, self._fallback_flip if drawn is None else drawn
            )
        assert self._dealer is not None
        fixed = self._fixed_trump
        self._trump = fixed if fixed is not None else self.rules.trump(self.level_rank, suit)
        self._events.append(
            ev.Event(
                ev.TRUMP_FIXED,
                self._dealer,
                {
                    "level": self.level_rank,
                    "suit": suit,
                    "kitty_flip": self._kitty_flip.text if self._kitty_flip else None,
                    **({"no_bid": self.rules.no_bid} if self._no_bid_used() else {}),
                },
            )
        )
        self._take_kitty(self._dealer)
        self._auction_turn = None

    def _no_bid_used(self) -> bool:
        """True when nobody declared and a ``no_bid`` mode other than ``"flip"`` chose the
        trump (the record then names the mode beside the card turned up or the suit)."""
        return (
            not self._declarations
            and self._fixed_trump is None
            and not self._wear_ace_hand
            and self.rules.no_bid != "flip"
        )

    def _take_kitty(self, seat: int) -> None:
        self._hands[seat].extend(self._kitty_cards)
        self._kitty_holder = seat
        self._events.append(ev.Event(ev.KITTY_TAKEN, seat))
        self._phase = KITTY
