"""Headless tests of the play table: drive the widget objects as a person would.

The widget is built in plain pytest (no kernel, no browser): toggles are selected by setting
``.value``, buttons are pressed with ``.click()`` (which runs the callbacks synchronously),
and every assertion reads the engine's state or a widget value, never an ``Output`` capture.
Seeds are fixed; the ones whose story matters (who deals) are asserted, so a change in the
engine or the players that moves them fails loudly here instead of silently testing less.
"""

from __future__ import annotations

import ast
import inspect
import re
from html import unescape
from itertools import islice

import pytest
from table_helpers import legal_choice, select, text

from shengji_edu import RuleSet, check_follow, check_lead, format_cards, parse_cards
from shengji_edu.burying import first_legal_bury
from shengji_edu.follow import iter_legal_follows
from shengji_edu.game import DEALING, FINISHED, KITTY, PLAYING
from shengji_edu.render.pictures import COLOR_SCHEMES, suit_color
from shengji_edu.reporting import weakest_return
from shengji_edu.widgets import PlayTable, actions
from shengji_edu.widgets.actions import TableFace


@pytest.fixture(autouse=True)
def _tricks_go_on_at_once(monkeypatch):
    """These tests are about the rules: the computer players go on after a trick without
    waiting for *go on* (trick_pause=0). tests/frontends/test_widget_table.py tests the pause."""
    monkeypatch.setattr("shengji_edu.widgets.table.DEFAULT_TRICK_PAUSE", 0)


NOT_DEALER_SEED = 1
"""Only pressing "deal all": North declares first and deals; the student never buries."""
DEALER_SEED = 1
"""Declaring at the first chance: the student (seat 0) declares first and deals."""

GREEDY_LIMIT = 0.3
MONTECARLO_LIMIT = 1.0


# --- helpers ------------------------------------------------------------------------------


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


def deal(pt: PlayTable, declare_first: bool = False) -> None:
    """Press "deal all" (and "deal on" at each declaring stop) until the deal is over;
    optionally declare at the first chance."""
    for _ in range(200):
        if pt.round.phase != DEALING:
            return
        if declare_first and pt.declare_buttons and pt.round.standing_declaration is None:
            pt.declare_buttons[0].click()
        elif pt.deal_on_button is not None:
            pt.deal_on_button.click()
        else:
            pt.deal_all_button.click()
    raise AssertionError("the deal did not end")


def seat_text(pt: PlayTable, seat: int) -> str:
    """What the centre shows at one seat: name, role, cards left and its play."""
    found = re.search(
        rf"<div class='shengji-seat [^']*shengji-seat-{seat}\b[^']*'>(.*?)</div></div>",
        pt.trick_html.value,
        flags=re.S,
    )
    assert found, f"seat {seat} is not on the table"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


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
        # what the student played is at the student's seat: in the running trick, or else
        # in the last finished one (on the table until the next lead, or on demand)
        mine = dict(rnd.current_trick).get(pt.you)
        if mine is None:
            mine = dict(rnd.tricks[-1].plays)[pt.you]
            if rnd.current_trick or rnd.phase == FINISHED:
                pt.last_trick_toggle.value = True
        shown = format_cards(rnd.trump.sort(mine), pretty=True)
        assert shown in seat_text(pt, pt.you), seat_text(pt, pt.you)
        pt.last_trick_toggle.value = False
    raise AssertionError("the hand did not end")


def assert_result_shown(pt: PlayTable) -> None:
    rnd = pt.round
    result = rnd.result
    assert rnd.phase == FINISHED and result is not None
    shown = text(pt.trick_html)
    assert format_cards(rnd.trump.sort(rnd.kitty), pretty=True) in shown
    if result.kitty_points:
        assert f"× {result.kitty_multiplier} = {result.kitty_points}" in shown
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
    assert "Dealing: 0 of 100 cards" in text(pt.trick_html)
    assert "shengji-state-deal" in pt.widget._dom_classes
    assert pt.play_button.disabled and not pt.deal_next_button.disabled
    assert "seed 1" in text(pt.status_html)


