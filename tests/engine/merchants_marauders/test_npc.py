"""NPCs (engine/merchants_marauders/rules/npc.py): the roster, arrival, movement by an event's
icons, hunt lists, scouting and who decides for an NPC in combat; base reconstruction 6.4, 4 and
7.3 and Seas of Glory Module 1. The map is the reconstruction's section 2 table (sea_fixture)."""
from __future__ import annotations

import pytest

from engine.merchants_marauders.rules import npc
from engine.merchants_marauders.rules.npc import Arrival, Captain, Icon, Npc, Skills, War
from engine.merchants_marauders.vocab import ZONES, Nation, ShipType, Zone, clockwise
from tests.engine.merchants_marauders.sea_fixture import SEA

SK = Skills(seamanship=3, scouting=2, leadership=2)
WAR_ES_EN: list[War] = [("spain", "england")]


def navy(nation: Nation, zone: Zone, ship: ShipType = "frigate", by_war: bool = False) -> Npc:
    return Npc(slot=f"navy_{nation}", side="navy", nation=nation, ship=ship, zone=zone, skills=SK, by_war=by_war)


def pirate(ship: ShipType, zone: Zone) -> Npc:
    return Npc(slot=f"pirate_{ship}", side="pirate", nation=None, ship=ship, zone=zone, skills=SK)


def cap(seat: int, zone: Zone, nation: Nation = "france", cargo: int = 0, in_port: bool = False,
        **bounties: int) -> Captain:
    return Captain(seat=seat, nation=nation, zone=zone, cargo=cargo, in_port=in_port, bounties=bounties)


def roster(*ships: Npc) -> dict[str, Npc]:
    return {n.slot: n for n in ships}


def test_the_test_map_is_the_tables_34_two_way_links_with_opposite_bearings() -> None:
    links = {frozenset((z, t)) for z, nb in SEA.items() for t in nb.values()}
    assert len(links) == 34 and set(SEA) == set(ZONES)
    for zone, nb in SEA.items():
        for bearing, other in nb.items():
            assert SEA[other][clockwise(bearing, 4)] == zone


# ---- roster and arrival ----
def test_roster_one_warship_per_nation_one_pirate_per_ship_type() -> None:
    assert npc.slot_of("navy", "spain", "frigate") == npc.slot_of("navy", "spain", "man_o_war") == "navy_spain"
    assert npc.slot_of("navy", "england", "frigate") != "navy_spain"
    assert npc.slot_of("pirate", None, "sloop") == "pirate_sloop" != npc.slot_of("pirate", None, "frigate")
    assert npc.slot_of("treasure", "spain", "treasure_galleon") == "treasure_galleon"
    with pytest.raises(ValueError, match="nation"):
        npc.slot_of("navy", None, "frigate")


def test_roster_a_navy_is_a_frigate_in_peace_and_a_man_o_war_at_war() -> None:
    assert npc.navy_ship("frigate", "spain", []) == ("frigate", False)
    assert npc.navy_ship("frigate", "spain", WAR_ES_EN) == ("man_o_war", True)
    assert npc.navy_ship("frigate", "france", WAR_ES_EN) == ("frigate", False)       # not in that war
    with pytest.raises(ValueError, match="frigate or a man-o'-war"):
        npc.navy_ship("sloop", "spain", [])


def test_mm_m1_05_a_seas_of_glory_card_brings_a_man_o_war_without_any_war() -> None:
    assert npc.navy_ship("man_o_war", "france", []) == ("man_o_war", False)
    out, _ = npc.arrive({}, [Arrival(side="navy", nation="france", ship="man_o_war", zone="tortuga", skills=SK)])
    assert out["navy_france"].ship == "man_o_war" and not out["navy_france"].by_war


def test_war_and_peace_turn_a_navy_frigate_into_a_man_o_war_where_it_lies_and_back() -> None:
    ships = roster(navy("spain", "havana"), navy("france", "tortuga"), pirate("frigate", "nassau"),
                   navy("england", "bridgetown", ship="man_o_war"))
    war = npc.war_changes(ships, WAR_ES_EN)
    assert war["navy_spain"].ship == "man_o_war" and war["navy_spain"].by_war and war["navy_spain"].zone == "havana"
    assert war["navy_france"].ship == "frigate"                  # France is at peace
    assert war["pirate_frigate"].ship == "frigate"               # pirates never change
    assert war["navy_england"].ship == "man_o_war" and not war["navy_england"].by_war
    peace = npc.war_changes(war, [])
    assert peace["navy_spain"].ship == "frigate" and not peace["navy_spain"].by_war
    assert peace["navy_england"].ship == "man_o_war"             # came as a man-o'-war: stays one


