"""The players' own generators (RULES §9), for Shengji and Gin Rummy alike.

Each seat draws from a generator of its own, derived from the game's seed: a seed replays a
hand card for card, players' choices included, yet nothing a player draws from (or does to)
its generator changes the deal or another player's choices, and the seed cannot be worked
back from a generator or its state.
"""

from __future__ import annotations

import hashlib
import random


def derived_seed(domain: str, seed: int, seat: int) -> int:
    """The seed of ``seat``'s generator in the game dealt from ``seed``: SHA-256 of a fixed
    ``domain`` string (one per game, so two games never share generators), the seat and the
    seed, read as a number."""
    data = f"{domain}|{seat}|".encode("ascii")
    data += seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    return int.from_bytes(hashlib.sha256(data).digest(), "big")


class SeededWhenUsed(random.Random):
    """``random.Random(seed)``, seeded when it is first used.

    Seeding a Mersenne Twister costs about as much as a greedy player's decision (~5 µs),
    and most computer players never draw from their seat's generator (nor does a what-if
    world from its deck generator). Its first use (a draw, ``getstate``, ``setstate``,
    ``seed``, a copy or a pickle) seeds it and makes it a plain ``random.Random``, so every
    draw gives the numbers ``random.Random(seed)`` gives, and after that it is one
    (``type(rng) is random.Random``). The tests compare the two."""

    def __init__(self, seed: int) -> None:  # deliberately not seeded here
        self._seed_later = seed
        self.gauss_next = None  # what random.Random.__init__ sets (gauss reads it first)

    def random(self) -> float:
        return _seed_now(self).random()

    def getrandbits(self, k: int) -> int:
        return _seed_now(self).getrandbits(k)

    def getstate(self) -> tuple:
        return _seed_now(self).getstate()

    def setstate(self, state: tuple) -> None:
        _seed_now(self).setstate(state)

    def seed(self, a=None, version: int = 2) -> None:  # noqa: D102 (random.Random.seed)
        _seed_now(self).seed(a, version)

    def __reduce__(self) -> tuple:
        return _seed_now(self).__reduce__()


def _seed_now(rng: random.Random) -> random.Random:
    """Seed a :class:`SeededWhenUsed` and make it a plain ``random.Random`` (the same
    layout); a generator already seeded is returned as it is (a method of the class it had,
    such as ``gauss``'s ``random``, may still be called after that)."""
    if rng.__class__ is SeededWhenUsed:
        random.Random.seed(rng, rng._seed_later)  # seeded first, then made plain: a
        rng.__class__ = random.Random  # generator never draws from a state not yet seeded
        rng.__dict__.pop("_seed_later", None)
    return rng
