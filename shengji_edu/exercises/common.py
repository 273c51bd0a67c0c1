"""The statuses, limits and exceptions every part of the check shares (see :mod:`.checking`).

One place for them, below everything else: :mod:`.plain`, :mod:`.kinds`, :mod:`.runner` and
:mod:`.checking` import from here, never the other way round.
"""

from __future__ import annotations

import os

PASS = "PASS"
FAIL = "FAIL"
NOT_ATTEMPTED = "NOT ATTEMPTED"
STATUSES = (PASS, FAIL, NOT_ATTEMPTED)

STRICT_VARIABLE = "SHENGJI_EDU_STRICT"
"""Set to ``1`` and every check that does not PASS raises :class:`CheckFailed`."""

TIME_LIMIT_VARIABLE = "SHENGJI_EDU_TIME_LIMIT"
"""Seconds one call of the student's function may take (default :data:`TIME_LIMIT`)."""

TIME_LIMIT = 2.0
TOTAL_TIME_LIMIT = 60.0
"""Seconds all the cases of one check may take together."""

OUTPUT_LIMIT = 600
"""Characters of a case's printed output that are kept to show the student."""

PLAIN_VALUES = 20_000
"""The most values (numbers, cards, list items …) one answer may hold to be checked."""
PLAIN_TEXT = 10_000
"""The longest text in an answer."""
PLAIN_DEPTH = 12
"""The deepest nesting of lists in an answer."""


class CheckFailed(AssertionError):
    """Raised by ``check`` in strict mode (``SHENGJI_EDU_STRICT=1``) when a check fails."""


class WrongType(Exception):
    """The function returned something of the wrong kind; the message says what and why."""


class _StopCheck(BaseException):
    """Raised inside the student's call to stop it when it ran out of time."""


class AnswersUnavailable(RuntimeError):
    """The solutions and references cannot be loaded in this process: the grader's sandboxed
    child, where a notebook runs for marks, can neither import nor read them."""


def strict_mode() -> bool:
    """True when ``SHENGJI_EDU_STRICT=1``: checks that do not pass raise."""
    return os.environ.get(STRICT_VARIABLE, "").strip() == "1"


def time_limit() -> float:
    """The time limit for one call, from ``SHENGJI_EDU_TIME_LIMIT`` or the default."""
    try:
        value = float(os.environ.get(TIME_LIMIT_VARIABLE, ""))
    except ValueError:
        return TIME_LIMIT
    return value if value > 0 else TIME_LIMIT
