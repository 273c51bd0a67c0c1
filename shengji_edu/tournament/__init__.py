"""Class tournaments: every student's bot plays every other's, fairly, on one machine or a cluster.

    shengji tournament BOTS/ --deals 10 --seed S [--workers 2 | --scheduler tcp://host:8786]

The pieces, one job each:

* :mod:`.bots` finds the bots in a folder (``NAME.py``, ``NAME/`` folders, ``baselines.txt``
  for the package's own players) and reads them into memory;
* :mod:`.runner` runs inside each bot's sandbox (:mod:`shengji_edu.sandbox`, the grader's
  runner): it rebuilds the seat's view from plain data and answers with card text;
* :mod:`.match` is the referee of one match: the engine, four sandboxed seats, the same deals
  twice with the teams swapped, forfeits for bots that fail;
* :mod:`.schedule` makes the deals from the seed and pairs every two bots;
* :mod:`.store` keeps one file per finished match, so a stopped tournament goes on;
* :mod:`.rating` and :mod:`.report` rank the bots with 95% intervals and write the
  leaderboard, per-pair results, forfeits (CSV and JSON for an LMS) and a chart;
* :mod:`.run` puts it together, in local processes or on a Dask cluster.

The guarantees: a bot runs in its own process per seat, sees only its own view, cannot touch
the referee, and loses the hand when it crashes, times out or breaks a rule; the same seed
and bots give the same results, whatever the number of workers (timeouts excepted).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers and editors; at run time the names load on first use
    from .bots import BASELINES_FILE, Bot, BotsError, find_bots
    from .match import Settings
    from .report import TournamentResult
    from .run import DEFAULT_OUT, BotCheck, TournamentError, check_bot, run_tournament

_HOMES = {
    "BASELINES_FILE": ".bots",
    "Bot": ".bots",
    "BotsError": ".bots",
    "find_bots": ".bots",
    "Settings": ".match",
    "TournamentResult": ".report",
    "DEFAULT_OUT": ".run",
    "BotCheck": ".run",
    "TournamentError": ".run",
    "check_bot": ".run",
    "run_tournament": ".run",
}
"""Where each public name lives. Imported on first use (PEP 562), not with the package:
every bot's sandboxed process imports ``shengji_edu.tournament.runner``, and the referee's
side (the match, the report, Dask and multiprocessing) is most of the package's import time,
paid again at each of the hundreds of process starts of a class tournament."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__all__ = [
    "BASELINES_FILE",
    "DEFAULT_OUT",
    "Bot",
    "BotCheck",
    "BotsError",
    "Settings",
    "TournamentError",
    "TournamentResult",
    "check_bot",
    "find_bots",
    "run_tournament",
]
