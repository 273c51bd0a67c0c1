"""Computer players for Gin Rummy, from clueless to searching: the AI ladder.

A player has a ``name`` and one method, ``act(view)``, which returns an :class:`Action`
from ``view.legal_actions()``. Randomness comes from ``view.rng`` (the hand's seeded
generator), so a seed replays a whole hand.

* :class:`RandomPlayer` – a uniformly random legal action.
* :class:`GreedyPlayer` – three rules: take the discard-pile card only when it lowers the
  hand's deadwood; discard the card whose removal leaves the least deadwood (ties: the
  higher card); knock as soon as that is allowed.
* :class:`DefensivePlayer` – greedy, but among discards that are nearly as good it avoids
  feeding the opponent: cards of a rank the opponent has taken from the discard pile
  (they may be collecting a set), or near one in the same suit (a run).
* :class:`MonteCarloPlayer` – at each real choice, guesses the hidden cards many times,
  plays every candidate action out to the end of the hand with greedy players, and keeps
  the best on average. Greedy playouts, not random ones: random players almost never knock,
  so random playouts would end in draws and say nothing.
"""

from __future__ import annotations

from .cards import card_value
from .engine import PASS, STOCK, TAKE, Action, GinView, play_hand
from .melds import deadwood_of, deadwood_without_each


class RandomPlayer:
    """Any legal action, uniformly at random."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def act(self, view: GinView) -> Action:
        return view.rng.choice(view.legal_actions())


# --- greedy rules -------------------------------------------------------------------------
def ranked_discards(view: GinView) -> list[tuple[int, int]]:
    """``(deadwood left, card)`` for every card that may be discarded, best first.

    Best: least deadwood left; among equals the higher card goes (less to lose if the
    opponent knocks), then the higher id, so the order never depends on chance.
    """
    after = deadwood_without_each(view.hand)
    options = [(left, card) for card, left in after.items() if card != view.taken]
    return sorted(options, key=lambda o: (o[0], -card_value(o[1]), -o[1]))


def improves(view: GinView, card: int) -> bool:
    """Would taking ``card`` (and then discarding some other card) lower the deadwood?"""
    now = deadwood_of(view.hand)
    after = deadwood_without_each([*view.hand, card])
    return any(left < now for other, left in after.items() if other != card)


def greedy_draw(view: GinView) -> Action:
    """Take the top of the discard pile if it improves the hand; else stock (or pass)."""
    if TAKE in view.legal_actions() and improves(view, view.top):
        return TAKE
    return PASS if view.phase == "offer" else STOCK


def finish_turn(view: GinView, deadwood_left: int, card: int) -> Action:
    """Knock (big gin first) when allowed, else discard ``card``."""
    if deadwood_of(view.hand) == 0:
        return Action("knock")  # big gin: all 11 cards melded
    if deadwood_left <= view.rules.knock_limit:
        return Action("knock", card)
    return Action("discard", card)


class GreedyPlayer:
    """Lowest deadwood now, every time; knocks at the first chance."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = name

    def act(self, view: GinView) -> Action:
        if view.phase != "discard":
            return greedy_draw(view)
        left, card = ranked_discards(view)[0]
        return finish_turn(view, left, card)


