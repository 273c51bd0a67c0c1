"""The engine's fast paths (issue 17) against the plain forms they replace.

* ``Round.deal_while_nobody_declares`` deals the cards before the next level card or joker
  in slices and logs them as one range: the hands, the log and the declaring seats must be
  those of dealing card by card with ``deal_next``, whenever the log is read.
* ``Round.play`` checks a play in line: it must accept and refuse exactly what
  ``Round.check_play`` accepts and refuses, with the same error, and change nothing when it
  refuses.
* ``play_key`` answers a one-card play against singles without its general path.
"""

from __future__ import annotations

import copy

import pytest

from shengji_edu import RuleSet, Trump, parse_cards
from shengji_edu.cards import ALL_CARDS, Card
from shengji_edu.game import Round, Table
from shengji_edu.game.errors import IllegalAction
from shengji_edu.game.round import PLAYING
from shengji_edu.players import make_player
from shengji_edu.tricks import best_vector, play_key
from shengji_edu.trump import TRUMP
from shengji_edu.units import lead_format

RULES = [RuleSet(), RuleSet(decks=1), RuleSet(decks=3)]


def _state(rnd: Round) -> tuple:
    return (rnd.hands, rnd.dealt, rnd.declaring_seats, rnd.phase)


@pytest.mark.parametrize("rules", RULES, ids=["2 decks", "1 deck", "3 decks"])
@pytest.mark.parametrize("dealer", [None, 1, 3])
def test_dealing_in_slices_is_dealing_card_by_card(rules, dealer):
    for seed in range(6):
        sliced = Round(seed, rules, dealer=dealer)
        plain = Round(seed, rules, dealer=dealer)
        read_midway = seed % 2 == 0  # reading the log early must not change what it says
        while sliced.next_receiver is not None:
            before = sliced.dealt
            last = sliced.deal_while_nobody_declares()
            assert last == (sliced.first_receiver() + sliced.dealt - 1) % 4
            while plain.dealt < sliced.dealt:
                assert plain.declaring_seats == () or plain.dealt == before
                plain.deal_next()
            assert _state(sliced) == _state(plain)
            if read_midway:
                assert sliced.events == plain.events
        assert sliced.events == plain.events
        assert [e.data["number"] for e in sliced.events] == list(range(1, rules.dealt_cards + 1))


def test_a_seeded_hand_logs_the_same_deal_events_as_before():
    # Table.run deals in slices; Table.step deals card by card: the same hand, the same log
    players = [make_player("random") for _ in range(4)]
    for seed in range(4):
        fast = Table(Round(seed), players).run()
        slow_round = Round(seed)
        slow = Table(slow_round, players)
        while slow.step():
            pass
        assert fast.events == slow_round.events
        assert fast.actions == slow_round.actions
        assert fast.result == slow_round.result


def _playing_rounds():
    players = [make_player("random", throw_rate=0.5) for _ in range(4)]
    for seed in range(3):
        rnd = Round(seed)
        table = Table(rnd, players)
        while rnd.phase != PLAYING:
            table.step()
        for steps in range(0, 60, 11):
            while steps and rnd.phase == PLAYING:
                table.step()
                steps -= 1
            if rnd.phase == PLAYING:
                yield rnd


def _outcome(action, *args):
    """None if ``action(*args)`` is accepted, else the error's type and message."""
    try:
        action(*args)
    except IllegalAction as exc:
        return type(exc), str(exc)
    except ValueError as exc:  # a CardParseError
        return type(exc), str(exc)
    return None


def test_play_refuses_exactly_what_check_play_refuses():
    for rnd in _playing_rounds():
        seat = rnd.turn
        hand = list(rnd.hand(seat))
        lead = rnd.lead
        tries = [[card] for card in dict.fromkeys(hand)]
        tries += [hand[:2], hand[-2:], [hand[0], hand[0]], [], ["S10"], [Card("S", 3)] * 3]
        if lead is not None:
            tries += [hand[: len(lead)], hand[-len(lead) :]]
        for who in ((seat + 1) % 4, "x", True):
            refused = _outcome(rnd.check_play, who, hand[:1])
            assert refused is not None
            before = rnd.public
            assert _outcome(rnd.play, who, hand[:1]) == refused
            assert rnd.public == before
        for cards in tries:
            refused = _outcome(rnd.check_play, seat, cards)
            if refused is None:  # accepted: played on a copy, which takes it as well
                copied = copy.deepcopy(rnd)
                assert _outcome(copied.play, seat, cards) is None
                assert len(copied.played_cards) > len(rnd.played_cards)
            else:  # refused the same way, and nothing changed
                before, hands = rnd.public, rnd.hands
                assert _outcome(rnd.play, seat, cards) == refused
                assert rnd.public == before and rnd.hands == hands


def _plain_play_key(play, fmt, trump):
    """play_key as it reads without its one-card shortcut."""
    suits = {trump.suit_of(c) for c in play}
    if len(suits) != 1:
        return None
    (suit,) = suits
    if suit != fmt.suit and suit != TRUMP:
        return None
    vector = best_vector(play, fmt, trump)
    return None if vector is None else (suit != fmt.suit, vector)


def test_the_one_card_play_key_is_the_plain_one():
    for trump in (Trump(2, None), Trump(10, "S"), Trump(7, "D", twos_are_trump=True)):
        for lead in ("H5", "SA", "BJ", "C8 C9", "H2 H2"):
            fmt = lead_format(parse_cards(lead), trump)
            for card in ALL_CARDS:
                assert play_key([card], fmt, trump) == _plain_play_key([card], fmt, trump)


def test_the_written_out_shuffle_is_random_shuffle():
    # shuffled_deck shuffles a plain Random in one loop: the same deck and the same
    # generator state after it as Random.shuffle, for any length
    import random

    from shengji_edu.game.dealing import _shuffle, shuffled_deck

    for length in (0, 1, 2, 3, 54, 108, 162):
        for seed in range(60):
            plain, fast = list(range(length)), list(range(length))
            plain_rng, fast_rng = random.Random(seed), random.Random(seed)
            plain_rng.shuffle(plain)
            _shuffle(fast_rng, fast)
            assert fast == plain
            assert fast_rng.getstate() == plain_rng.getstate()
    for rules in RULES:
        deck = rules.deck()
        random.Random(7).shuffle(deck)
        assert shuffled_deck(random.Random(7), rules) == deck
