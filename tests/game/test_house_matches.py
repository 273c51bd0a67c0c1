"""The engine under RULES §12.1, §12.8–§12.10 and §12.12: hands, whole matches, records and the
command line with the level rooms, kitty and settlement tables, the 45-point game and wearing
the A."""

from __future__ import annotations

import json

import pytest

from shengji_edu import RuleSet, SettlementTable, ace_worn, climb, level_ladder, settle
from shengji_edu.arena import deal_setup, play_duplicate
from shengji_edu.cli import main as cli
from shengji_edu.game import (
    FINISHED,
    KITTY,
    PLAYING,
    Match,
    PublicTable,
    Round,
    Table,
    WrongPhase,
    hand_record,
    loads,
    match_record,
    play_round,
)
from shengji_edu.players import RandomPlayer, make_player

ROOMS = RuleSet(levels="5-10-K")
FORTY_FIVE = RuleSet(decks=1, settlement="forty_five")
WEAR = RuleSet(wear_ace=True)
HOUSE = RuleSet(settlement_table="0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40")


def randoms():
    return [RandomPlayer() for _ in range(4)]


def greedy():
    return [make_player("greedy") for _ in range(4)]


def round_trips(obj) -> None:
    """The record of a hand or a match loads (replayed) to the same record."""
    record = match_record(obj) if isinstance(obj, Match) else hand_record(obj)
    again = loads(json.dumps(record, ensure_ascii=False).encode("utf-8"))
    assert (match_record(again) if isinstance(obj, Match) else hand_record(again)) == record


# --- defaults change nothing ----------------------------------------------------------------
def test_a_default_game_writes_what_it_wrote():
    rnd = play_round(Round(5), randoms())
    record = hand_record(rnd)
    assert set(record["rules"]) == {"kitty", "settlement", "throw_penalty", "bidding"}
    assert "draw" not in record["result"] and record["result"]["next_dealer"] in range(4)
    assert "draw" not in rnd.public.to_data()["result"]["settlement"]
    assert Match(1).start_level == 2 and Match(1).levels == (2, 2)


# --- §12.1 the 5-10-K rooms -------------------------------------------------------------------
def test_a_match_in_the_rooms_starts_at_5_and_refuses_other_levels():
    assert Match(1, ROOMS).levels == (5, 5) and Match(1, ROOMS).start_level == 5
    assert Match(1, ROOMS, start_level="K").levels == (13, 13)
    assert Match(1, ROOMS, 10).levels == (10, 10)  # start_level is the third argument
    for bad in (2, 6, 14, "A", 0, "x"):
        with pytest.raises(ValueError, match="5, 10, K"):
            Match(1, ROOMS, start_level=bad)
    with pytest.raises(ValueError, match="2, 3, 4"):
        Match(1, start_level=15)
    for levels, dealer in (((2, 2), None), ((5, 6), 0), ((14, 5), 1)):
        with pytest.raises(ValueError, match="5, 10, K"):
            Round(1, ROOMS, levels, dealer)


def test_whole_hands_in_the_rooms():
    """RULES §12.1's whole hands: a kept deal at K wins; 95 at K takes the deal, +0; 130 with
    team 0 at 10 dealing and team 1 at 5: team 1 takes the deal, +1 → 10."""
    seen = set()
    for seed in range(60):
        for levels in ((13, 5), (5, 13), (10, 5)):
            rnd = play_round(Round(seed, ROOMS, levels, dealer=0), randoms())
            r = rnd.result
            s = r.settlement
            kept = not s.defenders_take_deal
            assert r.match_won == (kept and levels[0] == 13)
            assert r.levels_after == (
                climb(levels[0], s.dealer_levels, ROOMS),
                climb(levels[1], s.defender_levels, ROOMS),
            )
            if levels == (13, 5) and kept:
                seen.add("won at K")
            if levels == (5, 13) and 80 <= r.defender_points < 120:
                assert r.levels_after == (5, 13) and r.next_dealer == 1 and not r.match_won
                seen.add("taken at K")
            if levels == (10, 5) and 120 <= r.defender_points < 160:
                assert r.levels_after == (10, 10) and r.next_dealer == 1
                seen.add("taken +1")
    assert seen == {"won at K", "taken at K", "taken +1"}


