"""Headless tests of the play table: drive the widget objects as a person would.

The widget is built in plain pytest (no kernel, no browser): toggles are selected by setting
``.value``, buttons are pressed with ``.click()`` (which runs the callbacks synchronously),
and every assertion reads the engine's state or a widget value, never an ``Output`` capture.
Seeds are fixed; the ones whose story matters (who deals) are asserted, so a change in the
engine or the players that moves them fails loudly here instead of silently testing less.
"""

from __future__ import annotations

import re
from html import unescape
from itertools import islice

import pytest

from shengji_edu import RuleSet, check_follow, check_lead, format_cards, parse_cards
from shengji_edu.follow import iter_legal_follows
from shengji_edu.game import DEALING, FINISHED, KITTY, PLAYING
from shengji_edu.render.pictures import COLOR_SCHEMES, suit_color
from shengji_edu.widgets import PlayTable

NOT_DEALER_SEED = 1
"""Only pressing "deal all": North declares first and deals; the student never buries."""
DEALER_SEED = 1
"""Declaring at the first chance: the student (seat 0) declares first and deals."""

GREEDY_LIMIT = 0.3
MONTECARLO_LIMIT = 1.0


# --- helpers ------------------------------------------------------------------------------
def text(pane) -> str:
    """What a person reads in an HTML widget: tags dropped, entities decoded."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", pane.value)).split())


def snapshot(pt: PlayTable) -> tuple:
    """Everything a refused click must leave alone."""
    rnd = pt.round
    return (
        rnd.phase,
        rnd.dealt,
        rnd.turn,
        rnd.hands,
        rnd.current_trick,
        len(rnd.tricks),
        len(rnd.events),
        rnd.rng.getstate(),  # the game's generator (used only to shuffle) ...
        tuple(rnd.seat_rng(seat).getstate() for seat in range(4)),  # ... and every seat's
        len(pt.match.rounds),
    )


def select(pt: PlayTable, cards) -> None:
    """Press the toggles of ``cards`` (one toggle per physical card) and release the rest."""
    wanted = list(parse_cards(cards) if isinstance(cards, str) else cards)
    for toggle in pt.hand_toggles:
        card = pt.card_of(toggle)
        toggle.value = card in wanted
        if toggle.value:
            wanted.remove(card)
    assert not wanted, f"not in hand: {wanted}"


def legal_choice(pt: PlayTable) -> list:
    """A legal play chosen with the engine's own rules: the lowest card to lead, else the
    first legal follow."""
    rnd = pt.round
    hand = rnd.hand(pt.you)
    if rnd.lead is None:
        return [rnd.trump.sort(hand)[-1]]
    return next(iter_legal_follows(hand, rnd.lead, rnd.trump))


def deal(pt: PlayTable, declare_first: bool = False) -> None:
    """Press "deal all" until the deal is over; optionally declare at the first chance."""
    for _ in range(200):
        if pt.round.phase != DEALING:
            return
        if declare_first and pt.declare_buttons and pt.round.standing_declaration is None:
            pt.declare_buttons[0].click()
        else:
            pt.deal_all_button.click()
    raise AssertionError("the deal did not end")


def play_out(pt: PlayTable) -> None:
    """Play legal cards by clicking until the hand is over, checking each play on the way."""
    rnd = pt.round
    for _ in range(40):
        if rnd.phase == FINISHED:
            return
        assert rnd.phase == PLAYING and rnd.turn == pt.you
        assert "shengji-state-play" in pt.widget._dom_classes
        cards = legal_choice(pt)
        before = len(rnd.hand(pt.you))
        select(pt, cards)
        pt.play_button.click()
        assert "Not allowed" not in pt.message, pt.message
        assert len(rnd.hand(pt.you)) == before - len(cards)
        assert len(pt.hand_toggles) == len(rnd.hand(pt.you))
        shown = format_cards(rnd.trump.sort(cards), pretty=True)
        assert f"South (you): {shown}" in text(pt.trick_html)
    raise AssertionError("the hand did not end")


def assert_result_shown(pt: PlayTable) -> None:
    rnd = pt.round
    result = rnd.result
    assert rnd.phase == FINISHED and result is not None
    shown = text(pt.result_html)
    assert format_cards(rnd.kitty, pretty=True) in shown
    assert f"Multiplier ×{result.kitty_multiplier}" in shown
    assert f"= {result.defender_points}" in shown
    assert "Levels:" in shown
    assert "shengji-state-over" in pt.widget._dom_classes
    assert pt.play_button.disabled
    assert pt.next_hand_button.disabled == pt.match.over
    assert len(pt.hand_toggles) == 0


# --- the deal -----------------------------------------------------------------------------
def test_a_new_table_waits_for_the_deal():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    assert pt.round.phase == DEALING and pt.round.dealt == 0
    assert pt.hand_toggles == []
    assert "Dealing: 0 of 100 cards dealt" in text(pt.status_html)
    assert "shengji-state-deal" in pt.widget._dom_classes
    assert pt.play_button.disabled and not pt.deal_next_button.disabled
    assert "seed 1" in text(pt.status_html)


def test_deal_next_deals_one_card_and_shows_it():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    pt.deal_next_button.click()
    assert pt.round.dealt == 1
    (card,) = pt.round.hand(0)
    assert [t.description for t in pt.hand_toggles] == [card.pretty]
    assert "Dealing: 1 of 100" in text(pt.status_html)


def test_deal_all_stops_when_something_new_can_be_declared():
    pt = PlayTable(seed=DEALER_SEED)
    pt.deal_all_button.click()
    rnd = pt.round
    assert rnd.phase == DEALING and rnd.dealt < 100
    options = rnd.legal_declarations(0)
    assert [b.description for b in pt.declare_buttons] == [
        f"declare {format_cards(o, pretty=True)}" for o in options
    ]
    assert "You can declare now" in pt.message


def test_a_random_seed_is_chosen_and_shown():
    pt = PlayTable()
    assert isinstance(pt.seed, int)
    assert f"seed {pt.seed}" in text(pt.status_html)


def test_bad_arguments_are_refused_at_construction():
    with pytest.raises(ValueError):
        PlayTable(seed=1, colors="rainbow")
    with pytest.raises(ValueError):
        PlayTable(seed=1, computer="oracle")
    with pytest.raises(ValueError):
        PlayTable(seed=1, you=4)


# --- whole hands ----------------------------------------------------------------------------
def test_a_whole_hand_when_a_computer_deals():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    rnd = pt.round
    assert rnd.dealer != 0, "this seed was chosen so that a computer player deals"
    assert rnd.phase == PLAYING and rnd.turn == 0
    assert pt.bury_button.layout.display == "none"
    status = text(pt.status_html)
    assert "level 2" in status and "dealer:" in status
    assert len(pt.hand_toggles) == 25
    # grouped by effective suit: trumps first, then spades, hearts, diamonds, clubs
    assert [pt.card_of(t) for t in pt.hand_toggles] == rnd.trump.sort(rnd.hand(0))
    play_out(pt)
    assert_result_shown(pt)
    assert pt.decision_seconds and max(pt.decision_seconds) <= GREEDY_LIMIT
    assert pt.match.rounds[-1] is rnd and pt.match.levels == rnd.result.levels_after


def test_a_whole_hand_as_dealer_with_the_bury_step():
    pt = PlayTable(seed=DEALER_SEED)
    deal(pt, declare_first=True)
    rnd = pt.round
    assert rnd.dealer == 0, "this seed was chosen so that the student declares first"
    assert rnd.phase == KITTY and "shengji-state-bury" in pt.widget._dom_classes
    assert pt.bury_button.layout.display != "none"
    assert len(pt.hand_toggles) == 33
    kitty = [t for t in pt.hand_toggles if t.style.font_style == "italic"]
    assert sorted(pt.card_of(t) for t in kitty) == sorted(rnd.kitty)

    # seven cards: refused with the engine's reason, nothing changes, selection kept
    seven = pt.hand_toggles[-7:]
    for toggle in seven:
        toggle.value = True
    before = snapshot(pt)
    pt.bury_button.click()
    assert snapshot(pt) == before
    assert "bury exactly 8 cards; you chose 7" in pt.message
    assert "shengji-error" in pt.message_html.value
    assert all(t.value for t in seven)

    pt.hand_toggles[-8].value = True
    buried = pt.selected_cards
    pt.bury_button.click()
    assert rnd.phase == PLAYING and sorted(rnd.kitty) == sorted(buried)
    assert rnd.turn == 0 and len(rnd.hand(0)) == 25  # the dealer leads the first trick
    play_out(pt)
    assert_result_shown(pt)
    assert format_cards(buried, pretty=True) in text(pt.result_html)


def test_the_after_deal_auction_with_the_pass_button():
    pt = PlayTable(seed=3, rules=RuleSet(bidding="after_deal"))
    deal(pt)
    rnd = pt.round
    for _ in range(20):
        if rnd.phase != "auction":
            break
        assert rnd.turn == 0 and pt.pass_button.layout.display != "none"
        pt.pass_button.click()
        assert "Not allowed" not in pt.message
    if rnd.phase == KITTY:
        select(pt, rnd.trump.sort(rnd.hand(0))[-8:])
        pt.bury_button.click()
    play_out(pt)
    assert_result_shown(pt)


def test_you_can_sit_in_another_seat():
    pt = PlayTable(seed=5, you=2)
    deal(pt)
    assert pt.round.turn == 2 and pt.round.phase == PLAYING
    assert "you are North (seat 2)" in text(pt.status_html)
    assert len(pt.hand_toggles) == len(pt.round.hand(2))


@pytest.mark.slow
def test_monte_carlo_players_decide_within_a_second():
    """Six tricks against Monte Carlo players (a whole hand takes ~8 s: the limit is per
    decision, and the first tricks, with the most unseen cards, are the slowest)."""
    pt = PlayTable(seed=NOT_DEALER_SEED, computer="montecarlo")
    deal(pt)
    for _ in range(6):
        select(pt, legal_choice(pt))
        pt.play_button.click()
        assert "Not allowed" not in pt.message
    assert len(pt.decision_seconds) >= 15
    assert max(pt.decision_seconds) <= MONTECARLO_LIMIT


# --- refusals: the engine's reason, and nothing changes --------------------------------------
def follow_position(seed: int = NOT_DEALER_SEED) -> PlayTable:
    """A table where the student follows a lead and holds cards of another suit too."""
    pt = PlayTable(seed=seed)
    deal(pt)
    rnd = pt.round
    for _ in range(30):
        if rnd.lead is not None:
            suit = rnd.trump.suit_of(rnd.lead[0])
            hand = rnd.hand(0)
            if any(rnd.trump.suit_of(c) == suit for c in hand) and any(
                rnd.trump.suit_of(c) != suit for c in hand
            ):
                return pt
        select(pt, legal_choice(pt))
        pt.play_button.click()
    raise AssertionError("no follow position found")


def test_an_illegal_follow_shows_the_engines_reason_and_changes_nothing():
    pt = follow_position()
    rnd = pt.round
    suit = rnd.trump.suit_of(rnd.lead[0])
    hand = rnd.hand(0)
    bad = [c for c in hand if rnd.trump.suit_of(c) != suit][: len(rnd.lead)]
    if len(bad) < len(rnd.lead):
        pytest.skip("not enough off-suit cards for this lead")
    select(pt, bad)
    reason = check_follow(hand, rnd.lead, pt.selected_cards, rnd.trump).reason
    assert reason
    before = snapshot(pt)
    pt.play_button.click()
    assert snapshot(pt) == before
    assert reason in pt.message
    assert reason in text(pt.message_html)
    assert sorted(pt.selected_cards) == sorted(bad)  # kept for a second try


def test_an_illegal_lead_mixing_suits_is_explained():
    pt = PlayTable(seed=DEALER_SEED)
    deal(pt, declare_first=True)
    rnd = pt.round
    select(pt, rnd.trump.sort(rnd.hand(0))[-8:])
    pt.bury_button.click()
    assert rnd.lead is None and rnd.turn == 0
    groups = rnd.trump.by_suit(rnd.hand(0))
    two_suits = [cards[0] for cards in groups.values() if cards][:2]
    select(pt, two_suits)
    reason = check_lead(rnd.hand(0), pt.selected_cards, rnd.trump).reason
    before = snapshot(pt)
    pt.play_button.click()
    assert snapshot(pt) == before
    assert "mixes" in reason and reason in pt.message


def test_playing_nothing_is_refused():
    pt = follow_position()
    before = snapshot(pt)
    select(pt, [])
    pt.play_button.click()
    assert snapshot(pt) == before
    assert f"{len(pt.round.lead)} card" in pt.message and "you played 0" in pt.message


def test_a_double_click_on_play_plays_once():
    pt = follow_position()
    rnd = pt.round
    cards = legal_choice(pt)
    select(pt, cards)
    pt.play_button.click()
    after_first = snapshot(pt)
    assert "Not allowed" not in pt.message
    pt.play_button.click()  # the selection was cleared by the first click
    assert snapshot(pt) == after_first
    assert "Not allowed" in pt.message
    mine = [c for t in rnd.tricks for s, c in t.plays if s == 0]
    mine += [c for s, c in rnd.current_trick if s == 0]
    assert sorted(cards) in [sorted(p) for p in mine]


def test_clicks_out_of_phase_get_the_engines_reason():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    before = snapshot(pt)
    pt.play_button.click()  # during the deal
    assert snapshot(pt) == before
    assert "cannot play cards now: the hand is in the dealing phase" in pt.message
    pt.bury_button.click()
    assert snapshot(pt) == before and "cannot bury the kitty now" in pt.message
    pt.pass_button.click()
    assert snapshot(pt) == before and "cannot pass now" in pt.message
    pt.next_hand_button.click()
    assert snapshot(pt) == before
    assert "finish the current hand before dealing the next one" in pt.message

    deal(pt)
    before = snapshot(pt)
    pt.deal_next_button.click()
    pt.deal_all_button.click()
    assert snapshot(pt) == before
    assert "cannot deal a card now: the hand is in the playing phase" in pt.message


def test_a_click_while_a_computer_player_moves_is_out_of_turn():
    """Clicks that arrive while a computer player is deciding (inside another click's
    handler): the engine says whose turn it is, and the game goes on undisturbed."""
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    seen = []

    class ClicksDuringItsMove:
        name = "clicker"

        def __init__(self, inner):
            self.inner = inner

        def declare(self, view):
            return self.inner.declare(view)

        def bury(self, view):
            return self.inner.bury(view)

        def play(self, view):
            if not seen:
                select(pt, [pt.round.hand(0)[0]])
                pt.play_button.click()
                seen.append(pt.message)
                pt.deal_next_button.click()
                seen.append(pt.message)
            return self.inner.play(view)

    table = pt.game_table
    table.players[1] = ClicksDuringItsMove(table.players[1])
    play_out(pt)
    assert "it is seat 1's turn, not seat 0's" in seen[0]
    assert "wait a moment: the computer players are still moving" in seen[1]
    assert pt.round.phase == FINISHED


def test_clicks_after_the_hand_ended_change_nothing():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    play_out(pt)
    before = snapshot(pt)
    result = pt.result_html.value
    for button in (
        pt.play_button,
        pt.bury_button,
        pt.deal_next_button,
        pt.deal_all_button,
        pt.pass_button,
        pt.play_button,
    ):
        button.click()
        assert snapshot(pt) == before
        assert "Not allowed" in pt.message
    assert "finished phase" in pt.message
    pt.hint_button.click()
    assert "the hand is over" in text(pt.hint_html)
    assert snapshot(pt) == before and pt.result_html.value == result


def test_a_stale_declaration_button_is_refused_by_the_engine():
    pt = PlayTable(seed=DEALER_SEED)
    pt.deal_all_button.click()
    button = pt.declare_buttons[0]
    button.click()
    assert pt.round.standing_declaration.seat == 0
    before = snapshot(pt)
    button.click()  # the same declaration again: it does not beat itself
    assert snapshot(pt) == before
    assert "does not beat the standing declaration" in pt.message


def test_a_broken_computer_player_does_not_break_the_handler():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)

    class Broken:
        name = "broken"

        def play(self, view):
            return list(view.hand[:1]) * 5

    pt.game_table.players[1] = Broken()
    select(pt, legal_choice(pt))
    pt.play_button.click()  # must not raise
    assert "Something went wrong" in pt.message and "PlayerError" in pt.message


# --- hint, colours, next hand, display ----------------------------------------------------------
def test_hint_lists_the_engines_legal_plays_and_changes_nothing():
    pt = follow_position()
    rnd = pt.round
    before = snapshot(pt)
    pt.hint_button.click()
    assert snapshot(pt) == before
    shown = text(pt.hint_html)
    plays = list(islice(iter_legal_follows(rnd.hand(0), rnd.lead, rnd.trump), 12))
    assert "legal plays" in shown
    for play in plays:
        assert format_cards(play, pretty=True) in shown
    assert "Greedy would play" in shown


def test_hint_while_leading_and_dealing():
    pt = PlayTable(seed=DEALER_SEED)
    pt.hint_button.click()
    assert "nothing to declare now" in text(pt.hint_html)
    pt.deal_all_button.click()
    pt.hint_button.click()
    assert "you may declare" in text(pt.hint_html)
    deal(pt, declare_first=True)
    pt.hint_button.click()
    assert "Greedy would bury" in text(pt.hint_html)
    select(pt, pt.round.trump.sort(pt.round.hand(0))[-8:])
    pt.bury_button.click()
    before = snapshot(pt)
    pt.hint_button.click()
    assert snapshot(pt) == before
    assert "you lead" in text(pt.hint_html)
    select(pt, legal_choice(pt))
    pt.play_button.click()
    assert pt.hint_html.value == ""  # the hint belonged to the position before the play


def test_hints_do_not_change_the_game():
    """Asking for hints every turn gives the same hand as never asking (same seed)."""

    def finished(ask: bool):
        pt = PlayTable(seed=NOT_DEALER_SEED)
        deal(pt)
        while pt.round.phase != FINISHED:
            if ask:
                pt.hint_button.click()
            select(pt, legal_choice(pt))
            pt.play_button.click()
        return pt.round.actions

    assert finished(True) == finished(False)


def test_next_hand_continues_the_match():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    play_out(pt)
    first = pt.round
    pt.next_hand_button.click()
    rnd = pt.round
    assert rnd is not first and len(pt.match.rounds) == 2
    assert rnd.phase == DEALING and rnd.levels == first.result.levels_after
    assert rnd.dealer == first.result.next_dealer
    assert pt.result_html.value == "" and pt.hint_html.value == ""
    assert "Hand 2" in text(pt.status_html)
    pt.next_hand_button.click()  # double click: the match refuses, nothing changes
    assert pt.round is rnd and "finish the current hand" in pt.message
    deal(pt)
    if pt.round.phase == KITTY:
        select(pt, pt.round.trump.sort(pt.round.hand(0))[-8:])
        pt.bury_button.click()
    play_out(pt)
    assert_result_shown(pt)


def test_the_four_colour_scheme():
    pt = PlayTable(seed=NOT_DEALER_SEED, colors="four")
    deal(pt)
    assert pt.colors_checkbox.value
    for toggle in pt.hand_toggles:
        assert toggle.style.text_color == suit_color(pt.card_of(toggle), "four")
    hearts = COLOR_SCHEMES["four"]["H"]
    diamonds = COLOR_SCHEMES["four"]["D"]
    assert hearts != diamonds
    select(pt, legal_choice(pt))
    chosen = pt.selected_cards
    pt.colors_checkbox.value = False  # switching colours keeps the selection
    assert pt.colors == "classic" and pt.selected_cards == chosen
    for toggle in pt.hand_toggles:
        assert toggle.style.text_color == suit_color(pt.card_of(toggle), "classic")


def test_selection_is_shown_as_you_click():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    toggle = pt.hand_toggles[0]
    toggle.value = True
    assert f"Selected (1): {toggle.description}" in text(pt.selection_html)


def test_hiding_a_button_hides_nothing_else():
    """Widgets share Layout objects; only the buttons that come and go have their own."""
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    assert pt.bury_button.layout.display == "none" and pt.pass_button.layout.display == "none"
    for widget in (pt.play_button, pt.hint_button, pt.hand_box, pt.widget, pt.status_html):
        assert widget.layout.display in (None, "")


def test_the_cell_shows_the_widget_with_a_short_stable_text():
    pt = PlayTable(seed=7)
    bundle = pt._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "PlayTable(seed=7, computer='greedy', colors='classic', you=0)"
    for css in ("shengji-table",):
        assert css in pt.widget._dom_classes
    for pane, css in (
        (pt.hand_box, "shengji-hand"),
        (pt.trick_html, "shengji-trick"),
        (pt.message_html, "shengji-message"),
        (pt.log_html, "shengji-log"),
    ):
        assert css in pane._dom_classes
