"""Plain-text pictures of the game for terminals and notebook printouts.

Only formatting lives here: every fact shown (effective suits, winners, points) comes from
the engine, so the terminal and a notebook always agree with the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields

from ..cards import Card, format_cards, parse_cards, rank_text
from ..game import events as ev
from ..game.round import FINISHED, HandResult, Round, Trick, team_of
from ..i18n import Message, message
from ..rules import RuleSet
from ..trump import EFFECTIVE_SUITS, Trump, suit_label

SEAT_NAMES = ("South", "East", "North", "West")
"""Seat 0 is "you" at the terminal and in the widget; play goes 0 → 1 → 2 → 3."""


def seat_name(seat: int) -> str:
    return f"{SEAT_NAMES[seat]} ({seat})"


def throw_failed_message(event: ev.Event, seat: object) -> Message:
    """A failed throw in one sentence: the table's and the terminal's, in either language.

    Everything in it comes from the ``throw_failed`` event, which carries what
    :func:`~shengji_edu.tricks.check_throw` found: the cards thrown, the cards that beat one of
    its units, and the unit led instead (RULES §4). ``seat`` is the thrower's name as the front
    end writes seats.
    """
    data = event.data
    return message(
        "{seat} tried to throw {attempted}, but {beaten} beats it: {forced} is led instead.",
        seat=seat,
        attempted=parse_cards(data["attempted"]),
        beaten=parse_cards(data["beaten_by"]),
        forced=parse_cards(data["forced"]),
    )


def hand_text(cards: Iterable[Card], trump: Trump | None) -> str:
    """A hand grouped by effective suit, strongest first, one line per suit."""
    cards = list(cards)
    if trump is None:
        return format_cards(sorted(cards), pretty=True)
    groups = trump.by_suit(cards)
    lines = []
    for suit in EFFECTIVE_SUITS:
        if groups[suit]:
            label = "trumps" if suit == "T" else suit_label(suit)
            lines.append(f"{label:>7}: {format_cards(groups[suit], pretty=True)}")
    return "\n".join(lines)


def trump_text(round_: Round) -> str:
    trump = round_.trump
    level = rank_text(round_.level_rank)
    if trump is None:
        return f"level {level}, trump not yet declared"
    suit = f"trump {suit_label(trump.suit)}" if trump.suit else "no trump suit"
    dealer = seat_name(round_.dealer) if round_.dealer is not None else "?"
    return f"level {level}, {suit}, dealer {dealer}"


def rules_text(rules: RuleSet) -> str:
    """The options that differ from the default, e.g. ``decks=3, twos_are_trump=true``."""
    changed = [
        f"{f.name}={_rule_value(getattr(rules, f.name))}"
        for f in fields(rules)
        if getattr(rules, f.name) != f.default
    ]
    return ", ".join(changed) or "the standard rules"


def _rule_value(value: object) -> str:
    """A rule's value as ``--rules`` reads it: ``true``, ``none``, ``5-10-K`` (text as it is)."""
    return value if isinstance(value, str) else str(value).lower()


def overcall_text(seat: int, cards: Sequence[Card]) -> str:
    """One overcall after the bury (RULES §11.3), e.g. ``East (1) overcalls with ♠2 ♠2``."""
    return f"{seat_name(seat)} overcalls with {format_cards(cards, pretty=True)}"


def trick_text(plays: Sequence[tuple[int, Sequence[Card]]], winner: int | None = None) -> str:
    parts = []
    for seat, cards in plays:
        mark = " *" if seat == winner else ""
        parts.append(f"{SEAT_NAMES[seat]}: {format_cards(cards, pretty=True)}{mark}")
    return " | ".join(parts)


def finished_trick_text(number: int, trick: Trick) -> str:
    text = f"trick {number:2}: {trick_text(trick.plays, trick.winner)}"
    if trick.attempted is not None:
        text += f"  (failed throw: {format_cards(trick.attempted, pretty=True)})"
    if trick.points:
        text += f"  [{trick.points} pts]"
    return text


def result_text(result: HandResult, kitty: Sequence[Card]) -> str:
    s = result.settlement
    dealer_team = team_of(result.dealer)
    lines = [
        f"kitty: {format_cards(kitty, pretty=True)} (x{result.kitty_multiplier}, "
        f"{result.kitty_points} points to the defenders)",
        f"defenders' points: {result.defender_points}"
        + (f" (throw penalties {result.penalty:+})" if result.penalty else ""),
    ]
    if s.draw:
        lines.append("a draw: no levels, and the next hand is played like a first hand")
    elif s.defenders_take_deal:
        lines.append(
            f"defenders (team {1 - dealer_team}) take the deal, +{s.defender_levels} level(s)"
        )
    else:
        lines.append(f"dealers (team {dealer_team}) keep the deal, +{s.dealer_levels} level(s)")
    before = "/".join(rank_text(x) for x in result.levels_before)
    after = "/".join(rank_text(x) for x in result.levels_after)
    lines.append(f"levels (team 0/team 1): {before} -> {after}")
    if result.match_won:
        top = rank_text(result.levels_before[dealer_team])
        lines.append(f"team {dealer_team} wins the match at level {top}!")
    return "\n".join(lines)


def round_text(round_: Round) -> str:
    """The whole hand: trump (and every overcall after the bury), every trick and the result."""
    lines = [trump_text(round_)]
    overcalls = [overcall_text(seat, o.cards) for seat, o in round_.overcalls if o is not None]
    if overcalls:
        lines[:0] = overcalls
    lines += [finished_trick_text(i, t) for i, t in enumerate(round_.tricks, 1)]
    if round_.phase == FINISHED and round_.result is not None:
        lines.append(result_text(round_.result, round_.kitty))
    return "\n".join(lines)
