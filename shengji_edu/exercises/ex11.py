"""Exercise 11 · More decks (lesson 11): the deck, units, settlement, a lead's shape, the kitty,
and two house rules written as data.

Questions 1-5 turn a number the two-deck game hides (every card twice, pairs the only wide
unit, 40-point steps) into a parameter, as RULES §11 does. Questions 6 and 7 read a house rule
given as a table (RULES §12.9, §12.8): one function settles by any settlement table given as
bands, one computes the kitty multiplier of any of §12.8's tables. The cases are one, two and
three decks: generated hands hold each card at most three times (a three-deck shoe), and
every check names the RULES section that decides a failing case. Trumps are passed as the
package's ``Trump`` (the 2s are never always trump here: §11.2 is in the lesson only), the
rules and tables as plain values (``decks``, ``kitty``, ``kitty_max``, bands as tuples), so
the same cases run in the notebook and in the grader.

Decisions (the lesson and RULES leave them open):

* ``unit_kind`` answers ``None`` for anything that is not exactly one unit: no cards, cards
  of two effective suits, or cards that split into two or more units.
* ``lead_shape`` and ``multiplier`` are asked only about cards of one effective suit (a lead).
* ``settle_levels`` is asked about points from 0 up to 40 per deck above the deck's points
  (the kitty can lift the defenders past them), in steps of 5 as in a real hand.
* ``settle_by`` is given tables that make sense as tables (the package's own check, RULES
  §12.9: they start at 0, rise, dealers' bands first) and points from 0 up, never negative;
  ``step`` is ``None`` when the last band has none. It is asked about every band's first
  point and the one before it, and past the last band, so an edge that is off by one fails.
* ``kitty_table`` is asked about ``"cards"``, ``"pairs"`` and ``"width"`` without a cap (the
  cap is question 5's).
"""

from __future__ import annotations

import random

from ..cards import ALL_CARDS, Card, format_cards
from ..cards import parse_cards as _cards
from ..settlement_tables import SettlementTable
from ..trump import Trump
from ..units import decompose, lead_format
from .checking import CardMultiset, Group, NumberMultiset, OneOf, Question, WholeNumber
from .generate import cards_by_step, random_suit, random_trump, suit_cards

EXERCISE = "ex11"
KINDS = ("single", "pair", "triple", "tractor", "titanic")


# --- references ---------------------------------------------------------------------------------
# --- what a FAIL adds: the rule that decides the case ---------------------------------------------
def _units_text(cards: list[Card], trump: Trump) -> str:
    return " + ".join(f"{u.kind} {format_cards(u.cards)}" for u in decompose(cards, trump))


def _explain_deck(args: tuple, expected: object) -> list[str]:
    (decks,) = args
    times = {1: "once", 2: "twice", 3: "three times"}.get(decks, f"{decks} times")
    return [
        f"RULES §11.1: with {decks} deck{'s' * (decks != 1)} every one of the 54 distinct cards "
        f"(ALL_CARDS: 52 ordinary cards and the two jokers) exists {times}: {54 * decks} cards."
    ]


def _explain_kind(args: tuple, expected: object) -> list[str]:
    cards, trump = args
    lines = [
        "RULES §11.1, units: a single, a pair (2 identical cards), a triple (3 identical), a "
        "tractor (2 or more pairs on consecutive steps) or a titanic (2 or more triples on "
        "consecutive steps), all of one effective suit; two groups on one shared step (equal "
        "level cards) are not consecutive."
    ]
    if cards and len({trump.suit_of(card) for card in cards}) == 1:
        lines.append(f"The package splits these cards into: {_units_text(cards, trump)}.")
    return lines


def _explain_settle(args: tuple, expected: object) -> list[str]:
    points, decks = args
    s = 20 * decks
    return [
        f"RULES §11.1, settlement: with {decks} deck{'s' * (decks != 1)} the step is "
        f"s = 20 x {decks} = {s}. "
        f"0 points: dealers +3; 1 to {s - 1}: +2; {s} to {2 * s - 1}: +1; from {2 * s} the "
        f"defenders take the deal, +0, and +1 more for every further {s}."
    ]


def _explain_shape(args: tuple, expected: object) -> list[str]:
    cards, trump = args
    return [
        "RULES §11.1, decomposition: repeatedly take the largest unit (most cards; at equal "
        "size a titanic before a tractor, then the higher); a tractor may take two of three "
        "identical cards, leaving the third as a single; on a shared step use the card with "
        "the fewest copies, so a larger group stays whole.",
        f"The package splits these cards into: {_units_text(cards, trump)}.",
    ]


