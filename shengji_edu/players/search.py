"""SearchPlayer: Monte Carlo search that plays for the *hand*, not for points.

A hand is won by the team that deals the next one (RULES §7): with two decks the defenders
win it at 80 points or more. Points far past that line change nothing, points near it decide
everything. MonteCarloPlayer scores a rollout by its points; this player scores it by the
**chance that its team wins the hand** (:func:`win_chance`):

1. **Sampled worlds and short rollouts**, as MonteCarloPlayer: the hidden cards are guessed,
   ``view.what_if`` makes a world of the guess, greedy players
   (:class:`~.rollout.RolloutPlayer`, greedy's plays worked out fast) play the current trick
   and ``depth`` more. The guess is *informed* (:func:`~.inference.informed_sample`): cards a seat
   showed when declaring stay in its hand until played, and the guessed kitty holds plain
   cards, as a player buries them, not the trumps and points a uniform guess puts there (with
   ``guess="uniform"``: ``view.sample_hands``, voids only).
2. **The value at the rollout's end** (:func:`win_chance`). In a sampled world every hand is
   known, so the defenders' final total is estimated as the points they have (penalties
   included), plus their expected share of the points still in the hands, plus the kitty's
   points doubled times the square of their trump share ``s`` (:func:`defender_share`), a
   guess at their chance of the last trick: greedy dealers bury no points, so the hands the
   numbers were fitted on cannot tell. The share of the points still out is ``a + b·s + c·s²``
   (:data:`SHARE_FIT`). The estimate is
   turned into a chance by a logistic curve around the threshold
   (``rules.take_deal_points``), wider while many points are still out (the estimate's error
   grows with them). A finished hand is worth 1 (won) or 0 (lost). The curve's numbers come
   from 3,000 greedy hands: ``python benchmarks/win_chance_fit.py`` refits and prints them.
3. **The candidates** are MonteCarloPlayer's (:func:`~.montecarlo.candidate_plays`). With
   ``leads="all"`` it compares more leads (:func:`lead_candidates`): greedy's, and in every
   suit (trumps too) the strongest unit, the highest and the lowest single and the lowest pair
   or tractor; in the trial runs that won no more often (results/README.md).
4. **Successive halving**: every candidate is tried in the first quarter of the worlds; then
   the worse half is dropped, and again after half of the worlds (never fewer than
   :data:`KEEP`), so most worlds go to the plays that might be best.
5. **No search when there is nothing to choose**: one distinct candidate is played at once,
   and so is greedy's choice when it is the whole hand.

All candidates are compared in the same sampled worlds (the same guess and the same rollout
generators), so a difference in their values comes from the play, not from luck.

Decisions where RULES is silent: the value is the win chance only (levels gained by a larger
margin are not counted), as the arena's measure is hands won; between plays of equal value,
the earlier candidate (greedy's first) is played. Declaring, overcalling and burying are
greedy's.

Settings, in a student's terms: ``samples`` (worlds per decision), ``depth`` (tricks looked
ahead after the current one; ``None``: to the end of the hand), ``time`` (a cap in seconds
per decision; ``None``, the default, keeps decisions reproducible from the seed alone),
``goal`` (``"win"``, or ``"points"``: the first SearchPlayer, for comparisons), ``leads``
(``"few"``, or ``"all"``: every suit's) and ``guess`` (``"informed"``, or ``"uniform"``).
Randomness comes only from ``view.rng`` (RULES §9); the worlds come from
``view.sample_hands`` (with :mod:`~.inference`'s swaps, which read only the view) and
``view.what_if``, which see only what this player may see.
"""

from __future__ import annotations

import math
import random
import time as _time

from ..cards import Card, shorten
from ..game.round import Round, team_of
from ..game.view import PlayerView
from ..trump import TRUMP
from ..units import SINGLE
from .greedy import GreedyBidding
from .inference import GUESSES, informed_sample, shown_in_hand
from .knowledge import check_name
from .montecarlo import candidate_plays, play_on, search_settings, team_score
from .rollout import LeadContext, RolloutPlayer

DEFAULT_SAMPLES = 20
"""Worlds sampled per decision (the first ones try every candidate, later ones only the
candidates still in the race)."""

DEFAULT_DEPTH: int | None = 2
"""Tricks played out after the current one; :func:`win_chance` judges the rest. Two tricks
won as often as three in the trial runs (results/README.md), at less time."""

KEEP = 2
"""Successive halving never drops below this many candidates."""

LEADS = ("few", "all")
"""Which leads are compared: ``"few"`` MonteCarloPlayer's (greedy's lead and the strongest and
weakest unit of two suits), ``"all"`` :func:`lead_candidates` (every suit's)."""

