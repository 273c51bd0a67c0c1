"""The game engine plays every variant of RULES §11 (issue 13, part 2).

One, two and three decks; the 2s always trump; overcalling after the bury (反主 / 炒底) with
its kitty exchange; the kitty rules and caps; through the Round, the Table, the match,
records, the players, the arena and the command line. With default options the game is
the one main played before the change: frozen records and frozen action logs (written by
the earlier engine, ``tests/fixtures/records``) are compared here.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from scripts import load_script

from shengji_edu import RuleSet, format_cards, parse_cards, settle, trick_points
from shengji_edu.declaring import (
    BIG_JOKERS,
    PAIR_LEVEL,
    SINGLE_LEVEL,
    TRIPLE_LEVEL,
    possible_overcalls,
)
from shengji_edu.game import (
    FINISHED,
    KITTY,
    OVERCALL,
    PLAYING,
    IllegalMove,
    Match,
    OutOfTurn,
    PlayerView,
    Round,
    Table,
    WrongPhase,
    hand_record,
    load,
    loads,
    match_record,
)
from shengji_edu.game.events import KITTY_TAKEN
from shengji_edu.i18n import render
from shengji_edu.players import GreedyPlayer, RandomPlayer, make_player
from shengji_edu.render.text import rules_text

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "records"


invariants = load_script(ROOT / "benchmarks" / "invariants.py", "invariants")
make_records = load_script(FIXTURES / "make_records.py", "make_records")


# --- the two-deck game has not changed ------------------------------------------------------------
def test_records_written_before_the_change_still_load_and_round_trip():
    for name in ("two_deck_v1_hand.json", "two_deck_v1_match.json"):
        data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        assert "decks" not in json.dumps(data) and "overcall" not in json.dumps(data)
        loaded = load(FIXTURES / name)
        again = match_record(loaded) if isinstance(loaded, Match) else hand_record(loaded)
        assert again == data


def test_seeded_games_with_default_options_are_the_games_of_before():
    """159 frozen games (random, greedy and Monte Carlo players, first and later hands, the
    variants of before): the same seed gives the same action log, action for action."""
    frozen = json.loads((FIXTURES / "two_deck_v1_games.json").read_text(encoding="utf-8"))
    assert len(frozen) > 150
    changed = []
    for game in frozen:
        spec = {k: game[k] for k in ("seed", "rules", "levels", "dealer", "players")}
        if make_records.summary(spec) != game:
            changed.append(spec)
    assert not changed, changed[:3]


def test_a_default_record_has_no_new_key():
    rnd = Round(9)
    Table(rnd, [GreedyPlayer()] * 4).run()
    data = hand_record(rnd)
    assert data["rules"] == {
        "kitty": "power",
        "settlement": "standard",
        "throw_penalty": 0,
        "bidding": "during_deal",
    }
    assert {a["action"] for a in data["actions"]} <= {"declare", "finish_deal", "bury", "play"}


# --- seeded whole hands for every deck count and option -------------------------------------------
VARIANTS = [
    RuleSet(decks=1),
    RuleSet(decks=2),
    RuleSet(decks=3),
    RuleSet(decks=1, twos_are_trump=True),
    RuleSet(decks=3, twos_are_trump=True),
    RuleSet(decks=1, overcall_after_bury=True),
    RuleSet(decks=2, overcall_after_bury=True),
    RuleSet(decks=3, overcall_after_bury=True),
    RuleSet(decks=3, kitty="plain", kitty_max=16),
    RuleSet(decks=1, kitty="linear", throw_penalty=10),
    RuleSet(decks=3, kitty="power", kitty_max=64, throw_penalty=10),
    RuleSet(decks=3, bidding="after_deal", settlement="escalating"),
    RuleSet(decks=1, bidding="after_deal", overcall_after_bury=True, twos_are_trump=True),
]
KINDS = {
    "random": lambda: RandomPlayer(overcall_rate=0.9),
    "greedy": GreedyPlayer,
    "montecarlo": lambda: make_player("montecarlo", budget=2, horizon=1),
}


def check_whole_hand(rnd: Round) -> None:
    """Every invariant of benchmarks/invariants.py, for one finished hand."""
    tally = invariants.Tally()
    invariants.check_plays(rnd.seed, rnd, tally)
    invariants.check_points(rnd.seed, rnd, tally)
    assert tally.failures == []
    rules = rnd.rules
    assert len(rnd.deck) == rules.deck_size == {1: 54, 2: 108, 3: 162}[rules.decks]
    assert trick_points(rnd.deck) == rules.total_points == 100 * rules.decks
    played = [c for t in rnd.tricks for c in t.cards()]
    assert Counter(played) + Counter(rnd.kitty) == Counter(rules.deck())
    assert rnd.trump.twos_are_trump == rules.twos_are_trump
    record = hand_record(rnd)
    assert hand_record(loads(json.dumps(record).encode("utf-8"))) == record


CASES = [
    pytest.param(rules, kind, id=f"{kind}: {rules_text(rules)}")
    for rules in VARIANTS
    for kind in sorted(KINDS)
    if kind != "montecarlo" or rules.decks != 2  # the frozen games cover it with two decks
]


@pytest.mark.parametrize(("rules", "kind"), CASES)
def test_a_seeded_hand_of_every_variant_is_legal_conserved_and_repeatable(rules, kind):
    seed = 20 + VARIANTS.index(rules)

    def play() -> Round:
        players = [KINDS[kind](), GreedyPlayer(), KINDS[kind](), RandomPlayer()]
        rnd = Round(seed, rules, levels=(5, 5))
        Table(rnd, players).run()
        return rnd

    rnd = play()
    assert rnd.phase == FINISHED
    check_whole_hand(rnd)
    assert play().actions == rnd.actions  # the same seed and players: the same hand


def test_a_later_hand_at_every_level_with_three_decks_and_twos_as_trumps():
    rules = RuleSet(decks=3, twos_are_trump=True, overcall_after_bury=True)
    for level in (2, 9, 14):
        rnd = Round(level, rules, levels=(level, 3), dealer=2)
        Table(rnd, [GreedyPlayer(), RandomPlayer(overcall_rate=1.0)] * 2).run()
        check_whole_hand(rnd)
        assert rnd.trump.level == level


@pytest.mark.parametrize("decks", [1, 3])
def test_deal_sizes_kitty_and_fallback_follow_the_rules(decks):
    rules = RuleSet(decks=decks)
    rnd = Round(4, rules)
    rnd.deal_all()
    assert [len(rnd.hand(s)) for s in range(4)] == [rules.hand_size] * 4
    assert len(rnd.kitty) == rules.kitty_size == {1: 6, 3: 6}[decks]
    rnd.finish_deal()  # nobody declared: a kitty card is turned up
    assert rnd.kitty_flip in rnd.kitty and rnd.phase == KITTY
    twin = Round(4, rules)
    import random

    rng = random.Random(4)
    deck = rules.deck()
    rng.shuffle(deck)
    dealer, flip = rng.randrange(4), rng.randrange(rules.kitty_size)
    assert list(twin.deck) == deck
    assert rnd.dealer == dealer and rnd.kitty_flip == deck[rules.dealt_cards + flip]
    assert len(rnd.hand(rnd.dealer)) == rules.hand_size + rules.kitty_size
    with pytest.raises(IllegalMove, match=f"bury exactly {rules.kitty_size} cards"):
        rnd.bury(rnd.dealer, rnd.hand(rnd.dealer)[:8])
    rnd.bury(rnd.dealer, rnd.hand(rnd.dealer)[: rules.kitty_size])
    assert rnd.phase == PLAYING and rnd.turn == rnd.dealer


def test_one_deck_declaring_only_singles_and_the_first_declaration_stands():
    rnd = Round(2, RuleSet(decks=1))
    while not any(rnd.legal_declarations(s) for s in range(4)):
        rnd.deal_next()
    seat = next(s for s in range(4) if rnd.legal_declarations(s))
    (first,) = rnd.legal_declarations(seat)[:1]
    assert len(first) == 1
    rnd.declare(seat, first)
    rnd.deal_all()
    assert all(rnd.legal_declarations(s) == [] for s in range(4))
    rnd.finish_deal()
    assert rnd.trump.suit == first[0].suit and rnd.dealer == seat


def test_three_decks_declare_triples_and_only_the_declarer_reinforces():
    rules = RuleSet(decks=3)
    for seed in range(200):
        rnd = Round(seed, rules)
        rnd.deal_all()
        triples = {
            s: [o for o in rnd.legal_declarations(s) if len(o) == 3 and not o[0].is_joker]
            for s in range(4)
        }
        seat = next((s for s in range(4) if triples[s]), None)
        if seat is not None:
            break
    else:
        pytest.fail("no three-deck deal with a level triple")
    triple = triples[seat][0]
    single = triple[:1]
    rnd.declare(seat, single)
    rnd.declare(seat, triple)  # reinforcing: single -> triple
    assert rnd.standing_declaration.strength == TRIPLE_LEVEL
    assert rnd.events[-1].data["reinforce"] is True
    for other in range(4):
        if other != seat:
            for option in rnd.legal_declarations(other):
                assert option[0].is_joker or option[0].suit != triple[0].suit


# --- the match, and settlement edges through the engine -------------------------------------------
def settled(rules: RuleSet, points: int, levels=(5, 5), dealer: int = 0) -> Round:
    """A finished hand of ``rules`` settled again by the engine with ``points`` for the
    defenders (tricks only: the dealers won the last trick, no penalty)."""
    rnd = Round(3, rules, levels=levels, dealer=dealer)
    Table(rnd, [GreedyPlayer()] * 4).run()
    rnd = copy.deepcopy(rnd)
    last = rnd.tricks[-1]
    rnd._tricks = (*rnd.tricks[:-1], type(last)(last.leader, last.plays, dealer, last.points))
    rnd._points, rnd._penalty = points, 0
    rnd._settle()
    return rnd


@pytest.mark.parametrize(
    ("decks", "points", "dealer_up", "defenders_up", "take"),
    [
        (1, 0, 3, 0, False),
        (1, 5, 2, 0, False),
        (1, 19, 2, 0, False),
        (1, 20, 1, 0, False),
        (1, 39, 1, 0, False),
        (1, 40, 0, 0, True),
        (1, 60, 0, 1, True),
        (1, 100, 0, 3, True),
        (3, 0, 3, 0, False),
        (3, 59, 2, 0, False),
        (3, 60, 1, 0, False),
        (3, 119, 1, 0, False),
        (3, 120, 0, 0, True),
        (3, 179, 0, 0, True),
        (3, 180, 0, 1, True),
        (3, 240, 0, 2, True),
        (3, 300, 0, 3, True),
    ],
)
def test_settlement_edges_for_one_and_three_decks(decks, points, dealer_up, defenders_up, take):
    rnd = settled(RuleSet(decks=decks), points)
    result = rnd.result
    assert result.defender_points == points
    assert (result.settlement.dealer_levels, result.settlement.defender_levels) == (
        dealer_up,
        defenders_up,
    )
    assert result.settlement == settle(points, RuleSet(decks=decks))
    assert result.levels_after == (5 + dealer_up, 5 + defenders_up)
    assert result.next_dealer == (1 if take else 2)
    assert result.winning_team == (1 if take else 0)


@pytest.mark.parametrize("decks", [1, 3])
def test_levels_stop_at_a_and_a_hand_kept_at_a_wins_the_match(decks):
    rnd = settled(RuleSet(decks=decks), 0, levels=(13, 12))
    assert rnd.result.levels_after == (14, 12) and not rnd.result.match_won
    rnd = settled(RuleSet(decks=decks), 10 * decks, levels=(14, 12))
    assert rnd.result.levels_after == (14, 12) and rnd.result.match_won


@pytest.mark.parametrize("rules", [RuleSet(decks=1), RuleSet(decks=3, overcall_after_bury=True)])
def test_a_whole_match_plays_to_the_end_and_its_record_replays(rules):
    match = Match(11, rules, start_level=12)
    match.play([GreedyPlayer(), RandomPlayer()] * 2)
    assert match.winner is not None
    record = match_record(match)
    assert record["rules"]["decks"] == rules.decks
    assert match_record(loads(json.dumps(record))) == record


# --- overcalling after the bury (RULES §11.3) -----------------------------------------------------
OVERCALLS = RuleSet(overcall_after_bury=True)


def quiet(seed: int, rules: RuleSet = OVERCALLS) -> Round:
    """A hand in which nobody declared (a kitty card is turned up) and the dealer has buried
    its weakest cards: the overcall round begins."""
    rnd = Round(seed, rules)
    rnd.deal_all()
    rnd.finish_deal()
    dealer = rnd.dealer
    rnd.bury(dealer, GreedyPlayer().bury(rnd.view(dealer)))
    assert rnd.phase == OVERCALL and rnd.turn == dealer
    return rnd


def find(predicate, rules: RuleSet = OVERCALLS, seeds=range(400)) -> Round:
    for seed in seeds:
        rnd = quiet(seed, rules)
        if predicate(rnd):
            return rnd
    raise AssertionError("no seed gives that position")


def ask_until(rnd: Round, seat: int) -> None:
    """Everyone before ``seat`` passes."""
    while rnd.turn != seat:
        rnd.pass_overcall(rnd.turn)


def holders(rnd: Round, size: int = 2, jokers: bool = False) -> dict[int, list]:
    """Each seat's legal overcalls of ``size`` cards (level cards, or jokers)."""
    floor = rnd.public.overcall_floor
    found = {}
    for seat in range(4):
        options = possible_overcalls(rnd.hand(seat), rnd.level_rank, floor, rnd.rules.decks)
        found[seat] = [o for o in options if len(o) == size and o[0].is_joker == jokers]
    return found


