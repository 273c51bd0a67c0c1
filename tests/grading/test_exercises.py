"""The exercise checks (shengji_edu.exercises) and the exercise notebooks.

* every solution passes its question's check, also as printed by ``q.solution()``;
* known-wrong answers (a few per question) FAIL, with a message a student can act on;
* the mechanism: NOT ATTEMPTED, errors, wrong types, the time limit, smallest failing input,
  strict mode, captured printing, behaviour (not representation) compared, answers crossing
  as plain data (a lying ``__eq__`` is never asked), a changed input fails (before and after
  shown), ex04's FAILs name the rule, "fix question N first" when only an earlier one fails;
* the student copies are generated, up to date, hold no solution and no output, execute
  cleanly, and every check in them reports NOT ATTEMPTED (read from the check results).
The solution notebooks themselves run under strict nbval (tools/run_tests.py, step c).
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
import re
import shutil
import textwrap
import threading
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

import nbformat
import pytest
from scripts import load_script
from test_ex09 import wrong_answers as _ex09_wrong
from test_ex11 import wrong_answers as _ex11_wrong
from test_ex13 import wrong_answers as _ex13_wrong

from shengji_edu import (
    Card,
    Trump,
    check_follow,
    decompose,
    legal_follows,
    new_deck,
    parse_cards,
    trick_winner,
)
from shengji_edu.exercises import (
    EXERCISES,
    FAIL,
    NOT_ATTEMPTED,
    PASS,
    CheckFailed,
    checking,
    ex01,
    ex02,
    ex03,
    ex04,
    ex05,
    ex06,
    notebook_name,
    questions,
)
from shengji_edu.exercises import solutions_ex01 as solved01
from shengji_edu.exercises import solutions_ex02 as solved02
from shengji_edu.exercises import solutions_ex03 as solved03
from shengji_edu.exercises import solutions_ex04 as solved04
from shengji_edu.exercises import solutions_ex05 as solved05
from shengji_edu.exercises import solutions_ex06 as solved06
from shengji_edu.exercises import solutions_ex07 as solved07
from shengji_edu.exercises import solutions_ex08 as solved08
from shengji_edu.exercises import solutions_ex10 as solved10
from shengji_edu.exercises.checking import RESULTS
from shengji_edu.gin import candidate_melds, card_value
from shengji_edu.gin import deadwood as gin_deadwood

ROOT = Path(__file__).resolve().parents[2]
EXERCISE_DIR = ROOT / "exercises"
SOLUTION_DIR = EXERCISE_DIR / "solutions"
ALL_QUESTIONS = [q for exercise in EXERCISES for q in questions(exercise)]


def load_tool():
    return load_script(ROOT / "tools" / "make_student_notebooks.py", "make_student_notebooks")


# --- the questions and their solutions ----------------------------------------------------------
MORE_QUESTIONS = {"ex11": 7}
"""Exercises allowed more than six questions, and why: ex11 adds two on the house rules of
RULES §12 written as data (a settlement table, the kitty tables) to its five on more decks."""


def test_every_exercise_has_three_to_six_questions_with_unique_names():
    for exercise in EXERCISES:
        qs = questions(exercise)
        assert 3 <= len(qs) <= MORE_QUESTIONS.get(exercise, 6), exercise
        assert [q.number for q in qs] == list(range(1, len(qs) + 1))
        assert len({q.function for q in qs}) == len(qs)
    assert len({q.id for q in ALL_QUESTIONS}) == len(ALL_QUESTIONS)


@pytest.mark.parametrize("question", ALL_QUESTIONS, ids=lambda q: q.id)
def test_the_printed_solution_passes_in_the_notebook_context(question):
    """Run the notebook's import cell and the printed solutions in order, then check."""
    namespace: dict = {}
    student = nbformat.read(EXERCISE_DIR / notebook_name(question.exercise), as_version=4)
    exec(student.cells[1].source, namespace)  # the import cell
    for earlier in questions(question.exercise)[: question.number]:
        exec(earlier.solution_code(), namespace)
    result = question.run(namespace[question.function])
    assert result.status == PASS, result.message


def test_cases_are_the_same_in_every_run():
    fresh = importlib.reload(importlib.import_module("shengji_edu.exercises.ex05"))
    try:
        assert [c.args for c in fresh.q4.cases()] == [c.args for c in ex05.q4.cases()]
    finally:
        importlib.reload(fresh)


# --- known-wrong answers -------------------------------------------------------------------
T10 = Trump(10, "S")


def _ex01_wrong():
    def no_kings(cards):
        return sum(5 if c.rank == 5 else 10 if c.rank == 10 else 0 for c in cards)

    def with_a_set(cards):
        return sum(c.points for c in set(cards))

    def digits_only(text):
        return Card(text[0], int(text[1:]))

    def jokers_swapped(text):
        if text in ("BJ", "LJ"):
            return Card("J", 15 if text == "BJ" else 16)
        return Card.parse(text)

    def half_the_distinct(hand):
        return len(set(hand)) // 2

    def half_the_cards(hand):
        return len(hand) // 2

    def upper_case_only(text):
        return solved01.parse_one(text)

    def no_symbols(text):
        return solved01.parse_one(text.upper().replace("T", "10"))

    def set_difference(seen):
        return [c for c in new_deck() if c not in seen]

    def the_seen_cards(seen):
        return list(seen)

    return {
        "ex01.q1": [no_kings, with_a_set],
        "ex01.q2": [digits_only, jokers_swapped],
        "ex01.q3": [half_the_distinct, half_the_cards],
        "ex01.q4": [upper_case_only, no_symbols],
        "ex01.q5": [set_difference, the_seen_cards],
    }


