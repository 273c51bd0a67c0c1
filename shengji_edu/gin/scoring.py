"""Scoring a hand (knock, gin, undercut, big gin, with layoffs) and a game to 100.

**The hand.** The knocker lays out melds and deadwood. Then:

* **gin** (knocker's deadwood 0): knocker scores ``25 + defender's deadwood``; the defender
  may not lay off;
* **big gin** (all 11 cards melded, no discard): knocker scores ``31 + defender's deadwood``;
* otherwise the defender **lays off**: adds cards to the knocker's melds (the fourth card of a
  3-card set, or the next card at either end of a run; a run may grow card by card, so 8S and
  then 9S extend 5S-6S-7S). Then the deadwood counts are compared:

  - **knock**: defender's deadwood > knocker's: knocker scores the difference;
  - **undercut**: defender's deadwood <= knocker's (a tie is an undercut): defender scores
    ``25 + difference``.

Both players arrange their cards as well as they can. The defender chooses which cards to lay
off and how to meld the rest so as to keep the least deadwood. The knocker shows, among all
arrangements with at most 10 deadwood, the one that scores best for the knocker *after* the
defender's best layoffs (the split with the least deadwood can offer the defender more room).
Both choices are made by trying everything: a hand has few arrangements.

``GinRules(layoffs=False)`` is the simpler scoring some textbooks use: no laying off.

**The game** (:func:`game_score`) is played to 100 points. We implement the common American
scoring (as on ginrummy.com): the hand points above add up until someone reaches 100; then

* **game bonus**: 100 points to the player who reached 100;
* **box bonus** (also called the line bonus): 25 points to each player for every hand they
  won (drawn hands count for nobody);
* **shutout**: if the loser won no hand at all, the winner's hand points are doubled (before
  the bonuses are added; the bonuses are not doubled).

The player with the larger total wins the game; the difference is what is paid. Every number
is a field of :class:`GinRules`, so other house rules (gin bonus 20, undercut 10, ...) are
one argument away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import card_text, check_distinct, parse_hand
from .knocking import KNOCK_LIMIT
from .melds import Meld, Split, all_splits, best_melds, deadwood_of


@dataclass(frozen=True)
class GinRules:
    """The numbers of the game; the defaults are the standard rules described above."""

    knock_limit: int = KNOCK_LIMIT
    layoffs: bool = True
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    target: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout_doubles: bool = True


STANDARD = GinRules()
NO_LAYOFFS = GinRules(layoffs=False)


@dataclass(frozen=True)
class HandScore:
    """How a knocked hand scores, and the arrangements that produced the score."""

    kind: str
    """"knock", "gin", "undercut" or "big gin"."""
    winner: str
    """"knocker" or "defender"."""
    points: int
    knocker: Split
    """The arrangement the knocker showed."""
    defender: Split
    """The defender's own melds and deadwood, after laying off."""
    layoffs: tuple[tuple[int, Meld], ...] = ()
    """(card, knocker's meld it was added to), in the order laid off."""

    @property
    def value(self) -> int:
        """The points from the knocker's side: negative when the defender scores."""
        return self.points if self.winner == "knocker" else -self.points

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker.deadwood

    @property
    def defender_deadwood(self) -> int:
        return self.defender.deadwood

    def text(self) -> str:
        laid = ", ".join(
            f"{card_text(card)} on [{' '.join(card_text(c) for c in meld)}]"
            for card, meld in self.layoffs
        )
        return "\n".join(
            [
                f"{self.kind}: {self.winner} scores {self.points}",
                f"  knocker  {self.knocker.text()}",
                f"  layoffs  {laid or '-'}",
                f"  defender {self.defender.text()}",
            ]
        )


def can_extend(meld: Sequence[int], card: int) -> bool:
    """Can ``card`` be laid off on ``meld``: a set's missing suit, or a run's next card."""
    if card in meld:
        return False
    if len({c % 13 for c in meld}) == 1:  # a set
        return card % 13 == meld[0] % 13 and len(meld) < 4
    low, high = min(meld), max(meld)
    return (card == low - 1 and low % 13 > 0) or (card == high + 1 and high % 13 < 12)


def layoff_options(
    melds: Iterable[Meld], cards: Iterable[int]
) -> dict[frozenset[int], tuple[tuple[int, Meld], ...]]:
    """Every set of ``cards`` that can be laid off on ``melds``, with one way to do it.

    Cards are laid off one at a time, each on a meld as it has grown so far, so chains like
    8S then 9S on 5S-6S-7S are found. The empty set (lay off nothing) is always included.
    """
    start = tuple(tuple(m) for m in melds)
    cards = sorted(cards)
    options: dict[frozenset[int], tuple[tuple[int, Meld], ...]] = {}
    seen: set[tuple[Meld, ...]] = set()

    def visit(current: tuple[Meld, ...], laid: tuple[tuple[int, Meld], ...]) -> None:
        if current in seen:
            return
        seen.add(current)
        options.setdefault(frozenset(card for card, _ in laid), laid)
        used = {card for card, _ in laid}
        for card in cards:
            if card in used:
                continue
            for i, meld in enumerate(current):
                if can_extend(meld, card):
                    grown = (*current[:i], tuple(sorted((*meld, card))), *current[i + 1 :])
                    visit(grown, (*laid, (card, start[i])))

    visit(start, ())
    return options


