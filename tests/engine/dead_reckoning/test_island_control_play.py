"""Place Influence, Production, Running out of cubes, Island Control and Permanent Cubes, through
play: the Buccaneer (level n places n Influence cubes) and the Purser (level n produces on n
islands) played and used as a player types them, on the seed whose row 1 shows Smugglers Cove
(a1: 0 cargo and 2 coins), Parrot Isle (b1: 1 and 1) and Coral Crown (c1: 3 cargo), 4 slots each
(the pure tests of rules/island_control.py stay in test_island_control.py). Inventory IDs:
DR-ABD-…, DR-ISL-…."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules.game_end import GameEnd
from engine.dead_reckoning.rules.setup import reveal
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import do, game, hand, main_seat, options, top

ISLANDS = "icon-13"


def _played(card: str, level: int, at: str = "b1") -> tuple[State, int, str, str]:
    """The active seat (`me`; the other is `them`) holds only `card` at `level`, its Ship `at`."""
    s = game(2, seed=ISLANDS)
    seat = main_seat(s)
    hand(s, seat, card)
    s.players[seat].levels[card] = level
    s.players[seat].ship.at = at
    return do(s, seat, f"play {card}"), seat, label(seat), label(1 - seat)


def _slots(s: State, seat: int) -> list[str]:
    return [o for o in options(s, seat) if o.startswith("slot ")]


# ---- Place Influence -------------------------------------------------------------------------
def test_dr_abd_02_influence_only_with_the_ship_at_an_island() -> None:
    s, seat, me, _ = _played("buccaneer", 1, at="b1")
    assert "use buccaneer 1" in options(s, seat)
    for away in (HARBOR, "a2"):                          # the Harbor and an open sea
        s, seat, _, _ = _played("buccaneer", 1, at=away)
        assert "use buccaneer 1" not in options(s, seat), away


def test_dr_abd_03_04_an_empty_slot_first_then_an_opponents_cube_which_goes_home() -> None:
    s, seat, me, them = _played("buccaneer", 2)
    s.islands["b1"].slots = [them, None, me, them]
    s = do(s, seat, "use buccaneer 1")
    assert isinstance(top(s), P.InfluencePrompt) and _slots(s, seat) == ["slot 2"], "no replacing while one is empty"
    s = do(s, seat, "slot 2")
    assert _slots(s, seat) == ["slot 1", "slot 4"], "full now: an opponent's cube, never one's own"
    theirs = s.players[1 - seat].cubes
    s = do(s, seat, "slot 4")
    assert s.islands["b1"].slots == [them, me, me, me] and s.players[1 - seat].cubes == theirs + 1


def test_dr_abd_05_a_full_island_of_ones_own_cubes_takes_no_cube() -> None:
    s, seat, me, _ = _played("buccaneer", 1)
    s.islands["b1"].slots = [me] * 4
    s.islands["b1"].permanent = {me: 1}
    cubes = s.players[seat].cubes
    if "use buccaneer 1" in options(s, seat):
        s = do(s, seat, "use buccaneer 1")
    assert isinstance(top(s), P.MainPrompt) and not _slots(s, seat)
    assert s.islands["b1"].slots == [me] * 4 and s.players[seat].cubes == cubes


def test_dr_abd_07_isl_03_08_control_needs_more_cubes_than_empty_slots_and_taking_it_adds_a_permanent_cube() -> None:
    s, seat, me, _ = _played("buccaneer", 3)
    cubes = s.players[seat].cubes
    s = do(s, seat, "use buccaneer 1")
    seen = []
    for slot in ("slot 1", "slot 2", "slot 3"):
        s = do(s, seat, slot)
        isl = s.islands["b1"]
        seen.append((ic.controller(isl), isl.permanent.get(me, 0)))
    assert seen == [(None, 0), (None, 0), (me, 1)], "1 and 2 cubes are not more than the empty slots"
    assert s.islands["b1"].slots == [me, me, me, None], "the permanent cube is outside the slots"
    assert s.players[seat].cubes == cubes - 4


def test_dr_isl_02_04_06_more_cubes_than_every_other_seat_counting_permanent_ones() -> None:
    s, seat, me, them = _played("buccaneer", 1)
    s.players[seat].dock = 0
    isl = s.islands["b1"]
    isl.cargo = 2
    isl.slots = [me, me, them, None]                    # 2 against 1 and 1 empty slot: mine
    assert ic.controller(isl) == me and "load cargo a" in options(s, seat)
    isl.permanent = {them: 1}                           # 2 against 2: nobody's
    assert ic.controller(isl) is None and "load cargo a" not in options(s, seat)
    isl.permanent = {them: 2}                           # 2 against 3: theirs
    assert ic.controller(isl) == them and "load cargo a" not in options(s, seat)
    s = do(s, seat, "use buccaneer 1")
    s = do(s, seat, "slot 4")                           # into the empty slot: 3 against 3
    assert ic.controller(s.islands["b1"]) is None and "load cargo a" not in options(s, seat)


def test_dr_isl_07_09_control_changes_hands_mid_turn_and_permanent_cubes_stay() -> None:
    s, seat, me, them = _played("buccaneer", 3)
    s.islands["b1"].slots = [them, them, them, None]
    s.islands["b1"].permanent = {them: 1}
    s = do(s, seat, "use buccaneer 1")
    owners = []
    for slot in ("slot 4", "slot 1", "slot 2"):
        s = do(s, seat, slot)
        owners.append(ic.controller(s.islands["b1"]))
    isl = s.islands["b1"]
    assert owners == [them, them, me], "4-1 and 3-2 theirs, then 3 against their slot and permanent cube"
    assert isl.permanent == {them: 1, me: 1} and isl.slots == [me, me, them, me]
    s, seat, me, them = _played("buccaneer", 4)
    s.islands["b1"].slots = [them, them, them, them]
    s.islands["b1"].permanent = {them: 1}
    s = do(s, seat, "use buccaneer 1")
    assert _slots(s, seat) == ["slot 1", "slot 2", "slot 3", "slot 4"], "a permanent cube is no target"
    for slot in ("slot 1", "slot 2", "slot 3"):
        s = do(s, seat, slot)
    isl = s.islands["b1"]
    assert ic.controller(isl) == me and isl.permanent == {them: 1, me: 1}


def test_dr_isl_10_each_retaking_adds_another_permanent_cube() -> None:
    s, seat, me, them = _played("buccaneer", 4)
    s.islands["b1"].slots = [them, them, them, me]
    s.islands["b1"].permanent = {me: 1, them: 2}        # taken once before, then lost
    s = do(s, seat, "use buccaneer 1")
    for slot in ("slot 1", "slot 2"):
        s = do(s, seat, slot)
    isl = s.islands["b1"]
    assert ic.controller(isl) == me and isl.permanent == {me: 2, them: 2}


def test_dr_isl_01_a_dealt_island_has_its_printed_slots_empty() -> None:
    for players in (2, 3, 4):
        s = game(players, seed=f"isl-01-{players}")
        assert s.islands
        for at, isl in s.islands.items():
            assert len(isl.slots) == defs().ocean.boards[isl.board].slots and set(isl.slots) == {None}, at
            assert isl.permanent == {}
    s, seat, me, _ = _played("buccaneer", 4)
    s.islands["b1"].permanent = {me: 9}                 # no limit on the permanent area
    s.islands["b1"].slots = [None, None, None, label(1 - seat)]
    s = do(s, seat, "use buccaneer 1")
    s = do(s, seat, "slot 1")
    assert s.islands["b1"].permanent == {me: 9}, "already in control: no cube added"


def test_dr_abd_08_end_04_a_fort_a_blockade_and_a_finished_seat_stand_in_the_way() -> None:
    s, seat, me, them = _played("buccaneer", 1)
    s.islands["b1"].slots = [them, them, None, None]
    s.islands["b1"].permanent = {them: 1}
    s.islands["b1"].buildings, s.holders["b1"] = ["fort"], 1 - seat
    cubes = s.players[seat].cubes
    if "use buccaneer 1" in options(s, seat):
        s = do(s, seat, "use buccaneer 1")
    assert s.islands["b1"].slots == [them, them, None, None] and s.players[seat].cubes == cubes
    s, seat, me, _ = _played("buccaneer", 1)
    s.turn.blockaded.append("b1")
    if "use buccaneer 1" in options(s, seat):
        s = do(s, seat, "use buccaneer 1")
    assert s.islands["b1"].slots == [None] * 4
    # a seat that has had its final turn: its cubes take two icons each
    s, seat, me, them = _played("buccaneer", 2)
    s.islands["b1"].slots = [them] * 4
    s.end = GameEnd(triggered_by=them, final_turns=[me], finished=[them])
    s.players[1 - seat].finished = True
    s = do(s, seat, "use buccaneer 1")
    s = do(s, seat, "slot 2")
    assert s.islands["b1"].slots[1] == them
    s = do(s, seat, "slot 2")
    assert s.islands["b1"].slots[1] == me and isinstance(top(s), P.MainPrompt)


# ---- Running out of cubes --------------------------------------------------------------------
def test_dr_abd_16_17_out_of_cubes_one_comes_back_from_an_island_and_control_is_checked() -> None:
    s, seat, me, them = _played("buccaneer", 1)
    s.islands["a1"].slots = [me, me, me, None]          # a1 is mine: 3 against 1 empty slot
    s.islands["a1"].permanent = {me: 1}
    s.islands["c1"].permanent = {me: 2}                 # permanent cubes never come back
    s.players[seat].cubes = 0
    s = do(s, seat, "use buccaneer 1")
    assert options(s, seat) == ["take a1"]
    s = do(s, seat, "take a1")
    assert s.islands["a1"].slots.count(me) == 2 and ic.controller(s.islands["a1"]) == me, "3 against 2 empty"
    s = do(s, seat, "slot 1")
    assert s.islands["b1"].slots[0] == me and s.players[seat].cubes == 0
    # taking back the cube that held control: it lapses, or passes to the seat now ahead
    s, seat, me, them = _played("buccaneer", 1)
    s.islands["c1"].slots = [me, me, them, them]
    s.islands["c1"].permanent = {me: 1}                 # 3 against 2: mine
    s.players[seat].cubes = 0
    s = do(s, seat, "use buccaneer 1")
    s = do(s, seat, "take c1")
    isl = s.islands["c1"]
    assert ic.controller(isl) is None and isl.permanent == {me: 1}, "2 against 2: nobody's"


# ---- Production ------------------------------------------------------------------------------
def _production(s: State) -> dict[str, tuple[int, int]]:
    return {at: (isl.cargo, isl.coins) for at, isl in s.islands.items()}


def test_dr_abd_09_10_13_any_island_produces_its_printed_goods_onto_itself() -> None:
    s, seat, me, them = _played("purser", 3, at=HARBOR)
    s.islands["a1"].slots = [them, them, them, None]   # theirs, unguarded
    s.islands["b1"].slots = [me, me, me, None]         # mine
    s = do(s, seat, "use purser 1")
    assert options(s, seat) == ["produce a1", "produce b1", "produce c1", "done"], "far away, anyone's"
    dock, chest = s.players[seat].dock, s.players[seat].chest
    for at in ("a1", "b1", "c1"):
        s = do(s, seat, f"produce {at}")
    assert _production(s) == {"a1": (0, 2), "b1": (1, 1), "c1": (3, 0)}
    assert (s.players[seat].dock, s.players[seat].chest) == (dock, chest), "the goods stay on the islands"


def test_dr_abd_11_an_open_sea_arrow_at_the_island_adds_one_cargo() -> None:
    s, seat, _, _ = _played("purser", 2, at=HARBOR)
    reveal(s, "a2")                                     # Calm Waters: arrows south (a1), east and west
    s = do(s, seat, "use purser 1")
    s = do(s, seat, "produce a1")
    s = do(s, seat, "produce c1")
    assert _production(s)["a1"] == (1, 2) and _production(s)["c1"] == (3, 0)


def test_dr_abd_12_bld_06_an_outpost_adds_a_cargo_and_a_coin() -> None:
    s, seat, me, _ = _played("purser", 1, at=HARBOR)
    s.islands["c1"].slots = [me, me, me, None]
    s.islands["c1"].buildings, s.holders["c1"] = ["outpost"], seat
    s = do(s, seat, "use purser 1")
    s = do(s, seat, "produce c1")
    assert _production(s)["c1"] == (4, 1)


def test_dr_abd_14_no_production_where_an_opponent_guards_with_a_fort_or_garrison() -> None:
    for kind, guarded in (("fort", True), ("garrison", True), ("outpost", False)):
        s, seat, _, them = _played("purser", 1, at=HARBOR)
        s.islands["c1"].slots = [them, them, them, None]
        s.islands["c1"].buildings, s.holders["c1"] = [kind], 1 - seat  # type: ignore[list-item]
        s = do(s, seat, "use purser 1")
        assert ("produce c1" not in options(s, seat)) == guarded, kind
