"""C) INVADE — flags and capacity, the invasion actions, Dig For Treasure, Plunder, Invading
Hideouts and The Captain (engine/scoundrel_bay/rules/invade.py), played through the engine's
decisions from a position built in the state. Harbors (Raid and Trade) are in test_harbor.py."""
from __future__ import annotations

from engine.core.pieces import Piece
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.rules.final import tally
from engine.scoundrel_bay.rules.scoring import final_scoring
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import cards_of, do, game, hand, options, top

# Seat 0 plays on player board 1: printed flags blue 2, black 1, yellow 1, red 1.


def card_of(flag: str) -> str:
    return cards_of(flag)[0]


def invading(flag: str, space: int, crew: int = 0) -> State:
    """Seat 0's ship on `space` with a `flag` card in hand and `crew` more cards of that flag in
    its crew area (capacity: board 1's printed flags + `crew`), no rings, no monsters at sea."""
    s = game(3)
    s.monsters.clear()
    card = card_of(flag)
    hand(s, 0, card, "blue-21" if flag != "blue" else "red-21")
    p = s.players[0]
    p.crew = {flag: cards_of(flag)[1:1 + crew]} if crew else {}
    p.ship = space
    p.resources["ring"] = 0
    return s


def invade(s: State, flag: str) -> State:
    return do(s, 0, f"invade {card_of(flag)}")


def lands(s: State, rid: str) -> list[str]:
    return [o for o in options(s, 0) if o.startswith(f"land {rid} ")]


def treasures(s: State, rid: str, *stacks: list[str]) -> None:
    s.regions[rid].treasures = [[Piece(id=t) for t in stack] for stack in stacks]


# ---- flags and capacity ---------------------------------------------------------------------

def test_sb_invade_01_the_card_goes_to_the_played_slot_not_the_crew_area() -> None:
    s = invade(invading("yellow", 9, crew=1), "yellow")
    p = s.players[0]
    assert p.played == [card_of("yellow")] and p.crew == {"yellow": cards_of("yellow")[1:2]}


def test_sb_invade_02_03_only_regions_by_the_ship_that_fly_the_cards_flag() -> None:
    # Space 9 touches Lanternby (red village) and Shellmoon Beach (yellow); Gullsand Beach is
    # yellow too but lies on spaces 3 and 4.
    s = invade(invading("yellow", 9, crew=1), "yellow")
    assert {o.split()[1] for o in options(s, 0)} == {"shellmoon-beach"}
    s = invade(invading("red", 9, crew=1), "red")
    assert {o.split()[1] for o in options(s, 0)} == {"lanternby"}


def test_sb_invade_04_no_more_pirates_than_matching_flags_in_crew_and_on_the_board() -> None:
    s = invade(invading("yellow", 9, crew=2), "yellow")          # 1 printed + 2 in the crew = 3
    assert "land shellmoon-beach 3" in lands(s, "shellmoon-beach")
    assert "land shellmoon-beach 4" not in lands(s, "shellmoon-beach")   # 4 pirates are aboard


def test_sb_invade_05_the_played_cards_own_flag_adds_nothing() -> None:
    s = invading("yellow", 9)                                    # 1 printed yellow flag, none in the crew
    assert "invade " + card_of("yellow") in options(s, 0)
    s = invade(s, "yellow")
    assert lands(s, "shellmoon-beach") == ["land shellmoon-beach 1", "land shellmoon-beach 0 +captain"]


def test_sb_invade_06_11_david_sends_1_into_the_hideout_and_2_into_the_harbor_on_3_black_flags() -> None:
    """Space 11: Gallows Loft (black hideout, 6 swords and 2 maps) and Dodge Harbor (black, its
    trading ship needs 6 swords)."""
    s = invading("black", 11, crew=2)
    s.players[0].tools["sword"] = 6
    s.players[0].resources["map"] = 2
    s = do(invade(s, "black"), 0, "land gallows-loft 1")
    assert "land dodge-harbor 2" in lands(s, "dodge-harbor") and "land dodge-harbor 3" not in lands(s, "dodge-harbor")
    s = do(s, 0, "land dodge-harbor 2")
    assert s.regions["gallows-loft"].pirates == {0: 1} and s.regions["dodge-harbor"].pirates == {0: 2}
    assert s.players[0].crew_space.active == 1


