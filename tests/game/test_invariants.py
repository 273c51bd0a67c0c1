"""Two hundred hands of benchmarks/invariants.py over every variant (the full run checks
10,000, by hand)."""

from __future__ import annotations

from pathlib import Path

from scripts import load_script


def load_invariants():
    return load_script(Path("benchmarks/invariants.py"), "invariants")


def test_seeded_hands_keep_every_invariant():
    invariants = load_invariants()
    tally = invariants.run(hands=200, seed=12)
    assert tally.failures == []
    assert tally.hands == tally.records == 200 and tally.replays == 20
    assert tally.failed_throws > 0 and tally.plays > 200 * 60  # the checks really ran
    assert set(tally.by_decks) == {1, 2, 3} and min(tally.by_decks.values()) >= 20
    assert tally.overcalls > 0 and tally.buries > 200  # overcallers buried too


def test_every_option_of_the_rules_is_among_the_variants():
    import dataclasses

    from shengji_edu import RuleSet
    from shengji_edu.rules import KITTY_RULES

    invariants = load_invariants()
    for field in dataclasses.fields(RuleSet):
        values = {getattr(rules, field.name) for rules in invariants.VARIANTS}
        assert len(values) > 1, f"no variant changes {field.name}"
    assert {r.kitty for r in invariants.VARIANTS} == set(KITTY_RULES)


def test_the_checks_catch_a_broken_hand():
    invariants = load_invariants()
    tally = invariants.Tally()
    rnd, _kinds = invariants.setup(5)
    invariants.Table(rnd, [invariants.make_player("greedy")] * 4).run()
    rnd._tricks = rnd._tricks[:-1]  # lose a trick: points and cards no longer add up
    invariants.check_points(5, rnd, tally)
    assert tally.failures


def test_the_checks_catch_a_kitty_that_is_not_the_last_buried():
    from shengji_edu import RuleSet
    from shengji_edu.game import Round, Table

    invariants = load_invariants()
    tally = invariants.Tally()
    rnd = Round(3, RuleSet(decks=3))
    Table(rnd, [invariants.make_player("greedy")] * 4).run()
    rnd._buried_by = (rnd.dealer + 1) % 4  # claims someone else buried the kitty
    invariants.check_points(3, rnd, tally)
    assert any("buried last" in failure for failure in tally.failures)
