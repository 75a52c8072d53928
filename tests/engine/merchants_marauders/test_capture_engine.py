"""Taking a prize ship in the turn engine (rules/capture_turn.py): a crew clash won over a navy or
pirate NPC offers its ship (base reconstruction 6.3), Module 4's captured ship keeps its unspent
upgrades, which go back to the NPC reserve when sold or sunk (MM-M4-19, -20), and the victor's
old modifications go to ports the victor names, or with Module 3 at random (MMB-CLASH-09)."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.capture_turn import cross_over
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.rules.contraband_turn import _contraband
from engine.merchants_marauders.rules.death import kill
from engine.merchants_marauders.rules.fight import start_fight
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.rules.port import buy_ship
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS
from tests.engine.merchants_marauders.scenario_helpers import (
    at_sea,
    do,
    no_cards,
    options,
    resettle,
    started,
    top,
    waiting,
)

NAVY = ("navy_spain", "navy", "spain")
PIRATE = ("pirate_frigate", "pirate", None)


def _won(npc: tuple[str, str, str | None] = PIRATE, ship: str = "frigate", boarded: bool = True,
         tokens: tuple[str, ...] = (), spent: tuple[str, ...] = (), **opts: Any) -> tuple[State, int]:
    """The first seat has just won a fight against the NPC (in a crew clash when `boarded`)."""
    slot, side, nation = npc
    s = started(2, seed="capture", **opts)
    seat = s.order[0]
    no_cards(s)
    at_sea(s, seat, "caribbean_sea")
    s.npcs[slot] = Npc(slot=slot, side=side, nation=nation, ship=ship, zone="caribbean_sea",
                       skills=Skills(seamanship=2, scouting=2, leadership=2))
    if tokens:
        s.npc_upgrades = {slot: list(tokens)}
        s.npc_reserve = [t for t in s.npc_reserve if t not in tokens]
    s.stack.pop()
    start_fight(s, ("seat", seat), ("npc", slot), [])
    s = resettle(s)
    f = s.fight
    assert f is not None
    s.stack = [x for x in s.stack if not isinstance(x, P.OrdersPrompt)]
    f.orders, f.npc_spent = None, list(spent)
    f.victor, f.boarded, f.step = "aggressor", boarded, "aftermath"
    if not boarded:
        f.npc_points["hull"] = 0
    return s, seat


def test_mmb_clash_12_a_boarded_npcs_ship_may_be_taken_with_its_damage_and_the_default_keeps_yours() -> None:
    s, seat = _won()
    assert s.fight is not None
    s.fight.npc_points["hull"], s.fight.npc_points["masts"] = 1, 2
    s.players[seat].ship.points["crew"] = 1
    s = resettle(s)
    assert isinstance(top(s), P.CapturePrompt) and waiting(s) == (seat,)
    assert options(s, seat) == ["take ship", "done"]
    assert GAME.notate(s, GAME.default_action(s, seat)) == "done", "the deadline keeps the victor's own ship"
    assert GAME.describe(s, seat, GAME.parse(s, seat, "take ship")).label == "Take the NPC's frigate for your ship"
    kept = do(s, seat, "done")
    assert kept.players[seat].ship.type == "sloop" and "pirate_frigate" not in kept.npcs
    took = do(s, seat, "take ship")
    ship = took.players[seat].ship
    assert ship.type == "frigate" and "pirate_frigate" not in took.npcs and took.fight is None
    assert (ship.points["hull"], ship.points["masts"]) == (1, 2), "the prize keeps the fight's damage"
    assert ship.points["crew"] == 1, "the one surviving hand crosses"
    assert ship.points["cannons"] == defs().all_ships()["frigate"].cannons
    assert took.players[seat].glory == kept.players[seat].glory and not took.players[seat].ship_glory, \
        "a captured frigate earns no ship glory: only one bought does"


def test_mmb_ship_08_a_navy_man_o_war_at_war_is_a_players_only_by_capture() -> None:
    s, seat = _won(NAVY, ship="man_o_war")
    s = do(resettle(s), seat, "take ship")
    assert s.players[seat].ship.type == "man_o_war"
    assert s.players[seat].ship.points["crew"] == min(2, maxima(s.players[seat])["crew"])


def test_no_capture_after_a_sinking_and_the_treasure_galleon_asks_its_own_way() -> None:
    s, seat = _won(boarded=False)
    s = resettle(s)
    assert not any(isinstance(x, P.CapturePrompt) for x in s.stack) and s.players[seat].ship.type == "sloop"
    g, seat = _won(("treasure_galleon", "treasure", None), ship="treasure_galleon", module_6=True)
    g.treasure_gold = 0
    g = resettle(g)
    assert isinstance(top(g), P.TreasurePrompt) and not any(isinstance(x, P.CapturePrompt) for x in g.stack)


def test_capture_comes_before_the_navys_plunder_which_fits_the_new_hold() -> None:
    s, seat = _won(NAVY)
    s.players[seat].ship.type, s.players[seat].ship.cargo = "galleon", []
    s.players[seat].ship.points = maxima(s.players[seat])
    s = resettle(s)
    assert isinstance(top(s), P.CapturePrompt)
    keep = next(x for x in s.stack if isinstance(x, P.KeepCargoPrompt))
    assert keep.room == 5, "the galleon's empty hold"
    s.players[seat].ship.cargo = s.cargo.draw(s.rng, 2)
    s = do(s, seat, "take ship")
    keep = top(s)
    assert isinstance(keep, P.KeepCargoPrompt) and keep.room == 1, "the frigate holds 3, 2 aboard"



def test_a_prize_ship_s_plunder_keep_offers_only_what_both_compartments_leave() -> None:
    """A seeded game listed `keep` choices the hold then refused ("room for 1 more; you chose
    2"): after a capture the plunder's room left out the contraband compartment."""
    s, seat = _won(NAVY, module_7=True)
    p = s.players[seat]
    p.ship.type, p.ship.cargo, p.contraband = "galleon", ["rum-1"], ["cb-rum-4"]
    p.ship.points = maxima(p)
    s = resettle(s)
    keep = next(x for x in s.stack if isinstance(x, P.KeepCargoPrompt))
    assert keep.room == 3 and len(keep.cards) >= 2, "the galleon holds 5, 2 aboard"
    s = do(s, seat, "take ship")
    keep = top(s)
    assert isinstance(keep, P.KeepCargoPrompt) and keep.room == 1, "the frigate holds 3, 2 aboard (one contraband)"
    while isinstance(top(s), P.KeepCargoPrompt):         # every listed keep is playable
        s = do(s, seat, next(o for o in options(s, seat) if o.startswith("keep")))
    p = s.players[seat]
    assert len(p.ship.cargo) + len(p.contraband) == 3 and p.contraband == ["cb-rum-4"]


# ---- Module 4 ----
def test_mm_m4_19_a_captured_npc_ship_keeps_its_unspent_upgrades_in_their_places() -> None:
    tokens = ("grapeshot_1", "chain_shot_1", "reinforced_hull")
    s, seat = _won(tokens=tokens, spent=("chain_shot",), module_4=True)
    s.players[seat].ship.weapons = ["grapeshot"]
    s = resettle(s)
    assert [type(x).__name__ for x in s.stack[-2:]] == ["UpgradesPrompt", "CapturePrompt"]
    declined = do(s, seat, "done")
    assert isinstance(top(declined), P.UpgradesPrompt), "keeping one's ship, the upgrades are still offered"
    s = do(s, seat, "take ship")
    ship = s.players[seat].ship
    assert not any(isinstance(x, P.UpgradesPrompt) for x in s.stack), "the upgrades came with the ship"
    assert ship.modifications == ["reinforced_hull"] and ship.npc_tokens == ["reinforced_hull"]
    assert ship.points["hull"] == defs().all_ships()["frigate"].hull + 1 == maxima(s.players[seat])["hull"]
    assert ship.weapons == ["grapeshot"], "a kind already aboard is not doubled"
    assert {"grapeshot_1", "chain_shot_1"} <= set(s.npc_reserve), "the spent one and the double go back"
    assert "reinforced_hull" not in s.npc_reserve and "pirate_frigate" not in s.npc_upgrades


def test_mm_m4_19_without_module_4_the_captured_ship_is_bare() -> None:
    s, seat = _won()
    s.npc_upgrades = {"pirate_frigate": ["reinforced_hull"]}
    s = do(resettle(s), seat, "take ship")
    assert s.players[seat].ship.modifications == [] and s.players[seat].ship.npc_tokens == []


def test_mm_m4_20_the_captured_upgrades_go_back_when_the_ship_is_sold_or_sunk() -> None:
    s, seat = _won(tokens=("grapeshot_1", "crows_nest"), module_2=True, module_3=True, module_4=True)
    s = do(resettle(s), seat, "take ship")
    assert s.players[seat].ship.npc_tokens == ["grapeshot_1", "crows_nest"]
    sold = s.model_copy(deep=True)
    sold.players[seat].ship.gold = 100
    buy_ship(sold, seat, "galleon", [])
    assert "crows_nest" in sold.npc_reserve, "sold: the modification goes back to the NPC reserve"
    assert sold.players[seat].ship.npc_tokens == ["grapeshot_1"] and "grapeshot" in sold.players[seat].ship.weapons
    kill(s, seat, [])
    assert {"grapeshot_1", "crows_nest"} <= set(s.npc_reserve), "sunk with its captain: both go back"


# ---- the victor's old modifications (MMB-CLASH-09) ----
def _free(s: State) -> list[str]:
    return [z for z in PORTS if s.zones[z].modification is None]


def test_mmb_clash_09_without_module_3_the_victor_names_a_free_port_for_each_old_modification() -> None:
    s, seat = _won()
    s.players[seat].ship.type, s.players[seat].ship.modifications = "frigate", ["reinforced_hull", "long_guns"]
    for z in PORTS[:3]:
        s.zones[z].modification = None
    s = do(resettle(s), seat, "take ship")
    free = _free(s)
    assert isinstance(top(s), P.OldModsPrompt) and waiting(s) == (seat,)
    assert options(s, seat) == [f"to {z}" for z in free]
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, f"to {free[0]}")
    assert GAME.describe(s, seat, GAME.parse(s, seat, f"to {free[1]}")).label.startswith("Send the Reinforced")
    s = do(s, seat, f"to {free[1]}")
    assert s.zones[free[1]].modification == "reinforced_hull" and not s.zones[free[1]].revealed
    s = do(s, seat, f"to {free[0]}")
    assert s.zones[free[0]].modification == "long_guns" and not isinstance(top(s), P.OldModsPrompt)
    assert s.players[seat].ship.modifications == []