def test_mm_m1_13_14_a_drawn_npc_card_flags_its_arrival_zone_brown_for_warships_black_for_pirates() -> None:
    assert npc.flag(Arrival(side="navy", nation="spain", ship="frigate", zone="havana", skills=SK)) == "brown"
    assert npc.flag(Arrival(side="pirate", ship="sloop", zone="nassau", skills=SK)) == "black"
    assert npc.flag(Arrival(side="pirate", ship="man_o_war", zone="nassau", skills=SK)) == "black"


def test_mm_m1_15_the_marked_npc_arrives_replacing_the_same_nations_warship_or_same_type_pirate() -> None:
    old = roster(navy("spain", "havana"), navy("england", "port_royal"), pirate("sloop", "tortuga"),
                 pirate("frigate", "curacao"))
    marked = [Arrival(side="navy", nation="spain", ship="frigate", zone="trinidad", skills=SK),
              Arrival(side="pirate", ship="sloop", zone="st_johns",
                      skills=Skills(seamanship=4, scouting=4, leadership=4))]
    assert old["navy_spain"].zone == "havana"                    # marked only: nothing moved yet
    new, replaced = npc.arrive(old, marked)
    assert new["navy_spain"].zone == "trinidad" and new["pirate_sloop"].zone == "st_johns"
    assert new["pirate_sloop"].skills.scouting == 4               # the new card's captain
    assert new["navy_england"] == old["navy_england"] and new["pirate_frigate"] == old["pirate_frigate"]
    assert replaced == [old["navy_spain"], old["pirate_sloop"]]
    first, none = npc.arrive({}, marked[:1])
    assert list(first) == ["navy_spain"] and none == []          # an empty place is simply filled


def test_arrival_at_war_brings_a_man_o_war_and_two_cards_of_one_slot_leave_the_later() -> None:
    cards = [Arrival(side="navy", nation="spain", ship="frigate", zone="havana", skills=SK),
             Arrival(side="navy", nation="spain", ship="frigate", zone="caracas", skills=SK)]
    out, replaced = npc.arrive({}, cards, WAR_ES_EN)
    assert out["navy_spain"].ship == "man_o_war" and out["navy_spain"].by_war and out["navy_spain"].zone == "caracas"
    assert [r.zone for r in replaced] == ["havana"]


def test_mm_m1_06_pirate_brigs_and_men_o_war_sail_only_with_the_seas_of_glory_cards() -> None:
    brig = Arrival(side="pirate", ship="brig", zone="nassau", skills=SK)
    mow = Arrival(side="pirate", ship="man_o_war", zone="nassau", skills=SK)
    out, _ = npc.arrive({}, [brig, mow])
    assert out["pirate_brig"].ship == "brig" and out["pirate_man_o_war"].nation is None
    with pytest.raises(ValueError, match="no pirate brig"):
        npc.arrive({}, [brig], pirate_ships=npc.BASE_PIRATE_SHIPS)
    with pytest.raises(ValueError, match="no pirate galleon"):
        npc.arrive({}, [Arrival(side="pirate", ship="galleon", zone="nassau", skills=SK)])


def test_a_sunk_or_captured_npc_is_off_the_map_until_a_later_card_of_its_slot() -> None:
    ships = roster(navy("spain", "havana"), pirate("sloop", "nassau"))
    left = npc.remove(ships, "pirate_sloop")
    assert list(left) == ["navy_spain"]
    back, replaced = npc.arrive(left, [Arrival(side="pirate", ship="sloop", zone="trinidad", skills=SK)])
    assert back["pirate_sloop"].zone == "trinidad" and replaced == []


# ---- hunt lists ----
def test_one_bounty_token_of_any_nation_makes_a_player_a_pirate() -> None:
    assert not cap(0, "havana").pirate
    assert not cap(0, "havana", spain=0).pirate
    assert cap(0, "havana", netherlands=1).pirate
    assert cap(0, "havana", spain=2, england=1).pirate


def test_a_navy_hunts_its_own_nations_wanted_most_first_then_other_pirates() -> None:
    es = navy("spain", "havana")
    caps = [cap(0, "havana", spain=1), cap(1, "havana", england=3), cap(2, "havana", spain=2, france=1),
            cap(3, "havana")]
    assert npc.hunt_list(es, caps) == [2, 0, 1]                  # 2 then 1 Spanish bounties, then a pirate
    assert 3 not in npc.hunt_list(es, caps)                       # no bounty: not a pirate, not hunted


