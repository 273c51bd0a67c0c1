"""Lesson 11 (more decks): what it claims about the old code, and its follow-ladder picture.

* The lesson says its fingerprint of 300 two-deck tricks was recorded with the rules core as
  it was before RULES §11. That code's 300 lines are in the golden data (``tests/golden``,
  recorded by running the lesson's cell against the frozen copy of the old rules): their
  fingerprint is the lesson's, and the package's lines say the same (reasons by their gist).
* ``draw_follow_ladder`` (shengji_edu.render.pictures) draws one row per rung, marks the
  cards played, copies counted, and refuses a play that is not in its hand.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from golden_data import gist, load

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

import shengji_edu  # noqa: E402
from shengji_edu import Trump, legal_follows, parse_cards  # noqa: E402
from shengji_edu.render.pictures import (  # noqa: E402
    KEPT_FACE,
    PLAYED_EDGE,
    draw_follow_ladder,
)

LESSON = Path(__file__).resolve().parents[2] / "lessons" / "11_more_decks.ipynb"


def lesson_cell(marker: str) -> str:
    """The source of the lesson's code cell containing ``marker``, without its imports."""
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    (source,) = [
        "".join(c["source"])
        for c in cells
        if c["cell_type"] == "code" and marker in "".join(c["source"])
    ]
    return "\n".join(line for line in source.splitlines() if not line.startswith("from "))


def test_the_recorded_fingerprint_is_what_the_old_two_deck_code_gave():
    golden = load("lesson11")
    lines = golden["lines"]
    assert len(lines) == 300 and golden["seeds"] == [1, 300]
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    assert digest == golden["sha256_16"]
    # the lesson's cell, with the old code's answer for each seed: its assert passes
    namespace = {"hashlib": hashlib, "two_deck_answers": lambda seed: lines[seed - 1]}
    exec(lesson_cell("RECORDED = "), namespace)
    assert namespace["RECORDED"] == digest and namespace["lines"] == lines


def test_the_package_tells_the_lessons_tricks_as_the_old_code_did():
    namespace = {"hashlib": hashlib, "random": random, **vars(shengji_edu)}
    exec(lesson_cell("def two_deck_answers("), namespace)
    for seed, was in enumerate(load("lesson11")["lines"], start=1):
        line = namespace["two_deck_answers"](seed)
        play, _, reason = line.partition(" -> ")
        old_play, _, old_reason = was.partition(" -> ")
        winner, _, reason = reason.partition("; ")
        old_winner, _, old_reason = old_reason.partition("; ")
        assert (play, winner) == (old_play, old_winner), seed
        said = [gist("" if text == "legal" else text) for text in (reason, old_reason)]
        assert said[0] == said[1], seed


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


L10S = Trump(10, "S")


def test_one_row_per_rung_with_the_played_cards_marked():
    lead = parse_cards("H7 H7 H7")
    hands = [parse_cards("HK HK HK H9 H3"), parse_cards("HK HK H9 H3")]
    rungs = [("a triple", hands[0], parse_cards("HK HK HK"))]
    rungs.append(("else a pair and a single", hands[1], parse_cards("HK H3 HK")))
    ax = draw_follow_ladder(rungs, trump=L10S, lead=lead, title="ladder")
    assert len(ax.patches) == 3 + 5 + 4  # the lead, then every card of each hand
    texts = [t.get_text() for t in ax.texts]
    assert texts[0] == "lead" and "a triple" in texts and "else a pair and a single" in texts
    assert texts.count("♥7") == 3 and texts.count("♥K") == 3 + 2 and ax.get_title() == "ladder"
    played = [
        p for p in ax.patches if p.get_edgecolor()[:3] == matplotlib.colors.to_rgb(PLAYED_EDGE)
    ]
    assert len(played) == 3 + 3 + 3  # the lead's cards, then each rung's play
    kept = [p for p in ax.patches if p.get_facecolor()[:3] == matplotlib.colors.to_rgb(KEPT_FACE)]
    assert len(kept) == 2 + 1  # ♥9 ♥3, then ♥9
    assert len(ax.lines) == 1  # the line under the lead


def test_a_ladder_from_legal_follows_and_without_a_lead():
    lead = parse_cards("H7 H7 H7 H8 H8 H8")
    hand = parse_cards("HK HK HQ HQ H9 H4 H3")
    play = legal_follows(hand, lead, L10S)[0]
    ax = draw_follow_ladder([("a tractor and any two", hand, play)])
    assert len(ax.patches) == len(hand) and not ax.lines
    assert [t.get_text() for t in ax.texts][0] == "a tractor and any two"


def test_a_play_not_in_its_hand_is_refused_and_nothing_is_drawn():
    fig, ax = plt.subplots()
    with pytest.raises(
        ValueError,
        match=r"the play HK HK HK is not in the hand HK HK H2 \(copies counted, too many: HK\)",
    ):
        draw_follow_ladder([("x", parse_cards("HK HK H2"), parse_cards("HK HK HK"))], ax=ax)
    assert not ax.patches and not ax.texts
    with pytest.raises(ValueError, match="colour scheme"):
        draw_follow_ladder([], colors="rainbow")
