"""An island barred to a player (rules/island_control.py `barred`, reached through
rules/common.py `island_barred`): an opponent's Fort or Garrison (DR-BLD-03, -08) and a blockade
(DR-PIR-04, -05) stop Influence, production, loading and unloading, and the card abilities that
gain goods on the island (DR-ICON-03, -10, -11); an Influence ability with no cube to place is
not offered (DR-ABD-05). Each case from both sides, played by notation on a real card of the data
(the Captain carrying an Advancement in its sleeve, as in test_rules_icons.py)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import BuildingKind, defs
from engine.dead_reckoning.state import State, label
from tests.engine.dead_reckoning.scenario_helpers import cargo_aboard, do, options, top
from tests.engine.dead_reckoning.test_rules_icons import ISLANDS, _played

FISHING_NETS = "r1-15"       # gain 2 cargo on the island of your Ship
LAND_GRANT = "r2-10"         # 1: place 1 Influence cube; 2: gain 1 coin on the island
PLANTED_FLAG = "r1-13"       # place 1 Influence cube
GOVERNORS_FAVOUR = "r3-10"   # place 3 Influence cubes, overriding Forts
AT = "a1"                    # a 4-slot island in row 1 of the ISLANDS seed


def guard(s: State, owner: int, kind: BuildingKind = "fort", at: str = AT) -> None:
    """`owner` controls the island (3 of its 4 slots, one left empty) and has a `kind` there."""
    isl = s.islands[at]
    isl.slots = [label(owner)] * (len(isl.slots) - 1) + [None]
    isl.buildings, s.holders[at] = [kind], owner


def refused(s: State, seat: int, notation: str) -> None:
    """Not offered, and refused when sent anyway."""
    assert notation not in options(s, seat)
    with pytest.raises(IllegalActionError, match="not one of your options"):
        do(s, seat, notation)


def nets_at(owner_of_fort: int | None, kind: BuildingKind = "fort", blockade: bool = False) -> tuple[State, int]:
    """The active seat has played the Captain with Fishing Nets at the island; `owner_of_fort`
    (0: the seat itself, 1: its opponent, None: nobody) holds it with a `kind`."""
    s, seat = _played(ISLANDS, "captain", FISHING_NETS, at=AT)
    if owner_of_fort is not None:
        guard(s, (seat + owner_of_fort) % 2, kind)
    if blockade:
        s.turn.blockaded.append(AT)
    return s, seat


# ---- card abilities that gain goods on the island ----
def test_dr_bld_03_icon_03_fishing_nets_fill_your_own_fort_island() -> None:
    s, seat = nets_at(0)
    before = s.islands[AT].cargo
    s = do(s, seat, "use captain 1")
    assert s.islands[AT].cargo == before + 2


@pytest.mark.parametrize("kind", ["fort", "garrison"])
def test_dr_bld_03_08_icon_03_fishing_nets_add_nothing_to_an_opponents_fort_or_garrison_island(kind: BuildingKind) -> None:
    s, seat = nets_at(1, kind)
    before = (s.islands[AT].cargo, s.players[seat].chest, s.players[seat].dock)
    refused(s, seat, "use captain 1")
    assert (s.islands[AT].cargo, s.players[seat].chest, s.players[seat].dock) == before
    assert "captain:1" not in " ".join(s.turn.used), "the ability is not spent"


def test_dr_bld_03_an_outpost_guards_nothing_so_the_nets_work_there() -> None:
    s, seat = nets_at(1, "outpost")
    before = s.islands[AT].cargo
    assert do(s, seat, "use captain 1").islands[AT].cargo == before + 2


def test_dr_pir_05_icon_03_a_blockaded_island_gets_no_cargo_from_a_card() -> None:
    s, seat = nets_at(None, blockade=True)
    before = s.islands[AT].cargo
    refused(s, seat, "use captain 1")
    assert s.islands[AT].cargo == before
    s, seat = nets_at(None)                                    # the same island, not blockaded
    assert do(s, seat, "use captain 1").islands[AT].cargo == before + 2


def test_dr_bld_03_icon_10_the_coin_on_the_island_is_barred_alike() -> None:
    for owner, offered in ((0, True), (1, False)):
        s, seat = _played(ISLANDS, "captain", LAND_GRANT, at=AT)
        guard(s, (seat + owner) % 2)
        coins = s.islands[AT].coins
        if offered:
            assert do(s, seat, "use captain 2").islands[AT].coins == coins + 1
        else:
            refused(s, seat, "use captain 2")
            assert s.islands[AT].coins == coins


# ---- Influence abilities ----
def test_dr_abd_05_icon_23_an_influence_ability_with_no_cube_to_place_is_not_offered() -> None:
    s, seat = _played(ISLANDS, "captain", PLANTED_FLAG, at=AT)
    isl = s.islands[AT]
    isl.slots = [label(seat)] * len(isl.slots)              # every slot already the seat's own
    cubes = s.players[seat].cubes
    refused(s, seat, "use captain 1")
    assert s.players[seat].cubes == cubes
    isl.slots[0] = None                                      # one slot free: offered and placed
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.InfluencePrompt) and options(s, seat) == ["slot 1"]


def test_dr_abd_16_icon_23_out_of_cubes_the_ability_is_offered_only_with_a_cube_to_take_back() -> None:
    s, seat = _played(ISLANDS, "captain", PLANTED_FLAG, at=AT)
    s.players[seat].cubes = 0
    refused(s, seat, "use captain 1")                       # no cube of its own on any island
    s.islands["b1"].slots[0] = label(seat)                  # one loose cube elsewhere
    s = do(s, seat, "use captain 1")
    assert options(s, seat) == ["take b1"]


def test_dr_abd_08_bld_03_influence_at_an_opponents_fort_or_a_blockade_is_not_offered() -> None:
    s, seat = _played(ISLANDS, "captain", PLANTED_FLAG, at=AT)
    guard(s, 1 - seat)
    refused(s, seat, "use captain 1")
    s, seat = _played(ISLANDS, "captain", PLANTED_FLAG, at=AT)
    s.turn.blockaded.append(AT)
    refused(s, seat, "use captain 1")
    s, seat = _played(ISLANDS, "captain", GOVERNORS_FAVOUR, at=AT)
    guard(s, 1 - seat)                                      # a card that overrides Forts
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.InfluencePrompt) and options(s, seat) == ["slot 4"]


# ---- production, loading and unloading: the same check ----
def test_dr_abd_14_pir_04_production_skips_an_opponents_fort_and_a_blockaded_island() -> None:
    """Reading: a blockade bars every interaction with the island, production on it included."""
    s, seat = _played(ISLANDS, "purser", level=2)
    guard(s, 1 - seat, at="a1")
    guard(s, seat, at="c1")                                 # its own Fort: still a target
    s.turn.blockaded.append("b1")
    s = do(s, seat, "use purser 1")
    assert options(s, seat) == ["produce c1", "done"]
    s, seat = _played(ISLANDS, "purser", level=2)
    s = do(s, seat, "use purser 1")
    assert options(s, seat) == ["produce a1", "produce b1", "produce c1", "done"]


def test_dr_bld_03_pir_05_loading_and_unloading_only_where_the_island_is_not_barred() -> None:
    def goods_options(owner: int, kind: BuildingKind = "fort", blockade: bool = False) -> list[str]:
        s, seat = _played(ISLANDS, "captain", at=AT)
        guard(s, (seat + owner) % 2, kind)
        s.islands[AT].cargo = 2
        cargo_aboard(s, seat, 1)
        if blockade:
            s.turn.blockaded.append(AT)
        return [o for o in options(s, seat) if o.startswith(("load", "unload"))]

    own = goods_options(0)
    assert "load cargo a" in own and "unload cargo a" in own
    assert goods_options(1) == [] and goods_options(1, "garrison") == []
    assert goods_options(0, blockade=True) == []


@pytest.mark.parametrize("kind", ["fort", "garrison"])
def test_dr_bld_04_08_the_boards_card_may_still_be_bought_at_an_opponents_fort(kind: BuildingKind) -> None:
    s, seat = _played(ISLANDS, "captain", at=AT)
    guard(s, 1 - seat, kind)
    card = next(c for c in defs().advancements.deck(1) if c.kind == "advancement")
    s.grid[AT].card = card.id
    cargo_aboard(s, seat, card.cost)
    assert "buy" in options(s, seat)
    s = do(s, seat, "buy")
    assert s.grid[AT].card != card.id and s.players[seat].ship.hull.carried().cargo == 0, "bought and paid"