@pytest.mark.parametrize("seed", range(4))
def test_whole_matches_in_the_rooms(seed):
    match = Match(seed, ROOMS).play(greedy())
    assert match.winner is not None
    for rnd in match.rounds:
        assert set(rnd.levels) <= {5, 10, 13} and set(rnd.result.levels_after) <= {5, 10, 13}
        assert rnd.trump.level == rnd.level_rank in (5, 10, 13)
    last = match.rounds[-1]
    assert last.result.match_won and last.level_rank == 13
    assert match.levels[match.winner] == 13
    round_trips(match)
    assert match_record(match)["start_level"] == 5


def test_a_record_of_the_rooms_refuses_a_level_off_the_ladder():
    from shengji_edu.game import RecordError

    record = hand_record(play_round(Round(3, ROOMS, (10, 5), dealer=0), randoms()))
    assert record["rules"] == {
        "kitty": "power",
        "settlement": "standard",
        "throw_penalty": 0,
        "bidding": "during_deal",
        "levels": "5-10-K",
    }
    record["levels"] = [11, 5]
    with pytest.raises(RecordError, match="ladder"):
        loads(json.dumps(record))


# --- §12.8 / §12.9 tables in the engine -------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(kitty="cards"),
        RuleSet(kitty="pairs", kitty_max=64),
        RuleSet(kitty="width", decks=3),
        RuleSet(settlement_table="twenty"),
        RuleSet(decks=1, settlement_table="one_deck_classic", kitty="width"),
        HOUSE,
    ],
)
def test_every_hand_settles_by_the_rules_tables(rules):
    from shengji_edu import kitty_multiplier

    match = Match(7, rules).play(greedy())
    assert match.winner is not None
    table = SettlementTable.of(rules)
    for rnd in match.rounds:
        r = rnd.result
        last = rnd.tricks[-1]
        assert r.kitty_multiplier == kitty_multiplier(last.lead, rnd.trump, rules)
        assert r.settlement == table.settle(r.defender_points) == settle(r.defender_points, rules)
    round_trips(match)


def test_d0_keeps_the_deal_without_a_level_and_wins_at_the_top():
    kept = won = 0
    for seed in range(80):
        for levels in ((6, 9), (14, 9)):
            r = play_round(Round(seed, HOUSE, levels, dealer=0), randoms()).result
            if 80 <= r.defender_points < 120:
                assert not r.settlement.defenders_take_deal and r.settlement.dealer_levels == 0
                assert r.levels_after == levels and r.next_dealer == 2 and r.winning_team == 0
                assert r.match_won == (levels[0] == 14)
                kept += 1
                won += r.match_won
    assert kept and won


# --- §12.10 the 45-point game ---------------------------------------------------------------
def test_forty_five_counts_neither_the_last_trick_nor_the_kitty():
    for seed in range(30):
        rnd = play_round(Round(seed, FORTY_FIVE, (5, 5), dealer=seed % 4), randoms())
        r, last = rnd.result, rnd.tricks[-1]
        won_last = not rnd.is_dealer_team(last.winner)
        won = sum(t.points for t in rnd.tricks[:-1] if not rnd.is_dealer_team(t.winner))
        assert r.trick_points == won and (r.kitty_points, r.kitty_multiplier) == (0, 0)
        assert r.defender_points == won + r.penalty
        assert r.settlement == settle(r.defender_points, FORTY_FIVE, won_last_trick=won_last)
        if r.settlement.draw:
            assert r.next_dealer is None and r.winning_team is None and not r.match_won
            assert r.levels_after == r.levels_before
        round_trips(rnd)


def test_a_draw_hands_the_match_a_first_hand_at_each_teams_level():
    draws = 0
    for seed in range(12):
        match = Match(seed, FORTY_FIVE).play(greedy())
        assert match.winner is not None
        round_trips(match)
        for before, after in zip(match.rounds, match.rounds[1:], strict=False):
            if not before.result.settlement.draw:
                assert after.starting_dealer == before.result.next_dealer is not None
                continue
            draws += 1
            assert after.first_hand and after.starting_dealer is None
            assert after.levels == before.result.levels_after
            if after.declarations:
                first = after.declarations[0]
                assert after.dealer == first.seat
                assert after.level_rank == after.levels[first.seat % 2] == after.trump.level
                assert all(c.is_joker or c.rank == after.level_rank for c in first.cards)
            else:
                assert after.trump.level == after.levels[after.dealer % 2]
    assert draws > 0


