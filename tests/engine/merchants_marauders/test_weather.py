"""Seas of Glory Module 8, Wind and Weather (engine/merchants_marauders/rules/weather.py): the wind
phase, Move costs by bearing, the storm token's course and damage, and NPCs in the storm; with the
module's north-west wind example. The map is the reconstruction's section 2 table (sea_fixture)."""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.merchants_marauders.rules import npc, weather
from engine.merchants_marauders.rules.npc import Captain, Icon, Npc, Skills
from engine.merchants_marauders.rules.weather import MoveBudget, WeatherOptions
from engine.merchants_marauders.vocab import BEARINGS, Bearing
from tests.engine.merchants_marauders.sea_fixture import SEA

SK = Skills(seamanship=2, scouting=3, leadership=2)
BASE_ROUND = ("merchant_refill", "event", "turns", "end_of_round")


def test_mm_m8_01_02_either_part_alone_and_the_storm_alone_still_spins_the_vane() -> None:
    assert weather.round_phases(WeatherOptions()) == BASE_ROUND
    assert weather.round_phases(WeatherOptions(wind=True)) == ("spin_vane", *BASE_ROUND)
    assert weather.round_phases(WeatherOptions(storm=True)) == ("spin_vane", "move_storm", *BASE_ROUND)
    assert weather.round_phases(WeatherOptions(wind=True, storm=True)) == ("spin_vane", "move_storm", *BASE_ROUND)
    # the storm alone: the vane steers it, yet every Move costs its one action
    assert weather.move_cost(None, "NW") == weather.move_cost(None, "SE") == 1


def test_mm_m8_03_12_the_vane_is_spun_before_the_event_card_and_the_storm_moves_right_after() -> None:
    phases = weather.round_phases(WeatherOptions(wind=True, storm=True))
    assert phases.index("spin_vane") < phases.index("move_storm") < phases.index("event")
    assert phases.index("move_storm") == phases.index("spin_vane") + 1


def test_mm_m8_04_05_the_vane_stops_on_one_of_eight_bearings_never_between() -> None:
    assert weather.spin_vane(Rng(seed="x", forced=[1])) == "N"
    assert weather.spin_vane(Rng(seed="x", forced=[8])) == "NW"
    assert [weather.spin_vane(Rng(seed="x", forced=[i])) for i in range(1, 9)] == list(BEARINGS)
    seen = {weather.spin_vane(Rng(seed=f"vane{i}")) for i in range(200)}
    assert seen == set(BEARINGS)


def test_a_move_has_the_bearing_of_the_map_and_a_port_step_has_none() -> None:
    assert weather.bearing_between(SEA, "caribbean_sea", "caracas") == "SE"
    assert weather.bearing_between(SEA, "caracas", "caribbean_sea") == "NW"
    assert weather.bearing_between(SEA, "havana", "havana") is None        # into or out of Havana's port
    assert weather.bearing_between(SEA, "havana", "caracas") is None       # not neighbours


def test_mm_m8_06_one_free_move_a_round_with_the_wind() -> None:
    assert weather.move_cost("NW", "NW") == 0
    assert weather.move_cost("NW", "NW", free_move_used=True) == 1
    b = weather.spend_move(MoveBudget(actions=3), "NW", "NW")
    assert b == MoveBudget(actions=3, free_move_used=True)
    assert weather.spend_move(b, "NW", "NW") == MoveBudget(actions=2, free_move_used=True)


def test_mm_m8_07_08_against_the_wind_is_the_opposite_bearing_and_costs_two_actions() -> None:
    assert weather.move_cost("NW", "SE") == 2
    assert weather.move_cost("NW", "SE", free_move_used=True) == 2
    for beside in ("S", "E", "N", "W", "NE", "SW"):                  # every other way: one action
        assert weather.move_cost("NW", beside) == 1
    assert weather.move_cost("N", "S") == 2 and weather.move_cost("N", "SE") == 1
    assert weather.move_cost("NW", None) == 1                        # zone and port: no bearing
    assert weather.against("E", "W") and not weather.against("E", None) and not weather.against("E", "E")


def test_mm_m8_07_against_the_wind_needs_two_actions_left() -> None:
    with pytest.raises(ValueError, match="takes 2 actions; you have 1 left"):
        weather.spend_move(MoveBudget(actions=1), "NW", "SE")
    assert weather.spend_move(MoveBudget(actions=2), "NW", "SE") == MoveBudget(actions=0)


def test_mm_m8_09_10_the_north_west_wind_example_two_actions_to_caracas_and_a_free_move_back() -> None:
    """NW wind; Red in the Caribbean Sea, 3 actions: to Caracas against the wind (2 of 3), a failed
    rumour check (the 3rd), then back to the Caribbean Sea on the free wind Move (no action)."""
    wind: Bearing = "NW"
    budget = MoveBudget(actions=3)
    out = weather.bearing_between(SEA, "caribbean_sea", "caracas")
    budget = weather.spend_move(budget, wind, out)
    assert budget == MoveBudget(actions=1, free_move_used=False)
    budget = weather.spend_action(budget)                                # the rumour
    assert budget.actions == 0
    back = weather.bearing_between(SEA, "caracas", "caribbean_sea")
    budget = weather.spend_move(budget, wind, back)                      # after every action is spent
    assert budget == MoveBudget(actions=0, free_move_used=True)
    with pytest.raises(ValueError, match="no action left"):
        weather.spend_move(budget, wind, back)                           # the free Move was this round's one
    with pytest.raises(ValueError, match="3 actions left, not 4"):
        weather.spend_action(MoveBudget(actions=3), 4)


