"""Invariants over many seeded hands: what an audit of the engine checked, kept as a script.

    python benchmarks/invariants.py                 # 10,000 hands, every variant
    python benchmarks/invariants.py --hands 500 --seed 3
    python benchmarks/invariants.py --variants two  # only the two-deck variants of before

Each hand is dealt from its own seed with a mix of random and greedy players, under one of
the rule variants (:data:`VARIANTS`: one, two and three decks, the 2s always trump,
overcalling after the bury, every kitty rule with and without a cap, penalties, the
after-deal auction; RULES §11; the house rules of RULES §12, :data:`HOUSE_VARIANTS`: the 5-10-K
ladder, settlement tables, the 45-point game, wearing the A, the declaring rounds ...) and
starting positions (levels on the rules' ladder), and then checked:

* cards are conserved: after every bury and every trick the hands, the cards played and
  the kitty are the cards of ``rules.deck()`` exactly (54, 108 or 162), and at the end every
  hand is empty;
* every decision was legal by the rules functions themselves: declarations with
  ``replay_bids`` (reports with ``report_strength``, the yield round with ``yield_round``),
  overcalls with ``overcall_strength`` against the standing one, buries with ``check_bury``,
  returns with ``check_return``, leads and follows with ``check_lead`` / ``check_follow``
  (a multi-card lead with ``check_throw``, and a failed throw must lead exactly the forced
  cards);
* the points add up: all tricks' points plus the kitty's are ``rules.total_points`` (100,
  200 or 300), the defenders' trick points are those of the tricks they won, and the result
  is trick points plus the kitty buried last (times its multiplier, if the defenders won the
  last trick) plus penalties, settled by ``settle`` (the 45-point game: the tricks won but
  the last, plus penalties, settled with who won the last trick); the levels climb the
  rules' ladder (``climb``); a hand played wearing the A has no trump suit and no
  declaration, and wins the match only if ``ace_worn``;
* the record round-trips: saved as JSON bytes and loaded again it gives the same record;
* every tenth hand, played again with fresh players, is the same card for card.

It prints counts (per deck count too) and the time taken, and exits 1 if any invariant
failed. The test suite (tests/game/test_invariants.py) runs a small share of it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from shengji_edu import (
    RuleSet,
    ace_worn,
    check_bury,
    check_follow,
    check_return,
    check_throw,
    climb,
    level_ladder,
    replay_bids,
    report_strength,
    settle,
    trick_points,
    yield_round,
)
from shengji_edu.cards import parse_cards
from shengji_edu.declaring import overcall_strength
from shengji_edu.game import AUCTION, KITTY, Round, Table, hand_record, loads
from shengji_edu.players import make_player
from shengji_edu.scoring import kitty_multiplier
from shengji_edu.tricks import check_lead

TWO_DECK_VARIANTS = (
    RuleSet(),
    RuleSet(bidding="after_deal"),
    RuleSet(kitty="linear", throw_penalty=10),
    RuleSet(settlement="escalating", bidding="after_deal", throw_penalty=10),
)
"""The variants of the two-deck game that existed before RULES §11."""

VARIANTS = (
    *TWO_DECK_VARIANTS,
    RuleSet(decks=1),
    RuleSet(decks=1, overcall_after_bury=True, kitty="plain", throw_penalty=10),
    RuleSet(decks=3),
    RuleSet(decks=3, twos_are_trump=True, bidding="after_deal"),
    RuleSet(decks=3, overcall_after_bury=True, kitty="linear", kitty_max=16),
    RuleSet(twos_are_trump=True),
    RuleSet(overcall_after_bury=True),
    RuleSet(overcall_after_bury=True, twos_are_trump=True, settlement="escalating"),
    RuleSet(kitty="plain", kitty_max=64),
    RuleSet(kitty_max=16, bidding="after_deal"),
    RuleSet(levels="5-10-K", kitty="width"),
    RuleSet(kitty="cards", kitty_max=64, settlement_table="twenty"),
    RuleSet(decks=3, kitty="pairs", settlement_table="0:D3/1:D2/60:D1/120:D0/150:A0+30"),
    RuleSet(decks=1, settlement="forty_five", kitty="width", throw_penalty=10),
    RuleSet(decks=1, settlement_table="one_deck_classic", kitty="pairs"),
    RuleSet(wear_ace=True, overcall_after_bury=True),
    RuleSet(wear_ace=True, bidding="after_deal", kitty="cards"),
)
"""Every deck count and every option of RULES §11, alone and mixed with the others, and the
ladders, kitty and settlement tables, the 45-point game and wearing the A of RULES §12."""

HOUSE_VARIANTS = (
    RuleSet(bidding="yield"),
    RuleSet(bidding="yield", overcall_after_bury=True, kitty="linear"),
    RuleSet(bidding="report"),
    RuleSet(bidding="report", no_bid="third_card", throw_penalty=10),
    RuleSet(bidding="joker_colour"),
    RuleSet(bidding="joker_colour", joker_bids="four", no_bid="random_suit"),
    RuleSet(bidding="joker_colour", joker_bids="none", no_bid="no_trump"),
    RuleSet(joker_bids="none", bidding="after_deal", twos_are_trump=True),
    RuleSet(joker_bids="four", overcall_after_bury=True, no_bid="no_trump"),
    RuleSet(partner_reinforce=True, bidding="after_deal"),
    RuleSet(partner_reinforce=True, open_kitty=True),
    RuleSet(decks=1, open_kitty=True, no_bid="third_card"),
    RuleSet(decks=3, open_kitty=True, twos_are_trump=True, no_bid="random_suit"),
    RuleSet(failed_throw="smallest_card", throw_penalty=10),
    RuleSet(tractors="plain", offsuit_levels="suit", kitty="width"),
    RuleSet(tractors="off", failed_throw="smallest_card", bidding="joker_colour"),
    RuleSet(decks=1, tractors="plain", twos_are_trump=True, settlement="forty_five"),
    RuleSet(offsuit_levels="suit", twos_are_trump=True, bidding="report", levels="5-10-K"),
    RuleSet(decks=3, offsuit_levels="suit", failed_throw="smallest_card", kitty="pairs"),
    RuleSet(bidding="yield", tractors="off", wear_ace=True, settlement_table="twenty"),
)
"""The seeds' house rules (RULES §12), alone and mixed with each other and with §11."""

