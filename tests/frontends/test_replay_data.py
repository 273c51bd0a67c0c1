"""The replay's steps (shengji_edu.render.replay_data), which the HTML viewer and the table's
Replay panel both show: checked against the engine's hand, not against their own output."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_edu import RuleSet
from shengji_edu.arena import deal_setup
from shengji_edu.game import Table
from shengji_edu.i18n import translator
from shengji_edu.players import GreedyPlayer, RandomPlayer
from shengji_edu.render.replay_data import replay_data, review_notes
from shengji_edu.review import explain_round
from shengji_edu.tournament.match import new_round


def hand(seed: int, rules: RuleSet = RuleSet(), players=GreedyPlayer):
    round_ = new_round(deal_setup(seed, random.Random(seed), rules), rules)
    Table(round_, [players() for _ in range(4)]).run()
    return round_


def flat(groups) -> list[str]:
    return [c[0] for g in groups for c in g["cards"]]


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(decks=1), RuleSet(decks=3)])
def test_each_step_is_the_hand_after_that_play(rules):
    round_ = hand(3, rules, lambda: RandomPlayer(throw_rate=0.3))
    tr = translator("en")
    data = replay_data(round_)
    frames = data["frames"]
    plays = [(n, seat, cards) for n, t in enumerate(round_.tricks) for seat, cards in t.plays]
    assert len(frames) == 1 + len(plays)
    start = [Counter(flat(h)) for h in frames[0]["hands"]]
    assert sum(sum(c.values()) for c in start) == rules.dealt_cards
    gone = [Counter() for _ in range(4)]
    points = 0
    for frame, (number, seat, cards) in zip(frames[1:], plays, strict=True):
        gone[seat].update(tr.card(c) for c in cards)
        assert frame["trick"] == number + 1
        for s in range(4):
            assert Counter(flat(frame["hands"][s])) == start[s] - gone[s]
        trick = round_.tricks[number]
        assert frame["table"][-1]["seat"] == seat
        done = frame["table"] and len(frame["table"]) == len(trick.plays)
        assert frame["winner"] == (trick.winner if done else None)
        if done and (trick.winner - round_.dealer) % 2:
            points += trick.points
        assert frame["points"] == points
    assert [frames[i]["trick"] for i in data["tricks"]] == list(range(1, len(round_.tricks) + 1))
    assert all(frames[i - 1]["trick"] == frames[i]["trick"] - 1 for i in data["tricks"])


def test_every_play_carries_the_reviews_note_and_the_last_the_tricks():
    round_ = hand(8)
    review = explain_round(round_, "en")
    frames = replay_data(round_, notes=review_notes(round_, "en"))["frames"]
    step = 0
    for trick, note in zip(round_.tricks, review, strict=True):
        for index, (seat, _cards) in enumerate(trick.plays):
            step += 1
            (play,) = [p for p in note.plays if p.seat == seat]
            assert frames[step]["note"].startswith(play.text)
            assert (note.text in frames[step]["note"]) == (index == len(trick.plays) - 1)


def test_a_forfeited_hand_shows_what_was_played():
    round_ = new_round(deal_setup(6, random.Random(6)), RuleSet())
    table = Table(round_, [GreedyPlayer() for _ in range(4)])
    while len(round_.tricks) < 2 or not round_.current_trick:
        table.step()
    data = replay_data(round_, "zh")
    assert data["result"] == ["这一局没有打完。"]
    assert data["frames"][-1]["trick"] == 3
    assert len(data["frames"]) == 1 + 8 + len(round_.current_trick)
    assert data["labels"]["forward"] == "前进"
