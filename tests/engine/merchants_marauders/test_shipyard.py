"""The Shipyard (engine/merchants_marauders/rules/shipyard.py): base reconstruction section 4's
shipyard sub-action (a ship bought with the old one's sale value, crew and weapons crossing,
modifications leaving, repairs at 2 gold a point, the port's modification, special weapons one of
each kind), section 2's Old Providence, Petit-Goave and St. John's, and Seas of Glory Modules 2
and 5 (six weapon kinds; the brig; the manoeuvrability-1 galleon cards). Ship cards come from the
data files, so the prices tested are the game's."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import Fighter, contest_dice
from engine.merchants_marauders.rules.modifications import stat_bonuses
from engine.merchants_marauders.rules.raid import resolve
from engine.merchants_marauders.rules.ship import Fitted, PlayerShip, ShipCard, card_from_def, new_ship
from engine.merchants_marauders.rules.shipyard import (
    ORDINARY,
    REPAIR_PRICE,
    YardTerms,
    buy_modification,
    buy_ship,
    buy_weapon,
    repair,
    repair_cost,
    sale_value,
    ship_price,
    slow_galleons,
    weapon_price,
    yard_terms,
)
from engine.merchants_marauders.vocab import WEAPONS, ShipType, Weapon

BASE_WEAPONS: tuple[Weapon, ...] = ("chain_shot", "grapeshot", "boarding_hooks")
BONUSES = stat_bonuses(defs().all_modifications())


def card(ship: ShipType, slow: bool = False) -> ShipCard:
    d = defs()
    variant = d.sog_ships.cards["galleon_m1"] if slow and ship == "galleon" else None
    return card_from_def(d.all_ships()[ship], variant)


def terms(port: str) -> YardTerms:
    return yard_terms(defs().map.zones[port].property)  # type: ignore[index]


def damaged_sloop(**points: int) -> PlayerShip:
    s = new_ship(card("sloop"))
    return s.model_copy(update={"points": {**s.points, **points}})


# ---- buying a ship ----
def test_mmb_port_09_the_old_ships_sale_value_pays_toward_the_new_one() -> None:
    sloop, frigate = card("sloop"), card("frigate")
    assert (ship_price(frigate), sale_value(sloop)) == (30, 3)
    bought = buy_ship(new_ship(sloop), sloop, frigate, gold=27, ship_glory_earned=False)
    assert bought.gold == 0 and bought.ship.type == "frigate"
    with pytest.raises(IllegalActionError, match="costs 30 gold; your sloop fetches 3 and you have 26"):
        buy_ship(new_ship(sloop), sloop, frigate, gold=26, ship_glory_earned=False)


def test_mmb_port_09_a_damaged_ship_still_fetches_its_full_sale_value() -> None:
    sloop = card("sloop")
    wreck = damaged_sloop(hull=1, masts=0, cannons=0)
    assert buy_ship(wreck, sloop, card("flute"), gold=7, ship_glory_earned=False).gold == 0


def test_mmb_port_09_a_captured_man_o_war_fetches_nothing_and_none_is_for_sale() -> None:
    mow = card("man_o_war")
    assert sale_value(mow) == 0
    prize = new_ship(mow)
    assert buy_ship(prize, mow, card("sloop"), gold=10, ship_glory_earned=False).gold == 0
    with pytest.raises(IllegalActionError, match="No shipyard sells a man-o'-war"):
        buy_ship(new_ship(card("galleon")), card("galleon"), mow, gold=99, ship_glory_earned=True)


def test_mmb_port_10_crew_keeps_its_count_and_the_weapons_cross() -> None:
    sloop = card("sloop")
    old = damaged_sloop(crew=1, hull=1).model_copy(update={"weapons": frozenset({"chain_shot", "grapeshot"})})
    bought = buy_ship(old, sloop, card("frigate"), gold=30, ship_glory_earned=False)
    assert bought.ship.points == {"hull": 3, "masts": 3, "crew": 1, "cannons": 3, "cargo": 3}
    assert bought.ship.weapons == {"chain_shot", "grapeshot"} and bought.crew_lost == 0


def test_mmb_port_10_hands_over_the_new_ships_crew_value_are_paid_off() -> None:
    galleon, sloop = card("galleon"), card("sloop")
    full = buy_ship(new_ship(galleon), galleon, sloop, gold=1, ship_glory_earned=True)
    assert (full.ship.points["crew"], full.crew_lost, full.gold) == (2, 1, 0)
    two = new_ship(galleon).model_copy(update={"points": {**new_ship(galleon).points, "crew": 2}})
    assert buy_ship(two, galleon, sloop, gold=1, ship_glory_earned=True).crew_lost == 0


def test_mmb_port_11_modifications_stay_behind_and_leave_play() -> None:
    frigate = card("frigate")
    fitted = (Fitted(kind="hammocks"), Fitted(kind="long_guns"))
    old = new_ship(frigate).model_copy(update={"modifications": fitted})
    bought = buy_ship(old, frigate, card("galleon"), gold=30, ship_glory_earned=True)
    assert bought.leaving == fitted and bought.ship.modifications == ()
    assert bought.ship.points["crew"] == 3


def test_mmb_port_12_mm_m5_03_glory_for_the_first_frigate_or_galleon_never_a_brig() -> None:
    sloop = new_ship(card("sloop"))
    assert buy_ship(sloop, card("sloop"), card("frigate"), 27, ship_glory_earned=False).glory == 1
    assert buy_ship(sloop, card("sloop"), card("galleon"), 32, ship_glory_earned=False).glory == 1
    assert buy_ship(sloop, card("sloop"), card("galleon"), 32, ship_glory_earned=True).glory == 0
    assert buy_ship(sloop, card("sloop"), card("brig"), 17, ship_glory_earned=False).glory == 0


def test_mm_m5_02_a_brig_costs_20_and_sells_for_5() -> None:
    brig, flute = card("brig"), card("flute")
    assert (ship_price(brig), sale_value(brig)) == (20, 5)
    assert buy_ship(new_ship(flute), flute, brig, gold=17, ship_glory_earned=False).gold == 0
    with pytest.raises(IllegalActionError):
        buy_ship(new_ship(flute), flute, brig, gold=16, ship_glory_earned=False)
    assert buy_ship(new_ship(brig), brig, flute, gold=5, ship_glory_earned=False).gold == 0
    with pytest.raises(IllegalActionError, match="your brig fetches 5 and you have 4"):
        buy_ship(new_ship(brig), brig, flute, gold=4, ship_glory_earned=False)


def test_mmb_map_17_st_johns_sells_every_ship_5_gold_cheaper() -> None:
    st_johns = terms("st_johns")
    assert st_johns == YardTerms(ship_discount=5) and terms("havana") == ORDINARY
    assert [ship_price(card(s), st_johns) for s in ("sloop", "brig", "frigate", "galleon")] == [5, 15, 25, 30]
    sloop = new_ship(card("sloop"))
    assert buy_ship(sloop, card("sloop"), card("frigate"), 22, False, st_johns).gold == 0
    with pytest.raises(IllegalActionError):
        buy_ship(sloop, card("sloop"), card("frigate"), 21, False, st_johns)


# ---- repairs ----
def test_mmb_port_13_repairs_cost_2_gold_a_point_up_to_the_card() -> None:
    sloop = card("sloop")
    hurt = damaged_sloop(hull=0, masts=1)
    assert REPAIR_PRICE == 2 and repair_cost(3) == 6
    fixed, left = repair(hurt, sloop, BONUSES, {"hull": 2, "masts": 1}, gold=6)
    assert (fixed.points["hull"], fixed.points["masts"], left) == (2, 2, 0)
    with pytest.raises(IllegalActionError, match="costs 6 gold; you have 5"):
        repair(hurt, sloop, BONUSES, {"hull": 2, "masts": 1}, gold=5)
    with pytest.raises(IllegalActionError, match="at 0 of 2; repair at most 2"):
        repair(hurt, sloop, BONUSES, {"hull": 3}, gold=20)


def test_mmb_port_13_crew_is_recruited_not_repaired() -> None:
    with pytest.raises(IllegalActionError, match="recruit"):
        repair(damaged_sloop(crew=0), card("sloop"), BONUSES, {"crew": 1}, gold=20)


def test_mmb_map_10_old_providence_repairs_for_1_gold_a_point() -> None:
    old_providence = terms("old_providence")
    assert old_providence == YardTerms(repair_price=1)
    _, left = repair(damaged_sloop(hull=0, cargo=0), card("sloop"), BONUSES, {"hull": 2, "cargo": 2}, 4, old_providence)
    assert left == 0


def test_mmb_ship_12_a_repair_restores_the_maximum_a_modification_raised() -> None:
    sloop = card("sloop")
    reinforced = damaged_sloop(hull=0).model_copy(update={"modifications": (Fitted(kind="reinforced_hull"),)})
    fixed, _ = repair(reinforced, sloop, BONUSES, {"hull": 3}, gold=6)
    assert fixed.points["hull"] == 3 == sloop.values["hull"] + 1
    with pytest.raises(IllegalActionError, match="at 0 of 3"):
        repair(reinforced, sloop, BONUSES, {"hull": 4}, gold=8)


# ---- the port's modification ----
def test_mmb_port_14_the_ports_modification_at_its_kinds_price() -> None:
    mods = defs().all_modifications()
    assert sorted({m.cost for m in defs().modifications.modifications.values()}) == [4, 5, 6]
    frigate = card("frigate")
    refit = buy_modification(new_ship(frigate), frigate, BONUSES, "extra_cannon_port", mods["extra_cannon_port"].cost, 6)
    assert refit.gold == 0 and refit.ship.points["cannons"] == 4 and refit.leaving == ()
    with pytest.raises(IllegalActionError, match="costs 6 gold; you have 5"):
        buy_modification(new_ship(frigate), frigate, BONUSES, "extra_cannon_port", 6, 5)


def test_mmb_port_14_hammocks_make_room_the_new_hand_is_recruited() -> None:
    sloop = card("sloop")
    refit = buy_modification(new_ship(sloop), sloop, BONUSES, "hammocks", 4, 4)
    assert refit.ship.points["crew"] == 2 and refit.ship.kinds() == ["hammocks"]


def test_mmb_port_14_a_full_ship_discards_a_modification_to_make_room() -> None:
    sloop = card("sloop")
    assert sloop.mod_slots == 1
    held = buy_modification(new_ship(sloop), sloop, BONUSES, "reinforced_hull", 5, 5).ship
    with pytest.raises(IllegalActionError, match="no free modification slot"):
        buy_modification(held, sloop, BONUSES, "larger_hold", 4, 4)
    swapped = buy_modification(held, sloop, BONUSES, "larger_hold", 4, 4, discard="reinforced_hull")
    assert swapped.leaving == (Fitted(kind="reinforced_hull"),) and swapped.ship.kinds() == ["larger_hold"]
    assert (swapped.ship.points["hull"], swapped.ship.points["cargo"]) == (2, 3)
    with pytest.raises(IllegalActionError, match="no figurehead"):
        buy_modification(held, sloop, BONUSES, "larger_hold", 4, 4, discard="figurehead")


# ---- special weapons ----
def test_mmb_port_15_a_special_weapon_costs_3_and_a_ship_holds_one_of_each_kind() -> None:
    cost = defs().weapons.weapons["chain_shot"].cost
    assert cost == weapon_price(cost) == 3
    armed, left = buy_weapon(new_ship(card("sloop")), "chain_shot", cost, 3, BASE_WEAPONS, supply=4)
    assert armed.weapons == {"chain_shot"} and left == 0
    with pytest.raises(IllegalActionError, match="one token of each kind"):
        buy_weapon(armed, "chain_shot", cost, 9, BASE_WEAPONS, supply=3)
    with pytest.raises(IllegalActionError, match="costs 3 gold; you have 2"):
        buy_weapon(armed, "grapeshot", cost, 2, BASE_WEAPONS, supply=4)
    with pytest.raises(IllegalActionError, match="No grapeshot tokens are left"):
        buy_weapon(armed, "grapeshot", cost, 9, BASE_WEAPONS, supply=0)


def test_mmb_map_11_petit_goave_sells_weapons_1_gold_cheaper() -> None:
    petit_goave = terms("petit_goave")
    assert petit_goave == YardTerms(weapon_discount=1) and weapon_price(3, petit_goave) == 2
    _, left = buy_weapon(new_ship(card("flute")), "grapeshot", 3, 2, BASE_WEAPONS, 4, petit_goave)
    assert left == 0


def test_mm_m2_02_six_kinds_aboard_with_module_2_one_token_each() -> None:
    ship = new_ship(card("frigate"))
    with pytest.raises(IllegalActionError, match="no spikes in this game"):
        buy_weapon(ship, "spikes", 3, 3, BASE_WEAPONS, supply=2)
    for kind in WEAPONS:
        ship, _ = buy_weapon(ship, kind, 3, 3, WEAPONS, supply=1)
    assert ship.weapons == set(WEAPONS) and len(WEAPONS) == 6
    with pytest.raises(IllegalActionError, match="already carry double shot"):
        buy_weapon(ship, "double_shot", 3, 3, WEAPONS, supply=1)


# ---- Module 5 ----
def test_mm_m5_05_07_08_09_10_when_the_manoeuvrability_1_galleons_are_used() -> None:
    assert slow_galleons() is False
    assert slow_galleons(chosen=True) is True                  # MM-M5-09: by the players' choice
    assert slow_galleons(brig=True) is True                    # MM-M5-05, -07, -10: always with the brig
    assert slow_galleons(turn_order=True) is True              # MM-M5-08: Variant 1
    assert slow_galleons(cutthroat=True) is True               # MM-M5-08: Variant 5


def test_mm_m5_06_the_slow_galleon_card_changes_only_manoeuvrability() -> None:
    slow, base = card("galleon", slow=True), card("galleon")
    assert (base.values["manoeuvre"], slow.values["manoeuvre"]) == (2, 1)
    assert {k: v for k, v in slow.values.items() if k != "manoeuvre"} == \
        {k: v for k, v in base.values.items() if k != "manoeuvre"}
    assert (slow.cost, slow.sale, slow.mod_slots) == (base.cost, base.sale, base.mod_slots)
    with pytest.raises(ValueError, match="replaces a galleon"):
        card_from_def(defs().all_ships()["frigate"], defs().sog_ships.cards["galleon_m1"])


def _fighter(c: ShipCard) -> Fighter:
    points = {loc: c.values[loc] for loc in ("hull", "masts", "crew", "cannons", "cargo")}
    return Fighter(points=points, manoeuvre=c.values["manoeuvre"], seamanship=2, leadership=2)


def test_mm_m5_11_a_slow_galleon_gives_a_frigate_the_extra_contest_die_and_flees_one_escape() -> None:
    frigate = _fighter(card("frigate"))
    assert contest_dice(frigate, _fighter(card("galleon"))) == 2            # 3 against 2: no edge
    assert contest_dice(frigate, _fighter(card("galleon", slow=True))) == 3  # 3 against 1: +1 die
    escape = [CargoCard(id="c1", good="rum", plunder=3, icon="escape"), CargoCard(id="c2", good="rum", plunder=2)]
    points = {"hull": 4, "masts": 3, "crew": 3, "cannons": 3, "cargo": 5}
    assert not resolve(escape, points, card("galleon").values["manoeuvre"]).failed       # type: ignore[arg-type]
    assert resolve(escape, points, card("galleon", slow=True).values["manoeuvre"]).failed  # type: ignore[arg-type]