def _explain_multiplier(args: tuple, expected: object) -> list[str]:
    lead, trump, kitty, kitty_max = args
    m = lead_format(lead, trump).largest_unit_size
    cap = "no cap" if kitty_max is None else f"at most x{kitty_max}"
    return [
        f"RULES §11.1 and §11.4: m = {m}, the cards in the largest unit of the lead "
        f"({_units_text(lead, trump)}); power gives 2**m, linear 2*m, plain m; kitty_max "
        f"caps it ({cap} here)."
    ]


def _explain_table(args: tuple, expected: object) -> list[str]:
    points, bands, step = args
    low, side, levels = [band for band in bands if band[0] <= points][-1]
    past = "none" if step is None else f"one more level per full {step} points past it"
    return [
        "RULES §12.9, settlement tables: the band that applies is the last one whose first "
        'point is at or below the points; "D": the dealers keep the deal with its levels, '
        '"A": the defenders take it with its levels; past the last band\'s first point, one '
        "more level per full step (step None: no more).",
        f"Here the points, {points}, fall in the band ({low}, {side!r}, {levels}); the last band "
        f"starts at {bands[-1][0]} (step: {past}).",
    ]


def _explain_kitty_table(args: tuple, expected: object) -> list[str]:
    lead, trump, kitty = args
    return [
        "RULES §12.8: cards 2 ** (cards led); pairs 2 ** (1 + the pairs in the lead: a pair 1, "
        "a tractor of k pairs k, a triple 1, a titanic of k triples k); width: the first kind "
        "the lead holds, in the order titanic (2 * 3 ** k), triple (6), tractor (2 * 2 ** k), "
        "pair (4), single (2), k the steps of its longest one.",
        f"The package splits this lead into: {_units_text(lead, trump)}.",
    ]


