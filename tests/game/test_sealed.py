"""Sealed players (RULES §9, issue 12): a player learns nothing hidden and changes nothing.

Spy players try every route the audit found, and more: rebuilding the deal from a world's
seed, lists shared with the real round, the game's generator (rewinding, reseeding, reading
its state), ``view._round`` and every attribute reachable from the view and from whatever
it returns, and writing to returned values. They must find nothing (no Round, seed, deck,
original kitty, other hand or other generator) and change nothing: the whole record of the
hand is the same with and without the spy.
"""

from __future__ import annotations

import contextlib
import copy
import json
import pickle
import random
import types
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu import Card, RuleSet, format_cards, new_deck
from shengji_edu.game import (
    DEALING,
    PLAYING,
    BadGuess,
    IllegalAction,
    PlayerView,
    PublicTable,
    RecordError,
    Round,
    Table,
    WrongPhase,
    hand_record,
    play_round,
)
from shengji_edu.game.round import seat_generator
from shengji_edu.players import (
    GreedyPlayer,
    MonteCarloPlayer,
    RandomPlayer,
    SearchPlayer,
    make_player,
)

SEED = 1_000_000_000_039  # far above 2**32: it cannot turn up by chance in a generator state


# --- walking everything reachable from a view ---------------------------------------------------
SKIP = (types.ModuleType, type, types.BuiltinFunctionType, types.CodeType)
SCALARS = (int, float, complex, str, bytes, bool, type(None))


def reachable(*roots, call_methods: bool = True):
    """Every object reachable from ``roots``: instance attributes (``__dict__`` and
    ``__slots__`` through the MRO), container items, properties' values, bound methods'
    ``__self__``, functions' closures, and the results of a view's zero-argument queries.

    Classes, modules and module-level functions are not followed (they are code, which
    anyone can import); the generators' internal state is plain numbers.
    """
    seen: dict[int, object] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, SKIP):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, SCALARS):
            continue
        if isinstance(obj, random.Random):
            stack.extend(obj.getstate())  # numbers only, but let the walk see them
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
            continue
        if isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        if isinstance(obj, types.MethodType):
            stack.append(obj.__self__)
            stack.append(obj.__func__)
            continue
        if isinstance(obj, types.FunctionType):
            stack.extend(c.cell_contents for c in obj.__closure__ or () if _filled(c))
            stack.extend(obj.__defaults__ or ())
            continue
        if hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())
        for klass in type(obj).__mro__:
            for name in getattr(klass, "__slots__", ()):
                with contextlib.suppress(AttributeError):
                    stack.append(getattr(obj, name))
        for name in dir(type(obj)):
            attr = getattr(type(obj), name, None)
            if isinstance(attr, property):
                with contextlib.suppress(Exception):  # a property may refuse in this phase
                    stack.append(getattr(obj, name))
            elif call_methods and isinstance(obj, PlayerView) and name in QUERIES:
                stack.append(QUERIES[name](obj))
            elif callable(attr) and not name.startswith("__"):
                with contextlib.suppress(Exception):
                    stack.append(getattr(obj, name))  # bound methods: follow __self__
    return list(seen.values())


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


QUERIES = {
    "hand_sizes": lambda v: v.hand_sizes(),
    "to_data": lambda v: v.to_data(),
    "voids": lambda v: [v.voids(s) for s in range(4)],
    "check": lambda v: v.check(list(v.hand[:1])),
    "check_bury": lambda v: v.check_bury(list(v.hand[:8])),
}


def secrets(rnd: Round, seat: int) -> dict:
    """What seat ``seat`` must never reach, in the real round as it is now."""
    others = [rnd.hand(s) for s in range(4) if s != seat]
    kitties = []
    if rnd.dealer != seat or rnd.phase in (DEALING, "auction"):  # the dealer took the kitty
        kitties = [tuple(rnd.deck[100:]), rnd.kitty]
    mutable = {
        id(o): o
        for o in reachable(rnd, call_methods=False)
        if isinstance(o, (list, dict, set, random.Random)) and o is not rnd.seat_rng(seat)
    }
    # A hidden set is looked for only while the seat has many more unseen cards than the
    # set holds: late in a hand a guess can be right by chance or by deduction (once every
    # other card is played, the unseen cards are the kitty), which is no leak.
    view = rnd.view(seat)
    unseen = Counter(new_deck()) - Counter(view.hand) - Counter(view.played_cards)
    unseen = sum((unseen - Counter(view.buried)).values())

    def hidden(cards) -> bool:
        return len(cards) >= 6 and unseen - len(cards) >= 16

    return {
        "round": rnd,
        "seed": rnd.seed,
        "deck": rnd.deck,
        "hands": [h for h in others if hidden(h)],
        "kitties": [k for k in kitties if hidden(k)],
        "generators": [rnd.rng] + [rnd.seat_rng(s) for s in range(4) if s != seat],
        "mutable": mutable,
    }


