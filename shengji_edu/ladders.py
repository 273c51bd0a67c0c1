"""Level ladders (RULES §2, §7 and §12.1): the levels a team climbs, and how it climbs them.

A ladder is the tuple of its rungs, lowest first: ``"2-A"`` is every rank 2, 3, …, K, A (§2)
and ``"5-10-K"`` the level rooms' 5, 10, K (§12.1, 「级牌只有5，10，K」). Both teams start on
the first rung; a settlement of +*n* levels moves a team *n* rungs up, never past the top rung
(a team cannot skip it), and a team wins the match by winning a hand as dealers on the top
rung. The top of ``"2-A"`` is A, so §7's "levels stop at A" is this module's rule for the
standard ladder, not a branch of its own.

Decisions (RULES is silent): a level may be given as text (``"K"``, ``"10"``), as a
:class:`~shengji_edu.game.match.Match`'s start level can; *n* must be a whole number.
"""

from __future__ import annotations

from .cards import parse_rank, rank_text
from .rules import RuleSet

__all__ = ["LADDERS", "check_level", "climb", "level_ladder", "top_rung"]

LADDERS: dict[str, tuple[int, ...]] = {
    "2-A": tuple(range(2, 15)),
    "5-10-K": (5, 10, 13),
}
"""The rungs of each ``RuleSet.levels``, lowest first (A = 14, K = 13)."""


def level_ladder(rules: RuleSet = RuleSet()) -> tuple[int, ...]:
    """The rungs of ``rules``: ``(2, 3, …, 14)`` or ``(5, 10, 13)``.

    >>> level_ladder(RuleSet(levels="5-10-K"))
    (5, 10, 13)
    """
    return LADDERS[rules.levels]


def top_rung(rules: RuleSet = RuleSet()) -> int:
    """The last rung (A, or K in the 5-10-K rooms): winning a hand there as dealers wins."""
    return LADDERS[rules.levels][-1]


def check_level(level: int | str, rules: RuleSet = RuleSet()) -> int:
    """``level`` as a whole-number rank if it is a rung of ``rules``'s ladder, else a
    ``ValueError`` naming the rungs."""
    rungs = LADDERS[rules.levels]
    try:
        rank = parse_rank(level)
    except ValueError:
        rank = None
    if rank not in rungs:
        names = ", ".join(rank_text(rung) for rung in rungs)
        raise ValueError(
            f"{level!r} is not a level of the {rules.levels} ladder: its levels are {names}"
        )
    return rank


def climb(level: int | str, n: int, rules: RuleSet = RuleSet()) -> int:
    """The level *n* ≥ 0 rungs above ``level``, capped at the top rung (RULES §12.1).

    >>> climb(5, 2, RuleSet(levels="5-10-K")), climb(13, 2, RuleSet())
    (13, 14)
    """
    rungs = LADDERS[rules.levels]
    rank = level if type(level) is int and level in rungs else check_level(level, rules)
    if type(n) is not int or n < 0:
        raise ValueError(f"a team climbs a whole number of levels, 0 or more, not {n!r}")
    return rungs[min(rungs.index(rank) + n, len(rungs) - 1)]
