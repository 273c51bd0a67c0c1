"""The learning environment (shengji_edu.rl, issue 33): PettingZoo's own API and seed tests,
the mask against the engine on sampled positions of every deck count, random agents that
play whole hands, hands driven through the environment by the package's random player that
end exactly as the engine's own table plays them, and nothing hidden in the observation."""

from __future__ import annotations

import random
from itertools import islice

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from shengji_edu import RuleSet
from shengji_edu.game import Round, play_round
from shengji_edu.players import RandomPlayer
from shengji_edu.rl import (
    AGENTS,
    DONE,
    LAYOUT,
    SIZE,
    IllegalAction,
    ShengjiEnv,
    SingleSeatEnv,
    actions_of,
    encode,
    env,
)
from shengji_edu.rl.audit import audit, positions

VARIANTS = [
    RuleSet(decks=1, levels="5-10-K"),
    RuleSet(),
    RuleSet(decks=3),
    RuleSet(overcall_after_bury=True),
    RuleSet(open_kitty=True, bidding="after_deal"),
    RuleSet(bidding="report"),
    RuleSet(bidding="yield", twos_are_trump=True),
    RuleSet(bidding="joker_colour", tractors="plain", offsuit_levels="suit", wear_ace=True),
]
IDS = [
    "1-deck-5-10-K",
    "2-decks",
    "3-decks",
    "overcall",
    "open-kitty-auction",
    "report",
    "yield-twos",
    "joker-colour-plain",
]


def test_pettingzoo_api_test():
    api_test(env(), num_cycles=200, verbose_progress=False)


def test_pettingzoo_seed_test_three_decks():
    seed_test(lambda: env(rules=RuleSet(decks=3, overcall_after_bury=True)), num_cycles=100)


def random_hand(e: ShengjiEnv, seed: int, rng: np.random.Generator) -> dict:
    """A mask-uniform random agent plays one hand; returns the last rewards."""
    e.reset(seed=seed)
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = reward
            e.step(None)
        else:
            assert obs["observation"].shape == (SIZE,)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return rewards


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_random_agents_finish_hands_zero_sum(rules):
    e = env(rules=rules)
    rng = np.random.default_rng(1)
    for seed in range(3):
        rewards = random_hand(e, seed, rng)
        assert set(rewards) == set(AGENTS)
        assert rewards["seat_0"] == rewards["seat_2"] == -rewards["seat_1"]
        assert e.round.result is not None


@pytest.mark.slow
def test_a_random_agent_plays_200_hands_without_an_illegal_play():
    rng = np.random.default_rng(2)
    for hand in range(200):
        e = env(rules=VARIANTS[hand % len(VARIANTS)])
        random_hand(e, hand, rng)  # the engine re-checks every decision it is sent


def drive_with_random_players(rules: RuleSet, seed: int) -> Round:
    """The package's RandomPlayer decides; its cards go into the environment one by one."""
    e = env(rules=rules)
    e.reset(seed=seed)
    player = RandomPlayer()
    while e.choice is not None:
        choice = e.choice
        view, kind = choice.view, choice.kind
        if kind == "declare":
            cards = player.declare(view)
        elif kind == "overcall":
            cards = player.overcall(view)
        elif kind == "bury":
            cards = player.bury(view)
        else:
            cards = player.play(view)
        for action in actions_of(cards or []):
            assert e.observe(e.agent_selection)["action_mask"][action], (kind, cards)
            e.step(action)
    return e.round


def same_hand_as_the_table(rules: RuleSet, seed: int) -> None:
    ours = drive_with_random_players(rules, seed)
    # the environment seeds each hand from reset's seed: the table plays that same deal
    levels = ours.levels_at_start  # the ladder's first rung, for both teams
    table = play_round(Round(ours.seed, rules, levels), [RandomPlayer() for _ in range(4)])
    assert ours.actions == table.actions
    assert ours.result == table.result


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_random_players_through_the_environment_play_the_tables_hand(rules):
    for seed in range(2):
        same_hand_as_the_table(rules, seed)


