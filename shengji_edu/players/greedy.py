"""GreedyPlayer: a readable rule-based player. Each rule is one small function.

It thinks one trick at a time, the way a beginner is taught to:

Following
  1. :func:`feed_partner` – partner is winning the trick: add points to it.
  2. :func:`win_cheaply` – there are points to take (or I play last): win with the cheapest
     play that wins.
  3. :func:`discard_low` – otherwise play the cheapest legal cards.
Leading
  0. :func:`wear_the_ace` – the dealer's first lead of a hand played wearing the A: an A.
  1. :func:`throw_sure_winners` – several units of a side suit nobody can beat: throw them.
  2. :func:`lead_sure_winner` – one unbeatable side-suit unit: cash it.
  3. :func:`pull_trumps` – the dealer's side, long in trumps: lead a strong trump unit.
  4. :func:`lead_low` – otherwise a low card (or pair) from the longest side suit.
Declaring, overcalling and burying
  :func:`declare_good_suit` declares when the named suit is long enough;
  :func:`overcall_good_suit` overcalls after the bury (RULES §11.3) on the same test, over an
  opponent's trump, or over its own side's when the new trump gives it clearly more trumps;
  :func:`bury_low_cards` buries low side cards, shortest suits first, keeping points home.

"Cheap" is measured by :func:`play_cost`: trumps are dear, high cards dearer than low ones,
point cards dear (they feed the other side), and splitting a pair (or a triple) costs extra.

Every rule reads its numbers from the view (``view.rules.kitty_size``, ``view.rules.decks``)
and its units from :func:`decompose`, so the player plays one, two or three decks, with or
without the 2s as trumps: a triple or a titanic is led, cashed and kept like a pair or a
tractor.

``GreedyPlayer.play`` is :meth:`~GreedyPlayer.lead` or :meth:`~GreedyPlayer.follow` and
nothing else, and both look the rules up here each time they decide: change a rule function
of this module (or subclass the player) and its play changes.

Search players play thousands of greedy tricks per decision; for them
:class:`~.rollout.RolloutPlayer` (``shengji_edu/players/rollout.py``) makes the same plays as
this player, worked out faster. The tests compare the two at every decision of seeded hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import islice

from ..burying import first_legal_bury
from ..cards import Card
from ..follow import iter_legal_follows, multiset_combinations, random_follow
from ..game.public import AUCTION
from ..trump import EFFECTIVE_SUITS, TRUMP, Trump
from ..units import SINGLE, TITANIC, TRACTOR, Unit, decompose
from .base import PlayerView, trump_of
from .knowledge import (
    check_name,
    current_winner,
    is_last_to_play,
    points_on_table,
    trumps_in,
    unit_is_sure,
    unseen_by_suit,
    unseen_cards,
    winning_test,
)

ACE = 14

SIDE_SUITS = EFFECTIVE_SUITS[1:]
"""The side suits, in decompose's order (the effective suits after the trumps)."""

CANDIDATE_LIMIT = 120
"""At most this many legal follows are compared (see candidate_follows)."""


# --- how much a play costs ---------------------------------------------------------------
def card_cost(card: Card, trump: Trump) -> int:
    """What playing a card gives up: its strength (trumps on top) plus its points."""
    return trump.strength(card) + 3 * card.points


def play_cost(play: Sequence[Card], hand_counts: Counter, trump: Trump) -> int:
    """Total cost of a play, plus a charge for every pair (or triple) of the hand it splits."""
    cost = sum(card_cost(card, trump) for card in play)
    split = sum(1 for c in set(play) if hand_counts[c] >= 2 and play.count(c) < hand_counts[c])
    return cost + 8 * split


def cheapest(plays: list[list[Card]], view: PlayerView) -> list[Card]:
    """The play of least :func:`play_cost` (the first of equals)."""
    counts = Counter(view.hand)
    return min(plays, key=lambda play: play_cost(play, counts, view.trump))


