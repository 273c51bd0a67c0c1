"""How good is one decision? Search settings judged on the same positions, with the real cards.

    python benchmarks/decision_quality.py          # writes results/decision_quality.json
    python benchmarks/decision_quality.py 40       # fewer positions, a quick look

The arena needs hundreds of hands to tell two players apart, because most of a hand's result
is the cards. This benchmark asks a smaller question, much more cheaply: in a position, how
much better than greedy's choice is a player's choice? It may peek (a player may not):

* **Positions**: hands of four greedy players (seeds from 5000 on); in each hand, 4 of the
  play decisions drawn at random, keeping those where Monte Carlo has more than one
  candidate and it is not the last trick.
* **Truth**: a play's value is the position's *real* hands and kitty, that play, then
  greedy players to the end of the hand (two rollout seeds, averaged), scored for the
  player's side: its points (``team_score``) plus 40 if it wins the hand.
* **Gain**: truth of the setting's choice minus truth of greedy's choice, per position; the
  mean with a 95% interval over positions. Every setting decides from the same view with
  its generator rewound, so the settings are compared on equal terms.
* **CPU**: the process time per decision (the machine may be busy: compare settings within
  one run, not across machines).

The truth plays greedy players on, which is also what the searchers' rollouts assume: the
benchmark measures how well a setting estimates what its rollouts model, not the whole game.
The arena (``results/arena_*``) is the judge of strength; this shows where the time goes.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

from shengji_edu.game import PLAYING, Round, Table
from shengji_edu.game.round import team_of
from shengji_edu.players import GreedyPlayer, make_player
from shengji_edu.players.montecarlo import candidate_plays, play_on, team_score

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "results" / "decision_quality.json"
FIRST_SEED = 5000
WIN_BONUS = 40

SETTINGS: dict[str, tuple[str, dict]] = {
    "montecarlo": ("montecarlo", {}),
    "montecarlo_end": ("montecarlo", {"depth": None}),
    "montecarlo_24": ("montecarlo", {"samples": 24}),
    "search": ("search", {"goal": "points", "depth": 3}),
    "search_end": ("search", {"goal": "points", "depth": None}),
    "search_40": ("search", {"goal": "points", "depth": 3, "samples": 40}),
}
"""label: (player, options). Defaults: montecarlo 12 worlds, depth 3; search 20 worlds. The
search entries are the first SearchPlayer's (it played for points, 3 tricks deep), which
results/decision_quality.json measured: this benchmark judges decisions by points, the
measure that player played for (today's plays for the hand: results/search_trials.json)."""


def positions(count: int) -> list[tuple[Round, object]]:
    """(the frozen real position, the deciding seat's view) for ``count`` positions."""
    found = []
    seed = FIRST_SEED
    while len(found) < count:
        rnd = Round(seed)
        table = Table(rnd, [GreedyPlayer()] * 4)
        stops = set(random.Random(seed).sample(range(100), 4))
        decision = 0
        while rnd.phase != "finished":
            if rnd.phase == PLAYING:
                if decision in stops:
                    view = rnd.view(rnd.turn)
                    choice = GreedyPlayer().play(view)
                    if len(candidate_plays(view, choice)) > 1 and len(view.hand) > len(choice):
                        found.append((rnd.what_if(rnd.hands, rnd.kitty, seed=0), view))
                decision += 1
            table.step()
        seed += 1
    return found[:count]


def truth(real: Round, view, play, seeds=(1, 2)) -> float:
    """The value of ``play`` with the real cards, greedy players playing on."""
    values = []
    for seed in seeds:
        world = real.what_if(real.hands, real.kitty, seed=seed)
        world.play(view.seat, play)
        play_on(world, GreedyPlayer(), None)
        result = world.result
        won = result.winning_team == team_of(view.seat)
        values.append(team_score(result.defender_points, view) + WIN_BONUS * won)
    return statistics.fmean(values)


def measure(count: int) -> dict:
    gains: dict[str, list[float]] = {label: [] for label in SETTINGS}
    cpu = dict.fromkeys(SETTINGS, 0.0)
    for real, view in positions(count):
        cache: dict[tuple, float] = {}

        def value(play, real=real, view=view, cache=cache) -> float:
            key = tuple(sorted(play))
            if key not in cache:
                cache[key] = truth(real, view, play)
            return cache[key]

        base = value(GreedyPlayer().play(view))
        state = view.rng.getstate()
        for label, (name, options) in SETTINGS.items():
            view.rng.setstate(state)
            player = make_player(name, **options)
            start = time.process_time()
            choice = player.play(view)
            cpu[label] += time.process_time() - start
            gains[label].append(value(choice) - base)
    report = {}
    for label, (name, options) in SETTINGS.items():
        values = gains[label]
        mean = statistics.fmean(values)
        half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
        player = make_player(name, **options)
        report[label] = {
            "player": name,
            "samples": player.samples,
            "depth": player.depth,
            "gain": {"mean": mean, "low": mean - half, "high": mean + half},
            "changed": sum(1 for g in values if g != 0),
            "cpu_ms": 1000 * cpu[label] / len(values),
        }
    return {
        "format": "shengji-edu decision quality",
        "version": 1,
        "positions": count,
        "first_seed": FIRST_SEED,
        "win_bonus": WIN_BONUS,
        "settings": report,
    }


def main(args: list[str]) -> None:
    count = int(args[0]) if args else 150
    data = measure(count)
    for label, row in data["settings"].items():
        gain = row["gain"]
        print(
            f"{label:16} gain over greedy {gain['mean']:+.2f} [{gain['low']:+.2f}, "
            f"{gain['high']:+.2f}] points, {row['changed']}/{count} choices differ, "
            f"{row['cpu_ms']:.0f} ms CPU per decision"
        )
    if not args:
        OUTPUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written to {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
