"""Reports (报牌) with absorbing (吸牌) and returning (回牌), RULES §12.5: pure rules.

``RuleSet(bidding="report")``, two decks. Nobody declares during the deal. After the last card,
before the kitty, every player chooses in secret to report or pass, and the reports are shown
at once. A **report** is one joker with one pair or one tractor of a suit of the joker's
colour: the big joker with ♥ or ♦, the little joker with ♠ or ♣. Ranks are judged at the
candidate dealer's team's level *L*: a tractor's pairs sit on consecutive ranks of its suit
with *L* left out (level 5: ``H4 H4 H6 H6``), and a pair of rank *L* is reported alone and
ranks above A.

The larger report has more pairs (a tractor of *k* pairs counts *k*), then the higher top pair,
then the big joker; then the earlier seat in play order from the candidate. The largest
report's suit is trump. The candidate deals if it reported, otherwise the largest reporter
(whose team becomes the dealer team at its own level). The largest reporter takes every card
the other reporters showed (吸牌, a partner's too) and gives each of them as many cards back
(回牌), in play order from itself: no joker and none of the suit that player reported, unless
it holds fewer such cards than it owes, and then all of them and the rest from that suit.

* :func:`report_strength` — how strong a report is (a comparable :class:`ReportStrength`), or
  ``ValueError`` saying why the cards are not a report.
* :func:`report_outcome` — the largest report, the trump suit, the dealer, who is absorbed
  (:class:`ReportOutcome`); its ``owed`` lists the returns in the order they are made and its
  ``kitty_first`` says whether the dealer takes the kitty before or after the returns.
* :func:`check_return` — a :class:`~shengji_edu.verdict.Verdict` on one return.

Helpers for the engine and the players beside RULES §12.18: :func:`report_suit`,
:func:`possible_reports` (every report a hand can make) and :func:`return_options` (what a
return must hold and what it may choose from).

Decisions where RULES leaves the pure functions open:

* A report's cards may come in any order, as text or cards. Three identical cards are not a
  pair; a second pair of another suit, a second joker or a lone joker make no report.
* The level pair's suit obeys the colour rule too (``BJ H2 H2`` at level 2, not ``BJ S2 S2``).
* :func:`report_outcome` reads ``reports`` as ``{seat: cards}``; a seat mapped to ``None``
  passed (the same as leaving it out). It judges every report (a refusal names the seat) but
  does not count copies across reports: the engine knows the hands.
* ``check_return`` takes the suit a player reported from the non-joker cards of ``reported``
  (and refuses, with ``ValueError``, cards that name no one suit). "Such cards" are those of
  the other three printed suits, level cards included: the rule names the suit, not the
  trumps. A return counts as many cards as ``reported`` holds, joker included. If even the
  reported suit does not make up the count (a hand of little more than jokers, which a real
  deal cannot give), the rest are jokers: each kind of card is given only after every card
  of the kinds before it (other suits, then the reported suit, then jokers).
* The kitty's order (§12.5 "with the kitty"): a dealer that is not the largest reporter was
  absorbed, so it takes the kitty and buries first and the returns follow
  (``ReportOutcome.kitty_first``); a dealer that absorbed returns first. When nobody else
  reported there are no returns and the order does not matter (``kitty_first`` is false).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import BIG_JOKER, LITTLE_JOKER, RANKS, SUITS, Card, as_cards, parse_rank, rank_text
from .i18n import Message, Suit, message, plural_message
from .sequences import Row
from .verdict import LEGAL, Verdict, illegal

SEATS = 4
LEVEL_PAIR_TOP = 15
"""The ``top`` of a report whose pair is of the level rank: above A (14)."""
COLOURS = {BIG_JOKER: ("H", "D"), LITTLE_JOKER: ("S", "C")}
"""The suits each joker reports with: red with the big joker, black with the little one."""


class ReportStrength(NamedTuple):
    """How strong a report is; a larger tuple is a stronger report (seats aside).

    ``pairs``: the pairs shown (a tractor of *k* pairs: *k*); ``top``: the rank of the top
    pair (2..14, or :data:`LEVEL_PAIR_TOP` for the level pair); ``big``: shown with the big
    joker. Reports of equal strength (``BJ HA HA`` and ``BJ DA DA``) are equal.
    """

    pairs: int
    top: int
    big: bool


def report_strength(cards: Sequence[Card] | str, level: int | str) -> ReportStrength:
    """The strength of a report judged at ``level`` (the candidate dealer's team's level).

    >>> from shengji_edu import parse_cards
    >>> report_strength(parse_cards("LJ C5 C5 C6 C6"), 2)
    ReportStrength(pairs=2, top=6, big=False)
    >>> report_strength(parse_cards("BJ H2 H2"), 2) > report_strength(parse_cards("LJ SA SA"), 2)
    True

    Anything that is not a report is a ``ValueError`` saying why.
    """
    return _judge(as_cards(cards), parse_rank(level))[0]


def report_suit(cards: Sequence[Card] | str, level: int | str) -> str:
    """The suit a report names (the suit of its pair or tractor); ``ValueError`` as
    :func:`report_strength` for anything that is not a report."""
    return _judge(as_cards(cards), parse_rank(level))[1]


NOTHING_SHOWN = message("nothing is shown: a report is one joker with a pair or a tractor")


def _judge(cards: list[Card], level: int) -> tuple[ReportStrength, str]:
    jokers = [c for c in cards if c.is_joker]
    rest = [c for c in cards if not c.is_joker]
    if not cards:
        raise ValueError(NOTHING_SHOWN)
    if not jokers:
        raise ValueError(
            message(
                "{cards} is not a report: a report shows one joker (BJ with a pair or tractor "
                "of ♥ or ♦, LJ with one of ♠ or ♣)",
                cards=cards,
            )
        )
    if len(jokers) > 1:
        if len(jokers) == 2:
            raise ValueError(
                message(
                    "{cards} is not a report: two jokers, and a report holds exactly one",
                    cards=cards,
                )
            )
        raise ValueError(
            message(
                "{cards} is not a report: {count} jokers, and a report holds exactly one",
                cards=cards,
                count=len(jokers),
            )
        )
    joker = jokers[0]
    if not rest:
        raise ValueError(
            message("{cards} is not a report: show the joker with a pair or a tractor", cards=cards)
        )
    counts = Counter(rest)
    unpaired = [c for c in rest if counts[c] != 2]
    if unpaired:
        raise ValueError(
            plural_message(
                "{cards} is not a report: {odd} makes no pair, and beside the joker a report "
                "needs a pair (two identical cards) or a tractor",
                "{cards} is not a report: {odd} make no pairs, and beside the joker a report "
                "needs a pair (two identical cards) or a tractor",
                len(unpaired),
                cards=cards,
                odd=unpaired,
            )
        )
    suits = sorted({c.suit for c in rest}, key=SUITS.index)
    if len(suits) > 1:
        raise ValueError(
            message(
                "{cards} is not a report: it shows pairs of {count} suits; a report has one "
                "pair or one tractor, of one suit",
                cards=cards,
                count=len(suits),
            )
        )
    suit = suits[0]
    if suit not in COLOURS[joker]:
        if joker is BIG_JOKER:
            raise ValueError(
                message(
                    "{cards} is not a report: wrong colour, BJ goes with a red pair or "
                    "tractor (♥ or ♦), not {suit}",
                    cards=cards,
                    suit=Suit(suit),
                )
            )
        raise ValueError(
            message(
                "{cards} is not a report: wrong colour, LJ goes with a black pair or tractor "
                "(♠ or ♣), not {suit}",
                cards=cards,
                suit=Suit(suit),
            )
        )
    ranks = sorted({c.rank for c in rest})
    if len(ranks) == 1:
        top = LEVEL_PAIR_TOP if ranks[0] == level else ranks[0]
        return ReportStrength(1, top, joker is BIG_JOKER), suit
    if level in ranks:
        raise ValueError(
            message(
                "{cards} is not a report: a pair of the level rank {level} is reported alone, "
                "never in a tractor",
                cards=cards,
                level=rank_text(level),
            )
        )
    steps = [_STEPS[level].index(r) for r in ranks]
    if steps[-1] - steps[0] != len(steps) - 1:
        raise ValueError(
            message(
                "{cards} is not a report: no tractor, its pairs are not on consecutive ranks "
                "of {suit} (the level {level} left out)",
                cards=cards,
                suit=Suit(suit),
                level=rank_text(level),
            )
        )
    return ReportStrength(len(ranks), ranks[-1], joker is BIG_JOKER), suit


_STEPS = {level: [r for r in RANKS if r != level] for level in RANKS}
"""The ranks of a suit on consecutive steps at each level: 2..A with the level left out."""


def possible_reports(hand: Sequence[Card] | str, level: int | str) -> list[list[Card]]:
    """Every report a player holding ``hand`` could make at ``level``, strongest first.

    Each is the joker first, then the pairs from the top. Of equally strong reports, the big
    joker's suits come in the order ♥ ♦, the little joker's ♠ ♣. A helper beside RULES §12.18
    for the engine's computer players and the front ends' buttons.
    """
    level = parse_rank(level)
    counts = Counter(as_cards(hand))
    found: list[tuple[ReportStrength, int, list[Card]]] = []
    for joker, colour in COLOURS.items():
        if not counts[joker]:
            continue
        for suit in colour:
            order = SUITS.index(suit)
            if counts[Card(suit, level)] >= 2:
                strength = ReportStrength(1, LEVEL_PAIR_TOP, joker is BIG_JOKER)
                found.append((strength, order, [joker, *[Card(suit, level)] * 2]))
            run: list[int] = []  # pairs held on consecutive steps, low to high
            for rank in [*_STEPS[level], None]:
                if rank is not None and counts[Card(suit, rank)] >= 2:
                    run.append(rank)
                    continue
                for low in range(len(run)):
                    for high in range(low, len(run)):
                        ranks = run[low : high + 1]
                        cards = [joker] + [Card(suit, r) for r in reversed(ranks) for _ in (0, 1)]
                        strength = ReportStrength(len(ranks), ranks[-1], joker is BIG_JOKER)
                        found.append((strength, order, cards))
                run = []
    found.sort(key=lambda item: (-item[0].pairs, -item[0].top, not item[0].big, item[1]))
    return [cards for _, _, cards in found]


@dataclass(frozen=True)
class ReportOutcome:
    """What the reports decide (RULES §12.5); every field ``None`` (and the lists empty) when
    nobody reported.

    ``largest``: the seat of the largest report, which absorbs the others. ``suit``: its
    suit, the trump suit. ``dealer``: the candidate if it reported, otherwise ``largest``.
    ``absorbed``: the other reporters' seats in play order from ``largest``: the players it
    takes cards from and returns cards to, in the order of the returns. ``owed``: ``(seat,
    cards)`` for each of them, in that order: how many cards ``largest`` gives back (as many
    as it took: the length of that seat's report). ``strengths``: every report's
    :class:`ReportStrength`, by seat.
    """

    largest: int | None
    suit: str | None
    dealer: int | None
    absorbed: list[int] = field(default_factory=list)
    owed: list[tuple[int, int]] = field(default_factory=list)
    strengths: dict[int, ReportStrength] = field(default_factory=dict)

    @property
    def kitty_first(self) -> bool:
        """True when the dealer takes the kitty and buries before the returns are made.

        That is when the dealer's own report was absorbed (the dealer is not the largest
        reporter); a dealer that absorbed makes its returns first, then takes the kitty
        («最小化扣底换牌的优势»). False when nobody reported.
        """
        return self.dealer is not None and self.dealer != self.largest


def report_outcome(
    reports: Mapping[int, Sequence[Card] | str | None], level: int | str, candidate: int
) -> ReportOutcome:
    """Judge the reports shown at once: ``reports = {seat: cards}`` of the seats that reported,
    ``level`` the candidate dealer's team's level, ``candidate`` the candidate dealer.

    >>> from shengji_edu import parse_cards
    >>> outcome = report_outcome({0: parse_cards("BJ H3 H3"), 1: parse_cards("LJ SA SA")}, 2, 0)
    >>> outcome.largest, outcome.suit, outcome.dealer, outcome.absorbed, outcome.kitty_first
    (1, 'S', 0, [0], True)

    Ties go to the earlier seat in play order from ``candidate``. A report that is not one is
    a ``ValueError`` naming the seat and the reason.
    """
    if isinstance(candidate, bool) or not isinstance(candidate, int) or not 0 <= candidate < 4:
        raise ValueError(f"the candidate dealer is a seat 0-3, not {candidate!r}")
    if not isinstance(reports, Mapping):
        raise ValueError(f"reports are {{seat: cards}} of the seats that reported, not {reports!r}")
    level = parse_rank(level)
    judged: dict[int, tuple[ReportStrength, str, int]] = {}
    for seat, cards in reports.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise ValueError(f"a report's seat is 0-3, not {seat!r}")
        if cards is None:
            continue  # passed
        shown = as_cards(cards)
        try:
            strength, suit = _judge(shown, level)
        except ValueError as refused:
            reason = refused.args[0]
            raise ValueError(
                message("seat {seat}: {reason}", seat=seat, reason=reason)
            ) from refused
        judged[seat] = (strength, suit, len(shown))
    if not judged:
        return ReportOutcome(None, None, None)  # a new one each time: its lists are its own
    largest = max(judged, key=lambda seat: (judged[seat][0], -((seat - candidate) % SEATS)))
    order = [(largest + step) % SEATS for step in range(1, SEATS)]
    absorbed = Row(seat for seat in order if seat in judged)
    return ReportOutcome(
        largest=largest,
        suit=judged[largest][1],
        dealer=candidate if candidate in judged else largest,
        absorbed=absorbed,
        owed=Row((seat, judged[seat][2]) for seat in absorbed),
        strengths={seat: judged[seat][0] for seat in sorted(judged)},
    )


class ReturnOptions(NamedTuple):
    """What a return (回牌) must hold: all of ``give_all``, and ``count`` of ``choose_from``.

    The absorber gives the cards of the other three suits first, then cards of the reported
    suit, then (only if nothing else is left) jokers; ``give_all`` are the kinds it runs out
    of, ``choose_from`` the kind it stops in.
    """

    give_all: list[Card]
    choose_from: list[Card]
    count: int


def _reported_suit(reported: list[Card]) -> str:
    suits = {c.suit for c in reported if not c.is_joker}
    if len(suits) != 1:
        raise ValueError(
            message(
                "{cards} names no one suit: a report shows a pair or a tractor of one suit",
                cards=reported,
            )
            if reported
            else NOTHING_SHOWN
        )
    return suits.pop()


def _tiers(hand: list[Card], suit: str) -> tuple[list[Card], list[Card], list[Card]]:
    others = [c for c in hand if not c.is_joker and c.suit != suit]
    same = [c for c in hand if c.suit == suit]
    jokers = [c for c in hand if c.is_joker]
    return others, same, jokers


def return_options(hand: Sequence[Card] | str, reported: Sequence[Card] | str) -> ReturnOptions:
    """The returns the absorber holding ``hand`` may give to the player who reported
    ``reported``: every legal return is ``give_all`` plus any ``count`` cards of
    ``choose_from``. A helper beside RULES §12.18 (:func:`check_return` judges one return)."""
    hand, reported = as_cards(hand), as_cards(reported)
    owed = len(reported)
    give_all: list[Card] = []
    for tier in _tiers(hand, _reported_suit(reported)):
        if len(give_all) + len(tier) >= owed:
            return ReturnOptions(give_all, tier, owed - len(give_all))
        give_all += tier
    return ReturnOptions(give_all, [], owed - len(give_all))  # the hand is too small


def check_return(
    hand: Sequence[Card] | str, given: Sequence[Card] | str, reported: Sequence[Card] | str
) -> Verdict:
    """Is ``given`` a legal return (回牌) from the absorber holding ``hand`` to the player who
    reported ``reported``? A :class:`~shengji_edu.verdict.Verdict` (``bool`` and ``.reason``).

    ``hand`` is the absorber's hand when it makes this return: after absorbing, and after the
    returns made before (and, for a dealer that absorbed, before the kitty). The return counts
    as many cards as ``reported`` (what was taken from that player), all held; no joker and
    none of the reported suit, unless the absorber holds fewer cards of the other suits than
    it owes: then all of those and the rest from the reported suit.

    >>> from shengji_edu import parse_cards
    >>> hand = parse_cards("BJ H3 H3 HK S4 S9 C7")
    >>> bool(check_return(hand, parse_cards("S4 S9 C7"), parse_cards("BJ H3 H3")))
    True
    >>> check_return(hand, parse_cards("S4 S9 HK"), parse_cards("BJ H3 H3")).reason
    '♥K is of ♥, the suit this player reported: you hold enough cards of other suits, give those'
    """
    hand, given, reported = as_cards(hand), as_cards(given), as_cards(reported)
    suit = _reported_suit(reported)
    owed = len(reported)
    if len(given) != owed:
        return illegal(
            plural_message(
                "you took {n} card from this player: give back {n}, not {given}",
                "you took {n} cards from this player: give back {n}, not {given}",
                owed,
                given=len(given),
            )
        )
    held = Counter(hand)
    for card, wanted in Counter(given).items():
        if wanted > held[card]:
            return illegal(_not_held(card, held[card]))
    if not given:
        return LEGAL
    tiers = _tiers(hand, suit)
    worst_card = max(given, key=lambda c: _tier(c, suit))
    worst = _tier(worst_card, suit)
    kept = Counter(hand)
    kept.subtract(given)
    kept_better = [c for tier in tiers[:worst] for c in tier if kept[c] > 0]
    if not kept_better:
        return LEGAL
    enough = sum(len(tier) for tier in tiers[:worst]) >= owed
    if worst == 1 and enough:
        return illegal(
            message(
                "{card} is of {suit}, the suit this player reported: you hold enough cards "
                "of other suits, give those",
                card=worst_card,
                suit=Suit(suit),
            )
        )
    if worst == 1:
        return illegal(
            message(
                "you hold fewer cards of other suits than you owe, so give all of them before "
                "any {suit}: you keep {kept}",
                suit=Suit(suit),
                kept=_distinct(kept_better, kept),
            )
        )
    if enough:
        return illegal(
            message(
                "{card} is a joker: jokers are not given back while you hold enough other cards",
                card=worst_card,
            )
        )
    return illegal(
        message(
            "{card} is a joker: give every other card you hold before a joker; you keep {kept}",
            card=worst_card,
            kept=_distinct(kept_better, kept),
        )
    )


def _tier(card: Card, suit: str) -> int:
    """0: another suit's card, 1: a card of the reported suit, 2: a joker."""
    return 2 if card.is_joker else 1 if card.suit == suit else 0


def _distinct(cards: list[Card], kept: Counter) -> list[Card]:
    """The kept cards among ``cards``, each copy once (as many as are kept)."""
    out: list[Card] = []
    for card in cards:
        if out.count(card) < kept[card]:
            out.append(card)
    return out


def _not_held(card: Card, held: int) -> Message:
    if held == 0:
        return message("you do not hold {card}: give cards from your hand", card=card)
    return message("you hold only {count} {card}: give cards from your hand", count=held, card=card)


__all__ = [
    "COLOURS",
    "LEVEL_PAIR_TOP",
    "ReportOutcome",
    "ReportStrength",
    "ReturnOptions",
    "check_return",
    "possible_reports",
    "report_outcome",
    "report_strength",
    "report_suit",
    "return_options",
]


def weakest_return(hand: Sequence[Card], reported: Sequence[Card], strength) -> list[Card]:
    """A legal return (RULES §12.5) of the weakest cards: what it must hold, then its weakest
    choices by ``strength`` (a key such as ``trump.strength``). What the table gives back for
    a computer player without a ``give(view)`` method of its own."""
    options = return_options(hand, reported)
    return list(options.give_all) + sorted(options.choose_from, key=strength)[: options.count]
