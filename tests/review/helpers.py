"""Hand-built tricks for the review tests: small hands played through the engine.

A real hand is dealt with a fixed trump (nobody declares), the kitty buried back, and then a
what-if world (:meth:`Round.world`) is made of its public record with the test's own small
hands: every play still goes through the engine's checks, and the review explains the world.
"""

from __future__ import annotations

from collections.abc import Sequence

from shengji_edu import RuleSet, parse_cards
from shengji_edu.game import Round


def start(
    hands: Sequence[str],
    rules: RuleSet = RuleSet(),
    level: int = 10,
    suit: str | None = "S",
    leader: int = 0,
    dealer: int = 0,
    buried: str = "",
) -> Round:
    """A round in play whose four hands are ``hands`` (card text), ``leader`` to lead, and
    whose kitty is ``buried`` (by default cards without points)."""
    trump = rules.trump(level, suit)
    rnd = Round(1, rules, levels=(level, level), dealer=dealer, fixed_trump=trump)
    rnd.deal_all()
    rnd.finish_deal()
    rnd.bury(dealer, rnd.kitty)
    cards = [parse_cards(h) for h in hands]
    public = rnd.public._replace(hand_sizes=tuple(len(h) for h in cards), turn=leader)
    kitty = parse_cards(buried) if buried else _no_points(rules.kitty_size)
    return Round.world(public, cards, kitty, seed=1)


def _no_points(size: int) -> list:
    """A kitty of ``size`` cards without points (the world does not count the deck)."""
    return parse_cards(" ".join(["C3"] * size))


def played(hands: Sequence[str], plays: Sequence[str], **options) -> Round:
    """``start(hands)`` with ``plays`` (card text, in turn order from the leader) played."""
    rnd = start(hands, **options)
    for cards in plays:
        rnd.play(rnd.turn, parse_cards(cards))
    return rnd
