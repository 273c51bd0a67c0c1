"""RULES.md §4 (throws) and §6 (who wins a trick).

Level 10, spades trump throughout unless said otherwise: every 10 and every spade is a
trump, the hearts run A K Q J 9 8 ... 2 with HJ and H9 adjacent.
"""

from collections import Counter

import pytest

from shengji_edu import Trump, check_throw, parse_cards, trick_winner

L10S = Trump(level=10, suit="S")
L10N = Trump(level=10, suit=None)


def throw(lead, *others, trump=L10S):
    return check_throw(parse_cards(lead), [parse_cards(h) for h in others], trump)


def assert_stands(lead, *others, trump=L10S):
    result = throw(lead, *others, trump=trump)
    assert result.ok, getattr(result, "reason", "")
    assert Counter(result.forced) == Counter(parse_cards(lead))


def assert_fails(lead, forced, *others, trump=L10S):
    result = throw(lead, *others, trump=trump)
    assert not result.ok
    assert Counter(result.forced) == Counter(parse_cards(forced))


def winner(*plays, trump=L10S):
    return trick_winner([parse_cards(p) for p in plays], trump)


# --- §4 throws ------------------------------------------------------------------

THROW = "H9 H8 H8 H4 H4"  # single 9, pairs 8 and 4


def test_rules_throw_example_higher_single():
    assert_fails(THROW, "H9", "HJ D3 C4", "D5 C6", "S2 S3")


def test_rules_throw_example_queen_pair():
    # HQ HQ beats the pair 8 8 and the pair 4 4 (and, as a single, the 9):
    # the lowest beaten unit is 4 4.
    assert_fails(THROW, "H4 H4", "D5 C6", "HQ HQ D3", "S2 S3")


def test_rules_throw_example_five_pair():
    assert_fails(THROW, "H4 H4", "D5 C6", "S2 S3", "H5 H5 H2 D3")


def test_rules_throw_example_stands():
    assert_stands(THROW, "H7 H6 D5", "H5 H3 H2", "S2 S3")


def test_failed_throw_reason_is_given():
    result = throw(THROW, "HJ D3", "D5", "C6")
    assert isinstance(result.reason, str) and result.reason.strip()


def test_throw_of_high_singles_stands():
    assert_stands("HA HK", "HQ HJ H9", "H2 H3", "D4 C5")


def test_throw_single_beaten_by_other_ace():
    assert_fails("HA HK", "HK", "HQ HA", "H2", "D4")


def test_throw_pair_and_single_stands():
    assert_stands("HA HA HK", "HQ HQ HJ", "H9 H9 H8 H8", "D3")


def test_one_unit_lead_always_stands():
    assert_stands("H3", "HA HK", "HQ", "HJ")
    assert_stands("H3 H3", "HA HA", "HK HK", "HQ HQ")
    assert_stands("H4 H4 H3 H3", "HA HA HK HK", "D2", "C2")


def test_tractor_beaten_only_by_a_higher_tractor_of_same_length():
    lead = "H6 H6 H5 H5 HA"
    # a higher pair is no tractor: it does not beat a tractor
    assert_stands(lead, "HK HK HQ", "D2", "C2")
    # pairs in different hands are no tractor
    assert_stands(lead, "HK HK", "HQ HQ", "C2")
    # a lower tractor does not beat it
    assert_stands(lead, "H4 H4 H3 H3", "D2", "C2")
    # a higher tractor does
    assert_fails(lead, "H6 H6 H5 H5", "HQ HQ HJ HJ", "D2", "C2")
    # HJ and H9 are adjacent at level 10
    assert_fails(lead, "H6 H6 H5 H5", "D2", "HJ HJ H9 H9", "C2")


def test_shorter_tractor_does_not_beat_longer():
    lead = "H5 H5 H4 H4 H3 H3 HA"
    assert_stands(lead, "HK HK HQ HQ", "H9 H9 H8 H8", "D2")


