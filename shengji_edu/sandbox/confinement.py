"""Confining the child between ``fork`` and ``exec``: its user, its view of the files, its limits.

As root, the child runs as an unprivileged user (:func:`_unprivileged_user`, or the refusal
:data:`ROOT_REFUSAL`), shown the Python it must run through a private mount namespace
(:func:`_uncover`); ``/tmp``, ``/var/tmp``, ``/dev/shm`` and ``/proc`` are covered with empty
folders of its own (:func:`_hide_scratch`); :func:`_preexec` applies all of it, in order, with
the resource limits, seccomp and Landlock (:mod:`.kernel`).

Loaded by the supervisor as a top-level module: standard library only, nothing through the
``shengji_edu`` package; its sibling :mod:`.kernel` is imported relatively in the package and
by its plain name in the supervisor (see :mod:`.supervisor`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Sequence

if __package__:  # shengji_edu.sandbox.confinement
    from . import kernel
else:  # in the supervisor: this folder's modules are top-level ones (see supervisor.py)
    import kernel

# --- running as root --------------------------------------------------------------------------
ALLOW_ROOT_VARIABLE = "SHENGJI_ALLOW_ROOT_SANDBOX"
"""Set to 1 to let a sandbox started as root run its child as root (not recommended)."""
USER_VARIABLE = "SHENGJI_SANDBOX_USER"
"""The unprivileged user a sandbox started as root runs its child as (default ``nobody``)."""
ROOT_REFUSAL = (
    "refusing to run untrusted code as root: {why}. Run as an ordinary user, set "
    f"{USER_VARIABLE} to a user who can read Python and its packages, or insist with "
    f"{ALLOW_ROOT_VARIABLE}=1 (--allow-root-sandbox)"
)


def _unprivileged_user(spec: str) -> tuple[str, int, int]:
    """(name, uid, gid) of ``spec``, a user name or number; KeyError if there is none."""
    import pwd

    try:
        entry = pwd.getpwuid(int(spec)) if spec.isdigit() else pwd.getpwnam(spec)
    except (KeyError, ValueError):
        raise KeyError(f"there is no user {spec!r}") from None
    if entry.pw_uid == 0:
        raise KeyError(f"{spec!r} is root")
    return entry.pw_name, entry.pw_uid, entry.pw_gid


def _searchable(path: str, uid: int, gid: int) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return True  # nothing there to reach
    if st.st_uid == uid:
        return bool(st.st_mode & 0o100)
    if st.st_gid == gid:
        return bool(st.st_mode & 0o010)
    return bool(st.st_mode & 0o001)


def _blocked(paths: Sequence[str], uid: int, gid: int) -> dict[str, set[str]]:
    """Folders that keep ``uid`` from reaching ``paths`` → the entries below them it needs."""
    blocked: dict[str, set[str]] = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        parts = os.path.realpath(path).split(os.sep)[1:]
        current = os.sep
        for part in parts:
            if not part:
                continue
            if not _searchable(current, uid, gid):
                blocked.setdefault(current, set()).add(part)
                break
            current = os.path.join(current, part)
    return blocked


# --- mounts -----------------------------------------------------------------------------------
_CLONE_NEWNS, _CLONE_NEWUSER, _CLONE_NEWNET = 0x00020000, 0x10000000, 0x40000000
_MS_NOSUID, _MS_NODEV, _MS_BIND, _MS_MOVE = 2, 4, 0x1000, 0x2000
_MS_REC, _MS_PRIVATE = 0x4000, 1 << 18


def _mount(libc, source, target, fstype, flags, data=None) -> None:
    import ctypes

    encode = lambda text: None if text is None else os.fsencode(text)  # noqa: E731
    if libc.mount(encode(source), encode(target), encode(fstype), flags, encode(data)):
        error = ctypes.get_errno()
        raise OSError(error, f"mount {source} on {target}: {os.strerror(error)}")


def _cover(libc, folder: str, keep: Sequence[str], mode: str = "755") -> None:
    """Cover ``folder`` with an empty tmpfs, then bind ``keep`` (paths below it) back in at
    the same places (found again through descriptors opened before the cover)."""
    held = []
    try:
        for path in keep:
            held.append((path, os.open(path, os.O_PATH | os.O_CLOEXEC), os.path.isdir(path)))
        _mount(libc, "tmpfs", folder, "tmpfs", _MS_NOSUID | _MS_NODEV, f"mode={mode},size=64k")
        for path, fd, is_dir in sorted(held):
            below = os.path.relpath(path, folder).split(os.sep)
            parent = folder
            for part in below[:-1]:
                parent = os.path.join(parent, part)
                if not os.path.isdir(parent):
                    os.mkdir(parent, 0o755)
            if is_dir:
                os.makedirs(path, 0o755, exist_ok=True)
            elif not os.path.exists(path):
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            _mount(libc, f"/proc/self/fd/{fd}", path, None, _MS_BIND | _MS_REC)
    except OSError:
        libc.umount2(os.fsencode(folder), 2)  # MNT_DETACH: as it was (if it was covered)
        raise
    finally:
        for _path, fd, _is_dir in held:
            os.close(fd)


SCRATCH = ("/tmp", "/var/tmp", "/dev/shm")
"""Folders every process may write: a child's are empty and its own (mount namespace)."""