def assert_sealed(found, secret: dict) -> None:
    texts = {format_cards(h) for h in secret["hands"] + secret["kitties"]}
    texts.add(format_cards(secret["deck"]))
    for obj in found:
        assert obj is not secret["round"], "reached the real Round"
        assert not any(obj is g for g in secret["generators"]), "reached another generator"
        if isinstance(obj, int) and not isinstance(obj, bool):
            assert obj != secret["seed"], "reached the seed"
        if isinstance(obj, str):
            assert str(secret["seed"]) not in obj, "the seed in some text"
            assert obj not in texts, "another hand, the kitty or the deck as text"
        if isinstance(obj, (tuple, list)) and len(obj) >= 6 and all(type(c) is Card for c in obj):
            assert tuple(obj) != secret["deck"], "reached the deck"
            for hidden in secret["hands"] + secret["kitties"]:
                assert Counter(obj) != Counter(hidden), "reached another hand or the kitty"
        if isinstance(obj, (list, dict, set, random.Random)):
            shared = secret["mutable"].get(id(obj)) is obj
            assert not shared, f"shares a mutable {type(obj).__name__} with the real round"


# --- spies ----------------------------------------------------------------------------------------
class Lowest:
    """Deterministic and needs no randomness: plays the weakest legal cards."""

    name = "lowest"

    def declare(self, view):
        return None

    def bury(self, view):
        return sorted(view.hand, key=view.trump.strength)[:8]

    def play(self, view):
        return GreedyPlayer().follow(view) if view.lead is not None else [view.hand[0]]


class Spy(Lowest):
    """Plays like Lowest, and before each decision tries every route to hidden cards."""

    name = "spy"

    def __init__(self, rnd: Round | None = None):
        self.rnd = rnd  # the test's handle on the truth, never used to decide
        self.checked = 0

    def probe(self, view):
        if self.rnd is None:
            return
        secret = secrets(self.rnd, view.seat)
        own = view.rng
        state = own.getstate()
        found = reachable(view)
        if view.phase == PLAYING:
            world = view.sample_world(random.Random(3))
            assert world.seed is None and world.deck == () and world is not self.rnd
            with pytest.raises(ValueError):
                Round(world.seed)  # no seed to rebuild the deal from
            hands, buried = view.sample_hands(random.Random(4))
            guess = view.what_if(hands, buried, seed=5)
            found += reachable(world, guess, call_methods=False)
            found += reachable(world.view(view.seat), guess.view((view.seat + 1) % 4))
        assert_sealed(found, secret)
        with pytest.raises(AttributeError):
            view._round  # noqa: B018
        own.setstate(state)
        self.checked += 1

    def declare(self, view):
        self.probe(view)
        return super().declare(view)

    def bury(self, view):
        self.probe(view)
        return super().bury(view)

    def play(self, view):
        self.probe(view)
        return super().play(view)


class Meddler(Lowest):
    """Plays like Lowest, and does everything it can to its generator and what it is given."""

    name = "meddler"

    def meddle(self, view):
        rng = view.rng
        start = rng.getstate()
        rng.random(), rng.getrandbits(64), rng.shuffle(list(range(30)))
        rng.seed(0)
        rng.seed(SEED)  # even the real seed: it is only this seat's generator
        rng.setstate(start)  # and rewinding replays only its own draws
        for option in view.legal_declarations:
            option.clear()  # fresh lists: nothing to spoil
        with pytest.raises(AttributeError):
            view.seat = 3
        with pytest.raises((AttributeError, TypeError)):
            view.public.tricks.append(None)
        with pytest.raises(AttributeError):
            view.public.phase = "finished"
        if view.phase == PLAYING:
            world = view.sample_world(rng)
            table = Table(world, [GreedyPlayer()] * 4)  # play the world out: only it changes
            while world.phase == PLAYING:
                table.step()
        rng.random()  # draws that change only this seat's own future choices

    def declare(self, view):
        self.meddle(view)
        return super().declare(view)

    def bury(self, view):
        self.meddle(view)
        return super().bury(view)

    def play(self, view):
        self.meddle(view)
        return super().play(view)


