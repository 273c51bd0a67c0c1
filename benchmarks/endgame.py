"""How long the endgame solver takes, by cards left in each hand (issue 30).

    python benchmarks/endgame.py                  # 100 positions per size, 1-6 cards, two decks
    python benchmarks/endgame.py --max-cards 5    # 1-5 cards (6 takes minutes)
    python benchmarks/endgame.py --positions 20   # a quick look (not the committed file)

Positions are mined from seeded self-play: four greedy players (``make_player("greedy")``)
play seeded hands (seed 1, 2, 3, …) and every hand gives, for each N, its trick start at
which each seat holds exactly N cards (hands skip sizes when pairs are led, so a hand may give
none for some N).
Each position is solved from scratch (a new :class:`~shengji_edu.players.endgame.Solver`,
every play of the side to move valued and one best line found, :func:`solve`); the time is
CPU time (``time.process_time``), which other work on the machine disturbs less than wall
time. The committed output, results/endgame_speed.txt, also counts the search's nodes,
which are the same on any machine. One and three decks are measured at 4 cards too.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from shengji_edu.game import PLAYING, Round, Table
from shengji_edu.players import make_player
from shengji_edu.players.endgame import Position, solve
from shengji_edu.rules import RuleSet

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "results" / "endgame_speed.txt"


def mined_positions(sizes, count: int, decks: int = 2) -> dict[int, list[Position]]:
    """``count`` positions for each number of cards a hand in ``sizes``, each at the first
    trick start of a seeded hand (seeds 1, 2, 3, …) where every seat holds that many."""
    found: dict[int, list[Position]] = {size: [] for size in sizes}
    seed = 0
    while any(len(found[size]) < count for size in sizes):
        seed += 1
        table = Table(Round(seed, RuleSet(decks=decks)), [make_player("greedy")] * 4)
        world = table.round
        while world.phase != "finished":
            held = len(world.hand(0))
            new = world.phase == PLAYING and not world.current_trick and held in found
            if new and len(found[held]) < count:
                found[held].append(Position.from_round(world))
                if held == min(sizes):
                    break
            table.step()
    return found


def measure(positions) -> dict:
    times, nodes = [], []
    for position in positions:
        start = time.process_time()
        solution = solve(position)
        times.append(time.process_time() - start)
        nodes.append(solution.nodes)
    times.sort()
    return {
        "median": statistics.median(times),
        "p90": times[int(0.9 * (len(times) - 1))],
        "max": times[-1],
        "mean_nodes": statistics.fmean(nodes),
        "max_nodes": max(nodes),
        "under_1s": sum(t < 1.0 for t in times),
        "count": len(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--max-cards", type=int, default=6)
    args = parser.parse_args()
    sizes = range(1, args.max_cards + 1)
    rows = [(2, sizes), (1, [4]), (3, [4])]
    lines = [
        f"$ python benchmarks/endgame.py --positions {args.positions} --max-cards {args.max_cards}",
        f"python {platform.python_version()}; "
        f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; {len_cpus()} CPUs",
        "positions from seeded greedy self-play, each solved from scratch (every play valued, "
        "one best line); CPU time per position",
        "",
        f"{'decks':>5} {'cards':>5} {'positions':>9} {'median':>9} {'90th pct':>9} {'max':>9} "
        f"{'< 1 s':>6} {'nodes (mean)':>13} {'nodes (max)':>12}",
    ]
    for decks, cards_left in rows:
        mined = mined_positions(cards_left, args.positions, decks)
        for cards in cards_left:
            result = measure(mined[cards])
            lines.append(
                f"{decks:>5} {cards:>5} {result['count']:>9} {ms(result['median']):>9} "
                f"{ms(result['p90']):>9} {ms(result['max']):>9} {result['under_1s']:>6} "
                f"{result['mean_nodes']:>13,.0f} {result['max_nodes']:>12,}"
            )
            print(lines[-1], file=sys.stderr)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.positions == 100:  # the committed size
        OUTPUT.write_text(text, encoding="utf-8")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def len_cpus() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    main()
