"""One hand of Shengji as a state machine: deal and declare, kitty, the tricks, settlement.

:class:`Round` is the one place that owns the state of a hand. It moves through explicit
phases, and each action method (``deal_next``, ``declare``, ``bid``, ``finish_deal``,
``bury``, ``play``) first checks the action completely with the rules engine and only then
changes anything. A rejected action raises an :class:`~shengji_edu.game.errors.IllegalAction`
whose message says why, and leaves the round exactly as it was.

Phases::

    DEALING  --finish_deal-->  [AUCTION, variant after_deal]  -->  KITTY  --bury-->
    PLAYING  --until every hand is empty-->  FINISHED

A hand has 25 tricks only when every lead is a single: a pair lead plays 8 cards at once,
so the hand ends when the 100 cards in the players' hands are played, after 25 tricks or
fewer.

Decisions where RULES is silent, so a reader knows what we chose:

* In the first hand of a match (no dealer yet) both teams are on the same level; the
  declarer's team becomes the dealer team (抢庄).
* After the last card is dealt, the extra declaration round is run by the driver
  (:mod:`shengji_edu.game.table`); the engine accepts declarations until ``finish_deal``.
* A failed throw leaves the rest of the attempted cards in the leader's hand, and all
  players can see them afterwards only through the ``throw_failed`` event.
* Trick points are counted for the defenders as tricks end; the kitty is added after the
  last trick; throw penalties are kept apart and added at settlement.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, as_cards, format_cards, new_deck
from ..follow import check_follow
from ..rules import RuleSet
from ..scoring import Settlement, kitty_multiplier, settle, trick_points
from ..tricks import check_lead, check_throw, trick_winner
from ..trump import Trump
from . import events as ev
from .declaring import Declaration, declaration_strength, possible_declarations
from .errors import IllegalMove, OutOfTurn, WrongPhase

DEALING, AUCTION, KITTY, PLAYING, FINISHED = "dealing", "auction", "kitty", "playing", "finished"

SEATS = (0, 1, 2, 3)
HAND_SIZE = 25
KITTY_SIZE = 8
DEALT_CARDS = 4 * HAND_SIZE
ACE = 14


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 is seats 1 and 3 (partners sit opposite)."""
    return seat % 2


def next_seat(seat: int) -> int:
    """Play goes counter-clockwise in seat order: 0 → 1 → 2 → 3 → 0."""
    return (seat + 1) % 4


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 108 cards shuffled once with the game's RNG (RULES §8)."""
    deck = new_deck()
    rng.shuffle(deck)
    return deck


@dataclass(frozen=True)
class Trick:
    """A finished (or running) trick: plays in order as (seat, cards), winner and points."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int | None = None
    points: int = 0
    attempted: tuple[Card, ...] | None = None
    """The whole attempted throw when the leader had to lead a smaller unit instead."""

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0][1]

    def cards(self) -> list[Card]:
        return [c for _, cards in self.plays for c in cards]


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended: points, kitty, settlement and the levels after it."""

    trick_points: int
    kitty_points: int
    kitty_multiplier: int
    penalty: int
    defender_points: int
    settlement: Settlement
    levels_before: tuple[int, int]
    levels_after: tuple[int, int]
    dealer: int
    next_dealer: int
    winning_team: int
    match_won: bool
    """The dealer team won this hand as dealer at level A: the match is over."""


