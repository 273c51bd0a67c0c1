"""Headless tests of what a person at the table sees (issue: the table played in a browser).

Finished tricks stay on the table until the person presses *go on* (bug 4); a table resumes
its own game only (bug 3); the Chinese names of teams and results (bug 6); the smaller
things (bug 7) and the missing pieces (active rules, starting level, the buried kitty,
named leads). Driven like tests/frontends/test_widget.py: ``.value`` and ``Button.click()``.
"""

from __future__ import annotations

import re

import pytest
from table_helpers import legal_choice, select, text

from shengji_edu.game import DEALING, FINISHED, PLAYING
from shengji_edu.widgets import PlayTable


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


# --- helpers for whole hands -------------------------------------------------------------------
def play_through(pt: PlayTable, declare: bool = False) -> list[str]:
    """Play a whole hand by clicking (going on after every trick); return every message and
    every centre and status text seen on the way."""
    seen = []
    rnd = pt.round

    def look():
        seen.extend([pt.message, text(pt.trick_html), text(pt.status_html), text(pt.log_html)])

    for _ in range(500):
        look()
        if rnd.phase == DEALING:
            if declare and pt.declare_buttons and rnd.standing_declaration is None:
                pt.declare_buttons[0].click()
            else:
                (pt.deal_on_button or pt.deal_all_button).click()
        elif state(pt) == "trick":
            pt.go_on_button.click()
        elif state(pt) == "bury":
            select(pt, rnd.trump.sort(rnd.hand(pt.you))[-len(rnd.kitty) :])
            pt.bury_button.click()
        elif state(pt) in ("auction", "overcall"):
            pt.pass_button.click()
        elif state(pt) == "play":
            select(pt, legal_choice(pt))
            pt.play_button.click()
        elif state(pt) == "over":
            look()
            return seen
        else:
            raise AssertionError(state(pt))
    raise AssertionError("the hand did not end")


# --- bug 6: teams and results read right in Chinese ---------------------------------------------
NESTED = re.compile(r"\([^()]*\(|（[^（）]*（")


@pytest.mark.parametrize("seed", [1, 12, 30])
def test_the_chinese_result_names_the_team_then_its_role(seed):
    pt = PlayTable(seed=seed, lang="zh")
    seen = play_through(pt, declare=seed == 1)
    result = text(pt.trick_html)
    line = re.search(r"结果：([^级]*级?)", result).group(1)
    assert re.search(r"(我方|对方)（[东南西北]、[东南西北]）是(庄家|闲家)", line), line
    for wrong in ("庄家对手", "闲家对手", "庄家对方", "闲家对方", "庄家我方", "闲家我方", "你方"):
        assert wrong not in result
    everything = " ".join(seen)
    assert "升 0 级" not in everything and "（常主）" not in everything
    assert not NESTED.search(everything), NESTED.search(everything)


def test_english_texts_have_no_nested_brackets_nor_zero_levels_nor_trump_no_trump():
    pt = PlayTable(seed=1)
    everything = " ".join(play_through(pt, declare=True))
    assert not NESTED.search(everything), NESTED.search(everything)
    assert "go up 0 level" not in everything and "trump no trump" not in everything


def test_no_trump_suit_and_zero_levels_are_said_plainly():
    from shengji_edu.widgets import views

    for lang, none, zero in (("en", "no trump suit", "take the deal"), ("zh", "无主", "上台坐庄")):
        pt = PlayTable(seed=1, lang=lang)
        ctx = pt._ctx()
        assert views.trump_words(ctx, None) == none
        outcome = views.outcome_text(ctx, True, 0, 0, 1)
        assert outcome.endswith(zero) and "0" not in outcome, outcome
        assert "0" not in views.outcome_text(ctx, False, 0, 0, 0)
    labels = [d.description for d in PlayTable(seed=1, lang="zh").settings.rule_dropdowns.values()]
    assert "2 为常主" in labels and "扣底后可以反主" in labels


# --- bug 7: the prompt at a deal stop, the overcall round you cannot play ---------------------
def test_at_a_deal_stop_the_prompt_names_deal_on_not_the_disabled_deal_all():
    pt = PlayTable(seed=12)
    for _ in range(200):
        pt.deal_all_button.click() if pt.deal_on_button is None else None
        if pt.deal_on_button is not None:
            break
    assert pt.deal_on_button is not None and pt.deal_all_button.disabled
    prompt = re.search(r"class='shengji-next'>([^<]*)<", pt.trick_html.value).group(1)
    assert "deal all" not in prompt and "deal on" in prompt, prompt


