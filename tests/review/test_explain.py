"""The review's explanations on hand-built tricks: one or more for every case of RULES §4–§6,
§11 and the §12 house rules that change who wins or what is owed, in English and Chinese.

Each expected sentence was written from the rules (who must win, which rule decides, which
unit of which seat beats a throw, what a follower owes), not copied from the output. Level 10
with spades trump unless said; seat 0 (South) deals and leads, so South and North are the
dealer's team and East and West the defenders.
"""

from __future__ import annotations

import pytest

from shengji_edu import RuleSet
from shengji_edu.i18n import LanguageError
from shengji_edu.review import TrickNote, explain_round

from .helpers import played, start


def only_trick(hands, plays, lang="en", **options) -> TrickNote:
    notes = explain_round(played(hands, plays, **options), lang)
    assert len(notes) == 1
    return notes[0]


# --- §6: a single card ----------------------------------------------------------------------
def test_a_single_lead_that_nobody_beats():
    note = only_trick(["HA", "H4", "D6", "C2"], ["HA", "H4", "D6", "C2"])
    assert (note.number, note.leader, note.winner, note.points) == (1, 0, 0, 0)
    assert note.kind == note.won_by == "lead_held"
    assert note.text == (
        "Trick 1: South (0) wins with ♥A. Nobody played a higher single of ♥, and nobody "
        "ruffed. No points in it."
    )
    lead, east, north, west = note.plays
    assert (lead.kind, lead.text) == ("lead", "South (0) leads a single of ♥: ♥A.")
    assert (east.kind, east.effect, east.duties) == ("short_suit", "lower", ("short",))
    assert east.text == (
        "East (1) holds exactly 1 card of ♥ (♥4): it must be played. It does not beat "
        "South (0)'s ♥A."
    )
    assert (north.kind, north.effect, north.duties) == ("free_void", "discard", ("void",))
    assert north.text == (
        "North (2) holds no ♥: free to ruff with trumps or to discard. Neither all ♥ nor all "
        "trumps: a discard, which cannot win."
    )
    assert west.text.startswith("West (3) holds no ♥")


def test_a_single_lead_in_chinese():
    note = only_trick(["HA", "H4", "D6", "C2"], ["HA", "H4", "D6", "C2"], lang="zh")
    assert (
        note.text
        == "第 1 墩：南（0）以 ♥A 赢得此墩。没有人出更大的♥单张，也没有人毙牌。这墩没有分。"
    )
    assert note.plays[0].text == "南（0）首出♥的一张单牌：♥A。"
    assert note.plays[1].text == "东（1）正好有 1 张♥（♥4）：必须全部出。没有大过南（0）的 ♥A。"
    assert note.plays[2].text == (
        "北（2）没有♥：可以用主牌毙，也可以垫牌。既不全是♥也不全是主牌：是垫牌，不能赢。"
    )


def test_a_higher_single_of_the_led_suit_and_the_points_to_the_defenders():
    note = only_trick(["H5 C3", "HK H3", "H9 H2", "D2"], ["H5", "HK", "H9", "D2"])
    assert (note.winner, note.kind, note.points, note.defenders_scored) == (
        1,
        "higher_single",
        15,
        True,
    )
    assert note.text == (
        "Trick 1: East (1) wins with ♥K. It is the highest single of ♥ played, and nobody "
        "ruffed. Its 15 points (♥K ♥5) go to the defenders."
    )
    east, north = note.plays[1], note.plays[2]
    assert (east.kind, east.effect, east.duties) == ("followed_suit", "beats", ("suit",))
    assert east.text == (
        "East (1) holds 2 cards of ♥: only ♥ may be played. It beats South (0)'s ♥5: a higher "
        "single of ♥."
    )
    assert north.text == (
        "North (2) holds 2 cards of ♥: only ♥ may be played. It does not beat East (1)'s ♥K."
    )
    zh = only_trick(["H5 C3", "HK H3", "H9 H2", "D2"], ["H5", "HK", "H9", "D2"], lang="zh")
    assert zh.text == (
        "第 1 墩：东（1）以 ♥K 赢得此墩。这是本墩出的最大的♥单张，而且没有人毙牌。"
        "其中 15 分（♥K ♥5）归闲家。"
    )
    assert zh.plays[1].text == "东（1）有 2 张♥：只能出♥。大过南（0）的 ♥5：是更大的♥单张。"


