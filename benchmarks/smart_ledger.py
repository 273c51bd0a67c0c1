"""The toggle ledger of SmartPlayer: what each rule is worth, measured head to head.

    python benchmarks/smart_ledger.py                  # everything below (a few minutes)
    python benchmarks/smart_ledger.py --ledger         # the rules only
    python benchmarks/smart_ledger.py --greedy         # smart vs greedy, 1, 2 and 3 decks
    python benchmarks/smart_ledger.py --speed          # CPU time per hand, smart vs greedy
    python benchmarks/smart_ledger.py --processes 2    # spread the deals (same results)

**The ledger.** For every rule of SmartPlayer (:data:`~shengji_edu.players.smart.RULES`)
the arena plays two SmartPlayers that differ by that rule alone over the same duplicate
deals: a rule of the default, ``smart`` against ``smart:without=RULE``; a rule the default
leaves out, ``smart:with_=RULE`` against ``smart``. The first player's share of hands won
is the rule's effect (above 50%: the rule helps), with its 95% interval over deals.
Each rule is measured twice: on the *development* deals (seed 7, 1,000 deals), where the
default was chosen, and on the *fresh* deals (seed 2026, 400 deals), which had no part in
the choice. The default was chosen in two rounds: a rule stayed in (or came in) when it won
at least :data:`KEEP_AT` of the development hands against the default of the round before.
A third round added ``likely_pairs`` and ``void_bury``, chosen on development deals only:
each won at least :data:`KEEP_AT` of the seed-7 hands against the default without it, and
more hands against greedy than that default on the same deals (seeds 7, 11, 12 and 13,
1,000 deals each, all development deals).
A fourth round tried ``lost_shed``, ``void_shed``, ``force_ruff``,
``defender_trump_pairs`` and ``point_void_bury`` on the same tests and kept none: for the
rules of :data:`GREEDY_CHECKED` the ledger also plays the player with the rule and the
player without it against greedy over the development deals of :data:`GREEDY_SEEDS`
(1,000 deals each) and records the paired difference in hands won (``dev_vs_greedy``).
A fifth round, on the same tests, added ``feed_throws`` (feed a partner's throw that no
seat after me can trump) together with ``safe_throws``, which it needs: without a throw of
its own SmartPlayer never throws (``boss_leads`` cashes a sure unit first), so the partner's
throw that ``feed_throws`` feeds comes only from ``safe_throws``; ``partner_suit``,
``cash_short``, ``likely_singles`` and ``defender_feed_trump`` were tried and dropped.
Duplicate deals cancel the luck of the cards, but not all of it: most rules move the result
by less than a point, which even 1,000 deals measure only roughly, so a rerun against the
final default puts some rules on the other side of that bar. Each row says whether the
rule is in the default (``verdict``) and what each set of deals can tell
(``dev_effect``, ``effect``: "helps" when the whole interval lies above 50%, "hurts" when
below, else "no clear difference"). A last row, ``small_rules_together``, measures the
default against the default without every rule of it whose fresh interval holds 50%: small
gains that no single comparison can see may still add up.

**Against greedy.** ``smart`` vs ``greedy`` over 400 deals with two decks, and 200 deals
with one and with three decks (seed 2026), each saved as an arena result
(``results/arena_smart_vs_greedy*.json`` and ``.txt``).

**Speed.** Self-play of four copies of each player, whole hands with two decks (the deal,
the declarations, the bury and every trick, every play checked by the engine), the
two players taking turns hand by hand over the same seeds, so that whatever else runs on
the machine slows both alike; the CPU time of each (``time.process_time``) is summed and
the ratio printed. Timings are written to ``results/smart_speed.txt``, never to JSON.

Writes ``results/smart_ledger.json`` and ``results/smart_ledger.txt``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from shengji_edu.arena import Estimate, run_arena
from shengji_edu.game.round import Round
from shengji_edu.game.table import Table
from shengji_edu.players import make_player
from shengji_edu.players.smart import DEFAULT_RULES, RULES
from shengji_edu.rules import RuleSet

RESULTS = Path(__file__).resolve().parent.parent / "results"
SEED, DEALS = 2026, 400
DEV_SEED, DEV_DEALS = 7, 1000
KEEP_AT = 0.503
"""While the default was chosen, a rule stayed in it when it won at least this share of the
development hands (see the module docstring)."""
GREEDY_SEEDS = (7, 11, 12, 13)
"""The development deals (1,000 of each seed) on which the rules of the last two rounds
were also checked against greedy."""
GREEDY_CHECKED = (
    "likely_pairs",
    "void_bury",
    "lost_shed",
    "void_shed",
    "force_ruff",
    "defender_trump_pairs",
    "point_void_bury",
    "feed_throws",
    "safe_throws",
    "partner_suit",
    "cash_short",
    "likely_singles",
    "defender_feed_trump",
)
"""The rules measured against greedy too (the third, fourth and fifth rounds)."""
DECKS = {2: 400, 1: 200, 3: 200}
"""Deals against greedy for each number of decks."""


def rule_pair(rule: str) -> tuple:
    """(the player with the rule, the player without it), as arena specs."""
    if rule in DEFAULT_RULES:
        return "smart", ("smart", {"without": rule})
    return ("smart", {"with_": rule}), "smart"


def estimate(result) -> dict:
    return vars(result.summary()["a"]["hands_won"])


def effect(value: dict) -> str:
    """What an interval of hands won says about the first player."""
    if value["low"] > 0.5:
        return "helps"
    if value["high"] < 0.5:
        return "hurts"
    return "no clear difference"


def measure(with_rule, without, processes: int) -> dict:
    """One ledger row's numbers: the development and the fresh deals."""
    dev = estimate(run_arena(with_rule, without, DEV_DEALS, DEV_SEED, processes=processes))
    fresh = estimate(run_arena(with_rule, without, DEALS, SEED, processes=processes))
    return {
        "comparison": f"{spec_text(with_rule)} vs {spec_text(without)}",
        "dev_hands_won": dev,
        "dev_effect": effect(dev),
        "hands_won": fresh,
        "effect": effect(fresh),
    }


