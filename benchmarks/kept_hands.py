"""How many bytes a kept hand costs on disk, against RULES §9's record of the same hand.

    python benchmarks/kept_hands.py [DEALS] [--out results/kept_hands.json]

For each pairing (greedy against greedy, greedy against random; two decks, one deck, three
decks) it plays DEALS duplicate deals (default 10) as a tournament match does (the arena's
``play_duplicate``, both runs of every deal), keeps the 2 × DEALS hands in one file as a
tournament writes ``matches/KEY.hands.jsonl.gz`` (:mod:`shengji_edu.game.kept`), reads
the file back (every hand replayed through the engine and compared with what was played),
and prints the bytes per hand of:

* the kept file;
* the same hands as §9 records, as ``shengji play --save`` writes one (indented JSON);
* those records gzip-compressed one by one (what compressing them separately would give);

and how long reading a kept hand back takes (a timing: printed, not written).

Sizes depend only on the hands, so the numbers are the same on every machine (gzip level
9, no time stamp). The hands are played in this process (no sandbox): the cards, not the
bots' processes, make a kept file. Prints numbers and writes them; asserts nothing but the
round trip.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

from shengji_edu.arena import play_duplicate
from shengji_edu.game import hand_record
from shengji_edu.game.kept import dump_kept, loads_kept
from shengji_edu.rules import RuleSet
from shengji_edu.tournament.schedule import deal_setups

PAIRINGS = [
    ("greedy", "greedy", RuleSet()),
    ("greedy", "random", RuleSet()),
    ("greedy", "random", RuleSet(decks=1)),
    ("greedy", "random", RuleSet(decks=3)),
]
SEED = 2026


def measure(a: str, b: str, rules: RuleSet, deals: int) -> dict:
    lines = []
    for setup in deal_setups(SEED, deals, rules):
        lines.extend(play_duplicate(setup, a, b, rules, keep=True)["kept"])
    data = dump_kept(lines)
    started = time.perf_counter()
    back = loads_kept(data)
    seconds = time.perf_counter() - started
    records = [hand_record(k.round) for k in back]
    text = [json.dumps(r, indent=1, ensure_ascii=False).encode("utf-8") for r in records]
    hands = len(lines)
    return {
        "a": a,
        "b": b,
        "rules": rules.to_dict(),
        "hands": hands,
        "kept_bytes": len(data),
        "kept_bytes_per_hand": round(len(data) / hands, 1),
        "record_bytes_per_hand": round(sum(map(len, text)) / hands, 1),
        "record_gzip_bytes_per_hand": round(
            sum(len(gzip.compress(t, 9, mtime=0)) for t in text) / hands, 1
        ),
        "read_seconds_per_hand": seconds / hands,  # printed, not kept: it is a timing
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=10)
    parser.add_argument("--out", type=Path, help="write the numbers here (JSON)")
    args = parser.parse_args(argv)
    rows = [measure(a, b, rules, args.deals) for a, b, rules in PAIRINGS]
    print(
        f"{'players':<18}{'decks':>6}{'hands':>7}{'kept B/hand':>13}{'§9 B/hand':>11}"
        f"{'§9 gzip B/hand':>16}{'read ms/hand':>14}"
    )
    for row in rows:
        decks = row["rules"].get("decks", 2)
        print(
            f"{row['a'] + ' v ' + row['b']:<18}{decks:>6}{row['hands']:>7}"
            f"{row['kept_bytes_per_hand']:>13}{row['record_bytes_per_hand']:>11}"
            f"{row['record_gzip_bytes_per_hand']:>16}{1000 * row['read_seconds_per_hand']:>14.2f}"
        )
    if args.out:
        command = "python benchmarks/kept_hands.py " + " ".join(argv or sys.argv[1:])
        kept = {
            f"{row['a']}_v_{row['b']}_{row['rules'].get('decks', 2)}decks": {
                k: v for k, v in row.items() if k != "read_seconds_per_hand"
            }
            for row in rows
        }
        result = {"command": command.strip(), "seed": SEED, "deals": args.deals, "hands": kept}
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
