"""Headless tests of what a person at the table sees (issue: the table played in a browser).

Finished tricks stay on the table until the person presses *go on* (bug 4); a table resumes
its own game only (bug 3); the Chinese names of teams and results (bug 6); the smaller
things (bug 7) and the missing pieces (active rules, starting level, the buried kitty,
named leads). Driven like tests/test_widget.py: ``.value`` and ``Button.click()``.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from shengji_edu.follow import iter_legal_follows
from shengji_edu.game import DEALING, FINISHED, PLAYING
from shengji_edu.widgets import PlayTable


def text(pane) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", pane.value)).split())


def select(pt: PlayTable, cards) -> None:
    wanted = list(cards)
    for toggle in pt.hand_toggles:
        card = pt.card_of(toggle)
        toggle.value = card in wanted
        if toggle.value:
            wanted.remove(card)
    assert not wanted


def legal_choice(pt: PlayTable) -> list:
    rnd = pt.round
    hand = rnd.hand(pt.you)
    if rnd.lead is None:
        return [rnd.trump.sort(hand)[-1]]
    return next(iter_legal_follows(hand, rnd.lead, rnd.trump))


def deal(pt: PlayTable) -> None:
    for _ in range(300):
        if pt.round.phase != DEALING:
            return
        (pt.deal_on_button or pt.deal_all_button).click()
    raise AssertionError("the deal did not end")


def state(pt: PlayTable) -> str:
    return next(c for c in pt.widget._dom_classes if c.startswith("shengji-state-"))[14:]


def shown_trick(pt: PlayTable) -> int | None:
    """The number of the finished trick the centre shows ("Trick 3 won by East")."""
    found = re.search(r"Trick (\d+) won by", text(pt.trick_html))
    return int(found.group(1)) if found else None


# --- bug 4: a finished trick stays on the table until the person has seen it ------------------
def play_hand_watching(pt: PlayTable) -> set[int]:
    """Play a hand by clicking; return the finished tricks the centre showed."""
    deal(pt)
    seen: set[int] = set()
    rnd = pt.round
    for _ in range(200):
        number = shown_trick(pt)
        if number is not None:
            seen.add(number)
        if state(pt) == "trick":
            assert pt.go_on_button is not None and pt.play_button.disabled
            trick = rnd.tricks[-1]
            assert number == len(rnd.tricks), "the trick just finished is the one shown"
            assert "won" in text(pt.trick_html)
            assert "go on" in text(pt.trick_html)
            pt.go_on_button.click()
        elif state(pt) == "bury":
            select(pt, pt.round.hand(pt.you)[-len(pt.round.kitty) :])
            pt.bury_button.click()
        elif state(pt) == "auction" or state(pt) == "overcall":
            pt.pass_button.click()
        elif state(pt) == "play":
            select(pt, legal_choice(pt))
            pt.play_button.click()
            assert "Not allowed" not in pt.message, pt.message
        elif state(pt) == "over":
            return seen
        else:
            raise AssertionError(state(pt))
    raise AssertionError("the hand did not end")


def test_every_finished_trick_is_shown_before_the_next_lead():
    pt = PlayTable(seed=12)
    seen = play_hand_watching(pt)
    rnd = pt.round
    assert rnd.phase == FINISHED
    assert seen == set(range(1, len(rnd.tricks) + 1)), "every trick was on the table"
    assert "The hand is over" in text(pt.trick_html)


def test_the_message_says_who_won_the_trick_with_what_and_for_how_many_points():
    pt = PlayTable(seed=12)
    deal(pt)
    rnd = pt.round
    for _ in range(100):
        if state(pt) == "trick":
            break
        if state(pt) == "bury":
            select(pt, rnd.hand(0)[-len(rnd.kitty) :])
            pt.bury_button.click()
        elif state(pt) == "play":
            select(pt, legal_choice(pt))
            pt.play_button.click()
    else:
        raise AssertionError("no computer player won a trick")
    trick = rnd.tricks[-1]
    winner_cards = dict(trick.plays)[trick.winner]
    seat = ("South", "East", "North", "West")[trick.winner]
    expected = pt._tr.cards(winner_cards)
    assert re.search(
        rf"Trick {len(rnd.tricks)}: {seat}[^:]* wins it with {re.escape(expected)}, "
        rf"{trick.points} points?\.",
        pt.message,
    ), pt.message
    assert rnd.current_trick == () and rnd.turn == trick.winner != 0, "nobody led yet"
    before = len(rnd.events)
    pt.go_on_button.click()
    assert len(rnd.events) > before and state(pt) in ("play", "trick", "over")


def test_a_stale_go_on_click_is_ignored():
    pt = PlayTable(seed=12)
    seen = []
    deal(pt)
    rnd = pt.round
    for _ in range(100):
        if state(pt) == "trick":
            button = pt.go_on_button
            button.click()
            events = len(rnd.events)
            button.click()  # the second click of a double click
            assert len(rnd.events) == events and pt.ignored_clicks >= 1
            seen.append(1)
            break
        if state(pt) == "bury":
            select(pt, rnd.hand(0)[-len(rnd.kitty) :])
            pt.bury_button.click()
        elif state(pt) == "play":
            select(pt, legal_choice(pt))
            pt.play_button.click()
    assert seen


def test_trick_pause_zero_never_stops_and_bad_pauses_are_refused():
    pt = PlayTable(seed=12, trick_pause=0)
    deal(pt)
    rnd = pt.round
    while rnd.phase != FINISHED:
        assert state(pt) != "trick"
        if state(pt) == "bury":
            select(pt, rnd.hand(0)[-len(rnd.kitty) :])
            pt.bury_button.click()
        else:
            assert rnd.phase == PLAYING and rnd.turn == 0
            select(pt, legal_choice(pt))
            pt.play_button.click()
    for bad in (-1, "2", True):
        with pytest.raises(ValueError, match="trick_pause"):
            PlayTable(seed=1, trick_pause=bad)


def test_a_timed_pause_goes_on_by_itself_in_an_event_loop():
    import asyncio

    async def play() -> PlayTable:
        pt = PlayTable(seed=12, trick_pause=0.01)
        deal(pt)
        rnd = pt.round
        for _ in range(200):
            if state(pt) == "trick":
                await asyncio.sleep(0.05)  # nobody presses go on
                continue
            if rnd.phase == FINISHED:
                return pt
            if state(pt) == "bury":
                select(pt, rnd.hand(0)[-len(rnd.kitty) :])
                pt.bury_button.click()
            else:
                select(pt, legal_choice(pt))
                pt.play_button.click()
        raise AssertionError("the hand did not end")

    pt = asyncio.run(play())
    assert state(pt) == "over"


# --- bug 3: a table resumes its own game, and only that -------------------------------------
@pytest.fixture
def notebook():
    """An IPython shell that runs cells as a notebook does (history stored: ``In``)."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()

    def run(source: str):
        result = shell.run_cell(source, store_history=True)
        result.raise_error()
        return shell.user_ns

    yield run
    InteractiveShell.clear_instance()


