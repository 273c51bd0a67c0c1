"""Gin Rummy's LookaheadPlayer and the guesses it makes (shengji_edu.gin.players), and the
arena's processes and timing: legal, reproducible, sealed, and equal to brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu.gin import (
    Action,
    GinHand,
    GreedyPlayer,
    LookaheadPlayer,
    deadwood,
    make_player,
    parse_hand,
    play_hand,
    run_arena,
)
from shengji_edu.gin.engine import STOCK, TAKE
from shengji_edu.gin.melds import to_mask
from shengji_edu.gin.players import (
    KNOCK_BONUS,
    BadOption,
    guess_hands,
    ranked_discards,
    refused,
    would_take,
)

SETTINGS = [{}, {"samples": 6}, {"guesses": 3}, {"depth": 2, "samples": 3}]


def position(seed: int, steps: int) -> GinHand:
    """A hand after ``steps`` greedy actions (or fewer, if it ends first: then one less)."""
    hand = GinHand(seed)
    greedy = GreedyPlayer()
    for _ in range(steps):
        before = hand.history.copy()
        hand.act(hand.turn, greedy.act(hand.view(hand.turn)))
        if hand.over:  # step back: replay one action fewer
            hand = GinHand(seed)
            for seat, action in before:
                hand.act(seat, action)
            break
    return hand


@pytest.mark.parametrize("options", SETTINGS)
def test_plays_legal_hands_and_a_seed_replays_them(options):
    def run(seed):
        players = [LookaheadPlayer(**options), GreedyPlayer()]
        return play_hand(GinHand(seed), players)

    for seed in range(3):
        hand = run(seed)  # every action went through GinHand.act, which checks it
        assert hand.over and hand.history == run(seed).history


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30), st.sampled_from(SETTINGS))
def test_sealed_the_hidden_cards_do_not_change_its_choice(seed, steps, options):
    """Shuffle what the player cannot see (the opponent's unknown cards and the stock): with
    its generator in the same state, it must choose the same action."""
    hand = position(seed, steps)
    seat = hand.turn
    rng = hand.seat_rng(seat)
    state = rng.getstate()
    first = LookaheadPlayer(**options).act(hand.view(seat))
    known = set(hand.view(seat).opponent_known())
    other = hand.hands[1 - seat]
    hidden = [c for c in other if c not in known] + hand.stock
    random.Random(steps).shuffle(hidden)
    keep = [c for c in other if c in known]
    hand.hands[1 - seat] = keep + hidden[: len(other) - len(keep)]
    hand.stock = hidden[len(other) - len(keep) :]
    rng.setstate(state)
    assert LookaheadPlayer(**options).act(hand.view(seat)) == first


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_depth_zero_is_greedy(seed, steps):
    hand = position(seed, steps)
    view = hand.view(hand.turn)
    assert LookaheadPlayer(depth=0).act(view) == GreedyPlayer().act(view)


def reference_value(hand: list[int], unseen: list[int], limit: int = 10) -> float:
    """Brute force with the exact meld search: the average over the unseen cards of the
    best score kept after drawing each (deadwood, plus the bonus when it cannot knock)."""

    def score(cards):
        left = deadwood(cards)
        return left if left <= limit else left + KNOCK_BONUS

    total = 0.0
    for card in unseen:
        grown = [*hand, card]
        total += min(score([c for c in grown if c != out]) for out in grown)
    return total / len(unseen)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_discard_and_draw_match_brute_force(seed, steps):
    hand = position(seed, steps)
    view = hand.view(hand.turn)
    action = LookaheadPlayer().act(view)
    unseen = view.unseen()
    if view.phase == "discard":
        options = ranked_discards(view)
        if deadwood(list(view.hand)) == 0 or options[0][0] <= 10:
            assert action.kind == "knock"  # it knocks as soon as it may, like greedy
            return
        values = {c: reference_value([x for x in view.hand if x != c], unseen) for _, c in options}
        assert action.kind == "discard"
        assert values[action.card] <= min(values.values()) + 1e-9
    else:
        stock = reference_value(list(view.hand), unseen)
        if TAKE not in view.legal_actions():
            assert action == STOCK
            return
        grown = [*view.hand, view.top]
        limit = view.rules.knock_limit
        kept = min(
            (d if d <= limit else d + KNOCK_BONUS)
            for d in (deadwood([c for c in grown if c != out]) for out in view.hand)
        )
        assert (action == TAKE) == (kept < stock - 1e-9)


def test_keeps_the_pair_that_can_become_a_set():
    # After drawing, seat 1 holds two melds, KS KH, 9D and the 2C: greedy throws a king
    # (19 left instead of 20); the pair of kings has two cards to wait for, the 9D none.
    hand = GinHand(0, deck=_deck("AS 2S 3S 4H 4D 4C KS KH 9D 2C", "2H", "5C"))
    hand.act(1, Action("pass"))
    hand.act(0, Action("pass"))
    hand.act(1, STOCK)
    view = hand.view(1)
    assert GreedyPlayer().act(view).card in parse_hand("KS KH")
    assert LookaheadPlayer().act(view) == Action("discard", "9D")


def _deck(first: str, upcard: str, stock_top: str) -> list[int]:
    """Non-dealer ``first``; the dealer gets the next cards in id order that are not named."""
    named = parse_hand(first) + parse_hand([upcard, *stock_top.split()])
    rest = [c for c in range(52) if c not in named]
    dealer, rest = rest[:10], rest[10:]
    deck = [c for pair in zip(parse_hand(first), dealer, strict=True) for c in pair]
    return deck + parse_hand([upcard, *stock_top.split()]) + rest


def test_refused_reads_the_pile_from_the_history():
    hand = position(3, 12)
    view = hand.view(hand.turn)
    other = 1 - view.seat
    thrown = [a.card for s, a in view.history if s == other and a.kind == "discard"]
    got = refused(view)
    assert set(thrown) <= set(got)
    assert not set(got) & set(view.opponent_known())  # it kept none of them
    fresh = GinHand(5)
    fresh.act(1, Action("pass"))
    assert refused(fresh.view(0)) == [fresh.discards[0]]  # it passed on the upcard


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30), st.integers(1, 6))
def test_guessed_hands_fit_what_was_seen(seed, steps, guesses):
    hand = position(seed, steps)
    view = hand.view(hand.turn)
    hands = guess_hands(view, random.Random(seed), guesses)
    unseen = set(view.unseen())
    known = set(view.opponent_known())
    assert len(hands) == guesses
    for guess in hands:
        assert len(guess) == len(set(guess)) == view.opponent_size
        assert known <= set(guess) and set(guess) - known <= unseen


def test_would_take_is_greedys_rule():
    hand = parse_hand("AS 2S 5H 6H 9D TD JC QC KC 4S")
    assert would_take(to_mask(hand), parse_hand("3S")[0])  # completes A-2-3
    assert would_take(to_mask(hand), parse_hand("AH")[0])  # replaces a king
    assert not would_take(to_mask(hand), parse_hand("KH")[0])


@pytest.mark.parametrize(
    "options, message",
    [
        ({"samples": 0}, "samples must be a whole number, 1 or more"),
        ({"samples": 2.5}, "samples must be a whole number"),
        ({"depth": 3}, "depth must be a whole number, 0 to 2"),
        ({"depth": True}, "depth must be a whole number"),
        ({"guesses": -1}, "guesses must be a whole number, 0 or more"),
        ({"time": 0}, "time must be a number of seconds above 0"),
        ({"depth": 2}, "give samples"),
    ],
)
def test_bad_settings_say_what_is_allowed(options, message):
    with pytest.raises(BadOption, match=message):
        LookaheadPlayer(**options)
    assert issubclass(BadOption, ValueError)


def test_a_time_limit_still_gives_a_legal_choice():
    hand = position(11, 6)
    view = hand.view(hand.turn)
    assert LookaheadPlayer(time=1e-9).act(view) in view.legal_actions()


def test_make_player_knows_lookahead():
    player = make_player("lookahead", samples=4)
    assert isinstance(player, LookaheadPlayer) and player.samples == 4


# --- arena: processes and timing ------------------------------------------------------------
def test_processes_give_the_same_deals():
    one = run_arena("lookahead", "greedy", 3, seed=4)
    two = run_arena("lookahead", "greedy", 3, seed=4, processes=2)
    assert one.deals == two.deals and one.decision_times() is None


def test_timed_arena_reports_decision_times():
    result = run_arena(("lookahead", {"samples": 4}), "greedy", 2, seed=1, timed=True)
    times = result.decision_times()
    decisions = sum(len(run["a_seconds"]) for deal in result.deals for run in deal["runs"])
    assert times["decisions"] == decisions > 0
    assert 0 <= times["median_ms"] <= times["p95_ms"] <= times["max_ms"]
    untimed = run_arena(("lookahead", {"samples": 4}), "greedy", 2, seed=1)
    strip = [
        [{k: v for k, v in r.items() if k != "a_seconds"} for r in d["runs"]] for d in result.deals
    ]
    assert strip == [d["runs"] for d in untimed.deals]  # timing changes no result


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"deals": 0}, "play at least one deal"),
        ({"deals": 2.0}, "play at least one deal"),
        ({"deals": 1, "processes": 0}, "processes must be a whole number"),
        ({"deals": 1, "seed": "x"}, "the seed must be a whole number"),
    ],
)
def test_arena_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        run_arena("greedy", "greedy", **kwargs)
