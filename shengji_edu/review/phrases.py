"""The review's sentences, as messages (:class:`~shengji_edu.i18n.Message`) to render in
any language. Only wording lives here: every fact comes from the rule modules, through
:mod:`shengji_edu.review.explain`."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..duties import PAIRS, SHORT, SUIT, TRIPLES, VOID, Duty
from ..i18n import N_, Listing, Message, Suit, message, plural_message
from ..trump import TRUMP
from ..units import TITANIC, TRACTOR, LeadFormat, Shape
from . import notes as k

SEAT_NAMES = (N_("South"), N_("East"), N_("North"), N_("West"))
# TRANSLATORS: between the clauses of one sentence of the review
SEMI = N_("; ")


def seat(number: int) -> Message:
    """``South (0)``: the seat's name and number."""
    return message("{name} ({seat})", name=message(SEAT_NAMES[number]), seat=number)


def join(*parts: Message) -> Message:
    """Sentences one after the other (a space in English, none in Chinese)."""
    result = parts[0]
    for part in parts[1:]:
        result = message("{first} {second}", first=result, second=part)
    return result


def clauses(parts: Sequence[Message]) -> Listing:
    return Listing(parts, SEMI)


def key_name(shape: Shape) -> Message:
    """The key unit's kind: ``pair``, ``tractor of 2 pairs`` …"""
    if shape.steps == 1:
        return {1: message("single"), 2: message("pair"), 3: message("triple")}[shape.width]
    if shape.width == 2:
        return message("tractor of {steps} pairs", steps=shape.steps)
    return message("titanic of {steps} triples", steps=shape.steps)


# --- the lead ----------------------------------------------------------------------------
def lead(who: int, fmt: LeadFormat, cards: Sequence[Card]) -> Message:
    return message(
        "{seat} leads {format}: {cards}.",
        seat=seat(who),
        format=fmt.describe_message(),
        cards=cards,
    )


def throw_stood(who: int, fmt: LeadFormat, cards: Sequence[Card]) -> Message:
    return message(
        "{seat} throws {cards} ({format}): the throw stands, because no other hand holds a "
        "higher unit of the same kind in that suit to beat any of its parts.",
        seat=seat(who),
        cards=cards,
        format=fmt.describe_message(),
    )


def throw_failed(
    who: int,
    attempted: Sequence[Card],
    holder: int,
    beaten_by: Sequence[Card],
    unit_kind: Message,
    unit: Sequence[Card],
    forced: Sequence[Card],
    smallest: bool,
    penalty: int,
) -> Message:
    if smallest:
        text = message(
            "{seat} tried to throw {attempted}, but {holder} holds {beaten_by}, which beats its "
            "{kind} {unit}: the throw fails, and by the house rule of RULES §12.3 the smallest "
            "card {forced} is led instead; the other cards go back to the hand.",
            seat=seat(who),
            attempted=attempted,
            holder=seat(holder),
            beaten_by=beaten_by,
            kind=unit_kind,
            unit=unit,
            forced=forced,
        )
    else:
        text = message(
            "{seat} tried to throw {attempted}, but {holder} holds {beaten_by}, which beats its "
            "{kind} {unit}: the throw fails, and the lowest beaten unit {forced} is led instead; "
            "the other cards go back to the hand.",
            seat=seat(who),
            attempted=attempted,
            holder=seat(holder),
            beaten_by=beaten_by,
            kind=unit_kind,
            unit=unit,
            forced=forced,
        )
    if penalty:
        text = join(
            text,
            message("The failed throw costs its team {points} points.", points=penalty),
        )
    return text


# --- what a follow owed ----------------------------------------------------------------------
def _suit(suit: str) -> Suit:
    return Suit(suit)


