"""B) SAIL AND SHOOT MONSTER — Sail (engine/scoundrel_bay/rules/sail.py), played through the
engine's decisions from a position built in the state."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, force_die, game, hand, options, put_monster, top

# blue-02 (Bess Saltmarsh): star = 1 reputation + 1 pirate ring, sun = 2 maps, moon = 3 doubloons.
BESS = "blue-02"


def calm_sea(seat: int = 0, space: int = 1) -> State:
    """A 3-player game, `seat` to play with Bess in hand, its ship on `space`, no monsters at sea."""
    s = game(3)
    s.monsters.clear()
    hand(s, seat, BESS, "blue-01")
    s.players[seat].ship = space
    return s


def test_sb_sail_01_the_card_goes_on_top_of_the_played_slot_not_into_the_crew() -> None:
    s = calm_sea()
    s.players[0].played = ["red-05"]
    s = do(s, 0, f"sail {BESS}")
    p = s.players[0]
    assert p.played == ["red-05", BESS] and BESS not in p.hand
    assert p.crew == {}


def test_sb_sail_02_sailing_is_1_to_3_spaces_forward_and_cannot_be_skipped() -> None:
    s = do(calm_sea(space=21), 0, f"sail {BESS}")
    assert options(s, 0) == ["sail 1", "sail 2", "sail 3"]      # no "done": the ship must move
    with pytest.raises(IllegalActionError):
        do(s, 0, "sail 4")
    s = do(s, 0, "sail 2")
    assert s.players[0].ship == 2                                # 21 -> 1 -> 2, along the arrows


@pytest.mark.parametrize(("n", "offered"), [
    (1, ["take star", "take sun", "take moon", "no reward"]),
    (2, ["take sun", "take moon", "no reward"]),
    (3, ["take moon", "no reward"]),
])
def test_sb_sail_03_04_05_06_the_distance_sailed_limits_the_card_reward(n: int, offered: list[str]) -> None:
    s = do(do(calm_sea(), 0, f"sail {BESS}"), 0, f"sail {n}")
    assert s.players[0].ship == 1 + n
    assert options(s, 0) == offered


def test_sb_sail_04_one_space_the_star_reward_is_taken() -> None:
    s = do(do(do(calm_sea(), 0, f"sail {BESS}"), 0, "sail 1"), 0, "take star")
    p = s.players[0]
    assert p.resources["ring"] == 2 and s.reputation.space(0) == 1   # 1 ring (had 1) and 1 reputation


def test_sb_sail_06_three_spaces_the_moon_reward_is_taken() -> None:
    s = do(do(do(calm_sea(), 0, f"sail {BESS}"), 0, "sail 3"), 0, "take moon")
    assert s.players[0].doubloons == 6 + 3


def test_sb_sail_07_reward_01_the_card_reward_may_be_declined() -> None:
    before = calm_sea().players[0]
    s = do(do(do(calm_sea(), 0, f"sail {BESS}"), 0, "sail 1"), 0, "no reward")
    p = s.players[0]
    assert (p.resources, p.doubloons, s.reputation.space(0)) == (before.resources, before.doubloons, 0)
    assert top(s).kind == "card"                                 # the turn goes on to adding a card


def test_sb_sail_08_the_card_reward_comes_after_moving_and_before_the_shot() -> None:
    """The star's pirate ring is already there to pay for a reroll of the monster die."""
    s = calm_sea()
    s.players[0].resources["ring"] = 0
    put_monster(s, 2, "skeleton-3")
    force_die(s, "miss", 1)
    s = do(do(s, 0, f"sail {BESS}"), 0, "sail 1")
    assert s.players[0].ship == 2 and 2 in s.monsters and top(s).kind == "sail-bonus"
    s = do(s, 0, "take star")
    assert s.turn.fight is not None and s.turn.fight.face == "miss"
    assert options(s, 0) == ["keep", "reroll"]                   # the ring just gained
    s = do(s, 0, "reroll")
    assert s.players[0].resources["ring"] == 0 and s.players[0].monsters == ["skeleton-3"]


def test_sb_sail_09_only_the_space_the_ship_stops_on_is_shot() -> None:
    s = calm_sea()
    s.players[0].resources["ring"] = 0
    for space, monster in ((2, "skeleton-1"), (3, "skeleton-2"), (4, "siren-3")):
        put_monster(s, space, monster)
    force_die(s, "miss")
    s = do(do(do(s, 0, f"sail {BESS}"), 0, "sail 3"), 0, "no reward")
    assert s.players[0].ship == 4
    assert s.discarded_monsters == ["siren-3"]
    assert s.monsters[2].id == "skeleton-1" and s.monsters[3].id == "skeleton-2"


def test_sb_sail_10_passing_a_reef_ends_the_stage_after_the_turn_stopping_before_it_does_not() -> None:
    # Reef 1 lies between spaces 4 and 5: stopping on 4 passes nothing.
    s = do(do(do(calm_sea(space=3), 0, f"sail {BESS}"), 0, "sail 1"), 0, "no reward")
    assert s.players[0].ship == 4 and s.reefs_passed == [] and s.reputation.space(0) == 0
    s = do(s, 0, "buy 1")
    assert s.stage is None and s.turn.seat == 1
    # From 4, one space crosses reef 1: 1 reputation for the first ship past, then the end of the stage.
    s = do(do(do(calm_sea(space=4), 0, f"sail {BESS}"), 0, "sail 1"), 0, "no reward")
    assert s.reefs_passed == [1] and s.reputation.space(0) == 1
    assert s.stage is None                                       # not before the turn is over
    s = do(s, 0, "buy 1")
    assert s.stage is not None and s.stage.reef == 1


def test_sb_sail_10_a_reef_already_passed_triggers_nothing_again() -> None:
    s = calm_sea(space=4)
    s.reefs_passed = [1]
    s = do(do(do(s, 0, f"sail {BESS}"), 0, "sail 1"), 0, "no reward")
    assert s.reputation.space(0) == 0
    s = do(s, 0, "buy 1")
    assert s.stage is None and s.turn.seat == 1


def test_sb_sail_11_ships_may_share_a_sea_space() -> None:
    s = calm_sea()
    s.players[1].ship = 3
    s = do(do(s, 0, f"sail {BESS}"), 0, "sail 2")
    assert s.players[0].ship == s.players[1].ship == 3


def test_sb_sail_12_david_sails_2_and_takes_the_sun_for_2_maps() -> None:
    s = do(do(calm_sea(), 0, f"sail {BESS}"), 0, "sail 2")
    assert options(s, 0) == ["take sun", "take moon", "no reward"]
    s = do(s, 0, "take sun")
    assert s.players[0].resources["map"] == 2 + 2
