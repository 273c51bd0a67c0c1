"""assess_seat (issue 30): the seat's plays judged from its view, and exactly in the endgame."""

from __future__ import annotations

import pytest

from shengji_edu.game import Round, play_round
from shengji_edu.players import make_player
from shengji_edu.players.assess import CLEAR, ENDGAME_CARDS, assess_seat


@pytest.fixture(scope="module")
def hand() -> Round:
    return play_round(Round(5), [make_player("greedy") for _ in range(4)])


def test_every_play_of_the_seat_is_assessed(hand):
    decisions = assess_seat(hand, 1, budget=10, seed=1)
    plays = [t for t in hand.tricks for seat, _ in t.plays if seat == 1]
    assert len(decisions) == len(plays)
    for decision in decisions:
        if decision.gain is None:
            assert sorted(decision.suggested) == sorted(decision.played)
        else:
            assert decision.gain.low <= decision.gain.mean <= decision.gain.high
            assert decision.mistake == (decision.gain.low > CLEAR)
    endgame = [d for d in decisions if d.endgame is not None]
    assert endgame and all(d.endgame.position.cards_left <= ENDGAME_CARDS for d in endgame)
    assert all(d.points_lost >= 0 for d in endgame)
    # the last decision is forced: nothing lost, and the solver's total is the hand's
    assert endgame[-1].points_lost == 0
    assert endgame[-1].endgame.total == hand.result.defender_points


def test_deterministic_from_the_seed(hand):
    first = assess_seat(hand, 2, budget=8, seed=3)
    assert first == assess_seat(hand, 2, budget=8, seed=3)


def test_refusals(hand):
    with pytest.raises(ValueError, match="finished"):
        assess_seat(Round(1), 0)
    with pytest.raises(ValueError, match="seat"):
        assess_seat(hand, 4)
    with pytest.raises(ValueError, match="budget"):
        assess_seat(hand, 0, budget=1)
