"""shengji_edu.sandbox as a package: its modules, the supervisor's standalone import, the
seccomp table, and the process table read two ways (psutil where installed, else /proc).

The supervisor imports its folder's modules at the top level (``sandbox._SUPERVISOR``): they
must load without the ``shengji_edu`` package, from the standard library alone, and no file in
that folder may be named like a standard-library module.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from subreaper import alive_with

from shengji_edu import sandbox
from shengji_edu.sandbox import kernel, processes

FOLDER = Path(sandbox.__file__).resolve().parent
LINUX = sys.platform.startswith("linux")
SUPERVISED = {"supervisor", "kernel", "confinement", "processes"}
"""The modules the supervisor process loads (standard library only)."""


def test_no_module_in_the_sandbox_folder_is_named_like_a_standard_library_one():
    names = {path.stem for path in FOLDER.glob("*.py")} - {"__init__"}
    assert names >= SUPERVISED
    assert not names & set(sys.stdlib_module_names)
    folders = {path.name for path in FOLDER.iterdir() if path.is_dir()}
    assert folders <= {"__pycache__"}  # no package inside either


def test_every_sandbox_module_is_short():
    lengths = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in FOLDER.glob("*.py")}
    assert all(length < 600 for length in lengths.values()), lengths


@pytest.mark.integration
def test_the_supervisor_loads_its_folder_and_the_standard_library_only():
    """Run the supervisor's own start-up line, stopping where it would supervise: what got
    imported, and from where."""
    report = (
        "import json; print(json.dumps({name: getattr(module, '__file__', None) "
        "for name, module in sys.modules.items()}))"
    )
    code = sandbox._SUPERVISOR.replace("sys.exit(supervisor._supervise())", report)
    assert code != sandbox._SUPERVISOR
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(FOLDER / "supervisor.py")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded = json.loads(done.stdout)
    ours = {name for name, file in loaded.items() if file and Path(file).parent == FOLDER}
    assert ours == SUPERVISED
    assert not [name for name in loaded if name.startswith("shengji_edu")]
    others = {name.partition(".")[0] for name in loaded} - ours
    assert others <= set(sys.stdlib_module_names) | {"__main__"}, others


@pytest.mark.integration
@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_the_supervisor_shows_in_the_process_table_under_its_file():
    """tests/tournament looks for left-over supervisors by this command line."""
    with sandbox.Sandbox(["-c", "import sys; sys.stdin.read()"]) as box:
        assert box.supervisor_pid in alive_with(b"sandbox/supervisor.py\0supervise")


def test_the_seccomp_filter_names_its_system_calls():
    for machine, numbers in kernel._SYSCALLS.items():
        assert set(kernel._DENIED) <= set(numbers), machine
        assert len(set(numbers.values())) == len(numbers), machine  # one number per name
        assert {"clone", "clone3", "prlimit64"} <= set(numbers)
    assert set(kernel._NO_PROCESSES) <= set(kernel._SYSCALLS["x86_64"])
    assert all(isinstance(name, str) for name in kernel._DENIED + kernel._NO_PROCESSES)
    if LINUX and os.uname().machine in kernel._MACHINES:
        for spawn in (True, False):
            program = kernel._seccomp_program(spawn=spawn)
            assert program and len(program) % 8 == 0


# --- the process table: psutil or /proc ----------------------------------------------------------
TREE = """
import os, subprocess, sys
sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
quick = subprocess.Popen([sys.executable, "-c", "pass"])
os.waitid(os.P_PID, quick.pid, os.WEXITED | os.WNOWAIT)  # it has ended, is not reaped: a zombie
print(sleeper.pid, quick.pid, flush=True)
sys.stdin.read()
"""


@pytest.mark.integration
@pytest.mark.skipif(not LINUX, reason="compares with /proc")
def test_psutil_and_proc_give_the_same_process_tree():
    psutil = pytest.importorskip("psutil")
    child = subprocess.Popen(
        [sys.executable, "-c", TREE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    sleeper = quick = None
    try:
        sleeper, quick = map(int, child.stdout.readline().split())
        tree = {child.pid, sleeper, quick}
        from_proc = processes._processes_proc()
        from_psutil = processes._processes_psutil(psutil)
        for table in (from_proc, from_psutil):
            assert processes.descendants(child.pid, table) == {sleeper, quick}
            assert table[quick].zombie and not table[sleeper].zombie
            assert table[child.pid].ppid == os.getpid()
        assert {pid: from_proc[pid] for pid in tree} == {pid: from_psutil[pid] for pid in tree}
        if shutil.which("ps"):  # the macOS way, where it can be compared: no sessions
            from_ps = processes._processes_ps()
            assert processes.descendants(child.pid, from_ps) == {sleeper, quick}
            assert {pid: from_ps[pid]._replace(sid=-1) for pid in tree} == {
                pid: from_proc[pid]._replace(sid=-1) for pid in tree
            }
    finally:
        for pid in (sleeper, child.pid):
            with contextlib.suppress(OSError, TypeError):
                os.kill(pid, signal.SIGKILL)
        child.communicate()


@pytest.mark.skipif(not LINUX, reason="the fallback read is /proc")
def test_without_psutil_the_process_table_comes_from_proc(monkeypatch):
    calls = []
    for name in ("_processes_proc", "_processes_psutil", "_processes_ps"):
        real = getattr(processes, name)

        def spy(*args, _real=real, _name=name):
            calls.append(_name)
            return _real(*args)

        monkeypatch.setattr(processes, name, spy)
    with monkeypatch.context() as patch:
        patch.setitem(sys.modules, "psutil", None)  # import psutil raises ImportError
        assert processes._psutil() is None
        table = processes._processes()
        assert calls == ["_processes_proc"]
        assert os.getpid() in table and table[os.getpid()].ppid == os.getppid()
        assert os.getpid() in processes.descendants(os.getppid())
        assert processes.kill_leftovers("no-such-token") == set()
    calls.clear()
    if processes._psutil() is not None:  # installed: it is the one used
        assert os.getpid() in processes._processes()
        assert calls == ["_processes_psutil"]