LESSON_TABLE = "table = PlayTable(seed=12)"
LESSON_DEMO = """\
demo = PlayTable(seed=12)
while demo.round.phase == "dealing":
    (demo.deal_on_button or demo.deal_all_button).click()
"""


def test_rerunning_a_cell_never_offers_another_cells_game(notebook):
    """Lesson 09: the first table untouched, the demo table mid-hand, the first cell rerun."""
    ns = notebook("from shengji_edu.widgets import PlayTable")
    notebook(LESSON_TABLE)
    notebook(LESSON_DEMO)
    assert ns["demo"].round.phase == PLAYING
    notebook(LESSON_TABLE)  # "Try this 4": run the first table's cell again
    again = ns["table"]
    assert again.resume_button.disabled and "still in progress" not in again.message
    again.resume_button.click()
    assert again.round.dealt == 0 and ns["demo"]._moved_to is None


def test_rerunning_a_cell_offers_its_own_game(notebook):
    ns = notebook("from shengji_edu.widgets import PlayTable")
    notebook(LESSON_TABLE)
    notebook("table.deal_all_button.click()")
    mine = ns["table"]
    notebook(LESSON_DEMO)
    notebook(LESSON_TABLE)
    again = ns["table"]
    assert not again.resume_button.disabled
    assert "still in progress" in again.message
    again.resume_button.click()
    assert again.match is mine.match and ns["demo"]._moved_to is None


def test_jupyterlabs_cell_id_names_the_cell(notebook, monkeypatch):
    """JupyterLab sends the cell's id with each execute request: two cells with the same
    source are two cells."""
    from IPython import get_ipython

    ns = notebook("from shengji_edu.widgets import PlayTable")
    shell = get_ipython()
    parent = {"metadata": {"cellId": "a"}}

    class Kernel:
        def get_parent(self, channel="shell"):
            return parent

    monkeypatch.setattr(shell, "kernel", Kernel(), raising=False)
    notebook(LESSON_TABLE)
    notebook("table.deal_all_button.click()")
    parent["metadata"]["cellId"] = "b"
    notebook(LESSON_TABLE)  # the same source in another cell
    assert ns["table"].resume_button.disabled
    parent["metadata"]["cellId"] = "a"
    notebook(LESSON_TABLE)
    assert not ns["table"].resume_button.disabled