def points_in(play: Sequence[Card]) -> int:
    """The points of the cards of a play."""
    return sum(card.points for card in play)


# --- following ----------------------------------------------------------------------------
def candidate_follows(view: PlayerView, limit: int = CANDIDATE_LIMIT) -> list[list[Card]]:
    """The legal follows worth comparing.

    Holding enough of the led suit, that is every legal play (up to ``limit``). Short of the
    suit, the suit cards are forced and only the extra cards are chosen; listing every way
    to pick them can mean ~10^6 plays, so we build the interesting ones instead: the
    cheapest extras, the richest in points, all-trump plays that might ruff, and a few
    random legal plays.
    """
    trump, lead, hand = view.trump, view.lead, view.hand
    suit = trump.suit_of(lead[0])
    forced = trump.cards_of(hand, suit)
    if len(forced) >= len(lead):
        return list(islice(iter_legal_follows(hand, lead, trump), limit))
    extra = len(lead) - len(forced)
    others = [card for card in hand if trump.suit_of(card) != suit]
    plays = [
        forced + sorted(others, key=lambda c: card_cost(c, trump))[:extra],
        forced + sorted(others, key=lambda c: (-c.points, card_cost(c, trump)))[:extra],
    ]
    trumps = [card for card in others if trump.suit_of(card) == TRUMP]
    if not forced and suit != TRUMP and len(trumps) >= extra:
        plays += islice(multiset_combinations(trump.sort(trumps), extra), limit // 2)
    if len(lead) >= 3:  # many ways to choose the extras: add a few random legal ones
        plays += [random_follow(hand, lead, trump, view.rng) for _ in range(2)]
    return plays


def feed_partner(view: PlayerView, plays: list[list[Card]]) -> list[Card] | None:
    """Partner is winning and likely to stay winning (I play last, or it won a single-card
    trick with a trump): give it the most points, giving up as little else as possible."""
    if current_winner(view) != view.partner:
        return None
    trump = view.trump
    partner_cards = dict(view.current_trick)[view.partner]
    safe = is_last_to_play(view) or (
        len(partner_cards) == 1 and trump.suit_of(partner_cards[0]) == TRUMP
    )
    if not safe:
        return None
    counts = Counter(view.hand)
    # the most points, then the least cost net of them (the first of equals)
    return min(
        plays,
        key=lambda p: (-points_in(p), play_cost(p, counts, trump) - 3 * points_in(p)),
    )


def win_cheaply(view: PlayerView, plays: list[list[Card]]) -> list[Card] | None:
    """Points on the table, points in my winning play, or I play last: win, as cheaply as
    possible. An opponent winning a pointless trick is left alone."""
    if current_winner(view) == view.partner:
        return None
    wins = winning_test(view)
    winners = [p for p in plays if wins(p)]
    if not winners:
        return None
    best = cheapest(winners, view)
    if points_on_table(view) > 0 or is_last_to_play(view) or points_in(best) > 0:
        return best
    return None


def discard_low(view: PlayerView, plays: list[list[Card]]) -> list[Card]:
    """Nothing to gain: play the cheapest legal cards."""
    return cheapest(plays, view)


# --- leading ------------------------------------------------------------------------------
def sure_side_units(view: PlayerView) -> list[Unit]:
    """My side-suit units that nobody can beat: no unseen cards make a higher unit of the
    same shape (:func:`~.knowledge.unit_is_sure`), and no opponent has shown a void in the
    suit (it would ruff). In :func:`decompose`'s order: largest first, then highest."""
    trump = view.trump
    unseen = unseen_by_suit(unseen_cards(view), trump)
    opponents = ((view.seat + 1) % 4, (view.seat + 3) % 4)
    return [
        unit
        for unit in decompose(view.hand, trump)
        if unit.suit != TRUMP
        and unit_is_sure(unit, unseen, trump)
        and not any(unit.suit in view.voids(seat) for seat in opponents)
    ]


def throw_sure_winners(view: PlayerView) -> list[Card] | None:
    """Two or more units of one side suit that no unseen cards can beat: a safe throw,
    unless an opponent has shown a void there (it would ruff)."""
    by_suit: dict[str, list[Unit]] = {}
    for unit in sure_side_units(view):
        by_suit.setdefault(unit.suit, []).append(unit)
    for units in by_suit.values():
        if len(units) >= 2:
            return [card for unit in units for card in unit.cards]
    return None


def lead_sure_winner(view: PlayerView) -> list[Card] | None:
    """Cash the biggest side-suit unit that nobody can beat (tractors and pairs first)."""
    sure = sure_side_units(view)  # decompose lists tractors, then pairs, then singles
    return list(sure[0].cards) if sure else None


def wear_the_ace(view: PlayerView) -> list[Card] | None:
    """Wearing the A (戴A, RULES §12.12): in a hand played at A with ``wear_ace``, the dealer
    team wins the match only if the dealer's lead to the first trick holds an A: lead one."""
    trump = view.trump
    if trump.suit is not None or trump.level != ACE or not view.rules.wear_ace:
        return None
    if view.tricks or view.seat != view.dealer:
        return None
    aces = [card for card in view.hand if card.rank == ACE]
    return [min(aces)] if aces else None


def pull_trumps(view: PlayerView) -> list[Card] | None:
    """On the dealer's side with at least half the hand in trumps: lead the best trump unit
    (a tractor or pair first) to draw the defenders' trumps."""
    trump = view.trump
    if not view.is_dealer_team or trumps_in(view.hand, trump) * 2 < len(view.hand):
        return None
    trumps = [unit for unit in decompose(view.hand, trump) if unit.suit == TRUMP]
    return list(trumps[0].cards) if trumps else None


def lead_low(view: PlayerView) -> list[Card]:
    """A low pair or tractor if I have one in a side suit, else the lowest non-point card of
    my longest side suit; with only trumps left, the lowest trump."""
    trump, hand = view.trump, view.hand
    side = [card for card in hand if trump.suit_of(card) != TRUMP]
    if not side:
        return [min(hand, key=trump.strength)]
    groups = [
        unit
        for unit in decompose(hand, trump)
        if unit.suit != TRUMP and unit.kind != SINGLE and points_in(unit.cards) == 0
    ]
    if groups:  # tractors (and titanics) first, then the lowest
        return list(min(groups, key=lambda u: (u.kind not in (TRACTOR, TITANIC), u.high)).cards)
    lengths = Counter(trump.suit_of(card) for card in side)
    longest = max(lengths, key=lambda suit: (lengths[suit], suit))
    cards = [card for card in hand if trump.suit_of(card) == longest]
    return [min(cards, key=lambda c: (c.points > 0, trump.step(c)))]


# --- declaring and burying ----------------------------------------------------------------
def declare_good_suit(view: PlayerView) -> list[Card] | None:
    """Declare when the suit would be strong: its cards plus level cards and jokers make at
    least a third of what I have received (joker pairs: at least 4 such cards)."""
    options = view.legal_declarations
    if not options:
        return None
    hand, level = view.hand, declaring_level(view)
    high = sum(1 for c in hand if c.is_joker or c.rank == level)
    best, best_score = None, 0.0
    for cards in options:
        suit = option_suit(cards)
        if suit is None:
            score = high / 4
        else:
            length = sum(1 for c in hand if c.suit == suit and c.rank != level)
            score = (length + high) / max(3.0, len(hand) / 3)
        if score >= 1.0 and score > best_score:
            best, best_score = cards, score
    return best


def option_suit(cards: list[Card]) -> str | None:
    """The suit a declaration names: its first card that is not a joker (a report or a
    joker-colour declaration shows a joker beside its suit, RULES §12.5, §12.6); ``None`` for
    jokers alone (no trump)."""
    return next((card.suit for card in cards if not card.is_joker), None)


def declaring_level(view: PlayerView) -> int:
    """The level my declaration is judged at: my own team's in the rounds after the deal that
    can move the deal to my team (yielding, RULES §12.4; the defenders' round of §12.6),
    else the hand's level."""
    rules = view.rules
    if view.phase == AUCTION and (
        rules.bidding == "yield" or (rules.bidding == "joker_colour" and not view.declarations)
    ):
        return view.levels[view.seat % 2]
    return view.level_rank


def overcall_good_suit(view: PlayerView) -> list[Card] | None:
    """Overcall after the bury (RULES §11.3) when the new suit passes the declaring test of
    :func:`declare_good_suit`: over an opponent's trump (or a turned-up card), or over its
    own side's when the new trump holds at least 3 more of its cards than the standing one
    (changing a partner's trump for a slightly better one helps nobody)."""
    options = view.legal_overcalls
    if not options:
        return None
    hand = view.hand
    level = view.level_rank
    high = sum(1 for c in hand if c.is_joker or c.rank == level)
    standing = view.standing_declaration  # None: the trump was turned up from the kitty
    ours = standing is not None and standing.seat % 2 == view.seat % 2
    current = view.trump
    assert current is not None
    trumps_now = sum(1 for c in hand if current.is_trump(c))
    best, best_score = None, 0.0
    for cards in options:
        suit = None if cards[0].is_joker else cards[0].suit
        if suit is None:
            score = high / 4
        else:
            length = sum(1 for c in hand if c.suit == suit and c.rank != level)
            score = (length + high) / max(3.0, len(hand) / 3)
        if ours:
            new_trump = view.rules.trump(level, suit)
            if sum(1 for c in hand if new_trump.is_trump(c)) < trumps_now + 3:
                continue
        if score >= 1.0 and score > best_score:
            best, best_score = cards, score
    return best


def bury_low_cards(view: PlayerView) -> list[Card]:
    """Bury the kitty's size (8 with two decks) of side cards: low ones, from the shortest
    suits (to make voids for ruffing), keeping point cards, pairs and trumps in hand when
    possible."""
    trump = trump_of(view)
    hand = list(view.hand)
    counts = Counter(hand)
    lengths = Counter(trump.suit_of(card) for card in hand)

    def keep_score(card: Card) -> tuple:
        suit = trump.suit_of(card)
        return (suit == TRUMP, card.points > 0, counts[card] >= 2, lengths[suit], trump.step(card))

    rules = getattr(view, "rules", None)  # a stand-in view without rules: two decks' 8
    if rules is None:
        return sorted(hand, key=keep_score)[:8]
    return first_legal_bury(sorted(hand, key=keep_score), rules)  # an open kitty: §12.11


class GreedyBidding:
    """Declaring, overcalling and burying by greedy's rules (:func:`declare_good_suit`,
    :func:`overcall_good_suit`, :func:`bury_low_cards`): shared by the players that search
    only their plays (Monte Carlo, search) and by :class:`~.rollout.RolloutPlayer`."""

    def declare(self, view: PlayerView) -> list[Card] | None:
        return declare_good_suit(view)

    def overcall(self, view: PlayerView) -> list[Card] | None:
        return overcall_good_suit(view)

    def bury(self, view: PlayerView) -> list[Card]:
        return bury_low_cards(view)


class GreedyPlayer(GreedyBidding):
    """The rule-based player described in this module's docstring."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = check_name(name)

    def play(self, view: PlayerView) -> list[Card]:
        if view.lead is None:
            return self.lead(view)
        return self.follow(view)

    def lead(self, view: PlayerView) -> list[Card]:
        for rule in (wear_the_ace, throw_sure_winners, lead_sure_winner, pull_trumps):
            play = rule(view)
            if play:
                return play
        return lead_low(view)

    def follow(self, view: PlayerView) -> list[Card]:
        plays = candidate_follows(view)
        if len(plays) == 1:
            return plays[0]
        for rule in (feed_partner, win_cheaply):
            play = rule(view, plays)
            if play:
                return play
        return discard_low(view, plays)
