"""The review's ``assess`` section: one seat's plays against the search player and, in the
endgame, against perfect play (:func:`~shengji_edu.players.assess.assess_seat`).

Only wording lives here; the estimates come from the paired rollouts and the exact endgame
solver of :mod:`shengji_edu.players.assess`. A play is called a mistake only when the whole
95% interval says so (:data:`~shengji_edu.players.assess.CLEAR`): a few dozen worlds are a
noisy estimate, and a wrong flag teaches the wrong thing.
"""

from __future__ import annotations

from ..game.round import Round
from ..i18n import Message, message, plural_message, render
from ..players.assess import CLEAR, ENDGAME_CARDS, Decision, assess_seat
from .phrases import seat as seat_name
from .report import ReviewOptions, add_section


def _percent(value: float) -> str:
    return f"{100 * value:+.1f}%"


def decision_lines(decision: Decision) -> list[Message]:
    """What one assessed play reads as: the search's verdict, then the endgame's if any."""
    said: list[Message] = []
    played, suggested, gain = list(decision.played), list(decision.suggested), decision.gain
    if gain is None:
        said.append(
            message(
                "Trick {trick}: {played}, the search player's choice too.",
                trick=decision.trick,
                played=played,
            )
        )
    else:
        estimate = {
            "trick": decision.trick,
            "played": played,
            "suggested": suggested,
            "gain": _percent(gain.mean),
            "low": _percent(gain.low),
            "high": _percent(gain.high),
        }
        if decision.mistake:
            said.append(
                message(
                    "Trick {trick}: {played} is a clear mistake: the search player would play "
                    "{suggested}, winning the hand {gain} more often [{low}, {high}].",
                    **estimate,
                )
            )
        else:
            said.append(
                message(
                    "Trick {trick}: {played}; the search player would play {suggested}: "
                    "{gain} chance of winning the hand [{low}, {high}], not a clear difference.",
                    **estimate,
                )
            )
    solution, lost = decision.endgame, decision.points_lost
    if solution is not None and lost is not None:
        if lost <= 0:
            said.append(
                message(
                    "With every hand known, {played} is a best play: the defenders end with "
                    "{total} points.",
                    played=played,
                    total=solution.total,
                )
            )
        else:
            said.append(
                plural_message(
                    "With every hand known, {best} is best (the defenders end with {total} "
                    "points); {played} gives up {n} point.",
                    "With every hand known, {best} is best (the defenders end with {total} "
                    "points); {played} gives up {n} points.",
                    lost,
                    best=list(solution.best[0].cards),
                    total=solution.total,
                    played=played,
                )
            )
    return said


def assess_section(round_: Round, options: ReviewOptions) -> list[str]:
    """The seat's plays assessed (``options.seat``, ``options.budget``, ``options.seed``)."""
    if options.seat is None:
        raise ValueError("the assessment looks at one seat's plays: give a seat (--seat 0-3)")
    decisions = assess_seat(round_, options.seat, budget=options.budget, seed=options.seed)
    lang = options.lang
    lines = [
        render(
            message(
                "The plays of {seat}, each against the search player's choice from the same "
                "view ({worlds} paired worlds when they differ; a clear mistake: the whole "
                "95% interval {clear} or more in favour of the search), and from {cards} "
                "cards a hand against perfect play:",
                seat=seat_name(options.seat),
                worlds=options.budget,
                clear=_percent(CLEAR),
                cards=ENDGAME_CARDS,
            ),
            lang,
        )
    ]
    for decision in decisions:
        first, *more = decision_lines(decision)
        lines.append("  " + render(first, lang))
        lines += ["    " + render(line, lang) for line in more]
    mistakes = sum(d.mistake for d in decisions)
    summary = (
        plural_message("{n} clear mistake.", "{n} clear mistakes.", mistakes)
        if mistakes
        else message("No clear mistake.")
    )
    lines.append(render(summary, lang))
    return lines


add_section("assess", assess_section)

__all__ = ["assess_section", "decision_lines"]
