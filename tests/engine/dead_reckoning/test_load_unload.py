"""Load / Unload / Rearrange / Jettison Coins / Cargo (engine/dead_reckoning/rules/load_unload.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import Icons, defs
from engine.dead_reckoning.rules import buildings, gain_and_spend, load_unload, set_sails, sunken_ships
from engine.dead_reckoning.rules.load_unload import (
    HARBOR,
    Goods,
    Place,
    Ship,
    Space,
    battle_begun,
    jettison,
    lay_tile,
    load,
    shift,
    starting_ship,
    stow_in_order,
    unload,
    unload_to,
    why_not_load,
    why_not_unload,
)
from tests.engine.dead_reckoning.scenario_helpers import do, game, main_seat, options
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text

MINE = Place(at="island", controlled=True)
THEIRS = Place(at="island")


def loaded(**holds: tuple[int, int]) -> Ship:
    """The starting Ship with (cargo, coins) in the named holds."""
    ship = starting_ship()
    for letter, (cargo, coin) in holds.items():
        space = ship.space(letter)  # type: ignore[arg-type]
        ship = ship.replace(space.model_copy(update={"goods": Goods(cargo=cargo, coin=coin)}))
    return ship


def test_dr_hold_01_to_04_the_printed_hull_a_b_c_d() -> None:
    ship = starting_ship()
    assert [s.letter for s in ship.spaces] == ["A", "B", "C", "D"]
    a, b, c, d = ship.spaces
    assert (a.hold, a.icons.sail) == (4, 1)
    assert (b.hold, b.icons, c.hold, c.icons) == (0, Icons(), 0, Icons())
    assert (d.hold, d.icons.sail) == (3, 1)
    assert ship.carried() == Goods()


def test_dr_hold_05_goods_sit_in_a_hold_within_its_capacity() -> None:
    ship = load(starting_ship(), HARBOR, "A", "cargo", 4, available=9)
    assert ship.space("A").goods == Goods(cargo=4) and ship.space("A").room() == 0
    with pytest.raises(IllegalActionError, match="room for 0 more"):
        load(ship, HARBOR, "A", "cargo", 1, available=5)
    with pytest.raises(IllegalActionError, match="no hold"):
        load(starting_ship(), HARBOR, "B", "cargo", 1, available=5)
    # cargo and coins together: 2 coins + 1 cargo fill D (3), a 4th unit does not fit
    ship = load(starting_ship(), MINE, "D", "coin", 2, available=2)
    ship = load(ship, MINE, "D", "cargo", 1, available=1)
    assert ship.space("D").goods.total() == 3
    with pytest.raises(IllegalActionError, match="room for 0 more"):
        load(ship, MINE, "D", "coin", 1, available=1)
    with pytest.raises(ValueError, match="carries 4 but holds 3"):
        Space(letter="D", hold=3, goods=Goods(cargo=2, coin=2))


def test_dr_hold_06_goods_count_by_value_a_3_token_fills_hold_d() -> None:
    ship = load(starting_ship(), HARBOR, "D", "cargo", 3, available=3)   # one 3-value token
    assert ship.space("D").room() == 0 and ship.room() == 4


def test_dr_hold_07_08_start_carries_7_and_a_loaded_hold_loses_its_sail() -> None:
    ship = starting_ship()
    assert ship.capacity() == 7 and ship.sails() == 2
    ship = load(ship, HARBOR, "A", "cargo", 1, available=1)
    assert ship.sails() == 1 and not ship.space("A").working() and ship.space("D").working()
    ship = load(ship, HARBOR, "D", "cargo", 3, available=3)
    assert ship.sails() == 0 and ship.room() == 3
    ship = jettison(ship, "A", "cargo", 1)       # emptied again: the Sail is back
    assert ship.sails() == 1


def test_dr_hold_07_an_upgrade_tile_under_goods_stops_working() -> None:
    swivel = defs().upgrades.tiles["swivel-gun"]
    ship = lay_tile(starting_ship(), "D", swivel)
    assert ship.space("D").hold == 3 and ship.space("D").icons.sail == 0 and ship.cannons() == 2
    ship = load(ship, HARBOR, "D", "cargo", 1, available=1)
    assert ship.cannons() == 1


def test_dr_hold_09_the_printed_cannon_is_never_covered() -> None:
    full = loaded(A=(4, 0), D=(1, 2))
    assert full.room() == 0 and full.cannons() == defs().ship.printed_cannons == 1
    assert full.icons().cannon == 1 and full.icons().sail == 0


def test_lay_tile_with_a_hold_replaces_the_printed_one_and_refuses_overflow() -> None:
    great = defs().upgrades.tiles["great-hold"]          # a 6-hold
    cargo_hold = defs().upgrades.tiles["cargo-hold"]     # a 3-hold
    ship = lay_tile(starting_ship(), "B", cargo_hold)
    assert ship.capacity() == 10
    ship = lay_tile(loaded(A=(4, 0)), "A", great)
    assert ship.space("A").hold == 6 and ship.sails() == 1   # the Sail on A is covered for good
    with pytest.raises(IllegalActionError, match="move or jettison 1 first"):
        lay_tile(loaded(A=(4, 0)), "A", cargo_hold)


def test_dr_hold_10_in_harbor_dock_cargo_is_loaded() -> None:
    assert why_not_load(HARBOR, "cargo") is None
    ship = load(starting_ship(), HARBOR, "A", "cargo", 2, available=2)
    assert ship.carried() == Goods(cargo=2)
    with pytest.raises(IllegalActionError, match="There are 2 cargo on your Dock, not 3"):
        load(starting_ship(), HARBOR, "A", "cargo", 3, available=2)


def test_dr_hold_11_coins_never_leave_the_chest_for_the_ship() -> None:
    """Reading: the chest pays costs as if on the Dock, but its coins are not loaded."""
    with pytest.raises(IllegalActionError, match="coins stay in the Treasure chest"):
        load(starting_ship(), HARBOR, "A", "coin", 1, available=15)


def test_dr_hold_12_13_load_only_from_an_island_you_control() -> None:
    ship = load(starting_ship(), MINE, "A", "coin", 2, available=3)
    ship = load(ship, MINE, "A", "cargo", 2, available=2)
    assert ship.carried() == Goods(cargo=2, coin=2)
    for res in ("cargo", "coin"):
        with pytest.raises(IllegalActionError, match="only from an island you control"):
            load(starting_ship(), THEIRS, "A", res, 1, available=3)
    with pytest.raises(IllegalActionError, match="no island here"):
        load(starting_ship(), Place(at="sea"), "A", "cargo", 1, available=1)


def test_dr_hold_14_in_harbor_cargo_to_the_dock_coins_to_the_chest() -> None:
    ship = loaded(A=(2, 0), D=(0, 3))
    ship, where = unload(ship, HARBOR, "A", "cargo", 2)
    assert where == "dock"
    ship, where = unload(ship, HARBOR, "D", "coin", 3)
    assert where == "chest" and ship.carried() == Goods()


def test_dr_hold_15_unload_onto_any_island_controlled_or_not() -> None:
    for place in (MINE, THEIRS):
        ship, where = unload(loaded(A=(1, 1)), place, "A", "coin", 1)
        assert where == "island" and ship.carried() == Goods(cargo=1)
        assert unload_to(place, "cargo") == "island"
    with pytest.raises(IllegalActionError, match="jettison instead"):
        unload(loaded(A=(1, 0)), Place(at="sea"), "A", "cargo", 1)


def test_dr_hold_16_an_opponents_pirate_at_your_island_bars_loading_and_unloading() -> None:
    guarded = Place(at="island", controlled=True, pirate_guard=True)
    with pytest.raises(IllegalActionError, match="beat it in battle before loading"):
        load(starting_ship(), guarded, "A", "cargo", 1, available=1)
    with pytest.raises(IllegalActionError, match="beat it in battle before unloading"):
        unload(loaded(A=(1, 0)), guarded, "A", "cargo", 1)
    # once beaten (the guard gone) both work again
    assert why_not_load(MINE, "cargo") is None and why_not_unload(MINE) is None


def test_a_shut_out_island_bars_both_ways() -> None:
    """Blockades and opponents' Forts are decided by their own rules; the flag bars goods."""
    barred = Place(at="island", shut_out=True)
    assert why_not_unload(barred) is not None
    assert why_not_load(Place(at="island", controlled=True, shut_out=True), "cargo") is not None
    with pytest.raises(ValueError, match="belong to an island"):
        Place(at="harbor", controlled=True)


