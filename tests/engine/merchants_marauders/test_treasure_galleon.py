"""Seas of Glory Module 6, the Treasure Galleon (engine/merchants_marauders/rules/treasure_galleon.py):
setup, movement on each NPC event's first icon with 5 gold a move, attacking it, what its defeat
pays, and how it sits with the other modules. The map is the base table of section 2 (sea_fixture)."""
from __future__ import annotations

from engine.merchants_marauders.rules import npc, weather
from engine.merchants_marauders.rules import treasure_galleon as tg
from engine.merchants_marauders.rules.npc import Captain, Icon, Skills
from engine.merchants_marauders.rules.treasure_galleon import Spoils, TreasureGalleon
from tests.engine.merchants_marauders.sea_fixture import SEA

SK = Skills(seamanship=2, scouting=1, leadership=3)


def galleon(gold: int = 0, zone: str = "cartagena") -> TreasureGalleon:
    g = tg.setup(SK)
    return TreasureGalleon(npc=g.npc.model_copy(update={"zone": zone}), gold=gold)


def test_mm_m6_01_02_03_a_spanish_npc_set_up_at_cartagena_with_an_empty_token() -> None:
    g = tg.setup(SK)
    assert g.npc.zone == "cartagena" and g.gold == 0
    assert g.npc.side == "treasure" and g.npc.nation == "spain" and g.npc.ship == "treasure_galleon"
    assert g.npc.skills == SK and g.npc.slot == "treasure_galleon"


def test_mm_m6_04_06_it_follows_the_first_icon_of_any_npc_event_and_gains_5_gold_a_move() -> None:
    g = tg.setup(SK)
    g = tg.move_on_event(g, [Icon(group="pirate", bearing="N"), Icon(group="england", bearing="E")], SEA)
    assert g.npc.zone == "petit_goave" and g.gold == 5                  # N from Cartagena, the second icon unused
    g = tg.move_on_event(g, [Icon(group="france", bearing="E")], SEA)  # any nation's icon moves it
    assert g.npc.zone == "santo_domingo" and g.gold == 10
    assert tg.move_on_event(g, [], SEA) == g                            # no movement icons: no move, no gold


def test_mm_m6_07_its_gold_has_no_limit() -> None:
    g = tg.setup(SK)
    for _ in range(30):
        g = tg.move_on_event(g, [Icon(group="pirate", bearing="E")], SEA)
    assert g.gold == 150


def test_mm_m6_08_at_a_shore_it_turns_clockwise_like_any_npc_and_still_gains_its_gold() -> None:
    g = tg.move_on_event(galleon(zone="old_providence"), [Icon(group="spain", bearing="S")], SEA)
    assert g.npc.zone == "port_royal" and g.gold == 5                   # S, SW, W, NW empty; N


def test_mm_m6_05_it_hunts_no_one_and_starts_no_fight() -> None:
    g = galleon()
    caps = [Captain(seat=0, nation="england", zone="cartagena", cargo=6),
            Captain(seat=1, nation="france", zone="curacao", cargo=4, bounties={"spain": 3})]
    assert npc.hunt_list(g.npc, caps) == []
    assert npc.scouting_npcs(0, "turn_start", {g.npc.slot: g.npc}, caps) == []
    # a rich target next door does not draw it off its icon's way
    assert tg.move_on_event(g, [Icon(group="pirate", bearing="NW")], SEA).npc.zone == "port_royal"
    # nor does a pirate icon move it as one of the pirates
    assert npc.move_npcs({g.npc.slot: g.npc}, [Icon(group="pirate", bearing="N")], SEA)[g.npc.slot] == g.npc


def test_mm_m6_09_only_a_ship_at_sea_in_its_zone_may_scout_for_it() -> None:
    g = galleon(zone="curacao")
    assert tg.may_attack(g, "curacao", in_port=False)
    assert not tg.may_attack(g, "curacao", in_port=True)
    assert not tg.may_attack(g, "caracas", in_port=False)


