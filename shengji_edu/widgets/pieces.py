"""The small pieces every view of the play table is made of: the :class:`Context` a view
reads, the seats' and teams' names, card faces and the trump's name, in the table's language.

:mod:`.views` builds the table's HTML from them (and offers them under its own name too).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..game import Match, Round, team_of
from ..i18n import N_, Suit, Translator
from ..render.pictures import suit_color
from ..rules import RuleSet
from ..trump import Trump

SEAT_NAMES = (N_("South"), N_("East"), N_("North"), N_("West"))
"""Seat 0 is South; play goes South → East → North → West (counter-clockwise)."""

COMPUTER_NAMES = {
    "greedy": N_("greedy"),
    "random": N_("random"),
    "montecarlo": N_("Monte Carlo"),
    "search": N_("search"),
    "expert": N_("expert"),
    "learned": N_("learned"),
    "smart": N_("smart"),
}

POSITIONS = ("bottom", "right", "top", "left")
"""Where each seat sits, counted from yours in play order: the next player on your right,
your partner opposite, the one before you on your left."""

SEP = " · "


@dataclass
class Context:
    """Everything a view needs: the engine's state and how to say it."""

    round: Round
    match: Match
    you: int
    tr: Translator
    colors: str = "classic"
    computer: str = "greedy"
    seed: int = 0
    paused: bool = False
    """A finished trick waits to be seen (the table waits for *go on*)."""
    stopped: bool = False
    """*deal all* stopped because you may declare (it is disabled: *deal on* goes on)."""

    @property
    def partner(self) -> int:
        return (self.you + 2) % 4


# --- small pieces -----------------------------------------------------------------------------
def esc(text: str) -> str:
    return html.escape(text, quote=False)


def bold(text: str) -> str:
    return f"<b>{esc(text)}</b>"


def chip(inner_html: str) -> str:
    return f"<span class='shengji-chip'>{inner_html}</span>"


def seat_name(ctx: Context, seat: int) -> str:
    """ "South (you)", "North (partner)" or "East", in the table's language."""
    name = ctx.tr.gettext(SEAT_NAMES[seat])
    if seat == ctx.you:
        return ctx.tr.say("{name} (you)", name=name)
    if seat == ctx.partner:
        return ctx.tr.say("{name} (partner)", name=name)
    return name


def team_name(ctx: Context, team: int) -> str:
    tr = ctx.tr
    a, b = tr.gettext(SEAT_NAMES[team]), tr.gettext(SEAT_NAMES[team + 2])
    if team == team_of(ctx.you):
        return tr.say("your team ({a} & {b})", a=a, b=b)
    return tr.say("opponents ({a} & {b})", a=a, b=b)


def display_trump(rnd: Round) -> Trump:
    """The trump, or while declaring, the trump the standing declaration would give."""
    if rnd.trump is not None:
        return rnd.trump
    standing = rnd.standing_declaration
    return rnd.rules.trump(rnd.level_rank, standing.suit if standing else None)


def ink_key(card: Card) -> str:
    """The suit whose ink a card wears (big joker: hearts' red, little joker: spades')."""
    if card.is_joker:
        return "H" if card.text == "BJ" else "S"
    return card.suit


def face(ctx: Context, card: Card, trump: Trump | None, kitty: bool = False) -> str:
    """One card face: rank and suit in its colour, trumps on a gold face."""
    css = ["shengji-face", f"shengji-ink-{ink_key(card)}"]
    if trump is not None and trump.is_trump(card):
        css.append("shengji-trump")
    if kitty:
        css.append("shengji-kitty")
    color = suit_color(card, ctx.colors)
    return f"<span class='{' '.join(css)}' style='color:{color}'>{esc(ctx.tr.card(card))}</span>"


def faces(ctx: Context, cards: Sequence[Card], trump: Trump | None = None) -> str:
    trump = trump if trump is not None else ctx.round.trump
    shown = trump.sort(cards) if trump is not None else list(cards)
    return " ".join(face(ctx, c, trump) for c in shown)


def suit_text(ctx: Context, suit: str | None) -> str:
    """The trump suit's name: ♥, or "no trump suit"."""
    if suit is None:
        return ctx.tr.say("no trump suit")
    return Suit(suit).render(ctx.tr)


def dealt_total(rules: RuleSet) -> int:
    """Cards dealt to the players: 48, 100 or 156 for one, two or three decks."""
    return rules.dealt_cards


def take_deal_points(rules: RuleSet) -> int:
    """The fewest defender points that take the deal: 40, 80 or 120 (RULES §11.1)."""
    return rules.take_deal_points


def trump_words(ctx: Context, suit: str | None) -> str:
    """ "trump ♥", or "no trump suit" (never "trump no trump suit")."""
    if suit is None:
        return ctx.tr.say("no trump suit")
    return ctx.tr.say("trump {suit}", suit=suit_text(ctx, suit))