def defend(melds: Iterable[Meld], defender: Sequence[int], layoffs: bool = True):
    """The defender's best answer: (laid off cards with their melds, own split after that)."""
    if not layoffs:
        return (), best_melds(defender)
    best = None
    for laid_set, laid in layoff_options(melds, defender).items():
        rest = [c for c in defender if c not in laid_set]
        key = (deadwood_of(rest), len(laid), sorted(laid_set))
        if best is None or key < best[0]:
            best = (key, laid, rest)
    assert best is not None
    _, laid, rest = best
    return laid, best_melds(rest)


def score_hand(
    knocker: str | Iterable[int | str],
    defender: str | Iterable[int | str],
    rules: GinRules = STANDARD,
) -> HandScore:
    """Score a knock. ``knocker``: the 10 cards kept (or 11 for big gin); ``defender``: 10.

    Raises ValueError if the hands overlap, have the wrong size, or the knocker may not knock.
    """
    knocker_hand, defender_hand = parse_hand(knocker), parse_hand(defender)
    check_distinct(knocker_hand + defender_hand)
    if len(defender_hand) != 10:
        raise ValueError(f"the defender holds 10 cards, not {len(defender_hand)}")
    if len(knocker_hand) not in (10, 11):
        raise ValueError(f"the knocker holds 10 cards after discarding, not {len(knocker_hand)}")
    least = deadwood_of(knocker_hand)
    if len(knocker_hand) == 11:
        if least:
            raise ValueError("11 cards may only be shown when all are melded (big gin): discard")
        return HandScore(
            "big gin",
            "knocker",
            rules.big_gin_bonus + deadwood_of(defender_hand),
            best_melds(knocker_hand),
            best_melds(defender_hand),
        )
    if least > rules.knock_limit:
        raise ValueError(f"cannot knock: deadwood {least} is more than {rules.knock_limit}")
    if least == 0:
        return HandScore(
            "gin",
            "knocker",
            rules.gin_bonus + deadwood_of(defender_hand),
            best_melds(knocker_hand),
            best_melds(defender_hand),
        )
    best: HandScore | None = None
    for split in all_splits(knocker_hand):
        if split.deadwood > rules.knock_limit:
            break  # all_splits is sorted by deadwood: no later split may knock
        score = score_split(split, defender_hand, rules)
        if best is None or score.value > best.value:
            best = score
    assert best is not None
    return best


def score_split(split: Split, defender: Sequence[int], rules: GinRules = STANDARD) -> HandScore:
    """Score a knock (not gin) in which the knocker shows ``split``; the defender answers
    with its best layoffs and melds. :func:`score_hand` tries every allowed ``split``."""
    laid, rest = defend(split.melds, list(defender), rules.layoffs)
    difference = rest.deadwood - split.deadwood
    if difference > 0:
        return HandScore("knock", "knocker", difference, split, rest, laid)
    return HandScore("undercut", "defender", rules.undercut_bonus - difference, split, rest, laid)


# --- the game to 100 -------------------------------------------------------------------------
@dataclass(frozen=True)
class GameScore:
    """Final accounts of a game between seats 0 and 1."""

    hand_points: tuple[int, int]
    hands_won: tuple[int, int]
    winner: int
    shutout: bool
    game_bonus: tuple[int, int]
    box_bonus: tuple[int, int]
    totals: tuple[int, int]

    @property
    def margin(self) -> int:
        """What the loser pays the winner: the difference of the totals."""
        return self.totals[self.winner] - self.totals[1 - self.winner]


def game_over(hand_points: Sequence[int], rules: GinRules = STANDARD) -> bool:
    return max(hand_points) >= rules.target


def game_score(hands: Iterable[tuple[int | None, int]], rules: GinRules = STANDARD) -> GameScore:
    """Add up ``(winning seat or None for a drawn hand, points)`` per hand, with the bonuses."""
    points, won = [0, 0], [0, 0]
    winner = None
    for seat, gained in hands:
        if winner is not None:
            raise ValueError(
                f"the game was over (seat {winner} reached {rules.target}) before this hand"
            )
        if seat is None:
            continue
        points[seat] += gained
        won[seat] += 1
        if points[seat] >= rules.target:
            winner = seat
    if winner is None:
        raise ValueError(f"the game is not over: nobody has {rules.target} points ({points})")
    shutout = won[1 - winner] == 0
    counted = list(points)
    if shutout and rules.shutout_doubles:
        counted[winner] *= 2
    game = tuple(rules.game_bonus if s == winner else 0 for s in (0, 1))
    box = tuple(rules.box_bonus * won[s] for s in (0, 1))
    totals = tuple(counted[s] + game[s] + box[s] for s in (0, 1))
    return GameScore(tuple(points), tuple(won), winner, shutout, game, box, totals)
