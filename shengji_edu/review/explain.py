"""Explain a played hand trick by trick: who won each trick and the rule that decided it,
what each follower was obliged to play and why (RULES §4–§6, §11, §12).

Nothing here is a rule: the winner is :func:`~shengji_edu.tricks.trick_winner`, how strongly
each play competes is :func:`~shengji_edu.tricks.play_key`, whether a throw stands (and who
holds the unit that beats it) is :func:`~shengji_edu.tricks.check_throw`, and what a follow
owed is :func:`~shengji_edu.duties.follow_duties`, the obligations
:func:`~shengji_edu.follow.check_follow` checks. This module asks them, with the hands each
player held at each trick, and puts the answers into words.

The hands are worked back from the round: at the start of trick *t* a seat held every card
it played from trick *t* on, plus what it holds now (the cards of a failed throw went back
to the hand and were played later). So a finished hand, a loaded record or a hand still
being played can all be reviewed.

Variants and house rules: the review compares the outcome with the standard rule for each
option of the trump that is not at its default (RULES §11.2 ``twos_are_trump``, §12.14
``tractors``, §12.15 ``offsuit_levels``) and says so when the option changed who won, or
made a follow legal that the standard rule refuses. Three decks need nothing extra: triples
and titanics are units like the others. A failed throw under ``failed_throw="smallest_card"``
(§12.3) and ``throw_penalty`` are said in the throw's sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..duties import VOID, follow_duties
from ..follow import check_follow
from ..game.round import Round, Trick, team_of
from ..i18n import Message, check_language, render
from ..tricks import check_throw, play_key, trick_winner, unit_name
from ..trump import TRUMP, Trump
from ..units import Unit, lead_format
from . import notes as k
from . import phrases as say

TRUMP_OPTIONS = ("twos_are_trump", "tractors", "offsuit_levels")
"""The options of a Trump that change who wins or what is owed (RULES §11.2, §12.14, §12.15)."""


def explain_round(round_: Round, lang: str = "en") -> list[k.TrickNote]:
    """A :class:`~shengji_edu.review.notes.TrickNote` for every finished trick of the hand.

    ``lang`` is a language with a catalogue (``"en"``, ``"zh"``); anything else raises
    :class:`~shengji_edu.i18n.LanguageError`. A round not yet playing has no tricks: ``[]``.
    """
    lang = check_language(lang)
    if not isinstance(round_, Round):
        raise ValueError(f"explain_round needs a Round (a hand), not {type(round_).__name__}")
    trump = round_.trump
    tricks = round_.tricks
    if trump is None or not tricks:
        return []
    hands = hands_before_tricks(round_)
    last = len(tricks)
    failed = _failed_throws(round_)
    return [
        _explain_trick(
            number, trick, hands[number - 1], round_, trump, lang, number == last, failed
        )
        for number, trick in enumerate(tricks, 1)
    ]


def _failed_throws(round_: Round) -> dict[int, tuple[int, list[Card], Unit]]:
    """What the engine found for each failed throw, by trick number (counted from 1): the
    seat holding the beating cards, those cards, and the unit of the throw they beat.

    The round's failed throws are in the order of its tricks; a what-if world logs only what
    was played in it, so its failed throws are the last ones."""
    numbers = [n for n, t in enumerate(round_.tricks, 1) if t.attempted is not None]
    found = [
        (holder, list(throw.beaten_by), throw.beaten) for _, holder, throw in round_.failed_throws
    ]
    if round_.current_trick and round_.public.attempted is not None:
        found = found[:-1]  # the running trick's
    found = found[-len(numbers) :] if numbers else []
    return dict(zip(numbers[len(numbers) - len(found) :], found, strict=True))


def _throw_facts(
    failed: dict[int, tuple[int, list[Card], Unit]],
    attempted: Sequence[Card],
    hands: list[list[Card]],
    seat: int,
    trump: Trump,
    rules,
    number: int = 0,
) -> tuple[int, list[Card], Unit]:
    """Who held what beat a failed throw, and which unit of it: the engine's account of that
    moment (:attr:`Round.failed_throws`), or, for a throw made before a what-if world began,
    :func:`~shengji_edu.tricks.check_throw` asked again with the hands of that moment."""
    if number in failed:
        return failed[number]
    others = [s for s in range(4) if s != seat]
    throw = check_throw(attempted, [hands[s] for s in others], trump, rules)
    assert throw.holder is not None and throw.beaten is not None
    return others[throw.holder], throw.beaten_by, throw.beaten


def hands_before_tricks(round_: Round) -> list[list[list[Card]]]:
    """For each finished trick, the four hands as they were when it was led."""
    now = [list(round_.hand(seat)) for seat in range(4)]
    for _seat, cards in round_.current_trick:
        now[_seat] += cards
    hands: list[list[list[Card]]] = []
    for trick in reversed(round_.tricks):
        for seat, cards in trick.plays:
            now[seat] = list(cards) + now[seat]
        hands.append([list(hand) for hand in now])
    hands.reverse()
    return hands


def _explain_trick(
    number: int,
    trick: Trick,
    hands: list[list[Card]],
    round_: Round,
    trump: Trump,
    lang: str,
    last: bool,
    failed: dict[int, tuple[int, list[Card], Unit]],
) -> k.TrickNote:
    rules = round_.rules
    lead_seat, lead = trick.plays[0]
    fmt = lead_format(lead, trump)
    key = fmt.largest
    plays = [list(cards) for _, cards in trick.plays]
    notes: list[k.PlayNote] = []

    # the lead
    attempted = trick.attempted
    if attempted is not None:
        others = [s for s in range(4) if s != lead_seat]
        holder, beaten_by, beaten = _throw_facts(
            failed, attempted, hands, lead_seat, trump, rules, number
        )
        facts = (
            lead_seat,
            trump.sort(attempted),
            holder,
            beaten_by,
            unit_name(beaten),
            beaten.cards,
            trump.sort(lead),
            rules.failed_throw == "smallest_card",
        )
        text = say.throw_failed(*facts, rules.throw_penalty)
        notes.append(k.PlayNote(lead_seat, tuple(lead), k.THROW_FAILED, render(text, lang)))
        failed_text: Message | None = say.failed_in_short(*facts)
        variant_throw = _throw_variant(attempted, [hands[s] for s in others], trump, rules)
    else:
        failed_text = variant_throw = None
        if fmt.is_throw:
            text = say.throw_stood(lead_seat, fmt, trump.sort(lead))
            notes.append(k.PlayNote(lead_seat, tuple(lead), k.THROW, render(text, lang)))
        else:
            text = say.lead(lead_seat, fmt, trump.sort(lead))
            notes.append(k.PlayNote(lead_seat, tuple(lead), k.LEAD, render(text, lang)))

    # the follows, against the best play so far (what trick_winner compares)
    best_index, best_key = 0, play_key(lead, fmt, trump)
    first_ruff: int | None = None
    extra: list[Message] = []
    for index in range(1, len(trick.plays)):
        seat, cards = trick.plays[index]
        duties = follow_duties(hands[seat], lead, cards, trump)
        owed = say.duty_clauses(seat, fmt.suit, fmt.size, duties)
        found = play_key(cards, fmt, trump)
        best_seat, best_cards = trick.plays[best_index]
        if found is None:
            suits = {trump.suit_of(c) for c in cards}
            fits = len(suits) == 1 and suits <= {fmt.suit, TRUMP}
            effect = k.NO_FORMAT if fits else k.DISCARD
        elif found > best_key:
            if found[0] and first_ruff is not None:
                effect = k.OVERRUFFS
            elif found[0]:
                effect = k.RUFFS
            else:
                effect = k.BEATS
        elif found == best_key:
            effect = k.TIES
        else:
            effect = k.LOWER
        text = say.join(owed, say.effect(effect, fmt, best_seat, trump.sort(best_cards)))
        if found is not None and found[0] and first_ruff is None:
            first_ruff = index
        if found is not None and found > best_key:
            best_index, best_key = index, found
        variant = _follow_variant(hands[seat], lead, cards, trump)
        if variant is not None:
            text = say.join(text, variant)
        kinds = tuple(d.kind for d in duties if d.owed or d.kind == VOID)
        notes.append(
            k.PlayNote(seat, tuple(cards), say.play_kind(duties), render(text, lang), kinds, effect)
        )

    # the winner, and the rule that decided it
    winner_index = trick_winner(plays, trump)
    if winner_index != best_index:  # the same comparison: a bug if they ever differ
        raise AssertionError(f"trick {number}: play_key and trick_winner disagree")
    winner = trick.plays[winner_index][0]
    if winner != trick.winner:
        raise AssertionError(f"trick {number}: the round says seat {trick.winner} won")
    won_by = _decided_by(winner_index, best_key, first_ruff, fmt.is_throw, key)
    ruffed = None
    if first_ruff is not None:
        ruffed = (trick.plays[first_ruff][0], trump.sort(trick.plays[first_ruff][1]))
    winning = trump.sort(trick.plays[winner_index][1])
    text = say.winner(number, won_by, winner, winning, fmt.suit, key, ruffed, failed_text)
    dealer = round_.dealer
    defenders = dealer is not None and team_of(winner) != team_of(dealer)
    point_cards = [c for c in trick.cards() if c.points]
    text = say.join(text, say.points(trick.points, trump.sort(point_cards), defenders))
    result = round_.result
    if last and result is not None and result.kitty_points:
        text = say.join(text, say.kitty(result.kitty_points, result.kitty_multiplier))
    if variant_throw is not None:
        extra.append(variant_throw)
    extra += _trick_variants(plays, trump, winner_index, trick)
    if extra:
        text = say.join(text, *extra)
    return k.TrickNote(
        number=number,
        leader=lead_seat,
        winner=winner,
        points=trick.points,
        kind=k.THROW_FAILED if attempted is not None else won_by,
        text=render(text, lang),
        plays=notes,
        won_by=won_by,
        attempted=tuple(attempted) if attempted is not None else None,
        defenders_scored=defenders,
        notes=tuple(render(m, lang) for m in extra),
    )


def _decided_by(index: int, key: tuple, first_ruff: int | None, throw: bool, shape) -> str:
    if index == 0:
        return k.THROW_STOOD if throw else k.LEAD_HELD
    if key[0]:
        return k.OVERRUFF if first_ruff is not None and first_ruff != index else k.RUFF
    return {
        (1, 1): k.HIGHER_SINGLE,
        (2, 1): k.HIGHER_PAIR,
        (3, 1): k.HIGHER_TRIPLE,
    }.get((shape.width, shape.steps), k.HIGHER_TRACTOR if shape.width == 2 else k.HIGHER_TITANIC)


def _standard(trump: Trump, option: str) -> Trump:
    """The trump with one option back at its default."""
    defaults = {f: getattr(Trump(trump.level, trump.suit), f) for f in TRUMP_OPTIONS}
    options = {f: getattr(trump, f) for f in TRUMP_OPTIONS}
    options[option] = defaults[option]
    return Trump(trump.level, trump.suit, **options)


def _changed(trump: Trump) -> list[str]:
    plain = Trump(trump.level, trump.suit)
    return [f for f in TRUMP_OPTIONS if getattr(trump, f) != getattr(plain, f)]


def _trick_variants(
    plays: list[list[Card]], trump: Trump, winner: int, trick: Trick
) -> list[Message]:
    """Sentences for the options that changed who won (RULES §11.2, §12.14, §12.15)."""
    found = []
    for option in _changed(trump):
        other = _standard(trump, option)
        try:
            standard = trick_winner(plays, other)
        except ValueError:  # the lead is no lead (mixed) without the option
            found.append(say.variant(option, getattr(trump, option), None))
            continue
        if standard != winner:
            seat = trick.plays[standard][0]
            found.append(say.variant(option, getattr(trump, option), seat))
    return found


def _throw_variant(
    attempted: Sequence[Card], others: list[list[Card]], trump: Trump, rules
) -> Message | None:
    """A sentence when an option made a throw fail that the standard rule lets stand."""
    for option in _changed(trump):
        try:
            stands = check_throw(attempted, others, _standard(trump, option), rules).ok
        except ValueError:
            continue  # without the option the throw is no lead: the trick says so
        if stands:
            return say.variant_throw(option, getattr(trump, option))
    return None


def _follow_variant(
    hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card], trump: Trump
) -> Message | None:
    """A sentence when an option made legal a follow the standard rule refuses."""
    for option in _changed(trump):
        try:
            verdict = check_follow(hand, lead, play, _standard(trump, option))
        except ValueError:
            continue  # without the option the lead is no lead: the trick says so
        if not verdict:
            return say.variant_follow(option, getattr(trump, option), verdict.reason)
    return None