def test_a_pair_overcalls_a_turned_up_single_and_takes_the_kitty():
    rnd = find(lambda r: not r.kitty_flip.is_joker and any(holders(r).values()))
    seat = next(s for s, o in holders(rnd).items() if o)
    pair = holders(rnd)[seat][0]
    floor = rnd.public.overcall_floor
    assert floor.strength == SINGLE_LEVEL and floor.cards == (rnd.kitty_flip,)
    assert floor.suit == rnd.kitty_flip.suit
    ask_until(rnd, seat)
    buried = rnd.kitty
    before = len(rnd.hand(seat))
    dealer, first_trump = rnd.dealer, rnd.trump
    assert pair in rnd.legal_overcalls(seat) and pair in rnd.view(seat).legal_overcalls
    assert rnd.view(seat).check_overcall(pair) == ""
    rnd.overcall(seat, pair)
    assert rnd.trump == RuleSet(overcall_after_bury=True).trump(rnd.level_rank, pair[0].suit)
    assert rnd.trump != first_trump and rnd.dealer == dealer  # the dealer does not change
    assert rnd.phase == KITTY and rnd.turn == seat == rnd.kitty_holder
    assert len(rnd.hand(seat)) == before + len(buried)
    assert Counter(rnd.hand(seat)) - Counter(buried)  # the kitty went into the hand
    assert rnd.standing_declaration.cards == tuple(pair)
    assert rnd.public.overcalls[-1] == (seat, rnd.standing_declaration)
    assert [e.kind for e in rnd.events[-2:]] == ["overcall", KITTY_TAKEN]