def test_you_are_not_asked_to_pass_an_overcall_you_cannot_make():
    from shengji_edu import RuleSet
    from shengji_edu.game import OVERCALL

    rules = RuleSet(overcall_after_bury=True)
    passed_for_you = 0
    for seed in range(1, 13):
        pt = PlayTable(seed=seed, rules=rules)
        rnd = pt.round
        for _ in range(400):
            assert not (rnd.phase == OVERCALL and rnd.turn == 0 and not rnd.legal_overcalls(0)), (
                "the table waits for a pass you had to make"
            )
            if "You cannot overcall" in pt.message:
                passed_for_you += 1
                assert "do not overcall" not in pt.message
            if rnd.phase == PLAYING:
                break
            if rnd.phase == DEALING:
                (pt.deal_on_button or pt.deal_all_button).click()
            elif state(pt) == "bury":
                select(pt, rnd.trump.sort(rnd.hand(0))[-len(rnd.kitty) :])
                pt.bury_button.click()
            elif state(pt) in ("auction", "overcall"):
                pt.pass_button.click()
            else:
                raise AssertionError(state(pt))
    assert passed_for_you, "no seed had you without an overcall"


# --- what a player expects ----------------------------------------------------------------------
def test_the_table_shows_the_rules_in_force_and_a_chosen_starting_level():
    from shengji_edu import RuleSet

    pt = PlayTable(seed=3, rules=RuleSet(decks=3, twos_are_trump=True), start_level=5)
    status = text(pt.status_html)
    assert "3 decks" in status and "120 take the deal" in status
    assert "2s always trump (常主)" in status and "started at level 5" in status
    assert pt.round.level_rank == 5 and "playing level 5" in status
    zh = text(PlayTable(seed=3, rules=RuleSet(twos_are_trump=True), lang="zh").status_html)
    assert "2 为常主" in zh and "规则：" in zh


def test_the_starting_level_is_a_setting():
    pt = PlayTable(seed=3)
    s = pt.settings
    assert [label for label, _ in s.level_dropdown.options][:2] == ["2", "3"]
    s.level_dropdown.value = 9
    s.rule_dropdowns["twos_are_trump"].value = 1
    s.new_match_button.click()
    assert pt.round.level_rank == 9 and pt.rules.twos_are_trump
    assert "started at level 9" in text(pt.status_html)


def test_the_dealer_can_look_at_the_kitty_it_buried():
    pt = PlayTable(seed=1)
    rnd = pt.round
    for _ in range(200):
        if rnd.phase != DEALING:
            break
        if pt.declare_buttons and rnd.standing_declaration is None:
            pt.declare_buttons[0].click()
        else:
            (pt.deal_on_button or pt.deal_all_button).click()
    assert state(pt) == "bury", "the seed was chosen for you to deal"
    buried = rnd.trump.sort(rnd.hand(0))[-len(rnd.kitty) :]
    select(pt, buried)
    pt.bury_button.click()
    log = text(pt.log_html)
    assert "The kitty you buried:" in log
    assert pt._tr.cards(rnd.trump.sort(buried)).replace(" ", "") in log.replace(" ", "")


def test_a_computer_players_tractor_or_throw_lead_is_named():
    from shengji_edu.cards import SUITS
    from shengji_edu.widgets import views

    pt = PlayTable(seed=12)
    while pt.round.phase == DEALING:
        (pt.deal_on_button or pt.deal_all_button).click()
    ctx = pt._ctx()
    side = next(s for s in SUITS if s != pt.round.trump.suit)
    tractor = views.lead_text(ctx, 1, f"{side}9 {side}9 {side}8 {side}8")
    assert tractor.startswith("East leads a tractor"), tractor
    throw = views.lead_text(ctx, 3, f"{side}A {side}K")
    assert "West throws" in throw and "2 units at once" in throw, throw
    assert views.lead_text(ctx, 1, f"{side}A") == ""
    zh = PlayTable(seed=12, lang="zh")
    zh_ctx = views.Context(**{**ctx.__dict__, "tr": zh._tr})
    assert "拖拉机" in views.lead_text(zh_ctx, 1, f"{side}9 {side}9 {side}8 {side}8")


def test_a_suit_is_one_box_so_the_hand_never_wraps_inside_a_short_suit():
    pt = PlayTable(seed=12)
    while pt.round.phase == DEALING:
        (pt.deal_on_button or pt.deal_all_button).click()
    trump = pt.round.trump
    boxes = pt.hand_box.children
    assert len(boxes) >= 3
    for box in boxes:
        assert "shengji-suit" in box._dom_classes
        suits = {trump.suit_of(pt.card_of(t)) for t in box.children}
        assert len(suits) == 1, suits
    assert [t for b in boxes for t in b.children] == pt.hand_toggles


def test_greedys_suggestion_comes_first_in_the_hint():
    pt = PlayTable(seed=12, trick_pause=0)
    while pt.round.phase == DEALING:
        (pt.deal_on_button or pt.deal_all_button).click()
    pt.hint_button.click()
    hint = pt.hint_html.value
    assert hint.index("Greedy would play") < hint.index("shengji-option")
