"""The hint: what the student may do now, from the engine, and what Greedy would do.

Every list comes from the rules (``legal_declarations``, :func:`decompose`,
:func:`iter_legal_follows`); the widget never decides what is legal. Asking for a hint never
changes the game: Greedy's suggestion is computed in a what-if copy of the hand with a
generator of its own, so the same seed still gives the same hand.

What Greedy would do comes first, right under the title, so it is on show without
scrolling the hint pane. Decisions: a lead lists *every* unit of the hand, grouped by suit
(a hand has at most a few dozen units, and leaving some out hid tractors); a follow lists
the first :data:`HINT_LIMIT` legal plays and says so when there are more (~10^6 possible).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from ..cards import Card, format_cards, rank_text
from ..declaring import ladder_words
from ..follow import iter_legal_follows
from ..game import AUCTION, DEALING, FINISHED, KITTY, OVERCALL
from ..players import GreedyPlayer
from ..players.greedy import bury_low_cards, overcall_good_suit
from ..trump import EFFECTIVE_SUITS
from ..units import decompose
from .views import Context, bold, esc, faces, seat_name, suit_text

HINT_LIMIT = 12
"""Legal follows listed by the hint."""


def hint_html(ctx: Context) -> str:
    tr, rnd = ctx.tr, ctx.round
    phase = rnd.phase
    you = ctx.you
    title = bold(tr.say("Hint:")) + " "
    if phase == FINISHED:
        return title + esc(tr.say("the hand is over; press next hand."))
    if phase in (DEALING, AUCTION):
        options = rnd.legal_declarations(you)
        if not options and rnd.rules.decks != 2:
            return title + esc(
                tr.say(
                    "nothing to declare now. The declarations, weakest first: {ladder} (the "
                    "level is {level}); a declaration must beat the standing one.",
                    ladder=ladder_words(rnd.rules.decks),
                    level=rank_text(rnd.level_rank),
                )
            )
        if not options:
            return title + esc(
                tr.say(
                    "nothing to declare now. A declaration shows a level card ({level}), a pair "
                    "of them, or a pair of jokers, and must beat the standing one.",
                    level=rank_text(rnd.level_rank),
                )
            )
        items = "".join(option(ctx, o) for o in options)
        return title + esc(tr.say("you may declare")) + f"<ol class='shengji-legal'>{items}</ol>"
    if rnd.turn != you:
        return title + esc(tr.say("wait for {seat}.", seat=seat_name(ctx, rnd.turn)))
    if phase == OVERCALL:
        options = rnd.legal_overcalls(you)
        if not options:
            return title + esc(
                tr.say(
                    "you cannot overcall: an overcall must beat the standing trump without its "
                    "suit's level cards ({ladder}). Press do not overcall.",
                    ladder=ladder_words(rnd.rules.decks),
                )
            )
        items = "".join(option(ctx, o) for o in options)
        suggestion = _safe(lambda: overcall_good_suit(rnd.view(you)))
        advice = (
            "<div class='shengji-suggestion'>"
            + esc(tr.say("Greedy would overcall with:"))
            + f" {faces(ctx, suggestion)}</div>"
            if suggestion
            else "<div class='shengji-suggestion'>" + esc(tr.say("Greedy would pass.")) + "</div>"
        )
        intro = tr.say(
            "you may overcall: the new trump holds at once, and you take the kitty and bury as "
            "many cards."
        )
        return f"{title}{advice}{esc(intro)}<ol class='shengji-legal'>{items}</ol>"
    if phase == KITTY:
        suggestion = _safe(lambda: bury_low_cards(rnd.view(you)))
        text = ""
        if suggestion:
            text += (
                "<div class='shengji-suggestion'>"
                + esc(tr.say("Greedy would bury:"))
                + f" {faces(ctx, suggestion)}</div>"
            )
        text += esc(
            tr.say_n(
                "bury {n} card. Point cards in the kitty score for the defenders (multiplied) "
                "if they win the last trick; short side suits make voids.",
                "bury {n} cards. Point cards in the kitty score for the defenders (multiplied) "
                "if they win the last trick; short side suits make voids.",
                len(rnd.kitty),
            )
        )
        return title + text
    trump = rnd.trump
    assert trump is not None
    hand = rnd.hand(you)
    greedy = _safe(lambda: greedy_play(ctx))
    suggestion = (
        "<div class='shengji-suggestion'>"
        + esc(tr.say("Greedy would play:"))
        + f" {faces(ctx, greedy)}</div>"
        if greedy
        else ""
    )
    if rnd.lead is None:
        groups = []
        units = decompose(hand, trump)
        for suit in EFFECTIVE_SUITS:
            mine = [u for u in units if trump.suit_of(u.cards[0]) == suit]
            if not mine:
                continue
            items = "".join(
                option(ctx, u.cards, f" <i>({esc(_unit_name(ctx, u.kind))})</i>") for u in mine
            )
            groups.append(
                f"<li><b>{esc(suit_text(ctx, suit))}</b><ul class='shengji-units'>{items}</ul></li>"
            )
        intro = tr.say(
            "you lead. Any single card, pair or tractor of one suit is a legal lead; a throw of "
            "several units stands only if nobody can beat one of them. Your units:"
        )
        return f"{title}{suggestion}{esc(intro)}<ul class='shengji-units'>{''.join(groups)}</ul>"
    plays = list(islice(iter_legal_follows(hand, rnd.lead, trump), HINT_LIMIT + 1))
    if len(plays) > HINT_LIMIT:
        head = tr.say_n(
            "the first {n} legal play (and more):",
            "the first {n} legal plays (and more):",
            HINT_LIMIT,
        )
    else:
        head = tr.say_n("{n} legal play:", "all {n} legal plays:", len(plays))
    items = "".join(option(ctx, p) for p in plays[:HINT_LIMIT])
    return f"{title}{suggestion}{esc(head)}<ol class='shengji-legal'>{items}</ol>"


def option(ctx: Context, cards: Sequence[Card], note: str = "") -> str:
    """One thing the student may do, as a list item naming its cards (``data-cards``, in
    card notation, lets a browser test find the toggles to click)."""
    return (
        f"<li class='shengji-option' data-cards='{format_cards(cards)}'>"
        f"{faces(ctx, cards)}{note}</li>"
    )


def _unit_name(ctx: Context, kind: str) -> str:
    names = {
        "single": ctx.tr.say("single"),
        "pair": ctx.tr.say("pair"),
        "triple": ctx.tr.say("triple"),
        "tractor": ctx.tr.say("tractor"),
        "titanic": ctx.tr.say("titanic"),
    }
    return names.get(kind, kind)


def greedy_play(ctx: Context) -> list[Card] | None:
    """What Greedy would play here, decided in a what-if copy with its own generator.

    Uses ``Round.what_if(hands, buried, seed)``; when the engine moves what-if copies to the
    player's view (``view.what_if`` / ``view.sample_world``), this is the one place to adapt.
    """
    rnd = ctx.round
    copy = rnd.what_if(rnd.hands, rnd.kitty, seed=rnd.seed)
    return GreedyPlayer().play(copy.view(ctx.you))


def _safe(compute) -> Sequence[Card] | None:
    """A suggestion is optional: a failure never breaks the hint."""
    try:
        return compute()
    except Exception:  # noqa: BLE001 - a hint must not break the table
        return None