def test_part_of_longer_tractor_beats_tractor():
    # any k consecutive pairs of a longer tractor count as a tractor of k pairs
    lead = "H5 H5 H4 H4 H3 H3 HA"
    assert_fails(lead, "H5 H5 H4 H4 H3 H3", "H9 H9 H8 H8 H7 H7 H6 H6", "D2", "C2")
    assert_fails("H6 H6 H5 H5 HA", "H6 H6 H5 H5", "HK HK HQ HQ HJ HJ", "D2", "C2")


def test_holding_counts_pairs_inside_a_tractor():
    assert_fails("H8 H8 HA", "H8 H8", "HQ HQ HJ HJ", "D2", "C2")


def test_holding_counts_any_card_as_a_single():
    # the follower's HQ HQ is a pair, but either HQ alone beats the single H8
    assert_fails("H8 HA HA", "H8", "HQ HQ", "D2", "C2")


def test_only_the_effective_suit_counts():
    # H10 and the spades are trumps, not hearts: they do not beat a heart throw
    assert_stands("HA H9", "SA SA H10 LJ", "S3 S2", "BJ")


def test_failed_throw_forces_lowest_beaten_unit():
    # single 9 beaten by J, pair 8 beaten by Q Q held elsewhere: the pair 8 is
    # lower than the single 9.
    assert_fails("H9 H8 H8 HA", "H8 H8", "HJ", "HQ HQ", "C2")


def test_failed_trump_throw_tractor_ranks_by_lowest_pair():
    # Trump throw: tractor SA SA H10 H10 (lowest pair SA) and single D10.
    # S10 S10 LJ LJ beats both; the tractor ranks by SA, lower than D10.
    assert_fails("SA SA H10 H10 D10", "SA SA H10 H10", "S10 S10 LJ LJ", "D2", "C2")


def test_failed_trump_throw_tie_goes_to_smaller_kind():
    # Tractor H10 H10 S10 S10 (lowest pair on the off-suit level step) and single
    # D10 (same step): both beaten by LJ LJ BJ BJ; on the tie the single is led.
    assert_fails("S10 S10 H10 H10 D10", "D10", "LJ LJ BJ BJ", "D2", "C2")


def test_trump_throw_beaten_by_level_card_single():
    assert_fails("SA SA S3", "S3", "H10 D2", "C2", "D4")


# --- §6 who wins a trick: singles --------------------------------------------------


def test_highest_card_of_led_suit_wins():
    assert winner("H3", "HK", "HA", "H2") == 2
    assert winner("HA", "HK", "HQ", "H2") == 0


def test_single_trump_beats_side_ace():
    assert winner("HA", "S2") == 1
    assert winner("HA", "HK", "S2", "HQ") == 2


def test_higher_trump_overtrumps():
    assert winner("HA", "S2", "S3", "H4") == 2
    assert winner("HA", "S3", "S2", "H4") == 1
    assert winner("HA", "SA", "C10", "S10") == 3
    assert winner("HA", "S10", "LJ", "BJ") == 3


def test_discard_never_wins():
    assert winner("H3", "DA", "CA", "H2") == 0
    assert winner("S3", "HA", "DA", "CA") == 0  # trump led, side cards discarded


def test_tie_goes_to_earlier_play_off_suit_level_cards():
    assert winner("HA", "H10", "D10", "C10") == 1
    assert winner("HA", "D10", "H10", "C10") == 1
    assert winner("D10", "C10", "H10", "SA") == 0
    assert winner("HA", "H3", "C10", "D10") == 2


def test_tie_goes_to_earlier_play_identical_cards():
    assert winner("HK", "HK", "H2", "H3") == 0
    assert winner("HA", "S5", "S5", "H2") == 1


def test_trump_lead_order():
    assert winner("SA", "H10") == 1
    assert winner("SA", "H10", "S10") == 2
    assert winner("S10", "H10", "LJ") == 2
    assert winner("LJ", "BJ", "BJ") == 1


def test_no_trump_suit_tricks():
    assert winner("SA", "H10", trump=L10N) == 1
    assert winner("H10", "S10", trump=L10N) == 0
    assert winner("H10", "LJ", trump=L10N) == 1
    assert winner("SA", "HA", "S2", trump=L10N) == 0  # spades are a side suit


