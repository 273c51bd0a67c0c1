"""What the Gin Rummy front ends show and read: ``shengji gin`` and the notebook's ``GinTable``.

A person plays seat 0 (:data:`YOU`) against a computer player in seat 1 (:data:`COMPUTER`).
This module turns the engine's state into sentences (a hand sorted by suit with its best
melds, a move, a hand's result, the score) and typed words into the engine's actions. It
decides no rule: what is legal, what a hand scores and who deals come from :mod:`.engine`,
:mod:`.melds` and :mod:`.scoring`, and a refused action is refused by the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import card_text, parse_card
from .engine import BIG_GIN, STOCK, Action, GinGame, GinHand
from .melds import Split, best_melds, deadwood_without_each

YOU, COMPUTER = 0, 1
"""The seats of the person and of the computer player."""

NAMES = ("you", "the computer")
"""How the front ends name the seats, in the middle of a sentence."""

WORDS = ("take", "pass", "draw", "discard", "knock", "gin")
"""What a person types (``stock`` is accepted for ``draw``)."""


def pretty(cards: Iterable[int]) -> str:
    """Cards as ``7♠ 10♥``, in the order given."""
    return " ".join(card_text(c, pretty=True) for c in cards)


def hand_text(cards: Iterable[int]) -> str:
    """A hand sorted by suit (♠ ♥ ♦ ♣), then rank; two spaces between suits."""
    by_suit: dict[int, list[int]] = {}
    for card in sorted(cards):
        by_suit.setdefault(card // 13, []).append(card)
    return "  ".join(pretty(group) for group in by_suit.values())


def split_text(split: Split) -> str:
    """``melds [3♠ 4♠ 5♠] [7♥ 7♦ 7♣] · deadwood 2♦ K♦ = 12``: the melds, then the
    unmatched cards and their count."""
    melds = " ".join(f"[{pretty(meld)}]" for meld in split.melds)
    melds = f"melds {melds}" if melds else "no melds"
    loose = pretty(split.unmatched)
    return f"{melds} · deadwood {loose + ' = ' if loose else ''}{split.deadwood}"


def melds_text(cards: Iterable[int]) -> str:
    """The best melds of ``cards`` and their deadwood (:func:`.melds.best_melds`)."""
    return split_text(best_melds(list(cards)))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verb(seat: int, plain: str, third: str) -> str:
    return plain if seat == YOU else third


def move_text(seat: int, action: Action, top: int | None, drawn: int | None = None) -> str:
    """One move in words. ``top``: the top of the discard pile before the move; ``drawn``:
    the card drawn from the stock, shown only to the person who drew it."""
    who, kind, card = NAMES[seat], action.kind, action.card
    if kind == "pass":
        text = f"{who} {_verb(seat, 'pass', 'passes')} on the {card_text(top, pretty=True)}"
    elif kind == "take":
        text = f"{who} {_verb(seat, 'take', 'takes')} the {card_text(top, pretty=True)}"
    elif kind == "stock":
        got = f" the {card_text(drawn, pretty=True)}" if drawn is not None else " a card"
        text = f"{who} {_verb(seat, 'draw', 'draws')}{got} from the stock"
    elif kind == "discard":
        text = f"{who} {_verb(seat, 'discard', 'discards')} the {card_text(card, pretty=True)}"
    elif card is None:
        text = f"{who} {_verb(seat, 'knock', 'knocks')} with all 11 cards melded"
    else:
        shown = card_text(card, pretty=True)
        text = f"{who} {_verb(seat, 'knock', 'knocks')}, discarding the {shown} face down"
    return _sentence(text) + "."


def gin_action(hand: GinHand) -> Action | None:
    """The legal knock that is gin (big gin first: it scores more), or None."""
    legal = hand.legal_actions()
    if BIG_GIN in legal:
        return BIG_GIN
    after = deadwood_without_each(hand.hands[hand.turn]) if hand.phase == "discard" else {}
    return next((a for a in legal if a.kind == "knock" and after.get(a.card) == 0), None)


def read_action(text: str, hand: GinHand) -> Action:
    """A typed command as an action: ``take``, ``pass``, ``draw`` (or ``stock``),
    ``discard 7S``, ``knock 7S``, ``knock`` (big gin) or ``gin``. Raises ValueError with a
    sentence for words it cannot read (and for ``gin`` when no discard leaves 0 deadwood);
    whether the action is legal is the engine's to say."""
    words = text.split()
    if not words:
        raise ValueError("type an action: take, pass, draw, discard 7S, knock 7S or gin")
    word, rest = words[0].lower(), words[1:]
    if word == "stock":
        word = "draw"
    if word not in WORDS or len(rest) > 1:
        raise ValueError(
            f"cannot read {text.strip()!r}: type take, pass, draw, discard 7S, knock 7S or gin "
            "(? lists what you may do now)"
        )
    card = parse_card(rest[0]) if rest else None
    if word in ("take", "pass", "draw") and card is not None:
        raise ValueError(f"{word} takes no card: just type {word}")
    if word == "draw":
        return STOCK
    if word == "gin":
        return _gin(hand, card)
    if word == "discard" and card is None:
        raise ValueError("say which card to discard, e.g. discard 7S")
    return Action(word, card)