def test_dr_hold_17_rearrange_between_holds_within_capacity() -> None:
    ship = shift(loaded(A=(3, 1)), "A", "D", "cargo", 3)
    assert ship.space("A").goods == Goods(coin=1) and ship.space("D").goods == Goods(cargo=3)
    with pytest.raises(IllegalActionError, match="room for 0 more"):
        shift(ship, "A", "D", "coin", 1)
    with pytest.raises(IllegalActionError, match="no hold"):
        shift(ship, "A", "B", "coin", 1)
    with pytest.raises(IllegalActionError, match="two different holds"):
        shift(ship, "A", "A", "coin", 1)
    with pytest.raises(IllegalActionError, match="has 0 cargo"):
        shift(ship, "A", "D", "cargo", 1)


def test_dr_hold_18_20_no_rearranging_or_jettisoning_from_the_drop_on() -> None:
    """Reading (DR-HOLD-21): the battle begins with the drop, so choosing cubes and answering come
    before it and the holds may still change then."""
    ship = loaded(A=(2, 0))
    for step in ("none", "cubes", "answer"):
        assert not battle_begun(step)
        assert shift(ship, "A", "D", "cargo", 1, step=step).space("D").goods.cargo == 1
        assert jettison(ship, "A", "cargo", 1, step=step).carried().cargo == 1
    for step in ("drop", "abilities", "resolve", "outcome"):
        assert battle_begun(step)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="until it is over"):
            shift(ship, "A", "D", "cargo", 1, step=step)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="until it is over"):
            jettison(ship, "A", "cargo", 1, step=step)  # type: ignore[arg-type]


