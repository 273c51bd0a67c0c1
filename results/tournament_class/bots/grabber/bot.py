"""A folder bot: wins the trick when it can (cheaply), else plays low. Helpers in rules.py."""

from rules import cheapest, wins

from shengji_edu.players import GreedyPlayer


class Grabber(GreedyPlayer):
    name = "grabber"

    def follow(self, view):
        plays = cheapest(view, 400)
        winning = [play for play in plays if wins(view, play)]
        return (winning or plays)[0]
