"""SearchPlayer (issue 17) and the search settings shared with MonteCarloPlayer.

Strength is measured by the arena (results/arena_search_*), never asserted here: these tests
check that the player is legal, reproducible, fair (it decides from its view alone) and that
its settings mean what their names say.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import greedy_position as position

from shengji_edu.arena import parse_spec, player_settings, run_arena
from shengji_edu.game import PLAYING, PlayerView, Round, Table, play_round
from shengji_edu.game.records import hand_record
from shengji_edu.players import (
    PLAYER_TYPES,
    GreedyPlayer,
    MonteCarloPlayer,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from shengji_edu.players import search as s
from shengji_edu.players.montecarlo import MAX_CANDIDATES, candidate_plays, play_on
from shengji_edu.rules import RuleSet


def test_search_is_registered_and_made_by_name():
    assert PLAYER_TYPES["search"] is SearchPlayer
    player = make_player("search", samples=3, depth=2, time=0.5)
    assert (player.samples, player.depth, player.time) == (3, 2, 0.5)
    assert make_player("search", depth="end").depth is None
    assert parse_spec("search:samples=4,depth=end") == ("search", {"samples": 4, "depth": "end"})


@pytest.mark.parametrize(
    "options",
    [
        {"samples": 0},
        {"samples": 2.5},
        {"samples": True},
        {"depth": -1},
        {"depth": "far"},
        {"depth": 1.5},
        {"time": 0},
        {"time": -1.0},
        {"time": True},
        {"time": "soon"},
    ],
)
@pytest.mark.parametrize("kind", ["search", "montecarlo"])
def test_bad_settings_are_value_errors_naming_the_setting(kind, options):
    (name,) = options
    with pytest.raises(ValueError, match=name):
        make_player(kind, **options)


@pytest.mark.parametrize("goal", ["hand", "", None, 1, "Win"])
def test_a_bad_goal_is_a_value_error_naming_the_choices(goal):
    with pytest.raises(ValueError, match="goal must be 'win'"):
        make_player("search", goal=goal)


def test_the_points_goal_scores_rollouts_by_points():
    """goal="points" plays for this side's points (the first SearchPlayer's value): its
    rollout value is a whole number of points, the win goal's a chance from 0 to 1."""
    rnd = position(13, 12)
    view = rnd.view(rnd.turn)
    options = s.search_candidates(view, GreedyPlayer().play(view))
    points = SearchPlayer(samples=1, goal="points").scores(view, options)
    chances = SearchPlayer(samples=1).scores(view, options)
    assert all(float(v).is_integer() for v in points.values())
    assert all(0.0 <= v <= 1.0 for v in chances.values())


def test_montecarlo_keeps_its_old_setting_names():
    old = MonteCarloPlayer(budget=5, horizon=0)
    assert (old.samples, old.depth, old.budget, old.horizon) == (5, None, 5, 0)
    assert MonteCarloPlayer(budget=4, horizon=2).depth == 2
    assert MonteCarloPlayer(samples=4, depth=None).horizon == 0
    with pytest.raises(ValueError, match="horizon"):
        MonteCarloPlayer(horizon=-1)
    # the same decisions under either name
    for seed in (3, 4):
        rnd = position(seed, 9)
        view = rnd.view(rnd.turn)
        state = view.rng.getstate()
        first = MonteCarloPlayer(budget=3, horizon=1).play(view)
        view.rng.setstate(state)
        assert MonteCarloPlayer(samples=3, depth=1).play(view) == first


@pytest.mark.parametrize("seed", range(3))
def test_search_finishes_hands_legally_against_greedy(seed):
    rnd = play_round(Round(seed), [SearchPlayer(samples=2), GreedyPlayer()] * 2)
    assert rnd.result is not None
    assert sum(len(t.plays[0][1]) for t in rnd.tricks) * 4 == 100


@pytest.mark.parametrize("decks", [1, 3])
def test_search_plays_other_decks(decks):
    rules = RuleSet(decks=decks)
    rnd = play_round(Round(5, rules), [SearchPlayer(samples=2, depth=2), RandomPlayer()] * 2)
    assert rnd.result is not None


def test_search_replays_from_the_seed():
    def record():
        rnd = play_round(Round(77), [SearchPlayer(samples=2, depth=1), GreedyPlayer()] * 2)
        return hand_record(rnd)

    assert record() == record()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 80))
