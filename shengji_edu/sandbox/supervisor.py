"""The supervisor: the small process between the caller and its sandboxed child.

Started by :class:`~.box.Sandbox` in a new session, it applies the limits while it starts the
child (:func:`.confinement._preexec`), reports the child's pid and what was applied, waits for
the child's end, the wall clock or a kill (the lifeline pipe), then kills every process below
it and in its session (:func:`.processes._kill_below`), removes the child's folder and reports
how it ended: see :func:`_supervise`.

How it starts (:data:`_SUPERVISOR`): ``python -I -S -c _SUPERVISOR <this file> supervise``
appends this folder to ``sys.path`` and imports this module as a *top-level* module, not the
``shengji_edu`` package: Python uses the cached bytecode, and nothing else of the package is
imported. So this module and those it loads (:mod:`.kernel`, :mod:`.confinement`,
:mod:`.processes`) use the standard library only, import each other by their plain names
there (``__package__`` is empty), and no file in this folder is named like a standard-library
module (appended to ``sys.path``, it could not shadow one anyway, but it would be shadowed).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

if __package__:  # shengji_edu.sandbox.supervisor (the caller's side: its path, _tail)
    from . import confinement, kernel, processes
else:  # the supervisor process: this folder's modules are top-level ones
    import confinement
    import kernel
    import processes

_SUPERVISE = "supervise"
_SUPERVISOR = (
    "import os, sys; sys.path.append(os.path.dirname(sys.argv[1])); import supervisor; "
    "sys.exit(supervisor._supervise())"
)
"""How the supervisor starts: this file imported as a module, not run as a script, so Python
uses its cached bytecode instead of compiling the file again at every start (appended to
``sys.path``: nothing in this folder can shadow the standard library). Its path and
``supervise`` stay on the command line, to be seen in the process table."""
_IS_LINUX = sys.platform.startswith("linux")


def _tail(path: str | os.PathLike, size: int = 2000) -> str:
    """The last ``size`` bytes of a file, as text ("" if it cannot be read)."""
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(0, handle.tell() - size))
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _supervise(config: dict | None = None) -> int:
    """Start the child with its limits, wait for its end (or a kill), clean up, report.

    ``config``: given by a fork server (:mod:`.forkserver`), else read from the environment.
    With ``config["fork"]`` the child is not a new program: this process forks, confines the
    copy exactly as it would confine a new program, and the copy calls ``fork["call"]``."""
    import select

    if config is None:
        config = json.loads(os.environ.pop("SHENGJI_SANDBOX_CONFIG"))
    status = os.fdopen(config["status_fd"], "w", buffering=1, encoding="utf-8")
    lifeline = config["lifeline_fd"]
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_IGN)  # we stop when the lifeline says so, not before

    def report(**message) -> None:
        with contextlib.suppress(OSError, ValueError):
            status.write(json.dumps(message) + "\n")

    me = os.getpid()
    session = os.getsid(0)
    libc = None
    restrictions = {"platform": sys.platform, "memory": config.get("memory")}
    if sys.platform == "darwin":
        restrictions["memory"] = None  # macOS accepts RLIMIT_AS and does not enforce it
    ruleset = seccomp = None
    stderr_path = os.path.join(config["cwd"], ".stderr")
    try:
        if os.geteuid() == 0 and not config.get("allow_root"):
            try:
                name, uid, gid = confinement._unprivileged_user(config.get("user") or "nobody")
            except KeyError as error:
                raise PermissionError(confinement.ROOT_REFUSAL.format(why=error.args[0])) from None
            config["drop"] = [uid, gid]
            restrictions["user"] = f"{name} (uid {uid}), not root"
            for folder, dirs, files in os.walk(config["cwd"]):
                for entry in [folder, *[os.path.join(folder, n) for n in dirs + files]]:
                    os.lchown(entry, uid, gid)
        else:
            restrictions["user"] = "root" if os.geteuid() == 0 else "the caller's"
        if _IS_LINUX:
            libc = kernel._libc()
            restrictions["subreaper"] = libc.prctl(kernel._PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            if config.get("restrict", True):
                seccomp = kernel._seccomp_program(spawn=config.get("spawn", True))
                abi = kernel.landlock_abi()
                if abi:
                    ruleset = kernel._landlock_ruleset(
                        libc,
                        abi,
                        config["cwd"],
                        config.get("read_paths"),
                        config.get("list_paths") or (),
                    )
                restrictions.update(
                    seccomp=seccomp is not None,
                    network=seccomp is None,
                    landlock=abi,
                    reads_restricted=bool(abi) and config.get("read_paths") is not None,
                )
                if seccomp is not None:
                    restrictions["spawn"] = bool(config.get("spawn", True))
        more = config.get("processes")  # processes the child may add to its user's
        if more is not None and (os.geteuid() != 0 or config.get("drop")):
            whose = config["drop"][0] if config.get("drop") else os.getuid()
            running = processes._count_threads_of(whose)
            if running is not None:
                config["nproc"] = running + int(more)
        stderr = open(stderr_path, "wb")  # noqa: SIM115
        preexec = confinement._preexec(config, libc, ruleset, seccomp)
        if config.get("fork"):
            child = _Forked(config, stderr.fileno(), preexec)
        else:
            child = subprocess.Popen(
                config["command"],
                stdin=0,
                stdout=1,
                stderr=stderr,
                cwd=config["cwd"],
                env=config["env"],
                close_fds=True,
                preexec_fn=preexec,
            )
        stderr.close()
        if _IS_LINUX:  # what the kernel let the child have (see _preexec's namespaces)
            for kind in ("net", "mnt", "user"):
                with contextlib.suppress(OSError):
                    theirs = os.readlink(f"/proc/{child.pid}/ns/{kind}")
                    restrictions[f"{kind}_namespace"] = theirs != os.readlink(
                        f"/proc/self/ns/{kind}"
                    )
    except BaseException as error:
        said = [line for line in _tail(stderr_path).splitlines() if line.startswith("sandbox:")]
        why = said[-1].removeprefix("sandbox: ") if said else f"{type(error).__name__}: {error}"
        if str(error).startswith("refusing"):
            why = str(error)  # no unprivileged user to run as
        elif config.get("drop") and (
            "namespaces" in why or "unprivileged user" in why or isinstance(error, PermissionError)
        ):  # it could not become that user, or that user cannot run Python here
            user = restrictions["user"].split(" (")[0]
            why = confinement.ROOT_REFUSAL.format(
                why=f"the child could not run as user {user} ({why})"
            )
        report(event="failed", error=why)
        return 1
    finally:
        if ruleset is not None:
            os.close(ruleset)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)  # only the child holds the pipe now: its end shows as end of file
    os.dup2(null, 1)
    report(event="started", pid=child.pid, restrictions=restrictions)

    deadline = time.monotonic() + float(config["wall"])
    waiter = None
    with contextlib.suppress(AttributeError, OSError):
        waiter = os.pidfd_open(child.pid)
    watched = [lifeline] + ([waiter] if waiter is not None else [])
    wall = False
    while child.poll() is None:
        left = deadline - time.monotonic()
        if left <= 0:
            wall = True
            break
        ready, _, _ = select.select(watched, [], [], min(left, 0.05 if waiter is None else 1.0))
        if lifeline in ready:
            with contextlib.suppress(OSError):
                os.read(lifeline, 1)  # "k" or end of file (the caller is gone): either way, end
            break
    if child.poll() is None:  # killed on request or at the wall clock
        # the child alone: what it started is killed (and counted) by the sweep below
        with contextlib.suppress(OSError):
            os.kill(child.pid, signal.SIGKILL)
    returncode = child.wait()  # reaped here, before the sweep below reaps everything else
    killed = processes._kill_below(me, session, child.pid)
    killed.discard(child.pid)
    stderr = _tail(os.path.join(config["cwd"], ".stderr"))
    shutil.rmtree(config["cwd"], ignore_errors=True)  # even if the caller is gone
    import resource

    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    cpu = round(sum(u.ru_utime + u.ru_stime for u in used), 4)  # the child's and ours
    report(
        event="ended",
        returncode=returncode,
        leftovers=len(killed),
        wall=wall,
        stderr=stderr,
        cpu=cpu,
    )
    return 0


class _Forked:
    """The child as a copy of this (warm) process instead of a new program: the same
    confinement as ``subprocess.Popen(..., preexec_fn=...)`` gives, then ``fork["call"]``
    (``"package.module:function"``) instead of ``exec``. Used by :mod:`.forkserver`, whose
    supervisors hold the package's modules already imported and nothing else."""

    def __init__(self, config: dict, stderr: int, preexec) -> None:
        self.returncode: int | None = None
        self.pid = os.fork()
        if self.pid:
            return
        code = 1
        try:  # the child: nothing here may return into the supervisor's code
            os.dup2(stderr, 2)
            os.chdir(config["cwd"])
            preexec()  # (it needs the Landlock ruleset's descriptor: closed just after)
            os.closerange(3, 1 << 16)  # only the pipe (0, 1) and its stderr (2) go along
            os.environ.clear()
            os.environ.update(config["env"])
            sys.dont_write_bytecode = True
            sys.argv = list(config["command"])
            import importlib

            module, _, function = config["fork"]["call"].partition(":")
            code = getattr(importlib.import_module(module), function)()
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except BaseException as error:  # noqa: BLE001 - reported as the child's stderr
            with contextlib.suppress(BaseException):
                os.write(2, f"{type(error).__name__}: {error}\n".encode(errors="replace"))
        finally:
            os._exit(code if isinstance(code, int) else 0)

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self) -> int:
        if self.returncode is None:
            _pid, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode


if __name__ == "__main__" and sys.argv[1:] == [_SUPERVISE]:
    sys.exit(_supervise())