def test_a_ruff_and_an_over_ruff():
    note = only_trick(["HA", "S3", "H4", "LJ"], ["HA", "S3", "H4", "LJ"])
    assert (note.winner, note.kind) == (3, "overruff")
    assert note.text == (
        "Trick 1: West (3) wins with LJ. West (3) over-ruffed: its single is higher than that "
        "of East (1)'s ruff ♠3. No points in it."
    )
    east, north, west = note.plays[1:]
    assert (east.kind, east.effect) == ("free_void", "ruffs")
    assert east.text == (
        "East (1) holds no ♥: free to ruff with trumps or to discard. A ruff: trumps in the "
        "lead's format beat South (0)'s ♥A, as they beat any play of ♥."
    )
    assert north.text == (
        "North (2) holds exactly 1 card of ♥ (♥4): it must be played. It does not beat "
        "East (1)'s ♠3."
    )
    assert (west.effect, west.text) == (
        "overruffs",
        "West (3) holds no ♥: free to ruff with trumps or to discard. An over-ruff: its single "
        "is higher than that of East (1)'s ruff ♠3.",
    )
    zh = only_trick(["HA", "S3", "H4", "LJ"], ["HA", "S3", "H4", "LJ"], lang="zh")
    assert zh.text == (
        "第 1 墩：西（3）以 小王 赢得此墩。西（3）盖毙：它的单张比东（1）毙牌 ♠3 的大。这墩没有分。"
    )
    assert zh.plays[1].text == (
        "东（1）没有♥：可以用主牌毙，也可以垫牌。毙牌：符合首家牌型的主牌大过南（0）的 ♥A，"
        "主牌大过任何♥的出牌。"
    )


def test_a_lone_ruff_wins():
    note = only_trick(["HA", "H4", "S3", "H9"], ["HA", "H4", "S3", "H9"])
    assert (note.winner, note.kind, note.defenders_scored) == (2, "ruff", False)
    assert note.text == (
        "Trick 1: North (2) wins with ♠3. North (2) had no ♥ left and ruffed: trumps in the "
        "lead's format beat any play of a side suit. No points in it."
    )
    assert note.plays[3].text == (
        "West (3) holds exactly 1 card of ♥ (♥9): it must be played. It does not beat "
        "North (2)'s ♠3."
    )


def test_equal_level_cards_tie_and_the_first_one_wins():
    # RULES §2: H10 = D10 = C10 (off-suit level cards) and ties go to the earlier play
    note = only_trick(["D10", "H10", "C10", "S3"], ["D10", "H10", "C10", "S3"])
    assert (note.winner, note.kind, note.points) == (0, "lead_held", 30)
    assert note.text == (
        "Trick 1: South (0) wins with ♦10. Nobody played a higher single of trumps. Its 30 "
        "points (♥10 ♦10 ♣10) stay with the dealer's team: the defenders score only the "
        "tricks they win."
    )
    assert note.plays[1].effect == note.plays[2].effect == "ties"
    assert note.plays[1].text == (
        "East (1) holds exactly 1 trump (♥10): it must be played. As high as South (0)'s ♦10: "
        "on a tie the earlier play wins."
    )
    assert note.notes == ()


def test_off_suit_level_cards_ranked_by_suit_change_the_winner():
    # RULES §12.15 table: single trick C10, H10, D10, S3 -> H10 wins with "suit"
    rules = RuleSet(offsuit_levels="suit")
    plays = ["D10", "H10", "C10", "S3"]
    note = only_trick(plays, plays, rules=rules)
    assert (note.winner, note.kind) == (1, "higher_single")
    rule = (
        "The off-suit level cards rank ♠ > ♥ > ♦ > ♣ here (RULES §12.15): by the standard "
        "rule South (0) would have won this trick."
    )
    assert note.notes == (rule,)
    assert note.text == (
        "Trick 1: East (1) wins with ♥10. It is the highest single of trumps played. Its 30 "
        "points (♥10 ♦10 ♣10) go to the defenders. " + rule
    )
    assert note.plays[1].text.endswith("It beats South (0)'s ♦10: a higher single of trumps.")
    zh = only_trick(plays, plays, lang="zh", rules=rules)
    assert zh.notes == (
        "这里副级牌按花色排大小 ♠ > ♥ > ♦ > ♣（规则 §12.15）：按标准规则这一墩是南（0）赢。",
    )


# --- §5 and §6: pairs and tractors -----------------------------------------------------------
PAIR_HANDS = ["H5 H5", "HK HK H3", "H9 H8 H7", "D2 D3"]
PAIR_PLAYS = ["H5 H5", "HK HK", "H9 H8", "D2 D3"]