def test_sb_invade_07_invact_01_the_region_action_may_be_skipped() -> None:
    s = invading("yellow", 9)
    s.players[0].resources["map"] = 2
    s = do(invade(s, "yellow"), 0, "land shellmoon-beach 1")
    assert top(s).kind == "dig" and "done" in options(s, 0)
    before = [[t.id for t in st] for st in s.regions["shellmoon-beach"].treasures]
    s = do(s, 0, "done")
    assert [[t.id for t in st] for st in s.regions["shellmoon-beach"].treasures] == before
    assert s.players[0].resources["map"] == 2 and s.players[0].treasures == []


def test_sb_invade_08_a_region_is_finished_before_the_next_is_invaded() -> None:
    # Space 12 touches Pitchford (black village) and Dodge Harbor (black harbor).
    s = invading("black", 12, crew=2)
    s.players[0].tools["sword"] = 6
    s.regions["pitchford"].crates = ["crate-2-09", "crate-3-07"]
    s = do(invade(s, "black"), 0, "land pitchford 2")
    assert top(s).kind == "plunder"
    assert not any(o.startswith("land ") for o in options(s, 0))   # no landing until Pitchford is done
    s = do(s, 0, "done")
    assert top(s).kind == "land" and lands(s, "dodge-harbor")


def test_sb_invade_08_a_treasure_dug_in_one_region_serves_the_next() -> None:
    """Space 19: Longshell Beach and Parrot's Perch (hideout: 3 maps, 7 swords), both yellow. With 3
    maps, one goes on treasure-1-01, which gives one back: the hideout can still be paid."""
    s = invading("yellow", 19, crew=2)
    s.players[0].resources["map"], s.players[0].tools["sword"] = 3, 7
    treasures(s, "longshell-beach", ["treasure-1-01"], ["treasure-1-10"], ["treasure-2-10", "treasure-2-05"], ["treasure-3-05"])
    s = do(do(invade(s, "yellow"), 0, "land longshell-beach 1"), 0, "dig 1")
    assert s.players[0].resources["map"] == 3 and lands(s, "parrots-perch")
    s = do(s, 0, "land parrots-perch 2")
    assert s.regions["parrots-perch"].pirates == {0: 2} and s.players[0].resources["map"] == 0


def test_sb_invade_09_sick_pirates_cannot_invade() -> None:
    s = invading("yellow", 9, crew=3)
    s.players[0].crew_space = Crew(captain="sick", active=1, sick=3)
    s = invade(s, "yellow")
    assert lands(s, "shellmoon-beach") == ["land shellmoon-beach 1"]   # no captain: it is sick too


def test_sb_invade_10_pirates_on_the_main_board_stay_there() -> None:
    s = invading("yellow", 9, crew=1)
    s = do(do(invade(s, "yellow"), 0, "land shellmoon-beach 2"), 0, "done")
    s = do(s, 0, "buy 1")
    assert s.turn.seat == 1
    assert s.regions["shellmoon-beach"].pirates == {0: 2} and s.players[0].crew_space.active == 2


def test_sb_invade_12_hideouts_and_harbors_ask_more_than_flags() -> None:
    # Gallows Loft and Dodge Harbor, 3 black flags, 1 sword, 0 maps, no crates: neither opens.
    s = invading("black", 11, crew=2)
    s.players[0].resources["map"] = 0
    assert "invade " + card_of("black") not in options(s, 0)


# ---- the invasion actions and pirate strength ---------------------------------------------------

def test_sb_invact_02_a_village_offers_plunder_and_invact_04_a_hideout_offers_nothing() -> None:
    s = invading("red", 9)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    s = do(invade(s, "red"), 0, "land lanternby 1")
    assert top(s).kind == "plunder"
    s = invading("black", 11)
    s.players[0].tools["sword"] = 6
    s.players[0].resources["map"] = 2
    s = do(invade(s, "black"), 0, "land gallows-loft 1")
    assert top(s).kind == "card"                                  # nothing to do in a hideout; the invasion is over


def test_sb_invact_05_06_strength_counts_pirates_already_there_and_the_captain_as_2() -> None:
    s = invading("yellow", 9, crew=1)
    s.regions["shellmoon-beach"].pirates = {0: 1}
    s.players[0].resources["map"] = 3
    treasures(s, "shellmoon-beach", ["treasure-1-10"], ["treasure-2-10", "treasure-2-05"], ["treasure-3-05"])
    s = do(invade(s, "yellow"), 0, "land shellmoon-beach 1 +captain")   # 1 there + 1 + captain 2 = 4
    assert "dig 1+3" in options(s, 0) and "dig 2+2" in options(s, 0)
    assert "dig 2+3" not in options(s, 0) and "dig 1+2+2" not in options(s, 0)   # 5 is one too many


