"""The review over whole played hands, checked against the engine and brute force.

For random hands under several rule sets: every trick is explained, in both languages, with
the round's winner and plays; and what the review says a follow owed agrees with RULES §5
(§11.1) and with *every* legal follow of that hand (``legal_follows``, built by construction
and tested against ``check_follow`` elsewhere): each holds what was owed.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from shengji_edu import RuleSet, format_cards, parse_cards
from shengji_edu.duties import DUTY_KINDS, follow_duties
from shengji_edu.follow import iter_legal_follows, random_follow
from shengji_edu.game import Round
from shengji_edu.game.table import play_round
from shengji_edu.players.greedy import GreedyPlayer
from shengji_edu.players.random_player import RandomPlayer
from shengji_edu.review import EFFECTS, PLAY_KINDS, TRICK_KINDS, explain_round
from shengji_edu.review.explain import hands_before_tricks
from shengji_edu.units import (
    group_profile,
    lead_format,
    pair_profile,
    tractor_windows,
)

RULES = [
    RuleSet(),
    RuleSet(decks=3),
    RuleSet(decks=1),
    RuleSet(twos_are_trump=True),
    RuleSet(tractors="off"),
    RuleSet(tractors="plain"),
    RuleSet(offsuit_levels="suit", failed_throw="smallest_card", throw_penalty=10),
]


def hand(seed: int, rules: RuleSet, players) -> Round:
    return play_round(Round(seed, rules), players)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.to_dict()) or "standard")
@pytest.mark.parametrize("seed", [3, 11])
def test_every_trick_of_a_played_hand_is_explained(rules, seed):
    players = [GreedyPlayer(), RandomPlayer(), GreedyPlayer(), RandomPlayer()]
    rnd = hand(seed, rules, players)
    english, chinese = explain_round(rnd), explain_round(rnd, "zh")
    failed = (e for e in rnd.events if e.kind == "throw_failed")
    assert len(english) == len(chinese) == len(rnd.tricks)
    for note, zh, trick in zip(english, chinese, rnd.tricks, strict=True):
        assert (note.winner, note.leader, note.points) == (trick.winner, trick.leader, trick.points)
        assert note.kind in TRICK_KINDS and note.won_by in TRICK_KINDS
        assert (note.kind == "throw_failed") == (trick.attempted is not None)
        assert [(p.seat, p.cards) for p in note.plays] == [(s, c) for s, c in trick.plays]
        assert [p.kind for p in note.plays] == [p.kind for p in zh.plays]
        assert note.text.startswith(f"Trick {note.number}: ") or note.kind == "throw_failed"
        assert zh.text != note.text and "Trick" not in zh.text
        if trick.attempted is not None:  # the engine's own account of the failed throw
            event = next(failed)
            beaten_by = format_cards(parse_cards(event.data["beaten_by"]), pretty=True)
            forced = format_cards(rnd.trump.sort(trick.lead), pretty=True)
            assert f"'s {beaten_by} beats its " in note.text
            assert f"{forced} was led instead" in note.text
        for play in note.plays:
            assert play.kind in PLAY_KINDS
            assert play.effect in EFFECTS or (play is note.plays[0] and play.effect == "")
            assert set(play.duties) <= set(DUTY_KINDS)


def _follows(seed: int, rules: RuleSet):
    """Every follow of a random hand: (hand before it, lead, play, trump)."""
    rnd = hand(seed, rules, [RandomPlayer() for _ in range(4)])
    for hands, trick in zip(hands_before_tricks(rnd), rnd.tricks, strict=True):
        lead = list(trick.lead)
        for seat, cards in trick.plays[1:]:
            yield hands[seat], lead, list(cards), rnd.trump


def _pairs(cards, trump) -> int:
    return sum(pair_profile(cards, trump).values())


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(tractors="plain")], ids=["full", "plain"])
@pytest.mark.parametrize("seed", range(6))
def test_the_duties_agree_with_every_legal_follow(rules, seed):
    checked = 0
    for hand_cards, lead, play, trump in _follows(seed, rules):
        fmt = lead_format(lead, trump)
        duties = {d.kind: d for d in follow_duties(hand_cards, lead, play, trump)}
        suit_cards = trump.cards_of(hand_cards, fmt.suit)
        if not suit_cards:
            assert "void" in duties
            continue
        if len(suit_cards) <= fmt.size:
            assert duties["short"].count == len(suit_cards)
            continue
        assert duties["suit"].count == len(suit_cards)
        if not fmt.total_pairs or len(lead) > 6:
            continue
        follows = []
        for legal in iter_legal_follows(hand_cards, lead, trump):
            follows.append(legal)
            if len(follows) > 5000:
                break
        else:  # every legal follow seen
            _check_against(duties, follows, hand_cards, fmt, trump)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("decks", [2, 3])
def test_the_duties_agree_with_every_legal_follow_on_random_positions(decks):
    """Random leads of pairs, tractors and (three decks) triples and titanics, random hands
    rich in the led suit, a random legal follow: the pairs, triples and first run the review
    says were owed are the fewest found in every legal follow."""
    rng = random.Random(decks)
    rules = RuleSet(decks=decks)
    trump = rules.trump(10, "S")
    hearts = [c for c in rules.deck() if trump.suit_of(c) == "H" and c.rank <= 9]
    checked = 0
    for _ in range(300):
        pool = list(hearts)
        rng.shuffle(pool)
        lead = _random_lead(pool, trump, rng, decks)
        hand_cards = pool[: rng.randrange(len(lead) + 1, len(lead) + 7)]
        if len(trump.cards_of(hand_cards, "H")) <= len(lead):
            continue
        play = random_follow(hand_cards, lead, trump, rng)
        duties = follow_duties(hand_cards, lead, play, trump)
        follows = list(itertools.islice(iter_legal_follows(hand_cards, lead, trump), 20001))
        if len(follows) > 20000:
            continue
        by_kind = {d.kind: d for d in duties}
        fmt = lead_format(lead, trump)
        _check_against(by_kind, follows, hand_cards, fmt, trump)
        checked += 1
    assert checked > 100


def _random_lead(pool, trump, rng, decks):
    """A pair, triple, tractor or titanic of hearts taken from ``pool`` (removed from it)."""
    width = rng.choice([2, 3] if decks == 3 else [2])
    steps = rng.choice([1, 2, 3])
    counts = Counter(pool)
    ranks = sorted({c.rank for c in pool})
    top = rng.randrange(len(ranks) - steps + 1)
    lead = []
    for rank in ranks[top : top + steps]:
        card = next(c for c in counts if c.rank == rank)
        lead += [card] * min(width, counts[card])
    for card in lead:
        pool.remove(card)
    return trump.sort(lead)


def _groups_of(cards, width) -> int:
    return sum(1 for n in Counter(cards).values() if n >= width)


def _has_run(cards, trump, width, steps) -> bool:
    return bool(tractor_windows(group_profile(cards, trump, width), steps))


def _check_against(duties, follows, hand_cards, fmt, trump) -> None:
    """What the review says was owed, against RULES §5 / §11.1 and every legal follow.

    Every legal follow holds what was owed (so nothing is overstated as optional); the pairs
    owed are min(the lead's pairs, the hand's pairs) (RULES §5 rule 3, a triple counting as
    one pair); the first run of the lead is owed exactly when the hand holds one that long.
    """
    suit_cards = trump.cards_of(hand_cards, fmt.suit)
    fewest_pairs = min(_pairs(f, trump) for f in follows)
    owed_runs = sum(
        d.count for d in duties.values() if d.owed and d.kind in ("tractor", "titanic", "triples")
    )
    rule_pairs = min(fmt.total_pairs, _groups_of(suit_cards, 2))
    if "pairs" in duties:
        assert duties["pairs"].count == rule_pairs <= fewest_pairs
    else:  # left out only when the runs and triples owed already hold every pair owed
        assert owed_runs >= rule_pairs
    if "triples" in duties:
        assert duties["triples"].count <= min(_groups_of(f, 3) for f in follows)
    for kind, width, lengths in (("titanic", 3, fmt.titanics), ("tractor", 2, fmt.tractors)):
        if lengths:
            first = next(d for d in duties.values() if d.kind == kind)
            assert first.owed == _has_run(suit_cards, trump, width, lengths[0])
            if first.owed:
                assert all(_has_run(f, trump, width, lengths[0]) for f in follows)
                assert _has_run(list(first.played), trump, width, lengths[0])
            break