def test_the_standing_suits_level_cards_cannot_overcall():
    """Turned-up ♥x: a pair of ♥ level cards cannot overcall, not even the dealer's."""

    def standing_pair_holder(rnd: Round) -> int | None:
        """A seat holding a pair of the turned-up suit's level card."""
        if rnd.kitty_flip.is_joker:
            return None
        for seat in range(4):
            counts = Counter(rnd.hand(seat))
            card = next((c for c in counts if c.rank == rnd.level_rank), None)
            pairs = [c for c in counts if c.rank == rnd.level_rank and counts[c] >= 2]
            if card and any(c.suit == rnd.kitty_flip.suit for c in pairs):
                return seat
        return None

    rnd = find(lambda r: standing_pair_holder(r) is not None)
    seat = standing_pair_holder(rnd)
    suit = rnd.kitty_flip.suit
    card = next(c for c in rnd.hand(seat) if c.rank == rnd.level_rank and c.suit == suit)
    ask_until(rnd, seat)
    assert [card, card] not in rnd.legal_overcalls(seat)
    before = (rnd.hands, rnd.events, rnd.trump, rnd.phase)
    with pytest.raises(IllegalMove) as refused:
        rnd.overcall(seat, [card, card])
    assert "uses the level cards of the standing trump suit" in str(refused.value)
    assert (rnd.hands, rnd.events, rnd.trump, rnd.phase) == before
    assert "standing trump suit" in rnd.view(seat).check_overcall([card, card])


