"""The grabber's helpers: legal follows cheapest first, and whether a play wins the trick."""

from itertools import islice

from shengji_edu.follow import iter_legal_follows
from shengji_edu.tricks import trick_winner


def cheapest(view, limit):
    follows = islice(iter_legal_follows(view.hand, view.lead, view.trump), limit)
    return sorted(follows, key=lambda play: sum(view.trump.strength(card) for card in play))


def wins(view, play):
    plays = [list(cards) for _seat, cards in view.current_trick] + [list(play)]
    return trick_winner(plays, view.trump) == len(plays) - 1
