"""Gin Rummy (shengji_edu.gin): cards, melds, deadwood, knocking, hand and game scoring."""

from __future__ import annotations

import pytest

from shengji_edu.gin import (
    NO_LAYOFFS,
    GinParseError,
    GinRules,
    all_splits,
    best_melds,
    can_knock,
    candidate_melds,
    card_text,
    card_value,
    deadwood,
    format_hand,
    game_score,
    is_big_gin,
    is_meld,
    is_run,
    is_set,
    knock_discards,
    layoff_options,
    make_card,
    parse_card,
    parse_hand,
    rank_of,
    score_hand,
    suit_of,
)
from shengji_edu.gin.melds import deadwood_without_each


def cards(text):
    return parse_hand(text)


# --- cards ------------------------------------------------------------------------------------
def test_encoding_suit_and_rank():
    assert [card_text(c) for c in (0, 12, 13, 25, 26, 39, 51)] == [
        "AS", "KS", "AH", "KH", "AD", "AC", "KC",
    ]  # fmt: skip
    assert (suit_of(20), rank_of(20)) == (1, 7)  # 8H
    assert make_card(rank=6, suit=3) == parse_card("7C") == 45
    assert [card_value(c) for c in cards("AS 2S 9S TS JS QS KS")] == [1, 2, 9, 10, 10, 10, 10]


@pytest.mark.parametrize(
    "text, expected", [("7S", "7S"), ("TH", "TH"), ("10H", "TH"), ("ac", "AC"), ("7♠", "7S"),
                       ("10♥", "TH"), (" qd ", "QD")]
)  # fmt: skip
def test_parse_card_forms(text, expected):
    assert card_text(parse_card(text)) == expected


def test_text_round_trip_and_pretty():
    deck = list(range(52))
    assert parse_hand(format_hand(deck)) == deck
    assert parse_hand(format_hand(deck, pretty=True)) == deck
    assert format_hand(cards("TH AC 7S"), pretty=True) == "7♠ 10♥ A♣"
    assert parse_hand("7S, 8S,9S") == cards("7S 8S 9S")
    assert parse_hand([0, "2S", 2]) == [0, 1, 2]


@pytest.mark.parametrize(
    "text, token, hint",
    [
        ("7S XX 9S", "XX", "is not a suit"),
        ("7S S7", "S7", "write the rank first: 7S"),
        ("HT", "HT", "write the rank first: TH"),
        ("1S", "1S", "is not a rank"),
        ("7", "7", "too short"),
        ("11H", "11H", "is not a rank"),
    ],
)
def test_parse_errors_name_the_token(text, token, hint):
    with pytest.raises(GinParseError) as info:
        parse_hand(text)
    assert repr(token) in str(info.value)
    assert hint in str(info.value)
    assert info.value.token == token


def test_duplicates_and_bad_ids_are_refused():
    with pytest.raises(ValueError, match="7S appears twice"):
        parse_hand("7S 8S 7S")
    for bad in (52, -1, True, 3.0):
        with pytest.raises(ValueError, match="not a card"):
            parse_hand([bad])


# --- melds --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, set_, run",
    [
        ("7S 7H 7D", True, False),
        ("7S 7H 7D 7C", True, False),
        ("7S 7H", False, False),
        ("AS 2S 3S", False, True),  # ace low
        ("QS KS AS", False, False),  # no wrapping
        ("KS AH 2H", False, False),  # ids 12, 13, 14 are consecutive, suits are not
        ("4H 5H 6H 7H 8H 9H", False, True),
        ("4H 5H 7H", False, False),
        ("4H 5H 6D", False, False),
    ],
)
def test_is_set_and_is_run(text, set_, run):
    hand = cards(text)
    assert (is_set(hand), is_run(hand), is_meld(hand)) == (set_, run, set_ or run)


