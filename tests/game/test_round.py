"""Unit tests for one hand (``Round``), phase by phase (RULES §7-§8).

Expected values are computed here, independently of the engine, from RULES: the deck is
``new_deck()`` shuffled once by ``random.Random(seed)``, dealt one card at a time in seat
order from the first receiver; the no-declaration fallback draws ``randrange(4)`` (first hand
only) and then ``randrange(8)`` right after the shuffle.  Situations a test needs (a seat
holding a level pair, a throw that fails, ...) are found by searching seeds.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from shengji_edu import (
    ALL_CARDS,
    Card,
    RuleSet,
    Trump,
    check_follow,
    decompose,
    new_deck,
    parse_cards,
    random_follow,
    settle,
    trick_points,
)
from shengji_edu.game import (
    AUCTION,
    DEALING,
    FINISHED,
    KITTY,
    PLAYING,
    IllegalAction,
    IllegalMove,
    Match,
    OutOfTurn,
    Round,
    Table,
    WrongPhase,
    hand_record,
    play_round,
)
from shengji_edu.game import events as ev
from shengji_edu.players import RandomPlayer

LJ = Card("J", 15)
BJ = Card("J", 16)
ACE = 14
SEARCH = 4000


# --- independent helpers -----------------------------------------------------------------
def shuffled(seed: int) -> tuple[list[Card], random.Random]:
    """The deck in dealing order and the RNG right after the shuffle (RULES §8, §9)."""
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    return deck, rng


def dealt_hands(seed: int, first: int = 0) -> list[list[Card]]:
    deck, _ = shuffled(seed)
    hands: list[list[Card]] = [[] for _ in range(4)]
    for number, card in enumerate(deck[:100]):
        hands[(first + number) % 4].append(card)
    return hands


def level_cards(cards, level: int) -> list[Card]:
    return [c for c in cards if not c.is_joker and c.rank == level]


def level_pairs(cards, level: int) -> list[Card]:
    counts = Counter(level_cards(cards, level))
    return sorted(c for c, k in counts.items() if k == 2)


def find_seed(predicate, first: int = 0):
    """The first seed whose dealt hands satisfy predicate(hands) (truthy), and that value."""
    for seed in range(SEARCH):
        found = predicate(dealt_hands(seed, first))
        if found:
            return seed, found
    pytest.fail("no seed found for this situation")


def snapshot(rnd: Round):
    """Everything observable about a round, deep-copied."""
    return copy.deepcopy(
        {
            "hands": rnd.hands,
            "phase": rnd.phase,
            "turn": rnd.turn,
            "dealer": rnd.dealer,
            "trump": rnd.trump,
            "dealt": rnd.dealt,
            "kitty": rnd.kitty,
            "declarations": rnd.declarations,
            "tricks": rnd.tricks,
            "current_trick": rnd.current_trick,
            "played": rnd.played_cards,
            "points": rnd.defender_points,
            "penalty": rnd.penalty,
            "voids": [rnd.voids(s) for s in range(4)],
            "actions": rnd.actions,
            "events": rnd.events,
            "result": rnd.result,
        }
    )


def assert_refused(rnd: Round, error: type, action, *args):
    """The action raises ``error`` (an IllegalAction) with a message and changes nothing."""
    before = snapshot(rnd)
    with pytest.raises(error) as info:
        action(*args)
    assert isinstance(info.value, IllegalAction)
    assert str(info.value).strip(), "the error must say why"
    assert snapshot(rnd) == before
    return str(info.value)


SPADES_2 = Trump(2, "S")


def playing_round(seed: int, dealer: int = 0, trump: Trump = SPADES_2, rules=RuleSet()) -> Round:
    """A hand with a fixed trump, dealt, whose dealer buried the kitty back unchanged."""
    levels = [2, 2]
    levels[dealer % 2] = trump.level
    rnd = Round(seed, rules, levels, dealer, fixed_trump=trump)
    rnd.deal_all()
    rnd.finish_deal()
    rnd.bury(dealer, list(rnd.deck[100:]))
    return rnd


def side_suit_throw(hand, others, trump: Trump):
    """Two singles of one side suit (low, high) from ``hand`` that fail: another hand holds
    a higher card of that suit than the low one.  Returns (low, high) or None."""
    for suit in "HDC":
        if suit == trump.suit:
            continue
        mine = sorted({c for c in hand if c.suit == suit and c.rank != trump.level})
        if len(mine) < 2:
            continue
        low, high = mine[0], mine[-1]
        beaters = [
            c
            for other in others
            for c in other
            if c.suit == suit and c.rank != trump.level and c.rank > low.rank
        ]
        if beaters:
            return low, high
    return None


def follow_randomly(rnd: Round, rng: random.Random) -> None:
    """Everyone still to play in the running trick follows with a random legal play."""
    while rnd.phase == PLAYING and rnd.lead is not None:
        seat = rnd.turn
        rnd.play(seat, random_follow(rnd.hand(seat), rnd.lead, rnd.trump, rng))


def lead_single(rnd: Round, rng: random.Random) -> None:
    seat = rnd.turn
    rnd.play(seat, [rng.choice(rnd.hand(seat))])
    follow_randomly(rnd, rng)


# --- dealing -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_first_hand_deals_one_card_at_a_time_from_seat_0(seed):
    deck, _ = shuffled(seed)
    rnd = Round(seed)
    assert rnd.phase == DEALING and rnd.dealer is None and rnd.turn is None
    for number in range(100):
        assert rnd.next_receiver == number % 4
        card = rnd.deal_next()
        assert card == deck[number]
        assert rnd.hand(number % 4)[-1] == deck[number]
        assert rnd.events[-1].kind == ev.DEAL and rnd.events[-1].seat == number % 4
    assert rnd.next_receiver is None
    assert [len(h) for h in rnd.hands] == [25, 25, 25, 25]
    assert list(rnd.kitty) == deck[100:] and len(rnd.kitty) == 8
    for seat in range(4):
        assert list(rnd.hand(seat)) == deck[seat:100:4]


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_later_hand_deals_first_card_to_the_dealer(dealer):
    deck, _ = shuffled(77)
    rnd = Round(77, levels=(5, 5), dealer=dealer)
    rnd.deal_next()
    assert rnd.hand(dealer) == (deck[0],)
    rnd.deal_all()
    for seat in range(4):
        assert list(rnd.hand(seat)) == dealt_hands(77, dealer)[seat]
    assert list(rnd.kitty) == deck[100:]


def test_cards_are_conserved_during_the_deal():
    rnd = Round(5)
    full = Counter(new_deck())
    for _ in range(100):
        rnd.deal_next()
        in_hands = Counter(c for h in rnd.hands for c in h)
        assert in_hands + Counter(rnd.deck[rnd.dealt :]) == full


# --- declaring during the deal -----------------------------------------------------------
def test_declare_one_level_card_names_its_suit_and_its_declarer_deals():
    seed, (seat, card) = find_seed(
        lambda hands: next(((1, c) for c in level_cards(hands[1], 2)), None)
    )
    rnd = Round(seed)
    rnd.deal_all()
    declaration = rnd.declare(seat, [card])
    assert (declaration.seat, declaration.suit) == (seat, card.suit)
    assert rnd.standing_declaration == declaration
    assert rnd.events[-1].kind == ev.DECLARE
    assert rnd.actions[-1]["action"] == "declare"
    rnd.finish_deal()
    assert rnd.phase == KITTY
    assert rnd.dealer == seat  # first hand: the first declarer deals (抢庄)
    assert rnd.trump == Trump(2, card.suit)
    assert rnd.kitty_flip is None


def test_declare_as_the_card_arrives_and_not_before():
    deck, _ = shuffled(3)
    number = next(i for i, c in enumerate(deck[:100]) if not c.is_joker and c.rank == 2)
    card, seat = deck[number], number % 4
    rnd = Round(3)
    for _ in range(number):
        rnd.deal_next()
    message = assert_refused(rnd, IllegalMove, rnd.declare, seat, [card])
    assert "dealt" in message or "hold" in message
    rnd.deal_next()
    declaration = rnd.declare(seat, [card])
    assert declaration.after_card == number + 1
    assert rnd.standing_declaration == declaration


def test_declaring_before_any_card_is_dealt_is_refused():
    rnd = Round(0)
    assert_refused(rnd, WrongPhase, rnd.declare, 0, parse_cards("S2"))


def test_declaring_a_card_never_dealt_to_you_is_refused():
    seed, (seat, card) = find_seed(
        lambda hands: next(((0, c) for c in level_cards(hands[1], 2) if c not in hands[0]), None)
    )
    rnd = Round(seed)
    rnd.deal_all()
    assert_refused(rnd, IllegalMove, rnd.declare, seat, [card])


@pytest.mark.parametrize(
    "shown",
    [
        "S3",  # not the level rank
        "HA HA",  # a pair, but not of level cards
        "LJ",  # one joker is not a declaration
        "BJ",
        "LJ BJ",  # two different jokers are not a pair
    ],
)
def test_declaring_with_non_level_cards_is_refused(shown):
    cards = parse_cards(shown)

    def holds(hands):
        need = Counter(cards)
        return next((s for s in range(4) if not need - Counter(hands[s])), None) is not None

    seed, _ = find_seed(holds)
    hands = dealt_hands(seed)
    seat = next(s for s in range(4) if not Counter(cards) - Counter(hands[s]))
    rnd = Round(seed)
    rnd.deal_all()
    message = assert_refused(rnd, IllegalMove, rnd.declare, seat, cards)
    assert "declar" in message


def test_mixed_level_pair_is_refused():
    def two_suits(hands):
        for seat in range(4):
            suits = sorted({c.suit for c in level_cards(hands[seat], 2)})
            if len(suits) >= 2:
                return seat, [Card(suits[0], 2), Card(suits[1], 2)]
        return None

    seed, (seat, cards) = find_seed(two_suits)
    rnd = Round(seed)
    rnd.deal_all()
    assert_refused(rnd, IllegalMove, rnd.declare, seat, cards)


def _single_then_pair(hands):
    """seat a holds a level card of suit X, another seat b a level pair of suit Y != X."""
    for b in range(4):
        for pair in level_pairs(hands[b], 2):
            for a in range(4):
                for single in level_cards(hands[a], 2):
                    if a != b and single.suit != pair.suit:
                        return a, single, b, pair
    return None


def test_pair_overcalls_a_single_and_the_first_declarer_still_deals():
    seed, (a, single, b, pair) = find_seed(_single_then_pair)
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, [single])
    rnd.declare(b, [pair, pair])
    assert rnd.standing_declaration.seat == b
    # a single can never overcall the pair again
    assert_refused(rnd, IllegalMove, rnd.declare, a, [single])
    rnd.finish_deal()
    assert rnd.dealer == a  # the FIRST declarer becomes dealer in the first hand
    assert rnd.trump == Trump(2, pair.suit)  # the LAST declaration names the trump


def test_a_single_cannot_overcall_a_single():
    def two_singles(hands):
        for a in range(4):
            for b in range(4):
                if a == b:
                    continue
                for x in level_cards(hands[a], 2):
                    for y in level_cards(hands[b], 2):
                        if x.suit != y.suit:
                            return a, x, b, y
        return None

    seed, (a, x, b, y) = find_seed(two_singles)
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, [x])
    assert_refused(rnd, IllegalMove, rnd.declare, b, [y])


def test_level_pairs_of_different_suits_cannot_overcall_each_other():
    def two_pairs(hands):
        for a in range(4):
            for b in range(4):
                for x in level_pairs(hands[a], 2):
                    for y in level_pairs(hands[b], 2):
                        if x.suit != y.suit:
                            return a, x, b, y
        return None

    seed, (a, x, b, y) = find_seed(two_pairs)
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, [x, x])
    message = assert_refused(rnd, IllegalMove, rnd.declare, b, [y, y])
    assert "stronger" in message or "beat" in message
    assert [o for o in rnd.legal_declarations(b) if o == [y, y]] == []


def _pair_then(joker: Card, weaker: str):
    def find(hands):
        for b in range(4):
            if Counter(hands[b])[joker] != 2:
                continue
            for a in range(4):
                if weaker == "level":
                    for x in level_pairs(hands[a], 2):
                        return a, [x, x], b
                elif Counter(hands[a])[LJ] == 2:
                    return a, [LJ, LJ], b
        return None

    return find


def test_little_joker_pair_overcalls_a_level_pair_for_no_trump():
    seed, (a, weaker, b) = find_seed(_pair_then(LJ, "level"))
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, weaker)
    rnd.declare(b, [LJ, LJ])
    assert_refused(rnd, IllegalMove, rnd.declare, a, weaker)  # no way back down
    rnd.finish_deal()
    assert rnd.trump == Trump(2, None)
    assert rnd.dealer == a


def test_big_joker_pair_overcalls_little_joker_pair():
    seed, (a, weaker, b) = find_seed(_pair_then(BJ, "little"))
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, weaker)
    rnd.declare(b, [BJ, BJ])
    assert_refused(rnd, IllegalMove, rnd.declare, a, [LJ, LJ])
    rnd.finish_deal()
    assert rnd.trump.suit is None
    assert rnd.standing_declaration.seat == b


def test_little_joker_pair_cannot_overcall_big_joker_pair():
    def both(hands):
        for a in range(4):
            for b in range(4):
                if Counter(hands[a])[BJ] == 2 and Counter(hands[b])[LJ] == 2:
                    return a, b
        return None

    seed, (a, b) = find_seed(both)
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, [BJ, BJ])
    assert_refused(rnd, IllegalMove, rnd.declare, b, [LJ, LJ])
    assert rnd.legal_declarations(b) == []


def test_current_declarer_reinforces_a_single_into_a_pair():
    def pair_and_other_pair(hands):
        for a in range(4):
            for x in level_pairs(hands[a], 2):
                for b in range(4):
                    for y in level_pairs(hands[b], 2):
                        if b != a and y.suit != x.suit:
                            return a, x, b, y
        return None

    seed, (a, x, b, y) = find_seed(pair_and_other_pair)
    rnd = Round(seed)
    rnd.deal_all()
    rnd.declare(a, [x])
    rnd.declare(a, [x, x])  # 自保
    assert rnd.events[-1].kind == ev.DECLARE and rnd.events[-1].data["reinforce"] is True
    assert rnd.standing_declaration.seat == a and len(rnd.standing_declaration.cards) == 2
    # now protected: another suit's pair is no stronger
    assert_refused(rnd, IllegalMove, rnd.declare, b, [y, y])
    rnd.finish_deal()
    assert rnd.dealer == a and rnd.trump == Trump(2, x.suit)


def test_declarations_stop_when_the_deal_is_finished():
    seed, (seat, card) = find_seed(
        lambda hands: next(((2, c) for c in level_cards(hands[2], 2)), None)
    )
    rnd = Round(seed)
    rnd.deal_all()
    rnd.finish_deal()
    assert_refused(rnd, WrongPhase, rnd.declare, seat, [card])
    assert rnd.legal_declarations(seat) == []


def test_later_hand_uses_dealer_level_and_keeps_the_dealer():
    # dealer seat 1: team 1 is at 9, team 0 at 5; the level rank is 9
    def holds(hands):
        nines = level_cards(hands[0], 9)
        fives = level_cards(hands[2], 5)
        return (nines[0], fives[0]) if nines and fives else None

    seed, (nine, five) = find_seed(holds, first=1)
    rnd = Round(seed, levels=(5, 9), dealer=1)
    assert rnd.level_rank == 9
    rnd.deal_all()
    assert_refused(rnd, IllegalMove, rnd.declare, 2, [five])  # team 0's level is not trump
    rnd.declare(0, [nine])
    rnd.finish_deal()
    assert rnd.dealer == 1  # a later hand's dealer comes from settlement, not declaring
    assert rnd.trump == Trump(9, nine.suit)
    assert len(rnd.hand(1)) == 33


# --- nobody declares ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_no_declaration_first_hand_draws_dealer_and_flips_a_kitty_card(seed):
    deck, rng = shuffled(seed)
    dealer = rng.randrange(4)
    flip = deck[100 + rng.randrange(8)]
    rnd = Round(seed)
    rnd.deal_all()
    rnd.finish_deal()
    assert rnd.dealer == dealer
    assert rnd.kitty_flip == flip
    assert rnd.trump == Trump(2, None if flip.is_joker else flip.suit)
    assert Counter(rnd.hand(dealer)) == Counter(dealt_hands(seed)[dealer] + deck[100:])


def test_no_declaration_joker_flip_means_no_trump():
    for seed in range(SEARCH):
        deck, rng = shuffled(seed)
        rng.randrange(4)
        flip = deck[100 + rng.randrange(8)]
        if flip.is_joker:
            break
    else:
        pytest.fail("no seed flips a joker")
    rnd = Round(seed)
    rnd.deal_all()
    rnd.finish_deal()
    assert rnd.kitty_flip == flip
    assert rnd.trump.suit is None


@pytest.mark.parametrize("seed", range(6))
def test_no_declaration_later_hand_keeps_dealer_and_flips_without_drawing_a_dealer(seed):
    deck, rng = shuffled(seed)
    flip = deck[100 + rng.randrange(8)]  # no randrange(4): the dealer is known
    rnd = Round(seed, levels=(3, 6), dealer=3)
    rnd.deal_all()
    rnd.finish_deal()
    assert rnd.dealer == 3
    assert rnd.kitty_flip == flip
    assert rnd.trump == Trump(6, None if flip.is_joker else flip.suit)


def test_fallback_does_not_depend_on_players_using_the_rng():
    deck, rng = shuffled(21)
    dealer = rng.randrange(4)
    flip = deck[100 + rng.randrange(8)]

    used = []

    class Silent(RandomPlayer):
        def declare(self, view):
            used.append(view.rng.random())  # its own generator, never the game's
            view.rng.seed(len(used))  # reseeding it cannot reach the game either
            return None

    rnd = Round(21)
    table = Table(rnd, [Silent() for _ in range(4)])
    while rnd.phase == DEALING:
        table.step()
    assert used, "the players did use the RNG"
    assert (rnd.dealer, rnd.kitty_flip) == (dealer, flip)


def test_read_only_state_cannot_be_changed_through_what_it_returns():
    rnd = playing_round(14, dealer=0)
    rnd.play(0, [rnd.hand(0)[0]])
    before = snapshot(rnd)
    for value in (rnd.hands, rnd.hand(1), rnd.tricks, rnd.current_trick, rnd.kitty):
        assert isinstance(value, tuple)
    with pytest.raises((TypeError, AttributeError)):
        rnd.hands[1].append(ALL_CARDS[0])
    with pytest.raises(AttributeError):
        rnd.phase = FINISHED
    assert snapshot(rnd) == before


def test_the_record_cannot_be_corrupted_through_actions():
    rnd = playing_round(14, dealer=0)
    rnd.play(0, [rnd.hand(0)[0]])
    record = hand_record(rnd)
    with pytest.raises(AttributeError):
        rnd.actions.clear()  # a tuple: nothing to clear
    rnd.actions[-1]["seat"] = 3  # a copy: the round keeps its own
    with pytest.raises(AttributeError):
        rnd.events.clear()
    assert hand_record(rnd) == record


# --- the table asks players in play order -----------------------------------------------------
def test_table_asks_declarations_in_play_order_from_the_receiver():
    asked: list[tuple[int, int]] = []

    class Recorder(RandomPlayer):
        def declare(self, view):
            asked.append((view.dealt, view.seat))
            return None

    rnd = Round(8)
    table = Table(rnd, [Recorder() for _ in range(4)])
    while rnd.phase == DEALING and rnd.dealt < 100:
        table.step()
    assert asked, "somebody could have declared"
    by_card: dict[int, list[int]] = {}
    for dealt, seat in asked:
        by_card.setdefault(dealt, []).append(seat)
    for dealt, seats in by_card.items():
        receiver = (dealt - 1) % 4
        offsets = [(s - receiver) % 4 for s in seats]
        assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)


# --- the after-deal auction ----------------------------------------------------------------
AFTER = RuleSet(bidding="after_deal")


def test_after_deal_no_declaration_during_the_deal():
    rnd = Round(0, AFTER)
    rnd.deal_next()
    assert rnd.legal_declarations(0) == []
    seed, (seat, card) = find_seed(
        lambda hands: next(((0, c) for c in level_cards(hands[0], 2)), None)
    )
    rnd = Round(seed, AFTER)
    rnd.deal_all()
    assert_refused(rnd, WrongPhase, rnd.declare, seat, [card])


def test_after_deal_four_passes_fall_back_to_the_kitty():
    seed = 4
    deck, rng = shuffled(seed)
    dealer, flip = rng.randrange(4), deck[100 + rng.randrange(8)]
    rnd = Round(seed, AFTER)
    rnd.deal_all()
    rnd.finish_deal()
    assert rnd.phase == AUCTION
    for seat in range(3):
        assert rnd.turn == seat
        rnd.pass_bid(seat)
        assert rnd.phase == AUCTION
    rnd.pass_bid(3)
    assert rnd.phase == KITTY
    assert (rnd.dealer, rnd.kitty_flip) == (dealer, flip)
    assert rnd.trump == Trump(2, None if flip.is_joker else flip.suit)


def test_after_deal_out_of_turn_bids_are_refused():
    seed, (seat, card) = find_seed(
        lambda hands: next(((2, c) for c in level_cards(hands[2], 2)), None)
    )
    rnd = Round(seed, AFTER)
    rnd.deal_all()
    rnd.finish_deal()
    assert rnd.turn == 0
    assert_refused(rnd, OutOfTurn, rnd.pass_bid, 1)
    assert_refused(rnd, OutOfTurn, rnd.declare, seat, [card])
    assert rnd.legal_declarations(seat) == []


def test_after_deal_ends_after_three_passes_following_a_declaration():
    seed, (seat, card) = find_seed(
        lambda hands: next(((1, c) for c in level_cards(hands[1], 2)), None)
    )
    rnd = Round(seed, AFTER)
    rnd.deal_all()
    rnd.finish_deal()
    rnd.pass_bid(0)
    rnd.declare(1, [card])
    assert rnd.declarations[-1].after_card == 100
    rnd.pass_bid(2)
    rnd.pass_bid(3)
    assert rnd.phase == AUCTION and rnd.turn == 0  # only two passes so far
    rnd.pass_bid(0)
    assert rnd.phase == KITTY
    assert rnd.dealer == 1 and rnd.trump == Trump(2, card.suit)


def test_after_deal_an_overcall_restarts_the_count_of_passes():
    def find(hands):
        for x in level_cards(hands[0], 2):
            for y in level_pairs(hands[2], 2):
                if x.suit != y.suit:
                    return x, y
        return None

    seed, (single, pair) = find_seed(find)
    rnd = Round(seed, AFTER)
    rnd.deal_all()
    rnd.finish_deal()
    rnd.declare(0, [single])
    rnd.pass_bid(1)
    rnd.declare(2, [pair, pair])
    rnd.pass_bid(3)
    rnd.pass_bid(0)
    assert rnd.phase == AUCTION and rnd.turn == 1
    rnd.pass_bid(1)
    assert rnd.phase == KITTY
    assert rnd.dealer == 0 and rnd.trump == Trump(2, pair.suit)


def test_after_deal_later_hand_auction_starts_with_the_dealer():
    rnd = Round(9, AFTER, levels=(4, 7), dealer=2)
    rnd.deal_all()
    rnd.finish_deal()
    assert rnd.phase == AUCTION and rnd.turn == 2
    for seat in (2, 3, 0, 1):
        rnd.pass_bid(seat)
    assert rnd.phase == KITTY and rnd.dealer == 2 and rnd.trump.level == 4


# --- the kitty exchange --------------------------------------------------------------------
def kitty_round(seed: int = 2) -> Round:
    rnd = Round(seed, levels=(2, 2), dealer=1)
    rnd.deal_all()
    rnd.finish_deal()
    return rnd


def test_dealer_takes_the_kitty_and_buries_eight():
    rnd = kitty_round()
    assert rnd.phase == KITTY and rnd.turn == 1
    assert [len(h) for h in rnd.hands] == [25, 33, 25, 25]
    assert not Counter(rnd.deck[100:]) - Counter(rnd.hand(1))
    chosen = list(rnd.hand(1)[3:11])
    before = Counter(rnd.hand(1))
    rnd.bury(1, chosen)
    assert rnd.phase == PLAYING and rnd.turn == 1 and rnd.leader == 1
    assert Counter(rnd.kitty) == Counter(chosen)
    assert Counter(rnd.hand(1)) == before - Counter(chosen)
    assert [len(h) for h in rnd.hands] == [25, 25, 25, 25]
    assert rnd.events[-1].kind == ev.BURY


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_only_the_dealer_buries(seat):
    rnd = kitty_round()
    assert_refused(rnd, OutOfTurn, rnd.bury, seat, list(rnd.hand(seat)[:8]))


@pytest.mark.parametrize("count", [0, 7, 9, 33])
def test_bury_exactly_eight(count):
    rnd = kitty_round()
    message = assert_refused(rnd, IllegalMove, rnd.bury, 1, list(rnd.hand(1)[:count]))
    assert "8" in message


def test_bury_only_your_own_cards():
    rnd = kitty_round()
    hand = Counter(rnd.hand(1))
    absent = next(c for c in ALL_CARDS if hand[c] == 0)
    assert_refused(rnd, IllegalMove, rnd.bury, 1, list(rnd.hand(1)[:7]) + [absent])
    single = next(c for c in ALL_CARDS if hand[c] == 1)
    rest = [c for c in rnd.hand(1) if c != single][:6]
    assert_refused(rnd, IllegalMove, rnd.bury, 1, [single, single] + rest)


# --- wrong phase, out of turn, illegal plays change nothing ---------------------------------
def test_actions_in_the_wrong_phase_while_dealing():
    rnd = Round(6)
    rnd.deal_next()
    rnd.deal_next()
    card = rnd.hand(0)[0]
    assert_refused(rnd, WrongPhase, rnd.play, 0, [card])
    assert_refused(rnd, WrongPhase, rnd.bury, 0, [card] * 8)
    assert_refused(rnd, WrongPhase, rnd.pass_bid, 0)
    assert_refused(rnd, WrongPhase, rnd.finish_deal)
    rnd.deal_all()
    assert_refused(rnd, WrongPhase, rnd.deal_next)
    assert_refused(rnd, WrongPhase, rnd.play, 0, [card])


def test_actions_in_the_wrong_phase_in_the_kitty_phase():
    rnd = kitty_round()
    card = rnd.hand(1)[0]
    assert_refused(rnd, WrongPhase, rnd.play, 1, [card])
    assert_refused(rnd, WrongPhase, rnd.deal_next)
    assert_refused(rnd, WrongPhase, rnd.finish_deal)
    assert_refused(rnd, WrongPhase, rnd.pass_bid, 1)


def test_out_of_turn_and_unknown_seats_while_playing():
    rnd = playing_round(10, dealer=0)
    for seat in (1, 2, 3):
        assert_refused(rnd, OutOfTurn, rnd.play, seat, [rnd.hand(seat)[0]])
    assert_refused(rnd, IllegalAction, rnd.play, 4, [rnd.hand(0)[0]])
    assert_refused(rnd, WrongPhase, rnd.bury, 0, list(rnd.hand(0)[:8]))
    assert_refused(rnd, WrongPhase, rnd.declare, 0, [rnd.hand(0)[0]])
    rnd.play(0, [rnd.hand(0)[0]])
    assert_refused(rnd, OutOfTurn, rnd.play, 0, [rnd.hand(0)[0]])
    assert_refused(rnd, OutOfTurn, rnd.play, 2, [rnd.hand(2)[0]])


def test_illegal_leads_change_nothing():
    rnd = playing_round(11, dealer=0)
    hand = Counter(rnd.hand(0))
    absent = next(c for c in ALL_CARDS if hand[c] == 0)
    assert_refused(rnd, IllegalMove, rnd.play, 0, [absent])
    assert_refused(rnd, IllegalMove, rnd.play, 0, [])
    side = next(c for c in rnd.hand(0) if not SPADES_2.is_trump(c))
    other = next(
        c
        for c in rnd.hand(0)
        if SPADES_2.suit_of(c) != SPADES_2.suit_of(side)  # another effective suit
    )
    message = assert_refused(rnd, IllegalMove, rnd.play, 0, [side, other])
    assert "suit" in message


def test_illegal_follows_change_nothing():
    for seed in range(SEARCH):
        rnd = playing_round(seed, dealer=0)
        lead = next((c for c in rnd.hand(0) if not SPADES_2.is_trump(c)), None)
        follower = rnd.hand(1)
        mine = [c for c in follower if lead and SPADES_2.suit_of(c) == lead.suit]
        others = [c for c in follower if lead and SPADES_2.suit_of(c) != lead.suit]
        if mine and others:
            break
    else:
        pytest.fail("no seed found")
    rnd.play(0, [lead])
    message = assert_refused(rnd, IllegalMove, rnd.play, 1, [others[0]])
    assert message
    assert_refused(rnd, IllegalMove, rnd.play, 1, [mine[0], others[0]])  # wrong count
    assert_refused(rnd, IllegalMove, rnd.play, 1, [])
    absent = next(c for c in ALL_CARDS if c not in follower)
    assert_refused(rnd, IllegalMove, rnd.play, 1, [absent])
    rnd.play(1, [mine[0]])
    assert rnd.turn == 2


def test_failing_to_follow_a_pair_is_refused_with_a_reason():
    for seed in range(SEARCH):
        rnd = playing_round(seed, dealer=0)
        counts = Counter(c for c in rnd.hand(0) if not SPADES_2.is_trump(c))
        pair = next((c for c, k in counts.items() if k == 2), None)
        if pair is None:
            continue
        follower = Counter(c for c in rnd.hand(1) if c.suit == pair.suit and c.rank != 2)
        their_pair = next((c for c, k in follower.items() if k == 2), None)
        singles = [c for c in follower if c != their_pair]
        if their_pair is not None and len(singles) >= 2:
            break
    else:
        pytest.fail("no seed found")
    rnd.play(0, [pair, pair])
    assert not check_follow(rnd.hand(1), [pair, pair], singles[:2], SPADES_2)
    message = assert_refused(rnd, IllegalMove, rnd.play, 1, singles[:2])
    assert "pair" in message
    rnd.play(1, [their_pair, their_pair])


def test_acting_after_the_hand_is_finished_is_refused():
    rnd = Round(13)
    play_round(rnd, [RandomPlayer() for _ in range(4)])
    assert rnd.phase == FINISHED and rnd.turn is None
    assert_refused(rnd, WrongPhase, rnd.play, 0, parse_cards("S3"))
    assert_refused(rnd, WrongPhase, rnd.deal_next)
    assert_refused(rnd, WrongPhase, rnd.bury, rnd.dealer, list(rnd.kitty))


# --- throws ----------------------------------------------------------------------------------
def find_failing_dealer_throw(rules=RuleSet()):
    for seed in range(SEARCH):
        rnd = playing_round(seed, dealer=0, rules=rules)
        found = side_suit_throw(rnd.hand(0), [rnd.hand(s) for s in (1, 2, 3)], SPADES_2)
        if found:
            return rnd, found
    pytest.fail("no failing throw found")


def test_failed_throw_leads_the_beaten_unit_and_keeps_the_rest():
    rnd, (low, high) = find_failing_dealer_throw()
    before = Counter(rnd.hand(0))
    played = rnd.play(0, [low, high])
    assert played == (low,)
    assert rnd.current_trick == ((0, (low,)),)
    assert rnd.lead == (low,)
    assert Counter(rnd.hand(0)) == before - Counter([low])  # high stays in hand
    failed = [e for e in rnd.events if e.kind == ev.THROW_FAILED]
    assert len(failed) == 1 and failed[0].seat == 0
    assert parse_cards(failed[0].data["forced"]) == [low]
    assert Counter(parse_cards(failed[0].data["attempted"])) == Counter([low, high])
    assert rnd.penalty == 0  # default: no penalty
    follow_randomly(rnd, random.Random(0))
    trick = rnd.tricks[0]
    assert trick.lead == (low,)
    assert Counter(trick.attempted) == Counter([low, high])
    assert all(len(cards) == 1 for _, cards in trick.plays)  # everyone follows one card


def test_a_throw_nobody_can_beat_stands():
    for seed in range(SEARCH):
        rnd = playing_round(seed, dealer=0)
        hand = Counter(rnd.hand(0))
        suit = next(
            (
                s
                for s in "HDC"
                if hand[Card(s, 14)] == 2 and hand[Card(s, 13)] == 1 and hand[Card(s, 12)] == 0
            ),
            None,
        )
        if suit:
            break
    else:
        pytest.fail("no seed found")
    # the only higher card than the king is the ace, and the dealer holds both aces
    throw = [Card(suit, 14), Card(suit, 13)]
    played = rnd.play(0, throw)
    assert Counter(played) == Counter(throw)
    assert not [e for e in rnd.events if e.kind == ev.THROW_FAILED]
    follow_randomly(rnd, random.Random(1))
    assert rnd.tricks[0].attempted is None
    assert all(len(cards) == 2 for _, cards in rnd.tricks[0].plays)


def test_failed_throw_by_the_dealer_side_gives_defenders_the_penalty():
    rules = RuleSet(throw_penalty=10)
    rnd, (low, high) = find_failing_dealer_throw(rules)
    rnd.play(0, [low, high])
    assert rnd.penalty == 10
    failed = [e for e in rnd.events if e.kind == ev.THROW_FAILED][-1]
    assert failed.data["penalty"] == 10
    assert rnd.defender_points == 0  # kept apart from trick points


def _defender_fails_a_throw(rules, seed_range=range(SEARCH)):
    """Play single leads until a defender leads and can make a failing throw; do it."""
    for seed in seed_range:
        rnd = playing_round(seed, dealer=0, rules=rules)
        rng = random.Random(seed)
        while rnd.phase == PLAYING:
            seat = rnd.turn
            if seat in (1, 3):
                others = [rnd.hand(s) for s in range(4) if s != seat]
                found = side_suit_throw(rnd.hand(seat), others, SPADES_2)
                if found:
                    rnd.play(seat, list(found))
                    return seed, rnd, seat, found
            lead_single(rnd, rng)
    pytest.fail("no defender throw found")


def test_failed_throw_by_a_defender_costs_the_defenders():
    rules = RuleSet(throw_penalty=10)
    _, rnd, seat, (low, _high) = _defender_fails_a_throw(rules)
    assert rnd.current_trick == ((seat, (low,)),)
    assert rnd.penalty == -10


def test_penalties_accumulate_and_a_negative_total_settles_as_zero():
    rules = RuleSet(throw_penalty=10)
    for seed in range(300):
        rnd = playing_round(seed, dealer=0, rules=rules)
        rng = random.Random(seed)
        fails = 0
        while rnd.phase == PLAYING:
            seat = rnd.turn
            if seat in (1, 3):  # defenders throw badly whenever they can
                others = [rnd.hand(s) for s in range(4) if s != seat]
                found = side_suit_throw(rnd.hand(seat), others, SPADES_2)
                if found:
                    rnd.play(seat, list(found))
                    fails += 1
                    follow_randomly(rnd, rng)
                    continue
            lead_single(rnd, rng)
        result = rnd.result
        assert result.penalty == -10 * fails == rnd.penalty
        assert result.defender_points == result.trick_points + result.kitty_points - 10 * fails
        if result.defender_points < 0 and fails >= 2:
            assert result.settlement == settle(result.defender_points, rules)
            assert result.settlement.dealer_levels == 3  # settled as 0 points
            assert result.settlement.defender_levels == 0
            assert not result.settlement.defenders_take_deal
            assert result.levels_after == (5, 2)
            return
    pytest.fail("no hand ended with a negative total after two penalties")


# --- points, kitty, settlement --------------------------------------------------------------
class PointBurier(RandomPlayer):
    """Buries point cards first, so the kitty is worth something, and leads its smallest
    units first, so that the last trick is often led with a pair."""

    def bury(self, view):
        return sorted(view.hand, key=lambda c: -c.points)[:8]

    def play(self, view):
        if view.lead is None:
            units = decompose(view.hand, view.trump)
            return list(min(units, key=lambda u: len(u.cards)).cards)
        return super().play(view)


def expected_multiplier(lead, trump: Trump, rules: RuleSet) -> int:
    largest = max(len(u.cards) for u in decompose(list(lead), trump))
    if rules.kitty == "linear":
        return 2 if largest == 1 else 4 * (largest // 2)
    return 2**largest


@pytest.mark.parametrize("kitty", ["power", "linear"])
def test_kitty_multiplier_applies_when_defenders_win_the_last_trick(kitty):
    rules = RuleSet(kitty=kitty)
    seen = Counter()
    for seed in range(300):
        rnd = Round(seed, rules, levels=(2, 2), dealer=seed % 4)
        play_round(rnd, [PointBurier() for _ in range(4)])
        result, last = rnd.result, rnd.tricks[-1]
        base = trick_points(rnd.kitty)
        defenders_last = last.winner % 2 != rnd.dealer % 2
        if defenders_last:
            mult = expected_multiplier(last.lead, rnd.trump, rules)
            assert result.kitty_points == base * mult
            assert result.kitty_multiplier == mult
            if base:
                seen[max(len(u.cards) for u in decompose(list(last.lead), rnd.trump))] += 1
        else:
            assert result.kitty_points == 0
        defender_tricks = sum(t.points for t in rnd.tricks if t.winner % 2 != rnd.dealer % 2)
        assert result.trick_points == defender_tricks
        assert result.defender_points == defender_tricks + result.kitty_points
        if seed >= 30 and seen[1] >= 3 and seen[2] >= 3:
            return
    pytest.fail(f"too few kitty cases covered: {dict(seen)}")


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_next_dealer_is_partner_or_next_seat(dealer):
    seen = set()
    for seed in range(25):
        rnd = Round(seed, levels=(6, 6), dealer=dealer)
        play_round(rnd, [RandomPlayer() for _ in range(4)])
        result = rnd.result
        assert result.settlement == settle(result.defender_points)
        if result.defender_points >= 80:
            assert result.next_dealer == (dealer + 1) % 4
            assert result.winning_team == (dealer + 1) % 2
        else:
            assert result.next_dealer == (dealer + 2) % 4
            assert result.winning_team == dealer % 2
        seen.add(result.defender_points >= 80)
    assert seen == {True, False}


def _expected_levels(levels, dealer, points):
    levels = list(levels)
    d = dealer % 2
    p = max(0, points)
    if p < 80:
        levels[d] += 3 if p == 0 else 2 if p < 40 else 1
    else:
        levels[1 - d] += (p - 80) // 40
    return tuple(min(ACE, x) for x in levels)


def test_settlement_levels_are_capped_at_ace():
    capped = set()
    for seed in range(150):
        dealer = seed % 4
        levels = [12, 12]
        levels[dealer % 2] = 13
        rnd = Round(seed, levels=levels, dealer=dealer)
        play_round(rnd, [RandomPlayer() for _ in range(4)])
        result = rnd.result
        expected = _expected_levels(levels, dealer, result.defender_points)
        assert result.levels_after == expected
        assert max(result.levels_after) <= ACE
        if result.defender_points < 40:
            capped.add("dealers")  # K + 2 (or 3) stops at A
        if result.defender_points >= 160:
            capped.add("defenders")  # Q + 2 (or more) stops at A
        if capped == {"dealers", "defenders"}:
            return
    pytest.fail(f"only capped {capped}")


def test_escalating_settlement_and_levels():
    rules = RuleSet(settlement="escalating")
    for seed in range(20):
        rnd = Round(seed, rules, levels=(3, 8), dealer=1)
        play_round(rnd, [RandomPlayer() for _ in range(4)])
        result = rnd.result
        p = max(0, result.defender_points)
        assert result.settlement == settle(result.defender_points, rules)
        if p >= 80:
            assert result.levels_after == (min(ACE, 3 + 1 + (p - 80) // 40), 8)


# --- the match -------------------------------------------------------------------------------
def test_match_chains_hands_and_ends_when_dealer_team_wins_at_ace():
    match = Match(1)
    players = [RandomPlayer() for _ in range(4)]
    match.play(players)
    assert match.winner in (0, 1)
    previous = None
    for number, rnd in enumerate(match.rounds):
        result = rnd.result
        if previous is None:
            assert rnd.levels == (2, 2) and rnd.starting_dealer is None
        else:
            assert rnd.levels == previous.levels_after
            assert rnd.starting_dealer == previous.next_dealer
        won = rnd.level_rank == ACE and result.defender_points < 80
        assert result.match_won == won
        assert won == (number == len(match.rounds) - 1)
        previous = result
    last = match.rounds[-1]
    assert match.winner == last.dealer % 2
    assert last.result.defender_points < 80 and last.level_rank == ACE
    with pytest.raises(ValueError):
        match.new_round()


def test_match_goes_on_when_the_dealer_team_loses_at_ace():
    for seed in range(60):
        match = Match(seed, start_level=14)
        match.play([RandomPlayer() for _ in range(4)])
        first = match.rounds[0].result
        if first.defender_points >= 80:
            assert not first.match_won
            assert len(match.rounds) > 1
            assert first.levels_after[0] == first.levels_after[1] == ACE
            assert match.winner == match.rounds[-1].dealer % 2
            return
    pytest.fail("the dealer team always won the first hand")