# --- §6 pairs and tractors in the led suit -----------------------------------------


def test_higher_pair_wins_pair_lead():
    assert winner("H5 H5", "HA HA", "H3 H3", "H2 H2") == 1
    assert winner("H5 H5", "HA HK", "H3 H3", "H2 H2") == 0  # no pair


def test_off_suit_pair_never_wins():
    assert winner("H5 H5", "DA DA", "CA CA", "H3 H2") == 0


def test_trump_pair_ruffs_pair():
    assert winner("HA HA", "S2 S2", "H3 H4", "D5 D6") == 1
    assert winner("HA HA", "S2 S3", "H3 H4", "D5 D6") == 0  # not a pair
    assert winner("H5 H5", "HA HA", "S2 S2") == 2


def test_trump_pair_lead_tie():
    assert winner("H10 H10", "C10 C10", "S3 S3", "HA HA") == 0
    assert winner("S3 S3", "H10 H10", "D10 D10", "S2 S2") == 1


def test_tractor_beaten_by_higher_tractor_only():
    assert winner("H5 H5 H4 H4", "H9 H9 H8 H8") == 1
    assert winner("H5 H5 H4 H4", "HJ HJ H9 H9") == 1  # 10 is removed
    assert winner("H5 H5 H4 H4", "HA HA HQ HQ") == 0  # two pairs, no tractor
    assert winner("H5 H5 H4 H4", "HA HA HK H2") == 0


def test_trump_tractor_ruffs_through_level_cards():
    assert winner("H5 H5 H4 H4", "SA SA H10 H10") == 1
    assert winner("H5 H5 H4 H4", "H10 H10 C10 C10") == 0  # same step: no tractor
    assert winner("H5 H5 H4 H4", "SA SA H10 H10", "S10 S10 LJ LJ") == 2


def test_trump_tractor_lead():
    assert winner("S3 S3 S2 S2", "LJ LJ BJ BJ") == 1
    assert winner("S3 S3 S2 S2", "LJ LJ S10 H10") == 0


# --- §6 examples (hearts led, the ruffer plays spades) -----------------------------


def test_rules_example_99_88_7_2_ruffs_a_k_55_44():
    lead = "HA HK H5 H5 H4 H4"
    assert winner(lead, "HQ HJ H9 H8 H7 H6", "S9 S9 S8 S8 S7 S2", "D3 D4 D5 D6 D7 D8") == 2


def test_rules_example_99_88_7_2_cannot_ruff_aa_55_44():
    lead = "HA HA H5 H5 H4 H4"
    assert winner(lead, "HQ HJ H9 H8 H7 H6", "S9 S9 S8 S8 S7 S2", "D3 D4 D5 D6 D7 D8") == 0


def test_rules_example_9_77_ruffs_5_44_and_4_88_overruffs():
    lead = "H5 H4 H4"
    assert winner(lead, "H3 H2 H2", "S9 S7 S7") == 2
    assert winner(lead, "H3 H2 H2", "S9 S7 S7", "S4 S8 S8") == 3
    assert winner(lead, "S9 S7 S7", "S4 S8 S8", "H3 H2 H2") == 2
    assert winner(lead, "S4 S8 S8", "S9 S7 S7", "H3 H2 H2") == 1


def test_rules_example_9_77_ruffs_5_6_7_and_4_88_does_not_overruff():
    lead = "H5 H6 H7"
    assert winner(lead, "H3 H2 H2", "S9 S7 S7") == 2
    assert winner(lead, "H3 H2 H2", "S9 S7 S7", "S4 S8 S8") == 2  # key single: 9 > 8
    assert winner(lead, "S4 S8 S8", "S9 S7 S7", "H3 H2 H2") == 2


def test_mixed_play_never_wins():
    assert winner("H5 H4", "HA SA", "H3 H2") == 0
    assert winner("H5 H4", "HA HK", "H3 H2") == 1
    assert winner("H5 H4", "S2 S3", "HA SA") == 1
    assert winner("H5 H5", "S2 H2", "H3 H3") == 0


