"""Matplotlib pictures of cards, card orders and a hand's points, for the lessons.

A picture of a hand is easier to read than a line of text, and a ladder makes "which card is
stronger" visible at a glance. Everything shown comes from the engine (effective suits and
strengths from a :class:`~shengji_edu.trump.Trump`, points from a round's events); this module
only draws.

Design choices, so the pictures work everywhere the lessons run:

* matplotlib is imported inside the functions, never at module level: the package (and
  ``import shengji_edu.render.pictures``) works without matplotlib, which is only a
  ``notebooks`` extra.
* Only the object-oriented pyplot API is used (``plt.subplots`` and ``Axes`` methods), which
  works with any backend, including ``Agg`` on machines without a display.
* Figure text holds only ASCII and the suit symbols ♠♥♦♣, which DejaVu Sans (matplotlib's
  default font) has: no missing-glyph warnings, so strict notebook tests stay quiet.
* Two colour schemes: ``"classic"`` (red hearts and diamonds, black spades and clubs) and
  ``"four"``, a colour-blind-safe four-colour deck from the Okabe–Ito palette, so a
  student who cannot tell red from black still tells the four suits apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards import JOKER_SUIT, SUIT_SYMBOLS, Card, rank_text
from ..trump import TRUMP, Trump

if TYPE_CHECKING:  # only for type hints: importing this module never imports matplotlib
    from matplotlib.axes import Axes

    from ..game.round import Round

COLOR_SCHEMES: dict[str, dict[str, str]] = {
    "classic": {"S": "#000000", "H": "#C00000", "D": "#C00000", "C": "#000000"},
    "four": {"S": "#000000", "H": "#D55E00", "D": "#0072B2", "C": "#009E73"},
}
"""Ink colour of each suit. ``four`` uses Okabe–Ito colours (black, vermillion, blue, green)."""

CARD_FACE = "#FFFFFF"
TRUMP_FACE = "#FFF1C9"
"""Trumps get a pale gold face when a trump is given, so they stand out in a hand."""
CARD_EDGE = "#555555"

DEFENDERS_COLOR = "#0072B2"
DEALERS_COLOR = "#D55E00"


def suit_color(card: Card, colors: str = "classic") -> str:
    """The ink colour of a card: its suit's colour; the big joker red, the little one black."""
    scheme = _scheme(colors)
    if card.suit == JOKER_SUIT:
        return scheme["H"] if card.text == "BJ" else scheme["S"]
    return scheme[card.suit]


def card_label(card: Card, one_line: bool = False) -> str:
    """Text on a card: rank over suit symbol (``"10\\n♠"``), or ``"♠10"``; jokers ``BJ``/``LJ``."""
    if card.suit == JOKER_SUIT:
        return card.text
    if one_line:
        return SUIT_SYMBOLS[card.suit] + rank_text(card.rank)
    return rank_text(card.rank) + "\n" + SUIT_SYMBOLS[card.suit]


def draw_cards(
    cards: Iterable[Card],
    ax: Axes | None = None,
    title: str | None = None,
    colors: str = "classic",
    trump: Trump | None = None,
    spread: float | None = None,
) -> Axes:
    """Draw cards side by side, like a hand held in front of you; return the axes.

    Each card is one rounded rectangle (a patch) with one text: the rank over the suit
    symbol in its top-left corner, as on real cards, so overlapping cards stay readable.
    Cards are drawn in the order given. With a ``trump``, they are sorted strongest first,
    grouped by effective suit with a gap between groups, and trumps get a pale gold face.
    ``spread`` is the distance between neighbouring cards in card widths (default: no
    overlap up to 13 cards, overlapped like a fanned hand beyond). A new figure is made when
    ``ax`` is None.
    """
    cards = list(cards)
    _scheme(colors)  # fail early on an unknown scheme
    groups = _groups(cards, trump)
    n = len(cards)
    step = spread if spread is not None else (1.08 if n <= 13 else 0.6)
    width, height, gap = 1.0, 1.4, 0.45
    positions: list[tuple[Card, float]] = []
    x = 0.0
    for group in groups:
        for card in group:
            positions.append((card, x))
            x += step
        x += gap - step + width if group else 0.0
    right = max((p + width for _, p in positions), default=width)
    ax = _axes(ax, figsize=(0.55 * right + 0.4, 0.55 * height + (0.55 if title else 0.3)))
    margin = 0.08
    ax.set_xlim(-margin, right + margin)
    ax.set_ylim(-margin, height + margin)
    _clean(ax)
    points = _points_per_unit(ax)
    for card, left in positions:
        face = TRUMP_FACE if trump is not None and trump.is_trump(card) else CARD_FACE
        _card_box(ax, left, 0.0, width, height, face)
        ax.text(
            left + 0.09 * width,
            height - 0.08 * height,
            card_label(card),
            ha="left",
            va="top",
            fontsize=0.3 * width * points,
            fontweight="bold",
            color=suit_color(card, colors),
            linespacing=1.0,
        )
    if title:
        ax.set_title(title)
    return ax


