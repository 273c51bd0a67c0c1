"""Settlement tables as data (RULES §7, §11.1, §12.9): bands of defender points → levels.

A table is a value, not a branch: the standard table, the escalating one, the seeds' tables
and any custom table an instructor writes are all :class:`SettlementTable` values, read from
the same text (``0:D3/1:D2/40:D1/80:A0+40``) and settled by the same code.

This module knows nothing of a :class:`~shengji_edu.rules.RuleSet` but its duck-typed
``decks``, ``settlement`` and ``settlement_table`` (``RuleSet`` validates its table with
:meth:`SettlementTable.parse`, so the import goes this way only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEALERS = "D"
"""A band where the dealer team keeps the deal."""

DEFENDERS = "A"
"""A band where the defenders take the deal (上台)."""

NAMED_TABLES = {
    "standard": "0:D3/1:D2/{s}:D1/{2s}:A0+{s}",
    "escalating": "0:D3/1:D2/{s}:D1/{2s}:A1+{s}",
    "twenty": "0:D3/1:D2/40:D1/80:A0/100:A1/120:A2/140:A3/160:A4/180:A5/200:A8+20",
    "one_deck_classic": "0:D2/1:D1/40:A0/80:A1/100:A2",
}
"""The named tables, *s* = 20 × decks (RULES §12.9); ``twenty`` is a two-deck table and
``one_deck_classic`` a one-deck one (RULES §12.17)."""

TABLE_DECKS = {"twenty": 2, "one_deck_classic": 1}
"""Named tables written for one number of decks only."""

_TABLES: dict[tuple, SettlementTable | None] = {}
"""The tables :meth:`SettlementTable.of` has read, by (settlement, settlement_table, decks)."""


@dataclass(frozen=True)
class Settlement:
    """The result of a hand: levels for each team and whether the deal changes hands (§10).

    ``draw`` is only ever true in the 45-point game (RULES §12.10): no levels, nobody takes
    the deal, and the next hand is played like a first hand. A ``Settlement`` that is no draw
    keeps ``draw`` out of its ``__dict__`` (the class's ``False`` answers for it) and out of
    its ``repr``, so ``vars(settlement)``, a pickle and the printed value are what they were
    before draws existed.
    """

    defender_points: int
    dealer_levels: int
    defender_levels: int
    defenders_take_deal: bool
    draw: bool = False

    def __post_init__(self) -> None:
        if not self.draw:
            del self.__dict__["draw"]  # the class attribute (False) answers for it

    def __repr__(self) -> str:
        draw = ", draw=True" if self.draw else ""
        return (
            f"Settlement(defender_points={self.defender_points!r}, dealer_levels="
            f"{self.dealer_levels!r}, defender_levels={self.defender_levels!r}, "
            f"defenders_take_deal={self.defenders_take_deal!r}{draw})"
        )

    @property
    def winner(self) -> str:
        """``"dealers"``, ``"defenders"`` (the team that deals the next hand won it) or
        ``"draw"``."""
        if self.draw:
            return "draw"
        return "defenders" if self.defenders_take_deal else "dealers"


@dataclass(frozen=True)
class Band:
    """From ``low`` defender points on (up to the next band): ``side`` gets ``levels``, and
    with a ``step`` (the last band only) one level more per further ``step`` points."""

    low: int
    side: str
    levels: int
    step: int | None = None

    def __str__(self) -> str:
        more = f"+{self.step}" if self.step is not None else ""
        return f"{self.low}:{self.side}{self.levels}{more}"


@dataclass(frozen=True)
class SettlementTable:
    """Bands of defender points, lowest first (see the module docstring and RULES §12.9).

    >>> table = SettlementTable.parse("standard", decks=2)
    >>> str(table)
    '0:D3/1:D2/40:D1/80:A0+40'
    >>> table.settle(125).defender_levels
    1
    """

    bands: tuple[Band, ...]

    def __post_init__(self) -> None:
        _check(self.bands)

    @classmethod
    def parse(cls, text: str, decks: int = 2) -> SettlementTable:
        """A named table (``standard``, ``escalating``, ``twenty``, ``one_deck_classic``) for
        ``decks`` decks, or bands written ``LO:SN`` joined by ``/``; a ``ValueError`` names
        what is wrong."""
        if not isinstance(text, str):
            raise ValueError(
                f"a settlement table is a name or bands like 0:D3/1:D2/40:D1/80:A0+40, not {text!r}"
            )
        name = text.strip()
        if name in NAMED_TABLES:
            needs = TABLE_DECKS.get(name)
            if needs is not None and decks != needs:
                raise ValueError(
                    f"the settlement table {name!r} is for {needs} deck{'s' * (needs > 1)}, "
                    f"not decks={decks}"
                )
            if decks not in (1, 2, 3) or isinstance(decks, bool):
                raise ValueError(f"decks must be 1, 2 or 3, not {decks!r}")
            s = 20 * decks
            name = NAMED_TABLES[name].replace("{2s}", str(2 * s)).replace("{s}", str(s))
        if not name:
            raise ValueError(
                "a settlement table needs bands, e.g. 0:D3/1:D2/40:D1/80:A0+40, or a name: "
                + ", ".join(NAMED_TABLES)
            )
        return cls(tuple(_band(part.strip()) for part in name.split("/")))

    @classmethod
    def of(cls, rules) -> SettlementTable | None:
        """The table ``rules`` settle by; ``None`` for the 45-point game (RULES §12.10).

        Tables are values, so each is read once and shared (a game settles every hand)."""
        key = (rules.settlement, rules.settlement_table, rules.decks)
        try:
            return _TABLES[key]
        except KeyError:
            pass
        if rules.settlement == "forty_five":
            table = None
        elif rules.settlement == "escalating":
            table = cls.parse("escalating", rules.decks)
        else:
            table = cls.parse(rules.settlement_table, rules.decks)
        _TABLES[key] = table
        return table

    def __str__(self) -> str:
        return "/".join(map(str, self.bands))

    def settle(self, defender_points: int) -> Settlement:
        """The outcome for the defenders' points (a negative total settles as 0, RULES §4)."""
        if isinstance(defender_points, bool) or not isinstance(defender_points, int):
            raise TypeError(f"defender points must be an int, not {defender_points!r}")
        points = max(0, defender_points)
        band = self.bands[0]
        for candidate in self.bands:
            if candidate.low > points:
                break
            band = candidate
        levels = band.levels
        if band.step is not None:
            levels += (points - band.low) // band.step
        if band.side == DEALERS:
            return Settlement(defender_points, levels, 0, False)
        return Settlement(defender_points, 0, levels, True)


_BAND = re.compile(r"([0-9]+):([DdAa])([0-9]+)(?:\+([0-9]+))?")
"""One band: ``LO:SN`` or ``LO:SN+STEP`` in ASCII digits (``d``/``a`` read as ``D``/``A``)."""


def _band(text: str) -> Band:
    """One ``LO:SN`` or ``LO:SN+STEP`` band, or a ValueError naming it."""
    match = _BAND.fullmatch(text)
    if match is None:
        raise ValueError(
            f"bad settlement band {text!r}: write LO:DN (the dealers keep the deal, +N) or "
            "LO:AN (the defenders take it, +N), the last band optionally +STEP, "
            "e.g. 0:D3/1:D2/40:D1/80:A0+40"
        )
    low, side, levels, step = match.groups()
    return Band(int(low), side.upper(), int(levels), None if step is None else int(step))


def _check(bands: tuple[Band, ...]) -> None:
    """The shape RULES §12.9 asks of a table; a ValueError names the first bad band."""
    if not bands:
        raise ValueError("a settlement table needs at least one band, e.g. 0:D3/1:D2/40:D1/80:A0")
    for band in bands:
        if not isinstance(band, Band):
            raise ValueError(f"a settlement table is made of Bands, not {band!r}")
        whole = (band.low, band.levels) + (() if band.step is None else (band.step,))
        if band.side not in (DEALERS, DEFENDERS) or any(type(n) is not int for n in whole):
            raise ValueError(f"a settlement band is LO:DN or LO:AN in whole numbers, not {band}")
    if bands[0].low != 0:
        raise ValueError(f"a settlement table starts at 0 points, not with the band {bands[0]}")
    for before, band in zip(bands, bands[1:], strict=False):
        if band.low <= before.low:
            raise ValueError(
                f"settlement bands rise strictly: the band {band} comes after {before}"
            )
        if before.side == DEFENDERS and band.side == DEALERS:
            raise ValueError(
                f"no dealers' band after a defenders' one: the band {band} comes after {before}"
            )
        if before.side == band.side == DEALERS and band.levels > before.levels:
            raise ValueError(
                f"the dealers' levels never rise as points rise: the band {band} after {before}"
            )
        if before.side == band.side == DEFENDERS and band.levels < before.levels:
            raise ValueError(
                f"the defenders' levels never fall as points rise: the band {band} after {before}"
            )
    for band in bands:
        if band.levels < 0:
            raise ValueError(f"levels are 0 or more: the band {band}")
        if band.step is not None and (band.step < 1 or band is not bands[-1]):
            raise ValueError(
                f"only the last band may have a +STEP, and STEP is 1 or more: the band {band}"
            )
    if bands[-1].side != DEFENDERS:
        raise ValueError(
            f"a settlement table ends with a defenders' band (LO:AN): the last is {bands[-1]}"
        )
