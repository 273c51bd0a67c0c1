"""Swiss rounds: a class (or a school) ranked in a few rounds instead of every pair.

A round robin of ``n`` bots is ``n (n - 1) / 2`` matches; ``R`` Swiss rounds are about
``R n / 2``. Each round pairs bots of similar score, so the strong meet the strong and the
ranking sharpens where it is uncertain. The decisions, written here so a class can rely on
them:

* **Score**: the hands a bot has won so far, over all its matches (every match has the same
  number of hands, ``2 × deals``), plus half the hands of a match for each bye.
* **Order within a round**: by score, highest first; ties are broken by a number drawn from
  the seed, the round and the bot's name (SHA-256), never by the order of the folder or of
  play, so the same seed and results give the same pairings anywhere.
* **Pairing**: down the ordered list, each unpaired bot meets the highest-placed unpaired bot
  it has *not met yet*; when that leads to a dead end (the last bots have all met), the
  search backtracks to the nearest choice that avoids it. **No rematches**: if no pairing
  without one exists, that is an error (ask for fewer rounds, or a round robin).
* **Byes**: with an odd number of bots, the lowest-placed bot that has had the fewest byes
  sits the round out (so nobody has a second bye before everyone had one) and scores half
  a match's hands, what it would expect against an equal opponent.
* **A term-long ladder**: the rounds played so far are kept in the results folder (see
  :func:`read_rounds`); running again with more bots or more rounds keeps them, replays
  nothing that is stored (matches are found by key, as in a round robin), and pairs only
  the new rounds. A bot that arrives late starts at score 0 in the next round; its rating
  (Bradley–Terry, which accounts for whom each bot met) is comparable with the others'.

The final ranking of a Swiss tournament is the Bradley–Terry rating fitted to the matches
played (:mod:`.rating`); its score column is the share of hands won against the opponents
each bot met.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SWISS_DOMAIN = "shengji-edu tournament swiss v1"


class SwissError(ValueError):
    """Swiss rounds cannot be paired as asked (the message says what to change)."""


@dataclass(frozen=True)
class Round:
    """One Swiss round: its matches (pairs of bot names, in pairing order) and its bye."""

    number: int
    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None

    def to_dict(self) -> dict:
        return {"round": self.number, "pairs": [list(p) for p in self.pairs], "bye": self.bye}

    @classmethod
    def from_dict(cls, data: dict) -> Round:
        pairs = tuple((str(a), str(b)) for a, b in data["pairs"])
        return cls(int(data["round"]), pairs, data.get("bye"))


def tie_break(seed: int, number: int, name: str) -> int:
    """The seeded number that orders bots of equal score in round ``number``."""
    text = f"{SWISS_DOMAIN}|{seed}|{number}|{name}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def standings(
    names: Sequence[str],
    rounds: Sequence[Round],
    hands_won: Mapping[tuple[str, str], tuple[int, int]],
    hands_per_match: int,
) -> dict[str, float]:
    """Each bot's Swiss score: hands won in its matches so far, plus half a match per bye.

    ``hands_won[(a, b)]`` is (hands a won, hands b won) of the match of ``a`` and ``b``."""
    score = {name: 0.0 for name in names}
    for round_ in rounds:
        for a, b in round_.pairs:
            won = hands_won.get((a, b))
            if won is None:
                continue
            if a in score:
                score[a] += won[0]
            if b in score:
                score[b] += won[1]
        if round_.bye in score:
            score[round_.bye] += hands_per_match / 2
    return score


def pair_round(
    names: Sequence[str],
    rounds: Sequence[Round],
    scores: Mapping[str, float],
    seed: int,
) -> Round:
    """The next round's pairing (see the module docstring); SwissError if impossible."""
    number = len(rounds) + 1
    if len(set(names)) != len(names) or len(names) < 2:
        raise SwissError("Swiss rounds need at least two bots with different names")
    if number > len(names) - 1 + len(names) % 2:
        raise SwissError(
            f"{len(names)} bots cannot play {number} rounds without a rematch: "
            "ask for fewer rounds, or play a round robin"
        )
    met: set[frozenset[str]] = {frozenset(p) for r in rounds for p in r.pairs}
    byes = {name: sum(r.bye == name for r in rounds) for name in names}
    order = sorted(names, key=lambda n: (-scores.get(n, 0.0), tie_break(seed, number, n)))
    bye = None
    if len(order) % 2:
        fewest = min(byes.values())
        bye = next(n for n in reversed(order) if byes[n] == fewest)
        order.remove(bye)
    pairs = _match(order, met)
    if pairs is None:
        raise SwissError(
            f"round {number} cannot pair {len(order)} bots without a rematch: ask for fewer "
            f"rounds (at most about half the number of bots) or play a round robin"
        )
    return Round(number, tuple(pairs), bye)


def _match(order: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """Pair ``order`` top down, each with the highest-placed opponent not met, backtracking."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _match(rest[:index] + rest[index + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def match_pair(a: str, b: str, order: Sequence[str]) -> tuple[str, str]:
    """A pair in the bots' (name) order, as the round robin's matches are keyed."""
    position = {name: i for i, name in enumerate(order)}
    return (a, b) if position[a] < position[b] else (b, a)


def read_rounds(data: object) -> list[Round]:
    """The rounds kept in the results folder's ``swiss.json`` (none if unreadable)."""
    if not isinstance(data, dict) or not isinstance(data.get("rounds"), list):
        return []
    try:
        return [Round.from_dict(item) for item in data["rounds"]]
    except (KeyError, TypeError, ValueError):
        return []


__all__ = ["Round", "SwissError", "match_pair", "pair_round", "read_rounds", "standings"]
