"""A played hand as steps to walk through: what the table shows before the first play and
after each play, in one language. The HTML viewer (:mod:`.replay_html`) and the play table's
*Replay* panel show the same steps.

Only formatting lives here. Every fact comes from the engine's finished (or forfeited) round:
each seat's hand at the first lead is every card it played plus what it still holds, the
tricks are the engine's (leader, plays, winner, points, a failed throw's attempt), the
result is the engine's settlement. Explanations of the plays are passed in (``notes``,
from :func:`shengji_edu.review.explain_round`), never worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, rank_text
from ..game.round import Round, team_of
from ..i18n import N_, Suit, Translator, translator
from ..trump import EFFECTIVE_SUITS, TRUMP, Trump

SEAT_NAMES = (N_("South"), N_("East"), N_("North"), N_("West"))


@dataclass(frozen=True)
class Notes:
    """Explanations to show beside the steps: one text per play, trick by trick, and one
    per trick (who won it and why). Missing texts are empty."""

    plays: Sequence[Sequence[str]] = ()
    tricks: Sequence[str] = ()

    def play(self, trick: int, number: int) -> str:
        if trick < len(self.plays) and number < len(self.plays[trick]):
            return self.plays[trick][number] or ""
        return ""

    def trick(self, trick: int) -> str:
        return (self.tricks[trick] or "") if trick < len(self.tricks) else ""


def review_notes(round_: Round, lang: str = "en") -> Notes:
    """The review's explanations (:func:`shengji_edu.review.explain_round`) as :class:`Notes`:
    each play's note, and each trick's account (with the notes of a variant that mattered)."""
    from ..review import explain_round

    tricks = explain_round(round_, lang)
    plays = []
    for note, trick in zip(tricks, round_.tricks, strict=False):
        by_seat = {play.seat: play.text for play in note.plays}
        plays.append([by_seat.get(seat, "") for seat, _cards in trick.plays])
    return Notes(plays, [" ".join([note.text, *note.notes]) for note in tricks])


@dataclass
class _Builder:
    round: Round
    tr: Translator
    seats: list[str]
    trump: Trump | None
    frames: list[dict[str, Any]] = field(default_factory=list)

    def card(self, card: Card) -> list:
        """``[face, ink, trump?]``: ``["♥10", "H", 1]``; the jokers' ink is ♥ and ♠."""
        ink = ("H" if card.text == "BJ" else "S") if card.is_joker else card.suit
        trump = int(self.trump is not None and self.trump.is_trump(card))
        return [self.tr.card(card), ink, trump]

    def cards(self, cards: Sequence[Card]) -> list[list]:
        shown = self.trump.sort(cards) if self.trump is not None else sorted(cards)
        return [self.card(c) for c in shown]

    def hand(self, cards: Sequence[Card]) -> list[dict[str, Any]]:
        """A hand grouped by effective suit, trumps first, each group strongest first."""
        if self.trump is None:
            return [{"suit": "", "cards": self.cards(cards)}] if cards else []
        groups = self.trump.by_suit(cards)
        return [
            {
                "suit": self.tr.say("trumps") if suit == TRUMP else Suit(suit).render(self.tr),
                "cards": [self.card(c) for c in groups[suit]],
            }
            for suit in EFFECTIVE_SUITS
            if groups[suit]
        ]


def seat_names(lang: str | Translator = "en", players: Sequence[str] | None = None) -> list[str]:
    """ "South", or "South: greedy" when the players are named."""
    tr = lang if isinstance(lang, Translator) else translator(lang)
    names = [tr.gettext(name) for name in SEAT_NAMES]
    if players is None:
        return names
    return [
        tr.say("{seat}: {player}", seat=name, player=player)
        for name, player in zip(names, players, strict=True)
    ]


