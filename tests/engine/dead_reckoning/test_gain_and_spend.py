"""Gaining and Spending Coins & Cargo; Dock tiles and the Harbor
(engine/dead_reckoning/rules/gain_and_spend.py)."""
from __future__ import annotations

from typing import get_args

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import GainTo, Pay, defs
from engine.dead_reckoning.rules.gain_and_spend import (
    Home,
    Stores,
    available,
    can_pay,
    gain,
    gain_to_dock,
    gain_to_ship,
    pay,
    pay_all,
    room_short,
    split_gain,
)
from engine.dead_reckoning.rules.load_unload import Goods, Ship, jettison, starting_ship


def with_goods(**holds: tuple[int, int]) -> Ship:
    ship = starting_ship()
    for letter, (cargo, coin) in holds.items():
        ship = ship.replace(ship.space(letter).model_copy(update={"goods": Goods(cargo=cargo, coin=coin)}))  # type: ignore[arg-type]
    return ship


def test_dr_gain_01_every_gain_and_cost_in_the_data_says_where() -> None:
    """Each gain effect names where it goes and each cost where it is paid from; `gain` handles
    every place a gain can go."""
    gains = costs = 0
    for _, face in defs().faces():
        for ab in face.abilities:
            for o in ab.options:
                for e in o.effects:
                    if e.do == "gain":
                        assert e.at in get_args(GainTo)
                        gains += 1
                for c in o.cost:
                    assert c.at in ("ship", "dock", "ship_or_dock")
                    costs += 1
    assert gains > 20 and costs > 5
    stores = Stores(ship=starting_ship())
    for at in get_args(GainTo):
        after = gain(stores, at, "cargo", 1)
        assert after != stores, at


def test_dr_gain_02_dock_01_02_the_anchor_cargo_to_the_dock_coins_to_the_chest() -> None:
    home = Home(dock=1, chest=15)
    assert gain_to_dock(home, "cargo", 2) == Home(dock=3, chest=15)
    assert gain_to_dock(home, "coin", 2) == Home(dock=1, chest=17)
    # wherever the Ship is: the Ship is not touched, even with room on it
    s = gain(Stores(ship=starting_ship(), home=home), "dock", "coin", 3)
    assert s.ship == starting_ship() and s.home.chest == 18 and s.home.dock == 1


def test_dr_gain_03_a_ship_gain_must_fit_or_room_is_made_first() -> None:
    ship = with_goods(A=(3, 0), D=(2, 0))        # 2 units of room
    assert room_short(ship, 2) == 0 and room_short(ship, 3) == 1
    assert gain_to_ship(ship, "coin", 2).carried() == Goods(cargo=5, coin=2)
    with pytest.raises(IllegalActionError, match="room for 2: jettison or unload 1 to take 3"):
        gain_to_ship(ship, "coin", 3)
    ship = jettison(ship, "A", "cargo", 1)       # room made: now it fits
    assert gain_to_ship(ship, "coin", 3).carried() == Goods(cargo=4, coin=3)


def test_gain_to_ship_into_named_holds() -> None:
    ship = gain_to_ship(starting_ship(), "cargo", 3, into={"D": 3})
    assert ship.space("D").goods.cargo == 3 and ship.space("A").goods == Goods()
    with pytest.raises(IllegalActionError, match="Place all 3"):
        gain_to_ship(starting_ship(), "cargo", 3, into={"D": 2})
    with pytest.raises(IllegalActionError, match="room for 3 more, not 4"):
        gain_to_ship(starting_ship(), "cargo", 4, into={"D": 4})


def test_dr_gain_04_the_five_shapes() -> None:
    """Reading: the shapes apply to cargo and coins alike; a coin gained to the Dock goes into
    the chest. Gain 1 to the Dock; 1 to the Ship; 4 split freely; spend 2 from the Ship; spend 2
    from Ship or Dock, 1 from each."""
    ship, home = starting_ship(), Home(dock=0, chest=15)
    for res, dock, chest in (("cargo", 1, 15), ("coin", 0, 16)):
        assert gain_to_dock(home, res, 1) == Home(dock=dock, chest=chest)  # type: ignore[arg-type]
        assert gain_to_ship(ship, res, 1).carried().of(res) == 1  # type: ignore[arg-type]
    for to_ship in range(5):
        s, h = split_gain(ship, home, "cargo", 4, to_ship)
        assert (s.carried().cargo, h.dock) == (to_ship, 4 - to_ship)
    s, h = split_gain(ship, home, "coin", 4, 1)
    assert (s.carried().coin, h.chest) == (1, 18)
    with pytest.raises(IllegalActionError, match="between 0 and 4"):
        split_gain(ship, home, "cargo", 4, 5)
    s, h = pay(with_goods(A=(3, 0)), Home(dock=5), Pay(res="cargo", n=2, at="ship"))
    assert (s.carried().cargo, h.dock) == (1, 5)
    s, h = pay(with_goods(A=(3, 0)), Home(dock=5), Pay(res="cargo", n=2), from_ship=1)
    assert (s.carried().cargo, h.dock) == (2, 4)


