"""The expert player against today's search player: hands won, and both players' decision times.

    python benchmarks/search_strength.py                  # 400 deals, seed 2026, 2 processes
    python benchmarks/search_strength.py --deals 20 --hands 2 --out /tmp/x   # a quick look
    python benchmarks/search_strength.py --times-only     # the decision times alone
    python benchmarks/search_strength.py --times-only --players search expert \
        expert:depth=4   # other specs too (written to expert_decisions_more.*)

Writes, in ``--out`` (default ``results/``):

* ``arena_expert_vs_search.json`` and ``.txt``: the arena's raw results and printed report
  (the same as ``shengji arena expert search --deals 400 --seed 2026 --processes 2``);
* ``expert_vs_previous.json``: against each earlier run kept beside it (:data:`EARLIER`,
  the same opponent over the same deals), the paired difference of hands won deal by deal
  (:meth:`~shengji_edu.arena.Estimate.paired`): what a change gained, with the luck of the
  cards both met taken out;
* ``expert_decisions.json`` and ``.txt``: the CPU time of every play decision of each
  player in seat 0 of ``--hands`` hands against three greedy players (forced decisions
  included), the two players timed hand by hand in turn in this one process, so that both
  meet the same load: median, 95th percentile and maximum, and their ratio; and the CPU
  time of each player's bury at the first bury of the same hands (dealt and declared by
  greedy players), timed apart: a hand has one bury, searched by whole-hand rollouts.

CPU time (``time.process_time``) and not wall time: on a shared machine the wall time also
counts waiting for a core. Issue 34's targets: the expert wins at least 60% of the hands with
the interval's lower end above 55%, at a median decision of at most 100 ms and a 95th
percentile of at most 400 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from shengji_edu.arena import ArenaResult, Estimate, _make, parse_spec, run_arena
from shengji_edu.game import KITTY, Round, Table
from shengji_edu.players import GreedyPlayer

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("expert", "search")


def timed_decisions(names: tuple[str, ...], hands: int) -> dict[str, list[float]]:
    """CPU seconds of each play decision of each player (a spec such as ``search`` or
    ``expert:depth=4``) in seat 0 of ``hands`` seeded hands against three greedy players;
    hand by hand, the players in turn."""
    times: dict[str, list[float]] = {name: [] for name in names}

    def timed(name: str):
        player = _make(parse_spec(name))

        class Timed(GreedyPlayer):
            def play(self, view):
                start = time.process_time()
                cards = player.play(view)
                times[name].append(time.process_time() - start)
                return cards

        return Timed()

    for seed in range(hands):
        for name in names:
            Table(Round(seed), [timed(name), GreedyPlayer(), GreedyPlayer(), GreedyPlayer()]).run()
    return times


def timed_buries(names: tuple[str, ...], hands: int) -> dict[str, list[float]]:
    """CPU seconds of each player's bury at the first bury of ``hands`` seeded hands (dealt
    and declared by greedy players), the players in turn on the same view."""
    times: dict[str, list[float]] = {name: [] for name in names}
    for seed in range(hands):
        round_ = Round(seed)
        table = Table(round_, [GreedyPlayer()] * 4)
        while round_.phase != KITTY:
            table.step()
        for name in names:
            view = round_.view(round_.turn)
            player = _make(parse_spec(name))
            start = time.process_time()
            round_.check_bury(round_.turn, player.bury(view))
            times[name].append(time.process_time() - start)
    return times


EARLIER = {
    "previous": "the expert before its last change",
    "rules_only": "the expert before its last change with today's SmartPlayer (bury_work=0)",
}
"""Earlier runs of the expert against search kept beside today's (``arena_expert_KEY_vs_
search.json``), over the same deals: today's run is compared with each, deal by deal."""


def compare_with_previous(folder: Path) -> None:
    """Write ``expert_vs_previous.json``: today's run against each earlier run of
    :data:`EARLIER` found in ``folder`` (both against search, over the same deals), the
    difference in hands won paired deal by deal."""
    now = ArenaResult.load(folder / "arena_expert_vs_search.json")
    differences = {}
    for key, label in EARLIER.items():
        path = folder / f"arena_expert_{key}_vs_search.json"
        if not path.exists():
            continue
        earlier = ArenaResult.load(path)
        if [d["seed"] for d in now.deals] != [d["seed"] for d in earlier.deals]:
            print(f"{path.name} played other deals: no paired difference")
            continue
        gain = Estimate.paired(
            now.side_values("a")["hands_won"], earlier.side_values("a")["hands_won"]
        )
        print(
            f"against {label}, deal by deal: {gain.mean:+.1%} [{gain.low:+.1%}, "
            f"{gain.high:+.1%}] of the hands won"
        )
        differences[key] = {"mean": gain.mean, "low": gain.low, "high": gain.high}
    data = {"deals": len(now.deals), "seed": now.seed, "differences": differences}
    (folder / "expert_vs_previous.json").write_text(json.dumps(data, indent=1) + "\n")


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "decisions": len(ordered),
        "median_ms": round(1000 * statistics.median(ordered), 1),
        "p95_ms": round(1000 * p95, 1),
        "max_ms": round(1000 * ordered[-1], 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--hands", type=int, default=20, help="hands timed per player")
    parser.add_argument("--out", type=Path, default=ROOT / "results")
    parser.add_argument("--times-only", action="store_true")
    parser.add_argument("--players", nargs="+", help="player specs to time (first: expert)")
    parser.add_argument(
        "--paired-only", action="store_true", help="only write expert_vs_previous.json"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.paired_only:
        compare_with_previous(args.out)
        return

    if not args.times_only:
        start = time.perf_counter()
        result = run_arena("expert", "search", args.deals, args.seed, processes=args.processes)
        minutes = (time.perf_counter() - start) / 60
        report = result.report()
        print(report)
        print(f"({minutes:.1f} min on {args.processes} processes)")
        result.save(args.out / "arena_expert_vs_search.json")
        (args.out / "arena_expert_vs_search.txt").write_text(report + "\n", encoding="utf-8")
        compare_with_previous(args.out)

    players = tuple(args.players or PLAYERS)
    times = timed_decisions(players, args.hands)
    stats = {name: summary(times[name]) for name in players}
    buries = timed_buries(players, args.hands)
    bury_stats = {name: summary(buries[name]) for name in players}
    ratio = stats[players[0]]["median_ms"] / stats["search"]["median_ms"]
    lines = [
        f"Play decisions in seat 0 of {args.hands} hands against three greedy players, "
        "CPU time, both players timed in this run:",
        *(
            f"{name:>7}: median {s['median_ms']:.1f} ms, p95 {s['p95_ms']:.1f} ms, "
            f"max {s['max_ms']:.1f} ms over {s['decisions']} decisions"
            for name, s in stats.items()
        ),
        f"{players[0]}'s median / search's median: {ratio:.2f}",
        f"The first bury of the same {args.hands} hands (greedy players up to it), CPU time:",
        *(
            f"{name:>7}: median {s['median_ms']:.1f} ms, max {s['max_ms']:.1f} ms "
            f"over {s['decisions']} buries"
            for name, s in bury_stats.items()
        ),
        "command: python benchmarks/search_strength.py"
        + "".join(" " + arg for arg in (sys.argv[1:] if argv is None else argv)),
    ]
    print("\n".join(lines))
    stem = "expert_decisions" if args.players is None else "expert_decisions_more"
    (args.out / f"{stem}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = {"hands": args.hands, "python": sys.version.split()[0], **stats}
    data["median_ratio"] = round(ratio, 2)
    data["bury"] = bury_stats
    (args.out / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
