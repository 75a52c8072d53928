"""C) INVADE — Raid and Trade (Harbors): passing the trading ship by swords or by a delivery,
crate delivery at full or half value, and the market once (engine/scoundrel_bay/rules/invade.py),
played through the engine's decisions from a position built in the state."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, hand, options, top
from tests.engine.scoundrel_bay.test_invade import card_of, invade, invading, lands

# Cabyss (yellow harbor, letter C, sea spaces 6 and 7): its trading ship needs 5 swords and gives
# 1 rum and 1 map; market option 2 is 3 food for a gun and a shield, or a ship repair.
MATCHING = "crate-2-05"        # type 2 (2 pirate symbols), letter C, 10 doubloons
OTHER = "crate-1-01"           # type 1 (1 pirate symbol), letter P, 6 doubloons


def at_harbor(flag: str, space: int, crew: int, swords: int, crates: list[str], food: int = 4) -> State:
    """Seat 0 on player board 1 (1 printed flag of each colour but blue's 2), `crew` more flags of
    `flag`, its ship on `space`, no rings, no monsters; then it plays its `flag` card to invade."""
    s = invading(flag, space, crew)
    p = s.players[0]
    p.tools["sword"], p.undelivered, p.resources["food"] = swords, list(crates), food
    return invade(s, flag)


def taylor_in_cabyss() -> State:
    """Taylor: 4 swords, 2 crates, 3 food, a yellow card on 3 yellow flags, 3 pirates into Cabyss."""
    return do(at_harbor("yellow", 6, 2, 4, [MATCHING, OTHER], food=3), 0, "land cabyss 3")


def test_sb_harbor_21_07_taylor_short_of_swords_must_deliver_to_get_in() -> None:
    s = taylor_in_cabyss()
    assert top(s).kind == "harbor" and not top(s).passed
    assert set(options(s, 0)) == {f"deliver {MATCHING}", f"deliver {OTHER}",   # the market is open too
                                  "trade 1", "trade 2", "trade 2 alt"}        # (3 food), but no done yet


def test_sb_harbor_22_05_entering_cabyss_taylor_gains_the_ships_rum_and_map_before_delivering() -> None:
    s = taylor_in_cabyss()
    assert (s.players[0].resources["rum"], s.players[0].resources["map"]) == (3 + 1, 2 + 1)


def test_sb_harbor_23_12_taylor_delivers_both_crates_for_10_and_3() -> None:
    s = do(taylor_in_cabyss(), 0, f"deliver {MATCHING}")
    p = s.players[0]
    assert p.doubloons == 6 + 10
    s = do(s, 0, f"deliver {OTHER}")                                          # 2 + 1 = 3 strength
    p = s.players[0]
    assert p.doubloons == 6 + 10 + 3
    assert p.undelivered == [] and p.delivered == [MATCHING, OTHER]
    assert (p.resources["rum"], p.resources["map"]) == (4, 3)                 # the ship paid once, on entering


def test_sb_harbor_24_17_16_taylor_pays_his_3_food_for_a_gun_and_a_shield_once() -> None:
    s = do(do(taylor_in_cabyss(), 0, f"deliver {MATCHING}"), 0, f"deliver {OTHER}")   # all 3 strength used
    assert "trade 2" in options(s, 0) and "trade 2 alt" in options(s, 0)
    assert "trade 3" not in options(s, 0)                                     # 4 food: one more than he has
    p0 = s.players[0].model_copy(deep=True)
    s = do(s, 0, "trade 2")
    p = s.players[0]
    assert p.resources["food"] == 0
    assert (p.tools["gun"], p.tools["shield"]) == (p0.tools["gun"] + 1, p0.tools["shield"] + 1)
    assert top(s).kind == "card"                                              # nothing left: no second trade


def test_sb_harbor_16_a_raid_with_food_to_spare_still_trades_only_once() -> None:
    s = do(at_harbor("yellow", 6, 0, 5, [OTHER], food=6), 0, "land cabyss 1")
    s = do(s, 0, "trade 1")
    assert top(s).kind == "harbor" and f"deliver {OTHER}" in options(s, 0)
    assert not any(o.startswith("trade") for o in options(s, 0))
    assert s.players[0].resources["food"] == 5


def test_sb_harbor_25_reward_18_the_3_food_option_may_be_a_ship_repair_instead() -> None:
    s = do(at_harbor("yellow", 6, 0, 5, [], food=3), 0, "land cabyss 1")
    s.players[0].ship_damage = 4
    p0 = s.players[0].model_copy(deep=True)
    s = do(s, 0, "trade 2 alt")
    p = s.players[0]
    assert p.ship_damage == 3 and p.resources["food"] == 0
    assert (p.tools["gun"], p.tools["shield"]) == (p0.tools["gun"], p0.tools["shield"])
    for harbor in defs().board.of_kind("harbor"):                             # every market has it
        assert any(o.food == 3 and [r.gain for r in o.alternative] == ["ship_repair"] for o in harbor.market)


def test_sb_harbor_03_02_a_raid_needs_the_swords_exactly_and_gets_the_ships_reward_at_once() -> None:
    s = at_harbor("yellow", 6, 0, 5, [])
    assert lands(s, "cabyss") == ["land cabyss 1", "land cabyss 0 +captain"]
    s = do(s, 0, "land cabyss 1")
    assert top(s).passed and s.players[0].resources["rum"] == 3 + 1 and s.players[0].resources["map"] == 3
    assert "done" in options(s, 0)                                            # no delivery needed
    assert s.players[0].tools["sword"] == 5                                   # swords are not spent


def test_sb_harbor_20_without_the_swords_or_a_crate_to_deliver_the_harbor_is_closed() -> None:
    s = game(3)
    s.monsters.clear()
    hand(s, 0, card_of("yellow"), "blue-21")
    s.players[0].ship, s.players[0].tools["sword"] = 7, 4      # space 7: Cabyss and Mossbarrel (red)
    assert f"invade {card_of('yellow')}" not in options(s, 0)
    s.players[0].tools["sword"] = 5
    assert f"invade {card_of('yellow')}" in options(s, 0)


def test_sb_harbor_01_04_09_a_delivery_pass_needs_a_crate_the_landing_is_strong_enough_for() -> None:
    s = at_harbor("yellow", 6, 2, 4, [MATCHING])               # only the 2-symbol crate
    assert "land cabyss 0" not in options(s, 0)                # at least 1 pirate
    assert "land cabyss 1" not in lands(s, "cabyss")           # strength 1 cannot deliver it
    assert {"land cabyss 2", "land cabyss 3", "land cabyss 0 +captain"} <= set(lands(s, "cabyss"))


def test_sb_harbor_08_09_several_crates_within_the_strength_and_not_one_more() -> None:
    s = do(at_harbor("yellow", 6, 2, 5, ["crate-2-06", "crate-2-07", "crate-1-05"]), 0, "land cabyss 3")
    s = do(s, 0, "deliver crate-2-06")
    assert set(o for o in options(s, 0) if o.startswith("deliver")) == {"deliver crate-1-05"}   # 2 + 2 > 3
    s = do(s, 0, "deliver crate-1-05")
    assert s.players[0].delivered == ["crate-2-06", "crate-1-05"] and s.players[0].undelivered == ["crate-2-07"]


def test_sb_harbor_10_11_a_matching_letter_pays_full_and_another_half() -> None:
    s = do(at_harbor("yellow", 6, 2, 5, ["crate-1-05", "crate-1-09"]), 0, "land cabyss 3")
    s = do(do(s, 0, "deliver crate-1-05"), 0, "deliver crate-1-09")           # C: 6; D: 6 / 2
    assert s.players[0].doubloons == 6 + 6 + 3


def test_sb_harbor_11_an_odd_half_is_rounded_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """No crate in our data has an odd value; one is made for the test."""
    crates = defs().crates.crates
    monkeypatch.setitem(crates, "crate-odd", crates["crate-1-09"].model_copy(update={"id": "crate-odd", "doubloons": 7}))
    s = do(at_harbor("yellow", 6, 0, 5, ["crate-odd"]), 0, "land cabyss 1")
    s = do(s, 0, "deliver crate-odd")
    assert s.players[0].doubloons == 6 + 3


def test_sb_harbor_06_after_a_raid_trade_and_delivery_in_either_order() -> None:
    s = do(at_harbor("yellow", 6, 2, 5, [OTHER], food=1), 0, "land cabyss 1")
    s = do(s, 0, "trade 1")                                                  # the market first
    assert options(s, 0)[0] == f"deliver {OTHER}"
    s = do(s, 0, f"deliver {OTHER}")
    assert s.players[0].delivered == [OTHER] and s.players[0].tools["sword"] == 5 + 1


def test_sb_harbor_06_without_a_raid_the_market_may_come_before_the_compulsory_delivery() -> None:
    """Taylor (4 swords against Cabyss's 5) trades first; the delivery stays due and offered, the
    market is not offered a second time, and only after the delivery may he leave."""
    s = taylor_in_cabyss()
    assert "trade 1" in options(s, 0) and "done" not in options(s, 0)
    s = do(s, 0, "trade 1")                                                   # 1 food for a sword
    p = s.players[0]
    assert (p.resources["food"], p.tools["sword"]) == (3 - 1, 4 + 1)
    assert top(s).kind == "harbor" and not top(s).passed
    assert set(options(s, 0)) == {f"deliver {MATCHING}", f"deliver {OTHER}"}  # no second trade, no done
    for refused in ("done", "trade 1"):
        with pytest.raises(ValueError, match="not one of your options"):
            do(s, 0, refused)
    s = do(s, 0, f"deliver {OTHER}")
    assert s.players[0].delivered == [OTHER] and s.players[0].doubloons == 6 + 3
    assert "done" in options(s, 0) and not any(o.startswith("trade") for o in options(s, 0))
    s = do(s, 0, "done")
    assert top(s).kind == "card"


def test_sb_harbor_06_without_a_raid_the_market_may_also_come_after_the_delivery() -> None:
    s = do(taylor_in_cabyss(), 0, f"deliver {MATCHING}")
    assert top(s).passed and {"trade 1", "trade 2", "done"} <= set(options(s, 0))
    s = do(s, 0, "trade 2")
    assert not any(o.startswith("trade") for o in options(s, 0))


def test_sb_harbor_15_the_market_needs_the_food_of_the_option_chosen() -> None:
    s = do(at_harbor("yellow", 6, 0, 5, [], food=2), 0, "land cabyss 1")
    trades = [o for o in options(s, 0) if o.startswith("trade")]
    assert trades == ["trade 1"]                                              # 1 food; the others cost 3, 4 and 6
    s = do(s, 0, "trade 1")
    assert s.players[0].resources["food"] == 1 and s.players[0].tools["sword"] == 6


def test_sb_harbor_13_14_plunder_a_village_then_deliver_in_the_harbor_each_with_its_own_strength() -> None:
    """Space 12: Pitchford (black village) and Dodge Harbor (black, letter D, ship 6 swords)."""
    s = at_harbor("black", 12, 3, 1, [])                       # 4 black flags, 1 sword, no crate yet
    assert lands(s, "dodge-harbor") == []                      # nothing to deliver: shut
    s.regions["pitchford"].crates = ["crate-2-09", "crate-3-07"]
    s = do(do(s, 0, "land pitchford 2"), 0, "plunder crate-2-09")
    assert s.players[0].undelivered == ["crate-2-09"]
    assert "land dodge-harbor 1" not in lands(s, "dodge-harbor")   # the 2 in Pitchford do not count here
    s = do(s, 0, "land dodge-harbor 2")
    s = do(s, 0, "deliver crate-2-09")
    p = s.players[0]
    assert p.delivered == ["crate-2-09"] and p.doubloons == 6 + 10 + 2 and p.unlocks == 1 + 1


def test_sb_harbor_19_reward_14_scoundrel_bay_pays_half_and_its_ship_half_the_pot() -> None:
    assert defs().board.regions["scoundrel-bay"].letter is None
    assert all(c.letter is not None for c in defs().crates.crates.values())
    s = at_harbor("red", 14, 0, 8, [])                         # a raid: 8 swords
    s.pot = 7
    s = do(s, 0, "land scoundrel-bay 1")
    assert s.players[0].doubloons == 6 + 3 and s.pot == 4      # half of 7, rounded down
    s = at_harbor("red", 14, 1, 1, ["crate-2-06"])             # by delivery: a 10-doubloon crate for C
    s.pot = 0
    s = do(do(s, 0, "land scoundrel-bay 2"), 0, "deliver crate-2-06")
    assert s.players[0].doubloons == 6 + 5


def test_sb_harbor_05_06_the_ships_reward_comes_first_and_pays_for_the_trade() -> None:
    """Port Harleem's ship (3 swords) gives 1 food and 2 doubloons: with no food of his own, the
    raider can spend it on the 1-food sword at once."""
    s = do(at_harbor("blue", 1, 0, 3, [], food=0), 0, "land port-harleem 1")
    assert s.players[0].resources["food"] == 1 and s.players[0].doubloons == 6 + 2
    assert "trade 1" in options(s, 0)
    s = do(s, 0, "trade 1")
    assert s.players[0].tools["sword"] == 3 + 1 and s.players[0].resources["food"] == 0


def test_sb_harbor_07_a_pirate_moved_off_before_the_compulsory_delivery_does_not_stall_the_game() -> None:
    """Arbega's ship gives 1 reputation: from space 6 that enters space 7, whose bonus is a pirate
    move. Moving the only pirate out leaves no strength for the crate; the visit then ends."""
    s = at_harbor("blue", 20, 0, 1, ["crate-1-13"])            # Arbega wants 7 swords: delivery it is
    s.reputation.advance(0, 6)
    s = do(s, 0, "land arbega 1")
    assert top(s).kind == "move"
    s = do(s, 0, "move arbega cinderfall")
    assert top(s).kind != "harbor" and options(s, 0)
    assert s.players[0].undelivered == ["crate-1-13"] and s.regions["cinderfall"].pirates == {0: 1}


def test_sb_rep_05_the_example_david_gains_2_reputation_and_both_bonuses_food_then_ring() -> None:
    """David, on reputation space 3, buys 2 reputation in Port Harleem's market (5 food): he
    enters spaces 4 and 5 and collects their bonuses, 1 food and 1 pirate ring."""
    s = at_harbor("blue", 1, 0, 3, [], food=5)
    s.reputation.advance(0, 3)
    s = do(s, 0, "land port-harleem 1")                     # the ship's 1 food on raiding: 6
    ring = s.players[0].resources["ring"]
    s = do(s, 0, "trade 4")
    p = s.players[0]
    assert s.reputation.space(0) == 5
    assert (p.resources["food"], p.resources["ring"]) == (6 - 5 + 1, ring + 1)