GOALS = ("win", "points")
"""What a rollout is worth: ``"win"`` the chance of winning the hand (:func:`win_chance`),
``"points"`` this side's points, and :data:`WIN_BONUS` more for a hand played out and won
(the first SearchPlayer's value, kept so its figures can be rerun)."""

WIN_BONUS = 40
"""With ``goal="points"`` and ``depth=None``: what winning the hand is worth, in points."""

SHARE_FIT = (0.218, -0.442, 2.059)
"""The defenders' expected part of the points still in the hands is ``a + b·s + c·s²`` of
them, ``s`` being :func:`defender_share`; least squares over 3,000 greedy hands (53,804
positions between tricks), ``python benchmarks/win_chance_fit.py``."""

SPREAD = (1.0, 3.0)
"""The logistic curve's scale is ``k·√R + m`` points, ``R`` the points still in the hands:
the estimate's error grows about as √R (its sd is 31 points at the start, 5 near the end);
of the widths tried, the one that predicted the 3,000 hands' outcomes best (log loss)."""


def defender_share(world: Round) -> float:
    """The defenders' part of the trumps still in the hands (½ each when none are left):
    who holds the trumps decides who takes the side suits' last rounds and the last trick."""
    trump = world.trump
    assert trump is not None
    dealer_team = team_of(world.dealer)
    trumps = [0, 0]
    for seat, hand in enumerate(world.hands):
        trumps[team_of(seat)] += sum(1 for card in hand if trump.suit_of(card) == TRUMP)
    defenders = trumps[1 - dealer_team]
    return (defenders + 0.5) / (defenders + trumps[dealer_team] + 1)


def expected_defender_points(world: Round) -> float:
    """The defenders' final total as :func:`win_chance` estimates it (see the module doc)."""
    share = defender_share(world)
    left = sum(card.points for hand in world.hands for card in hand)
    a, b, c = SHARE_FIT
    kitty = sum(card.points for card in world.kitty)
    return (
        world.defender_points
        + world.penalty
        + left * (a + b * share + c * share * share)
        + 2 * kitty * share * share  # the last trick, mostly won by whoever keeps trumps
    )


def win_chance(world: Round, seat: int) -> float:
    """The chance that ``seat``'s team wins the hand, judged in a world whose every hand is
    known: 1 or 0 once the hand is over; else :func:`defenders_chance` of the estimated
    defender total (:func:`expected_defender_points`)."""
    result = world.result
    if result is not None:
        return 1.0 if result.winning_team == team_of(seat) else 0.0
    left = sum(card.points for hand in world.hands for card in hand)
    total = expected_defender_points(world)
    chance = defenders_chance(total, left, world.rules.take_deal_points)
    return 1.0 - chance if world.is_dealer_team(seat) else chance


def defenders_chance(total: float, left: int, threshold: int = 80) -> float:
    """The defenders' chance of winning the hand when their total is estimated at ``total``
    with ``left`` points still in the hands: a logistic curve around ``threshold`` whose
    width is ``k·√left + m`` (:data:`SPREAD`). Near the threshold a point matters most; far
    past it, hardly at all."""
    k, m = SPREAD
    z = (total - threshold + 0.5) / (k * math.sqrt(left) + m)
    return 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0


def lead_candidates(view: PlayerView, greedy_choice: list[Card]) -> list[list[Card]]:
    """Greedy's lead first, then in every suit (trumps too): the strongest unit, the highest
    and the lowest single (a pointless one if there is one) and the lowest pair or tractor.
    Plays of the same cards are listed once."""
    ctx = LeadContext(view)
    by_suit: dict[str, list] = {}
    for unit in ctx.units:  # largest first, then highest
        by_suit.setdefault(unit.suit, []).append(unit)
    options: list[list[Card]] = [greedy_choice]
    for units in by_suit.values():
        options.append(list(units[0].cards))
        singles = [u for u in units if u.kind == SINGLE]
        if singles:
            options.append(list(max(singles, key=lambda u: u.high).cards))
            plain = [u for u in singles if not any(c.points for c in u.cards)] or singles
            options.append(list(min(plain, key=lambda u: u.high).cards))
        groups = [u for u in units if u.kind != SINGLE]
        if groups:
            options.append(list(min(groups, key=lambda u: (u.size, u.high)).cards))
    return distinct(options)


def distinct(plays: list[list[Card]]) -> list[list[Card]]:
    """``plays`` without repeats (the same cards in another order is the same play)."""
    seen: set[tuple[Card, ...]] = set()
    kept = []
    for play in plays:
        key = tuple(sorted(play))
        if key not in seen:
            seen.add(key)
            kept.append(play)
    return kept