def _ex02_wrong():
    def no_jokers(card, level, trump_suit):
        return card.rank == level or card.suit == trump_suit

    def no_level_cards(card, level, trump_suit):
        return card.is_joker or card.suit == trump_suit

    def joker_suit(card, level, trump_suit):
        return "T" if card.rank == level or card.suit == trump_suit else card.suit

    def level_ignored(card, level, trump_suit):
        return "T" if card.is_joker or card.suit == trump_suit else card.suit

    def rank_only(card, level, trump_suit):
        return card.rank

    def lesson_power(card, level, trump_suit):  # right within a suit, no trump bonus
        if card.is_joker:
            return card.rank + 2
        if card.rank == level:
            return 16 if card.suit == trump_suit else 15
        return card.rank

    def no_answer(card, level, trump_suit):
        return None

    def by_strength(cards, level, trump_suit):
        return sorted(cards, key=lambda c: -solved02.strength_key(c, level, trump_suit))

    def canonical(cards, level, trump_suit):
        return sorted(cards)

    return {
        "ex02.q1": [no_jokers, no_level_cards],
        "ex02.q2": [joker_suit, level_ignored],
        "ex02.q3": [rank_only, lesson_power, no_answer],
        "ex02.q4": [by_strength, canonical],
    }


def _ex03_wrong():
    def same_rank(cards):
        return len(cards) == 2 and cards[0].rank == cards[1].rank

    def first_two(cards):
        return cards[0] == cards[1]

    def no_gap(rank, level):
        return rank - 2

    def gap_everywhere(rank, level):
        return rank - 3

    def ranks_not_steps(cards, trump):
        counts = Counter(cards)
        if len(cards) < 4 or any(n != 2 for n in counts.values()):
            return False
        ranks = sorted(c.rank for c in counts)
        return ranks == list(range(ranks[0], ranks[0] + len(ranks)))

    def one_suit_forgotten(cards, trump):
        counts = Counter(cards)
        if len(cards) < 4 or any(n != 2 for n in counts.values()):
            return False
        steps = sorted(trump.step(c) for c in counts)
        return steps == list(range(steps[0], steps[0] + len(steps)))

    def pairs_counted(cards, trump):
        return sum(1 for n in Counter(cards).values() if n == 2)

    def pairs_are_tractors(cards, trump):
        return max(1, solved03.longest_tractor(cards, trump)) if solved03.is_pair(cards[:2]) else 0

    def no_tractors(cards, trump):
        pairs = sum(1 for n in Counter(cards).values() if n == 2)
        return [], pairs, len(cards) - 2 * pairs

    def tractor_count(cards, trump):
        lengths, pairs, singles = solved03.lead_shape(cards, trump)
        return [len(lengths)] if lengths else [], pairs, singles

    return {
        "ex03.q1": [same_rank, first_two],
        "ex03.q2": [no_gap, gap_everywhere],
        "ex03.q3": [ranks_not_steps, one_suit_forgotten],
        "ex03.q4": [pairs_counted, pairs_are_tractors],
        "ex03.q5": [no_tractors, tractor_count],
    }


def _ex04_wrong():
    def printed_suit(hand, suit, trump):
        return [c for c in hand if c.suit == suit]

    def whole_hand(hand, suit, trump):
        return list(hand)

    def short_ignored(hand, lead, play, trump):
        suit, n = trump.suit_of(lead[0]), len(lead)
        if len(play) != n or Counter(play) - Counter(hand):
            return False
        if len(solved04.cards_of_suit(hand, suit, trump)) >= n:
            return all(trump.suit_of(c) == suit for c in play)
        return True

    def printed_suit_rule(hand, lead, play, trump):
        suit, n = lead[0].suit, len(lead)
        if len(play) != n or Counter(play) - Counter(hand):
            return False
        hand_suit = [c for c in hand if c.suit == suit]
        if len(hand_suit) >= n:
            return all(c.suit == suit for c in play)
        return not Counter(hand_suit) - Counter(play)

    def membership_not_counts(hand, lead, play, trump):  # `card in hand`: one ♥8 is enough
        suit, n = trump.suit_of(lead[0]), len(lead)
        if len(play) != n or not all(card in hand for card in play):
            return False
        hand_suit = solved04.cards_of_suit(hand, suit, trump)
        if len(hand_suit) >= n:
            return all(trump.suit_of(c) == suit for c in play)
        return all(card in play for card in hand_suit)

    def membership_pairs(hand, lead, play, trump):
        if not membership_not_counts(hand, lead, play, trump):
            return False
        return solved04.pair_rule_ok(hand, lead, play + [], trump) or set(play) <= set(hand)

    def membership_units(hand, lead, play, trump):
        if not membership_not_counts(hand, lead, play, trump):
            return False
        return solved04.unit_follow_ok(list(hand) + list(play), lead, play, trump)

    def no_pair_rule(hand, lead, play, trump):
        return solved04.suit_rule_ok(hand, lead, play, trump)

    def pairs_without_min(hand, lead, play, trump):
        if not solved04.suit_rule_ok(hand, lead, play, trump):
            return False
        if len(solved04.cards_of_suit(hand, trump.suit_of(lead[0]), trump)) < len(lead):
            return True
        return len(play) - len(set(play)) >= len(lead) - len(set(lead))

    def no_tractor_rule(hand, lead, play, trump):
        return solved04.pair_rule_ok(hand, lead, play, trump)

    def any_two_pairs_is_a_tractor(hand, lead, play, trump):
        if not solved04.pair_rule_ok(hand, lead, play, trump):
            return False
        return len(lead) < 4 or len(play) - len(set(play)) >= len(lead) // 2 or True

    def duplicates_counted(hand, lead, trump):
        return sum(1 for p in combinations(hand, len(lead)) if check_follow(hand, lead, p, trump))

    def suit_cards_only(hand, lead, trump):
        return len(
            [
                p
                for p in legal_follows(hand, lead, trump)
                if all(trump.suit_of(c) == trump.suit_of(lead[0]) for c in p)
            ]
        )

    return {
        "ex04.q1": [printed_suit, whole_hand],
        "ex04.q2": [short_ignored, printed_suit_rule, membership_not_counts],
        "ex04.q3": [no_pair_rule, pairs_without_min, membership_pairs],
        "ex04.q4": [no_tractor_rule, any_two_pairs_is_a_tractor, membership_units],
        "ex04.q5": [duplicates_counted, suit_cards_only],
    }


