"""Island Control, Permanent Cubes, Place Influence, Production and Running out of cubes
(engine/dead_reckoning/rules/island_control.py), each rule at its boundary from both sides.
Islands are the data set's: Gull Rock (3 slots), Coral Crown (4), Kingfisher Bay (6)."""
from __future__ import annotations

import pytest

from engine.dead_reckoning.defs import Production, defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules.island_control import Island

P1, P2, P3 = "p1", "p2", "p3"


def gull(*slots: str | None, **permanent: int) -> Island:
    return Island(board="gull-rock", slots=list(slots), permanent=permanent)


def test_dr_isl_01_a_new_island_has_its_printed_slots_all_empty_and_no_limit_on_permanent_cubes() -> None:
    for board in defs().ocean.islands():
        isl = Island.empty(board.id)
        assert isl.slots == [None] * board.slots and isl.empty_slots() == board.slots
    assert Island.empty("kingfisher-bay").empty_slots() == 6
    crowded = gull(P1, None, None, p1=9)
    assert crowded.cubes() == {P1: 10}
    with pytest.raises(ValueError, match="open sea"):
        Island.empty("trade-winds")


def test_dr_isl_02_control_needs_more_cubes_than_each_other_seat_permanent_ones_included() -> None:
    assert ic.controller(gull(P1, P2, P2)) == P2
    assert ic.controller(gull(P1, P2, None)) is None              # 1 against 1
    assert ic.controller(gull(P1, P2, None, p2=1)) == P2          # the permanent cube breaks it
    assert ic.controller(gull(P1, P2, P2, p1=1)) is None          # 2 against 2
    assert ic.controller(gull(P1, P2, P2, p1=2)) == P1


def test_dr_isl_03_control_also_needs_more_cubes_than_the_empty_slots() -> None:
    king = Island.empty("kingfisher-bay")
    king.slots[:3] = [P1, P1, P1]
    assert ic.controller(king) is None                            # 3 cubes, 3 empty slots
    king.permanent = {P1: 1}
    assert ic.controller(king) == P1                              # 4 against 3
    assert ic.controller(gull(P1, None, None)) is None            # alone, yet 1 is not more than 2
    assert ic.controller(gull(P1, P1, None)) == P1                # 2 against 1


def test_dr_isl_06_an_island_can_have_no_controller() -> None:
    assert ic.controller(Island.empty("gull-rock")) is None
    assert ic.controller(Island(board="coral-crown", slots=[P1, P1, P2, P2])) is None   # tied most
    assert ic.controller(Island(board="coral-crown", slots=[P1, P1, None, None])) is None
    assert ic.controller(Island(board="coral-crown", slots=[P1, P1, P2, None])) == P1


def test_dr_isl_04_dr_abd_13_only_the_controller_loads_the_islands_goods() -> None:
    isl = gull(P1, P1, P2).model_copy(update={"cargo": 3, "coins": 2})
    assert ic.may_load(isl, P1)
    assert not ic.may_load(isl, P2) and not ic.may_load(isl, P3)
    assert not ic.may_load(gull(P1, P2, None), P1)                 # nobody controls it


def test_dr_abd_02_influence_needs_the_ship_at_the_island() -> None:
    isl = gull(None, None, None)
    assert ic.influence_blocked(isl, P1, at_island=False) == "your Ship is not at this island"
    assert ic.influence_blocked(isl, P1, at_island=True) is None


def test_dr_abd_08_a_guarding_fort_or_garrison_a_blockade_or_a_finished_seat_stands_in_the_way() -> None:
    for kind in ("fort", "garrison"):
        held = gull(P2, P2, P1).model_copy(update={"buildings": [kind]})
        assert ic.influence_blocked(held, P1, at_island=True) == "an opponent's Fort or Garrison guards this island"
        assert ic.influence_blocked(held, P1, at_island=True, overrides_forts=True) is None
        assert ic.influence_blocked(held, P2, at_island=True) is None          # its own Building
    outpost = gull(P2, P2, P1).model_copy(update={"buildings": ["outpost"]})
    assert ic.influence_blocked(outpost, P1, at_island=True) is None          # an Outpost guards nothing
    lapsed = gull(P2, P1, None).model_copy(update={"buildings": ["fort"]})
    assert ic.influence_blocked(lapsed, P1, at_island=True) is None           # nobody controls the Fort
    assert ic.influence_blocked(gull(None, None, None), P1, at_island=True, blockaded=True) is not None
    # a seat that has had its final turn: its cubes take two Influence icons to replace
    full = gull(P2, P3, P3)
    assert [(o.slot, o.icons) for o in ic.slot_options(full, P1, finished={P3})] == [(0, 1), (1, 2), (2, 2)]
    assert [o.icons for o in ic.slot_options(full, P1)] == [1, 1, 1]
    assert ic.replace_icons(P3, {P3}) == defs().rules.end.influence_actions_after_final == 2