VARIANTS = (*VARIANTS, *HOUSE_VARIANTS)
VARIANT_SETS = {"all": VARIANTS, "two": TWO_DECK_VARIANTS, "house": HOUSE_VARIANTS}

PLAYERS = {
    "random": ("random", {}),
    "greedy": ("greedy", {}),
    "eager": ("random", {"declare_rate": 0.0, "overcall_rate": 0.9}),
}
"""Player kinds by name. "eager" never declares and nearly always overcalls: with
``overcall_after_bury`` its tables often play on a turned-up card, so overcalls happen."""


def make(kind: str):
    name, options = PLAYERS[kind]
    return make_player(name, **options)


@dataclass
class Tally:
    hands: int = 0
    tricks: int = 0
    plays: int = 0
    throws: int = 0
    failed_throws: int = 0
    declarations: int = 0
    overcalls: int = 0
    buries: int = 0
    returns: int = 0
    records: int = 0
    replays: int = 0
    by_decks: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def fail(self, seed: int, what: str) -> None:
        self.failures.append(f"seed {seed}: {what}")


def setup(seed: int, variants: tuple[RuleSet, ...] = VARIANTS) -> tuple[Round, list[str]]:
    """The hand for ``seed``: rules, start (first hand or a later one) and players."""
    rng = random.Random(seed)
    rules = variants[rng.randrange(len(variants))]
    kinds = [rng.choice(("random", "greedy")) for _ in range(4)]
    if rules.overcall_after_bury and rng.random() < 0.5:
        kinds = ["eager" if kind == "random" else kind for kind in kinds]
    ladder = level_ladder(rules)  # 2-A: randrange(2, 15), as before the ladders
    if rng.random() < 0.5:
        level = ladder[rng.randrange(len(ladder))]
        if rules.wear_ace and rng.random() < 0.5:
            level = 14  # often a hand played wearing the A
        levels = (level, level)
        if rules.settlement == "forty_five" and rng.random() < 0.5:
            levels = (level, ladder[rng.randrange(len(ladder))])  # the hand after a draw
        return Round(seed, rules, levels), kinds
    levels = (ladder[rng.randrange(len(ladder))], ladder[rng.randrange(len(ladder))])
    if rules.wear_ace and rng.random() < 0.5:
        levels = (14, levels[1])
    return Round(seed, rules, levels, dealer=rng.randrange(4)), kinds


def check_hand(
    seed: int, tally: Tally, replay: bool = False, variants: tuple[RuleSet, ...] = VARIANTS
) -> None:
    rnd, kinds = setup(seed, variants)
    players = [make(kind) for kind in kinds]
    Table(rnd, players).run()
    tally.hands += 1
    tally.by_decks[rnd.rules.decks] += 1
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
        twin, kinds = setup(seed, variants)
        Table(twin, [make(kind) for kind in kinds]).run()
        tally.replays += 1
        if twin.actions != rnd.actions:
            tally.fail(seed, "the same seed and players gave another hand")


