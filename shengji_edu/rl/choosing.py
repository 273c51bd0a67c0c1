"""Choosing a decision card by card: the 55 actions and their exact mask.

A play is a multiset of up to 25 (two decks) or 39 (three decks) of the 54 distinct cards:
too many to number (a follow can have hundreds of thousands of legal plays), so a decision
is made as a sequence of small actions instead: action ``i < 54`` adds one copy of the card
with ``card.index == i`` to the choice, action :data:`DONE` (54) submits it. The mask is
exact, in both directions:

* a card is allowed only if the cards chosen so far plus it can still be completed to a legal
  decision, so an agent that follows the mask can never paint itself into a corner;
* ``DONE`` is allowed only when the cards chosen are a legal decision.

Every test comes from the rules modules, never re-implemented here: a lead is legal by
:func:`~shengji_edu.tricks.check_lead` (and any part of a legal lead is itself one), a follow
completes by :func:`~shengji_edu.completion.follow_completer`, a bury by
:func:`~shengji_edu.burying.can_complete_bury`. Declaring and overcalling choose among the
engine's own options (``view.legal_declarations``, ``view.legal_overcalls``): a card is
allowed when the choice stays part of some option, and ``DONE`` with nothing chosen passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from ..burying import can_complete_bury, check_bury
from ..cards import ALL_CARDS, Card
from ..completion import follow_completer
from ..follow import check_follow
from ..game.view import PlayerView
from ..tricks import check_lead

DONE = 54
"""The action that submits the cards chosen so far (or passes, when declaring)."""
N_ACTIONS = 55

DECLARE, OVERCALL, BURY, LEAD, FOLLOW = "declare", "overcall", "bury", "lead", "follow"
KINDS = (DECLARE, OVERCALL, BURY, LEAD, FOLLOW)
"""The decisions an agent makes, in the order of the observation's one-hot."""


class IllegalAction(ValueError):
    """An action the mask does not allow (nothing is changed)."""


class Choice:
    """One decision being made card by card: what is asked, the cards chosen so far, the
    mask. ``kind`` is one of :data:`KINDS`; ``view`` is the deciding seat's view."""

    def __init__(self, kind: str, view: PlayerView) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown decision {kind!r}: one of {', '.join(KINDS)}")
        self.kind = kind
        self.view = view
        self.hand: list[Card] = list(view.hand)
        self.held = Counter(self.hand)
        self.chosen: list[Card] = []
        self._completes, self._done = self._tests()
        self._mask: np.ndarray | None = None

    def _tests(self) -> tuple[Callable[[list[Card]], bool], Callable[[list[Card]], bool]]:
        """(does this choice complete?, is this choice a whole legal decision?)"""
        view, hand, kind = self.view, self.hand, self.kind
        if kind == LEAD:
            trump = view.trump

            def lead_ok(cards: list[Card]) -> bool:
                return bool(check_lead(hand, cards, trump))

            return lead_ok, lead_ok
        if kind == FOLLOW:
            lead, trump = list(view.lead), view.trump
            return follow_completer(hand, lead, trump), lambda cards: bool(
                check_follow(hand, lead, cards, trump)
            )
        if kind == BURY:
            rules = view.rules
            return (
                lambda cards: can_complete_bury(hand, cards, rules),
                lambda cards: bool(check_bury(hand, cards, rules)),
            )
        options = view.legal_declarations if kind == DECLARE else view.legal_overcalls
        counted = [Counter(option) for option in options]

        def part_of_option(cards: list[Card]) -> bool:
            chosen = Counter(cards)
            return any(not chosen - option for option in counted)

        def option_or_pass(cards: list[Card]) -> bool:
            return not cards or Counter(cards) in counted

        return part_of_option, option_or_pass

    def completes(self, cards: Sequence[Card]) -> bool:
        """Can ``cards`` (a whole choice) be completed to a legal decision?"""
        return self._completes(list(cards))

    def is_legal(self, cards: Sequence[Card]) -> bool:
        """Is ``cards`` a legal decision as it stands (for declaring: empty is a pass)?"""
        return self._done(list(cards))

    def mask(self) -> np.ndarray:
        """The 55 allowed actions now (int8, 1 = allowed); see the module docstring."""
        if self._mask is None:
            mask = np.zeros(N_ACTIONS, dtype=np.int8)
            chosen = self.chosen
            used = Counter(chosen)
            completes = self._completes
            for card, count in self.held.items():
                if used[card] < count and completes([*chosen, card]):
                    mask[card.index] = 1
            mask[DONE] = self._done(chosen)
            self._mask = mask
        return self._mask

    def add(self, action: int) -> bool:
        """Apply one action; True when it submits the decision (``DONE``)."""
        if not isinstance(action, (int, np.integer)) or not 0 <= action < N_ACTIONS:
            raise IllegalAction(f"an action is a whole number 0..54, not {action!r}")
        if not self.mask()[action]:
            raise IllegalAction(self.refusal(int(action)))
        if action == DONE:
            return True
        self.chosen.append(ALL_CARDS[action])
        self._mask = None
        return False

    def refusal(self, action: int) -> str:
        allowed = ["done" if a == DONE else ALL_CARDS[a].text for a in np.flatnonzero(self.mask())]
        what = "done" if action == DONE else ALL_CARDS[action].text
        return (
            f"action {action} ({what}) is not allowed in this {self.kind} after "
            f"{' '.join(c.text for c in self.chosen) or 'no card'}: allowed are "
            f"{', '.join(allowed)} (see the observation's action_mask)"
        )


def actions_of(cards: Sequence[Card]) -> list[int]:
    """The actions that choose ``cards`` and submit them."""
    return [card.index for card in cards] + [DONE]