def duty_clauses(who: int, suit: str, size: int, duties: list[Duty]) -> Message:
    """What the follower was obliged to play, from :func:`~shengji_edu.duties.follow_duties`."""
    first = duties[0]
    if first.kind == VOID:
        if suit == TRUMP:
            return message("{seat} holds no trumps: free to play any cards.", seat=seat(who))
        return message(
            "{seat} holds no {suit}: free to ruff with trumps or to discard.",
            seat=seat(who),
            suit=_suit(suit),
        )
    if first.kind == SHORT and first.count == size:
        if suit == TRUMP:
            return plural_message(
                "{seat} holds exactly {n} trump ({cards}): it must be played.",
                "{seat} holds exactly {n} trumps ({cards}): all must be played.",
                first.count,
                seat=seat(who),
                cards=list(first.held[0]),
            )
        return plural_message(
            "{seat} holds exactly {n} card of {suit} ({cards}): it must be played.",
            "{seat} holds exactly {n} cards of {suit} ({cards}): all must be played.",
            first.count,
            seat=seat(who),
            suit=_suit(suit),
            cards=list(first.held[0]),
        )
    if first.kind == SHORT and suit == TRUMP:
        return plural_message(
            "{seat} holds only {n} trump ({cards}): it must be played, and the rest is free.",
            "{seat} holds only {n} trumps ({cards}): all must be played, and the rest is free.",
            first.count,
            seat=seat(who),
            cards=list(first.held[0]),
        )
    if first.kind == SHORT:
        return plural_message(
            "{seat} holds only {n} card of {suit} ({cards}): it must be played, and the rest is "
            "free.",
            "{seat} holds only {n} cards of {suit} ({cards}): all must be played, and the rest is "
            "free.",
            first.count,
            seat=seat(who),
            suit=_suit(suit),
            cards=list(first.held[0]),
        )
    assert first.kind == SUIT
    head = plural_message(
        "{seat} holds {n} trumps: only trumps may be played",
        "{seat} holds {n} trumps: only trumps may be played",
        first.count,
        seat=seat(who),
    )
    if suit != TRUMP:
        head = plural_message(
            "{seat} holds {n} cards of {suit}: only {suit} may be played",
            "{seat} holds {n} cards of {suit}: only {suit} may be played",
            first.count,
            seat=seat(who),
            suit=_suit(suit),
        )
    parts = [head] + [_duty(d, suit) for d in duties[1:]]
    return message("{clauses}.", clauses=clauses(parts))


def _groups(groups: Sequence[Sequence[Card]]) -> Listing:
    return Listing(list(g) for g in groups)


def _duty(duty: Duty, suit: str) -> Message:
    s = _suit(suit)
    if duty.kind == TRACTOR:
        if duty.origin == TITANIC:
            if duty.owed:
                return message(
                    "no titanic that long answers the lead's titanic of {steps} triples, but "
                    "a tractor does ({held}): a tractor of {steps} pairs was owed, and "
                    "{played} meets it",
                    steps=duty.count,
                    held=_groups(duty.held),
                    played=list(duty.played),
                )
            return message(
                "no titanic or tractor of {steps} steps in {suit} answers the lead's titanic, "
                "so its triples count instead",
                steps=duty.count,
                suit=s,
            )
        if duty.owed:
            return message(
                "the lead has a tractor of {steps} pairs and the hand holds {held}: a tractor "
                "of {steps} pairs was owed (must follow a tractor with a tractor), and "
                "{played} meets it",
                steps=duty.count,
                held=_groups(duty.held),
                played=list(duty.played),
            )
        return message(
            "the lead has a tractor of {steps} pairs but the hand holds no tractor of {suit} "
            "that long: none was owed",
            steps=duty.count,
            suit=s,
        )
    if duty.kind == TITANIC:
        if duty.owed:
            return message(
                "the lead has a titanic of {steps} triples and the hand holds {held}: a titanic "
                "of {steps} triples was owed, and {played} meets it",
                steps=duty.count,
                held=_groups(duty.held),
                played=list(duty.played),
            )
        return message(
            "the lead has a titanic of {steps} triples but the hand holds no titanic of {suit} "
            "that long",
            steps=duty.count,
            suit=s,
        )
    if duty.kind == TRIPLES:
        if duty.owed:
            return plural_message(
                "the lead asks for {asked} and the hand holds {held}: {n} triple was owed",
                "the lead asks for {asked} and the hand holds {held}: {n} triples were owed",
                duty.count,
                asked=plural_message("{n} triple", "{n} triples", duty.asked),
                held=_groups(duty.held),
            )
        return message(
            "the lead asks for triples but the hand holds no triple of {suit}: pairs count instead",
            suit=s,
        )
    assert duty.kind == PAIRS
    if not duty.owed and suit == TRUMP:
        return message("the hand holds no pair of trumps: any trumps would do")
    if not duty.owed:
        return message("the hand holds no pair of {suit}: any cards of {suit} would do", suit=s)
    if duty.origin == "triple":
        return plural_message(
            "the lead holds {asked} (a tractor counts as its pairs, a triple as one pair) "
            "and the hand holds {held}: at least {n} pair was owed",
            "the lead holds {asked} (a tractor counts as its pairs, a triple as one pair) "
            "and the hand holds {held}: at least {n} pairs were owed",
            duty.count,
            asked=plural_message("{n} pair", "{n} pairs", duty.asked),
            held=_groups(duty.held),
        )
    if duty.origin == "pair":
        return message(
            "a pair was led and the hand holds {held}: a pair was owed (must follow a pair "
            "with a pair)",
            held=_groups(duty.held),
        )
    if duty.origin != "tractor":
        return plural_message(
            "the lead holds {asked} and the hand holds {held}: at least {n} pair was owed "
            "(must follow pairs with pairs)",
            "the lead holds {asked} and the hand holds {held}: at least {n} pairs were owed "
            "(must follow pairs with pairs)",
            duty.count,
            asked=plural_message("{n} pair", "{n} pairs", duty.asked),
            held=_groups(duty.held),
        )
    return plural_message(
        "the lead holds {asked} (a tractor counts as its pairs) and the hand holds "
        "{held}: at least {n} pair was owed (must follow pairs with pairs)",
        "the lead holds {asked} (a tractor counts as its pairs) and the hand holds "
        "{held}: at least {n} pairs were owed (must follow pairs with pairs)",
        duty.count,
        asked=plural_message("{n} pair", "{n} pairs", duty.asked),
        held=_groups(duty.held),
    )