def test_candidates_are_distinct_legal_follows_and_start_with_greedy(seed, plays):
    rnd = position(seed, plays)
    if rnd.phase != PLAYING:
        return
    view = rnd.view(rnd.turn)
    choice = GreedyPlayer().play(view)
    options = candidate_plays(view, choice)
    assert options[0] == choice
    assert 1 <= len(options) <= MAX_CANDIDATES
    assert len({tuple(sorted(p)) for p in options}) == len(options)
    if view.lead is not None:
        assert all(view.check(play) for play in options)


def test_successive_halving_keeps_the_best_and_never_fewer_than_keep():
    rnd = position(11, 0)  # the first lead: many candidates
    view = rnd.view(rnd.turn)
    options = candidate_plays(view, GreedyPlayer().play(view))
    assert len(options) > s.KEEP + 1
    scores = SearchPlayer(samples=8).scores(view, options)
    assert len(scores) == s.KEEP  # 8 worlds: halved after 2 and after 4
    one = SearchPlayer(samples=1).scores(view, options)
    assert len(one) == len(options)  # a single world prunes nothing
    assert all(isinstance(v, float) for v in one.values())


def test_depth_counts_tricks_after_the_current_one():
    for plays, depth in ((8, 0), (8, 2), (10, 0), (10, 3)):  # between tricks, or in one
        rnd = position(12, plays)
        world = rnd.view(rnd.turn).sample_world(random.Random(1))
        assert bool(world.current_trick) == (plays == 10)
        done = len(world.tricks)
        running = 1 if world.current_trick else 0
        play_on(world, GreedyPlayer(), depth)
        assert len(world.tricks) == done + running + depth
        assert not world.current_trick
    world = position(12, 10).view(rnd.turn).sample_world(random.Random(1))
    play_on(world, GreedyPlayer(), None)
    assert world.result is not None


def test_the_decision_depends_only_on_the_view():
    rnd = position(21, 13)
    view = rnd.view(rnd.turn)
    again = PlayerView.from_data(view.to_data())  # no round behind it at all
    state = view.rng.getstate()
    mine = SearchPlayer(samples=3).play(view)
    view.rng.setstate(state)
    assert SearchPlayer(samples=3).play(again) == mine


def test_a_time_cap_still_gives_a_legal_play():
    rnd = position(31, 0)
    view = rnd.view(rnd.turn)
    play = SearchPlayer(samples=50, time=0.001).play(view)
    assert view.check(play) or len(play) > 1


def test_forced_plays_are_not_searched(monkeypatch):
    rnd = position(41, 0)
    table = Table(rnd, [GreedyPlayer()] * 4)
    while not (rnd.current_trick and len(rnd.hand(rnd.turn)) == len(rnd.current_trick[0][1])):
        table.step()  # on to the last trick: a follower's every card must go
    view = rnd.view(rnd.turn)
    monkeypatch.setattr(SearchPlayer, "scores", lambda *a: pytest.fail("searched"))
    assert sorted(SearchPlayer().play(view)) == sorted(view.hand)


def test_the_arena_saves_the_search_settings():
    result = run_arena(("search", {"samples": 1, "depth": 1}), "random", 1, seed=4)
    assert "search(samples=1, depth=1)" in result.report()
    assert player_settings("search") == {
        "type": "SearchPlayer",
        "name": "search",
        "samples": s.DEFAULT_SAMPLES,
        "depth": s.DEFAULT_DEPTH,
        "time": None,
        "goal": "win",
        "leads": "few",
        "guess": "informed",
    }


# --- the win chance and the wider leads (the third pass) ---------------------------------
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 99), decks=st.sampled_from([1, 2, 3]))
def test_win_chance_is_a_probability_the_two_teams_share(seed, plays, decks):
    rules = RuleSet(decks=decks)
    rnd = position(seed, min(plays, rules.hand_size * 4 - 1), rules)
    if rnd.phase != PLAYING:  # a throw can end the hand sooner
        return
    world = rnd.what_if(rnd.hands, rnd.kitty, seed=0)
    chances = [s.win_chance(world, seat) for seat in range(4)]
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert chances[0] == chances[2] and chances[1] == chances[3]
    assert abs(chances[0] + chances[1] - 1.0) < 1e-9
    assert 0.0 <= s.defender_share(world) <= 1.0
    assert s.expected_defender_points(world) >= world.defender_points + world.penalty


