"""The play table's review tab: after a hand, the hand explained in the table's language.

Driven like tests/frontends/test_widget.py: the hand is played by clicking legal cards.
While the hand is played the tab only says that the review comes later (the review tells
what every hand held); once it is over the tab holds each trick's explanation, the person's
own plays in bold, in English or Chinese, and a language change rewrites it.
"""

from __future__ import annotations

from html import unescape

import pytest
from table_helpers import select, text
from test_i18n import english_words
from test_widget import deal, play_out

from shengji_edu.game import FINISHED
from shengji_edu.review import explain_round
from shengji_edu.widgets import PlayTable

REVIEW_TAB = 3


@pytest.fixture(autouse=True)
def _tricks_go_on_at_once(monkeypatch):
    """The computer players go on after a trick without waiting for *go on*, as in
    tests/frontends/test_widget.py."""
    monkeypatch.setattr("shengji_edu.widgets.table.DEFAULT_TRICK_PAUSE", 0)


def finish(pt: PlayTable) -> None:
    deal(pt)
    if pt.round.phase == "kitty":
        select(pt, pt.round.trump.sort(pt.round.hand(0))[-8:])
        pt.bury_button.click()
    play_out(pt)
    assert pt.round.phase == FINISHED


def test_the_review_tab_waits_for_the_end_of_the_hand_then_explains_it():
    pt = PlayTable(seed=4)
    assert pt.ui.tabs.get_title(REVIEW_TAB) == "review"
    assert pt.ui.tabs.children[REVIEW_TAB] is pt.review_html
    assert "When the hand is over, its review appears here" in text(pt.review_html)
    deal(pt)
    assert "When the hand is over" in text(pt.review_html)  # nothing hidden leaks
    finish(pt)
    shown = unescape(pt.review_html.value)
    notes = explain_round(pt.round)
    assert len(notes) == len(pt.round.tricks) > 0
    for note in notes:
        assert note.text in shown
        for play in note.plays:
            mine = f"<b>{play.text}</b>" in shown
            assert play.text in shown and mine == (play.seat == pt.you)
    assert shown.count("class='shengji-review-trick'") == len(notes)


def test_the_review_assesses_your_plays_as_the_review_command_does():
    from shengji_edu.i18n import render
    from shengji_edu.players.assess import assess_seat
    from shengji_edu.review.assessment import decision_lines
    from shengji_edu.widgets.review import ASSESS_WORLDS

    pt = PlayTable(seed=4)
    finish(pt)
    shown = unescape(pt.review_html.value)
    assert "Your plays, assessed" in shown
    decisions = assess_seat(pt.round, pt.you, budget=ASSESS_WORLDS, seed=pt.seed)
    lines = [render(line) for d in decisions for line in decision_lines(d)]
    assert shown.count("class='shengji-review-assess'") == len(lines) >= len(decisions) > 0
    for line in lines:
        assert line in shown


def test_the_review_follows_the_table_language():
    pt = PlayTable(seed=4)
    finish(pt)  # played in English (play_out reads the English card names)
    pt.language_dropdown.value = "zh"
    assert pt.ui.tabs.get_title(REVIEW_TAB) == "复盘"
    shown = unescape(pt.review_html.value)
    for note in explain_round(pt.round, "zh"):
        assert note.text in shown
    assert not english_words(pt.review_html.value)
    pt.language_dropdown.value = "en"
    assert pt.ui.tabs.get_title(REVIEW_TAB) == "review"
    assert explain_round(pt.round)[0].text in unescape(pt.review_html.value)


def test_a_chinese_table_says_the_review_comes_later_in_chinese():
    pt = PlayTable(seed=4, lang="zh")
    assert pt.ui.tabs.get_title(REVIEW_TAB) == "复盘"
    assert "这副牌打完后，复盘会显示在这里" in text(pt.review_html)
    assert not english_words(pt.review_html.value)


def test_a_hand_the_solver_cannot_score_says_it_is_not_assessed():
    from shengji_edu.rules import RuleSet

    pt = PlayTable(seed=4, rules=RuleSet(decks=1, settlement="forty_five"))
    finish(pt)
    shown = unescape(pt.review_html.value)
    assert "cannot be assessed here (the 45-point game)" in shown
    assert explain_round(pt.round)[0].text in shown  # the explanations are still there
