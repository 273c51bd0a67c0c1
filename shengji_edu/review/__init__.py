"""Review a played hand: what happened in each trick, and why (RULES §4–§6, §11, §12).

``explain_round(round_, lang)`` gives one :class:`TrickNote` per trick (who won, the rule
that decided it, its points) with a :class:`PlayNote` per play (what the rules obliged the
player to play, and what the play did to the trick), in English or Chinese. The command
``shengji review`` and the play table's review tab print them; the replay viewer shows them
play by play.
"""

from __future__ import annotations

from . import assessment  # noqa: F401  (adds the "assess" section to reviews)
from .explain import explain_round, hands_before_tricks
from .notes import EFFECTS, PLAY_KINDS, TRICK_KINDS, PlayNote, TrickNote

__all__ = [
    "EFFECTS",
    "PLAY_KINDS",
    "TRICK_KINDS",
    "PlayNote",
    "TrickNote",
    "explain_round",
    "hands_before_tricks",
]
