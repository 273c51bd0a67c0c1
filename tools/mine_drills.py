"""Mine "find the best play" drills from seeded greedy self-play (issue 30).

    python tools/mine_drills.py                 # seeds 1-60, at most 3 cards a hand, 12 drills
    python tools/mine_drills.py --seeds 200 --count 30

Writes shengji_edu/players/drills.json: the first ``--count`` drills found, at most one per
hand (shengji_edu.players.drills: the endgame solver proves one play best by 10 points or
more).
"""

from __future__ import annotations

import argparse
import json

from shengji_edu.players.drills import DRILLS_FILE, mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--cards", type=int, default=3)
    parser.add_argument("--count", type=int, default=12)
    args = parser.parse_args()
    drills, hands = [], set()
    for drill in mine(range(1, args.seeds + 1), args.cards):
        hand = drill.name.split(",")[0]
        if hand in hands:
            continue
        hands.add(hand)
        drills.append(drill.to_data())
        if len(drills) == args.count:
            break
    text = json.dumps({"format": "shengji-edu drills", "drills": drills}, indent=1)
    DRILLS_FILE.write_text(text + "\n", encoding="utf-8")
    print(f"{len(drills)} drills written to {DRILLS_FILE}")


if __name__ == "__main__":
    main()
