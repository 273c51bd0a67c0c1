"""The seeds' declaring rounds played by the engine: joker colours (RULES §12.6), yielding the
deal (§12.4) and reports with absorbing and returns (§12.5); the other declaring options
(§12.2 joker_bids, §12.7 no_bid, §12.11 the open kitty, §12.13 the partner's reinforcement).

The pure rules are tested in tests/rules/test_house_bidding.py and test_house_declaring.py;
these tests check that a Round keeps to them: who may bid when, who deals at which level,
what every view sees, and that every hand replays from its record.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from shengji_edu import RuleSet, parse_cards
from shengji_edu.game import AUCTION, DEALING, KITTY, PLAYING, RETURNS, Round, Table, records
from shengji_edu.game.errors import IllegalMove, WrongPhase
from shengji_edu.players import make_player
from shengji_edu.players.human import HumanPlayer

YIELD = RuleSet(bidding="yield")
REPORT = RuleSet(bidding="report")
COLOUR = RuleSet(bidding="joker_colour")


def computers(kinds=("greedy", "random", "greedy", "random")) -> list:
    return [make_player(kind) for kind in kinds]


def after_deal(rules: RuleSet, seed: int, levels=(5, 9), dealer=1) -> Round:
    rnd = Round(seed, rules, levels=levels, dealer=dealer)
    rnd.deal_all()
    rnd.finish_deal()
    return rnd


def replays(rnd: Round) -> None:
    text = json.dumps(records.hand_record(rnd))
    back = records.loads(text)
    assert back.result == rnd.result
    assert json.dumps(records.hand_record(back)) == text


# --- yielding the deal (让庄, RULES §12.4) -------------------------------------------------
def test_a_later_hand_under_yield_declares_nothing_during_the_deal():
    rnd = Round(3, YIELD, levels=(5, 9), dealer=1)
    for _ in range(40):
        rnd.deal_next()
    assert all(rnd.legal_declarations(seat) == [] for seat in range(4))
    level_card = (
        next(c for c in rnd.hand(1) if c.rank == 5)
        if any(c.rank == 5 for c in rnd.hand(1))
        else None
    )
    if level_card is not None:
        with pytest.raises(WrongPhase, match="yield"):
            rnd.declare(1, [level_card])


def test_the_candidate_answers_first_and_a_defender_deals_at_its_own_level():
    rnd = after_deal(YIELD, 3)
    assert rnd.phase == AUCTION and rnd.turn == 1  # the candidate dealer
    assert rnd.legal_declarations(1) == [[c] for c in parse_cards("D9 C9")]  # team 1 at 9
    rnd.pass_bid(1)  # yields
    assert rnd.turn == 2 and rnd.legal_declarations(2) == [[c] for c in parse_cards("D5 C5")]
    rnd.declare(2, parse_cards("C5"))  # team 0's level 5
    assert rnd.phase == KITTY and rnd.dealer == 2 and rnd.level_rank == 5
    assert rnd.trump.suit == "C" and rnd.turn == 2


def test_a_show_of_another_teams_level_is_refused_naming_the_level():
    rnd = after_deal(YIELD, 3)
    rnd.pass_bid(1)
    wrong = next(c for c in rnd.hand(2) if c.rank == 9)  # seat 2's team is at 5, not 9
    with pytest.raises(IllegalMove, match="5"):
        rnd.declare(2, [wrong])
    assert rnd.phase == AUCTION and rnd.turn == 2  # nothing changed


def test_four_yields_let_the_twin_card_choose_dealer_and_trump():
    rnd = after_deal(YIELD, 3)
    for _ in range(4):
        rnd.pass_bid(rnd.turn)
    card = rnd.kitty_flip
    assert card is not None and rnd.phase == KITTY
    assert card in rnd.hand(rnd.dealer)  # the twin's holder (the kitty is in its hand now)
    assert Counter(rnd.hand(rnd.dealer))[card] >= 1
    assert rnd.trump.suit == (None if card.is_joker else card.suit)
    assert rnd.level_rank == (5, 9)[rnd.dealer % 2]


# --- joker colours (亮牌, 反庄家, 反主, RULES §12.6) ------------------------------------------
def test_during_a_later_deal_only_the_dealer_team_declares_and_the_first_stands():
    for seed in range(60):
        rnd = Round(seed, COLOUR, levels=(2, 2), dealer=1)
        while rnd.dealt < rnd.rules.dealt_cards and not rnd.legal_declarations(1):
            rnd.deal_next()
        if rnd.dealt == rnd.rules.dealt_cards:
            continue
        assert all(rnd.legal_declarations(seat) == [] for seat in (0, 2))
        rnd.declare(1, rnd.legal_declarations(1)[0])
        assert rnd.legal_declarations(3) == []  # the first declaration stands
        rnd.deal_all()
        rnd.finish_deal()
        assert rnd.phase == AUCTION and rnd.turn == 2  # overcalls from the seat after it
        for _ in range(4):
            rnd.pass_bid(rnd.turn)
        assert rnd.phase == KITTY and rnd.dealer == 1
        return
    pytest.fail("no seed gave seat 1 a joker-colour declaration")


def test_with_no_declaration_the_defenders_are_asked_once_each():
    rnd = after_deal(COLOUR, 11)
    if rnd.declarations:
        pytest.skip("seed 11 has a declaration during the deal")
    assert rnd.phase == AUCTION and rnd.turn == 2  # the seat after the dealer (1)
    rnd.pass_bid(2)
    assert rnd.turn == 0  # the other defender, not the dealer's partner
    rnd.pass_bid(0)
    assert rnd.phase == KITTY and rnd.dealer == 1  # nobody: §8


def test_every_colour_hand_plays_and_the_first_declarer_deals():
    counter = 0
    for seed in range(30):
        rnd = Round(seed, COLOUR, levels=(5, 9), dealer=seed % 4)
        Table(rnd, computers()).run()
        assert rnd.result is not None
        if rnd.declarations:
            assert rnd.dealer == rnd.declarations[0].seat
            counter += rnd.dealer % 2 != seed % 2
        replays(rnd)
    assert counter  # 反庄家 happened at least once


# --- reports (报牌 / 吸牌 / 回牌, RULES §12.5) -----------------------------------------------
def test_report_answers_are_secret_until_all_four_have_answered():
    rnd = after_deal(REPORT, 1, levels=(2, 2))
    assert rnd.phase == AUCTION and rnd.turn == 1
    answered = 0
    while rnd.phase == AUCTION:
        seat = rnd.turn
        options = rnd.legal_declarations(seat)
        if options:
            rnd.declare(seat, options[0])
        else:
            rnd.pass_bid(seat)
        answered += 1
        if answered < 4:
            for other in range(4):
                view = rnd.view(other)
                assert view.bids == () and view.declarations == ()
    assert answered == 4
    assert len(rnd.public.bids) == 4  # shown at once, in play order from the candidate
    assert [seat for seat, _ in rnd.public.bids] == [1, 2, 3, 0]


def test_absorbing_and_returning_keep_every_hand_and_the_kitty_whole():
    seen_returns = 0
    for seed in range(40):
        rnd = Round(seed, REPORT, levels=(2, 2), dealer=seed % 4)
        table = Table(rnd, computers())
        while rnd.phase != PLAYING and table.step():
            if rnd.phase == RETURNS:
                absorber = rnd.turn
                others = [s for s in range(4) if s != absorber]
                assert len(rnd.hand(absorber)) > 25
                assert rnd.view(others[0]).returns_due == rnd.returns_due
        if rnd.phase != PLAYING:
            continue
        assert [len(rnd.hand(s)) for s in range(4)] == [25] * 4
        assert len(rnd.kitty) == 8
        seen_returns += len(rnd.public.returns)
        for giver, to, count in rnd.public.returns:
            cards = next(c for g, t, c in rnd.returns_seen_by(to) if (g, t) == (giver, to))
            assert len(cards) == count == len(rnd.reported_cards(to))
            assert not any(card.is_joker for card in cards)
    assert seen_returns


def test_a_dealer_that_absorbed_returns_before_the_kitty_and_one_absorbed_buries_first():
    orders = set()
    for seed in range(60):
        rnd = Round(seed, REPORT, levels=(2, 2), dealer=seed % 4)
        table = Table(rnd, computers())
        phases = []
        while table.step():
            if rnd.phase in (KITTY, RETURNS) and (not phases or phases[-1] != rnd.phase):
                phases.append(rnd.phase)
        outcome = rnd._report_outcome
        if outcome is None or not outcome.absorbed:
            continue
        expected = [KITTY, RETURNS] if outcome.kitty_first else [RETURNS, KITTY]
        assert phases == expected, (seed, phases)
        orders.add(outcome.kitty_first)
        replays(rnd)
    assert orders == {True, False}


def test_a_person_gives_back_through_the_terminal_player_and_a_bad_return_is_refused():
    for seed in range(60):
        rnd = Round(seed, REPORT, levels=(2, 2), dealer=1)
        table = Table(rnd, [None, *computers()[1:]])
        table.run()
        if rnd.phase != AUCTION or rnd.turn != 0 or not rnd.legal_declarations(0):
            continue
        rnd.declare(0, rnd.legal_declarations(0)[0])
        table.run()
        if rnd.phase != RETURNS or rnd.turn != 0:
            continue
        view = rnd.view(0)
        to = view.returns_due[0]
        reported = view.reported(to)
        joker = next((c for c in view.hand if c.is_joker), None)
        lines: list[str] = ["?"]
        if joker is not None:
            lines.append(" ".join(c.text for c in [joker] * len(reported)))
        from shengji_edu.reporting import weakest_return

        good = weakest_return(view.hand, reported, view.trump.strength)
        lines.append(" ".join(c.text for c in good))
        said: list[str] = []
        person = HumanPlayer(ask=lambda _prompt, lines=lines: lines.pop(0), say=said.append)
        cards = person.give(view)
        assert cards == good
        assert any("must give" in line for line in said)
        with pytest.raises(IllegalMove):
            rnd.give(0, [c for c in view.hand if c.is_joker][:1] * len(reported))
        rnd.give(0, cards)
        return
    pytest.fail("no seed made seat 0 the absorber")


# --- the other options, whole hands ----------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [
        YIELD,
        REPORT,
        COLOUR,
        RuleSet(bidding="joker_colour", joker_bids="four"),
        RuleSet(joker_bids="none", bidding="after_deal"),
        RuleSet(joker_bids="four", overcall_after_bury=True),
        RuleSet(partner_reinforce=True, bidding="after_deal"),
        RuleSet(no_bid="random_suit"),
        RuleSet(open_kitty=True),
        RuleSet(open_kitty=True, decks=1),
    ],
    ids=repr,
)
def test_every_declaring_option_plays_whole_hands_that_replay(rules):
    for seed in range(12):
        rnd = Round(seed, rules, levels=(5, 9), dealer=seed % 4)
        Table(rnd, computers()).run()
        assert rnd.result is not None
        if rules.open_kitty:
            assert not any(card.points for card in rnd.public.open_kitty)
            assert all(rnd.view(s).buried == rnd.public.open_kitty for s in range(4))
        replays(rnd)


def test_a_partner_reinforcement_is_recorded_as_the_card_shown():
    rules = RuleSet(partner_reinforce=True)
    for seed in range(200):
        rnd = Round(seed, rules)
        Table(rnd, computers(("greedy",) * 4)).run()
        shown = [a for a in records.hand_record(rnd)["actions"] if a["action"] == "declare"]
        pairs = [d for d in rnd.declarations if len(d.cards) == 2]
        singles = [a for a in shown if len(a["cards"].split()) == 1]
        if any(
            d.seat != a["seat"] for d in pairs for a in singles if a["after_card"] == d.after_card
        ):
            replays(rnd)
            return
    pytest.fail("no partner reinforcement in 200 seeds")


def test_a_first_hand_under_yield_and_report_starts_at_the_drawn_dealer():
    for rules in (YIELD, REPORT):
        rnd = Round(5, rules)
        assert rnd.phase == DEALING
        Table(rnd, computers()).run()
        assert rnd.result is not None
        replays(rnd)
