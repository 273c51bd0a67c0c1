"""Train the learned player (lesson 13) and measure it in the arena against greedy.

    python benchmarks/train_learned.py            # ~10 minutes: writes the results below
    python benchmarks/train_learned.py --quick    # a 1-minute look, writes nothing

1. Imitation data (:func:`shengji_edu.rl.training.collect`): greedy hands in the arena's
   setup (seeds from 2033), half of the play decisions labelled with the search player's
   choice among its candidates, for ``COLLECT_SECONDS``.
2. Softmax regression in numpy (:func:`~shengji_edu.rl.training.fit`): ``STEPS`` steps of
   gradient descent from "play greedy's choice"; the loss must fall. A fifth of the
   decisions is held out to report accuracy (how often the top-scored candidate is the
   search player's choice) on positions the fit never saw.
3. Writes ``results/learned_weights.json`` (the weights ``make_player("learned")`` ships,
   with the training's figures), then plays ``learned`` against ``greedy`` on 400 duplicate
   deals (seed 2026, as the other arena runs) into ``results/arena_learned_vs_greedy.json``
   (and its ``.txt``), and times the learned player's decisions (median, 99th percentile,
   process time) on the first 40 deals' hands.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import numpy as np

from shengji_edu.arena import run_arena
from shengji_edu.game import Round, play_round
from shengji_edu.players import make_player
from shengji_edu.rl.training import Dataset, accuracy, collect, fit, initial_weights, save_weights

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "results" / "learned_weights.json"
ARENA = ROOT / "results" / "arena_learned_vs_greedy"
COLLECT_SECONDS = 420
STEPS = 400
SEED = 2033


def split(data: Dataset, share: float = 0.2) -> tuple[Dataset, Dataset]:
    order = list(range(len(data)))
    random.Random(0).shuffle(order)
    cut = int(len(order) * share)
    pick = lambda ids: Dataset([data.rows[i] for i in ids], [data.labels[i] for i in ids])  # noqa: E731
    return pick(order[cut:]), pick(order[:cut])


def decision_times(deals: int = 40) -> dict:
    """Wall and process time of the learned player's play decisions in greedy hands."""
    player = make_player("learned")
    walls, cpus = [], []

    class Timed:
        name = "timed"

        def __getattr__(self, attr):
            return getattr(player, attr)

        def play(self, view):
            w, c = time.perf_counter(), time.process_time()
            choice = player.play(view)
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
            return choice

    for seed in range(deals):
        play_round(Round(90_000 + seed), [Timed(), make_player("greedy")] * 2)
    ms = np.array(walls) * 1000
    return {
        "decisions": len(ms),
        "median_ms": round(float(np.median(ms)), 3),
        "p99_ms": round(float(np.percentile(ms, 99)), 3),
        "median_cpu_ms": round(float(np.median(cpus) * 1000), 3),
    }


def main(quick: bool = False) -> None:
    start = time.perf_counter()
    data = collect(45 if quick else COLLECT_SECONDS, seed=SEED)
    train, held_out = split(data)
    fit_start = time.perf_counter()
    w, losses = fit(train, steps=100 if quick else STEPS)
    fit_seconds = time.perf_counter() - fit_start
    info = {
        "teacher": "search (20 worlds)",
        "hands": data.hands,
        "decisions": len(data),
        "train_decisions": len(train),
        "held_out_decisions": len(held_out),
        "collect_seconds": round(data.seconds, 1),
        "fit_seconds": round(fit_seconds, 1),
        "total_seconds": round(time.perf_counter() - start, 1),
        "steps": len(losses),
        "loss_first": round(losses[0], 4),
        "loss_last": round(losses[-1], 4),
        "held_out_accuracy_greedy": round(accuracy(initial_weights(), held_out), 4),
        "held_out_accuracy_learned": round(accuracy(w, held_out), 4),
        "data_bytes": int(sum(x.nbytes for x in data.rows)),
    }
    print(info, flush=True)
    if quick:
        return
    save_weights(WEIGHTS, w, info)
    result = run_arena("learned", "greedy", deals=400, seed=2026, processes=2, progress=False)
    result.save(ARENA.with_suffix(".json"))
    report = result.report()
    ARENA.with_suffix(".txt").write_text(report + "\n", encoding="utf-8")
    print(report, flush=True)
    times = decision_times()
    print("decision times", times)
    data_file = WEIGHTS.read_text(encoding="utf-8")
    import json

    saved = json.loads(data_file)
    saved["decision_time"] = times
    WEIGHTS.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
