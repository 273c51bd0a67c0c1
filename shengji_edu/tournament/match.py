"""One match: two bots play the same deals twice, teams swapped; the referee is this process.

The referee runs the engine (:class:`~shengji_edu.game.round.Round` driven by the engine's
own :class:`~shengji_edu.game.table.Table`): every seat is a :class:`RemoteSeat`, a proxy
that sends that seat's sandboxed process (:mod:`.runner`) what its view holds that its last
view did not (:mod:`.changes`; a program bot of protocol version 1 gets the whole view each
time) and hands the card text it answers to the table, which checks it once with the rules
(``Round.play``). Nothing of the round ever leaves this process but the views.

Processes, and why so many: a bot plays both seats of its team, but **each seat has its own
process**, or a bot would see its partner's hand. And a process **never plays a deal
twice**: after a hand every card has been seen, so a process that had played deal 3 with
the first team's cards would know the other team's cards when deal 3 comes back with the
teams swapped. So a match has two *halves*: in the first, bot A sits in seats 0 and 2 for
every deal; in the second, in seats 1 and 3; each half starts four fresh processes that
play all its deals (so 8 sandboxes per match, whatever the number of deals).

How a bot's time is judged, and why it cannot starve the others: a bot's process may start
threads but **no process** (the sandbox's seccomp filter, ``spawn=False``), so everything it
runs is one process; the referee **stops it** (SIGSTOP) from the moment it answers until it
is asked again, so nothing of it runs between its decisions, not even threads it left
spinning; and a decision is judged on the **CPU time of that process** (all its threads), not
on the wall clock: ``move_time`` seconds of CPU (``load_time`` to start and load), with a
wall-clock backstop of ``WALL_FACTOR`` (5) times ``move_time`` for a bot that waits instead of
computing. What a bot starts counts against it, and another bot on a busy machine cannot make
it slow. (Why not a small process limit instead: ``RLIMIT_NPROC`` counts every process of the
user, other bots' too, and a process that lives on between decisions would still run on CPU
that belongs to others.) Where CPU time cannot be read (not Linux), ``move_time`` is judged on
the wall clock, as before.

How a failure is scored (the hand is lost, the match goes on):

* a bot that raises, answers with something that is not cards, or makes an illegal move
  (the engine's reason is logged) forfeits that hand; its process plays on;
* a bot that spends more than its time (above) is killed, and one that dies
  (crash, memory, exit) is gone: either forfeits that hand and gets a fresh process for the
  next (if that fresh one cannot start, it forfeits the rest of the half);
* a bot too slow to load (which may be the machine's fault) is started again once;
* a bot that could not enter at all (see :mod:`.bots`) forfeits every hand; when both bots of
  a match cannot play, the team in seats 0 and 2 forfeits, so each wins one hand of a deal.

A forfeited hand is scored as the most lopsided hand the rules allow, against the forfeiting
team: if it was the dealer's team, as if the defenders had taken every point (the rules'
``total_points``: they take the deal and gain the levels that gives); if it was the defending
team, as if they had taken none (the dealer's team gains 3 levels). The arena's per-hand
measures (hand won, levels gained, defender points) are computed from that.

Every deal is the arena's duplicate deal: the shuffle, dealer, level and trump are fixed
ahead (``Round(..., fixed_trump=...)``), so nobody declares and, with
``overcall_after_bury``, there is no overcall round either (the engine skips it when the
trump is fixed); the bury and the play are the bots' decisions.

Every question is asked, even a forced one (a single legal play), as in one process: not
asking could change a bot's result (it may draw from its generator or count questions, or
answer a forced one illegally). A bot runs on the referee's CPU (``Sandbox.run_here``).

Timeouts are the one thing that is not reproducible: a bot very near its CPU limit may time
out in one run and not in another (CPU time varies a little, and the wall-clock backstop
depends on the machine). Everything else in a match depends only
on the two bots, the deals and the rules.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import sandbox
from ..arena import DealSetup
from ..cards import shorten
from ..game.kept import hand_line
from ..game.round import Round, team_of
from ..game.table import PlayerError, Table
from ..game.view import PlayerView
from ..ladders import climb
from ..rules import RuleSet
from ..scoring import settle
from . import protocol
from .bots import Bot
from .changes import ViewChanges
from .runner import CODE_FOLDER

RUNNER = ["-m", "shengji_edu.tournament.runner"]
RUNNER_CALL = "shengji_edu.tournament.runner:main"
"""What a warm copy calls (the same as ``python -m`` runs: see :data:`Settings.warm`)."""
CHILD_IMPORTS = ("shengji_edu.tournament.runner", "shengji_edu.game.view", "shengji_edu.arena")
"""What a bot's process imports (the runner, the view it rebuilds, the package's players for
baselines): their bytecode is made once per process that starts bots
(:func:`shengji_edu.sandbox.warm_bytecode_once`), not compiled again at every start."""
WALL_FACTOR = 5.0
"""A decision is judged on the CPU time the bot spends (``move_time``); the wall clock is only
a backstop for a bot that waits instead of computing: this many times ``move_time``."""
STARVED_FACTOR = 6.0
"""Past the backstop, a bot that is still computing (running, or waiting for a CPU: a busy
machine) is given up to this many times the backstop to reach its CPU limit."""
LOAD_WALL_FACTOR = 3.0
"""The same backstop for loading (``load_time`` of CPU, this many times it of wall clock)."""
RETRIES = 1
PROGRAM_THREADS = 128
"""Threads a program bot may add to its user's (``RLIMIT_NPROC``: it cannot start processes).
A runtime such as node starts a dozen threads as it loads, and the limit counts every process
of the user (the other sandboxes too), so 16, a Python bot's, makes node crash at random."""
"""How many times a bot too slow to load is started again (the machine may have been busy)."""