def draw_order(
    cards_in_order: Sequence[Card | Sequence[Card]],
    ax: Axes | None = None,
    title: str | None = None,
    trump: Trump | None = None,
    colors: str = "classic",
    *,
    rows: int | None = None,
    columns: int | None = None,
) -> Axes:
    """Draw a strength ladder: strongest rung at the top, one rung per strength; return the axes.

    ``cards_in_order`` lists cards strongest first. An item may itself be a list of cards
    that are equally strong: they share a rung, drawn side by side with "=" between them. With
    a ``trump``, neighbouring cards of equal :meth:`Trump.strength` are put on one rung
    automatically, a dashed line separates effective suits, and each suit group is labelled
    on the left ("trumps", "♣"), so the ladder shows the whole order the trump defines.
    Each card is one patch with one text; every "=" and every group label is one more text.

    ``rows`` and ``columns`` reserve room for at least that many rungs and cards per rung:
    give ladders drawn side by side the same values and they share one scale, so a short
    ladder looks short instead of being blown up to fill its axes.
    """
    _scheme(colors)
    rungs = _rungs(cards_in_order, trump)
    width, height, row, gap = 1.3, 0.72, 0.9, 0.45
    widest = max([len(r) for r in rungs] + [columns or 1])
    right = widest * width + (widest - 1) * gap
    left_room = 2.6 if trump is not None else 0.2
    total = max(len(rungs), rows or 1) * row
    ax = _axes(ax, figsize=(0.4 * (right + left_room) + 0.4, 0.4 * total + 0.6))
    ax.set_xlim(-left_room, right + 0.1)
    ax.set_ylim(-total - 0.05, 0.1)
    _clean(ax)
    points = _points_per_unit(ax)
    previous_suit: str | None = None
    for i, rung in enumerate(rungs):
        top = -i * row
        y = top - (row - height) / 2 - height
        suit = trump.suit_of(rung[0]) if trump is not None else None
        if trump is not None and suit != previous_suit:
            if previous_suit is not None:
                ax.axhline(top, color="#999999", linestyle="--", linewidth=0.8)
            label = "trumps" if suit == TRUMP else "side " + SUIT_SYMBOLS[suit]
            ax.text(
                -0.25,
                y + height / 2,
                label,
                ha="right",
                va="center",
                fontsize=0.36 * points,
                color="#444444",
            )
            previous_suit = suit
        for j, card in enumerate(rung):
            x = j * (width + gap)
            face = TRUMP_FACE if trump is not None and trump.is_trump(card) else CARD_FACE
            _card_box(ax, x, y, width, height, face)
            ax.text(
                x + width / 2,
                y + height / 2,
                card_label(card, one_line=True),
                ha="center",
                va="center",
                fontsize=0.4 * points,
                fontweight="bold",
                color=suit_color(card, colors),
            )
            if j:
                ax.text(
                    x - gap / 2,
                    y + height / 2,
                    "=",
                    ha="center",
                    va="center",
                    fontsize=0.45 * points,
                )
    if title:
        ax.set_title(title)
    return ax


PLAYED_EDGE = "#0072B2"
"""The edge of a card a follow ladder's hand plays (Okabe-Ito blue)."""
KEPT_FACE = "#EEEEEE"
KEPT_ALPHA = 0.35
"""A card the hand keeps is drawn faded: a grey face and light ink."""


