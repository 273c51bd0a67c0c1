"""Finding the bots of a tournament in a folder, and reading them into memory.

What a bots folder holds (decisions written here so instructors can rely on them):

* ``NAME.py``: one bot, named ``NAME``. Its player class is found when it is loaded, in its
  own sandboxed process (:mod:`.runner`): the one class *defined in the file* with
  ``declare``, ``bury`` and ``play`` methods (inherited ones count, so
  ``class MyBot(GreedyPlayer)`` with only ``play`` is a player). A file that defines several
  names the one to enter with ``PLAYER = MyBot``. The class is made with no arguments.
* ``NAME/``: a folder bot, named ``NAME``: its entry is ``NAME/bot.py``, or the only ``.py``
  file at the folder's top; every file of the folder goes along (helper modules, a small
  data file), at most :data:`MAX_BOT_BYTES` in all.
* ``NAME/`` holding ``bot.json`` (``{"command": ["node", "bot.js"]}``): a *program bot* in
  any language, speaking the ``shengji-bot`` JSON-lines protocol on stdin/stdout
  (:mod:`.protocol`); every file of the folder goes along, as for a Python folder bot.
* ``baselines.txt``: the package's own players as baselines, one per line: ``greedy``,
  ``montecarlo:budget=4`` (the arena's player specs), or ``NAME = SPEC`` to name one;
  ``#`` starts a comment.
* Everything else is ignored: names starting with ``.`` or ``_``, ``__pycache__``, other files.

A student's bot that cannot enter (not UTF-8, a syntax error, too large, no player class) does
not stop the tournament: it is *disqualified*, loses every hand, and the reason is shown.
The instructor's mistakes are :class:`BotsError` (a usage error of ``shengji tournament``):
a folder that does not exist or holds no bot, two bots with the same name (names are
compared ignoring case, as on Windows and macOS), a bad line in ``baselines.txt``.

Every file is read and hashed (SHA-256) before anything runs; the sandboxes get these copies,
never the folder, and results are kept per bot hash (a changed bot replays its matches).
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..cards import shorten
from .protocol import BOT_JSON, ProgramError, read_command

BASELINES_FILE = "baselines.txt"
MAX_BOT_BYTES = 2 << 20
"""The most a bot (all its files) may hold."""
MAX_BOT_FILES = 100
_SKIPPED = {"__pycache__", ".ipynb_checkpoints"}


class BotsError(ValueError):
    """The bots folder cannot be used as it is (the message says what to change)."""


@dataclass(frozen=True)
class Bot:
    """One entrant: a student's code (read into memory) or a package baseline."""

    name: str
    kind: str
    """``"file"``, ``"folder"``, ``"program"`` (any language) or ``"baseline"``."""
    source: str
    """Where it came from, for people (a path, or ``baselines.txt line 3``)."""
    entry: str = ""
    """The entry file (relative to the bot's files), or the baseline's player spec."""
    files: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)
    sha256: str = ""
    problem: str | None = None
    """Why it cannot enter (found without running it), if so."""

    def describe(self) -> str:
        return f"{self.name} ({self.source})"


def _digest(files: dict[str, bytes], extra: str = "") -> str:
    digest = hashlib.sha256(extra.encode())
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return digest.hexdigest()


def _static_problem(files: dict[str, bytes], entry: str) -> str | None:
    """What is wrong with a bot's entry file that we can tell without running it."""
    try:
        text = files[entry].decode("utf-8")
    except UnicodeDecodeError:
        return f"{entry} is not UTF-8 text"
    if not text.strip():
        return f"{entry} is empty"
    try:
        ast.parse(text, filename=entry)
    except SyntaxError as error:
        line = f" (line {error.lineno})" if error.lineno else ""
        return f"syntax error in {entry}: {error.msg}{line}"
    except (ValueError, RecursionError, MemoryError) as error:
        return f"{entry} cannot be read as Python ({type(error).__name__})"
    return None


def _file_bot(path: Path) -> Bot:
    name = path.stem
    try:
        data = path.read_bytes()
    except OSError as error:
        return Bot(name, "file", str(path), problem=f"cannot be read ({error.strerror})")
    files = {path.name: data}
    bot = Bot(name, "file", str(path), path.name, files, _digest(files))
    if len(data) > MAX_BOT_BYTES:
        return _with_problem(bot, f"is larger than {MAX_BOT_BYTES >> 20} MB")
    return _with_problem(bot, _static_problem(files, path.name))


