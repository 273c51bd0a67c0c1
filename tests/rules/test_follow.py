"""RULES.md §5: following a lead (count, cards in hand, suit, pairs, tractors).

All hands are at level 10 with spades trump unless said otherwise, so every 10 and
every spade is a trump, and HJ / H9 are adjacent hearts.
"""

import pytest

from shengji_edu import Trump, check_follow, legal_follows, parse_cards

L10S = Trump(level=10, suit="S")


def follow(hand, lead, play, trump=L10S):
    return check_follow(parse_cards(hand), parse_cards(lead), parse_cards(play), trump)


def assert_legal(hand, lead, play, trump=L10S):
    verdict = follow(hand, lead, play, trump)
    assert bool(verdict), f"{play!r} should be legal: {verdict.reason}"
    assert verdict.ok
    assert verdict.reason == ""


def assert_illegal(hand, lead, play, trump=L10S, mentions=None):
    verdict = follow(hand, lead, play, trump)
    assert not bool(verdict), f"{play!r} should be illegal"
    assert not verdict.ok
    assert isinstance(verdict.reason, str) and verdict.reason.strip()
    if mentions is not None:
        assert mentions in verdict.reason.lower(), verdict.reason
    return verdict.reason


def multisets(plays):
    """A list of plays as a sorted list of sorted card-text tuples."""
    return sorted(tuple(sorted(str(c) for c in p)) for p in plays)


def texts(*plays):
    return sorted(tuple(sorted(p.split())) for p in plays)


def legal(hand, lead, trump=L10S):
    plays = legal_follows(parse_cards(hand), parse_cards(lead), trump)
    result = multisets(plays)
    assert len(result) == len(set(result)), "a play is listed twice"
    return result


# --- 1. count and cards from the hand ---------------------------------------------


def test_wrong_number_of_cards():
    assert_illegal("HK H3 D4", "HA", "HK H3")
    assert_illegal("HK H3 D4", "HA", "")
    assert_legal("HK H3 D4", "HA", "HK")
    assert_illegal("HK HK H3 D4", "HA HA", "HK HK H3")
    assert_illegal("HK HK H3 D4", "HA HA", "HK")


def test_cards_must_come_from_the_hand():
    assert_illegal("HK H3 D4", "HA", "HQ")
    assert_illegal("HK H3 D4 D5", "HA HA", "HK HK")  # only one HK held


def test_two_copies_of_a_card_in_hand():
    assert_legal("HK HK H3", "HA HA", "HK HK")
    assert_legal("D4 D4 C3", "HA HA", "D4 D4")
    assert_illegal("D4 C3 C5", "HA HA", "D4 D4")


# --- 2. suit ------------------------------------------------------------------


def test_must_follow_suit_when_holding_enough():
    assert_illegal("HK D4", "HA", "D4")
    assert_illegal("HK D4", "HA", "S2")  # trumping is not allowed either
    assert_legal("HK D4", "HA", "HK")


def test_suit_reason_is_given():
    reason = assert_illegal("HK H3 D4", "HA", "D4")
    assert any(w in reason.lower() for w in ("♥", "heart", "suit")), reason


def test_not_enough_of_suit_plays_all_of_it():
    hand = "H3 D4 D5 C6 S2"
    assert_legal(hand, "HA HA", "H3 D4")
    assert_legal(hand, "HA HA", "H3 C6")
    assert_legal(hand, "HA HA", "H3 S2")
    assert_illegal(hand, "HA HA", "D4 D5")
    assert_illegal(hand, "HA HA", "S2 C6")


def test_not_enough_of_suit_multi_card_lead():
    hand = "H3 H4 D4 D5 C6"
    lead = "HA HA HK HK"
    assert_legal(hand, lead, "H3 H4 D4 D5")
    assert_legal(hand, lead, "H4 H3 C6 D5")
    assert_illegal(hand, lead, "H3 D4 D5 C6")


def test_void_follower_may_play_anything():
    assert_legal("D4 C5 S2", "HA", "D4")
    assert_legal("D4 C5 S2", "HA", "S2")
    assert_legal("D4 C5 S2", "HA", "C5")


