"""The bugs of issue 15, one headless test each (each failed on the table before the fix).

Like tests/frontends/test_widget.py, these drive the widget as a person would (``.value`` on
toggles, ``.click()`` on buttons) and read only engine state and widget values. A double click in
a browser is two click messages that the kernel handles one after the other, after the
first one's redraw has been computed but possibly before the browser has shown it: here,
two ``.click()`` calls in a row.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from table_helpers import legal_choice, select, text

from shengji_edu import decompose, format_cards, trick_points
from shengji_edu.game import DEALING, FINISHED, KITTY, PLAYING
from shengji_edu.widgets import PlayTable


@pytest.fixture(autouse=True)
def _tricks_go_on_at_once(monkeypatch):
    """These tests are about the rules: the computer players go on after a trick without
    waiting for *go on* (trick_pause=0). tests/frontends/test_widget_table.py tests the pause."""
    monkeypatch.setattr("shengji_edu.widgets.table.DEFAULT_TRICK_PAUSE", 0)


ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "lessons" / "09_play.ipynb"

DEFENDERS_TAKE_LAST_TRICK_SEED = 2
"""A computer deals (East); North, a defender, wins the last trick; the kitty holds 0 points."""
DEALER_SEED = 1
"""The student can declare at card 9 and, declaring at once, becomes the dealer."""
FOLLOW_SEED = 1
STUDENT_WINS_A_TRICK_SEED = 2


def flat(pane) -> str:
    """The text as a browser shows it when CSS puts no space between elements."""
    return unescape(re.sub(r"<[^>]+>", "", pane.value))


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def all_css(pt: PlayTable) -> str:
    """Every <style> block the table ships (in any of its HTML panes)."""
    found = []

    def walk(w):
        value = getattr(w, "value", None)
        if isinstance(value, str):
            found.extend(re.findall(r"<style[^>]*>(.*?)</style>", value, flags=re.S))
        for child in getattr(w, "children", ()):
            walk(child)

    walk(pt.widget)
    return "\n".join(found)


def css_rules(css: str, css_class: str) -> str:
    """The declarations of every rule whose selector names ``css_class``."""
    body = []
    for selector, decl in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        if re.search(rf"\.{re.escape(css_class)}(?![\w-])", selector):
            body.append(decl)
    return ";".join(body)


def press_deal(pt: PlayTable) -> None:
    """Deal on: "deal on" at a declaring stop (where there is one), else "deal all"."""
    deal_on = getattr(pt, "deal_on_button", None)
    if deal_on is not None and not deal_on.disabled:
        deal_on.click()
    else:
        pt.deal_all_button.click()


def deal(pt: PlayTable, declare_first: bool = False) -> None:
    for _ in range(200):
        if pt.round.phase != DEALING:
            return
        if declare_first and pt.declare_buttons and pt.round.standing_declaration is None:
            pt.declare_buttons[0].click()
        else:
            press_deal(pt)
    raise AssertionError("the deal did not end")


def to_play(pt: PlayTable) -> None:
    """Deal, and bury the 8 lowest cards if the student deals."""
    deal(pt)
    if pt.round.phase == KITTY:
        select(pt, pt.round.trump.sort(pt.round.hand(0))[-8:])
        pt.bury_button.click()


def play_one(pt: PlayTable) -> None:
    select(pt, legal_choice(pt))
    pt.play_button.click()


def play_out(pt: PlayTable) -> None:
    for _ in range(40):
        if pt.round.phase == FINISHED:
            return
        play_one(pt)
    raise AssertionError("the hand did not end")


def follow_position(seed: int = FOLLOW_SEED) -> PlayTable:
    pt = PlayTable(seed=seed)
    to_play(pt)
    rnd = pt.round
    for _ in range(30):
        if rnd.lead is not None:
            suit = rnd.trump.suit_of(rnd.lead[0])
            hand = rnd.hand(0)
            if any(rnd.trump.suit_of(c) == suit for c in hand) and any(
                rnd.trump.suit_of(c) != suit for c in hand
            ):
                return pt
        play_one(pt)
    raise AssertionError("no follow position found")


# --- the result ------------------------------------------------------------------------------
def test_the_result_says_the_defenders_won_the_last_trick_when_they_did():
    """Was: "East (dealers) won the last trick" for a defender, when the kitty held 0."""
    pt = PlayTable(seed=DEFENDERS_TAKE_LAST_TRICK_SEED)
    to_play(pt)
    play_out(pt)
    rnd = pt.round
    last = rnd.tricks[-1]
    assert not rnd.is_dealer_team(last.winner), "the seed was chosen for a defender's last trick"
    assert trick_points(rnd.kitty) == 0, "the seed was chosen for a kitty without points"
    shown = text(pt.trick_html)  # the result is shown in the middle of the table
    assert "(dealers) won the last trick" not in shown
    assert "won the last trick for the defenders" in shown


# --- double clicks and clicks on moving cards ----------------------------------------------------
def test_a_double_click_on_play_does_not_become_an_empty_play_on_the_next_trick():
    pt = follow_position()
    select(pt, legal_choice(pt))
    pt.play_button.click()
    rnd = pt.round
    assert rnd.phase == PLAYING and rnd.turn == 0
    state = (rnd.hands, rnd.current_trick, len(rnd.tricks), len(rnd.events))
    report = pt.message_html.value
    pt.play_button.click()  # the second click of the double click
    assert (rnd.hands, rnd.current_trick, len(rnd.tricks), len(rnd.events)) == state
    assert "you played 0" not in pt.message
    assert "shengji-error" not in pt.message_html.value
    assert re.sub(r"data-step='\d+'", "", pt.message_html.value) == re.sub(
        r"data-step='\d+'", "", report
    ), "the second click must not replace what the first one reported"


def test_a_double_click_on_deal_all_keeps_the_declaring_stop():
    pt = PlayTable(seed=DEALER_SEED)
    pt.deal_all_button.click()
    stopped_at = pt.round.dealt
    assert pt.round.phase == DEALING and stopped_at < 100 and pt.declare_buttons
    pt.deal_all_button.click()  # the second click of the double click
    assert pt.round.dealt == stopped_at
    assert pt.declare_buttons and pt.round.standing_declaration is None


def test_a_click_acts_on_the_card_the_toggle_showed():
    """Was: toggles were relabelled after a play, so a click sent just after *play* (on the
    ♣K the person saw) selected the card now shown there (♣8)."""
    pt = follow_position()
    seen = [(toggle, pt.card_of(toggle), toggle.description) for toggle in pt.hand_toggles]
    play = legal_choice(pt)
    select(pt, play)
    pt.play_button.click()
    # Every toggle still on show shows the card it showed before the play.
    for toggle, card, label in seen:
        if toggle in pt.hand_toggles:
            assert pt.card_of(toggle) == card and toggle.description == label
    # Clicks that were on their way: each acts on the card its toggle showed, or on nothing
    # if that card has been played.
    for toggle, _card, _label in seen:
        toggle.value = True
    expected = sorted(card for toggle, card, _ in seen if toggle in pt.hand_toggles)
    assert sorted(pt.selected_cards) == expected
    assert sorted(pt.round.hand(0)) == expected
    for toggle, _card, _label in seen:
        if toggle not in pt.hand_toggles:
            assert toggle.value is False


# --- the hint and messages --------------------------------------------------------------------
def test_the_lead_hint_lists_every_unit():
    """Was: 12 of 19 units, the ♣ tractor left out, no "and more"."""
    pt = PlayTable(seed=DEALER_SEED)
    deal(pt, declare_first=True)
    rnd = pt.round
    assert rnd.phase == KITTY and rnd.dealer == 0
    select(pt, rnd.trump.sort(rnd.hand(0))[-8:])
    pt.bury_button.click()
    assert rnd.lead is None and rnd.turn == 0
    units = decompose(rnd.hand(0), rnd.trump)
    assert len(units) > 12, "the seed was chosen for a hand of many units"
    pt.hint_button.click()
    items = [
        " ".join(unescape(re.sub(r"<[^>]+>", " ", li)).split())
        for li in re.findall(r"<li[^>]*>(.*?)</li>", pt.hint_html.value, flags=re.S)
    ]
    for unit in units:
        shown = format_cards(unit.cards, pretty=True)
        assert any(shown in item for item in items), f"{shown} missing from the hint"


def test_hint_replaces_an_old_error_message():
    pt = follow_position()
    rnd = pt.round
    suit = rnd.trump.suit_of(rnd.lead[0])
    wrong = [c for c in rnd.hand(0) if rnd.trump.suit_of(c) != suit][: len(rnd.lead)]
    select(pt, wrong)
    pt.play_button.click()
    assert "shengji-error" in pt.message_html.value
    select(pt, [])
    pt.hint_button.click()
    assert "shengji-error" not in pt.message_html.value


# --- how cards look, on every front end ---------------------------------------------------------
def test_kitty_cards_are_marked_by_a_css_class_not_by_italics():
    pt = PlayTable(seed=DEALER_SEED)
    deal(pt, declare_first=True)
    rnd = pt.round
    assert rnd.phase == KITTY and rnd.dealer == 0
    marked = [t for t in pt.hand_toggles if "shengji-kitty" in classes(t)]
    assert sorted(pt.card_of(t) for t in marked) == sorted(rnd.kitty)
    rule = css_rules(all_css(pt), "shengji-kitty")
    assert re.search(r"border|background|outline", rule), rule
    assert "italic" not in pt.message and "italic" not in rule


def test_card_colours_and_trump_marks_are_css_classes():
    """ipywidgets 7 has no toggle text colour: the ink and the trump mark are classes."""
    pt = PlayTable(seed=FOLLOW_SEED)
    to_play(pt)
    css = all_css(pt)
    trump = pt.round.trump
    for toggle in pt.hand_toggles:
        card = pt.card_of(toggle)
        ink = [c for c in classes(toggle) if c.startswith("shengji-ink-")]
        assert len(ink) == 1, classes(toggle)
        assert re.search(r"color\s*:", css_rules(css, ink[0]))
        assert ("shengji-trump" in classes(toggle)) == trump.is_trump(card)
    assert re.search(r"font-weight\s*:\s*(bold|[6-9]00)", css_rules(css, "shengji-trump"))


def test_the_score_board_reads_well_without_css():
    """Was "(South & North)level 2dealers" in Notebook 6, whose CSS pads no table cell."""
    pt = PlayTable(seed=FOLLOW_SEED)
    to_play(pt)
    shown = flat(pt.status_html)
    assert not re.search(r"[\w)](level|dealers|defenders|points)", shown), shown
    assert not re.search(r"(level \w+|dealers|defenders)[(\w]", shown), shown


def test_the_dealers_row_shows_what_counts():
    """Was "points: 130 (dealers' points do not count)" for the dealers' team."""
    pt = PlayTable(seed=FOLLOW_SEED)
    to_play(pt)
    for _ in range(8):
        play_one(pt)
    shown = text(pt.status_html)
    assert "do not count" not in shown
    assert f"{pt.round.defender_points}" in shown and "80" in shown


