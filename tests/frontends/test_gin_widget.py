"""Headless tests of ``GinTable``, lesson 10's Gin Rummy table (shengji_edu/widgets/gin.py).

As for the Shengji table (tests/frontends/test_widget.py): the widget is built in plain
pytest, a card is selected by setting its toggle's ``.value``, buttons are pressed with
``.click()``, and assertions read the engine's state or a widget's value.
"""

from __future__ import annotations

import pytest

from shengji_edu.gin import (
    GinGame,
    GinHand,
    GreedyPlayer,
    card_text,
    make_player,
    parse_hand,
    play_hand,
)
from shengji_edu.gin.players import BadOption
from shengji_edu.gin.text import melds_text
from shengji_edu.widgets import GinTable

SEED = 5
"""The first hand: the computer deals, so you are offered the upcard first."""


def snapshot(table: GinTable) -> tuple:
    """Everything a refused or stale click must leave alone."""
    hand = table.hand
    return (
        tuple(tuple(sorted(h)) for h in hand.hands),
        tuple(hand.discards),
        tuple(hand.stock),
        hand.turn,
        hand.phase,
        hand.passes,
        hand.taken,
        len(hand.history),
        hand.seat_rng(1).getstate(),
        len(table.game.hands),
        tuple(table.game.points),
        table.selected,
        tuple(t.value for t in table.hand_toggles),
    )


BUTTON = {"take": "take_button", "pass": "pass_button", "stock": "draw_button"}
BUTTON |= {"discard": "discard_button", "knock": "knock_button"}


def press(table: GinTable, action) -> None:
    """Make ``action`` as a person would: select its card, press its button."""
    if action.card is not None:
        table.toggle_of(action.card).value = True
    getattr(table, BUTTON[action.kind]).click()


def play_until(table: GinTable, stop, me=None, limit: int = 400) -> None:
    """Play your seat greedily until ``stop(table)`` holds."""
    me = me or GreedyPlayer()
    for _ in range(limit):
        if stop(table):
            return
        hand = table.hand
        if hand.over:
            table.next_button.click()
        else:
            press(table, me.act(hand.view(0)))
            assert "Not allowed" not in table.message, table.message
    raise AssertionError("did not get there")


def enabled(table: GinTable) -> set[str]:
    return {name for name, button in table.buttons.items() if not button.disabled}


# --- a whole hand, a whole game -------------------------------------------------------------------
def test_a_whole_hand_is_the_engines_hand():
    table = GinTable(seed=SEED)
    assert table.hand.dealer == 1 and enabled(table) == {"take", "pass"}
    play_until(table, lambda t: t.hand.over)
    hand = table.hand
    same = play_hand(GinHand(hand.seed, hand.dealer), [GreedyPlayer(), make_player("greedy")])
    assert hand.history == same.history and hand.result == same.result
    assert enabled(table) == {"next hand"}
    assert all(t.disabled for t in table.hand_toggles)
    result = hand.result
    if result.winner is not None:
        assert f"scores {result.points}" in table.message_html.value or (
            f"score {result.points}" in table.message_html.value
        )
    assert "Score: you" in table.message_html.value and "Score: you" in table.score_html.value
    table.next_button.click()
    assert len(table.game.hands) == 2 and not table.hand.over


def test_a_whole_game_to_100_is_the_engines_game():
    table = GinTable(seed=3)
    play_until(table, lambda t: t.game.over, limit=1000)
    expected = GinGame(3).play([GreedyPlayer(), make_player("greedy")])
    assert table.game.score == expected.score
    assert "Game over after" in table.message_html.value
    assert f"{expected.score.totals[0]}" in table.message_html.value
    assert enabled(table) == set()  # not even next hand
    before = snapshot(table)
    table.next_button.click()
    assert snapshot(table) == before and table.ignored_clicks == 1


