"""The validation game: a bot plays a short game before it joins, and its first error is shown.

As Kaggle's simulation competitions do, a student's bot that loads then plays one duplicate
deal (two hands, in both seat pairs) against the package's random player, in the same
sandbox and limits as the tournament. The first thing it does wrong (a crash, a timeout, an
illegal play, an answer that is not cards, a protocol error) keeps it out of the tournament:
the reason is printed, written to ``validation/NAME.txt`` in the results folder, and shown
in the leaderboard, where it loses every hand (as a bot that cannot load). A bot is validated
once per version of its code (the result is kept with its hash in ``tournament.json``).

The deal is public (:data:`VALIDATION_SEED`), never one of a tournament's, whose seed is
secret; the processes end with the game, so nothing of it reaches the tournament's.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import sandbox
from ..rules import RuleSet
from .bots import Bot
from .match import MatchJob, Settings, play_match
from .schedule import deal_setups

VALIDATION_SEED = 20260101
"""The validation game's deal: public, never one of a tournament's (their seed is secret)."""
VALIDATION_AGAINST = "random"


def validation_game(bot: Bot, settings: Settings, exclude: Sequence[str]) -> str | None:
    """Play the bot's entry game: one duplicate deal (two hands) against the random baseline.
    The first thing the bot did wrong (a crash, a timeout, an illegal play, a protocol
    error), in words for its author; ``None`` if it played both hands."""
    opponent = Bot(VALIDATION_AGAINST, "baseline", "validation", VALIDATION_AGAINST)
    job = MatchJob(
        "validation",
        bot,
        opponent,
        deal_setups(VALIDATION_SEED, 1),
        RuleSet(),
        settings,
        sandbox.code_version(),
        exclude=tuple(exclude),
    )
    record = play_match(job)
    for deal in record["deals"]:
        for run in deal["runs"]:
            forfeit = run.get("forfeit")
            if forfeit and forfeit.get("side") == "a":
                seats = "0 and 2" if run["a_team"] == 0 else "1 and 3"
                return (
                    f"failed its validation game against {VALIDATION_AGAINST} (seats {seats}, "
                    f"trick {forfeit['trick']}): {forfeit['kind']}: {forfeit['reason']}"
                )
    return None


__all__ = ["VALIDATION_AGAINST", "VALIDATION_SEED", "validation_game"]