def test_at_war_a_navy_also_hunts_the_enemy_nations_captains_after_the_pirates() -> None:
    es = navy("spain", "havana", ship="man_o_war", by_war=True)
    caps = [cap(0, "havana", nation="england"), cap(1, "havana", nation="france"), cap(2, "havana", france=1),
            cap(3, "havana", nation="spain")]
    assert npc.hunt_list(es, caps, WAR_ES_EN) == [2, 0]
    assert npc.hunt_list(es, caps) == [2]                         # at peace the English captain is left be
    en = navy("england", "port_royal")
    assert npc.hunt_list(en, caps, WAR_ES_EN) == [2, 3]           # the war cuts both ways


def test_a_pirate_npc_hunts_non_pirates_most_cargo_first() -> None:
    caps = [cap(0, "nassau", cargo=2), cap(1, "nassau", cargo=5), cap(2, "nassau", cargo=9, spain=1),
            cap(3, "nassau", cargo=0)]
    assert npc.hunt_list(pirate("sloop", "nassau"), caps) == [1, 0, 3]


def test_players_in_port_are_safe_from_every_hunt() -> None:
    caps = [cap(0, "havana", in_port=True, spain=2), cap(1, "havana", in_port=True, cargo=4)]
    assert npc.hunt_list(navy("spain", "havana"), caps) == []
    assert npc.hunt_list(pirate("frigate", "havana"), caps) == []


# ---- movement ----
def test_an_icon_moves_its_npc_one_zone_that_way() -> None:
    assert npc.step("caribbean_sea", "SE", SEA) == "caracas"
    assert npc.step("havana", "S", SEA) == "port_royal"


def test_with_no_zone_that_way_the_next_bearing_clockwise_is_tried() -> None:
    assert npc.step("nassau", "N", SEA) == "tortuga"              # N, NE, E empty; SE has Tortuga
    assert npc.step("nassau", "SW", SEA) == "havana"              # the way itself when it has a zone
    assert npc.step("nassau", "W", SEA) == "tortuga"              # W, NW, N, NE, E empty: round to SE
    assert npc.step("old_providence", "S", SEA) == "port_royal"   # S, SW, W, NW empty; N
    assert npc.step("old_providence", "NE", SEA) == "cartagena"   # NE empty; E
    with pytest.raises(ValueError, match="no neighbouring"):
        npc.step("nassau", "N", {"nassau": {}})


def test_every_step_ends_in_a_sea_zone_never_in_a_port() -> None:
    for zone in ZONES:
        for b in ("N", "E", "S", "W"):
            assert npc.step(zone, b, SEA) in SEA[zone].values()
    # a hunted target lying in port, next door, does not draw the NPC over
    moved = npc.npc_step(pirate("sloop", "havana"), "NE", SEA, [cap(0, "port_royal", cargo=3, in_port=True)])
    assert moved == "nassau"


def test_a_hunted_target_in_a_neighbouring_zone_draws_the_npc_there_instead() -> None:
    sloop = pirate("sloop", "havana")
    assert npc.npc_step(sloop, "NE", SEA, [cap(0, "port_royal", cargo=1)]) == "port_royal"
    assert npc.npc_step(sloop, "NE", SEA, [cap(0, "old_providence", cargo=1)]) == "nassau"   # two zones off
    assert npc.npc_step(sloop, "NE", SEA, [cap(0, "port_royal", spain=1)]) == "nassau"       # not its prey
    # two targets within reach: the most wanted (most cargo) is chosen
    caps = [cap(0, "tortuga", cargo=2), cap(1, "port_royal", cargo=4)]
    assert npc.npc_step(sloop, "NE", SEA, caps) == "port_royal"


def test_a_hunted_target_in_the_npcs_own_zone_holds_it_there() -> None:
    es = navy("spain", "havana")
    assert npc.npc_step(es, "S", SEA, [cap(0, "havana", spain=1)]) == "havana"
    assert npc.npc_step(es, "S", SEA, [cap(0, "havana", spain=1, in_port=True)]) == "port_royal"


def test_an_event_card_moves_only_the_npcs_of_its_icons_each_icon_in_turn() -> None:
    ships = roster(navy("spain", "havana"), navy("france", "tortuga"), pirate("sloop", "nassau"),
                   pirate("frigate", "curacao"))
    out = npc.move_npcs(ships, [Icon(group="pirate", bearing="SE"), Icon(group="spain", bearing="S")], SEA)
    assert out["pirate_sloop"].zone == "tortuga" and out["pirate_frigate"].zone == "cartagena"   # every pirate
    assert out["navy_spain"].zone == "port_royal"
    assert out["navy_france"] == ships["navy_france"]             # no French icon: stays
    twice = npc.move_npcs(ships, [Icon(group="france", bearing="S"), Icon(group="france", bearing="E")], SEA)
    assert twice["navy_france"].zone == "santo_domingo"           # Tortuga S Petit-Goave, then E