def hands_won(spec, seed: int, processes: int) -> list[float]:
    """Per deal, the share of the two hands that ``spec`` won against greedy."""
    result = run_arena(spec, "greedy", DEV_DEALS, seed, processes=processes)
    return result.side_values("a")["hands_won"]


def greedy_check(with_rule, without, processes: int, cache: dict) -> dict:
    """The player with the rule against greedy, less the player without it, paired deal by
    deal over the development deals of :data:`GREEDY_SEEDS`."""
    differences = []
    for seed in GREEDY_SEEDS:
        for spec in (with_rule, without):
            key = (spec_text(spec), seed)
            if key not in cache:
                cache[key] = hands_won(spec, seed, processes)
        pairs = zip(
            cache[(spec_text(with_rule), seed)], cache[(spec_text(without), seed)], strict=True
        )
        differences += [a - b for a, b in pairs]
    return {
        "seeds": list(GREEDY_SEEDS),
        "deals_per_seed": DEV_DEALS,
        "difference": vars(Estimate.of(differences, -1.0, 1.0)),
    }


def ledger(processes: int) -> dict:
    rows, cache = {}, {}
    for rule in RULES:
        pair = rule_pair(rule)
        rows[rule] = {"default": rule in DEFAULT_RULES, **measure(*pair, processes)}
        rows[rule]["verdict"] = "kept" if rule in DEFAULT_RULES else "dropped"
        if rule in GREEDY_CHECKED:
            rows[rule]["dev_vs_greedy"] = greedy_check(*pair, processes, cache)
        print(
            f"{rule:18} dev {fmt(rows[rule]['dev_hands_won'])}  "
            f"fresh {fmt(rows[rule]['hands_won'])}"
            + (
                f"  vs greedy (dev) {diff(rows[rule]['dev_vs_greedy']['difference'])}"
                if rule in GREEDY_CHECKED
                else ""
            ),
            flush=True,
        )
    small = [r for r in DEFAULT_RULES if rows[r]["effect"] == "no clear difference"]
    if small:
        together = {
            "rules": small,
            **measure("smart", ("smart", {"without": "+".join(small)}), processes),
        }
        rows["small_rules_together"] = {"default": True, "verdict": "kept", **together}
        print(
            f"small rules together ({', '.join(small)}): dev "
            f"{fmt(together['dev_hands_won'])}  fresh {fmt(together['hands_won'])}",
            flush=True,
        )
    return rows


def against_greedy(processes: int) -> dict:
    found = {}
    for decks, deals in DECKS.items():
        rules = RuleSet(decks=decks)
        result = run_arena("smart", "greedy", deals, SEED, rules=rules, processes=processes)
        name = "arena_smart_vs_greedy" + ("" if decks == 2 else f"_{decks}deck" + "s" * (decks > 1))
        result.save(RESULTS / f"{name}.json")
        (RESULTS / f"{name}.txt").write_text(result.report() + "\n", encoding="utf-8")
        found[str(decks)] = {
            "deals": deals,
            "file": f"results/{name}.json",
            "hands_won": estimate(result),
        }
        print(
            f"smart vs greedy, {decks} deck(s), {deals} deals: {fmt(estimate(result))}", flush=True
        )
    return found


def self_play_seconds(name: str, seed: int) -> float:
    """CPU seconds of one whole hand of four copies of ``name`` (two decks)."""
    players = [make_player(name) for _ in range(4)]
    start = time.process_time()
    Table(Round(seed, RuleSet()), players).run()
    return time.process_time() - start


