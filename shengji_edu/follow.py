"""Following a lead (RULES §5, generalised in §11.1): check one play, or list the legal ones.

With a lead of effective suit *s* and *n* cards, and *Hs* the follower's cards of suit *s*:

1. play exactly *n* cards you hold;
2. follow suit: all *s* if you hold at least *n* of them, otherwise all of *Hs* plus others;
3. then, in turn, each judged on *Hs* less the cards matched by the earlier ones:

   1. titanics: for each titanic of the lead, longest first, if *Hs* holds a titanic that
      long, the play holds one;
   2. tractors: for each tractor of the lead, and each titanic that (1) did not match (it
      then asks for a tractor of as many steps), longest first, if *Hs* holds a tractor that
      long, the play holds one (有拖拉机必跟拖拉机);
   3. triples: the play holds at least min(the lead's triples not yet met, *Hs*'s triples);
   4. pairs: the play holds at least min(the lead's pairs not yet met, *Hs*'s pairs), a
      tractor counting as its pairs and a triple as one pair (有对必跟对).

With two decks there are no triples, (1) and (3) never apply, and this is RULES §5. A play
is legal if *some* order of equally long units and *some* assignment of its cards meets
every obligation, so the checks below search over the ways to match the lead's runs.

Rule (4) needs no search: every run step matched by (1) or (2) removes one pair from the
lead's demand, from the hand and from the play alike, so (4) says the same as "the play
holds at least min(the lead's pairs, *Hs*'s pairs) pairs" counted on the whole hand and play
(RULES §5 rule 3). It is checked first and alone, as it always was.

Obligations only bite when the follower can play *n* cards of suit *s*: a player short of
the suit must play all of it, which already shows every unit they have.

Following looks only at how cards link into tractors (:meth:`Trump.link`), never at how
strong they are, so ranking the off-suit level cards by suit (RULES §12.15) changes nothing
here. With ``tractors="plain"`` fewer cards link (RULES §12.14: a hand's ``H2 H2 H4 H4`` at
level 3 is two pairs and owes no tractor), and with ``tractors="off"`` no lead holds a
tractor, so obligations (1) and (2) never arise and only the pairs are owed.

Decisions (RULES is silent): a lead that mixes effective suits is not a lead at all, so the
functions here raise ``ValueError`` for it instead of judging the follow. When several
obligations fail, the reason names the first one that the best attempt could not meet.

Each reason is a :class:`~shengji_edu.i18n.Message` (``verdict.message``; ``verdict.reason``
is its English text), so a front end shows it in its own language. Only a refusal builds
one, and its English is written only when read: a legal follow costs what it always did.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import NamedTuple

from .cards import Card, first_missing
from .i18n import Listing, Message, Suit, message, plural_message
from .trump import TRUMP, Trump
from .units import (
    TITANIC,
    TRACTOR,
    TRIPLE,
    LeadFormat,
    decompose,
    group_profiles,
    lead_format,
    longest_run,
    pair_profile,
    take_window,
    tractor_windows,
)
from .verdict import LEGAL, Verdict, illegal, not_held

# A "state" is what the obligations look at: for each link, the (hand copies, play copies)
# of every distinct card there that the hand holds at least twice (a single card is never
# part of a pair, triple, tractor or titanic). Cards on one link are alike for following,
# so the state says everything about the follow that matters, and the search works on it.
State = dict[int, tuple[tuple[int, int], ...]]
HAND, PLAY = 0, 1


def follow_state(hand_suit: Sequence[Card], play_suit: Sequence[Card], trump: Trump) -> State:
    """The state of a follow: copies in hand and in the play of each card held twice or more,
    by link (cards on no tractor chain under ``None``, which no run passes through)."""
    hand_counts, play_counts = Counter(hand_suit), Counter(play_suit)
    state: dict[int | None, list[tuple[int, int]]] = {}
    for card, held in hand_counts.items():
        if held >= 2:
            state.setdefault(trump.link(card), []).append((held, play_counts[card]))
    return {step: tuple(sorted(groups)) for step, groups in state.items()}


def _profile(state: State, side: int, width: int) -> dict[int, int]:
    """How many cards of the hand (side 0) or play (side 1) have ``width`` copies per step."""
    profile = {}
    for step, groups in state.items():
        count = sum(1 for group in groups if group[side] >= width)
        if count:
            profile[step] = count
    return profile


def _take(state: State, top: int, length: int, width: int) -> Iterator[State]:
    """Every state left after the play gives ``width`` copies on each step of a window.

    On a step with several cards the play may use any of them; cards with the same copies
    in hand and play leave the same state, so each distinct choice is tried once.
    """
    choices = []
    for step in range(top - length + 1, top + 1):
        groups = state[step]
        options = []
        for i, (held, played) in enumerate(groups):
            if played >= width and (held, played) not in groups[:i]:
                rest = (held - width, played - width)
                kept = groups[:i] + groups[i + 1 :] + ((rest,) if rest[0] >= 2 else ())
                options.append((step, tuple(sorted(kept))))
        choices.append(options)
    for picked in product(*choices):
        new = dict(state)
        for step, groups in picked:
            if groups:
                new[step] = groups
            else:
                del new[step]
        yield new


@dataclass(frozen=True)
class Unmet:
    """The obligation a follow could not meet: ``kind`` is "titanic", "tractor" or "triples".

    ``origin`` is the lead unit that asked (a titanic the hand cannot answer as a titanic asks
    for a tractor, and one it cannot answer at all for its triples). For "triples", ``owed``
    is how many the play had to hold and ``played`` how many it held, ``asked`` the lead's
    triples still to meet, ``held`` the hand's.
    """

    kind: str
    steps: int = 0
    origin: str = ""
    owed: int = 0
    played: int = 0
    asked: int = 0
    held: int = 0


class Met(NamedTuple):
    """One step of the way a legal follow met obligations (1)–(3) (:func:`first_unmet`'s
    ``path``): ``kind`` "titanic", "tractor" or "triples"; ``owed`` whether the hand made it
    bite. For a run, ``steps`` is its length, ``origin`` the lead unit that asked and ``top``
    the top link of the play's run that met it (``None`` when nothing was owed). For
    "triples", ``steps`` is how many the play had to hold, ``asked`` the lead's triples
    still to meet and ``held`` the hand's."""

    kind: str
    steps: int
    origin: str
    owed: bool
    top: int | None = None
    asked: int = 0
    held: int = 0


