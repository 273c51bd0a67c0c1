"""shengji_edu.sandbox: untrusted code in a child process, with limits it cannot ignore.

Each test starts a tiny worker (an echo / exec loop on the private channel) and checks one
guarantee: messages go only through the private pipe, the wall clock kills, memory is
limited, the child cannot signal its supervisor, nothing it starts outlives it, what comes
back is bounded, and (where the kernel has Landlock) it writes only in its folder and reads
only what it was given. Linux-only guarantees are skipped elsewhere.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from subreaper import alive_with

from shengji_edu import sandbox
from shengji_edu.sandbox import (
    BadMessage,
    Limits,
    Sandbox,
    SandboxClosed,
    SandboxTimeout,
    capabilities,
    describe,
    landlock_abi,
)

pytestmark = pytest.mark.integration  # starts processes: not in the edit-test loop

ROOT = Path(__file__).resolve().parents[2]
LINUX = sys.platform.startswith("linux")
POSIX = os.name == "posix"
linux_only = pytest.mark.skipif(not LINUX, reason="a Linux guarantee (see sandbox docstring)")
needs_landlock = pytest.mark.skipif(landlock_abi() == 0, reason="this kernel has no Landlock")

WORKER = """
import os, sys
sys.path.insert(0, os.environ["SHENGJI_TEST_ROOT"])
from shengji_edu.sandbox import Channel

channel = Channel.connect()
print("printed text never reaches the parent")
os.write(1, b'{"forged": true}\\n')
for message in channel:
    if message.get("op") == "exec":
        try:
            scope = {}
            exec(message["code"], scope)
            channel.send({"ok": True, "value": repr(scope.get("result"))})
        except BaseException as error:
            channel.send({"error": f"{type(error).__name__}: {error}"})
    else:
        channel.send({"echo": message})