def test_dr_hold_19_jettison_returns_goods_to_the_supply() -> None:
    ship = jettison(loaded(D=(1, 2)), "D", "coin", 2)
    assert ship.carried() == Goods(cargo=1)
    with pytest.raises(IllegalActionError, match="has 0 coins"):
        jettison(ship, "D", "coin", 1)
    with pytest.raises(IllegalActionError, match="at least 1"):
        jettison(ship, "D", "cargo", 0)


def test_stow_in_order_fills_a_then_d_and_says_how_short() -> None:
    assert stow_in_order(starting_ship(), 5) == {"A": 4, "D": 1}
    assert stow_in_order(loaded(A=(3, 0)), 2) == {"A": 1, "D": 1}
    with pytest.raises(IllegalActionError, match="room for 7 more, 1 short"):
        stow_in_order(starting_ship(), 8)


def test_no_rulebook_sentence_is_copied() -> None:
    """The five goods-and-ship modules and their tests are in our own words."""
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    here = Path(__file__).parent
    for module in (load_unload, set_sails, gain_and_spend, buildings, sunken_ships):
        path = Path(module.__file__ or "")
        test = here / f"test_{path.stem}.py"
        assert test.exists(), test.name
        for p in (path, test):
            assert not copied(p.read_text(encoding="utf-8"), rulebook), p.name


def test_dr_hold_08_the_example_played_the_start_ship_takes_7_and_each_loaded_hold_loses_its_sail() -> None:
    """In Harbor with 10 cargo on the Dock: 4 go into A and 3 into D, and no more; the two
    loaded holds cover both hull Sails. In Harbor covered Sails still count when set (the goods
    could go back to the Dock, DR-SAIL-05); away from it they do not (DR-SAIL-09's example)."""
    s = game(2, seed="hold-08")
    seat = main_seat(s)
    p = s.players[seat]
    p.dock = 10
    assert {"load cargo a", "load cargo d"} <= set(options(s, seat))
    s = do(do(s, seat, "load cargo a"), seat, "4")
    assert "load cargo a" not in options(s, seat) and "load cargo d" in options(s, seat)
    s = do(do(s, seat, "load cargo d"), seat, "3")
    assert not any(o.startswith("load") for o in options(s, seat)), "7 aboard: full"
    assert s.players[seat].dock == 10 - 7 and s.players[seat].ship.hull.carried().cargo == 7
    assert s.players[seat].ship.hull.sails(covered_too=False) == 0 < s.players[seat].ship.hull.sails(covered_too=True)
    assert do(s, seat, "sails").players[seat].ship.sails == 2