def test_a_turned_up_joker_is_one_level_card_with_no_trump_suit():
    rnd = find(lambda r: r.kitty_flip.is_joker)
    floor = rnd.public.overcall_floor
    assert floor.strength == SINGLE_LEVEL and floor.suit is None and rnd.trump.suit is None
    for seat in range(4):  # every suit's level pair may overcall, no single may
        for option in possible_overcalls(rnd.hand(seat), rnd.level_rank, floor, 2):
            assert len(option) == 2
        pairs = [c for c, n in Counter(rnd.hand(seat)).items() if n == 2]
        for card in pairs:
            if card.rank == rnd.level_rank:
                assert [card, card] in possible_overcalls(rnd.hand(seat), rnd.level_rank, floor, 2)


def test_after_a_level_pair_only_joker_pairs_overcall_with_two_decks():
    rnd = find(lambda r: any(holders(r).values()))
    seat = next(s for s, o in holders(rnd).items() if o)
    ask_until(rnd, seat)
    rnd.overcall(seat, holders(rnd)[seat][0])
    rnd.bury(seat, rnd.hand(seat)[: rnd.rules.kitty_size])
    assert rnd.phase == OVERCALL and rnd.turn == (seat + 1) % 4  # goes on from the next seat
    for other in range(4):
        floor = rnd.public.overcall_floor
        for option in possible_overcalls(rnd.hand(other), rnd.level_rank, floor, 2):
            assert option[0].is_joker and len(option) == 2
    little = [c for c in parse_cards("LJ LJ")]
    if Counter(little) <= Counter(rnd.hand(rnd.turn)):
        rnd.overcall(rnd.turn, little)
        assert rnd.trump.suit is None


