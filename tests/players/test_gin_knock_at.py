"""``knock_at``: the most deadwood a Gin Rummy computer player knocks with.

Every player of the ladder takes it; it is checked against the rules' knock limit (0 to
``KNOCK_LIMIT``, a whole number, or None for "as the rules allow"), and a player never knocks
with more deadwood than it, whatever the hand.
"""

from __future__ import annotations

import pytest

from shengji_edu.gin import (
    KNOCK_LIMIT,
    PLAYER_TYPES,
    STANDARD,
    Action,
    GinHand,
    GinRules,
    GreedyPlayer,
    make_player,
    parse_hand,
    play_hand,
)
from shengji_edu.gin.engine import TAKE
from shengji_edu.gin.melds import deadwood_of
from shengji_edu.gin.players import BadOption, check_knock_at

FAST = {
    "random": {},
    "greedy": {},
    "defensive": {},
    "montecarlo": {"budget": 2},
    "lookahead": {"samples": 6},
}
"""Settings that keep each player quick enough for many hands."""


class Watched:
    """A player wrapped to record the deadwood it keeps each time it knocks."""

    def __init__(self, player) -> None:
        self.player = player
        self.knocks: list[int] = []

    def act(self, view):
        action = self.player.act(view)
        if action.kind == "knock":
            kept = [c for c in view.hand if c != action.card]
            self.knocks.append(deadwood_of(kept))
        return action


def test_the_standard_knock_limit_is_the_rules_limit():
    assert STANDARD.knock_limit == KNOCK_LIMIT == 10


@pytest.mark.parametrize("name", list(PLAYER_TYPES))
@pytest.mark.parametrize("knock_at", [0, 4, 9])
def test_a_player_never_knocks_above_knock_at(name, knock_at):
    watched = Watched(make_player(name, knock_at=knock_at, **FAST[name]))
    patient = GreedyPlayer(knock_at=0)  # an opponent that knocks only for gin: long hands
    for seed in range(12):
        players = [watched, patient] if seed % 2 else [patient, watched]
        play_hand(GinHand(seed, dealer=seed % 2), players)
    assert all(kept <= knock_at for kept in watched.knocks), watched.knocks
    if name != "random":
        assert watched.knocks or knock_at == 0, "the test should see some knocks"


def test_knock_at_the_limit_or_none_changes_nothing():
    for seed in range(20):
        plain = play_hand(GinHand(seed), [GreedyPlayer(), make_player("lookahead", samples=6)])
        limit = play_hand(
            GinHand(seed),
            [GreedyPlayer(knock_at=KNOCK_LIMIT), make_player("lookahead", samples=6, knock_at=10)],
        )
        assert plain.history == limit.history


FIRST = "AS 2S 3S 4H 5H 6H 7D 8D 9D 4C"  # three melds and the 4♣
DEALER = "KS QS JH TH 9H 8C 7C 6S 5D 3D"


def after_taking(upcard: str) -> GinHand:
    """Seat 1 (the non-dealer) has taken ``upcard`` and must discard."""
    first = parse_hand(FIRST)
    dealer = parse_hand(DEALER)
    deck = [c for pair in zip(first, dealer, strict=True) for c in pair]
    deck += parse_hand([upcard])
    deck += [c for c in range(52) if c not in deck]
    hand = GinHand(seed=1, dealer=0, deck=deck)
    hand.act(1, TAKE)
    return hand


@pytest.mark.parametrize("name", ["greedy", "defensive", "lookahead"])
def test_it_knocks_at_knock_at_and_not_above(name):
    view = after_taking("5C").view(1)  # discarding the 4♣ leaves the 5♣: deadwood 5
    assert make_player(name, knock_at=5).act(view) == Action("knock", "4C")
    assert make_player(name).act(view) == Action("knock", "4C")
    assert make_player(name, knock_at=4).act(view) == Action("discard", "4C")


@pytest.mark.parametrize("name", list(PLAYER_TYPES))
def test_knock_at_0_still_goes_gin(name):
    view = after_taking("4S").view(1)  # A-4♠ is a run: discarding the 4♣ is gin
    player = make_player(name, knock_at=0, **FAST[name])
    actions = {player.act(view) for _ in range(1 if name != "random" else 30)}
    assert all(a.kind != "knock" or a == Action("knock", "4C") for a in actions)
    if name != "random":
        assert actions == {Action("knock", "4C")}


def test_the_rules_limit_wins_over_a_higher_knock_at():
    strict = GinRules(knock_limit=3)
    watched = Watched(GreedyPlayer(knock_at=9))
    for seed in range(15):
        hand = play_hand(GinHand(seed, rules=strict), [watched, GreedyPlayer()])
        assert hand.over
    assert all(kept <= 3 for kept in watched.knocks)


@pytest.mark.parametrize("value", [11, -1, 2.5, "5", True, [5]])
def test_bad_knock_at_values_are_refused_with_the_range(value):
    with pytest.raises(BadOption, match=r"knock_at must be a whole number, 0 to 10") as info:
        check_knock_at(value)
    assert isinstance(info.value, ValueError)
    for name in PLAYER_TYPES:
        with pytest.raises(BadOption, match="0 to 10"):
            make_player(name, knock_at=value)


@pytest.mark.parametrize("value", [None, 0, 5, 10])
def test_good_knock_at_values_are_kept(value):
    assert check_knock_at(value) == value
    for name in PLAYER_TYPES:
        assert make_player(name, knock_at=value).knock_at == value