def speed(hands: int) -> str:
    totals = {"greedy": 0.0, "smart": 0.0}
    self_play_seconds("greedy", 0), self_play_seconds("smart", 0)  # warm up
    for seed in range(1, hands + 1):
        order = ("greedy", "smart") if seed % 2 else ("smart", "greedy")
        for name in order:
            totals[name] += self_play_seconds(name, seed)
    lines = [
        f"Self-play of four copies, {hands} hands of two decks each (seeds 1-{hands}), "
        "the players taking turns hand by hand; CPU time (process_time):",
        f"  greedy {1000 * totals['greedy'] / hands:.2f} ms per hand",
        f"  smart  {1000 * totals['smart'] / hands:.2f} ms per hand",
        f"  smart / greedy: {totals['smart'] / totals['greedy']:.2f}",
        "command: python benchmarks/smart_ledger.py --speed",
    ]
    text = "\n".join(lines)
    print(text)
    return text


def spec_text(spec) -> str:
    if isinstance(spec, str):
        return spec
    name, options = spec
    return name + ":" + ",".join(f"{k}={v}" for k, v in options.items())


def fmt(value: dict) -> str:
    return f"{100 * value['mean']:.1f}% [{100 * value['low']:.1f}, {100 * value['high']:.1f}]"


def diff(value: dict) -> str:
    """A difference in hands won, in percentage points."""

    def signed(x: float) -> str:
        text = f"{100 * x:+.1f}"
        return "0.0" if text in ("+0.0", "-0.0") else text

    return f"{signed(value['mean'])} [{signed(value['low'])}, {signed(value['high'])}]"


def report(data: dict) -> str:
    lines = [
        "SmartPlayer's toggle ledger: the player with each rule against the player without it",
        f"over the same duplicate deals; development: {DEV_DEALS} deals of seed {DEV_SEED} "
        "(where the default",
        f"was chosen), fresh: {DEALS} deals of seed {SEED}. Hands won by the player with the rule.",
        "",
        f"{'rule':22}{'verdict':9}{'development':22}{'fresh':22}{'fresh deals say'}",
    ]
    for rule, row in data["rules"].items():
        lines.append(
            f"{rule:22}{row['verdict']:9}{fmt(row['dev_hands_won']):22}"
            f"{fmt(row['hands_won']):22}{row['effect']}"
        )
    together = data["rules"].get("small_rules_together")
    if together:
        lines.append(f"(small_rules_together: {', '.join(together['rules'])})")
    checked = [(r, row) for r, row in data["rules"].items() if "dev_vs_greedy" in row]
    if checked:
        seeds = ", ".join(map(str, checked[0][1]["dev_vs_greedy"]["seeds"]))
        lines += [
            "",
            f"Against greedy on development deals (seeds {seeds}, {DEV_DEALS} deals each): hands",
            "won by the player with the rule less those won by the player without it, in points:",
        ]
        for rule, row in checked:
            lines.append(f"  {rule:22}{diff(row['dev_vs_greedy']['difference'])}")
    if data.get("vs_greedy"):
        lines += ["", f"smart vs greedy (seed {SEED}):"]
        for decks, row in data["vs_greedy"].items():
            lines.append(f"  {decks} deck(s), {row['deals']} deals: {fmt(row['hands_won'])}")
    lines.append("\ncommand: python benchmarks/smart_ledger.py")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ledger", action="store_true", help="the rules only")
    parser.add_argument("--greedy", action="store_true", help="smart vs greedy only")
    parser.add_argument("--speed", action="store_true", help="CPU time per hand only")
    parser.add_argument("--hands", type=int, default=300, help="hands timed per player")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args(argv)
    everything = not (args.ledger or args.greedy or args.speed)
    path = RESULTS / "smart_ledger.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data.update(
        {
            "format": "shengji-edu smart ledger",
            "version": 1,
            "command": "python benchmarks/smart_ledger.py",
            "seed": SEED,
            "deals": DEALS,
            "dev_seed": DEV_SEED,
            "dev_deals": DEV_DEALS,
            "keep_at": KEEP_AT,
            "default": list(DEFAULT_RULES),
        }
    )
    if everything or args.ledger:
        data["rules"] = ledger(args.processes)
        disagree = [
            r for r, row in data["rules"].items() if (row["verdict"] == "kept") != row["default"]
        ]
        if disagree:
            print("the default disagrees with the development verdicts for:", ", ".join(disagree))
    if everything or args.greedy:
        data["vs_greedy"] = against_greedy(args.processes)
    if "rules" in data:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        (RESULTS / "smart_ledger.txt").write_text(report(data) + "\n", encoding="utf-8")
    if everything or args.speed:
        text = speed(args.hands)
        (RESULTS / "smart_speed.txt").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