def test_three_decks_climb_the_ladder_through_the_triples():
    rules = RuleSet(decks=3, overcall_after_bury=True)
    rnd = find(lambda r: any(holders(r, 3).values()), rules)
    seat = next(s for s, o in holders(rnd, 3).items() if o)
    triple = holders(rnd, 3)[seat][0]
    ask_until(rnd, seat)
    rnd.overcall(seat, triple)
    assert rnd.standing_declaration.strength == TRIPLE_LEVEL
    rnd.bury(seat, rnd.hand(seat)[:6])
    floor = rnd.public.overcall_floor
    for other in range(4):  # over a level triple: only joker triples
        for option in possible_overcalls(rnd.hand(other), rnd.level_rank, floor, 3):
            assert option[0].is_joker and len(option) == 3
    counts = Counter(rnd.hand(rnd.turn))
    level_pairs = [
        c for c in counts if c.rank == rnd.level_rank and counts[c] >= 2 and c.suit != floor.suit
    ]
    for card in level_pairs:  # a pair no longer overcalls: it is below the level triple
        with pytest.raises(IllegalMove, match="does not beat the standing a triple of level"):
            rnd.overcall(rnd.turn, [card, card])


def test_four_passes_end_the_round_and_the_dealer_leads():
    rnd = quiet(7)
    dealer = rnd.dealer
    for offset in range(3):
        rnd.pass_overcall((dealer + offset) % 4)
        assert rnd.phase == OVERCALL
    rnd.pass_overcall((dealer + 3) % 4)
    assert rnd.phase == PLAYING and rnd.turn == dealer and rnd.leader == dealer
    assert [a["action"] for a in rnd.actions[-5:]] == ["bury"] + ["pass_overcall"] * 4
    with pytest.raises(WrongPhase, match="cannot overcall now: the hand is in the playing phase"):
        rnd.overcall(dealer, "BJ BJ")


def test_after_an_overcall_four_more_passes_are_needed_and_the_last_bury_counts():
    rnd = find(lambda r: any(holders(r).values()))
    seat = next(s for s, o in holders(rnd).items() if o)
    dealer = rnd.dealer
    ask_until(rnd, seat)
    rnd.overcall(seat, holders(rnd)[seat][0])
    with pytest.raises(OutOfTurn) as refused:
        rnd.bury(dealer if dealer != seat else (seat + 1) % 4, rnd.hand(seat)[:8])
    if dealer != seat:
        assert str(refused.value) == (
            f"only seat {seat}, who overcalled and took the kitty, buries it now"
        )
    with pytest.raises(IllegalMove, match="bury exactly 8 cards; you chose 7"):
        rnd.bury(seat, rnd.hand(seat)[:7])
    shown = rnd.standing_declaration.cards
    kitty = list(shown) + [c for c in rnd.hand(seat) if c not in shown][:6]  # shown cards too
    rnd.bury(seat, kitty)
    assert rnd.buried_by == seat and list(rnd.kitty) == kitty
    assert rnd.view(seat).buried == tuple(kitty) and rnd.view(dealer).buried in ((), tuple(kitty))
    if dealer != seat:
        assert rnd.view(dealer).buried == ()  # the dealer's kitty was taken from it
    for step in range(4):
        assert rnd.phase == OVERCALL and rnd.turn == (seat + 1 + step) % 4
        rnd.pass_overcall(rnd.turn)
    assert rnd.phase == PLAYING and rnd.turn == dealer  # the first lead does not change
    Table(rnd, [GreedyPlayer()] * 4).run()
    result = rnd.result
    assert list(rnd.kitty) == kitty and rnd.public.buried_by == seat
    last = rnd.tricks[-1]
    if not rnd.is_dealer_team(last.winner):
        assert result.kitty_points == trick_points(kitty) * result.kitty_multiplier
    assert result.dealer == dealer and rnd.dealer == dealer
    check_whole_hand(rnd)
    kinds = [a["action"] for a in rnd.actions if a["action"] not in ("play", "declare")]
    assert kinds == ["finish_deal", "bury"] + ["pass_overcall"] * ((seat - dealer) % 4) + [
        "overcall",
        "bury",
        "pass_overcall",
        "pass_overcall",
        "pass_overcall",
        "pass_overcall",
    ]


def test_the_dealer_may_overcall_with_cards_from_the_kitty():
    def dealer_gains(r: Round) -> bool:
        options = holders(r)[r.dealer]
        kitty = Counter(r.deck[r.rules.dealt_cards :])
        return any(Counter(o) & kitty for o in options)

    rnd = find(dealer_gains)
    dealer = rnd.dealer
    pair = next(
        o for o in holders(rnd)[dealer] if Counter(o) & Counter(rnd.deck[rnd.rules.dealt_cards :])
    )
    rnd.overcall(dealer, pair)
    assert rnd.kitty_holder == dealer and rnd.phase == KITTY
    rnd.bury(dealer, GreedyPlayer().bury(rnd.view(dealer)))
    assert rnd.turn == (dealer + 1) % 4


def test_a_hand_with_a_fixed_trump_has_no_overcall_round():
    rules = RuleSet(overcall_after_bury=True)
    rnd = Round(5, rules, levels=(4, 4), dealer=1, fixed_trump=rules.trump(4, "S"))
    Table(rnd, [GreedyPlayer()] * 4).run()
    assert rnd.overcalls == () and rnd.phase == FINISHED


