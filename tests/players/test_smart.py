"""SmartPlayer: each rule on a position made by hand, legal plays everywhere, and the
committed arena result rerun from its seed.

Strength is measured by the arena and the toggle ledger (``benchmarks/smart_ledger.py``,
``results/smart_ledger.json``), never asserted here. Positions are built from a view's
public record with chosen fields: every card not in the hand and not listed as still out is
recorded as played, so the player's memory sees exactly the cards the test means.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_edu import RuleSet
from shengji_edu.arena import deal_setup, play_duplicate, run_arena
from shengji_edu.burying import check_bury
from shengji_edu.cards import ALL_CARDS, parse_cards
from shengji_edu.game import Round, Table
from shengji_edu.game.public import make_trick
from shengji_edu.game.round import PLAYING
from shengji_edu.game.view import PlayerView
from shengji_edu.ladders import level_ladder
from shengji_edu.players import PLAYER_TYPES, SmartPlayer, make_player
from shengji_edu.players.expert import make_rollout
from shengji_edu.players.rollout_leads import LeadContext
from shengji_edu.players.smart import DEFAULT_RULES, RULES, parse_rules
from shengji_edu.players.smart_follow import FEED_CHANCE, Follow, lost_shed
from shengji_edu.players.smart_lead import likely_pair, safe_throw
from shengji_edu.players.smart_memory import CardMemory, no_pairs_shown, read_plays
from shengji_edu.tricks import check_throw
from shengji_edu.trump import TRUMP, Trump

ROOT = Path(__file__).resolve().parents[2]
TRUMP_S = Trump(2, "S")  # level 2, spades trump


def _record(trump: Trump):
    """The public record of a fresh two-deck hand in its playing phase (dealer seat 0)."""
    rnd = Round(1, RuleSet(), dealer=0, fixed_trump=trump)
    rnd.deal_all()
    rnd.finish_deal()
    rnd.bury(0, rnd.hand(0)[:8])
    assert rnd.phase == PLAYING
    return rnd.public


def view_of(
    hand: str,
    out: str,
    seat: int = 1,
    trick: tuple = (),
    voids: dict[int, set[str]] | None = None,
    tricks: tuple = (),
    sizes: tuple[int, ...] | None = None,
    trump: Trump = TRUMP_S,
) -> PlayerView:
    """Seat ``seat`` holding ``hand``, with only the cards ``out`` not yet seen by it (and
    the running ``trick``'s cards on the table); every other card counts as played."""
    mine, unseen = parse_cards(hand), parse_cards(out)
    on_table = [card for _s, cards in trick for card in cards]
    played = Counter({card: 2 for card in ALL_CARDS})
    played.subtract(mine)
    played.subtract(unseen)
    played.subtract(on_table)
    assert min(played.values()) >= 0, "a card is listed more than twice"
    record = _record(trump)._replace(
        played_cards=tuple(played.elements()) + tuple(on_table),
        current_trick=tuple((s, tuple(cards)) for s, cards in trick),
        tricks=tricks,
        voids=tuple(frozenset((voids or {}).get(s, ())) for s in range(4)),
        hand_sizes=sizes or tuple(len(mine) if s == seat else 4 for s in range(4)),
        turn=seat,
    )
    return PlayerView.from_parts(record, seat, mine, random.Random(0))


# --- the memory -----------------------------------------------------------------------------
def test_the_memory_counts_the_cards_still_out():
    view = view_of("HA H3", "HK HK DQ")
    memory = CardMemory(view)
    left = {card: memory.left[card.index] for card in ALL_CARDS if memory.left[card.index]}
    assert left == {c: n for c, n in Counter(parse_cards("HK HK DQ")).items()}
    assert memory.out_in("H") == 2 and memory.out_in("D") == 1 and memory.out_in(TRUMP) == 0


def test_a_boss_is_the_highest_card_still_out():
    memory = CardMemory(view_of("HQ H3", "HK HJ H5"))
    step = TRUMP_S.step_by_index
    assert memory.top("H", 1, 1) == step[parse_cards("HK")[0].index]
    assert memory.top("H", 2, 1) == -1  # no pair of hearts is out


def test_a_void_is_remembered_and_a_void_seat_cannot_beat_a_side_card():
    out = "HK S3 S4"  # the king of hearts is out, and two trumps
    lead = [(0, parse_cards("HQ"))]
    plain = CardMemory(view_of("H3 D4", out, seat=1, trick=lead))
    assert not plain.holds(parse_cards("HQ"), parse_cards("HQ"), [2, 3])
    # seats 2 and 3 have shown they are out of hearts and of trumps: the K is not theirs
    voids = {2: {"H", TRUMP}, 3: {"H", TRUMP}}
    remembered = CardMemory(view_of("H3 D4", out, seat=1, trick=lead, voids=voids))
    assert remembered.voids[2] == frozenset({"H", TRUMP})
    assert not remembered.can_trump(3)
    assert remembered.holds(parse_cards("HQ"), parse_cards("HQ"), [2, 3])


def test_a_seat_void_in_the_suit_but_holding_trumps_can_beat_by_trumping():
    view = view_of("H3 D4", "S3 D5 D6", seat=1, trick=[(0, parse_cards("HQ"))], voids={3: {"H"}})
    memory = CardMemory(view)
    assert not memory.holds(parse_cards("HQ"), parse_cards("HQ"), [3])
    out_of_trumps = view_of(
        "H3 D4", "D5 D6", seat=1, trick=[(0, parse_cards("HQ"))], voids={3: {"H"}}
    )
    assert CardMemory(out_of_trumps).holds(parse_cards("HQ"), parse_cards("HQ"), [3])


def test_a_seat_that_followed_a_pair_without_a_pair_has_none_left():
    pair_trick = make_trick(
        0,
        (
            (0, tuple(parse_cards("H5 H5"))),
            (1, tuple(parse_cards("H9 H7"))),
            (2, tuple(parse_cards("H6 H6"))),
            (3, tuple(parse_cards("HQ D3"))),
        ),
        2,
        0,
        None,
    )
    view = view_of("C3 C4", "HK HK HA", seat=0, tricks=(pair_trick,))
    found = no_pairs_shown(view)
    assert "H" in found[1] and "H" in found[3] and "H" not in found[2]


def test_reading_the_play_caps_a_seat_that_let_points_go():
    # seat 1 followed the K of hearts (10 points, led by an opponent) with the 3: no A
    trick = make_trick(
        0,
        (
            (0, tuple(parse_cards("HK"))),
            (1, tuple(parse_cards("H3"))),
            (2, tuple(parse_cards("H4"))),
            (3, tuple(parse_cards("C3"))),
        ),
        0,
        10,
        None,
    )
    view = view_of("D3 D4", "HA HA D5", seat=2, tricks=(trick,), voids={3: {"H"}})
    no_trumps, caps = read_plays(view)
    assert caps[(1, "H")] == TRUMP_S.step_by_index[parse_cards("HK")[0].index]
    assert 3 in no_trumps  # out of hearts, it let the king win: it had no trump either


# --- following --------------------------------------------------------------------------------
def test_feed_gives_points_to_a_partner_whose_card_cannot_be_beaten():
    # partner (seat 0) led the A of hearts; the other A is played; I hold a K and a 3
    view = view_of(
        "HK H3", "H4 H5 D3 D4", seat=2, trick=[(0, parse_cards("HA")), (1, parse_cards("H6"))]
    )
    assert SmartPlayer().play(view) == parse_cards("HK")
    assert make_player("greedy").play(view) == parse_cards("H3")  # greedy feeds only last
    assert SmartPlayer(without="feed").play(view) == parse_cards("H3")


def test_feed_waits_when_the_last_seat_may_well_beat_the_partner():
    trick = [(0, parse_cards("HQ")), (1, parse_cards("H6"))]
    view = view_of("HK H3", "HA HA H4 D3", seat=2, trick=trick)
    memory = CardMemory(view)
    # seat 3 holds 4 of the 20 places the two As may be in (three hands and the kitty)
    chance = memory.hold_chance(parse_cards("HQ"), parse_cards("HQ"), [3])
    assert chance == pytest.approx(0.8**2)
    assert chance >= FEED_CHANCE and SmartPlayer().play(view) == parse_cards("HK")
    bigger = view_of("HK H3", "HA HA H4 D3", seat=2, trick=trick, sizes=(4, 4, 2, 8))
    chance = CardMemory(bigger).hold_chance(parse_cards("HQ"), parse_cards("HQ"), [3])
    assert chance == pytest.approx((1 - 8 / 24) ** 2) and chance < FEED_CHANCE
    assert SmartPlayer().play(bigger) == parse_cards("H3")


def test_rich_win_wins_with_a_point_card_when_the_win_is_sure():
    # last to play, an opponent winning with the 9: the 10 and the A both win; greedy keeps
    # its 10 (a point card costs it), the smart player takes it home with the trick
    view = view_of(
        "HA H10 D3",
        "H4 D5",
        seat=3,
        trick=[(0, parse_cards("H9")), (1, parse_cards("H5")), (2, parse_cards("H6"))],
    )
    assert make_player("greedy").play(view) == parse_cards("HA")  # the cheapest winner
    assert SmartPlayer().play(view) == parse_cards("H10")
    view = view_of(
        "HK HA D3",
        "H4 D5",
        seat=3,
        trick=[(0, parse_cards("H9")), (1, parse_cards("H5")), (2, parse_cards("H6"))],
    )
    assert make_player("greedy").play(view) == parse_cards("HA")
    assert SmartPlayer().play(view) == parse_cards("HK")
    assert SmartPlayer(without="rich_win").play(view) == parse_cards("HA")


def test_cover_takes_the_trick_from_a_partner_who_may_be_beaten():
    # partner led the Q, 10 points on the table; both Ks are out, and seat 3 holds 8 cards
    trick = [(0, parse_cards("HQ")), (1, parse_cards("H10"))]
    view = view_of("HA H3", "HK HK H4 D3", seat=2, trick=trick, sizes=(4, 4, 2, 8))
    assert SmartPlayer(with_="cover").play(view) == parse_cards("HA")
    assert SmartPlayer().play(view) == parse_cards("H3")  # the ledger left cover out


def test_lost_shed_keeps_points_from_a_trick_nobody_of_mine_can_win():
    # last to play, out of hearts: an opponent trumped with the big joker; greedy throws the
    # 5 (cheaper than a trump by its cost), lost_shed a trump without points
    trick = [(0, parse_cards("H9")), (1, parse_cards("H4")), (2, parse_cards("BJ"))]
    view = view_of("D5 S3", "H6 D6 S4", seat=3, trick=trick)
    assert make_player("greedy").play(view) == parse_cards("D5")
    assert SmartPlayer().play(view) == parse_cards("D5")
    assert SmartPlayer(with_="lost_shed").play(view) == parse_cards("S3")


def test_lost_shed_leaves_the_trick_alone_while_the_partner_may_win_it():
    # second to play (seat 3), out of hearts and of trumps; my partner (seat 1) plays last
    trick = [(2, parse_cards("H9"))]
    rules = frozenset({"lost_shed"})
    may_win = view_of("D5 DA", "HA H6 D6", seat=3, trick=trick)  # the partner may hold the A
    assert lost_shed(Follow(may_win, rules, False)) is None
    lost = view_of("D5 DA", "H6 H7 H8 H3 D6", seat=3, trick=trick)  # nothing beats the 9
    assert lost_shed(Follow(lost, rules, False)) == parse_cards("DA")


def test_void_shed_discards_from_the_shortest_side_suit():
    # out of hearts and without trumps: greedy throws its lowest card (a club), void_shed
    # the lone diamond, to be void in diamonds too
    view = view_of("C3 C4 C6 D7", "H5 H6 D8 C8 S4", seat=1, trick=[(0, parse_cards("H9"))])
    assert make_player("greedy").play(view) == parse_cards("C3")
    assert SmartPlayer().play(view) == parse_cards("C3")
    assert SmartPlayer(with_="void_shed").play(view) == parse_cards("D7")


def test_boss_leads_cash_a_card_greedy_thinks_could_be_trumped():
    # an opponent is void in hearts but also out of trumps: my A of hearts is sure
    view = view_of("HA D3 D9", "HK C3 C4 D4", seat=1, voids={2: {"H", TRUMP}})
    assert SmartPlayer().play(view) == parse_cards("HA")
    assert make_player("greedy").play(view) != parse_cards("HA")


def test_force_ruff_leads_into_the_last_seats_void():
    # seat 0 plays last after my lead and has shown it holds no diamonds (it may trump)
    view = view_of("D9 C3 C4 C8 H6", "DA DK CA CK HA HK S4 S5", seat=1, voids={0: {"D"}})
    assert SmartPlayer().play(view) == parse_cards("C3")  # greedy's low lead
    assert SmartPlayer(with_="force_ruff").play(view) == parse_cards("D9")
    # once the last seat is out of trumps too, there is nothing to force
    no_trumps = view_of("D9 C3 C4 C8 H6", "DA DK CA CK HA HK", seat=1, voids={0: {"D"}})
    assert SmartPlayer(with_="force_ruff").play(no_trumps) == parse_cards("C3")


def test_defender_trump_pairs_keeps_a_single_boss_trump():
    hand, out = "BJ D9 C3 C4 C8", "SA S4 DA CA HA H5"
    defender = view_of(hand, out, seat=1)  # seat 0 deals: seats 1 and 3 defend
    assert SmartPlayer().play(defender) == parse_cards("BJ")  # boss_trump
    assert SmartPlayer(with_="defender_trump_pairs").play(defender) == parse_cards("C3")
    dealer_side = view_of(hand, out, seat=2)
    assert SmartPlayer(with_="defender_trump_pairs").play(dealer_side) == parse_cards("BJ")
    pair = view_of("LJ LJ D9 C3 C4", out, seat=1)  # both big jokers played
    assert SmartPlayer(with_="defender_trump_pairs").play(pair) == parse_cards("LJ LJ")


# --- the fifth round --------------------------------------------------------------------------
def test_feed_throws_gives_points_to_a_partners_throw_nobody_after_can_trump():
    # partner (seat 0) threw the A and K of hearts (no higher heart is out); seat 1 followed
    trick = [(0, parse_cards("HA HK")), (1, parse_cards("H3 H4"))]
    out = "H7 H8 H9 HJ D4 D5 S3"  # four hearts out: the last seat may not be void unseen
    view = view_of("H10 H5 H6 D3", out, seat=2, trick=trick)
    assert SmartPlayer().play(view) == parse_cards("H10 H5")
    assert SmartPlayer(without="feed_throws").play(view) == parse_cards("H6 H5")  # greedy's
    assert make_player("greedy").play(view) == parse_cards("H6 H5")
    # the last seat has shown it holds no hearts and may trump: the throw may not hold
    void = view_of("H10 H5 H6 D3", out, seat=2, trick=trick, voids={3: {"H"}})
    assert SmartPlayer().play(void) == parse_cards("H6 H5")
    # out of trumps too, it cannot take the throw
    gone = {3: {"H", TRUMP}}
    harmless = view_of("H10 H5 H6 D3", "H7 H8 H9 HJ D4 D5", seat=2, trick=trick, voids=gone)
    assert SmartPlayer().play(harmless) == parse_cards("H10 H5")


def _won_by_partner(suit_card: str):
    """A finished trick led by seat 1, won by seat 3 (my partner when I sit in seat 1)."""
    return make_trick(
        1,
        (
            (1, tuple(parse_cards("C4"))),
            (2, tuple(parse_cards("C6"))),
            (3, tuple(parse_cards(suit_card))),
            (0, tuple(parse_cards("C7"))),
        ),
        3,
        0,
        None,
    )


def test_partner_suit_leads_low_into_the_suit_my_partner_won():
    hand, out = "C3 C9 D4 D6 D8", "CA CK CQ DA DK DQ H3 H4 S3"
    view = view_of(hand, out, seat=1, tricks=(_won_by_partner("CJ"),))
    assert SmartPlayer().play(view) == parse_cards("D4")  # greedy's low lead, longest suit
    assert SmartPlayer(with_="partner_suit").play(view) == parse_cards("C3")
    # an opponent has shown it holds no clubs: it would trump the lead
    ruffed = view_of(hand, out, seat=1, tricks=(_won_by_partner("CJ"),), voids={2: {"C"}})
    assert SmartPlayer(with_="partner_suit").play(ruffed) == parse_cards("D4")


def test_cash_short_cashes_first_the_sure_card_of_the_suit_nearly_gone():
    # both sure aces: five hearts out, one diamond; boss_leads cashes the hearts first
    view = view_of("HA DA C3 C4", "H5 H6 H7 H8 H9 D5 CA CK S3 S4", seat=1)
    assert SmartPlayer().play(view) == parse_cards("HA")
    assert SmartPlayer(with_="cash_short").play(view) == parse_cards("DA")


def test_likely_singles_leads_a_king_likely_to_hold_instead_of_a_low_card():
    # one A of hearts out, in 20 places (three hands of 4 and the kitty): the K holds
    # against both opponents with a chance of 0.8 * 0.8 = 0.64
    view = view_of("HK D3 D4 D5 C3", "HA DA DK CA CK S3", seat=1)
    assert SmartPlayer().play(view) == parse_cards("D3")
    assert SmartPlayer(with_="likely_singles").play(view) == parse_cards("HK")
    # both As out: 0.8**4 < 0.6, the low lead again
    both = view_of("HK D3 D4 D5 C3", "HA HA DA DK CA CK S3", seat=1)
    assert SmartPlayer(with_="likely_singles").play(both) == parse_cards("D3")


def test_defender_feed_trump_keeps_a_single_boss_trump_until_the_partner_is_out_of_trumps():
    hand, out = "BJ D9 C3 C4 C8", "SA S4 DA CA HA H5"
    defender = view_of(hand, out, seat=1)  # seat 0 deals: seats 1 and 3 defend
    assert SmartPlayer().play(defender) == parse_cards("BJ")  # boss_trump
    assert SmartPlayer(with_="defender_feed_trump").play(defender) == parse_cards("C3")
    fed = view_of(hand, out, seat=1, voids={3: {TRUMP}})  # my partner can give any points
    assert SmartPlayer(with_="defender_feed_trump").play(fed) == parse_cards("BJ")
    dealer_side = view_of(hand, out, seat=2)
    assert SmartPlayer(with_="defender_feed_trump").play(dealer_side) == parse_cards("BJ")


def _unseen_distributions(out: list, sizes: dict[int, int], voids: dict[int, set], trump):
    """Every way to give the cards ``out`` to the seats of ``sizes`` (None: the kitty),
    honouring the voids: a brute force, for small positions only."""
    seats = list(sizes)
    cards = list(out)
    for owners in itertools.product(seats, repeat=len(cards)):
        if any(Counter(owners)[s] != sizes[s] for s in seats):
            continue
        hands = {s: [c for c, o in zip(cards, owners, strict=True) if o == s] for s in seats}
        if any(
            trump.suit_of(c) in voids.get(s, ()) for s in seats if s is not None for c in hands[s]
        ):
            continue
        yield hands


@pytest.mark.parametrize(
    "hand, out, voids",
    [
        ("HA HK H3 D4", "HQ H5 C3 C4 D5 D6", {}),
        ("HA HA HK D4", "HQ HQ H5 C3 C4 D5", {}),
        # every other seat is out of hearts (the A is in the kitty), the opponents of trumps
        ("HK HK HQ C4", "HA C6 C7 C3 C5 D5 D6", {0: {"H", TRUMP}, 2: {"H", TRUMP}, 3: {"H"}}),
    ],
)
def test_a_safe_throw_is_really_safe_in_every_deal_of_the_unseen_cards(hand, out, voids):
    view = view_of(hand, out, seat=1, voids=voids, sizes=(2, 4, 2, 2))
    throw = safe_throw(LeadContext(view), CardMemory(view))
    assert throw is not None and len(throw) >= 2
    sizes = {0: 2, 2: 2, 3: 2}
    kitty = len(parse_cards(out)) - sum(sizes.values())
    if kitty:
        sizes[None] = kitty
    deals = 0
    for hands in _unseen_distributions(parse_cards(out), sizes, voids, TRUMP_S):
        others = [hands[s] for s in (2, 3, 0)]
        assert check_throw(throw, others, TRUMP_S).ok, (throw, hands)
        deals += 1
    assert deals > 0


def test_no_safe_throw_when_a_higher_unit_may_be_out():
    view = view_of("HK HQ D4", "HA H5 C3 C4 D5 D6", seat=1, sizes=(2, 3, 2, 2))
    assert safe_throw(LeadContext(view), CardMemory(view)) is None


def test_lead_to_partner_void_gives_the_partner_a_point_card_to_trump():
    view = view_of("D10 D3 C4", "D5 D6 D7 S3 S4 C5", seat=1, voids={3: {"D"}})
    smart = SmartPlayer(without="boss_leads+boss_trump")
    assert smart.play(view) == parse_cards("D10")


def test_likely_pairs_leads_the_pair_most_likely_to_hold():
    # no sure winner: a pair of hearts As is still out, so neither pair of mine is sure;
    # greedy leads its lowest pointless pair, likely_pairs the queens (only the As beat them)
    view = view_of("HQ HQ H3 H3 D4 D7", "HA HA H9 H9 DA DK C3 C4 C5 C6 S3 S4", seat=1)
    memory = CardMemory(view)
    queens, threes = parse_cards("HQ HQ"), parse_cards("H3 H3")
    assert memory.hold_chance(queens, queens, memory.opponents) > memory.hold_chance(
        threes, threes, memory.opponents
    )
    assert likely_pair(LeadContext(view), memory) == queens
    assert SmartPlayer().play(view) == queens
    assert SmartPlayer(without="likely_pairs").play(view) == threes
    assert make_player("greedy").play(view) == threes


def test_likely_pairs_counts_the_points_a_pair_carries():
    # two pairs that hold alike (no higher pair can be out): the tens bring 20 points home
    # (the diamonds come first in suit order: the points decide)
    view = view_of("C10 C10 D6 D6 H3", "CK CJ DK DQ H4 H5 S3 S4", seat=1)
    memory = CardMemory(view)
    assert likely_pair(LeadContext(view), memory) == parse_cards("C10 C10")


def test_likely_pairs_leads_nothing_without_a_side_pair():
    view = view_of("HQ H3 D4 D7 S5 S5", "HA HA H9 DA DK C3 C4", seat=1)
    assert likely_pair(LeadContext(view), CardMemory(view)) is None


def test_void_bury_buries_short_suits_whole_but_never_points():
    hand = "CA C7 DQ DQ D9 HK H3 H4 H6 H7 H8 H9 HJ S3 S4 S6 S7 S8 S9 SJ SQ"
    view = view_of(hand, "", seat=0)
    bury = Counter(SmartPlayer().bury(view))
    # clubs and diamonds go whole (the A and the pair too), then the lowest hearts
    assert bury == Counter(parse_cards("CA C7 DQ DQ D9 H3 H4 H6"))
    # point_shy_bury alone keeps the A and the pair: no suit is voided
    assert Counter(SmartPlayer(without="void_bury").bury(view)) == Counter(
        parse_cards("C7 D9 H3 H4 H6 H7 H8 H9")
    )
    # a short suit holding a point card stays (the kitty's points count for the defenders)
    with_points = view_of(hand.replace("CA", "C10"), "", seat=0)
    assert not Counter(parse_cards("C10")) & Counter(SmartPlayer().bury(with_points))
    # point_void_bury buries such a suit whole, its points too
    assert Counter(SmartPlayer(with_="point_void_bury").bury(with_points)) == Counter(
        parse_cards("C10 C7 DQ DQ D9 H3 H4 H6")
    )


def test_the_expert_rolls_out_with_todays_smart_rules():
    assert make_rollout("smart").rules == set(DEFAULT_RULES)


# --- the toggles ------------------------------------------------------------------------------
def test_rules_are_toggled_by_name():
    assert SmartPlayer().rules == frozenset(DEFAULT_RULES)
    assert "feed" not in SmartPlayer(without="feed").rules
    assert SmartPlayer(without=("feed", "cover")).rules == frozenset(DEFAULT_RULES) - {
        "feed",
        "cover",
    }
    assert "read_play" in SmartPlayer(with_="read_play").rules
    assert parse_rules("feed+cover", "without") == {"feed", "cover"}
    assert set(DEFAULT_RULES) <= set(RULES)
    assert PLAYER_TYPES["smart"] is SmartPlayer


@pytest.mark.parametrize("bad", ["nonsense", ("feed", "nope"), 3])
def test_an_unknown_rule_is_a_value_error_naming_the_rules(bad):
    with pytest.raises(ValueError, match="rule"):
        SmartPlayer(without=bad)
    with pytest.raises(ValueError):
        make_player("smart", with_=bad)


# --- legal everywhere -------------------------------------------------------------------------
VARIANTS = [
    RuleSet(decks=1),
    RuleSet(),
    RuleSet(decks=3),
    RuleSet(twos_are_trump=True),
    RuleSet(overcall_after_bury=True),
    RuleSet(decks=3, twos_are_trump=True, overcall_after_bury=True, kitty="plain"),
    RuleSet(tractors="plain", twos_are_trump=True),
    RuleSet(tractors="off", failed_throw="smallest_card"),
    RuleSet(offsuit_levels="suit", tractors="plain"),
    RuleSet(bidding="after_deal", open_kitty=True),
    RuleSet(decks=1, wear_ace=True),
    RuleSet(levels="5-10-K", partner_reinforce=True),
    RuleSet(bidding="report"),
    RuleSet(bidding="joker_colour"),
]


class Checked(SmartPlayer):
    """A SmartPlayer (with every rule, the experiments too) that checks each of its plays
    with the view before making it."""

    def __init__(self) -> None:
        super().__init__(with_=tuple(RULES))

    def play(self, view):
        cards = super().play(view)
        assert view.check(cards).ok, (cards, view.check(cards))
        return cards


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(range(len(VARIANTS))))
def test_smart_plays_are_always_legal(seed, variant):
    rules = VARIANTS[variant]
    players = [Checked(), make_player("greedy"), SmartPlayer(), make_player("greedy")]
    level = level_ladder(rules)[0]
    rnd = Round(seed, rules, levels=(level, level))
    Table(rnd, players).run()
    assert rnd.result is not None


