"""The table asks a player marked ``answers_from_own_cards`` again only when its hand or the
declarations changed: the hand is the same card for card as when it is asked every time."""

from __future__ import annotations

import pytest

from shengji_edu import RuleSet
from shengji_edu.game import Round, Table
from shengji_edu.game.table import answers_from_own_cards
from shengji_edu.players import make_player
from shengji_edu.players.rollout import RolloutPlayer


class AskedEveryTime(RolloutPlayer):
    """The same decisions, unmarked (an override loses the mark), counting its questions."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def declare(self, view):
        self.asked += 1
        return super().declare(view)


class Counted(RolloutPlayer):
    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    @answers_from_own_cards
    def declare(self, view):
        self.asked += 1
        return super().declare(view)


def _play(seed: int, players, rules: RuleSet) -> Round:
    table = Table(Round(seed, rules), players)
    table.run()
    return table.round


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(decks=3), RuleSet(bidding="yield")])
def test_fewer_questions_same_hands(rules: RuleSet) -> None:
    fewer = every = 0
    for seed in range(12):
        marked = [Counted() for _ in range(4)]
        unmarked = [AskedEveryTime() for _ in range(4)]
        quick, plain = _play(seed, marked, rules), _play(seed, unmarked, rules)
        assert quick.actions == plain.actions
        assert quick.events == plain.events
        assert quick.result == plain.result
        fewer += sum(p.asked for p in marked)
        every += sum(p.asked for p in unmarked)
    if rules.bidding == "during_deal":
        assert fewer < every / 2  # most questions were repeats
    else:
        assert fewer == every  # the house rounds ask every time


def test_the_mark_is_on_the_method() -> None:
    assert getattr(make_player("greedy").declare, "answers_from_own_cards", False)
    assert not getattr(AskedEveryTime().declare, "answers_from_own_cards", False)
    assert not getattr(make_player("random").declare, "answers_from_own_cards", False)