def test_level_card_of_led_printed_suit_is_not_of_that_suit():
    # H10 is a trump at level 10: a follower holding H10 is void in hearts.
    assert_legal("H10 D3", "HA", "D3")
    assert_legal("H10 D3", "HA", "H10")
    # ... and cannot use H10 to follow hearts while holding a real heart.
    assert_illegal("H10 H3", "HA", "H10")
    assert_legal("H10 H3", "HA", "H3")


def test_trumps_as_the_led_suit():
    # Spades and all level cards are trumps.
    assert_illegal("LJ H3", "SA", "H3")
    assert_legal("LJ H3", "SA", "LJ")
    assert_illegal("C10 H3", "S4", "H3")
    assert_legal("C10 H3", "S4", "C10")
    assert_illegal("HA H10", "LJ", "HA")  # level card follows a trump lead
    assert_legal("HA H10", "LJ", "H10")


# --- 3. pairs -----------------------------------------------------------------


def test_pair_must_follow_pair():
    hand = "HQ HQ H3 D4"
    assert_legal(hand, "HA HA", "HQ HQ")
    reason = assert_illegal(hand, "HA HA", "HQ H3", mentions="pair")
    assert reason


def test_no_pair_held_any_two_of_suit():
    hand = "HQ H3 H4 D4"
    assert_legal(hand, "HA HA", "HQ H3")
    assert_legal(hand, "HA HA", "H3 H4")
    assert_illegal(hand, "HA HA", "HQ D4")


def test_tractor_in_lead_counts_as_pairs():
    lead = "HA HA HK HK"
    # two pairs of hearts, no tractor (H9 and H5 are far apart)
    hand = "H9 H9 H5 H5 H3 D4"
    assert_legal(hand, lead, "H9 H9 H5 H5")
    assert_illegal(hand, lead, "H9 H9 H5 H3", mentions="pair")
    assert_illegal(hand, lead, "H9 H5 H5 H3", mentions="pair")
    # only one pair held: it must be played
    hand = "H9 H9 H5 H3 H2"
    assert_legal(hand, lead, "H9 H9 H5 H3")
    assert_legal(hand, lead, "H9 H9 H3 H2")
    assert_illegal(hand, lead, "H9 H5 H3 H2", mentions="pair")


def test_pairs_in_a_throw():
    lead = "HA HA HK H5 H5"  # pair, pair, single
    hand = "HQ HQ H3 H3 H2 H6 D4"
    assert_legal(hand, lead, "HQ HQ H3 H3 H2")
    assert_legal(hand, lead, "HQ HQ H3 H3 H6")
    assert_illegal(hand, lead, "HQ HQ H3 H2 H6", mentions="pair")
    # a throw of singles asks for no pair
    assert_legal("HQ HQ H3", "HA HK", "HQ H3")


def test_trump_pair_must_follow_trump_pair_lead():
    hand = "H10 H10 S7 SK D4 D5"
    assert_legal(hand, "S3 S3", "H10 H10")
    assert_illegal(hand, "S3 S3", "S7 SK", mentions="pair")
    assert_illegal(hand, "S3 S3", "H10 S7", mentions="pair")


def test_off_suit_level_pairs_follow_trump_tractor_as_pairs():
    # D10 D10 C10 C10 are two pairs on one step: not a tractor, but two pairs.
    hand = "D10 D10 C10 C10 S5 H4"
    lead = "S4 S4 S3 S3"
    assert_legal(hand, lead, "D10 D10 C10 C10")
    assert_illegal(hand, lead, "D10 D10 C10 S5", mentions="pair")


def test_h10_c10_does_not_count_as_a_pair():
    # H10 C10 is no pair, so the follower has no trump pair and need not keep it.
    hand = "H10 C10 S5 D4"
    assert_legal(hand, "S3 S3", "H10 S5")
    assert_legal(hand, "S3 S3", "C10 S5")


# --- 4. tractors --------------------------------------------------------------


