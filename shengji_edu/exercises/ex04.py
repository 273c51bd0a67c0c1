"""Exercise 04 · Following (lesson 04): the suit rule, the pair rule, the tractor rule, counting.

Every judge here answers "is this play legal?" with True or False; the reference is the
package's ``check_follow`` (its reason is not compared), restricted to the leads a question
is about. Hands and plays are multisets: the cases include plays that use a card twice from
a hand that holds it once, so a judge that asks ``card in hand`` instead of counting copies
fails. A FAIL names the rule of RULES §5 that decides the case (§5.1 the count, §5.2 the
suit, §5.3 pairs, §5.4 tractors) with the package's reason, so the student knows which
obligation to look at.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Card, first_missing, format_cards
from ..cards import parse_cards as _cards
from ..follow import check_follow, legal_follows, random_follow
from ..trump import EFFECTIVE_SUITS, Trump, suit_label
from ..units import decompose, lead_format, longest_run, pair_profile
from .checking import CardMultiset, Question, TrueFalse, WholeNumber
from .generate import Shoe, follower_hand, lead_of_kind, random_suit, random_trump, tractor

EXERCISE = "ex04"


# --- cases (the references and solutions are in solutions/) --------------------------
RULE_NAMES = {
    1: "RULES §5.1, play as many cards as were led, all from your hand",
    2: "RULES §5.2, follow suit",
    3: "RULES §5.3, follow a pair with a pair",
    4: "RULES §5.4, follow a tractor with a tractor",
}
"""The four obligations of following, as a FAIL message names them."""


def broken_rule(hand: list[Card], lead: list[Card], play: list[Card], trump: Trump) -> int | None:
    """The first rule of RULES §5 (1-4) that ``play`` breaks; ``None`` if it is legal."""
    if check_follow(hand, lead, play, trump):
        return None
    n, suit = len(lead), trump.suit_of(lead[0])
    if len(play) != n or first_missing(play, hand) is not None:
        return 1
    hand_suit = trump.cards_of(hand, suit)
    if len(hand_suit) >= n:
        if any(trump.suit_of(card) != suit for card in play):
            return 2
    elif Counter(hand_suit) - Counter(play):
        return 2
    needed = min(lead_format(lead, trump).total_pairs, sum(pair_profile(hand_suit, trump).values()))
    played = sum(pair_profile(trump.cards_of(play, suit), trump).values())
    return 3 if played < needed else 4


def _explain_follow(args: tuple, expected: object) -> list[str]:
    """Why the play is legal or not, naming the rule (shown with a FAIL)."""
    hand, lead, play, trump = args
    rule = broken_rule(hand, lead, play, trump)
    if rule is not None:
        reason = check_follow(hand, lead, play, trump).reason
        return [f"Why: {RULE_NAMES[rule]}: {reason}."]
    n, suit = len(lead), trump.suit_of(lead[0])
    name = suit_label(suit)
    hand_suit = trump.cards_of(hand, suit)
    fmt = lead_format(lead, trump)
    held_pairs = sum(pair_profile(hand_suit, trump).values())
    if len(hand_suit) < n:
        noun = "trump card" if suit == "T" else f"{name} card"  # "2 trump cards", "1 ♥ card"
        detail = (
            f"{RULE_NAMES[2]}: the hand holds only {_count(len(hand_suit), noun)}, fewer "
            f"than the {n} led, so it plays {'it' if len(hand_suit) == 1 else 'all of them'} and "
            "any other cards; rules 3 and 4 then ask nothing more"
        )
    elif fmt.total_pairs and held_pairs < fmt.total_pairs:
        detail = (
            f"{RULE_NAMES[3]}: it asks for min({_count(fmt.total_pairs, 'pair')} led, "
            f"{_count(held_pairs, 'pair')} of {name} held) = "
            f"{_count(min(fmt.total_pairs, held_pairs), 'pair')}"
        )
    elif fmt.tractors and longest_run(pair_profile(hand_suit, trump)) < fmt.tractors[0]:
        detail = (
            f"{RULE_NAMES[4]}: the hand holds no tractor of {name} of {fmt.tractors[0]} "
            f"pairs, so none is required"
        )
    else:
        detail = "every obligation of RULES §5.1-5.4 is met"
    return [f"Why: this play is legal ({detail})."]


def _count(n: int, noun: str) -> str:
    """``1 pair``, ``2 pairs``, ``0 pairs``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _explain_suit(args: tuple, expected: object) -> list[str]:
    return [
        "RULES §2, effective suits: every trump (both jokers, the level cards, the cards of "
        'the trump suit) has the effective suit "T"; every other card keeps its printed suit.'
    ]


def _explain_count(args: tuple, expected: object) -> list[str]:
    hand, lead, trump = args
    plays = legal_follows(hand, lead, trump)
    lines = [
        "RULES §5.1-5.4 decide which plays are legal; plays holding the same cards (copies "
        "counted) count once."
    ]
    if len(plays) <= 8:
        shown = "; ".join(format_cards(play) for play in plays) or "none"
        lines.append(f"The legal plays: {shown}")
    return lines