def full_record(rnd: Round) -> str:
    return json.dumps(hand_record(rnd), sort_keys=True)


def play_with(seed: int, players, rules=RuleSet(), dealer=None) -> Round:
    rnd = Round(seed, rules, dealer=dealer)
    for player in players:
        if isinstance(player, Spy):
            player.rnd = rnd
    play_round(rnd, players)
    return rnd


# --- the routes of the audit ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", [SEED, SEED + 1, SEED + 2])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_spy_reaches_nothing_hidden_and_changes_nothing(seed, seat):
    others = [RandomPlayer(), GreedyPlayer(), RandomPlayer(), GreedyPlayer()]
    plain = others.copy()
    plain[seat] = Lowest()
    spied = others.copy()
    spy = spied[seat] = Spy()
    baseline = play_with(seed, [copy.copy(p) for p in plain])
    watched = play_with(seed, spied)
    assert spy.checked > 10
    assert full_record(watched) == full_record(baseline)


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(bidding="after_deal", throw_penalty=10)])
def test_a_meddler_changes_nobody_elses_choices(rules):
    for seed in range(SEED, SEED + 4):
        for seat in range(4):
            players = [RandomPlayer() for _ in range(4)]
            players[seat] = Lowest()
            baseline = play_with(seed, players, rules)
            players = [RandomPlayer() for _ in range(4)]
            players[seat] = Meddler()
            meddled = play_with(seed, players, rules)
            assert full_record(meddled) == full_record(baseline)


def test_what_if_worlds_carry_no_seed_no_deck_and_share_nothing():
    rnd = play_to(SEED, tricks=3)
    view = rnd.view(rnd.turn)
    for world in (
        view.sample_world(random.Random(1)),
        view.what_if(*view.sample_hands(random.Random(2)), seed=3),
        rnd.what_if(rnd.hands, rnd.kitty, seed=4),
    ):
        assert world.seed is None and world.deck == ()
        assert world.rng is not rnd.rng and world.seat_rng(0) is not rnd.seat_rng(0)
        alive = reachable(rnd, call_methods=False)  # kept: a freed object's id may come back
        ours = {id(o) for o in alive if _mutable(o)}
        theirs = [o for o in reachable(world, call_methods=False) if _mutable(o)]
        assert not [o for o in theirs if id(o) in ours], "a world shares a list with the round"
        before = full_record(rnd)
        Table(world, [GreedyPlayer()] * 4).run()
        assert world.result is not None and full_record(rnd) == before
    with pytest.raises(ValueError, match="dealt"):
        hand_record(world)  # a world was never dealt: it has no record to give away


def _mutable(obj) -> bool:
    return isinstance(obj, (list, dict, set, random.Random))


def test_the_game_generator_and_other_seats_are_out_of_reach():
    rnd = play_to(SEED, tricks=2)
    seat = rnd.turn
    view = rnd.view(seat)
    game = rnd.rng.getstate()
    others = [rnd.seat_rng(s).getstate() for s in range(4) if s != seat]
    assert view.rng is rnd.seat_rng(seat) and view.rng is not rnd.rng
    view.rng.seed(SEED)
    view.rng.setstate(random.Random(SEED).getstate())
    view.rng.random()
    assert rnd.rng.getstate() == game
    assert [rnd.seat_rng(s).getstate() for s in range(4) if s != seat] == others
    # The seat's generator is not the game's, nor made from the bare seed.
    for s in range(4):
        assert seat_generator(SEED, s).getstate() != random.Random(SEED).getstate()
        assert seat_generator(SEED, s).getstate() != random.Random(SEED + s).getstate()
    assert len({seat_generator(SEED, s).random() for s in range(4)}) == 4


def test_view_has_no_round_and_its_values_are_immutable():
    rnd = play_to(SEED, tricks=4)
    view = rnd.view(rnd.turn)
    assert not hasattr(view, "_round") and not hasattr(view, "__dict__")
    for name in ("hand", "tricks", "current_trick", "played_cards", "declarations", "buried"):
        assert isinstance(getattr(view, name), tuple), name
    assert isinstance(view.public, PublicTable) and isinstance(view.voids(0), frozenset)
    for trick in view.tricks:
        with pytest.raises(AttributeError):
            trick.winner = 0
    with pytest.raises(AttributeError):
        view.hand = ()
    before = full_record(rnd)
    view.legal_declarations.append([])  # a fresh list each time
    copy.deepcopy(view).rng.random()  # a deep copy's generator is a copy
    assert full_record(rnd) == before and rnd.hand(view.seat) == view.hand


