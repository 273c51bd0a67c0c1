"""What a legal follow was obliged to play (RULES §5, §11.1): the obligations that applied.

:func:`~shengji_edu.follow.check_follow` answers "is this follow legal, and if not, why?".
A review of a played hand asks the other question: for a follow that *was* legal, which of
the rules bit and which did not. :func:`follow_duties` answers it from the same search
(:func:`~shengji_edu.follow.first_unmet` with a ``path``), so the two can never disagree
about what the rules ask. In the order the rules check them:

* the suit (rule 2): ``"void"`` (no card of the led suit: free to ruff or discard),
  ``"short"`` (fewer cards of the suit than were led, or exactly as many: all of them, then
  any), ``"suit"`` (more than were led: only the suit);
* then, only for ``"suit"``, obligations (1)–(4) of RULES §11.1 (with two decks, §5 rules 3
  and 4): ``"titanic"`` and ``"tractor"`` (one per run of the lead, longest first, whether
  the hand made it bite or not), ``"triples"``, ``"pairs"``.

A separate module from :mod:`~shengji_edu.follow` only to keep that one small; it is part of
the rules core (standard library only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .follow import check_follow, first_unmet, follow_state
from .trump import Trump
from .units import TITANIC, TRACTOR, decompose, group_profiles, lead_format

VOID, SHORT, SUIT, TRIPLES, PAIRS = "void", "short", "suit", "triples", "pairs"
DUTY_KINDS = (VOID, SHORT, SUIT, TITANIC, TRACTOR, TRIPLES, PAIRS)
"""Every kind of :class:`Duty`, in the order the rules check them."""


@dataclass(frozen=True)
class Duty:
    """One obligation of RULES §5 (§11.1) as it applied to a legal follow.

    ``kind`` is one of :data:`DUTY_KINDS`; ``owed`` says whether the hand made it bite (a
    tractor led to a hand with no tractor that long owes none). ``count`` is, by kind: the
    cards of the led suit held (void, short, suit), the run's steps (titanic, tractor), how
    many the play had to hold (triples, pairs). ``asked`` is what the lead asked (its pairs,
    or triples), ``origin`` the lead unit that asked for a run ("tractor" or "titanic").
    ``held`` are the hand's groups that made the duty (its runs, pairs or triples, or the
    suit's cards when short), strongest first; ``played`` the play's cards that met it. For
    "pairs", ``origin`` is "pair" when one pair was led, "triple" when the lead holds
    triples (each counts as one pair), "tractor" when it holds tractors (each counts as its
    pairs), else empty.

    The pairs of rule (4) are listed only when they ask for more than the runs and triples
    owed before them already hold (a tractor owed for a tractor led holds its pairs), or when
    the hand holds no pair of the suit at all (then any cards of the suit do).
    """

    kind: str
    owed: bool
    count: int = 0
    asked: int = 0
    origin: str = ""
    held: tuple[tuple[Card, ...], ...] = ()
    played: tuple[Card, ...] = ()


def follow_duties(
    hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card], trump: Trump
) -> list[Duty]:
    """The obligations that applied to a legal follow, in the order the rules check them.

    ``hand`` is the follower's whole hand before playing. Raises ``ValueError`` with
    :func:`~shengji_edu.follow.check_follow`'s reason when the play is not legal, and for a
    lead that is no lead (empty or mixed).
    """
    verdict = check_follow(hand, lead, play, trump)
    if not verdict:
        raise ValueError(verdict.reason)
    fmt = lead_format(lead, trump)
    hand_suit = trump.sort(trump.cards_of(hand, fmt.suit))
    if not hand_suit:
        return [Duty(VOID, False)]
    if len(hand_suit) <= fmt.size:
        return [Duty(SHORT, True, len(hand_suit), held=(tuple(hand_suit),))]
    duties = [Duty(SUIT, True, len(hand_suit))]
    if not fmt.total_pairs:
        return duties
    play_suit = trump.sort(play)
    path: list = []
    unmet = first_unmet(fmt, follow_state(hand_suit, play_suit, trump), path)
    if unmet is not None:  # check_follow said legal: the two searches must agree
        raise AssertionError(f"check_follow and first_unmet disagree on {play} after {lead}")
    units = decompose(hand_suit, trump)
    for met in path:
        if met.kind == TRIPLES:
            duties.append(
                Duty(TRIPLES, met.owed, met.steps, met.asked, met.origin, _groups(hand_suit, 3))
            )
            continue
        width = 3 if met.kind == TITANIC else 2
        runs = tuple(tuple(u.cards) for u in units if u.width >= width and u.steps > 1)
        played = _run_cards(play_suit, met.top, met.steps, width, trump) if met.owed else ()
        duties.append(Duty(met.kind, met.owed, met.steps, 0, met.origin, runs, played))
    hand_pairs = sum(group_profiles(hand_suit, trump)[0].values())
    needed = min(fmt.total_pairs, hand_pairs)
    # the pairs inside the runs and triples already owed: rule (4) asks for more only past them
    covered = sum(d.count for d in duties if d.owed and d.kind in (TITANIC, TRACTOR, TRIPLES))
    if needed == 0 or needed > covered:
        if fmt.triples or fmt.titanics:
            origin = "triple"  # a triple of the lead counts as one pair (RULES §11.1)
        elif fmt.size == 2:
            origin = "pair"  # one pair was led
        elif fmt.tractors:
            origin = "tractor"  # a tractor of the lead counts as its pairs
        else:
            origin = ""
        played_pairs = tuple(c for group in _groups(play_suit, 2) for c in group[:2])
        duties.append(
            Duty(
                PAIRS,
                needed > 0,
                needed,
                fmt.total_pairs,
                origin,
                _groups(hand_suit, 2),
                played_pairs,
            )
        )
    return duties


def _groups(cards: list[Card], width: int) -> tuple[tuple[Card, ...], ...]:
    """The cards held at least ``width`` times, each as one group (as many as held)."""
    counts = Counter(cards)
    return tuple((c,) * counts[c] for c in counts if counts[c] >= width)


def _run_cards(
    play: list[Card], top: int | None, steps: int, width: int, trump: Trump
) -> tuple[Card, ...]:
    """The play's cards of a run ending on link ``top``: ``width`` of one card per link."""
    if top is None:
        return ()
    counts = Counter(play)
    chosen: list[Card] = []
    for link in range(top, top - steps, -1):
        card = next((c for c in counts if counts[c] >= width and trump.link(c) == link), None)
        if card is not None:
            chosen += [card] * width
    return tuple(chosen)