def test_tractor_must_follow_tractor():
    lead = "HA HA HK HK"
    hand = "H9 H9 H8 H8 H5 H5 H3"
    assert_legal(hand, lead, "H9 H9 H8 H8")
    assert_illegal(hand, lead, "H9 H9 H5 H5", mentions="tractor")
    assert_illegal(hand, lead, "H8 H8 H5 H5", mentions="tractor")


def test_tractor_across_the_removed_level_rank():
    lead = "HA HA HK HK"
    hand = "HJ HJ H9 H9 H5 H5"
    assert_legal(hand, lead, "HJ HJ H9 H9")
    assert_illegal(hand, lead, "HJ HJ H5 H5", mentions="tractor")


def test_part_of_a_longer_tractor_counts():
    lead = "HA HA HK HK"
    hand = "H7 H7 H6 H6 H5 H5 H2"
    assert_legal(hand, lead, "H7 H7 H6 H6")
    assert_legal(hand, lead, "H6 H6 H5 H5")
    assert_illegal(hand, lead, "H7 H7 H5 H5", mentions="tractor")


def test_legal_follows_part_of_a_longer_tractor():
    assert legal("H7 H7 H6 H6 H5 H5 H2", "HA HA HK HK") == texts("H7 H7 H6 H6", "H6 H6 H5 H5")


def test_tractor_with_single_in_lead():
    lead = "HA HA HK HK H3"
    hand = "H9 H9 H8 H8 H7 H7 H2"
    assert_legal(hand, lead, "H9 H9 H8 H8 H7")
    assert_legal(hand, lead, "H9 H9 H8 H8 H2")
    assert_legal(hand, lead, "H8 H8 H7 H7 H2")
    assert_illegal(hand, lead, "H9 H9 H7 H7 H8", mentions="tractor")


def test_shorter_tractor_is_never_required():
    # A 3-pair tractor is led; the follower holds only a 2-pair tractor (9-8)
    # and two more pairs.  Any three pairs are legal; rule 3 still asks for pairs.
    lead = "HA HA HK HK HQ HQ"
    hand = "H9 H9 H8 H8 H5 H5 H3 H3"
    assert_legal(hand, lead, "H9 H9 H5 H5 H3 H3")
    assert_legal(hand, lead, "H9 H9 H8 H8 H5 H5")
    assert_legal(hand, lead, "H8 H8 H5 H5 H3 H3")
    assert_illegal(hand, lead, "H9 H9 H8 H5 H5 H3", mentions="pair")


def test_long_enough_tractor_required_for_long_lead():
    lead = "HA HA HK HK HQ HQ"
    hand = "H9 H9 H8 H8 H7 H7 H5 H5"
    assert_legal(hand, lead, "H9 H9 H8 H8 H7 H7")
    assert_illegal(hand, lead, "H9 H9 H8 H8 H5 H5", mentions="tractor")


def test_trump_tractor_lead_through_level_cards():
    lead = "S4 S4 S3 S3"
    hand = "SA SA H10 H10 S6 S7 D2"
    assert_legal(hand, lead, "SA SA H10 H10")
    assert_illegal(hand, lead, "SA SA S6 S7")
    assert legal(hand, lead) == texts("SA SA H10 H10")


def test_two_tractors_in_lead_second_obligation_from_remaining_cards():
    # Lead: tractors A-K-Q (3 pairs) and 4-3 (2 pairs).  The follower holds a
    # 6-pair tractor J-9-8-7-6-5 (10 is the level).  Five pairs are required
    # (rule 3); after a 3-pair tractor is matched, the remaining pairs still
    # hold a 2-pair tractor, so a second tractor is required.
    lead = "HA HA HK HK HQ HQ H4 H4 H3 H3"
    hand = "HJ HJ H9 H9 H8 H8 H7 H7 H6 H6 H5 H5 D2 C3"
    assert_legal(hand, lead, "H9 H9 H8 H8 H7 H7 H6 H6 H5 H5")  # J dropped
    assert_legal(hand, lead, "HJ HJ H9 H9 H7 H7 H6 H6 H5 H5")  # 8 dropped
    assert_legal(hand, lead, "HJ HJ H9 H9 H8 H8 H6 H6 H5 H5")  # 7 dropped
    assert_legal(hand, lead, "HJ HJ H9 H9 H8 H8 H7 H7 H6 H6")  # 5 dropped
    # 9 dropped: J + 8-7-6-5 has a 3-pair tractor but no second tractor beside it
    assert_illegal(hand, lead, "HJ HJ H8 H8 H7 H7 H6 H6 H5 H5", mentions="tractor")
    # 6 dropped: J-9-8-7 + 5, same problem
    assert_illegal(hand, lead, "HJ HJ H9 H9 H8 H8 H7 H7 H5 H5", mentions="tractor")


