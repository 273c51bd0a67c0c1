"""Greedy with a bug a student could well make: it crashes when it leads with no trumps left."""

from shengji_edu.players import GreedyPlayer


class Buggy(GreedyPlayer):
    name = "buggy"

    def lead(self, view):
        trumps = [card for card in view.hand if view.trump.is_trump(card)]
        if len(view.hand) < 12:
            print("my best trump:", trumps[0])  # IndexError when none are left
        return super().lead(view)