@pytest.mark.parametrize("seed", range(4))
def test_a_finished_hand_is_worth_one_to_its_winners_and_nothing_to_the_others(seed):
    rnd = play_round(Round(seed), [GreedyPlayer()] * 4)
    assert rnd.result is not None
    for seat in range(4):
        won = rnd.result.winning_team == seat % 2
        assert s.win_chance(rnd, seat) == (1.0 if won else 0.0)


def test_more_defender_points_mean_a_better_chance_for_the_defenders():
    """The same position with points moved from the dealer's side to the defenders' tricks:
    the estimate rises point for point, and the chance with it (the curve is increasing)."""
    rnd = position(8, 40)
    world = rnd.what_if(rnd.hands, rnd.kitty, seed=0)
    defender = next(seat for seat in range(4) if not world.is_dealer_team(seat))
    base = s.expected_defender_points(world)
    chance = s.win_chance(world, defender)
    left = sum(c.points for hand in world.hands for c in hand)
    k, m = s.SPREAD

    def curve(total):
        return 1 / (1 + math.exp(-(total - 80 + 0.5) / (k * math.sqrt(left) + m)))

    assert chance == pytest.approx(curve(base))
    assert s.defenders_chance(base, left) == pytest.approx(chance)
    assert curve(base + 10) > chance > curve(base - 10)


@settings(max_examples=50, deadline=None)
@given(
    total=st.floats(-50, 300),
    more=st.floats(0.01, 100),
    left=st.integers(0, 300),
    threshold=st.sampled_from([40, 80, 120]),
)
def test_the_curve_rises_with_the_total_and_is_even_at_the_threshold(total, more, left, threshold):
    low, high = (
        s.defenders_chance(total, left, threshold),
        s.defenders_chance(total + more, left, threshold),
    )
    assert 0.0 <= low <= high <= 1.0
    assert s.defenders_chance(threshold - 0.5, left, threshold) == 0.5
    # fewer points out: a sharper curve (a lead of 10 is surer)
    assert s.defenders_chance(threshold + 10, 20, threshold) > s.defenders_chance(
        threshold + 10, 200, threshold
    )


def test_leads_cover_every_suit_of_the_hand():
    """Brute force: every suit the hand holds is led in some candidate, with its strongest
    unit; the candidates are distinct, legal, and greedy's choice comes first."""
    from shengji_edu.units import decompose

    for seed in range(6):
        rnd = position(seed, 0)
        view = rnd.view(rnd.turn)
        trump = view.trump
        choice = GreedyPlayer().play(view)
        options = s.search_candidates(view, choice, "all")
        assert options[0] == choice
        assert len({tuple(sorted(p)) for p in options}) == len(options)
        assert all(view.check(p) for p in options if len(decompose(p, trump)) == 1)
        led = {tuple(sorted(p)) for p in options}
        for suit in {trump.suit_of(c) for c in view.hand}:
            strongest = decompose([c for c in view.hand if trump.suit_of(c) == suit], trump)[0]
            assert tuple(sorted(strongest.cards)) in led


def test_follows_and_the_default_leads_are_montecarlos_candidates():
    for plays in (4, 5):  # a lead, then a follow
        rnd = position(9, plays)
        view = rnd.view(rnd.turn)
        choice = GreedyPlayer().play(view)
        assert s.search_candidates(view, choice) == candidate_plays(view, choice)
        if view.lead is not None:
            assert s.search_candidates(view, choice, "all") == candidate_plays(view, choice)


@pytest.mark.parametrize("leads", ["every", "", None, 2])
def test_a_bad_leads_setting_is_a_value_error_naming_the_choices(leads):
    with pytest.raises(ValueError, match="leads must be 'few'"):
        make_player("search", leads=leads)


@pytest.mark.parametrize("guess", ["Informed", "", None, 0, ["informed"]])
def test_a_bad_guess_setting_is_a_value_error_naming_the_choices(guess):
    with pytest.raises(ValueError, match="guess must be 'informed'"):
        make_player("search", guess=guess)
