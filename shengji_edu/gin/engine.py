"""The two-player hand engine: deal, upcard, draw, discard, knock; and a game to 100.

One hand, step by step (seat 0 and seat 1; the dealer's opponent plays first):

1. Each player gets 10 cards; the 21st card is turned up (the **upcard**) to start the
   discard pile; the other 31 cards are the **stock**, face down.
2. The **offer**: the non-dealer may take the upcard or pass; if they pass, the dealer may take
   it or pass; if both pass, the non-dealer begins by drawing from the stock.
3. A **turn**: draw (the top of the stock, or the top of the discard pile), then discard one
   card face up. A card taken from the discard pile may not be discarded in the same turn.
4. Instead of a plain discard, a player whose remaining 10 cards have deadwood at most 10 may
   **knock**: discard face down and end the hand (see :mod:`.scoring`). A player holding 11
   melded cards may knock without discarding (**big gin**).
5. When a player discards without knocking and only **two cards remain in the stock**, the hand
   is a **draw**: nobody scores.

Actions are small values (:class:`Action`); :meth:`GinHand.act` checks an action completely
before changing anything, so an :class:`IllegalMove` leaves the hand exactly as it was.
Everything random comes from the hand's own ``random.Random(seed)``, the players' choices
included (they use ``view.rng``), so a seed replays a hand card for card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import card_text, check_card, parse_card, parse_hand
from .melds import deadwood_of, deadwood_without_each
from .scoring import STANDARD, GameScore, GinRules, HandScore, game_over, game_score, score_hand

HAND_SIZE = 10
DRAW_AT = 2
"""A discard that leaves this many cards in the stock ends the hand as a draw."""

KINDS = ("take", "pass", "stock", "discard", "knock")


class IllegalMove(ValueError):
    """An action the rules do not allow now; the hand is unchanged."""


@dataclass(frozen=True)
class Action:
    """``take`` (the discard pile's top card), ``pass`` (refuse the first upcard), ``stock``
    (draw from the stock), ``discard`` a card, or ``knock`` discarding a card (``card=None``:
    big gin, no discard). Cards may be given as ids or text: ``Action("discard", "7S")``."""

    kind: str
    card: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown action {self.kind!r}: choose one of {', '.join(KINDS)}")
        card = self.card
        if isinstance(card, str):
            object.__setattr__(self, "card", parse_card(card))
        elif card is not None:
            check_card(card)
        if self.kind == "discard" and self.card is None:
            raise ValueError("say which card to discard, e.g. Action('discard', '7S')")
        if self.kind in ("take", "pass", "stock") and self.card is not None:
            raise ValueError(f"{self.kind!r} takes no card")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"stock"``, ``"take"``, ``"pass"``, ``"discard 7S"``, ``"knock 7S"`` or
        ``"knock"`` (big gin): the form :meth:`__str__` writes, so actions can be typed."""
        words = text.split()
        if not words or len(words) > 2 or words[0].lower() not in KINDS:
            raise ValueError(
                f"cannot read action {text!r}: write stock, take, pass, discard 7S or knock 7S"
            )
        return cls(words[0].lower(), words[1] if len(words) == 2 else None)

    def __str__(self) -> str:
        if self.kind == "knock" and self.card is None:
            return "knock (big gin)"
        return self.kind if self.card is None else f"{self.kind} {card_text(self.card)}"


TAKE, PASS, STOCK = Action("take"), Action("pass"), Action("stock")


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: ``kind`` is "draw" or a :class:`HandScore` kind."""

    kind: str
    winner: int | None
    """The seat that scores (``None`` for a draw)."""
    points: int
    knocker: int | None = None
    score: HandScore | None = None


class GinHand:
    """One hand of Gin Rummy between seats 0 and 1. ``dealer`` deals; the other seat starts.

    The deck is shuffled with ``random.Random(seed)``, or given as ``deck`` (all 52 cards,
    dealt from the front) to set up a position on purpose.
    """

    def __init__(
        self,
        seed: int,
        dealer: int = 0,
        rules: GinRules = STANDARD,
        deck: Sequence[int | str] | None = None,
    ) -> None:
        if dealer not in (0, 1):
            raise ValueError("the dealer is seat 0 or seat 1")
        self.seed, self.dealer, self.rules = seed, dealer, rules
        self.rng = random.Random(seed)
        if deck is None:
            deck = list(range(52))
            self.rng.shuffle(deck)
        else:  # a prepared deck (tests, lessons): the seed then only drives the players
            deck = parse_hand(deck)
            if len(deck) != 52:
                raise ValueError(f"a prepared deck holds all 52 cards, not {len(deck)}")
        self.deck = tuple(deck)
        """The shuffled deck, dealt from the front: the first 20 cards alternate, starting
        with the non-dealer; card 21 is the upcard; the rest is the stock, top first."""
        first = 1 - dealer
        self.hands: list[list[int]] = [[], []]
        for n, card in enumerate(deck[: 2 * HAND_SIZE]):
            self.hands[first if n % 2 == 0 else dealer].append(card)
        self.discards: list[int] = [deck[2 * HAND_SIZE]]
        self.stock: list[int] = list(reversed(deck[2 * HAND_SIZE + 1 :]))  # top at the end
        self.turn = first
        self.phase = "offer"
        self.passes = 0
        self.taken: int | None = None
        """The card taken from the discard pile this turn (it may not be discarded)."""
        self.picked: list[list[int]] = [[], []]
        """Cards each seat took from the discard pile, in order (both players see this)."""
        self.history: list[tuple[int, Action]] = []
        self.result: HandResult | None = None

    # --- what may be done -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def top(self) -> int | None:
        return self.discards[-1] if self.discards else None

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when the hand is over)."""
        if self.phase == "offer":
            return [TAKE, PASS]
        if self.phase == "draw":
            return [STOCK] if self.passes == 2 else [TAKE, STOCK]
        if self.phase != "discard":
            return []
        hand = self.hands[self.turn]
        actions = [Action("discard", c) for c in sorted(hand) if c != self.taken]
        after = deadwood_without_each(hand)
        for c in sorted(hand):
            if c != self.taken and after[c] <= self.rules.knock_limit:
                actions.append(Action("knock", c))
        if deadwood_of(hand) == 0:
            actions.append(Action("knock"))
        return actions

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalMove` (with the reason) unless ``seat`` may ``action`` now."""
        if self.phase == "over":
            raise IllegalMove("the hand is over")
        if seat != self.turn:
            raise IllegalMove(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        kind, card = action.kind, action.card
        if self.phase == "offer":
            if kind not in ("take", "pass"):
                raise IllegalMove(f"first take the upcard {card_text(self.top)} or pass")
            return
        if self.phase == "draw":
            if kind == "pass":
                raise IllegalMove(
                    "passing is only for the first upcard: draw from the stock or the discard pile"
                )
            if kind not in ("take", "stock"):
                raise IllegalMove(
                    "draw first: from the stock ('stock') or the discard pile ('take')"
                )
            if kind == "take" and self.passes == 2:
                raise IllegalMove("both players refused the upcard: draw from the stock")
            return
        # phase "discard": 11 cards in hand
        if kind not in ("discard", "knock"):
            raise IllegalMove("you hold 11 cards: discard one (or knock)")
        hand = self.hands[seat]
        if card is None:  # big gin
            if deadwood_of(hand) != 0:
                raise IllegalMove("knocking without a discard needs all 11 cards melded (big gin)")
            return
        if card not in hand:
            raise IllegalMove(f"{card_text(card)} is not in your hand")
        if card == self.taken:
            raise IllegalMove(
                f"{card_text(card)} was just taken from the discard pile: discard another card"
            )
        if kind == "knock":
            left = deadwood_of([c for c in hand if c != card])
            if left > self.rules.knock_limit:
                raise IllegalMove(
                    f"cannot knock discarding {card_text(card)}: deadwood {left} is more than "
                    f"{self.rules.knock_limit}"
                )

    # --- doing it ---------------------------------------------------------------------------
    def act(self, seat: int, action: Action | str) -> None:
        """Apply ``action`` (an :class:`Action` or its text, e.g. ``"discard 7S"``) for
        ``seat`` after checking it; an :class:`IllegalMove` changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        if not isinstance(action, Action):
            raise TypeError(f"an action is an Action or text like 'discard 7S', not {action!r}")
        self.check(seat, action)
        self.history.append((seat, action))
        kind, card = action.kind, action.card
        hand = self.hands[seat]
        if kind == "pass":
            self.passes += 1
            if self.passes == 2:
                self.phase = "draw"
            self.turn = 1 - seat
        elif kind == "take":
            self.taken = self.discards.pop()
            self.picked[seat].append(self.taken)
            hand.append(self.taken)
            self.phase = "discard"
        elif kind == "stock":
            hand.append(self.stock.pop())
            self.phase = "discard"
        elif kind == "discard":
            hand.remove(card)
            self.discards.append(card)
            self.taken = None
            self.passes = 0
            if len(self.stock) <= DRAW_AT:
                self._finish(HandResult("draw", None, 0))
            else:
                self.turn, self.phase = 1 - seat, "draw"
        else:  # knock
            if card is not None:
                hand.remove(card)
                self.discards.append(card)  # face down, but it is no secret once the hand ends
            score = score_hand(hand, self.hands[1 - seat], self.rules)
            winner = seat if score.winner == "knocker" else 1 - seat
            self._finish(HandResult(score.kind, winner, score.points, seat, score))

    def _finish(self, result: HandResult) -> None:
        self.result = result
        self.phase = "over"
        self.taken = None

    def view(self, seat: int) -> GinView:
        return GinView(self, seat)

    def what_if(self, opponent_hand: Sequence[int], stock: Sequence[int], seed: int) -> GinHand:
        """A copy of this hand from ``self.turn``'s point of view, with the hidden cards guessed:
        the opponent holds ``opponent_hand`` and the stock is ``stock`` (top last)."""
        me = self.turn
        placed = [*self.hands[me], *self.discards, *opponent_hand, *stock]
        if sorted(placed) != list(range(52)):
            raise ValueError("a guess must place every card not seen exactly once")
        copy = object.__new__(GinHand)
        copy.seed, copy.dealer, copy.rules = seed, self.dealer, self.rules
        copy.rng = random.Random(seed)
        copy.deck = self.deck
        copy.hands = [[], []]
        copy.hands[me] = list(self.hands[me])
        copy.hands[1 - me] = list(opponent_hand)
        copy.discards, copy.stock = list(self.discards), list(stock)
        copy.turn, copy.phase, copy.passes, copy.taken = me, self.phase, self.passes, self.taken
        copy.picked = [list(p) for p in self.picked]
        copy.history, copy.result = [], None
        return copy


class GinView:
    """What ``seat`` may see of a hand: its own cards and everything played face up."""

    __slots__ = ("_hand", "seat")

    def __init__(self, hand: GinHand, seat: int) -> None:
        self._hand = hand
        self.seat = seat

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(sorted(self._hand.hands[self.seat]))

    @property
    def phase(self) -> str:
        return self._hand.phase

    @property
    def rules(self) -> GinRules:
        return self._hand.rules

    @property
    def rng(self) -> random.Random:
        return self._hand.rng

    @property
    def top(self) -> int | None:
        return self._hand.top

    @property
    def discards(self) -> tuple[int, ...]:
        """The discard pile, bottom first (every card in it was seen face up)."""
        return tuple(self._hand.discards)

    @property
    def stock_size(self) -> int:
        return len(self._hand.stock)

    @property
    def taken(self) -> int | None:
        return self._hand.taken

    @property
    def opponent_size(self) -> int:
        return len(self._hand.hands[1 - self.seat])

    def picked(self, seat: int) -> tuple[int, ...]:
        """Cards ``seat`` took from the discard pile, in order."""
        return tuple(self._hand.picked[seat])

    def stock_draws(self, seat: int) -> int:
        """How many cards ``seat`` has drawn from the stock so far."""
        return sum(1 for s, action in self._hand.history if s == seat and action.kind == "stock")

    def opponent_known(self) -> tuple[int, ...]:
        """Cards the opponent is known to hold: taken from the pile and not discarded since."""
        # A picked card leaves that hand only by a discard; from the pile only a player can
        # take it back: so it is still there unless it lies on the pile or in our own hand.
        elsewhere = set(self._hand.discards) | set(self._hand.hands[self.seat])
        return tuple(
            dict.fromkeys(c for c in self._hand.picked[1 - self.seat] if c not in elsewhere)
        )

    def unseen(self) -> list[int]:
        """Cards this player has not seen: in the stock or (not known) in the opponent's hand."""
        seen = set(self.hand) | set(self._hand.discards) | set(self.opponent_known())
        return [c for c in range(52) if c not in seen]

    def legal_actions(self) -> list[Action]:
        return self._hand.legal_actions() if self._hand.turn == self.seat else []

    def what_if(self, opponent_hand: Sequence[int], stock: Sequence[int], seed: int) -> GinHand:
        return self._hand.what_if(opponent_hand, stock, seed)


def play_hand(hand: GinHand, players: Sequence, max_actions: int = 200) -> GinHand:
    """Let ``players[seat].act(view)`` choose every action until the hand is over."""
    for _ in range(max_actions):
        if hand.over:
            return hand
        seat = hand.turn
        hand.act(seat, players[seat].act(hand.view(seat)))
    raise RuntimeError("the hand did not end: a player keeps refusing to draw?")


@dataclass
class GinGame:
    """A game to 100 (see :func:`.scoring.game_score`). The winner of a hand deals the next;
    after a drawn hand the same player deals again. Hand seeds come from the game's seed."""

    seed: int
    rules: GinRules = STANDARD
    hands: list[GinHand] = field(default_factory=list)
    score: GameScore | None = None

    def play(self, players: Sequence, max_hands: int = 200) -> GinGame:
        rng = random.Random(self.seed)
        dealer = rng.randrange(2)
        points = [0, 0]
        for _ in range(max_hands):
            hand = play_hand(GinHand(rng.getrandbits(32), dealer, self.rules), players)
            self.hands.append(hand)
            result = hand.result
            assert result is not None
            if result.winner is not None:
                points[result.winner] += result.points
                dealer = result.winner
            if game_over(points, self.rules):
                self.score = game_score(
                    [(h.result.winner, h.result.points) for h in self.hands], self.rules
                )
                return self
        raise RuntimeError(f"no winner after {max_hands} hands")
