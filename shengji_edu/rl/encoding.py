"""The observation: a fixed-length numpy encoding of what one seat sees (its PlayerView).

Seats are *relative*: 0 is the observer, 1 the next to play after it, 2 its partner, 3 the
one before it, so a learned player reads the table the same way from every seat. Cards are
counted by ``card.index`` (0..51: S2..SA, H2..HA, D2..DA, C2..CA; 52 little joker, 53 big
joker). Everything comes from the view (its ``hand``, the tricks played, the running trick,
the trump, the levels...), so nothing hidden is encoded: no other hand, no kitty the seat
did not bury, no seed (the sealed-view guarantees of :mod:`shengji_edu.players.base`).

=====================  ======  ==========================================================
block                  length  meaning
=====================  ======  ==========================================================
``hand``               54      copies of each card in the observer's hand
``chosen``             54      copies chosen so far in the decision being made
``played``             4 × 54  cards each relative seat played in finished tricks
``trick``              4 × 54  cards each relative seat played in the running trick
``buried``             54      the kitty, if this seat buried it (or it is open, §12.11)
``is_trump``           54      1 for the cards that are trumps (all 0 before the trump)
``trump_suit``         5       one-hot S, H, D, C, no trump suit (all 0 before the trump)
``level``              13      one-hot rank 2..A of the hand's level
``team_levels``        2       ladder rung of the observer's team and the other, / 13
``dealer``             5       one-hot relative seat of the dealer, or "not yet known"
``decision``           5       one-hot of declare, overcall, bury, lead, follow
``points``             2       defenders' points and throw penalty, / the deck's points
``hand_sizes``         4       cards held by each relative seat, / the hand size
``voids``              4 × 5   effective suits S, H, D, C, trump each seat showed void in
``lead_size``          1       cards in the lead to follow, / 25 (0 when leading)
``declarer``           5       one-hot relative seat of the standing declaration, or none
``dealt``              1       fraction of the deal done
``decks``              3       one-hot 1, 2, 3 decks
=====================  ======  ==========================================================

:data:`LAYOUT` gives each block's slice; :func:`encode` builds the vector (float32).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..cards import SUITS, Card
from ..game.view import PlayerView
from ..ladders import level_ladder
from ..trump import TRUMP
from .choosing import KINDS

BLOCKS: tuple[tuple[str, int], ...] = (
    ("hand", 54),
    ("chosen", 54),
    ("played", 4 * 54),
    ("trick", 4 * 54),
    ("buried", 54),
    ("is_trump", 54),
    ("trump_suit", 5),
    ("level", 13),
    ("team_levels", 2),
    ("dealer", 5),
    ("decision", 5),
    ("points", 2),
    ("hand_sizes", 4),
    ("voids", 4 * 5),
    ("lead_size", 1),
    ("declarer", 5),
    ("dealt", 1),
    ("decks", 3),
)


def _layout() -> dict[str, slice]:
    layout, start = {}, 0
    for name, length in BLOCKS:
        layout[name] = slice(start, start + length)
        start += length
    return layout


LAYOUT: dict[str, slice] = _layout()
"""Each block's slice of the observation vector."""
SIZE = sum(length for _, length in BLOCKS)
"""The observation's length."""
HIGH = 3.0
"""No entry exceeds 3 (copies of a card with three decks; everything else is ≤ 1)."""
EFFECTIVE_SUITS = (*SUITS, TRUMP)


def _count(out: np.ndarray, offset: int, cards: Sequence[Card]) -> None:
    for card in cards:
        out[offset + card.index] += 1


def encode(view: PlayerView, kind: str | None = None, chosen: Sequence[Card] = ()) -> np.ndarray:
    """The observation of ``view``'s seat deciding ``kind`` (None: not its turn) with
    ``chosen`` cards chosen so far."""
    out = np.zeros(SIZE, dtype=np.float32)
    me = view.seat
    rules = view.rules

    def rel(seat: int) -> int:
        return (seat - me) % 4

    _count(out, LAYOUT["hand"].start, view.hand)
    _count(out, LAYOUT["chosen"].start, chosen)
    played = LAYOUT["played"].start
    for trick in view.tricks:
        for seat, cards in trick.plays:
            _count(out, played + 54 * rel(seat), cards)
    running = LAYOUT["trick"].start
    for seat, cards in view.current_trick:
        _count(out, running + 54 * rel(seat), cards)
    _count(out, LAYOUT["buried"].start, view.buried)
    trump = view.trump
    if trump is not None:
        flags = LAYOUT["is_trump"].start
        for index, suit in enumerate(trump.suit_by_index):
            out[flags + index] = suit == TRUMP
        suit_slot = SUITS.index(trump.suit) if trump.suit in SUITS else 4
        out[LAYOUT["trump_suit"].start + suit_slot] = 1
    out[LAYOUT["level"].start + view.level_rank - 2] = 1
    ladder = level_ladder(rules)
    levels = view.levels
    team = me % 2
    for slot, which in enumerate((team, 1 - team)):
        out[LAYOUT["team_levels"].start + slot] = ladder.index(levels[which]) / 13
    dealer = view.dealer
    out[LAYOUT["dealer"].start + (4 if dealer is None else rel(dealer))] = 1
    if kind is not None:
        out[LAYOUT["decision"].start + KINDS.index(kind)] = 1
    total = rules.total_points
    out[LAYOUT["points"]] = (view.defender_points / total, view.penalty / total)
    sizes = view.hand_sizes()
    for seat in range(4):
        out[LAYOUT["hand_sizes"].start + rel(seat)] = sizes[seat] / rules.hand_size
        for suit in view.voids(seat):
            out[LAYOUT["voids"].start + 5 * rel(seat) + EFFECTIVE_SUITS.index(suit)] = 1
    lead = view.lead
    if lead is not None and view.phase == "playing":
        out[LAYOUT["lead_size"].start] = len(lead) / 25
    standing = view.standing_declaration
    out[LAYOUT["declarer"].start + (4 if standing is None else rel(standing.seat))] = 1
    out[LAYOUT["dealt"].start] = view.dealt / rules.dealt_cards
    out[LAYOUT["decks"].start + rules.decks - 1] = 1
    return out