# --- random cases: a three-deck shoe -------------------------------------------------------------
class _Shoe:
    """Three decks to draw from: each of the 54 cards at most three times."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [3] * len(ALL_CARDS)

    def take(self, cards: list[Card]) -> list[Card]:
        for card in cards:
            self.left[card.index] -= 1
        return list(cards)

    def draw(self, count: int, suit: str, trump: Trump) -> list[Card]:
        pool = [c for c in suit_cards(trump, suit) for _ in range(self.left[c.index])]
        return self.take(self.rng.sample(pool, min(count, len(pool))))

    def group(self, width: int, suit: str, trump: Trump) -> list[Card]:
        """A pair or a triple of one suit (nothing if the shoe has none left)."""
        options = [c for c in suit_cards(trump, suit) if self.left[c.index] >= width]
        return self.take([self.rng.choice(options)] * width) if options else []

    def run(self, width: int, steps: int, suit: str, trump: Trump) -> list[Card]:
        """A tractor (width 2) or titanic (width 3) of ``steps`` steps, if the shoe has one."""
        by_step = cards_by_step(trump, suit)
        tops = sorted(by_step)
        for _ in range(20):
            if len(tops) < steps:
                break
            low = self.rng.randint(tops[0], tops[-1] - steps + 1)
            chosen = []
            for step in range(low, low + steps):
                options = [c for c in by_step.get(step, ()) if self.left[c.index] >= width]
                if not options:
                    break
                chosen.append(self.rng.choice(options))
            else:
                return self.take([card for card in chosen for _ in range(width)])
        return []


def _holding(rng: random.Random, shoe: _Shoe, trump: Trump, suit: str) -> list[Card]:
    """Cards of one suit with runs, triples and pairs in them, as a three-deck lead can be."""
    cards: list[Card] = []
    for _ in range(rng.randint(0, 2)):
        cards += shoe.run(rng.choice((2, 3)), rng.choice((2, 2, 3)), suit, trump)
    for _ in range(rng.randint(0, 3)):
        cards += shoe.group(rng.choice((2, 3, 3)), suit, trump)
    cards += shoe.draw(rng.randint(0 if cards else 1, 3), suit, trump)
    if suit == "T" and rng.random() < 0.5:  # groups of equal level cards on the shared step
        level = [c for c in ALL_CARDS if c.rank == trump.level and c.suit != trump.suit]
        for card in rng.sample(level, rng.randint(1, 2)):
            copies = min(rng.choice((2, 3)), shoe.left[card.index])
            cards += shoe.take([card] * copies)
    rng.shuffle(cards)
    return cards


def _kind_case(rng: random.Random) -> tuple:
    """One unit of any kind, or something that almost is one."""
    trump = random_trump(rng)
    shoe = _Shoe(rng)
    suit = random_suit(rng, trump, trump_share=0.4)
    kind = rng.choice(KINDS)
    if kind in ("tractor", "titanic"):
        cards = shoe.run(2 if kind == "tractor" else 3, rng.choice((2, 2, 3)), suit, trump)
    elif kind == "single":
        cards = shoe.draw(1, suit, trump)
    else:
        cards = shoe.group(2 if kind == "pair" else 3, suit, trump)
    cards = cards or shoe.draw(1, suit, trump)
    roll = rng.random()
    if roll < 0.35:
        pass  # the unit itself
    elif roll < 0.5:
        cards.pop(rng.randrange(len(cards)))  # one card short
    elif roll < 0.65:
        cards += shoe.draw(1, rng.choice([suit, random_suit(rng, trump)]), trump)
    elif roll < 0.8:  # a group added next to it, perhaps of the wrong width or suit
        cards += shoe.group(rng.choice((2, 3)), rng.choice([suit, random_suit(rng, trump)]), trump)
    else:  # groups of equal level cards: one shared step
        level = [c for c in ALL_CARDS if c.rank == trump.level and shoe.left[c.index] == 3]
        width = rng.choice((2, 3))
        cards = shoe.take([c for c in rng.sample(level, 2) for _ in range(width)])
    rng.shuffle(cards)
    return (cards, trump)


def _shape_case(rng: random.Random) -> tuple:
    trump = random_trump(rng)
    suit = random_suit(rng, trump, trump_share=0.4)
    return (_holding(rng, _Shoe(rng), trump, suit), trump)


def _multiplier_case(rng: random.Random) -> tuple:
    cards, trump = _shape_case(rng)
    if rng.random() < 0.3:  # a single unit led, as most last tricks are
        cards = decompose(cards, trump)[0].cards
    kitty_max = rng.choice((None, None, 64, 16, 8, 1))
    return (cards, trump, rng.choice(("power", "linear", "plain")), kitty_max)


def _table_case(rng: random.Random) -> tuple:
    """A settlement table that makes sense (RULES §12.9), and points to settle by it."""
    bands: list[tuple[int, str, int]] = []
    low = 0
    for levels in sorted(rng.sample(range(5), rng.randint(1, 4)), reverse=True):  # dealers
        bands.append((low, "D", levels))
        low += 1 if low == 0 and rng.random() < 0.5 else 5 * rng.randint(1, 8)
    levels = rng.randint(0, 2)
    for _ in range(rng.randint(1, 5)):  # defenders
        bands.append((low, "A", levels))
        low += 5 * rng.randint(1, 6)
        levels += rng.randint(0, 3)
    step = rng.choice((None, 5, 10, 20, 20, 40, 60))
    last = bands[-1][0]
    points = rng.choice(
        [rng.randrange(0, last + 5), rng.randrange(last, last + 200), rng.choice(bands)[0]]
    )
    return (points, bands, step)


def _as_bands(text: str, decks: int = 2) -> tuple[list[tuple[int, str, int]], int | None]:
    """A table of RULES §12.9 as the question's values: (bands, step)."""
    table = SettlementTable.parse(text, decks)
    return [(b.low, b.side, b.levels) for b in table.bands], table.bands[-1].step


def _table_cases() -> list[tuple]:
    """Every named table (one, two, three decks) and two custom ones, at each band's first
    point and the point before it, and past the last band."""
    named = [(name, decks) for name in ("standard", "escalating") for decks in (1, 2, 3)]
    named += [("twenty", 2), ("one_deck_classic", 1)]
    tables = [_as_bands(name, decks) for name, decks in named]
    tables += [_as_bands("0:D3/1:D2/40:D1/80:D0/120:A0/160:A1+40"), _as_bands("0:A0+10")]
    cases = []
    for bands, step in tables:
        points = {0}
        for low, _side, _levels in bands:
            points |= {low, max(0, low - 1), low + 4}
        last = bands[-1][0]
        points |= {last + k * (step or 20) + d for k in (1, 2, 3) for d in (-1, 0)}
        cases += [(n, bands, step) for n in sorted(points)]
    return cases


