"""A runner for the CLI that catches every process the run leaves behind (Linux).

``python -c SUBREAPER_RUNNER ARGS…`` runs ``python -m shengji_edu ARGS…`` as a child
subreaper: orphans of the run (a grader's or a tournament's children that escaped) are
re-parented to it, so after the run it can list and kill them. It prints one JSON line:
the exit code, the elapsed seconds and the command lines of what was left over. Used by the
grader's and the tournament's "no process is left over" tests, with :func:`alive_with`, which
the sandbox's tests use too.
"""

import os
import textwrap

SUBREAPER_RUNNER = textwrap.dedent(
    """
    import ctypes, json, os, signal, subprocess, sys, time
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans of the run come to us
    started = time.monotonic()
    code = subprocess.call([sys.executable, "-m", "shengji_edu", *sys.argv[1:]])
    elapsed = time.monotonic() - started
    time.sleep(0.5)
    left = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as handle:
                    state, ppid = handle.read().rsplit(")", 1)[1].split()[:2]
            except OSError:
                continue
            if int(ppid) == os.getpid() and state == "Z":
                os.waitpid(int(name), 0)  # it has ended (e.g. multiprocessing's tracker)
            elif int(ppid) == os.getpid():
                with open(f"/proc/{name}/cmdline", "rb") as handle:
                    left.append(handle.read().replace(b"\\0", b" ").decode(errors="replace"))
                os.kill(int(name), signal.SIGKILL)
    print(json.dumps({"code": code, "elapsed": elapsed, "left": left}))
    """
)


def alive_with(marker: bytes | str) -> list[int]:
    """Processes whose command line holds ``marker`` (a Linux /proc scan)."""
    needle = marker.encode() if isinstance(marker, str) else marker
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as handle:
                    if needle in handle.read():
                        found.append(int(name))
            except OSError:
                pass
    return found