def test_all_trump_singles_ruff_a_throw_of_singles():
    assert winner("HA HK", "S2 S3", "HQ HJ") == 1
    assert winner("HA HK", "S2 S3", "SA S4") == 2  # key unit: highest single


def test_longer_trump_tractor_splits_into_tractor_and_pair():
    lead = "H6 H6 H5 H5 H3 H3"  # tractor 6-5 and pair 3
    assert winner(lead, "H2 H2 HA HK HQ HJ", "S9 S9 S8 S8 S7 S7") == 2


def test_overruff_compares_tractors_not_smaller_units():
    lead = "H6 H6 H5 H5 H3 H3"
    # tractor K-Q beats tractor 9-8; the pairs (S2 vs S7) are not compared
    assert winner(lead, "S9 S9 S8 S8 S7 S7", "SK SK SQ SQ S2 S2") == 2
    assert winner(lead, "SK SK SQ SQ S2 S2", "S9 S9 S8 S8 S7 S7") == 1


def test_only_the_longest_tractors_are_compared():
    # lead: tractors A-K-Q and 4-3.  The first ruff has the higher 3-pair tractor
    # (9-8-7 over 6-5-4); the second ruff's higher 2-pair tractor (K-Q) does not count.
    lead = "HA HA HK HK HQ HQ H4 H4 H3 H3"
    first = "S9 S9 S8 S8 S7 S7 S3 S3 S2 S2"
    second = "S6 S6 S5 S5 S4 S4 SK SK SQ SQ"
    assert winner(lead, first, second) == 1
    assert winner(lead, second, first) == 2


def test_tractor_split_into_pairs_ruffs_pairs():
    # two separate pairs led; a trump tractor may be split into two pairs
    assert winner("HA HA H5 H5", "S3 S3 S2 S2") == 1
    assert winner("HA HA H5 H5", "S3 S3 S2 S4") == 0


def test_smaller_units_are_not_compared():
    # pair + single led; two ruffs with equal pairs (off-suit level cards): the
    # singles (S2 against SA) are not compared, so the earlier ruff wins.
    assert winner("HA HA HK", "C10 C10 S2", "D10 D10 SA") == 1
    assert winner("HA HA HK", "D10 D10 SA", "C10 C10 S2") == 1
    # but a higher pair wins whatever the singles
    assert winner("HA HA HK", "C10 C10 SA", "S10 S10 S2") == 2


def test_singles_lead_compares_every_single():
    # singles led: all units are of the largest size, highest first; the first
    # difference (SA over S2, after the equal level cards) decides.
    assert winner("HA HK", "C10 S2", "D10 SA") == 2
    assert winner("HA HK", "D10 SA", "C10 S2") == 1


def test_pair_split_into_singles_ruffs_singles():
    assert winner("HA HK H3", "S5 S5 S6") == 1
    assert winner("HA HK H3", "S5 S5 D6") == 0  # mixed


def test_follower_without_format_loses_in_led_suit():
    assert winner("H5 H5 H4 H4 HA", "HK HK HQ HQ H2") == 1
    assert winner("H5 H5 H4 H4 HA", "HK HK HQ HJ H9") == 0


@pytest.mark.parametrize(
    "plays, expected",
    [
        (("HA",), 0),
        (("HA", "HK"), 0),
        (("H2", "HK", "S2"), 2),
    ],
)
def test_any_number_of_plays(plays, expected):
    assert winner(*plays) == expected


def test_a_lead_counts_the_copies_held():
    """With three decks a player may hold two copies of a card and try to lead three: the
    reason says how many are held (it once said "only one" whenever one or more were)."""
    from shengji_edu import check_lead

    trump = Trump(10, "S")
    hand = parse_cards("H6 H6 HA")
    verdict = check_lead(hand, parse_cards("H6 H6 H6"), trump)
    assert verdict.reason == "you hold only two ♥6: lead cards from your hand"
    verdict = check_lead(hand, parse_cards("HA HA"), trump)
    assert verdict.reason == "you hold only one ♥A: lead cards from your hand"
    verdict = check_lead(hand, parse_cards("H5"), trump)
    assert verdict.reason == "you do not hold ♥5: lead cards from your hand"