def test_deal_next_deals_one_card_and_shows_it():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    pt.deal_next_button.click()
    assert pt.round.dealt == 1
    (card,) = pt.round.hand(0)
    assert [t.description for t in pt.hand_toggles] == [card.pretty]
    assert "Dealing: 1 of 100" in text(pt.trick_html)


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
    assert pt.deal_all_button.disabled and pt.deal_on_button is not None


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
    with pytest.raises(ValueError, match="choose one of"):
        PlayTable(seed=1, lang="fr")
    with pytest.raises(ValueError):
        PlayTable(seed="one")


# --- whole hands ----------------------------------------------------------------------------
def test_a_whole_hand_when_a_computer_deals():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    rnd = pt.round
    assert rnd.dealer != 0, "this seed was chosen so that a computer player deals"
    assert rnd.phase == PLAYING and rnd.turn == 0
    assert pt.bury_button.disabled
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
    assert pt.bury_button.disabled  # nothing selected yet
    assert len(pt.hand_toggles) == 33
    kitty = [t for t in pt.hand_toggles if "shengji-kitty" in t._dom_classes]
    assert kitty == pt.kitty_toggles
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
    assert format_cards(rnd.trump.sort(buried), pretty=True) in text(pt.trick_html)


def test_the_after_deal_auction_with_the_pass_button():
    pt = PlayTable(seed=3, rules=RuleSet(bidding="after_deal"))
    deal(pt)
    rnd = pt.round
    for _ in range(20):
        if rnd.phase != "auction":
            break
        assert rnd.turn == 0 and not pt.pass_button.disabled
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
    assert "you are North" in text(pt.status_html)
    # you sit at the bottom, the next player (West) on your right, your partner opposite
    assert "shengji-seat-bottom shengji-seat-2" in pt.trick_html.value
    assert "shengji-seat-right shengji-seat-3" in pt.trick_html.value
    assert "shengji-seat-top shengji-seat-0" in pt.trick_html.value
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


def test_play_is_disabled_until_cards_are_selected():
    pt = follow_position()
    select(pt, [])
    assert pt.play_button.disabled
    before = snapshot(pt)
    pt.play_button.click()  # a click that was on its way: ignored, nothing changes
    assert snapshot(pt) == before and pt.ignored_clicks == 1
    select(pt, legal_choice(pt))
    assert not pt.play_button.disabled


def test_a_double_click_on_play_plays_once():
    pt = follow_position()
    rnd = pt.round
    cards = legal_choice(pt)
    select(pt, cards)
    pt.play_button.click()
    after_first = snapshot(pt)
    message = pt.message
    assert "Not allowed" not in message
    pt.play_button.click()  # the selection was cleared by the first click
    assert snapshot(pt) == after_first and pt.message == message
    mine = [c for t in rnd.tricks for s, c in t.plays if s == 0]
    mine += [c for s, c in rnd.current_trick if s == 0]
    assert sorted(cards) in [sorted(p) for p in mine]


def test_buttons_that_do_not_apply_are_disabled_and_ignored():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    for button in (pt.play_button, pt.bury_button, pt.pass_button, pt.next_hand_button):
        assert button.disabled
        before = snapshot(pt)
        button.click()
        assert snapshot(pt) == before
    assert pt.ignored_clicks == 4
    deal(pt)
    assert pt.deal_next_button.disabled and pt.deal_all_button.disabled
    before = snapshot(pt)
    pt.deal_next_button.click()
    pt.deal_all_button.click()
    assert snapshot(pt) == before