def _hide_scratch(libc, keep: Sequence[str]) -> list[str]:
    """Cover the shared scratch folders with empty ones, keeping the paths in ``keep`` that
    lie below them (the child's own folder; a Python installed there); the folders hidden."""
    hidden = []
    for folder in dict.fromkeys(os.path.realpath(f) for f in SCRATCH):
        if folder == os.sep or not os.path.isdir(folder) or os.path.islink(folder):
            continue
        below = sorted(
            os.path.realpath(p)
            for p in keep
            if os.path.exists(p) and os.path.realpath(p).startswith(folder + os.sep)
        )
        outermost = [p for p in below if not any(p.startswith(q + os.sep) for q in below)]
        _cover(libc, folder, list(dict.fromkeys(outermost)), mode="1777")
        hidden.append(folder)
    return hidden


def _uncover(libc, paths: Sequence[str], uid: int, gid: int) -> None:
    """In a private mount namespace (already entered), make ``paths`` reachable for ``uid``:
    a folder it may not enter (say, /root holding the Python it must run) is covered with an
    empty tmpfs into which only the entries it needs are bound again (the rest of it stays
    hidden). The files themselves keep their owners and modes."""
    _mount(libc, None, "/", None, _MS_REC | _MS_PRIVATE)
    for _round in range(8):
        blocked = _blocked(paths, uid, gid)
        if not blocked:
            return
        for folder, names in sorted(blocked.items()):
            _cover(libc, folder, [os.path.join(folder, name) for name in sorted(names)])
    raise OSError(f"cannot make {sorted(_blocked(paths, uid, gid))} reachable")