class CheckedDefault(SmartPlayer):
    """``SmartPlayer()`` (the default, ``likely_pairs`` and ``void_bury`` in it), each play
    and bury checked with the view before it is made."""

    def play(self, view):
        cards = super().play(view)
        assert view.check(cards).ok, (cards, view.check(cards))
        return cards

    def bury(self, view):
        cards = super().bury(view)
        assert check_bury(view.hand, cards, view.rules), cards
        return cards


NEW_RULES = (
    "lost_shed",
    "void_shed",
    "force_ruff",
    "defender_trump_pairs",
    "point_void_bury",
    "partner_suit",
    "cash_short",
    "likely_singles",
    "defender_feed_trump",
)


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("rule", NEW_RULES)
def test_each_new_rule_plays_and_buries_legally_at_every_deck_count(decks, rule):
    rules = RuleSet(decks=decks)
    level = level_ladder(rules)[0]
    for seed in range(2):
        rnd = Round(seed, rules, levels=(level, level))
        players = [CheckedDefault(with_=rule), make_player("greedy")] * 2
        Table(rnd, players).run()
        assert rnd.result is not None


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("open_kitty", [False, True])
def test_the_default_plays_and_buries_legally_at_every_deck_count(decks, open_kitty):
    rules = RuleSet(decks=decks, open_kitty=open_kitty)
    level = level_ladder(rules)[0]
    for seed in range(3):
        rnd = Round(seed, rules, levels=(level, level))
        Table(rnd, [CheckedDefault() for _ in range(4)]).run()
        assert rnd.result is not None


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(decks=1),
        RuleSet(),
        RuleSet(decks=3),
        RuleSet(twos_are_trump=True, overcall_after_bury=True),
    ],
)
def test_a_smoke_arena_at_every_deck_count(rules):
    result = run_arena("smart", "greedy", deals=2, seed=3, rules=rules, progress=False)
    assert len(result.deals) == 2


