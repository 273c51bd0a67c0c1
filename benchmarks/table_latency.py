"""Latency of the play table: from a click on *play* to the student's next turn.

    python benchmarks/table_latency.py            # greedy opponents, 3 hands
    python benchmarks/table_latency.py random 5

Each click is the whole handler, as a browser click runs it in the kernel: the engine checks
and applies the play, the three computer players move (until it is the student's turn
again or the hand is over) and the table is redrawn (every HTML pane, the hand's toggles,
the buttons). Widgets are built without a front end, so the time excludes the network and
the browser's drawing (a few ms on one machine). Prints wall-clock times: median, 90th
percentile and maximum, and the share spent by the computer players.
"""

from __future__ import annotations

import statistics
import sys
import time

from shengji_edu.follow import iter_legal_follows
from shengji_edu.game import DEALING, FINISHED, KITTY
from shengji_edu.widgets import PlayTable


def legal(pt: PlayTable) -> list:
    rnd = pt.round
    hand = rnd.hand(pt.you)
    if rnd.lead is None:
        return [rnd.trump.sort(hand)[-1]]
    return next(iter_legal_follows(hand, rnd.lead, rnd.trump))


def measure(computer: str, hands: int) -> None:
    clicks: list[float] = []
    thinking: list[float] = []
    for seed in range(1, hands + 1):
        pt = PlayTable(seed=seed, computer=computer, trick_pause=0)  # no waits for "go on"
        while pt.round.phase == DEALING:
            (pt.deal_on_button or pt.deal_all_button).click()
        if pt.round.phase == KITTY:
            pt.hand.select(pt.round.trump.sort(pt.round.hand(0))[-8:])
            pt.bury_button.click()
        while pt.round.phase != FINISHED:
            pt.hand.select(legal(pt))
            pt.decision_seconds = []
            start = time.perf_counter()
            pt.play_button.click()
            clicks.append(time.perf_counter() - start)
            thinking.append(sum(pt.decision_seconds))
    clicks.sort()
    p90 = clicks[int(0.9 * (len(clicks) - 1))]
    print(
        f"click on play -> your next turn, {computer} opponents, {len(clicks)} clicks in "
        f"{hands} hands: median {1000 * statistics.median(clicks):.0f} ms, "
        f"p90 {1000 * p90:.0f} ms, max {1000 * clicks[-1]:.0f} ms; computer players "
        f"{100 * sum(thinking) / sum(clicks):.0f}% of the time (CPU)"
    )


if __name__ == "__main__":
    kind = sys.argv[1] if len(sys.argv) > 1 else "greedy"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    measure(kind, count)