# --- between fork and exec --------------------------------------------------------------------
def _preexec(config: dict, libc, ruleset: int | None, seccomp: bytes | None):
    """Runs in the child between fork and exec: its own group, limits, namespaces, its user,
    restrictions (in that order: a change of user clears PDEATHSIG, seccomp forbids mounts)."""
    import resource

    def step(name: str, action) -> None:
        try:
            action()
        except BaseException as error:
            os.write(2, f"sandbox: could not apply {name}: {error}\n".encode())
            raise

    limits = []
    for name, value in (
        ("RLIMIT_AS", config.get("memory")),
        ("RLIMIT_CPU", config.get("cpu") and int(config["cpu"] + 0.999)),
        ("RLIMIT_FSIZE", config.get("file_size")),
        ("RLIMIT_NOFILE", config.get("open_files")),
        ("RLIMIT_NPROC", config.get("nproc")),
        ("RLIMIT_CORE", 0),
    ):
        if value is not None and hasattr(resource, name):
            limits.append((getattr(resource, name), int(value)))
    drop = config.get("drop")  # [uid, gid] when started as root

    def set_limits() -> None:
        for which, value in limits:
            _soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            try:
                resource.setrlimit(which, (value, value))
            except (ValueError, OSError):
                if which != getattr(resource, "RLIMIT_AS", None) or sys.platform != "darwin":
                    raise

    def prctl(option: int, value: int) -> None:
        import ctypes

        if libc.prctl(option, value, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), f"prctl({option})")

    def hide_proc() -> None:
        """An empty /proc (last: the binds above go through /proc/self/fd), unless asked."""
        if config.get("hide_proc", True) and os.path.isdir("/proc/self"):
            _cover(libc, "/proc", [])

    def namespaces() -> None:
        """No network at all (a network namespace: not even loopback) and empty scratch
        folders of its own (a mount namespace), where the kernel lets us have them: seccomp's
        ban on sockets and Landlock are the guarantees, these are a second wall. As root, the
        mount namespace also shows the unprivileged user the Python it must run."""
        restrict = config.get("restrict", True)
        reach = config.get("reach") or []
        keep = [config["cwd"], *reach]
        if drop:
            blocked = _blocked(reach, drop[0], drop[1])
            private = libc.unshare(_CLONE_NEWNS) == 0
            if blocked and not private:
                raise OSError("no private mount namespace to show it Python (unshare)")
            if private:
                _uncover(libc, reach, drop[0], drop[1])
            if private and restrict:
                with contextlib.suppress(OSError):
                    _hide_scratch(libc, keep)
                    hide_proc()
            if restrict:
                libc.unshare(_CLONE_NEWNET)  # may be refused: then seccomp alone
        elif restrict and os.geteuid() == 0:  # root, insisted
            if libc.unshare(_CLONE_NEWNS | _CLONE_NEWNET) == 0:
                with contextlib.suppress(OSError):
                    _mount(libc, None, "/", None, _MS_REC | _MS_PRIVATE)
                    _hide_scratch(libc, keep)
                    hide_proc()
        elif restrict:  # an ordinary user, where the kernel lets it have namespaces
            uid, gid = os.getuid(), os.getgid()
            if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWNET) == 0:
                with contextlib.suppress(OSError):
                    for name, text in (
                        ("setgroups", "deny"),
                        ("uid_map", f"{uid} {uid} 1"),
                        ("gid_map", f"{gid} {gid} 1"),
                    ):
                        with open(f"/proc/self/{name}", "w") as handle:
                            handle.write(text)
                    _mount(libc, None, "/", None, _MS_REC | _MS_PRIVATE)
                    _hide_scratch(libc, keep)
                    hide_proc()
        os.chdir(config["cwd"])  # its folder as the mount namespace shows it

    def become_user() -> None:
        uid, gid = drop
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
        if os.geteuid() == 0 or os.getuid() == 0:
            raise OSError("still root")

    def landlock() -> None:
        import ctypes

        if kernel._syscall(libc, kernel._LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")

    def filter_calls() -> None:
        import ctypes

        class Program(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

        buffer = ctypes.create_string_buffer(seccomp, len(seccomp))
        program = Program(len(seccomp) // 8, ctypes.cast(buffer, ctypes.c_void_p))
        if libc.prctl(
            kernel._PR_SET_SECCOMP, kernel._SECCOMP_MODE_FILTER, ctypes.addressof(program), 0, 0
        ):
            raise OSError(ctypes.get_errno(), "seccomp filter refused")

    def run() -> None:
        step("its own process group", lambda: os.setpgid(0, 0))
        step("the resource limits", set_limits)
        if libc is not None:
            step("namespaces", namespaces)
        if drop:
            step("an unprivileged user", become_user)
        if libc is not None:
            step("PR_SET_PDEATHSIG", lambda: prctl(kernel._PR_SET_PDEATHSIG, signal.SIGKILL))
            step("PR_SET_NO_NEW_PRIVS", lambda: prctl(kernel._PR_SET_NO_NEW_PRIVS, 1))
            if ruleset is not None:
                step("Landlock", landlock)
            if seccomp is not None:
                step("seccomp", filter_calls)

    return run
