"""The ``shengji`` command (also ``python -m shengji_edu``).

    shengji play [--seed S] [--level L] [--players human,greedy,greedy,greedy]
                 [--rules kitty=linear,throw_penalty=10] [--auto] [--hands N] [--save FILE]
    shengji simulate --hands N [--players greedy,greedy,greedy,greedy] [--seed S] [--rules R]
    shengji arena greedy random --deals 400 [--processes 2] [--rules R] [--json F] [--chart F.png]
    shengji replay FILE
    shengji gin [--seed S] [--opponent greedy] [--knock-at N] [--target 100]   (Gin Rummy)
    shengji grade PATH... [--csv FILE] [--timeout 120] [--jobs N] [--details] [--fresh]
    shengji table [--port 8866] [--lang zh] [--seed S] [--computer greedy] [--no-browser]
    shengji tournament BOTS/ [--deals N] [--seed S] [--rules …] [--workers K | --scheduler ADDR]
                       [--out DIR] [--move-time S] [--memory MB] [--fresh]

``--rules`` takes every option of :class:`~shengji_edu.rules.RuleSet` as ``name=value``
pairs, e.g. ``decks=3,twos_are_trump=true`` (RULES §11) or ``levels=5-10-K`` (RULES §12).

The command line only calls the engine: it reads options, seats players and prints what
happened. A person's mistakes are explained and asked again; the command exits with a
message, never a traceback, on bad options or files. Every option is checked by argparse
through a ``type=`` function before anything runs: a bad value is a usage error (exit status
2, a line naming the option), player specs, rules, levels, seeds and the files written at
the end included (their folder must be writable), so a long run never fails at its last
step. A record that cannot be loaded (``replay``) exits with status 2 and its one-line error.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .cards import parse_rank, shorten
from .game import Match, RecordError, Round, Table, records
from .game import events as ev
from .game.round import FINISHED, MAX_SEED
from .gin.terminal import add_parser as add_gin_parser
from .players import PLAYER_ALIASES, PLAYER_TYPES, make_player
from .players.human import HumanPlayer, QuitGame
from .render.text import (
    finished_trick_text,
    overcall_text,
    result_text,
    round_text,
    rules_text,
    seat_name,
    throw_failed_message,
    trump_text,
)
from .rules import RuleSet

RULES_HELP = (
    "variants (RULES §11) and house rules (RULES §12), e.g. decks=3,twos_are_trump=true, "
    "kitty=linear or levels=5-10-K,bidding=joker_colour"
)


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    """An argparse type: a seed, a whole number written with ASCII digits, |seed| < 2**64."""
    stripped = text.strip()
    if not (stripped.isascii() and stripped.lstrip("-").isdigit()) or len(stripped) > 21:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number")
    value = int(stripped)
    if not -MAX_SEED < value < MAX_SEED:
        raise argparse.ArgumentTypeError(f"seeds are between -2**64 and 2**64, not {value}")
    return value


def _rules(text: str) -> RuleSet:
    """An argparse type: ``kitty=linear,throw_penalty=10`` read as a RuleSet."""
    try:
        return RuleSet.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _level(text: str) -> int:
    """An argparse type: a starting level, 2..10, J, Q, K or A."""
    try:
        return parse_rank(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _names(text: str, allowed: Sequence[str]) -> list[str]:
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * 4
    if len(names) != 4:
        raise argparse.ArgumentTypeError(
            f"give 1 or 4 names separated by commas, not {shorten(text)!r}"
        )
    for name in names:
        if name not in allowed:
            raise argparse.ArgumentTypeError(
                f"unknown player {shorten(name)!r}: choose from {', '.join(allowed)}"
            )
    return names


def _seat_names(text: str) -> list[str]:
    """An argparse type for ``play --players``: people and computer players."""
    return _names(text, ["human", *PLAYER_TYPES, *PLAYER_ALIASES])


def _computer_names(text: str) -> list[str]:
    """An argparse type for ``simulate --players``: computer players only."""
    return _names(text, [*PLAYER_TYPES, *PLAYER_ALIASES])


def _spec(text: str):
    """An argparse type: a player spec such as ``montecarlo:budget=16``, checked by making
    the player once (an unknown option is a usage error, not a crash after a long run)."""
    from .arena import check_spec, parse_spec

    try:
        return check_spec(parse_spec(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _output(text: str) -> Path:
    """An argparse type: a file we will write at the end, checked now, before a long run:
    its folder must exist and be writable, and it must not be a folder itself."""
    path = Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is a folder, not a file name")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise argparse.ArgumentTypeError(f"cannot write {shorten(text)!r}: it is read-only")
        return path
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(
            f"cannot write {shorten(text)!r}: the folder {shorten(str(folder))!r} does not exist"
        )
    try:  # the only portable test: make (and remove) a file there
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        raise argparse.ArgumentTypeError(
            f"cannot write {shorten(text)!r}: the folder {shorten(str(folder))!r} is not writable"
        ) from None
    return path


def _chart(text: str) -> Path:
    """An argparse type: ``--chart``: a writable file whose extension matplotlib can write."""
    path = _output(text)
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise argparse.ArgumentTypeError(
            "charts need matplotlib: pip install matplotlib (or the course environment)"
        ) from None
    kinds = Figure().canvas.get_supported_filetypes()
    if path.suffix.lower().lstrip(".") not in kinds:
        raise argparse.ArgumentTypeError(
            f"cannot draw a chart as {shorten(text)!r}: end the name with one of "
            f"{', '.join('.' + k for k in sorted(kinds))}"
        )
    return path


COMPUTER = "greedy"
"""The computer player wherever none is named, as at the notebook table: ``shengji play
--seed 12`` and ``PlayTable(seed=12)`` are the same game."""


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


def cmd_replay(args: argparse.Namespace) -> int:
    loaded = records.load(args.file)
    rounds = loaded.rounds if isinstance(loaded, Match) else [loaded]
    for number, round_ in enumerate(rounds, 1):
        if len(rounds) > 1:
            print(f"\n=== hand {number} ===")
        print(round_text(round_))
    if isinstance(loaded, Match) and loaded.winner is not None:
        print(f"\nTeam {loaded.winner} won the match.")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import run_arena

    result = run_arena(
        args.player_a,
        args.player_b,
        args.deals,
        seed=args.seed,
        rules=args.rules,
        processes=args.processes,
    )
    print(result.report())
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


def cmd_grade(args: argparse.Namespace) -> int:
    from .grading import grade_command

    return grade_command(
        args.paths,
        csv_path=args.csv,
        timeout=args.timeout,
        jobs=args.jobs,
        details=args.details,
        cell_timeout=args.cell_timeout,
        memory_mb=args.memory or None,
        fresh=args.fresh,
    )


def cmd_table(args: argparse.Namespace) -> int:
    """Serve the play table as a web page with Voilà (the optional ``app`` extra)."""
    import importlib.util
    import subprocess

    from jupyter_core.paths import jupyter_runtime_dir

    from .i18n import check_language
    from .widgets.app import APP_NOTEBOOK, ENV_PREFIX, SAVES_ENV, TEMPLATE, write_voila_files

    lang = check_language(args.lang)
    make_player(args.computer)  # an unknown kind: ValueError naming the known ones
    if importlib.util.find_spec("voila") is None:
        raise ValueError(
            'the table page needs Voilà: pip install "shengji-edu[app]" '
            "(or pip install voila), then run shengji table again"
        )
    env = dict(os.environ, **{ENV_PREFIX + "LANG": lang, ENV_PREFIX + "COMPUTER": args.computer})
    if args.seed is not None:
        env[ENV_PREFIX + "SEED"] = str(args.seed)
    # Each browser's match is saved here, so a reload resumes it (one folder per port).
    home = (
        Path(args.saves)
        if args.saves
        else Path(jupyter_runtime_dir()) / f"shengji-table-{args.port}"
    )
    voila = write_voila_files(home / "voila")
    env[SAVES_ENV] = str(home)
    env["JUPYTER_PATH"] = voila["JUPYTER_PATH"]
    cull = args.cull_idle
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(APP_NOTEBOOK),
        f"--Voila.ip={args.ip}",
        f"--port={args.port}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--Voila.config_file_paths={voila['config']}",  # the prelaunch hook: reloads resume
        f"--template={TEMPLATE}",  # Voilà's lab page without its CDN links
        # A kernel stops after cull_idle seconds without a message: a closed or reloaded
        # page's at once, an open page's too (a reload then resumes its match). Connected
        # and busy kernels are culled as well: a page reloaded while it connected can
        # leave its kernel counted as connected (or busy) for ever, and a table's kernel
        # is never busy for long (a decision takes under a second).
        f"--MappingKernelManager.cull_idle_timeout={cull}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull // 3))}",
        "--MappingKernelManager.cull_connected=True",
        "--MappingKernelManager.cull_busy=True",
    ]
    if args.no_browser:
        cmd.append("--no-browser")
    print(f"Serving the Shengji table on http://{args.ip}:{args.port}/ (Ctrl+C stops it)")
    print(f"Other languages: http://{args.ip}:{args.port}/?lang=zh (or ?lang=en)", flush=True)
    if os.name != "posix":
        return subprocess.call(cmd, env=env)
    os.execve(sys.executable, cmd, env)  # become Voilà, so a signal to this process reaches it
    return 0  # not reached: execve does not return


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 (decimals allowed)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"give between 0 and 3600 seconds, not {text}")
    return value


def _megabytes(text: str) -> int:
    """An argparse type: megabytes, 0 for no limit."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number") from None
    if value < 0 or 0 < value < 64:
        raise argparse.ArgumentTypeError(f"give at least 64 MB, or 0 for no limit, not {value}")
    return value