# ---- dig for treasure ----------------------------------------------------------------------------

def taylors_beach(maps: int = 2) -> State:
    """Taylor's beach: Shellmoon Beach (yellow) with a type-1, two stacked type-2 and a type-3
    treasure, and 2 of his pirates already there."""
    s = invading("yellow", 9, crew=1)
    s.regions["shellmoon-beach"].pirates = {0: 2}
    treasures(s, "shellmoon-beach", ["treasure-1-01"], ["treasure-2-05", "treasure-2-06"], ["treasure-3-01"])
    s.players[0].resources["map"] = maps
    return do(invade(s, "yellow"), 0, "land shellmoon-beach 2")


def test_sb_dig_10_taylor_digs_types_1_and_3_with_strength_4_for_15_doubloons() -> None:
    s = taylors_beach()
    assert s.regions["shellmoon-beach"].pirates == {0: 4}
    assert {"dig 1+3", "dig 2+2"} <= set(options(s, 0)) and "dig 2+3" not in options(s, 0)
    p0 = s.players[0].model_copy(deep=True)
    s = do(s, 0, "dig 1+3")
    p = s.players[0]
    assert p.doubloons - p0.doubloons == 15
    assert p.resources["rum"] - p0.resources["rum"] == 2
    assert p.resources["map"] == 2 - 2 + 1
    assert (p.tools["shield"] - p0.tools["shield"], p.tools["sword"] - p0.tools["sword"]) == (1, 1)
    assert p.treasures == ["treasure-1-01", "treasure-3-01"]


def test_sb_dig_01_each_treasure_costs_a_map() -> None:
    s = taylors_beach(maps=1)
    assert all("+" not in o for o in options(s, 0) if o.startswith("dig "))   # one map, one treasure
    s = do(s, 0, "dig 2")
    assert s.players[0].resources["map"] == 0


def test_sb_dig_02_strength_must_cover_the_pirate_symbols_of_every_treasure() -> None:
    s = invading("yellow", 9)
    treasures(s, "shellmoon-beach", ["treasure-1-01"], ["treasure-2-05", "treasure-2-06"], ["treasure-3-01"])
    s.players[0].resources["map"] = 3
    s = do(invade(s, "yellow"), 0, "land shellmoon-beach 0 +captain")    # strength 2
    assert set(options(s, 0)) == {"dig 1", "dig 2", "done"}


def test_sb_dig_03_every_treasure_is_chosen_before_any_reward_pays_for_another() -> None:
    """treasure-1-01 gives a map back, but with 1 map only one treasure can be chosen, and once it
    is dug the dig is over."""
    s = taylors_beach(maps=1)
    s = do(s, 0, "dig 1")
    assert s.players[0].resources["map"] == 1 and s.players[0].treasures == ["treasure-1-01"]
    assert top(s).kind == "card"


def test_sb_dig_04_05_rewards_are_gained_and_the_tiles_kept_in_the_order_dug() -> None:
    s = taylors_beach(maps=2)
    s.players[0].treasures = ["treasure-2-10"]                   # dug on an earlier turn
    s = do(s, 0, "dig 2+2")
    p = s.players[0]
    assert p.treasures == ["treasure-2-10", "treasure-2-06", "treasure-2-05"]
    # treasure-2-06: 8 doubloons, a sword, 1 reputation (space 1: a food); treasure-2-05: 12 doubloons, a food.
    assert p.doubloons == 6 + 8 + 12 and p.tools["sword"] == 1 + 1
    assert s.reputation.space(0) == 1 and p.resources["food"] == 4 + 1 + 1


def test_sb_dig_06_07_both_stacked_treasures_may_be_dug_and_nothing_refills_the_space() -> None:
    s = do(taylors_beach(), 0, "dig 2+2")
    assert [len(st) for st in s.regions["shellmoon-beach"].treasures] == [1, 0, 1]
    s = do(s, 0, "buy 1")
    assert [len(st) for st in s.regions["shellmoon-beach"].treasures] == [1, 0, 1]