def test_legal_follows_two_tractors_in_lead():
    lead = "HA HA HK HK HQ HQ H4 H4 H3 H3"
    hand = "HJ HJ H9 H9 H8 H8 H7 H7 H6 H6 H5 H5 D2 C3"
    assert legal(hand, lead) == texts(
        "H9 H9 H8 H8 H7 H7 H6 H6 H5 H5",
        "HJ HJ H9 H9 H7 H7 H6 H6 H5 H5",
        "HJ HJ H9 H9 H8 H8 H6 H6 H5 H5",
        "HJ HJ H9 H9 H8 H8 H7 H7 H6 H6",
    )


def test_two_tractors_in_lead_less_the_cards_already_matched():
    # Lead: two 2-pair tractors.  The follower's only tractor is 9-8-7 (three
    # pairs): once one 2-pair tractor of it is matched, the rest holds no
    # tractor, so one tractor (plus pairs) is enough.
    lead = "HA HA HK HK H4 H4 H3 H3"
    hand = "H9 H9 H8 H8 H7 H7 H5 H5 H2 H2 HJ D3"
    assert_legal(hand, lead, "H9 H9 H8 H8 H5 H5 H2 H2")
    assert_legal(hand, lead, "H8 H8 H7 H7 H5 H5 H2 H2")
    assert_legal(hand, lead, "H9 H9 H8 H8 H7 H7 H5 H5")
    assert_illegal(hand, lead, "H9 H9 H7 H7 H5 H5 H2 H2", mentions="tractor")
    assert_illegal(hand, lead, "H9 H9 H8 H8 H5 H5 H2 HJ", mentions="pair")
    assert legal(hand, lead) == texts(
        "H8 H8 H7 H7 H5 H5 H2 H2",
        "H9 H9 H8 H8 H5 H5 H2 H2",
        "H9 H9 H8 H8 H7 H7 H2 H2",
        "H9 H9 H8 H8 H7 H7 H5 H5",
    )


def test_two_tractors_in_lead_both_required():
    lead = "HA HA HK HK H4 H4 H3 H3"
    hand = "H9 H9 H8 H8 H6 H6 H5 H5 H2 H2"
    assert_legal(hand, lead, "H9 H9 H8 H8 H6 H6 H5 H5")
    assert_illegal(hand, lead, "H9 H9 H8 H8 H6 H6 H2 H2", mentions="tractor")


def test_second_lead_tractor_required_when_first_is_out_of_reach():
    # Trumps led: tractors A-K-Q and 3-2 of spades.  The follower's only trump
    # tractor is LJ-BJ (two pairs): the 3-pair obligation does not apply, the
    # 2-pair one does, whatever other pairs are played.
    lead = "SA SA SK SK SQ SQ S3 S3 S2 S2"
    hand = "S4 S4 S6 S6 S8 S8 SJ SJ H10 H10 D10 D10 LJ LJ BJ BJ H3 D3"
    assert_legal(hand, lead, "LJ LJ BJ BJ S4 S4 S6 S6 S8 S8")
    assert_legal(hand, lead, "LJ LJ BJ BJ H10 H10 D10 D10 SJ SJ")
    assert_illegal(hand, lead, "S4 S4 S6 S6 S8 S8 SJ SJ H10 H10", mentions="tractor")
    assert_illegal(hand, lead, "H10 H10 D10 D10 S4 S4 S6 S6 LJ LJ", mentions="tractor")
    plays = legal(hand, lead)
    assert len(plays) == 20  # the tractor and any 3 of the 6 other pairs
    for play in plays:
        assert play.count("LJ") == 2 and play.count("BJ") == 2