def test_mm_m8_11_13_the_storm_starts_in_the_caribbean_sea_and_sails_with_the_wind() -> None:
    assert weather.STORM_START == "caribbean_sea"
    assert weather.move_storm("caribbean_sea", "SE", SEA) == "caracas"
    assert weather.move_storm("caracas", "NW", SEA) == "caribbean_sea"
    # at a shore it turns clockwise like an NPC: Caracas has nothing S, SW; W is Curacao
    assert weather.move_storm("caracas", "S", SEA) == "curacao"
    assert weather.move_storm("nassau", "N", SEA) == "tortuga"


def test_mm_m8_14_three_random_hits_less_one_per_seamanship_skull() -> None:
    assert weather.random_hits([1, 2, 4]) == 3
    assert weather.random_hits(["skull", 3]) == 2
    assert weather.random_hits(["skull", "skull", 1]) == 1
    assert weather.random_hits(["skull"] * 3) == 0
    assert weather.random_hits(["skull"] * 4) == 0                       # never below none
    assert weather.storm_damage(["skull", 2], [2, "skull"]) == ["masts", "hull"]
    assert weather.storm_damage([1], [1, 3, 4]) == ["cargo", "crew", "cannons"]
    assert weather.storm_damage(["skull"] * 3, []) == []
    with pytest.raises(ValueError, match="2 hits need 2 hit-location dice"):
        weather.storm_damage(["skull"], [1])


def test_mm_m8_15_16_the_storm_strikes_on_entering_its_zone_leaving_port_or_starting_a_turn_there() -> None:
    for moment in ("entered_zone", "left_port", "turn_start"):
        assert weather.storm_strikes(moment, "tortuga", "tortuga")
        assert not weather.storm_strikes(moment, "nassau", "tortuga")
        assert not weather.storm_strikes(moment, "tortuga", None)        # no storm token in this game
    assert not weather.storm_strikes("turn_start", "tortuga", "tortuga", in_port=True)   # sheltered in port


def test_mm_m8_17_the_storm_sailing_into_a_ships_zone_does_no_damage_by_itself() -> None:
    assert not weather.storm_strikes("storm_moved", "tortuga", "tortuga")
    assert not weather.storm_strikes("entered_port", "tortuga", "tortuga")


def test_mm_m8_18_19_storm_event_cards_strike_on_their_own_each_with_its_own_roll() -> None:
    assert weather.event_storm_strikes("tortuga", ["tortuga", "nassau"])
    assert not weather.event_storm_strikes("havana", ["tortuga", "nassau"])
    assert not weather.event_storm_strikes("tortuga", ["tortuga"], in_port=True)
    # a ship in the token's zone that an event storm also lists takes both, one after the other
    assert weather.storm_strikes("turn_start", "tortuga", "tortuga")
    assert weather.event_storm_strikes("tortuga", ["tortuga"])
    event = weather.storm_damage(["skull"], [2, 2])
    token = weather.storm_damage([3, 3], [1, 3, "skull"])
    assert event + token == ["masts", "masts", "cargo", "crew", "hull"]


def test_mm_m8_20_the_module_8_captain_is_immune_to_the_storm_token() -> None:
    for moment in ("entered_zone", "left_port", "turn_start"):
        assert not weather.storm_strikes(moment, "tortuga", "tortuga", immune=True)
    assert weather.event_storm_strikes("tortuga", ["tortuga"])           # the token only, not event storms


def test_mm_m8_21_npcs_do_not_scout_in_the_storms_zone() -> None:
    ships = {"pirate_sloop": Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone="nassau",
                                 skills=SK)}
    caps = [Captain(seat=0, nation="england", zone="nassau", cargo=2)]
    assert npc.scouting_npcs(0, "turn_start", ships, caps, storm="nassau") == []
    assert npc.scouting_npcs(0, "turn_start", ships, caps, storm="tortuga") == ["pirate_sloop"]
    assert npc.scouting_npcs(0, "turn_start", ships, caps, storm=None) == ["pirate_sloop"]


def test_mm_m8_22_wind_and_storm_leave_npcs_alone() -> None:
    ships = {"navy_spain": Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="caribbean_sea",
                               skills=SK)}
    # into a NW wind and into the storm's zone, an NPC still sails its one zone for one icon
    out = npc.move_npcs(ships, [Icon(group="spain", bearing="SE")], SEA)
    assert out["navy_spain"].zone == "caracas" == weather.move_storm("caribbean_sea", "SE", SEA)
    assert weather.move_cost("NW", "SE") == 2                            # what a player would pay
