"""Gaining Tools, ship damage and repair, and the pirate ring as a wild resource
(engine/scoundrel_bay/rules/tracks.py)."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.tracks import gain_tool, pay, repair_ship, take_ship_damage

TRACKS = defs().player_boards.tracks


def test_sb_over_11_reward_04_a_tool_moves_its_marker_up_one() -> None:
    assert gain_tool("gun", 3).model_dump() == {"level": 4, "overflow": 0}


def test_sb_reward_05_a_tool_past_the_end_turns_into_reputation_one_space_at_a_time() -> None:
    high = TRACKS.sword.high
    assert gain_tool("sword", high - 1).model_dump() == {"level": high, "overflow": 0}
    assert gain_tool("sword", high - 1, 2).model_dump() == {"level": high, "overflow": 1}
    assert gain_tool("food_production", TRACKS.food_production.high).overflow == 1


def test_sb_rl_03_punish_02_ship_damage_moves_the_marker_up() -> None:
    assert take_ship_damage(1, 2, doubloons=0).model_dump() == {"level": 3, "paid": 0, "unpaid": 0}


def test_sb_rl_04_damage_past_the_end_costs_10_doubloons_a_space() -> None:
    high = TRACKS.ship_damage.high
    assert take_ship_damage(high - 1, 1, doubloons=30).model_dump() == {"level": high, "paid": 0, "unpaid": 0}
    assert take_ship_damage(high - 1, 3, doubloons=30).model_dump() == {"level": high, "paid": 20, "unpaid": 0}


def test_sb_rl_05_what_cannot_be_paid_is_recorded_as_a_debt() -> None:
    got = take_ship_damage(TRACKS.ship_damage.high, 2, doubloons=13)
    assert (got.paid, got.unpaid) == (13, 7)


def test_sb_reward_17_a_ship_repair_never_goes_below_the_first_space() -> None:
    assert repair_ship(4) == 3
    assert repair_ship(2, 2) == TRACKS.ship_damage.low == 1
    assert repair_ship(1) == 1


def test_sb_over_09_buy_04_harbor_18_feed_12_a_ring_stands_in_only_for_what_is_missing() -> None:
    purse = {"ring": 2, "map": 0, "rum": 1, "food": 0}
    assert pay(purse, "rum", 1) == {**purse, "rum": 0}              # rum first, rings kept
    assert pay(purse, "rum", 2) == {**purse, "rum": 0, "ring": 1}   # one ring makes up the second
    assert pay(purse, "food", 2) == {**purse, "ring": 0}


def test_sb_over_09_one_more_than_rum_and_rings_together_is_refused_and_changes_nothing() -> None:
    purse = {"ring": 1, "map": 0, "rum": 1, "food": 0}
    with pytest.raises(IllegalActionError, match="You need 3 rum; you have 1 and 1 pirate rings"):
        pay(purse, "rum", 3)
    assert purse == {"ring": 1, "map": 0, "rum": 1, "food": 0}


def test_paying_in_rings_spends_rings_and_not_twice() -> None:
    with pytest.raises(IllegalActionError, match="You need 2 ring; you have 1"):
        pay({"ring": 1}, "ring", 2)
    assert pay({"ring": 2}, "ring", 1) == {"ring": 1}