def test_sb_dig_09_pirates_left_on_a_beach_die_at_final_scoring() -> None:
    s = game(3)
    s.regions["shellmoon-beach"].pirates = {0: 2}
    for seat in range(3):
        s.reputation.advance(seat, 5)
    t = tally(s)
    assert t.pirates["shellmoon-beach"] == {0: 2}
    final_scoring(t, s.reputation)
    assert s.reputation.space(0) == 5 - 2 - 1 and s.reputation.space(1) == 5   # 2 dead, and the most


def test_sb_dig_11_a_treasures_pirate_symbols_equal_its_type() -> None:
    assert all(t.pirates == t.type for t in defs().treasures.treasures.values())


# ---- plunder -----------------------------------------------------------------------------------

def taylors_village(pirates: int = 3) -> State:
    """Lanternby (red village, crate spaces of types 1 and 3), Taylor on 3 red flags."""
    s = invading("red", 9, crew=2)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    return do(invade(s, "red"), 0, f"land lanternby {pirates}")


def test_sb_plunder_08_plunder_02_03_taylor_takes_the_3_strength_crate_onto_his_undelivered_space() -> None:
    s = taylors_village()
    assert set(options(s, 0)) == {"plunder crate-1-01", "plunder crate-3-03", "done"}
    top_of_stack = s.crate_stacks[3][-1]
    s = do(s, 0, "plunder crate-3-03")
    assert s.players[0].undelivered == ["crate-3-03"]
    assert top(s).kind == "card"                                 # 3 used: the 1-crate is one too many
    assert s.regions["lanternby"].crates == ["crate-1-01", top_of_stack]


def test_sb_plunder_01_02_both_crates_with_strength_for_both() -> None:
    s = invading("red", 9, crew=3)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    s.players[0].undelivered = ["crate-2-01"]
    s = do(do(invade(s, "red"), 0, "land lanternby 4"), 0, "plunder crate-1-01")
    assert "plunder crate-3-03" in options(s, 0)
    s = do(s, 0, "plunder crate-3-03")
    assert s.players[0].undelivered == ["crate-2-01", "crate-1-01", "crate-3-03"]   # no limit


def test_sb_plunder_04_refills_wait_until_the_plunder_is_done() -> None:
    s = invading("red", 9, crew=3)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    tops = s.crate_stacks[1][-1], s.crate_stacks[3][-1]
    s = do(do(invade(s, "red"), 0, "land lanternby 4"), 0, "plunder crate-1-01")
    assert s.regions["lanternby"].crates == [None, "crate-3-03"]   # not refilled yet
    s = do(s, 0, "done")
    assert s.regions["lanternby"].crates == [tops[0], "crate-3-03"]


def test_sb_plunder_05_an_empty_stack_leaves_the_crate_space_empty() -> None:
    s = invading("red", 9, crew=2)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    s.crate_stacks[3] = []
    s = do(do(invade(s, "red"), 0, "land lanternby 3"), 0, "plunder crate-3-03")
    assert s.regions["lanternby"].crates == ["crate-1-01", None]


def test_sb_plunder_06_07_plundering_gives_nothing_opening_gives_contents_not_doubloons() -> None:
    s = invading("red", 9, crew=3)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    s = do(invade(s, "red"), 0, "land lanternby 4")
    before = s.players[0].model_copy(deep=True)
    s = do(s, 0, "plunder crate-3-03")
    p = s.players[0]
    assert (p.resources, p.tools, p.doubloons) == (before.resources, before.tools, before.doubloons)
    s = do(s, 0, "open crate-3-03")                              # map 2, rum 1, gun 1; its 16 doubloons stay
    p = s.players[0]
    assert p.resources["map"] == before.resources["map"] + 2 and p.resources["rum"] == before.resources["rum"] + 1
    assert p.tools["gun"] == before.tools["gun"] + 1 and p.doubloons == before.doubloons
    assert p.undelivered == [] and s.crate_discard[-1] == "crate-3-03"


# ---- hideouts ----------------------------------------------------------------------------------

def gallows(swords: int, maps: int) -> State:
    """Space 11 with 2 black flags; Gallows Loft needs 6 swords and 2 maps."""
    s = invading("black", 11, crew=1)
    s.players[0].tools["sword"], s.players[0].resources["map"] = swords, maps
    return s


