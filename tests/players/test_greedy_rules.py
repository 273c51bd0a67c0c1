"""What lesson 08 prints is what runs: replacing a greedy rule changes ``GreedyPlayer.play``.

Lesson 08 prints ``GreedyPlayer.play``, ``lead`` and ``follow`` and the rule functions they
call. A student who replaces one of those module-level functions (``win_cheaply``, the lead
rules, the cost of a play, ...) must see the player's plays change: here each is replaced in
turn by another rule, and some decision of seeded hands must come out differently.
"""

from __future__ import annotations

import pytest

from shengji_edu import RuleSet
from shengji_edu.game import Round, Table
from shengji_edu.game.round import PLAYING
from shengji_edu.players import GreedyPlayer, greedy


def _positions(seeds=range(4), rules=RuleSet()):
    """Every view a greedy player plays from in seeded greedy hands, with the generator state
    it starts from."""
    views = []
    for seed in seeds:
        rnd = Round(seed, rules)
        table = Table(rnd, [GreedyPlayer() for _ in range(4)])
        while True:
            if rnd.phase == PLAYING:
                view = rnd.view(rnd.turn)
                views.append((view, view.rng.getstate()))
            if not table.step():
                break
    return views


POSITIONS = _positions()


def _choices(player):
    plays = []
    for view, state in POSITIONS:
        view.rng.setstate(state)
        plays.append(player.play(view))
    return plays


PLAIN = _choices(GreedyPlayer())

# each rule the lesson shows, and another rule to put in its place
REPLACEMENTS = {
    "throw_sure_winners": lambda view: None,
    "lead_sure_winner": lambda view: None,
    "pull_trumps": lambda view: None,
    "lead_low": lambda view: [max(view.hand, key=view.trump.strength)],
    "candidate_follows": lambda view, limit=120: greedy.__dict__["_original"](view, limit)[::-1],
    "feed_partner": lambda view, plays: None,
    "win_cheaply": lambda view, plays: None,
    "discard_low": lambda view, plays: plays[-1],
    "cheapest": lambda plays, view: plays[-1],
    "sure_side_units": lambda view: [],
    "points_in": lambda play: -sum(card.points for card in play),
    "play_cost": lambda play, counts, trump: -sum(trump.strength(c) for c in play),
    "card_cost": lambda card, trump: -trump.strength(card),
}


@pytest.mark.parametrize("rule", list(REPLACEMENTS))
def test_replacing_a_rule_changes_the_players_plays(monkeypatch, rule):
    monkeypatch.setitem(greedy.__dict__, "_original", getattr(greedy, rule))
    monkeypatch.setattr(greedy, rule, REPLACEMENTS[rule])
    changed = sum(a != b for a, b in zip(_choices(GreedyPlayer()), PLAIN, strict=True))
    assert changed > 0, f"replacing greedy.{rule} changed no decision"


def test_play_is_lead_or_follow_at_every_decision():
    player = GreedyPlayer()
    for view, state in POSITIONS:
        view.rng.setstate(state)
        expected = player.lead(view) if view.lead is None else player.follow(view)
        view.rng.setstate(state)
        assert player.play(view) == expected
    assert sum(view.lead is None for view, _ in POSITIONS) > 50