def test_candidate_melds_include_every_subset_and_sub_run():
    four = candidate_melds(cards("7S 7H 7D 7C"))
    assert len(four) == 5  # four 3-card sets and the 4-card set
    run = candidate_melds(cards("3S 4S 5S 6S 7S"))
    assert len(run) == 6  # three of length 3, two of length 4, one of length 5
    assert all(is_meld(m) for m in four + run)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("5S 6S 7S 7H 7D 7C JH QH KH AC", 1),  # the 7S belongs to the run, not the set
        ("3S 4S 5S 6S 7S 8S 9S 6H 6D KC", 10),  # cut the run to free the 6S for the 6s
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", 0),
        ("AS 2H 3D 4C 5S 6H 7D 8C 9S TH", 55),
        ("KS KH KD KC QS QH QD JS JH JD", 0),
        ("", 0),
    ],
)
def test_deadwood_examples(text, expected):
    assert deadwood(text) == expected
    split = best_melds(text)
    assert split.deadwood == expected == sum(card_value(c) for c in split.unmatched)
    used = [c for meld in split.melds for c in meld] + list(split.unmatched)
    assert sorted(used) == sorted(cards(text))
    assert all(is_meld(m) for m in split.melds)


def test_best_melds_shows_the_split():
    split = best_melds("5S 6S 7S 7H 7D 7C JH QH KH AC")
    assert split.text() == "[5S 6S 7S] [7H 7D 7C] [JH QH KH] AC  (deadwood 1)"
    melds, unmatched, count = best_melds("3S 4S 5S 6S 7S 8S 9S 6H 6D KC")
    assert sorted(cards("6S 6H 6D")) in [list(m) for m in melds]
    assert (card_text(unmatched[0]), count) == ("KC", 10)


def test_best_melds_refuses_duplicates():
    with pytest.raises(ValueError, match="appears twice"):
        best_melds([5, 5, 6, 7])
    with pytest.raises(ValueError, match="appears twice"):
        deadwood("5S 6S 5S")


def test_best_melds_any_number_of_cards():
    assert deadwood("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS") == 0
    assert deadwood("KC") == 10
    # The 3H is wanted twice: [AH 2H 3H 4H] leaves 3S 3D (6), [3S 3H 3D] leaves AH 2H 4H (7).
    assert deadwood("AH 2H 3H 3S 3D 4H") == 6


def test_all_splits_lists_every_arrangement():
    splits = all_splits(cards("7S 7H 7D 7C 5S 6S"))
    # none; each of 5 sets; the run 5S-6S-7S; the run with the set 7H 7D 7C
    assert len(splits) == 1 + 5 + 1 + 1
    assert splits[0].deadwood == 0 and splits[-1].deadwood == 39
    assert all(s.deadwood == sum(card_value(c) for c in s.unmatched) for s in splits)


def test_deadwood_after_each_discard():
    hand = cards("AS 3S 6S 2H 3H 6H 2D 5D 6D 7D 3C")
    after = deadwood_without_each(hand)
    assert after == {c: deadwood([d for d in hand if d != c]) for c in hand}


# --- knocking -----------------------------------------------------------------------------------
def test_can_knock_ten_cards():
    assert can_knock("5S 6S 7S 7H 7D 7C JH QH KH TC")  # deadwood 10
    assert not can_knock("5S 6S 7S 7H 7D 7C JH QH AC 2C")  # deadwood 23


def test_can_knock_tries_every_discard():
    hand = "AS 3S 6S 2H 3H 6H 2D 5D 6D 7D 3C"
    assert deadwood(hand) == 17
    # The highest deadwood cards are the 6s: dropping one leaves 11, too much ...
    assert deadwood(cards("AS 3S 6S 2H 3H 2D 5D 6D 7D 3C")) == 11
    # ... but discarding the 7D, a meld card, lets the three 6s meld: deadwood 10.
    assert can_knock(hand)
    assert [card_text(c) for c in knock_discards(hand)] == ["7D"]


def test_can_knock_eleven_cards_that_cannot():
    hand = "AS 3S 6S 2H 3H 8H 2D 5D 6D 7D 3C"
    assert not can_knock(hand) and knock_discards(hand) == []


def test_knock_limit_is_a_parameter():
    hand = "5S 6S 7S 7H 7D 7C JH QH KH 2C"
    assert can_knock(hand) and not can_knock(hand, limit=1)


def test_can_knock_needs_10_or_11_cards():
    with pytest.raises(ValueError, match="10 cards"):
        can_knock("5S 6S 7S")
    with pytest.raises(ValueError, match="11 cards"):
        knock_discards("5S 6S 7S 7H 7D 7C JH QH KH 2C")


def test_big_gin():
    assert is_big_gin("AS 2S 3S 4S 7H 7D 7C JH QH KH 5S")
    assert not is_big_gin("AS 2S 3S 4S 7H 7D 7C JH QH KH")  # 10 cards: ordinary gin


