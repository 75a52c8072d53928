"""Dead Reckoning — the Icon Reference, Card Syntax, Sailor cards, playing cards and using their
abilities, the Cleanup's refill, mode choice and Sail reset, and cards played in defence.

Every icon test plays a real card of data/dead_reckoning: a Sailor card with Advancements of
advancements.toml in its sleeve (the host is usually the Captain, whose level 1 has no ability,
so the sleeved Advancement's abilities are `use captain 1`, `2` …), driven by notation as a
player does. Inventory IDs (DR-…) are those of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import Effect as Verb
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.effect import Effect
from engine.dead_reckoning.rules.common import card_faces, card_icons, card_names, kind_of
from engine.dead_reckoning.state import HARBOR, State, label
from engine.dead_reckoning.view import build_view
from tests.engine.dead_reckoning.scenario_helpers import (
    active,
    cargo_aboard,
    do,
    game,
    hand,
    land,
    options,
    resettle,
    top,
    waiting,
)


def _start(seed: str) -> tuple[State, int]:
    s = game(2, seed=seed)
    seat = active(s)
    assert isinstance(top(s), P.MainPrompt)
    return s, seat


def _played(seed: str, card: str, *sleeve: str, level: int = 1, at: str | None = None) -> tuple[State, int]:
    """A fresh 2-player game whose active seat holds only `card` (at `level`, with `sleeve`
    sleeved on it), its Ship at `at` ("island": the first face-up island), and has just played it."""
    s, seat = _start(seed)
    p = s.players[seat]
    hand(s, seat, card)
    p.levels[card], p.sleeves[card] = level, list(sleeve)
    if at is not None:
        p.ship.at = _island(s) if at == "island" else at
    return do(s, seat, f"play {card}"), seat


def _island(s: State) -> str:
    return next(iter(s.islands))


def _aboard(s: State, seat: int, res: str = "cargo") -> int:
    return s.players[seat].ship.hull.carried().of(res)   # type: ignore[arg-type]


# ---- Cargo & Coin: gains ----
def test_dr_icon_01_gain_cargo_on_ship_or_dock_is_split_as_the_player_likes() -> None:
    # r1-09 Quartermaster's Ledger: gain 2 cargo on Ship/Dock
    s, seat = _played("icon-01", "captain", "r1-09")
    dock = s.players[seat].dock
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.SplitPrompt) and options(s, seat) == ["ship 0", "ship 1", "ship 2"]
    s = do(s, seat, "ship 1")
    assert _aboard(s, seat) == 1 and s.players[seat].dock == dock + 1
    # with no room aboard there is nothing to split: both go to the Dock
    s, seat = _played("icon-01-full", "captain", "r1-09")
    p = s.players[seat]
    for x in p.ship.hull.spaces:
        if x.hold:
            p.ship.hull = p.ship.hull.replace(x.model_copy(update={"goods": x.goods.model_copy(update={"cargo": x.hold})}))
    dock, held = p.dock, _aboard(s, seat)
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.MainPrompt) and s.players[seat].dock == dock + 2 and _aboard(s, seat) == held


def test_dr_icon_02_gain_cargo_on_the_dock_and_gain_cargo_on_the_ship() -> None:
    # r1-07 Deckhand's Ledger (top): 1 cargo on the Dock; r1-26 (middle): 2 cargo on the Ship
    s, seat = _played("icon-02", "captain", "r1-07", "r1-26")
    dock = s.players[seat].dock
    s = do(s, seat, "use captain 1")
    assert s.players[seat].dock == dock + 1 and _aboard(s, seat) == 0
    s = do(s, seat, "use captain 2")
    assert s.players[seat].dock == dock + 1 and _aboard(s, seat) == 2


def test_dr_icon_03_gain_cargo_on_an_island_only_where_the_ship_is_at_one() -> None:
    # r1-15: gain 2 cargo on the island of your Ship
    s, seat = _played("icon-03", "captain", "r1-15", at="island")
    at = s.players[seat].ship.at
    before = s.islands[at].cargo
    s = do(s, seat, "use captain 1")
    assert s.islands[at].cargo == before + 2 and _aboard(s, seat) == 0
    s, seat = _played("icon-03-harbor", "captain", "r1-15")
    assert "use captain 1" not in options(s, seat), "no island to put the cargo on"


def test_dr_icon_10_11_gain_coins_and_cargo_plus_coins_on_an_island() -> None:
    # r2-10 (top) ability 2: 1 coin on the island; r1-16 is also top: its own game
    s, seat = _played("icon-10", "captain", "r2-10", at="island")
    at = s.players[seat].ship.at
    coins, chest = s.islands[at].coins, s.players[seat].chest
    s = do(s, seat, "use captain 2")
    assert s.islands[at].coins == coins + 1 and s.players[seat].chest == chest and _aboard(s, seat, "coin") == 0
    # r1-16: 1 cargo and 1 coin on the island
    s, seat = _played("icon-11", "captain", "r1-16", at="island")
    at = s.players[seat].ship.at
    cargo, coins = s.islands[at].cargo, s.islands[at].coins
    s = do(s, seat, "use captain 1")
    assert (s.islands[at].cargo, s.islands[at].coins) == (cargo + 1, coins + 1)


def test_dr_icon_08_gain_coins_on_ship_or_dock_splits_between_hold_and_chest() -> None:
    # no card prints this icon yet; the verb the data would use does what the icon says
    s, seat = _start("icon-08")
    chest = s.players[seat].chest
    s.effects.append(Effect(seat=seat, verb=Verb(do="gain", res="coin", at="dock_or_ship"), n=3, source="test"))
    s = resettle(s)
    assert isinstance(top(s), P.SplitPrompt)
    s = do(s, seat, "ship 2")
    assert _aboard(s, seat, "coin") == 2 and s.players[seat].chest == chest + 1


# ---- Cargo & Coin: spending ----
def test_dr_icon_06_09_spend_cargo_from_the_dock_only_and_gain_coins_in_the_chest() -> None:
    # r2-19 (top): pay 2 cargo from the Dock, gain 3 coins on the Dock (the chest)
    s, seat = _played("icon-06", "captain", "r2-19")
    p = s.players[seat]
    p.dock = 1
    cargo_aboard(s, seat, 3)
    assert "use captain 1" not in options(s, seat), "cargo aboard does not pay a Dock cost"
    p.dock = 2
    chest = p.chest
    s = do(s, seat, "use captain 1")
    assert s.players[seat].dock == 0 and _aboard(s, seat) == 3 and s.players[seat].chest == chest + 3


def test_dr_icon_07_09_spend_cargo_from_the_ship_only_and_gain_coins_on_the_ship() -> None:
    # r1-24 (bottom): pay 2 cargo from the Ship, gain 2 coins on the Ship
    s, seat = _played("icon-07", "captain", "r1-24")
    p = s.players[seat]
    p.dock = 5
    cargo_aboard(s, seat, 1)
    assert "use captain 1" not in options(s, seat), "Dock cargo does not pay a Ship cost"
    cargo_aboard(s, seat, 1)
    chest = p.chest
    s = do(s, seat, "use captain 1")
    assert _aboard(s, seat) == 0 and _aboard(s, seat, "coin") == 2
    assert s.players[seat].dock == 5 and s.players[seat].chest == chest


def test_dr_icon_05_spend_cargo_from_ship_or_dock_asks_how_much_comes_from_the_ship() -> None:
    # r1-10 (top): pay 1 cargo from Ship/Dock to repair 1 damage
    s, seat = _played("icon-05", "captain", "r1-10")
    p = s.players[seat]
    p.ship.damage, p.dock = 2, 0
    assert "use captain 1" not in options(s, seat), "no cargo anywhere"
    p.dock = 1
    cargo_aboard(s, seat, 1)
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.PayPrompt) and options(s, seat) == ["ship 0", "ship 1"]
    s = do(s, seat, "ship 1")
    assert _aboard(s, seat) == 0 and s.players[seat].dock == 1 and s.players[seat].ship.damage == 1


def test_dr_icon_04_17_a_fort_costs_cargo_plus_a_coin_from_ship_or_dock() -> None:
    # r4-13 (top): build a Fort only; the Fort costs 4 cargo and 1 coin
    s, seat = _played("icon-04", "captain", "r4-13", at="island")
    at = s.players[seat].ship.at
    isl = s.islands[at]
    isl.slots = [label(seat)] * len(isl.slots)
    p = s.players[seat]
    p.dock, p.chest = 3, 0
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.MainPrompt) and s.islands[at].buildings == [], "3 cargo and no coin buy no Fort"
    s, seat = _played("icon-04", "captain", "r4-13", at="island")
    s.islands[at].slots = [label(seat)] * len(s.islands[at].slots)
    p = s.players[seat]
    p.dock, p.chest = 4, 1
    s = do(s, seat, "use captain 1")
    assert options(s, seat) == [f"build fort {at}", "done"], "only a Fort: no Garrison or Outpost"
    s = do(s, seat, f"build fort {at}")
    assert s.islands[at].buildings == ["fort"] and (s.players[seat].dock, s.players[seat].chest) == (0, 0)


def test_dr_icon_04_a_mixed_cost_may_take_its_coin_from_the_ship() -> None:
    s, seat = _played("icon-04", "captain", "r4-13", at="island")
    at = s.players[seat].ship.at
    s.islands[at].slots = [label(seat)] * len(s.islands[at].slots)
    p = s.players[seat]
    p.dock, p.chest = 4, 0
    cargo_aboard(s, seat, 1, "coin")
    s = do(s, seat, "use captain 1")
    s = do(s, seat, f"build fort {at}")
    assert s.islands[at].buildings == ["fort"] and _aboard(s, seat, "coin") == 0 and s.players[seat].dock == 0


# ---- Locations, targets and Buildings ----
ISLANDS = "icon-13"      # a seed whose row 1 shows three islands, a1, b1 and c1, of 4 slots each


def test_dr_icon_13_19_produce_targets_different_islands_and_yields_what_each_prints() -> None:
    # Purser level 2 produces on two islands, never the same one twice
    s, seat = _played(ISLANDS, "purser", level=2)
    assert sorted(s.islands) == ["a1", "b1", "c1"]
    before = {at: (isl.cargo, isl.coins) for at, isl in s.islands.items()}
    s = do(s, seat, "use purser 1")
    assert isinstance(top(s), P.ProducePrompt) and options(s, seat) == ["produce a1", "produce b1", "produce c1", "done"]
    s = do(s, seat, "produce a1")
    assert options(s, seat) == ["produce b1", "produce c1", "done"], "no island twice"
    s = do(s, seat, "produce c1")
    assert isinstance(top(s), P.MainPrompt), "two islands and the ability is spent"
    for at in ("a1", "c1"):
        made = defs().ocean.boards[s.islands[at].board].production
        assert made is not None
        assert s.islands[at].cargo - before[at][0] >= made.cargo and s.islands[at].coins - before[at][1] == made.coin
    assert (s.islands["b1"].cargo, s.islands["b1"].coins) == before["b1"]


def test_dr_icon_14_produce_only_where_the_player_has_no_cube_in_slots_or_permanent_area() -> None:
    # r2-12 (bottom) ability 1: produce on an island where you have no cubes
    s, seat = _played(ISLANDS, "captain", "r2-12")
    me, other = label(seat), label(1 - seat)
    s.islands["a1"].slots[0] = me                  # my cube in a slot
    s.islands["b1"].permanent[me] = 1              # my cube in the permanent area
    s.islands["c1"].slots[0] = other               # only the opponent's cube
    s = do(s, seat, "use captain 1")
    assert options(s, seat) == ["produce c1", "done"]
    s.islands["c1"].slots[0] = None                # nobody's cube: still a target
    s.islands["a1"].slots[0] = None
    assert options(s, seat) == ["produce a1", "produce c1", "done"]


def test_dr_icon_16_a_harbor_ability_works_only_with_the_ship_in_harbor() -> None:
    # r1-17 (middle): in Harbor only, gain 1 coin on the Dock (the chest)
    s, seat = _played("icon-16", "captain", "r1-17")
    chest = s.players[seat].chest
    assert s.players[seat].ship.at == HARBOR and "use captain 1" in options(s, seat)
    s = do(s, seat, "use captain 1")
    assert s.players[seat].chest == chest + 1
    s, seat = _played("icon-16", "captain", "r1-17", at="a1")
    assert "use captain 1" not in options(s, seat)


def test_dr_icon_17_building_icons_build_any_kind_or_only_the_one_shown() -> None:
    # First Mate level 2: construct a Building; r2-14 (middle): a Garrison only
    for card, level, sleeve, kinds in (("first-mate", 2, (), ["fort", "garrison", "outpost"]),
                                       ("captain", 1, ("r2-14",), ["garrison"])):
        s, seat = _played(ISLANDS, card, *sleeve, level=level)
        s.islands["a1"].slots = [label(seat)] * 4
        s.players[seat].dock, s.players[seat].chest = 8, 5
        s = do(s, seat, f"use {card} 1")
        assert options(s, seat) == [*(f"build {k} a1" for k in kinds), "done"], card
        s = do(s, seat, f"build {kinds[-1]} a1")
        assert s.islands["a1"].buildings == [kinds[-1]] and s.holders["a1"] == seat


def test_dr_icon_18_28_basic_and_advanced_upgrades_and_a_hold_tile_gives_its_capacity() -> None:
    # r4-10 (top): pay 3 cargo for an Advanced Upgrade / or take a Basic one
    s, seat = _played("icon-18", "captain", "r4-10")
    s.players[seat].dock = 2
    assert "use captain 1 1" not in options(s, seat) and "use captain 1 2" in options(s, seat)
    s.players[seat].dock = 3
    s = do(s, seat, "use captain 1 1")
    tiers = {defs().upgrades.tiles[o.split()[1]].tier for o in options(s, seat)}
    assert isinstance(top(s), P.UpgradePrompt) and tiers == {"advanced"} and s.players[seat].dock == 0
    s, seat = _played("icon-18", "captain", "r4-10")
    s = do(s, seat, "use captain 1 2")
    assert {defs().upgrades.tiles[o.split()[1]].tier for o in options(s, seat)} == {"basic"}
    assert "upgrade cargo-hold b" in options(s, seat)
    s = do(s, seat, "upgrade cargo-hold b")
    hold = s.players[seat].ship.hull.space("B")
    assert hold.hold == defs().upgrades.tiles["cargo-hold"].hold == 3 and s.players[seat].upgrades_taken == 1
    s.players[seat].dock = 5
    assert "load cargo b" in options(s, seat)
    s = do(s, seat, "load cargo b")
    s = do(s, seat, "3")
    assert s.players[seat].ship.hull.space("B").goods.cargo == 3 and "load cargo b" not in options(s, seat)


def test_dr_icon_19_repair_removes_damage_and_is_not_offered_undamaged() -> None:
    # r2-13 (top) ability 1: repair 1 damage
    s, seat = _played("icon-19", "captain", "r2-13")
    assert "use captain 1" not in options(s, seat), "nothing to repair"
    s.players[seat].ship.damage = 3
    s = do(s, seat, "use captain 1")
    assert s.players[seat].ship.damage == 2


def test_dr_icon_23_influence_puts_a_cube_on_a_slot_of_the_ships_island() -> None:
    # r1-13 (top): place 1 Influence cube
    s, seat = _played(ISLANDS, "captain", "r1-13", at="b1")
    cubes = s.players[seat].cubes
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.InfluencePrompt) and top(s).at == "b1" and "slot 1" in options(s, seat)
    s = do(s, seat, "slot 1")
    assert s.islands["b1"].slots[0] == label(seat) and s.players[seat].cubes == cubes - 1
    assert isinstance(top(s), P.MainPrompt)
    s, seat = _played(ISLANDS, "captain", "r1-13", at="b2")
    assert "use captain 1" not in options(s, seat), "no island where the Ship is"


def test_dr_icon_24_a_permanent_cube_goes_straight_to_the_permanent_area_and_can_take_control() -> None:
    # r4-06 (middle) ability 2: one permanent Influence cube
    s, seat = _played(ISLANDS, "captain", "r4-06", at="a1")
    me, other = label(seat), label(1 - seat)
    s.islands["a1"].slots = [me, me, other, other]          # 2 against 2: nobody controls it
    cubes = s.players[seat].cubes
    s = do(s, seat, "use captain 2")
    isl = s.islands["a1"]
    assert isl.slots == [me, me, other, other]
    assert isl.permanent[me] == 2, "the card's cube, then the cube for taking control"
    assert s.players[seat].cubes == cubes - 2
    # an opponent's Fort guards the island as it does against Influence
    s, seat = _played(ISLANDS, "captain", "r4-06", at="a1")
    me, other = label(seat), label(1 - seat)
    s.islands["a1"].slots = [other, other, other, None]
    s.islands["a1"].buildings, s.holders["a1"] = ["fort"], 1 - seat
    cubes = s.players[seat].cubes
    s = do(s, seat, "use captain 2") if "use captain 2" in options(s, seat) else s
    assert s.islands["a1"].permanent.get(me, 0) == 0 and s.players[seat].cubes == cubes
    # and a blockade does too
    s, seat = _played(ISLANDS, "captain", "r4-06", at="a1")
    s.turn.blockaded.append("a1")
    s = do(s, seat, "use captain 2") if "use captain 2" in options(s, seat) else s
    assert s.islands["a1"].permanent.get(label(seat), 0) == 0


def test_dr_icon_29_an_advancement_sleeves_only_onto_its_free_printed_slot() -> None:
    # the Captain carries r1-01 (top); set aside r1-04 (top) and r1-02 (middle)
    s, seat = _played("icon-29", "captain", "r1-01")
    s.players[seat].aside = ["r1-04", "r1-02"]
    s = do(s, seat, "end")
    assert isinstance(top(s), P.SleevePrompt)
    assert "sleeve r1-02 captain" in options(s, seat) and "sleeve r1-04 captain" not in options(s, seat)
    with pytest.raises(IllegalActionError):
        do(s, seat, "sleeve r1-04 captain")
    s = do(s, seat, "sleeve r1-02 captain")
    assert s.players[seat].sleeves["captain"] == ["r1-01", "r1-02"] and s.players[seat].aside == ["r1-04"]


# ---- Battle icons: a raid on a Merchant ship with scripted landings ----
def _merchant(row: int = 1, cubes: int = 2, skip: str = "") -> str:
    return next(c.id for c in defs().advancements.deck(row)
                if c.kind == "merchant" and c.back is not None and c.back.cubes == cubes and c.id != skip)


def _raid(s: State, seat: int, at: str = "c1", skip: str = "") -> tuple[State, str]:
    """Put a 2-cube row-1 Merchant ship (carrying its own back) on `at` with the Ship, and raid."""
    card = _merchant(skip=skip)
    s.grid[at].card = card
    s.merchant_backs[card] = card
    s.players[seat].ship.at = at
    return do(s, seat, "raid"), card


def _finish_battle(s: State) -> State:
    while s.battle is not None:            # plunder and passes, the first option each time
        seat = waiting(s)[0]
        s = do(s, seat, "pass" if "pass" in options(s, seat) else options(s, seat)[0])
    return s


def test_dr_icon_27_abil_03_battle_strength_works_only_in_a_battle_and_once_a_turn() -> None:
    # r1-19 (top): a Battle ability, +1 Battle strength
    for use in (False, True):
        s, seat = _played("icon-27", "captain", "r1-19")
        assert "use captain 1" not in options(s, seat), "a Battle ability is not a Main-phase action"
        s, card = _raid(s, seat)
        land(s, "strength-1", "strength-1", "strength-1")     # 1 against the Merchant's 2
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.AbilityPrompt) and options(s, seat) == ["use captain 1", "pass"]
        s = do(s, seat, "use captain 1" if use else "pass")
        s = _finish_battle(s)
        assert s.players[seat].wins == (1 if use else 0), "2 against 2 is a tie, won by the attacker"
    # a second battle on the same turn: the ability is spent
    s = resettle(s)
    s, _ = _raid(s, seat, at="b1", skip=card)
    land(s, "empty", "empty")
    assert "cubes 0" in options(s, seat) and "cubes 1" not in options(s, seat), "the Cannon fired already"
    s = do(s, seat, "cubes 0")
    assert not isinstance(top(s), P.AbilityPrompt) and s.battle is None, "no window: nothing left to use"


def test_dr_icon_30_strength_per_cannon_counts_every_cannon_on_the_card() -> None:
    # r2-16 (top, 1 Cannon): +1 Battle strength per Cannon on this card; r2-03 (bottom) shows 2 more
    for sleeve, wins in ((("r2-16",), 0), (("r2-16", "r2-03"), 1)):
        s, seat = _played("icon-30", "captain", *sleeve)
        s, _ = _raid(s, seat)
        land(s, "empty", "strength-1", "strength-2")          # 0 against 3
        s = do(s, seat, "cubes 1")
        s = do(s, seat, "use captain 1")
        assert s.battle is None or s.battle.extra_strength[label(seat)] == card_icons(s.players[seat], "captain").cannon
        s = _finish_battle(s)
        assert s.players[seat].wins == wins, sleeve


def test_dr_icon_22_an_exploding_cube_adds_one_of_your_cubes_through_the_exploding_zone() -> None:
    # r2-05 (middle): one of your cubes counts as landing in the exploding zone
    for use in (False, True):
        s, seat = _played("icon-22", "captain", "r2-05")
        s, _ = _raid(s, seat)
        land(s, "empty", "strength-1", "strength-2", "strength-2", "strength-2")
        s = do(s, seat, "cubes 1")
        s = do(s, seat, "use captain 1" if use else "pass")
        if use:
            board = s.battle.board.cubes[label(seat)] if s.battle else {}
            assert s.battle is None or board.get("strength-2") == 2
        s = _finish_battle(s)
        assert s.players[seat].wins == (1 if use else 0), "the explosion's two cubes score 4 against 3"


def _flag_battle(seed: str, attacker_sleeve: tuple[str, ...] = (), defender_card: str = "",
                 defender_sleeve: tuple[str, ...] = ()) -> tuple[State, int, int]:
    """The active seat plays a level-2 Captain (an Attack flag) with `attacker_sleeve`, both Ships
    are on b1, and it attacks the other, whose hand is `defender_card` with its sleeve."""
    s, seat = _played(seed, "captain", *attacker_sleeve, level=2)
    other = 1 - seat
    if defender_card:
        hand(s, other, defender_card)
        s.players[other].sleeves[defender_card] = list(defender_sleeve)
    else:
        s.players[other].hand = []
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s = do(s, seat, f"attack {label(other)}")
    return s, seat, other


def test_dr_icon_21_defense_cubes_add_battle_cubes_only_to_the_attacked_player() -> None:
    # r1-21 (bottom): 2 Defense cubes
    s, seat, other = _flag_battle("icon-21", ("r1-21",), "gunner-1", ("r1-21",))
    assert options(s, seat)[-2:] == ["cubes 0", "cubes 1"], "the attacker's Defense cubes add nothing"
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.ResponsePrompt) and "play gunner-1" in options(s, other)
    assert options(s, other)[-1] == "cubes 1", "in hand, its Defense cubes are not out yet"
    s = do(s, other, "play gunner-1")
    assert options(s, other)[-1] == "cubes 3", "the printed Cannon and 2 Defense cubes"
    land(s, "empty", "strength-1", "strength-1", "strength-1")
    s = do(s, other, "cubes 3")
    assert s.battle is None or s.battle.cubes[label(other)] == 3
    assert s.turn.cannons_used.get(other, 0) == 1, "a Defense cube is not a Cannon"
    s = _finish_battle(s)
    assert s.players[seat].ship.damage == 1, "3 strength beat 0"


def test_dr_icon_19_a_damage_ability_hits_the_enemy_ship_at_the_end_of_the_battle() -> None:
    # r2-17 (middle) ability 1: deal 1 damage to the enemy Ship
    for use in (False, True):
        s, seat, other = _flag_battle("icon-19-damage", ("r2-17",))
        land(s, "empty", "strength-1")                         # the defender wins: 0 against 1
        s = do(s, seat, "cubes 1")                             # its hand is empty: no answer to wait for
        assert isinstance(top(s), P.AbilityPrompt) and "use captain 1" in options(s, seat)
        s = do(s, seat, "use captain 1" if use else "pass")
        assert s.players[other].ship.damage == 0, "damage from abilities waits for the battle's end"
        s = _finish_battle(s)
        assert s.players[other].ship.damage == (1 if use else 0)
        assert s.players[seat].ship.damage == 1, "the loser's damage"


def test_dr_icon_20_an_attack_flag_offers_an_attack_and_a_draw_bonus_draws_one_more() -> None:
    # r2-06 (bottom): a Cannon and an Attack flag
    s, seat = _start("icon-20")
    other = 1 - seat
    hand(s, seat, "captain", "gunner-1")
    s.players[seat].sleeves["captain"] = ["r2-06"]
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    assert f"attack {label(other)}" not in options(s, seat), "no flag before the card is out"
    s = do(s, seat, "play gunner-1")
    assert f"attack {label(other)}" not in options(s, seat)
    s = do(s, seat, "play captain")
    assert f"attack {label(other)}" in options(s, seat)
    # r1-11 (middle): a Draw bonus, counted in Cleanup: the hand of 0 draws 4 + 1
    for sleeve, drawn in (((), 4), (("r1-11",), 5)):
        s, seat = _played("icon-20-draw", "captain", *sleeve)
        s = resettle(do(s, seat, "end"))
        assert len(s.players[seat].hand) == drawn, sleeve


def test_dr_icon_25_syn_03_04_05_sails_count_and_a_sail_per_wheel_counts_the_whole_sleeve() -> None:
    # Gunner level 1 shows nothing; r1-01 (top) a Sail; r2-02 (middle) a Sail, a Wheel and
    # "1 Sail per Wheel on this card"; r1-07 (top) a Wheel (and a Dock ability)
    def sails(*sleeve: str) -> int:
        s, seat = _played("icon-25", "gunner-1", *sleeve)
        s = do(s, seat, "sails")
        return s.players[seat].ship.sails
    hull = sails()
    assert sails("r1-01") == hull + 1
    assert sails("r2-02") == hull + 1 + 1, "its own Wheel: the grey Wheel of the text is no icon"
    assert sails("r1-07", "r2-02") == hull + 1 + 2, "the Wheel of another Advancement in the sleeve counts"
    assert sails("r1-07") == hull, "a Wheel alone does nothing"


def test_dr_syn_04_05_gain_per_wheel_multiplies_by_the_wheels_of_level_and_sleeve() -> None:
    # r2-08 (middle, 1 Wheel): gain 2 cargo on Ship/Dock per Wheel; Captain level 2 shows a Wheel
    for level, sleeve, cargo in ((1, ("r2-08",), 2), (1, ("r1-07", "r2-08"), 4), (2, ("r1-07", "r2-08"), 6)):
        s, seat = _played("syn-04", "captain", *sleeve, level=level)
        dock = s.players[seat].dock
        s = do(s, seat, f"use captain {len(sleeve)}")          # r1-07's Dock ability comes first
        if isinstance(top(s), P.SplitPrompt):
            s = do(s, seat, "ship 0")
        assert s.players[seat].dock - dock == cargo, (level, sleeve)


def test_dr_icon_26_each_card_is_in_the_box_of_the_row_it_shows_and_refills_from_it() -> None:
    s = game(3, seed="icon-26")
    cards = defs().advancements.cards
    for row, box in s.rows.items():
        assert box and all(cards[c].row == row for c in box), row
    for pos, sp in s.grid.items():
        if sp.card is not None:
            assert cards[sp.card].row == int(pos[1:])


def test_dr_abil_01_02_play_01_an_ability_is_optional_once_a_turn_now_or_later_in_the_turn() -> None:
    s, seat = _start("abil-01")
    hand(s, seat, "crew-1", "crew-2")
    s = do(s, seat, "play crew-1")
    assert s.players[seat].played == ["crew-1"] and "use crew-1 1" in options(s, seat), "usable at once"
    seen = build_view(s, 1 - seat, None).players[seat]
    assert [c.card for c in seen.played] == ["crew-1"] and seen.hand is None and seen.hand_size == 1, "face up"
    s = do(s, seat, "sails")
    s = do(s, seat, "play crew-2")
    assert "use crew-1 1" in options(s, seat), "or later in the turn"
    dock = s.players[seat].dock
    s = do(s, seat, "use crew-1 1")
    assert s.players[seat].dock == dock + 1
    assert "use crew-1 1" not in options(s, seat), "once a turn"
    with pytest.raises(IllegalActionError):
        do(s, seat, "use crew-1 1")
    assert "use crew-2 1" in options(s, seat), "the same ability on another card is its own"
    s = resettle(do(s, seat, "end"))            # crew-2's ability never used: allowed
    assert sorted(s.players[seat].deck.discard) == ["crew-1", "crew-2"]


def test_dr_abil_02_an_upgrades_ability_is_used_once_each_turn_again_next_turn() -> None:
    # Carpenter's Bench (a Basic tile on hull space B): pay 1 cargo to repair
    s, seat = _start("abil-02")
    p = s.players[seat]
    p.ship.upgrades["B"] = ["carpenters-bench"]
    p.ship.damage, p.dock = 3, 3
    s = do(s, seat, "use hull-b 1")
    assert p.ship.damage == 3 and s.players[seat].ship.damage == 2 and "use hull-b 1" not in options(s, seat)
    s = resettle(do(s, seat, "end"))
    other = active(s)
    s = do(s, other, "end")
    while active(s) == other:
        s = do(s, other, options(s, other)[0])
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    assert active(s) == seat and "use hull-b 1" in options(s, seat)


def test_dr_syn_01_02_abilities_on_a_green_line_are_separate_and_a_red_slash_resolves_one() -> None:
    # r1-09 (bottom): two abilities; either order, each once
    s, seat = _played("syn-01", "captain", "r1-09")
    s.players[seat].dock = 2
    s = do(s, seat, "use captain 2")
    assert "use captain 1" in options(s, seat) and "use captain 2" not in options(s, seat)
    # Bosun level 3: 1 cargo on the Dock / or pay 3 cargo for a Basic Upgrade
    s, seat = _played("syn-02", "bosun", level=3)
    s.players[seat].dock = 3
    assert {"use bosun 1 1", "use bosun 1 2"} <= set(options(s, seat)) and "use bosun 1" not in options(s, seat)
    s = do(s, seat, "use bosun 1 1")
    assert s.players[seat].dock == 4
    assert not any(o.startswith("use bosun") for o in options(s, seat)), "the other option is gone with it"


def test_dr_deck_01_card_02_cards_start_at_level_1_and_only_the_current_level_works() -> None:
    s = game(4, seed="deck-01")
    for p in s.players:
        cards = [*p.hand, *p.deck.pile]
        assert sorted(cards) == sorted(card_names()) and all(p.levels.get(c, 1) == 1 for c in cards)
        assert all(card_faces(p, c)[0] == defs().sailors.sailors[kind_of(c)].levels[0] for c in cards)
    # Bosun level 1 gains 1 cargo; level 3 shows the either-or with the Upgrade
    s, seat = _played("card-02", "bosun")
    assert [o for o in options(s, seat) if o.startswith("use")] == ["use bosun 1"]
    assert card_icons(s.players[seat], "bosun").wheel == 0
    s, seat = _played("card-02", "bosun", level=3)
    s.players[seat].dock = 3
    assert [o for o in options(s, seat) if o.startswith("use")] == ["use bosun 1 1", "use bosun 1 2"]
    assert card_icons(s.players[seat], "bosun").wheel == 1


def test_dr_deck_02_card_01_03_a_sailor_card_is_the_whole_sleeve_and_moves_as_one() -> None:
    # the Captain with r1-04 (top, a Cannon) and r1-05 (middle, a Cannon and a Dock ability)
    s, seat = _played("card-01", "captain", "r1-04", "r1-05", "r1-03")
    p = s.players[seat]
    assert card_icons(p, "captain").cannon == 2 and card_icons(p, "captain").sail == 2
    assert "use captain 1" in options(s, seat), "the sleeved Advancement's ability came with it"
    p.aside = ["r1-01"]                       # a fourth Advancement: all three slots are taken
    s = resettle(do(s, seat, "end"))
    p = s.players[seat]
    assert p.aside == ["r1-01"] and p.sleeves["captain"] == ["r1-04", "r1-05", "r1-03"]
    assert "captain" in p.deck.discard, "discarded with its sleeve"


# ---- Cleanup: refill, mode, Sails; cards played in defence ----
def _end_turn(s: State, seat: int, mode: str = "mercantile") -> State:
    """End the main phase and answer the Cleanup (the mode, if asked) up to the next turn."""
    s = do(s, seat, "end")
    while active(s) == seat and s.turn.phase != "main":
        s = do(s, seat, mode if isinstance(top(s), P.ModePrompt) else options(s, seat)[0])
    return s


def test_dr_clean_02_icon_26_a_refill_takes_the_top_card_of_the_spaces_own_row_face_up() -> None:
    from engine.dead_reckoning.rules.setup import reveal
    s, seat = _start("clean-02")
    reveal(s, "a2")                                   # row 2 explored; its card goes back to the box
    s.rows[2].append(s.grid["a2"].card or "")
    s.grid["a2"].card = s.grid["b1"].card = None
    merchant = next(c.id for c in defs().advancements.deck(2) if c.kind == "merchant")
    s.rows[2] = [c for c in s.rows[2] if c != merchant] + [merchant]   # a Merchant ship on top of the box
    top1 = s.rows[1][-1]
    s = _end_turn(s, seat)
    assert s.grid["a2"].card == merchant and s.grid["b1"].card == top1
    assert merchant not in s.backs_seen, "its back stays hidden"


def test_dr_clean_03_04_an_empty_box_leaves_the_space_empty_and_face_down_boards_wait() -> None:
    from engine.dead_reckoning.rules.setup import reveal
    s, seat = _start("clean-03")
    reveal(s, "a2")
    reveal(s, "b2")
    s.grid["a2"].card = s.grid["b2"].card = None
    last = s.rows[2][-1]
    s.rows[2] = [last]                                # one card left for two empty spaces
    assert not s.grid["a3"].face_up and s.grid["a3"].card is None
    s = _end_turn(s, seat)
    filled = [pos for pos in ("a2", "b2") if s.grid[pos].card is not None]
    assert [s.grid[pos].card for pos in filled] == [last] and s.rows[2] == []
    assert s.grid["a3"].card is None, "a face-down board is not refilled"
    other = active(s)
    s = _end_turn(s, other)
    assert [pos for pos in ("a2", "b2") if s.grid[pos].card is None] == [p for p in ("a2", "b2") if p not in filled]
    # the face-down board gets its card only when explored
    s.turn.sails_set, s.players[seat].ship.sails, s.players[seat].ship.at = True, 1, "a2"
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    s = do(s, seat, "move a3")
    s = do(s, seat, "stop")
    assert s.grid["a3"].face_up and s.grid["a3"].card is not None and defs().advancements.cards[s.grid["a3"].card].row == 3


def test_dr_clean_05_unspent_sails_are_lost_at_cleanup() -> None:
    s, seat = _start("clean-05")
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails > 0
    s = _end_turn(s, seat)
    assert s.players[seat].ship.sails == 0
    other = active(s)
    s = _end_turn(s, other)
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    hull = s.players[seat].ship.hull.sails()
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == hull, "nothing carried over"


def test_dr_mode_01_02_03_04_mercantile_by_default_pirate_only_away_from_the_harbor() -> None:
    s = game(3, seed="mode")
    assert all(p.ship.mode == "mercantile" for p in s.players)
    seat = active(s)
    # in Harbor: no choice, and a Pirate back in Harbor lowers its flag
    s.players[seat].ship.mode = "pirate"
    s = do(s, seat, "end")
    assert not isinstance(top(s), P.ModePrompt) and s.players[seat].ship.mode == "mercantile"
    # away from the Harbor: either mode, and a Pirate may go back to Mercantile
    s, seat = _start("mode-away")
    s.players[seat].ship.at = "b1"
    assert "pirate" not in options(s, seat), "the flag goes up in Cleanup, not in the Main phase"
    s = do(s, seat, "end")
    assert isinstance(top(s), P.ModePrompt) and sorted(options(s, seat)) == ["mercantile", "pirate"]
    s = do(s, seat, "pirate")
    assert s.players[seat].ship.mode == "pirate"
    s = resettle(s)
    other = active(s)
    s = _end_turn(s, other)
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    s = do(s, seat, "end")
    assert isinstance(top(s), P.ModePrompt)
    s = do(s, seat, "mercantile")
    assert s.players[seat].ship.mode == "mercantile"


def test_dr_draw_10_cards_played_in_defence_stay_out_until_the_defenders_own_cleanup() -> None:
    # the defender answers with a level-2 Gunner (a Cannon) from its hand
    s, seat, other = _flag_battle("draw-10", defender_card="gunner-2")
    s.players[other].levels["gunner-2"] = 2
    s = do(s, seat, "cubes 1")
    s = do(s, other, "play gunner-2")
    land(s, "strength-1", "strength-1", "empty")
    s = do(s, other, "cubes 2")
    s = _finish_battle(s)
    assert s.players[other].defence == ["gunner-2"]
    s = _end_turn(s, seat)
    d = s.players[other]
    assert d.defence == ["gunner-2"] and "gunner-2" not in d.deck.discard and "gunner-2" not in d.hand
    assert active(s) == other
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, other, options(s, other)[0])
    s = _end_turn(s, other)
    d = s.players[other]
    assert d.defence == [] and "gunner-2" in d.deck.discard


def test_dr_icon_20_an_upgrades_draw_bonus_counts_while_its_hold_is_empty() -> None:
    # Crow's Nest (Advanced tile): a Sail and a Draw bonus, laid on hull space D (a 3-hold)
    from engine.dead_reckoning.rules import load_unload as lu
    for loaded, drawn in ((False, 5), (True, 4)):
        s, seat = _played("icon-20-tile", "captain")
        p = s.players[seat]
        p.ship.upgrades["D"] = ["crows-nest"]
        p.ship.hull = lu.lay_tile(p.ship.hull, "D", defs().upgrades.tiles["crows-nest"])
        if loaded:
            p.ship.hull = lu.stow(p.ship.hull, "cargo", {"D": 1})
        s = resettle(do(s, seat, "end"))
        assert len(s.players[seat].hand) == drawn, "a loaded hold covers the tile's icons" if loaded else ""


def test_dr_icon_12_15_coins_gained_and_lost_in_final_scoring_from_the_sleeves() -> None:
    # r1-23 (middle): 2 coins at the end; r1-27 (bottom): 1 coin back at the end
    from engine.dead_reckoning.rules import final_score, scoring
    s, seat = _start("icon-12")
    p = s.players[seat]
    p.sleeves = {"gunner-1": ["r1-23"]}
    assert scoring.final_scoring(final_score.tally(s))[label(seat)]["end_of_game"] == 2
    p.sleeves["bosun"] = ["r1-27"]
    assert scoring.final_scoring(final_score.tally(s))[label(seat)]["end_of_game"] == 2 - 1
    assert scoring.final_scoring(final_score.tally(s))[label(1 - seat)]["end_of_game"] == 0


def test_dr_clean_03_a_buried_merchant_under_an_empty_box_never_comes_back() -> None:
    for live in (False, True):
        s, seat = _start(f"clean-03-buried-{live}")
        s.rows[1] = []
        s, card = _raid(s, seat)
        land(s, "empty", "strength-1", "strength-1")           # lost: the Merchant is buried
        s = do(s, seat, "cubes 1")
        s = _finish_battle(s)
        assert s.rows[1] == [card] and s.grid["c1"].card is None
        fresh = next(c.id for c in defs().advancements.deck(1) if c.kind == "advancement")
        if live:
            s.rows[1].append(fresh)                            # one card still in the box, above it
        s = _end_turn(s, seat, "mercantile")
        assert s.grid["c1"].card == (fresh if live else None)
        assert s.rows[1] == [card], "the buried card stays out"


def test_dr_icon_21_an_upgrades_defense_cubes_count_for_the_attacked_ship_while_its_hold_is_empty() -> None:
    # Boarding Nets (Advanced tile on hull space D): a Cannon and 2 Defense cubes
    from engine.dead_reckoning.rules import load_unload as lu
    for loaded, most in ((False, 4), (True, 1)):
        s, seat, other = _flag_battle(f"icon-21-tile-{loaded}", defender_card="crew-1")
        d = s.players[other]
        d.ship.upgrades["D"] = ["boarding-nets"]
        d.ship.hull = lu.lay_tile(d.ship.hull, "D", defs().upgrades.tiles["boarding-nets"])
        if loaded:
            d.ship.hull = lu.stow(d.ship.hull, "cargo", {"D": 1})
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.ResponsePrompt)
        assert [o for o in options(s, other) if o.startswith("cubes")][-1] == f"cubes {most}"


def test_no_rulebook_sentence_is_copied() -> None:
    from pathlib import Path

    from engine.dead_reckoning.rules import cleanup, effects
    from tests.engine.help_checks import copied, windows, words
    from tests.shared_docs import shared_text
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(cleanup.__file__), Path(effects.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