def test_split_gain_the_ships_share_must_fit() -> None:
    full = with_goods(A=(4, 0), D=(3, 0))
    s, h = split_gain(full, Home(), "cargo", 4, 0)
    assert s == full and h.dock == 4
    with pytest.raises(IllegalActionError, match="jettison or unload 1"):
        split_gain(full, Home(), "cargo", 4, 1)


def test_gain_to_an_island() -> None:
    s = gain(Stores(ship=starting_ship(), island=Goods(cargo=1)), "island", "coin", 2)
    assert s.island == Goods(cargo=1, coin=2)


def test_dr_dock_03_gain_05_chest_coins_pay_what_the_dock_may_pay() -> None:
    home = Home(dock=0, chest=4)
    cost = Pay(res="coin", n=3, at="dock")
    assert available(starting_ship(), home, "coin", "dock") == 4 and can_pay(starting_ship(), home, [cost])
    s, h = pay(starting_ship(), home, cost)
    assert h == Home(dock=0, chest=1) and s == starting_ship()
    assert not can_pay(starting_ship(), home, [Pay(res="coin", n=5, at="dock")])
    # a Ship-only cost cannot touch the chest
    assert available(starting_ship(), home, "coin", "ship") == 0
    with pytest.raises(IllegalActionError, match="from your Ship only"):
        pay(with_goods(A=(0, 1)), Home(chest=9), Pay(res="coin", n=1, at="ship"), from_ship=0)


def test_pay_from_ship_or_dock_defaults_to_the_dock_first() -> None:
    ship, home = with_goods(A=(2, 0), D=(1, 0)), Home(dock=2)
    s, h = pay(ship, home, Pay(res="cargo", n=3))
    assert (s.carried().cargo, h.dock) == (2, 0)       # 2 from the Dock, only 1 from the Ship
    s, h = pay(ship, home, Pay(res="cargo", n=3), from_ship=3, holds={"A": 2, "D": 1})
    assert s.carried().cargo == 0 and h.dock == 2 and s.sails() == 2
    with pytest.raises(IllegalActionError, match="carries 3 cargo, not 4"):
        pay(ship, Home(dock=9), Pay(res="cargo", n=4), from_ship=4)
    with pytest.raises(IllegalActionError, match="have 2 cargo on your Dock, not 3"):
        pay(ship, home, Pay(res="cargo", n=3), from_ship=0)
    with pytest.raises(IllegalActionError, match="from your Dock only"):
        pay(ship, home, Pay(res="cargo", n=1, at="dock"), from_ship=1)


def test_pay_all_mixed_costs_are_met_as_a_whole_or_refused() -> None:
    fort = defs().buildings.buildings["fort"].cost             # 4 cargo and 1 coin
    ship, home = with_goods(A=(3, 0)), Home(dock=1, chest=1)
    assert can_pay(ship, home, fort)
    s, h = pay_all(ship, home, fort)
    assert s.carried() == Goods() and h == Home(dock=0, chest=0)
    assert not can_pay(ship, Home(dock=1, chest=0), fort)
    with pytest.raises(IllegalActionError, match="cannot pay 4 cargo and 1 coin"):
        pay_all(ship, Home(dock=0, chest=1), fort)
    # a Dock-only part is served before an either part that could have taken the Dock's cargo
    parts = [Pay(res="cargo", n=2), Pay(res="cargo", n=1, at="dock")]
    s, h = pay_all(with_goods(A=(2, 0)), Home(dock=1), parts)
    assert s.carried().cargo == 0 and h.dock == 0
    assert not can_pay(with_goods(A=(2, 0)), Home(dock=0), parts)