def danger(card: int, picked: tuple[int, ...]) -> int:
    """How many of the opponent's picked cards ``card`` could help: same rank (a set), or
    same suit within two ranks (a run)."""
    return sum(
        1 for p in picked if p % 13 == card % 13 or (p // 13 == card // 13 and abs(p - card) <= 2)
    )


class DefensivePlayer:
    """Greedy, but avoids discards that feed the opponent's known collections.

    ``slack``: how much extra deadwood it accepts to keep a dangerous card.
    """

    def __init__(self, name: str = "defensive", slack: int = 1) -> None:
        self.name = name
        self.slack = slack

    def act(self, view: GinView) -> Action:
        if view.phase != "discard":
            return greedy_draw(view)
        options = ranked_discards(view)
        least = options[0][0]
        if least <= view.rules.knock_limit or deadwood_of(view.hand) == 0:
            return finish_turn(view, *options[0])  # knocking: the discard lies face down
        picked = view.picked(1 - view.seat)
        near = [o for o in options if o[0] <= least + self.slack]
        left, card = min(near, key=lambda o: (danger(o[1], picked), options.index(o)))
        return Action("discard", card)


# --- Monte Carlo --------------------------------------------------------------------------
def sample_world(view: GinView, rng, warm_up: bool = True) -> tuple[list[int], list[int]]:
    """One guess of the hidden cards: (the opponent's hand, the stock with its top last).

    The opponent surely holds the cards it took from the pile and has not discarded; the
    rest of its hand and the stock are a random split of the unseen cards. A random hand is
    too weak a guess, though: the opponent has been keeping good cards all along. So, with
    ``warm_up``, the guessed hand first gets as many greedy turns as the opponent really had
    (draw an unseen card, throw back its worst card), like a hand that has been played.
    """
    known = list(view.opponent_known())
    unseen = view.unseen()
    rng.shuffle(unseen)
    missing = view.opponent_size - len(known)
    hand, pool = known + unseen[:missing], unseen[missing:]
    if warm_up:
        for _ in range(min(view.stock_draws(1 - view.seat), len(pool))):
            hand.append(pool.pop())
            after = deadwood_without_each(hand)
            free = [c for c in hand if c not in known] or hand
            worst = min(free, key=lambda c: (after[c], -card_value(c), -c))
            hand.remove(worst)
            pool.insert(rng.randrange(len(pool) + 1), worst)
    return hand, pool


def related(card: int, hand) -> bool:
    """Could ``card`` ever join a meld with these cards: same rank, or same suit within 2?"""
    return any(c % 13 == card % 13 or (c // 13 == card // 13 and abs(c - card) <= 2) for c in hand)


def candidate_actions(view: GinView, discards: int = 3, margin: int = 4) -> list[Action]:
    """The greedy action first, then the alternatives worth simulating.

    Drawing: the other choice, unless the top card cannot join any meld with this hand.
    Discarding: up to ``discards`` cards in all, each leaving at most ``margin`` more
    deadwood than the greedy discard; when greedy would knock, also playing on.
    """
    greedy = GreedyPlayer().act(view)
    if view.phase != "discard":
        if greedy != TAKE and not related(view.top, view.hand):
            return [greedy]
        return [greedy] + [a for a in view.legal_actions() if a != greedy]
    if greedy == Action("knock"):
        return [greedy]  # big gin: nothing beats it
    options = ranked_discards(view)
    candidates = [greedy]
    if greedy.kind == "knock":
        candidates.append(Action("discard", greedy.card))  # or play on, hoping for gin
    least = options[0][0]
    candidates += [
        Action("discard", card) for left, card in options[1:discards] if left <= least + margin
    ]
    return candidates


class MonteCarloPlayer:
    """Determinized search: ``budget`` guessed worlds per decision, greedy playouts.

    ``budget`` counts worlds, not seconds, so a decision depends only on the seed. Every
    candidate is tried in the same worlds (common random numbers), so candidates are
    compared world by world. A hand's points vary a lot from world to world, and the best
    of several noisy averages is often best by luck alone; so the player leaves the greedy
    choice only for an alternative that beats it by more than ``caution`` standard errors
    of the paired differences.
    """

    def __init__(
        self,
        name: str = "montecarlo",
        budget: int = 8,
        discards: int = 3,
        margin: int = 4,
        caution: float = 2.0,
    ) -> None:
        self.name = name
        self.budget = budget
        self.discards = discards
        self.margin = margin
        self.caution = caution
        self._greedy = GreedyPlayer()

    def act(self, view: GinView) -> Action:
        candidates = candidate_actions(view, self.discards, self.margin)
        if len(candidates) == 1:
            return candidates[0]
        rng = view.rng
        values: list[list[int]] = [[] for _ in candidates]
        for _ in range(self.budget):
            opponent, stock = sample_world(view, rng)
            seed = rng.getrandbits(32)
            for i, action in enumerate(candidates):
                values[i].append(self.playout(view, opponent, stock, seed, action))
        best, best_gain = 0, 0.0
        for i in range(1, len(candidates)):
            gain = paired_gain(values[i], values[0], self.caution)
            if gain > best_gain:
                best, best_gain = i, gain
        return candidates[best]

    def playout(self, view: GinView, opponent, stock, seed: int, action: Action) -> int:
        """Points for this player (negative: for the opponent) after ``action`` in a guess."""
        world = view.what_if(opponent, stock, seed)
        world.act(view.seat, action)
        play_hand(world, [self._greedy, self._greedy])
        result = world.result
        if result is None or result.winner is None:
            return 0
        return result.points if result.winner == view.seat else -result.points


def paired_gain(values: list[int], baseline: list[int], caution: float) -> float:
    """Mean of ``values - baseline`` (world by world) if it exceeds ``caution`` standard
    errors, else 0: no convincing evidence that the alternative is better."""
    diffs = [v - b for v, b in zip(values, baseline, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean if mean > caution * (variance / n) ** 0.5 else 0.0


PLAYER_TYPES: dict[str, type] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "defensive": DefensivePlayer,
    "montecarlo": MonteCarloPlayer,
}
"""The ladder, weakest first, by the names the arena uses."""


def make_player(name: str, **options):
    """A computer player by name, e.g. ``make_player("montecarlo", budget=4)``."""
    try:
        kind = PLAYER_TYPES[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown Gin Rummy player {name!r}: choose one of {', '.join(PLAYER_TYPES)}"
        ) from None
    return kind(**options)
