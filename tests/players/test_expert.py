"""ExpertPlayer (issue 34) and the pair inference it guesses with.

Strength and speed are measured by benchmarks/search_strength.py (results/arena_expert_*,
results/expert_decisions.*), never asserted here: these tests check that the player is legal
on every table, reproducible, fair (it decides from its view alone), that its guesses honour
what the table showed, and that the committed arena run replays from its seed.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import greedy_position as position

from shengji_edu.arena import ArenaResult, run_arena
from shengji_edu.course import result_path
from shengji_edu.game import PLAYING, PlayerView, Round, Table, play_round
from shengji_edu.game.records import hand_record
from shengji_edu.ladders import level_ladder
from shengji_edu.players import (
    PLAYER_TYPES,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    SmartPlayer,
    make_player,
)
from shengji_edu.players import expert as e
from shengji_edu.players.endgame import Position, solve
from shengji_edu.players.inference import shown_in_hand
from shengji_edu.players.pair_inference import break_pairs, pairless_suits
from shengji_edu.rules import _CHOICES, FLAGS, RuleSet

QUICK = {"work": 12, "solve_worlds": 3, "bury_work": 6}
"""Little work per decision: these tests check legality and fairness, not strength."""


def test_expert_is_registered_and_made_by_name():
    assert PLAYER_TYPES["expert"] is ExpertPlayer
    player = make_player("expert", work=40, depth=1, endgame=3, solve=2, guess="informed")
    assert (player.work, player.depth, player.endgame, player.solve) == (40, 1, 3, 2)


@pytest.mark.parametrize(
    "options",
    [
        {"work": 0},
        {"work": 2.5},
        {"work": True},
        {"depth": -1},
        {"endgame": "late"},
        {"solve": -2},
        {"solve_worlds": 0},
        {"leads": "most"},
        {"guess": "peek"},
        {"rollout": "oracle"},
        {"prior": "search"},
    ],
)
def test_bad_settings_are_value_errors_naming_the_setting(options):
    (name,) = options
    with pytest.raises(ValueError, match=name):
        make_player("expert", **options)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_expert_finishes_hands_legally(decks):
    rules = RuleSet(decks=decks)
    players = [ExpertPlayer(**QUICK), GreedyPlayer(), ExpertPlayer(**QUICK), RandomPlayer()]
    rnd = play_round(Round(decks, rules), players)
    assert rnd.result is not None


def variants() -> list[dict]:
    """Every §11 option away from its default, one at a time (and a throw penalty)."""
    base = RuleSet()
    found: list[dict] = [{"throw_penalty": 10}, {"kitty_max": 4}]
    found += [{flag: True} for flag in FLAGS]
    for name, accepted in _CHOICES.items():
        found += [{name: value} for value in accepted if value != getattr(base, name)]
    playable = []
    for options in found:
        try:
            RuleSet(**options)
        except ValueError:  # a one-deck rule
            options = {**options, "decks": 1}
        playable.append(options)
    return playable


def option_text(options: dict) -> str:
    return ",".join(f"{key}={value}" for key, value in options.items())


@pytest.mark.parametrize("options", variants(), ids=option_text)
def test_expert_plays_the_variants(options):
    rules = RuleSet(**options)
    first = level_ladder(rules)[0]
    rnd = Round(3, rules, levels=(first, first))
    play_round(rnd, [ExpertPlayer(**QUICK), GreedyPlayer()] * 2)
    assert rnd.result is not None


def at_the_bury(seed: int, rules: RuleSet) -> Round | None:
    """The round of ``seed`` dealt and declared by greedy players up to its first bury."""
    first = level_ladder(rules)[0]
    rnd = Round(seed, rules, levels=(first, first))
    table = Table(rnd, [GreedyPlayer()] * 4)
    while rnd.phase != "kitty" and rnd.result is None:
        table.step()
    return rnd if rnd.phase == "kitty" else None


@pytest.mark.parametrize("options", variants(), ids=option_text)
def test_the_searched_bury_is_legal_under_every_variant(options):
    rnd = at_the_bury(5, RuleSet(**options))
    if rnd is None:
        pytest.skip("no bury in this hand")
    view = rnd.view(rnd.turn)
    cards = ExpertPlayer(**QUICK).bury(view)
    rnd.bury(rnd.turn, cards)  # the engine's check: raises if the bury is illegal


def test_the_searched_bury_depends_only_on_the_view_and_zero_work_is_the_priors():
    rnd = at_the_bury(11, RuleSet())
    assert rnd is not None
    view = rnd.view(rnd.turn)
    again = PlayerView.from_data(view.to_data())
    state = view.rng.getstate()
    chosen = ExpertPlayer(bury_work=24).bury(view)
    view.rng.setstate(state)
    assert ExpertPlayer(bury_work=24).bury(again) == chosen
    unsearched = ExpertPlayer(bury_work=0)
    assert unsearched.bury(view) == unsearched.first.bury(view)


def test_the_searched_bury_picks_the_best_scoring_candidate(monkeypatch):
    """With every rollout valued by a rigged function, the bury with the best value is
    buried (and on ties the prior's, the first candidate)."""
    rnd = at_the_bury(12, RuleSet())
    assert rnd is not None
    view = rnd.view(rnd.turn)
    player = ExpertPlayer(bury_work=40)
    prior = player.first.bury(view)
    rigged = [None]

    def value(self, view_, hands, buried, seed, cards):
        if rigged[0] is None and sorted(cards) != sorted(prior):
            rigged[0] = sorted(cards)  # the first other candidate tried wins every world
        return 1.0 if sorted(cards) == rigged[0] else 0.0

    monkeypatch.setattr(e.ExpertPlayer, "bury_value", value)
    assert sorted(player.bury(view)) == rigged[0]
    monkeypatch.setattr(e.ExpertPlayer, "bury_value", lambda *args: 0.5)
    assert player.bury(view) == prior


def test_smart_rollouts_and_first_candidate_play_legally_and_replay():
    def record():
        player = ExpertPlayer(rollout="smart", prior="smart", guess="table", **QUICK)
        return hand_record(play_round(Round(78), [player, GreedyPlayer()] * 2))

    first = record()
    assert first == record()


def test_expert_replays_from_the_seed():
    def record():
        players = [ExpertPlayer(**QUICK), GreedyPlayer()] * 2
        return hand_record(play_round(Round(77), players))

    assert record() == record()


@pytest.mark.parametrize(("seed", "plays"), [(21, 13), (22, 60), (23, 70)])
def test_the_decision_depends_only_on_the_view(seed, plays):
    rnd = position(seed, plays)
    assert rnd.phase == PLAYING
    view = rnd.view(rnd.turn)
    again = PlayerView.from_data(view.to_data())  # no round behind it at all
    state = view.rng.getstate()
    player = ExpertPlayer(work=16, solve=3, solve_worlds=3, guess="table")
    mine = player.play(view)
    view.rng.setstate(state)
    assert ExpertPlayer(work=16, solve=3, solve_worlds=3, guess="table").play(again) == mine
    assert view.check(mine) or view.lead is None


def test_the_work_is_split_between_the_rounds_of_halving():
    rounds = ExpertPlayer().rounds
    assert rounds(5, 120) == [8, 13, 20]  # 5, then 3, then 2 candidates: 40 rollouts each
    assert rounds(2, 120) == [60]
    assert sum(n * k for n, k in zip(rounds(5, 120), (5, 3, 2), strict=True)) == 119


def test_the_solved_endgame_plays_what_the_solver_finds_with_the_cards_known(monkeypatch):
    # with every hand known (a guess that is the truth) the solved play must keep the
    # defenders' win or loss of the hand that perfect play reaches
    checked = 0
    for seed in range(30, 40):
        rnd = position(seed, 0)
        table = Table(rnd, [GreedyPlayer()] * 4)
        while rnd.phase == PLAYING and len(rnd.hand(rnd.turn)) > 3:
            table.step()
        if rnd.phase != PLAYING:
            continue
        view = rnd.view(rnd.turn)
        truth = (list(map(list, rnd.hands)), list(rnd.kitty))
        monkeypatch.setattr(ExpertPlayer, "guesser", lambda self, v, t=truth: lambda rng: t)
        play = ExpertPlayer(solve=3, solve_worlds=1).play(view)
        whole = solve(Position.from_round(rnd))
        need = rnd.rules.take_deal_points - whole.position.defender_points
        values = {tuple(sorted(c.cards)): c.value for c in whole.choices}
        assert (values[tuple(sorted(play))] >= need) == (whole.value >= need)
        checked += 1
    assert checked >= 3


def test_pairless_suits_come_from_following_pairs_without_pairs():
    # a full hand of greedy players: every seat that followed a pair lead with fewer pairs
    # of the suit than the lead held, according to the record, is listed
    rnd = position(5, 100)
    rules = rnd.rules
    for seat in range(4):
        found = pairless_suits(rnd.view(seat)) if rnd.phase == PLAYING else None
        if found is None:
            break
        assert seat not in found
    # and the inference is right: at the moment it is made, the seat truly has no pair
    for plays_done in range(0, 100, 4):
        rnd = position(6, plays_done)
        if rnd.phase != PLAYING:
            break
        view = rnd.view(rnd.turn)
        for seat, suits in pairless_suits(view).items():
            held = Counter(c for c in rnd.hand(seat) if rnd.trump.suit_of(c) in suits)
            assert all(n < 2 for n in held.values()), (seat, suits)
    assert rules.decks == 2


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(20, 90), draw=st.integers(0, 2**32))
def test_guesses_honour_voids_sizes_and_pairless_suits(seed, plays, draw):
    rnd = position(seed, plays)
    if rnd.phase != PLAYING:
        return
    view = rnd.view(rnd.turn)
    guess = ExpertPlayer(guess="table").guesser(view)
    hands, buried = guess(random.Random(draw))
    sizes = view.hand_sizes()
    unseen_before = sorted(c for s in range(4) if s != view.seat for c in rnd.hand(s))
    unseen_before += [] if view.buried else list(rnd.kitty)
    after = sorted(c for s in range(4) if s != view.seat for c in hands[s])
    after += [] if view.buried else list(buried)
    assert sorted(after) == sorted(unseen_before)  # the same cards, moved
    shown = shown_in_hand(view)
    for seat in range(4):
        assert len(hands[seat]) == sizes[seat]
        assert not any(rnd.trump.suit_of(c) in view.voids(seat) for c in hands[seat])
    for seat, suits in pairless_suits(view).items():
        held = Counter(c for c in hands[seat] if rnd.trump.suit_of(c) in suits)
        ok = all(n < 2 for n in held.values())
        assert ok or any(shown.get(seat, Counter())[c] for c in held), (seat, suits)