def test_dr_abd_03_a_cube_goes_in_an_empty_slot_while_there_is_one() -> None:
    isl = gull(P2, None, P2)
    opts = ic.slot_options(isl, P1)
    assert [(o.slot, o.replaces) for o in opts] == [(1, None)]
    placed = ic.place(isl, P1, 1)
    assert placed.island.slots == [P2, P1, P2] and placed.replaced is None
    with pytest.raises(ValueError, match="not open"):
        ic.place(isl, P1, 0)                                      # no replacing while a slot is empty


def test_dr_abd_04_with_no_empty_slot_an_opponents_cube_is_replaced_and_goes_back() -> None:
    isl = gull(P1, P2, P3)
    assert [(o.slot, o.replaces) for o in ic.slot_options(isl, P1)] == [(1, P2), (2, P3)]
    placed = ic.place(isl, P1, 2)
    assert placed.island.slots == [P1, P2, P1] and placed.replaced == P3
    assert isl.slots == [P1, P2, P3]                              # the input is left as it was
    with pytest.raises(ValueError):
        ic.place(isl, P1, 0)                                      # never over one's own cube


def test_dr_abd_05_a_full_island_of_ones_own_cubes_leaves_nowhere_to_place() -> None:
    assert ic.slot_options(gull(P1, P1, P1), P1) == []
    assert ic.slot_options(gull(P1, P1, P1), P2) != []


def test_dr_abd_07_dr_isl_08_taking_control_adds_a_permanent_cube_outside_the_slots() -> None:
    first = ic.place(Island.empty("gull-rock"), P1, 0)
    assert first.change.after is None and not first.permanent and first.island.permanent == {}
    second = ic.place(first.island, P1, 1)
    assert second.change.before is None and second.change.after == P1 and second.change.taken
    assert second.permanent and second.island.permanent == {P1: 1}
    assert second.island.slots == [P1, P1, None]                  # not in a slot
    third = ic.place(second.island, P1, 2)
    assert not third.permanent and third.island.permanent == {P1: 1}   # already in control


def test_dr_isl_08_filling_the_last_slot_can_hand_control_to_the_seat_already_ahead() -> None:
    # Coral Crown: p2 holds 2 of 4 slots, which is not more than the 2 empty ones
    isl = Island(board="coral-crown", slots=[P2, P2, None, None])
    placed = ic.place(isl, P1, 2)
    assert placed.change.after == P2 and placed.island.permanent == {P2: 1}


def test_dr_isl_07_control_is_checked_after_every_cube_and_changes_hands_mid_turn() -> None:
    isl = gull(P2, P2, P1)
    assert ic.controller(isl) == P2
    took = ic.place(isl, P1, 0)
    assert (took.change.before, took.change.after) == (P2, P1) and took.change.handed_over
    back = ic.place(took.island, P2, 0)                           # p1: 1 slot + 1 permanent, p2: 2
    assert (back.change.before, back.change.after) == (P1, None)
    assert not back.change.taken and not back.change.handed_over


def test_dr_isl_09_permanent_cubes_count_and_are_never_removed_or_replaced() -> None:
    isl = gull(P2, P2, P2, p1=2)
    assert ic.controller(isl) == P2 and isl.cubes() == {P2: 3, P1: 2}
    assert all(o.replaces == P2 for o in ic.slot_options(isl, P1))
    assert ic.slot_options(gull(P1, P1, P1, p2=4), P1) == []      # p2's permanent cubes are no target
    assert ic.loose_cubes({"gull-rock": gull(None, None, None, p1=2)}, P1) == []
    after = ic.place(isl, P1, 0)                                  # 3 against 2: p1 takes control
    assert after.change.after == P1 and after.island.permanent == {P1: 3}
    with pytest.raises(ValueError, match="holds no cube"):
        ic.remove(gull(None, None, None, p1=2), 0)


def test_dr_isl_10_each_new_taking_of_the_same_island_adds_another_permanent_cube() -> None:
    isl = Island.empty("gull-rock")
    steps = [(P1, 0), (P1, 1), (P2, 2), (P2, 0), (P2, 1), (P1, 0), (P1, 1)]
    owners = []
    for seat, slot in steps:
        isl = ic.place(isl, seat, slot).island
        owners.append(ic.controller(isl))
    assert owners == [None, P1, P1, None, P2, P2, P1]
    assert isl.permanent == {P1: 2, P2: 1} and isl.slots == [P1, P1, P2]