def first_unmet(fmt: LeadFormat, state: State, path: list[Met] | None = None) -> Unmet | None:
    """None if some order and assignment meets obligations (1)–(3); else what was not met.

    A depth-first search over the ways the play can match the lead's titanics and tractors.
    When every way fails, the answer is the obligation at which the attempt that got
    furthest failed. Given a list as ``path``, a successful search leaves in it the
    obligations in the order they were met (:class:`Met`): :func:`follow_duties` explains a
    legal follow with them.
    """
    best: list = [-1, None]  # progress of the furthest failed attempt, and its obligation
    trail = path if path is not None else []

    def fail(progress: int, unmet: Unmet) -> bool:
        if progress > best[0]:
            best[0], best[1] = progress, unmet
        return False

    def titanics(index: int, state: State, unanswered: tuple[int, ...]) -> bool:
        if index == len(fmt.titanics):
            pending = tuple((k, TRACTOR) for k in fmt.tractors) + tuple(
                (k, TITANIC) for k in unanswered
            )
            return tractors(pending, state, 0, index)
        length = fmt.titanics[index]
        if longest_run(_profile(state, HAND, 3)) < length:  # (1) asks nothing: on to (2)
            trail.append(Met(TITANIC, length, TITANIC, False))
            if titanics(index + 1, state, (*unanswered, length)):
                return True
            trail.pop()
            return False
        for top in tractor_windows(_profile(state, PLAY, 3), length):
            for rest in _take(state, top, length, 3):
                trail.append(Met(TITANIC, length, TITANIC, True, top))
                if titanics(index + 1, rest, unanswered):
                    return True
                trail.pop()
        return fail(index, Unmet(TITANIC, length, TITANIC))

    def tractors(pending: tuple, state: State, triples_owed: int, progress: int) -> bool:
        if not pending:
            return triples(state, triples_owed, progress)
        length = max(k for k, _ in pending)
        # units of equal length may be taken in either order: try a lead tractor first, then
        # an unanswered titanic (it matters which one is left unmet: see triples below)
        for origin in [o for o in (TRACTOR, TITANIC) if (length, o) in pending]:
            later = list(pending)
            later.remove((length, origin))
            later = tuple(later)
            if longest_run(_profile(state, HAND, 2)) < length:  # (2) asks nothing here
                # an unanswered titanic owes its triples to (3); a tractor owes only pairs
                owed = triples_owed + (length if origin == TITANIC else 0)
                trail.append(Met(TRACTOR, length, origin, False))
                if tractors(later, state, owed, progress + 1):
                    return True
                trail.pop()
                continue
            for top in tractor_windows(_profile(state, PLAY, 2), length):
                for rest in _take(state, top, length, 2):
                    trail.append(Met(TRACTOR, length, origin, True, top))
                    if tractors(later, rest, triples_owed, progress + 1):
                        return True
                    trail.pop()
            fail(progress, Unmet(TRACTOR, length, origin))
        return False

    def triples(state: State, from_titanics: int, progress: int) -> bool:
        asked = fmt.triples + from_titanics
        if not asked:
            return True
        held = sum(1 for groups in state.values() for h, _ in groups if h >= 3)
        played = sum(1 for groups in state.values() for _, p in groups if p >= 3)
        owed = min(asked, held)
        if played >= owed:
            origin = TITANIC if from_titanics else TRIPLE
            trail.append(Met("triples", owed, origin, owed > 0, None, asked, held))
            return True
        origin = TITANIC if from_titanics else TRIPLE
        return fail(progress, Unmet("triples", 1, origin, owed, played, asked, held))

    met = titanics(0, state, ())
    # The searches call themselves through their closures, a reference cycle the
    # garbage collector would have to find after every call: unbinding the names breaks it.
    titanics = tractors = None  # noqa: F811 (the two that call themselves)
    return None if met else best[1]