def test_sb_hideout_05_02_03_gallows_loft_takes_2_maps_and_needs_6_swords_which_stay() -> None:
    s = invade(gallows(6, 2), "black")
    assert lands(s, "gallows-loft")
    s = do(s, 0, "land gallows-loft 2")
    p = s.players[0]
    assert p.resources["map"] == 0 and p.tools["sword"] == 6 and s.regions["gallows-loft"].pirates == {0: 2}


def test_sb_hideout_03_one_sword_short_keeps_the_hideout_shut() -> None:
    s = gallows(5, 2)
    s.players[0].undelivered = ["crate-1-09"]                   # Dodge Harbor opens by delivery
    s = invade(s, "black")
    assert lands(s, "gallows-loft") == [] and lands(s, "dodge-harbor")


def test_sb_hideout_02_one_map_short_keeps_the_hideout_shut() -> None:
    s = gallows(6, 1)
    s.players[0].undelivered = ["crate-1-09"]
    s = invade(s, "black")
    assert lands(s, "gallows-loft") == []
    s = gallows(6, 1)
    s.players[0].resources["ring"] = 1                          # a pirate ring stands in for the map
    s = invade(s, "black")
    assert lands(s, "gallows-loft")


def test_sb_hideout_01_04_at_least_one_pirate_and_no_invasion_action() -> None:
    s = invade(gallows(6, 2), "black")
    assert "land gallows-loft 0" not in options(s, 0)
    assert "land gallows-loft 0 +captain" in options(s, 0)      # the captain is a pirate (SB-CAPT-01)
    s = do(s, 0, "land gallows-loft 1")
    assert [x.kind for x in s.stack] == ["land"]                # no action prompt: on to the next landing
    assert set(options(s, 0)) == {"land dodge-harbor 1", "land dodge-harbor 0 +captain", "done"}


# ---- the captain -------------------------------------------------------------------------------

def test_sb_capt_04_05_three_flags_take_the_captain_and_2_pirates_for_strength_4() -> None:
    s = invading("red", 9, crew=2)
    s.regions["lanternby"].crates = ["crate-1-01", "crate-3-03"]
    s = invade(s, "red")
    assert "land lanternby 2 +captain" in lands(s, "lanternby") and "land lanternby 3 +captain" not in lands(s, "lanternby")
    s = do(s, 0, "land lanternby 2 +captain")
    assert s.players[0].captain_at == "lanternby" and s.players[0].crew_space.captain == "away"
    assert set(options(s, 0)) >= {"plunder crate-1-01", "plunder crate-3-03"}
    s = do(s, 0, "plunder crate-3-03")
    assert "plunder crate-1-01" in options(s, 0)                # 3 + 1 = 4


def test_sb_capt_05_more_than_4_with_pirates_already_in_the_region() -> None:
    s = invading("yellow", 9, crew=2)
    s.regions["shellmoon-beach"].pirates = {0: 1}
    treasures(s, "shellmoon-beach", ["treasure-1-10"], ["treasure-2-10", "treasure-2-05"], ["treasure-3-05"])
    s.players[0].resources["map"] = 3
    s = do(invade(s, "yellow"), 0, "land shellmoon-beach 2 +captain")   # 1 + 2 + 2 = 5
    assert "dig 2+3" in options(s, 0) and "dig 1+2+3" not in options(s, 0)


def test_sb_capt_01_the_captain_alone_is_a_landing_and_counts_in_a_region() -> None:
    s = invade(gallows(6, 2), "black")
    s = do(s, 0, "land gallows-loft 0 +captain")
    assert s.players[0].captain_at == "gallows-loft" and s.players[0].resources["map"] == 0
    assert tally(s).pirates["gallows-loft"] == {0: 2}


def test_sb_capt_03_the_captain_counts_2_in_every_final_scoring_count() -> None:
    s = game(3)
    p = s.players[0]
    p.captain_at = "tarwick"                                     # a village: 2 gold a pirate
    s.regions["tarwick"].pirates = {0: 1}
    t = tally(s)
    assert t.pirates["tarwick"] == {0: 3}
    assert final_scoring(t, s.reputation.model_copy(deep=True))[0]["villages"] == 2 * 3
    p.captain_at, p.crew_space = None, Crew(captain="sick", active=0, sick=1)
    assert tally(s).sick[0] == 1 + 2
    p.captain_at, p.crew_space = "gullsand-beach", Crew(captain="away")
    assert tally(s).pirates["gullsand-beach"] == {0: 2}          # it dies there as 2