def test_a_higher_pair_and_what_each_follower_owed():
    note = only_trick(PAIR_HANDS, PAIR_PLAYS)
    assert (note.winner, note.kind, note.points) == (1, "higher_pair", 30)
    assert note.text == (
        "Trick 1: East (1) wins with ♥K ♥K. It is the highest pair of ♥ played, and nobody "
        "ruffed. Its 30 points (♥K ♥K ♥5 ♥5) go to the defenders."
    )
    lead, east, north, west = note.plays
    assert lead.text == "South (0) leads a pair of ♥: ♥5 ♥5."
    assert (east.kind, east.duties, east.effect) == ("followed_pairs", ("suit", "pairs"), "beats")
    assert east.text == (
        "East (1) holds 3 cards of ♥: only ♥ may be played; a pair was led and the hand holds "
        "♥K ♥K: a pair was owed (must follow a pair with a pair). It beats South (0)'s ♥5 ♥5: "
        "a higher pair of ♥."
    )
    assert (north.kind, north.duties, north.effect) == ("followed_suit", ("suit",), "no_format")
    assert north.text == (
        "North (2) holds 3 cards of ♥: only ♥ may be played; the hand holds no pair of ♥: any "
        "cards of ♥ would do. It lacks the lead's format (a pair of ♥), so it cannot win."
    )
    assert (west.kind, west.effect) == ("free_void", "discard")


def test_a_higher_pair_in_chinese():
    note = only_trick(PAIR_HANDS, PAIR_PLAYS, lang="zh")
    assert note.text == (
        "第 1 墩：东（1）以 ♥K ♥K 赢得此墩。这是本墩出的最大的♥对子，而且没有人毙牌。"
        "其中 30 分（♥K ♥K ♥5 ♥5）归闲家。"
    )
    assert note.plays[0].text == "南（0）首出♥的一个对子：♥5 ♥5。"
    assert note.plays[1].text == (
        "东（1）有 3 张♥：只能出♥；首家出的是对子，手里有 ♥K ♥K：必须跟对子（有对必跟对）。"
        "大过南（0）的 ♥5 ♥5：是更大的♥对子。"
    )
    assert note.plays[2].text == (
        "北（2）有 3 张♥：只能出♥；手里没有♥对子：任何♥牌都可以。"
        "不符合首家的牌型（♥的一个对子），所以不能赢。"
    )


def test_a_pair_ruffed_by_a_trump_pair():
    # RULES §6 example: HK HK, HA H3, S2 S2, HA HA -> the ruff (play 2) wins
    note = only_trick(
        ["HK HK", "HA H3", "S2 S2 D5", "HA HA H4"], ["HK HK", "HA H3", "S2 S2", "HA HA"]
    )
    assert (note.winner, note.kind, note.points) == (2, "ruff", 20)
    assert note.text == (
        "Trick 1: North (2) wins with ♠2 ♠2. North (2) had no ♥ left and ruffed: trumps in "
        "the lead's format beat any play of a side suit. Its 20 points (♥K ♥K) stay with the "
        "dealer's team: the defenders score only the tricks they win."
    )
    east, north, west = note.plays[1:]
    assert east.text == (
        "East (1) holds exactly 2 cards of ♥ (♥A ♥3): all must be played. It lacks the lead's "
        "format (a pair of ♥), so it cannot win."
    )
    assert (north.effect, west.effect) == ("ruffs", "lower")
    assert west.text == (
        "West (3) holds 3 cards of ♥: only ♥ may be played; a pair was led and the hand holds "
        "♥A ♥A: a pair was owed (must follow a pair with a pair). It does not beat North (2)'s "
        "♠2 ♠2."
    )


TRACTOR_HANDS = [
    "H7 H7 H6 H6",
    "HK HK HQ HQ H2 H2 H3",
    "HJ HJ HQ H9 H8",
    "S3 S3 S4 S4",
]
TRACTOR_PLAYS = ["H7 H7 H6 H6", "HK HK HQ HQ", "HJ HJ H9 H8", "S3 S3 S4 S4"]


def test_a_tractor_owed_a_tractor_not_owed_and_a_trump_tractor_ruff():
    note = only_trick(TRACTOR_HANDS, TRACTOR_PLAYS)
    assert (note.winner, note.kind, note.points) == (3, "ruff", 20)
    assert note.text == (
        "Trick 1: West (3) wins with ♠4 ♠4 ♠3 ♠3. West (3) had no ♥ left and ruffed: trumps "
        "in the lead's format beat any play of a side suit. Its 20 points (♥K ♥K) go to the "
        "defenders."
    )
    lead, east, north, west = note.plays
    assert lead.text == "South (0) leads a tractor of 2 pairs of ♥: ♥7 ♥7 ♥6 ♥6."
    assert (east.kind, east.duties) == ("followed_tractor", ("suit", "tractor"))
    assert east.text == (
        "East (1) holds 7 cards of ♥: only ♥ may be played; the lead has a tractor of 2 pairs "
        "and the hand holds ♥K ♥K ♥Q ♥Q: a tractor of 2 pairs was owed (must follow a tractor "
        "with a tractor), and ♥K ♥K ♥Q ♥Q meets it. It beats South (0)'s ♥7 ♥7 ♥6 ♥6: a "
        "higher tractor of 2 pairs of ♥."
    )
    assert (north.kind, north.duties) == ("followed_pairs", ("suit", "pairs"))
    assert north.text == (
        "North (2) holds 5 cards of ♥: only ♥ may be played; the lead has a tractor of 2 pairs "
        "but the hand holds no tractor of ♥ that long: none was owed; the lead holds 2 pairs "
        "(a tractor counts as its pairs) and the hand holds ♥J ♥J: at least 1 pair was owed "
        "(must follow pairs with pairs). It lacks the lead's format (a tractor of 2 pairs of "
        "♥), so it cannot win."
    )
    assert (west.effect, west.text) == (
        "ruffs",
        "West (3) holds no ♥: free to ruff with trumps or to discard. A ruff: trumps in the "
        "lead's format beat East (1)'s ♥K ♥K ♥Q ♥Q, as they beat any play of ♥.",
    )