def run_demands(fmt: LeadFormat) -> list[tuple[int, str]]:
    """The tractors a follower without triples may owe: (steps, lead unit), longest first.

    Every tractor of the lead, and every titanic (which can only be answered by a tractor
    of as many steps when the hand holds no triple); at equal length tractors come first.
    """
    demands = [(k, TRACTOR) for k in fmt.tractors] + [(k, TITANIC) for k in fmt.titanics]
    return sorted(demands, key=lambda demand: -demand[0])


def _run_lengths(fmt: LeadFormat) -> tuple[int, ...]:
    if not fmt.titanics:
        return fmt.tractors  # already longest first
    return tuple(length for length, _ in run_demands(fmt))


def check_follow(
    hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card], trump: Trump
) -> Verdict:
    """Is ``play`` a legal answer to ``lead`` from ``hand``? A false verdict says why.

    ``hand`` is the follower's whole hand before playing. Raises ``ValueError`` only when the
    *lead* is not a lead (empty or of several suits): that is the caller's mistake.
    """
    if len(lead) == 1 and len(play) == 1:
        # Most tricks are single cards: one card you hold, of the led suit if you have one.
        # This is the general check below with one card, answered without building lists
        # (``suit_of[card.index]`` is ``trump.suit_of(card)``; the loops are ``holds``).
        card = play[0]
        for held in hand:
            if held is card:
                suit_of = trump.suit_by_index
                suit = suit_of[lead[0].index]
                if suit_of[card.index] == suit:
                    return LEGAL
                for other in hand:  # another suit: legal if the hand holds none of the led one
                    if suit_of[other.index] == suit:
                        break
                else:
                    return LEGAL
                break
    fmt = lead_format(lead, trump)
    suit, size = fmt.suit, fmt.size
    if len(play) != size:
        return illegal(
            plural_message(
                "{n} card was led, so play exactly {n}; you played {played}",
                "{n} cards were led, so play exactly {n}; you played {played}",
                size,
                played=len(play),
            )
        )
    missing = first_missing(play, hand)
    if missing is not None:
        return illegal(not_held(missing, hand.count(missing), lead=False))
    play_suit = trump.cards_of(play, suit)
    if len(play_suit) < size:  # not all of the suit: right only if the hand has no more
        hand_suit = trump.cards_of(hand, suit)
        if len(hand_suit) >= size:
            others = [c for c in play if trump.suit_of(c) != suit]
            return illegal(_suit_reason(suit, len(hand_suit), others))
        if first_missing(hand_suit, play) is not None:  # some card of the suit is kept
            unplayed = Counter(hand_suit) - Counter(play)
            return illegal(_short_reason(suit, trump.sort(hand_suit), list(unplayed.elements())))
        return LEGAL  # all of the suit is played: every unit is shown
    if not fmt.total_pairs:
        return LEGAL  # a lead of singles asks nothing more than the suit
    return _check_units(fmt, trump.cards_of(hand, suit), play_suit, trump)


