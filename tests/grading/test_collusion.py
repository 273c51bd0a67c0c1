"""Untrusted children that try to talk to each other, starve each other, or use root.

The attacks of the issue "An instructor can trust it" (sandbox and tournament half), each
with the outcome it must have:

* two bots' processes (configured as the tournament configures them) try every channel —
  UDP, TCP, abstract and filesystem Unix sockets, socketpair, /dev/shm, /tmp, files in
  their own folder — and hear nothing;
* a graded notebook (configured as the grader configures it) cannot read other processes'
  environments (the grader's tokens), /etc/shadow, send UDP, or fork past its limit, and
  as root it runs as an unprivileged user;
* a bot whose processes publish their hands on every channel in a real match hears nothing
  (tests/fixtures/bots_hostile/colluder.py);
* a bot that starts busy processes or threads cannot make an honest bot near its limit
  forfeit (tests/fixtures/bots_hostile/: hog.py, honest.py);
* a bot may start threads, not processes, and nothing of it runs between its decisions.

The sandbox-level attacks run as the user running the tests and, when that is root, once
more as an ordinary user (:func:`as_ordinary_user`): CI as root checks both.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from users import becoming, ordinary_user

from shengji_edu import sandbox
from shengji_edu.sandbox import Sandbox, SandboxClosed, capabilities

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
LINUX = sys.platform.startswith("linux")
ROOTED = LINUX and os.geteuid() == 0
linux_seccomp = pytest.mark.skipif(
    not LINUX or not capabilities()["seccomp"], reason="a Linux guarantee (seccomp)"
)

WORKER = """
from shengji_edu.sandbox import Channel
channel = Channel.connect()
scope = {}
for message in channel:
    try:
        exec(message["code"], scope)
        channel.send({"ok": True, "value": scope.get("result")})
    except BaseException as error:
        channel.send({"error": f"{type(error).__name__}: {error}"})
"""

LISTEN = r"""
import os, socket
result, channels = {}, {}
port = 20000 + os.getpid() % 30000
name = "spy-%d-%d" % (os.getpid(), port)

def attempt(what, action):
    try:
        result[what] = action()
    except OSError:
        pass

def udp():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", port)); s.setblocking(False); channels["udp"] = s
    return port

def tcp():
    s = socket.socket(); s.bind(("127.0.0.1", port + 1)); s.listen(); s.setblocking(False)
    channels["tcp"] = s
    return port + 1

def unix(address, key):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(address); s.listen(); s.setblocking(False); channels[key] = s
    return address

def drop(path):
    with open(path, "w") as handle:
        handle.write("my partner holds SA SA")
    os.chmod(path, 0o666)
    return path

attempt("udp", udp)
attempt("tcp", tcp)
attempt("abstract", lambda: unix("\0" + name, "abstract"))
attempt("unix_file", lambda: unix(os.path.abspath(name + ".sock"), "unix_file"))
attempt("socketpair", lambda: str(socket.socketpair()))
attempt("dev_shm", lambda: drop("/dev/shm/" + name))
attempt("tmp", lambda: drop("/tmp/" + name))
attempt("own_folder", lambda: (os.chmod(".", 0o777), drop(os.path.abspath(name)))[1])
"""

TALK = r"""
import os, socket
addresses = ADDRESSES
result = []

def attempt(what, action):
    try:
        if action(addresses[what]):
            result.append(what)
    except (OSError, KeyError):
        pass

def udp(port):
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"SA SA", ("127.0.0.1", port))

def connect(family, address):
    s = socket.socket(family, socket.SOCK_STREAM)
    s.settimeout(2)
    s.connect(address)
    s.send(b"SA SA")

def read(path):
    with open(path) as handle:
        return handle.read()

for what in ("udp",):
    attempt(what, udp)