def test_the_dealer_alone_sees_the_kitty_it_buried():
    rnd = play_to(SEED, tricks=1)
    for seat in range(4):
        view = rnd.view(seat)
        assert view.buried == (rnd.kitty if seat == rnd.dealer else ())
        world = view.sample_world(random.Random(seat))
        if seat == rnd.dealer:
            assert world.kitty == rnd.kitty
        else:  # the kitty is guessed like the hands
            assert len(world.kitty) == 8


def test_sampled_worlds_fit_the_view():
    rnd = play_to(SEED, tricks=6)
    view = rnd.view(rnd.turn)
    for n in range(20):
        world = view.sample_world(random.Random(n))
        assert world.hand(view.seat) == view.hand
        assert tuple(len(world.hand(s)) for s in range(4)) == view.hand_sizes()
        for s in range(4):
            if s != view.seat:
                assert not any(view.trump.suit_of(c) in view.voids(s) for c in world.hand(s))
        every = Counter(c for s in range(4) for c in world.hand(s))
        every += Counter(world.kitty) + Counter(view.played_cards)
        assert every == Counter(new_deck())
        assert world.tricks == view.tricks and world.turn == view.turn


def test_a_world_is_refused_outside_play_and_with_a_wrong_guess():
    rnd = Round(SEED)
    rnd.deal_next()
    view = rnd.view(0)
    with pytest.raises(IllegalAction):
        view.sample_world(random.Random(0))
    rnd = play_to(SEED, tricks=1)
    view = rnd.view(rnd.turn)
    hands, buried = view.sample_hands(random.Random(0))
    with pytest.raises(WrongPhase):
        Round.world(Round(SEED).public, hands, buried, 1)
    for bad in (
        (hands[:3], buried, 1),
        ([h[:-1] for h in hands], buried, 1),
        (hands, buried[:7], 1),
        (hands, buried, True),
        (hands, buried, "1"),
        ([[None]] * 4, buried, 1),
        ("S2 S3", buried, 1),
    ):
        with pytest.raises(BadGuess):
            view.what_if(*bad)


# --- determinism ----------------------------------------------------------------------------------
KINDS = ["random", "greedy", "lowest"]


def build(kind: str):
    return Lowest() if kind == "lowest" else make_player(kind)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    kinds=st.lists(st.sampled_from(KINDS), min_size=4, max_size=4),
    after_deal=st.booleans(),
)
def test_the_same_seed_replays_card_for_card_with_any_mix_of_players(seed, kinds, after_deal):
    rules = RuleSet(bidding="after_deal") if after_deal else RuleSet()
    first = play_with(seed, [build(k) for k in kinds], rules)
    again = play_with(seed, [build(k) for k in kinds], rules)
    assert full_record(first) == full_record(again)
    assert first.deck == Round(seed).deck  # the deal never depends on the players
    stepped = Round(seed, rules)
    players = [build(k) for k in kinds]
    while stepped.phase != "finished":  # a new Table for every step, like a front end
        Table(stepped, players).step()
    assert full_record(stepped) == full_record(first)


def test_driving_the_round_by_hand_replays_the_table():
    seed = SEED + 7
    players = [RandomPlayer() for _ in range(4)]
    by_table = play_with(seed, players)
    rnd = Round(seed)  # no Table at all: we drive the round and make the views ourselves
    while rnd.phase == DEALING and rnd.dealt < 100:
        receiver = rnd.next_receiver
        rnd.deal_next()
        for k in range(4):
            seat = (receiver + k) % 4
            if rnd.legal_declarations(seat):
                choice = players[seat].declare(rnd.view(seat))
                if choice:
                    rnd.declare(seat, choice)
    last = (rnd.first_receiver() + 99) % 4
    for k in range(4):
        seat = (last + k) % 4
        if rnd.legal_declarations(seat):
            choice = players[seat].declare(rnd.view(seat))
            if choice:
                rnd.declare(seat, choice)
    rnd.finish_deal()
    rnd.bury(rnd.dealer, players[rnd.dealer].bury(rnd.view(rnd.dealer)))
    while rnd.phase == PLAYING:
        seat = rnd.turn
        rnd.play(seat, players[seat].play(rnd.view(seat)))
    assert full_record(rnd) == full_record(by_table)


