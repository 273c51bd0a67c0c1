"""The play table with the variants of RULES §11: one and three decks, and the overcall step
after the bury (反主), in English and in Chinese."""

from __future__ import annotations

from html import unescape

import pytest
from test_i18n import assert_all_chinese, chinese_refusal
from test_widget import assert_result_shown, deal, play_out, select, text

from shengji_edu import RuleSet
from shengji_edu.game import KITTY, OVERCALL, PLAYING
from shengji_edu.widgets import PlayTable
from shengji_edu.widgets.messages import refusal


@pytest.fixture(autouse=True)
def _tricks_go_on_at_once(monkeypatch):
    """These tests are about the rules: the computer players go on after a trick without
    waiting for *go on* (trick_pause=0). tests/frontends/test_widget_table.py tests the pause."""
    monkeypatch.setattr("shengji_edu.widgets.table.DEFAULT_TRICK_PAUSE", 0)


OVERCALLS = RuleSet(overcall_after_bury=True)
PERSON_OVERCALLS = 22
"""With two decks, overcalling and greedy computer players: at this seed you (seat 0) are
offered an overcall after East (seat 1), the dealer, buried."""


def to_your_overcall(pt: PlayTable) -> None:
    """Deal without declaring, then pass (and bury) until you are asked to overcall."""
    deal(pt)
    rnd = pt.round
    for _ in range(20):
        if rnd.phase == OVERCALL and rnd.turn == pt.you and pt.overcall_buttons:
            return
        if rnd.phase == KITTY and rnd.turn == pt.you:
            select(pt, rnd.trump.sort(rnd.hand(pt.you))[-rnd.rules.kitty_size :])
            pt.bury_button.click()
        else:
            pt.pass_button.click()
    raise AssertionError("you were never asked to overcall")


def test_you_overcall_take_the_kitty_bury_again_and_play_the_hand():
    pt = PlayTable(seed=PERSON_OVERCALLS, rules=OVERCALLS)
    to_your_overcall(pt)
    rnd = pt.round
    assert "shengji-state-overcall" in pt.widget._dom_classes
    assert pt.pass_button.description == "do not overcall" and not pt.pass_button.disabled
    assert "The overcall round after the bury" in text(pt.trick_html)
    assert [b.description for b in pt.overcall_buttons] == [
        "overcall with " + " ".join(pt._tr.card(c) for c in rnd.trump.sort(o))
        for o in rnd.legal_overcalls(0)
    ]
    pt.hint_button.click()
    assert "you may overcall" in text(pt.hint_html)
    options = rnd.legal_overcalls(0)
    dealer, kitty = rnd.dealer, rnd.kitty
    pt.overcall_buttons[0].click()
    assert rnd.overcalls[-1][1].cards == tuple(options[0]) and rnd.dealer == dealer
    assert rnd.phase == KITTY and rnd.turn == 0 and "shengji-state-bury" in pt.widget._dom_classes
    assert sorted(pt.card_of(t) for t in pt.kitty_toggles) == sorted(kitty)  # framed in blue
    assert "overcalled: select 8 cards to bury" in text(pt.trick_html)
    assert "overcalls with" in pt.message or "take the 8 kitty cards" in pt.message
    select(pt, rnd.trump.sort(rnd.hand(0))[-3:])
    before = rnd.hands
    pt.bury_button.click()
    assert "Not allowed: bury exactly 8 cards; you chose 3" in pt.message
    assert rnd.hands == before
    buried = rnd.trump.sort(rnd.hand(0))[-8:]
    select(pt, buried)
    pt.bury_button.click()
    for _ in range(8):  # the others are asked, then maybe you again
        if rnd.phase != OVERCALL:
            break
        pt.pass_button.click()
    assert rnd.phase == PLAYING and rnd.leader == dealer  # the dealer still leads
    play_out(pt)
    assert_result_shown(pt)
    shown = text(pt.trick_html)
    if rnd.buried_by == 0:
        assert "Kitty buried by South (you)" in shown
    assert "overcalls with" in text(pt.log_html)


