"""Gives away as few points as it can: the legal play with the fewest points, then the weakest."""

from itertools import islice

from shengji_edu.follow import iter_legal_follows


def cost(play, trump):
    return (sum(card.points for card in play), sum(trump.strength(card) for card in play))


class Miser:
    name = "miser"

    def declare(self, view):
        return None

    def bury(self, view):
        return sorted(view.hand, key=lambda card: (-card.points, view.trump.strength(card)))[:8]

    def play(self, view):
        if view.lead is None:
            return [min(view.hand, key=lambda card: cost([card], view.trump))]
        follows = islice(iter_legal_follows(view.hand, view.lead, view.trump), 2000)
        return min(follows, key=lambda play: cost(play, view.trump))