def test_an_enabled_button_the_engine_refuses_shows_its_reason():
    """The widget never decides a rule: it enables buttons by phase and turn, and the engine
    refuses what the rules forbid (here: bury while the student is not the dealer)."""
    pt = PlayTable(seed=NOT_DEALER_SEED)
    pt.deal_next_button.click()
    before = snapshot(pt)
    pt.controls.on_bury(None)  # as a front end without the disabled check would call it
    assert snapshot(pt) == before
    assert "cannot bury the kitty now: the hand is in the dealing phase" in pt.message


def test_a_click_while_a_computer_player_moves_changes_nothing():
    """Clicks that arrive while a computer player is deciding (inside another click's
    handler): they are answered and the game goes on undisturbed."""
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
                before = snapshot(pt)
                toggle = pt.hand_toggles[0]
                toggle.value = True
                pt.controls.on_play(None)
                seen.append(pt.message)
                pt.hint_button.click()
                seen.append(pt.message)
                toggle.value = False
                assert snapshot(pt) == before
            return self.inner.play(view)

    table = pt.game_table
    table.players[1] = ClicksDuringItsMove(table.players[1])
    play_out(pt)
    assert "it is seat 1's turn, not seat 0's" in seen[0]
    assert "Wait a moment: the computer players are still moving" in seen[1]
    assert pt.round.phase == FINISHED


def test_clicks_after_the_hand_ended_change_nothing():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    play_out(pt)
    before = snapshot(pt)
    shown = pt.trick_html.value
    for button in (
        pt.play_button,
        pt.bury_button,
        pt.deal_next_button,
        pt.deal_all_button,
        pt.pass_button,
    ):
        assert button.disabled
        button.click()
        assert snapshot(pt) == before
    pt.hint_button.click()
    assert "the hand is over" in text(pt.hint_html)
    assert snapshot(pt) == before and pt.trick_html.value == shown


def test_a_stale_declaration_button_is_ignored():
    pt = PlayTable(seed=DEALER_SEED)
    pt.deal_all_button.click()
    button = pt.declare_buttons[0]
    button.click()
    assert pt.round.standing_declaration.seat == 0
    assert button not in pt.declare_buttons  # the options changed: new buttons
    before = snapshot(pt)
    button.click()  # the second click of a double click lands on the closed button
    assert snapshot(pt) == before


def test_a_declaration_the_engine_refuses_shows_its_reason():
    pt = PlayTable(seed=DEALER_SEED)
    pt.deal_all_button.click()
    cards = pt.round.legal_declarations(0)[0]
    pt.declare_buttons[0].click()
    before = snapshot(pt)
    pt.controls.on_declare(None, cards)  # the same declaration again: it does not beat itself
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
    assert "legal play" in shown
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
    made = pt.hand.made
    pt.next_hand_button.click()
    rnd = pt.round
    assert rnd is not first and len(pt.match.rounds) == 2
    assert rnd.phase == DEALING and rnd.levels == first.result.levels_after
    assert rnd.dealer == first.result.next_dealer
    assert "The hand is over" not in text(pt.trick_html) and pt.hint_html.value == ""
    assert "Hand 2" in text(pt.status_html)
    assert pt.next_hand_button.disabled
    pt.next_hand_button.click()  # double click: ignored, nothing changes
    assert pt.round is rnd
    deal(pt)
    if pt.round.phase == KITTY:
        select(pt, pt.round.trump.sort(pt.round.hand(0))[-8:])
        pt.bury_button.click()
    play_out(pt)
    assert_result_shown(pt)
    assert pt.hand.made <= max(made, 33), "toggles are reused from hand to hand"