def test_the_computer_moves_after_you_and_its_moves_are_shown():
    table = GinTable(seed=SEED)
    table.pass_button.click()
    hand = table.hand
    assert hand.turn == 0 and hand.history[0] == (0, hand.history[0][1])
    assert len(hand.history) >= 2 and hand.history[1][0] == 1  # the computer answered
    assert "You pass on the" in table.log_html.value
    assert "The computer" in table.log_html.value


def test_buttons_follow_the_legal_actions_and_melds_are_shown():
    table = GinTable(seed=SEED)
    assert table.melds_html.value == melds_text(table.hand.hands[0]).replace("&", "&amp;")
    assert "Take the" in table.message
    table.take_button.click()
    assert table.hand.phase == "discard"
    kinds = {a.kind for a in table.hand.legal_actions()}
    assert enabled(table) == {"discard"} | ({"knock"} if "knock" in kinds else set())
    assert len(table.hand_toggles) == 11
    shown = [t.description for t in table.hand_toggles]
    assert shown == [card_text(c, pretty=True) for c in sorted(table.hand.hands[0])]


def test_one_card_is_selected_at_a_time():
    table = GinTable(seed=SEED)
    first, second = table.hand_toggles[:2]
    first.value = True
    second.value = True
    assert not first.value and second.value
    assert table.selected == sorted(table.hand.hands[0])[1]


# --- wrong clicks ---------------------------------------------------------------------------------
def test_discarding_the_card_just_taken_gets_the_engines_reason():
    table = GinTable(seed=SEED)
    upcard = table.hand.top
    table.take_button.click()
    table.toggle_of(upcard).value = True
    before = snapshot(table)
    table.discard_button.click()
    assert table.message == (
        f"Not allowed: {card_text(upcard)} was just taken from the discard pile: "
        "discard another card"
    )
    assert snapshot(table) == before  # the selection too
    assert table.ignored_clicks == 0


def test_knocking_with_too_much_deadwood_gets_the_engines_reason():
    table = GinTable(seed=SEED)

    def may_knock_but_not_with_every_card(t: GinTable) -> bool:
        hand = t.hand
        if hand.over or hand.turn != 0 or hand.phase != "discard":
            return False
        knocks = {a.card for a in hand.legal_actions() if a.kind == "knock"}
        return bool(knocks) and len(knocks) < len(hand.hands[0]) - (hand.taken is not None)

    play_until(table, may_knock_but_not_with_every_card)
    hand = table.hand
    knocks = {a.card for a in hand.legal_actions() if a.kind == "knock"}
    wrong = next(c for c in sorted(hand.hands[0]) if c not in knocks and c != hand.taken)
    table.toggle_of(wrong).value = True
    before = snapshot(table)
    table.knock_button.click()
    assert table.message.startswith(f"Not allowed: cannot knock discarding {card_text(wrong)}")
    assert snapshot(table) == before


def test_discard_without_a_card_says_what_to_do():
    table = GinTable(seed=SEED)
    table.take_button.click()
    before = snapshot(table)
    table.discard_button.click()
    assert table.message == "Select a card first (click it), then press discard."
    assert snapshot(table) == before


# --- stale clicks ---------------------------------------------------------------------------------
def test_a_disabled_button_click_is_ignored():
    table = GinTable(seed=SEED)
    table.take_button.click()
    message = table.message_html.value
    before = snapshot(table)
    for button in (table.take_button, table.pass_button, table.draw_button, table.next_button):
        assert button.disabled
        button.click()
    assert table.ignored_clicks == 4
    assert snapshot(table) == before and table.message_html.value == message


def test_the_toggle_of_a_discarded_card_is_stale():
    table = GinTable(seed=SEED)
    table.take_button.click()
    gone = next(c for c in sorted(table.hand.hands[0]) if c != table.hand.taken)
    old = table.toggle_of(gone)
    old.value = True
    table.discard_button.click()
    assert gone not in table.hand.hands[0] and old not in table.hand_toggles
    before = snapshot(table)
    old.value = True  # a click that was on its way
    assert not old.value and table.ignored_clicks == 1
    assert snapshot(table) == before