def _gin(hand: GinHand, card: int | None) -> Action:
    """``gin`` or ``gin 7S`` as an action; the engine judges it like any other."""
    if hand.phase != "discard":
        return BIG_GIN  # the engine says what to do first
    after = deadwood_without_each(hand.hands[hand.turn])
    if card is None:
        found = gin_action(hand)
        if found is None:
            least = min(left for c, left in after.items() if c != hand.taken)
            raise ValueError(f"no gin: the best discard leaves {least} deadwood (gin needs 0)")
        return found
    if after.get(card):  # in the hand, and it leaves some deadwood
        shown = card_text(card, pretty=True)
        raise ValueError(f"no gin: discarding the {shown} leaves {after[card]} deadwood")
    return Action("knock", card)  # gin, or a card the engine refuses (not held, just taken)


def choices_text(hand: GinHand) -> str:
    """What the person may do now, from the engine's legal actions, as they would type it."""
    legal = hand.legal_actions()
    lines = []
    simple = [a.kind for a in legal if a.card is None and a.kind != "knock"]
    if simple:
        lines.append(", ".join("draw" if k == "stock" else k for k in simple))
    discards = [a.card for a in legal if a.kind == "discard"]
    if discards:
        lines.append(f"discard CARD, any of: {hand_text(discards)}")
        if hand.taken is not None:
            lines[-1] += f" (not the {card_text(hand.taken, pretty=True)} you just took)"
    cards = hand.hands[hand.turn]
    after = deadwood_without_each(cards) if hand.phase == "discard" else {}
    knocks = [a.card for a in legal if a.kind == "knock" and a.card is not None]
    if knocks:
        each = ", ".join(f"{card_text(c, pretty=True)} (leaves {after[c]})" for c in knocks)
        lines.append(f"knock CARD: {each}")
    if gin_action(hand) is not None:
        lines.append("gin: knock with no deadwood")
    return "\n".join(f"  {line}" for line in lines)


def state_text(hand: GinHand) -> str:
    """The table as the person sees it: the pile, the stock, the opponent's cards."""
    pile = len(hand.discards)
    top = f"{card_text(hand.top, pretty=True)} on top ({pile})" if pile else "empty"
    return (
        f"Discard pile: {top} · stock: {len(hand.stock)} cards · "
        f"the computer holds {len(hand.hands[COMPUTER])} cards"
    )


def prompt_text(hand: GinHand) -> str:
    """What the person is asked now (the engine's phase says which question)."""
    top = card_text(hand.top, pretty=True) if hand.top is not None else ""
    kinds = {a.kind for a in hand.legal_actions()}
    if hand.phase == "offer":
        return f"Take the {top} or pass?"
    if hand.phase == "draw":
        if "take" in kinds:
            return f"Draw from the stock, or take the {top}?"
        return "Draw from the stock?"
    return "Discard or knock?" if "knock" in kinds else "Which card do you discard?"


def result_text(hand: GinHand) -> str:
    """How the hand ended: who scores what, and both hands laid out."""
    result = hand.result
    if result is None:
        return "The hand is not over."
    if result.kind == "draw":
        return "Two cards are left in the stock: the hand is a draw, nobody scores."
    score = result.score
    assert score is not None and result.winner is not None and result.knocker is not None
    winner = NAMES[result.winner]
    kind = "Big gin" if result.kind == "big gin" else result.kind.capitalize()
    lines = [f"{kind}: {winner} {_verb(result.winner, 'score', 'scores')} {result.points}."]
    knocker, defender = NAMES[result.knocker], NAMES[1 - result.knocker]
    lines.append(f"  {knocker}: {split_text(score.knocker)}")
    if score.layoffs:
        laid = ", ".join(
            f"{card_text(c, pretty=True)} on [{pretty(meld)}]" for c, meld in score.layoffs
        )
        lines.append(f"  {defender} {_verb(1 - result.knocker, 'lay', 'lays')} off {laid}")
    lines.append(f"  {defender}: {split_text(score.defender)}")
    return "\n".join(lines)


def score_text(game: GinGame) -> str:
    """The running score: hand points so far, and the target."""
    you, computer = game.points
    return f"Score: you {you}, the computer {computer} (a game to {game.rules.target})"


def final_text(game: GinGame) -> str:
    """The final accounts of a finished game (:class:`.scoring.GameScore`)."""
    score = game.score
    if score is None:
        return score_text(game)

    def row(label: str, values: Sequence[int]) -> str:
        return f"  {label:<12}{values[YOU]:>6}{values[COMPUTER]:>14}"

    # the hand points as counted (doubled by a shutout): the engine's totals less the bonuses
    counted = [score.totals[s] - score.box_bonus[s] - score.game_bonus[s] for s in (0, 1)]
    lines = [
        f"Game over after {len(game.hands)} hands: {NAMES[score.winner]} reached "
        f"{score.hand_points[score.winner]}.",
        f"  {'':<12}{'you':>6}{'the computer':>14}",
        row("hand points", score.hand_points),
    ]
    if counted != list(score.hand_points):
        lines.append(row("shutout x2", counted))
    lines += [
        row("box bonus", score.box_bonus),
        row("game bonus", score.game_bonus),
        row("total", score.totals),
        f"{_sentence(NAMES[score.winner])} {_verb(score.winner, 'win', 'wins')} by "
        f"{score.margin} points.",
    ]
    return "\n".join(lines)