def test_mm_m6_10_finding_it_costs_one_spanish_bounty_and_starts_the_fight() -> None:
    assert tg.attack_bounties(["skull", 1]) == 1
    assert tg.attack_bounties(["skull", "skull"]) == 1
    assert tg.attack_bounties([1, 2, 3]) == 0


def test_mm_m6_11_12_18_defeat_gives_one_glory_and_a_spanish_bounty_per_full_10_gold() -> None:
    for gold, extra in ((0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (25, 2), (150, 15)):
        s = tg.spoils(galleon(gold), "boarded")
        assert (s.glory, s.spanish_bounties) == (1, extra), gold
        assert tg.spoils(galleon(gold), "sunk").spanish_bounties == extra
    assert tg.spoils(galleon(25), "no_victor") == Spoils(glory=0, spanish_bounties=0, gold=0, ship=False)


def test_mm_m6_13_17_boarding_takes_the_ship_and_or_the_gold_sinking_loses_the_gold() -> None:
    g = galleon(35)
    assert tg.spoils(g, "boarded") == Spoils(glory=1, spanish_bounties=3, gold=35, ship=False)
    assert tg.spoils(g, "boarded", take_ship=True) == Spoils(glory=1, spanish_bounties=3, gold=35, ship=True)
    assert tg.spoils(g, "boarded", take_gold=False, take_ship=True).gold == 0
    assert tg.spoils(g, "sunk", take_ship=True) == Spoils(glory=1, spanish_bounties=3, gold=0, ship=False)


def test_mm_m6_14_it_carries_no_goods() -> None:
    assert set(TreasureGalleon.model_fields) == {"npc", "gold"}
    assert set(Spoils.model_fields) == {"glory", "spanish_bounties", "gold", "ship"}


def test_mm_m6_15_16_it_repairs_between_fights_and_leaves_the_game_once_sunk_or_captured() -> None:
    g = galleon(40)
    assert tg.after_battle(g, "no_victor") == g                          # sails on, gold and all
    assert tg.after_battle(g, "sunk") is None
    assert tg.after_battle(g, "boarded") is None


def test_mm_m6_19_20_21_with_npc_upgrades_it_draws_one_at_setup() -> None:
    assert tg.upgrade_draws(npc_upgrades=True) == 1
    assert tg.upgrade_draws(npc_upgrades=False) == 0


def test_mm_m6_19_22_with_low_manoeuvrability_galleons_its_manoeuvrability_is_1() -> None:
    assert tg.manoeuvrability(2, low_manoeuvre_galleons=True) == 1
    assert tg.manoeuvrability(2, low_manoeuvre_galleons=False) == 2


def test_mm_m6_19_its_bounties_make_the_attacker_a_pirate_the_spanish_navy_hunts_first() -> None:
    es = npc.Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="curacao", skills=SK)
    before = [Captain(seat=0, nation="england", zone="curacao", bounties={"france": 2}),
              Captain(seat=1, nation="france", zone="curacao")]
    assert npc.hunt_list(es, before) == [0]
    won = tg.spoils(galleon(20), "boarded").spanish_bounties + tg.attack_bounties(["skull"])
    after = [before[0], before[1].model_copy(update={"bounties": {"spain": won}})]
    assert won == 3 and npc.hunt_list(es, after) == [1, 0]


def test_mm_m6_23_wind_and_storm_neither_steer_nor_harm_it() -> None:
    g = galleon(zone="caribbean_sea")
    moved = tg.move_on_event(g, [Icon(group="pirate", bearing="SE")], SEA)
    assert moved.npc.zone == "caracas" and moved.gold == 5              # SE, though a NW wind would be against it
    assert weather.move_cost("NW", "SE") == 2
    # sailing into the storm's zone changes nothing on it; the storm strikes players' ships only
    assert weather.move_storm("caribbean_sea", "SE", SEA) == moved.npc.zone
    assert tg.move_on_event(moved, [Icon(group="pirate", bearing="W")], SEA).gold == 10


def test_npc_rules_hold_for_it_in_a_fight_the_player_left_of_its_attacker_decides() -> None:
    assert npc.decider(2, [0, 1, 2]) == 0
    assert npc.decider(0, [0]) is None
    assert "flee" not in npc.NPC_ORDERS