def test_a_click_during_another_is_ignored():
    table = GinTable(seed=SEED)
    inner = []
    act = table.player.act

    def clicking_computer(view):
        table.take_button.click()  # arrives while the computer is moving
        inner.append(len(table.hand.history))
        return act(view)

    table.player.act = clicking_computer
    table.pass_button.click()
    assert inner and table.ignored_clicks >= 1
    assert table.hand.history[0][1].kind == "pass"


def test_a_problem_in_a_callback_is_reported_not_raised():
    table = GinTable(seed=SEED)

    def broken(view):
        raise RuntimeError("boom")

    table.player.act = broken
    table.pass_button.click()  # must not raise
    assert "Something went wrong" in table.message and "boom" in table.message


# --- settings and display -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options, message",
    [
        ({"knock_at": 11}, "knock_at must be a whole number, 0 to 10"),
        ({"knock_at": "5"}, "knock_at must be a whole number, 0 to 10"),
        ({"computer": "robot"}, "unknown Gin Rummy player 'robot'"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"target": 0}, "target must be a whole number of points"),
    ],
)
def test_bad_settings_are_the_packages_errors(options, message):
    with pytest.raises(ValueError, match=message):
        GinTable(**options)


def test_knock_at_reaches_the_computer():
    table = GinTable(seed=SEED, computer="lookahead", knock_at=3)
    assert table.player.name == "lookahead" and table.player.knock_at == 3
    with pytest.raises(BadOption):
        GinTable(knock_at=-1)


def test_a_stable_plain_text_view():
    table = GinTable(seed=SEED)
    bundle = table._repr_mimebundle_()
    assert bundle["text/plain"] == "GinTable(seed=5, computer='greedy', knock_at=None, target=100)"
    assert "application/vnd.jupyter.widget-view+json" in bundle


# --- gin ------------------------------------------------------------------------------------------
def prepared(table: GinTable, mine: str, upcard: str) -> GinHand:
    """Put a position on purpose in the table: you (not dealing) hold ``mine`` and are
    offered ``upcard``."""
    first, dealer = parse_hand(mine), parse_hand("KS QS JH TH 9H 8C 7C 6S 5D 3D")
    deck = [c for pair in zip(first, dealer, strict=True) for c in pair] + parse_hand([upcard])
    hand = GinHand(seed=1, dealer=1, deck=deck + [c for c in range(52) if c not in deck])
    table.game.hands[-1] = hand
    table._safe_render()
    return hand


def test_the_gin_button_goes_gin():
    table = GinTable(seed=SEED)
    prepared(table, "AS 2S 3S 4H 5H 6H 7D 8D 9D 4C", "4S")
    assert table.gin_button.disabled  # not before drawing
    table.take_button.click()
    assert not table.gin_button.disabled and not table.knock_button.disabled
    table.gin_button.click()
    result = table.hand.result
    assert result.kind == "gin" and result.winner == 0
    assert table.message.startswith(f"Gin: you score {result.points}.")
    assert table.game.points == [result.points, 0]
    assert not table.next_button.disabled


def test_knock_without_a_card_is_big_gin_when_all_eleven_meld():
    table = GinTable(seed=SEED)
    prepared(table, "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "JD")
    table.take_button.click()
    table.knock_button.click()
    assert table.hand.result.kind == "big gin"
    assert table.message.startswith("Big gin: you score")


def test_no_gin_button_without_gin():
    table = GinTable(seed=SEED)
    prepared(table, "AS 2S 3S 4H 5H 6H 7D 8D 9D 4C", "KC")
    table.take_button.click()
    assert table.gin_button.disabled and not table.knock_button.disabled
    before = snapshot(table)
    table.knock_button.click()  # no card selected, no big gin
    assert table.message.startswith("Select a card first")
    assert snapshot(table) == before
