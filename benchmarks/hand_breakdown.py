"""Where a self-play hand's time goes: prints numbers, never asserts.

    python benchmarks/hand_breakdown.py                 # random and greedy, 2,000 hands each
    python benchmarks/hand_breakdown.py --hands 500 --out results/hand_breakdown.json

For ``make_player("random")`` and ``make_player("greedy")`` self-play (two decks, default
rules, seeds 0, 1, ...) it times, per hand, in one process:

* the whole hand as ``benchmark.py selfplay`` and ``benchmark.py rlcard`` play it
  (``play_round``), with no timer inside;
* the same hands split in parts, a timer around each: before the first trick (making the
  round, the deal with its declarations, the bury: ``Table.run`` until the first lead), the
  views (``Round.view``), the players' decisions by kind (a lead, a follow of one card, of
  two, of three or more), and the engine's checked play (``Round.play``).

The parts add up to a little more than the whole hand: each timer read costs about 0.1 µs,
and a hand reads about 400. Shares are of the parts' sum. The best of ``--repeats`` runs of
each (default 3) is kept, part by part.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path

from shengji_edu.game import PLAYING, Round, Table, play_round
from shengji_edu.players import make_player

KINDS = ("random", "greedy")
PARTS = ("before_play", "views", "lead", "follow_1", "follow_2", "follow_3+", "engine_play")
DECISION = PARTS[2:6]
"""The part a decision belongs to, by the number of cards led (0: a lead; 3: three or more)."""


def whole_hands(kind: str, hands: int) -> float:
    """Microseconds a hand, whole hands through ``play_round``."""
    players = [make_player(kind) for _ in range(4)]
    start = time.perf_counter()
    for seed in range(hands):
        play_round(Round(seed), players)
    return (time.perf_counter() - start) / hands * 1e6


class FirstLead(Exception):
    """Raised by :class:`UntilPlay` when asked to play: the hand is ready for its first lead."""


class UntilPlay:
    """A player that declares, buries and overcalls as ``player`` does (its very methods, so
    the table asks it exactly as often) and stops the table when asked to play."""

    def __init__(self, player) -> None:
        self.declare, self.bury = player.declare, player.bury
        if hasattr(player, "overcall"):
            self.overcall = player.overcall

    def play(self, view):
        raise FirstLead


def timed_hand(seed: int, players: list, until_play: list, spent: dict[str, float]) -> Round:
    """Play the hand of ``seed`` (``play_round``'s hand, card for card) and add the seconds
    of each of its parts to ``spent``; ``until_play`` are the players wrapped in
    :class:`UntilPlay`. Returns the finished round."""
    clock = time.perf_counter
    start = clock()
    round_ = Round(seed)
    with contextlib.suppress(FirstLead):  # the deal and the bury, as Table.run makes them
        Table(round_, until_play).run()
    spent["before_play"] += clock() - start
    while round_.phase == PLAYING:
        seat = round_.turn
        start = clock()
        view = round_.view(seat)
        viewed = clock()
        cards = players[seat].play(view)
        decided = clock()
        round_.play(seat, cards)
        played = clock()
        lead = view.lead
        spent["views"] += viewed - start
        spent[DECISION[0 if lead is None else min(len(lead), 3)]] += decided - viewed
        spent["engine_play"] += played - decided
    return round_


def parts(kind: str, hands: int) -> dict[str, float]:
    """Microseconds a hand spent in each part (:data:`PARTS`), the same hands."""
    players = [make_player(kind) for _ in range(4)]
    until_play = [UntilPlay(player) for player in players]
    spent = dict.fromkeys(PARTS, 0.0)
    for seed in range(hands):
        timed_hand(seed, players, until_play, spent)
    return {part: seconds / hands * 1e6 for part, seconds in spent.items()}


def measure(hands: int, repeats: int) -> dict:
    results = {}
    for kind in KINDS:
        whole_hands(kind, min(hands, 100))  # warm up: imports, tables made once per trump
        whole = min(whole_hands(kind, hands) for _ in range(repeats))
        runs = [parts(kind, hands) for _ in range(repeats)]
        best = {part: min(run[part] for run in runs) for part in PARTS}
        total = sum(best.values())
        results[kind] = {
            "hand_us": round(whole, 1),
            "parts_us": {part: round(micros, 1) for part, micros in best.items()},
            "shares": {part: round(micros / total, 4) for part, micros in best.items()},
        }
    return results


def report(results: dict) -> None:
    for kind, result in results.items():
        total = sum(result["parts_us"].values())
        print(
            f"make_player({kind!r}) self-play: {result['hand_us']:.0f} µs a hand "
            f"(the parts, timed: {total:.0f} µs)"
        )
        for part, micros in result["parts_us"].items():
            label, share = part.replace("_", " "), result["shares"][part]
            print(f"  {label:>12}: {micros:6.0f} µs  {share:5.1%}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands of each kind (2000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, best kept (3)")
    parser.add_argument("--out", type=Path, help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeats < 1:
        parser.error("--hands and --repeats must be at least 1")
    print(
        f"python {sys.version.split()[0]}; {os.cpu_count()} CPUs; "
        f"{args.hands} hands of each kind, best of {args.repeats}"
    )
    results = measure(args.hands, args.repeats)
    report(results)
    if args.out:
        payload = {"command": "python benchmarks/hand_breakdown.py " + " ".join(argv)}
        payload.update(hands=args.hands, repeats=args.repeats, python=sys.version.split()[0])
        payload["kinds"] = results
        args.out.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
