"""Auditing the mask against the engine, on positions of real hands (tests and a benchmark).

:func:`positions` plays hands with the package's random players through the environment's
driver and yields every decision (:class:`~shengji_edu.rl.choosing.Choice`) on the way;
:func:`audit` checks one position both ways and times the mask:

* soundness: random walks that follow the mask never reach a dead end, and every choice the
  mask lets them submit is accepted by the engine (``view.check`` for plays, the rules'
  ``check_bury``, the engine's options for declarations);
* completeness: every legal play (:func:`~shengji_edu.follow.iter_legal_follows` for a
  follow, each unit of the hand and a few throws for a lead, capped), every option of a
  declaration, and random legal buries are reachable card by card, ending with ``DONE``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from itertools import islice

from ..burying import bury_choices, check_bury
from ..follow import iter_legal_follows
from ..game.round import Round
from ..ladders import level_ladder
from ..players import RandomPlayer
from ..rules import RuleSet
from ..units import decompose
from .choosing import BURY, DECLARE, DONE, FOLLOW, LEAD, Choice
from .env import drive
from .single import as_decider


def positions(rules: RuleSet, hands: int, seed: int = 0) -> Iterator[Choice]:
    """Every decision of ``hands`` hands played by random players (throwing often)."""
    decide = as_decider(RandomPlayer(throw_rate=0.3))
    levels = (level_ladder(rules)[0],) * 2  # a match's first hand
    for hand in range(hands):
        rnd = Round(seed * 100_003 + hand, rules, levels)
        driver = drive(rnd)
        try:
            seat, kind = next(driver)
            while True:
                choice = Choice(kind, rnd.view(seat))
                yield choice
                seat, kind = driver.send(decide(choice.view, kind))
        except StopIteration:
            pass


def _accepted(choice: Choice, cards: list) -> bool:
    view, kind = choice.view, choice.kind
    if kind in (LEAD, FOLLOW):
        return bool(view.check(cards))
    if kind == BURY:
        return bool(check_bury(view.hand, cards, view.rules))
    options = view.legal_declarations if kind == DECLARE else view.legal_overcalls
    return not cards or sorted(cards) in [sorted(o) for o in options]


def _legal_examples(choice: Choice, cap: int, rng: random.Random) -> list[list]:
    view, kind = choice.view, choice.kind
    hand = list(view.hand)
    if kind == FOLLOW:
        return list(islice(iter_legal_follows(hand, list(view.lead), view.trump), cap))
    if kind == LEAD:
        trump = view.trump
        examples = []
        for suit in {trump.suit_of(c) for c in hand}:
            units = decompose(trump.cards_of(hand, suit), trump)
            examples += [list(u.cards) for u in units]
            examples.append(trump.cards_of(hand, suit))  # the whole suit, thrown
        return examples[:cap]
    if kind == BURY:
        must, may = bury_choices(hand, view.rules)
        size = view.rules.kitty_size
        return [must + rng.sample(may, size - len(must)) for _ in range(min(cap, 20))]
    options = view.legal_declarations if kind == DECLARE else view.legal_overcalls
    return [[], *options][:cap]


def audit(choice: Choice, rng: random.Random, walks: int = 3, cap: int = 50) -> dict:
    """Check one position (see the module docstring); returns counts and mask times (s).
    Raises AssertionError naming the position on any failure."""
    times: list[float] = []
    where = f"{choice.kind} of seat {choice.view.seat}, hand {choice.view.hand}"
    for _ in range(walks):  # soundness
        walk = Choice(choice.kind, choice.view)
        while True:
            start = time.perf_counter()
            mask = walk.mask()
            times.append(time.perf_counter() - start)
            allowed = [int(a) for a in mask.nonzero()[0]]
            assert allowed, f"dead end after {walk.chosen} in {where}"
            action = rng.choice(allowed)
            if walk.add(action):
                assert _accepted(walk, walk.chosen), f"{walk.chosen} refused in {where}"
                break
    examples = _legal_examples(choice, cap, rng)
    for cards in examples:  # completeness
        walk = Choice(choice.kind, choice.view)
        for card in cards:
            assert walk.mask()[card.index], f"{card} of legal {cards} masked in {where}"
            walk.add(card.index)
        assert walk.mask()[DONE], f"legal {cards} cannot be submitted in {where}"
    return {"walks": walks, "legal_checked": len(examples), "mask_times": times}
