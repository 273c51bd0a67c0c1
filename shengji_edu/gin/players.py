"""Computer players for Gin Rummy, from clueless to searching: the AI ladder.

A player has a ``name`` and one method, ``act(view)``, which returns an :class:`Action`
from ``view.legal_actions()``. Randomness comes from ``view.rng`` (the seat's own
generator, derived from the hand's seed), so a seed replays a whole hand.

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
* :class:`LookaheadPlayer` – judges a hand by the deadwood it can expect after its next
  draw (averaged over the cards it has not seen) instead of the deadwood it has now. The
  first rung that beats greedy clearly (results/gin_arena_lookahead_vs_greedy.json).

Every player takes ``knock_at``: the most deadwood it knocks with. ``None`` (the default):
as much as the rules allow (:attr:`GinRules.knock_limit <.scoring.GinRules.knock_limit>`,
10). A lower number makes it wait for a better hand (``knock_at=0``: it knocks only for
gin). The setting is a whole number from 0 to :data:`~.knocking.KNOCK_LIMIT`; anything else
is a :class:`BadOption` naming that range. When a game's rules allow less than
``knock_at``, the rules win: the engine never lets anyone knock above their limit.
"""

from __future__ import annotations

import time as _time

from .cards import card_value
from .engine import PASS, STOCK, TAKE, Action, GinView, play_hand
from .knocking import KNOCK_LIMIT
from .melds import _deadwood, deadwood_of, deadwood_without_each, to_mask


class BadOption(ValueError):
    """A player setting that makes no sense (the message says which values are allowed)."""


def _whole(value: object, name: str, low: int, high: int | None, what: str) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        top = f" to {high}" if high is not None else " or more"
        raise BadOption(f"{name} must be a whole number, {low}{top} ({what}), not {value!r}")
    return value


def check_knock_at(knock_at: object) -> int | None:
    """``knock_at`` if it is a valid setting (see the module docstring), else a
    :class:`BadOption` saying the accepted range."""
    if knock_at is None:
        return None
    what = f"the most deadwood the player knocks with; the rules allow at most {KNOCK_LIMIT}"
    return _whole(knock_at, "knock_at", 0, KNOCK_LIMIT, what)


def knock_limit(view: GinView, knock_at: int | None) -> int:
    """The most deadwood this player knocks with now: ``knock_at``, never above the rules'
    limit."""
    limit = view.rules.knock_limit
    return limit if knock_at is None else min(knock_at, limit)


class RandomPlayer:
    """Any legal action, uniformly at random (no knock with more than ``knock_at``)."""

    def __init__(self, name: str = "random", knock_at: int | None = None) -> None:
        self.name = name
        self.knock_at = check_knock_at(knock_at)

    def act(self, view: GinView) -> Action:
        actions = view.legal_actions()
        if self.knock_at is not None and view.phase == "discard":
            limit = knock_limit(view, self.knock_at)
            after = deadwood_without_each(view.hand)
            actions = [
                a for a in actions if a.kind != "knock" or a.card is None or after[a.card] <= limit
            ]
        return view.rng.choice(actions)


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


def finish_turn(
    view: GinView, deadwood_left: int, card: int, knock_at: int | None = None
) -> Action:
    """Knock (big gin first) when allowed and at most ``knock_at`` is left, else discard
    ``card``."""
    if deadwood_of(view.hand) == 0:
        return Action("knock")  # big gin: all 11 cards melded
    if deadwood_left <= knock_limit(view, knock_at):
        return Action("knock", card)
    return Action("discard", card)


class GreedyPlayer:
    """Lowest deadwood now, every time; knocks at the first chance (with at most
    ``knock_at`` deadwood)."""

    def __init__(self, name: str = "greedy", knock_at: int | None = None) -> None:
        self.name = name
        self.knock_at = check_knock_at(knock_at)

    def act(self, view: GinView) -> Action:
        if view.phase != "discard":
            return greedy_draw(view)
        left, card = ranked_discards(view)[0]
        return finish_turn(view, left, card, self.knock_at)


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

    def __init__(
        self, name: str = "defensive", slack: int = 1, knock_at: int | None = None
    ) -> None:
        self.name = name
        self.slack = slack
        self.knock_at = check_knock_at(knock_at)

    def act(self, view: GinView) -> Action:
        if view.phase != "discard":
            return greedy_draw(view)
        options = ranked_discards(view)
        least = options[0][0]
        if least <= knock_limit(view, self.knock_at) or deadwood_of(view.hand) == 0:
            # knocking: the discard lies face down
            return finish_turn(view, *options[0], self.knock_at)
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