attempt("tcp", lambda port: connect(socket.AF_INET, ("127.0.0.1", port)))
attempt("abstract", lambda address: connect(socket.AF_UNIX, address))
attempt("unix_file", lambda address: connect(socket.AF_UNIX, address))
for what in ("dev_shm", "tmp", "own_folder"):
    attempt(what, read)
"""

HEAR = r"""
import time
time.sleep(0.2)
result = []
for what, s in channels.items():
    try:
        if what == "udp":
            data = s.recv(100)
        else:
            data = s.accept()[0].recv(100)
        if data:
            result.append(what)
    except OSError:
        pass
"""


def exec_in(box: Sandbox, code: str):
    reply = box.request({"code": code}, timeout=30)
    assert "ok" in reply, reply
    return reply["value"]


def collusion(restrict_reads: bool = True) -> dict:
    """Two bots' processes: one makes every channel it can, the other uses each."""
    from shengji_edu.tournament.match import Settings, bot_sandbox

    settings = Settings(restrict_reads=restrict_reads)
    files = {"worker.py": WORKER}
    with (
        bot_sandbox(["worker.py"], files, settings, 60.0) as speaker,
        bot_sandbox(["worker.py"], files, settings, 60.0) as listener,
    ):
        made = exec_in(listener, LISTEN)
        heard_by_speaker = exec_in(speaker, TALK.replace("ADDRESSES", repr(made)))
        heard_by_listener = exec_in(listener, HEAR)
        return {
            "made": sorted(made),
            "read": heard_by_speaker,
            "heard": heard_by_listener,
            "restrictions": listener.restrictions,
        }


GRADED = r"""
import os, socket, time
result = {"uid": os.getuid()}

def attempt(what, action):
    try:
        result[what] = action()
    except OSError as error:
        result[what] = None

def environments():
    found, token = 0, False
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/environ", "rb") as handle:
                    data = handle.read()
            except OSError:
                continue
            found += 1
            token = token or b"shengji-test-instructor-token" in data
    return {"readable": found, "token": token}

def bomb():
    started = 0
    for _ in range(200):
        try:
            if os.fork() == 0:
                time.sleep(3)
                os._exit(0)
        except OSError:
            break
        started += 1
    return started

attempt("environments", environments)
attempt("shadow", lambda: len(open("/etc/shadow").read()))
attempt("udp_out", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(
    b"token", ("127.0.0.1", 9)))
attempt("processes", bomb)
"""


def graded_notebook() -> dict:
    """A child as the grader starts one (read_paths from python_read_paths, default limits)."""
    paths = sandbox.python_read_paths(extra=[ROOT / "shengji_edu", ROOT])
    with Sandbox(["w.py"], files={"w.py": WORKER}, read_paths=paths) as box:
        result = exec_in(box, GRADED)
        result["restrictions"] = box.restrictions
        return result


SCENARIOS = {"collusion": collusion, "graded_notebook": graded_notebook}


def check_collusion(outcome: dict) -> None:
    assert outcome["read"] == [] and outcome["heard"] == [], outcome
    assert "udp" not in outcome["made"] and "abstract" not in outcome["made"], outcome
    assert "socketpair" not in outcome["made"], outcome
    assert outcome["restrictions"]["spawn"] is False


def check_graded(outcome: dict) -> None:
    assert outcome["environments"] is None, outcome  # /proc is hidden
    assert outcome["shadow"] is None, outcome
    assert outcome["udp_out"] is None, outcome
    assert outcome["processes"] is not None and outcome["processes"] <= 64, outcome
    assert outcome["uid"] != 0 and outcome["restrictions"]["user"] != "root", outcome


# --- as the user running the tests ------------------------------------------------------------
@linux_seccomp
@pytest.mark.parametrize("restrict_reads", [True, False])
def test_two_bots_that_try_every_channel_hear_nothing(restrict_reads):
    outcome = collusion(restrict_reads)
    check_collusion(outcome)
    if restrict_reads and sandbox.landlock_abi():
        assert set(outcome["made"]) <= {"own_folder"}, outcome  # no /tmp, no /dev/shm


