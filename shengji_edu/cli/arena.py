"""``shengji arena``: two players compared over duplicate deals."""

from __future__ import annotations

import argparse

from ..rules import RuleSet
from .options import RULES_HELP, chart_file, output_file, player_spec, positive, rules_option, whole


def cmd_arena(args: argparse.Namespace) -> int:
    from ..arena import run_arena

    result = run_arena(
        args.player_a,
        args.player_b,
        args.deals,
        seed=args.seed,
        rules=args.rules,
        processes=args.processes,
        keep=args.keep is not None,
    )
    print(result.report())
    if args.keep:
        result.save_hands(args.keep)
        print(f"{len(result.kept)} hands kept in {args.keep} (shengji replay reads them)")
    if args.json:
        result.save(args.json)
        print(f"raw results written to {args.json}")
    if args.chart:
        import matplotlib

        matplotlib.use("Agg")
        ax = result.plot()
        ax.figure.savefig(args.chart, dpi=120, bbox_inches="tight")
        print(f"chart written to {args.chart}")
    return 0


def add_parser(sub) -> None:
    """Add ``arena`` to the ``shengji`` command's subcommands."""
    arena = sub.add_parser("arena", help="compare two players over duplicate deals")
    arena.add_argument("player_a", type=player_spec, help="e.g. greedy, or montecarlo:budget=16")
    arena.add_argument("player_b", type=player_spec, help="e.g. random")
    arena.add_argument("--deals", type=positive, default=100, help="each is played twice")
    arena.add_argument("--seed", type=whole, default=0, help="seed of the deals (default 0)")
    arena.add_argument("--processes", type=positive, default=1, help="worker processes")
    arena.add_argument("--rules", type=rules_option, default=RuleSet(), help=RULES_HELP)
    arena.add_argument("--json", type=output_file, help="save the raw per-deal results here")
    arena.add_argument(
        "--keep",
        type=output_file,
        metavar="FILE",
        help="keep every hand in this file (e.g. arena.hands.jsonl.gz) for shengji replay",
    )
    arena.add_argument("--chart", type=chart_file, help="save a bar chart (PNG) here")
    arena.set_defaults(func=cmd_arena)