@pytest.mark.slow
def test_200_hands_of_random_players_end_as_the_tables():
    for hand in range(200):
        same_hand_as_the_table(VARIANTS[hand % len(VARIANTS)], 1000 + hand)


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_the_mask_is_sound_and_complete_on_sampled_positions(rules):
    """A small sample for every run; benchmarks/rl_mask.py audits 2,000 per deck count."""
    rng = random.Random(0)
    checked = 0
    for choice in islice(positions(rules, hands=2, seed=7), 0, None, 5):
        result = audit(choice, rng, walks=2, cap=20)
        checked += result["legal_checked"]
    assert checked > 50


def test_reset_with_a_seed_repeats_the_hand_and_without_one_moves_on():
    e = env()
    e.reset(seed=5)
    first = e.round.deck
    e.reset()
    second = e.round.deck
    e.reset(seed=5)
    assert e.round.deck == first
    e.reset()
    assert e.round.deck == second != first


def test_the_observation_of_a_play_hides_nothing():
    """A world that differs only in the other hands and the kitty (view.sample_world) is
    seen the same by the observer: the encoding reads nothing hidden."""
    e = env(declaring=False)
    rng = np.random.default_rng(3)
    e.reset(seed=11)
    for _ in range(120):  # into the play
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    seat = AGENTS.index(e.agent_selection)
    view = e.round.view(seat)
    for guess in range(3):
        world = view.sample_world(random.Random(guess))
        assert world.hand(seat) == e.round.hand(seat)
        assert np.array_equal(encode(world.view(seat), "lead"), encode(view, "lead"))


def test_the_observation_layout_adds_up_and_counts_the_hand():
    e = env()
    e.reset(seed=3)
    while e.choice.kind == "declare":
        e.step(DONE)  # pass
    obs = e.observe(e.agent_selection)["observation"]
    assert max(s.stop for s in LAYOUT.values()) == SIZE
    assert obs[LAYOUT["hand"]].sum() == len(e.round.hand(AGENTS.index(e.agent_selection)))
    assert obs[LAYOUT["decision"]].sum() == 1


def test_an_action_the_mask_refuses_is_an_error_that_changes_nothing():
    e = env(declaring=False)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    refused = int(np.flatnonzero(mask == 0)[0])
    before = (e.agent_selection, list(e.choice.chosen))
    with pytest.raises(IllegalAction, match="not allowed"):
        e.step(refused)
    with pytest.raises(IllegalAction, match="0..54"):
        e.step(55)
    assert (e.agent_selection, list(e.choice.chosen)) == before


@pytest.mark.parametrize(
    ("options", "words"),
    [({"reward": "money"}, "unknown reward"), ({"rules": "decks=3"}, "RuleSet")],
)
def test_bad_options_say_what_to_give(options, words):
    with pytest.raises(ValueError, match=words):
        env(**options)


def test_single_seat_wrapper_plays_greedy_opponents_and_repeats_with_a_seed():
    single = SingleSeatEnv(seat=1, opponents="greedy", declaring=False)
    rng = np.random.default_rng(0)
    first, _ = single.reset(seed=4)
    again, _ = single.reset(seed=4)
    assert np.array_equal(first["observation"], again["observation"])
    done, reward = False, 0.0
    while not done:
        mask = single.env.observe(single.agent)["action_mask"]
        obs, reward, done, truncated, _ = single.step(int(rng.choice(np.flatnonzero(mask))))
        assert single.observation_space.contains(obs) and not truncated
    assert reward == single.env.rewards["seat_1"]


def test_single_seat_wrapper_refuses_a_bad_opponent():
    with pytest.raises(ValueError, match="opponent"):
        SingleSeatEnv(opponents=42)


def test_single_seat_wrapper_takes_functions_and_players_as_opponents():
    from shengji_edu.players import RandomPlayer

    asked = []

    def lowest(view, kind):
        asked.append(kind)
        if kind == "bury":
            return RandomPlayer().bury(view)
        return RandomPlayer().play(view) if kind in ("lead", "follow") else None

    single = SingleSeatEnv(seat=2, opponents=[lowest, RandomPlayer(), "greedy"], declaring=False)
    obs, _ = single.reset(seed=8)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, _ = single.step(action)
    assert set(asked) <= {"lead", "follow", "bury"} and "follow" in asked
    assert reward == -single.env.rewards["seat_1"]
