"""Leading and winning tricks: valid leads, throws (RULES §4) and the trick winner (RULES §6).

A throw (甩牌) is a lead of several units at once. It stands only if no other player holds,
in the led suit, a unit of the same kind that beats one of its units: a higher single, pair
or triple, or a higher tractor (titanic) of as many steps. A holding counts every unit
inside it: any card as a single, two of three identical cards as a pair, any k consecutive
steps of a longer tractor or titanic as a k-step one, the pairs of a titanic as a tractor.
Otherwise the leader must lead the beaten unit of lowest rank instead (a tractor or titanic
ranks by its lowest step; ties go to the smaller kind, single < pair < triple < tractor <
titanic; RULES §11.1).

The winner of a trick is decided by comparing plays in the *lead's format*: a play that
cannot be split into the lead's units cannot win, and among plays that can, trumps beat side
cards and then the lead's largest units decide, highest first, each play taking the split
that is best for it. In a split a unit may stand in for a smaller one inside it: k
consecutive triples of a longer titanic for a k-step titanic, a triple for a pair (its third
card a single), the pairs of a titanic for a tractor. Over-ruffing (盖毙) needs no rule of its
own: a second ruff simply has to compare higher than the first.

Runs are found on tractor links and ranked by steps (:meth:`Trump.link`, :meth:`Trump.step`):
for the default trump the two are one table, but with the house rules of RULES §12.14 fewer
cards link (or none), and with §12.15 the off-suit level cards, still on one shared link, rank
♠ > ♥ > ♦ > ♣. Which card a failed throw leads is ``rules.failed_throw`` (RULES §12.3).

The reasons of :func:`check_lead` and :func:`check_throw` are messages
(:class:`~shengji_edu.i18n.Message`, as ``.message``; ``.reason`` is the English text), to
be shown in any language. Decision: a lead of more copies than held says how many are held
("you hold only two ♥6"), as a follow does; it used to say "only one" whatever the count,
which with three decks could be wrong (with two decks nothing changes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

from .cards import Card, first_missing
from .i18n import AND, Listing, Message, Suit, message
from .rules import RuleSet
from .trump import TRUMP, Trump
from .units import (
    KINDS,
    PAIR,
    SINGLE,
    TRACTOR,
    TRIPLE,
    WIDTHS,
    LeadFormat,
    Shape,
    Unit,
    decompose_records,
    group_profile,
    group_profiles,
    lead_format,
    tractor_windows,
)
from .verdict import LEGAL, LazyReason, Verdict, illegal, not_held

DEFAULT_RULES = RuleSet()
"""The rules :func:`check_throw` plays by when given none: RULES §4's failed throw."""


