"""Lesson 08's LowestPlayer: always the weakest legal cards (at most 2,000 follows compared)."""

from itertools import islice

from shengji_edu.follow import iter_legal_follows


class LowestPlayer:
    name = "lowest"

    def declare(self, view):
        return None

    def bury(self, view):
        return sorted(view.hand, key=view.trump.strength)[:8]

    def play(self, view):
        strength = view.trump.strength
        if view.lead is None:
            return [min(view.hand, key=strength)]
        follows = islice(iter_legal_follows(view.hand, view.lead, view.trump), 2000)
        return min(follows, key=lambda play: sum(strength(card) for card in play))