def test_mmb_clash_09_with_module_3_they_go_at_random_through_the_reserve() -> None:
    s, seat = _won(module_3=True)
    s.players[seat].ship.type, s.players[seat].ship.modifications = "frigate", ["reinforced_hull"]
    before = len(s.mod_reserve) + sum(1 for z in PORTS if s.zones[z].modification is not None)
    s = do(resettle(s), seat, "take ship")
    assert not any(isinstance(x, P.OldModsPrompt) for x in s.stack)
    assert len(s.mod_reserve) + sum(1 for z in PORTS if s.zones[z].modification is not None) == before + 1


def test_mm_m7_25_a_prize_too_small_for_both_holds_loses_ordinary_cargo_first_then_contraband() -> None:
    s = started(3, seed="prize-hold", module_7=True)
    seat = s.order[0]
    me = s.players[seat]
    me.ship.cargo, me.contraband = ["sugar-1", "rum-1"], [c for c in _contraband_ids()[:2]]
    full: dict[Any, int] = {"hull": 2, "masts": 2, "crew": 2, "cannons": 1, "cargo": 4}
    cross_over(s, seat, "sloop", full)
    assert me.ship.cargo == ["sugar-1", "rum-1"] and len(me.contraband) == 2, "4 cards in a hold of 4: all stay"
    smaller = {**full, "cargo": 3}
    cross_over(s, seat, "sloop", smaller)
    assert me.ship.cargo == ["sugar-1"] and len(me.contraband) == 2, "one over: the ordinary hold's last card goes"
    cross_over(s, seat, "sloop", {**full, "cargo": 1})
    assert me.ship.cargo == [] and len(me.contraband) == 1, "the ordinary hold empty: the compartment pays"


def _contraband_ids() -> list[str]:
    return sorted(_contraband())
