"""Views as changes (shengji_edu.tournament.changes; protocol version 2): applied to the last
view, the changes give exactly the whole view's data, question by question and seat by seat,
and the view rebuilt from them (reusing what it read before) equals the one rebuilt from the
whole data. Also the fast path of parse_cards against the readable one. No processes."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_edu.cards import Card, CardParseError, parse_cards
from shengji_edu.game.round import Round
from shengji_edu.game.table import Table
from shengji_edu.game.view import PlayerView
from shengji_edu.players import make_player
from shengji_edu.rules import RuleSet
from shengji_edu.tournament import runner
from shengji_edu.tournament.changes import ChangesError, ViewChanges, ViewTracker


class Recorder:
    """A player that keeps every view it is asked with (declare, bury, play)."""

    def __init__(self, player, asked: list) -> None:
        self.player, self.asked, self.name = player, asked, "recorder"

    def declare(self, view):
        self.asked.append(("declare", view))
        return self.player.declare(view)

    def bury(self, view):
        self.asked.append(("bury", view))
        return self.player.bury(view)

    def play(self, view):
        self.asked.append(("play", view))
        return self.player.play(view)


def questions(seed: int, rules: RuleSet, fixed: bool, kind: str) -> list:
    """Every (question, view) of one hand, in the order asked."""
    trump = rules.trump(5, "H") if fixed else None
    round_ = Round(seed, rules, (5, 5), 1 if fixed else None, fixed_trump=trump)
    asked: list = []
    Table(round_, [Recorder(make_player(kind), asked) for _ in range(4)]).run()
    return asked


def whole(view: PlayerView, rng: random.Random) -> PlayerView:
    return PlayerView.from_data(view.to_data(rng=False), rng=rng)


RULES = [RuleSet(), RuleSet(decks=3), RuleSet(twos_are_trump=True)]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(RULES),
    fixed=st.booleans(),
    kind=st.sampled_from(["random", "greedy"]),
)
def test_the_changes_make_the_whole_view_question_by_question(seed, rules, fixed, kind):
    asked = questions(seed, rules, fixed, kind)
    assert sum(what == "play" for what, _ in asked) >= 4 * rules.hand_size // 4
    sender = [ViewChanges() for _ in range(4)]
    keeper = [ViewTracker() for _ in range(4)]
    sizes = []
    for _what, view in asked:
        seat = view.seat
        line = json.dumps(sender[seat].of(view))  # as it travels
        sizes.append((len(line), len(json.dumps(view.to_data(rng=False)))))
        rng = random.Random(seat)
        rebuilt = keeper[seat].update(json.loads(line), rng)
        assert keeper[seat].data == view.to_data(rng=False)
        assert tuple.__eq__(rebuilt, whole(view, rng))  # the same fields, value by value
        assert rebuilt.legal_declarations == view.legal_declarations
    assert sum(s for s, _ in sizes) < sum(w for _, w in sizes) / 2  # far fewer bytes


def test_a_new_hand_starts_whole_and_a_missed_change_is_refused():
    first = questions(3, RuleSet(), True, "greedy")
    plays = [view for what, view in first if what == "play" and view.seat == 2]
    sender, keeper = ViewChanges(), ViewTracker()
    changes = [sender.of(view) for view in plays[:3]]
    assert changes[0]["table"]["tricks"]["from"] == 0 and "rules" in changes[0]["table"]
    assert "rules" not in changes[1]["table"]  # unchanged: not sent again
    keeper.update(changes[0], random.Random(0))
    with pytest.raises(ChangesError, match="one was missed"):
        keeper.update(changes[2], random.Random(0))  # the second never came
    sender.reset()
    keeper.reset()
    again = sender.of(plays[5])
    assert again["table"]["tricks"]["from"] == 0 and "rules" in again["table"]
    rng = random.Random(0)
    view = keeper.update(again, rng)
    assert tuple.__eq__(view, whole(plays[5], rng))


@pytest.mark.parametrize(
    "changes",
    [None, [], {"seat": 1}, {"table": {}}, {"table": {"tricks": {"from": "0", "items": []}}}],
)
def test_changes_that_are_not_changes_are_refused_with_the_packages_error(changes):
    keeper = ViewTracker()
    with pytest.raises(ChangesError) as refused:
        keeper.update(changes, random.Random(0))
    assert isinstance(refused.value, ValueError) and keeper.view is None


def test_the_runner_answers_the_same_from_changes_as_from_whole_views():
    asked = questions(11, RuleSet(), True, "greedy")
    bots = {how: runner.Bot(runner.load({"baseline": "greedy"})) for how in ("whole", "changes")}
    sender = [ViewChanges() for _ in range(4)]
    for bot in bots.values():
        bot.new_hand([3, [0] * 625, None])
    for what, view in asked:
        if what != "play" or view.seat != 0:
            continue
        data = view.to_data(rng=False)
        by_whole = bots["whole"].decide(what, json.loads(json.dumps(data)))
        changes = json.loads(json.dumps(sender[0].of(view)))
        assert bots["changes"].decide(what, None, changes) == by_whole
        assert by_whole["event"] == "answer"


TOKENS = ["S10", "HA", "BJ", "LJ", "D2", "C9", "s10", "♠A", "10S", "X1", "", "大王", "S1O"]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(TOKENS), max_size=8), st.sampled_from([" ", ",", ", ", "  "]))
def test_parse_cards_reads_every_text_as_the_readable_path_does(tokens, separator):
    text = separator.join(tokens)
    try:
        expected = [Card.parse(t) for t in text.replace(",", " ").split()]
    except CardParseError as error:
        with pytest.raises(CardParseError) as raised:
            parse_cards(text)
        assert str(raised.value) == str(error)
        return
    assert parse_cards(text) == expected
