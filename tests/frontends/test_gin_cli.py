"""``shengji gin``: Gin Rummy against the computer in the terminal (shengji_edu/gin/terminal.py).

Driven as the Shengji terminal is (tests/frontends/test_cli.py): through ``main`` with
scripted standard input, or with :class:`GinTerminal`'s ``ask``/``say`` functions. A whole
game is scripted by playing it first with a greedy player in the person's seat: the
terminal deals the same hands (``GinGame``), so those actions, typed, play it again.
"""

from __future__ import annotations

import io
import re
import sys

import pytest

from shengji_edu.cli import build_parser, main
from shengji_edu.gin import (
    Action,
    GinGame,
    GinHand,
    GreedyPlayer,
    IllegalMove,
    card_text,
    make_player,
    parse_hand,
)
from shengji_edu.gin.engine import BIG_GIN, STOCK
from shengji_edu.gin.terminal import GinTerminal
from shengji_edu.gin.text import choices_text, hand_text, melds_text, read_action

SEED = 5
"""The first hand of this game: the computer deals, so you are offered the upcard first."""


def run(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse reports bad usage this way
        return exc.code


def typed(game: GinGame, seat: int = 0) -> list[str]:
    """What a person types to make ``seat``'s moves of a played game."""
    lines = []
    for hand in game.hands:
        for who, action in hand.history:
            if who != seat:
                continue
            if action.kind == "knock" and action.card is None:
                lines.append("gin")  # big gin
            elif action.kind == "stock":
                lines.append("draw")
            else:
                lines.append(str(action))
    return lines


def state(hand: GinHand) -> tuple:
    """Everything an action could change."""
    return (
        tuple(tuple(sorted(h)) for h in hand.hands),
        tuple(hand.discards),
        tuple(hand.stock),
        hand.turn,
        hand.phase,
        hand.passes,
        hand.taken,
        len(hand.history),
    )


class Scripted:
    """An ``ask`` answering with ``lines`` (then end of input) that records, at each
    prompt, the state of the hand being played; and a ``say`` that keeps the text."""

    def __init__(self, lines) -> None:
        self.lines = iter(lines)
        self.out: list[str] = []
        self.states: list[tuple] = []
        self.terminal: GinTerminal | None = None

    def ask(self, prompt: str) -> str:
        self.out.append(prompt)
        assert self.terminal is not None
        self.states.append(state(self.terminal.game.hands[-1]))
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None

    def say(self, text: str) -> None:
        self.out.append(text)

    def play(self, seed: int = SEED, opponent: str = "greedy") -> str:
        self.terminal = GinTerminal(seed, make_player(opponent), ask=self.ask, say=self.say)
        assert self.terminal.run() == 0
        return "\n".join(self.out)


def first_hand(seed: int = SEED) -> GinHand:
    hand = GinGame(seed).new_hand()
    assert hand.dealer == 1 and hand.turn == 0  # the story of these tests
    return hand


# --- a whole game -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, computer",
    [
        (["--seed", "3"], ("greedy", {})),
        (
            ["--seed", "8", "--opponent", "lookahead", "--knock-at", "4"],
            ("lookahead", {"knock_at": 4}),
        ),
        (["--seed", "0", "--opponent", "random"], ("random", {})),  # a shutout
    ],
    ids=["default", "lookahead-knock-at-4", "random-shutout"],
)
def test_a_whole_game_to_100_through_main(argv, computer, monkeypatch, capsys):
    seed = int(argv[1])
    name, options = computer
    expected = GinGame(seed).play([GreedyPlayer(), make_player(name, **options)])
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed(expected)) + "\n"))
    assert run(["gin", *argv]) == 0
    out = capsys.readouterr().out
    score = expected.score
    hands = len(expected.hands)
    assert f"Gin Rummy, seed {seed}" in out
    assert out.count("=== hand") == hands and f"=== hand {hands}:" in out
    assert out.count("Score: you") == hands  # the score after each hand
    you, computer_points = expected.points
    assert f"Score: you {you}, the computer {computer_points} (a game to 100)" in out
    assert f"Game over after {hands} hands" in out
    assert re.search(rf"total\s+{score.totals[0]}\s+{score.totals[1]}", out)
    assert "Bye!" not in out and "Traceback" not in out
    assert "Not allowed" not in out  # every typed action was legal
    assert "The computer draws a card from the stock." in out  # its moves are printed
    assert max(score.hand_points) >= 100
    assert ("shutout x2" in out) == score.shutout == (name == "random")  # as chosen