def test_a_tractor_in_chinese():
    note = only_trick(TRACTOR_HANDS, TRACTOR_PLAYS, lang="zh")
    assert note.plays[1].text == (
        "东（1）有 7 张♥：只能出♥；首家出了 2 对相连的拖拉机，手里有 ♥K ♥K ♥Q ♥Q：必须跟出 2 "
        "对相连的拖拉机（有拖拉机必跟拖拉机），♥K ♥K ♥Q ♥Q 满足了这一条。"
        "大过南（0）的 ♥7 ♥7 ♥6 ♥6：是更大的♥拖拉机（2 对相连）。"
    )
    assert note.plays[2].text == (
        "北（2）有 5 张♥：只能出♥；首家出了 2 对相连的拖拉机，但手里没有这么长的♥拖拉机：不必跟"
        "拖拉机；首家的牌里有 2 对（拖拉机按其中的对子数算），手里有 ♥J ♥J：至少要跟 1 个"
        "对子（有对必跟对）。不符合首家的牌型（♥的一个拖拉机（2 对相连）），所以不能赢。"
    )
    assert note.text.startswith(
        "第 1 墩：西（3）以 ♠4 ♠4 ♠3 ♠3 赢得此墩。西（3）没有♥了，用主牌毙牌"
    )


def test_a_longer_tractor_led_asks_only_for_the_pairs():
    # docs/rules.md §5.4: a 3-pair tractor led, the hand holds a 2-pair tractor and must
    # play its two pairs, no tractor
    note = only_trick(
        ["H6 H6 H7 H7 H8 H8", "HJ HJ HQ HQ HK H2 H3", "D3 D4 D5 D6 D7 D8", "C3 C4 C5 C6 C7 C8"],
        ["H6 H6 H7 H7 H8 H8", "HJ HJ HQ HQ H2 H3", "D3 D4 D5 D6 D7 D8", "C3 C4 C5 C6 C7 C8"],
    )
    east = note.plays[1]
    assert (east.kind, east.duties, east.effect) == (
        "followed_pairs",
        ("suit", "pairs"),
        "no_format",
    )
    assert east.text == (
        "East (1) holds 7 cards of ♥: only ♥ may be played; the lead has a tractor of 3 pairs "
        "but the hand holds no tractor of ♥ that long: none was owed; the lead holds 3 pairs (a "
        "tractor counts as its pairs) and the hand holds ♥Q ♥Q, ♥J ♥J: at least 2 pairs were "
        "owed (must follow pairs with pairs). It lacks the lead's format (a tractor of 3 pairs "
        "of ♥), so it cannot win."
    )
    assert (note.winner, note.kind) == (0, "lead_held")
    assert note.text == (
        "Trick 1: South (0) wins with ♥8 ♥8 ♥7 ♥7 ♥6 ♥6. Nobody played a higher tractor of 3 "
        "pairs of ♥, and nobody ruffed. Its 10 points (♦5 ♣5) stay with the dealer's team: the "
        "defenders score only the tricks they win."
    )


# --- §4: throws --------------------------------------------------------------------------------
def test_a_throw_that_stands():
    note = only_trick(["HA HK", "HQ H3", "H9 D4", "H5 C6"], ["HA HK", "HQ H3", "H9 D4", "H5 C6"])
    assert (note.winner, note.kind, note.points) == (0, "throw_stood", 15)
    assert note.plays[0].kind == "throw"
    assert note.plays[0].text == (
        "South (0) throws ♥A ♥K (2 singles of ♥): the throw stands, because no other hand holds "
        "a higher unit of the same kind in that suit to beat any of its parts."
    )
    assert note.text == (
        "Trick 1: South (0) wins with ♥A ♥K. The throw stood, and nobody ruffed it. Its 15 "
        "points (♥K ♥5) stay with the dealer's team: the defenders score only the tricks they "
        "win."
    )
    assert note.plays[3].text == (
        "West (3) holds only 1 card of ♥ (♥5): it must be played, and the rest is free. Neither "
        "all ♥ nor all trumps: a discard, which cannot win."
    )
    zh = only_trick(
        ["HA HK", "HQ H3", "H9 D4", "H5 C6"], ["HA HK", "HQ H3", "H9 D4", "H5 C6"], lang="zh"
    )
    assert zh.plays[0].text == (
        "南（0）甩牌 ♥A ♥K（♥的2 张单牌）：甩牌成立，因为别人手里都没有同一门、同一种、更大的牌组"
        "能管上其中任何一组。"
    )