# --- reasons and purity --------------------------------------------------------


def test_rejected_play_changes_nothing():
    hand = parse_cards("HQ HQ H3 D4")
    lead = parse_cards("HA HA")
    play = parse_cards("HQ H3")
    copies = (list(hand), list(lead), list(play))
    verdict = check_follow(hand, lead, play, L10S)
    assert not verdict
    assert (hand, lead, play) == copies
    legal_follows(hand, lead, L10S)
    assert (hand, lead, play) == copies


def test_pair_reason_names_the_pair_rule():
    reason = assert_illegal("HQ HQ H3 D4", "HA HA", "HQ H3", mentions="pair")
    assert "Q" in reason or "queen" in reason.lower(), reason


@pytest.mark.parametrize(
    "hand, lead, play",
    [
        ("HK H3 D4", "HA", "HK H3"),
        ("HK H3 D4", "HA", "HQ"),
        ("HK D4", "HA", "D4"),
        ("HQ HQ H3 D4", "HA HA", "HQ H3"),
        ("H9 H9 H8 H8 H5 H5 H3", "HA HA HK HK", "H9 H9 H5 H5"),
    ],
)
def test_every_illegal_play_has_a_reason(hand, lead, play):
    assert_illegal(hand, lead, play)


# --- legal_follows on small hands --------------------------------------------------


def test_legal_follows_single_lead():
    assert legal("HK H3 D4", "HA") == texts("HK", "H3")


def test_legal_follows_may_break_a_pair():
    assert legal("HQ HQ H3", "HA") == texts("HQ", "H3")
    assert legal("HQ HQ H3 D4", "HA HK") == texts("HQ HQ", "HQ H3")
    assert legal("HQ HQ H3 H3 D4", "HA HA HK") == texts("HQ HQ H3", "H3 H3 HQ")


def test_legal_follows_single_lead_void():
    assert legal("H10 D3 C4", "HA") == texts("H10", "D3", "C4")


def test_legal_follows_pair_lead_with_pair():
    assert legal("HQ HQ H3 D4", "HA HA") == texts("HQ HQ")


def test_legal_follows_pair_lead_without_pair():
    assert legal("HQ H3 D4 D5", "HA HA") == texts("HQ H3")
    assert legal("HQ H3 H4 D4", "HA HA") == texts("HQ H3", "HQ H4", "H3 H4")


def test_legal_follows_short_of_suit():
    assert legal("H3 D4 D5 S7", "HA HA") == texts("H3 D4", "H3 D5", "H3 S7")


def test_legal_follows_each_multiset_once():
    assert legal("H3 D4 D4", "HA HA") == texts("H3 D4")
    assert legal("D3 D4 C5", "HA HA") == texts("D3 D4", "D3 C5", "D4 C5")
    assert legal("D4 D4 C5", "HA HA") == texts("D4 D4", "D4 C5")


def test_legal_follows_trump_pair_lead():
    assert legal("H10 H10 S7 SK D4 D5", "S3 S3") == texts("H10 H10")
    assert legal("H10 C10 D4", "S3 S3") == texts("H10 C10")


def test_every_listed_follow_is_legal():
    cases = [
        ("H9 H9 H8 H8 H7 H7 H5 H5 H2 H2 HJ D3", "HA HA HK HK H4 H4 H3 H3"),
        ("H3 D4 D5 S7 C2", "HA HA HK"),
        ("SA SA H10 H10 S6 S7 D2", "S4 S4 S3 S3"),
    ]
    for hand, lead in cases:
        plays = legal_follows(parse_cards(hand), parse_cards(lead), L10S)
        assert plays
        for play in plays:
            verdict = check_follow(parse_cards(hand), parse_cards(lead), play, L10S)
            assert verdict, (play, verdict.reason)