def check_lead(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> Verdict:
    """Is ``cards`` a lead the player may make: non-empty, one effective suit, all in hand?

    Whether a throw *stands* depends on the other hands; that is :func:`check_throw`.
    """
    if len(cards) == 1:  # the common lead: one card held is a lead of one suit
        card = cards[0]
        for held in hand:  # holds(hand, card), in line
            if held is card:
                return LEGAL
    if not cards:
        return illegal(message("choose at least one card to lead"))
    card = first_missing(cards, hand)
    if card is not None:
        return illegal(not_held(card, hand.count(card), lead=True))
    suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
    suits = {suit_of[c.index] for c in cards}
    if len(suits) > 1:
        return illegal(
            message(
                "{cards} mixes {suits}: a lead must be all of one suit (remember that level "
                "cards and jokers are trumps)",
                cards=trump.sort(cards),
                suits=Listing((Suit(s) for s in sorted(suits)), AND),
            )
        )
    return LEGAL


class ThrowResult(LazyReason):
    """Whether a lead stands, and the cards that must be led (the whole lead if it stands).

    When the throw fails, ``beaten`` is the unit that must be led instead, ``beaten_by`` the
    other player's cards that beat it, ``holder`` the index in ``other_hands`` of that player;
    ``reason`` says so in English and ``message`` is the same reason as a
    :class:`~shengji_edu.i18n.Message`, to show in any language.

    Behaves like a frozen dataclass of ``ok``, ``forced``, ``reason``, ``beaten``,
    ``beaten_by`` and ``holder`` (equality, repr; ``message`` is not compared), written by
    hand like :class:`~shengji_edu.verdict.Verdict` so that its English is written only when
    read (:class:`~shengji_edu.verdict.LazyReason`).
    """

    __slots__ = ("ok", "forced", "_reason", "beaten", "beaten_by", "holder", "message")
    __match_args__ = ("ok", "forced", "reason", "beaten", "beaten_by", "holder")

    ok: bool
    forced: list[Card]
    beaten: Unit | None
    beaten_by: list[Card]
    holder: int | None
    message: Message | None

    def __init__(
        self,
        ok: bool,
        forced: list[Card],
        reason: str = "",
        beaten: Unit | None = None,
        beaten_by: list[Card] | None = None,
        holder: int | None = None,
        message: Message | None = None,
    ) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "ok", ok)
        setattr_(self, "forced", forced)
        setattr_(self, "_reason", None if message is not None and not reason else reason)
        setattr_(self, "beaten", beaten)
        setattr_(self, "beaten_by", [] if beaten_by is None else beaten_by)
        setattr_(self, "holder", holder)
        setattr_(self, "message", message)

    def _fields(self) -> tuple:
        return (self.ok, self.forced, self.reason, self.beaten, self.beaten_by, self.holder)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())  # like a frozen dataclass: lists inside are unhashable

    def __repr__(self) -> str:
        return (
            f"ThrowResult(ok={self.ok!r}, forced={self.forced!r}, reason={self.reason!r}, "
            f"beaten={self.beaten!r}, beaten_by={self.beaten_by!r}, holder={self.holder!r})"
        )

    def __reduce__(self):
        return (
            ThrowResult,
            (
                self.ok,
                self.forced,
                self._reason or "",
                self.beaten,
                self.beaten_by,
                self.holder,
                self.message,
            ),
        )


def beating_unit(holding: Sequence[Card], unit: Unit, trump: Trump) -> list[Card] | None:
    """Cards of ``holding`` that form a unit of the same kind beating ``unit``, or None.

    Every unit inside a holding counts: any card as a single, any card held at least twice
    as a pair (three times as a triple), any k consecutive steps of a longer tractor or
    titanic, or of a titanic's pairs, as a k-step tractor (titanic). The strongest such unit
    is returned.
    """
    return _beating_unit(trump.cards_of(holding, unit.suit), unit, trump)


def _beating_unit(cards: list[Card], unit: Unit, trump: Trump) -> list[Card] | None:
    """:func:`beating_unit` given the holding's cards of the unit's suit (``cards``)."""
    if unit.kind == SINGLE:  # the strongest card above the unit (the first of equals)
        step_of = trump.step_by_index  # trump.step(card) is step_of[card.index]
        best, top = None, unit.high
        for card in cards:
            if step_of[card.index] > top:
                best, top = card, step_of[card.index]
        return [best] if best is not None else None
    width, steps = WIDTHS[unit.kind], unit.steps
    counts = Counter(cards)
    if steps > 1 and trump.link_by_index is not trump.step_by_index:
        return _beating_run(counts, unit, trump)  # links are not steps (RULES §12.14, §12.15)
    groups_at: dict[int, Card] = {}
    for card, count in counts.items():
        if count >= width:
            groups_at.setdefault(trump.step(card), card)
    if steps == 1:
        higher = [step for step in groups_at if step > unit.high]
        return [groups_at[max(higher)]] * width if higher else None
    windows = tractor_windows(group_profile(cards, trump, width), steps)
    tops = [top for top in windows if top > unit.high]
    if not tops:
        return None
    top = max(tops)
    return [groups_at[s] for s in range(top, top - steps, -1) for _ in range(width)]