# --- scoring a hand -----------------------------------------------------------------------------
KNOCKER = "5S 6S 7S 7H 7D 7C JH QH KH AC"  # deadwood 1


def test_knock_without_possible_layoffs():
    score = score_hand(KNOCKER, "2H 3H 9H 2D 4D 9D TD 3C 5C KD")
    assert (score.kind, score.winner, score.points) == ("knock", "knocker", 57 - 1)
    assert score.layoffs == ()


def test_gin_scores_25_plus_defender_deadwood_and_forbids_layoffs():
    gin = "5S 6S 7S 7H 7D 7C TH JH QH KH"
    defender = "8S 9S 2D 4D 9D TD 3C 5C KD 4H"  # 8S 9S would lay off on 5S-6S-7S
    score = score_hand(gin, defender)
    assert (score.kind, score.winner) == ("gin", "knocker")
    assert score.points == 25 + 64
    assert score.layoffs == () and score.defender_deadwood == 64


def test_big_gin_scores_31_plus_defender_deadwood():
    defender = "8S 9S 2D 4D 9D TD 3C 5C KD 4H"
    score = score_hand("AS 2S 3S 4S 7H 7D 7C JH QH KH 5S", defender)
    assert (score.kind, score.winner, score.points) == ("big gin", "knocker", 31 + 64)


def test_undercut_scores_25_plus_difference():
    defender = "AH 2H 3H 4D 5D 6D 9C TC JC 2S"  # deadwood 2, knocker's 10
    score = score_hand("5S 6S 7S 7H 7D 7C JH QH KH TD", defender)
    assert (score.kind, score.winner, score.points) == ("undercut", "defender", 25 + 8)


def test_undercut_on_a_tie():
    defender = "AH 2H 3H 4D 5D 6D 9C TC JC 9D"  # deadwood 9, nothing to lay off
    score = score_hand("5S 6S 7S 7H 7D 7C JH QH KH 9S", defender)  # deadwood 9 too
    assert (score.knocker_deadwood, score.defender_deadwood) == (9, 9)
    assert (score.kind, score.winner, score.points) == ("undercut", "defender", 25)


def test_layoffs_on_both_ends_of_a_run_and_below_a_high_run():
    defender = "4S 8S TH 2D 3D 9D 3C 5C KD KC"
    score = score_hand(KNOCKER, defender)
    assert sorted(card_text(c) for c, _ in score.layoffs) == ["4S", "8S", "TH"]
    assert (score.kind, score.defender_deadwood, score.points) == ("knock", 42, 41)


def test_layoff_on_a_three_card_set():
    knocker = "7H 7D 7C 2S 3S 4S JH QH KH AC"
    defender = "7S 9S 2D 4D 9D TD 3C 5C KD 6H"
    score = score_hand(knocker, defender)
    assert [card_text(c) for c, _ in score.layoffs] == ["7S"]
    assert score.defender_deadwood == deadwood(defender) - 7


def test_layoffs_chain_card_by_card():
    """8S needs 7S first: the run 4S-5S-6S grows one card at a time."""
    knocker = "4S 5S 6S 7H 7D 7C JH QH KH TC"
    defender = "7S 8S 3S AH AD 2C 2D 3H 3D 4C"
    options = layoff_options([tuple(cards("4S 5S 6S"))], cards("7S 8S AH"))
    assert {frozenset(card_text(c) for c in s) for s in options} == {
        frozenset(),
        frozenset({"7S"}),
        frozenset({"7S", "8S"}),
    }
    score = score_hand(knocker, defender)
    assert [card_text(c) for c, _ in score.layoffs] == ["7S", "8S"]
    # after the layoffs both hold 10: a tie, so an undercut
    assert (score.kind, score.winner, score.points) == ("undercut", "defender", 25)
    assert score.defender.text() == "[3S 3H 3D] AH AD 2D 2C 4C  (deadwood 10)"


def test_nothing_lays_off_on_a_four_card_set():
    assert set(layoff_options([tuple(cards("7S 7H 7D 7C"))], cards("6S 8S"))) == {frozenset()}


def test_layoffs_do_not_wrap_or_go_past_the_ends():
    run = [tuple(cards("JS QS KS")), tuple(cards("AH 2H 3H"))]
    assert set(layoff_options(run, cards("AS KH 4H TS"))) == {
        frozenset(),
        frozenset(cards("4H")),
        frozenset(cards("TS")),
        frozenset(cards("4H TS")),
    }


