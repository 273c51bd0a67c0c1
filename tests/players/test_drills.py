"""The curated drills (issue 30): each answer is the solver's one best play, by the margin."""

from __future__ import annotations

from shengji_edu import RuleSet, parse_cards
from shengji_edu.players.drills import MARGIN, Drill, as_drill, load_drills, mine
from shengji_edu.players.endgame import Position, solve


def test_every_curated_drill_is_proven():
    drills = load_drills()
    assert len(drills) >= 10
    for drill in drills:
        solution = solve(drill.position)
        assert [c.cards for c in solution.best] == [drill.answer]
        assert solution.value == drill.value and solution.margin == drill.margin >= MARGIN
        assert drill.check(drill.answer)
        assert not any(drill.check(c.cards) for c in solution.choices[1:])
        assert Drill.from_data(drill.to_data()) == drill


def test_a_position_without_one_best_play_is_no_drill():
    """A forced play (one card each) and a tie (two plays worth the same) are no drills."""
    trump = RuleSet().trump(2, "S")
    forced = Position(
        trump=trump, dealer=0, hands=[parse_cards(c) for c in ["HA", "H3", "H4", "H5"]], turn=0
    )
    assert solve(forced).margin is None and as_drill("forced", solve(forced)) is None
    tie = Position(
        trump=trump,
        dealer=0,
        hands=[parse_cards(c) for c in ("H6 H7", "H3 H4", "D3 D4", "C3 C4")],
        turn=0,
    )
    assert as_drill("tie", solve(tie)) is None


def test_mining_finds_drills():
    drill = next(mine([2]))
    assert as_drill(drill.name, solve(drill.position)) == drill