def _beating_run(counts: Counter, unit: Unit, trump: Trump) -> list[Card] | None:
    """:func:`_beating_unit` for a tractor or titanic when links are not steps.

    The run is found on links and ranked by the step of its top card; on a shared link (the
    off-suit level cards ranked by suit, RULES §12.15) the strongest card there tops it."""
    width, steps = WIDTHS[unit.kind], unit.steps
    step_of, link_of = trump.step_by_index, trump.link_by_index
    at_link: dict[int, list[Card]] = {}
    for card, count in counts.items():
        link = link_of[card.index]
        if count >= width and link is not None:
            at_link.setdefault(link, []).append(card)
    strongest = {link: max(cards, key=trump.step) for link, cards in at_link.items()}
    windows = tractor_windows(dict.fromkeys(at_link, 1), steps)
    tops = [top for top in windows if step_of[strongest[top].index] > unit.high]
    if not tops:
        return None
    top = max(tops, key=lambda t: step_of[strongest[t].index])
    return [strongest[link] for link in range(top, top - steps, -1) for _ in range(width)]


def check_throw(
    lead: Sequence[Card],
    other_hands: Sequence[Sequence[Card]],
    trump: Trump,
    rules: RuleSet = DEFAULT_RULES,
) -> ThrowResult:
    """Does a lead stand against the other players' hands (RULES §4, §11.1, §12.3)?

    A single unit always stands. For a throw, every unit is tested against every other hand;
    if any is beaten, the throw fails, and ``rules.failed_throw`` says what is led instead.
    ``"lowest_beaten"`` (the default): the beaten unit of lowest rank (a tractor or titanic
    ranks by its lowest step; on a tie, the smaller kind: single < pair < triple < tractor <
    titanic, then the shorter). ``"smallest_card"`` (RULES §12.3): the weakest card of the
    attempted throw (of equally weak cards, the last in display order). Either way the other
    cards go back to the hand, and ``beaten``, ``beaten_by`` and ``holder`` name the lowest
    beaten unit and who beats it. ``other_hands`` may be a list of hands or a dict of seat to
    hand.
    """
    if not lead_format(lead, trump).is_throw:  # raises for an empty or mixed lead
        return ThrowResult(True, list(lead))  # a single unit always stands
    units = decompose_records(lead, trump)  # the Units' fields, read only (made faster)
    hands = list(other_hands.values()) if isinstance(other_hands, dict) else list(other_hands)
    # a lead is of one suit: each hand's cards of it are picked out once, not once per unit
    suit = units[0].suit
    suit_cards = [trump.cards_of(hand, suit) for hand in hands]
    failures = []
    for unit in units:
        for holder, cards in enumerate(suit_cards):
            beaters = _beating_unit(cards, unit, trump)
            if beaters:
                failures.append((unit, beaters, holder))
                break
    if not failures:
        return ThrowResult(True, list(lead))
    unit, beaters, holder = min(failures, key=lambda f: forced_rank(f[0]))
    if rules.failed_throw == "smallest_card":
        smallest = trump.sort(lead)[-1]  # weakest last; of equal cards, the last shown
        reason = message(
            "the throw {lead} fails: another player holds {beaters}, which beats your {kind} "
            "{unit}; you must lead your smallest card {card} instead",
            lead=list(lead),
            beaters=beaters,
            kind=unit_name(unit),
            unit=unit.cards,
            card=[smallest],
        )
        return ThrowResult(False, [smallest], "", unit, beaters, holder, reason)
    reason = message(
        "the throw {lead} fails: another player holds {beaters}, which beats your {kind} "
        "{unit}; you must lead {unit} instead",
        lead=list(lead),
        beaters=beaters,
        kind=unit_name(unit),
        unit=unit.cards,
    )
    return ThrowResult(False, list(unit.cards), "", Unit(*unit), beaters, holder, reason)


def forced_rank(unit: Unit) -> tuple[int, int, int]:
    """Which beaten unit a failed throw is reduced to: the least of these keys.

    Lowest step first (a tractor or titanic by its lowest step), then the smaller kind
    (single < pair < triple < tractor < titanic), then the shorter run.
    """
    return (unit.low, KINDS.index(unit.kind), unit.steps)


