"""Bots in any language: the ``shengji-bot`` protocol, versions 1 and 2 (JSON lines on
stdin/stdout).

A *program bot* is a folder holding ``bot.json``, which names the command that starts it::

    {"command": ["node", "bot.js"]}          or   {"command": ["python3", "bot.py"]}

The command's first word is a program installed on the machine that runs the bots (looked up
on ``PATH`` there; ``python``/``python3`` mean the tournament's own interpreter); the other
words are given as they are, and the process starts in a folder holding the bot's files, so
``bot.js`` is the bot's own file. It runs in the same sandbox, with the same limits, as a
Python bot (:mod:`.match`): no network, no processes (threads are fine), writes only in its
folder, reads only the system's and its own files, stopped between its decisions and judged
on its CPU time.

The messages, one JSON object per line (UTF-8); the referee speaks first. Nothing else may
be written to stdout (write logs to stderr: nobody reads it, and the last lines are shown
when the process dies)::

    referee → bot                                         bot → referee
    {"op": "hello", "protocol": "shengji-bot",            {"event": "hello",
     "versions": [1, 2], "limits": {"move_time": 2.0,      "protocol": "shengji-bot",
     "hand_time": 0.0, "memory_mb": 1024}}                 "version": 1, "name": "my bot"}
    {"op": "hand", "seed": 1234567}                       (nothing: a new hand begins)
    {"op": "declare" | "bury" | "play",                   {"event": "answer", "cards": "SA SA"}
     "view": {...}, "legal": "S4", "time_left": 2.0}      or {"event": "error", "reason": "…"}
     (version 2: "changes": {...} instead of "view")
    {"op": "bye"}                                         (exit)

* ``hello``: ``versions`` lists the protocol versions the referee speaks; the bot answers
  with the one it chose. A bot that answers anything else, or not within the load time,
  cannot enter (the reason is shown). The two versions differ only in how a view is sent
  (below); a bot written for version 1 keeps working.
* ``hand``: a new hand; ``seed`` is the seat's own random seed (the same in every run of the
  tournament), for a bot that wants reproducible randomness. A process plays every hand of
  one seat in one half of a match (see :mod:`.match`), never the same deal twice.
* ``declare``, ``bury``, ``play``: the decisions a player has (lesson 08). ``view`` is the
  seat's view as plain data (:meth:`PlayerView.to_data
  <shengji_edu.game.view.PlayerView.to_data>`: ``seat``, ``hand``, ``buried`` and the public
  ``table`` with the trump, the tricks so far, the current trick, the voids seen, …).
  ``legal`` is one legal answer (for ``declare``: ``null``, passing), so a first bot can play
  before it knows every rule of following; ``time_left`` is the CPU seconds the bot may spend
  on this decision (``move_time`` plus what is left of its hand's bank, ``hand_time``).
  The answer is card text as the package writes it (``"SA SK"``: suit S H D C then rank, or
  ``LJ``/``BJ`` for the little and big jokers), ``null`` to pass a declaration. In
  tournaments the trump is fixed, so ``declare`` is not asked.
* Version 2 sends ``changes`` instead of ``view``: what the view holds that the last view
  sent to this bot in this hand did not (:mod:`.changes`). Every field of the view whose
  value changed (the first question of a hand: every field), and under ``table`` every
  changed field of the table, except ``tricks``, which is ``{"from": k, "items": [...]}``:
  the finished tricks after the first ``k``, which the bot holds already (finished tricks
  never change; ``k`` is 0 at a hand's first question). A bot keeps the view from one
  question to the next (forgetting it at ``hand``)::

      view.update(changes without "table"); view.table.update(its changes without "tricks")
      view.table.tricks = view.table.tricks[:k] + items

  and then has exactly version 1's ``view``. It costs the bot and the referee less: under
  a third of the bytes, and nothing read twice.
* Errors: an ``error`` answer, an illegal play (the engine's reason is logged) or an answer
  that is not card text loses the hand, and the process plays on; a line that is not one
  JSON object, an unknown event, a crash, or more than the time kills the process and loses
  the hand (a fresh process starts for the next).
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from typing import Any

PROTOCOL = "shengji-bot"
VERSIONS = (1, 2)
BOT_JSON = "bot.json"
PYTHONS = ("python", "python3")


class ProgramError(ValueError):
    """A program bot's ``bot.json`` or command cannot be used (the message says why)."""


def read_command(data: bytes) -> list[str]:
    """The command of a ``bot.json`` (ProgramError if it is not one)."""
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise ProgramError(f"{BOT_JSON} is not JSON ({error})") from None
    command = parsed.get("command") if isinstance(parsed, dict) else None
    if (
        not isinstance(command, list)
        or not command
        or not all(isinstance(word, str) and word for word in command)
    ):
        raise ProgramError(
            f'{BOT_JSON} must name the command that starts the bot: {{"command": '
            '["node", "bot.js"]}'
        )
    if "/" in command[0] or "\\" in command[0]:
        raise ProgramError(
            f"{BOT_JSON}: the command starts with a program installed on the machine (node, "
            f"python3, …), not a path ({command[0]!r})"
        )
    return command


def resolve(command: list[str]) -> tuple[str, list[str]]:
    """(the program's full path, its arguments) on this machine; ProgramError if missing."""
    if command[0] in PYTHONS:
        return sys.executable, command[1:]
    found = shutil.which(command[0])
    if found is None:
        raise ProgramError(f"{command[0]} is not installed on the machine that runs the bots")
    return found, command[1:]


def hello(limits: dict[str, Any]) -> dict[str, Any]:
    return {"op": "hello", "protocol": PROTOCOL, "versions": list(VERSIONS), "limits": limits}


def check_hello(message: dict) -> str | None:
    """Why the bot's first message is not a good ``hello`` (None if it is)."""
    if message.get("event") != "hello":
        return f'its first message must be {{"event": "hello", …}}, not {_short(message)}'
    if message.get("protocol") != PROTOCOL or message.get("version") not in VERSIONS:
        return (
            f"it speaks {_short(message.get('protocol'))} version "
            f"{_short(message.get('version'))}; the referee speaks {PROTOCOL} version "
            f"{', '.join(map(str, VERSIONS))}"
        )
    return None


def hand_seed(state: tuple) -> int:
    """The seed a program bot gets for a hand, from its seat's generator."""
    rng = random.Random()
    rng.setstate(state)
    return rng.getrandbits(53)


def legal_example(what: str, view) -> str | None:
    """One legal answer to ``what`` in ``view`` (card text), for the bot's first steps."""
    from ..cards import format_cards
    from ..follow import random_follow

    hand = list(view.hand)
    if what == "declare":
        return None
    if what == "bury":
        return format_cards(hand[: view.rules.kitty_size])
    lead = view.lead
    if lead is None:
        return format_cards(hand[:1])
    return format_cards(random_follow(hand, list(lead), view.trump, random.Random(0)))


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


__all__ = [
    "BOT_JSON",
    "PROTOCOL",
    "VERSIONS",
    "ProgramError",
    "check_hello",
    "hand_seed",
    "hello",
    "legal_example",
    "read_command",
    "resolve",
]
