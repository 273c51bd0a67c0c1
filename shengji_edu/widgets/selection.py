"""The student's hand as toggles: one toggle per physical card, bound to it while it is shown.

A click in a browser reaches the kernel a moment after the person saw the table, and the
table may have been redrawn in between (a click just after *play*). If toggles were
relabelled to show other cards, that click would select a card the person never clicked.
So a toggle shows **one physical card for as long as it is on show**: when that card leaves
the hand, the toggle leaves the hand box, and a click still on its way to it is ignored
(the toggle is released). New cards get toggles nobody has seen in this hand: toggles freed
during a hand are reused only from the next hand on. Toggles are reused at all (rather than
made afresh) because each widget is a model in the browser and in a saved notebook.

The hand is kept in the order :meth:`Trump.sort <shengji_edu.trump.Trump.sort>` gives
(trumps first, then ♠ ♥ ♦ ♣, strongest first); two identical cards keep their order, so
the toggle a person pressed is the one that moves.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..cards import Card
from .pieces import ink_key

if TYPE_CHECKING:
    from ..i18n import Translator
    from ..trump import Trump


class HandToggles:
    """The toggles of a hand and which physical card each one shows."""

    def __init__(self, make_toggle: Callable[[], widgets.ToggleButton]) -> None:
        self._make = make_toggle
        self._bound: list[tuple[widgets.ToggleButton, Card]] = []
        self._card: dict[int, Card] = {}  # id(toggle) -> its card, while it is on show
        self._free: deque[widgets.ToggleButton] = deque()
        self._cooling: list[widgets.ToggleButton] = []
        self.made = 0
        """How many toggles were ever made (a test checks that they are reused)."""

    # --- reading ------------------------------------------------------------------------------
    @property
    def toggles(self) -> list[widgets.ToggleButton]:
        """The toggles on show, in display order."""
        return [t for t, _ in self._bound]

    @property
    def cards(self) -> list[Card]:
        return [c for _, c in self._bound]

    def card_of(self, toggle: widgets.ToggleButton) -> Card:
        """The card a toggle shows; ValueError for a toggle that is not on show."""
        card = self._card.get(id(toggle))
        if card is None:
            raise ValueError("that toggle is not showing a card of the hand")
        return card

    def shows(self, toggle: Any) -> bool:
        return id(toggle) in self._card

    @property
    def selected(self) -> list[Card]:
        """The cards whose toggles are pressed, in display order."""
        return [c for t, c in self._bound if t.value]

    # --- changing -----------------------------------------------------------------------------
    def sync(self, hand: Sequence[Card], order: Callable[[Sequence[Card]], list[Card]]) -> bool:
        """Make the toggles show ``hand`` in ``order``; True if which toggles show changed.

        Cards that left the hand take their toggles with them, pressed toggles first (the
        student played the pressed ones); new cards get fresh toggles.
        """
        want = Counter(hand)
        have = Counter(c for _, c in self._bound)
        changed = False
        for card, extra in (have - want).items():
            # drop `extra` toggles of this card: pressed ones first, then the last shown
            mine = [i for i, (_t, c) in enumerate(self._bound) if c is card]
            mine.sort(key=lambda i: (not self._bound[i][0].value, -i))
            for i in sorted(mine[:extra], reverse=True):
                toggle, _ = self._bound.pop(i)
                self._release(toggle)
            changed = True
        for card, missing in (want - have).items():
            for _ in range(missing):
                toggle = self._take()
                self._card[id(toggle)] = card
                self._bound.append((toggle, card))
            changed = True
        # Order: the display order of the cards; identical cards keep their relative order.
        rank: dict[Card, list[int]] = {}
        for position, card in enumerate(order(hand)):
            rank.setdefault(card, []).append(position)
        seen: Counter = Counter()
        keyed = []
        for toggle, card in self._bound:
            keyed.append((rank[card][seen[card]], toggle, card))
            seen[card] += 1
        keyed.sort(key=lambda item: item[0])
        new_order = [(t, c) for _, t, c in keyed]
        if [t for t, _ in new_order] != [t for t, _ in self._bound]:
            changed = True
        self._bound = new_order
        return changed

    def clear(self) -> None:
        """Release every pressed toggle (after a play or a bury, or on a new hand)."""
        for toggle, _ in self._bound:
            if toggle.value:
                toggle.value = False

    def new_hand(self) -> None:
        """Toggles freed in the hand that ended may now show new cards."""
        for toggle, _ in self._bound:
            self._release(toggle)
        self._bound = []
        self._free.extend(self._cooling)
        self._cooling = []

    def select(self, cards: Sequence[Card]) -> None:
        """Press exactly the toggles of ``cards`` (a multiset), leftmost first."""
        wanted = Counter(cards)
        for toggle, card in self._bound:
            press = wanted[card] > 0
            if press:
                wanted[card] -= 1
            if toggle.value != press:
                toggle.value = press

    # --- the pool -----------------------------------------------------------------------------
    def _take(self) -> widgets.ToggleButton:
        if self._free:
            return self._free.popleft()
        self.made += 1
        return self._make()

    def _release(self, toggle: widgets.ToggleButton) -> None:
        self._card.pop(id(toggle), None)
        if toggle.value:
            toggle.value = False
        self._cooling.append(toggle)


def dress_hand(
    hand: HandToggles, trump: Trump, kitty: set[int], tr: Translator
) -> list[list[widgets.ToggleButton]]:
    """Mark and label the hand's toggles (trump, kitty, the first of a suit) and enable them;
    the toggles grouped by suit, in display order. ``kitty``: ids of the kitty's toggles."""
    previous_suit = None
    groups: list[list[widgets.ToggleButton]] = []
    for toggle, card in zip(hand.toggles, hand.cards, strict=True):
        suit = trump.suit_of(card)
        css = [
            "shengji-card",
            f"shengji-c-{card.text}",
            f"shengji-ink-{ink_key(card)}",
        ]
        if trump.is_trump(card):
            css.append("shengji-trump")
        from_kitty = id(toggle) in kitty
        if from_kitty:
            css.append("shengji-kitty")
        if previous_suit is not None and suit != previous_suit:
            css.append("shengji-group-start")
        if previous_suit is None or suit != previous_suit:
            groups.append([])
        groups[-1].append(toggle)
        previous_suit = suit
        if list(toggle._dom_classes) != css:
            toggle._dom_classes = tuple(css)
        label = tr.card(card)
        if toggle.description != label:
            toggle.description = label
        tip = tr.say("{card} (from the kitty)", card=label) if from_kitty else label
        if toggle.tooltip != tip:
            toggle.tooltip = tip
        if toggle.disabled:
            toggle.disabled = False
    return groups


def box_suits(
    groups: list[list[widgets.ToggleButton]], suit_boxes: list[widgets.HBox], hand_box: widgets.Box
) -> None:
    """Show each group in a box of its own (a suit wraps to a new line whole) in
    ``hand_box``; ``suit_boxes`` are reused and grow as needed."""
    while len(suit_boxes) < len(groups):
        box = widgets.HBox(layout=widgets.Layout(flex="0 1 auto"))
        box.add_class("shengji-suit")
        suit_boxes.append(box)
    for box, group in zip(suit_boxes, groups, strict=False):
        if tuple(box.children) != tuple(group):
            box.children = tuple(group)
    shown = tuple(suit_boxes[: len(groups)])
    if tuple(hand_box.children) != shown:
        hand_box.children = shown