def search_candidates(
    view: PlayerView, greedy_choice: list[Card], leads: str = "few"
) -> list[list[Card]]:
    """The plays the search compares: MonteCarloPlayer's
    :func:`~.montecarlo.candidate_plays`, or with ``leads="all"`` :func:`lead_candidates` to
    lead; greedy's choice is always first."""
    if view.lead is None and leads == "all":
        return lead_candidates(view, greedy_choice)
    return candidate_plays(view, greedy_choice)


class SearchPlayer(GreedyBidding):
    """Determinized search for the win, with successive halving; see the module docstring.

    ``samples``: worlds per decision; ``depth``: tricks played out after the current one,
    ``None`` to the end; ``time``: a cap in seconds per decision (``None``: no cap);
    ``goal``: what it plays for, ``"win"`` (the hand) or ``"points"`` (see :data:`GOALS`);
    ``leads``: which leads it compares, ``"few"`` or ``"all"`` (see :data:`LEADS`);
    ``guess``: how it guesses the hidden cards, ``"informed"`` or ``"uniform"`` (see
    :data:`~.inference.GUESSES`).
    """

    def __init__(
        self,
        name: str = "search",
        samples: int = DEFAULT_SAMPLES,
        depth: int | None | str = DEFAULT_DEPTH,
        time: float | None = None,
        goal: str = "win",
        leads: str = "few",
        guess: str = "informed",
    ) -> None:
        self.name = check_name(name)
        self.samples, self.depth, self.time = search_settings(samples, depth, time)
        if goal not in GOALS:
            raise ValueError(
                f"goal must be 'win' (the chance of winning the hand) or 'points', "
                f"not {shorten(goal)}"
            )
        if leads not in LEADS:
            raise ValueError(
                f"leads must be 'few' (Monte Carlo's candidates) or 'all' (every suit's), "
                f"not {shorten(leads)}"
            )
        if guess not in GUESSES:
            raise ValueError(
                f"guess must be 'informed' (what declaring and burying showed) or 'uniform' "
                f"(voids only), not {shorten(guess)}"
            )
        self.goal, self.leads, self.guess = goal, leads, guess
        self.greedy = RolloutPlayer()  # GreedyPlayer's plays, worked out fast

    def play(self, view: PlayerView) -> list[Card]:
        choice = self.greedy.play(view)
        if len(view.hand) == len(choice):  # the last trick (or a sure throw of every card)
            return choice
        options = search_candidates(view, choice, self.leads)
        if len(options) == 1:
            return options[0]
        scores = self.scores(view, options)
        return options[max(scores, key=lambda i: (scores[i], -i))]  # ties: the earlier option

    def scores(self, view: PlayerView, options: list[list[Card]]) -> dict[int, float]:
        """Average win chance of the candidates still in the race, by index in ``options``.

        Successive halving: after a quarter and after half of the worlds, the worse half of
        the candidates (never fewer than :data:`KEEP`) is dropped.
        """
        rng = random.Random(view.rng.getrandbits(64))
        totals = [0.0] * len(options)
        alive = list(range(len(options)))
        checkpoints = {max(2, self.samples // 4), max(3, self.samples // 2)}
        deadline = None if self.time is None else _time.perf_counter() + self.time
        worlds = 0
        shown = shown_in_hand(view) if self.guess == "informed" else None
        for worlds in range(1, self.samples + 1):
            if shown is not None:
                hands, buried = informed_sample(view, rng, shown)
            else:
                hands, buried = view.sample_hands(rng)
            seed = rng.getrandbits(32)
            for index in alive:
                totals[index] += self.value_of(view, hands, buried, seed, options[index])
            if worlds in checkpoints and len(alive) > KEEP:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[: max(KEEP, math.ceil(len(alive) / 2))])
            if deadline is not None and _time.perf_counter() > deadline:
                break
        return {i: totals[i] / worlds for i in alive}

    def value_of(self, view: PlayerView, hands, buried, seed: int, play: list[Card]) -> float:
        """One rollout: ``play``, greedy players for ``depth`` more tricks, then the win
        chance of this player's team (:func:`win_chance`), or its points. Public for the
        review's paired comparisons (players/assess.py)."""
        world = view.what_if(hands, buried, seed)
        world.play(view.seat, play)
        play_on(world, self.greedy, self.depth)
        if self.goal == "win":
            return win_chance(world, view.seat)
        result = world.result
        if result is None:
            return team_score(world.defender_points + world.penalty, view)
        won = self.depth is None and result.winning_team == team_of(view.seat)
        return team_score(result.defender_points, view) + (WIN_BONUS if won else 0)
