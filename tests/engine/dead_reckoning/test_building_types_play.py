"""Constructing a Building and the Building Types, through play: the First Mate (level 2 builds one
Building) used as a player types it, Ships moved onto Garrison boards, Buildings attacked, on the
seed whose row 1 shows Smugglers Cove (a1), Parrot Isle (b1) and Coral Crown (c1), 4 slots each
(the pure tests of rules/buildings.py stay in test_buildings.py). DR-BLD-03 (what a Fort bars)
is tested in test_buildings.py and test_rules_icons.py. Inventory IDs: DR-ABD-18…22, DR-BLD-…."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import (
    cargo_aboard,
    do,
    game,
    hand,
    land,
    main_seat,
    options,
    step,
)

ISLANDS = "icon-13"


def _builder(at: str = HARBOR) -> tuple[State, int, str, str]:
    """The active seat (`me`) holds a level-2 First Mate and plays it; a1 is its island (3 of 4
    slots), its Dock and chest hold plenty; the other seat is `them`."""
    s = game(2, seed=ISLANDS)
    seat = main_seat(s)
    hand(s, seat, "first-mate")
    s.players[seat].levels["first-mate"] = 2
    s.players[seat].ship.at = at
    s.players[seat].dock, s.players[seat].chest = 20, 10
    me, them = label(seat), label(1 - seat)
    s.islands["a1"].slots = [me, me, me, None]
    return do(s, seat, "play first-mate"), seat, me, them


def _guarded(kinds: list[str], at: str = "b1") -> tuple[State, int, int]:
    """The active seat's opponent holds `at` (3 of 4 slots) with `kinds` built there."""
    s = game(2, seed=ISLANDS)
    seat = main_seat(s)
    other = 1 - seat
    s.islands[at].slots = [label(other)] * 3 + [None]
    s.islands[at].buildings, s.holders[at] = list(kinds), other  # type: ignore[arg-type]
    return s, seat, other


def test_dr_abd_18_19_build_on_your_island_from_anywhere_for_the_datas_cost() -> None:
    for kind in ("fort", "garrison", "outpost"):
        s, seat, _, _ = _builder(at=HARBOR)             # the Ship far from a1
        s = do(s, seat, "use first-mate 1")
        assert options(s, seat) == ["build fort a1", "build garrison a1", "build outpost a1", "done"], \
            "only the island it controls"
        dock, chest = s.players[seat].dock, s.players[seat].chest
        s = do(s, seat, f"build {kind} a1")
        cost = {p.res: p.n for p in defs().buildings.buildings[kind].cost}
        assert s.islands["a1"].buildings == [kind] and s.building_supply[kind] == defs().buildings.buildings[kind].count - 1
        assert (dock - s.players[seat].dock, chest - s.players[seat].chest) == (cost.get("cargo", 0), cost.get("coin", 0))


def test_dr_bld_01_one_building_of_each_kind_per_island() -> None:
    s, seat, _, _ = _builder()
    s.islands["a1"].buildings, s.holders["a1"] = ["fort", "outpost"], seat
    s = do(s, seat, "use first-mate 1")
    assert options(s, seat) == ["build garrison a1", "done"]
    s = do(s, seat, "build garrison a1")
    assert sorted(s.islands["a1"].buildings) == ["fort", "garrison", "outpost"]


def _their_cubes(s: State, other: int, *slots: str, level: int = 1) -> State:
    """It is `other`'s turn now: its Buccaneer of `level`, at a1, puts a cube in each of `slots`."""
    s.turn.seat = other
    s.players[other].ship.at = "a1"
    hand(s, other, "buccaneer")
    s.players[other].levels["buccaneer"] = level
    s.stack = [P.MainPrompt(seats=[other])]
    s = do(s, other, "play buccaneer")
    s = do(s, other, "use buccaneer 1")
    for slot in slots:
        s = do(s, other, slot)
    return s


