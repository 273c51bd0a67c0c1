"""The outcome of a check (:class:`CheckResult`, kept in :data:`RESULTS`), its cases
(:class:`Case`), and one case's outcome as the judge reads it (see :mod:`.checking`)."""

from __future__ import annotations

from dataclasses import dataclass

from .common import PASS

RESULTS: list[CheckResult] = []
"""Every result of ``check`` in this process, in order (tests and the grader read it)."""


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: ``status`` (PASS, FAIL, NOT ATTEMPTED) and its message.

    ``bool(result)`` is true for PASS. In a notebook the result displays nothing, because
    ``check`` has already printed the message.
    """

    question: str
    status: str
    message: str
    cases: int = 0
    failed: int = 0
    detail: dict | None = None
    """For a FAIL on one case, that case as text for feedback files: ``input`` (lines
    ``name = value``), ``expected``, ``actual``, ``rule`` (lines naming the rule that decides
    it, where the question explains one), ``size`` (cards); None otherwise."""

    @property
    def passed(self) -> bool:
        return self.status == PASS

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return self.message

    def _ipython_display_(self) -> None:
        """Show nothing: ``check`` printed the message already (no duplicate ``Out[]``)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "question": self.question,
            "status": self.status,
            "message": self.message,
            "cases": self.cases,
            "failed": self.failed,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class Case:
    """One input: the arguments, and its size (number of cards) for "smallest failing"."""

    args: tuple
    size: int


@dataclass
class _Outcome:
    """One case as the judge reads it."""

    kind: str  # "value", "error", "wrong", "todo", "timeout", "died"
    value: object = None
    text: str = ""
    output: str = ""
    after: tuple | None = None
    """The arguments after the call, when the function changed them."""
    total: bool = False
    """A timeout of the whole check (not of this one call)."""
    killed: bool = False
    """The grader had to end the student's process (it ignored the interrupt, or died)."""


# --- the question ---------------------------------------------------------------------------
