"""Advancing on the Reputation Track and the GENERAL TIEBREAK RULE (engine/scoundrel_bay/rules/reputation.py)."""
from __future__ import annotations

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.reputation import ReputationTrack

TOP = max(defs().reputation.spaces)


def track(*discs: tuple[int, int]) -> ReputationTrack:
    """Discs (owner, space) placed in the order they arrived."""
    t = ReputationTrack.opening(TOP, [owner for owner, _ in discs])
    for owner, space in discs:
        t.advance(owner, space)
    return t


def test_sb_psetup_13_14_opening_stack_puts_the_first_player_on_top_and_the_last_seat_furthest() -> None:
    # 4 seats in turn order 0..3: stacking starts right of seat 0 (seat 3) and goes counter-clockwise.
    t = ReputationTrack.opening(TOP, [3, 2, 1, 0])
    assert t.order() == [3, 2, 1, 0]
    assert {t.space(o) for o in range(4)} == {0}


def test_sb_rep_05_david_gains_2_reputation_and_both_bonuses_food_then_ring() -> None:
    t = track((0, 3))
    step = t.advance(0, 2)
    assert step.entered == [4, 5] and step.overflow == 0
    bonuses = [b.gain for space in step.entered for b in defs().reputation.spaces[space].bonus]
    assert bonuses == ["food", "ring"]


def test_sb_rep_02_one_step_enters_one_space_only() -> None:
    t = track((0, 3))
    assert t.advance(0, 1).entered == [4]


def test_sb_rep_03_07_08_a_later_arrival_goes_on_top_and_ranks_behind() -> None:
    t = track((0, 4), (1, 4))          # 0 arrived first: bottom, furthest
    assert t.order() == [0, 1]
    t.advance(0, 1)
    t.advance(1, 1)
    assert t.order() == [0, 1]
    t.advance(1, 1)                    # one space more beats any stacking
    assert t.order() == [1, 0]


def test_sb_rep_04_reward_07_past_the_end_gives_overflow_and_goes_under_the_stack() -> None:
    t = track((0, TOP), (1, TOP - 1))
    step = t.advance(1, 3)
    assert step.entered == [TOP] and step.overflow == 2
    assert t.space(1) == TOP and t.order() == [1, 0]   # underneath the disc already there
    assert defs().rules.overflow.reputation_doubloons * step.overflow == 10


def test_sb_rep_04_reaching_the_last_space_exactly_is_no_overflow() -> None:
    t = track((0, TOP - 1), (1, TOP))
    step = t.advance(0, 1)
    assert step.overflow == 0 and t.order() == [1, 0]   # on top: behind the disc already there


def test_sb_rep_09_grave_05_moving_down_lands_on_top_and_stops_at_space_0() -> None:
    t = track((0, 5), (1, 3))
    t.move_down(0, 2)
    assert t.space(0) == 3 and t.order() == [1, 0]
    t.move_down(1, 9)
    assert t.space(1) == 0


def test_sb_2pset_05_06_the_ghost_disc_starts_on_the_2_player_space_and_takes_part_in_ties() -> None:
    ghost = 9
    t = ReputationTrack.opening(TOP, [1, 0], extra={ghost: defs().reputation.two_player_space})
    assert t.order()[0] == ghost
    t.advance(0, defs().reputation.two_player_space)
    assert t.order()[:2] == [ghost, 0]