def test_the_four_colour_scheme():
    pt = PlayTable(seed=NOT_DEALER_SEED, colors="four")
    deal(pt)
    assert pt.colors_checkbox.value
    assert "shengji-colors-four" in pt.widget._dom_classes
    for toggle in pt.hand_toggles:
        card = pt.card_of(toggle)
        ink = "H" if card.text == "BJ" else "S" if card.text == "LJ" else card.suit
        assert f"shengji-ink-{ink}" in toggle._dom_classes
    css = pt.ui.style_html.value
    for suit, color in COLOR_SCHEMES["four"].items():
        assert f".shengji-colors-four .shengji-ink-{suit} {{ color: {color}" in css
    assert COLOR_SCHEMES["four"]["H"] != COLOR_SCHEMES["four"]["D"]
    select(pt, legal_choice(pt))
    chosen = pt.selected_cards
    pt.colors_checkbox.value = False  # switching colours keeps the selection and the game
    assert pt.colors == "classic" and pt.selected_cards == chosen
    assert "shengji-colors-classic" in pt.widget._dom_classes
    assert "shengji-colors-four" not in pt.widget._dom_classes
    red = suit_color(parse_cards("H2")[0], "classic")
    assert f"color:{red}" in pt.trick_html.value or not any(
        c.suit in "HD" for _, cards in pt.round.current_trick for c in cards
    )


def test_selected_cards_are_raised_by_the_stylesheet():
    pt = PlayTable(seed=NOT_DEALER_SEED)
    deal(pt)
    toggle = pt.hand_toggles[0]
    toggle.value = True
    assert pt.selected_cards == [pt.card_of(toggle)]
    assert re.search(
        r"\.shengji-card\.mod-active \{ transform: translateY\(-\d+px\)", pt.ui.style_html.value
    )
    assert not pt.play_button.disabled


def test_the_cell_shows_the_widget_with_a_short_stable_text():
    pt = PlayTable(seed=7)
    bundle = pt._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == (
        "PlayTable(seed=7, computer='greedy', colors='classic', you=0, lang='en')"
    )
    assert "shengji-table" in pt.widget._dom_classes
    for pane, css in (
        (pt.hand_box, "shengji-hand"),
        (pt.trick_html, "shengji-trick"),
        (pt.message_html, "shengji-message"),
        (pt.log_html, "shengji-log"),
    ):
        assert css in pane._dom_classes


# --- settings in the table -----------------------------------------------------------------------
def test_the_settings_offer_the_rule_options_of_ruleset():
    from shengji_edu.widgets.settings import rule_options

    options = rule_options()
    assert options["kitty"][:2] == ["power", "linear"]
    assert options["bidding"] == ["during_deal", "after_deal", "yield", "report", "joker_colour"]
    assert options["settlement"][-1] == "forty_five"  # offered, played with one deck (§12.10)
    assert 0 in options["throw_penalty"] and 10 in options["throw_penalty"]
    pt = PlayTable(seed=1)
    assert set(pt.settings.rule_dropdowns) == set(options)


def test_a_new_rule_field_appears_in_the_settings_when_the_engine_plays_it(monkeypatch):
    """Built from RuleSet's fields: an option the rules gain shows up by itself, but only
    with the values the engine can start a hand with."""
    import dataclasses

    from shengji_edu.widgets import settings

    @dataclasses.dataclass(frozen=True)
    class MoreRules(RuleSet):
        twos_are_trump: bool = False
        decks: int = 2

    def round_accepting(seed, rules):
        if getattr(rules, "decks", 2) == 3:
            raise ValueError("three decks are not played yet")

    monkeypatch.setattr(settings, "RuleSet", MoreRules)
    monkeypatch.setattr(settings, "Round", round_accepting)
    options = settings.rule_options()
    assert options["twos_are_trump"] == [False, True]
    assert options["decks"] == [1, 2]  # 3 is refused by the engine, so not offered


def test_new_match_with_the_chosen_settings():
    pt = PlayTable(seed=1)
    s = pt.settings
    s.seed_text.value = "42"
    s.computer_dropdown.value = "random"
    s.rule_dropdowns["kitty"].value = s.options["kitty"].index("linear")
    s.new_match_button.click()  # nothing dealt yet: no question asked
    assert pt.seed == 42 and pt.computer == "random" and pt.rules.kitty == "linear"
    assert pt.round.rules == pt.rules and "seed 42" in text(pt.status_html)
    assert pt.match.seed == 42


