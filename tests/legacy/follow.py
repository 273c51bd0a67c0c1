"""Following a lead (RULES §5): check one play with a reason, or enumerate every legal play.

With a lead of effective suit *s* and *n* cards, and *Hs* the follower's cards of suit *s*:

1. play exactly *n* cards you hold;
2. follow suit: all *s* if you hold at least *n* of them, otherwise all of *Hs* plus others;
3. pairs: hold at least min(pairs in the lead, pairs in *Hs*) pairs of *s* (有对必跟对);
4. tractors: for each tractor of the lead, longest first, if *Hs* (less the tractors already
   matched) holds one at least as long, the play must hold a tractor of that length
   (有拖拉机必跟拖拉机).

Rules 3 and 4 only bite when the follower can play *n* cards of suit *s*: a player short of
the suit must play all of it, which already shows every pair and tractor they have.

Decision (RULES is silent): a lead that mixes effective suits is not a lead at all, so the
functions here raise ``ValueError`` for it instead of judging the follow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from .cards import Card, first_missing, format_cards
from .trump import Trump, suit_label
from .units import (
    TRACTOR,
    LeadFormat,
    decompose,
    lead_format,
    longest_run,
    pair_profile,
    take_window,
    tractor_windows,
)
from .verdict import LEGAL, Verdict, illegal


def tractor_duty_met(
    lead_tractors: Sequence[int], hand_profile: dict[int, int], play_profile: dict[int, int]
) -> bool:
    """Rule 4 on pair profiles: can some choice of the play's tractors meet every obligation?

    ``lead_tractors`` are the lead's tractor lengths, longest first. An obligation is
    active when the hand (less what earlier obligations matched) holds a tractor that long;
    then the play must hold one, and we try every window of the play that could be it.
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


def check_follow(
    hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card], trump: Trump
) -> Verdict:
    """Is ``play`` a legal answer to ``lead`` from ``hand``? A false verdict says why.

    ``hand`` is the follower's whole hand before playing. Raises ``ValueError`` only when the
    *lead* is not a lead (empty or of several suits): that is the caller's mistake.
    """
    fmt = lead_format(lead, trump)
    suit, size, name = fmt.suit, fmt.size, suit_label(fmt.suit)
    noun = "trump" if suit == "T" else name  # "3 trump cards", "3 ♥ cards"
    if len(play) != size:
        return illegal(
            f"{size} card{'s were' if size > 1 else ' was'} led, so play exactly {size}; "
            f"you played {len(play)}"
        )
    missing = first_missing(play, hand)
    if missing is not None:
        card = missing
        held = hand.count(card)
        what = "do not hold" if held == 0 else "hold only one"
        return illegal(f"you {what} {card.pretty}: play cards from your hand")
    hand_suit = trump.cards_of(hand, suit)
    play_suit = trump.cards_of(play, suit)
    if len(hand_suit) >= size:
        if len(play_suit) < size:
            others = format_cards([c for c in play if trump.suit_of(c) != suit], pretty=True)
            return illegal(
                f"{name} {'were' if suit == 'T' else 'was'} led and you hold {len(hand_suit)} "
                f"{noun} cards: you must follow with {name} only, not {others}"
            )
    else:
        unplayed = Counter(hand_suit) - Counter(play)
        if unplayed:
            return illegal(
                f"you hold only {len(hand_suit)} {noun} card{'s' if len(hand_suit) > 1 else ''} "
                f"({format_cards(trump.sort(hand_suit), pretty=True)}): you must play all of "
                f"them, then any other cards; you kept {format_cards(unplayed.elements(), True)}"
            )
        return LEGAL  # all of the suit is played: every pair and tractor is shown
    if not fmt.total_pairs:
        return LEGAL  # a lead of singles asks nothing more than the suit
    return _check_pairs_and_tractors(fmt, hand_suit, play_suit, trump)


def _check_pairs_and_tractors(
    fmt: LeadFormat, hand_suit: list[Card], play_suit: list[Card], trump: Trump
) -> Verdict:
    name = suit_label(fmt.suit)
    hand_profile = pair_profile(hand_suit, trump)
    play_profile = pair_profile(play_suit, trump)
    hand_pairs = sum(hand_profile.values())
    needed = min(fmt.total_pairs, hand_pairs)
    played = sum(play_profile.values())
    if played < needed:
        pairs_text = _pairs_text(hand_suit, trump)
        if fmt.total_pairs == 1 and not fmt.tractors:
            return illegal(
                f"a pair of {name} was led and you hold {pairs_text}: you must follow with a pair"
            )
        return illegal(
            f"the lead holds {fmt.total_pairs} pairs of {name} (a tractor counts as its pairs) "
            f"and you hold {hand_pairs} pair{'s' if hand_pairs > 1 else ''} of {name} "
            f"({pairs_text}): you must play at least {needed} pair{'s' if needed > 1 else ''}; "
            f"your play has {played}"
        )
    if not tractor_duty_met(fmt.tractors, hand_profile, play_profile):
        for count in range(1, len(fmt.tractors) + 1):  # name the first obligation not met
            if not tractor_duty_met(fmt.tractors[:count], hand_profile, play_profile):
                length = fmt.tractors[count - 1]
                break
        tractors = [u for u in decompose(hand_suit, trump) if u.kind == TRACTOR]
        shown = ", ".join(format_cards(u.cards, pretty=True) for u in tractors)
        return illegal(
            f"a tractor of {length} pairs of {name} was led and you hold a tractor of {name} "
            f"({shown}): you must follow with a tractor of {length} pairs"
        )
    return LEGAL


