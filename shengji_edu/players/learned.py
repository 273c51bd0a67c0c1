"""LearnedPlayer: a linear scorer of candidate plays, its weights learned (lesson 13).

No search at decision time: the player lists the plays the search player compares
(:func:`~.search.search_candidates`: greedy's choice first, then the strongest and weakest
unit of each suit to lead, or the cheapest play, the cheapest and the dearest winning play
and the richest in points to follow), describes each by the :data:`FEATURES` below, and
plays the one of highest score ``w · features``. Declaring, overcalling and burying are
greedy's. Its weights come from ``benchmarks/train_learned.py``, which fits them, by softmax
regression, to the choices of the search player on positions of greedy hands (imitation), in
numpy; they are shipped as ``results/learned_weights.json`` and read here in pure Python, so
playing needs no numpy.

Every feature compares the candidates of one decision, so each is about the play (and the
play in its position), never only about the position: a weight says how much that property
of a play is worth relative to the others. They read only the view (the player's hand, what
was played, the running trick, the voids shown).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from ..cards import ALL_CARDS, Card
from ..game.view import PlayerView
from ..trump import TRUMP
from .greedy import GreedyBidding
from .knowledge import check_name, current_winner, winning_test
from .rollout import RolloutPlayer, _card_costs, _play_cost, held_by_index
from .search import search_candidates

FEATURES = (
    # leading (all 0 when following)
    "lead_greedy",  # the play greedy would lead
    "lead_cards",  # cards in the play / 4
    "lead_trump",  # a lead of trumps
    "lead_trump_dealers",  # ... by the dealers' team
    "lead_points",  # points in the play / 20
    "lead_boss",  # every card of the play the highest of its suit still out
    "lead_points_not_boss",  # points led that can be beaten
    "lead_cost",  # greedy's cost of the play / 100 (how much strength it spends)
    "lead_suit_left",  # cards of that suit left in the hand after it / 10
    "lead_ruffable",  # opponents that showed a void in the suit led (side suits)
    "lead_partner_void",  # the partner showed a void in the suit led (side suits)
    # following (all 0 when leading)
    "follow_greedy",  # the play greedy would follow with
    "follow_wins",  # would be winning the trick right after it is played
    "follow_over_partner",  # wins a trick the partner was winning
    "follow_wins_last",  # wins, as the last to play (sure)
    "follow_points",  # points in the play / 20
    "follow_points_team",  # points in the play when the team is winning after it
    "follow_points_lost",  # points in the play when the other team is winning after it
    "follow_take_points",  # points already in the trick when the play wins / 20
    "follow_cost",  # greedy's cost of the play / 100
    "follow_trumps",  # trumps in the play / its size (a ruff, or trumps spent)
    "follow_wins_early",  # wins with players still to come after it
)
N_FEATURES = len(FEATURES)
WEIGHTS_FILE = "learned_weights.json"


def _unseen_and_strength(view: PlayerView) -> tuple[list[int], list[int]]:
    """(copies of each card this player has not seen, by index; each card's strength).
    ``played_cards`` holds the running trick's cards too."""
    decks = view.rules.decks
    unseen = [decks] * len(ALL_CARDS)
    for card in view.hand:
        unseen[card.index] -= 1
    for card in view.played_cards:
        unseen[card.index] -= 1
    for card in view.buried:
        unseen[card.index] -= 1
    trump = view.trump
    strength = [trump.strength(card) for card in ALL_CARDS]
    return [max(0, n) for n in unseen], strength


def features(view: PlayerView, plays: Sequence[Sequence[Card]]) -> list[list[float]]:
    """The :data:`FEATURES` of each candidate play (greedy's choice first) in ``view``."""
    trump = view.trump
    assert trump is not None
    suit_by_index = trump.suit_by_index
    held, costs = held_by_index(view), _card_costs(trump)
    rows = []
    if view.lead is None:
        unseen, strength = _unseen_and_strength(view)
        me = view.seat
        opponents = ((me + 1) % 4, (me + 3) % 4)
        partner = (me + 2) % 4
        by_suit = {}
        for index, n in enumerate(unseen):
            if n:
                suit = suit_by_index[index]
                by_suit[suit] = max(by_suit.get(suit, -1), strength[index])
        in_hand = {}
        for card in view.hand:
            suit = suit_by_index[card.index]
            in_hand[suit] = in_hand.get(suit, 0) + 1
        for number, play in enumerate(plays):
            suit = suit_by_index[play[0].index]
            points = sum(c.points for c in play) / 20
            boss = all(strength[c.index] >= by_suit.get(suit, -1) for c in play)
            side = suit != TRUMP
            row = [0.0] * N_FEATURES
            row[0] = float(number == 0)
            row[1] = len(play) / 4
            row[2] = float(not side)
            row[3] = float(not side and view.is_dealer_team)
            row[4] = points
            row[5] = float(boss)
            row[6] = 0.0 if boss else points
            row[7] = _play_cost(play, held, costs) / 100
            row[8] = (in_hand.get(suit, 0) - len(play)) / 10
            row[9] = float(side and sum(suit in view.voids(s) for s in opponents))
            row[10] = float(side and suit in view.voids(partner))
            rows.append(row)
        return rows
    wins = winning_test(view)
    winner = current_winner(view)
    partner_winning = winner is not None and winner % 2 == view.seat % 2
    after_me = 3 - len(view.current_trick)
    trick_points = sum(c.points for _s, cards in view.current_trick for c in cards) / 20
    for number, play in enumerate(plays):
        win = wins(play)
        team = win or partner_winning
        points = sum(c.points for c in play) / 20
        row = [0.0] * N_FEATURES
        row[11] = float(number == 0)
        row[12] = float(win)
        row[13] = float(win and partner_winning)
        row[14] = float(win and after_me == 0)
        row[15] = points
        row[16] = points if team else 0.0
        row[17] = 0.0 if team else points
        row[18] = trick_points if win else 0.0
        row[19] = _play_cost(play, held, costs) / 100
        row[20] = sum(suit_by_index[c.index] == TRUMP for c in play) / len(play)
        row[21] = float(win and after_me > 0)
        rows.append(row)
    return rows


def default_weights_path() -> Path:
    from ..course import result_path

    return result_path(WEIGHTS_FILE)


def load_weights(path: str | Path | None = None) -> list[float]:
    """The weights saved by ``benchmarks/train_learned.py`` (the shipped ones by default)."""
    data = json.loads(Path(path or default_weights_path()).read_text(encoding="utf-8"))
    if data.get("features") != list(FEATURES):
        raise ValueError(
            f"{path or WEIGHTS_FILE} was trained on other features: retrain it with "
            "python benchmarks/train_learned.py"
        )
    return [float(w) for w in data["weights"]]


class LearnedPlayer(GreedyBidding):
    """Plays the candidate of highest learned score; see the module docstring.

    ``weights``: a path to a weights file (default: the shipped one)."""

    def __init__(self, name: str = "learned", weights: str | None = None) -> None:
        self.name = check_name(name)
        self.weights_file = weights
        self.weights = load_weights(weights)
        self.greedy = RolloutPlayer()

    def candidates(self, view: PlayerView) -> list[list[Card]]:
        """The plays compared: the search player's candidates (greedy's choice first)."""
        return search_candidates(view, self.greedy.play(view))

    def play(self, view: PlayerView) -> list[Card]:
        options = self.candidates(view)
        if len(options) == 1:
            return options[0]
        weights = self.weights
        scores = [
            sum(w * x for w, x in zip(weights, row, strict=True)) for row in features(view, options)
        ]
        return options[scores.index(max(scores))]