def candidate_actions(
    view: GinView, discards: int = 3, margin: int = 4, knock_at: int | None = None
) -> list[Action]:
    """The greedy action first, then the alternatives worth simulating.

    Drawing: the other choice, unless the top card cannot join any meld with this hand.
    Discarding: up to ``discards`` cards in all, each leaving at most ``margin`` more
    deadwood than the greedy discard; when greedy (with ``knock_at``) would knock, also
    playing on.
    """
    greedy = GreedyPlayer(knock_at=knock_at).act(view)
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
    of the paired differences. With ``knock_at``, it never knocks with more deadwood, and
    its playouts play its own seat the same way.
    """

    def __init__(
        self,
        name: str = "montecarlo",
        budget: int = 8,
        discards: int = 3,
        margin: int = 4,
        caution: float = 2.0,
        knock_at: int | None = None,
    ) -> None:
        self.name = name
        self.budget = budget
        self.discards = discards
        self.margin = margin
        self.caution = caution
        self.knock_at = check_knock_at(knock_at)
        self._greedy = GreedyPlayer()
        self._own = GreedyPlayer(knock_at=self.knock_at)

    def act(self, view: GinView) -> Action:
        candidates = candidate_actions(view, self.discards, self.margin, self.knock_at)
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
        players = [self._greedy, self._greedy]
        players[view.seat] = self._own
        play_hand(world, players)
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


# --- looking ahead --------------------------------------------------------------------------
KNOCK_BONUS = 5
"""How many deadwood points better a hand that may knock counts (see :class:`LookaheadPlayer`)."""


class _Budget:
    """The clock of one decision, when the player has a ``time`` limit."""

    def __init__(self, seconds: float | None) -> None:
        self.stop = None if seconds is None else _time.perf_counter() + seconds

    def over(self) -> bool:
        return self.stop is not None and _time.perf_counter() > self.stop


class LookaheadPlayer:
    """Plays for the hand it will *probably* have after its next draw, not the hand it has.

    Greedy judges a hand by its deadwood now. But two hands with the same deadwood are not
    equally good: 7♠ 8♠ waits for a 6♠ or a 9♠ and 7♠ K♦ waits for nothing. So this player
    judges a 10-card hand by the deadwood it can **expect after its next draw**: for each
    card it might draw (a card it has not seen), the best discard afterwards, averaged over
    those cards. It discards to keep the hand with the best expectation, and takes the top of
    the discard pile only when that known card leaves a better hand than a stock draw would
    on average (the average over the same unseen cards). A hand that may knock counts
    :data:`KNOCK_BONUS` points better. It knocks as soon as it may, as greedy does: against
    a player who knocks that early, waiting for gin loses the race.

    The cards it averages over are the ones it has not seen: not in its hand, not on the
    discard pile, not picked up by the opponent and kept. So every draw it imagines is one
    that could happen as far as it knows (RULES §9: no hidden information); the opponent's
    hidden cards are among them, which is the price of not knowing them.

    Settings:

    * ``samples``: how many of the possible draws it averages over. ``None`` (the default):
      every unseen card, an exact average. A number: that many unseen cards drawn at random
      (from the seat's own generator), a cheaper and rougher estimate.
    * ``depth``: how many draws it looks ahead. ``0`` is greedy's rule exactly (the deadwood
      now), ``1`` the next draw (the default), ``2`` the next two draws (each averaged over
      ``samples`` cards: about 30 times slower per sample; set ``samples``). Looking two
      draws ahead with 8 samples was *weaker* in our runs, not stronger: a rough average of
      a far future is worse than an exact average of the next draw.
    * ``guesses``: how many hands of the opponent to guess (:func:`guess_hands`) before
      averaging, to count each possible draw less the more often the guesses hold that card
      (``0``, the default: every unseen card counts the same). In our runs this made no
      clear difference and made decisions several times slower.
    * ``time``: at most this many seconds per decision (``None``: no limit). When time runs
      out it decides with the draws averaged so far. A limit makes the player depend on the
      machine's speed, so a seed no longer replays its games exactly: leave it ``None`` in
      experiments that must be repeated.
    * ``knock_at``: the most deadwood it knocks with (``None``: as the rules allow); a hand
      counts as one that may knock only at or below it.

    It does not search the opponent's replies (that is :class:`MonteCarloPlayer`'s idea), and
    it does not avoid feeding the opponent: a penalty for discards that guessed opponent hands
    would take made it weaker in our runs (keeping low cards slows one's own knock).
    """

    def __init__(
        self,
        name: str = "lookahead",
        samples: int | None = None,
        depth: int = 1,
        guesses: int = 0,
        time: float | None = None,
        knock_at: int | None = None,
    ) -> None:
        self.knock_at = check_knock_at(knock_at)
        if samples is not None:
            _whole(samples, "samples", 1, None, "draws averaged; None: every unseen card")
        _whole(depth, "depth", 0, 2, "draws looked ahead")
        _whole(guesses, "guesses", 0, None, "guessed opponent hands; 0: none")
        if time is not None and (
            isinstance(time, bool) or not isinstance(time, (int, float)) or not time > 0
        ):
            raise BadOption(f"time must be a number of seconds above 0, or None, not {time!r}")
        if depth == 2 and samples is None and time is None:
            raise BadOption(
                "depth 2 with every unseen card takes seconds per decision: "
                "give samples (e.g. samples=8) or a time limit"
            )
        self.name = name
        self.samples = samples
        self.depth = depth
        self.guesses = guesses
        self.time = time

    def act(self, view: GinView) -> Action:
        if self.depth == 0:
            return GreedyPlayer(knock_at=self.knock_at).act(view)
        limit = knock_limit(view, self.knock_at)
        if view.phase == "discard":
            hand = view.hand
            if deadwood_of(hand) == 0:
                return Action("knock")  # big gin
            options = ranked_discards(view)
            left, card = options[0]
            if left <= limit:
                return Action("knock", card)
        search = _Lookahead(view, self.samples, self.depth, _Budget(self.time), limit)
        if self.guesses:
            search.weigh(guess_hands(view, view.rng, self.guesses))
        if view.phase != "discard":
            return TAKE if search.take_is_better() else (PASS if view.phase == "offer" else STOCK)
        return Action("discard", search.best_discard([c for _, c in options]))


class _Lookahead:
    """The averages of one decision (cards as bitmasks; values remembered per hand)."""

    def __init__(
        self, view: GinView, samples: int | None, depth: int, budget: _Budget, limit: int
    ) -> None:
        self.view, self.depth, self.budget = view, depth, budget
        self.limit = limit
        """The most deadwood the player knocks with."""
        self.mask = to_mask(view.hand)
        unseen = view.unseen()
        if samples is not None and samples < len(unseen):
            unseen = view.rng.sample(unseen, samples)
        self.draws = unseen
        self.weight: dict[int, float] | None = None
        self.memo: dict[tuple[int, int], float] = {}

    def weigh(self, hands: list[list[int]]) -> None:
        """Count each draw by how often these guessed opponent hands do *not* hold it."""
        held: dict[int, int] = {}
        for hand in hands:
            for card in hand:
                held[card] = held.get(card, 0) + 1
        self.weight = {c: 1 - held.get(c, 0) / len(hands) for c in self.draws}

    def score(self, deadwood: int) -> int:
        return deadwood if deadwood <= self.limit else deadwood + KNOCK_BONUS

    def best_kept(self, mask: int, forbidden: int, level: int) -> float:
        """The best value of a 10-card hand made from the 11 in ``mask`` by one discard
        (not the card ``forbidden``, a bit), looking ``level`` draws ahead."""
        best = float("inf")
        rest = mask & ~forbidden
        while rest:
            low = rest & -rest
            rest ^= low
            value = self.value(mask ^ low, level)
            if value < best:
                best = value
        return best

    def value(self, mask: int, level: int) -> float:
        """A 10-card hand: its score now (level 0), or the average over the draws of the best
        hand kept after each (level 1, 2)."""
        if level == 0:
            return self.score(_deadwood(mask))
        key = (mask, level)
        if key in self.memo:
            return self.memo[key]
        total = count = 0.0
        weight = self.weight
        for card in self.draws:
            bit = 1 << card
            if mask & bit:
                continue  # a card drawn at the level above: no longer in the stock
            w = 1.0 if weight is None else weight[card]
            total += w * self.best_kept(mask | bit, 0, level - 1)
            count += w
        result = total / count if count > 0 else self.score(_deadwood(mask))
        self.memo[key] = result
        return result

    def averaged(self, masks: list[int]) -> list[float]:
        """:meth:`value` at full depth of several hands, draw by draw (the same draws for
        each, so they are compared fairly), stopping early if the time is up."""
        totals = [0.0] * len(masks)
        count = 0.0
        weight = self.weight
        for card in self.draws:
            bit = 1 << card
            w = 1.0 if weight is None else weight[card]
            for i, mask in enumerate(masks):
                totals[i] += w * self.best_kept(mask | bit, 0, self.depth - 1)
            count += w
            if self.budget.over():
                break
        if count > 0:
            return [t / count for t in totals]
        return [self.score(_deadwood(m)) for m in masks]

    def best_discard(self, cards: list[int]) -> int:
        """The discard keeping the best expected hand; ties go to the order of ``cards``
        (greedy's order: least deadwood now, then the higher card)."""
        values = self.averaged([self.mask ^ (1 << c) for c in cards])
        return min(zip(values, range(len(cards)), cards, strict=True))[2]

    def take_is_better(self) -> bool:
        """Is the known top card better than a stock draw on average (both judged by the
        hand kept after the discard that follows, ``depth - 1`` draws ahead)?"""
        view = self.view
        if TAKE not in view.legal_actions():
            return False
        top = 1 << view.top
        kept = self.best_kept(self.mask | top, top, self.depth - 1)
        return kept < self.averaged([self.mask])[0]


# --- guessing the opponent's hand -------------------------------------------------------------
def refused(view: GinView) -> list[int]:
    """Cards the opponent saw on top of the pile and let go, oldest first: the ones it left
    there (it passed or drew from the stock instead) and the ones it threw away. Read from
    the public history by replaying the pile (a knock's face-down discard is not seen)."""
    other = 1 - view.seat
    history = view.history
    first_take = next((i for i, (_, a) in enumerate(history) if a.kind == "take"), None)
    first_out = next((i for i, (_, a) in enumerate(history) if a.card is not None), None)
    if first_take is not None and (first_out is None or first_take < first_out):
        upcard = view.picked(history[first_take][0])[0]  # taken before anything was thrown
    else:
        upcard = view.discards[0]
    pile, cards = [upcard], []
    for seat, action in history:
        if action.kind == "take":
            pile.pop()
        elif action.card is not None:
            pile.append(action.card)
            if seat == other:
                cards.append(action.card)
        elif seat == other and pile:  # pass or stock: it left the top card
            cards.append(pile[-1])
    return list(dict.fromkeys(cards))


def would_take(mask: int, card: int) -> bool:
    """Would ``card`` lower the deadwood of the 10 cards in ``mask`` (as greedy takes)?"""
    now = _deadwood(mask)
    grown = mask | 1 << card
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        if _deadwood(grown ^ low) < now:
            return True
    return False


def guess_hands(view: GinView, rng, guesses: int, tries: int = 4) -> list[list[int]]:
    """``guesses`` hands the opponent may hold, fitting what it did (from ``view`` alone).

    It surely holds the cards it picked and kept (:meth:`GinView.opponent_known`); the rest
    of a guess is drawn from the cards this player has not seen. A player that wanted a card
    would have kept or taken it, so a guess is the less likely the more of the cards it
    refused (:func:`refused`) would have lowered its deadwood: of ``guesses * tries`` random
    guesses, the ones that the fewest refused cards would improve are kept (earlier guesses
    first among equals). An approximation: the opponent's hand has changed since it refused
    the older ones.
    """
    known = list(view.opponent_known())
    unseen = view.unseen()
    missing = view.opponent_size - len(known)
    avoid = [c for c in refused(view) if c not in known]
    scored = []
    for n in range(guesses * tries):
        hand = known + rng.sample(unseen, missing)
        mask = to_mask(hand)
        scored.append((sum(would_take(mask, c) for c in avoid), n, hand))
    scored.sort(key=lambda item: item[:2])
    return [hand for _, _, hand in scored[:guesses]]


PLAYER_TYPES: dict[str, type] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "defensive": DefensivePlayer,
    "montecarlo": MonteCarloPlayer,
    "lookahead": LookaheadPlayer,
}
"""The ladder, weakest first, by the names the arena uses."""


def make_player(name: str, **options):
    """A computer player by name, e.g. ``make_player("montecarlo", budget=4)`` or
    ``make_player("greedy", knock_at=5)`` (every player takes ``knock_at``)."""
    try:
        kind = PLAYER_TYPES[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown Gin Rummy player {name!r}: choose one of {', '.join(PLAYER_TYPES)}"
        ) from None
    return kind(**options)
