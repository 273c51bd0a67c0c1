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


def test_a_failed_throw_is_judged_by_the_card_it_became():
    """In this record's last trick but one South throws BJ C7, which fails to C7 (no throw
    penalty): the solver lists that lead once, as C7, and the throw gives up what C7 does."""
    from pathlib import Path

    from shengji_edu.cards import parse_cards
    from shengji_edu.game import records

    path = Path(__file__).resolve().parents[1] / "fixtures" / "records" / "two_deck_v1_hand.json"
    decisions = assess_seat(records.load(path), 0, budget=4, seed=1)
    (throw,) = [d for d in decisions if d.played == tuple(parse_cards("BJ C7"))]
    assert throw.endgame is not None
    (as_single,) = [c for c in throw.endgame.choices if list(c.played) == parse_cards("C7")]
    assert throw.points_lost == throw.endgame.value - as_single.value
