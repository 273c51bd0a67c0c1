"""``shengji play`` and ``shengji simulate``: a match in the terminal, many hands summarised."""

from __future__ import annotations

import argparse
import random

from ..game import Match, Round, Table, records
from ..game import events as ev
from ..game.round import FINISHED
from ..players import PLAYER_TYPES, make_player
from ..players.human import HumanPlayer, QuitGame
from ..render.text import (
    finished_trick_text,
    overcall_text,
    result_text,
    rules_text,
    seat_name,
    throw_failed_message,
    trump_text,
)
from ..rules import RuleSet
from .options import (
    AI_HELP,
    COMPUTER,
    RULES_HELP,
    computer_names,
    level,
    output_file,
    positive,
    rules_option,
    seat_names,
    whole,
)


def _players(names: list[str], auto: bool) -> list:
    if auto:
        names = [COMPUTER if n == "human" else n for n in names]
    return [HumanPlayer() if n == "human" else make_player(n) for n in names]


def _play_hand(round_: Round, players: list, verbose: bool, say=print) -> None:
    table = Table(round_, players)
    shown = 0
    announced = None
    overcalls = 0
    events = 0
    while round_.phase != FINISHED:
        table.step()
        if verbose:
            for event in round_.events[events:]:
                if event.kind == ev.THROW_FAILED:
                    say(throw_failed_text(event))
            events = len(round_.events)
        for seat, overcall in round_.overcalls[overcalls:]:
            if overcall is not None:
                say(overcall_text(seat, overcall.cards))
        overcalls = len(round_.overcalls)
        if round_.trump is not None and round_.trump != announced:
            say(trump_text(round_))  # once, and again after each overcall (RULES §11.3)
            announced = round_.trump
        if verbose:
            for number in range(shown + 1, len(round_.tricks) + 1):
                say(finished_trick_text(number, round_.tricks[number - 1]))
            shown = len(round_.tricks)
    assert round_.result is not None
    say(result_text(round_.result, round_.kitty))


def throw_failed_text(event: ev.Event) -> str:
    """A failed throw in the table's words (``throw_failed_message``), and its penalty."""
    text = throw_failed_message(event, seat_name(event.seat)).render()
    penalty = event.data.get("penalty")
    if penalty:
        text += f" Throw penalty: {penalty} points."
    return text


def cmd_play(args: argparse.Namespace) -> int:
    rules = args.rules
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    players = _players(args.players, args.auto)
    human = any(isinstance(p, HumanPlayer) for p in players)
    print(f"Shengji, seed {seed} (play the same game again with --seed {seed})")
    if rules != RuleSet():
        print(f"rules: {rules_text(rules)}")
    if human:
        print("You are South (seat 0); your partner is North (seat 2).")
    match = Match(seed, rules, start_level=args.level)
    hands = 0
    try:
        while not match.over and (args.hands is None or hands < args.hands):
            round_ = match.new_round()
            hands += 1
            print(f"\n=== hand {len(match.rounds)} ===")
            _play_hand(round_, players, verbose=human or args.verbose)
            match.hand_finished(round_)
    except QuitGame:
        print("\nBye! (the game was not finished)")
        return 0
    finally:
        if args.save:
            records.save(match, args.save)
            print(f"saved the record to {args.save}")
    if match.winner is not None:
        print(f"\nTeam {match.winner} wins the match after {len(match.rounds)} hands.")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    rules = args.rules
    players = _players(args.players, auto=True)
    rng = random.Random(args.seed)
    wins = [0, 0]
    levels = [0, 0]
    points = 0
    matches = 0
    match = Match(rng.getrandbits(32), rules)
    for _ in tqdm(range(args.hands), desc="hands", disable=None, unit="hand"):
        if match.over:
            matches += 1
            match = Match(rng.getrandbits(32), rules)
        round_ = match.new_round()
        Table(round_, players).run()
        match.hand_finished(round_)
        result = round_.result
        assert result is not None
        if result.winning_team is not None:  # None: a draw of the 45-point game
            wins[result.winning_team] += 1
        for team in (0, 1):
            levels[team] += result.levels_after[team] - result.levels_before[team]
        points += result.defender_points
    matches += match.winner is not None
    names = ",".join(args.players)
    print(f"{args.hands} hands ({matches} matches finished), players {names}, seed {args.seed}")
    if rules != RuleSet():
        print(f"rules: {rules_text(rules)}")
    for team in (0, 1):
        print(
            f"team {team} (seats {team} and {team + 2}): won {wins[team]} hands "
            f"({100 * wins[team] / args.hands:.1f}%), gained {levels[team]} levels"
        )
    print(f"average defender points: {points / args.hands:.1f}")
    return 0


def add_parsers(sub) -> None:
    """Add ``play`` and ``simulate`` to the ``shengji`` command's subcommands."""
    choices = ", ".join(["human", *PLAYER_TYPES]) + AI_HELP

    play = sub.add_parser("play", help="play a match in the terminal")
    play.add_argument("--seed", type=whole, help="seed for the match (default: a random one)")
    play.add_argument(
        "--level",
        type=level,
        default=None,
        help="starting level of both teams, a rung of the rules' ladder (default: its first, "
        "2; 5 with levels=5-10-K)",
    )
    play.add_argument(
        "--players",
        type=seat_names,
        default=["human", COMPUTER, COMPUTER, COMPUTER],
        help=f"1 or 4 of: {choices} (default human,{COMPUTER},{COMPUTER},{COMPUTER}: you "
        "against the notebook table's computer players)",
    )
    play.add_argument("--rules", type=rules_option, default=RuleSet(), help=RULES_HELP)
    play.add_argument(
        "--auto", action="store_true", help=f"computer players only ({COMPUTER} for you)"
    )
    play.add_argument("--hands", type=positive, help="stop after this many hands")
    play.add_argument("--verbose", action="store_true", help="print every trick")
    play.add_argument("--save", type=output_file, help="write the match record (JSON) to this file")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play many hands and summarise")
    sim.add_argument("--hands", type=positive, default=100, help="hands to play (default 100)")
    sim.add_argument(
        "--players",
        type=computer_names,
        default=[COMPUTER] * 4,
        help=f"1 or 4 of: {', '.join(PLAYER_TYPES)}{AI_HELP} (default {COMPUTER}, as everywhere)",
    )
    sim.add_argument("--seed", type=whole, default=0, help="seed of the first hand (default 0)")
    sim.add_argument("--rules", type=rules_option, default=RuleSet(), help=RULES_HELP)
    sim.set_defaults(func=cmd_simulate)
