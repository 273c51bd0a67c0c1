"""A reviewed hand as lines of text, built from sections (the ``shengji review`` command).

A review is a list of named sections, each a function of the hand and the options that
returns lines. :data:`SECTIONS` holds the ones this package has: ``"tricks"``, the hand trick
by trick with the explanations of :func:`~shengji_edu.review.explain_round`, and
``"assess"`` (:mod:`.assessment`), a seat's plays against the search player and the endgame
solver. A section is added with :func:`add_section`; the command asks for it by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import rank_text
from ..game.round import FINISHED, Round, team_of
from ..i18n import Message, check_language, message, plural_message, render
from ..trump import suit_label
from .explain import explain_round
from .phrases import seat as seat_name


@dataclass(frozen=True)
class ReviewOptions:
    """What a review is asked for: its language, the seat it looks at (if any) and, for
    the ``assess`` section, the paired worlds per disputed play and the generators' seed."""

    lang: str = "en"
    seat: int | None = None
    budget: int = 20
    seed: int = 0


Section = Callable[[Round, ReviewOptions], list[str]]
SECTIONS: dict[str, Section] = {}
"""The sections a review can hold, by name, in the order they were added."""


def add_section(name: str, section: Section) -> None:
    """Make ``section`` available to reviews as ``name`` (replacing one of that name)."""
    SECTIONS[name] = section


def review_lines(
    round_: Round,
    lang: str = "en",
    seat: int | None = None,
    sections: Sequence[str] = ("tricks",),
    budget: int = 20,
    seed: int = 0,
) -> list[str]:
    """The review of one hand: a heading, then each section's lines, in order.

    ``seat`` (0–3) narrows the play notes to that seat's plays; an unknown section name or
    seat is a ``ValueError`` that names the accepted ones.
    """
    options = ReviewOptions(check_language(lang), _seat(seat), budget, seed)
    unknown = [name for name in sections if name not in SECTIONS]
    if unknown:
        known = ", ".join(SECTIONS)
        raise ValueError(f"no review section {unknown[0]!r}: choose among {known}")
    lines = [render(heading(round_), options.lang)]
    for name in sections:
        lines += SECTIONS[name](round_, options)
    return lines


def _seat(seat: int | None) -> int | None:
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1, 2, 3)):
        raise ValueError(f"a seat is 0, 1, 2 or 3, not {seat!r}")
    return seat


def heading(round_: Round) -> Message:
    """``Level 2, trump ♠, dealer South (0)``: what the hand was played at."""
    trump = round_.trump
    level = rank_text(round_.level_rank)
    if trump is None or round_.dealer is None:
        return message("Level {level}: this hand was not played.", level=level)
    suit = suit_label(trump.suit) if trump.suit else message("no trump")
    return message(
        "Level {level}, trump {suit}, dealer {seat}.",
        level=level,
        suit=suit,
        seat=seat_name(round_.dealer),
    )


def tricks_section(round_: Round, options: ReviewOptions) -> list[str]:
    """Every trick: what decided it, then each play's note (only ``options.seat``'s if set),
    and the hand's result when it is finished."""
    lines = []
    for note in explain_round(round_, options.lang):
        lines.append(note.text)
        for play in note.plays:
            if options.seat is None or play.seat == options.seat:
                lines.append("  " + play.text)
    result = round_.result
    if round_.phase == FINISHED and result is not None:
        lines.append(render(_result(round_), options.lang))
    return lines


def _result(round_: Round) -> Message:
    result = round_.result
    assert result is not None
    points = message(
        "The defenders scored {total} points: {tricks} in tricks, {kitty} from the kitty, "
        "{penalty} in throw penalties.",
        total=result.defender_points,
        tricks=result.trick_points,
        kitty=result.kitty_points,
        penalty=result.penalty,
    )
    settlement = result.settlement
    if settlement.draw:
        outcome = message("A draw: nobody goes up.")
    elif settlement.defenders_take_deal and not settlement.defender_levels:
        outcome = message(
            "The defenders (team {team}) take the deal.", team=1 - team_of(result.dealer)
        )
    elif settlement.defenders_take_deal:
        outcome = plural_message(
            "The defenders (team {team}) take the deal and go up {n} level.",
            "The defenders (team {team}) take the deal and go up {n} levels.",
            settlement.defender_levels,
            team=1 - team_of(result.dealer),
        )
    else:
        outcome = plural_message(
            "The dealer's team (team {team}) keeps the deal and goes up {n} level.",
            "The dealer's team (team {team}) keeps the deal and goes up {n} levels.",
            settlement.dealer_levels,
            team=team_of(result.dealer),
        )
    return message("{first} {second}", first=points, second=outcome)


add_section("tricks", tricks_section)