def play_kind(duties: list[Duty]) -> str:
    """The PlayNote kind of a follow: its strongest obligation that bit."""
    first = duties[0].kind
    if first == VOID:
        return k.FREE_VOID
    if first == SHORT:
        return k.SHORT_SUIT
    owed = {d.kind for d in duties[1:] if d.owed}
    for duty, kind in (
        (TITANIC, k.FOLLOWED_TITANIC),
        (TRACTOR, k.FOLLOWED_TRACTOR),
        (TRIPLES, k.FOLLOWED_TRIPLES),
        (PAIRS, k.FOLLOWED_PAIRS),
    ):
        if duty in owed:
            return kind
    return k.FOLLOWED_SUIT


# --- what a follow did ---------------------------------------------------------------------
def effect(kind: str, fmt: LeadFormat, best_seat: int, best_cards: Sequence[Card]) -> Message:
    """What a follow did to the trick, against the best play before it."""
    suit, key = fmt.suit, fmt.largest
    s, other = _suit(suit), seat(best_seat)
    if kind == k.DISCARD:
        if suit == TRUMP:
            return message("Not all trumps: a discard, which cannot win.")
        return message("Neither all {suit} nor all trumps: a discard, which cannot win.", suit=s)
    if kind == k.NO_FORMAT:
        return message(
            "It lacks the lead's format ({format}), so it cannot win.",
            format=fmt.describe_message(),
        )
    if kind == k.BEATS:
        return message(
            "It beats {seat}'s {cards}: a higher {key} of {suit}.",
            seat=other,
            cards=best_cards,
            key=key_name(key),
            suit=s,
        )
    if kind == k.RUFFS:
        return message(
            "A ruff: trumps in the lead's format beat {seat}'s {cards}, as they beat any play of "
            "{suit}.",
            seat=other,
            cards=best_cards,
            suit=s,
        )
    if kind == k.OVERRUFFS:
        return message(
            "An over-ruff: its {key} is higher than that of {seat}'s ruff {cards}.",
            key=key_name(key),
            seat=other,
            cards=best_cards,
        )
    if kind == k.TIES:
        return message(
            "As high as {seat}'s {cards}: on a tie the earlier play wins.",
            seat=other,
            cards=best_cards,
        )
    return message("It does not beat {seat}'s {cards}.", seat=other, cards=best_cards)


# --- the trick -----------------------------------------------------------------------------
def failed_in_short(
    who: int,
    attempted: Sequence[Card],
    holder: int,
    beaten_by: Sequence[Card],
    unit_kind: Message,
    unit: Sequence[Card],
    forced: Sequence[Card],
    smallest: bool,
) -> Message:
    """A failed throw in a trick's account (the lead's note says it in full)."""
    if smallest:
        return message(
            "{seat}'s throw {attempted} failed, because {holder}'s {beaten_by} beats its {kind} "
            "{unit}: by RULES §12.3 its smallest card {forced} was led instead.",
            seat=seat(who),
            attempted=attempted,
            holder=seat(holder),
            beaten_by=beaten_by,
            kind=unit_kind,
            unit=unit,
            forced=forced,
        )
    return message(
        "{seat}'s throw {attempted} failed, because {holder}'s {beaten_by} beats its {kind} "
        "{unit}: {forced} was led instead.",
        seat=seat(who),
        attempted=attempted,
        holder=seat(holder),
        beaten_by=beaten_by,
        kind=unit_kind,
        unit=unit,
        forced=forced,
    )