def test_after_a_draw_each_seat_declares_with_its_own_level():
    rnd = Round(1, FORTY_FIVE, levels=(3, 7))
    offered = set()
    while rnd.dealt < FORTY_FIVE.dealt_cards and not rnd.declarations:
        rnd.deal_next()
        for seat in range(4):
            for option in rnd.legal_declarations(seat):
                assert option[0].rank == (3, 7)[seat % 2]
                assert rnd.view(seat).legal_declarations == rnd.legal_declarations(seat)
                offered.add(seat % 2)
                if seat % 2 == 1 and not rnd.declarations:
                    rnd.declare(seat, option)
    assert offered and rnd.declarations and rnd.declarations[0].seat % 2 == 1
    assert rnd.level_rank == 7
    rnd.deal_all()
    for seat in range(4):
        assert all(o[0].rank == 7 or o[0].is_joker for o in rnd.legal_declarations(seat))
    rnd.finish_deal()
    assert rnd.dealer == rnd.declarations[0].seat and rnd.trump.level == 7


def test_unequal_levels_without_a_dealer_only_after_a_draw():
    with pytest.raises(ValueError, match="same level"):
        Round(1, RuleSet(decks=1), levels=(3, 7))
    Round(1, FORTY_FIVE, levels=(3, 7))


def test_a_draw_reads_back_from_a_view():
    for seed in range(60):
        rnd = play_round(Round(seed, FORTY_FIVE, (5, 5), dealer=0), randoms())
        if rnd.result.settlement.draw:
            break
    else:
        pytest.fail("no draw in 60 hands")
    data = rnd.public.to_data()
    assert data["result"]["settlement"]["draw"] is True
    back = PublicTable.from_data(json.loads(json.dumps(data)))
    assert back.result == rnd.result and back.result.settlement.draw
    assert (
        hand_record(rnd)["result"]["draw"] is True
        and hand_record(rnd)["result"]["next_dealer"] is None
    )


# --- §12.12 wearing the A -------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [
        WEAR,
        RuleSet(wear_ace=True, bidding="after_deal"),
        RuleSet(wear_ace=True, overcall_after_bury=True),
    ],
)
def test_nobody_declares_in_a_hand_played_at_a(rules):
    for seed in range(6):
        rnd = Round(seed, rules, levels=(14, 9), dealer=seed % 2 * 2)
        assert rnd.wear_ace_hand
        while rnd.dealt < rules.dealt_cards:
            rnd.deal_next()
            assert rnd.declaring_seats == ()
            assert all(not rnd.may_declare(s) and not rnd.legal_declarations(s) for s in range(4))
        jokers = [c for c in rnd.hand(0) if c.is_joker or c.rank == 14]
        if jokers:
            with pytest.raises(WrongPhase):
                rnd.declare(0, jokers[:1])
        rnd.finish_deal()
        assert rnd.phase == KITTY and rnd.trump == rules.trump(14, None) and rnd.trump.suit is None
        assert rnd.kitty_flip is None and rnd.dealer == seed % 2 * 2
        holder = rnd.kitty_holder
        rnd.bury(holder, list(rnd.hand(holder))[: rules.kitty_size])
        assert rnd.phase == PLAYING  # no overcall round
        Table(rnd, randoms()).run()
        assert rnd.phase == FINISHED and rnd.declarations == () and rnd.overcalls == ()
        round_trips(rnd)


def test_a_hand_not_at_a_is_played_as_ever():
    rnd = play_round(Round(3, WEAR, levels=(13, 14), dealer=0), randoms())
    assert not rnd.wear_ace_hand and (rnd.declarations or rnd.kitty_flip is not None)
    assert rnd.trump.level == 13
    # seat 1 deals: its team is at A, so that hand is played wearing the A
    assert play_round(Round(4, WEAR, levels=(13, 14), dealer=1), randoms()).wear_ace_hand


def test_the_match_is_won_at_a_only_wearing_the_a():
    outcomes = set()
    for seed in range(40):
        for players in (randoms(), greedy()):
            rnd = play_round(Round(seed, WEAR, levels=(14, 9), dealer=0), players)
            r = rnd.result
            worn = ace_worn(rnd.tricks[0].lead, rnd.tricks[-1].plays, 0, rnd.trump)
            kept = r.winning_team == 0
            assert r.match_won == (kept and worn)
            if kept:
                assert r.levels_after == (14, 9) and r.next_dealer == 2
            outcomes.add((kept, worn))
    assert outcomes == {(True, True), (True, False), (False, True), (False, False)}