def test_dr_abd_20_21_the_controller_holds_the_buildings_and_a_new_controller_razes_them() -> None:
    s, seat, me, them = _builder()
    s.islands["a1"].slots = [me, me, me, them]          # 3 against 1, no empty slot: mine
    s = do(s, seat, "use first-mate 1")
    s = do(s, seat, "build outpost a1")
    assert s.holders["a1"] == seat and ic.controller(s.islands["a1"]) == me
    # on its own turn the other seat replaces two of my cubes: 2-2 (nobody), then 3-1 (theirs)
    s = _their_cubes(s, 1 - seat, "slot 1", level=2)
    assert ic.controller(s.islands["a1"]) is None and s.islands["a1"].buildings == ["outpost"]
    s = do(s, 1 - seat, "slot 2")
    assert ic.controller(s.islands["a1"]) == them and s.islands["a1"].buildings == []


def test_dr_abd_22_buildings_stay_when_control_goes_to_nobody() -> None:
    s, seat, me, them = _builder()
    s.islands["a1"].slots = [me, me, them, None]        # 2 against 1 and 1 empty: mine
    s = do(s, seat, "use first-mate 1")
    s = do(s, seat, "build outpost a1")
    s = _their_cubes(s, 1 - seat, "slot 4")             # 2 against 2: nobody's
    assert ic.controller(s.islands["a1"]) is None and s.islands["a1"].buildings == ["outpost"]
    assert s.holders["a1"] == seat


def test_dr_bld_04_08_a_guarded_islands_card_may_still_be_bought() -> None:
    for kind in ("fort", "garrison"):
        s, seat, _ = _guarded([kind])
        card = next(c for c in defs().advancements.deck(1) if c.kind == "advancement")
        s.grid["b1"].card = card.id
        cargo_aboard(s, seat, card.cost)                # a card is bought with cargo aboard
        s.players[seat].ship.at = "b1"
        assert "buy" in options(s, seat), kind
        s = do(s, seat, "buy")
        assert card.id in s.players[seat].aside and s.islands["b1"].buildings == [kind]


def test_dr_bld_05_07_a_fort_or_garrison_may_be_attacked_without_a_flag_an_outpost_never() -> None:
    for kinds, attackable in ((["fort"], True), (["garrison"], True), (["outpost"], False)):
        s, seat, _ = _guarded(kinds)
        hand(s, seat)                                   # no card, so no Attack flag
        s.players[seat].ship.at = "b1"
        assert ("attack buildings" in options(s, seat)) == attackable, kinds


def test_dr_bld_08_a_garrison_defends_with_fewer_cubes_than_a_fort() -> None:
    dropped = {}
    for kinds in (["garrison"], ["fort"], ["fort", "garrison"]):
        s, seat, _ = _guarded(kinds)
        s.players[seat].ship.at = "b1"
        s = do(s, seat, "attack buildings")
        land(s, *["empty"] * 12)
        s = step(s, seat, "cubes 1").state
        dropped["+".join(kinds)] = 12 - len(s.tower.script) - 1
    assert dropped == {"garrison": 2, "fort": 5, "fort+garrison": 7}


def test_dr_bld_09_11_each_garrison_board_entered_deals_one_damage_even_passing() -> None:
    s, seat, other = _guarded(["garrison"], at="b1")
    s.islands["c1"].slots = [label(other)] * 3 + [None]
    s.islands["c1"].buildings, s.holders["c1"] = ["garrison"], other
    s.turn.sails_set, s.players[seat].ship.sails = True, 4
    s = do(s, seat, "move b1")
    assert s.players[seat].ship.damage == 1, "entering, not stopping"
    s = do(s, seat, "move c1")
    assert s.players[seat].ship.damage == 2
    s = do(s, seat, "move c2")
    assert s.players[seat].ship.damage == 2, "an open board"
    # the owner's own Ship, and a Fort, deal nothing
    s, seat, other = _guarded(["fort"], at="b1")
    s.turn.sails_set, s.players[seat].ship.sails = True, 2
    s = do(s, seat, "move b1")
    assert s.players[seat].ship.damage == 0


def test_dr_bld_10_a_fifth_damage_from_a_garrison_sinks_at_once_for_its_owner() -> None:
    s, seat, other = _guarded(["garrison"], at="b1")
    s.players[seat].ship.damage, s.players[seat].chest = 4, 7
    theirs = s.players[other].chest
    s.turn.sails_set, s.players[seat].ship.sails = True, 3
    s = do(s, seat, "move b1")
    p = s.players[seat]
    assert p.ship.at == HARBOR and p.ship.damage == 0 and p.chest == 2
    assert s.players[other].chest == theirs + 5 and s.battle is None