def winner(
    number: int,
    kind: str,
    who: int,
    cards: Sequence[Card],
    suit: str,
    key: Shape,
    ruffed: tuple,
    failed: Message | None = None,
) -> Message:
    """``Trick 3: East (1) wins with …``, a failed throw if there was one, and the rule that
    decided the trick."""
    head = message(
        "Trick {number}: {seat} wins with {cards}.", number=number, seat=seat(who), cards=cards
    )
    if failed is not None:
        head = join(head, failed)
    s = _suit(suit)
    if kind == k.LEAD_HELD:
        if suit == TRUMP:
            reason = message("Nobody played a higher {key} of trumps.", key=key_name(key))
        else:
            reason = message(
                "Nobody played a higher {key} of {suit}, and nobody ruffed.",
                key=key_name(key),
                suit=s,
            )
    elif kind == k.THROW_STOOD:
        if suit == TRUMP:
            reason = message("The throw stood, and a throw of trumps that stands cannot be beaten.")
        else:
            reason = message("The throw stood, and nobody ruffed it.")
    elif kind == k.RUFF:
        reason = message(
            "{seat} had no {suit} left and ruffed: trumps in the lead's format beat any play "
            "of a side suit.",
            seat=seat(who),
            suit=s,
        )
    elif kind == k.OVERRUFF:
        other, other_cards = ruffed
        reason = message(
            "{seat} over-ruffed: its {key} is higher than that of {other}'s ruff {cards}.",
            seat=seat(who),
            key=key_name(key),
            other=seat(other),
            cards=other_cards,
        )
    else:  # a higher unit of the led suit
        if suit == TRUMP:
            reason = message("It is the highest {key} of trumps played.", key=key_name(key))
        else:
            reason = message(
                "It is the highest {key} of {suit} played, and nobody ruffed.",
                key=key_name(key),
                suit=s,
            )
    return join(head, reason)


def points(count: int, cards: Sequence[Card], defenders: bool) -> Message:
    if not count:
        return message("No points in it.")
    if defenders:
        return message(
            "Its {points} points ({cards}) go to the defenders.", points=count, cards=cards
        )
    return message(
        "Its {points} points ({cards}) stay with the dealer's team: the defenders score only "
        "the tricks they win.",
        points=count,
        cards=cards,
    )


def kitty(points_won: int, multiplier: int) -> Message:
    return message(
        "The defenders won the last trick, so the kitty's points count ×{multiplier}: "
        "{points} more points.",
        multiplier=multiplier,
        points=points_won,
    )


def variant(option: str, value: object, standard_winner: int | None) -> Message:
    """A variant or house rule that changed who won the trick."""
    rule = _rule(option, value)
    if standard_winner is None:
        return message("{rule}: the lead would not be one lead without it.", rule=rule)
    return message(
        "{rule}: by the standard rule {seat} would have won this trick.",
        rule=rule,
        seat=seat(standard_winner),
    )


def variant_throw(option: str, value: object) -> Message:
    """A variant or house rule that made a throw fail that the standard rule lets stand."""
    return message("{rule}: by the standard rule the throw would stand.", rule=_rule(option, value))


def variant_follow(option: str, value: object, reason: Message | str) -> Message:
    """A variant or house rule that made a follow legal that the standard rule refuses."""
    rule = _rule(option, value)
    return message(
        "{rule}: by the standard rule this play would be refused ({reason}).",
        rule=rule,
        reason=reason,
    )


def _rule(option: str, value: object) -> Message:
    """A trump option that is not at its default, in words."""
    if option == "twos_are_trump":
        return message("The 2s are trumps here (RULES §11.2)")
    if option == "tractors" and value == "off":
        return message("There are no tractors here: consecutive pairs stay pairs (RULES §12.14)")
    if option == "tractors":
        return message(
            "Tractors are only pairs of one printed suit on consecutive printed ranks here "
            "(RULES §12.14)"
        )
    return message("The off-suit level cards rank ♠ > ♥ > ♦ > ♣ here (RULES §12.15)")