"""


def box(**kwargs) -> Sandbox:
    limits = kwargs.pop("limits", Limits(wall=20))
    env = {"SHENGJI_TEST_ROOT": str(ROOT)}
    return Sandbox(["worker.py"], files={"worker.py": WORKER}, limits=limits, env=env, **kwargs)


def run(child: Sandbox, code: str, timeout: float = 10) -> dict:
    return child.request({"op": "exec", "code": code}, timeout=timeout)


def test_messages_travel_on_the_private_pipe_only():
    with box() as child:
        assert child.request({"op": "hello", "n": 1}, timeout=10) == {
            "echo": {"op": "hello", "n": 1}
        }
        assert run(child, "print('x'); import os; os.write(1, b'{}\\n'); result = 42")["ok"]
        assert child.request({"op": "again"}, timeout=10) == {"echo": {"op": "again"}}
    assert child.ending.reason == "exited" and not child.ending.killed
    assert child.folder is not None and not child.folder.exists()  # the folder is removed


def test_a_silent_child_times_out_but_keeps_running():
    with box() as child:
        child.send({"op": "exec", "code": "import time; time.sleep(1.5); result = 1"})
        with pytest.raises(SandboxTimeout):
            child.receive(timeout=0.2)
        assert child.alive
        assert child.receive(timeout=10)["ok"]


def test_the_wall_clock_kills_a_loop_that_swallows_every_interrupt():
    code = "while True:\n    try:\n        pass\n    except BaseException:\n        pass\n"
    started = time.monotonic()
    with box(limits=Limits(wall=2.0)) as child:
        child.send({"op": "exec", "code": code})
        with pytest.raises(SandboxClosed) as closed:
            child.receive(timeout=30)
    elapsed = time.monotonic() - started
    assert closed.value.ending.reason == "wall clock" and closed.value.ending.killed
    assert elapsed < 6, elapsed


def test_file_names_must_stay_inside_the_folder():
    for name in ["../escape.py", "/etc/passwd", ""]:
        with pytest.raises(ValueError, match="relative"):
            Sandbox(["x.py"], files={name: "x"}).start()


@pytest.mark.skipif(not POSIX, reason="no memory limit on Windows")
@pytest.mark.skipif(sys.platform == "darwin", reason="macOS does not enforce RLIMIT_AS")
def test_memory_is_limited_and_the_limit_cannot_be_raised():
    with box(limits=Limits(wall=20, memory=512 << 20)) as child:
        assert "MemoryError" in run(child, "result = bytearray(2 * 1024**3)")["error"]
        raise_it = "import resource\nresource.setrlimit(resource.RLIMIT_AS, (-1, -1))"
        assert "error" in run(child, raise_it)
        assert "MemoryError" in run(child, "result = bytearray(2 * 1024**3)")["error"]
        assert run(child, "result = len(bytearray(50 * 1024**2))")["ok"]


@linux_only
def test_the_child_cannot_signal_its_supervisor_or_the_caller():
    code = (
        "import os, signal\n"
        "result = []\n"
        f"for pid in [os.getppid(), {os.getpid()}]:  # its supervisor, the caller (us)\n"
        "    try:\n"
        "        os.kill(pid, signal.SIGKILL)\n"
        "    except OSError as error:\n"
        "        result.append(type(error).__name__)\n"
    )
    with box() as child:
        assert child.restrictions.get("seccomp") is True
        assert run(child, code)["value"] == repr(["PermissionError", "PermissionError"])
        assert child.request({"op": "still there?"}, timeout=10)["echo"]
    assert child.ending.reason == "exited"


@linux_only
def test_nothing_the_child_starts_outlives_it():
    marker = f"sandbox-test-survivor-{os.getpid()}"
    sleeper = f"[sys.executable, '-c', 'import time; time.sleep(300)  # {marker}']"
    code = (
        "import os, subprocess, sys\n"
        f"subprocess.Popen({sleeper}, start_new_session=True)\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        os.execv(sys.executable, {sleeper})\n"
        "    os._exit(0)\n"
        f"children = [subprocess.Popen({sleeper}) for _ in range(5)]\n"
        "import time; time.sleep(0.5)\n"
    )
    with box() as child:
        assert run(child, code)["ok"]
        deadline = time.monotonic() + 20  # they run while the child runs (exec may be slow)
        while len(alive_with(marker)) < 7 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(alive_with(marker)) == 7
    assert child.ending.leftovers >= 7
    assert alive_with(marker) == []


@linux_only
def test_killing_the_child_kills_its_descendants_too():
    marker = f"sandbox-test-killed-{os.getpid()}"
    code = (
        "import subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)  # {marker}'],"
        " start_new_session=True)\n"
    )
    with box() as child:
        assert run(child, code)["ok"]
        ending = child.kill("enough")
    assert ending.reason == "enough" and ending.killed and ending.leftovers >= 1
    assert alive_with(marker) == []


def write_everywhere(data: str) -> str:
    """Code that writes ``data`` to every file descriptor (the private pipe among them)."""
    return (
        "import os\n"
        "for fd in range(3, 30):\n"
        "    try:\n"
        f"        os.write(fd, {data})\n"
        "    except OSError:\n"
        "        pass\n"
    )


def test_a_message_too_large_is_refused_and_the_child_killed():
    code = write_everywhere("b'[' * 3000000")
    with box(limits=Limits(wall=20, message_bytes=1 << 20)) as child:
        child.send({"op": "exec", "code": code})
        with pytest.raises((BadMessage, SandboxClosed)):
            for _ in range(5):
                child.receive(timeout=10)
    assert child.ending is not None and child.ending.killed


def test_garbage_on_the_channel_is_a_bad_message():
    code = write_everywhere("b'not json\\n'")
    with box() as child:
        child.send({"op": "exec", "code": code})
        with pytest.raises(BadMessage):
            for _ in range(5):
                child.receive(timeout=10)


def test_a_child_that_exits_is_closed_with_its_exit_code():
    with box() as child:
        child.send({"op": "exec", "code": "import os; os._exit(7)"})
        with pytest.raises(SandboxClosed) as closed:
            child.receive(timeout=10)
    assert closed.value.ending.returncode == 7 and closed.value.ending.reason == "exited"


@linux_only
@needs_landlock
def test_writes_only_in_its_folder(tmp_path):
    outside = tmp_path / "outside.txt"
    with box() as child:
        assert run(
            child, "open('inside.txt', 'w').write('ok'); result = open('inside.txt').read()"
        )["ok"]
        # refused by Landlock, or not even there: /tmp is an empty folder of its own where the
        # kernel gives it a mount namespace
        refused = ("PermissionError", "FileNotFoundError")
        error = run(child, f"open({str(outside)!r}, 'w').write('x')")["error"]
        assert error.startswith(refused), error
        error = run(child, "open('/tmp/sandbox-test-outside', 'w')")["error"]
        assert error.startswith(refused), error
    assert not outside.exists()


@linux_only
@needs_landlock
def test_reads_only_what_it_was_given(tmp_path):
    secret = tmp_path / "other_student.ipynb"
    secret.write_text("alice's answers", encoding="utf-8")
    paths = sandbox.python_read_paths(extra=[ROOT / "shengji_edu", ROOT], exclude=[tmp_path])
    with box(read_paths=paths) as child:
        assert child.restrictions.get("reads_restricted") is True
        error = run(child, f"result = open({str(secret)!r}).read()")["error"]
        assert error.startswith(("PermissionError", "FileNotFoundError")), error
        assert run(child, "import json, shengji_edu; result = 1")["ok"]  # Python still works


@linux_only
@needs_landlock
def test_a_folder_carved_out_of_the_read_paths_can_be_listed_not_read():
    """What the grader does when the package (and its answers) sits in a site-packages folder
    the child must read: the folder's other modules import, the package's files do not read."""
    import shutil
    import tempfile

    top = Path(tempfile.mkdtemp(prefix=".hide-beneath-", dir=ROOT))  # not in /tmp: shown
    try:
        site = top / "site-packages"
        (site / "answers").mkdir(parents=True)
        secret = site / "answers" / "solutions.py"
        secret.write_text("ANSWER = 42\n", encoding="utf-8")
        (site / "helper.py").write_text("VALUE = 7\n", encoding="utf-8")
        for folder in (top, site, site / "answers"):
            folder.chmod(0o755)  # an unprivileged child user must be able to enter them
        paths = sandbox.python_read_paths(extra=[ROOT / "shengji_edu", ROOT, top])
        reads, lists = sandbox.hide_beneath(paths, site / "answers")
        assert str(site / "helper.py") in reads and str(site) in lists
        assert not any(str(site / "answers") in path for path in reads)
        with box(read_paths=reads, list_paths=lists) as child:
            listed = f"import os; result = sorted(os.listdir({str(site)!r}))"
            assert run(child, listed)["value"] == repr(["answers", "helper.py"])
            imported = f"import sys; sys.path.insert(0, {str(site)!r}); import helper"
            imported += "; result = helper.VALUE"
            assert run(child, imported)["value"] == "7"
            error = run(child, f"result = open({str(secret)!r}).read()")["error"]
            assert error.startswith("PermissionError"), error
            error = run(child, "import answers.solutions")["error"]
            assert error.startswith(("PermissionError", "ModuleNotFoundError")), error
    finally:
        shutil.rmtree(top)


def test_capabilities_and_description_are_plain_words():
    caps = capabilities()
    assert {"platform", "memory", "seccomp", "landlock"} <= set(caps)
    text = describe({"memory": 1 << 30, "seccomp": True, "landlock": 4, "subreaper": True})
    assert "1024 MB" in text and "seccomp" in text and "no TCP" in text
    assert "no memory limit" in describe({})


@linux_only
def test_without_seccomp_a_child_that_kills_its_supervisor_still_ends_with_all_it_started():
    """Where seccomp is missing (or refused), the caller still stays in control."""
    marker = f"sandbox-test-orphan-{os.getpid()}"
    code = (
        "import os, signal, subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)  # {marker}'])\n"
        "os.kill(os.getppid(), signal.SIGKILL)\n"
        "import time; time.sleep(300)\n"
    )
    # as root the child runs as another user and could not signal its supervisor: insist
    with box(restrict=False, allow_root=True) as child:
        assert not child.restrictions.get("seccomp")
        child.send({"op": "exec", "code": code})
        with pytest.raises(SandboxClosed):
            child.receive(timeout=20)  # the supervisor died: the child dies with it
    assert "no seccomp" in describe(child.restrictions)
    deadline = time.monotonic() + 10
    while alive_with(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert alive_with(marker) == []  # found by the sandbox's token and killed


def test_warm_bytecode_writes_the_cache_children_cannot_write(tmp_path, monkeypatch):
    """A module without its .pyc is imported once in a plain child (which writes the cache of
    it and of what it imports); once the cache is there, or where bytecode may not be
    written, nothing runs."""
    import importlib.util

    package = tmp_path / "warmpkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "leaf.py").write_text("from . import helper\n", encoding="utf-8")
    (package / "helper.py").write_text("VALUE = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    cached = [
        Path(importlib.util.cache_from_source(str(package / f"{n}.py"))) for n in ("leaf", "helper")
    ]
    assert not any(path.exists() for path in cached)
    assert not sandbox._has_bytecode("warmpkg.leaf")
    assert sandbox._has_bytecode("warmpkg.missing")  # nothing to warm
    decoy = tmp_path / "cwd" / "warmpkg"  # the working folder (say, submissions) is not read
    decoy.mkdir(parents=True)
    (decoy / "__init__.py").write_text("open('decoy-ran', 'w').close()\n", encoding="utf-8")
    monkeypatch.chdir(decoy.parent)
    assert sandbox.warm_bytecode(["warmpkg.leaf"]) is True
    assert not (decoy.parent / "decoy-ran").exists()
    assert all(path.exists() for path in cached)  # what it imports is cached too
    assert sandbox._has_bytecode("warmpkg.leaf")
    assert sandbox.warm_bytecode(["warmpkg.leaf"]) is False  # up to date: no child
    with pytest.raises(ValueError):
        sandbox.warm_bytecode(["os; print(1)"])
    (package / "fresh.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # PYTHONDONTWRITEBYTECODE, -B
    assert sandbox.warm_bytecode(["warmpkg.fresh"]) is False
    assert not sandbox._has_bytecode("warmpkg.fresh")