def _kitty_table_case(rng: random.Random) -> tuple:
    cards, trump = _shape_case(rng)
    if rng.random() < 0.3:
        cards = decompose(cards, trump)[0].cards
    return (cards, trump, rng.choice(("cards", "pairs", "width")))


# --- the questions ------------------------------------------------------------------------------
_LEVEL5 = Trump(5, "S")
_LEVEL10 = Trump(10, "S")
_TITANICS = ["H3 H3 H3 H4 H4 H4", "H4 H4 H4 H6 H6 H6", "H5 H5 H5 S5 S5 S5"]
_TITANICS += ["LJ LJ LJ BJ BJ BJ", "SA SA SA H5 H5 H5", "S5 S5 S5 LJ LJ LJ"]
_KIND_CASES = [(_cards(text), _LEVEL5) for text in _TITANICS]
_KIND_CASES += [
    (_cards("H5 H5 H5 H6 H6 H6"), _LEVEL5),  # H5 is a trump at level 5
    (_cards("H5 H5 H5 C5 C5 C5"), Trump(5, None)),  # one shared step
    (_cards("H9 H9 H9"), _LEVEL10),
    (_cards("H9 H9"), _LEVEL10),
    (_cards("BJ"), _LEVEL10),
    (_cards("HJ HJ H9 H9"), _LEVEL10),
    (_cards("H10 C10"), _LEVEL10),
    (_cards("H10 H10 H10 C10 C10 C10"), _LEVEL10),
    (_cards("H7 H7 H8 H8 H8 H9 H9"), _LEVEL10),
    (_cards("HQ HK"), _LEVEL10),
    ([], _LEVEL10),
]
_SHAPE_TEXTS = [
    "H7 H7 H8 H8 H8 H9 H9",
    "SA SA H10 H10 H10 C10 C10 S10 S10",
    "H3 H3 H3 H4 H4 H4 H5 H5 H6 H6",
    "H9 H9 H9 H8 H8 H8 H5 H5 H4 H4 H3 H3 HK HK HK HJ HJ H2",
    "H5 H5 H4 H4 H3 H3 HQ HQ H9",
    "HA",
]
_SHAPE_CASES = [(_cards(text), _LEVEL10) for text in _SHAPE_TEXTS]
_SHAPE_CASES += [(_cards("H4 H4 H4 H6 H6 H6 H7 H7"), _LEVEL5)]

q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="deck_of",
    params=("decks",),
    reference="_deck_reference",
    answer=CardMultiset(),
    fixed=[(1,), (2,), (3,)],
    explain=_explain_deck,
    hint="""
        Lesson 01 built the two-deck deck as [card for card in ALL_CARDS for copy in range(2)].
        The 2 is the number of decks: put the parameter in its place.
    """,
    solution="deck_of",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="unit_kind",
    params=("cards", "trump"),
    reference="_kind_reference",
    answer=OneOf((*KINDS, None), "one of " + ", ".join(map(repr, KINDS)) + ", or None"),
    fixed=_KIND_CASES,
    generate=_kind_case,
    random_cases=300,
    explain=_explain_kind,
    hint="""
        Count the cards (Counter). One unit holds every distinct card the same number of
        times w (1, 2 or 3), all of one effective suit (trump.suit_of). One distinct card is a
        single, pair or triple by w. Several: w must be 2 (tractor) or 3 (titanic), and the
        steps (trump.step) of the distinct cards, sorted, must be low, low + 1, ... with no
        gap and no repeat. Anything else is None.
    """,
    solution="unit_kind",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="settle_levels",
    params=("points", "decks"),
    reference="_settle_reference",
    answer=Group(
        [WholeNumber(), WholeNumber()],
        "a tuple (dealer levels, defender levels)",
        ["dealer levels", "defender levels"],
    ),
    fixed=[(p, d) for d in (1, 2, 3) for p in range(0, 140 * d + 1, 5)],
    size=lambda points, decks: 0,
    explain=_explain_settle,
    hint="""
        Lesson 07's rule with the step s = 20 x decks in place of 40: 0 points, dealers +3;
        under s, +2; under 2s, +1; from 2s the defenders take the deal and climb one level
        for every full s above 2s: (points - 2 * s) // s.
    """,
    solution="settle_levels",
)

