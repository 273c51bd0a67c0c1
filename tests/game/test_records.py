"""Records (RULES §9): a tampered, truncated or malformed record is rejected with RecordError
and a message that says what is wrong; an honest record loads."""

from __future__ import annotations

import copy
import json

import pytest

from shengji_edu import RuleSet, parse_cards
from shengji_edu.game import (
    FINISHED,
    Match,
    RecordError,
    Round,
    Table,
    hand_record,
    load,
    loads,
    match_record,
    save,
)
from shengji_edu.players import RandomPlayer


def _players():
    return [RandomPlayer(throw_rate=0.3) for _ in range(4)]


@pytest.fixture(scope="module")
def hand():
    """A finished hand's record with at least one declaration."""
    for seed in range(100):
        rnd = Round(seed)
        Table(rnd, _players()).run()
        if rnd.declarations:
            return hand_record(rnd)
    pytest.fail("no hand with a declaration")


@pytest.fixture(scope="module")
def match():
    m = Match(7, start_level=12)
    m.play(_players())
    assert len(m.rounds) >= 3, "need a hand in the middle"
    return match_record(m)


def rejected(data, *words) -> str:
    """Loading ``data`` (a dict, or JSON text) fails with RecordError naming ``words``."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        loads(text)
    message = str(info.value)
    assert len(message) > 15, message
    for word in words:
        assert word.lower() in message.lower(), message
    return message


def play_indices(record) -> list[int]:
    return [i for i, a in enumerate(record["actions"]) if a["action"] == "play"]


# --- honest records load -------------------------------------------------------------------
def test_an_honest_hand_record_loads(hand):
    loaded = loads(json.dumps(hand))
    assert isinstance(loaded, Round) and loaded.phase == FINISHED
    assert hand_record(loaded) == hand


def test_an_honest_match_record_loads(match, tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match), encoding="utf-8")
    loaded = load(path)
    assert isinstance(loaded, Match) and match_record(loaded) == match


def test_save_and_load_a_round(tmp_path):
    rnd = Round(3, RuleSet(kitty="linear", bidding="after_deal"))
    Table(rnd, _players()).run()
    path = tmp_path / "hand.json"
    save(rnd, path)
    assert hand_record(load(path)) == hand_record(rnd)


def test_a_missing_file_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "nope.json")


# --- tampered hands ------------------------------------------------------------------------
def test_card_swapped_between_two_hands(hand):
    bad = copy.deepcopy(hand)
    a = parse_cards(bad["deal"]["hands"][0])
    b = parse_cards(bad["deal"]["hands"][1])
    i, j = next((i, j) for i in range(25) for j in range(25) if a[i] != b[j])
    a[i], b[j] = b[j], a[i]
    bad["deal"]["hands"][0] = " ".join(c.text for c in a)
    bad["deal"]["hands"][1] = " ".join(c.text for c in b)
    rejected(bad, "seed")  # all 108 still there, but not the deal the seed gives


def test_card_swapped_between_a_hand_and_the_kitty(hand):
    bad = copy.deepcopy(hand)
    a = parse_cards(bad["deal"]["hands"][2])
    k = parse_cards(bad["deal"]["kitty"])
    i, j = next((i, j) for i in range(25) for j in range(8) if a[i] != k[j])
    a[i], k[j] = k[j], a[i]
    bad["deal"]["hands"][2] = " ".join(c.text for c in a)
    bad["deal"]["kitty"] = " ".join(c.text for c in k)
    rejected(bad, "seed")


def test_a_third_copy_of_a_card(hand):
    bad = copy.deepcopy(hand)
    cards = parse_cards(bad["deal"]["hands"][0])
    kitty = parse_cards(bad["deal"]["kitty"])
    kitty[0] = next(c for c in cards if c != kitty[0])  # now 3 copies of that card
    everything = [c for h in bad["deal"]["hands"] for c in parse_cards(h)] + kitty
    counts = {c: everything.count(c) for c in everything}
    tripled = next(c for c, n in counts.items() if n == 3)
    bad["deal"]["kitty"] = " ".join(c.text for c in kitty)
    rejected(bad, "twice", tripled.text)


def test_two_play_actions_swapped(hand):
    bad = copy.deepcopy(hand)
    plays = play_indices(bad)
    i, j = plays[5], plays[6]  # two consecutive plays of one trick by different seats
    assert bad["actions"][i]["seat"] != bad["actions"][j]["seat"]
    bad["actions"][i], bad["actions"][j] = bad["actions"][j], bad["actions"][i]
    rejected(bad, "illegal", "turn")


def test_a_play_moved_to_a_later_turn(hand):
    bad = copy.deepcopy(hand)
    plays = play_indices(bad)
    moved = bad["actions"].pop(plays[1])
    bad["actions"].insert(plays[9], moved)
    rejected(bad, "illegal")


def test_a_play_with_cards_of_another_play_by_the_same_seat(hand):
    """The cards of a seat's plays in tricks 1 and 2 are exchanged: the seats still take
    their turns, but the replayed game is not the recorded one."""
    bad = copy.deepcopy(hand)
    actions = bad["actions"]
    plays = play_indices(bad)
    first = plays[1]
    seat = actions[first]["seat"]
    second = next(
        i
        for i in plays[4:]
        if actions[i]["seat"] == seat and actions[i]["cards"] != actions[first]["cards"]
    )
    actions[first]["cards"], actions[second]["cards"] = (
        actions[second]["cards"],
        actions[first]["cards"],
    )
    rejected(bad)


@pytest.mark.parametrize("after", [0, 101])
def test_a_declaration_moved_in_time(hand, after):
    bad = copy.deepcopy(hand)
    declare = next(a for a in bad["actions"] if a["action"] == "declare")
    declare["after_card"] = after
    rejected(bad)


def test_a_declaration_before_its_card_was_dealt(hand):
    bad = copy.deepcopy(hand)
    declare = next(a for a in bad["actions"] if a["action"] == "declare")
    card = parse_cards(declare["cards"])[0]
    seat_cards = parse_cards(bad["deal"]["hands"][declare["seat"]])
    arrives = seat_cards.index(card) * 4 + (declare["seat"] - (bad["dealer"] or 0)) % 4 + 1
    assert arrives <= declare["after_card"]
    if arrives == 1:
        pytest.skip("declared the very first card")
    declare["after_card"] = arrives - 1
    rejected(bad, "not been dealt")


def test_an_edited_seed(hand):
    bad = copy.deepcopy(hand)
    bad["seed"] += 1
    rejected(bad, "seed")


def test_a_missing_trick(hand):
    bad = copy.deepcopy(hand)
    for index in reversed(play_indices(bad)[-4:]):
        del bad["actions"][index]
    rejected(bad, "trick")


def test_a_missing_trick_also_removed_from_the_trick_list(hand):
    bad = copy.deepcopy(hand)
    for index in reversed(play_indices(bad)[-4:]):
        del bad["actions"][index]
    bad["tricks"].pop()
    rejected(bad, "truncated")


@pytest.mark.parametrize(
    "name", ["defender_points", "trick_points", "kitty_points", "levels_after", "next_dealer"]
)
def test_an_edited_total(hand, name):
    bad = copy.deepcopy(hand)
    value = bad["result"][name]
    bad["result"][name] = [v + 1 for v in value] if isinstance(value, list) else value + 5
    rejected(bad, name)


def test_an_edited_trick(hand):
    bad = copy.deepcopy(hand)
    bad["tricks"][2]["points"] += 10
    rejected(bad, "trick 3")


@pytest.mark.parametrize("version", [0, 2, "1", None, 1.5])
def test_a_wrong_version(hand, version):
    bad = copy.deepcopy(hand)
    bad["version"] = version
    rejected(bad, "version")


def test_a_wrong_format(hand):
    bad = copy.deepcopy(hand)
    bad["format"] = "chess game"
    rejected(bad, "format")


@pytest.mark.parametrize("fraction", [0.0, 0.1, 0.5, 0.99])
def test_truncated_json_text(hand, fraction):
    text = json.dumps(hand)
    rejected(text[: int(len(text) * fraction)], "truncated")


@pytest.mark.parametrize("token", ["S1", "X9", "HH", "BJJ", "S11"])
def test_a_card_that_does_not_exist_in_the_deal(hand, token):
    bad = copy.deepcopy(hand)
    cards = bad["deal"]["hands"][1].split()
    cards[3] = token
    bad["deal"]["hands"][1] = " ".join(cards)
    rejected(bad, token)


def test_a_card_that_does_not_exist_in_a_play(hand):
    bad = copy.deepcopy(hand)
    index = play_indices(bad)[2]
    bad["actions"][index]["cards"] = "Z3"
    rejected(bad, "Z3", f"action {index + 1}")


def _set(path, value):
    def tamper(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return tamper


@pytest.mark.parametrize(
    "path, value",
    [
        (("seed",), "12"),
        (("seed",), 1.5),
        (("seed",), True),
        (("seed",), None),
        (("levels",), "2 2"),
        (("levels",), ["2", "2"]),
        (("levels",), [2]),
        (("dealer",), "0"),
        (("dealer",), 7),
        (("rules",), ["power"]),
        (("rules",), {"kitty": "cubic"}),
        (("rules",), {"jokers": 3}),
        (("deal",), "S2 S3"),
        (("deal", "hands"), "S2 S3"),
        (("deal", "hands"), ["S2"] * 3),
        (("deal", "kitty"), 8),
        (("actions",), {"action": "play"}),
        (("actions", 0), "declare"),
        (("actions", 0, "action"), 3),
        (("actions", 0, "action"), "shuffle"),
        (("tricks",), "none"),
        (("result",), "won"),
    ],
)
def test_wrong_types_and_values(hand, path, value):
    bad = copy.deepcopy(hand)
    _set(path, value)(bad)
    rejected(bad)


@pytest.mark.parametrize("field", ["seed", "rules", "deal", "actions", "tricks", "result"])
def test_a_missing_field(hand, field):
    bad = copy.deepcopy(hand)
    del bad[field]
    rejected(bad, field)


def test_a_play_with_a_wrong_seat_type(hand):
    bad = copy.deepcopy(hand)
    bad["actions"][play_indices(bad)[0]]["seat"] = "0"
    rejected(bad, "seat")


def test_a_play_with_a_wrong_cards_type(hand):
    bad = copy.deepcopy(hand)
    bad["actions"][play_indices(bad)[0]]["cards"] = ["S2"]
    rejected(bad)


@pytest.mark.parametrize("text", ["[]", "42", "null", '"hand"', "{}"])
def test_not_a_record_object(text):
    rejected(text)


# --- tampered matches ----------------------------------------------------------------------
def test_a_match_with_a_hand_removed_from_the_middle(match):
    bad = copy.deepcopy(match)
    del bad["hands"][len(bad["hands"]) // 2]
    rejected(bad, f"hand {len(match['hands']) // 2 + 1}")


def test_a_match_with_two_hands_swapped(match):
    bad = copy.deepcopy(match)
    bad["hands"][0], bad["hands"][1] = bad["hands"][1], bad["hands"][0]
    rejected(bad, "hand 1")


def test_a_match_with_its_last_hand_removed(match):
    bad = copy.deepcopy(match)
    bad["hands"].pop()
    rejected(bad, "levels or winner")


def test_a_match_with_an_edited_winner(match):
    bad = copy.deepcopy(match)
    bad["winner"] = 1 - match["winner"]
    rejected(bad, "winner")


def test_a_match_with_a_tampered_hand(match):
    bad = copy.deepcopy(match)
    bad["hands"][1]["result"]["defender_points"] += 5
    rejected(bad, "hand 2", "defender_points")


def test_a_match_hand_under_other_rules(match):
    bad = copy.deepcopy(match)
    bad["hands"][1]["rules"]["kitty"] = "linear"
    rejected(bad, "hand 2", "rules")


def test_a_match_with_a_wrong_version(match):
    bad = copy.deepcopy(match)
    bad["version"] = 99
    rejected(bad, "version")


def test_a_truncated_match(match):
    text = json.dumps(match)
    rejected(text[: len(text) // 3], "truncated")


@pytest.mark.parametrize("value", ["x", None, {"a": 1}])
def test_a_match_with_wrong_hands_type(match, value):
    bad = copy.deepcopy(match)
    bad["hands"] = value
    rejected(bad)


def test_a_match_with_a_non_object_hand(match):
    bad = copy.deepcopy(match)
    bad["hands"][0] = "hand"
    rejected(bad, "hand 1")
