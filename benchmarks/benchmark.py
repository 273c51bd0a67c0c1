"""Speed benchmarks: print numbers, never assert (timings belong here, not in tests).

    python benchmarks/benchmark.py            # everything
    python benchmarks/benchmark.py selfplay   # one section: selfplay, decks, follows,
                                              # verdicts, winner, mc

``decks`` is the self-play rate of random and greedy players for one, two and three decks
(RULES §11.1), and with the overcall round after the bury (§11.3).

Rates are best-of-3 wall-clock rates in one process on whatever machine runs it; the Monte
Carlo section reports the median and 95th percentile of single decisions.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from shengji_edu import RuleSet, Trump, check_follow, legal_follows, parse_cards, trick_winner
from shengji_edu.game import Round, play_round
from shengji_edu.players import make_player


def best_rate(work, count: int, repeats: int = 3) -> float:
    """Items per second of the fastest of ``repeats`` runs of ``work()`` (which does count)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return count / best


def selfplay(kind: str, hands: int, rules: RuleSet = RuleSet(), label: str = "") -> float:
    players = [make_player(kind) for _ in range(4)]

    def work() -> None:
        for seed in range(hands):
            play_round(Round(seed, rules), players)

    rate = best_rate(work, hands)
    what = f" {label}" if label else ""
    print(
        f"self-play {kind:>10}{what}: {rate:8.1f} hands/s  ({hands} hands, full deal+declare+play)"
    )
    return rate


def decks() -> None:
    """Self-play rates for every deck count (and the overcall round), random and greedy."""
    for decks in (1, 2, 3):
        for kind, hands in (("random", 150), ("greedy", 40)):
            selfplay(kind, hands, RuleSet(decks=decks), f"{decks} deck{'s' * (decks > 1)}")
    for kind, hands in (("random", 150), ("greedy", 40)):
        selfplay(kind, hands, RuleSet(decks=3, overcall_after_bury=True), "3 decks, overcall")


def follows() -> None:
    trump = Trump(10, "S")
    hand = parse_cards("HA HK HK HQ HJ H9 H9 H8 H8 H7 H6 H5 H5 H3 H2 S4 S4 C3 C7 D9 DQ DK DA BJ LJ")
    lead = parse_cards("H4 H4")
    n = 2000
    rate = best_rate(lambda: [legal_follows(hand, lead, trump) for _ in range(n)], n)
    print(f"legal_follows (pair lead, 15 hearts): {rate:10.0f} calls/s")
    void = parse_cards("S2 S3 S4 S5 S6 S7 S8 S9 SJ SQ SK SA C2 C3 C4 C5 C6 C7 C8 C9 CJ CQ CK CA D2")
    throw = parse_cards("HA HK HQ HJ H9 H8 H7 H6")
    start = time.perf_counter()
    count = len(legal_follows(void, throw, trump))
    took = time.perf_counter() - start
    print(f"legal_follows (void hand vs 8-card throw): {count} plays in {took:.2f} s")


def verdicts() -> None:
    """check_follow on the hot path (legal: no message is built), on a refusal (a message is
    built, its English is not written) and on a refusal whose reason is read."""
    trump = Trump(10, "S")
    hand = parse_cards("HA HK HK HQ HJ H9 H9 H8 H8 H7 H6 H5 H5 H3 H2 S4 S4 C3 C7 D9 DQ DK DA BJ LJ")
    lead = parse_cards("H4 H4")
    n = 20000
    for name, play in (("legal", "HK HK"), ("illegal", "HA HK"), ("off-suit", "HA S4")):
        cards = parse_cards(play)
        rate = best_rate(
            lambda cards=cards: [check_follow(hand, lead, cards, trump) for _ in range(n)], n
        )
        print(f"check_follow (pair lead, {name} {play}): {rate:10.0f} calls/s")
    cards = parse_cards("HA HK")
    rate = best_rate(lambda: [check_follow(hand, lead, cards, trump).reason for _ in range(n)], n)
    print(f"check_follow (pair lead, illegal HA HK, reason read): {rate:10.0f} calls/s")


def winner() -> None:
    trump = Trump(10, "S")
    singles = [parse_cards(x) for x in ("H3", "HQ", "S2", "HA")]
    tractor = [
        parse_cards(x)
        for x in (
            "HA HK H5 H5 H4 H4",
            "S9 S9 S8 S8 S7 S2",
            "H2 H2 H3 H3 HJ HQ",
            "SJ SJ SQ SQ SK S3",
        )
    ]
    n = 20000
    rate = best_rate(lambda: [trick_winner(singles, trump) for _ in range(n)], n)
    print(f"trick_winner (single-card trick): {rate:10.0f} calls/s")
    rate = best_rate(lambda: [trick_winner(tractor, trump) for _ in range(n // 10)], n // 10)
    print(f"trick_winner (tractor + singles, ruff and over-ruff): {rate:10.0f} calls/s")


def decision_times(searcher, hands: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each of ``searcher``'s play decisions in seat 0 of
    ``hands`` hands against three greedy players."""
    from shengji_edu.game import Table
    from shengji_edu.players import GreedyPlayer

    wall: list[float] = []
    cpu: list[float] = []

    class Timed(GreedyPlayer):
        def play(self, view):
            start, start_cpu = time.perf_counter(), time.process_time()
            cards = searcher.play(view)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            return cards

    for seed in range(hands):
        Table(Round(seed), [Timed(), GreedyPlayer(), GreedyPlayer(), GreedyPlayer()]).run()
    return wall, cpu


def montecarlo_latency(hands: int = 6) -> None:
    """Decision times of each search player at its defaults: median and 95th percentile of
    wall-clock time and of this process's CPU time (on a busy machine the wall time includes
    waiting for a core; CPU time does not). Decisions with one legal play count too."""
    from shengji_edu.players import MonteCarloPlayer, SearchPlayer

    for searcher in (MonteCarloPlayer(), SearchPlayer()):
        settings = f"samples={searcher.samples}, depth={searcher.depth}"
        for label, times in zip(("wall", "cpu"), decision_times(searcher, hands), strict=True):
            times.sort()
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(
                f"{type(searcher).__name__}({settings}) decision, {label} time: "
                f"median {1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
                f"max {1000 * times[-1]:.0f} ms over {len(times)} decisions"
            )


def main(sections: list[str]) -> None:
    random.seed(0)
    wanted = set(sections) or {"selfplay", "decks", "follows", "verdicts", "winner", "mc"}
    print(f"python {sys.version.split()[0]}; rates are the best of 3 runs")
    if "selfplay" in wanted:
        selfplay("random", 200)
        selfplay("greedy", 60)
    if "decks" in wanted:
        decks()
    if "follows" in wanted:
        follows()
    if "verdicts" in wanted:
        verdicts()
    if "winner" in wanted:
        winner()
    if "mc" in wanted:
        montecarlo_latency()


if __name__ == "__main__":
    main(sys.argv[1:])