# --- the reasons (built only for an illegal play: a legal one never pays for them) ----------
def _suit_reason(suit: str, held: int, others: list[Card]) -> Message:
    if suit == TRUMP:
        return plural_message(
            "trumps were led and you hold {n} trump card: you must follow with trumps only, "
            "not {cards}",
            "trumps were led and you hold {n} trump cards: you must follow with trumps only, "
            "not {cards}",
            held,
            cards=others,
        )
    return plural_message(
        "{suit} was led and you hold {n} {suit} card: you must follow with {suit} only, "
        "not {cards}",
        "{suit} was led and you hold {n} {suit} cards: you must follow with {suit} only, "
        "not {cards}",
        held,
        suit=Suit(suit),
        cards=others,
    )


def _short_reason(suit: str, hand_suit: list[Card], kept: list[Card]) -> Message:
    if suit == TRUMP:
        return plural_message(
            "you hold only {n} trump card ({cards}): you must play it, then any other cards; "
            "you kept {kept}",
            "you hold only {n} trump cards ({cards}): you must play all of them, then any "
            "other cards; you kept {kept}",
            len(hand_suit),
            cards=hand_suit,
            kept=kept,
        )
    return plural_message(
        "you hold only {n} {suit} card ({cards}): you must play it, then any other cards; "
        "you kept {kept}",
        "you hold only {n} {suit} cards ({cards}): you must play all of them, then any other "
        "cards; you kept {kept}",
        len(hand_suit),
        suit=Suit(suit),
        cards=hand_suit,
        kept=kept,
    )


def _check_units(
    fmt: LeadFormat, hand_suit: list[Card], play_suit: list[Card], trump: Trump
) -> Verdict:
    hand_profile, hand_triples = group_profiles(hand_suit, trump)
    play_profile = pair_profile(play_suit, trump)
    hand_pairs, played = sum(hand_profile.values()), sum(play_profile.values())
    needed = min(fmt.total_pairs, hand_pairs)
    if played < needed:
        return illegal(_pairs_reason(fmt, hand_suit, hand_pairs, needed, played, trump))
    if not hand_triples:
        # No triple in hand: obligations (1) and (3) ask nothing, and each titanic of the
        # lead asks for a tractor of as many steps. That is RULES §5 on pair profiles.
        if not fmt.runs:
            return LEGAL  # the pairs were all that was owed
        lengths = _run_lengths(fmt)
        if tractor_duty_met(lengths, hand_profile, play_profile):
            return LEGAL
        count = next(
            n
            for n in range(1, len(lengths) + 1)
            if not tractor_duty_met(lengths[:n], hand_profile, play_profile)
        )
        unmet = Unmet(TRACTOR, *run_demands(fmt)[count - 1])
    else:
        if not fmt.runs and not fmt.triples:
            return LEGAL
        unmet = first_unmet(fmt, follow_state(hand_suit, play_suit, trump))
        if unmet is None:
            return LEGAL
    return illegal(_units_reason(fmt, unmet, hand_suit, trump))


