"""Run untrusted Python in a child process with limits, and talk to it in JSON messages.

Why this package exists: the grader runs students' notebooks, and the class tournament will run
students' bots. Neither may trust that code: it can loop, eat memory, print fake results,
patch any module it imports, start processes that outlive it, or signal its parent. So the
untrusted code runs in a *child process* that is killed, with everything it started, when its
time is up; it receives and sends only plain data (JSON objects, one per line, on a private
pipe), and the caller judges that data in its own process. This module is standard library
only and knows nothing about Shengji: the grader (:mod:`shengji_edu.grading`) and the
tournament build on it.

Parent side
-----------
::

    from shengji_edu.sandbox import Limits, Sandbox, SandboxClosed, SandboxTimeout

    limits = Limits(wall=30, memory=512 << 20)
    with Sandbox(["-m", "mypackage.bot_runner"], files={"bot.py": source}, limits=limits) as box:
        box.send({"op": "hello"})
        reply = box.receive(timeout=2.0)          # a dict
        reply = box.request({"op": "move", "state": ...}, timeout=1.0)
    print(box.ending)                             # how it ended (Ending)

* ``Sandbox(args, files=..., limits=..., env=..., read_paths=..., list_paths=(),
  restrict=True, allow_root=None, proc=False, program=None)``: ``args``
  follow the Python interpreter (``sys.executable``), or ``program`` (the full path of
  another executable the child's read paths hold, e.g. ``/usr/bin/node``); ``files``
  (name → bytes or text) are written into a fresh temporary folder, the child's working
  directory (also its ``HOME`` and ``TMPDIR``), removed afterwards. The child gets a small
  environment (``PATH``, ``HOME``, ``LANG``, … plus ``env``), not the caller's.
* ``send(message)`` never blocks (a writer thread feeds the pipe; with ``inline=True`` the
  caller's thread writes what the pipe takes and keeps the rest for later: :mod:`.wire`).
  ``receive(timeout)`` returns the next message, or raises :class:`SandboxTimeout`
  (nothing within ``timeout``; the child keeps running: call ``kill`` if that is the end of
  it), :class:`SandboxClosed` (the child ended or was killed; ``.ending`` says how) or
  :class:`BadMessage` (not one JSON object, or longer than ``Limits.message_bytes``: the
  child is killed). ``request`` is ``send`` then ``receive``. ``receive`` never waits past
  the wall-clock limit: at ``Limits.wall`` seconds after the start the child is killed,
  whatever it is doing.
* ``kill(reason)`` and ``close()`` end the child (``close`` first closes its input and waits
  ``grace`` seconds for it to exit by itself) and return an :class:`Ending`: the reason, the
  exit code, how many leftover processes had to be killed, and the end of the child's stderr.
  After either, no process of the child is left (see below).
* ``restrictions`` says what this platform actually applied (memory limit, seccomp, Landlock);
  :func:`describe` turns it into one line for people, and :func:`capabilities` says what a
  sandbox could apply here without starting one.
* ``read_paths``: ``None`` lets the child read any file its user can; a list (start from
  :func:`python_read_paths`, which covers the interpreter and its libraries) lets it read
  only beneath those folders (Landlock), so it cannot read, say, the other submissions (nor
  ``/proc``, ``/tmp`` or ``/dev/shm``, which :func:`python_read_paths` leaves out).
  ``list_paths`` are folders it may list but not read beneath; :func:`hide_beneath` carves one
  folder out of the read paths that hold it.
* A sandbox that is never closed still ends: its supervisor kills it two seconds after
  ``Limits.wall``, and at once if the caller's process ends.
* A child never writes bytecode, so a module without its ``.pyc`` is compiled again in every
  child: call :func:`warm_bytecode_once` with what the children import before starting them.

For a tournament of bots, keep one sandbox per bot for a whole match and loop
``reply = box.request({"op": "play", "view": …}, timeout=per_move)``: a
:class:`SandboxTimeout` is a bot too slow for that move (``box.kill(…)`` it, or let the
match go on without it); the reply is data to check like any input from a stranger.

Child side
----------
::

    from shengji_edu.sandbox import Channel

    channel = Channel.connect()      # first thing: takes the private pipe, stdio -> devnull
    for message in channel:          # until the parent closes the pipe
        channel.send({"answer": 42})

``Channel.connect()`` moves the pipe to private file descriptors and points file descriptors
0, 1 (and, with ``quiet_stderr=True``, 2) at the null device, so ``print`` and ``os.write(1,
…)`` can never be mistaken for a message. Untrusted code in the child can of course write to
the private descriptors too: everything a child sends is data to be checked, never trusted.

How the limits are enforced (POSIX)
-----------------------------------
The caller starts a small *supervisor* process (:mod:`.supervisor`, in a new session), which
starts the child in its own process group after applying, between ``fork`` and ``exec``:

* ``setrlimit``: address space (``Limits.memory``), CPU seconds, file size, open files, and
  the number of processes; hard limits equal soft ones, so the child cannot raise them;
* Linux only: namespaces where the kernel gives them (a second wall, not the guarantee): a
  network namespace (no network at all, not even loopback) and a mount namespace in which
  ``/tmp``, ``/var/tmp`` and ``/dev/shm`` are empty folders of its own (its sandbox folder
  bound back in) and ``/proc`` is empty (unless ``proc=True``), inside a user namespace for
  an ordinary user;
* Linux only: ``PR_SET_NO_NEW_PRIVS``; a seccomp filter (system calls named per
  architecture, x86-64 and arm64) that makes these fail with ``EPERM``: signalling or tracing
  another process (``kill``, ``tgkill``, ``pidfd_send_signal``, ``ptrace``, …), so the child
  cannot kill its supervisor or the caller; raising limits, mounting, modules, namespaces;
  **every socket** (``socket`` and ``socketpair``, any family: the channel to the parent is
  inherited pipes) and ``io_uring``, so a child has no network of any kind, not even to
  another sandbox on the same machine; with ``Limits.spawn`` False, starting processes
  (``fork``, ``vfork``, ``clone`` without ``CLONE_THREAD``; threads are allowed); Landlock
  (Linux 5.13+), when available: files may be written only inside the sandbox folder (and
  ``/dev/null``), files may be read only beneath ``read_paths`` when given, no TCP (ABI 4+),
  no abstract Unix sockets or signals out of the sandbox (ABI 6+); ``PR_SET_PDEATHSIG``: the
  child dies if its supervisor does.

The child's scratch space is its own folder (``TMPDIR``, ``HOME``): :func:`python_read_paths`
leaves out ``/proc`` (other processes' command lines and environments), ``/tmp`` and
``/dev/shm`` (shared with everyone). Its environment is a short whitelist, never the caller's
(an instructor's tokens stay where they are).

:meth:`Sandbox.cpu_seconds` is the CPU time the child has spent (every thread);
:meth:`Sandbox.pause` and :meth:`Sandbox.resume` stop and continue its process group, so that
a child that may not start processes (``spawn=False``) runs only when it is asked something:
the tournament judges its bots that way (see :mod:`shengji_edu.tournament.match`).

Started as root
---------------
Root ignores the process limit and reads everything (other processes' environments,
``/etc/shadow``). So a sandbox started as root runs its child as an unprivileged user:
``nobody``, or the user named by ``SHENGJI_SANDBOX_USER``, with no supplementary groups
(``setgroups([])``), after giving it its folder (``chown``); where that user may not enter a
folder holding what it must run (a Python under ``/root``, say), a private mount namespace
covers that folder with an empty one into which only the needed entries are bound again.
``restrictions["user"]`` says so, and :func:`describe` prints it. If that is impossible (no
such user, no mount namespace), the sandbox refuses to start, with a message naming the way
to insist: ``SHENGJI_ALLOW_ROOT_SANDBOX=1`` (``allow_root=True``), which runs the child as
root as before (seccomp and Landlock still apply; the process limit does not).

The supervisor is a *child subreaper* (Linux ``PR_SET_CHILD_SUBREAPER``): processes the child
starts, even in a new session (``setsid``) and even after their parent exits, are reparented
to it. When the child exits, is killed, or the caller goes away (its lifeline pipe closes),
the supervisor kills every process below it and in its session (a ``/proc`` walk, repeated
until none is left) and reports. The caller then scans the process table once more (psutil
where it is installed, else ``/proc``) for any process carrying this sandbox's random token in
its environment and kills it. The wall clock is enforced by the caller and, as a second line,
by the supervisor.

Platforms (say it plainly)
--------------------------
* Linux: everything above (seccomp on x86-64 and arm64; Landlock where the kernel has it;
  namespaces where the kernel and its settings give them). Without seccomp (another
  architecture, or a container that refuses filters) a child **can use the network** and
  signal processes of its user: :func:`describe` says so.
* macOS: resource limits (macOS does not enforce the address-space limit, so *no memory
  limit*), process-group kill and a ``ps`` walk of the child's descendants; no subreaper, so
  a process that starts a new session *and* whose parent exits may survive; no seccomp,
  Landlock or namespaces: the child can **use the network** and signal other processes of
  the same user; CPU time is not measured (the tournament judges the wall clock there).
* Windows: no supervisor and no resource limits (*no memory or CPU limit*), **no network
  restriction**; the wall clock is enforced by ``taskkill /F /T`` on the child's process tree;
  processes that left the tree may survive. Grade untrusted work on Linux.

The modules
-----------
One job each; every name is imported here, so ``from shengji_edu.sandbox import X`` and
``sandbox.X`` are the way to reach them (a test that patches a function patches it in the
module that calls it):

* :mod:`.messages`: the errors, :class:`Limits`, :class:`Ending` and the child's
  :class:`Channel` (the plain-data wire);
* :mod:`.box`: :class:`Sandbox`, the parent's side;
* :mod:`.wire`: the parent's end of the pipes (messages out, the child's output split into
  messages within the limits), by two threads or, with ``Sandbox(inline=True)``, in the
  caller's thread (cheaper for a caller that receives after every send);
* :mod:`.child`: a Python child's set-up (:func:`python_child`, :func:`python_read_paths`,
  :func:`hide_beneath`, :func:`warm_bytecode_once`, :func:`code_version`);
* :mod:`.supervisor`: the supervisor process, which loads only :mod:`.kernel` (libc,
  seccomp, Landlock, :func:`capabilities`, :func:`describe`), :mod:`.confinement` (the
  child's user, mounts and limits, applied between ``fork`` and ``exec``) and
  :mod:`.processes` (the process table, :func:`kill_leftovers`), all standard library only.
"""

