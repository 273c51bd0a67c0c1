"""The state of one hand, declared once: every field a :class:`~.round.Round` keeps.

Each :class:`Field` names a private attribute of the round, its value when a hand begins
(``start``), and, for what the whole table sees, the :class:`~.public.PublicTable` attribute
it is (``public``). From this one list:

- ``Round.__slots__`` is made (:data:`SLOTS`);
- ``Round.__init__`` starts every field (:func:`start_state`) and then sets only what the
  seed, the levels and the dealer decide (the deck, the fallback draws, wearing the A);
- a what-if world (:func:`~.worlds.build_world`) takes every public field from the record
  (:func:`copy_public_state`), starts the others, then sets only what the guess decides;
- ``Round._record`` lists the public values in the record's order; a test checks that it
  reads exactly the fields this list calls public, so the three cannot drift apart.

Values are immutable (tuples, frozensets) except the few a hand changes in place (the hands,
the log): for those ``start`` is a function called for every new round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .public import DEALING


class Field(NamedTuple):
    """One field of a hand's state (see the module docstring)."""

    name: str
    start: Any
    """The value when a hand begins, or a function that makes it (for mutable values)."""
    public: str | None = None
    """The PublicTable attribute this field is, which a what-if world copies; None: private."""


def _fresh_lists() -> list[list]:
    return [[] for _ in range(4)]


def _nones() -> list[None]:
    return [None] * 4


# fmt: off
HAND_STATE: tuple[Field, ...] = (
    # who plays at what level, and how the hand began (set by Round.__init__ or the record)
    Field("_levels", (2, 2), "levels"),
    Field("_dealer", None, "dealer"),
    Field("_starting_dealer", None, "starting_dealer"),
    Field("_first_hand", False, "first_hand"),
    Field("_fixed_trump", None, "fixed_trump"),
    Field("_dealt_cards", 0),
    Field("_deck", ()),
    Field("_fallback_dealer", None),
    Field("_fallback_flip", None),
    Field("_fallback_suit", None),
    Field("_at_ace", False),
    Field("_wear_ace_hand", False),
    Field("_house_bidding", False),
    Field("_rng_seed", 0),
    Field("_seat_rngs", _nones),
    # dealing and declaring (RULES §8, §12.4-§12.6)
    Field("_dealt", 0, "dealt"),
    Field("_hands", _fresh_lists),
    Field("_declarable", _fresh_lists),  # each seat's level cards and jokers
    Field("_declaration_cache", _nones),
    Field("_declaring_seats", ()),
    Field("_deal_levels", ()),
    Field("_declarations", (), "declarations"),
    Field("_bids", (), "bids"),
    Field("_auction_turn", None),
    Field("_trump", None, "trump"),
    Field("_kitty_flip", None, "kitty_flip"),
    # the kitty, reports and overcalls (RULES §7, §11.3, §12.5, §12.11)
    Field("_kitty_cards", ()),
    Field("_kitty_holder", None),
    Field("_buried", ()),
    Field("_buried_by", None, "buried_by"),
    Field("_overcalls", (), "overcalls"),
    Field("_overcall_turn", None),
    Field("_reports", dict),  # secret until every seat has answered
    Field("_report_outcome", None),
    Field("_returns", ()),
    Field("_returns_shown", (), "returns"),  # (giver, to, how many): what the table sees
    Field("_returns_due", (), "returns_due"),
    Field("_shown_kitty", (), "open_kitty"),
    # playing (RULES §4-§6)
    Field("_tricks", (), "tricks"),
    Field("_current", (), "current_trick"),
    Field("_attempted", None, "attempted"),
    Field("_turn", None, "turn"),
    Field("_points", 0, "defender_points"),
    Field("_penalty", 0, "penalty"),
    Field("_voids", (frozenset(),) * 4, "voids"),
    Field("_played", (), "played_cards"),
    Field("_result", None, "result"),
    Field("_phase", DEALING, "phase"),
    # the hand's log: read by renderers and records, never by the rules (see Round)
    Field("_events", list),
    Field("_events_read", 0),
    Field("_built_events", list),
    Field("_actions", list),
)
# fmt: on

SLOTS: tuple[str, ...] = tuple(sorted(field.name for field in HAND_STATE))
"""The round's slots: one per field (the public ``seed``, ``rules`` and ``rng`` stay in the
instance's dictionary)."""

_STARTS: tuple[tuple[str, Any, bool], ...] = tuple(
    (field.name, field.start, callable(field.start)) for field in HAND_STATE
)


def start_state(round_: Any) -> None:
    """Give every field of ``round_`` its value at the start of a hand."""
    for name, start, make in _STARTS:
        setattr(round_, name, start() if make else start)


def copy_public_state(world: Any, public: Any) -> None:
    """Give every field of ``world`` its value in the record ``public`` (a PublicTable), or,
    for a field the table does not see, its value at the start of a hand."""
    for field in HAND_STATE:
        if field.public is not None:
            setattr(world, field.name, getattr(public, field.public))
        else:
            start: Callable[[], Any] | Any = field.start
            setattr(world, field.name, start() if callable(start) else start)


__all__ = ["HAND_STATE", "SLOTS", "Field", "copy_public_state", "start_state"]