def test_overcall_refusals_change_nothing_and_say_why():
    rnd = quiet(3)
    dealer = rnd.dealer
    before = (rnd.hands, rnd.events, rnd.actions, rnd.trump)
    with pytest.raises(OutOfTurn, match=f"it is seat {dealer}'s turn to overcall or pass"):
        rnd.pass_overcall((dealer + 1) % 4)
    with pytest.raises(IllegalMove, match="does not hold"):
        rnd.overcall(dealer, parse_cards("BJ BJ BJ"))
    with pytest.raises(WrongPhase, match="pass with pass_overcall"):
        rnd.pass_bid(dealer)
    over = r"declaring is over \(the hand is in the overcall phase\)"
    with pytest.raises(WrongPhase, match=over):
        rnd.declare(dealer, "BJ BJ")
    assert (rnd.hands, rnd.events, rnd.actions, rnd.trump) == before


def test_a_player_without_an_overcall_method_passes():
    class Old:
        name = "old"

        def __init__(self):
            self.inner = GreedyPlayer()

        def declare(self, view):
            return None

        def bury(self, view):
            return self.inner.bury(view)

        def play(self, view):
            return self.inner.play(view)

    rnd = Round(8, OVERCALLS)
    Table(rnd, [Old()] * 4).run()
    assert [o for _s, o in rnd.overcalls] == [None] * 4


def test_overcalls_replay_from_the_record_and_an_edited_one_is_refused():
    rnd = find(lambda r: any(holders(r).values()))
    seat = next(s for s, o in holders(rnd).items() if o)
    ask_until(rnd, seat)
    rnd.overcall(seat, holders(rnd)[seat][0])
    Table(rnd, [GreedyPlayer()] * 4).run()
    record = hand_record(rnd)
    assert record["rules"]["overcall_after_bury"] is True
    assert hand_record(loads(json.dumps(record))) == record
    tampered = copy.deepcopy(record)
    at = next(i for i, a in enumerate(tampered["actions"]) if a["action"] == "overcall")
    tampered["actions"][at]["seat"] = (seat + 1) % 4
    with pytest.raises(Exception, match="illegal"):
        loads(json.dumps(tampered))


def test_views_show_the_overcall_round_and_survive_plain_data():
    rnd = find(lambda r: any(holders(r).values()))
    seat = next(s for s, o in holders(rnd).items() if o)
    ask_until(rnd, seat)
    view = rnd.view(seat)
    assert view.legal_overcalls == rnd.legal_overcalls(seat)
    assert all(rnd.view(s).legal_overcalls == [] for s in range(4) if s != seat)
    rnd.overcall(seat, view.legal_overcalls[0])
    view = rnd.view(seat)
    assert view.kitty_holder == seat and view.phase == KITTY
    assert view.check_bury(view.hand[:8]) == ""
    other = rnd.view((seat + 1) % 4)
    assert "who overcalled" in other.check_bury(other.hand[:8]) or seat == rnd.dealer
    again = PlayerView.from_data(json.loads(json.dumps(view.to_data())))
    assert again.public == view.public and again.public.overcalls == rnd.overcalls
    rnd.bury(seat, view.hand[:8])
    assert rnd.view(seat).buried == tuple(view.hand[:8]) and rnd.public.buried_by == seat


def test_monte_carlo_samples_worlds_with_three_decks_and_after_an_overcall():
    rules = RuleSet(decks=3, overcall_after_bury=True)
    rnd = find(lambda r: any(holders(r).values()), rules)
    seat = next(s for s, o in holders(rnd).items() if o)
    ask_until(rnd, seat)
    rnd.overcall(seat, holders(rnd)[seat][0])
    rnd.bury(seat, GreedyPlayer().bury(rnd.view(seat)))
    while rnd.phase == OVERCALL:
        rnd.pass_overcall(rnd.turn)
    import random

    for s in range(4):
        view = rnd.view(s)
        hands, kitty = view.sample_hands(random.Random(s))
        assert [len(h) for h in hands] == [39] * 4 and len(kitty) == 6
        seen = Counter(c for h in hands for c in h) + Counter(kitty) + Counter(view.played_cards)
        assert seen == Counter(rules.deck())
        if s == seat:  # the seat that buried last knows the kitty
            assert view.buried == rnd.kitty and kitty == list(rnd.kitty)
        else:
            assert view.buried == ()
    searcher = make_player("montecarlo", budget=2, horizon=1)
    cards = searcher.play(rnd.view(rnd.turn))
    rnd.play(rnd.turn, cards)