def replay_data(
    round_: Round,
    lang: str = "en",
    notes: Notes | None = None,
    players: Sequence[str] | None = None,
    title: str | None = None,
) -> dict[str, Any]:
    """The steps of a hand as plain data (JSON-ready; see the module docstring).

    ``frames[0]`` is the table before the first lead; ``frames[k]`` the table after the
    k-th play. Each frame holds the trick number, the cards on the table (a finished trick
    stays there, its winner marked, until the next lead), every seat's hand, the defenders'
    points so far, what happened and the play's explanation.
    """
    tr = translator(lang)
    notes = notes or Notes()
    trump = round_.trump
    b = _Builder(round_, tr, seat_names(tr, players), trump)
    tricks = list(round_.tricks)
    current = round_.current_trick
    plays = [(n, t.plays) for n, t in enumerate(tricks)]
    if current:
        plays.append((len(tricks), current))
    played: list[list[Card]] = [[] for _ in range(4)]
    for _n, trick_plays in plays:
        for seat, cards in trick_plays:
            played[seat].extend(cards)
    held = [played[seat] + list(round_.hand(seat)) for seat in range(4)]
    dealer = round_.dealer
    defenders = None if dealer is None else 1 - team_of(dealer)
    points = 0
    frames = b.frames
    frames.append(
        {
            "trick": 0,
            "table": [],
            "hands": [b.hand(h) for h in held],
            "points": 0,
            "winner": None,
            "said": tr.say("The cards as the first lead is made."),
            "note": "",
        }
    )
    remaining = [list(h) for h in held]
    for number, trick_plays in plays:
        finished = number < len(tricks)
        trick = tricks[number] if finished else None
        table: list[dict[str, Any]] = []
        for index, (seat, cards) in enumerate(trick_plays):
            for card in cards:
                remaining[seat].remove(card)
            table.append({"seat": seat, "cards": b.cards(cards)})
            last = finished and index == len(trick_plays) - 1
            said = _said(tr, b.seats, seat, cards, index, trick)
            if last:
                assert trick is not None
                if defenders is not None and team_of(trick.winner) == defenders:
                    points += trick.points
                said += " " + _won(tr, b.seats, trick)
            note = notes.play(number, index)
            if last and notes.trick(number):
                note = (note + "\n" if note else "") + notes.trick(number)
            frames.append(
                {
                    "trick": number + 1,
                    "table": [dict(p) for p in table],
                    "hands": [b.hand(h) for h in remaining],
                    "points": points,
                    "winner": trick.winner if last and trick is not None else None,
                    "said": said,
                    "note": note,
                }
            )
    return {
        "format": "shengji-edu replay",
        "lang": lang,
        "title": title or tr.say("A hand of Shengji, seed {seed}", seed=round_.seed),
        "seats": b.seats,
        "dealer": dealer,
        "trump": _trump_text(tr, round_),
        "level": rank_text(round_.level_rank),
        "levels": [rank_text(x) for x in round_.levels_at_start],
        "kitty": {
            "dealt": b.cards(round_.deck[round_.rules.dealt_cards :]),
            "buried": b.cards(round_.kitty) if round_.buried_by is not None else [],
            "by": round_.buried_by,
        },
        "tricks": [_first_frame(frames, n + 1) for n in range(len(plays))],
        "frames": frames,
        "result": _result_lines(tr, round_),
        "labels": _labels(tr),
    }


def _said(
    tr: Translator, seats: list[str], seat: int, cards: Sequence[Card], index: int, trick
) -> str:
    if index:
        return tr.say("{seat} plays {cards}.", seat=seats[seat], cards=list(cards))
    if trick is not None and trick.attempted:
        return tr.say(
            "{seat} tried to throw {attempted}, which failed: {cards} is led instead.",
            seat=seats[seat],
            attempted=list(trick.attempted),
            cards=list(cards),
        )
    return tr.say("{seat} leads {cards}.", seat=seats[seat], cards=list(cards))


def _won(tr: Translator, seats: list[str], trick) -> str:
    return tr.say_n(
        "{seat} wins the trick ({n} point).",
        "{seat} wins the trick ({n} points).",
        trick.points,
        seat=seats[trick.winner],
    )


def _trump_text(tr: Translator, round_: Round) -> str:
    trump = round_.trump
    if trump is None:
        return tr.say("not chosen")
    if trump.suit is None:
        return tr.say("no trump suit")
    return Suit(trump.suit).render(tr)


def _first_frame(frames: list[dict[str, Any]], trick: int) -> int:
    return next(n for n, frame in enumerate(frames) if frame["trick"] == trick)


def _result_lines(tr: Translator, round_: Round) -> list[str]:
    result = round_.result
    if result is None:
        return [tr.say("The hand was not finished.")]
    s = result.settlement
    lines = [
        tr.say(
            "Kitty: {points} points, times {times}, to the defenders.",
            points=result.kitty_points,
            times=result.kitty_multiplier,
        ),
        tr.say("Defenders' points: {points}.", points=result.defender_points),
    ]
    if result.penalty:
        lines.append(tr.say("Throw penalties: {points}.", points=format(result.penalty, "+")))
    if s.draw:
        lines.append(tr.say("A draw: nobody goes up."))
    elif s.defenders_take_deal:
        lines.append(
            tr.say_n(
                "The defenders take the deal and go up {n} level.",
                "The defenders take the deal and go up {n} levels.",
                s.defender_levels,
            )
        )
    else:
        lines.append(
            tr.say_n(
                "The dealers keep the deal and go up {n} level.",
                "The dealers keep the deal and go up {n} levels.",
                s.dealer_levels,
            )
        )
    return lines


def _labels(tr: Translator) -> dict[str, str]:
    """Every word of the viewer's controls, in the language asked for."""
    return {
        "start": tr.say("Start"),
        "back": tr.say("Back"),
        "forward": tr.say("Forward"),
        "end": tr.say("End"),
        "trick_of": tr.say("Trick {n} of {total}", n="{n}", total="{total}"),
        "before": tr.say("Before the first lead"),
        "step_of": tr.say("Step {n} of {total}", n="{n}", total="{total}"),
        "all_hands": tr.say("All hands"),
        "view_of": tr.say("As {seat} sees it", seat="{seat}"),
        "trump": tr.say("Trump"),
        "level": tr.say("Level"),
        "dealer": tr.say("Dealer"),
        "points": tr.say("Defenders' points"),
        "kitty": tr.say("Kitty"),
        "dealt_kitty": tr.say("dealt"),
        "buried": tr.say("buried by {seat}", seat="{seat}"),
        "hidden": tr.say("hidden"),
        "cards_left": tr.say("{n} cards", n="{n}"),
        "jump": tr.say("Jump to trick"),
        "keys": tr.say("Keys: ← → a play, ↑ ↓ a trick, Home and End."),
        "result": tr.say("Result"),
    }


__all__ = ["Notes", "replay_data", "review_notes", "seat_names"]