def test_a_player_reads_only_its_view_and_keeps_nothing():
    """The same view gives the same play, whatever the player saw before."""
    rnd = Round(5)
    Table(rnd, [SmartPlayer() for _ in range(4)]).run()
    fresh, used = SmartPlayer(), SmartPlayer()
    other = Round(6)
    Table(other, [used, SmartPlayer(), SmartPlayer(), SmartPlayer()]).run()
    probe = Round(7)
    table = Table(probe, [make_player("greedy")] * 4)
    while probe.phase != PLAYING:
        table.step()
    for _ in range(30):
        view = probe.view(probe.turn)
        state = view.rng.getstate()
        a = fresh.play(view)
        view.rng.setstate(state)
        assert used.play(view) == a
        view.rng.setstate(state)
        table.step()


# --- the committed result reruns --------------------------------------------------------------
def test_the_committed_arena_reruns_its_first_deals_identically():
    data = json.loads((ROOT / "results" / "arena_smart_vs_greedy.json").read_text())
    rules = RuleSet.from_dict(data["rules"])
    rng = random.Random(data["seed"])
    for committed in data["deals"][:3]:
        setup = deal_setup(rng.getrandbits(32), rng, rules)
        assert play_duplicate(setup, data["player_a"], data["player_b"], rules) == committed