# --- the players understand triples and titanics --------------------------------------------------
def test_sure_units_of_three_decks():
    from shengji_edu import Trump
    from shengji_edu.players.knowledge import unit_is_sure, unseen_by_suit
    from shengji_edu.units import decompose

    trump = Trump(10, "S")
    (triple,) = decompose(parse_cards("HQ HQ HQ"), trump)
    (titanic,) = decompose(parse_cards("H8 H8 H8 H9 H9 H9"), trump)
    assert triple.kind == "triple" and titanic.kind == "titanic"

    def sure(unit, unseen: str) -> bool:
        return unit_is_sure(unit, unseen_by_suit(Counter(parse_cards(unseen)), trump), trump)

    assert sure(triple, "HA HA HK HK HJ HJ HJ")  # pairs never beat a triple
    assert not sure(triple, "HK HK HK")
    assert sure(titanic, "HA HA HA HK HK HQ HQ HQ")  # no two higher consecutive triples
    assert not sure(titanic, "HJ HJ HJ HQ HQ HQ")
    assert sure(titanic, "H2 H2 H2 H3 H3 H3")


def test_candidate_follows_stay_few_with_three_decks():
    from shengji_edu import Trump
    from shengji_edu.game.view import PlayerView as View
    from shengji_edu.players.greedy import CANDIDATE_LIMIT, candidate_follows

    rules = RuleSet(decks=3)
    rnd = Round(1, rules, levels=(10, 10), dealer=0, fixed_trump=rules.trump(10, "S"))
    table = Table(rnd, [GreedyPlayer()] * 4)
    while rnd.phase != PLAYING:
        table.step()
    view = rnd.view(0)
    hand = parse_cards(
        "S2 S3 S4 S5 S6 S7 S8 S9 SJ SQ SK SA S2 S3 S4 S5 S6 S7 S8 S9 SJ SQ SK SA "
        "C2 C3 C4 C5 C6 C7 C8 C9 CJ CQ CK CA D2 D3 D4"
    )
    lead = parse_cards("HA HK HQ HJ H9 H8 H7 H6")
    public = view.public._replace(current_trick=((3, tuple(lead)),), turn=0)
    fake = View.from_parts(public, 0, hand, view.rng)
    assert fake.trump == Trump(10, "S")
    plays = candidate_follows(fake)
    assert 0 < len(plays) <= CANDIDATE_LIMIT
    for play in plays:
        assert fake.check(play), play


def test_greedy_overcalls_when_its_suit_is_long():
    from shengji_edu.players.greedy import overcall_good_suit

    decided = 0
    for seed in range(60):
        rnd = quiet(seed)
        while rnd.phase == OVERCALL:
            seat = rnd.turn
            choice = overcall_good_suit(rnd.view(seat))
            if choice is None:
                rnd.pass_overcall(seat)
                continue
            hand = rnd.hand(seat)
            suit = None if choice[0].is_joker else choice[0].suit
            if suit is not None:  # the suit, with the jokers and level cards, is long
                level = rnd.level_rank
                length = sum(1 for c in hand if c.suit == suit and c.rank != level)
                high = sum(1 for c in hand if c.is_joker or c.rank == level)
                assert length + high >= len(hand) / 3
            decided += 1
            rnd.overcall(seat, choice)
            rnd.bury(seat, GreedyPlayer().bury(rnd.view(seat)))
    assert decided > 0


# --- the arena and the command line ---------------------------------------------------------------
@pytest.mark.parametrize("rules", [RuleSet(decks=1), RuleSet(decks=3, twos_are_trump=True)])
def test_the_arena_deals_duplicate_hands_with_the_rules(rules):
    import random

    from shengji_edu.arena import deal_setup, play_duplicate, run_arena

    setup = deal_setup(77, random.Random(2), rules)
    probe = Round(setup.seed, rules, levels=(setup.level, setup.level), dealer=setup.dealer)
    assert len(probe.deck) == rules.deck_size
    outcome = play_duplicate(setup, "greedy", "random", rules)
    assert len(outcome["runs"]) == 2
    result = run_arena("greedy", "random", 2, seed=3, rules=rules)
    assert result.rules == rules and len(result.deals) == 2


def run_cli(argv) -> int:
    from shengji_edu.cli import main

    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize("rules", ["decks=3,twos_are_trump=true", "decks=1"])
