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

**Sealed players** (the principle of RULES §9, as for Shengji). The hand's generator,
``random.Random(seed)``, shuffles the deck and is never used again. Each seat has its own
generator, :meth:`GinHand.seat_rng`, derived from the seed and the seat with SHA-256
(:func:`seat_generator`): a seed still replays a hand card for card, players' choices
included, yet nothing a player draws from (or does to) its generator changes the deal or the
other player's choices, and the seed cannot be worked back from it. A player is given a
:class:`GinView`: a snapshot of what its seat may see (its own cards, the discard pile, the
opponent's picks from it, the public history) and its own generator, with no reference to
the hand. Search players try guesses on **worlds** (:meth:`GinView.what_if`): new hands built
from the view and a guess of the hidden cards alone, with no seed and no deck, so a world
cannot carry the real stock order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..seeds import derived_seed
from .cards import card_text, check_card, parse_card, parse_hand
from .melds import deadwood_of, deadwood_without_each
from .scoring import STANDARD, GameScore, GinRules, HandScore, game_over, game_score, score_hand

HAND_SIZE = 10
DRAW_AT = 2
"""A discard that leaves this many cards in the stock ends the hand as a draw."""

KINDS = ("take", "pass", "stock", "discard", "knock")
SEAT_RNG_DOMAIN = "shengji-edu gin seat generator v1"


class IllegalMove(ValueError):
    """An action the rules do not allow now; the hand is unchanged."""


class BadGuess(ValueError):
    """A guess of the hidden cards that does not fit what the player has seen."""


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
DISCARD = tuple(Action("discard", c) for c in range(52))
KNOCK = tuple(Action("knock", c) for c in range(52))
BIG_GIN = Action("knock")


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: ``kind`` is "draw" or a :class:`HandScore` kind."""

    kind: str
    winner: int | None
    """The seat that scores (``None`` for a draw)."""
    points: int
    knocker: int | None = None
    score: HandScore | None = None


def seat_generator(seed: int, seat: int) -> random.Random:
    """The generator of ``seat`` in the hand dealt from ``seed`` (see the module docstring).

    Fixed by the seed, different for each seat, and the seed cannot be worked back from it
    (:func:`~shengji_edu.seeds.derived_seed`, with Gin's own domain string).
    """
    return random.Random(derived_seed(SEAT_RNG_DOMAIN, seed, seat))


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number such as 7, not {seed!r}")
    return seed


def legal_actions_of(
    phase: str, passes: int, hand: Sequence[int], taken: int | None, rules: GinRules
) -> list[Action]:
    """Every action allowed to the player to move, from what that player knows: the phase,
    how many passed the upcard, its own cards and the card it just took."""
    if phase == "offer":
        return [TAKE, PASS]
    if phase == "draw":
        return [STOCK] if passes == 2 else [TAKE, STOCK]
    if phase != "discard":
        return []
    after = deadwood_without_each(hand)
    order = sorted(hand)
    actions = [DISCARD[c] for c in order if c != taken]
    actions += [KNOCK[c] for c in order if c != taken and after[c] <= rules.knock_limit]
    if deadwood_of(hand) == 0:
        actions.append(BIG_GIN)
    return actions


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
        if dealer not in (0, 1) or isinstance(dealer, bool):
            raise ValueError("the dealer is seat 0 or seat 1")
        if not isinstance(rules, GinRules):
            raise ValueError(f"rules must be a GinRules, not {rules!r}")
        self.seed, self.dealer, self.rules = _check_seed(seed), dealer, rules
        self.rng = random.Random(seed)
        """The hand's generator: it shuffles the deck, and nothing else."""
        self._rng_seed: int = seed
        self._seat_rngs: list[random.Random | None] = [None, None]
        if deck is None:
            deck = list(range(52))
            self.rng.shuffle(deck)
        else:  # a prepared deck (tests, lessons): the seed then only drives the players
            deck = parse_hand(deck)
            if len(deck) != 52:
                raise ValueError(f"a prepared deck holds all 52 cards, not {len(deck)}")
        self.deck: tuple[int, ...] = tuple(deck)
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

    def seat_rng(self, seat: int) -> random.Random:
        """The generator of ``seat``'s player (made on first use; see the module docstring)."""
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ValueError(f"the seats are 0 and 1, not {seat!r}")
        rng = self._seat_rngs[seat]
        if rng is None:
            rng = self._seat_rngs[seat] = seat_generator(self._rng_seed, seat)
        return rng

    # --- what may be done -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def top(self) -> int | None:
        return self.discards[-1] if self.discards else None

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when the hand is over)."""
        return legal_actions_of(
            self.phase, self.passes, self.hands[self.turn], self.taken, self.rules
        )

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
        """What ``seat`` may see now, with its own generator (a snapshot: ask again later)."""
        return GinView(self, seat)

    def what_if(self, opponent_hand: Sequence[int], stock: Sequence[int], seed: int) -> GinHand:
        """A world seen from ``self.turn``'s side: :meth:`GinView.what_if` of that view."""
        return self.view(self.turn).what_if(opponent_hand, stock, seed)


class GinView:
    """What ``seat`` may see of a hand: its own cards and everything played face up.

    A snapshot made of immutable values (ints, tuples, frozen actions) and the seat's own
    generator; it keeps no reference to the hand, so nothing reachable from it leads to the
    stock, the deck, the seed or the opponent's cards.
    """

    __slots__ = (
        "_seat",
        "_turn",
        "_dealer",
        "_phase",
        "_passes",
        "_rules",
        "_hand",
        "_discards",
        "_stock_size",
        "_taken",
        "_opponent_size",
        "_picked",
        "_history",
        "_rng",
    )

    def __init__(self, hand: GinHand, seat: int) -> None:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ValueError(f"the seats are 0 and 1, not {seat!r}")
        self._seat = seat
        self._turn = hand.turn
        self._dealer = hand.dealer
        self._phase = hand.phase
        self._passes = hand.passes
        self._rules = hand.rules
        self._hand = tuple(sorted(hand.hands[seat]))
        self._discards = tuple(hand.discards)
        self._stock_size = len(hand.stock)
        self._taken = hand.taken
        self._opponent_size = len(hand.hands[1 - seat])
        self._picked = (tuple(hand.picked[0]), tuple(hand.picked[1]))
        self._history = tuple(hand.history)
        self._rng = hand.seat_rng(seat)

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self._turn

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def hand(self) -> tuple[int, ...]:
        """This player's cards, sorted."""
        return self._hand

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def passes(self) -> int:
        """How many players have passed the upcard (2: it can no longer be taken)."""
        return self._passes

    @property
    def rules(self) -> GinRules:
        return self._rules

    @property
    def rng(self) -> random.Random:
        """This seat's own generator: drawing from it changes nothing else."""
        return self._rng

    @property
    def top(self) -> int | None:
        return self._discards[-1] if self._discards else None

    @property
    def discards(self) -> tuple[int, ...]:
        """The discard pile, bottom first (every card in it was seen face up)."""
        return self._discards

    @property
    def stock_size(self) -> int:
        return self._stock_size

    @property
    def taken(self) -> int | None:
        return self._taken

    @property
    def opponent_size(self) -> int:
        return self._opponent_size

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``: all public (a stock draw shows no card)."""
        return self._history

    def picked(self, seat: int) -> tuple[int, ...]:
        """Cards ``seat`` took from the discard pile, in order."""
        return self._picked[seat]

    def stock_draws(self, seat: int) -> int:
        """How many cards ``seat`` has drawn from the stock so far."""
        return sum(1 for s, action in self._history if s == seat and action.kind == "stock")

    def opponent_known(self) -> tuple[int, ...]:
        """Cards the opponent is known to hold: taken from the pile and not discarded since."""
        # A picked card leaves that hand only by a discard; from the pile only a player can
        # take it back: so it is still there unless it lies on the pile or in our own hand.
        elsewhere = set(self._discards) | set(self._hand)
        return tuple(dict.fromkeys(c for c in self._picked[1 - self._seat] if c not in elsewhere))

    def unseen(self) -> list[int]:
        """Cards this player has not seen: in the stock or (not known) in the opponent's hand."""
        seen = set(self._hand) | set(self._discards) | set(self.opponent_known())
        return [c for c in range(52) if c not in seen]

    def legal_actions(self) -> list[Action]:
        """This player's legal actions (empty when it is not its turn)."""
        if self._turn != self._seat:
            return []
        return legal_actions_of(self._phase, self._passes, self._hand, self._taken, self._rules)

    def what_if(self, opponent_hand: Sequence[int], stock: Sequence[int], seed: int) -> GinHand:
        """A playable world: this hand as this player sees it, the hidden cards guessed.

        The opponent holds ``opponent_hand`` (it must include :meth:`opponent_known`) and the
        stock is ``stock`` (top last); together with this player's cards and the discard pile
        they must place every card once. The world is built from this view alone: it has no
        seed (``world.seed is None``) and no deck, and its players' generators come from
        ``seed``. Raises :class:`BadGuess` (a ValueError) when the guess does not fit.
        """
        guess, pile = parse_hand(list(opponent_hand)), parse_hand(list(stock))
        placed = [*self._hand, *self._discards, *guess, *pile]
        if sorted(placed) != list(range(52)):
            raise BadGuess("a guess must place every card not seen exactly once")
        if len(guess) != self._opponent_size or len(pile) != self._stock_size:
            raise BadGuess(
                f"the opponent holds {self._opponent_size} cards and the stock "
                f"{self._stock_size}: the guess has {len(guess)} and {len(pile)}"
            )
        missing = set(self.opponent_known()) - set(guess)
        if missing:
            raise BadGuess(
                f"the opponent surely holds {card_text(min(missing))}: it took it from the pile"
            )
        seat = self._seat
        world = object.__new__(GinHand)
        world.seed, world.dealer, world.rules = None, self._dealer, self._rules
        world.rng = None
        world._rng_seed = _check_seed(seed)
        world._seat_rngs = [None, None]
        world.deck = ()
        world.hands = [[], []]
        world.hands[seat], world.hands[1 - seat] = list(self._hand), guess
        world.discards, world.stock = list(self._discards), pile
        world.turn, world.phase, world.passes = self._turn, self._phase, self._passes
        world.taken = self._taken
        world.picked = [list(p) for p in self._picked]
        world.history, world.result = list(self._history), None
        return world


def play_hand(hand: GinHand, players: Sequence, max_actions: int = 200) -> GinHand:
    """Let ``players[seat].act(view)`` choose every action until the hand is over."""
    for _ in range(max_actions):
        if hand.over:
            return hand
        seat = hand.turn
        hand.act(seat, players[seat].act(GinView(hand, seat)))
    raise RuntimeError("the hand did not end: a player keeps refusing to draw?")


@dataclass
class GinGame:
    """A game to 100 (see :func:`.scoring.game_score`). The winner of a hand deals the next;
    after a drawn hand the same player deals again. Hand seeds come from the game's seed.

    :meth:`play` plays it all with computer players. A front end plays it a hand at a time,
    as ``shengji play`` plays a Shengji match: :meth:`new_hand`, then the hand's actions
    (``hand.act``), then :meth:`hand_finished`; :attr:`points` is the running score and
    :attr:`score` the final accounts once the game is :attr:`over`. Both ways give the same
    hands for the same seed.
    """

    seed: int
    rules: GinRules = STANDARD
    hands: list[GinHand] = field(default_factory=list)
    score: GameScore | None = None
    points: list[int] = field(default_factory=lambda: [0, 0], init=False)
    """Hand points so far, per seat (the bonuses come at the end, in :attr:`score`)."""
    dealer: int = field(default=0, init=False)
    """The seat that deals the next hand."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self.dealer = self._rng.randrange(2)
        self._recorded = len(self.hands)

    @property
    def over(self) -> bool:
        return self.score is not None

    def new_hand(self) -> GinHand:
        """Deal the next hand (the last one must be over and passed to :meth:`hand_finished`)."""
        if self.over:
            raise ValueError("the game is over: start a new GinGame")
        if self._recorded != len(self.hands):
            raise ValueError("finish the hand first: play it out, then call hand_finished")
        hand = GinHand(self._rng.getrandbits(32), self.dealer, self.rules)
        self.hands.append(hand)
        return hand

    def hand_finished(self, hand: GinHand) -> None:
        """Count a finished hand: its points, the next dealer, and the end of the game."""
        if not self.hands or hand is not self.hands[-1] or self._recorded == len(self.hands):
            raise ValueError("only the game's latest hand can finish, and only once")
        result = hand.result
        if result is None:
            raise ValueError("the hand is not over yet")
        self._recorded = len(self.hands)
        if result.winner is not None:
            self.points[result.winner] += result.points
            self.dealer = result.winner
        if game_over(self.points, self.rules):
            self.score = game_score(
                [(h.result.winner, h.result.points) for h in self.hands], self.rules
            )

    def play(self, players: Sequence, max_hands: int = 200) -> GinGame:
        """Play the rest of the game with ``players`` (seat 0's, seat 1's)."""
        for _ in range(max_hands):
            if self.over:
                return self
            self.hand_finished(play_hand(self.new_hand(), players))
        if self.over:
            return self
        raise RuntimeError(f"no winner after {max_hands} hands")