THROW_HANDS = ["H9 H8 H8 H4 H4", "D3 D4", "H6 H7", "HQ HQ H2"]


def test_a_failed_throw_names_the_unit_the_seat_and_the_unit_led():
    # RULES §4: H9 H8 H8 H4 H4 against another hand's HQ HQ: H4 H4 must be led
    note = only_trick(THROW_HANDS, ["H9 H8 H8 H4 H4", "D3 D4", "H6 H7", "HQ HQ"])
    assert (note.kind, note.won_by, note.winner, note.points) == (
        "throw_failed",
        "higher_pair",
        3,
        0,
    )
    assert [str(c) for c in note.attempted] == ["H9", "H8", "H8", "H4", "H4"]
    failed = (
        "South (0) tried to throw ♥9 ♥8 ♥8 ♥4 ♥4, but West (3) holds ♥Q ♥Q, which beats its "
        "pair ♥4 ♥4: the throw fails, and the lowest beaten unit ♥4 ♥4 is led instead; the "
        "other cards go back to the hand."
    )
    lead = note.plays[0]
    assert (lead.kind, [str(c) for c in lead.cards], lead.text) == (
        "throw_failed",
        ["H4", "H4"],
        failed,
    )
    assert note.text == (
        "Trick 1: West (3) wins with ♥Q ♥Q. South (0)'s throw ♥9 ♥8 ♥8 ♥4 ♥4 failed, because "
        "West (3)'s ♥Q ♥Q beats its pair ♥4 ♥4: ♥4 ♥4 was led instead. It is the highest pair "
        "of ♥ played, and nobody ruffed. No points in it."
    )
    zh = only_trick(THROW_HANDS, ["H9 H8 H8 H4 H4", "D3 D4", "H6 H7", "HQ HQ"], lang="zh")
    assert zh.plays[0].text == (
        "南（0）想甩 ♥9 ♥8 ♥8 ♥4 ♥4，但西（3）有 ♥Q ♥Q，管得上其中的对子 ♥4 ♥4：甩牌失败，"
        "改出被管上的最小的一组 ♥4 ♥4，其余的牌收回。"
    )


def test_a_failed_throw_under_the_smallest_card_house_rule_with_a_penalty():
    rules = RuleSet(failed_throw="smallest_card", throw_penalty=10)
    hands = ["H9 H8 H8 H4 H4", "D3", "H6 H7", "HQ HQ H2"]
    note = only_trick(hands, ["H9 H8 H8 H4 H4", "D3", "H6", "HQ"], rules=rules)
    assert (note.kind, note.won_by, note.winner) == ("throw_failed", "higher_single", 3)
    assert note.plays[0].text == (
        "South (0) tried to throw ♥9 ♥8 ♥8 ♥4 ♥4, but West (3) holds ♥Q ♥Q, which beats its "
        "pair ♥4 ♥4: the throw fails, and by the house rule of RULES §12.3 the smallest card "
        "♥4 is led instead; the other cards go back to the hand. The failed throw costs its "
        "team 10 points."
    )
    assert note.plays[2].text == (
        "North (2) holds 2 cards of ♥: only ♥ may be played. It beats South (0)'s ♥4: a higher "
        "single of ♥."
    )
    assert note.plays[3].text.endswith("It beats North (2)'s ♥6: a higher single of ♥.")
    assert note.text == (
        "Trick 1: West (3) wins with ♥Q. South (0)'s throw ♥9 ♥8 ♥8 ♥4 ♥4 failed, because "
        "West (3)'s ♥Q ♥Q beats its pair ♥4 ♥4: by RULES §12.3 its smallest card ♥4 was led "
        "instead. It is the highest single of ♥ played, and nobody ruffed. No points in it."
    )


