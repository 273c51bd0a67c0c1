"""Inside a bot's sandbox: load the bot, then answer the referee's questions, as plain data.

This module runs only in the child process the tournament starts for one seat of one bot
(``python -m shengji_edu.tournament.runner``, through :mod:`shengji_edu.sandbox`), never in
the referee. It loads the bot (a student's file, copied into the sandbox's folder, or a
package baseline), and for every question keeps a
:class:`~shengji_edu.game.view.PlayerView` up to date from the changes it is sent
(:mod:`.changes`: what the seat's view holds that its last one did not; the whole view's
data, ``view.to_data(rng=False)``, is read as well), so the bot sees exactly the API of
lesson 08, with its own generator. It answers with card text. It judges
nothing: the referee checks every answer with the engine, so whatever the bot does to this
process (patching modules, reading its memory) changes nothing outside it.

The messages, one JSON object per line on the sandbox's private pipe::

    referee → child                                child → referee
                                                   {"event": "ready"}
    {"op": "load", "entry": "code/x.py"}           {"event": "loaded", "class": "LowestPlayer",
     or {"op": "load", "baseline": "greedy"}        "name": "lowest"}
                                                   or {"event": "failed", "reason": "…"}
    {"op": "hand", "rng": [version, [...], gauss]}  (no answer: a fresh player, a generator)
    {"op": "declare" | "bury" | "play",            {"event": "answer", "cards": "SA SK" | null}
     "changes": {...}}  (or "view": whole data)    or {"event": "error", "reason": "…"}

A new hand makes a new player (as the arena does): a bot keeps nothing from one hand to the
next but what it keeps in module globals, and each process plays one seat of one half of a
match (see :mod:`.match`), so it never sees a deal twice.
"""

from __future__ import annotations

import inspect
import os
import random
import sys
import traceback
from importlib import util as import_util

from ..sandbox import Channel
from .changes import ViewTracker

CODE_FOLDER = "code"
"""The bot's files are copied into this folder of the sandbox (kept off the front of
``sys.path``, so a helper named like a standard module cannot break the runner)."""
MODULE_NAME = "student_bot"


def _short(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_exception(error: BaseException) -> str:
    """``raised ZeroDivisionError: division by zero (bot.py line 12)``: the last line of the
    bot's own code in the traceback, if any."""
    where = ""
    code = os.path.realpath(CODE_FOLDER) + os.sep
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = os.path.realpath(frame.filename)
        if path.startswith(code):
            where = f" ({path[len(code) :]} line {frame.lineno})"
            break
    message = str(error)
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return _short(f"raised {text}{where}")


def is_player_class(value: object) -> bool:
    return inspect.isclass(value) and all(
        callable(getattr(value, name, None)) for name in ("declare", "bury", "play")
    )


def find_player_class(module) -> type:
    """The bot's class: ``PLAYER`` if the module sets it, else the one player class it defines."""
    chosen = getattr(module, "PLAYER", None)
    if chosen is not None:
        if not is_player_class(chosen):
            raise LookupError("PLAYER is not a class with declare, bury and play methods")
        return chosen
    own = [
        value
        for value in vars(module).values()
        if is_player_class(value) and getattr(value, "__module__", None) == module.__name__
    ]
    if not own:
        raise LookupError(
            "no player class: define a class with declare, bury and play methods "
            "(lesson 08), e.g. class MyBot(GreedyPlayer)"
        )
    if len(own) > 1:
        names = ", ".join(sorted(cls.__name__ for cls in own))
        raise LookupError(f"several player classes ({names}): say which with PLAYER = ClassName")
    return own[0]


def load(request: dict):
    """The bot's player class (a factory of fresh players), from a file or a baseline."""
    baseline = request.get("baseline")
    if baseline is not None:
        from ..arena import _make, parse_spec

        spec = parse_spec(str(baseline))
        return lambda: _make(spec)
    entry = os.path.join(CODE_FOLDER, str(request["entry"]))
    sys.path.append(os.path.abspath(os.path.dirname(entry)))
    spec = import_util.spec_from_file_location(MODULE_NAME, entry)
    if spec is None or spec.loader is None:
        raise LookupError(f"cannot load {request['entry']}")
    module = import_util.module_from_spec(spec)
    sys.modules[MODULE_NAME] = module
    spec.loader.exec_module(module)
    return find_player_class(module)


class Bot:
    """The loaded bot: a fresh player and generator per hand; answers as card text."""

    def __init__(self, factory) -> None:
        self.factory = factory
        self.player = None
        self.rng = random.Random(0)
        self.problem: str | None = None
        self.tracker = ViewTracker()

    def new_hand(self, state: object) -> None:
        self.problem = None
        self.tracker.reset()
        try:
            version, internal, gauss = state  # type: ignore[misc]
            self.rng = random.Random()
            self.rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError):
            self.rng = random.Random(0)
        try:
            self.player = self.factory()
        except BaseException as error:  # noqa: BLE001 - a student's constructor
            self.player, self.problem = None, "could not be made: " + describe_exception(error)

    def decide(self, what: str, data: object, changes: object = None) -> dict:
        """The answer to ``what`` in the view ``data`` (whole), or the view held after
        ``changes`` (:mod:`.changes`) when ``data`` is None."""
        from ..cards import as_cards, format_cards
        from ..game.view import PlayerView

        if self.problem is not None or self.player is None:
            return {"event": "error", "reason": self.problem or "no hand was started"}
        if data is None:
            view = self.tracker.update(changes, self.rng)
        else:
            view = PlayerView.from_data(data, rng=self.rng)
        try:
            answer = getattr(self.player, what)(view)
        except BaseException as error:  # noqa: BLE001 - whatever the bot raised, even exit
            return {"event": "error", "reason": describe_exception(error)}
        if what == "declare" and not answer:
            return {"event": "answer", "cards": None}
        try:
            return {"event": "answer", "cards": format_cards(as_cards(answer))}
        except (ValueError, TypeError, AttributeError) as error:
            return {
                "event": "error",
                "reason": _short(f"{what} returned {answer!r}, which is not cards ({error})"),
            }


def main() -> int:
    channel = Channel.connect()
    import shengji_edu.game.view  # noqa: F401  (imported before the bot: its cost is ours)

    channel.send({"event": "ready"})
    request = channel.receive()
    if not request or request.get("op") != "load":
        return 2
    try:
        bot = Bot(load(request))
        probe = bot.factory()
        name = getattr(probe, "name", None)
        channel.send(
            {
                "event": "loaded",
                "class": type(probe).__name__,
                "name": name if isinstance(name, str) else None,
            }
        )
    except BaseException as error:  # noqa: BLE001 - the bot's import or constructor failed
        reason = describe_exception(error)
        if isinstance(error, LookupError) and "player class" in str(error):
            reason = str(error)
        channel.send({"event": "failed", "reason": reason})
        return 0
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)  # from here on the bot may print to stderr: nobody reads it
    os.close(null)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    for message in channel:
        op = message.get("op")
        if op == "hand":
            bot.new_hand(message.get("rng"))
        elif op in ("declare", "bury", "play"):
            channel.send(bot.decide(op, message.get("view"), message.get("changes")))
        elif op == "bye":
            break
    return 0


if __name__ == "__main__":
    os._exit(main())  # no atexit handlers of the bot's code, no waiting for its threads
