"""Exercise 09 (find the best play): known-wrong answers (used by test_exercises.py's WRONG
table), the drills' answers as the check's references, and the FAILs that explain them."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import nbformat
import pytest

from shengji_edu import check_throw, legal_follows, trick_winner
from shengji_edu.exercises import FAIL, PASS, ex09
from shengji_edu.exercises import solutions_ex09 as solved09
from shengji_edu.players.endgame import solve

ROOT = Path(__file__).resolve().parents[2]


def wrong_answers():
    def winner_index_as_seat(trick, leader, dealer, trump):  # forgets who led
        winner = trick_winner(trick, trump)
        return sum(c.points for p in trick for c in p) if winner % 2 != dealer % 2 else 0

    def dealers_score(trick, leader, dealer, trump):  # the wrong team scores
        winner = (leader + trick_winner(trick, trump)) % 4
        return sum(c.points for p in trick for c in p) if winner % 2 == dealer % 2 else 0

    def everyone_maximises(hands, trick, leader, dealer, trump):  # no opponent
        return _value(hands, trick, leader, dealer, trump, lambda seat: max)

    def roles_swapped(hands, trick, leader, dealer, trump):  # dealers maximise
        return _value(
            hands, trick, leader, dealer, trump, lambda seat: max if seat % 2 == dealer % 2 else min
        )

    def this_trick_only(hands, trick, leader, dealer, trump):  # no look beyond the trick
        return _value(hands, trick, leader, dealer, trump, None, depth=1)

    def first_play(hands, trick, leader, dealer, trump):
        return plays_of(hands, trick, leader, trump)[0][0]

    def strongest_card(hands, trick, leader, dealer, trump):  # greedy: play high
        plays = plays_of(hands, trick, leader, trump)
        return max(plays, key=lambda p: sum(trump.strength(c) for c in p[0]))[0]

    def best_for_the_other_side(hands, trick, leader, dealer, trump):  # max and min swapped
        seat = (leader + len(trick)) % 4
        worst = min if seat % 2 != dealer % 2 else max
        plays = plays_of(hands, trick, leader, trump)
        return worst(plays, key=lambda p: _after_value(hands, trick, leader, dealer, trump, p))[0]

    return {
        "ex09.q1": [winner_index_as_seat, dealers_score],
        "ex09.q2": [everyone_maximises, roles_swapped, this_trick_only],
        "ex09.q3": [first_play, strongest_card, best_for_the_other_side],
    }


def plays_of(hands, trick, leader, trump):
    """Every play of the seat to move, as (cards chosen, cards played), smaller leads first."""
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    if trick:
        return [(play, play) for play in legal_follows(hand, trick[0], trump)]
    others = [h for s, h in enumerate(hands) if s != seat]
    plays = []
    for size in range(1, len(hand) + 1):
        for lead in sorted(set(combinations(sorted(hand), size))):
            if len({trump.suit_of(card) for card in lead}) == 1:
                throw = check_throw(list(lead), others, trump)
                plays.append((list(lead), list(lead) if throw.ok else throw.forced))
    return plays


def after(hands, trick, leader, played):
    seat = (leader + len(trick)) % 4
    hands = [list(hand) for hand in hands]
    for card in played:
        hands[seat].remove(card)
    return hands, trick + [list(played)]


def _value(hands, trick, leader, dealer, trump, choose, depth=99):
    """Minimax with a chooser per seat (a wrong one makes a wrong answer), to ``depth`` tricks."""
    if (not trick and not any(hands)) or depth == 0:
        return 0
    seat = (leader + len(trick)) % 4
    values = []
    for _chosen, played in plays_of(hands, trick, leader, trump):
        new_hands, new_trick = after(hands, trick, leader, played)
        if len(new_trick) == 4:
            winner = (leader + trick_winner(new_trick, trump)) % 4
            values.append(
                solved09.trick_value(new_trick, leader, dealer, trump)
                + _value(new_hands, [], winner, dealer, trump, choose, depth - 1)
            )
        else:
            values.append(_value(new_hands, new_trick, leader, dealer, trump, choose, depth))
    if choose is None:
        choose = lambda s: max if s % 2 != dealer % 2 else min  # noqa: E731
    return choose(seat)(values)


def _after_value(hands, trick, leader, dealer, trump, play) -> int:
    new_hands, new_trick = after(hands, trick, leader, play[1])
    if len(new_trick) < 4:
        return solved09.endgame_value(new_hands, new_trick, leader, dealer, trump)
    winner = (leader + trick_winner(new_trick, trump)) % 4
    points = solved09.trick_value(new_trick, leader, dealer, trump)
    return points + solved09.endgame_value(new_hands, [], winner, dealer, trump)


def test_the_solutions_pass_and_agree_with_the_solver():
    for q in ex09.QUESTIONS:
        assert q.run(getattr(solved09, q.function)).status == PASS
    for case in ex09.q2.cases():
        position = ex09.position_of(*case.args)
        assert solved09.endgame_value(*case.args) == solve(position).value


def test_the_drills_answers_are_the_references():
    drills = ex09.drills()
    assert len(drills) == len(ex09.q3.cases()) >= 10
    for drill, want in zip(drills, ex09.q3.expected(), strict=True):
        assert want == tuple(sorted(drill.answer))
        assert drill.check(solved09.best_play(*ex09.drill_case(drill)))


def test_a_wrong_best_play_is_told_the_solvers_line_and_margin():
    result = ex09.q3.run(wrong_answers()["ex09.q3"][0])
    assert result.status == FAIL
    message = result.message
    assert "The endgame solver's best line (every hand known): seat " in message
    drill = next(d for d in ex09.drills() if d.line in message)
    assert f"at least {drill.margin} points" in message
    assert result.detail["rule"] and result.detail["rule"][0].startswith("The endgame solver")


def test_a_wrong_value_is_told_the_best_line():
    result = ex09.q2.run(wrong_answers()["ex09.q2"][0])
    assert result.status == FAIL and "The endgame solver's best line" in result.message


@pytest.mark.integration  # starts the grader's sandboxed processes
def test_shengji_grade_grades_exercise_09_like_the_others(tmp_path):
    """The solution earns every point; a greedy best_play fails q3 with the solver's line,
    graded in the sandbox (the drills' answers judged in the grader's own process)."""
    from shengji_edu.grading import grade_notebook

    solution = nbformat.read(ROOT / "exercises" / "solutions" / "ex09_play.ipynb", as_version=4)
    right = tmp_path / "right" / "ex09_play.ipynb"
    right.parent.mkdir()
    nbformat.write(solution, right)
    row = grade_notebook(right, timeout=120)
    assert row.exercise == "ex09" and row.notes == [], row.notes
    assert row.statuses == {"ex09.q1": PASS, "ex09.q2": PASS, "ex09.q3": PASS}
    for cell in solution.cells:
        if cell.source.startswith("def best_play("):
            cell.source = (
                "def best_play(hands, trick, leader, dealer, trump):\n"
                "    seat = (leader + len(trick)) % 4\n"
                "    if trick:\n"
                "        return legal_follows(hands[seat], trick[0], trump)[0]\n"
                "    return [max(hands[seat], key=trump.strength)]\n"
            )
    greedy = tmp_path / "greedy" / "ex09_play.ipynb"
    greedy.parent.mkdir()
    nbformat.write(solution, greedy)
    row = grade_notebook(greedy, timeout=120)
    assert row.statuses["ex09.q1"] == PASS and row.statuses["ex09.q3"] == FAIL
    message = row.messages["ex09.q3"]
    assert "The endgame solver's best line (every hand known): seat " in message
    assert "Every other play costs the " in message