def _pairs_text(cards: list[Card], trump: Trump) -> str:
    counts = Counter(cards)
    pairs = [c for c in trump.sort(counts) if counts[c] >= 2]
    return ", ".join(f"{c.pretty} {c.pretty}" for c in pairs)


def legal_follows(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> list[list[Card]]:
    """Every legal play, each distinct multiset of cards once.

    Built by construction, not by filtering with :func:`check_follow` (the tests compare the
    two): short of the suit, the play is the whole suit plus any mix of other cards;
    otherwise it is a set of pairs that meets rules 3–4 plus single cards of the suit. The
    list can be huge: a hand void in the led suit facing an 8-card throw has ~10^6 plays.
    """
    return list(iter_legal_follows(hand, lead, trump))


def iter_legal_follows(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump
) -> Iterator[list[Card]]:
    """Generator version of :func:`legal_follows`, for callers that stop early."""
    fmt = lead_format(lead, trump)
    size = fmt.size
    hand_suit = trump.sort(trump.cards_of(hand, fmt.suit))
    if len(hand_suit) <= size:
        others = trump.sort(c for c in hand if trump.suit_of(c) != fmt.suit)
        for extra in multiset_combinations(others, size - len(hand_suit)):
            yield hand_suit + extra
        return
    counts = Counter(hand_suit)
    distinct = list(counts)
    pairable = [c for c in distinct if counts[c] >= 2]
    hand_profile = pair_profile(hand_suit, trump)
    needed = min(fmt.total_pairs, len(pairable))
    for pair_count in range(needed, min(len(pairable), size // 2) + 1):
        single_count = size - 2 * pair_count
        for pairs in combinations(pairable, pair_count):
            if fmt.tractors and not tractor_duty_met(
                fmt.tractors, hand_profile, pair_profile(pairs * 2, trump)
            ):
                continue
            pooled = [c for c in distinct if c not in pairs]
            doubled = [c for c in pairs for _ in range(2)]
            for singles in combinations(pooled, single_count):
                yield doubled + list(singles)


def multiset_combinations(cards: Sequence[Card], size: int) -> Iterator[list[Card]]:
    """Every distinct sub-multiset of ``cards`` with ``size`` cards (identical cards merged)."""
    counts = Counter(cards)
    distinct = list(counts)

    def extend(start: int, remaining: int, chosen: list[Card]) -> Iterator[list[Card]]:
        if remaining == 0:
            yield list(chosen)
            return
        for i in range(start, len(distinct)):
            card = distinct[i]
            for copies in range(min(counts[card], remaining), 0, -1):
                chosen.extend([card] * copies)
                yield from extend(i + 1, remaining - copies, chosen)
                del chosen[-copies:]

    if 0 <= size <= len(cards):
        yield from extend(0, size, [])


def random_follow(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump, rng: random.Random
) -> list[Card]:
    """One random legal play, drawn without enumerating every legal play.

    Meets the duties one by one (tractors, then pairs), each with a random choice, then fills
    up with random cards. Any choice works: rule 4 is judged on the hand less what earlier
    tractors matched, and adding cards to a legal play never makes it illegal. Not uniform
    over legal plays, which a random baseline player does not need.
    """
    if len(lead) == 1:  # the most common case, kept cheap for simulations
        hand_suit = trump.cards_of(hand, trump.suit_of(lead[0]))
        return [rng.choice(hand_suit or hand)]
    fmt = lead_format(lead, trump)
    size = fmt.size
    hand_suit = trump.cards_of(hand, fmt.suit)
    if len(hand_suit) <= size:
        others = [c for c in hand if trump.suit_of(c) != fmt.suit]
        return hand_suit + rng.sample(others, size - len(hand_suit))
    pool = Counter(hand_suit)
    play: list[Card] = []
    for length in fmt.tractors:
        pairs_at = _pairs_by_step(pool, trump)
        profile = {step: len(cards) for step, cards in pairs_at.items()}
        if longest_run(profile) < length:
            continue
        top = rng.choice(tractor_windows(profile, length))
        for step in range(top - length + 1, top + 1):
            card = rng.choice(pairs_at[step])
            pool[card] -= 2
            play += [card, card]
    taken_pairs = len(play) // 2
    pairable = [c for c in pool if pool[c] >= 2]
    wanted = min(fmt.total_pairs, taken_pairs + len(pairable)) - taken_pairs
    for card in rng.sample(pairable, max(0, wanted)):
        pool[card] -= 2
        play += [card, card]
    rest = list(pool.elements())
    return play + rng.sample(rest, size - len(play))


def _pairs_by_step(pool: Counter, trump: Trump) -> dict[int, list[Card]]:
    pairs_at: dict[int, list[Card]] = {}
    for card, count in pool.items():
        if count >= 2:
            pairs_at.setdefault(trump.step(card), []).append(card)
    return pairs_at
