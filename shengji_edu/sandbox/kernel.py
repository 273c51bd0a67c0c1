"""The Linux kernel's means of confinement, and what this machine has of them.

``libc`` calls through ctypes (``prctl``, ``syscall``, ``mount``, ``unshare``); the seccomp
filter (system calls named per architecture in ``_SYSCALLS``, denied by name in ``_DENIED``);
the Landlock ruleset; and, for people, what a sandbox can apply here (:func:`capabilities`)
and what one applied (:func:`describe`).

Loaded by the supervisor as a top-level module: standard library only, and no import of this
package.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

_IS_LINUX = sys.platform.startswith("linux")
_IS_WINDOWS = os.name == "nt"

_LANDLOCK_CREATE_RULESET, _LANDLOCK_ADD_RULE, _LANDLOCK_RESTRICT_SELF = 444, 445, 446
_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_CHILD_SUBREAPER = 36
_SECCOMP_MODE_FILTER = 2


# --- libc -------------------------------------------------------------------------------------
def _libc():
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    ulong = ctypes.c_ulong
    libc.prctl.argtypes = [ctypes.c_int, ulong, ulong, ulong, ulong]  # variadic: be exact
    libc.prctl.restype = ctypes.c_int
    text = ctypes.c_char_p
    libc.mount.argtypes = [text, text, text, ulong, text]
    libc.unshare.argtypes = [ctypes.c_int]
    libc.umount2.argtypes = [text, ctypes.c_int]
    return libc


def _syscall(libc, number: int, *args) -> int:
    """``syscall(number, args…)`` with plain ints passed as C longs (never half a register)."""
    import ctypes

    converted = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    return int(libc.syscall(ctypes.c_long(number), *converted))


def landlock_abi() -> int:
    """The Landlock ABI version of this kernel (0: none)."""
    if not _IS_LINUX:
        return 0
    try:
        import ctypes

        version = _syscall(_libc(), _LANDLOCK_CREATE_RULESET, ctypes.c_void_p(None), 0, 1)
    except (OSError, AttributeError):
        return 0
    return max(0, int(version))


# --- seccomp ----------------------------------------------------------------------------------
# System call numbers by name, per architecture (from the kernel's syscall tables).
_SYSCALLS = {
    "x86_64": {
        "kill": 62, "tkill": 200, "tgkill": 234, "rt_sigqueueinfo": 129,
        "rt_tgsigqueueinfo": 297, "pidfd_send_signal": 424, "pidfd_getfd": 438,
        "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311,
        "setrlimit": 160, "prlimit64": 302,
        "mount": 165, "umount2": 166, "pivot_root": 155, "open_tree": 428, "move_mount": 429,
        "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
        "reboot": 169, "init_module": 175, "finit_module": 313, "delete_module": 176,
        "kexec_load": 246, "kexec_file_load": 320, "unshare": 272, "setns": 308, "bpf": 321,
        "perf_event_open": 298, "name_to_handle_at": 303, "open_by_handle_at": 304,
        "socket": 41, "socketpair": 53,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "fork": 57, "vfork": 58, "clone": 56, "clone3": 435,
    },
    "aarch64": {
        "kill": 129, "tkill": 130, "tgkill": 131, "rt_sigqueueinfo": 138,
        "rt_tgsigqueueinfo": 240, "pidfd_send_signal": 424, "pidfd_getfd": 438,
        "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271,
        "setrlimit": 164, "prlimit64": 261,
        "mount": 40, "umount2": 39, "pivot_root": 41, "open_tree": 428, "move_mount": 429,
        "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
        "reboot": 142, "init_module": 105, "finit_module": 273, "delete_module": 106,
        "kexec_load": 104, "kexec_file_load": 294, "unshare": 97, "setns": 268, "bpf": 280,
        "perf_event_open": 241, "name_to_handle_at": 264, "open_by_handle_at": 265,
        "socket": 198, "socketpair": 199,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "clone": 220, "clone3": 435,  # no fork or vfork on arm64: glibc uses clone
    },
}  # fmt: skip
_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_MACHINES = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}

_DENIED = (
    # signalling or tracing another process (the supervisor, the caller, other sandboxes)
    "kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_send_signal",
    "pidfd_getfd", "ptrace", "process_vm_readv", "process_vm_writev",
    # raising limits (prlimit64 may only read them: see below)
    "setrlimit",
    # mounts, modules, the kernel, namespaces, file handles
    "mount", "umount2", "pivot_root", "open_tree", "move_mount", "fsopen", "fsconfig",
    "fsmount", "fspick", "reboot", "init_module", "finit_module", "delete_module",
    "kexec_load", "kexec_file_load", "unshare", "setns", "bpf", "perf_event_open",
    "name_to_handle_at", "open_by_handle_at",
    # every network: no socket of any family (the parent's channel is inherited pipes), and
    # io_uring, which can open sockets without the socket call
    "socket", "socketpair", "io_uring_setup", "io_uring_enter", "io_uring_register",
)  # fmt: skip
"""What a sandboxed child may never call (EPERM)."""
_NO_PROCESSES = ("fork", "vfork")
"""Denied too when the child may not start processes (``Limits.spawn`` False); ``clone`` is
then allowed only for threads (``CLONE_THREAD``), and ``clone3`` says ENOSYS (glibc then
falls back to ``clone`` for threads)."""
_CLONE_THREAD = 0x00010000


def _seccomp_program(spawn: bool = True) -> bytes | None:
    """A classic-BPF seccomp filter (as bytes): ``_DENIED`` calls fail with EPERM (and, when
    ``spawn`` is False, every way to start a process: threads only)."""
    if not _IS_LINUX:
        return None
    machine = _MACHINES.get(os.uname().machine.lower())
    if machine is None:
        return None
    numbers = _SYSCALLS[machine]
    import errno
    import struct

    load, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    allow, deny = 0x7FFF0000, 0x00050000 | errno.EPERM
    nosys = 0x00050000 | errno.ENOSYS
    denied = [numbers[name] for name in _DENIED if name in numbers]
    if not spawn:
        denied += [numbers[name] for name in _NO_PROCESSES if name in numbers]
    program: list[tuple[int, object, object, int]] = [(load, 0, 0, 4)]  # A = arch
    program.append((jeq, "next", "deny", _AUDIT_ARCH[machine]))
    program.append((load, 0, 0, 0))  # A = syscall number
    if machine == "x86_64":
        program.append((jge, "deny", "next", 0x40000000))  # the x32 ABI: not for us
    for number in denied:
        program.append((jeq, "deny", "next", number))
    if not spawn:
        program.append((jeq, "nosys", "next", numbers["clone3"]))
        program.append((jeq, "clone", "next", numbers["clone"]))
    program.append((jeq, "next", "allow", numbers["prlimit64"]))
    program.append((load, 0, 0, 32))  # prlimit64(pid, resource, new, old): new, low word
    program.append((jeq, "next", "deny", 0))
    program.append((load, 0, 0, 36))  # new, high word: a NULL pointer only reads the limit
    program.append((jeq, "allow", "deny", 0))
    labels = {"clone": len(program)}
    program.append((load, 0, 0, 16))  # clone(flags, …): flags, low word
    program.append((jset, "allow", "deny", _CLONE_THREAD))  # a thread, not a process
    labels.update(allow=len(program), deny=len(program) + 1, nosys=len(program) + 2)
    program += [(ret, 0, 0, allow), (ret, 0, 0, deny), (ret, 0, 0, nosys)]

    def offset(target: object, index: int) -> int:
        return 0 if target in ("next", 0) else labels[target] - index - 1

    return b"".join(
        struct.pack("HBBI", code, offset(jt, i), offset(jf, i), k)
        for i, (code, jt, jf, k) in enumerate(program)
    )


# --- Landlock ---------------------------------------------------------------------------------
def _landlock_ruleset(
    libc, abi: int, folder: str, read_paths: Sequence[str] | None, list_paths: Sequence[str] = ()
):
    """A Landlock ruleset fd: writes only in ``folder`` (and /dev/null), reads as asked
    (``list_paths``: folders whose entries may be listed, not read)."""
    import ctypes

    class RulesetAttr(ctypes.Structure):
        _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed", ctypes.c_uint64), ("fd", ctypes.c_int32)]

    execute, write, read_file, read_dir = 1 << 0, 1 << 1, 1 << 2, 1 << 3
    change = sum(1 << bit for bit in range(4, 13))  # remove and make files, dirs, links …
    if abi >= 2:
        change |= 1 << 13  # REFER: move or link files between folders
    truncate = 1 << 14 if abi >= 3 else 0
    reads = execute | read_file | read_dir if read_paths is not None else 0
    handled = write | change | truncate | reads
    attr = RulesetAttr(handled, 0, 0)
    size = 8
    if abi >= 4:
        attr.net, size = 0b11, 16  # BIND_TCP | CONNECT_TCP, with no rule allowing any port
    if abi >= 6:
        attr.scoped, size = 0b11, 24  # abstract unix sockets and signals stay inside
    ruleset = _syscall(libc, _LANDLOCK_CREATE_RULESET, ctypes.byref(attr), size, 0)
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")

    def allow(path: str, access: int) -> None:
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            return  # a path that does not exist needs no rule
        try:
            if not os.path.isdir(path):
                access &= execute | write | read_file | truncate  # what a file rule may hold
            rule = PathBeneath(access & handled, fd)
            if _syscall(libc, _LANDLOCK_ADD_RULE, ruleset, 1, ctypes.byref(rule), 0) != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
        finally:
            os.close(fd)

    allow(folder, handled)
    allow(os.devnull, write | read_file | truncate)
    if reads:
        for path in read_paths or ():
            allow(path, reads)
        for path in list_paths:
            allow(path, read_dir)
    return ruleset


# --- what this machine can apply, in words ----------------------------------------------------
def capabilities() -> dict:
    """What a sandbox can enforce on this machine (shown by ``shengji grade``)."""
    if _IS_WINDOWS:
        return {"platform": "windows", "memory": False, "seccomp": False, "landlock": 0}
    return {
        "platform": sys.platform,
        "memory": sys.platform != "darwin",
        "seccomp": _seccomp_program() is not None,
        "landlock": landlock_abi(),
        "subreaper": _IS_LINUX,
    }


def describe(restrictions: Mapping) -> str:
    """One line for people: what the sandbox applied (from ``Sandbox.restrictions``)."""
    parts = []
    user = restrictions.get("user")
    if user and user != "the caller's":
        parts.append(f"runs as {user}" if user != "root" else "runs as root (insisted)")
    memory = restrictions.get("memory")
    parts.append(f"memory limit {memory >> 20} MB" if memory else "no memory limit")
    if restrictions.get("seccomp"):
        parts.append("cannot signal or trace other processes (seccomp)")
        walls = "seccomp, network namespace" if restrictions.get("net_namespace") else "seccomp"
        parts.append(f"no network of any kind, no sockets ({walls})")
        if restrictions.get("mnt_namespace"):
            parts.append("/tmp and /dev/shm of its own, no /proc (mount namespace)")
        if restrictions.get("spawn") is False:
            parts.append("cannot start processes (seccomp)")
    else:
        parts.append("can signal other processes of its user (no seccomp)")
        parts.append("network not restricted (no seccomp)")
    abi = restrictions.get("landlock") or 0
    if abi:
        writes = "writes only in its folder"
        reads = ", reads only Python's files" if restrictions.get("reads_restricted") else ""
        net = ", no TCP" if abi >= 4 else ""
        parts.append(f"{writes}{reads}{net} (Landlock ABI {abi})")
    else:
        parts.append("file writes not restricted (no Landlock)")
    if restrictions.get("subreaper"):
        parts.append("no process outlives it (subreaper)")
    return "; ".join(parts)
