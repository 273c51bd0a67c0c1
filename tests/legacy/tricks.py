"""Leading and winning tricks: valid leads, throws (RULES §4) and the trick winner (RULES §6).

A throw (甩牌) is a lead of several units at once. It stands only if no other player holds,
in the led suit, a unit of the same kind that beats one of its units; otherwise the leader
must lead the beaten unit of lowest rank instead.

The winner of a trick is decided by comparing plays in the *lead's format*: a play that
cannot be split into the lead's tractors and pairs (plus any singles) cannot win, and among
plays that can, trumps beat side cards and then the lead's largest units decide, highest
first, each play taking the split that is best for it. Over-ruffing (盖毙) needs no rule of
its own: a second ruff simply has to compare higher than the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .cards import Card, first_missing, format_cards
from .trump import TRUMP, Trump, suit_label
from .units import (
    PAIR,
    SINGLE,
    LeadFormat,
    Unit,
    decompose,
    lead_format,
    pair_profile,
    take_window,
    tractor_windows,
)
from .verdict import LEGAL, Verdict, illegal


def check_lead(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> Verdict:
    """Is ``cards`` a lead the player may make: non-empty, one effective suit, all in hand?

    Whether a throw *stands* depends on the other hands; that is :func:`check_throw`.
    """
    if not cards:
        return illegal("choose at least one card to lead")
    card = first_missing(cards, hand)
    if card is not None:
        what = "do not hold" if card not in hand else "hold only one"
        return illegal(f"you {what} {card.pretty}: lead cards from your hand")
    suits = {trump.suit_of(c) for c in cards}
    if len(suits) > 1:
        names = " and ".join(suit_label(s) for s in sorted(suits))
        return illegal(
            f"{format_cards(trump.sort(cards), pretty=True)} mixes {names}: a lead must be all "
            f"of one suit (remember that level cards and jokers are trumps)"
        )
    return LEGAL


@dataclass(frozen=True)
class ThrowResult:
    """Whether a lead stands, and the cards that must be led (the whole lead if it stands).

    When the throw fails, ``beaten`` is the unit that must be led instead, ``beaten_by`` the
    other player's cards that beat it, ``holder`` the index in ``other_hands`` of that player.
    """

    ok: bool
    forced: list[Card]
    reason: str = ""
    beaten: Unit | None = None
    beaten_by: list[Card] = field(default_factory=list)
    holder: int | None = None

    def __bool__(self) -> bool:
        return self.ok


def beating_unit(holding: Sequence[Card], unit: Unit, trump: Trump) -> list[Card] | None:
    """Cards of ``holding`` that form a unit of the same kind beating ``unit``, or None.

    Every unit inside a holding counts: any card as a single, any pair (also one inside a
    tractor) as a pair, any k consecutive pairs of a longer tractor as a k-pair tractor.
    """
    cards = trump.cards_of(holding, unit.suit)
    if unit.kind == SINGLE:
        higher = [c for c in cards if trump.step(c) > unit.high]
        return [max(higher, key=trump.step)] if higher else None
    counts = Counter(cards)
    pairs_at: dict[int, Card] = {}
    for card, count in counts.items():
        if count >= 2:
            pairs_at.setdefault(trump.step(card), card)
    if unit.kind == PAIR:
        higher = [step for step in pairs_at if step > unit.high]
        return [pairs_at[max(higher)]] * 2 if higher else None
    windows = tractor_windows(pair_profile(cards, trump), unit.pairs)
    tops = [top for top in windows if top > unit.high]
    if not tops:
        return None
    top = max(tops)
    return [pairs_at[s] for s in range(top, top - unit.pairs, -1) for _ in range(2)]


def check_throw(
    lead: Sequence[Card], other_hands: Sequence[Sequence[Card]], trump: Trump
) -> ThrowResult:
    """Does a lead stand against the other players' hands (RULES §4)?

    A single unit always stands. For a throw, every unit is tested against every other hand;
    if any is beaten, the leader must lead the beaten unit of lowest rank (a tractor ranks by
    its lowest pair; on a tie, the smaller kind) and take the other cards back.
    ``other_hands`` may be a list of hands or a dict of seat to hand.
    """
    lead_format(lead, trump)  # raises for an empty or mixed lead
    units = decompose(lead, trump)
    hands = list(other_hands.values()) if isinstance(other_hands, dict) else list(other_hands)
    if len(units) == 1:
        return ThrowResult(True, list(lead))
    failures = []
    for unit in units:
        for holder, hand in enumerate(hands):
            beaters = beating_unit(hand, unit, trump)
            if beaters:
                failures.append((unit, beaters, holder))
                break
    if not failures:
        return ThrowResult(True, list(lead))
    unit, beaters, holder = min(failures, key=lambda f: (f[0].low, f[0].pairs))
    reason = (
        f"the throw {format_cards(lead, pretty=True)} fails: another player holds "
        f"{format_cards(beaters, pretty=True)}, which beats your {_kind_name(unit)} "
        f"{format_cards(unit.cards, pretty=True)}; you must lead "
        f"{format_cards(unit.cards, pretty=True)} instead"
    )
    return ThrowResult(False, list(unit.cards), reason, unit, beaters, holder)


def _kind_name(unit: Unit) -> str:
    return f"tractor of {unit.pairs} pairs" if unit.pairs > 1 else unit.kind


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """Index of the winning play; ``plays[0]`` is the lead, the rest in play order.

    Raises ``ValueError`` if the plays do not all have the lead's number of cards.
    """
    if not plays:
        raise ValueError("a trick needs at least the lead")
    lead = plays[0]
    size = len(lead)
    for i, play in enumerate(plays):
        if len(play) != size:
            raise ValueError(f"play {i} has {len(play)} cards but the lead has {size}")
    if size == 1:
        return _single_card_winner(plays, trump)
    fmt = lead_format(lead, trump)
    best_index, best_key = 0, play_key(lead, fmt, trump)
    for index in range(1, len(plays)):
        key = play_key(plays[index], fmt, trump)
        if key is not None and key > best_key:  # strictly higher: ties go to the earlier play
            best_index, best_key = index, key
    return best_index


def _single_card_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    lead_suit = trump.suit_of(plays[0][0])
    best_index, best_strength = 0, trump.strength(plays[0][0])
    for index in range(1, len(plays)):
        card = plays[index][0]
        suit = trump.suit_of(card)
        if suit in (lead_suit, TRUMP):
            strength = trump.strength(card)
            if strength > best_strength:
                best_index, best_strength = index, strength
    return best_index


def play_key(
    play: Sequence[Card], fmt: LeadFormat, trump: Trump
) -> tuple[bool, tuple[int, ...]] | None:
    """How strongly a play competes for the trick, or None if it cannot win.

    The key is (is a ruff, the steps of its best largest units, highest first); keys compare
    as tuples, so any ruff beats any play of the led side suit, and the first difference in
    the largest units decides otherwise.
    """
    suits = {trump.suit_of(c) for c in play}
    if len(suits) != 1:
        return None  # a mixed play never wins
    (suit,) = suits
    if suit != fmt.suit and suit != TRUMP:
        return None  # another side suit: a discard (垫牌)
    vector = best_vector(play, fmt, trump)
    if vector is None:
        return None
    return (suit != fmt.suit, vector)


def best_vector(play: Sequence[Card], fmt: LeadFormat, trump: Trump) -> tuple[int, ...] | None:
    """The play's largest units (as steps, highest first) in the split best for it.

    None when no split of the play has the lead's format.
    """
    if fmt.tractors:
        longest = fmt.tractors[0]
        best = None
        for tops, rest in _tractor_assignments(pair_profile(play, trump), fmt.tractors):
            if sum(rest.values()) < fmt.pairs:
                continue
            vector = tuple(
                sorted(
                    (t for t, k in zip(tops, fmt.tractors, strict=True) if k == longest),
                    reverse=True,
                )
            )
            if best is None or vector > best:
                best = vector
        return best
    if fmt.pairs:
        steps = sorted(
            (step for step, n in pair_profile(play, trump).items() for _ in range(n)), reverse=True
        )
        if len(steps) < fmt.pairs:
            return None
        return tuple(steps[: fmt.pairs])
    return tuple(sorted((trump.step(c) for c in play), reverse=True))


def _tractor_assignments(
    profile: dict[int, int], lengths: Sequence[int]
) -> Iterator[tuple[list[int], dict[int, int]]]:
    """Every way to find disjoint tractors of the given lengths: their tops and what is left."""
    if not lengths:
        yield [], profile
        return
    for top in tractor_windows(profile, lengths[0]):
        for tops, rest in _tractor_assignments(take_window(profile, top, lengths[0]), lengths[1:]):
            yield [top, *tops], rest
