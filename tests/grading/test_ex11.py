"""Exercise 11 (more decks): its checks pass the solutions and catch plausible wrong answers.

* the stored solutions pass (also as printed by ``q.solution()``, in the notebook's context);
* a stub is NOT ATTEMPTED;
* plausible wrong answers, most of them the two-deck habit the lesson is about (a pair is a
  card counted twice, 40-point steps, every card twice) or a table read wrong (a band's edge
  off by one, the step forgotten, the width kitty table in the wrong order), FAIL, and each
  message names the RULES section that decides the case;
* a function that changes its input FAILs, saying so;
* ``multiplier`` and ``kitty_table`` built on a wrong ``lead_shape`` are told to fix question 4
  first;
* ``shengji grade`` grades a solved copy PASS everywhere and the student copy NOT ATTEMPTED.

``wrong_answers()`` is also read by tests/grading/test_exercises.py, whose general checks (every
question has known wrong answers, each FAIL message has its parts) run on every exercise.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from shengji_edu import ALL_CARDS, decompose, new_deck, parse_cards
from shengji_edu.exercises import FAIL, NOT_ATTEMPTED, PASS, ex11, notebook_name, questions
from shengji_edu.exercises import solutions_ex11 as solved11

ROOT = Path(__file__).resolve().parents[2]
STUDENT_COPY = ROOT / "exercises" / notebook_name("ex11")
SOLUTION_COPY = ROOT / "exercises" / "solutions" / notebook_name("ex11")
BY_NUMBER = {q.number: q for q in ex11.QUESTIONS}
SECTION = {1: "RULES §11.1", 2: "RULES §11.1, units", 3: "RULES §11.1, settlement"}
SECTION |= {4: "RULES §11.1, decomposition", 5: "RULES §11.1 and §11.4"}
SECTION |= {6: "RULES §12.9, settlement tables", 7: "RULES §12.8"}


def wrong_answers() -> dict[str, list]:
    """Plausible wrong answers to every question of ex11, by question id."""

    def two_copies(decks):  # the hidden 2, still hidden
        return [card for card in ALL_CARDS for _ in range(2)]

    def no_jokers(decks):
        return [card for card in ALL_CARDS[:52] for _ in range(decks)]

    def one_of_each(decks):
        return list(set(new_deck(decks)))

    def pairs_are_counted_twice(cards, trump):  # two-deck thinking: no triples
        counts = Counter(cards)
        if len(counts) == 1:
            return {1: "single", 2: "pair"}.get(len(cards))
        return solved11.unit_kind(cards, trump) if set(counts.values()) == {2} else None

    def steps_as_a_set(cards, trump):  # two groups on one shared step look consecutive
        counts = Counter(cards)
        if not cards or len(set(counts.values())) != 1 or len(counts) == 1:
            return solved11.unit_kind(cards, trump)
        if len({trump.suit_of(c) for c in cards}) != 1 or len(cards) == len(counts):
            return None
        steps = sorted({trump.step(c) for c in counts})
        if steps != list(range(steps[0], steps[0] + len(steps))):
            return None
        return "tractor" if len(cards) // len(counts) == 2 else "titanic"

    def printed_suits(cards, trump):  # printed suit instead of effective suit
        if len({card.suit for card in cards}) > 1:
            return None
        return solved11.unit_kind(cards, trump)

    def two_deck_settlement(points, decks):
        return solved11.settle_levels(points, 2)

    def step_of_40_per_deck(points, decks):
        return solved11.settle_levels(points, 2 * decks)

    def deal_taken_at_one_step(points, decks):
        step = 20 * decks
        if points == 0:
            return 3, 0
        if points < step:
            return 2, 0
        return 0, (points - step) // step

    def no_shared_step_rule(cards, trump):  # on a shared step, the first card that fills it
        return _shape_with(cards, trump, pick=lambda options, counts: options[0])

    def only_exact_pairs_in_tractors(cards, trump):  # the hidden 2: a pair is a count of 2
        return _shape_with(cards, trump, exact_pairs=True)

    def tractor_before_titanic(cards, trump):
        return _shape_with(cards, trump, wider_first=False)

    def longest_run_first(cards, trump):  # most steps instead of most cards
        return _shape_with(cards, trump, by_steps=True)

    def cap_ignored(lead, trump, kitty, kitty_max):
        return solved11.multiplier(lead, trump, kitty, None)

    def plain_as_2m(lead, trump, kitty, kitty_max):
        value = solved11.multiplier(lead, trump, kitty, kitty_max)
        return 2 * value if kitty == "plain" else value

    def triples_counted_as_pairs(lead, trump, kitty, kitty_max):  # two-deck thinking again
        m = max(2 * unit.pairs or 1 for unit in decompose(lead, trump))
        value = {"power": 2**m, "linear": 2 * m, "plain": m}[kitty]
        return value if kitty_max is None else min(value, kitty_max)

    def cap_as_a_floor(lead, trump, kitty, kitty_max):
        value = solved11.multiplier(lead, trump, kitty, None)
        return value if kitty_max is None else max(value, kitty_max)

    def step_forgotten(points, bands, step):
        low, side, levels = [band for band in bands if band[0] <= points][-1]
        return side, levels

    def step_counted_from_zero(points, bands, step):
        low, side, levels = [band for band in bands if band[0] <= points][-1]
        if low == bands[-1][0] and step is not None:
            levels += points // step
        return side, levels

    def band_starts_after_its_first_point(points, bands, step):  # < where <= is meant
        low, side, levels = ([band for band in bands if band[0] < points] or bands[:1])[-1]
        if low == bands[-1][0] and step is not None:
            levels += (points - low) // step
        return side, levels

    def step_never_none(points, bands, step):
        low, side, levels = [band for band in bands if band[0] <= points][-1]
        if low == bands[-1][0]:
            levels += (points - low) // step
        return side, levels

    def first_band_that_fits(points, bands, step):
        low, side, levels = next(band for band in bands if band[0] <= points)
        if low == bands[-1][0] and step is not None:
            levels += (points - low) // step
        return side, levels

    def _kitty_with(lead, trump, kitty, **changed):
        titanics, tractors, triples, pairs, singles = solved11.lead_shape(lead, trump)
        if kitty == "cards":
            return changed.get("cards", lambda: 2 ** len(lead))()
        if kitty == "pairs":
            counted = triples if changed.get("triples_are_pairs", True) else 0
            return 2 ** (1 + sum(titanics) + sum(tractors) + counted + pairs)
        kinds = [("titanic", titanics), ("triple", triples), ("tractor", tractors)]
        kinds += [("pair", pairs)]
        if changed.get("largest_first"):  # by the kind that is largest, not the seed's order
            kinds = [kinds[0], kinds[2], kinds[1], kinds[3]]
        for kind, held in kinds:
            if held:
                value = {
                    "titanic": 2 * 3 ** max(titanics) if titanics else 0,
                    "triple": 6,
                    "tractor": 2 * 2 ** max(tractors) if tractors else 0,
                    "pair": 4,
                }[kind]
                if kind == "titanic" and changed.get("titanic_without_2"):
                    value //= 2
                return value
        return 2

    def width_by_the_largest_kind(lead, trump, kitty):
        return _kitty_with(lead, trump, kitty, largest_first=True)

    def triples_are_no_pairs(lead, trump, kitty):  # two-deck thinking: pairs only
        return _kitty_with(lead, trump, kitty, triples_are_pairs=False)

    def distinct_cards_only(lead, trump, kitty):
        return _kitty_with(lead, trump, kitty, cards=lambda: 2 ** len(set(lead)))

    def titanic_without_the_2(lead, trump, kitty):
        return _kitty_with(lead, trump, kitty, titanic_without_2=True)

    return {
        "ex11.q1": [two_copies, no_jokers, one_of_each],
        "ex11.q2": [pairs_are_counted_twice, steps_as_a_set, printed_suits],
        "ex11.q3": [two_deck_settlement, step_of_40_per_deck, deal_taken_at_one_step],
        "ex11.q4": [
            no_shared_step_rule,
            only_exact_pairs_in_tractors,
            tractor_before_titanic,
            longest_run_first,
        ],
        "ex11.q5": [cap_ignored, plain_as_2m, triples_counted_as_pairs, cap_as_a_floor],
        "ex11.q6": [
            step_forgotten,
            step_counted_from_zero,
            band_starts_after_its_first_point,
            step_never_none,
            first_band_that_fits,
        ],
        "ex11.q7": [
            width_by_the_largest_kind,
            triples_are_no_pairs,
            distinct_cards_only,
            titanic_without_the_2,
        ],
    }


def _shape_with(cards, trump, pick=None, exact_pairs=False, wider_first=True, by_steps=False):
    """solved11.lead_shape with one of its rules changed (for the wrong answers above)."""
    counts = Counter(cards)
    titanics, tractors = [], []
    while True:
        best = None
        for width in (2, 3):
            at_step: dict[int, list] = {}
            for card in counts:
                exact = exact_pairs and width == 2
                if counts[card] == width if exact else counts[card] >= width:
                    at_step.setdefault(trump.step(card), []).append(card)
            for top in at_step:
                if top + 1 in at_step:
                    continue
                steps = 1
                while top - steps in at_step:
                    steps += 1
                key = (
                    steps if by_steps else width * steps,
                    width * (1 if wider_first else -1),
                    top,
                )
                if steps >= 2 and (best is None or key > best[0]):
                    best = (key, width, top, steps, at_step)
        if best is None:
            break
        _key, width, top, steps, at_step = best
        for step in range(top - steps + 1, top + 1):
            options = at_step[step]
            card = pick(options, counts) if pick else min(options, key=lambda c: counts[c])
            counts[card] -= width
        (titanics if width == 3 else tractors).append(steps)
    held = Counter(counts.values())
    return titanics, tractors, held[3], held[2], held[1]


WRONG = wrong_answers()
WRONG_CASES = [(qid, fn) for qid, fns in WRONG.items() for fn in fns]


def by_id(qid: str):
    return BY_NUMBER[int(qid.rsplit("q", 1)[1])]


# --- the solutions and the stubs -------------------------------------------------------------
def test_seven_questions_the_last_two_on_house_rule_tables():
    assert [q.function for q in questions("ex11")] == [
        "deck_of",
        "unit_kind",
        "settle_levels",
        "lead_shape",
        "multiplier",
        "settle_by",
        "kitty_table",
    ]
    assert set(WRONG) == {q.id for q in ex11.QUESTIONS}


@pytest.mark.parametrize("question", ex11.QUESTIONS, ids=lambda q: q.id)
def test_the_solution_passes(question):
    result = question.run(question.solution_function)
    assert result.status == PASS, result.message
    assert result.cases == len(question.cases()) >= 3


@pytest.mark.parametrize("question", ex11.QUESTIONS, ids=lambda q: q.id)
def test_a_stub_is_not_attempted(question):
    def stub(*args):
        raise NotImplementedError()

    result = question.run(stub)
    assert result.status == NOT_ATTEMPTED
    assert "still raises NotImplementedError" in result.message


def test_the_cases_cover_every_kind_and_three_decks():
    kinds = Counter(ex11.q2.expected())
    assert set(kinds) == {*ex11.KINDS, None} and min(kinds.values()) >= 15
    copies = [max(Counter(c.args[0]).values(), default=0) for c in ex11.q4.cases()]
    assert max(copies) == 3  # three-deck holdings, never more copies than three decks have
    shapes = [e for e in ex11.q4.expected()]
    assert sum(1 for titanics, *_ in shapes if titanics) >= 30
    assert any(tractors and triples for _, tractors, triples, _, _ in shapes)
    assert {c.args[1] for c in ex11.q3.cases()} == {1, 2, 3}
    assert {c.args[2] for c in ex11.q5.cases()} == {"power", "linear", "plain"}
    assert {c.args[3] for c in ex11.q5.cases()} >= {None, 64}
    tables = {(tuple(c.args[1]), c.args[2]) for c in ex11.q6.cases()}
    assert len(tables) >= 100 and {step for _, step in tables} >= {None, 20, 40}
    assert {side for bands, _ in tables for _, side, _ in bands} == {"D", "A"}
    for points, bands, _step in (c.args for c in ex11.q6.cases()):
        assert points >= 0 and bands[0][0] == 0  # tables that make sense, points from 0
    assert {c.args[2] for c in ex11.q7.cases()} == {"cards", "pairs", "width"}


# --- wrong answers -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("qid", "wrong"), WRONG_CASES, ids=[f"{q}-{f.__name__}" for q, f in WRONG_CASES]
)
def test_a_wrong_answer_fails_and_names_the_rule(qid, wrong):
    question = by_id(qid)
    result = question.run(wrong)
    assert result.status == FAIL, f"{wrong.__name__} was not caught"
    message = result.message
    assert message.startswith(f"{question.label}: FAIL.")
    assert "For this input" in message and "the answer should be:" in message
    assert SECTION[question.number] in message
    assert f"Try it yourself: the lines above, then {question.function}(" in message


def test_the_messages_show_what_decides_the_case():
    message = ex11.q1.run(WRONG["ex11.q1"][0]).message
    assert "decks = 1" in message and "54 distinct cards" in message
    assert "Missing from your answer" in message or "In your answer but not expected" in message
    message = ex11.q2.run(WRONG["ex11.q2"][0]).message  # triples unknown to two-deck code
    assert "The package splits these cards into: " in message
    assert "triple" in message.split("the answer should be:")[1]
    message = ex11.q3.run(WRONG["ex11.q3"][0]).message
    assert "the step is s = 20 x " in message
    message = ex11.q4.run(WRONG["ex11.q4"][0]).message  # the shared-step rule
    assert "fewest copies" in message and "The package splits these cards into: " in message
    assert "10" in message.split("For this input")[1].split("the answer should be:")[0]
    message = ex11.q5.run(WRONG["ex11.q5"][0]).message
    assert "kitty_max = " in message and "caps it (at most x" in message
    message = ex11.q6.run(WRONG["ex11.q6"][0]).message  # the step past the last band
    assert "step = 20" in message and "past the last band" in message
    assert "the last band starts at" in message
    message = ex11.q6.run(WRONG["ex11.q6"][2]).message  # an edge off by one
    assert "    points = 1\n" in message
    message = ex11.q7.run(WRONG["ex11.q7"][0]).message  # triple before tractor
    assert "the first kind" in message and "The package splits this lead into: " in message
    assert 'kitty = "width"' in message and "tractor HK HK HQ HQ + triple H9 H9 H9" in message


@pytest.mark.parametrize("question", [ex11.q2, ex11.q4, ex11.q5, ex11.q7], ids=lambda q: q.id)
def test_a_function_that_changes_its_input_fails(question):
    def spoils(*args):
        answer = question.solution_function(*args)
        args[0].reverse()
        args[0].append(args[0][0] if args[0] else parse_cards("BJ")[0])
        return answer

    message = question.run(spoils).message
    assert "But your function changed its input; after the call:" in message
    assert "work on a copy" in message


def notebook_namespace(code: str) -> dict:
    namespace: dict = {}
    exec("from collections import Counter\n" + textwrap.dedent(code), namespace)
    return namespace


MULTIPLIER = """
def multiplier(lead, trump, kitty, kitty_max):
    titanics, tractors, triples, pairs, singles = lead_shape(lead, trump)
    sizes = [3 * k for k in titanics] + [2 * k for k in tractors]
    sizes += [3] * triples + [2] * pairs + [1] * singles
    m = max(sizes)
    value = {"power": 2**m, "linear": 2 * m, "plain": m}[kitty]
    return value if kitty_max is None else min(value, kitty_max)
