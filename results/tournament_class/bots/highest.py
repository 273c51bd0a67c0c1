"""Always the strongest legal cards: wins many tricks, wastes its trumps."""

from itertools import islice

from shengji_edu.follow import iter_legal_follows


class Highest:
    name = "highest"

    def declare(self, view):
        return None

    def bury(self, view):
        return sorted(view.hand, key=view.trump.strength)[:8]

    def play(self, view):
        strength = view.trump.strength
        if view.lead is None:
            return [max(view.hand, key=strength)]
        follows = islice(iter_legal_follows(view.hand, view.lead, view.trump), 2000)
        return max(follows, key=lambda play: sum(strength(card) for card in play))