def test_no_tractors_makes_a_throw_of_two_pairs_fail():
    # RULES §12.14 table: lead H5 H5 H4 H4, another holds H6 H6: stands with "full", fails
    # with "off" (H4 H4 led)
    rules = RuleSet(tractors="off")
    hands = ["H5 H5 H4 H4", "H6 H6 D7", "C3 C4", "D5 D6"]
    note = only_trick(hands, ["H5 H5 H4 H4", "H6 H6", "C3 C4", "D5 D6"], rules=rules)
    assert (note.kind, note.won_by, note.winner) == ("throw_failed", "higher_pair", 1)
    assert note.plays[0].text == (
        "South (0) tried to throw ♥5 ♥5 ♥4 ♥4, but East (1) holds ♥6 ♥6, which beats its pair "
        "♥4 ♥4: the throw fails, and the lowest beaten unit ♥4 ♥4 is led instead; the other "
        "cards go back to the hand."
    )
    assert note.notes == (
        "There are no tractors here: consecutive pairs stay pairs (RULES §12.14): by the standard "
        "rule the throw would stand.",
    )
    zh = only_trick(hands, ["H5 H5 H4 H4", "H6 H6", "C3 C4", "D5 D6"], lang="zh", rules=rules)
    assert zh.notes == (
        "这里不算拖拉机：相连的对子仍是对子（规则 §12.14）：按标准规则这个甩牌会成立。",
    )


def test_no_tractors_frees_a_follow_the_standard_rule_refuses():
    # RULES §12.14 table, level 3: lead H9 H9 H8 H8; hand H2 H2 H4 H4 H7 H7 HK plays
    # H4 H4 H7 H7: illegal with "full" (H4 H4 H2 H2 is a tractor), legal with "off"
    rules = RuleSet(tractors="off")
    hands = ["H9 H9 H8 H8", "H2 H2 H4 H4 H7 H7 HK", "C4 C5 C6 C7", "D4 D5 D6 D7"]
    plays = ["H9 H9 H8 H8", "H4 H4 H7 H7", "C4 C5 C6 C7", "D4 D5 D6 D7"]
    note = only_trick(hands, plays, rules=rules, level=3)
    assert note.kind == "throw_stood"
    east = note.plays[1]
    assert east.text == (
        "East (1) holds 7 cards of ♥: only ♥ may be played; the lead holds 2 pairs and the hand "
        "holds ♥7 ♥7, ♥4 ♥4, ♥2 ♥2: at least 2 pairs were owed (must follow pairs with pairs). "
        "It does not beat South (0)'s ♥9 ♥9 ♥8 ♥8. There are no tractors here: consecutive "
        "pairs stay pairs (RULES §12.14): by the standard rule this play would be refused (a "
        "tractor of 2 pairs of ♥ was led and you hold a tractor of ♥ (♥4 ♥4 ♥2 ♥2): you must "
        "follow with a tractor of 2 pairs)."
    )


# --- §11: more decks, twos always trump --------------------------------------------------------
def test_three_decks_a_triple_owed_and_a_higher_triple():
    rules = RuleSet(decks=3)
    hands = ["H5 H5 H5", "H9 H9 H9 H3", "H8 H8 H7 H6", "D3 D4 D5"]
    note = only_trick(hands, ["H5 H5 H5", "H9 H9 H9", "H8 H8 H7", "D3 D4 D5"], rules=rules)
    assert (note.winner, note.kind, note.points) == (1, "higher_triple", 20)
    assert note.text == (
        "Trick 1: East (1) wins with ♥9 ♥9 ♥9. It is the highest triple of ♥ played, and "
        "nobody ruffed. Its 20 points (♥5 ♥5 ♥5 ♦5) go to the defenders."
    )
    lead, east, north, _west = note.plays
    assert lead.text == "South (0) leads a triple of ♥: ♥5 ♥5 ♥5."
    assert (east.kind, east.duties) == ("followed_triples", ("suit", "triples"))
    assert east.text == (
        "East (1) holds 4 cards of ♥: only ♥ may be played; the lead asks for 1 triple and the "
        "hand holds ♥9 ♥9 ♥9: 1 triple was owed. It beats South (0)'s ♥5 ♥5 ♥5: a higher "
        "triple of ♥."
    )
    assert (north.kind, north.duties) == ("followed_pairs", ("suit", "pairs"))
    assert north.text == (
        "North (2) holds 4 cards of ♥: only ♥ may be played; the lead asks for triples but the "
        "hand holds no triple of ♥: pairs count instead; the lead holds 1 pair (a tractor "
        "counts as its pairs, a triple as one pair) and the hand holds ♥8 ♥8: at least 1 pair "
        "was owed. It lacks the lead's format (a triple of ♥), so it cannot win."
    )
    zh = only_trick(hands, ["H5 H5 H5", "H9 H9 H9", "H8 H8 H7", "D3 D4 D5"], "zh", rules=rules)
    assert zh.plays[1].text == (
        "东（1）有 4 张♥：只能出♥；首家要求 1 个三同张，手里有 ♥9 ♥9 ♥9：必须跟出 1 个三同张。"
        "大过南（0）的 ♥5 ♥5 ♥5：是更大的♥三同张。"
    )


