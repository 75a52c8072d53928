"""NPC upgrades (engine/merchants_marauders/rules/npc_upgrades.py): Seas of Glory Module 4, the
reserve, the draw when an NPC card is turned (the "0" and "2" tokens, tokens that cannot be
applied), tokens going back, upgrades in a fight and when scouting, and the tokens a victor takes.
Draws are scripted with Rng.forced: a forced value k takes the k-th token of the pile."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.defs_sog import UpgradeDef
from engine.merchants_marauders.rules.aftermath import prize_points
from engine.merchants_marauders.rules.modifications import stat_bonuses
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.rules.npc_upgrades import (
    after_fight,
    arrive,
    capture_npc_ship,
    draw_upgrades,
    kit,
    npc_scouting_dice,
    npc_tokens_leaving,
    remove,
    scouting_for_npc_dice,
    spend_weapon,
    take_upgrades,
    war_swap,
)
from engine.merchants_marauders.rules.ship import Fitted, card_from_def, new_ship
from engine.merchants_marauders.vocab import HitLocation

FACES: dict[str, UpgradeDef] = {**defs().npc_upgrades.upgrades,
                                "two_b": UpgradeDef(id="two_b", face="two"),
                                "figurehead": UpgradeDef(id="figurehead", face="modification", of="figurehead")}
BONUSES = stat_bonuses(defs().all_modifications())
FRIGATE = card_from_def(defs().all_ships()["frigate"])
SLOOP = card_from_def(defs().all_ships()["sloop"])


def draw(reserve: list[str], *picks: int, slots: int = 2) -> tuple[tuple[str, ...], list[str]]:
    d = draw_upgrades(reserve, FACES, Rng(seed="u", forced=list(picks)), mod_slots=slots)
    return d.tokens, d.reserve


# ---- receiving upgrades ----
def test_mm_m4_03_an_npc_card_draws_one_upgrade_for_that_npc() -> None:
    tokens, reserve = draw(["zero", "chain_shot_1", "two", "hammocks"], 2)
    assert tokens == ("chain_shot_1",) and sorted(reserve) == ["hammocks", "two", "zero"]


def test_mm_m4_03_the_whole_reserve_is_17_tokens_drawn_at_random() -> None:
    pool = [u.id for u in defs().npc_upgrades.pool()]
    results = {draw_upgrades(pool, FACES, Rng(seed=str(i)), mod_slots=2).tokens for i in range(30)}
    assert len(pool) == 17 and len(results) > 5
    for i in range(30):
        d = draw_upgrades(pool, FACES, Rng(seed=str(i)), mod_slots=2)
        assert sorted([*d.tokens, *d.reserve]) == sorted(pool) and len(d.tokens) <= 2


def test_mm_m4_04_a_0_gives_nothing_and_goes_back() -> None:
    tokens, reserve = draw(["zero", "chain_shot_1"], 1)
    assert tokens == () and sorted(reserve) == ["chain_shot_1", "zero"]


def test_mm_m4_05_a_2_gives_two_upgrades_and_goes_back() -> None:
    tokens, reserve = draw(["two", "grapeshot_1", "hammocks", "spikes"], 1, 2, 1)
    assert tokens == ("hammocks", "grapeshot_1") and sorted(reserve) == ["spikes", "two"]


def test_mm_m4_06_a_0_while_taking_two_is_put_back_and_another_drawn() -> None:
    tokens, reserve = draw(["two", "zero", "hammocks", "spikes"], 1, 1, 1, 1)
    assert tokens == ("hammocks", "spikes") and sorted(reserve) == ["two", "zero"]


def test_mm_m4_07_a_second_2_while_taking_two_is_put_back_too() -> None:
    tokens, reserve = draw(["two", "two_b", "hammocks", "spikes"], 1, 1, 1, 1)
    assert tokens == ("hammocks", "spikes") and sorted(reserve) == ["two", "two_b"]


def test_mm_m4_12_a_kind_it_already_got_or_cannot_use_is_set_aside() -> None:
    tokens, reserve = draw(["two", "chain_shot_1", "chain_shot_2", "figurehead", "reinforced_hull"], 1, 1, 1, 1, 1)
    assert tokens == ("chain_shot_1", "reinforced_hull")
    assert sorted(reserve) == ["chain_shot_2", "figurehead", "two"]


def test_mm_m4_12_a_modification_beyond_the_ships_slots_is_set_aside() -> None:
    tokens, _ = draw(["two", "hammocks", "reinforced_hull", "spikes"], 1, 1, 1, 1, slots=1)
    assert tokens == ("hammocks", "spikes")


def test_mm_m4_12_when_nothing_fits_the_npc_gets_nothing_more() -> None:
    tokens, reserve = draw(["two", "chain_shot_1", "chain_shot_2", "zero"], 1, 1, 1, 1)
    assert tokens == ("chain_shot_1",) and sorted(reserve) == ["chain_shot_2", "two", "zero"]


def test_mm_m4_08_10_an_arriving_npc_takes_its_own_draw_and_the_old_ships_go_back() -> None:
    upgrades = {"navy_spain": ("hammocks",), "pirate_sloop": ("spikes",)}
    after, reserve = arrive(upgrades, [("navy_spain", ("chain_shot_1", "grapeshot_1")), ("pirate_frigate", ())], ["zero"])
    assert after == {"navy_spain": ("chain_shot_1", "grapeshot_1"), "pirate_sloop": ("spikes",), "pirate_frigate": ()}
    assert sorted(reserve) == ["hammocks", "zero"]


def test_mm_m4_09_16_a_sunk_npcs_tokens_go_back_to_the_reserve() -> None:
    after, reserve = remove({"pirate_sloop": ("spikes", "hammocks"), "navy_spain": ("zero",)}, "pirate_sloop", [])
    assert after == {"navy_spain": ("zero",)} and sorted(reserve) == ["hammocks", "spikes"]


# ---- detailed rules ----
def test_mm_m4_11_war_turns_the_frigate_into_a_man_o_war_with_its_upgrades() -> None:
    frigate = Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="havana",
                  skills=Skills(seamanship=3, scouting=3, leadership=3))
    npcs, ups = war_swap({"navy_spain": frigate}, {"navy_spain": ("chain_shot_1",)}, [("spain", "england")])
    assert npcs["navy_spain"].ship == "man_o_war" and ups == {"navy_spain": ("chain_shot_1",)}
    npcs, ups = war_swap(npcs, ups, [])
    assert npcs["navy_spain"].ship == "frigate" and ups == {"navy_spain": ("chain_shot_1",)}


def test_mm_m4_13_weapons_an_npc_spent_come_back_after_the_fight_unless_destroyed() -> None:
    tokens = ("boarding_hooks_1", "hammocks")
    assert after_fight(tokens, destroyed=False) == tokens
    assert after_fight(tokens, destroyed=True) == ()
    assert kit(tokens, FACES).weapons == {"boarding_hooks"} and kit(tokens, FACES).modifications == ("hammocks",)


def test_mm_m4_14_an_npc_with_a_crows_nest_always_scouts_with_it() -> None:
    nest, bare = kit(["crows_nest"], FACES), kit(["hammocks"], FACES)
    assert npc_scouting_dice(3, nest) == 4 and npc_scouting_dice(3, bare) == 3
    assert npc_scouting_dice(3, nest, target_nest=True) == 3


def test_mm_m4_15_a_player_scouting_for_an_npc_with_a_nest_rolls_a_die_fewer_never_below_1() -> None:
    nest = kit(["crows_nest"], FACES)
    assert scouting_for_npc_dice(3, nest) == 2 and scouting_for_npc_dice(1, nest) == 1
    assert scouting_for_npc_dice(3, kit([], FACES)) == 3


# ---- defeating an upgraded NPC ----
def test_mm_m4_17_a_boarding_victor_takes_the_unspent_tokens_that_fit() -> None:
    ship = new_ship(FRIGATE).model_copy(update={"weapons": frozenset({"grapeshot"})})
    npc = ["chain_shot_1", "spikes", "reinforced_hull", "grapeshot_1"]
    taken = take_upgrades(ship, FRIGATE, BONUSES, npc, spent={"spikes"}, chosen=["chain_shot_1", "reinforced_hull"],
                          faces=FACES)
    assert taken.ship.weapons == {"grapeshot", "chain_shot"} and taken.ship.npc_weapons == {"chain_shot": "chain_shot_1"}
    assert taken.ship.modifications == (Fitted(kind="reinforced_hull", npc_token="reinforced_hull"),)
    assert taken.ship.points["hull"] == 4 and sorted(taken.back) == ["grapeshot_1", "spikes"]
    with pytest.raises(IllegalActionError, match="spikes is not among the NPC's unspent"):
        take_upgrades(ship, FRIGATE, BONUSES, npc, {"spikes"}, ["spikes"], FACES)
    with pytest.raises(IllegalActionError, match="already carry grapeshot"):
        take_upgrades(ship, FRIGATE, BONUSES, npc, {"spikes"}, ["grapeshot_1"], FACES)


def test_mm_m4_17_no_room_on_the_ship_card_no_modification_taken() -> None:
    full = new_ship(SLOOP).model_copy(update={"modifications": (Fitted(kind="long_guns"),)})
    with pytest.raises(IllegalActionError, match="no free slot for the hammocks"):
        take_upgrades(full, SLOOP, BONUSES, ["hammocks"], set(), ["hammocks"], FACES)


def test_mm_m4_18_taken_tokens_go_back_to_the_npc_reserve_when_spent_sold_or_sunk() -> None:
    ship = take_upgrades(new_ship(FRIGATE), FRIGATE, BONUSES, ["chain_shot_1", "hammocks"], set(),
                         ["chain_shot_1", "hammocks"], FACES).ship
    assert npc_tokens_leaving(ship, with_weapons=False) == ["hammocks"]          # the ship sold
    assert npc_tokens_leaving(ship, with_weapons=True) == ["hammocks", "chain_shot_1"]  # the ship sunk
    after, token = spend_weapon(ship, "chain_shot")
    assert token == "chain_shot_1" and after.weapons == frozenset() and after.npc_weapons == {}
    bought = after.model_copy(update={"weapons": frozenset({"grapeshot"})})
    assert spend_weapon(bought, "grapeshot")[1] is None


def test_mm_m4_19_a_captured_npc_ship_keeps_its_unspent_upgrades_in_their_places() -> None:
    hurt: dict[HitLocation, int] = {"hull": 2, "masts": 4, "crew": 1, "cannons": 3, "cargo": 3}
    points = prize_points(hurt, prize_crew_value=4, surviving_crew=2)
    npc = ["extra_mast", "chain_shot_1", "grapeshot_1", "spikes"]
    faces_m = {**FACES, "extra_mast": UpgradeDef(id="extra_mast", face="modification", of="extra_mast")}
    prize = capture_npc_ship(FRIGATE, points, npc, spent={"spikes"}, weapons={"grapeshot"}, faces=faces_m,
                             bonuses=BONUSES)
    assert prize.ship.modifications == (Fitted(kind="extra_mast", npc_token="extra_mast"),)
    assert prize.ship.weapons == {"grapeshot", "chain_shot"} and prize.ship.npc_weapons == {"chain_shot": "chain_shot_1"}
    assert prize.ship.points == {**hurt, "crew": 2} and sorted(prize.back) == ["grapeshot_1", "spikes"]


def test_mm_m4_20_a_captured_ships_upgrades_go_back_when_it_is_sold_or_sunk() -> None:
    points: dict[HitLocation, int] = {"hull": 3, "masts": 3, "crew": 2, "cannons": 4, "cargo": 3}
    prize = capture_npc_ship(FRIGATE, points, ["extra_cannon_port", "spikes"], set(), set(), FACES, BONUSES).ship
    assert npc_tokens_leaving(prize, with_weapons=False) == ["extra_cannon_port"]
    assert npc_tokens_leaving(prize, with_weapons=True) == ["extra_cannon_port", "spikes"]
