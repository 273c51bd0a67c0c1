"""A view reads the public record's fields by their names (issue 17).

A :class:`PlayerView` is one tuple of the record's values and the seat's own parts, read by
name as a named tuple is. At every decision of seeded hands (every phase, the variants of
RULES §11) each field read on the view must be the record's (``view.public``), and the
record must be the round's; a view stays an object of its own (equal only to itself).
"""

from __future__ import annotations

import pickle

import pytest

from shengji_edu import RuleSet
from shengji_edu.game import PlayerView, PublicTable, Round, Table
from shengji_edu.game.round import FINISHED
from shengji_edu.players import make_player

RULES = [
    RuleSet(decks=1),
    RuleSet(),
    RuleSet(decks=3, twos_are_trump=True),
    RuleSet(overcall_after_bury=True),
    RuleSet(bidding="after_deal"),
]
DERIVED = ("level_rank", "standing_declaration", "overcall_floor", "buried_by", "lead")
MINE = ("seat", "hand", "rng", "buried")


def _views(rules: RuleSet):
    for seed in range(3):
        rnd = Round(seed, rules)
        table = Table(rnd, [make_player(k) for k in ("greedy", "random", "random", "greedy")])
        while rnd.phase != FINISHED:
            for seat in range(4):
                yield rnd, rnd.view(seat)
            table.step()
        yield rnd, rnd.view(0)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: repr(r)[:40])
def test_every_field_of_a_view_is_the_records(rules):
    phases = set()
    for rnd, view in _views(rules):
        record = view.public
        assert isinstance(record, PublicTable) and record == rnd.public
        for name in PublicTable._fields:
            if name in ("voids", "hand_sizes"):  # the view's are methods
                continue
            assert getattr(view, name) is getattr(record, name), name
        for name in DERIVED:
            assert getattr(view, name) == getattr(record, name), name
        assert view.hand_sizes() == record.hand_sizes
        assert [view.voids(s) for s in range(4)] == list(record.voids)
        assert view.kitty_holder == rnd.kitty_holder
        rebuilt = PlayerView.from_parts(record, view.seat, view.hand, view.rng, view.buried)
        for name in PublicTable._fields[:-2] + DERIVED + MINE:
            if name not in ("voids", "hand_sizes"):
                assert getattr(rebuilt, name) == getattr(view, name), name
        phases.add(view.phase)
    assert phases >= {"dealing", "kitty", "playing", "finished"}


def test_a_view_is_equal_only_to_itself():
    rnd = Round(4)
    one, two = rnd.view(1), rnd.view(1)
    assert one == one and one != two and hash(one) != hash(two)
    assert one != tuple(one) and tuple(one) != one
    assert {one: 1}[one] == 1
    copy = pickle.loads(pickle.dumps(one))
    assert copy != one and copy.hand == one.hand and copy.public == one.public
    with pytest.raises(TypeError):
        PlayerView(rnd.public, 1, (), rnd.view(1).rng)