def test_three_decks_a_titanic_owed_one_answered_by_a_tractor_and_a_trump_titanic():
    rules = RuleSet(decks=3)
    hands = [
        "H5 H5 H5 H6 H6 H6",
        "H8 H8 H8 H9 H9 H9 H2",
        "HJ HJ HQ HQ H3 H4 H7",
        "S3 S3 S3 S4 S4 S4",
    ]
    plays = ["H5 H5 H5 H6 H6 H6", "H8 H8 H8 H9 H9 H9", "HQ HQ HJ HJ H3 H4", "S3 S3 S3 S4 S4 S4"]
    note = only_trick(hands, plays, rules=rules)
    assert (note.winner, note.kind, note.points) == (3, "ruff", 15)
    lead, east, north, west = note.plays
    assert lead.text == "South (0) leads a titanic of 2 triples of ♥: ♥6 ♥6 ♥6 ♥5 ♥5 ♥5."
    assert (east.kind, east.duties, east.effect) == (
        "followed_titanic",
        ("suit", "titanic"),
        "beats",
    )
    assert east.text == (
        "East (1) holds 7 cards of ♥: only ♥ may be played; the lead has a titanic of 2 triples "
        "and the hand holds ♥9 ♥9 ♥9 ♥8 ♥8 ♥8: a titanic of 2 triples was owed, and "
        "♥9 ♥9 ♥9 ♥8 ♥8 ♥8 meets it. It beats South (0)'s ♥6 ♥6 ♥6 ♥5 ♥5 ♥5: a higher "
        "titanic of 2 triples of ♥."
    )
    assert (north.kind, north.duties) == ("followed_tractor", ("suit", "tractor"))
    assert north.text == (
        "North (2) holds 7 cards of ♥: only ♥ may be played; the lead has a titanic of 2 "
        "triples but the hand holds no titanic of ♥ that long; no titanic that long answers "
        "the lead's titanic of 2 triples, but a tractor does (♥Q ♥Q ♥J ♥J): a tractor of 2 "
        "pairs was owed, and ♥Q ♥Q ♥J ♥J meets it. It lacks the lead's format (a titanic of 2 "
        "triples of ♥), so it cannot win."
    )
    assert west.effect == "ruffs"
    assert note.text == (
        "Trick 1: West (3) wins with ♠4 ♠4 ♠4 ♠3 ♠3 ♠3. West (3) had no ♥ left and ruffed: "
        "trumps in the lead's format beat any play of a side suit. Its 15 points (♥5 ♥5 ♥5) "
        "go to the defenders."
    )


def test_twos_always_trump_make_a_ruff():
    # RULES §11.2: with twos_are_trump, D2 is a trump and ruffs a heart; by the standard
    # rule it is a diamond, a discard, and the lead wins
    rules = RuleSet(twos_are_trump=True)
    note = only_trick(["HA", "D2", "H3", "C4"], ["HA", "D2", "H3", "C4"], rules=rules)
    assert (note.winner, note.kind) == (1, "ruff")
    rule = (
        "The 2s are trumps here (RULES §11.2): by the standard rule South (0) would have won "
        "this trick."
    )
    assert note.notes == (rule,)
    assert note.text.endswith(rule)
    assert note.plays[1].effect == "ruffs"
    zh = only_trick(["HA", "D2", "H3", "C4"], ["HA", "D2", "H3", "C4"], "zh", rules=rules)
    assert zh.notes == ("这里 2 是常主（规则 §11.2）：按标准规则这一墩是南（0）赢。",)


def test_one_deck_has_only_singles():
    rules = RuleSet(decks=1)
    note = only_trick(["HA", "HK", "H3", "S5"], ["HA", "HK", "H3", "S5"], rules=rules)
    assert (note.winner, note.kind, note.points) == (3, "ruff", 15)


# --- the last trick and the kitty (§7) --------------------------------------------------------
def test_the_last_trick_to_the_defenders_counts_the_kitty():
    rnd = played(
        ["H3", "HA", "H4", "H5"], ["H3", "HA", "H4", "H5"], buried="SK C5 C3 C3 C3 C3 C3 C3"
    )
    (note,) = explain_round(rnd)
    # a single last lead: the kitty's 15 points count x2 (RULES §7): 30
    assert note.text == (
        "Trick 1: East (1) wins with ♥A. It is the highest single of ♥ played, and nobody "
        "ruffed. Its 5 points (♥5) go to the defenders. The defenders won the last trick, so "
        "the kitty's points count ×2: 30 more points."
    )
    (zh,) = explain_round(rnd, "zh")
    assert zh.text.endswith("闲家赢了最后一墩，所以抠底：底牌的分 ×2，再得 30 分。")