def test_defender_keeps_a_meld_rather_than_lay_off():
    knocker = "5S 6S 7S 2H 3H 4H JD QD KD AC"
    defender = "8S 8H 8D 9C TC 2C 4D 6D 9H KC"
    score = score_hand(knocker, defender)
    assert parse_card("8S") not in [c for c, _ in score.layoffs]  # 8S stays in [8S 8H 8D]
    assert [list(m) for m in score.defender.melds] == [sorted(cards("8S 8H 8D"))]


def test_layoffs_can_turn_a_knock_into_an_undercut():
    knocker = "4S 5S 6S 7H 7D 7C JH QH KH TC"
    defender = "7S 8S 3S AH AD 2C 2D 3H 3D 4C"
    assert score_hand(knocker, defender).kind == "undercut"
    plain = score_hand(knocker, defender, NO_LAYOFFS)
    assert (plain.kind, plain.winner, plain.points) == ("knock", "knocker", 15)


def test_knocker_chooses_the_arrangement_that_scores_best():
    """The least-deadwood split (3) lets the defender lay off 8S 9S 4H; showing the 4-run and
    the four 7s (deadwood 8) leaves nothing to lay off: 36 points instead of 20."""
    knocker = "3S 4S 5S 6S 7S 7H 4D 7D 4C 7C"
    defender = "8S 9S 3H 4H 6H 6D 8D 3C 6C 9C"
    assert deadwood(knocker) == 3
    score = score_hand(knocker, defender)
    assert (score.kind, score.points, score.knocker_deadwood) == ("knock", 36, 8)
    assert score.layoffs == ()
    assert score.knocker.text() == "[3S 4S 5S 6S] [7S 7H 7D 7C] 4D 4C  (deadwood 8)"


def test_other_house_rules():
    defender = "AH 2H 3H 4D 5D 6D 9C TC JC 2S"
    rules = GinRules(undercut_bonus=10, gin_bonus=20)
    assert score_hand("5S 6S 7S 7H 7D 7C JH QH KH TD", defender, rules).points == 18
    assert score_hand("5S 6S 7S 7H 7D 7C JH QH KH TH", defender, rules).points == 20 + 2


@pytest.mark.parametrize(
    "knocker, defender, message",
    [
        ("5S 6S 7S 7H 7D 7C JH QH KH TC JC", "AH 2H 3H 4D 5D 6D 9C TC JC 2S", "appears twice"),
        ("5S 6S 7S 7H 7D 7C JH QH 9C TC", "AH 2H 3H 4D 5D 6D 8C KC JC 2S", "deadwood 39"),
        ("5S 6S 7S", "AH 2H 3H 4D 5D 6D 8C KC JC 2S", "10 cards"),
        ("5S 6S 7S 7H 7D 7C JH QH KH TC", "AH 2H 3H", "10 cards"),
        ("5S 6S 7S 7H 7D 7C JH QH KH TC 2D", "AH 2H 3H 4D 5D 6D 8C KC JC 2S", "big gin"),
    ],
)
def test_score_hand_refuses_impossible_hands(knocker, defender, message):
    with pytest.raises(ValueError, match=message):
        score_hand(knocker, defender)


# --- the game to 100 ----------------------------------------------------------------------------
def test_game_score_bonuses():
    score = game_score([(0, 30), (1, 25), (None, 0), (0, 40), (0, 33)])
    assert score.hand_points == (103, 25) and score.hands_won == (3, 1)
    assert score.winner == 0 and not score.shutout
    assert score.game_bonus == (100, 0) and score.box_bonus == (75, 25)
    assert score.totals == (278, 50) and score.margin == 228


def test_game_score_shutout_doubles_the_winners_hand_points():
    score = game_score([(1, 60), (1, 45)])
    assert score.shutout and score.winner == 1
    assert score.totals == (0, 2 * 105 + 100 + 50)
    plain = game_score([(1, 60), (1, 45)], GinRules(shutout_doubles=False))
    assert plain.totals == (0, 105 + 100 + 50)


def test_game_score_needs_a_finished_game():
    with pytest.raises(ValueError, match="not over"):
        game_score([(0, 30), (1, 25)])
    with pytest.raises(ValueError, match="was over"):
        game_score([(0, 130), (1, 25)])