def test_play_auto_plays_a_whole_match_of_one_and_three_decks(rules, capsys, tmp_path):
    path = tmp_path / "match.json"
    assert run_cli(["play", "--auto", "--seed", "1", "--rules", rules, "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "wins the match after" in out and "rules: decks=" in out
    match = load(path)
    assert match.winner is not None and match.rules == RuleSet.parse(rules)


def test_simulate_and_arena_take_rules(capsys):
    assert run_cli(["simulate", "--hands", "3", "--rules", "decks=3,overcall_after_bury=1"]) == 0
    assert "rules: decks=3, overcall_after_bury=true" in capsys.readouterr().out
    argv = ["arena", "greedy", "random", "--deals", "1", "--rules", "decks=1"]
    assert run_cli(argv) == 0
    assert "1 duplicate deals" in capsys.readouterr().out


@pytest.mark.parametrize(
    "rules", ["decks=4", "decks=two", "twos_are_trump=maybe", "kitty_max=0", "overcall=true"]
)
@pytest.mark.parametrize(
    "command", [["play", "--auto"], ["simulate"], ["arena", "greedy", "greedy"]]
)
def test_bad_rules_are_usage_errors(command, rules, capsys):
    assert run_cli([*command, "--rules", rules]) == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]
    assert "--rules" in last and "Traceback" not in err
    assert rules.split("=")[0] in last


# --- the engine's messages in Chinese -------------------------------------------------------------
def test_engine_refusals_keep_their_english_and_read_as_chinese():
    import re

    rnd = Round(1)
    refusals = []
    for attempt in (
        lambda: rnd.play(0, "S2"),
        lambda: rnd.finish_deal(),
        lambda: rnd.bury(0, "S2"),
        lambda: rnd.pass_overcall(0),
    ):
        with pytest.raises(WrongPhase) as caught:
            attempt()
        refusals.append(caught.value)
    assert str(refusals[0]) == "cannot play cards now: the hand is in the dealing phase"
    assert str(refusals[1]) == "only 0 of 100 cards are dealt: deal the rest first"
    rnd.deal_all()
    with pytest.raises(WrongPhase) as caught:
        rnd.deal_next()
    assert str(caught.value) == "all 100 cards are dealt: call finish_deal() to end the deal"
    refusals.append(caught.value)
    rnd.finish_deal()
    with pytest.raises(OutOfTurn) as caught:
        rnd.bury((rnd.dealer + 1) % 4, rnd.hand(rnd.dealer)[:8])
    assert str(caught.value) == f"only the dealer (seat {rnd.dealer}) buries the kitty"
    refusals.append(caught.value)
    with pytest.raises(IllegalMove) as caught:
        rnd.bury(rnd.dealer, rnd.hand(rnd.dealer)[:3])
    assert str(caught.value) == "bury exactly 8 cards; you chose 3"
    refusals.append(caught.value)
    for refusal in refusals:
        chinese = render(refusal, "zh")
        words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\w+\(\)", "", chinese))  # not finish_deal()
        assert chinese != str(refusal) and not words, chinese
    overcall = quiet(3)
    with pytest.raises(OutOfTurn) as caught:
        overcall.pass_overcall((overcall.dealer + 2) % 4)
    assert "反主" in render(caught.value, "zh")


def test_a_broken_player_is_named_in_the_tables_language():
    from shengji_edu.game import PlayerError

    class Broken(GreedyPlayer):
        def bury(self, view):
            return list(view.hand[:3])

    rnd = Round(2)
    with pytest.raises(PlayerError) as caught:
        Table(rnd, [Broken()] * 4).run()
    assert str(caught.value).startswith(f"greedy at seat {rnd.dealer} tried an illegal bury: ")
    assert "扣底" in render(caught.value, "zh")


def test_the_kitty_size_in_rule_messages_follows_the_decks():
    rnd = Round(5, RuleSet(decks=3))
    rnd.deal_all()
    rnd.finish_deal()
    with pytest.raises(IllegalMove, match="bury exactly 6 cards; you chose 8"):
        rnd.bury(rnd.dealer, rnd.hand(rnd.dealer)[:8])
    assert rnd.view(rnd.dealer).check_bury(rnd.hand(rnd.dealer)[:5]) == (
        "bury exactly 6 cards; you chose 5"
    )
    assert format_cards(rnd.kitty)  # six cards
    assert len(rnd.kitty) == 6 and rnd.phase == KITTY
    assert BIG_JOKERS > PAIR_LEVEL  # the ladder of two decks stands below the triples


def test_a_person_at_the_terminal_is_offered_the_overcalls_and_buries_again():
    from shengji_edu.players.human import HumanPlayer

    rnd = find(lambda r: any(holders(r).values()))
    seat = next(s for s, o in holders(rnd).items() if o)
    ask_until(rnd, seat)
    said: list[str] = []
    answers = iter(["9", "1"])
    person = HumanPlayer(ask=lambda prompt: next(answers), say=said.append)
    choice = person.overcall(rnd.view(seat))
    assert choice == rnd.legal_overcalls(seat)[0]
    assert any("1: overcall with" in line for line in said)
    assert any("Type a number from 1 to" in line for line in said)
    rnd.overcall(seat, choice)
    hand = rnd.hand(seat)
    answers = iter(["S2", format_cards(hand[:8])])
    said.clear()
    buried = person.bury(rnd.view(seat))
    assert buried == list(hand[:8]) and any("bury exactly 8 cards" in line for line in said)
    assert any(f"Your {len(hand)} cards" in line for line in said)