@pytest.mark.parametrize("searcher", [MonteCarloPlayer, SearchPlayer])
def test_search_players_are_deterministic_and_their_rollouts_touch_nothing(searcher):
    players = [searcher(samples=2, depth=1), RandomPlayer()] * 2
    first = play_with(SEED, players)
    assert full_record(play_with(SEED, players)) == full_record(first)
    assert first.deck == Round(SEED).deck  # searching never touches the deal


@pytest.mark.parametrize("seat", [0, 1])
def test_a_search_player_beside_a_spy_changes_nothing_and_finds_nothing(seat):
    """The spy's probes (every route to hidden cards) run before each of its decisions while
    a SearchPlayer searches its worlds at the next seat: the record is the same without it."""
    others = [SearchPlayer(samples=2, depth=1), GreedyPlayer()] * 2
    plain = others.copy()
    plain[seat] = Lowest()
    spied = others.copy()
    spy = spied[seat] = Spy()
    baseline = play_with(SEED + 5, [copy.copy(p) for p in plain])
    watched = play_with(SEED + 5, spied)
    assert spy.checked > 10
    assert full_record(watched) == full_record(baseline)


# --- plain data for other processes ---------------------------------------------------------------
@pytest.mark.parametrize("tricks", [0, 5])
def test_a_view_round_trips_through_plain_data(tricks):
    rnd = play_to(SEED + 3, tricks=tricks, rules=RuleSet(bidding="after_deal", throw_penalty=10))
    for seat in range(4):
        view = rnd.view(seat)
        data = json.loads(json.dumps(view.to_data()))
        again = PlayerView.from_data(data)
        assert again.to_data() == view.to_data()
        assert again.public == view.public and again.hand == view.hand
        assert again.rng.getstate() == view.rng.getstate() and again.rng is not view.rng
        if seat == rnd.turn:
            state = view.rng.getstate()
            for searcher in (MonteCarloPlayer, SearchPlayer):
                view.rng.setstate(state)
                mine = searcher(samples=2).play(view)
                again.rng.setstate(state)
                assert searcher(samples=2).play(again) == mine
    assert pickle.loads(pickle.dumps(view)).to_data() == view.to_data()


def test_a_view_of_the_deal_and_of_a_finished_hand_round_trip():
    rnd = Round(SEED)
    for _ in range(30):
        rnd.deal_next()
    view = rnd.view(2)
    assert PlayerView.from_data(view.to_data()).legal_declarations == view.legal_declarations
    done = play_with(SEED, [GreedyPlayer()] * 4)
    view = done.view(0)
    assert PlayerView.from_data(view.to_data(rng=False)).public == view.public


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(seat=True),
        lambda d: d.update(hand="S2 ſ3"),
        lambda d: d.update(rng=[3, [1, 2], None]),
        lambda d: d["table"].update(phase="lunch"),
        lambda d: d["table"].update(levels=[2.0, 2]),
        lambda d: d["table"].update(voids=[["X"], [], [], []]),
        lambda d: d["table"]["tricks"][0].update(plays="S2"),
        lambda d: d["table"].update(trump={"level": 2, "suit": "Z"}),
        lambda d: d["table"].pop("hand_sizes"),
        lambda d: d.update(format="pickle"),
    ],
)
def test_bad_view_data_is_a_record_error(edit):
    rnd = play_to(SEED, tricks=2)
    data = rnd.view(1).to_data()
    edit(data)
    with pytest.raises(RecordError) as info:
        PlayerView.from_data(data)
    assert str(info.value)


def test_views_are_cheap_and_snapshots():
    rnd = play_to(SEED, tricks=1)
    view = rnd.view(rnd.turn)
    before = view.to_data()
    rnd.play(rnd.turn, GreedyPlayer().play(view))
    assert view.to_data() == before  # the view does not move with the game
    assert rnd.view(0).to_data() == Table(rnd, [None] * 4).view(0).to_data()


# --- helpers --------------------------------------------------------------------------------------
def play_to(seed: int, tricks: int, rules=RuleSet()) -> Round:
    """A hand played by greedy players until ``tricks`` tricks are done (then mid-trick if
    possible, so a lead is on the table)."""
    rnd = Round(seed, rules)
    table = Table(rnd, [GreedyPlayer()] * 4)
    while rnd.phase != PLAYING:
        table.step()
    while len(rnd.tricks) < tricks:
        table.step()
    table.step()  # the lead of the next trick
    assert rnd.phase == PLAYING
    return rnd