def _folder(text: str) -> Path:
    """An argparse type: a folder for results (made if missing), not a file."""
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is a file, not a folder")
    return path


def cmd_tournament(args: argparse.Namespace) -> int:
    from .tournament import Settings, run_tournament
    from .tournament.rating import rating_available

    if not Path(args.bots).is_dir():
        what = "is not a folder" if Path(args.bots).exists() else "does not exist"
        print(f"shengji tournament: {args.bots} {what}: give the folder of bots", file=sys.stderr)
        return 2
    if not rating_available():
        print(
            'note: the Bradley–Terry rating needs pip install "shengji-edu[tournament]"; '
            "the leaderboard ranks by hands won only",
            flush=True,
        )
    settings = Settings(
        move_time=args.move_time, memory_mb=args.memory or None, load_time=args.load_time
    )
    try:
        result = run_tournament(
            args.bots,
            deals=args.deals,
            seed=args.seed,
            rules=args.rules,
            settings=settings,
            workers=args.workers or 1,
            scheduler=args.scheduler,
            out=args.out,
            fresh=args.fresh,
            say=lambda text: print(text, flush=True),
        )
    except KeyboardInterrupt:
        print(
            f"\nshengji tournament: interrupted; finished matches are in {args.out}. "
            "Run the same command to go on."
        )
        return 130
    print()
    print(result.leaderboard_text())
    print()
    print(result.pairs_text())
    print()
    print(result.forfeits_text())
    print(f"\nresults in {args.out}: leaderboard.csv, leaderboard.json, pairs.csv, forfeits.csv")
    return 0