"""


def test_a_multiplier_failing_only_because_of_lead_shape_is_told_to_fix_question_4():
    wrong_shape = """
    def lead_shape(cards, trump):  # every card a single: no units at all
        return [], [], 0, 0, len(cards)
    """
    ns = notebook_namespace(textwrap.dedent(wrong_shape) + MULTIPLIER)
    assert ex11.q4.run(ns["lead_shape"]).status == FAIL
    result = ex11.q5.run(ns["multiplier"])
    assert result.status == FAIL
    assert "It fails only because lead_shape (question 4), which it uses" in result.message
    assert "Fix question 4 first" in result.message
    right = notebook_namespace(ex11.q4.solution_code() + MULTIPLIER)
    assert ex11.q5.run(right["multiplier"]).passed
    ns = notebook_namespace(textwrap.dedent(wrong_shape) + "\n" + ex11.q7.solution_code())
    result = ex11.q7.run(ns["kitty_table"])
    assert result.status == FAIL and "Fix question 4 first" in result.message


# --- the notebooks and the grader ----------------------------------------------------------
def test_the_notebooks_link_the_lesson_and_hold_every_question():
    for path in (SOLUTION_COPY, STUDENT_COPY):
        notebook = nbformat.read(path, as_version=4)
        assert notebook.metadata["shengji_edu"]["exercise"] == "ex11"
        links = re.findall(r"\]\(([^)]*11_more_decks\.ipynb)\)", notebook.cells[0].source)
        assert links, "the first cell links lesson 11"
        assert all(
            (path.parent / link).resolve() == ROOT / "lessons" / "11_more_decks.ipynb"
            for link in links
        ), links
        code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
        for q in ex11.QUESTIONS:
            assert f"q{q.number}.check({q.function})" in code
    lesson = json.loads((ROOT / "lessons" / "11_more_decks.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in lesson["cells"])
    assert "(../exercises/ex11_more_decks.ipynb)" in text


def solved_copy(folder: Path) -> Path:
    """The student copy with every stub replaced by the stored solution's body."""
    notebook = nbformat.read(STUDENT_COPY, as_version=4)
    for cell in notebook.cells:
        for q in ex11.QUESTIONS:
            if cell.cell_type == "code" and cell.source.startswith(f"def {q.function}("):
                cell.source = q.solution_code()
    path = folder / "ex11_solved.ipynb"
    nbformat.write(notebook, path)
    return path


@pytest.mark.slow
def test_the_grader_grades_a_solved_and_an_unsolved_copy(tmp_path):
    from shengji_edu.grading import grade

    unsolved = tmp_path / "ex11_unsolved.ipynb"
    unsolved.write_bytes(STUDENT_COPY.read_bytes())
    rows = grade([solved_copy(tmp_path), unsolved], timeout=120, jobs=2)
    ids = [q.id for q in ex11.QUESTIONS]
    solved_row, unsolved_row = rows
    assert solved_row.exercise == unsolved_row.exercise == "ex11"
    assert solved_row.statuses == dict.fromkeys(ids, PASS), solved_row.notes
    assert unsolved_row.statuses == dict.fromkeys(ids, NOT_ATTEMPTED), unsolved_row.notes
    assert solved_row.notes == [] and unsolved_row.notes == []
    assert [c["status"] for c in unsolved_row.own_checks] == [NOT_ATTEMPTED] * len(ids)
    assert re.fullmatch(r"[0-9a-f]{64}", solved_row.sha256 or "")
