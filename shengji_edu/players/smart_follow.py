"""SmartPlayer's following rules: greedy's, told what the table has shown.

Greedy (:mod:`.greedy`) feeds its partner only when it plays last (or the partner trumped a
single card), and wins a trick whenever there are points on it, with its cheapest winning
play, whether or not a seat still to play can beat that play. With a
:class:`~.smart_memory.CardMemory` a player can tell a play that will hold from one that
will not. Each rule below is one function, asked by :func:`follow_with_memory` in this
order; the first that answers plays, and when none does greedy decides:

``feed``             the partner is winning and its play will hold (surely, or with a
                     chance of at least :data:`FEED_CHANCE`): give it the most points.
``cover``            the partner is winning but may be beaten, and there are points on the
                     table: take the trick with a play nobody after me can beat.
``feed_ruff``        second to play, my partner last, void in the led side suit and able to
                     trump, the third seat not void: give points to the trick it will trump.
``secure_win``       an opponent is winning a trick with points: win it with a play nobody
                     after me can beat; never spend a point card on a win the next seat may
                     overtake.
``win_the_lead``     third to play, an opponent winning a trick without points: take it with
                     a play the last seat cannot beat (the lead is worth having).
``second_seat_lead`` the same, second to play.
``rich_win``         when I win (surely, or as the last to play), my own point cards come
                     home with the trick: choose the winning play with points counted in my
                     favour.
``no_weak_ruff``     do not trump when the next opponent probably over-trumps.
``last_thrift``      last to play, do not trump a trick without points.
``likely_win``       with points at stake, win with the play most likely to hold.
``lost_shed``        the trick is lost (I cannot win it and my partner, if still to play,
                     cannot beat it): the play with the fewest points, then the cheapest.
``void_shed``        one card led, discarding a plain side card: the lowest plain card of my
                     shortest side suit, to be void in it sooner and trump it later.
``feed_throws``      my partner threw several units (RULES §4) and is winning, and no seat
                     after me may trump the throw: give it the most points, as ``feed``
                     does for one unit (greedy feeds a throw only as the last to play).

Which of them ``SmartPlayer()`` plays is :data:`~.smart.DEFAULT_RULES`, chosen by the
toggle ledger (``results/smart_ledger.json``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..trump import EFFECTIVE_SUITS, TRUMP
from .base import PlayerView
from .knowledge import winning_test
from .rollout import _card_costs, _play_cost, candidate_follows, held_by_index
from .rollout_knowledge import winner_and_key
from .smart_memory import VOID_RISK, CardMemory

FEED_CHANCE = 0.6
"""``feed`` gives points when the partner's play holds with at least this chance
(:meth:`~.smart_memory.CardMemory.hold_chance`): feeding X points then gains at least
0.6·X for my side and risks 0.4·X. Thresholds from 0.45 to 0.75 played alike."""

RICH = 5
"""``rich_win`` scores a winning play by greedy's cost minus this many per point it carries
(greedy's cost charges 3 per point: a point card it wins with is a card it gives away)."""

RUFF_CHANCE = 0.5
"""``no_weak_ruff`` trumps only when the trump holds with at least this chance."""

LIKELY_MARGIN = 0.2
"""``likely_win`` prefers a dearer winning play when it holds this much more often."""

FOLLOW_RULES = (
    "feed",
    "cover",
    "feed_ruff",
    "secure_win",
    "win_the_lead",
    "rich_win",
    "second_seat_lead",
    "no_weak_ruff",
    "last_thrift",
    "likely_win",
    "lost_shed",
    "void_shed",
    "feed_throws",
)
"""The following rules, by name."""


class Follow:
    """One following decision: the view, the rules in play and what they share (the
    candidates, the memory, the trick's winner), each worked out once when first asked."""

    __slots__ = ("view", "rules", "trick", "lead", "_plays", "_memory", "_wins", "_held")

    def __init__(self, view: PlayerView, rules: frozenset[str], read_play: bool) -> None:
        self.view, self.rules = view, rules
        self.trick = view.current_trick
        self.lead = self.trick[0][1]
        self._plays: list[list[Card]] | None = None
        self._memory = CardMemory(view, read_play)
        self._wins = None
        self._held: tuple | None = None

    @property
    def memory(self) -> CardMemory:
        return self._memory

    @property
    def plays(self) -> list[list[Card]]:
        """Greedy's candidate follows (:func:`~.rollout.candidate_follows`)."""
        if self._plays is None:
            self._plays = candidate_follows(self.view)
        return self._plays

    def winners(self) -> list[list[Card]]:
        """The candidates that would be winning the trick right after they are played."""
        if self._wins is None:
            self._wins = winning_test(self.view)
        wins = self._wins
        return [play for play in self.plays if wins(play)]

    def cost(self, play: Sequence[Card]) -> int:
        """Greedy's :func:`~.greedy.play_cost` of a play."""
        if self._held is None:
            self._held = (held_by_index(self.view), _card_costs(self.view.trump))
        held, costs = self._held
        return _play_cost(play, held, costs)

    def cheapest(self, plays: list[list[Card]]) -> list[Card]:
        return min(plays, key=self.cost)

    def richest_win(self, plays: list[list[Card]]) -> list[Card]:
        """The winning play to choose: with ``rich_win`` its points count for me."""
        if "rich_win" in self.rules:
            return min(plays, key=lambda p: self.cost(p) - RICH * points_in(p))
        return self.cheapest(plays)

    @property
    def on_table(self) -> int:
        return sum(card.points for _seat, cards in self.trick for card in cards)

    @property
    def after(self) -> list[int]:
        """The seats still to play after me, in order."""
        seat = self.view.seat
        return [(seat + k) % 4 for k in range(1, 4 - len(self.trick))]


def points_in(play: Sequence[Card]) -> int:
    return sum(card.points for card in play)


def follow_with_memory(
    view: PlayerView, rules: frozenset[str], read_play: bool = False
) -> list[Card] | None:
    """The first answer of the following rules in ``rules`` (see the module docstring);
    None: greedy decides."""
    trick = view.current_trick
    winner, _key = winner_and_key(view)
    if len(trick) == 3:  # the last to play: nothing after me can change the trick
        if winner == view.partner:
            return None  # greedy feeds it
        return last_to_play(view, rules)
    decision = Follow(view, rules, read_play)
    if decision.memory.single_unit(decision.lead) is None:
        if "feed_throws" in rules and winner == view.partner and throw_holds(decision):
            return feed(view, decision.plays)
        return None  # a throw led: greedy decides
    if winner == view.partner:
        return partner_winning(decision, dict(trick)[winner])
    return opponent_winning(decision)


def partner_winning(decision: Follow, partner_play: Sequence[Card]) -> list[Card] | None:
    """``feed``, else ``cover``."""
    rules, memory, lead, after = decision.rules, decision.memory, decision.lead, decision.after
    if "feed" in rules and memory.hold_chance(partner_play, lead, after) >= FEED_CHANCE:
        return feed(decision.view, decision.plays)
    if "cover" in rules and decision.on_table >= 10:
        secure = [p for p in decision.winners() if memory.holds(p, lead, after)]
        if secure:
            return decision.cheapest(secure)
    return None


def throw_holds(decision: Follow) -> bool:
    """``feed_throws``: will my partner's throw, winning now, hold against the seats after
    me? A throw that stands was beaten by no seat's higher unit (RULES §4), so only a trump
    can take it: from a seat that may hold trumps and has shown a void in the suit, or may
    be void unseen (:meth:`~.smart_memory.CardMemory.holds`' test for one card: fewer than
    :data:`~.smart_memory.VOID_RISK` cards of the suit out)."""
    memory, lead = decision.memory, decision.lead
    led = memory.trump.suit_by_index[lead[0].index]
    if led == TRUMP:
        return True
    for seat in decision.after:
        if not memory.can_trump(seat):
            continue
        if led in memory.voids[seat] or memory.out_in(led) < VOID_RISK:
            return False
    return True


def feed(view: PlayerView, plays: list[list[Card]]) -> list[Card]:
    """Greedy's :func:`~.greedy.feed_partner` choice among ``plays``: the most points, then
    the least cost net of them (the first of equals)."""
    held, costs = held_by_index(view), _card_costs(view.trump)
    best, best_key = plays[0], None
    for play in plays:
        n = points_in(play)
        key = (-n, _play_cost(play, held, costs) - 3 * n)
        if best_key is None or key < best_key:
            best, best_key = play, key
    return best


def opponent_winning(decision: Follow) -> list[Card] | None:
    """``feed_ruff``, ``secure_win``, ``win_the_lead`` (and the experiments), in order."""
    view, rules, memory, lead = decision.view, decision.rules, decision.memory, decision.lead
    trick = decision.trick
    trump = view.trump
    led = trump.suit_of(lead[0])
    if "feed_ruff" in rules and len(trick) == 1 and led != TRUMP:
        partner, third = view.partner, (view.seat + 1) % 4
        if (
            led in memory.voids[partner]
            and memory.can_trump(partner)
            and led not in memory.voids[third]
        ):
            return feed(view, decision.plays)
    if "lost_shed" in rules:
        play = lost_shed(decision)
        if play:
            return play
    if not rules & _WINNING_RULES:
        return None
    plays = decision.plays
    if len(plays) == 1:
        return plays[0]
    winners = decision.winners()
    if not winners:
        return None
    on_table = decision.on_table
    opponents_after = [s for s in decision.after if s % 2 != view.seat % 2]
    secure = [p for p in winners if memory.holds(p, lead, opponents_after)]
    if secure and (
        ("secure_win" in rules and on_table > 0)
        or ("win_the_lead" in rules and len(trick) == 2)
        or ("second_seat_lead" in rules and len(trick) == 1)
    ):
        return decision.richest_win(secure)
    best = decision.cheapest(winners)  # greedy's winning play
    if (
        "no_weak_ruff" in rules
        and not secure
        and opponents_after
        and trump.suit_of(best[0]) == TRUMP != led
        and memory.hold_chance(best, lead, opponents_after) < RUFF_CHANCE
    ):
        return decision.cheapest(plays)
    if "likely_win" in rules and not secure and opponents_after and on_table >= 10:
        chances = [(memory.hold_chance(p, lead, opponents_after), p) for p in winners]
        top = max(chance for chance, _p in chances)
        if top >= memory.hold_chance(best, lead, opponents_after) + LIKELY_MARGIN:
            return decision.cheapest([p for chance, p in chances if chance >= top - 0.05])
    if (
        "secure_win" in rules
        and opponents_after
        and not secure
        and not on_table
        and points_in(best)
    ):
        return decision.cheapest(plays)  # not a point card into a win that may be overtaken
    return None


_WINNING_RULES = frozenset(
    ("secure_win", "win_the_lead", "second_seat_lead", "no_weak_ruff", "likely_win")
)


def lost_shed(decision: Follow) -> list[Card] | None:
    """``lost_shed``: no play of mine wins the trick, and my partner, if still to play,
    cannot beat the opponent's winning play (:meth:`~.smart_memory.CardMemory.holds`):
    the play with the fewest points, then the cheapest (greedy's cost counts 3 a point, so
    it may give a 5 to keep a side A). None: the trick may still be ours."""
    plays = decision.plays
    if len(plays) == 1 or decision.winners():
        return None
    view = decision.view
    if view.partner in decision.after:
        winning = dict(decision.trick)[winner_and_key(view)[0]]
        if not decision.memory.holds(winning, decision.lead, [view.partner]):
            return None
    return fewest_points(plays, view)


def fewest_points(plays: list[list[Card]], view: PlayerView) -> list[Card]:
    """The play with the fewest points, then the cheapest (greedy's play cost)."""
    held, costs = held_by_index(view), _card_costs(view.trump)
    return min(plays, key=lambda p: (points_in(p), _play_cost(p, held, costs)))


def shed_to_void(view: PlayerView, play: list[Card]) -> list[Card]:
    """``void_shed``: when one card is led and ``play`` discards a side card without points
    (I hold none of the led suit and do not trump), discard instead the lowest card without
    points of my shortest side suit (the first of equals), to be void in it sooner and trump
    it later. Any other play is returned as it is."""
    trump = view.trump
    suit_of = trump.suit_by_index
    led = suit_of[view.current_trick[0][1][0].index]
    if len(play) != 1 or play[0].points or suit_of[play[0].index] in (led, TRUMP):
        return play
    lengths = dict.fromkeys(EFFECTIVE_SUITS, 0)
    for card in view.hand:
        lengths[suit_of[card.index]] += 1
    step, best, best_key = trump.step_by_index, play[0], None
    for card in view.hand:
        suit = suit_of[card.index]
        if suit == TRUMP or card.points:
            continue
        key = (lengths[suit], step[card.index])
        if best_key is None or key < best_key:
            best, best_key = card, key
    return [best]


def last_to_play(view: PlayerView, rules: frozenset[str]) -> list[Card] | None:
    """Last to play, an opponent winning: ``last_thrift``, then ``rich_win`` (greedy wins
    whenever it can, with its cheapest winning play); ``lost_shed`` when no play wins."""
    if not rules & {"last_thrift", "rich_win", "lost_shed"}:
        return None
    plays = candidate_follows(view)
    wins = winning_test(view)
    winners = [p for p in plays if wins(p)]
    if not winners:
        if "lost_shed" in rules and len(plays) > 1:
            return fewest_points(plays, view)
        return None
    held, costs = held_by_index(view), _card_costs(view.trump)
    trump, trick = view.trump, view.current_trick
    if "last_thrift" in rules:
        cheapest = min(winners, key=lambda p: _play_cost(p, held, costs))
        led = trump.suit_of(trick[0][1][0])
        pointless = not any(card.points for _seat, cards in trick for card in cards)
        if pointless and trump.suit_of(cheapest[0]) == TRUMP != led:
            return min(plays, key=lambda p: _play_cost(p, held, costs))
    if "rich_win" in rules:
        return min(winners, key=lambda p: _play_cost(p, held, costs) - RICH * points_in(p))
    return None


__all__ = [
    "FEED_CHANCE",
    "FOLLOW_RULES",
    "RICH",
    "Follow",
    "feed",
    "follow_with_memory",
    "last_to_play",
    "lost_shed",
    "opponent_winning",
    "partner_winning",
    "shed_to_void",
    "throw_holds",
]