@dataclass(frozen=True)
class Settings:
    """The limits every bot gets; part of a match's identity (they can change results)."""

    move_time: float = 2.0
    """Seconds a bot may take for one decision."""
    hand_time: float = 0.0
    """A bank of seconds per hand and seat, beyond ``move_time``: a decision may take
    ``move_time`` plus what is left of the bank, and what it takes beyond ``move_time`` is
    drawn from the bank (a thinking bot spends it where the hand is hard)."""
    load_time: float = 20.0
    """Seconds a bot's process may take to start and load the bot."""
    memory_mb: int | None = 1024
    """Address space of each bot process (Linux); ``None``: no limit."""
    restrict: bool = True
    """seccomp and Landlock where the platform has them (see :mod:`shengji_edu.sandbox`)."""
    restrict_reads: bool = True
    """Let a bot read only Python's files and its own (Landlock)."""
    warm: bool = True
    """Start Python bots as confined copies of a warm fork server that imported the runner
    once (:mod:`shengji_edu.sandbox.forkserver`, Linux), not as new Pythons. Results are the
    same either way (not part of a match's identity); only the cost of a start changes."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "move_time": float(self.move_time),
            "hand_time": float(self.hand_time),
            "load_time": float(self.load_time),
            "memory_mb": self.memory_mb,
        }


@dataclass(frozen=True)
class MatchJob:
    """Everything one match needs, as plain picklable data (it may run on another machine)."""

    key: str
    a: Bot
    b: Bot
    setups: tuple[DealSetup, ...]
    rules: RuleSet
    settings: Settings
    engine: str
    """The package code's version (:func:`shengji_edu.sandbox.code_version`)."""
    a_problem: str | None = None
    """Why bot A cannot enter (static problems, or what its trial load said)."""
    b_problem: str | None = None
    exclude: tuple[str, ...] = ()
    """Folders the bots must not read (the bots folder, the results)."""


class OtherCode(ValueError):
    """A worker runs other shengji_edu code than the tournament (results would differ)."""


