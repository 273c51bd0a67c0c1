"""What a player can work out from its view: unseen cards, sure winners, the trick so far.

These are the small questions every computer player asks ("which cards have I not seen?",
"can anybody beat this ace?", "is my partner winning?"). They read only the player's view,
never another hand, so players built on them play fair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..cards import ALL_CARDS, Card, shorten
from ..scoring import trick_points
from ..tricks import play_key, trick_winner
from ..trump import TRUMP, Trump
from ..units import (
    SINGLE,
    Unit,
    group_profile,
    lead_format,
    run_ranks,
)
from .base import PlayerView
from .rollout_knowledge import winner_and_key


def check_name(name: object) -> str:
    """A player's name: short text, shown in reports and error messages."""
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise ValueError(f"a player's name is short text such as 'greedy', not {shorten(name)}")
    return name


def check_rate(value: object, what: str) -> float:
    """A probability between 0 and 1 (an int or a float; not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{what} must be a number from 0 to 1, not {shorten(value)}")
    return float(value)


def unseen_cards(view: PlayerView) -> Counter:
    """Cards this player has not seen: not in its hand, not played, not buried by it (every
    card exists ``rules.decks`` times)."""
    unseen = Counter({card: view.rules.decks for card in ALL_CARDS})
    for seen in (view.hand, view.played_cards, view.buried):
        unseen.subtract(seen)
    return +unseen  # the cards with a copy left, in card order


def unseen_by_suit(unseen: Counter, trump: Trump) -> dict[str, list[Card]]:
    """Unseen cards grouped by effective suit (each copy listed)."""
    groups: dict[str, list[Card]] = {}
    for card, count in unseen.items():
        groups.setdefault(trump.suit_of(card), []).extend([card] * count)
    return groups


def unit_is_sure(unit: Unit, unseen: dict[str, list[Card]], trump: Trump) -> bool:
    """Can no unseen holding beat this unit with a unit of the same kind? (Ruffs aside.)

    A unit of *k steps × width w* (RULES §11.1) is beaten only by a higher one of the same
    shape: a single by a higher card, a pair by a higher pair, a triple by a higher triple,
    a tractor or a titanic by a higher run of as many steps of pairs or of triples (any k
    consecutive groups of a longer run count). ``unseen`` is :func:`unseen_by_suit` of the
    unseen cards.
    """
    cards = unseen.get(unit.suit, [])
    if unit.kind == SINGLE:
        return all(trump.step(c) <= unit.high for c in cards)
    steps = unit.steps
    if steps == 1:
        profile = group_profile(cards, trump, unit.width, trump.step_by_index)  # by strength
        return all(step <= unit.high for step in profile)
    return all(rank <= unit.high for rank in run_ranks(cards, trump, unit.width, steps))


def trick_plays(view: PlayerView) -> list[Sequence[Card]]:
    """The cards played to the running trick so far, lead first."""
    return [cards for _seat, cards in view.current_trick]


def current_winner(view: PlayerView) -> int | None:
    """Seat winning the running trick so far (None before the lead)."""
    plays = view.current_trick
    if not plays:
        return None
    trump = view.trump
    assert trump is not None
    return plays[trick_winner([cards for _seat, cards in plays], trump)][0]


def winning_test(view: PlayerView) -> Callable[[Sequence[Card]], bool]:
    """A function telling whether a play would be winning the trick right after it is played.

    The best play so far is scored once; each candidate is then scored and compared, which
    is much cheaper than judging the whole trick again for every candidate.
    """
    trump = view.trump
    lead = view.lead
    assert trump is not None and lead is not None
    plays = trick_plays(view)
    fmt = lead_format(lead, trump)
    best: list = []

    def wins(play: Sequence[Card]) -> bool:
        if not best:  # the best key so far: the winning play's (see _trick_so_far)
            top = winner_and_key(view)[1]
            if top is None:  # a single-card trick (asked about a longer play): score it here
                top = max(k for k in (play_key(p, fmt, trump) for p in plays) if k is not None)
            best.append(top)
        return (key := play_key(play, fmt, trump)) is not None and key > best[0]

    if len(lead) != 1:
        return wins
    # Single cards: play_key's comparison on one number per card (a card of the led suit or a
    # trump, stronger than the best so far: trick_winner's test for single cards).
    allowed = (fmt.suit, TRUMP)
    suit_of, strength = trump.suit_by_index, trump.strength_by_index  # tables by card.index
    top = max(strength[p[0].index] for p in plays if suit_of[p[0].index] in allowed)
    return lambda play: (
        suit_of[play[0].index] in allowed and strength[play[0].index] > top
        if len(play) == 1
        else wins(play)
    )


def would_win(view: PlayerView, play: Sequence[Card]) -> bool:
    """Would ``play`` be winning the trick right after it is played?"""
    return winning_test(view)(play)


def points_on_table(view: PlayerView) -> int:
    return trick_points(c for cards in trick_plays(view) for c in cards)


def is_last_to_play(view: PlayerView) -> bool:
    return len(view.current_trick) == 3


def trumps_in(cards: Sequence[Card], trump: Trump) -> int:
    return sum(1 for c in cards if trump.suit_of(c) == TRUMP)