def _ex05_wrong():
    def suit_ignored(cards, trump):
        return max(range(len(cards)), key=lambda i: (trump.strength(cards[i]), -i))

    def ties_to_the_later(cards, trump):
        led, best = trump.suit_of(cards[0]), 0
        for i, card in enumerate(cards):
            ok = trump.suit_of(card) in (led, "T")
            if ok and trump.strength(card) >= trump.strength(cards[best]):
                best = i
        return best

    def any_two_cards(plays, trump):
        return solved05.single_winner([play[0] for play in plays], trump)

    def trumps_forgotten(plays, trump):
        led, best = trump.suit_of(plays[0][0]), 0
        for i, (a, b) in enumerate(plays):
            if a == b and trump.suit_of(a) == led and trump.step(a) > trump.step(plays[best][0]):
                best = i
        return best

    def any_card_beats(unit, others, trump):
        suit, step = trump.suit_of(unit[0]), trump.step(unit[0])
        return any(trump.suit_of(c) == suit and trump.step(c) > step for h in others for c in h)

    def equal_beats(unit, others, trump):
        suit, step = trump.suit_of(unit[0]), trump.step(unit[0])
        for hand in others:
            counts = Counter(c for c in hand if trump.suit_of(c) == suit)
            if any(trump.step(c) >= step and n >= len(unit) for c, n in counts.items()):
                return True
        return False

    def first_beaten(lead, others, trump):
        counts = Counter(lead)
        units = [[c] * counts[c] for c in counts]
        beaten = [u for u in units if len(units) > 1 and solved05.is_beaten(u, others, trump)]
        return beaten[0] if beaten else lead

    def always_stands(lead, others, trump):
        return lead

    def shapes_ignored(plays, trump):
        led, best = trump.suit_of(plays[0][0]), 0

        def key(play):
            suits = {trump.suit_of(c) for c in play}
            if len(suits) != 1 or not suits <= {led, "T"}:
                return None
            return (suits == {"T"} and led != "T", max(trump.step(c) for c in play))

        best_key = key(plays[0])
        for i in range(1, len(plays)):
            k = key(plays[i])
            if k is not None and k > best_key:
                best, best_key = i, k
        return best

    def no_ruffs(plays, trump):
        led = trump.suit_of(plays[0][0])
        same = [i for i, p in enumerate(plays) if all(trump.suit_of(c) == led for c in p)]
        return max(same, key=lambda i: (max(trump.step(c) for c in plays[i]), -i))

    return {
        "ex05.q1": [suit_ignored, ties_to_the_later],
        "ex05.q2": [any_two_cards, trumps_forgotten],
        "ex05.q3": [any_card_beats, equal_beats],
        "ex05.q4": [first_beaten, always_stands],
        "ex05.q5": [shapes_ignored, no_ruffs],
    }


def _ex06_wrong():
    def any_two_level_cards(cards, level):
        if len(cards) == 2 and all(c.rank == level for c in cards):
            return 2
        return solved06.declaration_strength(cards, level)

    def one_joker_counts(cards, level):
        if len(cards) == 1 and cards[0].is_joker:
            return 4 if cards[0].text == "BJ" else 3
        return solved06.declaration_strength(cards, level)

    def equal_overcalls(new, standing, level):
        floor = solved06.declaration_strength(standing, level) if standing else 0
        return solved06.declaration_strength(new, level) >= floor

    def anything_first(new, standing, level):
        return standing is None or solved06.can_overcall(new, standing, level)

    def last_deals(attempts, level):
        outcome, standing = None, None
        for seat, cards in attempts:
            if solved06.can_overcall(cards, standing, level):
                standing = cards
                outcome = (seat, None if cards[0].is_joker else cards[0].suit)
        return outcome

    def equal_accepted(attempts, level):
        standing, dealer = None, None
        for seat, cards in attempts:
            strength = solved06.declaration_strength(cards, level)
            if strength and (standing is None or strength >= standing[0]):
                dealer = seat if dealer is None else dealer
                standing = (strength, None if cards[0].is_joker else cards[0].suit)
        return None if standing is None else (dealer, standing[1])

    def weakest_eight(hand, trump):
        return sorted(hand, key=trump.strength)[:8]

    def pairs_not_kept(hand, trump):
        lengths = Counter(trump.suit_of(c) for c in hand)
        return sorted(
            hand,
            key=lambda c: (
                trump.suit_of(c) == "T",
                c.points > 0,
                lengths[trump.suit_of(c)],
                trump.step(c),
                c,
            ),
        )[:8]

    return {
        "ex06.q1": [any_two_level_cards, one_joker_counts],
        "ex06.q2": [equal_overcalls, anything_first],
        "ex06.q3": [last_deals, equal_accepted],
        "ex06.q4": [weakest_eight, pairs_not_kept],
    }