def test_dr_abd_16_a_seat_out_of_cubes_takes_one_of_its_slot_cubes_from_any_island() -> None:
    islands = {"gull-rock": gull(P1, P2, None, p1=1),
               "kingfisher-bay": Island(board="kingfisher-bay", slots=[P2, P1, P1, None, None, None])}
    assert ic.loose_cubes(islands, P1) == [("gull-rock", 0), ("kingfisher-bay", 1), ("kingfisher-bay", 2)]
    assert ic.loose_cubes(islands, P3) == []
    taken = ic.remove(islands["kingfisher-bay"], 2)
    assert taken.owner == P1 and taken.island.slots == [P2, P1, None, None, None, None]


def test_dr_abd_17_taking_a_cube_back_rechecks_control_which_lapses_or_passes() -> None:
    lapse = ic.remove(gull(P1, P1, P2), 0)
    assert (lapse.change.before, lapse.change.after) == (P1, None) and not lapse.permanent
    # p1 and p2 level on a full Coral Crown: p1's cube leaves and p2, now 2 against 1 and 1
    # empty slot, takes control and adds its permanent cube
    passing = ic.remove(Island(board="coral-crown", slots=[P1, P1, P2, P2]), 0)
    assert passing.change.after == P2 and passing.permanent and passing.island.permanent == {P2: 1}
    kept = ic.remove(gull(P1, P1, P2, p1=1), 0)                   # 2 against 1 with 1 empty slot
    assert kept.change.before == kept.change.after == P1 and not kept.permanent


# ---- Production ----
def test_dr_abd_10_an_island_produces_its_printed_goods_onto_itself() -> None:
    king = Island(board="kingfisher-bay", slots=[None] * 6, cargo=1)
    yielded = ic.production(king)
    assert yielded == Production(cargo=3, coin=1)
    assert ic.production(gull(None, None, None)) == Production(cargo=2, coin=0)
    after = ic.produce(king, yielded)
    assert (after.cargo, after.coins) == (4, 1) and (king.cargo, king.coins) == (1, 0)


def test_dr_abd_11_each_open_sea_arrow_at_the_island_adds_one_cargo() -> None:
    # Kingfisher Bay at b2; Trade Winds (north, south) south of it, Gulf Stream (east, west) to
    # the west, Calm Waters (south, east, west) to the north: each points one arrow at b2
    grid = {"b2": "kingfisher-bay", "b1": "trade-winds", "a2": "gulf-stream", "b3": "calm-waters"}
    assert ic.arrows_at(grid, "b2") == 3
    king = Island.empty("kingfisher-bay")
    assert ic.production(king, arrows=3) == Production(cargo=6, coin=1)
    # Spice Current (north, east, west) to the north points away; diagonals and islands count nothing
    assert ic.arrows_at({"b2": "kingfisher-bay", "b3": "spice-current", "a1": "trade-winds", "c2": "gull-rock"}, "b2") == 0
    assert ic.arrows_at({"b2": "kingfisher-bay", "c2": "spice-current"}, "b2") == 1   # its west arrow
    assert ic.arrows_at({"a1": "gulf-stream"}, "b1") == 1 and ic.arrows_at({"c1": "gulf-stream"}, "b1") == 1
    with pytest.raises(ValueError, match="grid position"):
        ic.arrows_at(grid, "d1")


def test_dr_abd_12_an_outpost_adds_one_cargo_and_one_coin_to_each_production() -> None:
    base = Island.empty("gull-rock")
    assert ic.production(base.model_copy(update={"buildings": ["outpost"]})) == Production(cargo=3, coin=1)
    assert ic.production(base.model_copy(update={"buildings": ["fort", "garrison"]})) == Production(cargo=2, coin=0)
    both = ic.production(base.model_copy(update={"buildings": ["outpost"]}), arrows=1, bonus_cargo=1, bonus_coin=1)
    assert both == Production(cargo=5, coin=2)                    # with a Purser level 4 bonus


def test_dr_abd_09_any_island_may_produce_controlled_or_not() -> None:
    assert ic.may_produce(gull(None, None, None), P1)             # nobody's
    assert ic.may_produce(gull(P2, P2, None), P1)                 # an opponent's, unguarded
    assert ic.may_produce(gull(P1, P1, None).model_copy(update={"buildings": ["fort"]}), P1)


def test_dr_abd_14_no_production_on_an_island_an_opponent_guards() -> None:
    for kind in ("fort", "garrison"):
        guarded = gull(P2, P2, None).model_copy(update={"buildings": [kind]})
        assert not ic.may_produce(guarded, P1)
        assert ic.may_produce(guarded, P1, overrides_forts=True)
    assert ic.may_produce(gull(P2, P2, None).model_copy(update={"buildings": ["outpost"]}), P1)