from __future__ import annotations

from . import forkserver
from .box import Sandbox
from .box import _minimal_environment as _minimal_environment
from .box import _needed_to_start_python as _needed_to_start_python
from .child import _DEVICES as _DEVICES
from .child import (
    PythonChild,
    code_version,
    hide_beneath,
    python_child,
    python_read_paths,
    warm_bytecode,
    warm_bytecode_once,
)
from .child import _has_bytecode as _has_bytecode
from .confinement import _CLONE_NEWNET as _CLONE_NEWNET
from .confinement import _CLONE_NEWNS as _CLONE_NEWNS
from .confinement import _CLONE_NEWUSER as _CLONE_NEWUSER
from .confinement import _MS_BIND as _MS_BIND
from .confinement import _MS_MOVE as _MS_MOVE
from .confinement import _MS_NODEV as _MS_NODEV
from .confinement import _MS_NOSUID as _MS_NOSUID
from .confinement import _MS_PRIVATE as _MS_PRIVATE
from .confinement import _MS_REC as _MS_REC
from .confinement import ALLOW_ROOT_VARIABLE, ROOT_REFUSAL, SCRATCH, USER_VARIABLE
from .confinement import _blocked as _blocked
from .confinement import _cover as _cover
from .confinement import _hide_scratch as _hide_scratch
from .confinement import _mount as _mount
from .confinement import _preexec as _preexec
from .confinement import _searchable as _searchable
from .confinement import _uncover as _uncover
from .confinement import _unprivileged_user as _unprivileged_user
from .kernel import _AUDIT_ARCH as _AUDIT_ARCH
from .kernel import _CLONE_THREAD as _CLONE_THREAD
from .kernel import _DENIED as _DENIED
from .kernel import _IS_LINUX as _IS_LINUX
from .kernel import _IS_WINDOWS as _IS_WINDOWS
from .kernel import _LANDLOCK_ADD_RULE as _LANDLOCK_ADD_RULE
from .kernel import _LANDLOCK_CREATE_RULESET as _LANDLOCK_CREATE_RULESET
from .kernel import _LANDLOCK_RESTRICT_SELF as _LANDLOCK_RESTRICT_SELF
from .kernel import _MACHINES as _MACHINES
from .kernel import _NO_PROCESSES as _NO_PROCESSES
from .kernel import _PR_SET_CHILD_SUBREAPER as _PR_SET_CHILD_SUBREAPER
from .kernel import _PR_SET_NO_NEW_PRIVS as _PR_SET_NO_NEW_PRIVS
from .kernel import _PR_SET_PDEATHSIG as _PR_SET_PDEATHSIG
from .kernel import _PR_SET_SECCOMP as _PR_SET_SECCOMP
from .kernel import _SECCOMP_MODE_FILTER as _SECCOMP_MODE_FILTER
from .kernel import _SYSCALLS as _SYSCALLS
from .kernel import _landlock_ruleset as _landlock_ruleset
from .kernel import _libc as _libc
from .kernel import _seccomp_program as _seccomp_program
from .kernel import _syscall as _syscall
from .kernel import capabilities, describe, landlock_abi
from .messages import (
    BadMessage,
    Channel,
    Ending,
    Limits,
    SandboxClosed,
    SandboxError,
    SandboxTimeout,
)
from .processes import TOKEN_VARIABLE, descendants, kill_leftovers
from .processes import _count_threads_of as _count_threads_of
from .processes import _has_token as _has_token
from .processes import _kill_below as _kill_below
from .processes import _Proc as _Proc
from .processes import _processes as _processes
from .processes import _reap as _reap
from .supervisor import _SUPERVISE as _SUPERVISE
from .supervisor import _SUPERVISOR as _SUPERVISOR
from .supervisor import _supervise as _supervise
from .supervisor import _tail as _tail

__all__ = [
    "ALLOW_ROOT_VARIABLE",
    "forkserver",
    "ROOT_REFUSAL",
    "SCRATCH",
    "TOKEN_VARIABLE",
    "USER_VARIABLE",
    "BadMessage",
    "Channel",
    "Ending",
    "Limits",
    "PythonChild",
    "Sandbox",
    "SandboxClosed",
    "SandboxError",
    "SandboxTimeout",
    "capabilities",
    "code_version",
    "describe",
    "descendants",
    "hide_beneath",
    "kill_leftovers",
    "landlock_abi",
    "python_child",
    "python_read_paths",
    "warm_bytecode",
    "warm_bytecode_once",
]