AI_HELP = ", ai (the strongest player that decides within about a second: search)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shengji", description="Play and study Shengji.")
    sub = parser.add_subparsers(dest="command", required=True)
    choices = ", ".join(["human", *PLAYER_TYPES]) + AI_HELP

    play = sub.add_parser("play", help="play a match in the terminal")
    play.add_argument("--seed", type=_whole, help="seed for the match (default: a random one)")
    play.add_argument(
        "--level",
        type=_level,
        default=None,
        help="starting level of both teams, a rung of the rules' ladder (default: its first, "
        "2; 5 with levels=5-10-K)",
    )
    play.add_argument(
        "--players",
        type=_seat_names,
        default=["human", COMPUTER, COMPUTER, COMPUTER],
        help=f"1 or 4 of: {choices} (default human,{COMPUTER},{COMPUTER},{COMPUTER}: you "
        "against the notebook table's computer players)",
    )
    play.add_argument("--rules", type=_rules, default=RuleSet(), help=RULES_HELP)
    play.add_argument(
        "--auto", action="store_true", help=f"computer players only ({COMPUTER} for you)"
    )
    play.add_argument("--hands", type=_positive, help="stop after this many hands")
    play.add_argument("--verbose", action="store_true", help="print every trick")
    play.add_argument("--save", type=_output, help="write the match record (JSON) to this file")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play many hands and summarise")
    sim.add_argument("--hands", type=_positive, default=100, help="hands to play (default 100)")
    sim.add_argument(
        "--players",
        type=_computer_names,
        default=[COMPUTER] * 4,
        help=f"1 or 4 of: {', '.join(PLAYER_TYPES)}{AI_HELP} (default {COMPUTER}, as everywhere)",
    )
    sim.add_argument("--seed", type=_whole, default=0, help="seed of the first hand (default 0)")
    sim.add_argument("--rules", type=_rules, default=RuleSet(), help=RULES_HELP)
    sim.set_defaults(func=cmd_simulate)

    arena = sub.add_parser("arena", help="compare two players over duplicate deals")
    arena.add_argument("player_a", type=_spec, help="e.g. greedy, or montecarlo:budget=16")
    arena.add_argument("player_b", type=_spec, help="e.g. random")
    arena.add_argument("--deals", type=_positive, default=100, help="each is played twice")
    arena.add_argument("--seed", type=_whole, default=0, help="seed of the deals (default 0)")
    arena.add_argument("--processes", type=_positive, default=1, help="worker processes")
    arena.add_argument("--rules", type=_rules, default=RuleSet(), help=RULES_HELP)
    arena.add_argument("--json", type=_output, help="save the raw per-deal results here")
    arena.add_argument("--chart", type=_chart, help="save a bar chart (PNG) here")
    arena.set_defaults(func=cmd_arena)

    replay = sub.add_parser("replay", help="print a recorded hand or match trick by trick")
    replay.add_argument("file", help="a record written by shengji play --save")
    replay.set_defaults(func=cmd_replay)
    add_gin_parser(sub, seed_type=_whole)  # shengji gin: shengji_edu/gin/terminal.py

    grade = sub.add_parser(
        "grade",
        help="grade exercise notebooks, each in its own sandboxed process",
        description=(
            "Grade submitted exercise notebooks. Each notebook runs in its own child process "
            "(a fresh folder, a copy of that one notebook, time and memory limits; on Linux it "
            "cannot signal other processes, use the network, read the answers or other "
            "submissions, nor write outside its folder; not enforced on macOS or Windows: see "
            "exercises/README.md); the grader sends the test cases, reads back plain answers "
            "and judges them itself. Prints one table per exercise. Writes a CSV only with "
            "--csv FILE: rows are written as each notebook finishes, and running the same "
            "command again skips the notebooks already in FILE (same file, same SHA-256)."
        ),
    )
    grade.add_argument("paths", nargs="+", help="notebooks, or folders of notebooks")
    grade.add_argument(
        "--csv",
        metavar="FILE",
        help="add the rows to FILE (CSV), a ledger: a notebook's row replaces that notebook's "
        "earlier row, every other row is kept; without it, no file is written",
    )
    grade.add_argument(
        "--timeout",
        type=_positive,
        default=120,
        metavar="S",
        help="seconds one notebook may take in all",
    )
    grade.add_argument(
        "--cell-timeout", type=_positive, default=30, metavar="S", help="seconds one cell may run"
    )
    grade.add_argument(
        "--jobs",
        type=_positive,
        metavar="N",
        help="notebooks graded at once (default: the cores, at most 4)",
    )
    grade.add_argument(
        "--memory",
        type=int,
        default=1024,
        metavar="MB",
        help="memory limit per notebook (0: none; Linux only, see exercises/README.md)",
    )
    grade.add_argument("--details", action="store_true", help="print each failure message")
    grade.add_argument(
        "--fresh",
        action="store_true",
        help="regrade the notebooks given, ignoring their rows in --csv FILE (other rows are kept)",
    )
    grade.add_argument("--allow-root-sandbox", action="store_true", help=ALLOW_ROOT_HELP)
    grade.set_defaults(func=cmd_grade)

    table = sub.add_parser("table", help="serve the play table as a web page (needs Voilà)")
    table.add_argument("--port", type=_positive, default=8866, help="port (default 8866)")
    table.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this computer only). Another address "
        "(0.0.0.0) shares the table with the network: anyone who can reach it plays, each "
        "page runs a kernel (about 60 MB) on this computer, and a kernel stops after "
        "--cull-idle seconds without a click (its page was closed, reloaded or left idle)",
    )
    table.add_argument(
        "--cull-idle",
        type=_positive,
        default=600,
        metavar="SECONDS",
        help="stop a page's kernel after this many seconds without a click (default 600; "
        "Voilà's MappingKernelManager.cull_idle_timeout). A page left that long reloads "
        "where it was: the match is saved",
    )
    table.add_argument(
        "--saves",
        metavar="FOLDER",
        help="where each browser's match is kept so a reload resumes it (default: a folder "
        "in Jupyter's runtime directory, one per port)",
    )
    table.add_argument("--lang", default="en", help="language of the table: en or zh")
    table.add_argument("--seed", type=int, help="seed of the match (default: a random one)")
    table.add_argument("--computer", default="greedy", help=f"one of: {', '.join(PLAYER_TYPES)}")
    table.add_argument("--no-browser", action="store_true", help="do not open a browser")
    table.set_defaults(func=cmd_table)

    tour = sub.add_parser(
        "tournament",
        help="a class tournament: every bot plays every other on the same duplicate deals",
        description=(
            "Play a round robin of the bots in a folder (NAME.py files, NAME/ folders, and "
            "baselines.txt naming the package's players, e.g. greedy). Each seat of each bot "
            "runs in its own sandboxed process and sees only its own view; a bot that "
            "crashes, times out or plays an illegal move loses that hand. Every pair plays "
            "the same deals twice, teams swapped. Results are written per match into --out: "
            "running the same command again goes on where it stopped. Bots have no network "
            "on Linux (not enforced on macOS or Windows). See docs/tournaments.md."
        ),
    )
    tour.add_argument("bots", help="the folder of bots")
    tour.add_argument("--deals", type=_positive, default=10, help="deals per pair (each twice)")
    tour.add_argument(
        "--seed", type=_whole, help="the deals' seed (default: the folder's, else a random one)"
    )
    tour.add_argument("--rules", type=_rules, default=RuleSet(), help=RULES_HELP)
    where = tour.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive, help="local worker processes (default 1)")
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://10.0.0.5:8786"
    )
    tour.add_argument("--out", type=_folder, default=Path("tournament-results"), help="results")
    tour.add_argument(
        "--move-time",
        type=_seconds,
        default=2.0,
        metavar="S",
        help="CPU seconds per decision (a bot that waits is stopped after 5 times this)",
    )
    tour.add_argument(
        "--load-time",
        type=_seconds,
        default=20.0,
        metavar="S",
        help="CPU seconds to load a bot (a bot too slow is tried again once)",
    )
    tour.add_argument(
        "--memory", type=_megabytes, default=1024, metavar="MB", help="per bot process (0: none)"
    )
    tour.add_argument("--fresh", action="store_true", help="replay every match")
    tour.add_argument("--allow-root-sandbox", action="store_true", help=ALLOW_ROOT_HELP)
    tour.set_defaults(func=cmd_tournament)
    return parser


ALLOW_ROOT_HELP = (
    "when started as root, run the untrusted code as root too (by default it runs as the "
    "unprivileged user nobody, or SHENGJI_SANDBOX_USER, and the run refuses if that is "
    "impossible); the same as SHENGJI_ALLOW_ROOT_SANDBOX=1"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "allow_root_sandbox", False):
        from .sandbox import ALLOW_ROOT_VARIABLE

        os.environ[ALLOW_ROOT_VARIABLE] = "1"  # read by every sandbox this run starts
    try:
        return args.func(args)
    except (ValueError, RecordError, OSError) as exc:
        print(f"shengji: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nBye!")
        return 130


__all__ = ["main"]
