"""The golden data of ``tests/golden``: the two-deck rules' answers from before RULES §11.

``tests/golden/make_golden.py`` (its docstring tells how and why) recorded them once from the
frozen copy of the old rules, since deleted. Cards are canonical text (``"S10 HA BJ"``), a
trump is ``[level, suit or None]``.

A reason is compared by what it says, not by its words: :func:`gist` is the rule it cites
and the cards it names, so the wording of a reason can be improved (grammar, clarity)
without touching the data, while a verdict for another rule or about other cards fails.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path

from shengji_edu import Trump, parse_cards

GOLDEN = Path(__file__).resolve().parent / "golden"


@cache
def load(name: str) -> dict:
    """One file of golden data, e.g. ``load("follow")``."""
    with gzip.open(GOLDEN / f"{name}.json.gz", "rt", encoding="utf-8") as data:
        return json.load(data)


def cards(text: str) -> list:
    return parse_cards(text) if text else []


def trump(data: list) -> Trump:
    level, suit = data
    return Trump(level, suit)


def texts(cards) -> str:
    return " ".join(card.text for card in cards)


# The rule a two-deck reason cites, by a phrase that names the rule rather than its grammar.
# Every reason must match exactly one (a new kind of reason is added here, with its rule).
RULES = {
    "size": r"\bled, so play exactly \d+\b",
    "in hand": r": (play|lead) cards from your hand$",
    "follow suit": r": you must follow with .+ only, not ",
    "short of the suit": r": you must play (?:it|all of them), then any other cards\b",
    "pair": r"\bwas led and you hold .+: you must follow with a pair$",
    "pairs": r"^the lead holds \d+ pairs of .+: you must play at least \d+",
    "tractor": r": you must follow with a tractor of \d+ pairs$",
    "throw fails": r"^the throw .+ fails: another player holds .+ which beats your ",
    "not a declaration": r" is not a declaration: show ",
}

CARD_FACE = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])|\bBJ\b|\bLJ\b")


def rule_of(reason: str) -> str:
    """The rule a reason cites ("" for no reason: the move is legal)."""
    if not reason:
        return ""
    found = [rule for rule, pattern in RULES.items() if re.search(pattern, reason)]
    assert len(found) == 1, f"no single rule in RULES matches the reason {reason!r}: {found}"
    return found[0]


def gist(reason: str) -> tuple[str, list[str]]:
    """What a reason says: the rule it cites and the cards it names (sorted), not its words."""
    return rule_of(reason), sorted(CARD_FACE.findall(reason))
