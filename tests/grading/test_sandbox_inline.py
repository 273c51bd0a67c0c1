"""shengji_edu.sandbox with ``inline=True`` (the tournament's way: no reader or writer
thread): the same messages and the same limits as with threads, and sending still never
blocks, even to a child that reads nothing."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from shengji_edu.sandbox import BadMessage, Limits, Sandbox, SandboxClosed, SandboxTimeout

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(os.name != "posix", reason="inline is POSIX only (threads elsewhere)"),
]

ROOT = Path(__file__).resolve().parents[2]
WORKER = """
import os, sys
sys.path.insert(0, os.environ["SHENGJI_TEST_ROOT"])
from shengji_edu.sandbox import Channel

channel = Channel.connect()
for message in channel:
    if message.get("op") == "exec":
        scope = {"channel": channel}
        exec(message["code"], scope)
        channel.send({"ok": True, "value": repr(scope.get("result"))})
    else:
        channel.send({"echo": message})
"""


def box(limits: Limits | None = None) -> Sandbox:
    env = {"SHENGJI_TEST_ROOT": str(ROOT)}
    return Sandbox(
        ["worker.py"],
        files={"worker.py": WORKER},
        limits=limits or Limits(wall=20),
        env=env,
        inline=True,
    )


def run(child: Sandbox, code: str) -> None:
    child.send({"op": "exec", "code": code})


def test_inline_is_used_and_messages_come_in_order():
    with box() as child:
        assert child.inline and len(child._threads) == 1  # the status reader only
        for n in range(50):
            child.send({"op": "n", "n": n})
        assert [child.receive(timeout=10)["echo"]["n"] for _ in range(50)] == list(range(50))
        run(child, "channel.send({'first': 1}); channel.send({'second': 2})")
        assert child.receive(timeout=10) == {"first": 1}
        assert child.receive(timeout=10) == {"second": 2}
        assert child.receive(timeout=10)["ok"]
    assert child.ending.reason == "exited" and not child.ending.killed


def test_a_silent_child_times_out_and_answers_later():
    with box() as child:
        run(child, "import time; time.sleep(1.0)")
        with pytest.raises(SandboxTimeout):
            child.receive(timeout=0.2)
        assert child.alive and child.receive(timeout=10)["ok"]


def test_sending_never_blocks_even_to_a_child_that_reads_nothing():
    with box() as child:
        run(child, "import time; time.sleep(30)")
        started = time.monotonic()
        for _ in range(40):  # 40 × 64 KB: far more than a pipe holds
            child.send({"op": "big", "data": "x" * (64 << 10)})
        assert time.monotonic() - started < 5
        child.kill("done")


def test_what_waits_for_the_pipe_reaches_the_child_in_order():
    with box() as child:
        big = "y" * (200 << 10)  # more than the pipe holds: sent while receiving
        child.send({"op": "big", "data": big})
        child.send({"op": "after"})
        assert child.receive(timeout=10)["echo"]["data"] == big
        assert child.receive(timeout=10) == {"echo": {"op": "after"}}


def test_a_message_too_large_is_refused_and_the_child_killed():
    code = (
        "import os\nfd = channel._writer.fileno()\nwhile True:\n    os.write(fd, b'[' * 100000)\n"
    )
    with box(Limits(wall=20, message_bytes=1 << 20)) as child:
        run(child, code)
        with pytest.raises((BadMessage, SandboxClosed)):
            for _ in range(5):
                child.receive(timeout=10)
    assert child.ending is not None and child.ending.killed


def test_everything_a_child_may_send_is_bounded():
    code = (
        "import os\nfd = channel._writer.fileno()\n"
        "while True:\n    os.write(fd, b'{}\\n' * 30000)\n"
    )
    with box(Limits(wall=20, output_bytes=1 << 20)) as child:
        run(child, code)
        with pytest.raises(BadMessage, match="bytes in all"):
            while True:
                child.receive(timeout=10)
    assert child.ending is not None and child.ending.killed


def test_garbage_is_a_bad_message_and_an_exit_is_an_ending():
    with box() as child:
        run(child, "import os; os.write(channel._writer.fileno(), b'not json\\n')")
        with pytest.raises(BadMessage):
            child.receive(timeout=10)
    with box() as child:
        run(child, "import os; os._exit(7)")
        with pytest.raises(SandboxClosed) as closed:
            child.receive(timeout=10)
        with pytest.raises(SandboxClosed):  # and so on, every time
            child.receive(timeout=1)
    assert closed.value.ending.returncode == 7 and closed.value.ending.reason == "exited"


def test_the_wall_clock_still_kills():
    started = time.monotonic()
    with box(Limits(wall=2.0)) as child:
        run(child, "while True:\n    pass\n")
        with pytest.raises(SandboxClosed) as closed:
            child.receive(timeout=30)
    assert closed.value.ending.reason == "wall clock" and time.monotonic() - started < 8


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="CPU time is read on Linux")
def test_cpu_time_is_read_from_one_open_file_and_grows():
    with box() as child:
        first = child.cpu_seconds()
        run(child, "x = 0\nfor i in range(3_000_000):\n    x += i\n")
        child.receive(timeout=20)
        assert child._stat_fd is not None and child.cpu_seconds() > first
    assert child._stat_fd is None and child.cpu_seconds() is None


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity here")
def test_run_here_puts_the_child_on_one_of_our_cpus_and_nothing_after_its_end():
    ours = os.sched_getaffinity(0)
    with box() as child:
        assert child.run_here()
        theirs = os.sched_getaffinity(child.pid)
        assert len(theirs) == 1 and theirs <= ours
        assert child.request({"op": "still"}, timeout=10) == {"echo": {"op": "still"}}
    assert not child.run_here()
