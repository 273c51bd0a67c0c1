"""Self-checking exercises: one module per lesson (``ex01`` … ``ex09``,
``ex10`` for the Gin Rummy appendix, ``ex11`` for more decks, ``ex13`` for learning to
play), each with ``q1``, ``q2`` …

In an exercise notebook::

    from shengji_edu.exercises.ex01 import q1

    def points_of(cards):
        ...

    q1.check(points_of)   # PASS / FAIL (smallest failing input) / NOT ATTEMPTED
    q1.hint()
    q1.solution()

The mechanism is in :mod:`.checking`; the random cases come from :mod:`.generate`. The
answers (the solutions ``q.solution()`` prints and the references the checks compare with)
live apart, in ``solutions_exNN``, loaded only when a check or ``solution()`` needs them: the
grader's sandboxed child runs without them (see :mod:`shengji_edu.grading`).
``shengji grade`` (:mod:`shengji_edu.grading`) runs the same checks on submitted notebooks.
"""

from __future__ import annotations

from importlib import import_module

from .checking import (
    FAIL,
    NOT_ATTEMPTED,
    PASS,
    STRICT_VARIABLE,
    CheckFailed,
    CheckResult,
    Question,
)

EXERCISES = {
    "ex01": "01_cards",
    "ex02": "02_trump_order",
    "ex03": "03_pairs_and_tractors",
    "ex04": "04_following",
    "ex05": "05_tricks",
    "ex06": "06_declaring_and_kitty",
    "ex07": "07_scoring_and_match",
    "ex08": "08_simple_ai",
    "ex09": "09_play",
    "ex10": "10_gin_rummy",
    "ex11": "11_more_decks",
    "ex13": "13_learning_to_play",
}
"""Exercise id → the slug it shares with its lesson (``lessons/01_cards.ipynb``)."""


def notebook_name(exercise: str) -> str:
    """``"ex01"`` → ``"ex01_cards.ipynb"``, the file name of the exercise notebook."""
    slug = EXERCISES[exercise]
    return f"{exercise}_{slug.split('_', 1)[1]}.ipynb"


def questions(exercise: str) -> list[Question]:
    """The questions of one exercise, in order, e.g. ``questions("ex01")``."""
    if exercise not in EXERCISES:
        raise ValueError(f"unknown exercise {exercise!r}: use one of {', '.join(EXERCISES)}")
    return list(import_module(f"{__name__}.{exercise}").QUESTIONS)


__all__ = [
    "EXERCISES",
    "FAIL",
    "NOT_ATTEMPTED",
    "PASS",
    "STRICT_VARIABLE",
    "CheckFailed",
    "CheckResult",
    "Question",
    "notebook_name",
    "questions",
]