def test_npcs_never_flee() -> None:
    assert "flee" not in npc.NPC_ORDERS and set(npc.NPC_ORDERS) == {"shoot", "board"}


# ---- scouting ----
def test_an_npc_scouts_its_hunted_player_at_the_start_of_that_players_turn_in_its_zone() -> None:
    ships = roster(navy("spain", "havana"), pirate("sloop", "havana"), pirate("frigate", "nassau"))
    caps = [cap(0, "havana", spain=1), cap(1, "havana")]
    assert npc.scouting_npcs(0, "turn_start", ships, caps) == ["navy_spain"]
    assert npc.scouting_npcs(1, "turn_start", ships, caps) == ["pirate_sloop"]
    assert npc.scouting_npcs(0, "turn_start", ships, [cap(0, "havana", spain=1, in_port=True)]) == []
    with pytest.raises(ValueError, match="seat 7 has no captain"):
        npc.scouting_npcs(7, "turn_start", ships, caps)


def test_an_npc_scouts_a_player_entering_its_zone_leaving_port_included_not_when_it_sails_in() -> None:
    ships = roster(pirate("sloop", "nassau"))
    caps = [cap(0, "nassau", cargo=2)]
    assert npc.scouting_npcs(0, "entered_zone", ships, caps) == ["pirate_sloop"]
    assert npc.scouting_npcs(0, "left_port", ships, caps) == ["pirate_sloop"]
    assert npc.scouting_npcs(0, "npc_moved", ships, caps) == []
    assert npc.scouting_npcs(0, "entered_zone", ships, [cap(0, "havana", cargo=2)]) == []


def test_each_npc_scouts_one_player_only_once_in_that_players_turn() -> None:
    ships = roster(pirate("sloop", "nassau"), pirate("frigate", "nassau"))
    caps = [cap(0, "nassau", cargo=2), cap(1, "nassau")]
    done = [("pirate_sloop", 0)]
    assert npc.scouting_npcs(0, "entered_zone", ships, caps, scouted=done) == ["pirate_frigate"]
    assert npc.scouting_npcs(1, "entered_zone", ships, caps, scouted=done) == ["pirate_sloop", "pirate_frigate"]
    both = done + [("pirate_frigate", 0)]
    assert npc.scouting_npcs(0, "entered_zone", ships, caps, scouted=both) == []


def test_mm_m1_07_a_zone_with_two_men_o_war_has_neither_scouting() -> None:
    caps = [cap(0, "havana", england=1, cargo=3), cap(1, "havana", cargo=2)]
    one = roster(navy("spain", "havana", ship="man_o_war"))
    assert npc.scouting_npcs(0, "turn_start", one, caps) == ["navy_spain"]        # alone it still scouts
    two = roster(navy("spain", "havana", ship="man_o_war"), navy("france", "havana", ship="man_o_war"))
    assert npc.scouting_npcs(0, "turn_start", two, caps) == []                      # any nations
    mixed = roster(navy("spain", "havana", ship="man_o_war"), pirate("man_o_war", "havana"),
                   pirate("frigate", "havana"))
    assert npc.scouting_npcs(0, "turn_start", mixed, caps) == []
    assert npc.scouting_npcs(1, "turn_start", mixed, caps) == ["pirate_frigate"]   # other NPCs still scout
    apart = roster(navy("spain", "havana", ship="man_o_war"), navy("france", "nassau", ship="man_o_war"))
    assert npc.scouting_npcs(0, "turn_start", apart, caps) == ["navy_spain"]


def test_a_scouting_roll_finds_its_target_with_one_skull_or_more() -> None:
    assert not npc.scout_found([1, 2, 3, 4])
    assert not npc.scout_found([])
    assert npc.scout_found([1, "skull"])
    assert npc.scout_found(["skull", "skull"])


# ---- combat ----
def test_the_player_left_of_the_npcs_opponent_decides_for_it_or_a_bot() -> None:
    seats = [0, 1, 2, 3]
    assert npc.decider(1, seats) == 2
    assert npc.decider(3, seats) == 0                            # round the table
    assert npc.decider(0, [0, 2]) == 2                           # two players: the other one
    assert npc.decider(0, [0]) is None                           # the left player is the opponent: a bot
    assert npc.decider(5, seats) is None                         # no such seat: no one, a bot
    assert npc.decider(0, []) is None


def test_the_log_names_a_roster_slot_in_plain_words() -> None:
    assert npc.slot_name("navy_spain") == "Spanish navy" and npc.slot_name("navy_netherlands") == "Dutch navy"
    assert npc.slot_name("pirate_sloop") == "pirate sloop" and npc.slot_name("treasure_galleon") == "treasure galleon"