# --- a table that keeps its shape ---------------------------------------------------------------
def shape(pt: PlayTable) -> list:
    """Every box and pane of the table with its size and whether it is shown."""
    out = []

    def walk(w, depth):
        layout = w.layout
        out.append(
            (depth, type(w).__name__, layout.height, layout.width, layout.display, w.model_id)
        )
        if w is pt.hand_box or w is getattr(pt, "declare_box", None):
            return  # what is inside changes; the box itself keeps its size
        for child in getattr(w, "children", ()):
            walk(child, depth + 1)

    walk(pt.widget, 0)
    return out


def test_the_layout_keeps_its_shape_from_deal_to_result():
    pt = PlayTable(seed=FOLLOW_SEED)
    start = shape(pt)
    to_play(pt)
    assert shape(pt) == start
    for _ in range(5):
        play_one(pt)
    assert shape(pt) == start
    play_out(pt)
    assert shape(pt) == start
    for pane in (pt.hand_box, pt.trick_html, pt.message_html, pt.status_html):
        assert pane.layout.height, f"{pane} has no fixed height"


def test_a_finished_trick_is_not_still_winning():
    """The student wins a trick and leads the next: the finished trick is shown as won."""
    pt = PlayTable(seed=STUDENT_WINS_A_TRICK_SEED)
    to_play(pt)
    rnd = pt.round
    for _ in range(30):
        if rnd.phase == FINISHED:
            break
        if rnd.tricks and rnd.tricks[-1].winner == 0 and not rnd.current_trick:
            break
        play_one(pt)
    else:
        raise AssertionError("the student never won a trick with this seed")
    shown = text(pt.trick_html)
    assert "winning" not in shown, shown
    assert "won" in shown, shown


