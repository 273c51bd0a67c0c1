"""The endgame solver: with every hand known, the exact best line for the last tricks.

Late in a hand a player can often count every card, and then the rest of the hand is a
game of perfect information between two teams: the defenders want points (only they score,
RULES §7), the dealer's team wants them not to have them. This module plays that game
exactly. The value of a position is **the points the defenders take from here to the end**:
the point cards of the tricks they win, the kitty multiplied by the last lead's multiplier
if they win the last trick (RULES §7, §11.4, §12.8, ``rules.kitty``), and the penalties of
failed throws (RULES §4). The defenders maximise it, the dealers minimise it, and since the
settlement only grows with the defenders' total, the team that plays this value perfectly
also gets the best outcome of the hand that perfect play allows.

How: minimax over the engine's legal plays, with three standard speed-ups.

* **Alpha-beta**: a line is abandoned as soon as it is known not to change the result.
* **A transposition table**: the same cards can be reached by playing the tricks in
  another order; each position is solved once (with the bounds alpha-beta learnt).
* **Move ordering**: the table's best play first, then plays that win the trick for one's
  team, so that alpha-beta cuts early.

The plays are exactly the engine's. A lead is any set of cards of one effective suit
(:func:`~shengji_edu.tricks.check_lead`); a throw that fails is reduced as the engine
reduces it (:func:`~shengji_edu.tricks.check_throw` under ``rules.failed_throw``) and costs
``rules.throw_penalty``; a follow is one of :func:`~shengji_edu.follow.iter_legal_follows`;
the winner is :func:`~shengji_edu.tricks.trick_winner`. Two attempts that end in the same
cards played and the same penalty are one move (the first found, the smaller lead, is kept).

Decisions where RULES is silent: the 45-point game (RULES §12.10) counts who wins the last
trick apart from the points, so it has no single number to maximise: the solver refuses it.
Wearing the A (RULES §12.12) is not part of the value.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..cards import ALL_CARDS, Card, as_cards, format_cards
from ..follow import iter_legal_follows, multiset_combinations
from ..rules import RuleSet
from ..scoring import kitty_multiplier
from ..tricks import check_throw, trick_winner
from ..trump import Trump
from ..units import lead_format

POINTS = tuple(card.points for card in ALL_CARDS)
"""The points of each card, by card index."""

_EXACT, _LOWER, _UPPER = 0, 1, 2


class EndgameError(ValueError):
    """A position the solver cannot take (it says which and what to do)."""


@dataclass(frozen=True)
class Position:
    """A position of the play with every hand known.

    ``hands``: the four seats' cards; ``trick``: the current trick's plays so far as
    ``(seat, cards)``; ``turn``: the seat to play; ``kitty_points``: the points buried in the
    kitty; ``defender_points``: what the defenders have so far (tricks and penalties). Made
    from a round with :meth:`from_round`.
    """

    trump: Trump
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    turn: int | None = None
    kitty_points: int = 0
    defender_points: int = 0
    rules: RuleSet = field(default_factory=RuleSet)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.trump, Trump):
            raise EndgameError(
                "a position's trump must be a Trump, such as RuleSet().trump(2, 'S')"
            )
        if not isinstance(self.rules, RuleSet):
            raise EndgameError("a position's rules must be a RuleSet")
        if self.rules.settlement == "forty_five":
            raise EndgameError(
                "the 45-point game (RULES §12.10) also counts who wins the last trick, apart "
                "from the points: the endgame solver only solves games of points"
            )
        if type(self.dealer) is not int or not 0 <= self.dealer <= 3:
            raise EndgameError(f"the dealer must be a seat 0-3, not {self.dealer!r}")
        if isinstance(self.hands, (str, bytes)) or len(self.hands) != 4:
            raise EndgameError("a position needs the 4 seats' hands")
        set_(self, "hands", tuple(tuple(as_cards(hand)) for hand in self.hands))
        trick = tuple((seat, tuple(as_cards(cards))) for seat, cards in self.trick)
        set_(self, "trick", trick)
        if len(trick) > 3:
            raise EndgameError("a trick in progress has at most 3 plays: a 4th ends it")
        for number, (seat, _cards) in enumerate(trick):
            if seat != (trick[0][0] + number) % 4:
                raise EndgameError("the trick's plays must be in play order, one per seat")
        turn = (trick[0][0] + len(trick)) % 4 if trick else self.turn
        if self.turn is not None and self.turn != turn:
            raise EndgameError(f"seat {turn} is to play after this trick's plays, not {self.turn}")
        if type(turn) is not int or not 0 <= turn <= 3:
            raise EndgameError("say whose turn it is: turn must be a seat 0-3")
        set_(self, "turn", turn)
        size = len(trick[0][1]) if trick else 0
        played = {seat for seat, _ in trick}
        sizes = {
            len(hand) + (size if seat in played else 0) for seat, hand in enumerate(self.hands)
        }
        if len(sizes) != 1 or not sizes.pop():
            raise EndgameError(
                "the hands must hold equally many cards (counting the cards already played "
                "to this trick), at least one each"
            )
        if trick and len(self.hands[turn]) < size:
            raise EndgameError(f"seat {turn} holds fewer cards than the lead")

    @classmethod
    def from_round(cls, round_) -> Position:
        """The position of a :class:`~shengji_edu.game.round.Round` during play (a dealt hand
        or a what-if world: every hand is in it)."""
        if getattr(round_, "phase", None) != "playing":
            raise EndgameError("the endgame solver starts from a hand in play (phase 'playing')")
        return cls(
            trump=round_.trump,
            dealer=round_.dealer,
            hands=round_.hands,
            trick=round_.current_trick,
            turn=round_.turn,
            kitty_points=sum(card.points for card in round_.kitty),
            defender_points=round_.defender_points + round_.penalty,
            rules=round_.rules,
        )

    @property
    def cards_left(self) -> int:
        """The most cards any seat still holds."""
        return max(len(hand) for hand in self.hands)

    def is_defender(self, seat: int) -> bool:
        """Whether ``seat`` is a defender (not of the dealer's team)."""
        return seat % 2 != self.dealer % 2

    def __str__(self) -> str:
        hands = " | ".join(f"{seat}: {format_cards(hand)}" for seat, hand in enumerate(self.hands))
        trick = ", ".join(f"{seat}: {format_cards(cards)}" for seat, cards in self.trick)
        return f"{hands}; trick [{trick}]; seat {self.turn} to play"


@dataclass(frozen=True)
class Choice:
    """One play of the side to move: the cards chosen (``cards``), the cards that end up
    played (a failed throw plays fewer) and the defenders' points from here to the end if
    this play is made and everyone then plays perfectly (``value``)."""

    cards: tuple[Card, ...]
    played: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class Solution:
    """The solved position: its ``value`` (the defenders' points from here on under perfect
    play), every play of the side to move with its value (``choices``, best first for that
    side), and one best ``line`` to the end as ``(seat, cards)`` (the cards played)."""

    position: Position
    value: int
    choices: tuple[Choice, ...]
    line: tuple[tuple[int, tuple[Card, ...]], ...]
    nodes: int

    @property
    def best(self) -> tuple[Choice, ...]:
        """The plays that reach the value (several when they are equally good)."""
        return tuple(c for c in self.choices if c.value == self.value)

    @property
    def total(self) -> int:
        """The defenders' final total under perfect play (so far plus :attr:`value`)."""
        return self.position.defender_points + self.value

    @property
    def margin(self) -> int | None:
        """How many points the second-best value costs the side to move (None: one value)."""
        values = sorted({c.value for c in self.choices})
        if len(values) < 2:
            return None
        return (
            values[-1] - values[-2]
            if self.position.is_defender(self.position.turn)
            else (values[1] - values[0])
        )


Hands = tuple[tuple[int, ...], ...]
Trick = tuple[tuple[int, ...], ...]
Move = tuple[tuple[int, ...], tuple[int, ...], int]
"""(cards chosen, cards played, points to the defenders), cards as sorted indices."""


class Solver:
    """Alpha-beta with a transposition table over one hand's endgames (one trump, rules,
    dealer and kitty); keep one solver to solve many positions of the same hand."""

    def __init__(self, trump: Trump, dealer: int, kitty_points: int, rules: RuleSet) -> None:
        self.trump, self.dealer, self.kitty_points, self.rules = trump, dealer, kitty_points, rules
        self.suit_of = trump.suit_by_index
        self.table: dict[tuple, tuple[int, int, tuple | None]] = {}
        self.follows: dict[tuple, list[tuple[int, ...]]] = {}
        self.leads: dict[tuple, list[Move]] = {}
        self.winners: dict[Trick, int] = {}
        self.multipliers: dict[tuple[int, ...], int] = {}
        self.nodes = 0

    @classmethod
    def for_position(cls, position: Position) -> Solver:
        return cls(position.trump, position.dealer, position.kitty_points, position.rules)

    # --- the moves ------------------------------------------------------------------------
    def lead_moves(
        self, hands: Hands, seat: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Every lead of ``seat``: (attempted, played, points to the defenders), smaller
        leads first; a failed throw is the unit it is reduced to, plus the penalty."""
        key = (hands, seat)
        moves = self.leads.get(key)
        if moves is not None:
            return moves
        hand = [ALL_CARDS[i] for i in hands[seat]]
        others = [[ALL_CARDS[i] for i in hands[s]] for s in range(4) if s != seat]
        by_suit: dict[str, list[Card]] = {}
        for card in hand:
            by_suit.setdefault(self.suit_of[card.index], []).append(card)
        penalty = self.rules.throw_penalty
        gain = penalty if seat % 2 == self.dealer % 2 else -penalty
        moves, seen = [], set()
        for size in range(1, len(hand) + 1):
            for cards in by_suit.values():
                for lead in multiset_combinations(cards, size):
                    attempted = tuple(sorted(c.index for c in lead))
                    played, points = attempted, 0
                    if size > 1 and lead_format(lead, self.trump).is_throw:
                        throw = check_throw(lead, others, self.trump, self.rules)
                        if not throw.ok:
                            played = tuple(sorted(c.index for c in throw.forced))
                            points = gain
                    if (played, points) not in seen:
                        seen.add((played, points))
                        moves.append((attempted, played, points))
        self.leads[key] = moves
        return moves

    def follow_moves(self, hand: tuple[int, ...], lead: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every legal follow of ``hand`` to ``lead`` (RULES §5), each multiset once."""
        key = (hand, lead)
        moves = self.follows.get(key)
        if moves is None:
            cards = [ALL_CARDS[i] for i in hand]
            led = [ALL_CARDS[i] for i in lead]
            moves = [
                tuple(sorted(c.index for c in play))
                for play in iter_legal_follows(cards, led, self.trump)
            ]
            self.follows[key] = moves
        return moves

    def winner(self, trick: Trick) -> int:
        """The index of the winning play of a full trick (RULES §6)."""
        index = self.winners.get(trick)
        if index is None:
            index = trick_winner([[ALL_CARDS[i] for i in play] for play in trick], self.trump)
            self.winners[trick] = index
        return index

    def multiplier(self, lead: tuple[int, ...]) -> int:
        """The kitty's multiplier when ``lead`` was the last trick's lead."""
        times = self.multipliers.get(lead)
        if times is None:
            times = kitty_multiplier([ALL_CARDS[i] for i in lead], self.trump, self.rules)
            self.multipliers[lead] = times
        return times

    # --- the search -----------------------------------------------------------------------
    def bounds(self, hands: Hands, trick: Trick) -> tuple[int, int]:
        """What the defenders can at worst and at best still take: no point, or every point
        out plus the kitty at the most any lead could multiply it (2 to the cards held, the
        rules' cap), give or take a penalty per trick."""
        left = max(len(hand) for hand in hands)
        points = sum(POINTS[i] for hand in hands for i in hand)
        points += sum(POINTS[i] for play in trick for i in play)
        most = 2 ** max(left, len(trick[0]) if trick else 0)
        if self.rules.kitty_max is not None:
            most = min(most, self.rules.kitty_max)
        fine = self.rules.throw_penalty * (left + 1)
        return -fine, points + self.kitty_points * most + fine

    def children(
        self, hands: Hands, leader: int, trick: Trick
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int, Hands, int, Trick, bool]]:
        """Every move of the seat to play and where it leads: (attempted, played, points to
        the defenders, the hands after, the next leader, the trick after, hand over)."""
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if trick:
            moves = [(play, play, 0) for play in self.follow_moves(hand, trick[0])]
        else:
            moves = self.lead_moves(hands, seat)
        for attempted, played, gain in moves:
            rest = list(hand)
            for i in played:
                rest.remove(i)
            after = hands[:seat] + (tuple(rest),) + hands[seat + 1 :]
            now = trick + (played,)
            if len(now) < 4:
                yield attempted, played, gain, after, leader, now, False
                continue
            winner = (leader + self.winner(now)) % 4
            over = not any(after)
            if winner % 2 != self.dealer % 2:  # the defenders win the trick
                gain += sum(POINTS[i] for play in now for i in play)
                if over:
                    gain += self.kitty_points * self.multiplier(now[0])
            yield attempted, played, gain, after, winner, (), over

    def search(self, hands: Hands, leader: int, trick: Trick, alpha: int, beta: int) -> int:
        """The defenders' points from here under perfect play, if it lies strictly between
        ``alpha`` and ``beta``; else a bound on it on the side of the window it fell."""
        self.nodes += 1
        key = (hands, leader, trick)
        entry = self.table.get(key)
        best_move = None
        if entry is not None:
            low, high, best_move = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = self.bounds(hands, trick)
            if low >= beta:
                return low
            if high <= alpha:
                return high
        seat = (leader + len(trick)) % 4
        maximise = seat % 2 != self.dealer % 2
        children = self.ordered(
            list(self.children(hands, leader, trick)), best_move, leader, seat, maximise
        )
        window = (alpha, beta)
        best, chosen = None, None
        for attempted, _played, gain, after, next_leader, now, over in children:
            if over:
                value = gain
            else:
                value = gain + self.search(after, next_leader, now, alpha - gain, beta - gain)
            if best is None or (value > best if maximise else value < best):
                best, chosen = value, attempted
                if maximise:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    break
        assert best is not None
        low, high = entry[:2] if entry is not None else (float("-inf"), float("inf"))
        if best <= window[0]:
            high = best  # an upper bound: every move failed low
        elif best >= window[1]:
            low = best  # a lower bound: a move failed high
        else:
            low = high = best
        self.table[key] = (low, high, chosen)
        return best

    def ordered(self, children: list, best_move, leader: int, seat: int, maximise: bool) -> list:
        """The table's best move first; then, for the side to move: the plays that give its
        team the most points at once (the last play to a trick), the plays after which its
        team is winning the trick (the second and third plays), the strongest leads. Of the
        orders tried on 30 five-card positions this one searched the fewest nodes."""
        sign = 1 if maximise else -1
        strength = self.trump.strength_by_index
        winner = self.winner

        def key(child) -> tuple:
            attempted, played, gain, _after, _leader, now, _over = child
            if len(now) > 1:  # the second or third play: is its team winning the trick?
                return (attempted != best_move, 0, (leader + winner(now)) % 2 != seat % 2, 0)
            strongest_first = -sum(strength[i] for i in played) if len(now) == 1 else 0
            return (attempted != best_move, -sign * gain, False, strongest_first)

        children.sort(key=key)  # stable: otherwise in the order the rules list the plays
        return children

    def value(self, position: Position) -> int:
        """The defenders' points from ``position`` to the end under perfect play."""
        hands, leader, trick = encode(position)
        if not any(hands) and not trick:
            return 0
        return self.search(hands, leader, trick, -(10**9), 10**9)

    def solve(self, position: Position) -> Solution:
        """The value of every play of the side to move, and one best line to the end."""
        start = self.nodes
        hands, leader, trick = encode(position)
        maximise = position.is_defender(position.turn)
        choices = []
        for attempted, played, gain, after, next_leader, now, over in self.children(
            hands, leader, trick
        ):
            value = gain if over else gain + self.search(after, next_leader, now, -(10**9), 10**9)
            choices.append(Choice(decode(attempted), decode(played), value))
        choices.sort(key=lambda c: -c.value if maximise else c.value)  # stable: ties in order
        value = choices[0].value
        line = self.line(hands, leader, trick)
        return Solution(position, value, tuple(choices), line, self.nodes - start)

    def line(self, hands: Hands, leader: int, trick: Trick) -> tuple:
        """One best line to the end: at each step the first play that keeps the value."""
        steps = []
        while True:
            target = self.search(hands, leader, trick, -(10**9), 10**9)
            seat = (leader + len(trick)) % 4
            child = next(
                child
                for child in self.children(hands, leader, trick)
                if child[2] + (0 if child[6] else self.search(*child[3:6], -(10**9), 10**9))
                == target
            )
            _attempted, played, _gain, hands, leader, trick, over = child
            steps.append((seat, decode(played)))
            if over:
                return tuple(steps)


def encode(position: Position) -> tuple[Hands, int, Trick]:
    """The solver's form of a position: hands and plays as sorted card indices."""
    hands = tuple(tuple(sorted(c.index for c in hand)) for hand in position.hands)
    trick = tuple(tuple(sorted(c.index for c in cards)) for _, cards in position.trick)
    leader = position.trick[0][0] if position.trick else position.turn
    assert leader is not None
    return hands, leader, trick


def decode(indices: Sequence[int]) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[i] for i in indices)


def solve(position: Position) -> Solution:
    """Solve ``position`` exactly: see the module docstring and :class:`Solution`."""
    return Solver.for_position(position).solve(position)


def solve_round(round_) -> Solution:
    """Solve a round in play from where it stands, with every hand as it is."""
    return solve(Position.from_round(round_))


__all__ = ["Choice", "EndgameError", "Position", "Solution", "Solver", "solve", "solve_round"]