def draw_follow_ladder(
    rungs: Sequence[tuple[str, Sequence[Card], Sequence[Card]]],
    ax: Axes | None = None,
    title: str | None = None,
    trump: Trump | None = None,
    colors: str = "classic",
    *,
    lead: Sequence[Card] | None = None,
) -> Axes:
    """Draw a follow ladder: one row per rung, each a hand and the cards it plays; return the axes.

    Each rung is ``(label, hand, play)``: the label says what the rung asks for ("else a pair
    and a single"), ``hand`` is a follower's cards that stop at that rung and ``play`` the
    cards it follows with. The hand is drawn left to right (strongest first, grouped by
    effective suit, with a ``trump``); the cards of the play have a blue edge, the cards the
    hand keeps are faded, so a row shows both what was held and what the rule took. With
    ``lead``, a first row shows the lead. Each card is one patch with one text, each label
    one more text. The pictures and the rules are separate: the caller finds the plays (with
    ``legal_follows`` or ``check_follow``); a play that is not in its hand, copies counted,
    is a ``ValueError`` and nothing is drawn. Labels are drawn in matplotlib's default font:
    keep them to ASCII and the suit symbols (it has no Chinese characters).
    """
    _scheme(colors)
    rows: list[tuple[str, list[tuple[Card, bool]]]] = []
    if lead is not None:
        shown = trump.sort(lead) if trump is not None else list(lead)
        rows.append(("lead", [(card, True) for card in shown]))
    for label, hand, play in rungs:
        rows.append((label, _marked(hand, play, trump)))
    width, height, row, gap = 1.3, 0.72, 0.95, 0.12
    widest = max((len(cards) for _, cards in rows), default=1)
    right = widest * (width + gap)
    label_room = 0.3 + 0.22 * max((len(label) for label, _ in rows), default=4)
    total = max(len(rows), 1) * row
    ax = _axes(ax, figsize=(0.4 * (right + label_room) + 0.4, 0.4 * total + 0.6))
    ax.set_xlim(-label_room, right)
    ax.set_ylim(-total - 0.05, 0.1)
    _clean(ax)
    points = _points_per_unit(ax)
    for i, (label, marked) in enumerate(rows):
        y = -i * row - (row - height) / 2 - height
        ax.text(-0.25, y + height / 2, label, ha="right", va="center", fontsize=0.34 * points)
        if lead is not None and i == 0 and len(rows) > 1:
            ax.axhline(-row, color="#999999", linestyle="--", linewidth=0.8)
        for j, (card, played) in enumerate(marked):
            x = j * (width + gap)
            trump_face = TRUMP_FACE if trump is not None and trump.is_trump(card) else CARD_FACE
            edge, line = (PLAYED_EDGE, 2.0) if played else (CARD_EDGE, 0.8)
            face = trump_face if played else KEPT_FACE
            _card_box(ax, x, y, width, height, face, edge=edge, linewidth=line)
            ax.text(
                x + width / 2,
                y + height / 2,
                card_label(card, one_line=True),
                ha="center",
                va="center",
                fontsize=0.4 * points,
                fontweight="bold",
                color=suit_color(card, colors),
                alpha=1.0 if played else KEPT_ALPHA,
            )
    if title:
        ax.set_title(title)
    return ax


def _marked(
    hand: Sequence[Card], play: Sequence[Card], trump: Trump | None
) -> list[tuple[Card, bool]]:
    """The hand in display order, each card with whether it is played (copies counted)."""
    to_play = Counter(play)
    missing = to_play - Counter(hand)
    if missing:
        raise ValueError(
            f"the play {' '.join(c.text for c in play)} is not in the hand "
            f"{' '.join(c.text for c in hand)} (copies counted, too many: "
            f"{' '.join(c.text for c in missing.elements())}): give a play taken from its hand"
        )
    marked = []
    for card in trump.sort(hand) if trump is not None else hand:
        marked.append((card, to_play[card] > 0))
        to_play[card] -= 1
    return marked