def test_disabled_buttons_look_disabled():
    pt = PlayTable(seed=FOLLOW_SEED)
    assert pt.play_button.disabled and pt.bury_button.disabled
    css = all_css(pt)
    disabled = " ".join(
        decl for selector, decl in re.findall(r"([^{}]+)\{([^}]*)\}", css) if "disabled" in selector
    )
    assert re.search(r"opacity\s*:\s*0?\.[0-4]", disabled), disabled


# --- rerunning the cell, the lesson's seed -----------------------------------------------------
def test_rerunning_the_cell_mid_hand_offers_to_continue_the_game():
    first = PlayTable(seed=FOLLOW_SEED)
    to_play(first)
    play_one(first)
    rnd = first.round
    again = PlayTable(seed=FOLLOW_SEED)  # the same cell, run again
    assert again.round is not rnd and again.round.phase == DEALING
    assert not again.resume_button.disabled
    assert "still in progress" in again.message
    again.resume_button.click()
    assert again.round is rnd and again.match is first.match
    assert len(again.hand_toggles) == len(rnd.hand(0))
    assert first.play_button.disabled  # the old table hands its game over
    play_one(again)


def lesson_seed() -> int:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        found = re.search(r"^PlayTable\(seed=(\d+)", "".join(cell["source"]), flags=re.M)
        if cell["cell_type"] == "code" and found:
            return int(found.group(1))
    raise AssertionError("no PlayTable(seed=...) cell in lesson 09")


def test_the_lessons_seed_offers_the_student_a_declaration():
    pt = PlayTable(seed=lesson_seed())
    pt.deal_all_button.click()
    assert pt.round.phase == DEALING and pt.round.dealt < 100
    assert pt.declare_buttons, "deal all must stop at a declaration for the student"
    pt.declare_buttons[0].click()
    assert pt.round.standing_declaration.seat == 0