def unit_name(unit: Unit) -> Message:
    """A unit's kind in words, as a message: ``single``, ``tractor of 2 pairs`` …"""
    if unit.steps == 1:
        return {
            SINGLE: message("single"),
            PAIR: message("pair"),
            TRIPLE: message("triple"),
        }[unit.kind]
    if unit.kind == TRACTOR:
        return message("tractor of {steps} pairs", steps=unit.pairs)
    return message("titanic of {steps} triples", steps=unit.pairs)


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """Index of the winning play; ``plays[0]`` is the lead, the rest in play order.

    Raises ``ValueError`` if the plays do not all have the lead's number of cards.
    """
    if not plays:
        raise ValueError("a trick needs at least the lead")
    lead = plays[0]
    size = len(lead)
    for play in plays:
        if len(play) != size:
            i = next(i for i, play in enumerate(plays) if len(play) != size)
            has = f"{len(plays[i])} card" if len(plays[i]) == 1 else f"{len(plays[i])} cards"
            raise ValueError(f"play {i} has {has} but the lead has {size}")
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
    # trump.suit_of(card) is suit_of[card.index], trump.strength(card) strength_of[card.index]
    suit_of, strength_of = trump.suit_by_index, trump.strength_by_index
    lead_suit = suit_of[plays[0][0].index]
    best_index, best_strength = 0, strength_of[plays[0][0].index]
    for index in range(1, len(plays)):
        card = plays[index][0]
        suit = suit_of[card.index]
        if suit in (lead_suit, TRUMP):
            strength = strength_of[card.index]
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
    suit_of = trump.suit_by_index  # trump.suit_of(card) is suit_of[card.index]
    if len(play) == 1 and fmt.shapes[0].width == 1:  # one card against singles: as below
        index = play[0].index
        suit = suit_of[index]
        if suit != fmt.suit and suit != TRUMP:
            return None
        return (suit != fmt.suit, (trump.step_by_index[index],))  # best_vector's (step,)
    suit = suit_of[play[0].index]
    for card in play:
        if suit_of[card.index] != suit:
            return None  # a mixed play never wins
    if suit != fmt.suit and suit != TRUMP:
        return None  # another side suit: a discard (垫牌)
    vector = best_vector(play, fmt, trump)
    if vector is None:
        return None
    return (suit != fmt.suit, vector)


def best_vector(play: Sequence[Card], fmt: LeadFormat, trump: Trump) -> tuple[int, ...] | None:
    """The play's largest units (as their top steps, highest first) in the split best for it.

    None when no split of the play has the lead's format. Only two numbers per step matter:
    how many cards there are held at least twice (pairs) and three times (triples), since
    cards on one step are equally strong. Runs are placed on links; for the default trump a
    link is a step, otherwise :func:`_linked_vector` places them card by card.
    """
    key = fmt.shapes[0]  # the shape of the key units: the lead's largest
    if key.width == 1:  # a lead of singles: every card is a key unit
        step_of = trump.step_by_index  # trump.step(card) is step_of[card.index]
        return tuple(sorted([step_of[c.index] for c in play], reverse=True))
    if fmt.size == 2 and len(play) == 2:  # a pair led (the common case): a pair, or nothing
        first, second = play
        return (trump.step_by_index[first.index],) if first is second else None
    runs = fmt.runs
    step_of = trump.step_by_index
    if runs and trump.link_by_index is not step_of:
        return _linked_vector(play, fmt, trump)  # links are not steps (RULES §12.14, §12.15)
    pairs_at, triples_at = group_profiles(play, trump, step_of)  # by step (here: by link too)
    if not runs:  # triples and pairs: the highest that are there, if there are enough
        if not _groups_fit(pairs_at, triples_at, fmt.triples, fmt.pairs):
            return None
        profile, wanted = (triples_at, fmt.triples) if key.width == 3 else (pairs_at, fmt.pairs)
        tops = sorted((s for s, n in profile.items() for _ in range(n)), reverse=True)
        return tuple(tops[:wanted])
    keys = runs.count(key)  # the runs are largest first: the key units come first
    triples, pairs = fmt.triples, fmt.pairs
    best = None
    for tops, pairs_left, triples_left in _run_assignments(pairs_at, triples_at, runs):
        if (triples or pairs) and not _groups_fit(pairs_left, triples_left, triples, pairs):
            continue
        vector = tuple(sorted(tops[:keys], reverse=True))
        if best is None or vector > best:
            best = vector
    return best