def _units_reason(fmt: LeadFormat, unmet: Unmet, hand_suit: list[Card], trump: Trump) -> Message:
    """The reason for an unmet obligation (1)-(3): a titanic, a tractor or triples."""
    suit = Suit(fmt.suit)
    if unmet.kind == "triples":
        shown = _held(hand_suit, trump, 3)
        owed = message(
            "you must play at least {owed}; your play has {played}",
            owed=_triples(unmet.owed),
            played=unmet.played,
        )
        if unmet.origin == TITANIC:
            return message(
                "{lead} was led and you hold no titanic or tractor of {suit} to answer its "
                "titanic, so its triples count: the lead asks for {asked} and you hold {held} "
                "({triples}): {owed}",
                lead=fmt.describe_message(),
                suit=suit,
                asked=_triples(unmet.asked),
                held=_triples(unmet.held),
                triples=shown,
                owed=owed,
            )
        if unmet.asked == 1:
            return message(
                "a triple of {suit} was led and you hold {triples}: you must follow with a triple",
                suit=suit,
                triples=shown,
            )
        return message(
            "the lead holds {asked} of {suit} and you hold {held} ({triples}): {owed}",
            asked=_triples(unmet.asked),
            suit=suit,
            held=_triples(unmet.held),
            triples=shown,
            owed=owed,
        )
    length = unmet.steps
    units = decompose(hand_suit, trump)
    if unmet.kind == TITANIC:
        shown = Listing(u.cards for u in units if u.kind == TITANIC)
        return message(
            "a titanic of {steps} triples of {suit} was led and you hold a titanic of {suit} "
            "({cards}): you must follow with a titanic of {steps} triples",
            steps=length,
            suit=suit,
            cards=shown,
        )
    shown = Listing(u.cards for u in units if u.kind in (TRACTOR, TITANIC))
    if unmet.origin == TITANIC:
        return message(
            "a titanic of {steps} triples of {suit} was led; you hold no titanic that long but a "
            "tractor of {suit} ({cards}): you must follow with a tractor of {steps} pairs",
            steps=length,
            suit=suit,
            cards=shown,
        )
    return message(
        "a tractor of {steps} pairs of {suit} was led and you hold a tractor of {suit} ({cards}): "
        "you must follow with a tractor of {steps} pairs",
        steps=length,
        suit=suit,
        cards=shown,
    )


def _pairs_reason(
    fmt: LeadFormat, hand_suit: list[Card], hand_pairs: int, needed: int, played: int, trump
) -> Message:
    suit = Suit(fmt.suit)
    pairs = _held(hand_suit, trump, 2)
    wide = fmt.triples or fmt.titanics or max(Counter(hand_suit).values()) >= 3
    if fmt.total_pairs == 1 and not fmt.runs:
        if not fmt.triples:
            return message(
                "a pair of {suit} was led and you hold {pairs}: you must follow with a pair",
                suit=suit,
                pairs=pairs,
            )
        triples = _held(hand_suit, trump, 3)
        if triples.items:
            return message(
                "a triple of {suit} was led and you hold {triples}: you must follow with a triple",
                suit=suit,
                triples=triples,
            )
        return message(
            "a triple of {suit} was led and you hold no triple of {suit} but {pairs}: you must "
            "follow with a pair",
            suit=suit,
            pairs=pairs,
        )
    if wide:
        counted = message("a tractor counts as its pairs, a triple as one pair")
    else:
        counted = message("a tractor counts as its pairs")
    return message(
        "the lead holds {total} pairs of {suit} ({counted}) and you hold {held} ({pairs}): "
        "you must play at least {needed}; your play has {played}",
        total=fmt.total_pairs,
        suit=suit,
        counted=counted,
        held=plural_message("{n} pair of {suit}", "{n} pairs of {suit}", hand_pairs, suit=suit),
        pairs=pairs,
        needed=plural_message("{n} pair", "{n} pairs", needed),
        played=played,
    )


def _triples(count: int) -> Message:
    return plural_message("{n} triple", "{n} triples", count)


def _held(cards: list[Card], trump: Trump, width: int) -> Listing:
    """The cards held at least ``width`` times, e.g. ``♥Q ♥Q, ♥9 ♥9 ♥9``."""
    counts = Counter(cards)
    return Listing([c] * counts[c] for c in trump.sort(counts) if counts[c] >= width)


