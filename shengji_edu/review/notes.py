"""The review's data: a note per trick and a note per play, plain values a front end shows.

Kinds are stable identifiers (a viewer may style or filter by them); ``text`` is the
sentence in the language the review was asked for. Both data classes are frozen: a review
is a finished account of a hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card

# --- what decided a trick (TrickNote.kind; TrickNote.won_by for a failed throw) ----------
LEAD_HELD = "lead_held"
"""The lead (a single, pair, triple, tractor or titanic) won: nobody beat it (RULES §6)."""
HIGHER_SINGLE, HIGHER_PAIR, HIGHER_TRIPLE = "higher_single", "higher_pair", "higher_triple"
HIGHER_TRACTOR, HIGHER_TITANIC = "higher_tractor", "higher_titanic"
"""A later play of the led suit won with a higher key unit (RULES §6, §11.1)."""
RUFF = "ruff"
"""A play of trumps in the lead's format beat a side-suit lead (毙牌, RULES §6)."""
OVERRUFF = "overruff"
"""A higher ruff after a ruff (盖毙, RULES §6)."""
THROW_STOOD = "throw_stood"
"""A throw (甩牌) that nobody could beat at the lead, and nobody ruffed (RULES §4, §6)."""
THROW_FAILED = "throw_failed"
"""A throw that failed: a smaller unit was led instead (RULES §4, §12.3); ``won_by`` says
what then decided the trick."""
TRICK_KINDS = (
    LEAD_HELD,
    HIGHER_SINGLE,
    HIGHER_PAIR,
    HIGHER_TRIPLE,
    HIGHER_TRACTOR,
    HIGHER_TITANIC,
    RUFF,
    OVERRUFF,
    THROW_STOOD,
    THROW_FAILED,
)

# --- what a play was (PlayNote.kind) -------------------------------------------------------
LEAD = "lead"
"""A lead of one unit (single, pair, triple, tractor, titanic)."""
THROW = "throw"
"""A throw that stood at the lead (RULES §4)."""
# THROW_FAILED (above) is also the kind of the lead that failed.
FREE_VOID = "free_void"
"""No card of the led suit: free to ruff or discard (RULES §5 rule 2)."""
SHORT_SUIT = "short_suit"
"""Fewer cards of the led suit than were led (or exactly as many): all of them, then any."""
FOLLOWED_SUIT = "followed_suit"
"""Only the suit was owed (a lead of singles, or no pair in the hand's suit)."""
FOLLOWED_PAIRS = "followed_pairs"
"""Pairs were owed (有对必跟对, RULES §5 rule 3)."""
FOLLOWED_TRACTOR = "followed_tractor"
"""A tractor was owed (有拖拉机必跟拖拉机, RULES §5 rule 4)."""
FOLLOWED_TRIPLES = "followed_triples"
FOLLOWED_TITANIC = "followed_titanic"
"""A triple or a titanic was owed (three decks, RULES §11.1)."""
PLAY_KINDS = (
    LEAD,
    THROW,
    THROW_FAILED,
    FREE_VOID,
    SHORT_SUIT,
    FOLLOWED_SUIT,
    FOLLOWED_PAIRS,
    FOLLOWED_TRACTOR,
    FOLLOWED_TRIPLES,
    FOLLOWED_TITANIC,
)

# --- what a follow did to the trick (PlayNote.effect) ---------------------------------------
BEATS, RUFFS, OVERRUFFS = "beats", "ruffs", "overruffs"
"""It became the best play so far: higher in the led suit, a ruff, a higher ruff."""
LOWER, TIES = "lower", "ties"
"""It did not beat the best play so far (on a tie the earlier play wins)."""
DISCARD = "discard"
"""Not all of the led suit nor (after a side-suit lead) all trumps: it cannot win (垫牌)."""
NO_FORMAT = "no_format"
"""All of the led suit (or trumps) but not in the lead's format: it cannot win (RULES §6)."""
EFFECTS = (BEATS, RUFFS, OVERRUFFS, LOWER, TIES, DISCARD, NO_FORMAT)


@dataclass(frozen=True)
class PlayNote:
    """One play of a trick and why it was what it was.

    ``kind``: for the lead ``"lead"``, ``"throw"`` or ``"throw_failed"``; for a follow the
    strongest obligation that applied (``"free_void"``, ``"short_suit"``,
    ``"followed_suit"``, ``"followed_pairs"``, ``"followed_tractor"`` …). ``text`` says it in
    the review's language: what the rules obliged and what the play did. ``duties`` are the
    obligations' kinds in the order the rules check them (:data:`shengji_edu.duties.DUTY_KINDS`,
    only the ones that bit), ``effect`` what a follow did to the trick (:data:`EFFECTS`;
    ``""`` for the lead). ``cards`` are the cards played (for a failed throw, the unit led).
    """

    seat: int
    cards: tuple[Card, ...]
    kind: str
    text: str
    duties: tuple[str, ...] = ()
    effect: str = ""


@dataclass(frozen=True)
class TrickNote:
    """One trick: who won it, the rule that decided it (``kind``), its points and its plays.

    ``number`` counts from 1; ``leader`` and ``winner`` are seats; ``points`` are the point
    cards in the trick (RULES §7), whoever won them. ``text`` is the account in the review's
    language. For a failed throw ``kind`` is ``"throw_failed"``, ``attempted`` the whole
    throw, and ``won_by`` what then decided the trick (for any other trick ``won_by`` is
    ``kind``). ``notes`` are extra sentences where a variant (RULES §11) or house rule
    (RULES §12) changed who won or what was owed.
    """

    number: int
    leader: int
    winner: int
    points: int
    kind: str
    text: str
    plays: list[PlayNote]
    won_by: str = ""
    attempted: tuple[Card, ...] | None = None
    defenders_scored: bool = False
    notes: tuple[str, ...] = ()