# --- the API ---------------------------------------------------------------------------------
def test_a_hand_not_yet_played_has_no_tricks():
    assert explain_round(start(["HA", "HK", "H3", "S5"])) == []


def test_unknown_language_and_wrong_argument():
    rnd = played(["HA", "H4", "D6", "C2"], ["HA", "H4", "D6", "C2"])
    with pytest.raises(LanguageError, match="'en'"):
        explain_round(rnd, "fr")
    with pytest.raises(ValueError, match="needs a Round"):
        explain_round("not a round")  # type: ignore[arg-type]


def test_a_running_trick_is_left_out_and_the_hands_are_worked_back():
    rnd = played(["HA H2", "H4 H5", "D6 D7", "C2 C3"], ["HA", "H4", "D6", "C2", "H2"])
    notes = explain_round(rnd)
    assert [n.number for n in notes] == [1]
    assert notes[0].plays[1].text.startswith("East (1) holds 2 cards of ♥")


def test_a_what_if_world_explains_the_failed_throws_made_before_it():
    # the world has no events of the tricks before it: the review asks check_throw again
    hands = ["H9 H8 H8 H4 H4 C9", "D3 D4 C8", "H6 H7 C7", "HQ HQ H2 C6"]
    rnd = played(hands, ["H9 H8 H8 H4 H4", "D3 D4", "H6 H7", "HQ HQ"])
    world = rnd.what_if(rnd.hands, rnd.kitty, seed=2)
    assert [e.kind for e in world.events] == []
    assert explain_round(world) == explain_round(rnd)
    assert "West (3)'s ♥Q ♥Q beats its pair ♥4 ♥4" in explain_round(world)[0].text


def test_a_pair_of_trumps_led_to_a_hand_without_a_trump_pair():
    note = only_trick(["S5 S5", "S3 S4 S6", "LJ LJ", "D3 D4"], ["S5 S5", "S3 S4", "LJ LJ", "D3 D4"])
    assert (note.winner, note.kind, note.points) == (2, "higher_pair", 10)
    assert note.text == (
        "Trick 1: North (2) wins with LJ LJ. It is the highest pair of trumps played. Its 10 "
        "points (♠5 ♠5) stay with the dealer's team: the defenders score only the tricks they "
        "win."
    )
    assert note.plays[1].text == (
        "East (1) holds 3 trumps: only trumps may be played; the hand holds no pair of trumps: "
        "any trumps would do. It lacks the lead's format (a pair of trumps), so it cannot win."
    )
    assert note.plays[3].text == (
        "West (3) holds no trumps: free to play any cards. Not all trumps: a discard, which "
        "cannot win."
    )
    zh = only_trick(
        ["S5 S5", "S3 S4 S6", "LJ LJ", "D3 D4"], ["S5 S5", "S3 S4", "LJ LJ", "D3 D4"], "zh"
    )
    assert zh.text.startswith("第 1 墩：北（2）以 小王 小王 赢得此墩。这是本墩出的最大的主牌对子。")
    assert zh.plays[1].text == (
        "东（1）有 3 张主牌：只能出主牌；手里没有主牌对子：任何主牌都可以。"
        "不符合首家的牌型（主牌的一个对子），所以不能赢。"
    )


def test_a_throw_of_a_pair_and_a_single_asks_for_the_pair():
    # RULES §5 rule 3: the lead holds 1 pair; the hand holds 2 pairs: at least 1 is owed
    hands = ["HA HA HK", "HQ HQ H9 H9 H3", "C3 C4 C5", "D3 D4 D6"]
    note = only_trick(hands, ["HA HA HK", "HQ HQ H3", "C3 C4 C5", "D3 D4 D6"])
    assert note.kind == "throw_stood" and note.points == 15
    assert note.plays[1].text == (
        "East (1) holds 5 cards of ♥: only ♥ may be played; the lead holds 1 pair and the hand "
        "holds ♥Q ♥Q, ♥9 ♥9: at least 1 pair was owed (must follow pairs with pairs). It does "
        "not beat South (0)'s ♥A ♥A ♥K."
    )


def test_the_round_keeps_what_check_throw_found_for_each_failed_throw():
    rnd = played(THROW_HANDS, ["H9 H8 H8 H4 H4", "D3 D4", "H6 H7", "HQ HQ"])
    ((thrower, holder, throw),) = rnd.failed_throws
    assert (thrower, holder) == (0, 3)
    assert [str(c) for c in throw.beaten_by] == ["HQ", "HQ"]
    assert [str(c) for c in throw.beaten.cards] == ["H4", "H4"]
    (event,) = [e for e in rnd.events if e.kind == "throw_failed"]
    assert event.data["beaten_by"] == "HQ HQ" and event.seat == thrower