def check_plays(seed: int, rnd: Round, tally: Tally) -> None:
    """Replay the actions into a fresh round, judging each play with the rules functions."""
    twin = Round(seed, rnd.rules, rnd.levels_at_start, rnd.starting_dealer)
    rules = rnd.rules
    bids: list = []  # the declarations shown so far, as (seat, cards)
    for action in rnd.actions:
        kind = action["action"]
        if kind == "declare":
            while twin.dealt < action["after_card"]:
                twin.deal_next()
            tally.declarations += 1
            shown = (action["seat"], parse_cards(action["cards"]))
            judge_bid(seed, twin, bids, shown, tally)
            twin.declare(action["seat"], action["cards"])
            bids.append(shown)
        elif kind == "pass":
            twin.pass_bid(action["seat"])
        elif kind == "finish_deal":
            twin.deal_all()
            twin.finish_deal()
        elif kind == "overcall":
            tally.overcalls += 1
            cards = parse_cards(action["cards"])
            floor = twin.public.overcall_floor
            try:
                overcall_strength(cards, twin.level_rank, floor, rules.decks, rules.joker_bids)
            except ValueError as exc:
                tally.fail(seed, f"seat {action['seat']} overcalled illegally: {exc}")
            twin.overcall(action["seat"], cards)
            if twin.kitty_holder != action["seat"] or twin.trump.suit != (
                None if cards[0].is_joker else cards[0].suit
            ):
                tally.fail(seed, "an overcaller did not take the kitty, or the trump stayed")
        elif kind == "pass_overcall":
            twin.pass_overcall(action["seat"])
        elif kind == "bury":
            tally.buries += 1
            verdict = check_bury(twin.hand(action["seat"]), parse_cards(action["cards"]), rules)
            if not verdict:
                tally.fail(seed, f"a bury of {action['cards']} is illegal: {verdict.reason}")
            twin.bury(action["seat"], action["cards"])
            conserved(seed, twin, tally)
        elif kind == "return":
            tally.returns += 1
            owed = twin.reported_cards(twin.returns_due[0])
            given = parse_cards(action["cards"])
            verdict = check_return(twin.hand(action["seat"]), given, owed)
            if not verdict:
                tally.fail(seed, f"a return of {action['cards']} is illegal: {verdict.reason}")
            twin.give(action["seat"], given)
            if twin.phase != KITTY:  # (in the kitty phase the kitty is in a hand too)
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


def judge_bid(seed: int, rnd: Round, bids: list, shown: tuple, tally: Tally) -> None:
    """Judge a declaration with the pure rules (RULES §8, §11.1, §12.2–§12.6, §12.13) before
    the engine sees it: the bids of the hand so far and this one, replayed by
    ``replay_bids`` (a report by ``report_strength``, a yield-round show by ``yield_round``)."""
    rules = rnd.rules
    seat, cards = shown
    try:
        if rules.bidding == "report" and rnd.phase == AUCTION:
            report_strength(cards, rnd.levels[rnd.report_candidate % 2])
            return
        if rules.bidding == "yield" and rnd.phase == AUCTION:
            answers = [shown for _seat, shown in rnd.public.bids] + [cards]
            yield_round(answers, rnd.levels, rnd.starting_dealer)
            return
        level = rnd.level_rank
        if not rnd.declarations and (
            rnd.dealer is None  # a first hand (after a 45-point draw the levels differ)
            or (rules.bidding == "joker_colour" and rnd.phase == AUCTION)  # the defenders'
        ):
            level = rnd.levels[seat % 2]  # round: its own team's level
        found = replay_bids([*bids, shown], level, rules)
        if not found.accepted[-1]:
            raise ValueError(found.reasons[-1])
    except ValueError as exc:
        tally.fail(seed, f"seat {seat} declared illegally: {exc}")


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
    others = [list(rnd.hand(s)) for s in range(4) if s != seat]
    throw = check_throw(cards, others, trump, rnd.rules)
    if not throw.ok:
        tally.failed_throws += 1
    return Counter(cards if throw.ok else throw.forced)


def conserved(seed: int, rnd: Round, tally: Tally) -> None:
    """Hands, cards played and the kitty are the deck's cards: each of the 54, decks times."""
    counts = [0] * 54
    for cards in (rnd.played_cards, rnd.kitty, *(rnd.hand(seat) for seat in range(4))):
        for card in cards:
            counts[card.index] += 1
    if counts != [rnd.rules.decks] * 54:
        tally.fail(seed, f"cards not conserved after {len(rnd.tricks)} tricks")