def test_new_match_mid_hand_asks_first_and_a_stale_answer_is_ignored():
    pt = PlayTable(seed=1)
    deal(pt)
    rnd = pt.round
    pt.settings.seed_text.value = "7"
    pt.settings.new_match_button.click()
    assert pt.round is rnd and "A hand is in progress" in pt.message
    first_question = pt.settings.confirm_button
    assert first_question is not None
    pt.settings.new_match_button.click()  # asked again: a new button
    assert pt.settings.confirm_button is not first_question
    first_question.click()  # the old button answers nothing
    assert pt.round is rnd
    pt.settings.confirm_button.click()
    assert pt.round is not rnd and pt.seed == 7 and pt.round.phase == DEALING
    assert pt.settings.confirm_button is None


def test_a_bad_seed_in_the_settings_is_explained():
    pt = PlayTable(seed=1)
    before = snapshot(pt)
    pt.settings.seed_text.value = "eight"
    pt.settings.new_match_button.click()
    assert snapshot(pt) == before
    assert "the seed must be a whole number" in pt.message


def rule_variants() -> list[RuleSet]:
    """One RuleSet per option the settings offer (each other option at its default)."""
    from shengji_edu.widgets.settings import rule_options

    variants = {RuleSet()}
    for name, values in rule_options().items():
        for value in values:
            try:
                variants.add(RuleSet(**{name: value}))
            except ValueError:  # a one-deck rule (RULES §12.17)
                variants.add(RuleSet(**{name: value, "decks": 1}))
    return sorted(variants, key=repr)


def before_play(pt: PlayTable, overcall: bool = True) -> None:
    """Click through the auction, the bury and the overcall round (RULES §11.3) until the
    play begins: pass in the auction, bury the weakest cards, overcall when a button offers
    it (then bury again), else press do not overcall."""
    rnd = pt.round
    for _ in range(40):
        if rnd.phase in (DEALING, PLAYING, FINISHED):
            return
        assert rnd.turn == pt.you, "the table waits only for the person"
        if rnd.phase == "auction":
            pt.pass_button.click()
        elif rnd.phase == KITTY:
            assert len(rnd.kitty) == rnd.rules.kitty_size
            assert len(pt.kitty_toggles) == rnd.rules.kitty_size
            weakest_first = rnd.trump.sort(rnd.hand(pt.you))[::-1]
            select(pt, first_legal_bury(weakest_first, rnd.rules))  # an open kitty: §12.11
            pt.bury_button.click()
        elif rnd.phase == "returns":  # the person's report absorbed others (RULES §12.5)
            owed = rnd.reported_cards(rnd.returns_due[0])
            select(pt, weakest_return(rnd.hand(pt.you), owed, rnd.trump.strength))
            assert pt.bury_button.description == "give back"
            pt.bury_button.click()
        elif rnd.phase == "overcall":
            assert "shengji-state-overcall" in pt.widget._dom_classes
            assert not pt.pass_button.disabled
            offered = [tuple(b.description.split()[2:]) for b in pt.overcall_buttons]
            assert len(offered) == len(rnd.legal_overcalls(pt.you))
            if overcall and pt.overcall_buttons:
                pt.overcall_buttons[0].click()
                assert rnd.phase == KITTY and rnd.turn == pt.you
            else:
                pt.pass_button.click()
        assert "Not allowed" not in pt.message, pt.message
    raise AssertionError("the play never began")


@pytest.mark.parametrize("rules", rule_variants(), ids=repr)
def test_a_whole_hand_for_every_rule_variant_the_table_offers(rules):
    pt = PlayTable(seed=4, rules=rules)
    deal(pt, declare_first=True)
    rnd = pt.round
    assert rnd.dealt == rules.dealt_cards
    before_play(pt)
    play_out(pt)
    assert_result_shown(pt)
    assert pt.round.rules == rules
    played = [c for t in rnd.tricks for c in t.cards()]
    assert len(played) == rules.dealt_cards  # every card of the hands played once
    assert sorted(played + list(rnd.kitty)) == sorted(rules.deck())


