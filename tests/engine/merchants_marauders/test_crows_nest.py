"""Scouting dice with a crow's nest (engine/merchants_marauders/rules/crows_nest.py): Seas of Glory
Module 3 (MM-M3-05, -06, -07) on the base reconstruction's Scouting check (5, 4 Scout)."""
from __future__ import annotations

from engine.merchants_marauders.rules.crows_nest import nest_works, scouted, scouting_dice


def test_4_scout_one_skull_finds_the_target() -> None:
    assert scouted(["skull", 1])
    assert not scouted([1, 2, 3, 4])


def test_mm_m3_05_own_crows_nest_adds_a_scouting_die() -> None:
    assert scouting_dice(2) == 2
    assert scouting_dice(2, own_nest=True) == 3


def test_mm_m3_06_the_targets_crows_nest_takes_a_die_never_below_one() -> None:
    assert scouting_dice(3, target_nest=True) == 2
    assert scouting_dice(1, target_nest=True) == 1
    assert scouting_dice(2, own_nest=True, target_nest=True) == 2


def test_mm_m3_07_the_nest_works_only_with_undamaged_masts() -> None:
    assert nest_works(True, masts=3, masts_full=3)
    assert not nest_works(True, masts=2, masts_full=3)       # damaged but standing: switched off
    assert not nest_works(True, masts=0, masts_full=3)
    assert nest_works(True, masts=4, masts_full=4)            # an extra mast raises the full value
    assert not nest_works(False, masts=3, masts_full=3)
