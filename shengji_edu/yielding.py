"""Yielding the deal (让庄, RULES §12.4, ``RuleSet(bidding="yield")``): pure rules.

Two decks only. The first hand of a match is declared as ``"during_deal"`` (抢庄, §8). In a
later hand nobody declares while the cards come in; after the last card, before the kitty,
the *candidate dealer* (the dealer §7 names) and then each next seat in play order, once round
the table, either yields (让庄) or declares by showing **one level card of its own team's
level**; its suit is trump. The first seat that declares deals, and the hand is played at
that seat's team's level: a declaration by the other team moves the deal to it (§12, "whose
level a declaration uses"). No joker, pair, reinforcement or overcall belongs to this round.

When nobody declares (all four yield; or nobody declares in a first hand) the **twin card**
(对子) decides: the kitty card at §8's drawn position is turned up, the player who holds the
identical card deals, and the turned card's suit is trump (a joker: no trump). If its twin is
in the kitty too, the next kitty card in deal order (after the last, the first) is turned up,
and so on; if no kitty card has its twin in a hand, the candidate dealer deals with the suit
of the first card turned up.

* :func:`yield_round` judges the round of answers: ``(dealer, level, suit)`` or ``None``.
* :func:`twin_dealer` finds the twin card: ``(dealer, card)``.
* :func:`yield_choices` (a helper for the engine and the players, not in RULES §12.18) lists
  what a hand may show in the round.

Decisions where RULES leaves the pure functions open:

* ``yield_round`` wants the whole round: answers up to and including the first declaration,
  or four yields. Fewer than four yields is not yet a result (``ValueError``: the round is
  not over), so ``None`` always means "all four yielded, the twin card decides".
* An answer may be given as card text (``"H5"``), one ``Card`` or a list of cards; an empty
  list is a show of nothing (``ValueError``), only ``None`` yields. The cards shown are taken
  as held (the engine checks the hand).
* ``levels`` may be written as ranks (``5``) or text (``"10"``, ``"A"``); the level returned
  is the rank (2..14).
* ``twin_dealer`` reads ``hands`` as four hands by seat (a list, or a ``{seat: hand}``
  mapping; a seat missing from the mapping holds nothing). A kitty card whose twin is in
  no hand and not in the kitty (possible only when not every card is given) is passed over
  like one whose twin is in the kitty. The kitty may have any length (the table of §12.4
  shows short ones); ``drawn`` must be a position in it. Two hands holding the same card
  that is also in the kitty cannot happen with two decks and is a ``ValueError``.

Refusals are ``ValueError`` with a :class:`~shengji_edu.i18n.Message`: ``str(exc)`` is the
English reason, ``render(exc, "zh")`` the Chinese one. Mistakes in the call itself (a seat
that is not 0–3, a ``drawn`` outside the kitty) are plain ``ValueError`` text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .cards import SUITS, Card, as_cards, parse_rank, rank_text
from .i18n import message

SEATS = 4


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise ValueError(f"{what} is a seat 0-3, not {value!r}")
    return value


def _levels(levels: Sequence[int | str]) -> tuple[int, int]:
    if isinstance(levels, (str, bytes)) or len(levels) != 2:
        raise ValueError(f"levels are the two teams' levels (team 0, team 1), not {levels!r}")
    return parse_rank(levels[0]), parse_rank(levels[1])


def yield_round(
    answers: Sequence[object], levels: Sequence[int | str], candidate: int
) -> tuple[int, int, str] | None:
    """The result of the yield round: ``(dealer, level, suit)``, or ``None`` if all four yield.

    ``answers`` are the seats' answers in play order from ``candidate`` (seat ``candidate``
    first, then ``candidate + 1``, … modulo 4), each ``None`` (yield, 让庄) or the cards shown,
    up to the first declaration. ``levels`` are the two teams' levels; seat *s* is on team
    ``s % 2`` and declares with one level card of its team's level. The first seat that
    declares deals at its team's level, with the suit of its card as trump.

    >>> from shengji_edu import parse_cards
    >>> yield_round([None, parse_cards("S6")], (5, 6), 0)
    (1, 6, 'S')

    ``ValueError`` (naming the level) for a show that is not one level card of the seat's
    team's level, for an answer after the first declaration, for more than four answers and
    for fewer than four yields (the round is not over).
    """
    candidate = _seat(candidate, "the candidate dealer")
    team_levels = _levels(levels)
    if isinstance(answers, (str, bytes)) or not isinstance(answers, Sequence):
        raise ValueError(f"answers are a list of shows (or None for a yield), not {answers!r}")
    if len(answers) > SEATS:
        raise ValueError(
            message(
                "{count} answers: the yield round goes once round the table, four answers at most",
                count=len(answers),
            )
        )
    for turn, answer in enumerate(answers):
        if answer is None:
            continue
        seat = (candidate + turn) % SEATS
        if turn + 1 < len(answers):
            raise ValueError(
                message(
                    "seat {later} answered after seat {seat} declared: the first seat that "
                    "declares deals, and nobody answers after it",
                    later=(candidate + turn + 1) % SEATS,
                    seat=seat,
                )
            )
        level = team_levels[seat % 2]
        card = _one_level_card(as_cards(answer), level, seat)
        return seat, level, card.suit
    if len(answers) < SEATS:
        raise ValueError(
            message(
                "the yield round is not over: {count} of the four seats answered and none "
                "declared; seat {seat} answers next",
                count=len(answers),
                seat=(candidate + len(answers)) % SEATS,
            )
        )
    return None


def _one_level_card(cards: list[Card], level: int, seat: int) -> Card:
    if len(cards) == 1 and not cards[0].is_joker and cards[0].rank == level:
        return cards[0]
    if not cards:
        raise ValueError(
            message(
                "seat {seat} showed no card: yield, or declare with one level card of its "
                "team's level, {level}",
                seat=seat,
                level=rank_text(level),
            )
        )
    raise ValueError(
        message(
            "{cards} cannot declare for seat {seat}: declare with one level card of its team's "
            "level, {level} (no joker, no pair), or yield",
            cards=cards,
            seat=seat,
            level=rank_text(level),
        )
    )


def yield_choices(hand: Sequence[Card], level: int | str) -> list[list[Card]]:
    """Every show a seat holding ``hand`` may make in the yield round, at its team's ``level``:
    one level card of each suit held, in suit order ♠ ♥ ♦ ♣ (a helper beside RULES §12.18)."""
    level = parse_rank(level)
    held = set(as_cards(hand))
    return [[card] for card in (Card(suit, level) for suit in SUITS) if card in held]


def twin_dealer(
    kitty: Sequence[Card],
    hands: Sequence[Sequence[Card]] | Mapping[int, Sequence[Card]],
    drawn: int,
    candidate: int,
) -> tuple[int, Card]:
    """Who deals and which card names the trump when nobody declares (the twin card, §12.4).

    ``kitty`` is in deal order and ``drawn`` the position §8 drew (``randrange(8)``). The card
    there is turned up; the seat holding the identical card deals, and the card's suit is
    trump (a joker: no trump). If the identical card is in the kitty too, the next kitty card
    in deal order is turned up (after the last, the first), and so on. If no kitty card has
    its twin in a hand, ``candidate`` deals with the first card turned up.

    >>> from shengji_edu import parse_cards
    >>> kitty = parse_cards("HQ D4 S3 S3 C5 C6 C7 HQ")
    >>> twin_dealer(kitty, [[], [], parse_cards("D4 H2"), []], 0, candidate=1)
    (2, D4)
    """
    cards = as_cards(kitty)
    if not cards:
        raise ValueError("the kitty is empty: there is no card to turn up")
    if isinstance(drawn, bool) or not isinstance(drawn, int) or not 0 <= drawn < len(cards):
        raise ValueError(f"drawn is a position in the kitty, 0-{len(cards) - 1}, not {drawn!r}")
    candidate = _seat(candidate, "the candidate dealer")
    holders = _hands_by_seat(hands)
    in_kitty = Counter(cards)
    for step in range(len(cards)):
        card = cards[(drawn + step) % len(cards)]
        if in_kitty[card] > 1:
            continue  # its twin is in the kitty too: turn up the next card
        seats = [seat for seat, hand in holders.items() if card in hand]
        if len(seats) > 1:
            raise ValueError(
                f"seats {seats[0]} and {seats[1]} both hold {card} and the kitty holds one: "
                "two decks have only two copies of a card"
            )
        if seats:
            return seats[0], card
    return candidate, cards[drawn]


def _hands_by_seat(
    hands: Sequence[Sequence[Card]] | Mapping[int, Sequence[Card]],
) -> dict[int, set[Card]]:
    if isinstance(hands, Mapping):
        pairs = list(hands.items())
    else:
        if isinstance(hands, (str, bytes)) or len(hands) != SEATS:
            raise ValueError("hands are the four seats' hands, by seat (or a {seat: hand} mapping)")
        pairs = list(enumerate(hands))
    return {_seat(seat, "a hand's seat"): set(as_cards(hand)) for seat, hand in pairs}


__all__ = ["twin_dealer", "yield_choices", "yield_round"]
