"""Swiss rounds (shengji_edu/tournament/swiss.py): the pairing's properties on random results,
and a Swiss ranking close to the round robin's on bots of known strength (small here; the
16-bot measurement is benchmarks/swiss_agreement.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu.tournament.swiss import Round, SwissError, pair_round, standings


def play_rounds(names, count, seed, strength=None, hands=4):
    """Pair and 'play' ``count`` rounds; a match's hands go to the stronger bot mostly."""
    strength = strength or {n: 0.0 for n in names}
    rng = random.Random(seed)
    rounds, won = [], {}
    for _ in range(count):
        scores = standings(names, rounds, won, hands)
        round_ = pair_round(names, rounds, scores, seed)
        for a, b in round_.pairs:
            p = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            a_won = sum(rng.random() < p for _ in range(hands))
            won[(a, b)] = (a_won, hands - a_won)
        rounds.append(round_)
    return rounds, won


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 17), st.integers(0, 2**32), st.data())
def test_every_bot_plays_once_per_round_no_rematch_byes_rotate(n, seed, data):
    names = [f"bot{i}" for i in range(n)]
    count = data.draw(st.integers(1, max(1, n // 2)))
    rounds, _ = play_rounds(names, count, seed)
    met = set()
    for round_ in rounds:
        seen = [name for pair in round_.pairs for name in pair] + [round_.bye] * (n % 2)
        assert sorted(seen) == sorted(names)  # each bot exactly once: a match or the bye
        for a, b in round_.pairs:
            assert a != b and frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
    byes = [r.bye for r in rounds if r.bye]
    assert len(byes) == len(set(byes)) or len(byes) > n  # nobody twice before all had one


@given(st.integers(2, 12), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_the_pairings_follow_from_the_seed_and_results_alone(n, seed):
    names = [f"b{i}" for i in range(n)]
    first = play_rounds(names, max(1, n // 2), seed)
    again = play_rounds(list(reversed(names)), max(1, n // 2), seed)  # another folder order
    assert first == again


def test_the_top_of_the_field_meets_itself():
    names = [f"b{i}" for i in range(8)]
    won = {}
    rounds = [Round(1, (("b0", "b1"), ("b2", "b3"), ("b4", "b5"), ("b6", "b7")))]
    for a, b in rounds[0].pairs:
        won[(a, b)] = (4, 0)  # b0, b2, b4, b6 won everything
    scores = standings(names, rounds, won, 4)
    second = pair_round(names, rounds, scores, seed=1)
    winners = {"b0", "b2", "b4", "b6"}
    assert all((a in winners) == (b in winners) for a, b in second.pairs)


def test_a_bye_is_worth_half_a_match_and_too_many_rounds_is_an_error():
    rounds = [Round(1, (("a", "b"),), bye="c")]
    assert standings(["a", "b", "c"], rounds, {("a", "b"): (3, 1)}, 4) == {
        "a": 3,
        "b": 1,
        "c": 2,
    }
    names = ["a", "b", "c", "d"]
    played, _ = play_rounds(names, 3, 7)  # 4 bots: 3 rounds meet everyone once
    with pytest.raises(SwissError, match="without a rematch"):
        pair_round(names, played, {}, 7)


def spearman(x, y):
    n = len(x)
    rank = lambda v: {k: i for i, k in enumerate(sorted(v, key=lambda k: -v[k]))}  # noqa: E731
    rx, ry = rank(x), rank(y)
    return 1 - 6 * sum((rx[k] - ry[k]) ** 2 for k in x) / (n * (n * n - 1))


def test_swiss_ranks_known_strengths_close_to_the_round_robin():
    """Bots 60 Elo apart, 16 hands a match: 5 Swiss rounds agree with every pair played
    (the same simulated matches), ranked by hands won per match."""
    names = [f"s{i:02}" for i in range(16)]
    strength = {n: 60.0 * i for i, n in enumerate(names)}
    rounds, won = play_rounds(names, 5, seed=3, strength=strength, hands=16)
    rng = random.Random(4)
    share_rr = {n: 0.0 for n in names}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            k = sum(rng.random() < p for _ in range(16))
            share_rr[a] += k
            share_rr[b] += 16 - k
    swiss = standings(names, rounds, won, 16)
    assert spearman(swiss, strength) >= 0.8
    assert spearman(swiss, share_rr) >= 0.8
