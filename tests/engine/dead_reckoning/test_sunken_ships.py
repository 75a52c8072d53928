"""Sunken Ships (engine/dead_reckoning/rules/sunken_ships.py)."""
from __future__ import annotations

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.buildings import Site, garrison_toll
from engine.dead_reckoning.rules.load_unload import Goods, Ship, starting_ship
from engine.dead_reckoning.rules.sunken_ships import (
    payouts,
    sink,
    sink_both,
    sinks,
    sunk_after_battle,
    take_damage,
    terror_of_the_sea,
)

P1, P2 = 1, 2


def aboard(a: tuple[int, int] = (0, 0), d: tuple[int, int] = (0, 0)) -> Ship:
    """The starting Ship with (cargo, coins) in holds A and D."""
    s = starting_ship()
    s = s.replace(s.space("A").model_copy(update={"goods": Goods(cargo=a[0], coin=a[1])}))
    return s.replace(s.space("D").model_copy(update={"goods": Goods(cargo=d[0], coin=d[1])}))


def test_dr_sink_01_five_damage_sinks_at_the_end_of_a_battle() -> None:
    assert defs().ship.sinks_at == 5
    assert not sinks(4) and sinks(5) and sinks(6)
    assert sunk_after_battle({P1: 5, P2: 4}) == [P1]
    assert sunk_after_battle({P1: 6, P2: 5}) == [P1, P2]
    assert sunk_after_battle({P1: 4, P2: 0}) == []


def test_dr_sink_02_a_5th_damage_in_battle_waits_for_its_end() -> None:
    d = take_damage(4, 1, in_battle=True)
    assert (d.damage, d.sinks_now, d.sinks_after_battle) == (5, False, True)
    d = take_damage(3, 1, in_battle=True)
    assert (d.damage, d.sinks_now, d.sinks_after_battle) == (4, False, False)


def test_dr_sink_03_a_5th_damage_outside_battle_sinks_at_once() -> None:
    d = take_damage(4, 1, in_battle=False)
    assert (d.damage, d.sinks_now, d.sinks_after_battle) == (5, True, False)
    assert not take_damage(3, 1, in_battle=False).sinks_now


def test_dr_sink_04_five_or_more_coins_aboard_are_all_lost() -> None:
    s = sink(P1, aboard(a=(1, 3), d=(0, 3)), chest=10, caused_by=None)
    assert (s.lost, s.lost_from, s.chest) == (6, "ship", 10)
    assert s.ship.carried() == Goods(cargo=1)
    s = sink(P1, aboard(a=(0, 4), d=(0, 1)), chest=10, caused_by=None)       # exactly 5
    assert (s.lost, s.lost_from, s.chest) == (5, "ship", 10)


def test_dr_sink_05_fewer_than_5_aboard_are_kept_and_the_chest_pays_5() -> None:
    s = sink(P1, aboard(a=(0, 4)), chest=10, caused_by=None)                 # 4: one short
    assert (s.lost, s.lost_from) == (5, "chest")
    assert s.chest == 10 - 5 + 4                                             # kept coins go to the chest
    assert s.ship.carried() == Goods()
    s = sink(P1, aboard(), chest=7, caused_by=None)
    assert (s.lost, s.chest) == (5, 2)


def test_dr_sink_06_a_chest_under_5_loses_what_it_has() -> None:
    """Reading: a chest with fewer than 5 coins loses all of them, and that is the whole loss."""
    s = sink(P1, aboard(d=(0, 3)), chest=2, caused_by=P2)
    assert (s.lost, s.lost_from, s.chest) == (2, "chest", 3)
    s = sink(P1, aboard(), chest=0, caused_by=P2)
    assert (s.lost, s.chest) == (0, 0) and payouts(s) == {}
    s = sink(P1, aboard(), chest=5, caused_by=P2)
    assert (s.lost, s.chest) == (5, 0)


def test_dr_sink_07_cargo_is_never_lost() -> None:
    ship = aboard(a=(4, 0), d=(1, 2))
    s = sink(P1, ship, chest=9, caused_by=P2)
    assert s.ship.carried() == Goods(cargo=5) and s.ship.space("A").goods.cargo == 4


def test_dr_sink_08_09_back_in_harbor_repaired_mercantile_sails_0() -> None:
    s = sink(P1, aboard(a=(2, 2)), chest=9, caused_by=None)
    assert (s.place, s.damage, s.mode, s.sails) == ("harbor", 0, "mercantile", 0)
    assert s.ship.carried().coin == 0 and s.chest == 9 - 5 + 2


def test_dr_sink_10_the_player_who_dealt_the_5th_damage_takes_the_coins() -> None:
    s = sink(P1, aboard(a=(0, 4), d=(0, 2)), chest=3, caused_by=P2)
    assert s.to == P2 and payouts(s) == {P2: 6}
    s = sink(P1, aboard(), chest=8, caused_by=P2)
    assert s.to == P2 and payouts(s) == {P2: 5}


def test_dr_sink_10_bld_10_a_garrisons_owner_collects_its_sinking() -> None:
    garrison = Site(kinds=frozenset({"garrison"}), controller=P2, holder=P2)
    toll = garrison_toll(P1, 4, [garrison])
    assert toll.sunk_by == P2
    s = sink(P1, aboard(d=(0, 1)), chest=12, caused_by=toll.sunk_by)
    assert payouts(s) == {P2: 5} and s.chest == 12 - 5 + 1


def test_dr_sink_11_a_merchant_sinking_sends_the_coins_to_the_supply() -> None:
    s = sink(P1, aboard(a=(0, 4), d=(0, 1)), chest=3, caused_by=None)
    assert s.to is None and s.lost == 5 and payouts(s) == {}
    assert sink(P1, aboard(), chest=9, caused_by=P1).to is None     # nobody gains from their own loss


def test_dr_sink_12_both_sink_and_each_collects_the_others_loss() -> None:
    """Both losses are taken before either is paid: P1's chest pays its 5 from its own 6, not
    out of P2's loss."""
    a, b = sink_both((P1, aboard(d=(0, 1)), 6), (P2, aboard(a=(0, 4), d=(0, 3)), 2))
    assert (a.lost, a.lost_from, b.lost, b.lost_from) == (5, "chest", 7, "ship")
    assert a.chest == 6 - 5 + 1 + 7                 # its kept coin, then P2's 7
    assert b.chest == 2 + 5                          # P1's 5
    a, b = sink_both((P1, aboard(), 3), (P2, aboard(), 20))
    assert (a.chest, b.chest) == (0 + 5, 15 + 3)


def test_dr_sink_14_sinking_another_players_ship_earns_terror_of_the_sea() -> None:
    by_p2 = sink(P1, aboard(), chest=0, caused_by=P2)
    assert terror_of_the_sea(by_p2, has_it=False) == P2              # even when no coin was lost
    assert terror_of_the_sea(by_p2, has_it=True) is None             # only the first time
    assert terror_of_the_sea(sink(P1, aboard(), chest=9, caused_by=None), has_it=False) is None