def test_a_forged_overcall_click_is_refused_with_the_engines_reason():
    pt = PlayTable(seed=PERSON_OVERCALLS, rules=OVERCALLS)
    to_your_overcall(pt)
    rnd = pt.round
    before = (rnd.hands, rnd.trump, rnd.phase)
    pt.controls.on_overcall(None, [rnd.hand(0)[0]])  # not an overcall at all
    assert pt.message.startswith("Not allowed:") and (rnd.hands, rnd.trump, rnd.phase) == before


@pytest.mark.parametrize("decks", [1, 3])
def test_one_and_three_decks_at_the_table(decks):
    rules = RuleSet(decks=decks)
    pt = PlayTable(seed=3, rules=rules)
    pt.deal_next_button.click()
    assert f"Dealing: 1 of {rules.dealt_cards} cards" in text(pt.trick_html)
    deal(pt)
    rnd = pt.round
    assert len(rnd.hand(0)) in (rules.hand_size, rules.hand_size + rules.kitty_size)
    need = rules.take_deal_points
    assert f"keep the defenders under {need}" in text(pt.status_html)
    if rnd.phase == KITTY:
        assert f"select {rules.kitty_size} cards to bury" in text(pt.trick_html)
        select(pt, rnd.trump.sort(rnd.hand(0))[-rules.kitty_size :])
        pt.bury_button.click()
    play_out(pt)
    assert_result_shown(pt)


# --- the engine's refusals in Chinese ------------------------------------------------------------
def test_a_chinese_table_refuses_a_wrong_bury_count_in_chinese():
    pt = PlayTable(seed=PERSON_OVERCALLS, rules=OVERCALLS, lang="zh")
    to_your_overcall(pt)
    pt.overcall_buttons[0].click()
    rnd = pt.round
    select(pt, rnd.hand(0)[:5])
    pt.bury_button.click()
    chinese_refusal(pt, "必须扣 8 张牌", "5 张")


def test_a_chinese_table_refuses_an_illegal_overcall_in_chinese():
    pt = PlayTable(seed=PERSON_OVERCALLS, rules=OVERCALLS, lang="zh")
    to_your_overcall(pt)
    rnd = pt.round
    assert pt.pass_button.description == "不反主"
    level = [c for c in rnd.hand(0) if c.rank == rnd.level_rank]
    single = level[:1] or [rnd.hand(0)[0]]
    pt.controls.on_overcall(None, single)  # a single never beats the standing declaration
    chinese_refusal(pt)
    assert "反主" in pt.message


def test_a_chinese_table_shows_out_of_turn_and_wrong_phase_refusals_in_chinese():
    from shengji_edu.game import OutOfTurn

    pt = PlayTable(seed=PERSON_OVERCALLS, rules=OVERCALLS, lang="zh")
    to_your_overcall(pt)
    rnd = pt.round
    with pytest.raises(OutOfTurn) as caught:  # a click that reached the engine too late
        rnd.pass_overcall(1)
    pt.say(refusal(caught.value), error=True)  # as the click's guard says a refusal
    pt.redraw(full=False)
    chinese_refusal(pt, "现在轮到座位 0 反主或不反，不是座位 1")
    pt.pass_button.click()
    for _ in range(10):
        if rnd.phase == PLAYING:
            break
        if rnd.phase == KITTY:
            select(pt, rnd.hand(0)[:8])
            pt.bury_button.click()
        else:
            pt.pass_button.click()
    before = rnd.hands
    pt.controls.on_pass(None)  # forged: nobody passes during the play
    assert rnd.hands == before
    chinese_refusal(pt, "出牌阶段")


def test_a_whole_three_deck_hand_with_overcalls_in_chinese_shows_no_english():
    pt = PlayTable(seed=2, rules=RuleSet(decks=3, overcall_after_bury=True), lang="zh")
    deal(pt)
    rnd = pt.round
    for _ in range(20):
        if rnd.phase == PLAYING:
            break
        assert_all_chinese(pt)
        if rnd.phase == OVERCALL and pt.overcall_buttons:
            pt.hint_button.click()
            assert_all_chinese(pt)
            pt.overcall_buttons[0].click()
        elif rnd.phase == KITTY:
            select(pt, rnd.trump.sort(rnd.hand(0))[-6:])
            pt.bury_button.click()
        else:
            pt.pass_button.click()
    assert_all_chinese(pt)
    assert "反主" in unescape(pt.log_html.value) or not any(o for _s, o in rnd.overcalls)
