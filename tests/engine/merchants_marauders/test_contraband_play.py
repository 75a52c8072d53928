"""Contraband through play (Seas of Glory Module 7): a captain in port draws cargo cards to buy,
takes a contraband card as ordinary goods or into the compartment, sells at the port a card
names, fights with both compartments aboard, and the navy ignores a smuggler it does not hunt.
The cargo deck's top is set by each test. The pure rule tests (test_contraband.py) stay beside.

Cards used: cb-rum-2 (rum, sold at Cartagena), cb-rum-4 (rum, Havana), cb-spices-2 (spices,
Havana), cb-sugar-1 (sugar, Nassau)."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Good, Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    active,
    at_sea,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
    waiting,
)
from tests.engine.merchants_marauders.test_naval_combat_play import SKULL, _duel, _round
from tests.engine.merchants_marauders.test_npcs_play import _navy
from tests.engine.merchants_marauders.test_round import _next_round


def _port(zone: Zone, demand: Good, seed: str = "smuggle", gold: int = 20) -> tuple[State, int]:
    s = started(2, seed=seed, module_7=True)
    a = active(s)
    no_cards(s)
    in_port(s, a, zone)
    s.zones[zone].demand = demand
    s.wars, s.round.embargo, s.round.sale_bonus = [], None, 0
    p = s.players[a]
    p.ship.gold, p.ship.cargo, p.bounties, p.bought_at = gold, [], {}, None
    return s, a


def _buy(s: State, a: int, *top_cards: str) -> State:
    """The port action's buy, the deck's top being these cards (the first drawn first)."""
    s.cargo.pile = [c for c in s.cargo.pile if c not in top_cards] + list(reversed(top_cards))
    s.cargo.discard = [c for c in s.cargo.discard if c not in top_cards]
    s = do(s, a, "port")
    s = do(s, a, "buy")
    assert isinstance(top(s), P.BuyPrompt)
    return s


FILL = ("tobacco-1", "cotton-1", "timber-1", "textiles-1")


def test_mm_m7_02_a_contraband_card_is_offered_as_goods_or_as_contraband() -> None:
    s, a = _port("san_juan", "coffee")
    s = _buy(s, a, "cb-rum-2", "sugar-1", *FILL)
    assert {"buy cb-rum-2", "contraband cb-rum-2"} <= set(options(s, a))
    s = do(s, a, "buy cb-rum-2")
    s = do(s, a, "done")
    p = s.players[a]
    assert p.ship.cargo == ["cb-rum-2"] and p.contraband == [] and p.ship.gold == 20 - 3, "as ordinary rum"


def test_mm_m7_03_21_a_drawn_card_of_the_demand_good_is_replaced_even_a_contraband_one() -> None:
    s, a = _port("san_juan", "rum")
    s = _buy(s, a, "cb-rum-2", "cb-sugar-1", *FILL)
    drawn = list(top(s).drawn)
    assert "cb-rum-2" not in drawn and "cb-rum-2" in s.cargo.discard, "rum is in demand here: replaced"
    assert "cb-sugar-1" in drawn, "Nassau's contraband stays on offer in San Juan"


def test_mm_m7_07_the_pair_discount_counts_only_the_cards_not_taken_as_contraband() -> None:
    s, a = _port("san_juan", "coffee", seed="pair")
    s = _buy(s, a, "rum-1", "cb-rum-2", *FILL)
    s = do(s, a, "buy rum-1")
    s = do(s, a, "contraband cb-rum-2")
    s = do(s, a, "done")
    assert s.players[a].ship.gold == 20 - 3 - 3, "one rum left among the ordinary cards: no discount"
    s, a = _port("san_juan", "coffee", seed="pair-1")
    s = _buy(s, a, "rum-1", "cb-rum-2", *FILL)
    s = do(s, a, "contraband cb-rum-2")
    s = do(s, a, "buy rum-1")
    s = do(s, a, "done")
    assert s.players[a].ship.gold == 20 - 3 - 3, "the same in the other order"
    s, a = _port("san_juan", "coffee", seed="pair-2")
    s = _buy(s, a, "rum-1", "cb-rum-2", *FILL)
    s = do(s, a, "buy rum-1")
    s = do(s, a, "buy cb-rum-2")
    s = do(s, a, "done")
    assert s.players[a].ship.gold == 20 - 2 - 2, "two rum bought as goods: 2 each"


def test_mm_m7_22_at_nassau_contraband_costs_2_and_still_sells_for_10() -> None:
    s, a = _port("nassau", "coffee", seed="nassau")
    s = _buy(s, a, "cb-rum-4", *FILL)
    s = do(s, a, "contraband cb-rum-4")
    s = do(s, a, "done")
    assert s.players[a].contraband == ["cb-rum-4"] and s.players[a].ship.gold == 20 - 2
    s2, b = _port("havana", "coffee", seed="nassau-sale", gold=0)
    s2.players[b].contraband = ["cb-rum-4"]
    s2 = do(s2, b, "port")
    s2 = do(s2, b, "sell")
    s2 = do(s2, b, "sell cb-rum-4")
    s2 = do(s2, b, "done")
    assert s2.players[b].ship.gold == 10


def test_mm_m7_11_every_contraband_card_sells_for_10_whatever_its_good() -> None:
    s, a = _port("havana", "coffee", seed="sale", gold=0)
    s.players[a].contraband = ["cb-rum-4", "cb-spices-2"]
    s = do(s, a, "port")
    s = do(s, a, "sell")
    assert options(s, a) == ["sell cb-rum-4", "sell cb-spices-2", "done"]
    s = do(s, a, "sell cb-rum-4")
    s = do(s, a, "sell cb-spices-2")
    s = do(s, a, "done")
    assert s.players[a].ship.gold == 20 and s.players[a].glory == 1, "10 each, and the second sale's glory"


def test_mm_m7_24_26_a_card_carried_as_contraband_is_no_ordinary_good() -> None:
    s, a = _port("san_juan", "rum", seed="not-rum", gold=0)
    s.players[a].ship.cargo = ["rum-1"]
    s.players[a].contraband = ["cb-rum-2"]
    s.cargo.pile = [c for c in s.cargo.pile if c not in ("rum-1", "cb-rum-2")]
    s = do(s, a, "port")
    s = do(s, a, "sell")
    assert options(s, a) == ["sell rum-1", "done"], "the contraband rum is no rum to a buyer of goods"
    s = do(s, a, "sell rum-1")
    s = do(s, a, "done")
    assert s.players[a].ship.gold == 6 and s.players[a].contraband == ["cb-rum-2"]


def test_mm_m7_28_a_cargo_hit_takes_a_random_card_of_the_compartment_hit() -> None:
    lost: set[str] = set()
    for seed in ("hit-a", "hit-b", "hit-c", "hit-d", "hit-e", "hit-f"):
        s, a, d = _duel(seed=seed, module_7=True)
        s.players[d].ship.cargo, s.players[d].contraband = ["rum-1", "sugar-1"], ["cb-rum-4"]
        s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, 1, 2, 2)   # one cargo hit
        s = do(s, d, "compartment ordinary")
        p = s.players[d]
        assert p.contraband == ["cb-rum-4"] and len(p.ship.cargo) == 1, "one card, from the ordinary hold"
        lost |= {"rum-1", "sugar-1"} - set(p.ship.cargo)
    assert lost == {"rum-1", "sugar-1"}, "either card may go"


def _two_cargo_hits(ordinary: list[str], contraband: list[str], seed: str = "hit-a") -> tuple[State, int, int]:
    """A round in which the defender, carrying these cards, takes two cargo hits (and a masts one)."""
    s, a, d = _duel(seed=seed, module_7=True)
    s.players[d].ship.cargo, s.players[d].contraband = list(ordinary), list(contraband)
    return _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, 1, 1, 2), a, d


def test_mm_m7_27_the_owner_names_the_compartment_of_each_cargo_hit() -> None:
    s, a, d = _two_cargo_hits(["rum-1", "sugar-1"], ["cb-rum-4", "cb-sugar-1"])
    assert isinstance(top(s), P.CompartmentPrompt) and tuple(waiting(s)) == (d,), "the owner is asked, not the shooter"
    assert options(s, a) == [] and options(s, d) == ["compartment ordinary", "compartment contraband"]
    s = do(s, d, "compartment contraband")
    assert isinstance(top(s), P.CompartmentPrompt) and top(s).hits == 1, "each hit is asked"
    s = do(s, d, "compartment contraband")
    p = s.players[d]
    assert p.ship.cargo == ["rum-1", "sugar-1"] and p.contraband == []
    assert {"cb-rum-4", "cb-sugar-1"} <= set(s.cargo.discard)
    assert isinstance(top(s), P.OrdersPrompt), "the fight goes on"


def test_mm_m7_27_a_silent_owner_loses_the_ordinary_hold_first() -> None:
    s, a, d = _two_cargo_hits(["rum-1", "sugar-1"], ["cb-rum-4"])
    assert GAME.notate(s, GAME.default_action(s, d)) == "compartment ordinary"
    s = do(s, d, GAME.notate(s, GAME.default_action(s, d)))
    s = do(s, d, GAME.notate(s, GAME.default_action(s, d)))
    p = s.players[d]
    assert p.ship.cargo == [] and p.contraband == ["cb-rum-4"]


def test_mm_m7_27_29_once_a_compartment_is_empty_the_other_takes_the_rest_unasked() -> None:
    s, a, d = _two_cargo_hits(["rum-1"], ["cb-rum-4", "cb-sugar-1"])
    s = do(s, d, "compartment ordinary")
    p = s.players[d]
    assert p.ship.cargo == [] and len(p.contraband) == 1 and not isinstance(top(s), P.CompartmentPrompt)


def test_mm_m7_27_one_compartment_only_asks_nothing() -> None:
    s, a, d = _two_cargo_hits([], ["cb-rum-4", "cb-sugar-1"])
    assert not isinstance(top(s), P.CompartmentPrompt) and s.players[d].contraband == []


def test_mm_m7_17_a_warship_does_not_sail_after_a_smuggler_it_does_not_hunt() -> None:
    s = started(2, seed="smuggler", module_7=True)
    no_cards(s)
    for seat in range(2):
        in_port(s, seat, "bridgetown")
    _navy(s, "spain", "havana")
    at_sea(s, 1, "tortuga")
    s.players[1].contraband = ["cb-rum-4"]
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "port_royal", "its card's way, not after the contraband"