def _suit_question(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    shoe = Shoe(rng)
    hand = shoe.draw(rng.randint(0, 14))
    if rng.random() < 0.5:  # some level cards and jokers, whose effective suit is T
        hand += [c for c in shoe.draw(30) if c.is_joker or c.rank == trump.level][:3]
    rng.shuffle(hand)
    suit = rng.choice(EFFECTIVE_SUITS)
    return (hand, suit, trump)


def _situation(rng: random.Random, kinds: tuple[str, ...], max_hand: int = 12) -> tuple:
    """(hand, lead, play, trump): a lead of one of ``kinds`` and a play to judge."""
    trump = random_trump(rng)
    shoe = Shoe(rng)
    suit = random_suit(rng, trump)
    kind = rng.choice(kinds)
    lead = lead_of_kind(shoe, trump, suit, kind)
    if kind == "throw":  # a throw of different singles only (no pairs)
        lead = list(dict.fromkeys(lead))
    hand = follower_hand(shoe, trump, suit, len(lead), max_hand)
    if len(lead) >= 4 and rng.random() < 0.5:  # a tractor in hand makes rule 4 bite
        hand += tractor(shoe, trump, suit, rng.randint(len(lead) // 2, len(lead) // 2 + 1))
    while len(hand) < len(lead):
        hand += shoe.draw(1)
    rng.shuffle(hand)
    return (hand, lead, _play(rng, shoe, hand, lead, trump), trump)


def _play(rng: random.Random, shoe: Shoe, hand: list[Card], lead: list[Card], trump: Trump):
    """A play to judge: legal, a near miss, pairs that are not neighbours, or plain wrong."""
    n = len(lead)
    legal = random_follow(hand, lead, trump, rng)
    hand_suit = trump.cards_of(hand, trump.suit_of(lead[0]))
    held = Counter(hand)
    once = [card for card in dict.fromkeys(legal) if held[card] == 1]
    if n >= 2 and once and rng.random() < 0.12:  # a card played twice, held once
        card = rng.choice(once)
        others = [i for i, other in enumerate(legal) if other != card]
        legal[rng.choice(others) if others else 0] = card
        return legal
    roll = rng.random()
    if roll < 0.35:
        return legal
    if roll < 0.6 and len(hand) > n:  # one card of a legal play swapped: a near miss
        rest = list((Counter(hand) - Counter(legal)).elements())
        legal[rng.randrange(n)] = rng.choice(rest)
        return legal
    if roll < 0.8 and len(hand_suit) >= n:  # cards of the suit, some pairs, maybe no tractor
        pairs = [card for card, count in Counter(hand_suit).items() if count == 2]
        rng.shuffle(pairs)
        play: list[Card] = []
        for card in pairs:
            if len(play) + 2 <= n and rng.random() < 0.7:
                play += [card, card]
        rest = list((Counter(hand_suit) - Counter(play)).elements())
        return play + rng.sample(rest, n - len(play))
    if roll < 0.95:
        return rng.sample(hand, n)
    if rng.random() < 0.5 and n > 1:
        return rng.sample(hand, n - 1)  # too few cards
    play = rng.sample(hand, n)
    play[rng.randrange(n)] = shoe.draw(1)[0]  # a card the follower does not hold
    return play


def _count_situation(rng: random.Random) -> tuple:
    hand, lead, _play, trump = _situation(rng, ("single", "pair", "tractor", "throw"), 10)
    return (hand, lead, trump)


_LEVEL10 = Trump(10, "S")
_LESSON_CASES = [  # (hand, lead, play) from lesson 04
    ("HQ HQ H8 H3 C5 C2", "H9 H9", "HQ"),
    ("HQ H8 H3 C5 C2 D7", "H9", "C5"),
    ("HQ H8 H3 C5 C2 D7", "H9", "H3"),
    ("H8 C5 C2 D7", "H9 H9", "C5 C2"),
    ("H8 C5 C2 D7", "H9 H9", "H8 C5"),
    ("HQ HQ H8 H3 C5", "H9 H9", "HQ H8"),
    ("HQ HQ H8 H3 C5", "H9 H9", "HQ HQ"),
    ("HQ HQ H8 H8 H3 C5", "H5 H5 H4 H4", "HQ HQ H8 H3"),
    ("HQ HQ HJ HJ H8 H8 H3", "H5 H5 H4 H4", "HQ HQ H8 H8"),
    ("HQ HQ HJ HJ H8 H8 H3", "H5 H5 H4 H4", "HQ HQ HJ HJ"),
    ("H6 H6 H7 H7 H8 H8", "H2 H2 H3 H3", "H6 H6 H8 H8"),
]


_COPY_CASES = [  # (hand, lead, play): a play using a card twice that the hand holds once
    ("H8 C5 C2 D7", "H9 H7", "H8 H8"),
    ("HQ H8 H3 C5", "H9 H7", "H8 H8"),
    ("HQ H8 H3 C5", "H9 H9", "H8 H8"),
    ("HQ HQ HJ H8 H8 H3", "H5 H5 H4 H4", "HQ HQ HJ HJ"),
]


def _lesson_cases(max_lead: int, pairs: bool = True) -> list[tuple]:
    """The lesson's cases (and the copy cases) with leads of at most ``max_lead`` cards:
    with ``pairs``, units only (a single, a pair, a tractor); without, no pairs at all."""
    cases = []
    for hand, lead, play in _LESSON_CASES + _COPY_CASES:
        lead_cards = _cards(lead)
        distinct = len(set(lead_cards)) == len(lead_cards)
        unit = len(decompose(lead_cards, _LEVEL10)) == 1
        if len(lead_cards) <= max_lead and (unit if pairs else distinct):
            cases.append((_cards(hand), lead_cards, _cards(play), _LEVEL10))
    return cases


q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="cards_of_suit",
    params=("hand", "suit", "trump"),
    reference="_cards_of_suit_reference",
    answer=CardMultiset(),
    fixed=[
        (_cards("H9 S2 S9 BJ H10"), "H", _LEVEL10),
        (_cards("H9 S2 S9 BJ H10"), "T", _LEVEL10),
        (_cards("S9 SA"), "S", _LEVEL10),
        ([], "C", _LEVEL10),
    ],
    generate=_suit_question,
    explain=_explain_suit,
    hint="""
        Keep the cards c with trump.suit_of(c) == suit. The effective suit of every trump is
        "T", so with spades trump no card has the effective suit "S".
    """,
    solution="cards_of_suit",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="suit_rule_ok",
    params=("hand", "lead", "play", "trump"),
    reference="_follow_reference",
    answer=TrueFalse(),
    fixed=_lesson_cases(max_lead=4, pairs=False),
    generate=lambda rng: _situation(rng, ("single", "throw", "throw")),
    random_cases=300,
    hint="""
        Rule 1: len(play) == len(lead), and Counter(play) - Counter(hand) is empty (the hand
        holds every card of the play, copies counted). Rule 2: let hand_suit be the hand's
        cards of the led effective suit. With at least n of them, every card of the play
        must be of that suit; with fewer, every one of them must be in the play.
    """,
    solution="suit_rule_ok",
    explain=_explain_follow,
    builds_on=(1,),
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="pair_rule_ok",
    params=("hand", "lead", "play", "trump"),
    reference="_follow_reference",
    answer=TrueFalse(),
    fixed=_lesson_cases(max_lead=2),
    generate=lambda rng: _situation(rng, ("single", "pair", "pair")),
    random_cases=300,
    hint="""
        First the suit rule (your suit_rule_ok). Then, if the hand holds at least n cards of
        the led suit: the play must hold at least min(pairs in the lead, pairs of that suit
        in the hand) pairs. Count pairs with Counter: cards whose count is 2.
    """,
    solution="pair_rule_ok",
    explain=_explain_follow,
    builds_on=(1, 2),
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="unit_follow_ok",
    params=("hand", "lead", "play", "trump"),
    reference="_follow_reference",
    answer=TrueFalse(),
    fixed=_lesson_cases(max_lead=4),
    generate=lambda rng: _situation(rng, ("single", "pair", "tractor", "tractor")),
    random_cases=300,
    hint="""
        Rules 1-3 first (your pair_rule_ok). A tractor lead of k pairs adds rule 4: if the
        hand's cards of the suit hold k pairs on consecutive steps (any k neighbouring pairs
        of a longer tractor count), the play must hold k such pairs too. Collect the steps
        of the pairs in a set and look for k consecutive ones.
    """,
    solution="unit_follow_ok",
    explain=_explain_follow,
    builds_on=(1, 3),
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="count_legal_follows",
    params=("hand", "lead", "trump"),
    reference="_count_reference",
    answer=WholeNumber(),
    fixed=[
        (_cards("HQ HQ HJ HJ H8 H8 H3 C5"), _cards("H5 H5 H4 H4"), _LEVEL10),
        (_cards("HQ HQ HJ HJ H8 H8 H3 C5"), _cards("H5"), _LEVEL10),
        (_cards("S5 S5 D3"), _cards("H9 H9"), _LEVEL10),
    ],
    generate=_count_situation,
    random_cases=150,
    hint="""
        Try every choice of len(lead) cards: itertools.combinations(hand, n). Two copies of
        a card make the same choice twice, so keep each choice once: a set of
        tuple(sorted(choice)). Count those that check_follow (from the package) accepts.
    """,
    solution="count_legal_follows",
    explain=_explain_count,
)

QUESTIONS = [q1, q2, q3, q4, q5]