class _TooSlow(Exception):
    """A bot spent more than its time (``text`` says how much it was allowed)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class Forfeit(Exception):
    """A seat's bot lost the hand: ``kind`` (timeout, crashed, error, illegal, …), ``reason``."""

    def __init__(self, seat: int, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.seat, self.kind, self.reason = seat, kind, reason


# --- the sandboxed processes --------------------------------------------------------------------
@functools.cache
def child_setup(restrict_reads: bool, exclude: tuple[str, ...]) -> sandbox.PythonChild:
    """A bot's process (:func:`shengji_edu.sandbox.python_child`, computed where it runs):
    the package readable, with its committed results (the ``learned`` player's weights live
    there; an editable install maps them to the checkout's ``results/``), a checkout first on
    its path when the package is not installed."""
    from importlib.resources import files

    results = Path(str(files("shengji_edu.results")))
    return sandbox.python_child(
        path_first=_source_checkout(),
        readable=[str(Path(__file__).resolve().parent.parent), str(results)],
        exclude=exclude,
        restrict_reads=restrict_reads,
    )


def _source_checkout() -> str | None:
    """The folder to put on the child's path when the package is not installed (a checkout)."""
    from importlib import metadata

    try:
        metadata.distribution("shengji-edu")
        return None
    except metadata.PackageNotFoundError:
        return str(Path(__file__).resolve().parent.parent.parent)


def bot_sandbox(
    args: list[str],
    files: dict[str, bytes | str],
    settings: Settings,
    wall: float,
    exclude: tuple[str, ...] = (),
    program: str | None = None,
) -> sandbox.Sandbox:
    """A bot's sandbox (not started): what every seat's process gets, and nothing more.

    No network and no scratch space shared with anyone (see :mod:`shengji_edu.sandbox`), no
    /proc, reads only of Python's files and its own; it may start threads, never processes
    (``spawn=False``), so everything it runs is one process that the referee stops between
    its decisions and whose CPU time is the bot's time (see :meth:`RemoteSeat._answer`).
    """
    child = child_setup(settings.restrict_reads, exclude)
    memory = settings.memory_mb
    fork = None
    if program is None and settings.warm and list(args) == RUNNER:  # the runner, warm
        server = sandbox.forkserver.shared(CHILD_IMPORTS, _server_env(child.env))
        fork = None if server is None else (server, RUNNER_CALL)
    return sandbox.Sandbox(
        args,
        files=files,
        limits=sandbox.Limits(
            wall=wall,
            memory=None if memory is None else memory << 20,
            message_bytes=256 << 10,
            processes=16 if program is None else PROGRAM_THREADS,
            spawn=False,
        ),
        env=child.env,
        read_paths=child.read_paths,
        list_paths=child.list_paths,
        restrict=settings.restrict,
        program=program,
        fork=fork,
        inline=True,  # the referee receives after every send: no reader or writer thread
    )


def _server_env(child_env: dict[str, str]) -> dict[str, str]:
    """The fork server's environment: enough to import the package, nothing of ours."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8"}
    env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8", **child_env)
    env.update(sandbox._needed_to_start_python())
    return env


def bot_files(bot: Bot) -> dict[str, bytes]:
    return {f"{CODE_FOLDER}/{name}": data for name, data in bot.files.items()}


def load_request(bot: Bot) -> dict:
    if bot.kind == "baseline":
        return {"op": "load", "baseline": bot.entry}
    return {"op": "load", "entry": bot.entry}


class RemoteSeat:
    """One seat's bot in its own sandbox, seen by the :class:`Table` as a player."""

    def __init__(self, bot: Bot, settings: Settings, wall: float, exclude: tuple[str, ...]):
        self.bot = bot
        self.name = bot.name
        self.settings = settings
        self.wall = wall
        self.exclude = exclude
        self.box: sandbox.Sandbox | None = None
        self.broken: str | None = None
        """Why this seat cannot play any more in this half (it could not start again)."""
        self.starts = 0
        self.decisions = 0
        self.transient = False
        """``broken`` may be the machine's fault (too slow to load): retried, not remembered."""
        self.retried = 0
        self.bank = settings.hand_time
        """What is left of this hand's time bank (see :attr:`Settings.hand_time`)."""
        self.spent = 0.0
        """CPU seconds the last answer took."""
        self.cpu = 0.0
        """CPU seconds of this seat's processes that have ended (and their supervisors')."""
        self.changes: ViewChanges | None = None
        """Views go as changes (:mod:`.changes`) to the runner and to a program bot that
        chose protocol version 2; ``None``: whole."""

    # --- the process ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the process and send it the bot (without waiting: see :meth:`wait_loaded`)."""
        self.starts += 1
        if self.bot.kind == "program":  # any language: the shengji-bot protocol
            try:
                program, args = protocol.resolve(json.loads(self.bot.entry))
            except protocol.ProgramError as error:
                self.broken = str(error)
                return
            files, first = dict(self.bot.files), protocol.hello(self.settings.to_dict())
            self.changes = None  # until its hello says version 2
        else:
            sandbox.warm_bytecode_once(CHILD_IMPORTS)  # each local or Dask worker: once
            program, args, files, first = None, RUNNER, bot_files(self.bot), load_request(self.bot)
            self.changes = ViewChanges()
        self.box = bot_sandbox(args, files, self.settings, self.wall, self.exclude, program)
        try:
            self.box.start()
            self.box.send(first)
        except sandbox.SandboxError as error:
            self.broken = f"its process could not start ({error})"

    def wait_loaded(self) -> dict:
        """Wait for the bot to be loaded; return what it said (``broken`` is set if not).

        A bot too slow to load may have met a busy machine: it is started again once."""
        loaded = self._wait_loaded()
        if not loaded and self.transient and self.retried < RETRIES:
            self.retried += 1
            self.broken, self.transient = None, False
            self.start()
            loaded = self._wait_loaded()
        return loaded

    def _wait_loaded(self) -> dict:
        if self.broken is not None or self.box is None:
            return {}
        limit = self.settings.load_time
        try:
            message = self._answer(limit, limit * LOAD_WALL_FACTOR)
            if self.bot.kind == "program":
                problem = protocol.check_hello(message)
                if problem is None:
                    self.changes = ViewChanges() if message.get("version") == 2 else None
                    self.box.pause()
                    return {"event": "loaded", "class": None, "name": message.get("name")}
                message = {"event": "failed", "reason": f"broke the protocol: {problem}"}
            while message.get("event") == "ready":
                message = self._answer(limit, limit * LOAD_WALL_FACTOR)
            event = message.get("event")
            if event == "loaded":
                self.box.pause()  # nothing of it runs until it is asked something
                return message
            if event == "failed":
                self.broken = shorten(str(message.get("reason", "could not be loaded")), 300)
            else:
                self.broken = "its process broke the protocol while loading"
        except _TooSlow as slow:
            self.broken, self.transient = f"took more than {slow.text} to load", True
        except sandbox.SandboxClosed as error:
            self.broken = f"its process ended while loading ({_ending(error.ending)})"
        except sandbox.BadMessage:
            self.broken = "its process sent data that cannot be read while loading"
        self.close()
        return {}

    def _answer(self, cpu_limit: float, wall_limit: float) -> dict:
        """The bot's next message, judged on the CPU time its process spends meanwhile (every
        thread; it cannot start processes), with a wall-clock backstop; _TooSlow if either is
        exceeded (the process is then killed). Where CPU time cannot be read (not Linux), the
        wall clock is judged against ``cpu_limit``. Past the backstop, a bot still computing
        (a busy machine makes it slow, not the bot) waits on, up to ``STARVED_FACTOR`` times
        the backstop, to be judged on its CPU time."""
        box = self.box
        assert box is not None
        start = box.cpu_seconds()
        if start is None:
            wall_limit = cpu_limit
        started = time.monotonic()
        poll = max(0.01, min(0.1, cpu_limit / 20))
        while True:
            try:
                message = box.receive(timeout=poll)
            except sandbox.SandboxTimeout:
                message = None
            used = box.cpu_seconds()
            if start is not None and used is not None and used - start > cpu_limit:
                box.kill("took too long")
                raise _TooSlow(f"{cpu_limit:g} s")
            if message is not None:
                self.spent = 0.0 if start is None or used is None else used - start
                return message
            waited = time.monotonic() - started
            if waited > wall_limit:
                if waited < wall_limit * STARVED_FACTOR and box.computing():
                    continue  # slowed down by the machine, not waiting: judged on its CPU
                box.kill("took too long (wall clock)")
                unit = "s" if start is None else "s of wall-clock time"
                raise _TooSlow(f"{wall_limit:g} {unit}")

    def close(self) -> None:
        if self.box is not None:
            with contextlib.suppress(sandbox.SandboxError):
                self.box.send({"op": "bye"})
            ending = self.box.close(grace=0.5)
            self.cpu += ending.cpu or 0.0
            self.box = None

    def new_hand(self, state: tuple) -> None:
        """A fresh player (and this seat's generator) for the next hand; restart if dead."""
        if self.broken is None and (self.box is None or not self.box.alive):
            self.close()
            self.start()
            self.wait_loaded()
            if self.broken is not None:
                self.broken = f"could not be restarted: {self.broken}"
        self.bank = self.settings.hand_time
        if self.changes is not None:
            self.changes.reset()
        if self.broken is None and self.box is not None:
            if self.bot.kind == "program":
                self.box.send({"op": "hand", "seed": protocol.hand_seed(state)})
                return
            version, internal, gauss = state
            self.box.send({"op": "hand", "rng": [version, list(internal), gauss]})

    # --- the player protocol, for the Table ------------------------------------------------
    def declare(self, view: PlayerView):
        return self._ask("declare", view)

    def bury(self, view: PlayerView):
        return self._ask("bury", view)

    def play(self, view: PlayerView):
        return self._ask("play", view)

    def _ask(self, what: str, view: PlayerView):
        seat = view.seat
        if self.broken is not None or self.box is None:
            raise Forfeit(seat, "could not start", self.broken or "its process is not running")
        self.decisions += 1
        move = self.settings.move_time
        limit = move + self.bank
        box = self.box
        if self.changes is not None:
            request = {"op": what, "changes": self.changes.of(view)}
        else:
            request = {"op": what, "view": view.to_data(rng=False)}
        if self.bot.kind == "program":
            request.update(legal=protocol.legal_example(what, view), time_left=round(limit, 3))
        box.run_here()
        box.resume()
        try:
            box.send(request)
            reply = self._answer(limit, limit * WALL_FACTOR)
            self.bank = max(0.0, self.bank - max(0.0, self.spent - move))
        except _TooSlow as slow:
            raise Forfeit(seat, "timeout", f"took more than {slow.text} to {what}") from None
        except sandbox.SandboxClosed as error:
            raise Forfeit(seat, "crashed", f"its process ended ({_ending(error.ending)})") from None
        except sandbox.BadMessage as error:
            raise Forfeit(seat, "protocol", f"sent data that cannot be read ({error})") from None
        box.pause()
        event = reply.get("event")
        if event == "error":
            raise Forfeit(seat, "error", shorten(str(reply.get("reason", "an error")), 300))
        cards = reply.get("cards")
        if event != "answer" or not (
            isinstance(cards, str) or (cards is None and what == "declare")
        ):
            self.box.kill("broke the protocol")
            raise Forfeit(seat, "protocol", f"answered {shorten(reply, 80)}, not card text")
        return cards


def _ending(ending: sandbox.Ending) -> str:
    if ending.reason == "exited" and ending.returncode is not None:
        code = ending.returncode
        if code < 0:
            return f"killed by signal {-code}"
        return f"exit code {code}"
    lines = [line for line in ending.stderr.strip().splitlines() if line.strip()]
    tail = f": {shorten(lines[-1], 120)}" if lines else ""
    return f"{ending.reason}{tail}"


# --- scoring --------------------------------------------------------------------------------------
def hand_result(round_: Round) -> dict[str, Any]:
    result = round_.result
    assert result is not None
    return {
        "winning_team": result.winning_team,
        "defender_points": result.defender_points,
        "level_gain": [result.levels_after[t] - result.levels_before[t] for t in (0, 1)],
    }


def forfeit_result(setup: DealSetup, rules: RuleSet, team: int) -> dict[str, Any]:
    """The most lopsided hand the rules allow, against ``team`` (see the module docstring)."""
    dealer_team = team_of(setup.dealer)
    points = rules.total_points if team == dealer_team else 0
    settlement = settle(points, rules, won_last_trick=team == dealer_team)  # §12.10 asks too
    gain = [0, 0]
    gain[dealer_team] = climb(setup.level, settlement.dealer_levels, rules) - setup.level
    gain[1 - dealer_team] = climb(setup.level, settlement.defender_levels, rules) - setup.level
    return {"winning_team": 1 - team, "defender_points": points, "level_gain": gain}


def new_round(setup: DealSetup, rules: RuleSet) -> Round:
    """The arena's duplicate hand: the same shuffle, dealer, level and trump for both runs."""
    levels = (setup.level, setup.level)
    trump = rules.trump(setup.level, setup.trump_suit)
    return Round(setup.seed, rules, levels, setup.dealer, fixed_trump=trump)


def play_hand(setup: DealSetup, rules: RuleSet, seats: list[RemoteSeat]) -> dict[str, Any]:
    """One hand with four remote seats; a failure forfeits it (``"forfeit"`` says why)."""
    round_ = new_round(setup, rules)
    asked: list[int] = []
    for seat, remote in enumerate(seats):
        remote.new_hand(round_.seat_rng(seat).getstate())
    table = Table(round_, [_Asked(remote, asked) for remote in seats])
    try:
        table.run()
    except Forfeit as forfeit:
        return _kept(_forfeited(setup, rules, round_, forfeit), round_, seats)
    except PlayerError as error:
        seat = asked[-1]
        refusal = str(error.__cause__ or error)
        what = "bury" if round_.phase == "kitty" else "play"
        forfeit = Forfeit(seat, "illegal", shorten(f"illegal {what}: {refusal}", 300))
        return _kept(_forfeited(setup, rules, round_, forfeit), round_, seats)
    return _kept(hand_result(round_), round_, seats)


# --- every hand kept ---------------------------------------------------------------------------
KEPT = "kept"
"""The key under which a hand's result carries its kept line until :func:`take_kept`."""


def _kept(result: dict[str, Any], round_: Round, seats: list) -> dict[str, Any]:
    """``result`` with the hand as a kept line (what was played, even if it was forfeited)."""
    forfeit = result.get("forfeit")
    why = None if forfeit is None else f"seat {forfeit['seat']} ({forfeit['kind']}): "
    line = hand_line(
        round_,
        [seat.name for seat in seats],
        f"seed {round_.seed}",
        None if why is None else why + forfeit["reason"],
    )
    return {**result, KEPT: line}


def take_kept(deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every kept line of a match's deals, deal by deal and run by run, taken out of them."""
    return [run.pop(KEPT) for deal in deals for run in deal["runs"]]


def _forfeited(setup: DealSetup, rules: RuleSet, round_: Round, forfeit: Forfeit) -> dict:
    result = forfeit_result(setup, rules, team_of(forfeit.seat))
    result["forfeit"] = {
        "seat": forfeit.seat,
        "kind": forfeit.kind,
        "reason": forfeit.reason,
        "trick": len(round_.tricks) + 1,
    }
    return result


class _Asked:
    """Wraps a seat to note who was asked last (an illegal move is that seat's)."""

    def __init__(self, remote: RemoteSeat, asked: list[int]) -> None:
        self.remote, self.asked, self.name = remote, asked, remote.name

    def declare(self, view):
        self.asked.append(view.seat)
        return self.remote.declare(view)

    def bury(self, view):
        self.asked.append(view.seat)
        return self.remote.bury(view)

    def play(self, view):
        self.asked.append(view.seat)
        return self.remote.play(view)


# --- a whole match --------------------------------------------------------------------------------
def _wall(job: MatchJob) -> float:
    """A backstop for one process: every decision of a half at its limit, and some."""
    decisions = len(job.setups) * (job.rules.hand_size + 2)
    load = job.settings.load_time * LOAD_WALL_FACTOR * (1 + RETRIES)
    banks = len(job.setups) * job.settings.hand_time * WALL_FACTOR
    return load + banks + decisions * (job.settings.move_time * WALL_FACTOR + 0.5) + 30.0


def play_match(job: MatchJob) -> dict[str, Any]:
    """Play the match; return its record (plain data, written to the results as it is)."""

    here = sandbox.code_version()
    if job.engine != here:
        raise OtherCode(
            f"this worker runs other shengji_edu code ({here}, not {job.engine}): "
            "install the same version everywhere"
        )
    started = time.monotonic()
    parent = os.getppid()
    names = {"a": job.a.name, "b": job.b.name}
    deals = [
        {
            "seed": s.seed,
            "dealer": s.dealer,
            "level": s.level,
            "trump": s.trump_suit,
            "runs": [],
        }
        for s in job.setups
    ]
    halves: dict[int, list[RemoteSeat]] = {}
    for a_team in (0, 1):
        bots = [job.a if team_of(seat) == a_team else job.b for seat in range(4)]
        problems = [job.a_problem if team_of(s) == a_team else job.b_problem for s in range(4)]
        if any(problems):
            for deal, setup in zip(deals, job.setups, strict=True):
                deal["runs"].append(_not_entered(setup, job, a_team, problems))
        else:  # the second half's processes must last through the first half too
            wall = _wall(job) * (1 + a_team)
            halves[a_team] = [RemoteSeat(bot, job.settings, wall, job.exclude) for bot in bots]
    everyone = [seat for seats in halves.values() for seat in seats]
    try:
        _all(everyone, RemoteSeat.start)  # both halves at once: the second loads meanwhile
        for a_team, seats in halves.items():
            for seat in seats:
                seat.wait_loaded()
            for deal, setup in zip(deals, job.setups, strict=True):
                if os.getppid() != parent:  # our parent (a local pool) is gone: stop
                    sys.exit(1)
                deal["runs"].append({"a_team": a_team, **play_hand(setup, job.rules, seats)})
            _all(seats, RemoteSeat.close)
    finally:
        _all(everyone, RemoteSeat.close)
    for deal in deals:
        deal["runs"].sort(key=lambda run: run["a_team"])
    hands = take_kept(deals)
    starts = sum(seat.starts for seat in everyone)
    decisions = sum(seat.decisions for seat in everyone)
    for deal in deals:
        for run in deal["runs"]:
            forfeit = run.get("forfeit")
            if forfeit is not None:
                forfeit["side"] = "a" if team_of(forfeit["seat"]) == run["a_team"] else "b"
                forfeit["bot"] = names[forfeit["side"]]
    return {
        "format": "shengji-edu tournament match",
        "version": 1,
        "key": job.key,
        "a": job.a.name,
        "b": job.b.name,
        "a_sha256": job.a.sha256,
        "b_sha256": job.b.sha256,
        "deals": deals,
        "timing": {
            "seconds": round(time.monotonic() - started, 3),
            "hands": 2 * len(deals),
            "processes": starts,
            "decisions": decisions,
            "sandbox_cpu": round(sum(seat.cpu for seat in everyone), 3),
        },
        "hands": hands,
    }


def _all(seats: list[RemoteSeat], action) -> None:
    """Start or close processes side by side (each mostly waits for its supervisor)."""
    if len(seats) <= 1:
        for seat in seats:
            action(seat)
        return
    with ThreadPoolExecutor(max_workers=len(seats), thread_name_prefix="seat") as pool:
        for future in [pool.submit(action, seat) for seat in seats]:
            future.result()


def _not_entered(setup: DealSetup, job: MatchJob, a_team: int, problems: list) -> dict:
    """A hand that cannot be played: a bot could not enter (see the module docstring)."""
    seat = 0 if problems[0] else 1  # both cannot play: the team in seats 0 and 2 forfeits
    team = team_of(seat)
    result = forfeit_result(setup, job.rules, team)
    result["forfeit"] = {
        "seat": seat,
        "kind": "not entered",
        "reason": shorten(str(problems[seat]), 300),
        "trick": 0,
    }
    names = [(job.a if team_of(s) == a_team else job.b) for s in range(4)]
    return {"a_team": a_team, **_kept(result, new_round(setup, job.rules), names)}


__all__ = ["Forfeit", "MatchJob", "RemoteSeat", "Settings", "forfeit_result", "play_match"]