def legal_follows(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> list[list[Card]]:
    """Every legal play, each distinct multiset of cards once.

    Built by construction, not by filtering with :func:`check_follow` (the tests compare the
    two): short of the suit, the play is the whole suit plus any mix of other cards;
    otherwise it is a choice of cards played two or three times that meets the obligations,
    plus single cards of the suit. The list can be huge: a hand void in the led suit facing
    an 8-card throw has ~10^6 plays with two decks, and astronomically many with three; use
    :func:`iter_legal_follows` to stop early, or :func:`random_follow` for one play.
    """
    return list(iter_legal_follows(hand, lead, trump))


def iter_legal_follows(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump
) -> Iterator[list[Card]]:
    """Generator version of :func:`legal_follows`, for callers that stop early.

    The plays come lazily, fewest groups (cards played two or three times) first.
    """
    fmt = lead_format(lead, trump)
    size = fmt.size
    hand_suit = trump.sort(trump.cards_of(hand, fmt.suit))
    if len(hand_suit) <= size:
        suit, suit_of = fmt.suit, trump.suit_by_index  # trump.suit_of(c) is suit_of[c.index]
        others = trump.sort([c for c in hand if suit_of[c.index] != suit])
        # hand_suit + extra for each choice of the extra cards (map: no Python loop per play)
        yield from map(hand_suit.__add__, multiset_combinations(others, size - len(hand_suit)))
        return
    if size == 1:  # a single card led: each card of the suit once (below, with no pairs owed)
        previous = None
        for card in hand_suit:  # sorted, so equal cards are side by side
            if card is not previous:
                yield [card]
                previous = card
        return
    counts = Counter(hand_suit)
    distinct = list(counts)
    groupable = [c for c in distinct if counts[c] >= 2]
    needed = min(fmt.total_pairs, len(groupable))
    lengths = _run_lengths(fmt)
    if not any(counts[c] >= 3 for c in groupable):
        # No triple in hand: as in check_follow, only pairs and tractors can be owed, and
        # every grouped card is a pair (RULES §5).
        hand_profile = pair_profile(hand_suit, trump)
        for pair_count in range(needed, min(len(groupable), size // 2) + 1):
            for pairs in combinations(groupable, pair_count):
                if lengths and not tractor_duty_met(
                    lengths, hand_profile, pair_profile(pairs * 2, trump)
                ):
                    continue
                # the cards not in pairs (``c not in pairs``, by identity: cards are interned)
                paired = set(map(id, pairs))
                pooled = [c for c in distinct if id(c) not in paired]
                doubled = [c for c in pairs for _ in range(2)]
                # doubled + list(singles) for each choice of singles (map: no Python loop)
                singles = map(list, combinations(pooled, size - 2 * pair_count))
                yield from map(doubled.__add__, singles)
        return
    searched = bool(fmt.runs or fmt.triples)
    for group_count in range(needed, min(len(groupable), size // 2) + 1):
        for grouped in combinations(groupable, group_count):
            pooled = [c for c in distinct if c not in grouped]
            # each grouped card is played twice, or three times if held three times
            for multi in grouped_parts(grouped, counts, size):
                if searched and first_unmet(fmt, follow_state(hand_suit, multi, trump)):
                    continue
                for singles in combinations(pooled, size - len(multi)):
                    yield multi + list(singles)


def grouped_parts(grouped: tuple[Card, ...], counts: Counter, size: int) -> Iterator[list]:
    """Every way to play each grouped card two or three times (as held), within ``size``."""
    for copies in product(*(range(2, counts[c] + 1) for c in grouped)):
        if sum(copies) <= size:
            yield [c for c, n in zip(grouped, copies, strict=True) for _ in range(n)]


def multiset_combinations(cards: Sequence[Card], size: int) -> Iterator[list[Card]]:
    """Every distinct sub-multiset of ``cards`` with ``size`` cards (identical cards merged)."""
    counts = Counter(cards)
    distinct = list(counts)
    if size == 1:  # what _extend gives for one card: each distinct card once, in order
        for card in distinct:
            yield [card]
    elif size == 2:  # and for two: a card twice (if held twice), then with each later card
        for i, card in enumerate(distinct):
            if counts[card] >= 2:
                yield [card, card]
            for other in distinct[i + 1 :]:
                yield [card, other]
    elif 0 <= size <= len(cards):
        yield from _extend(distinct, counts, 0, size, [])


def _extend(
    distinct: list[Card], counts: Counter, start: int, remaining: int, chosen: list[Card]
) -> Iterator[list[Card]]:
    """The sub-multisets of ``remaining`` more cards from ``distinct[start:]``, added to
    ``chosen``: more copies of a card first. A module function, not a closure calling itself:
    such a closure is a reference cycle, left for the garbage collector after every call."""
    if remaining == 0:
        yield list(chosen)
        return
    for i in range(start, len(distinct)):
        card = distinct[i]
        for copies in range(min(counts[card], remaining), 0, -1):
            chosen.extend([card] * copies)
            yield from _extend(distinct, counts, i + 1, remaining - copies, chosen)
            del chosen[-copies:]


def random_follow(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump, rng: random.Random
) -> list[Card]:
    """One random legal play, drawn without enumerating every legal play.

    Meets the obligations one by one (titanics, tractors, triples, then pairs), each with a
    random choice from the cards not yet taken, then fills up with random cards. Any choice
    works: each obligation is judged on the hand less what earlier ones matched, which is
    exactly the pool the next choice is drawn from, and adding cards to a legal play never
    makes it illegal. Not uniform over legal plays, which a random baseline player does not
    need.
    """
    if len(lead) == 1:  # the most common case, kept cheap for simulations
        hand_suit = trump.cards_of(hand, trump.suit_by_index[lead[0].index])
        return [rng.choice(hand_suit or hand)]
    fmt = lead_format(lead, trump)
    size = fmt.size
    if len(hand) < size:
        held = f"{len(hand)} card" if len(hand) == 1 else f"{len(hand)} cards"
        raise ValueError(f"a hand of {held} cannot follow a lead of {size}")
    hand_suit = trump.cards_of(hand, fmt.suit)
    if len(hand_suit) <= size:
        suit, suit_of = fmt.suit, trump.suit_by_index  # trump.suit_of(c) is suit_of[c.index]
        others = [c for c in hand if suit_of[c.index] != suit]
        return hand_suit + rng.sample(others, size - len(hand_suit))
    pool = Counter(hand_suit)
    play: list[Card] = []
    unanswered = []
    for length in fmt.titanics:  # (1)
        if not _take_random_run(pool, play, 3, length, trump, rng):
            unanswered.append(length)
    triples_owed = fmt.triples
    demands = [(k, TRACTOR) for k in fmt.tractors]
    if unanswered:
        demands = sorted(demands + [(k, TITANIC) for k in unanswered], key=lambda d: -d[0])
    for length, origin in demands:  # (2)
        if not _take_random_run(pool, play, 2, length, trump, rng) and origin == TITANIC:
            triples_owed += length
    if triples_owed:  # (3)
        triples = [c for c in pool if pool[c] >= 3]
        for card in rng.sample(triples, min(triples_owed, len(triples))):
            pool[card] -= 3
            play += [card] * 3
    # (4): everything taken so far is a pair, or holds one (a triple or a titanic's step)
    taken_pairs = len(set(play))
    pairable = [c for c in pool if pool[c] >= 2]
    wanted = min(fmt.total_pairs, taken_pairs + len(pairable)) - taken_pairs
    for card in rng.sample(pairable, max(0, wanted)):
        pool[card] -= 2
        play += [card, card]
    rest = list(pool.elements())
    return play + rng.sample(rest, size - len(play))


def _take_random_run(
    pool: Counter, play: list[Card], width: int, length: int, trump: Trump, rng: random.Random
) -> bool:
    """Move a random run of ``length`` steps × ``width`` from the pool to the play, if any."""
    groups_at: dict[int | None, list[Card]] = {}
    for card, count in pool.items():
        if count >= width:
            groups_at.setdefault(trump.link(card), []).append(card)  # None: in no run
    profile = {step: len(cards) for step, cards in groups_at.items()}
    if longest_run(profile) < length:
        return False
    top = rng.choice(tractor_windows(profile, length))
    for step in range(top - length + 1, top + 1):
        card = rng.choice(groups_at[step])
        pool[card] -= width
        play += [card] * width
    return True


def tractor_duty_met(
    lead_tractors: Sequence[int], hand_profile: dict[int, int], play_profile: dict[int, int]
) -> bool:
    """Rule 4 of RULES §5 on pair profiles: can some choice of the play's tractors meet
    every obligation?

    ``lead_tractors`` are the lengths owed, longest first. An obligation is active when the
    hand (less what earlier obligations matched) holds a tractor that long; then the play
    must hold one, and we try every window of the play that could be it. This is the whole
    search whenever the follower holds no card three times; :func:`first_unmet` is the
    general one.
    """
    if not lead_tractors:
        return True
    length, later = lead_tractors[0], lead_tractors[1:]
    if longest_run(hand_profile) < length:
        return tractor_duty_met(later, hand_profile, play_profile)
    return any(
        tractor_duty_met(
            later, take_window(hand_profile, top, length), take_window(play_profile, top, length)
        )
        for top in tractor_windows(play_profile, length)
    )