def _folder_bot(path: Path) -> Bot:
    name = path.name
    files: dict[str, bytes] = {}
    problem = None
    for item in sorted(path.rglob("*")):
        relative = item.relative_to(path)
        if any(part in _SKIPPED or part.startswith(".") for part in relative.parts):
            continue
        if item.is_symlink():
            problem = f"holds a link ({relative.as_posix()}): submit plain files"
            break
        if not item.is_file():
            continue
        if len(files) >= MAX_BOT_FILES:
            problem = f"holds more than {MAX_BOT_FILES} files"
            break
        try:
            files[relative.as_posix()] = item.read_bytes()
        except OSError as error:
            problem = f"{relative.as_posix()} cannot be read ({error.strerror})"
            break
    if problem is None and BOT_JSON in files:
        return _program_bot(name, path, files)
    top = sorted(n for n in files if "/" not in n and n.endswith(".py"))
    entry = "bot.py" if "bot.py" in top else top[0] if len(top) == 1 else ""
    bot = Bot(name, "folder", str(path), entry, files, _digest(files))
    if problem is None and sum(map(len, files.values())) > MAX_BOT_BYTES:
        problem = f"holds more than {MAX_BOT_BYTES >> 20} MB"
    if problem is None and not entry:
        problem = (
            "holds no Python file"
            if not top
            else f"holds several Python files ({', '.join(top[:4])}) and no bot.py: "
            "name the entry bot.py"
        )
    return _with_problem(bot, problem or _static_problem(files, entry))


def _program_bot(name: str, path: Path, files: dict[str, bytes]) -> Bot:
    """A folder with ``bot.json``: a program in any language (:mod:`.protocol`)."""
    problem = None
    try:
        entry = json.dumps(read_command(files[BOT_JSON]))
    except ProgramError as error:
        entry, problem = "", str(error)
    bot = Bot(name, "program", str(path), entry, files, _digest(files, "program"))
    if problem is None and sum(map(len, files.values())) > MAX_BOT_BYTES:
        problem = f"holds more than {MAX_BOT_BYTES >> 20} MB"
    return _with_problem(bot, problem)


def _with_problem(bot: Bot, problem: str | None) -> Bot:
    if problem is None:
        return bot
    return Bot(bot.name, bot.kind, bot.source, bot.entry, bot.files, bot.sha256, problem)


_NAME = re.compile(r"^[^\s=#][^=#]*?$")


def read_baselines(path: Path) -> list[Bot]:
    """The baselines named in ``baselines.txt`` (a :class:`BotsError` for a bad line)."""
    from ..arena import check_spec, parse_spec, spec_text

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BotsError(f"cannot read {path}: {error}") from None
    bots = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{path.name} line {number}"
        name, sep, spec_part = line.partition("=")
        if sep and ":" not in name:
            name, spec_text_given = name.strip(), spec_part.strip()
            if not _NAME.match(name):
                raise BotsError(f"{where}: {shorten(name)!r} is not a bot name")
        else:
            name, spec_text_given = "", line
        try:
            spec = check_spec(parse_spec(spec_text_given))
        except ValueError as error:
            raise BotsError(
                f"{where}: {error} (write a player such as greedy, "
                "montecarlo:budget=4, or NAME = SPEC)"
            ) from None
        name = name or spec_text(spec).replace(" ", "")
        bots.append(Bot(name, "baseline", where, spec_text_given, {}, _digest({}, line)))
    return bots


def find_bots(folder: str | Path) -> list[Bot]:
    """Every bot in ``folder`` (see the module docstring), sorted by name, names unique."""
    base = Path(folder)
    if not base.exists():
        raise BotsError(f"no such folder: {folder}")
    if not base.is_dir():
        raise BotsError(f"{folder} is not a folder: put the bots (NAME.py files) in a folder")
    bots: list[Bot] = []
    for item in sorted(base.iterdir()):
        if item.name.startswith((".", "_")) or item.name in _SKIPPED:
            continue
        if item.is_dir():
            bots.append(_folder_bot(item))
        elif item.is_file() and item.suffix == ".py":
            bots.append(_file_bot(item))
        elif item.is_file() and item.name == BASELINES_FILE:
            bots += read_baselines(item)
    if len(bots) < 2:
        found = "no bot" if not bots else "only one bot"
        raise BotsError(
            f"{folder} holds {found}: a tournament needs at least two (NAME.py files, "
            f"NAME/ folders, or baselines such as greedy in {BASELINES_FILE})"
        )
    seen: dict[str, Bot] = {}
    for bot in bots:
        other = seen.get(bot.name.casefold())
        if other is not None:
            raise BotsError(
                f"two bots are named {bot.name!r}: {other.source} and {bot.source}; "
                "rename one (names are compared ignoring case)"
            )
        seen[bot.name.casefold()] = bot
    return sorted(bots, key=lambda b: (b.name.casefold(), b.name))


__all__ = ["BASELINES_FILE", "Bot", "BotsError", "find_bots", "read_baselines"]
