"""A faster engine plays exactly the hands of before (issue 17).

``tests/fixtures/speed/speed_games.json`` was written by main at 67f1503, before the engine
was made faster: 720 seeded hands of random, greedy and mixed tables with one, two and three
decks, the overcall round, the 2s as trumps, the after-deal auction and throw penalties,
first hands and later ones. Each hand is replayed here and its action log, event list and
hand record are compared (by SHA-256) with the frozen ones: same seed, same decisions, card
for card, and the same records and events.

The engine's and the players' quick forms (unseen cards by suit, the strongest unseen unit,
the single-card winning test and candidate follows, the declarations a view carries,
identity searches in hands, the shared trump tables and their public by-index form, the
units as records or as cards, the cheapest play, multiset combinations) are checked here
against the plain definitions they stand for, at every decision of seeded hands or on
hypothesis examples.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scripts import load_script
from strategies import trumps

from shengji_edu import ALL_CARDS, RuleSet, Trump, decompose
from shengji_edu.cards import first_missing, holds
from shengji_edu.declaring import possible_declarations
from shengji_edu.follow import iter_legal_follows, multiset_combinations
from shengji_edu.game import Round, Table
from shengji_edu.game.dealing import seat_generator
from shengji_edu.game.round import PLAYING
from shengji_edu.players import greedy, make_player
from shengji_edu.players.greedy import CANDIDATE_LIMIT, play_cost
from shengji_edu.players.knowledge import (
    current_winner,
    trick_plays,
    unit_is_sure,
    unseen_by_suit,
    unseen_cards,
    winning_test,
)
from shengji_edu.players.rollout import (
    _card_costs,
    _play_cost,
    candidate_follows,
    cheapest,
    held_by_index,
)
from shengji_edu.players.rollout_knowledge import (
    _trick_so_far,
    strongest_top,
    strongest_unseen_top,
    unseen_counts,
    unseen_groups,
    unseen_in,
)
from shengji_edu.seeds import SeededWhenUsed
from shengji_edu.tricks import play_key, trick_winner
from shengji_edu.units import Unit, decompose_records, lead_format

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "speed"


maker = load_script(FIXTURES / "make_speed_fixtures.py", "make_speed_fixtures")
FROZEN = json.loads((FIXTURES / "speed_games.json").read_text(encoding="utf-8"))
KEYS = ("variant", "table", "seed", "levels", "dealer")


def test_the_frozen_hands_cover_every_table_and_variant():
    assert len(FROZEN) == len(maker.specs()) == 720
    assert {(g["variant"], g["table"]) for g in FROZEN} == {
        (v, t) for v in maker.VARIANTS for t in maker.TABLES
    }
    assert [{k: g[k] for k in KEYS} for g in FROZEN] == maker.specs()


@pytest.mark.parametrize("variant", list(maker.VARIANTS))
def test_seeded_hands_are_the_hands_of_before(variant):
    changed = []
    for game in FROZEN:
        if game["variant"] != variant:
            continue
        spec = {k: game[k] for k in KEYS}
        now = maker.summary(spec)
        if now != game:
            differs = sorted(k for k in game if now[k] != game[k])
            changed.append((spec["table"], spec["seed"], differs))
    assert not changed, (
        f"{len(changed)} hands changed, e.g. {changed[:3]}; compare "
        f"'python tests/fixtures/speed/make_speed_fixtures.py --show SEED {variant} TABLE' "
        f"on this revision and on 67f1503"
    )


# --- the fast forms agree with the plain ones they stand for -------------------------------------


def _views(rules: RuleSet, seeds: range):
    """Every view a player decided from in a few seeded hands (random and greedy seats)."""
    for seed in seeds:
        rnd = Round(seed, rules)
        table = Table(rnd, [make_player(k) for k in ("greedy", "random", "greedy", "random")])
        while True:
            if rnd.phase == PLAYING:
                yield rnd, rnd.view(rnd.turn)
            elif rnd.turn is None and rnd.phase != "finished":
                for seat in range(4):
                    yield rnd, rnd.view(seat)
            if not table.step():
                break


VIEW_RULES = [RuleSet(decks=1), RuleSet(), RuleSet(decks=3, twos_are_trump=True)]


@pytest.mark.parametrize("rules", VIEW_RULES, ids=["1deck", "2decks", "3decks_twos"])
def test_the_fast_forms_agree_with_the_plain_ones_at_every_decision(rules):
    checked = Counter()
    for rnd, view in _views(rules, range(4)):
        # the declarations a view carries are the ones its hand gives
        table = view.public
        if view.legal_declarations or view.phase == "dealing":
            plain = (
                possible_declarations(
                    view.hand, table.level_rank, table.standing_declaration, rules.decks, view.seat
                )
                if table.dealt > 0
                else []
            )
            assert view.legal_declarations == plain
            assert (view.seat in rnd.declaring_seats) == bool(plain)
            assert rnd.may_declare(view.seat) == bool(rnd.legal_declarations(view.seat))
            checked["declarations"] += 1
        trump = view.trump
        if view.phase != PLAYING or trump is None:
            continue
        held = held_by_index(view)
        assert held == [view.hand.count(card) for card in ALL_CARDS]
        unseen = unseen_by_suit(unseen_cards(view), trump)
        assert unseen_groups(view, trump) == unseen
        left = unseen_counts(view)
        assert left == _plain_unseen_counts(view)
        for suit in ("T", "S", "H", "D", "C"):
            assert unseen_in(left, trump, suit) == unseen.get(suit, [])
        units = decompose(view.hand, trump)
        assert [Unit(*record) for record in decompose_records(view.hand, trump)] == units
        for unit in units:
            top = strongest_top(unseen.get(unit.suit, []), trump, unit.width, unit.steps)
            assert (unit.high >= top) == unit_is_sure(unit, unseen, trump)
            assert strongest_unseen_top(left, trump, unit.suit, unit.width, unit.steps) == top
            checked["sure"] += 1
        if view.lead is not None:
            lead = view.lead
            if len(trump.cards_of(view.hand, trump.suit_of(lead[0]))) >= len(lead):
                plain = list(islice(iter_legal_follows(view.hand, lead, trump), CANDIDATE_LIMIT))
                assert candidate_follows(view) == plain
                checked["candidates"] += 1
            counts = Counter(view.hand)
            state = view.rng.getstate()
            candidates = candidate_follows(view)
            after = view.rng.getstate()
            view.rng.setstate(state)  # the readable greedy's candidates: the same plays
            assert greedy.candidate_follows(view) == candidates
            assert view.rng.getstate() == after
            assert greedy.cheapest(candidates, view) == cheapest(candidates, view)
            for play in candidates:  # the quick cost is play_cost
                assert _play_cost(play, held, _card_costs(trump)) == play_cost(play, counts, trump)
                checked["costs"] += 1
            assert cheapest(candidates, view) == min(
                candidates, key=lambda p: play_cost(p, counts, trump)
            )
            plays = trick_plays(view)
            assert current_winner(view) == view.current_trick[trick_winner(plays, trump)][0]
            fmt = lead_format(view.lead, trump)
            best = max(k for k in (play_key(p, fmt, trump) for p in plays) if k is not None)
            wins = winning_test(view)
            for card in dict.fromkeys(view.hand):
                for play in ([card], [card] * len(view.lead)):
                    if len(play) == len(view.lead):
                        key = play_key(play, fmt, trump)
                        assert wins(play) == (key is not None and key > best)
                        checked["wins"] += 1
    assert min(checked.values()) > 20, checked


@given(
    st.lists(st.sampled_from(ALL_CARDS[:8]), max_size=8),
    st.lists(st.sampled_from(ALL_CARDS[:8]), max_size=12),
)
def test_first_missing_and_holds_are_the_multiset_tests(cards, hand):
    missing = Counter(cards) - Counter(hand)
    assert first_missing(cards, hand) == next(iter(missing), None)
    for card in ALL_CARDS[:9]:
        assert holds(hand, card) == (card in hand)


def test_trump_tables_are_shared_but_the_same_as_freshly_built():
    for level in (2, 7, 14):
        for suit in (None, "S", "D"):
            for twos in (False, True):
                first, again = Trump(level, suit, twos), Trump(level, suit, twos)
                assert first == again and hash(first) == hash(again)
                built = first._tables()
                assert (again._suit_of, again._step, again._strength, again._sort_key) == built


def test_the_remembered_trick_winner_is_trick_winner_in_any_order_of_questions():
    # _trick_so_far scores only the newest play when asked about the last trick plus one
    # play; asked in a shuffled order (other tricks, other trumps between), it must still be
    # trick_winner's answer.
    questions = []
    for rules in VIEW_RULES:
        for _rnd, view in _views(rules, range(2)):
            if view.phase == PLAYING and view.current_trick:
                questions.append((view.current_trick, view.trump))
    assert sum(len(plays[0][1]) > 1 for plays, _ in questions) > 20
    order = questions + random.Random(7).sample(questions, len(questions))
    for plays, trump in order:
        expected = plays[trick_winner([cards for _s, cards in plays], trump)][0]
        assert _trick_so_far(plays, trump)[0] == expected


def _plain_unseen_counts(view) -> list[int]:
    left = [view.rules.decks] * len(ALL_CARDS)
    for seen in (view.hand, view.played_cards, view.buried):
        for card in seen:
            left[card.index] -= 1
    return left


def test_remembered_unseen_counts_are_the_plain_ones_in_any_order_of_questions():
    # unseen_counts keeps the counts of the last played cards asked about and takes off only
    # the newer ones: asked about views of other hands, other rules and earlier tricks in a
    # shuffled order, it must still count every card afresh.
    views = [view for rules in VIEW_RULES for _rnd, view in _views(rules, range(2))]
    views = [view for view in views if view.phase == PLAYING]
    for view in views + random.Random(3).sample(views, len(views)):
        assert unseen_counts(view) == _plain_unseen_counts(view)


def test_the_trump_tables_by_card_index_are_the_methods():
    for level in (2, 9, 14):
        for suit in (None, "S", "C"):
            for twos in (False, True):
                trump = Trump(level, suit, twos)
                for card in ALL_CARDS:
                    i = card.index
                    assert trump.suit_by_index[i] == trump.suit_of(card)
                    assert trump.step_by_index[i] == trump.step(card)
                    assert trump.strength_by_index[i] == trump.strength(card)
                    assert trump.sort_key_by_index[i] == trump.sort_key(card)


three_decks = st.lists(st.sampled_from(ALL_CARDS[:6] + ALL_CARDS[24:30] + ALL_CARDS[52:]))


@given(three_decks.filter(lambda cs: max(Counter(cs).values(), default=0) <= 3), trumps(twos=None))
def test_units_as_records_and_as_cards_are_decompose(cards, trump):
    units = decompose(cards, trump)
    records = decompose_records(cards, trump)
    assert [Unit(*record) for record in records] == units
    for record, unit in zip(records, units, strict=True):
        assert (record.width, record.steps, record.shape, record.size) == (
            unit.width,
            unit.steps,
            unit.shape,
            unit.size,
        )


def _plain_multiset_combinations(cards, size):
    counts = Counter(cards)
    distinct = list(counts)

    def extend(start, remaining, chosen):
        if remaining == 0:
            yield list(chosen)
            return
        for i in range(start, len(distinct)):
            card = distinct[i]
            for copies in range(min(counts[card], remaining), 0, -1):
                yield from extend(i + 1, remaining - copies, chosen + [card] * copies)

    if 0 <= size <= len(cards):
        yield from extend(0, size, [])


@given(three_decks.filter(lambda cs: max(Counter(cs).values(), default=0) <= 3), st.integers(-1, 5))
def test_multiset_combinations_are_the_plain_recursion(cards, size):
    assert list(multiset_combinations(cards, size)) == list(
        _plain_multiset_combinations(cards, size)
    )


# --- generators seeded when first used ----------------------------------------------------------
def _first_use(name: str, rng: random.Random):
    """One first use of a generator, of each kind a player or the engine makes."""
    if name == "shuffle":
        cards = list(range(60))
        rng.shuffle(cards)
        return cards
    uses = {
        "random": lambda: rng.random(),
        "getrandbits": lambda: rng.getrandbits(70),
        "getstate": lambda: rng.getstate(),
        "choice": lambda: rng.choice(range(1000)),
        "sample": lambda: rng.sample(range(100), 5),
        "randint": lambda: rng.randint(1, 10**30),
        "gauss": lambda: (rng.gauss(0, 1), rng.gauss(0, 1)),
        "randbytes": lambda: rng.randbytes(9),
        "deepcopy": lambda: copy.deepcopy(rng).random(),
        "pickle": lambda: pickle.loads(pickle.dumps(rng)).random(),
        "seed": lambda: (rng.seed(5), rng.random()),
        "setstate": lambda: (rng.setstate(random.Random(9).getstate()), rng.random()),
    }
    return uses[name]()


@pytest.mark.parametrize(
    "use",
    [
        "random",
        "getrandbits",
        "getstate",
        "choice",
        "sample",
        "randint",
        "gauss",
        "randbytes",
        "deepcopy",
        "pickle",
        "seed",
        "setstate",
        "shuffle",
    ],
)
@given(seed=st.integers(min_value=0, max_value=2**256))
def test_seeded_when_used_draws_what_random_draws(use, seed):
    lazy, plain = SeededWhenUsed(seed), random.Random(seed)
    assert _first_use(use, lazy) == _first_use(use, plain)
    assert type(lazy) is random.Random  # a plain generator from its first use on
    assert lazy.getstate() == plain.getstate()
    assert [lazy.random() for _ in range(3)] == [plain.random() for _ in range(3)]


def test_seat_generators_are_seeded_only_when_drawn_from():
    rnd = Round(5)
    view = rnd.view(0)
    assert type(view.rng) is SeededWhenUsed and view.rng is rnd.seat_rng(0)
    seed = view.rng._seed_later  # the seed it will be given: SHA-256 of the game's seed and seat
    first = view.rng.random()
    assert type(rnd.seat_rng(0)) is random.Random and view.rng is rnd.seat_rng(0)
    assert first == random.Random(seed).random()
    assert seat_generator(5, 0)._seed_later == seed
