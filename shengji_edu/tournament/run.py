"""Running a tournament: check the bots, schedule the matches, play them, keep every result.

:func:`run_tournament` is what ``shengji tournament`` calls:

1. read every bot (:func:`.bots.find_bots`) and check that a sandbox starts here (weakening
   it, and saying so, only if the platform refuses seccomp or Landlock, as the grader does);
2. load each bot once in its own sandbox: a bot that cannot be loaded (an exception at import,
   no player class, a constructor that fails) is disqualified, loses every hand, and the
   reason is kept (bots already checked with the same code and limits are not loaded again,
   except those that were too slow to load: that may have been the machine, so they are
   loaded again, and their matches played again if they enter now);
3. schedule every pair (:mod:`.schedule`), skip the matches whose results the folder already
   holds, and play the others: in this process (``workers=1``), in ``workers`` local
   processes, or on a Dask cluster (``scheduler="tcp://host:8786"``); each match is written
   to ``out/matches/`` the moment it ends; local worker processes die with this one, even
   if it is killed outright;
4. rank (:mod:`.rating`) and write the leaderboard, the pairs, the forfeits and the chart.

The same seed, bots, deals, rules and limits give the same results whatever runs them,
because a match depends on nothing else (timeouts excepted, see :mod:`.match`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import secrets
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import sandbox
from ..cards import shorten
from ..rules import RuleSet
from . import store, swiss
from .bots import Bot, BotsError, find_bots
from .match import MatchJob, RemoteSeat, Settings, new_round, play_match
from .rating import rating_available
from .report import TournamentResult
from .schedule import deal_setups, match_key, pairs
from .validation import validation_game

DEFAULT_OUT = "tournament-results"
DEFAULT_DEALS = 10
DEFAULT_SETTINGS = Settings()
SCHEDULES = ("round-robin", "swiss")
SWISS_FILE = "swiss.json"
VALIDATION_FOLDER = "validation"
SMALL_SEED = 2**40
"""Seeds below this are easy to guess: the command warns (see :mod:`.schedule`)."""


class TournamentError(ValueError):
    """The tournament cannot run as asked (the message says what to change)."""


@dataclass
class Plan:
    """What a run will do: the bots (with their status), the deals, the matches."""

    bots: list[Bot]
    status: dict[str, dict[str, Any]]
    jobs: list[MatchJob]
    done: dict[str, dict]
    seed: int
    settings: Settings
    restrictions: dict = field(default_factory=dict)
    others: int = 0
    """Match files in the folder that belong to other settings (ignored)."""
    job_for: Callable[[Bot, Bot], MatchJob] | None = None
    """The match of two bots (Swiss rounds add matches as they are paired)."""
    fresh: bool = False
    out: Path | None = None
    schedule: str = "round-robin"

    def add(self, jobs: Sequence[MatchJob]) -> list[MatchJob]:
        """Schedule ``jobs``; note those the results folder already holds; return the others."""
        self.jobs += jobs
        keys = {job.key for job in jobs}
        done = {} if self.fresh or self.out is None else store.read_matches(self.out, keys)
        for job in jobs:  # a bot that could not enter then but can now: play it again
            if job.key in done and _not_entered_sides(done[job.key]) != {
                side for side, problem in (("a", job.a_problem), ("b", job.b_problem)) if problem
            }:
                del done[job.key]
        self.done.update(done)
        return [job for job in jobs if job.key not in self.done]


def _engine() -> str:
    return sandbox.code_version()


def check_rules(rules: RuleSet) -> RuleSet:
    """``rules`` if the engine can deal a hand under them, else a TournamentError."""
    if not isinstance(rules, RuleSet):
        raise TournamentError(f"rules must be a RuleSet, not {shorten(rules)}")
    try:
        new_round(deal_setups(0, 1, rules)[0], rules)
    except ValueError as error:
        raise TournamentError(f"the engine cannot play these rules: {error}") from None
    return rules


def _check_number(value: object, what: str, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise TournamentError(f"{what} must be a whole number, at least {low}, not {value!r}")
    return value


def probe_sandbox(settings: Settings, exclude: Sequence[str]) -> tuple[Settings, dict]:
    """Start one baseline bot to see that sandboxes work here; weaken them if they must.

    Returns the settings to use and the sandbox's restrictions (``"weakened"`` says why, if
    the full sandbox could not start). Raises TournamentError if no sandbox starts at all.
    """
    tries = [settings]
    if settings.restrict_reads:
        tries.append(dataclasses.replace(settings, restrict_reads=False))
    if settings.restrict:
        tries.append(dataclasses.replace(settings, restrict_reads=False, restrict=False))
    probe = Bot("random", "baseline", "probe", "random")
    problem = "no answer"
    for number, attempt in enumerate(tries):
        seat = RemoteSeat(probe, attempt, 60.0, tuple(exclude))
        try:
            seat.start()
            loaded = seat.wait_loaded()
            restrictions = dict(seat.box.restrictions) if seat.box is not None else {}
        finally:
            seat.close()
        if loaded:
            restrictions["reads_restricted"] = bool(
                attempt.restrict_reads and restrictions.get("landlock")
            )
            if number:
                restrictions["weakened"] = problem
            return attempt, restrictions
        problem = seat.broken or problem
    raise TournamentError(f"a bot's sandbox cannot start here: {problem}")


def trial_load(
    bots: Sequence[Bot],
    settings: Settings,
    exclude: Sequence[str],
    jobs: int,
    validate: bool = False,
):
    """Load each bot once in its sandbox: ``{name: {"status", "reason", "class"}}``; with
    ``validate``, a bot that loads then plays its validation game (:func:`validation_game`)
    and is disqualified, with the reason, at its first error."""
    from concurrent.futures import ThreadPoolExecutor

    def one(bot: Bot) -> dict[str, Any]:
        if bot.problem is not None:
            return {"status": "disqualified", "reason": bot.problem}
        if bot.kind == "baseline":  # checked when baselines.txt was read; the probe loaded one
            return {"status": "entered", "class": None, "player": bot.name}
        seat = RemoteSeat(bot, settings, settings.load_time + 30.0, tuple(exclude))
        try:
            seat.start()
            loaded = seat.wait_loaded()
        finally:
            seat.close()
        if not loaded:
            reason = seat.broken or "could not be loaded"
            if seat.transient:  # too slow to load, even when tried again: maybe the machine's
                return {"status": "disqualified", "reason": reason, "retry": True}
            return {"status": "disqualified", "reason": reason}
        entered = {"status": "entered", "class": loaded.get("class"), "player": loaded.get("name")}
        failed = validation_game(bot, settings, exclude) if validate else None
        if failed is not None:
            return {"status": "disqualified", "reason": failed, "validation": failed}
        return entered

    with ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="trial") as pool:
        return dict(zip([b.name for b in bots], pool.map(one, bots), strict=True))


def plan_tournament(
    bots_folder: str | Path,
    deals: int,
    seed: int | None,
    rules: RuleSet,
    settings: Settings,
    out: Path,
    fresh: bool = False,
    jobs: int = 2,
    schedule: Sequence[tuple[Bot, Bot]] | None = None,
    validate: bool = True,
) -> Plan:
    """Read, check and load the bots; schedule the matches (``schedule``: these pairs, not
    a round robin); find those already played."""
    _check_number(deals, "the number of deals")
    check_rules(rules)
    if out.exists() and not out.is_dir():
        raise TournamentError(f"--out {out} is a file: give a folder for the results")
    inside = Path(bots_folder).resolve()
    if out.resolve() == inside or inside in out.resolve().parents:
        raise TournamentError(f"--out {out} is inside the bots folder: put the results elsewhere")
    bots = find_bots(bots_folder)
    manifest = store.read_manifest(out) if out.is_dir() else None
    if seed is None:
        seed = manifest["seed"] if manifest else secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -(2**64) < seed < 2**64:
        raise TournamentError(f"the seed must be a whole number below 2**64, not {seed!r}")
    exclude = [str(Path(bots_folder).resolve()), str(out.resolve())]
    settings, restrictions = probe_sandbox(settings, exclude)
    engine = _engine()
    limits = settings.to_dict()
    known = {}
    same = manifest and manifest.get("engine") == engine and manifest.get("limits") == limits
    if same and not fresh:
        # a bot that may have failed through the machine's fault is loaded again
        known = {
            b["name"]: b for b in manifest.get("bots", []) if "status" in b and not b.get("retry")
        }
    to_load = [b for b in bots if known.get(b.name, {}).get("sha256") != b.sha256]
    status = {b.name: known[b.name] for b in bots if b not in to_load}
    status.update(
        {
            name: {**info, "sha256": bot.sha256}
            for bot, (name, info) in zip(
                to_load,
                trial_load(to_load, settings, exclude, jobs, validate).items(),
                strict=True,
            )
        }
    )
    setups = deal_setups(seed, deals, rules)

    def job_for(a: Bot, b: Bot) -> MatchJob:
        key = match_key(a, b, seed, deals, rules, limits, engine)
        problem_a = _problem(status[a.name])
        problem_b = _problem(status[b.name])
        return MatchJob(
            key, a, b, setups, rules, settings, engine, problem_a, problem_b, tuple(exclude)
        )

    match_jobs = [job_for(a, b) for a, b in (pairs(bots) if schedule is None else schedule)]
    plan = Plan(bots, status, [], {}, seed, settings, restrictions, job_for=job_for)
    plan.fresh, plan.out = fresh, out
    plan.add(match_jobs)
    plan.others = store.count_other_matches(out, {job.key for job in match_jobs})
    return plan


def _not_entered_sides(record: dict) -> set[str]:
    """The sides ("a", "b") of a match record that could not enter."""
    return {
        run["forfeit"].get("side")
        for deal in record.get("deals", [])
        for run in deal.get("runs", [])
        if isinstance(run.get("forfeit"), dict) and run["forfeit"].get("kind") == "not entered"
    }


def _problem(info: dict[str, Any]) -> str | None:
    if info.get("status") == "entered":
        return None
    return f"could not enter: {info.get('reason', 'unknown')}"


def _manifest(plan: Plan, deals: int, rules: RuleSet) -> dict[str, Any]:
    bots = []
    for bot in plan.bots:
        info = plan.status[bot.name]
        bots.append(
            {
                "name": bot.name,
                "kind": bot.kind,
                "source": bot.source,
                "entry": bot.entry,
                "sha256": bot.sha256,
                **{k: v for k, v in info.items() if k != "sha256"},
            }
        )
    return {
        "format": store.MANIFEST_FORMAT,
        "version": 1,
        "seed": plan.seed,
        "deals": deals,
        "rules": rules.to_dict(),
        "limits": plan.settings.to_dict(),
        "engine": _engine(),
        "restrictions": plan.restrictions,
        "bots": bots,
        "matches": [{"a": job.a.name, "b": job.b.name, "key": job.key} for job in plan.jobs],
        "schedule": plan.schedule,
    }


# --- playing the matches ----------------------------------------------------------------------
def _local(jobs: list[MatchJob], workers: int, finished: Callable[[dict], None]) -> None:
    if workers == 1:
        for job in jobs:
            finished(play_match(job))
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn")  # no inherited threads or sandboxes
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_die_with_parent,
        initargs=(os.getpid(),),
    )
    try:
        queue = list(jobs)
        running: set[Future] = set()
        while queue or running:
            while queue and len(running) < 2 * workers:
                running.add(pool.submit(play_match, queue.pop(0)))
            ready, running = wait(running, timeout=1.0, return_when=FIRST_COMPLETED)
            for future in ready:
                finished(future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.kill()  # each one's sandboxes end with it (their lifelines close)
        raise
    pool.shutdown(wait=True)


def _die_with_parent(parent: int) -> None:
    """In each pool worker: end when the tournament's process does, even if it is killed
    (SIGKILL gives it no time to stop its pool). Linux: the kernel's parent-death signal;
    elsewhere, and as a second line, a thread that watches the parent's process id."""
    import signal
    import threading

    with contextlib.suppress(Exception):
        if sys.platform.startswith("linux"):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it was already gone
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)  # the sandboxes end with us (their lifelines close)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def connect(address: str):
    """A Dask client for the scheduler at ``address`` (TournamentError if impossible)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise TournamentError(
            'running on a cluster needs Dask: pip install "shengji-edu[cluster]"'
        ) from None
    _reachable(address)
    try:
        return Client(address, timeout=20)
    except (OSError, TimeoutError, ValueError) as error:
        raise TournamentError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def _reachable(address: str) -> None:
    """Fail at once (not after Dask's 20 s of retries) when nothing listens at a TCP address."""
    import socket
    from urllib.parse import urlsplit

    if not address.startswith("tcp://"):
        return
    try:
        parts = urlsplit(address)
        host, port = parts.hostname, parts.port or 8786
    except ValueError as error:
        raise TournamentError(f"{address} is not a scheduler address: {error}") from None
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise TournamentError(f"cannot reach the Dask scheduler at {address}: {reason}") from None


def _cluster(jobs: list[MatchJob], client, finished: Callable[[dict], None]) -> None:
    from dask.distributed import as_completed

    futures = [client.submit(play_match, job, pure=False) for job in jobs]
    try:
        for future in as_completed(futures):
            finished(future.result())
    except BaseException:
        client.cancel(futures)
        raise


def run_tournament(
    bots_folder: str | Path,
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    rules: RuleSet = RuleSet(),
    *,
    settings: Settings = DEFAULT_SETTINGS,
    workers: int = 1,
    scheduler: str | Any | None = None,
    out: str | Path = DEFAULT_OUT,
    fresh: bool = False,
    progress: bool | None = None,
    say: Callable[[str], None] | None = None,
    chart: bool = True,
    schedule: str = "round-robin",
    rounds: int | None = None,
    validate: bool = False,
) -> TournamentResult:
    """Play (or go on with) the tournament of the bots in ``bots_folder``; see the module doc.

    ``schedule``: ``"round-robin"`` (every pair) or ``"swiss"`` (``rounds`` Swiss rounds,
    :mod:`.swiss`). ``validate``: each new student bot plays its validation game first
    (:mod:`.validation`) and is kept out at its first error (the command asks for it;
    ``--no-validation`` does not).

    ``scheduler``: a Dask scheduler's address, or a ``dask.distributed.Client``. ``say``
    receives the lines a person should read (the command prints them). ``progress``: a tqdm
    bar (``None``: only on a terminal).
    """
    from tqdm import tqdm

    say = say or (lambda _text: None)
    _check_number(workers, "workers")
    if not isinstance(settings, Settings):
        raise TournamentError("settings must be a tournament Settings")
    out = Path(out)
    client = None
    if isinstance(scheduler, str):
        client = connect(scheduler)
    elif scheduler is not None:
        client = scheduler
    if schedule not in SCHEDULES:
        raise TournamentError(f"the schedule is one of {', '.join(SCHEDULES)}, not {schedule!r}")
    swiss_rounds = schedule == "swiss"
    if swiss_rounds:
        if rounds is None:
            raise TournamentError("--schedule swiss needs --rounds R, e.g. --rounds 5")
        _check_number(rounds, "the number of Swiss rounds (--rounds)")
    elif rounds is not None:
        raise TournamentError("--rounds is for --schedule swiss")
    plan = plan_tournament(
        bots_folder,
        deals,
        seed,
        rules,
        settings,
        out,
        fresh,
        2 * workers,
        schedule=[] if swiss_rounds else None,
        validate=validate,
    )
    plan.schedule = schedule
    kept: list[swiss.Round] = []
    if swiss_rounds:
        kept = _kept_rounds(plan, out, deals, fresh)
        if len(kept) > rounds:
            raise TournamentError(
                f"{out} already holds {len(kept)} Swiss rounds: ask for at least that many"
            )
        bots = {bot.name: bot for bot in plan.bots}
        plan.add(
            [
                plan.job_for(bots[a], bots[b])
                for r in kept
                for a, b in r.pairs
                if a in bots and b in bots
            ]
        )
    out.mkdir(parents=True, exist_ok=True)
    store.write_json(out / store.MANIFEST, _manifest(plan, deals, rules))
    entered = sum(info["status"] == "entered" for info in plan.status.values())
    matches = f"{len(plan.jobs)} matches" if not swiss_rounds else f"{rounds} Swiss rounds"
    say(
        f"{len(plan.bots)} bots ({entered} entered), {matches} of {deals} "
        f"duplicate deals ({2 * deals} hands each), seed {plan.seed}"
    )
    for bot in plan.bots:
        info = plan.status[bot.name]
        if info["status"] != "entered":
            say(f"  {bot.name}: cannot enter: {info.get('reason')} (it loses every hand)")
        if info.get("validation"):  # for its author, beside the results
            (out / VALIDATION_FOLDER).mkdir(exist_ok=True)
            text = f"{bot.name} ({bot.source}) cannot enter: {info['validation']}\n"
            store.write_text(out / VALIDATION_FOLDER / f"{bot.name}.txt", text)
    say("sandbox: " + sandbox.describe(plan.restrictions))
    if plan.restrictions.get("weakened"):
        say(f"warning: the full sandbox cannot start here ({plan.restrictions['weakened']})")
    if abs(plan.seed) < SMALL_SEED:
        say(
            "warning: a short seed can be guessed, and a bot that guessed it could work out "
            "the deals; for a real tournament leave --seed out (a long random one is drawn)"
        )
    if plan.done:
        say(f"reusing {len(plan.done)} finished match(es) from {out}")
    todo = [job for job in plan.jobs if job.key not in plan.done]
    records = dict(plan.done)
    total = (
        len(plan.jobs)
        if not swiss_rounds
        else len(plan.jobs) + (rounds - len(kept)) * (len(plan.bots) // 2)
    )
    bar = tqdm(
        total=total,
        initial=len(plan.done),
        desc="matches",
        unit="match",
        disable=None if progress is None else not progress,
    )

    def finished(record: dict) -> None:
        store.write_match(out, record)
        records[record["key"]] = record
        bar.update()

    def play(jobs: list[MatchJob]) -> None:
        if client is not None:
            _cluster(jobs, client, finished)
        else:
            _local(jobs, workers, finished)

    started = time.monotonic()
    try:
        play(todo)
        while swiss_rounds and len(kept) < rounds:
            kept.append(_next_round(plan, kept, records, deals))
            _write_rounds(out, plan, deals, kept)
            bots = {bot.name: bot for bot in plan.bots}
            more = plan.add([plan.job_for(bots[a], bots[b]) for a, b in kept[-1].pairs])
            store.write_json(out / store.MANIFEST, _manifest(plan, deals, rules))
            say(
                f"round {len(kept)}: {len(kept[-1].pairs)} matches"
                + (f", {kept[-1].bye} has a bye" if kept[-1].bye else "")
            )
            records.update({key: plan.done[key] for key in plan.done if key not in records})
            todo += more
            play(more)
    finally:
        bar.close()
        if isinstance(scheduler, str) and client is not None:
            with contextlib.suppress(Exception):
                client.close()
    result = TournamentResult(
        seed=plan.seed,
        deals=deals,
        rules=rules,
        bots=_manifest(plan, deals, rules)["bots"],
        records=[records[job.key] for job in plan.jobs],
        limits=plan.settings.to_dict(),
        scheduled=len(plan.jobs) if swiss_rounds else None,
    )
    if todo:
        seconds = time.monotonic() - started
        hands = 2 * deals * len(todo)
        say(f"played {len(todo)} match(es), {hands} hands, in {seconds:.1f} s")
    result.write(out, chart=chart)
    return result


# --- Swiss rounds (see :mod:`.swiss`) ------------------------------------------------------
def _kept_rounds(plan: Plan, out: Path, deals: int, fresh: bool) -> list[swiss.Round]:
    """The Swiss rounds this results folder holds for the same seed and deals."""
    data = store.read_json(out / SWISS_FILE)
    if fresh or not isinstance(data, dict):
        return []
    if data.get("seed") != plan.seed or data.get("deals") != deals:
        return []
    return swiss.read_rounds(data)


def _write_rounds(out: Path, plan: Plan, deals: int, rounds: list[swiss.Round]) -> None:
    data = {"seed": plan.seed, "deals": deals, "rounds": [r.to_dict() for r in rounds]}
    store.write_json(out / SWISS_FILE, data)


def _next_round(
    plan: Plan, rounds: list[swiss.Round], records: dict[str, dict], deals: int
) -> swiss.Round:
    """Pair the next round from the results so far (a TournamentError if it cannot)."""
    names = [bot.name for bot in plan.bots]
    won: dict[tuple[str, str], tuple[int, int]] = {}
    for job in plan.jobs:
        record = records.get(job.key)
        if record is None:
            continue
        runs = [run for deal in record["deals"] for run in deal["runs"]]
        a = sum(run["winning_team"] == run["a_team"] for run in runs)
        won[(job.a.name, job.b.name)] = (a, len(runs) - a)
        won[(job.b.name, job.a.name)] = (len(runs) - a, a)
    scores = swiss.standings(names, rounds, won, 2 * deals)
    try:
        paired = swiss.pair_round(names, rounds, scores, plan.seed)
    except swiss.SwissError as error:
        raise TournamentError(str(error)) from None
    ordered = tuple(swiss.match_pair(a, b, names) for a, b in paired.pairs)
    return swiss.Round(paired.number, ordered, paired.bye)


# --- for students: does my bot work? ----------------------------------------------------------
@dataclass
class BotCheck:
    """What :func:`check_bot` found: ``ok`` and a short text for people."""

    ok: bool
    text: str
    record: dict | None = None

    def __str__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle) -> None:  # shown as text in notebooks
        printer.text(self.text)


def check_bot(
    path: str | Path,
    against: str = "greedy",
    deals: int = 1,
    seed: int = 2026,
    settings: Settings = DEFAULT_SETTINGS,
) -> BotCheck:
    """Load a bot as the tournament does and play ``deals`` duplicate deals against a
    baseline: the check to run before handing a bot in."""
    from .bots import _file_bot, _folder_bot

    target = Path(path)
    if not target.exists():
        raise TournamentError(f"no such file or folder: {path}")
    bot = _folder_bot(target) if target.is_dir() else _file_bot(target)
    if bot.problem is not None:
        return BotCheck(False, f"{bot.name}: cannot enter: {bot.problem}")
    opponent = Bot(against, "baseline", "check", against)
    exclude = (str(target.resolve().parent),)
    status = trial_load([bot], settings, exclude, 1)[bot.name]
    if status["status"] != "entered":
        return BotCheck(False, f"{bot.name}: cannot enter: {status['reason']}")
    job = MatchJob(
        "check",
        bot,
        opponent,
        deal_setups(seed, deals),
        RuleSet(),
        settings,
        _engine(),
        exclude=exclude,
    )
    record = play_match(job)
    runs = [run for deal in record["deals"] for run in deal["runs"]]
    won = sum(run["winning_team"] == run["a_team"] for run in runs)
    lost = [run["forfeit"] for run in runs if run.get("forfeit", {}).get("side") == "a"]
    lines = [
        f"{bot.name}: class {status['class']} loaded; against {against} on {deals} deal(s) "
        f"({len(runs)} hands): won {won}"
    ]
    for forfeit in lost:
        lines.append(f"  forfeited a hand (trick {forfeit['trick']}): {forfeit['reason']}")
    lines.append("ready to enter" if not lost else "fix these before you hand it in")
    return BotCheck(not lost, "\n".join(lines), record)


def temporary_out() -> Path:
    """A fresh folder for results nobody needs to keep (lessons, checks)."""
    return Path(tempfile.mkdtemp(prefix="shengji-tournament-"))


__all__ = [
    "DEFAULT_OUT",
    "BotCheck",
    "BotsError",
    "TournamentError",
    "check_bot",
    "plan_tournament",
    "rating_available",
    "run_tournament",
]