q4 = Question(
    exercise=EXERCISE,
    number=4,
    function="lead_shape",
    params=("cards", "trump"),
    reference="_shape_reference",
    answer=Group(
        [NumberMultiset(), NumberMultiset(), WholeNumber(), WholeNumber(), WholeNumber()],
        "a tuple (titanic lengths, tractor lengths, triples, pairs, singles)",
        ["list of titanic lengths", "list of tractor lengths", "triples", "pairs", "singles"],
    ),
    fixed=_SHAPE_CASES,
    generate=_shape_case,
    random_cases=300,
    explain=_explain_shape,
    hint="""
        Keep a Counter of the cards and repeat: for width 2 and 3, collect the steps
        (trump.step) of the cards held at least that many times; find every run of two or
        more consecutive steps; take the largest (most cards = width x steps; at equal size
        the wider, then the higher top step). Take width copies of one card on each of its
        steps (where a step has several, the card with the fewest copies) and note the run.
        When no run is left, count what remains: cards held 3 times, 2 times, once.
    """,
    solution="lead_shape",
)

q5 = Question(
    exercise=EXERCISE,
    number=5,
    function="multiplier",
    params=("lead", "trump", "kitty", "kitty_max"),
    reference="_multiplier_reference",
    answer=WholeNumber(),
    fixed=[
        (_cards(text), _LEVEL10, kitty, cap)
        for text in ("H9", "H9 H9", "H9 H9 H9", "H9 H9 H8 H8", "H9 H9 H9 H8 H8 H8", "HA HK HK")
        for kitty, cap in (("power", None), ("linear", None), ("plain", None), ("power", 64))
    ],
    generate=_multiplier_case,
    explain=_explain_multiplier,
    hint="""
        Your lead_shape gives the lead's units: the largest has m cards (3k for a titanic of
        k triples, 2k for a tractor of k pairs, 3, 2 or 1). Then power: 2 ** m, linear:
        2 * m, plain: m; when kitty_max is not None, the answer is at most kitty_max.
    """,
    solution="multiplier",
    builds_on=(4,),
)

_LEVEL2 = Trump(2, "S")
_KITTY_TEXTS = ["HA", "H4 H4", "HA HK HQ", "HA HA H9 H9", "H4 H4 H5 H5", "H4 H4 H5 H5 H6 H6"]
_KITTY_TEXTS += ["H5 H5 H5", "H4 H4 H4 H5 H5 H5", "H9 H9 H9 H4 H4 H5 H5 H6 H6"]
_KITTY_TEXTS += ["H9 H9 H9 H8 H8 H8 H7 H7 H7 HK HK HQ HQ", "H9 H9 H9 HK HK HQ HQ"]

q6 = Question(
    exercise=EXERCISE,
    number=6,
    function="settle_by",
    params=("points", "bands", "step"),
    reference="_table_reference",
    answer=Group(
        [OneOf(("D", "A"), "'D' or 'A'"), WholeNumber()],
        "a tuple (side, levels): ('D', n) or ('A', n)",
        ["side", "levels"],
    ),
    fixed=_table_cases(),
    generate=_table_case,
    random_cases=300,
    size=lambda points, bands, step: 0,
    explain=_explain_table,
    hint="""
        Find the band that applies: the last (low, side, levels) whose low is at or below the
        points (the bands rise, so keep the last one that fits). If it is the last band and
        step is not None, add one level for every full step above its low:
        (points - low) // step. Return (side, levels).
    """,
    solution="settle_by",
)

q7 = Question(
    exercise=EXERCISE,
    number=7,
    function="kitty_table",
    params=("lead", "trump", "kitty"),
    reference="_kitty_table_reference",
    answer=WholeNumber(),
    fixed=[
        (_cards(text), _LEVEL2, kitty)
        for text in _KITTY_TEXTS
        for kitty in ("cards", "pairs", "width")
    ],
    generate=_kitty_table_case,
    explain=_explain_kitty_table,
    hint="""
        Your lead_shape gives (titanic lengths, tractor lengths, triples, pairs, singles).
        Keep one small rule per table in a dictionary and look kitty up in it: "cards" is
        2 ** len(lead); "pairs" is 2 ** (1 + every pair: each titanic or tractor counts its
        steps, each triple and pair one); "width" looks for a titanic first (2 * 3 ** its
        longest), then a triple (6), a tractor (2 * 2 ** its longest), a pair (4), else 2.
    """,
    solution="kitty_table",
    builds_on=(4,),
)

QUESTIONS = [q1, q2, q3, q4, q5, q6, q7]
