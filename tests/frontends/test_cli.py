"""The ``shengji`` command line and the terminal player.

``main(argv)`` returns an exit code; argparse's own errors leave through SystemExit(2), so
``run`` below turns both into a code.  The terminal player is driven with scripted input: an
iterator of lines whose end is end-of-file, after which the game must end cleanly.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections import Counter

import pytest

from shengji_edu import ALL_CARDS, Trump, format_cards
from shengji_edu.cli import COMPUTER, build_parser, main, throw_failed_text
from shengji_edu.follow import iter_legal_follows
from shengji_edu.game import PLAYING, Match, Round, Table
from shengji_edu.players import GreedyPlayer, RandomPlayer, make_player
from shengji_edu.players.human import HumanPlayer, QuitGame
from shengji_edu.render.text import finished_trick_text


def run(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse reports bad usage this way
        return exc.code


def scripted(lines, prompts=None):
    """An ``ask`` that answers with ``lines`` and then hits end-of-file."""
    answers = iter(lines)

    def ask(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return ask


# --- play --auto, simulate, replay -------------------------------------------------------------
def test_play_auto_plays_a_whole_match(capsys):
    assert run(["play", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    expected = Match(1).play([GreedyPlayer() for _ in range(4)])  # --auto: greedy for you
    assert f"Team {expected.winner} wins the match after {len(expected.rounds)} hands" in out
    assert out.count("=== hand") == len(expected.rounds)
    assert "wins the match at level A" in out


def test_play_auto_is_reproducible(capsys):
    run(["play", "--auto", "--seed", "5", "--hands", "2", "--verbose"])
    first = capsys.readouterr().out
    run(["play", "--auto", "--seed", "5", "--hands", "2", "--verbose"])
    assert capsys.readouterr().out == first
    assert "trick  1:" in first and "=== hand 2 ===" in first and "=== hand 3" not in first


def test_play_with_rule_variants_and_level(capsys):
    argv = ["play", "--auto", "--seed", "4", "--hands", "1", "--level", "K"]
    argv += ["--rules", "kitty=linear,throw_penalty=10,bidding=after_deal"]
    assert run(argv) == 0
    out = capsys.readouterr().out
    assert "level K" in out and "levels (team 0/team 1): K/K" in out


def test_simulate_prints_a_summary(capsys):
    assert run(["simulate", "--hands", "20"]) == 0
    out = capsys.readouterr().out
    assert "20 hands" in out
    won = [int(n) for n in re.findall(r"won (\d+) hands", out)]
    assert len(won) == 2 and sum(won) == 20
    assert re.search(r"average defender points: \d+\.\d", out)


def test_simulate_with_options(capsys):
    argv = ["simulate", "--hands", "6", "--players", "random,random,random,random"]
    assert run([*argv, "--seed", "3", "--rules", "settlement=escalating"]) == 0
    out = capsys.readouterr().out
    assert "6 hands" in out and "seed 3" in out


def test_replay_a_saved_match(tmp_path, capsys):
    path = tmp_path / "match.json"
    assert run(["play", "--auto", "--seed", "2", "--save", str(path)]) == 0
    played = capsys.readouterr().out
    assert "saved the record" in played
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "shengji-edu match"
    assert run(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("=== hand") == len(record["hands"])
    assert "trick  1:" in out
    assert f"Team {record['winner']} won the match" in out


def test_replay_a_saved_single_hand(tmp_path, capsys):
    path = tmp_path / "hand.json"
    assert run(["play", "--auto", "--seed", "9", "--hands", "1", "--save", str(path)]) == 0
    capsys.readouterr()
    assert run(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "trick  1:" in out and "defenders' points" in out


def test_replay_a_tampered_file_exits_2(tmp_path, capsys):
    path = tmp_path / "hand.json"
    run(["play", "--auto", "--seed", "9", "--hands", "1", "--save", str(path)])
    record = json.loads(path.read_text(encoding="utf-8"))
    record["hands"][0]["seed"] += 1
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert run(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shengji:") and "seed" in err and "Traceback" not in err


# --- bad options -----------------------------------------------------------------------------
BAD = [
    ["play", "--players", "human,random"],
    ["play", "--auto", "--players", "robot"],
    ["play", "--auto", "--rules", "kitty=cubic"],
    ["play", "--auto", "--rules", "nonsense"],
    ["play", "--auto", "--rules", "jokers=3"],
    ["play", "--auto", "--rules", "throw_penalty=-5"],
    ["play", "--auto", "--level", "15"],
    ["play", "--auto", "--level", "Z"],
    ["play", "--seed", "abc"],
    ["play", "--auto", "--hands", "two"],
    ["simulate", "--hands", "x"],
    ["simulate", "--hands", "2", "--players", "robot"],
    ["simulate", "--hands", "2", "--rules", "bidding=never"],
    ["replay"],
    ["dance"],
    [],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a) or "nothing" for a in BAD])
def test_bad_options_exit_2_with_a_message(argv, capsys):
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.strip(), "a message on stderr"
    assert "Traceback" not in captured.err + captured.out


def test_replay_of_a_missing_or_garbage_file_exits_2(tmp_path, capsys):
    assert run(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert run(["replay", str(garbage)]) == 2
    err = capsys.readouterr().err
    assert "JSON" in err and "Traceback" not in err


def test_simulate_zero_hands_does_not_crash(capsys):
    code = run(["simulate", "--hands", "0"])
    captured = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert "hands" in captured.err


@pytest.mark.parametrize(
    "argv", [["simulate", "--hands", "-1"], ["play", "--auto", "--hands", "-1"]]
)
def test_negative_hands_is_a_bad_option(argv, capsys):
    assert run(argv) == 2
    assert "hands" in capsys.readouterr().err


# --- the terminal player -------------------------------------------------------------------------
def first_human_follow(max_seed: int = 60):
    """A match seed whose first hand asks seat 0 first to follow a single-card lead while it
    holds both the led suit and another suit; the round at that moment."""
    for seed in range(max_seed):
        rnd = Match(seed).new_round()
        Table(rnd, [None, *(make_player(COMPUTER) for _ in range(3))]).run()
        if rnd.phase != PLAYING or rnd.turn != 0 or rnd.lead is None or len(rnd.lead) != 1:
            continue
        suit = rnd.trump.suit_of(rnd.lead[0])
        mine = [c for c in rnd.hand(0) if rnd.trump.suit_of(c) == suit]
        other = [c for c in rnd.hand(0) if rnd.trump.suit_of(c) != suit]
        if len(mine) >= 2 and other:
            return seed, rnd, mine, other
    pytest.fail("no seed found")


def test_terminal_play_survives_garbage_through_main(monkeypatch, capsys):
    seed, rnd, mine, other = first_human_follow()
    absent = next(c for c in ALL_CARDS if c not in rnd.hand(0))
    lines = [""] * 40  # passes on every declaration prompt, then empty plays
    lines += ["zz", "?", "S1", other[0].text, f"{mine[0].text} {mine[1].text}", absent.text]
    lines += ["Q!", mine[0].pretty]  # the suit symbol form is accepted
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert run(["play", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    assert "cannot read card 'zz'" in out
    assert "cannot read card 'S1'" in out
    assert "Legal plays include" in out
    assert "you must follow" in out
    assert "play exactly 1" in out
    assert "Type the cards to play" in out  # an empty line gets a hint, not a rule
    assert f"do not hold {absent.pretty}" in out
    assert re.search(r"trick  1: .*South: " + re.escape(mine[0].pretty), out)
    assert "Bye!" in out and "Traceback" not in out


def test_terminal_quit_ends_the_game_cleanly(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 40 + "quit\n"))
    assert run(["play", "--seed", "3"]) == 0
    assert "Bye!" in capsys.readouterr().out


def test_terminal_end_of_input_ends_the_game_cleanly(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    path = tmp_path / "partial.json"
    assert run(["play", "--seed", "3", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Bye!" in out and "saved the record" in out
    assert path.exists()


def dealer_human_round(seed: int = 31):
    """Seat 0 (the person) deals with spades trump at level 2; the kitty is in its hand."""
    rnd = Round(seed, levels=(2, 2), dealer=0, fixed_trump=Trump(2, "S"))
    rnd.deal_all()
    rnd.finish_deal()
    return rnd


def test_terminal_bury_and_lead_explain_mistakes():
    rnd = dealer_human_round()
    hand = list(rnd.hand(0))
    trump = rnd.trump
    absent = next(c for c in ALL_CARDS if c not in hand)
    spade = next(c for c in hand if trump.suit_of(c) == "T")
    side = next(c for c in hand if trump.suit_of(c) != "T")
    bury = hand[-8:]
    lines = [
        "zz",  # unreadable
        format_cards(hand[:7]),  # 7 cards
        format_cards(hand[:9]),  # 9 cards
        format_cards([absent, *hand[:7]]),  # a card not held
        format_cards(bury),  # fine
        "?",  # help
        "",  # nothing
        "BJ BJ BJ",  # not held (at most two exist)
        f"{spade.text} {side.text}",  # mixed suits
        absent.text,  # not held
        side.text,  # fine
    ]
    said: list[str] = []
    prompts: list[str] = []
    human = HumanPlayer(ask=scripted(lines, prompts), say=said.append)
    table = Table(rnd, [human, RandomPlayer(), RandomPlayer(), RandomPlayer()])
    with pytest.raises(QuitGame):
        table.run()
    text = "\n".join(said)
    assert "cannot read card 'zz'" in text
    assert "bury exactly 8 cards; you chose 7" in text
    assert "you chose 9" in text
    assert f"do not hold {absent.pretty}" in text
    assert "Lead any cards of one suit" in text
    assert "Type the cards to play" in text
    assert "mixes" in text
    assert Counter(rnd.kitty) == Counter(bury)
    assert rnd.tricks[0].plays[0] == (0, (side,))
    assert len(prompts) == len(lines) + 1  # asked once more, then end of input
    assert rnd.phase == PLAYING


def test_terminal_follow_explains_mistakes_and_accepts_a_legal_play():
    seed, rnd, mine, other = first_human_follow()
    lead = rnd.lead
    absent = next(c for c in ALL_CARDS if c not in rnd.hand(0))
    lines = ["?", other[0].text, format_cards(mine[:2]), absent.text, "", mine[0].text]
    said: list[str] = []
    human = HumanPlayer(ask=scripted(lines), say=said.append)
    table = Table(rnd, [human, RandomPlayer(), RandomPlayer(), RandomPlayer()])
    with pytest.raises(QuitGame):
        table.run()
    text = "\n".join(said)
    assert "Trick so far" in text
    assert "Legal plays include" in text
    assert "you must follow" in text
    assert "play exactly 1" in text
    assert f"do not hold {absent.pretty}" in text
    assert rnd.tricks[0].plays[[s for s, _ in rnd.tricks[0].plays].index(0)][1] == (mine[0],)
    assert rnd.tricks[0].lead == lead


def declare_at_the_terminal(answers: list[str]) -> tuple[Round, str]:
    """Deal the first hand in which seat 0, a person typing ``answers``, can declare (the
    others never declare) until a declaration is made: the round, and what the person was
    told."""
    for seed in range(100):
        rnd = Round(seed)
        said: list[str] = []
        human = HumanPlayer(ask=scripted(answers), say=said.append)
        table = Table(rnd, [human, *(RandomPlayer(declare_rate=0.0) for _ in range(3))])
        while rnd.phase == "dealing" and not rnd.declarations:
            table.step()
        if rnd.declarations:
            return rnd, "\n".join(said)
    pytest.fail("seat 0 never could declare")


def test_terminal_declaration_prompt():
    rnd, text = declare_at_the_terminal(["zz", "99", "0", "1"])
    assert "1: declare" in text
    assert text.count("Type a number from 1 to") == 3
    assert rnd.declarations[0].seat == 0


def test_terminal_quit_words_and_none():
    rnd = dealer_human_round()
    view_table = Table(rnd, [HumanPlayer(ask=scripted(["q"]), say=lambda s: None), *[None] * 3])
    with pytest.raises(QuitGame):
        view_table.step()
    human = HumanPlayer(ask=lambda prompt: None, say=lambda s: None)
    with pytest.raises(QuitGame):
        Table(rnd, [human, None, None, None]).step()
    assert len(rnd.hand(0)) == 33  # nothing happened


def test_terminal_gives_up_after_max_attempts():
    rnd = dealer_human_round()
    human = HumanPlayer(ask=lambda prompt: "zz", say=lambda s: None, max_attempts=5)
    with pytest.raises(QuitGame):
        Table(rnd, [human, None, None, None]).step()


def test_terminal_help_at_the_bury_prompt_lists_what_may_be_buried():
    rnd = dealer_human_round()
    hand = list(rnd.hand(0))
    said: list[str] = []
    human = HumanPlayer(ask=scripted(["?", "help", format_cards(hand[-8:])]), say=said.append)
    table = Table(rnd, [human, None, None, None])
    table.step()  # the bury
    text = "\n".join(said)
    assert "cannot read card" not in text
    assert text.count("Bury 8 cards: type any 8 of your 33 cards") == 2
    assert "You may bury any of these:" in text
    shown = text.split("You may bury any of these:\n", 1)[1]
    assert all(card.pretty in shown for card in hand)
    assert Counter(rnd.kitty) == Counter(hand[-8:])


def test_terminal_help_at_the_declaration_prompt_lists_the_choices():
    rnd, text = declare_at_the_terminal(["?", "1"])
    assert "Type the number of what you want to declare, or just Enter to pass:" in text
    assert "Type a number from" not in text  # "?" is help, not a mistake
    first = format_cards(rnd.declarations[0].cards, pretty=True)
    assert text.count(f"1: declare {first}") == 2  # the menu, then the help
    assert rnd.declarations[0].seat == 0


def test_terminal_help_at_the_overcall_prompt_lists_the_choices():
    from shengji_edu import RuleSet

    def ask(prompt: str) -> str:
        if prompt.startswith("Overcall?"):
            return overcall_answers.pop(0)  # "?" then Enter (pass)
        if prompt.startswith("Declare?"):
            return ""
        raise EOFError  # the person buries or plays: not this test's question

    for seed in range(200):
        said: list[str] = []
        overcall_answers = ["?", ""]
        rnd = Round(seed, RuleSet(overcall_after_bury=True))
        table = Table(
            rnd, [HumanPlayer(ask=ask, say=said.append), *(GreedyPlayer() for _ in range(3))]
        )
        with pytest.raises(QuitGame):
            table.run()
        if not overcall_answers:
            break
    else:
        pytest.fail("seat 0 never could overcall")
    text = "\n".join(said)
    assert "Type the number of what you want to overcall with, or just Enter to pass:" in text
    assert "Type a number from" not in text
    assert text.count("1: overcall with") == 2  # the menu, then the help


def test_a_failed_throw_is_explained_as_the_table_explains_it(capsys, tmp_path):
    from shengji_edu.game import load
    from shengji_edu.render.text import seat_name
    from shengji_edu.widgets import PlayTable
    from shengji_edu.widgets.views import event_text

    path = tmp_path / "match.json"
    argv = ["play", "--auto", "--players", "random,random,random,random", "--verbose"]
    assert run([*argv, "--hands", "1", "--seed", "1", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    failed = [e for e in load(path).rounds[0].events if e.kind == "throw_failed"]
    assert failed  # random players throw, and often fail
    lines = out.splitlines()
    context = PlayTable(seed=1)._ctx()
    for event in failed:
        text = throw_failed_text(event)
        # the table's sentence for the same event; only the seat is named the terminal's way
        by_table = event_text(context, event)
        assert text.split(" tried to throw ", 1)[1] == by_table.split(" tried to throw ", 1)[1]
        assert text.startswith(seat_name(event.seat) + " tried to throw ")
        said = lines.index(text)  # printed once the lead is made, before the trick ends ...
        trick = next(n for n, line in enumerate(lines) if n > said and "(failed throw:" in line)
        assert not any(line.startswith("trick") for line in lines[said + 1 : trick])


def test_play_defaults_to_greedy_opponents_like_the_table():
    from shengji_edu.widgets import PlayTable

    args = build_parser().parse_args(["play"])
    assert args.players == ["human", "greedy", "greedy", "greedy"] and COMPUTER == "greedy"
    assert PlayTable(seed=1).computer == COMPUTER


def table_first_trick(declare: bool):
    """``PlayTable(seed=12)`` driven as lesson 09's student would: deal, declare the first
    offer (or never), bury the 8 lowest cards if South deals, then play the first legal
    follow (or lead the highest card). Returns the round and what South typed for it."""
    from shengji_edu.game import DEALING, KITTY
    from shengji_edu.widgets import PlayTable

    def press(cards):
        wanted = list(cards)
        for toggle in pt.hand_toggles:
            toggle.value = pt.card_of(toggle) in wanted
            if toggle.value:
                wanted.remove(pt.card_of(toggle))
        assert not wanted

    pt = PlayTable(seed=12, trick_pause=0)  # the game, not the pause after a trick
    rnd = pt.round
    for _ in range(200):
        if rnd.phase != DEALING:
            break
        if declare and pt.declare_buttons and rnd.standing_declaration is None:
            pt.declare_buttons[0].click()
        elif pt.deal_on_button is not None:
            pt.deal_on_button.click()
        else:
            pt.deal_all_button.click()
    typed = []
    if rnd.phase == KITTY:
        bury = sorted(rnd.hand(0))[:8]
        press(bury)
        pt.bury_button.click()
        typed.append(format_cards(bury))
    assert rnd.phase == PLAYING and rnd.turn == 0, pt.message
    if rnd.lead is None:
        play = [rnd.trump.sort(rnd.hand(0))[-1]]
    else:
        play = next(iter_legal_follows(rnd.hand(0), rnd.lead, rnd.trump))
    press(play)
    pt.play_button.click()
    typed.append(format_cards(play))
    assert rnd.tricks, pt.message
    return rnd, typed


@pytest.mark.parametrize("declare", [False, True], ids=["pass", "declare"])
def test_shengji_play_seed_12_is_the_tables_game(declare, monkeypatch, capsys, tmp_path):
    """Lesson 09's claim: ``shengji play --seed 12`` is ``PlayTable(seed=12)``'s game: the
    same deal, declarations, bury and first trick for the same choices of the person."""
    from shengji_edu.game import load

    table_round, typed = table_first_trick(declare)
    lines = (["1"] if declare else []) + [""] * 40 + typed  # Enter passes (and waits)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    path = tmp_path / "match.json"
    assert run(["play", "--seed", "12", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    cli_round = load(path).rounds[0]
    assert cli_round.deck == table_round.deck
    assert cli_round.declarations == table_round.declarations
    if declare:
        assert cli_round.declarations[0].seat == 0 and cli_round.dealer == 0
    trick = table_round.tricks[0]
    assert cli_round.tricks[0] == trick
    assert finished_trick_text(1, trick) in out

    # both stop when South is asked again (the table waits for a click, the terminal reads
    # end of input): every action so far, the computers' moves of trick 2 included, agrees
    # (the cards of an action as a multiset: the table lists a bury in its display order)
    def same(actions):
        return [{**a, "cards": sorted(a.get("cards", "").split())} for a in actions]

    assert same(cli_round.actions) == same(table_round.actions)


# --- python -m shengji_edu ----------------------------------------------------------------------
def test_python_dash_m_simulate():
    proc = subprocess.run(
        [sys.executable, "-m", "shengji_edu", "simulate", "--hands", "5"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "5 hands" in proc.stdout
    assert "average defender points" in proc.stdout


def test_python_dash_m_bad_option():
    proc = subprocess.run(
        [sys.executable, "-m", "shengji_edu", "play", "--auto", "--players", "robot"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "robot" in proc.stderr and "Traceback" not in proc.stderr


def test_allow_root_sandbox_is_passed_to_every_sandbox_of_the_run(monkeypatch, tmp_path):
    from shengji_edu.sandbox import ALLOW_ROOT_VARIABLE

    monkeypatch.setenv(ALLOW_ROOT_VARIABLE, "0")  # so that the variable is removed after the test
    monkeypatch.delenv(ALLOW_ROOT_VARIABLE)  # (main() sets it for the rest of its process)
    assert run(["tournament", str(tmp_path / "missing")]) == 2  # no such folder
    assert ALLOW_ROOT_VARIABLE not in os.environ
    assert run(["tournament", str(tmp_path / "missing"), "--allow-root-sandbox"]) == 2
    assert os.environ[ALLOW_ROOT_VARIABLE] == "1"
