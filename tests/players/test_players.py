"""Computer players: legal, fair (they see only their view), deterministic, and sensible."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_edu import Trump, check_follow, new_deck, parse_cards
from shengji_edu.game import PLAYING, Round, Table, play_round
from shengji_edu.players import (
    GreedyPlayer,
    MonteCarloPlayer,
    PlayerView,
    RandomPlayer,
    make_player,
)
from shengji_edu.players import greedy as g
from shengji_edu.players.knowledge import unit_is_sure, unseen_cards
from shengji_edu.players.montecarlo import candidate_plays, sample_world
from shengji_edu.units import decompose


def playing_round(seed: int, dealer: int = 0, suit: str | None = "S") -> Round:
    """A hand ready for its first lead, with a fixed trump (no declaring)."""
    rnd = Round(seed, dealer=dealer, fixed_trump=Trump(2, suit))
    rnd.deal_all()
    rnd.finish_deal()
    rnd.bury(dealer, list(rnd.hand(dealer))[:8])
    assert rnd.phase == PLAYING
    return rnd


class Scripted:
    """Plays given cards in order when asked (for setting up positions)."""

    name = "scripted"

    def __init__(self, plays):
        self.plays = list(plays)

    def declare(self, view):
        return None

    def bury(self, view):
        return list(view.hand)[:8]

    def play(self, view):
        return self.plays.pop(0)


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("seed", range(6))
def test_players_finish_whole_hands_legally(kind, seed):
    rnd = play_round(Round(seed), [make_player(kind) for _ in range(4)])
    assert rnd.result is not None
    assert sum(len(t.plays[0][1]) for t in rnd.tricks) * 4 == 100


def test_montecarlo_finishes_a_hand_against_greedy():
    players = [
        MonteCarloPlayer(budget=2),
        GreedyPlayer(),
        MonteCarloPlayer(budget=2),
        GreedyPlayer(),
    ]
    rnd = play_round(Round(3), players)
    assert rnd.result is not None


def test_players_work_as_declarers_and_buriers():
    for kind in ("random", "greedy", "montecarlo"):
        player = make_player(kind)
        for seed in range(4):
            rnd = Round(seed, dealer=1)
            table = Table(rnd, [player, GreedyPlayer(), GreedyPlayer(), GreedyPlayer()])
            while rnd.phase != PLAYING:
                table.step()
            assert len(rnd.kitty) == 8 and len(rnd.hand(1)) == 25


def test_unknown_player_name_is_explained():
    with pytest.raises(ValueError, match="choose one of"):
        make_player("genius")


def test_same_seed_same_decisions():
    def record(seed):
        rnd = play_round(Round(seed), [MonteCarloPlayer(budget=2), *[GreedyPlayer()] * 3])
        return rnd.actions

    assert record(5) == record(5)


# --- fairness: the view -------------------------------------------------------------------
def test_view_shows_no_other_hand():
    public = {name for name in dir(PlayerView) if not name.startswith("_")}
    assert "hands" not in public and "deck" not in public
    rnd = playing_round(1)
    view = rnd.view(2)
    assert view.hand == rnd.hand(2)
    assert view.buried == ()  # only the dealer knows the kitty
    assert rnd.view(0).buried == rnd.kitty


def test_what_if_copy_keeps_the_real_deal_secret():
    rnd = playing_round(4)
    view = rnd.view(1)
    hands, buried = sample_world(view, random.Random(0))
    world = view.what_if(hands, buried, seed=1)
    assert world.deck == ()
    assert world.hands == tuple(tuple(h) for h in hands)
    with pytest.raises(ValueError, match="own hand"):
        bad = [list(h) for h in hands]
        bad[1], bad[2] = bad[2], bad[1]
        view.what_if(bad, buried, seed=1)


@pytest.mark.parametrize("steps", [30, 31])  # the dealer's turn, then a defender's
def test_sampled_worlds_respect_sizes_voids_and_unseen_cards(steps):
    rnd = playing_round(8)
    table = Table(rnd, [GreedyPlayer()] * 4)
    for _ in range(steps):  # play into the hand so voids appear
        table.step()
    seat = rnd.turn
    view = rnd.view(seat)
    unseen = unseen_cards(view)
    for world_seed in range(25):
        hands, buried = sample_world(view, random.Random(world_seed))
        assert [len(h) for h in hands] == [len(h) for h in rnd.hands]
        assert hands[seat] == list(rnd.hand(seat))
        guessed = Counter(c for s, h in enumerate(hands) if s != seat for c in h)
        if seat != rnd.dealer:  # the dealer knows the kitty; everyone else guesses it too
            guessed += Counter(buried)
        assert guessed == unseen
        for other in range(4):
            if other != seat:
                assert not any(rnd.trump.suit_of(c) in rnd.voids(other) for c in hands[other])
    everything = Counter(c for h in hands for c in h) + Counter(buried) + Counter(rnd.played_cards)
    assert everything == Counter(new_deck())


def test_montecarlo_candidates_are_legal_and_distinct():
    rnd = playing_round(9)
    table = Table(rnd, [GreedyPlayer()] * 4)
    table.step()  # the lead
    view = rnd.view(rnd.turn)
    options = candidate_plays(view, GreedyPlayer().play(view))
    assert len({tuple(sorted(p)) for p in options}) == len(options)
    for play in options:
        assert check_follow(view.hand, view.lead, play, view.trump)


def test_montecarlo_budget_is_validated():
    with pytest.raises(ValueError):
        MonteCarloPlayer(budget=0)
    with pytest.raises(ValueError):
        MonteCarloPlayer(horizon=-1)


# --- greedy rules -------------------------------------------------------------------------
def late_round(cards_left: int = 3) -> Round:
    """A real hand (trump ♠, level 2) played by greedy players until everyone holds
    ``cards_left`` cards and a trick is about to be led."""
    for seed in range(200):
        rnd = playing_round(seed)
        table = Table(rnd, [GreedyPlayer()] * 4)
        while rnd.phase == PLAYING:
            if not rnd.current_trick and all(len(h) == cards_left for h in rnd.hands):
                return rnd
            table.step()
    raise AssertionError("no seed reaches that position")


def position(hands_text: list[str], plays: list[str]) -> tuple[Round, int]:
    """A late position with chosen hands; ``hands_text[i]`` belongs to the i-th player from
    the leader, and ``plays`` are made in turn from the leader. Returns (round, leader)."""
    rnd = late_round(len(parse_cards(hands_text[0])))
    leader = rnd.turn
    hands = [[] for _ in range(4)]
    for offset, text in enumerate(hands_text):
        hands[(leader + offset) % 4] = parse_cards(text)
    world = rnd.what_if(hands, rnd.kitty, seed=0)
    for offset, text in enumerate(plays):
        world.play((leader + offset) % 4, parse_cards(text))
    return world, leader


def test_win_cheaply_takes_points_with_the_cheapest_winner():
    world, leader = position(["HK D3 D4", "HQ HA H3", "H4 C3 C4", "H6 C5 C6"], ["HK"])
    view = world.view((leader + 1) % 4)
    assert GreedyPlayer().play(view) == parse_cards("HA")


def test_discard_low_when_the_trick_is_lost():
    world, leader = position(["HA D3 D4", "H3 HQ D6", "H4 C3 C4", "H6 C5 C6"], ["HA"])
    view = world.view((leader + 1) % 4)
    assert g.discard_low(view, g.candidate_follows(view)) == parse_cards("H3")
    assert GreedyPlayer().play(view) == parse_cards("H3")


def test_feed_partner_adds_points_when_partner_wins_last():
    world, leader = position(["H3 D3 D4", "HA D6 D7", "H4 C3 C4", "HK H6 H7"], ["H3", "HA", "H4"])
    view = world.view((leader + 3) % 4)  # plays last; partner (leader + 1) has HA
    assert GreedyPlayer().play(view) == parse_cards("HK")


def test_lead_sure_winner_cashes_an_unbeatable_pair():
    world, leader = position(["HA HA H3", "D3 D4 D6", "C3 C4 C6", "C7 C8 C9"], [])
    assert GreedyPlayer().play(world.view(leader)) == parse_cards("HA HA")


def test_a_unit_is_sure_only_when_nothing_unseen_beats_it():
    trump = Trump(2, "S")
    king = decompose(parse_cards("HK"), trump)[0]
    assert unit_is_sure(king, {"H": parse_cards("HQ H5")}, trump)
    assert not unit_is_sure(king, {"H": parse_cards("HA")}, trump)
    pair = decompose(parse_cards("HK HK"), trump)[0]
    assert unit_is_sure(pair, {"H": parse_cards("HA")}, trump)  # one ace is not a pair
    assert not unit_is_sure(pair, {"H": parse_cards("HA HA")}, trump)


def test_bury_keeps_trumps_and_points_home():
    rnd = Round(2, dealer=0, fixed_trump=Trump(2, "S"))
    rnd.deal_all()
    rnd.finish_deal()
    view = rnd.view(0)
    buried = g.bury_low_cards(view)
    assert len(buried) == 8 and not (Counter(buried) - Counter(rnd.hand(0)))
    assert not any(rnd.trump.is_trump(c) for c in buried)
    rnd.bury(0, buried)  # the engine accepts it


def test_declare_only_with_a_long_suit():
    rnd = Round(6)
    table = Table(rnd, [GreedyPlayer()] * 4)
    while rnd.phase == "dealing":
        table.step()
    for declaration in rnd.declarations:
        received = [c for c in rnd.deck[: declaration.after_card]]
        assert declaration.cards  # something was shown
        assert received  # and only after cards were dealt


def test_random_player_throws_sometimes_and_never_illegally():
    rnd_count = 0
    for seed in range(10):
        rnd = play_round(Round(seed), [RandomPlayer(throw_rate=0.5)] * 4)
        rnd_count += sum(1 for t in rnd.tricks if len(t.plays[0][1]) > 2)
    assert rnd_count > 0


def test_a_view_comes_from_the_game_not_from_its_constructor():
    rnd = Round(3)
    with pytest.raises(TypeError, match=r"round\.view\(seat\)"):
        PlayerView(rnd, 0)