def test_a_shorter_game_with_target(monkeypatch, capsys):
    from dataclasses import replace

    from shengji_edu.gin import STANDARD

    expected = GinGame(3, replace(STANDARD, target=30)).play([GreedyPlayer(), GreedyPlayer()])
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed(expected)) + "\n"))
    assert run(["gin", "--seed", "3", "--target", "30"]) == 0
    out = capsys.readouterr().out
    assert "(a game to 30)" in out and f"Game over after {len(expected.hands)} hands" in out


# --- what a person sees and types ------------------------------------------------------------
def test_the_hand_is_shown_sorted_by_suit_with_its_melds():
    hand = first_hand()
    script = Scripted([])
    out = script.play()
    assert f"Your hand: {hand_text(hand.hands[0])}" in out
    assert f"  {melds_text(hand.hands[0])}" in out
    assert "deadwood" in melds_text(hand.hands[0])
    suits = [card // 13 for card in sorted(hand.hands[0])]
    assert suits == sorted(suits)
    assert f"Take the {card_text(hand.top, pretty=True)} or pass?" in out


def test_question_mark_lists_the_legal_actions():
    first_hand()
    script = Scripted(["?", "draw", "?"])
    out = script.play()
    assert "What you may do now:\n  take, pass" in out
    # the offer: "draw" is refused by the engine; then "?" again lists the same choices
    assert out.count("  take, pass") == 2
    assert "Not allowed: first take the upcard" in out
    assert len(set(script.states)) == 1


def test_question_mark_after_a_draw_lists_discards_and_knocks():
    script = Scripted(["pass", "draw", "?"])
    out = script.play()
    after = out.split("What you may do now:")[-1]
    assert "discard CARD, any of:" in after
    assert "take" not in after.splitlines()[1]  # no drawing twice


REFUSED = [
    ("discard 2S", "Not allowed: first take the upcard QC or pass"),
    ("knock", "Not allowed: first take the upcard QC or pass"),
    ("discard C7", "write the rank first: 7C"),
    ("flip", "cannot read 'flip'"),
    ("", "type an action"),
    ("draw 7S", "draw takes no card"),
]


@pytest.mark.parametrize("line, reason", REFUSED, ids=[r[0] or "empty" for r in REFUSED])
def test_a_refusal_prints_the_reason_and_changes_nothing(line, reason):
    first_hand()
    script = Scripted([line, "pass"])
    out = script.play()
    assert reason in out
    assert script.states[0] == script.states[1]  # asked again, nothing changed
    assert "You pass on the" in out  # and the next, legal, action is taken


def test_refusals_in_the_discard_phase_are_the_engines():
    hand = first_hand()
    upcard = card_text(hand.top)
    worst = card_text(sorted(hand.hands[0])[0])
    script = Scripted(["take", f"discard {upcard}", f"knock {worst}", "gin", "take", "flip"])
    out = script.play()
    assert f"Not allowed: {upcard} was just taken from the discard pile" in out
    assert f"Not allowed: cannot knock discarding {worst}: deadwood" in out
    assert "no gin: the best discard leaves" in out
    assert "Not allowed: you hold 11 cards: discard one (or knock)" in out
    assert len(set(script.states[1:])) == 1  # after "take", nothing changed any more


def test_the_computer_moves_are_printed():
    out = Scripted(["pass", "draw", "discard " + card_text(sorted(first_hand().hands[0])[-1])])
    text = out.play()
    assert re.search(r"The computer (passes on|takes) the ", text)
    assert "You draw the " in text and "from the stock." in text


# --- leaving -------------------------------------------------------------------------------------
@pytest.mark.parametrize("stdin", ["", "quit\n", "pass\nq\n"])
def test_end_of_input_or_quit_leaves_cleanly(stdin, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert run(["gin", "--seed", str(SEED)]) == 0
    captured = capsys.readouterr()
    assert "Bye! (the game was not finished)" in captured.out
    assert "Traceback" not in captured.out + captured.err


# --- options -------------------------------------------------------------------------------------
BAD = [
    (["--knock-at", "11"], "knock_at must be a whole number, 0 to 10"),
    (["--knock-at", "-1"], "knock_at must be a whole number, 0 to 10"),
    (["--knock-at", "five"], "'five' is not a whole number"),
    (["--opponent", "robot"], "unknown Gin Rummy player 'robot': choose one of random"),
    (["--target", "0"], "the target must be at least 1 point"),
    (["--seed", "x"], "'x' is not a whole number"),
]


@pytest.mark.parametrize("argv, message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_options_exit_2_with_the_packages_message(argv, message, capsys):
    assert run(["gin", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_help_lists_gin(capsys):
    assert "Gin Rummy" in build_parser().format_help()  # shengji --help
    assert run(["gin", "--help"]) == 0
    options = capsys.readouterr().out
    for option in ("--seed", "--opponent", "--knock-at", "--target", "lookahead"):
        assert option in options


def test_knock_at_reaches_the_computer_player(monkeypatch):
    made = []
    original = make_player

    def spy(name, **options):
        made.append((name, options))
        return original(name, **options)

    monkeypatch.setattr("shengji_edu.gin.terminal.make_player", spy)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert run(["gin", "--seed", "1", "--opponent", "defensive", "--knock-at", "3"]) == 0
    assert made == [("defensive", {"knock_at": 3})]


def test_shengji_gin_seed_5_is_the_lessons_table(monkeypatch, capsys):
    """Lesson 10's claim: ``shengji gin --seed 5`` is ``GinTable(seed=5)``'s game."""
    from shengji_edu.widgets import GinTable

    table = GinTable(seed=SEED)
    me = GreedyPlayer()
    for _ in range(1000):
        if table.game.over:
            break
        if table.hand.over:
            table.next_button.click()
            continue
        action = me.act(table.hand.view(0))
        if action.card is not None:
            table.toggle_of(action.card).value = True
        button = {"take": "take", "pass": "pass", "stock": "draw"}.get(action.kind, action.kind)
        table.buttons[button].click()
    assert table.game.over
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed(table.game)) + "\n"))
    assert run(["gin", "--seed", str(SEED)]) == 0
    out = capsys.readouterr().out
    totals = table.game.score.totals
    assert f"Game over after {len(table.game.hands)} hands" in out
    assert re.search(rf"total\s+{totals[0]}\s+{totals[1]}", out)


# --- typed words ---------------------------------------------------------------------------------
FIRST = "AS 2S 3S 4H 5H 6H 7D 8D 9D 4C"  # three melds and the 4♣: the person's cards
DEALER = "KS QS JH TH 9H 8C 7C 6S 5D 3D"


def prepared(upcard: str) -> GinHand:
    """The person (seat 0, not dealing) holds FIRST and is offered ``upcard``."""
    first, dealer = parse_hand(FIRST), parse_hand(DEALER)
    deck = [c for pair in zip(first, dealer, strict=True) for c in pair] + parse_hand([upcard])
    return GinHand(seed=1, dealer=1, deck=deck + [c for c in range(52) if c not in deck])


def test_gin_is_the_knock_that_leaves_no_deadwood():
    hand = prepared("4S")
    hand.act(0, read_action("take", hand))
    assert read_action("gin", hand) == Action("knock", "4C")
    assert read_action("gin 4c", hand) == Action("knock", "4C")
    with pytest.raises(ValueError, match="no gin: discarding the 5♥ leaves 6 deadwood"):
        read_action("gin 5H", hand)
    assert "gin: knock with no deadwood" in choices_text(hand)
    assert "4♣ (leaves 0)" in choices_text(hand)


def test_without_gin_the_word_gin_explains():
    hand = prepared("KC")
    hand.act(0, read_action("take", hand))
    with pytest.raises(ValueError, match="no gin: the best discard leaves 10 deadwood"):
        read_action("gin", hand)
    assert "gin:" not in choices_text(hand)


def test_the_words_are_the_engines_actions():
    hand = prepared("4S")
    assert read_action("draw", hand) == read_action("stock", hand) == STOCK
    assert read_action("knock", hand) == BIG_GIN
    assert read_action("discard 7♠", hand) == Action("discard", "7S")
    with pytest.raises(ValueError, match="say which card to discard"):
        read_action("discard", hand)
    assert read_action("gin", hand) == BIG_GIN  # not discarding yet: the engine will say so
    with pytest.raises(IllegalMove, match="first take the upcard 4S or pass"):
        hand.act(0, read_action("gin", hand))