def plot_points(round_: Round, ax: Axes | None = None, title: str | None = None) -> Axes:
    """Chart the defenders' running points after each trick, with the line where they take
    the deal (80 points with two decks: ``rules.take_deal_points``, 40 or 120 with one or three).

    Bars show each trick's points, coloured by the team that won it (only the defenders
    keep theirs); the line is the defenders' total, read from the round's ``trick`` events.
    If the defenders won the kitty, a last step shows it. Returns the axes.
    """
    from ..game import events as ev

    take_deal = round_.rules.take_deal_points
    tricks = [e for e in round_.events if e.kind == ev.TRICK]
    numbers = [e.data["number"] for e in tricks]
    totals = [e.data["defender_points"] for e in tricks]
    dealer = round_.dealer
    ax = _axes(ax, figsize=(7, 3.2))
    defended = [dealer is not None and (e.seat - dealer) % 2 == 1 for e in tricks]
    ax.bar(
        numbers,
        [e.data["points"] for e in tricks],
        color=[DEFENDERS_COLOR if d else DEALERS_COLOR for d in defended],
        alpha=0.45,
        width=0.7,
    )
    ax.plot(numbers, totals, color=DEFENDERS_COLOR, marker="o", markersize=3, linewidth=1.5)
    result = round_.result
    if result is not None and result.kitty_points:
        last = numbers[-1] + 1
        ax.plot(
            [numbers[-1], last],
            [totals[-1], totals[-1] + result.kitty_points],
            color=DEFENDERS_COLOR,
            linestyle=":",
            marker="o",
            markersize=3,
        )
        ax.annotate(
            f"kitty x{result.kitty_multiplier}",
            (last, totals[-1] + result.kitty_points),
            textcoords="offset points",
            xytext=(-6, 6),
            ha="right",
        )
    ax.axhline(take_deal, color="#666666", linestyle="--", linewidth=1)
    right = (numbers[-1] if numbers else 1) + 1.7
    ax.text(
        0.5,
        take_deal + 2,
        f"{take_deal}: defenders take the deal",
        ha="left",
        va="bottom",
        fontsize=8,
    )
    ax.set_xlabel("trick")
    ax.set_ylabel("points")
    ax.set_xlim(0.3, right)
    top = max([take_deal, *totals]) + (result.kitty_points if result else 0)
    ax.set_ylim(0, 1.3 * top + 10)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))

    ax.legend(
        handles=[
            Line2D(
                [], [], color=DEFENDERS_COLOR, marker="o", markersize=3, label="defenders' total"
            ),
            Patch(color=DEFENDERS_COLOR, alpha=0.45, label="trick won by defenders"),
            Patch(color=DEALERS_COLOR, alpha=0.45, label="trick won by dealers"),
        ],
        loc="upper left",
        fontsize=8,
        framealpha=1.0,
    )
    ax.set_title(title or "Defenders' points after each trick")
    return ax


# --- helpers -------------------------------------------------------------------------------
def _scheme(colors: str) -> dict[str, str]:
    try:
        return COLOR_SCHEMES[colors]
    except KeyError:
        raise ValueError(
            f"unknown colour scheme {colors!r}: use one of {', '.join(COLOR_SCHEMES)}"
        ) from None


def _groups(cards: list[Card], trump: Trump | None) -> list[list[Card]]:
    """One group in the given order, or (with a trump) one per effective suit, strongest first."""
    if trump is None:
        return [cards]
    return [group for group in trump.by_suit(cards).values() if group]


def _rungs(items: Sequence[Card | Sequence[Card]], trump: Trump | None) -> list[list[Card]]:
    rungs: list[list[Card]] = []
    for item in items:
        group = [item] if isinstance(item, Card) else list(item)
        if not group:
            continue
        if trump is not None and rungs and _equal(rungs[-1][-1], group[0], trump):
            rungs[-1].extend(group)
        else:
            rungs.append(group)
    return rungs


def _equal(a: Card, b: Card, trump: Trump) -> bool:
    return trump.suit_of(a) == trump.suit_of(b) and trump.strength(a) == trump.strength(b)


def _axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _fig, ax = plt.subplots(figsize=figsize)
    return ax


def _clean(ax: Axes) -> None:
    ax.set_aspect("equal")
    ax.axis("off")


def _points_per_unit(ax: Axes) -> float:
    """Typographic points per data unit, so text is sized to the cards, whatever the figure."""
    ax.apply_aspect()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    box = ax.get_position().transformed(ax.figure.transFigure)
    per_x = box.width / abs(x1 - x0)
    per_y = box.height / abs(y1 - y0)
    return min(per_x, per_y) * 72 / ax.figure.dpi


def _card_box(
    ax: Axes,
    x: float,
    y: float,
    width: float,
    height: float,
    face: str,
    edge: str = CARD_EDGE,
    linewidth: float = 0.8,
) -> None:
    from matplotlib.patches import FancyBboxPatch

    ax.add_patch(
        FancyBboxPatch(
            (x, y),
            width,
            height,
            boxstyle=f"round,pad=0,rounding_size={0.12 * min(width, height):.3f}",
            facecolor=face,
            edgecolor=edge,
            linewidth=linewidth,
        )
    )