def _linked_vector(play: Sequence[Card], fmt: LeadFormat, trump: Trump) -> tuple[int, ...] | None:
    """:func:`best_vector` of a lead with runs, for a trump whose links are not its steps.

    Every way to place the lead's runs on the play's cards is tried, a card chosen on each
    link (several cards share the off-suit level cards' link, ranked by suit under RULES
    §12.15); a run counts as the step of its top card, and the rest of the play must still
    give the lead's triples and pairs."""
    keys = fmt.runs.count(fmt.shapes[0])  # the runs are largest first: the key units first
    triples, pairs = fmt.triples, fmt.pairs
    best = None
    for tops, left in _linked_assignments(Counter(play), fmt.runs, trump):
        if triples or pairs:
            held_three = sum(1 for n in left.values() if n >= 3)
            held_two = sum(1 for n in left.values() if n >= 2)
            if held_three < triples or held_two - triples < pairs:
                continue
        vector = tuple(sorted(tops[:keys], reverse=True))
        if best is None or vector > best:
            best = vector
    return best


def _linked_assignments(
    copies: Counter, shapes: Sequence[Shape], trump: Trump
) -> Iterator[tuple[list[int], Counter]]:
    """Every way to take disjoint runs of the given shapes from ``copies`` (copies by card),
    on links: the step of each run's top card, and the copies left."""
    if not shapes:
        yield [], copies
        return
    width, length = shapes[0]
    link_of, step_of = trump.link_by_index, trump.step_by_index
    at_link: dict[int, list[Card]] = {}
    for card, count in copies.items():
        link = link_of[card.index]
        if count >= width and link is not None:
            at_link.setdefault(link, []).append(card)
    for top in tractor_windows(dict.fromkeys(at_link, 1), length):
        for chosen in product(*(at_link[link] for link in range(top - length + 1, top + 1))):
            left = copies.copy()
            for card in chosen:
                left[card] -= width
            for tops, rest in _linked_assignments(left, shapes[1:], trump):
                yield [step_of[chosen[-1].index], *tops], rest


def _groups_fit(pairs_at: dict, triples_at: dict, triples: int, pairs: int) -> bool:
    """Can the cards left give ``triples`` triples and, from the rest, ``pairs`` pairs?"""
    if triples and sum(triples_at.values()) < triples:
        return False
    return not pairs or sum(pairs_at.values()) - triples >= pairs


def _run_assignments(
    pairs_at: dict[int, int], triples_at: dict[int, int], shapes: Sequence[Shape]
) -> Iterator[tuple[list[int], dict[int, int], dict[int, int]]]:
    """Every way to find disjoint runs of the given shapes: their top steps and what is left.

    A step of a tractor takes a card held exactly twice when there is one, else two of a
    card held three times (leaving a single): that keeps triples whole, which is never worse
    for what follows. A step of a titanic takes a card held three times.
    """
    if not shapes:
        yield [], pairs_at, triples_at
        return
    width, length = shapes[0]
    for top in tractor_windows(triples_at if width == 3 else pairs_at, length):
        pairs_left, triples_left = dict(pairs_at), triples_at
        for step in range(top - length + 1, top + 1):
            pairs_left[step] -= 1
            if triples_at and (width == 3 or pairs_at[step] == triples_at.get(step, 0)):
                # no card there is held exactly twice: the step's triple is used
                if triples_left is triples_at:
                    triples_left = dict(triples_at)
                triples_left[step] -= 1
        for tops, left2, left3 in _run_assignments(pairs_left, triples_left, shapes[1:]):
            yield [top, *tops], left2, left3