@linux_seccomp
def test_a_graded_notebook_reads_no_secrets_sends_nothing_and_forks_within_its_limit():
    check_graded(graded_notebook())


# --- and as an ordinary user, when the tests run as root -----------------------------------
def as_ordinary_user(scenario: str, tmp_path: Path) -> dict:
    """Run one scenario in a child process of an ordinary user (from root): in a private mount
    namespace where that user is shown this Python (as the sandbox does for its children)."""
    uid, gid = ordinary_user()
    work = tmp_path / "work"
    work.mkdir()
    os.chown(work, uid, gid)
    become = becoming(uid, gid, [str(ROOT), __file__, str(work)])

    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": str(work),
        "TMPDIR": "/tmp",
        "PYTHONPATH": str(ROOT / "tests"),
        "SHENGJI_TEST_INSTRUCTOR": "shengji-test-instructor-token",  # the grader's secret
    }
    done = subprocess.run(
        [sys.executable, __file__, scenario],
        preexec_fn=become,
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


as_root_only = pytest.mark.skipif(not ROOTED, reason="the tests run as an ordinary user already")


@as_root_only
@linux_seccomp
def test_as_an_ordinary_user_two_bots_hear_nothing(tmp_path):
    outcome = as_ordinary_user("collusion", tmp_path)
    check_collusion(outcome)
    assert outcome["restrictions"]["user"] == "the caller's"


@as_root_only
@linux_seccomp
def test_as_an_ordinary_user_a_graded_notebook_reads_no_secrets(tmp_path):
    check_graded(as_ordinary_user("graded_notebook", tmp_path))


# --- root -----------------------------------------------------------------------------------------
@as_root_only
def test_as_root_the_child_runs_as_an_unprivileged_user_or_not_at_all(monkeypatch):
    with Sandbox(["w.py"], files={"w.py": WORKER}) as box:
        assert exec_in(box, "import os; result = [os.getuid(), os.geteuid(), os.getgroups()]")[
            :2
        ] != [0, 0]
        assert "not root" in box.restrictions["user"]
    assert "runs as nobody" in sandbox.describe(box.restrictions) or "runs as " in (
        sandbox.describe(box.restrictions)
    )
    monkeypatch.setenv(sandbox.USER_VARIABLE, "no-such-user-shengji")
    with pytest.raises(SandboxClosed) as refused:
        Sandbox(["w.py"], files={"w.py": WORKER}).start()
    message = refused.value.ending.reason
    assert "refusing to run untrusted code as root" in message
    assert "--allow-root-sandbox" in message and sandbox.ALLOW_ROOT_VARIABLE in message
    with Sandbox(["w.py"], files={"w.py": WORKER}, allow_root=True) as box:  # insisted
        assert exec_in(box, "import os; result = os.getuid()") == 0
        assert "runs as root" in sandbox.describe(box.restrictions)


# --- processes, threads, CPU time -----------------------------------------------------------------
THREADS = r"""
import os, threading, time
result = {}
try:
    os.fork()
    result["fork"] = "worked"
except OSError as error:
    result["fork"] = type(error).__name__
import subprocess, sys
try:
    subprocess.run([sys.executable, "-c", "pass"])
    result["subprocess"] = "worked"
except OSError as error:
    result["subprocess"] = type(error).__name__
def burn():
    while True:
        pass
for _ in range(3):
    threading.Thread(target=burn, daemon=True).start()
result["threads"] = threading.active_count()
"""


@linux_seccomp
def test_a_bot_starts_threads_not_processes_and_nothing_of_it_runs_between_decisions():
    from shengji_edu.tournament.match import Settings, bot_sandbox

    with bot_sandbox(["w.py"], {"w.py": WORKER}, Settings(), 60.0) as box:
        outcome = exec_in(box, THREADS)
        assert outcome == {"fork": "PermissionError", "subprocess": "PermissionError", "threads": 4}
        deadline = time.monotonic() + 10
        while box.cpu_seconds() < 0.3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert box.cpu_seconds() >= 0.3  # its threads burn CPU while it runs …
        assert box.pause()
        time.sleep(0.2)
        stopped = box.cpu_seconds()
        time.sleep(0.5)
        assert box.cpu_seconds() - stopped < 0.05  # … and not at all while it is paused
        box.resume()
        deadline = time.monotonic() + 10
        while box.cpu_seconds() - stopped < 0.1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert box.cpu_seconds() - stopped >= 0.1  # it runs again


@pytest.mark.slow
@linux_seccomp
def test_an_honest_bot_near_its_limit_never_forfeits_beside_a_hog(tmp_path):
    """The hog starts six busy processes at import (refused) and six busy threads (stopped
    between its decisions); the honest bot thinks 0.77 s of CPU on its first plays of each
    hand, with 2 s a move; two workers run the matches side by side."""
    from shengji_edu.tournament import run_tournament

    bots = tmp_path / "bots"
    bots.mkdir()
    for name in ("hog.py", "honest.py"):
        shutil.copy(FIXTURES / "bots_hostile" / name, bots)
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    result = run_tournament(bots, 1, 123456789012345, workers=2, out=tmp_path / "out", chart=False)
    rows = {row["bot"]: row for row in result.standings(rating=False)}
    assert rows["honest"]["forfeits"] == 0, result.forfeits()
    assert rows["random"]["forfeits"] == 0, result.forfeits()


@linux_seccomp
def test_a_bots_processes_that_publish_their_hands_everywhere_hear_nothing(tmp_path):
    """tests/fixtures/bots_hostile/colluder.py, in a real match: each of its processes
    publishes its hand on every channel at its first play and listens; its reports (the
    reasons of its forfeited hands) say what it heard."""
    from shengji_edu.tournament import run_tournament

    bots = tmp_path / "bots"
    bots.mkdir()
    shutil.copy(FIXTURES / "bots_hostile" / "colluder.py", bots)
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    result = run_tournament(bots, 1, 123456789012345, out=tmp_path / "out", chart=False)
    reports = [f["reason"] for f in result.forfeits() if f["bot"] == "colluder"]
    assert len(reports) == 2, reports
    for reason in reports:
        assert "COLLUDE heard=[]" in reason, reason
        opened = reason.split("opened=[", 1)[1].split("]", 1)[0]
        assert set(filter(None, opened.split(","))) <= {"own_folder"}, reason


SLEEPER = """
import time
from shengji_edu.players import GreedyPlayer

class Sleeper(GreedyPlayer):
    def play(self, view):
        if view.tricks:
            time.sleep(30)  # waits: spends no CPU
        return super().play(view)
"""


@linux_seccomp
def test_a_bot_is_judged_on_its_cpu_time_and_one_that_waits_on_the_wall_clock(tmp_path):
    from shengji_edu.tournament import Settings, run_tournament

    bots = tmp_path / "bots"
    bots.mkdir()
    shutil.copy(FIXTURES / "bots" / "looper.py", bots)
    (bots / "sleeper.py").write_text(SLEEPER, encoding="utf-8")
    (bots / "baselines.txt").write_text("random\n", encoding="utf-8")
    settings = Settings(move_time=0.4)
    result = run_tournament(bots, 1, 123456789012345, settings=settings, out=tmp_path / "out")
    reasons = {}
    for forfeit in result.forfeits():
        reasons.setdefault(forfeit["bot"], set()).add(forfeit["reason"])
    assert reasons["looper"] == {"took more than 0.4 s to play"}  # its CPU time
    assert reasons["sleeper"] == {"took more than 2 s of wall-clock time to play"}  # 5 x 0.4
    assert "random" not in reasons


if __name__ == "__main__":  # one scenario, for as_ordinary_user: prints its outcome
    print(json.dumps(SCENARIOS[sys.argv[1]]()))