def _ex07_wrong():
    def escalating(points):
        dealers, defenders = solved07.settle_levels(points)
        return (dealers, defenders + 1) if points >= 80 else (dealers, defenders)

    def forty_is_two(points):
        if 0 < points <= 40:
            return 2, 0
        return solved07.settle_levels(points)

    def linear(lead, trump):
        largest = max(len(u.cards) for u in decompose(lead, trump))
        return 2 if largest == 1 else 2 * largest

    def pairs_power(lead, trump):
        return 2 ** max(1, max(len(u.cards) // 2 for u in decompose(lead, trump)))

    def kitty_forgotten(tricks, kitty, dealer, trump):
        return solved07.defender_points(tricks, [], dealer, trump)

    def kitty_not_multiplied(tricks, kitty, dealer, trump):
        total = solved07.defender_points(tricks, [], dealer, trump)
        if tricks[-1][0] % 2 != dealer % 2:
            total += sum(c.points for c in kitty)
        return total

    def no_cap(levels, dealer, points):
        team = dealer % 2
        gain = solved07.settle_levels(points)
        new = list(levels)
        new[team] += gain[0]
        new[1 - team] += gain[1]
        _, next_dealer, won = solved07.after_hand(levels, dealer, points)
        return tuple(new), next_dealer, won

    def dealers_swapped(levels, dealer, points):
        new, _, won = solved07.after_hand(levels, dealer, points)
        return new, (dealer + 1) % 4 if points < 80 else (dealer + 2) % 4, won

    return {
        "ex07.q1": [escalating, forty_is_two],
        "ex07.q2": [linear, pairs_power],
        "ex07.q3": [kitty_forgotten, kitty_not_multiplied],
        "ex07.q4": [no_cap, dealers_swapped],
    }


def _ex08_wrong():
    def strength_only(card, trump):
        return trump.strength(card)

    def rank_and_points(card, trump):
        return card.rank + 3 * card.points

    def no_split_charge(play, hand, trump):
        return sum(solved08.card_cost(c, trump) for c in play)

    def charge_per_copy(play, hand, trump):
        counts = Counter(hand)
        cost = sum(solved08.card_cost(c, trump) for c in play)
        return cost + 8 * sum(1 for c in play if counts[c] == 2)

    def strength_across_suits(card, unseen, trump):
        return not any(trump.strength(o) > trump.strength(card) for o in unseen)

    def equal_beats(card, unseen, trump):
        suit = trump.suit_of(card)
        return not any(
            trump.suit_of(o) == suit and trump.step(o) >= trump.step(card) and o != card
            for o in unseen
        )

    def not_the_lead(trick, play, trump):
        return trick_winner([*trick, play], trump) != 0

    def against_the_lead_only(trick, play, trump):
        return trick_winner([trick[0], play], trump) == 1

    def cards_cost_only(hand, trick, trump):
        wins = [
            p for p in legal_follows(hand, trick[0], trump) if solved08.would_win(trick, p, trump)
        ]
        if not wins:
            return None
        return min(wins, key=lambda p: (sum(solved08.card_cost(c, trump) for c in p), sorted(p)))

    def cheapest_legal(hand, trick, trump):
        plays = legal_follows(hand, trick[0], trump)
        return min(plays, key=lambda p: (solved08.play_cost(p, hand, trump), sorted(p)))

    def empty_not_none(hand, trick, trump):
        return solved08.cheapest_winning_play(hand, trick, trump) or []

    return {
        "ex08.q1": [strength_only, rank_and_points],
        "ex08.q2": [no_split_charge, charge_per_copy],
        "ex08.q3": [strength_across_suits, equal_beats],
        "ex08.q4": [not_the_lead, against_the_lead_only],
        "ex08.q5": [cards_cost_only, cheapest_legal, empty_not_none],
    }


def _ex10_wrong():
    def suit_first(card):
        return "SHDC"[card // 13] + "A23456789TJQK"[card % 13]

    def ten_as_10(card):
        return solved10.card_text(card).replace("T", "10")

    def ace_high(card):
        return "23456789TJQKA"[card % 13] + "SHDC"[card // 13]

    def kings_thirteen(card):
        return card % 13 + 1

    def ace_eleven(card):
        return 11 if card % 13 == 0 else min(card % 13 + 1, 10)

    def ids_in_a_row(cards):
        cards = sorted(cards)
        same_rank = len(cards) in (3, 4) and len({c % 13 for c in cards}) == 1
        return same_rank or (len(cards) >= 3 and cards[-1] - cards[0] == len(cards) - 1)

    def three_card_sets_only(cards):
        if len(cards) == 4 and len({c % 13 for c in cards}) == 1:
            return False
        return solved10.is_meld(cards)

    def unsorted_run(cards):
        same_rank = len(cards) in (3, 4) and len({c % 13 for c in cards}) == 1
        same_suit = len({c // 13 for c in cards}) == 1
        return same_rank or (len(cards) >= 3 and same_suit and cards[-1] - cards[0] == 2)

    def biggest_meld_first(cards):  # the lesson's greedy split
        left = set(cards)
        while candidate_melds(left):
            melds = candidate_melds(left)
            left -= set(max(melds, key=lambda m: (len(m), sum(map(card_value, m)))))
        return sum(card_value(c) for c in left)

    def whole_groups_only(cards):  # all of a set, or a whole run: never a part
        hand = set(cards)
        groups = [
            m
            for m in candidate_melds(hand)
            if not any(set(m) < set(o) for o in candidate_melds(hand))
        ]
        best = sum(card_value(c) for c in hand)
        for size in range(1, len(groups) + 1):
            for chosen in combinations(groups, size):
                used = [c for m in chosen for c in m]
                if len(used) == len(set(used)):
                    best = min(best, sum(card_value(c) for c in hand - set(used)))
        return best

    def all_cards_counted(cards):
        return sum(card_value(c) for c in cards)

    def drop_the_highest(hand):
        if len(hand) == 11:
            hand = sorted(hand, key=card_value)[:10]
        return gin_deadwood(hand) <= 10

    def eleven_counted_as_ten(hand):
        return gin_deadwood(hand) <= 10

    def under_ten(hand):
        if len(hand) == 10:
            return gin_deadwood(hand) < 10
        return any(gin_deadwood([c for c in hand if c != d]) < 10 for d in hand)

    return {
        "ex10.q1": [suit_first, ten_as_10, ace_high],
        "ex10.q2": [kings_thirteen, ace_eleven],
        "ex10.q3": [ids_in_a_row, three_card_sets_only, unsorted_run],
        "ex10.q4": [biggest_meld_first, whole_groups_only, all_cards_counted],
        "ex10.q5": [drop_the_highest, eleven_counted_as_ten, under_ten],
    }


WRONG = {}
for _make in (
    _ex01_wrong,
    _ex02_wrong,
    _ex03_wrong,
    _ex04_wrong,
    _ex05_wrong,
    _ex06_wrong,
    _ex07_wrong,
    _ex08_wrong,
    _ex09_wrong,  # exercise 09's wrong answers live with its own tests, tests/grading/test_ex09.py
    _ex10_wrong,
    _ex11_wrong,  # exercise 11's wrong answers live with its own tests, tests/grading/test_ex11.py
    _ex13_wrong,  # and exercise 13's with tests/grading/test_ex13.py
):
    WRONG.update(_make())
BY_ID = {q.id: q for q in ALL_QUESTIONS}
WRONG_CASES = [(qid, fn) for qid, fns in WRONG.items() for fn in fns]


def test_every_question_has_known_wrong_answers():
    assert set(WRONG) == set(BY_ID)
    assert all(len(fns) >= 2 for fns in WRONG.values())


@pytest.mark.parametrize(
    ("qid", "wrong"), WRONG_CASES, ids=[f"{q}-{f.__name__}" for q, f in WRONG_CASES]
)
def test_a_wrong_answer_fails_with_a_useful_message(qid, wrong):
    question = BY_ID[qid]
    result = question.run(wrong)
    assert result.status == FAIL, f"{wrong.__name__} was not caught"
    message = result.message
    assert message.startswith(f"{question.label}: FAIL.")
    assert "For this input" in message  # the smallest failing input, then
    assert "the answer should be:" in message  # the expected answer, then
    assert re.search(r"your (function|key)|raised", message)  # what the function did
    for name in question.params:
        assert f"    {name} = " in message  # every input, as Python to paste
    assert f"Try it yourself: the lines above, then {question.function}(" in message


# --- the mechanism ------------------------------------------------------------------------------
def test_a_stub_is_not_attempted(capsys):
    def points_of(cards):
        raise NotImplementedError()

    result = ex01.q1.check(points_of)
    out = capsys.readouterr().out
    assert result.status == NOT_ATTEMPTED
    assert out.startswith("ex01 question 1 (points_of): NOT ATTEMPTED.")
    assert out.count("\n") == 1  # exactly one line, one outcome
    assert RESULTS[-1] is result


def test_a_pass_prints_one_line(capsys):
    result = ex01.q1.check(solved01.points_of)
    assert result and result.passed and result.status == PASS
    assert capsys.readouterr().out == result.message + "\n"
    assert "PASS" in result.message and result.cases == len(ex01.q1.cases())


def test_errors_and_wrong_types_are_explained():
    def raises(cards):
        return 1 / 0

    def text(cards):
        return "15"

    def forgot_return(cards):
        sum(c.points for c in cards)

    assert "ZeroDivisionError: division by zero" in ex01.q1.run(raises).message
    assert "'15' (a str), but the answer should be a whole number" in ex01.q1.run(text).message
    assert "Did you forget `return`?" in ex01.q1.run(forgot_return).message
    message = ex01.q5.run(lambda seen: ["S2"]).message
    assert "Return Card values" in message


def test_anything_the_student_raises_is_caught():
    def exits(cards):
        raise SystemExit(3)

    def interrupts(cards):
        raise KeyboardInterrupt

    assert ex01.q1.run(exits).status == FAIL
    assert "KeyboardInterrupt" in ex01.q1.run(interrupts).message


def test_check_needs_a_function():
    result = ex01.q1.run(solved01.points_of(parse_cards("S5")))
    assert result.status == FAIL
    assert "without brackets" in result.message and "q1.check(points_of)" in result.message
    assert "without brackets" in ex01.q1.run(None).message


def test_an_endless_loop_fails_with_a_time_limit():
    def points_of(cards):
        while True:
            pass

    before = set(threading.enumerate())
    result = ex01.q1.run(points_of, limit=0.3)
    assert result.status == FAIL
    assert "did not finish within 0.3 seconds" in result.message
    assert "    cards = " in result.message
    started = [t for t in threading.enumerate() if t not in before]
    for thread in started:  # the looping thread is stopped, not left spinning
        thread.join(timeout=30)
    assert [t for t in started if t.is_alive()] == []


def test_a_slow_but_finite_function_is_not_cut_short():
    def points_of(cards):
        time.sleep(0.001)
        return sum(c.points for c in cards)

    assert ex01.q1.run(points_of, limit=1).status == PASS


def test_the_smallest_failing_input_is_reported():
    def wrong_from_three_cards(cards):
        return 0 if len(cards) >= 3 else sum(c.points for c in cards)

    question = ex01.q1
    failing = [
        c
        for c, want in zip(question.cases(), question.expected(), strict=True)
        if wrong_from_three_cards(c.args[0]) != want
    ]
    smallest = min(c.size for c in failing)
    first = next(c for c in failing if c.size == smallest)
    result = question.run(wrong_from_three_cards)
    assert f"the smallest of {len(failing)} failing cases" in result.message
    assert f"{smallest} cards)" in result.message
    assert f'cards = parse_cards("{" ".join(c.text for c in first.args[0])}")' in result.message


def test_printing_is_captured_and_shown(capsys):
    def points_of(cards):
        print("looking at", len(cards), "cards")
        return 0

    result = ex01.q1.check(points_of)
    out = capsys.readouterr().out
    assert out == result.message + "\n"  # nothing else leaks into the notebook
    assert "Your function printed:\n    looking at" in result.message


def test_behaviour_not_representation_is_compared():
    assert ex01.q5.run(lambda seen: reversed(solved01.rest_of_deck(seen))).passed  # any order
    assert ex01.q5.run(lambda seen: tuple(solved01.rest_of_deck(seen))).passed  # any sequence
    assert ex01.q1.run(lambda cards: float(solved01.points_of(cards))).passed  # 25.0 == 25

    def tuple_key(card, level, trump_suit):  # any key giving the right order passes
        return (
            solved02.is_trump(card, level, trump_suit),
            solved02.strength_key(card, level, trump_suit),
        )

    assert ex02.q3.run(tuple_key).passed
    assert ex02.q3.run(lambda c, lv, s: -1 / (1 + solved02.strength_key(c, lv, s))).passed
    assert ex03.q5.run(lambda cards, trump: list(solved03.lead_shape(cards, trump))).passed


RECEIVES_A_LIST = [
    q for q in ALL_QUESTIONS if any(isinstance(a, list) for c in q.cases() for a in c.args)
]


@pytest.mark.parametrize("question", RECEIVES_A_LIST, ids=lambda q: q.id)
def test_a_function_that_changes_its_input_fails_with_before_and_after(question):
    solution = question.solution_function

    def changes_its_input(*args):
        answer = copy.deepcopy(solution(*args))  # right, and computed before the spoiling
        for arg in args:
            if isinstance(arg, list):
                arg.append(arg[0] if arg else 0)
        return answer

    result = question.run(changes_its_input)
    assert result.status == FAIL
    message = result.message
    assert "and your function returned that too." in message  # the answer itself was right
    assert "But your function changed its input; after the call:" in message
    assert "the answer should be:" in message and "work on a copy" in message
    before, after = message.split("But your function changed its input; after the call:")
    changed = [line for line in after.splitlines() if line.startswith("    ")]
    assert changed and all(line not in before for line in changed)  # after differs from before


def test_a_function_that_reads_its_input_only_passes():
    def points_of(cards):
        cards = list(cards)  # a copy may change
        cards.clear()
        return sum(c.points for c in solved01.rest_of_deck([])) - 200

    assert ex01.q1.run(points_of).status == FAIL  # wrong, but not for changing its input
    assert "changed its input" not in ex01.q1.run(points_of).message
    assert ex01.q1.run(solved01.points_of).passed


def test_answers_cross_as_plain_data_so_a_lying_eq_is_never_asked():
    class EvilCard(Card):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return 0

    class EvilInt(int):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return 0

    def evil():
        card = object.__new__(EvilCard)
        for name, value in [("suit", "S"), ("rank", 2), ("index", 0), ("text", "S2")]:
            object.__setattr__(card, name, value)
        return card

    assert not ex01.q2.run(lambda text: evil()).passed
    assert not ex01.q5.run(lambda seen: [evil()] * 108).passed
    assert not ex01.q1.run(lambda cards: EvilInt(0)).passed
    assert ex01.q1.run(lambda cards: EvilInt(solved01.points_of(cards))).passed  # an int is an int
    assert checking.from_plain(checking.to_plain(evil())) is Card("S", 2)
    message = ex02.q3.run(lambda card, level, suit: object()).message
    assert "cannot be compared" in message and "a number (or a tuple of numbers)" in message


def test_plain_data_round_trips_and_bounds_what_comes_back():
    values = [None, True, 3, 2.5, "T", Card("H", 10), T10, (1, [Card("J", 16)]), [], {"a": 1}]
    plain = [checking.to_plain(v) for v in values]
    assert json.loads(json.dumps(plain)) == plain  # it really is plain JSON
    back = [checking.from_plain(p) for p in plain]
    assert back[:8] == values[:8] and back[8] == []
    assert isinstance(back[9], checking.Foreign) and checking.type_name(back[9]) == "a dict"
    assert checking.from_plain({"$toolarge": 1}).type_name == "answer"
    huge = checking.to_plain(list(range(10**6)))
    assert huge == {"$toolarge": checking.PLAIN_VALUES}
    assert checking.to_plain(iter(range(3)))["items"] == [0, 1, 2]  # any iterable, read once
    forged = [{"$card": "XX"}, {"$trump": [99, "Q"]}, {"$tuple": "no"}, {"evil": 1}, [[[[1]]]]]
    assert all(not isinstance(checking.from_plain(f), Card) for f in forged)


def test_ex04_fails_name_the_rule_broken():
    for qid in ("ex04.q2", "ex04.q3", "ex04.q4"):
        for wrong in WRONG[qid]:
            message = BY_ID[qid].run(wrong).message
            assert re.search(r"Why: (RULES §5\.[1-4], [a-z ,]+: |this play is legal \()", message)
    message = ex04.q2.run(WRONG["ex04.q2"][2]).message  # counts copies: two ♥8 from one
    assert 'play = parse_cards("H8 H8")' in message
    assert "Why: RULES §5.1, play as many cards as were led, all from your hand" in message
    message = ex04.q3.run(WRONG["ex04.q3"][0]).message
    assert "RULES §5.3, follow a pair with a pair: " in message
    assert "RULES §5" in ex04.q5.run(WRONG["ex04.q5"][0]).message


def notebook_namespace(code: str) -> dict:
    """Functions defined as in a notebook: their globals are one namespace."""
    namespace: dict = {}
    exec("from collections import Counter\n" + textwrap.dedent(code), namespace)
    return namespace


def test_a_question_failing_only_because_of_an_earlier_one_says_fix_that_first():
    ns = notebook_namespace(
        """
        def cards_of_suit(hand, suit, trump):
            return [card for card in hand if card.suit == suit]  # printed suits: wrong

        def suit_rule_ok(hand, lead, play, trump):
            suit, n = trump.suit_of(lead[0]), len(lead)
            if len(play) != n or Counter(play) - Counter(hand):
                return False
            hand_suit = cards_of_suit(hand, suit, trump)
            if len(hand_suit) >= n:
                return all(trump.suit_of(card) == suit for card in play)
            return not Counter(hand_suit) - Counter(play)
        """
    )
    assert ex04.q1.run(ns["cards_of_suit"]).status == FAIL
    result = ex04.q2.run(ns["suit_rule_ok"])
    assert result.status == FAIL
    assert "It fails only because cards_of_suit (question 1), which it uses" in result.message
    assert "Fix question 1 first" in result.message
    assert ns["cards_of_suit"].__code__.co_consts  # the student's function is back in place
    assert not ex04.q1.run(ns["cards_of_suit"]).passed


def test_a_question_with_its_own_mistake_is_not_blamed_on_the_earlier_one():
    ns = notebook_namespace(
        """
        def cards_of_suit(hand, suit, trump):
            return [card for card in hand if card.suit == suit]  # wrong

        def suit_rule_ok(hand, lead, play, trump):
            return len(play) == len(lead) and bool(cards_of_suit(hand, "T", trump)) or True
        """
    )
    message = ex04.q2.run(ns["suit_rule_ok"]).message
    assert "fails only because" not in message
    assert "Also, cards_of_suit (question 1), which it uses, does not pass yet" in message
    ok = notebook_namespace(
        "def cards_of_suit(hand, suit, trump):\n"
        "    return [c for c in hand if trump.suit_of(c) == suit]\n"
        "def suit_rule_ok(hand, lead, play, trump):\n"
        "    return bool(cards_of_suit(hand, 'T', trump)) and False\n"
    )
    assert "question 1" not in ex04.q2.run(ok["suit_rule_ok"]).message  # q1 passes: no note


def test_strict_mode_raises_unless_pass(monkeypatch, capsys):
    monkeypatch.setenv("SHENGJI_EDU_STRICT", "1")
    assert ex01.q3.check(solved01.count_pairs).passed
    with pytest.raises(CheckFailed, match="FAIL"):
        ex01.q3.check(lambda hand: 0)
    with pytest.raises(CheckFailed, match="NOT ATTEMPTED"):
        ex01.q3.check(lambda hand: (_ for _ in ()).throw(NotImplementedError()))
    monkeypatch.setenv("SHENGJI_EDU_STRICT", "0")
    assert ex01.q3.check(lambda hand: 0).status == FAIL
    capsys.readouterr()


def test_hint_and_solution_print(capsys):
    ex04.q5.hint()
    ex04.q5.solution()
    out = capsys.readouterr().out
    assert "Hint for ex04 question 5 (count_legal_follows)" in out
    assert "def count_legal_follows(hand, lead, trump):" in out


def test_a_result_shows_nothing_more_in_a_notebook():
    result = ex01.q1.run(solved01.points_of)
    assert result._ipython_display_() is None
    assert result.to_dict()["status"] == PASS
    assert json.loads(json.dumps(result.to_dict()))["question"] == "ex01.q1"


def test_the_references_agree_with_the_package_players():
    """solved06.bury_low is the greedy player's rule; ex08 uses its costs (cross-checked here)."""
    from types import SimpleNamespace

    from shengji_edu.players.greedy import bury_low_cards, play_cost

    for case in ex06.q4.cases()[:60]:
        hand, trump = case.args
        view = SimpleNamespace(trump=trump, hand=sorted(hand))  # stable sort = card order
        assert Counter(bury_low_cards(view)) == Counter(solved06.bury_low(hand, trump))
    rng = random.Random(5)
    for _ in range(100):
        hand = rng.sample(new_deck(), 10)
        play = rng.sample(hand, 3)
        assert solved08.play_cost(play, hand, T10) == play_cost(play, Counter(hand), T10)


# --- the notebooks --------------------------------------------------------------------------------
def test_solution_notebooks_match_the_questions():
    for exercise in EXERCISES:
        path = SOLUTION_DIR / notebook_name(exercise)
        notebook = nbformat.read(path, as_version=4)
        assert notebook.metadata["shengji_edu"]["exercise"] == exercise
        code = [c.source for c in notebook.cells if c.cell_type == "code"]
        for q in questions(exercise):
            assert any(
                s.startswith(f"def {q.function}(") and "### BEGIN SOLUTION" in s for s in code
            )
            assert f"q{q.number}.check({q.function})" in code
        assert not any(c.get("outputs") for c in notebook.cells if c.cell_type == "code")


def test_lessons_link_to_their_exercises():
    for exercise, slug in EXERCISES.items():
        lesson = ROOT / "lessons" / f"{slug}.ipynb"
        if not lesson.exists():
            continue  # a lesson still being written
        text = "".join(c.source for c in nbformat.read(lesson, as_version=4).cells)
        assert f"(../exercises/{notebook_name(exercise)})" in text
        assert "coming soon (`exercises/" not in text


def test_student_copies_are_up_to_date():
    tool = load_tool()
    assert tool.check() == []
    assert tool.main(["--check"]) == 0


def test_check_mode_names_a_stale_copy(tmp_path, capsys):
    tool = load_tool()
    solutions, students = tmp_path / "solutions", tmp_path / "students"
    shutil.copytree(SOLUTION_DIR, solutions)
    students.mkdir()
    assert tool.main(["--solutions", str(solutions), "--students", str(students)]) == 0
    assert tool.check(solutions, students) == []
    path = solutions / notebook_name("ex03")
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[0].source += "\nOne more sentence."
    nbformat.write(notebook, path)
    assert tool.main(["--check", "--solutions", str(solutions), "--students", str(students)]) == 1
    err = capsys.readouterr().err
    assert f"{notebook_name('ex03')} is out of date" in err
    assert "ex01" not in err


def test_check_mode_refuses_notebooks_that_import_more_than_the_checks(tmp_path, capsys):
    """A student copy imports the checks only: never ``*``, never the answers."""
    tool = load_tool()
    solutions, students = tmp_path / "solutions", tmp_path / "students"
    shutil.copytree(SOLUTION_DIR, solutions)
    students.mkdir()
    path = solutions / notebook_name("ex01")
    notebook = nbformat.read(path, as_version=4)
    assert tool.bad_imports(notebook) == []
    first = next(c for c in notebook.cells if "import q1" in c.source)
    for line in [
        "from shengji_edu.exercises.ex01 import *",
        "from shengji_edu.exercises.ex01 import q1, points_of",
        "from shengji_edu.exercises.solutions_ex01 import points_of",
    ]:
        first.source += "\n" + line
        assert tool.bad_imports(notebook)[-1] in (line, "solutions_ex…")
    nbformat.write(notebook, path)
    assert tool.main(["--solutions", str(solutions), "--students", str(students)]) == 0
    assert tool.main(["--check", "--solutions", str(solutions), "--students", str(students)]) == 1
    assert "imports more than the checks" in capsys.readouterr().err


def test_regions_become_stubs():
    tool = load_tool()
    source = 'def f(x):\n    """Doc."""\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION'
    assert tool.strip_regions(source) == (
        'def f(x):\n    """Doc."""\n    raise NotImplementedError()',
        1,
    )
    for bad in [
        "    ### BEGIN SOLUTION\n    x",
        "### BEGIN SOLUTION\n### END SOLUTION",
        "    ### END SOLUTION",
    ]:
        with pytest.raises(tool.RegionError):
            tool.strip_regions(bad)


@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_student_copies_hold_no_solution_and_no_output(exercise):
    notebook = nbformat.read(EXERCISE_DIR / notebook_name(exercise), as_version=4)
    text = json.dumps(notebook)
    assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    for q in questions(exercise):
        cell = next(c for c in notebook.cells if c.source.startswith(f"def {q.function}("))
        body = [line.strip() for line in cell.source.split("\n")[1:] if line.strip()]
        assert body[-1] == "raise NotImplementedError()"
        assert len(body) == 2  # the docstring and the stub: nothing of the solution
        solution_lines = [
            line.strip() for line in q.solution_code().split("\n")[2:] if len(line.strip()) > 12
        ]
        assert not any(line in cell.source for line in solution_lines)


@pytest.mark.slow
def test_student_copies_run_cleanly_and_every_check_is_not_attempted():
    """Execute each student copy in a fresh kernel; read its check results, not its text."""
    from shengji_edu.grading import grade

    paths = [EXERCISE_DIR / notebook_name(exercise) for exercise in EXERCISES]
    rows = grade(paths, timeout=120, jobs=2)
    for row, exercise in zip(rows, EXERCISES, strict=True):
        expected = [q.id for q in questions(exercise)]
        assert row.exercise == exercise
        assert row.notes == [], row.notes  # no cell raised an error
        own = row.own_checks  # what the notebook's check cells returned, in order
        assert [c["question"] for c in own] == expected
        assert {c["status"] for c in own} == {NOT_ATTEMPTED}
        assert row.statuses == dict.fromkeys(expected, NOT_ATTEMPTED)  # the grader agrees