# --- a race: clicks while the computer players move ------------------------------------------
def test_random_clicks_during_computer_moves_never_change_the_game():
    """While each computer decision is being made, press random toggles and buttons (as a
    front end might deliver them); none may act, and the hand plays out normally."""
    import random

    pt = PlayTable(seed=5)
    deal(pt)
    rng = random.Random(0)
    moves = []

    class Racer:
        name = "racer"

        def __init__(self, inner):
            self.inner = inner

        def declare(self, view):
            return self.inner.declare(view)

        def bury(self, view):
            return self.inner.bury(view)

        def play(self, view):
            before = snapshot(pt)
            for _ in range(3):
                toggles = pt.hand_toggles
                if toggles:
                    rng.choice(toggles).value = True
                rng.choice([pt.play_button, pt.hint_button, pt.next_hand_button]).click()
            assert snapshot(pt) == before
            pt.hand.clear()
            moves.append(view.seat)
            return self.inner.play(view)

    for seat in (1, 2, 3):
        pt.game_table.players[seat] = Racer(pt.game_table.players[seat])
    play_out(pt)
    assert len(moves) >= 30
    assert_result_shown(pt)
    played = [c for t in pt.round.tricks for c in t.cards()]
    assert len(played) == 100  # every card of the hands played exactly once


# --- the click handlers and the table ------------------------------------------------------------
def test_the_click_handlers_reach_the_table_only_through_its_public_face():
    """The handlers in widgets/actions.py use of their table (``self.table.x``, or ``table.x``
    after ``table = self.table``) only what TableFace names, and the table provides it all."""
    face = {name for name in vars(TableFace) if not name.startswith("_")}
    face |= set(TableFace.__annotations__)
    used = set()
    for node in ast.walk(ast.parse(inspect.getsource(actions))):
        if isinstance(node, ast.Attribute):
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id == "table") or (
                isinstance(owner, ast.Attribute)
                and owner.attr == "table"
                and isinstance(owner.value, ast.Name)
                and owner.value.id == "self"
            ):
                used.add(node.attr)
    assert {"round", "say", "redraw"} <= used <= face
    pt = PlayTable(seed=NOT_DEALER_SEED)
    assert pt.controls.table is pt and all(hasattr(pt, name) for name in face)


def test_a_report_with_its_buttons_and_the_returns_with_the_give_back_button():
    """RULES §12.5 at the table: your report is a declaring button, the others' answers stay
    hidden until all four are in, and as the largest reporter you select the cards to give
    back and press the bury button, which says give back (a wrong return changes nothing)."""
    for seed in range(40):
        pt = PlayTable(seed=seed, rules=RuleSet(bidding="report"))
        deal(pt)
        rnd = pt.round
        if rnd.phase != "auction" or not pt.declare_buttons:
            continue
        assert rnd.view(0).bids == ()  # nothing is shown before every seat has answered
        pt.declare_buttons[0].click()
        assert "Not allowed" not in pt.message, pt.message
        if rnd.phase != "returns" or rnd.turn != 0:
            continue
        owed = rnd.reported_cards(rnd.returns_due[0])
        assert pt.bury_button.description == "give back"
        assert "give back to seat" in text(pt.trick_html)
        jokers = [card for card in rnd.hand(0) if card.is_joker]
        if jokers:
            before = list(rnd.hand(0))
            select(pt, jokers[:1])
            pt.bury_button.click()
            assert "Not allowed" in pt.message and list(rnd.hand(0)) == before
            pt.hand.clear()
        select(pt, weakest_return(rnd.hand(0), owed, rnd.trump.strength))
        pt.bury_button.click()
        assert "You gave" in pt.message
        before_play(pt)
        play_out(pt)
        assert_result_shown(pt)
        return
    pytest.fail("no seed made the person the largest reporter")