class Round:
    """The state of one hand. Read it through properties; change it only through actions.

    ``levels`` are the two teams' levels (2..14). ``dealer`` is ``None`` for the first hand
    of a match (the first declarer becomes dealer). ``fixed_trump`` fixes the trump ahead of
    time (used by the arena's duplicate deals, which leave declaring out): then ``dealer``
    must be given, the trump's level must be the dealer team's, and nobody may declare.
    """

    def __init__(
        self,
        seed: int,
        rules: RuleSet = RuleSet(),
        levels: Sequence[int] = (2, 2),
        dealer: int | None = None,
        fixed_trump: Trump | None = None,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        levels = tuple(levels)
        if len(levels) != 2 or any(not (2 <= lv <= ACE) for lv in levels):
            raise ValueError(f"levels must be two ranks between 2 and 14 (A), not {levels}")
        if dealer is not None and dealer not in SEATS:
            raise ValueError(f"dealer must be a seat 0-3 or None, not {dealer!r}")
        if dealer is None and levels[0] != levels[1]:
            raise ValueError("a first hand (no dealer yet) needs both teams on the same level")
        if fixed_trump is not None:
            if dealer is None:
                raise ValueError("a hand with a fixed trump needs a dealer")
            if fixed_trump.level != levels[team_of(dealer)]:
                raise ValueError(
                    f"the fixed trump's level {fixed_trump.level} is not the dealer team's "
                    f"level {levels[team_of(dealer)]}"
                )
        self.seed = seed
        self.rules = rules
        self.rng = random.Random(seed)
        self._levels: tuple[int, int] = (levels[0], levels[1])
        self._dealer = dealer
        self._starting_dealer = dealer
        self._first_hand = dealer is None
        self._fixed_trump = fixed_trump
        self._deck = shuffled_deck(self.rng)
        # The no-declaration fallback (RULES §8) is drawn now, right after the shuffle, so the
        # numbers are the ones the rule describes and do not depend on how much randomness
        # the players used during the deal: a record replays without its players.
        self._fallback_dealer = self.rng.randrange(4) if dealer is None else dealer
        self._fallback_flip = self.rng.randrange(KITTY_SIZE)
        self._dealt = 0
        self._hands: list[list[Card]] = [[] for _ in SEATS]
        self._declarable: list[list[Card]] = [[] for _ in SEATS]  # level cards and jokers
        self._declaration_cache: list[tuple | None] = [None] * 4
        self._declarations: list[Declaration] = []
        self._bids: list[tuple[int, tuple[Card, ...] | None]] = []
        self._auction_turn: int | None = None
        self._trump: Trump | None = None
        self._kitty_flip: Card | None = None
        self._buried: tuple[Card, ...] = ()
        self._tricks: list[Trick] = []
        self._current: list[tuple[int, tuple[Card, ...]]] = []
        self._attempted: tuple[Card, ...] | None = None
        self._turn: int | None = None
        self._points = 0
        self._penalty = 0
        self._voids: list[set[str]] = [set() for _ in SEATS]
        self._played: list[Card] = []
        self._result: HandResult | None = None
        self._phase = DEALING
        self._events: list[ev.Event] = []
        self._actions: list[dict] = []

    # --- read-only state --------------------------------------------------------------
    @property
    def events(self) -> tuple[ev.Event, ...]:
        """What happened so far, in order (see :mod:`shengji_edu.game.events`)."""
        return tuple(self._events)

    @property
    def actions(self) -> tuple[dict, ...]:
        """Every accepted action in order, as plain data: what a record stores (copies)."""
        return tuple(dict(a) for a in self._actions)

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def levels(self) -> tuple[int, int]:
        return self._levels

    @property
    def dealer(self) -> int | None:
        """The dealer (庄家); in a first hand ``None`` until the first declaration."""
        return self._dealer

    @property
    def starting_dealer(self) -> int | None:
        """The dealer the hand began with (``None`` in the first hand of a match)."""
        return self._starting_dealer

    @property
    def levels_at_start(self) -> tuple[int, int]:
        """Both teams' levels as the hand began (they change only in the result)."""
        return self._levels

    @property
    def first_hand(self) -> bool:
        return self._first_hand

    @property
    def fixed_trump(self) -> Trump | None:
        """The trump given in advance (arena deals), or None when it is declared."""
        return self._fixed_trump

    @property
    def level_rank(self) -> int:
        """The rank that is trump this hand: the dealer team's level."""
        if self._dealer is None:
            return self._levels[0]
        return self._levels[team_of(self._dealer)]

    @property
    def trump(self) -> Trump | None:
        """The trump once declaring is over (``None`` before)."""
        return self._trump

    @property
    def dealt(self) -> int:
        return self._dealt

    @property
    def deck(self) -> tuple[Card, ...]:
        """The shuffled deck in dealing order (the last 8 are the kitty)."""
        return tuple(self._deck)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A copy of one player's current cards."""
        return tuple(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty: the 8 undealt cards until the bury, then the 8 buried cards."""
        if self._phase in (PLAYING, FINISHED):
            return self._buried
        return tuple(self._deck[DEALT_CARDS:])

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        return tuple(self._declarations)

    @property
    def standing_declaration(self) -> Declaration | None:
        return self._declarations[-1] if self._declarations else None

    @property
    def kitty_flip(self) -> Card | None:
        """The kitty card turned up to choose trump when nobody declared."""
        return self._kitty_flip

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Finished tricks."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Plays of the running trick so far, as (seat, cards)."""
        return tuple(self._current)

    @property
    def turn(self) -> int | None:
        """Whose move it is: the bidder in the auction, the dealer in the kitty phase, the
        player to lead or follow during play; ``None`` while dealing and when finished."""
        if self._phase == AUCTION:
            return self._auction_turn
        if self._phase == KITTY:
            return self._dealer
        if self._phase == PLAYING:
            return self._turn
        return None

    @property
    def leader(self) -> int | None:
        if self._phase != PLAYING:
            return None
        return self._current[0][0] if self._current else self._turn

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led in the running trick, or ``None`` when the next play is a lead."""
        return self._current[0][1] if self._current else None

    @property
    def defender_points(self) -> int:
        """Points the defenders have won in tricks so far (kitty and penalties not included)."""
        return self._points

    @property
    def penalty(self) -> int:
        """Net throw penalty for the defenders so far (+ when dealers failed throws)."""
        return self._penalty

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played to a trick so far, in order."""
        return tuple(self._played)

    def voids(self, seat: int) -> frozenset[str]:
        """Effective suits the seat has shown to be out of (it failed to follow them)."""
        return frozenset(self._voids[seat])

    @property
    def result(self) -> HandResult | None:
        return self._result

    def is_dealer_team(self, seat: int) -> bool:
        return self._dealer is not None and team_of(seat) == team_of(self._dealer)

    # --- dealing and declaring ---------------------------------------------------------
    def first_receiver(self) -> int:
        """Seat dealt the first card: the dealer the hand began with (first hand: seat 0)."""
        return self._starting_dealer if self._starting_dealer is not None else 0

    @property
    def next_receiver(self) -> int | None:
        """Seat that receives the next card, or None when all 100 are dealt."""
        if self._dealt >= DEALT_CARDS:
            return None
        return (self.first_receiver() + self._dealt) % 4

    def deal_next(self) -> Card:
        """Deal one card to the next seat; declarations may follow before the next card."""
        self._require(DEALING, "deal a card")
        dealt = self._dealt
        if dealt >= DEALT_CARDS:
            raise WrongPhase("all 100 cards are dealt: call finish_deal() to end the deal")
        seat = (self.first_receiver() + dealt) % 4
        card = self._deck[dealt]
        self._hands[seat].append(card)
        if card.rank == self.level_rank or card.is_joker:
            self._declarable[seat].append(card)
        self._dealt = dealt + 1
        self._events.append(ev.Event(ev.DEAL, seat, {"card": card.text, "number": dealt + 1}))
        return card

    def deal_all(self) -> None:
        """Deal every remaining card without declarations in between."""
        while self._dealt < DEALT_CARDS:
            self.deal_next()

    def legal_declarations(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may declare right now (empty outside the declaring windows)."""
        declarable = self._declarable[seat] if seat in SEATS else ()
        if not declarable or not self._may_declare_now(seat):
            return []
        # The options change only when the seat gets a level card or joker, or someone
        # declares; the table asks after every card, so remember the last answer.
        key = (len(declarable), len(self._declarations))
        cached = self._declaration_cache[seat]
        if cached is None or cached[0] != key:
            options = possible_declarations(declarable, self.level_rank, self.standing_declaration)
            cached = self._declaration_cache[seat] = (key, options)
        return [list(option) for option in cached[1]]

    def _may_declare_now(self, seat: int) -> bool:
        if self._fixed_trump is not None or seat not in SEATS:
            return False
        if self._phase == DEALING:
            return self.rules.bidding == "during_deal" and self._dealt > 0
        return self._phase == AUCTION and self._auction_turn == seat

    def check_declaration(self, seat: int, cards: Sequence[Card]) -> Declaration:
        """The declaration ``seat`` would make with ``cards``, or an error saying why not."""
        self._check_seat(seat)
        if self._fixed_trump is not None:
            raise WrongPhase("the trump is fixed for this hand: nobody declares")
        if self._phase == AUCTION:
            if seat != self._auction_turn:
                raise OutOfTurn(f"it is seat {self._auction_turn}'s turn to bid, not seat {seat}'s")
        elif self._phase != DEALING:
            raise WrongPhase(f"declaring is over (the hand is in the {self._phase} phase)")
        elif self.rules.bidding != "during_deal":
            raise WrongPhase("with bidding=after_deal, declare in the auction after the deal")
        elif self._dealt == 0:
            raise WrongPhase("no card has been dealt yet")
        cards = as_cards(cards)
        missing = Counter(cards) - Counter(self._hands[seat])
        if missing:
            card = next(iter(missing))
            raise IllegalMove(
                f"seat {seat} has not been dealt {card.pretty}: declare with your cards"
            )
        try:
            strength, suit = declaration_strength(cards, self.level_rank)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        standing = self.standing_declaration
        if standing is not None and strength <= standing.strength:
            raise IllegalMove(
                f"{format_cards(cards, pretty=True)} does not beat the standing declaration "
                f"{format_cards(standing.cards, pretty=True)}: a new declaration must be "
                f"stronger (one level card < a pair of level cards < two little jokers < two "
                f"big jokers)"
            )
        return Declaration(seat, tuple(cards), strength, suit, self._dealt)

    def declare(self, seat: int, cards: Sequence[Card] | str) -> Declaration:
        """Show level cards (or a joker pair) to name the trump; must beat the standing one."""
        declaration = self.check_declaration(seat, cards)
        standing = self.standing_declaration
        reinforce = (
            standing is not None and standing.seat == seat and standing.suit == declaration.suit
        )
        self._declarations.append(declaration)
        self._actions.append(
            {
                "action": "declare",
                "seat": seat,
                "cards": format_cards(declaration.cards),
                "after_card": declaration.after_card,
            }
        )
        self._events.append(
            ev.Event(
                ev.DECLARE,
                seat,
                {
                    "cards": format_cards(declaration.cards),
                    "suit": declaration.suit,
                    "reinforce": reinforce,
                    "after_card": declaration.after_card,
                },
            )
        )
        if self._phase == AUCTION:
            self._bids.append((seat, declaration.cards))
            self._advance_auction()
        return declaration

    def pass_bid(self, seat: int) -> None:
        """Pass in the after-deal auction."""
        self._require(AUCTION, "pass")
        self._check_seat(seat)
        if seat != self._auction_turn:
            raise OutOfTurn(f"it is seat {self._auction_turn}'s turn to bid, not seat {seat}'s")
        self._bids.append((seat, None))
        self._actions.append({"action": "pass", "seat": seat})
        self._events.append(ev.Event(ev.PASS, seat))
        self._advance_auction()

    def _advance_auction(self) -> None:
        passes = 0
        for _seat, cards in reversed(self._bids):
            if cards is not None:
                break
            passes += 1
        declared = any(cards is not None for _seat, cards in self._bids)
        if (declared and passes >= 3) or (not declared and passes >= 4):
            self._resolve_trump()
        else:
            assert self._auction_turn is not None
            self._auction_turn = next_seat(self._auction_turn)

    def finish_deal(self) -> None:
        """End the deal: start the auction (variant) or fix dealer and trump, then the kitty."""
        self._require(DEALING, "finish the deal")
        if self._dealt < DEALT_CARDS:
            raise WrongPhase(f"only {self._dealt} of 100 cards are dealt: deal the rest first")
        self._actions.append({"action": "finish_deal"})
        if self.rules.bidding == "after_deal" and self._fixed_trump is None:
            self._phase = AUCTION
            self._auction_turn = self.first_receiver()
        else:
            self._resolve_trump()

    def _resolve_trump(self) -> None:
        if self._fixed_trump is not None:
            suit = self._fixed_trump.suit
        elif self._declarations:
            if self._first_hand:
                self._dealer = self._declarations[0].seat
            suit = self._declarations[-1].suit
        else:
            self._dealer = self._fallback_dealer
            flip = self._deck[DEALT_CARDS + self._fallback_flip]
            self._kitty_flip = flip
            suit = None if flip.is_joker else flip.suit
        assert self._dealer is not None
        self._trump = Trump(self.level_rank, suit)
        self._events.append(
            ev.Event(
                ev.TRUMP_FIXED,
                self._dealer,
                {
                    "level": self.level_rank,
                    "suit": suit,
                    "kitty_flip": self._kitty_flip.text if self._kitty_flip else None,
                },
            )
        )
        self._hands[self._dealer].extend(self._deck[DEALT_CARDS:])
        self._events.append(ev.Event(ev.KITTY_TAKEN, self._dealer))
        self._phase = KITTY
        self._auction_turn = None

    # --- the kitty ----------------------------------------------------------------------
    def check_bury(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        self._require(KITTY, "bury the kitty")
        self._check_seat(seat)
        if seat != self._dealer:
            raise OutOfTurn(f"only the dealer (seat {self._dealer}) buries the kitty")
        cards = as_cards(cards)
        if len(cards) != KITTY_SIZE:
            raise IllegalMove(f"bury exactly {KITTY_SIZE} cards; you chose {len(cards)}")
        missing = Counter(cards) - Counter(self._hands[seat])
        if missing:
            raise IllegalMove(f"you do not hold {next(iter(missing)).pretty} to bury")
        return cards

    def bury(self, seat: int, cards: Sequence[Card] | str) -> None:
        """The dealer puts 8 cards face down as the new kitty; then the dealer leads."""
        cards = self.check_bury(seat, cards)
        _remove(self._hands[seat], cards)
        self._buried = tuple(cards)
        self._actions.append({"action": "bury", "seat": seat, "cards": format_cards(cards)})
        self._events.append(ev.Event(ev.BURY, seat, {"count": len(cards)}))
        self._phase = PLAYING
        self._turn = seat

    # --- playing ------------------------------------------------------------------------
    def check_play(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """Raise if ``seat`` may not play ``cards`` now; return the cards as a list."""
        self._require(PLAYING, "play cards")
        self._check_seat(seat)
        if seat != self._turn:
            raise OutOfTurn(f"it is seat {self._turn}'s turn, not seat {seat}'s")
        cards = as_cards(cards)
        trump = self._trump
        assert trump is not None
        hand = self._hands[seat]
        if not self._current:
            verdict = check_lead(hand, cards, trump)
        else:
            verdict = check_follow(hand, self._current[0][1], cards, trump)
        if not verdict:
            raise IllegalMove(verdict.reason)
        return cards

    def play(self, seat: int, cards: Sequence[Card] | str) -> tuple[Card, ...]:
        """Lead or follow. Returns the cards actually played (a failed throw plays less)."""
        cards = self.check_play(seat, cards)
        trump = self._trump
        assert trump is not None
        self._actions.append({"action": "play", "seat": seat, "cards": format_cards(cards)})
        played = tuple(cards)
        if not self._current:
            self._attempted = None
            if len(cards) > 1:
                others = [self._hands[s] for s in SEATS if s != seat]
                throw = check_throw(cards, others, trump)
                if not throw.ok:
                    played = tuple(throw.forced)
                    self._attempted = tuple(cards)
                    penalty = self.rules.throw_penalty
                    self._penalty += penalty if self.is_dealer_team(seat) else -penalty
                    self._events.append(
                        ev.Event(
                            ev.THROW_FAILED,
                            seat,
                            {
                                "attempted": format_cards(cards),
                                "forced": format_cards(played),
                                "beaten_by": format_cards(throw.beaten_by),
                                "reason": throw.reason,
                                "penalty": penalty,
                            },
                        )
                    )
        else:
            lead = self._current[0][1]
            suit = trump.suit_of(lead[0])
            if sum(1 for c in played if trump.suit_of(c) == suit) < len(lead):
                self._voids[seat].add(suit)
        _remove(self._hands[seat], played)
        self._played.extend(played)
        self._current.append((seat, played))
        self._events.append(ev.Event(ev.PLAY, seat, {"cards": format_cards(played)}))
        if len(self._current) == 4:
            self._finish_trick()
        else:
            self._turn = next_seat(seat)
        return played

    def _finish_trick(self) -> None:
        trump = self._trump
        assert trump is not None
        plays = self._current
        winner = plays[trick_winner([cards for _, cards in plays], trump)][0]
        points = trick_points(c for _, cards in plays for c in cards)
        if not self.is_dealer_team(winner):
            self._points += points
        trick = Trick(plays[0][0], tuple(plays), winner, points, self._attempted)
        self._tricks.append(trick)
        self._events.append(
            ev.Event(
                ev.TRICK,
                winner,
                {"number": len(self._tricks), "points": points, "defender_points": self._points},
            )
        )
        self._current = []
        self._attempted = None
        self._turn = winner
        if not self._hands[winner]:  # every hand is empty: that was the last trick
            self._settle()

    def _settle(self) -> None:
        trump = self._trump
        dealer = self._dealer
        assert trump is not None and dealer is not None
        last = self._tricks[-1]
        kitty_points = trick_points(self._buried)
        multiplier = kitty_multiplier(last.lead, trump, self.rules)
        kitty_won = 0 if self.is_dealer_team(last.winner) else kitty_points * multiplier
        total = self._points + kitty_won + self._penalty
        settlement = settle(total, self.rules)
        dealer_team = team_of(dealer)
        levels = list(self._levels)
        levels[dealer_team] = min(ACE, levels[dealer_team] + settlement.dealer_levels)
        levels[1 - dealer_team] = min(ACE, levels[1 - dealer_team] + settlement.defender_levels)
        if settlement.defenders_take_deal:
            next_dealer, winning_team = next_seat(dealer), 1 - dealer_team
        else:
            next_dealer, winning_team = (dealer + 2) % 4, dealer_team
        match_won = not settlement.defenders_take_deal and self.level_rank == ACE
        self._result = HandResult(
            trick_points=self._points,
            kitty_points=kitty_won,
            kitty_multiplier=multiplier,
            penalty=self._penalty,
            defender_points=total,
            settlement=settlement,
            levels_before=self._levels,
            levels_after=(levels[0], levels[1]),
            dealer=dealer,
            next_dealer=next_dealer,
            winning_team=winning_team,
            match_won=match_won,
        )
        self._phase = FINISHED
        self._turn = None
        self._events.append(
            ev.Event(
                ev.SETTLE,
                dealer,
                {
                    "defender_points": total,
                    "kitty": format_cards(self._buried),
                    "kitty_points": kitty_won,
                    "multiplier": multiplier,
                    "penalty": self._penalty,
                    "dealer_levels": settlement.dealer_levels,
                    "defender_levels": settlement.defender_levels,
                    "levels_after": levels,
                    "next_dealer": next_dealer,
                    "match_won": match_won,
                },
            )
        )

    # --- what-if copies for search -----------------------------------------------------
    def what_if(self, hands: Sequence[Sequence[Card]], buried: Sequence[Card], seed: int) -> Round:
        """A copy of this hand in play, with the hands and the kitty replaced by a guess.

        Search players (Monte Carlo) use it to play a hand out in a world they sampled: the
        copy shares nothing mutable with this round, keeps the trick history, and starts
        with empty events and actions. The guess must hold exactly the unplayed cards.
        """
        if self._phase != PLAYING:
            raise WrongPhase("what-if copies are made during play")
        copy = Round.__new__(Round)
        copy.__dict__.update(self.__dict__)
        copy._hands = [list(h) for h in hands]
        if [len(h) for h in copy._hands] != [len(h) for h in self._hands]:
            raise ValueError("a what-if guess must give every seat as many cards as it holds")
        copy._deck = []  # the real deal stays secret: a copy knows only the guess
        copy._buried = tuple(buried)
        copy._current = list(self._current)
        copy._tricks = list(self._tricks)
        copy._played = list(self._played)
        copy._voids = [set(v) for v in self._voids]
        copy.rng = random.Random(seed)
        copy._events = []
        copy._actions = []
        return copy

    # --- helpers ------------------------------------------------------------------------
    def _require(self, phase: str, doing: str) -> None:
        if self._phase != phase:
            raise WrongPhase(f"cannot {doing} now: the hand is in the {self._phase} phase")

    @staticmethod
    def _check_seat(seat: int) -> None:
        if seat not in SEATS:
            raise OutOfTurn(f"there is no seat {seat!r}: seats are 0, 1, 2 and 3")

    def __repr__(self) -> str:
        return (
            f"<Round seed={self.seed} phase={self._phase} dealer={self._dealer} "
            f"trump={self._trump} tricks={len(self._tricks)}>"
        )


def _remove(hand: list[Card], cards: Sequence[Card]) -> None:
    for card in cards:
        hand.remove(card)
