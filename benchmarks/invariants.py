"""Invariants over many seeded hands: what the audit of issue 12 checked, kept as a script.

    python benchmarks/invariants.py                 # 10,000 hands, about 4 minutes
    python benchmarks/invariants.py --hands 500 --seed 3

Each hand is dealt from its own seed with a mix of random and greedy players, under one of
several rule variants and starting positions, and then checked:

* cards are conserved: after every trick the hands, the cards played and the kitty are the
  108 cards exactly, and at the end every hand is empty;
* every play was legal by the rules, judged again with the rules functions themselves
  (``check_lead`` / ``check_follow``; a multi-card lead with ``check_throw``, and a failed
  throw must lead exactly the forced cards);
* the points add up: all tricks' points plus the kitty's are 200, the defenders' trick
  points are those of the tricks they won, and the result is trick points plus the kitty
  (times its multiplier, if the defenders won the last trick) plus penalties, settled by
  ``settle``;
* the record round-trips: saved as JSON bytes and loaded again it gives the same record;
* every tenth hand, played again with fresh players, is the same card for card.

It prints counts and the time taken, and exits 1 if any invariant failed. The test suite
(tests/test_invariants.py) runs a few hundred hands of it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from shengji_edu import RuleSet, check_follow, check_throw, new_deck, settle, trick_points
from shengji_edu.cards import parse_cards
from shengji_edu.game import Round, Table, hand_record, loads
from shengji_edu.players import make_player
from shengji_edu.scoring import kitty_multiplier
from shengji_edu.tricks import check_lead

VARIANTS = (
    RuleSet(),
    RuleSet(bidding="after_deal"),
    RuleSet(kitty="linear", throw_penalty=10),
    RuleSet(settlement="escalating", bidding="after_deal", throw_penalty=10),
)
TWO_OF_EACH = [2] * 54


@dataclass
class Tally:
    hands: int = 0
    tricks: int = 0
    plays: int = 0
    throws: int = 0
    failed_throws: int = 0
    records: int = 0
    replays: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, seed: int, what: str) -> None:
        self.failures.append(f"seed {seed}: {what}")


def setup(seed: int) -> tuple[Round, list[str]]:
    """The hand for ``seed``: rules, start (first hand or a later one) and players."""
    rng = random.Random(seed)
    rules = VARIANTS[rng.randrange(len(VARIANTS))]
    kinds = [rng.choice(("random", "greedy")) for _ in range(4)]
    if rng.random() < 0.5:
        level = rng.randrange(2, 15)
        return Round(seed, rules, (level, level)), kinds
    levels = (rng.randrange(2, 15), rng.randrange(2, 15))
    return Round(seed, rules, levels, dealer=rng.randrange(4)), kinds


def check_hand(seed: int, tally: Tally, replay: bool = False) -> None:
    rnd, kinds = setup(seed)
    players = [make_player(kind) for kind in kinds]
    Table(rnd, players).run()
    tally.hands += 1
    result = rnd.result
    if result is None:
        tally.fail(seed, "the hand did not finish")
        return
    check_plays(seed, rnd, tally)
    check_points(seed, rnd, tally)
    record = hand_record(rnd)
    try:
        again = hand_record(loads(json.dumps(record, ensure_ascii=False).encode("utf-8")))
    except ValueError as exc:
        tally.fail(seed, f"its own record does not load: {exc}")
    else:
        tally.records += 1
        if again != record:
            tally.fail(seed, "the record does not round-trip")
    if replay:
        twin, kinds = setup(seed)
        Table(twin, [make_player(kind) for kind in kinds]).run()
        tally.replays += 1
        if twin.actions != rnd.actions:
            tally.fail(seed, "the same seed and players gave another hand")


def check_plays(seed: int, rnd: Round, tally: Tally) -> None:
    """Replay the actions into a fresh round, judging each play with the rules functions."""
    twin = Round(seed, rnd.rules, rnd.levels_at_start, rnd.starting_dealer)
    for action in rnd.actions:
        kind = action["action"]
        if kind == "declare":
            while twin.dealt < action["after_card"]:
                twin.deal_next()
            twin.declare(action["seat"], action["cards"])
        elif kind == "pass":
            twin.pass_bid(action["seat"])
        elif kind == "finish_deal":
            twin.deal_all()
            twin.finish_deal()
        elif kind == "bury":
            twin.bury(action["seat"], action["cards"])
            conserved(seed, twin, tally)
        elif kind == "play":
            led = judge(seed, twin, action["seat"], parse_cards(action["cards"]), tally)
            tricks = len(twin.tricks)
            twin.play(action["seat"], action["cards"])
            if led is not None and Counter(twin.current_trick[0][1]) != led:
                tally.fail(seed, "a lead put down other cards than the rules say")
            if len(twin.tricks) > tricks:
                tally.tricks += 1
                conserved(seed, twin, tally)
    if any(twin.hands) or twin.result != rnd.result:
        tally.fail(seed, "the replayed hand does not end as the hand did")


def judge(seed: int, rnd: Round, seat: int, cards, tally: Tally) -> Counter | None:
    """Judge a play before it is made; for a lead, return the cards it must put down (a
    failed throw: the forced unit)."""
    tally.plays += 1
    hand, trump, lead = list(rnd.hand(seat)), rnd.trump, rnd.lead
    if lead is not None:
        if not check_follow(hand, lead, cards, trump):
            tally.fail(seed, f"seat {seat} followed {cards} illegally")
        return None
    if not check_lead(hand, cards, trump):
        tally.fail(seed, f"seat {seat} led {cards} illegally")
    if len(cards) == 1:
        return Counter(cards)
    tally.throws += 1
    throw = check_throw(cards, [list(rnd.hand(s)) for s in range(4) if s != seat], trump)
    if not throw.ok:
        tally.failed_throws += 1
    return Counter(cards if throw.ok else throw.forced)


def conserved(seed: int, rnd: Round, tally: Tally) -> None:
    """Hands, cards played and the kitty are the 108 cards: two of each of the 54."""
    counts = [0] * 54
    for cards in (rnd.played_cards, rnd.kitty, *(rnd.hand(seat) for seat in range(4))):
        for card in cards:
            counts[card.index] += 1
    if counts != TWO_OF_EACH:
        tally.fail(seed, f"cards not conserved after {len(rnd.tricks)} tricks")


def check_points(seed: int, rnd: Round, tally: Tally) -> None:
    result = rnd.result
    assert result is not None
    every = sum(t.points for t in rnd.tricks) + trick_points(rnd.kitty)
    if every != trick_points(new_deck()):
        tally.fail(seed, f"tricks and kitty hold {every} points, not 200")
    won = sum(t.points for t in rnd.tricks if not rnd.is_dealer_team(t.winner))
    if won != result.trick_points:
        tally.fail(seed, f"defenders won {won} points in tricks, the result says so otherwise")
    last = rnd.tricks[-1]
    multiplier = kitty_multiplier(last.lead, rnd.trump, rnd.rules)
    kitty = 0 if rnd.is_dealer_team(last.winner) else trick_points(rnd.kitty) * multiplier
    if (result.kitty_points, result.kitty_multiplier) != (kitty, multiplier):
        tally.fail(seed, "the kitty's points are wrong")
    total = won + kitty + result.penalty
    if result.defender_points != total or result.settlement != settle(total, rnd.rules):
        tally.fail(seed, "the settlement does not follow from the points")
    for trick in rnd.tricks:
        if trick.points != trick_points(trick.cards()):
            tally.fail(seed, "a trick's points are wrong")
    for trick in rnd.tricks:
        if trick.attempted is not None and Counter(trick.lead) - Counter(trick.attempted):
            tally.fail(seed, "a failed throw led cards it did not try")


def run(hands: int, seed: int = 0, progress: bool = False) -> Tally:
    """Check ``hands`` hands with seeds drawn from ``seed``; returns the tally."""
    rng = random.Random(seed)
    tally = Tally()
    for number in range(hands):
        check_hand(rng.getrandbits(32), tally, replay=number % 10 == 0)
        if progress and (number + 1) % 1000 == 0:
            print(f"  {number + 1} hands checked", file=sys.stderr)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = run(args.hands, args.seed, progress=True)
    took = time.perf_counter() - start
    print(f"{tally.hands} hands in {took:.0f} s ({tally.hands / took:.0f} hands/s)")
    print(f"  {tally.tricks} tricks, {tally.plays} plays judged by the rules")
    print(f"  {tally.throws} multi-card leads, {tally.failed_throws} failed throws")
    print(f"  {tally.records} records round-tripped, {tally.replays} hands replayed")
    print(f"  {len(tally.failures)} invariant failures")
    for failure in tally.failures[:20]:
        print("   ", failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
