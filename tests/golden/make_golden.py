"""Record the two-deck rules as they were before RULES §11, once, as golden data.

Until December 2026 the tests kept ``tests/legacy``: a 1,443-line verbatim copy of the
two-deck rules core as it was before RULES §11 (commit 0369a5f), and compared the package
with it on random situations ("with two decks and default options, nothing changes").
This script was run ONCE against that copy, just before it was deleted, and wrote its
answers next to itself:

* ``cards.json.gz``: the deck, a seeded shuffle, and every card's place under every trump;
* ``units.json.gz``: decompositions, lead formats and kitty multipliers;
* ``follow.json.gz``: for each position, the verdict (with the reason) of every play of the
  lead's size, the legal plays in order, and three seeded random plays;
* ``tricks.json.gz``: throws (forced unit, reason, beaters, holder) and trick winners with
  every play's key;
* ``scoring.json.gz``: settlements and rule sets;
* ``declaring.json.gz``: declaration strengths (or refusals) of drawn cards and of every card
  shown once or twice at every level, and the declarations possible over a standing one;
* ``lesson11.json.gz``: the 300 lines lesson 11 fingerprints (``RECORDED``).

The positions are drawn with the property tests' strategies (``tests/strategies.py``
as it was then: ``git show a479c66:tests/strategies.py``; it and ``tests/reference.py`` have
since been merged with their one-to-three-deck versions, so the names imported below are
those of that commit) under a fixed hypothesis seed (hypothesis 6.155.2, Python 3.11),
repeats dropped, so they are the kinds of situations ``test_decks_legacy.py`` drew; the
data holds the positions themselves, so the tests never draw them again. Reasons are kept
as the old code wrote them; the tests compare their gist (rule and cards named), not their
words. ``tests/rules/test_decks_golden.py`` and ``tests/course/test_lesson11.py`` compare
the package with it.

It can NOT be rerun: ``tests/legacy`` was deleted in the same commit that added this file
(``git show <that commit>^:tests/legacy/follow.py`` shows the old code). It is kept as the
record of how the data was made, and as a pattern for recording another frozen answer. It
was run from the repository root as ``python tests/golden/make_golden.py``, twice, giving
the same bytes (the gzip files carry no timestamp).
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
sys.path.insert(0, str(TESTS))  # legacy (the frozen copy), strategies, reference

import legacy.cards as old_cards  # noqa: E402
import legacy.declaring as old_declaring  # noqa: E402
import legacy.follow as old_follow  # noqa: E402
import legacy.rules as old_rules  # noqa: E402
import legacy.scoring as old_scoring  # noqa: E402
import legacy.tricks as old_tricks  # noqa: E402
import legacy.trump as old_trump  # noqa: E402
import legacy.units as old_units  # noqa: E402
from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from reference import sub_multisets  # noqa: E402
from strategies import (  # noqa: E402
    ALL_54,
    deck_samples,
    follow_cases,
    throw_cases,
    tractor_follow_cases,
    trick_cases,
)

from shengji_edu import parse_cards  # noqa: E402

SEED = 20261203


def old(cards):
    return [old_cards.Card.parse(card.text) for card in cards]


def text(cards) -> str:
    return " ".join(card.text for card in cards)


def trump_data(trump) -> list:
    return [trump.level, trump.suit]


def old_trump_of(trump):
    return old_trump.Trump(trump.level, trump.suit)


def draw_many(strategy, n: int, key=repr) -> list:
    """``n`` examples of a strategy (fewer if some repeat), the same on every run."""
    found: dict = {}

    @seed(SEED)
    @settings(
        max_examples=n,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(example):
        found.setdefault(key(example), example)

    run()
    return list(found.values())


def units_data(units) -> list:
    return [[u.kind, text(u.cards), u.suit, u.high, u.low, u.pairs] for u in units]


# --- cards --------------------------------------------------------------------------------


def make_cards() -> dict:
    shuffled = old_cards.new_deck()
    random.Random(2024).shuffle(shuffled)
    places = []
    for level in range(2, 15):
        for suit in ["S", "H", "D", "C", None]:
            trump = old_trump.Trump(level, suit)
            cards = old(ALL_54)
            places.append(
                {
                    "trump": [level, suit],
                    "repr": repr(trump),
                    "str": str(trump),
                    "suit_of": "".join(trump.suit_of(c) for c in cards),
                    "step": [trump.step(c) for c in cards],
                    "strength": [trump.strength(c) for c in cards],
                    "sort_key": [trump.sort_key(c) for c in cards],
                }
            )
    return {
        "deck": text(old_cards.new_deck()),
        "shuffled_2024": text(shuffled),
        "places": places,
    }


# --- units --------------------------------------------------------------------------------


def make_units() -> dict:
    decompositions = []
    for cards, trump in draw_many(deck_samples(max_size=25), 800):
        units = old_units.decompose(old(cards), old_trump_of(trump))
        decompositions.append(
            {"trump": trump_data(trump), "cards": text(cards), "units": units_data(units)}
        )
    formats = []
    for _hand, lead, trump in draw_many(follow_cases(lead_sizes=(1, 6)), 800):
        frozen = old_trump_of(trump)
        fmt = old_units.lead_format(old(lead), frozen)
        formats.append(
            {
                "trump": trump_data(trump),
                "lead": text(lead),
                "tractors": list(fmt.tractors),
                "pairs": fmt.pairs,
                "singles": fmt.singles,
                "size": fmt.size,
                "total_pairs": fmt.total_pairs,
                "largest_unit_size": fmt.largest_unit_size,
                "is_throw": fmt.is_throw,
                "describe": fmt.describe(),
                "kitty": {
                    kitty: old_scoring.kitty_multiplier(
                        old(lead), frozen, old_rules.RuleSet(kitty=kitty)
                    )
                    for kitty in old_rules.KITTY_RULES
                },
            }
        )
    return {"decompositions": decompositions, "lead_formats": formats}


# --- following ----------------------------------------------------------------------------


def follow_record(hand, lead, trump) -> dict:
    frozen = old_trump_of(trump)
    verdicts = []
    for play in sub_multisets(hand, len(lead)):
        was = old_follow.check_follow(old(hand), old(lead), old(play), frozen)
        verdicts.append([text(play), "" if was.ok else was.reason])
    legal = [text(p) for p in old_follow.legal_follows(old(hand), old(lead), frozen)]
    randoms = []
    for s in range(3):
        try:
            randoms.append(
                text(old_follow.random_follow(old(hand), old(lead), frozen, random.Random(s)))
            )
        except ValueError:
            randoms.append(None)  # no legal play: random_follow refuses
    return {
        "trump": trump_data(trump),
        "hand": text(hand),
        "lead": text(lead),
        "verdicts": verdicts,
        "legal": legal,
        "random": randoms,
    }


def make_follow() -> dict:
    void_hand = parse_cards("S2 S3 S3 S4 S5 S6 C2 C3 C3 C4 C5 C6 C7 D2")
    from shengji_edu import Trump

    return {
        "follow_cases": [follow_record(*case) for case in draw_many(follow_cases(), 2000)],
        "tractor_follow_cases": [
            follow_record(*case) for case in draw_many(tractor_follow_cases(), 1500)
        ],
        "void_hand_facing_a_throw": [
            follow_record(void_hand, parse_cards("HA HK HQ HJ H9"), Trump(10, "S"))
        ],
    }


# --- throws and tricks --------------------------------------------------------------------


def make_tricks() -> dict:
    throws = []
    for lead, others, trump in draw_many(throw_cases(), 1000):
        was = old_tricks.check_throw(old(lead), [old(h) for h in others], old_trump_of(trump))
        throws.append(
            {
                "trump": trump_data(trump),
                "lead": text(lead),
                "others": [text(h) for h in others],
                "ok": was.ok,
                "forced": text(was.forced),
                "reason": was.reason,
                "beaten_by": text(was.beaten_by),
                "holder": was.holder,
                "beaten": None if was.ok else units_data([was.beaten]),
            }
        )
    tricks = []
    for plays, trump in draw_many(trick_cases(), 1000):
        frozen = old_trump_of(trump)
        old_plays = [old(p) for p in plays]
        fmt = old_units.lead_format(old_plays[0], frozen)
        tricks.append(
            {
                "trump": trump_data(trump),
                "plays": [text(p) for p in plays],
                "winner": old_tricks.trick_winner(old_plays, frozen),
                "keys": [old_tricks.play_key(p, fmt, frozen) for p in old_plays],
            }
        )
    return {"throws": throws, "tricks": tricks}


# --- the kitty and settlement -------------------------------------------------------------


def make_scoring() -> dict:
    settlements = {
        rule: [
            vars(old_scoring.settle(points, old_rules.RuleSet(settlement=rule)))
            for points in range(-30, 420)
        ]
        for rule in old_rules.SETTLEMENT_RULES
    }
    rulesets = [
        [data, old_rules.RuleSet.from_dict(data).to_dict()]
        for data in (
            {},
            {"kitty": "linear"},
            {"settlement": "escalating", "throw_penalty": 10, "bidding": "after_deal"},
        )
    ]
    return {"settlements_from": -30, "settlements": settlements, "rulesets": rulesets}


# --- declaring ----------------------------------------------------------------------------


@st.composite
def declaration_cases(draw) -> dict:
    """As ``test_declarations_are_unchanged`` drew them, answered by the frozen code."""
    drawn = draw(st.lists(st.sampled_from(ALL_54), max_size=25))
    level = draw(st.integers(2, 14))
    received = [c for i, c in enumerate(drawn) if drawn[:i].count(c) < 2]  # two decks
    shown = draw(st.lists(st.sampled_from(received or ALL_54), min_size=0, max_size=3))
    try:
        strength = list(old_declaring.declaration_strength(old(shown), level))
        error = None
    except ValueError as exc:
        strength, error = None, str(exc)
    standing = None
    if draw(st.booleans()):
        options = old_declaring.possible_declarations(old(received), level, None)
        if options:
            cards = draw(st.sampled_from(options))
            power, suit = old_declaring.declaration_strength(cards, level)
            standing = [draw(st.integers(0, 3)), text(cards), power, suit]
    was_standing = (
        old_declaring.Declaration(
            standing[0],
            tuple(old_cards.Card.parse(t) for t in standing[1].split()),
            standing[2],
            standing[3],
            9,
        )
        if standing
        else None
    )
    options = old_declaring.possible_declarations(old(received), level, was_standing)
    return {
        "received": text(received),
        "level": level,
        "shown": text(shown),
        "strength": strength,
        "error": error,
        "standing": standing,
        "options": [text(o) for o in options],
    }


def make_declaring() -> dict:
    strengths = []  # every card shown once and twice, at every level
    for level in range(2, 15):
        for card in ALL_54:
            for shown in ([card], [card, card]):
                try:
                    answer = list(old_declaring.declaration_strength(old(shown), level))
                    strengths.append({"level": level, "shown": text(shown), "strength": answer})
                except ValueError as exc:
                    strengths.append({"level": level, "shown": text(shown), "error": str(exc)})
    over_standing = []  # seeded hands rich in level cards and jokers, over every standing
    rng = random.Random(SEED)
    deck = old_cards.new_deck()
    for level in range(2, 15):
        for _ in range(8):
            received = rng.sample(deck, 25)
            options = old_declaring.possible_declarations(received, level, None)
            for seat, standing in enumerate([None, *options]):
                if standing is None:
                    was, spec = None, None
                else:
                    power, suit = old_declaring.declaration_strength(standing, level)
                    was = old_declaring.Declaration(seat % 4, tuple(standing), power, suit, 9)
                    spec = [seat % 4, text(standing), power, suit]
                answer = old_declaring.possible_declarations(received, level, was)
                over_standing.append(
                    {
                        "received": text(received),
                        "level": level,
                        "standing": spec,
                        "options": [text(o) for o in answer],
                    }
                )
    return {
        "declarations": draw_many(declaration_cases(), 1000, json.dumps),
        "strengths": strengths,
        "over_standing": over_standing,
    }


# --- lesson 11 ----------------------------------------------------------------------------


def make_lesson11() -> dict:
    import hashlib

    lesson = TESTS.parent / "lessons" / "11_more_decks.ipynb"
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    (source,) = [
        "".join(c["source"])
        for c in cells
        if c["cell_type"] == "code" and "def two_deck_answers(" in "".join(c["source"])
    ]
    namespace = {
        "random": random,
        "new_deck": old_cards.new_deck,
        "format_cards": old_cards.format_cards,
        "Trump": old_trump.Trump,
        "decompose": old_units.decompose,
        "random_follow": old_follow.random_follow,
        "check_follow": old_follow.check_follow,
        "trick_winner": old_tricks.trick_winner,
    }
    exec("\n".join(s for s in source.splitlines() if not s.startswith("from ")), namespace)
    lines = [namespace["two_deck_answers"](s) for s in range(1, 301)]
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    return {"seeds": [1, 300], "sha256_16": digest, "lines": lines}


def write(name: str, data: dict) -> None:
    path = HERE / f"{name}.json.gz"
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    with gzip.GzipFile(path, "wb", mtime=0) as out:  # mtime=0: the same bytes on every run
        out.write(raw)
    print(f"{path.name}: {len(raw):,} bytes of JSON, {path.stat().st_size:,} compressed")


def main() -> None:
    for name, make in [
        ("cards", make_cards),
        ("units", make_units),
        ("follow", make_follow),
        ("tricks", make_tricks),
        ("scoring", make_scoring),
        ("declaring", make_declaring),
        ("lesson11", make_lesson11),
    ]:
        write(name, make())


if __name__ == "__main__":
    main()
