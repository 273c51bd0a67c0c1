"""The schedule: which deals are played, who meets whom, and what names a match.

* **Deals** come from the tournament's seed and the deal's number alone (SHA-256 of both),
  then the arena's :func:`~shengji_edu.arena.deal_setup` chooses the dealer seat and level
  and fixes the trump to the dealer's longest suit. Deal 3 is the same deal whatever the
  number of deals, workers or bots. The seed is the tournament's secret: a bot that knew it
  could work out every deal (the code is public), so use a long random one (the command's
  default) and publish it only after the tournament.
* **Pairs**: every pair of bots meets once (a round robin), in name order; each match plays
  every deal twice, teams swapped (see :mod:`.match`).
* **A match's key** is a SHA-256 of everything its result depends on: both bots (names and
  code hashes), the seed, the number of deals, the rules, the limits and the package's code.
  Results are stored under it, so a rerun reuses exactly the matches that would come out
  the same, and a changed bot (or a new one) replays only its own matches.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Sequence

from ..arena import DealSetup, deal_setup
from ..rules import RuleSet
from .bots import Bot

DEAL_DOMAIN = "shengji-edu tournament deal v1"


def _number(*parts: object) -> int:
    text = "|".join(str(part) for part in (DEAL_DOMAIN, *parts))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


def deal_setups(seed: int, deals: int, rules: RuleSet = RuleSet()) -> tuple[DealSetup, ...]:
    """The tournament's deals: deal ``k`` depends only on ``seed``, ``k`` and the rules (their
    deck, and the levels of their ladder: RULES §12.1)."""
    return tuple(
        deal_setup(
            _number(seed, index, "shuffle"), random.Random(_number(seed, index, "table")), rules
        )
        for index in range(deals)
    )


def pairs(bots: Sequence[Bot]) -> list[tuple[Bot, Bot]]:
    """Every pair of bots once, in the bots' (name) order."""
    return list(itertools.combinations(bots, 2))


def match_key(
    a: Bot, b: Bot, seed: int, deals: int, rules: RuleSet, limits: dict, engine: str
) -> str:
    """What names a match's result (see the module docstring)."""
    identity = {
        "a": [a.name, a.kind, a.sha256],
        "b": [b.name, b.kind, b.sha256],
        "seed": seed,
        "deals": deals,
        "rules": rules.to_dict(),
        "limits": limits,
        "engine": engine,
    }
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


__all__ = ["deal_setups", "match_key", "pairs"]