def check_points(seed: int, rnd: Round, tally: Tally) -> None:
    result = rnd.result
    assert result is not None
    every = sum(t.points for t in rnd.tricks) + trick_points(rnd.kitty)
    total = rnd.rules.total_points
    if every != total or trick_points(rnd.rules.deck()) != total:
        tally.fail(seed, f"tricks and kitty hold {every} points, not {total}")
    bury = [a for a in rnd.actions if a["action"] == "bury"][-1]
    if parse_cards(bury["cards"]) != list(rnd.kitty) or bury["seat"] != rnd.buried_by:
        tally.fail(seed, "the kitty that counts is not the one buried last")
    won = sum(t.points for t in rnd.tricks if not rnd.is_dealer_team(t.winner))
    last = rnd.tricks[-1]
    rules = rnd.rules
    won_last = not rnd.is_dealer_team(last.winner)
    if rules.settlement == "forty_five":  # RULES §12.10: neither the last trick nor the kitty
        won -= last.points if won_last else 0
    if won != result.trick_points:
        tally.fail(seed, f"defenders won {won} points in tricks, the result says so otherwise")
    if rules.settlement == "forty_five":
        if (result.kitty_points, result.kitty_multiplier) != (0, 0):
            tally.fail(seed, "the 45-point game counted the kitty")
        total = won + result.penalty
        settlement = settle(total, rules, won_last_trick=won_last)
    else:
        multiplier = kitty_multiplier(last.lead, rnd.trump, rules)
        kitty = trick_points(rnd.kitty) * multiplier if won_last else 0
        if (result.kitty_points, result.kitty_multiplier) != (kitty, multiplier):
            tally.fail(seed, "the kitty's points are wrong")
        total = won + kitty + result.penalty
        settlement = settle(total, rules)
    if result.defender_points != total or result.settlement != settlement:
        tally.fail(seed, "the settlement does not follow from the points")
    check_levels(seed, rnd, tally)
    for trick in rnd.tricks:
        if trick.points != trick_points(trick.cards()):
            tally.fail(seed, "a trick's points are wrong")
    for trick in rnd.tricks:
        if trick.attempted is not None and Counter(trick.lead) - Counter(trick.attempted):
            tally.fail(seed, "a failed throw led cards it did not try")


def check_levels(seed: int, rnd: Round, tally: Tally) -> None:
    """The levels climb the ladder; a hand played wearing the A is one (RULES §12.1, §12.12)."""
    result, rules = rnd.result, rnd.rules
    assert result is not None
    dealer_team = result.dealer % 2
    gains = {dealer_team: result.settlement.dealer_levels}
    gains[1 - dealer_team] = result.settlement.defender_levels
    for team in (0, 1):
        if result.levels_after[team] != climb(result.levels_before[team], gains[team], rules):
            tally.fail(seed, f"team {team} did not climb the {rules.levels} ladder")
    kept = result.winning_team == dealer_team
    top = rnd.level_rank == level_ladder(rules)[-1]
    if rnd.wear_ace_hand:
        if rnd.trump.suit is not None or rnd.declarations or any(o for _s, o in rnd.overcalls):
            tally.fail(seed, "a hand played wearing the A had a trump suit or a declaration")
        worn = ace_worn(rnd.tricks[0].lead, rnd.tricks[-1].plays, result.dealer, rnd.trump)
        top = top and worn
    if result.match_won != (kept and top):
        tally.fail(seed, "the match is won, or not, against the rules")


def run(
    hands: int,
    seed: int = 0,
    progress: bool = False,
    variants: tuple[RuleSet, ...] = VARIANTS,
) -> Tally:
    """Check ``hands`` hands with seeds drawn from ``seed``; returns the tally."""
    rng = random.Random(seed)
    tally = Tally()
    for number in range(hands):
        check_hand(rng.getrandbits(32), tally, replay=number % 10 == 0, variants=variants)
        if progress and (number + 1) % 1000 == 0:
            print(f"  {number + 1} hands checked", file=sys.stderr)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", choices=sorted(VARIANT_SETS), default="all")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = run(args.hands, args.seed, progress=True, variants=VARIANT_SETS[args.variants])
    took = time.perf_counter() - start
    print(f"{tally.hands} hands in {took:.0f} s ({tally.hands / took:.0f} hands/s)")
    decks = ", ".join(f"{tally.by_decks[d]} with {d} deck(s)" for d in sorted(tally.by_decks))
    print(f"  {decks}")
    print(f"  {tally.tricks} tricks, {tally.plays} plays judged by the rules")
    print(f"  {tally.throws} multi-card leads, {tally.failed_throws} failed throws")
    print(
        f"  {tally.declarations} declarations, {tally.overcalls} overcalls, "
        f"{tally.buries} buries and {tally.returns} returns judged"
    )
    print(f"  {tally.records} records round-tripped, {tally.replays} hands replayed")
    print(f"  {len(tally.failures)} invariant failures")
    for failure in tally.failures[:20]:
        print("   ", failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