@pytest.mark.parametrize("seed", range(8, 14))
def test_break_pairs_splits_a_guessed_pair(seed):
    rnd = position(seed, 20)
    view = rnd.view(rnd.turn)
    hands = [list(h) for h in rnd.hands]
    kitty = list(rnd.kitty)
    trump = rnd.trump
    pairs = [
        (seat, card)
        for seat in range(4)
        if seat != view.seat
        for card, n in Counter(hands[seat]).items()
        if n >= 2
    ]
    assert pairs  # twenty cards into a two-deck hand, every seat still holds pairs
    seat, card = pairs[0]
    suit = trump.suit_of(card)
    before = sorted(c for s in range(4) for c in hands[s]) + sorted(kitty)
    break_pairs(view, hands, kitty, random.Random(seed), {seat: {suit}}, {})
    held = Counter(c for c in hands[seat] if trump.suit_of(c) == suit)
    assert all(n < 2 for n in held.values())
    assert hands[view.seat] == list(rnd.hands[view.seat])  # this seat's own hand is as it is
    assert [len(h) for h in hands] == [len(h) for h in rnd.hands]
    assert sorted(before) == sorted([c for h in hands for c in h] + kitty)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["vs_search", "rules_only_vs_search"])
def test_the_committed_arena_run_replays_its_first_deals(name):
    path = result_path(f"arena_expert_{name}.json")
    committed = ArenaResult.load(path)
    again = run_arena(committed.player_a, committed.player_b, 2, committed.seed, committed.rules)
    assert again.deals == committed.deals[:2]


def test_final_value_prefers_winning_and_then_a_safer_margin():
    rnd = play_round(Round(3), [GreedyPlayer()] * 4)
    winners = rnd.result.winning_team
    seat = winners  # seats 0 and 1 belong to teams 0 and 1
    assert e.final_value(rnd, seat) > 0.9 > e.final_value(rnd, 1 - seat)


@pytest.mark.slow
def test_the_committed_bury_search_run_replays_its_first_deals():
    """results/bury_search.json (benchmarks/bury_search.py) reruns from its seed."""
    import json
    from pathlib import Path

    from scripts import load_script

    script = load_script(Path("benchmarks/bury_search.py"), "bury_search")
    committed = json.loads(result_path("bury_search.json").read_text(encoding="utf-8"))
    again = run_arena(script.searched_bury(100, []), SmartPlayer, 3, committed["seed"])
    assert again.side_values("a")["hands_won"] == committed["trials"]["100"]["per_deal"][:3]