def test_a_first_hand_at_a_is_dealt_by_the_drawn_dealer():
    for seed in range(5):
        rnd = play_round(Round(seed, WEAR, levels=(14, 14)), randoms())
        assert rnd.wear_ace_hand and rnd.declarations == ()
        assert rnd.dealer == Round(seed, RuleSet(), levels=(14, 14))._fallback_dealer
        assert rnd.trump.suit is None


@pytest.mark.parametrize("seed", range(3))
def test_whole_matches_wearing_the_a_finish(seed):
    match = Match(seed, WEAR, start_level=13).play(greedy())
    assert match.winner is not None
    last = match.rounds[-1]
    assert last.wear_ace_hand and last.result.match_won
    assert ace_worn(last.tricks[0].lead, last.tricks[-1].plays, last.dealer, last.trump)
    for rnd in match.rounds:
        assert rnd.wear_ace_hand == (rnd.level_rank == 14)
        if rnd.wear_ace_hand:
            assert rnd.trump.suit is None and rnd.declarations == ()
    round_trips(match)


def test_the_arena_deals_a_wear_ace_hand_without_a_trump_suit():
    import random

    setups = [deal_setup(seed, random.Random(seed), WEAR) for seed in range(60)]
    at_ace = [s for s in setups if s.level == 14]
    assert at_ace and all(s.trump_suit is None for s in at_ace)
    play_duplicate(at_ace[0], ("random", {}), ("greedy", {}), WEAR)
    rooms = [deal_setup(seed, random.Random(seed), ROOMS) for seed in range(10)]
    assert {s.level for s in rooms} <= set(level_ladder(ROOMS))

    def old_level(seed):  # before the ladders: randrange(4) for the dealer, then the level
        rng = random.Random(seed)
        rng.randrange(4)
        return rng.randrange(2, 15)

    assert [deal_setup(s, random.Random(s)).level for s in range(30)] == list(
        map(old_level, range(30))
    )


def test_a_fixed_trump_at_a_wearing_the_a_has_no_suit():
    with pytest.raises(ValueError, match="no trump suit"):
        Round(1, WEAR, (14, 5), dealer=0, fixed_trump=WEAR.trump(14, "S"))
    rnd = play_round(Round(1, WEAR, (14, 5), dealer=0, fixed_trump=WEAR.trump(14, None)), randoms())
    assert rnd.result is not None


# --- the command line -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [
        "levels=5-10-K",
        "kitty=width,kitty_max=64",
        "kitty=cards",
        "kitty=pairs,decks=3",
        "settlement_table=twenty",
        "settlement_table=0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40",
        "decks=1,settlement=forty_five",
        "decks=1,settlement_table=one_deck_classic",
        "wear_ace=true",
    ],
)
def test_whole_matches_from_the_command_line(rules, capsys):
    assert cli(["play", "--auto", "--seed", "3", "--rules", rules]) == 0
    out = capsys.readouterr().out
    assert "wins the match after" in out and "rules: " in out


def test_the_command_line_starts_on_the_ladder(capsys):
    assert cli(["play", "--auto", "--seed", "3", "--hands", "1", "--rules", "levels=5-10-K"]) == 0
    out = capsys.readouterr().out
    assert "level 5," in out and "rules: levels=5-10-K" in out
    assert cli(["play", "--auto", "--level", "7", "--rules", "levels=5-10-K"]) == 2
    assert "5, 10, K" in capsys.readouterr().err


def test_the_play_table_shows_a_draw():
    pytest.importorskip("ipywidgets")
    from shengji_edu.i18n import translator
    from shengji_edu.widgets.pieces import Context
    from shengji_edu.widgets.views import result_html

    for seed in range(60):
        rnd = play_round(Round(seed, FORTY_FIVE, (5, 5), dealer=0), randoms())
        if rnd.result.settlement.draw:
            break
    english = result_html(Context(rnd, Match(1, FORTY_FIVE), 0, translator("en")))
    assert "a draw" in english and "no dealer" in english and "kitty does not count" in english
    chinese = result_html(Context(rnd, Match(1, FORTY_FIVE), 0, translator("zh")))
    assert "平局" in chinese and "抢庄" in chinese
