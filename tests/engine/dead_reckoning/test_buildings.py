"""Building Types; Constructing a Building (engine/dead_reckoning/rules/buildings.py)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import Pay, defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules.buildings import (
    Site,
    attack_targets,
    building_coins,
    construct,
    control_changed,
    cost,
    defense_cubes,
    entry_damage,
    garrison_toll,
    production_bonus,
    raze,
    supply_left,
    why_not_build,
)
from engine.dead_reckoning.rules.gain_and_spend import Home
from engine.dead_reckoning.rules.load_unload import Goods, Ship, starting_ship

P1, P2 = 1, 2
FORT = Site(kinds=frozenset({"fort"}), controller=P1, holder=P1)
GARRISON = Site(kinds=frozenset({"garrison"}), controller=P1, holder=P1)
OUTPOST = Site(kinds=frozenset({"outpost"}), controller=P1, holder=P1)
MINE = Site(controller=P1, holder=P1)


def shut_out(site: Site, seat: int, overrides_forts: bool = False) -> bool:
    """The one check that bars a player from an island (island_control.barred), on the site's
    Buildings standing on Gull Rock (3 slots), its controller holding 2 of them."""
    slots = [f"p{site.controller}"] * 2 + [None] if site.controller is not None else [None] * 3
    island = ic.Island(board="gull-rock", slots=slots, buildings=sorted(site.kinds))
    return ic.barred(island, f"p{seat}", overrides_forts=overrides_forts) is not None


def cargo_ship(n: int) -> Ship:
    s = starting_ship()
    return s.replace(s.space("A").model_copy(update={"goods": Goods(cargo=n)}))


def test_dr_abd_19_costs_are_the_datas() -> None:
    assert cost("garrison") == [Pay(res="cargo", n=3)]
    assert cost("fort") == [Pay(res="cargo", n=4), Pay(res="coin", n=1)]
    assert cost("outpost") == [Pay(res="cargo", n=4)]


def test_dr_abd_18_build_on_an_island_you_control_from_anywhere_paying_ship_and_dock() -> None:
    """The Ship need not be at the island: nothing here asks where it is. The Garrison's 3 cargo
    come 1 from the Dock and 2 from the Ship (the default
    takes what the Dock has first)."""
    site, ship, home = construct(MINE, "garrison", P1, cargo_ship(2), Home(dock=1, chest=5), in_supply=8)
    assert site.kinds == {"garrison"} and ship.carried().cargo == 0 and home == Home(dock=0, chest=5)
    # the Fort's coin comes from the chest, as the Dock's
    site, _, home = construct(site, "fort", P1, cargo_ship(4), Home(chest=1), in_supply=8)
    assert site.kinds == {"garrison", "fort"} and home.chest == 0
    with pytest.raises(IllegalActionError, match="only on an island you control"):
        construct(Site(controller=P2, holder=P2), "fort", P1, cargo_ship(4), Home(chest=1), in_supply=8)
    with pytest.raises(IllegalActionError, match="only on an island you control"):
        construct(Site(), "fort", P1, cargo_ship(4), Home(chest=1), in_supply=8)
    with pytest.raises(IllegalActionError, match="cannot pay 3 cargo"):
        construct(MINE, "garrison", P1, cargo_ship(1), Home(dock=1), in_supply=8)


def test_dr_bld_01_three_kinds_and_one_of_each_per_island() -> None:
    assert set(defs().buildings.buildings) == {"fort", "garrison", "outpost"}
    assert why_not_build(FORT, "fort", P1, 7) == "this island already has a Fort"
    assert why_not_build(FORT, "garrison", P1, 7) is None
    full = Site(kinds=frozenset({"fort", "garrison", "outpost"}), controller=P1, holder=P1)
    assert all(why_not_build(full, k, P1, 5) for k in ("fort", "garrison", "outpost"))


def test_the_supply_of_buildings_runs_out() -> None:
    assert supply_left("outpost", {"outpost": 3}) == 1 and supply_left("fort", {}) == 8
    assert why_not_build(MINE, "outpost", P1, supply_left("outpost", {"outpost": 4})) == "no Outpost is left in the supply"
    assert why_not_build(MINE, "outpost", P1, 1) is None


def test_dr_bld_02_each_building_on_your_islands_scores_1() -> None:
    sites = [Site(kinds=frozenset({"fort", "outpost"}), controller=P1, holder=P1), GARRISON,
             Site(kinds=frozenset({"fort"}), controller=P2, holder=P2),
             Site(kinds=frozenset({"garrison"}), controller=None, holder=P1)]
    assert building_coins(sites, P1) == 3 and building_coins(sites, P2) == 1 and building_coins(sites, 3) == 0


def test_dr_bld_03_a_fort_bars_other_players_even_with_card_abilities() -> None:
    assert shut_out(FORT, P2)
    assert not shut_out(FORT, P1)   # the controller is not barred
    assert not shut_out(FORT, P2, overrides_forts=True)
    assert not shut_out(OUTPOST, P2)  # an Outpost guards nothing


def test_dr_bld_05_07_forts_and_garrisons_may_be_attacked_outposts_never() -> None:
    both = Site(kinds=frozenset({"fort", "garrison", "outpost"}), controller=P1, holder=P1)
    assert attack_targets(both, P2) == {"fort", "garrison"}
    assert attack_targets(OUTPOST, P2) == frozenset()
    assert attack_targets(both, P1) == frozenset()                 # not your own
    assert attack_targets(Site(kinds=frozenset({"fort"}), holder=P1), P2) == frozenset()   # nobody's
    assert raze(both, frozenset({"fort", "garrison"})).kinds == {"outpost"}


def test_dr_bld_06_an_outpost_adds_1_cargo_and_1_coin_to_production() -> None:
    assert production_bonus(OUTPOST) == Goods(cargo=1, coin=1)
    assert production_bonus(FORT) == Goods() and production_bonus(MINE) == Goods()


def test_dr_bld_08_a_garrison_protects_like_a_fort_with_fewer_cubes() -> None:
    assert shut_out(GARRISON, P2) and not shut_out(GARRISON, P1)
    assert defense_cubes(frozenset({"garrison"})) == 2 < defense_cubes(frozenset({"fort"})) == 5
    assert defense_cubes(frozenset({"fort", "garrison"})) == 7
    assert defense_cubes(frozenset({"fort", "garrison", "outpost"})) == 7
    assert defense_cubes(frozenset({"outpost"})) == 0


def test_dr_bld_09_a_garrison_damages_other_ships_entering_even_passing() -> None:
    assert entry_damage(GARRISON, P2) == 1
    assert entry_damage(GARRISON, P1) == 0 and entry_damage(FORT, P2) == 0
    toll = garrison_toll(P2, 0, [MINE, GARRISON, Site()])       # passes through, stops beyond
    assert (toll.damage, toll.boards, toll.sunk_at) == (1, 3, None)


def test_dr_bld_10_a_5th_garrison_damage_sinks_at_once_for_its_owner() -> None:
    toll = garrison_toll(P2, 4, [MINE, GARRISON, GARRISON])
    assert (toll.damage, toll.boards, toll.sunk_at, toll.sunk_by) == (5, 2, 1, P1)
    toll = garrison_toll(P2, 3, [GARRISON])                     # one short of sinking
    assert (toll.damage, toll.sunk_at) == (4, None)


def test_dr_bld_11_one_damage_per_garrison_board_entered() -> None:
    theirs = Site(kinds=frozenset({"garrison", "fort"}), controller=3, holder=3)
    assert garrison_toll(P2, 0, [GARRISON, theirs, MINE, GARRISON]).damage == 3
    assert garrison_toll(P1, 0, [GARRISON, theirs, GARRISON]).damage == 1   # only another's bite


def test_dr_abd_20_the_controller_controls_the_buildings() -> None:
    assert not shut_out(FORT, P1) and shut_out(FORT, P2)
    with pytest.raises(ValueError, match="controller's"):
        Site(kinds=frozenset({"fort"}), controller=P2, holder=P1)


def test_dr_abd_21_control_passing_to_another_player_removes_every_building() -> None:
    site = Site(kinds=frozenset({"fort", "outpost"}), controller=P1, holder=P1)
    taken = control_changed(site, P2)
    assert taken == Site(controller=P2, holder=P2)
    assert control_changed(site, P1) == site


def test_dr_abd_22_buildings_stay_when_control_is_lost_to_nobody() -> None:
    """Reading: they stay, protecting and scoring for nobody; the last controller retaking the
    island keeps them; any other player taking it removes them."""
    site = Site(kinds=frozenset({"fort", "garrison"}), controller=P1, holder=P1)
    lost = control_changed(site, None)
    assert lost.kinds == site.kinds and lost.controller is None and lost.holder == P1
    assert not shut_out(lost, P2) and entry_damage(lost, P2) == 0
    assert building_coins([lost], P1) == 0
    assert control_changed(lost, P1) == site
    assert control_changed(lost, P2).kinds == frozenset()
