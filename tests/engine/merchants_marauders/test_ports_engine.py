"""The ports' printed properties as the turn engine applies them (base reconstruction section 2,
from the map data): Nassau's cheap goods, Santo Domingo's paid redraw, the demand bonus of
Havana, Cartagena and Bridgetown, Curaçao's 7 cards, St. Maarten's price for other goods and
Basse-Terre's extra recruiting die."""
from __future__ import annotations

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import SKULL, active, dice, do, in_port, options, started, top


def _port(zone: str, seed: str, cargo: list[str] | None = None, gold: int = 10) -> tuple[State, int]:
    s = started(3, seed=seed)
    seat = active(s)
    in_port(s, seat, zone)
    s.players[seat].ship.cargo = list(cargo or [])
    s.players[seat].ship.gold = gold
    s.players[seat].bounties = {}
    s.round.sale_bonus, s.round.embargo = 0, None     # whatever the first event card was
    return do(s, seat, "port"), seat


def _on_top(s: State, *cards: str) -> None:
    s.cargo.pile = [c for c in s.cargo.pile if c not in cards] + list(reversed(cards))


CARDS = ["rum-1", "tobacco-1", "cotton-1", "coffee-1", "spices-1", "timber-1", "textiles-1", "rum-2", "sugar-2"]


def test_mmb_map_05_in_nassau_every_good_costs_2() -> None:
    s, seat = _port("nassau", "nassau")
    s.zones["nassau"].demand = "sugar"
    _on_top(s, *CARDS)
    s = do(s, seat, "buy")
    s = do(s, seat, "buy tobacco-1")
    s = do(s, seat, "buy cotton-1")
    assert s.players[seat].ship.gold == 10 - 2 - 2


def test_mmb_map_06_in_santo_domingo_1_gold_redraws_the_cards() -> None:
    s, seat = _port("santo_domingo", "santo")
    s.zones["santo_domingo"].demand = "sugar"
    _on_top(s, *CARDS)
    s = do(s, seat, "buy")
    assert "redraw" in options(s, seat) and top(s).drawn == CARDS[:6]
    s = do(s, seat, "redraw")
    assert top(s).drawn[:2] == ["textiles-1", "rum-2"] and s.players[seat].ship.gold == 9
    assert "redraw" not in options(s, seat) and set(CARDS[:6]) <= set(s.cargo.discard)


def test_mmb_map_07_in_havana_each_demand_good_sells_for_1_more() -> None:
    s, seat = _port("havana", "havana", cargo=["spices-1", "spices-2"])
    s.zones["havana"].demand = "spices"
    s = do(s, seat, "sell")
    s = do(s, seat, "sell spices-1")
    s = do(s, seat, "sell spices-2")
    s = do(s, seat, "done")
    assert s.players[seat].ship.gold == 10 + 2 * 7 and s.players[seat].glory == 0


def test_mmb_round_02_a_trade_boom_raises_every_demand_sale_this_round() -> None:
    s, seat = _port("havana", "boom", cargo=["spices-1"])
    s.zones["havana"].demand, s.round.sale_bonus = "spices", 2
    s = do(s, seat, "sell")
    s = do(s, seat, "sell spices-1")
    s = do(s, seat, "done")
    assert s.players[seat].ship.gold == 10 + 6 + 1 + 2


def test_mmb_map_12_in_curacao_buying_draws_7_then_4_after_buying_there_last_turn() -> None:
    s, seat = _port("curacao", "curacao")
    s.zones["curacao"].demand = "sugar"
    _on_top(s, *CARDS)
    s = do(s, seat, "buy")
    assert len(top(s).drawn) == 7
    s = do(s, seat, "buy rum-1")
    assert s.turn.bought_here == "curacao"
    s, seat = _port("curacao", "curacao-again")
    s.players[seat].bought_at = "curacao"
    s.zones["curacao"].demand = "sugar"
    s = do(s, seat, "buy")
    assert isinstance(top(s), P.BuyPrompt) and len(top(s).drawn) == 4


def test_mmb_map_15_in_st_maarten_goods_not_in_demand_sell_for_3() -> None:
    s, seat = _port("st_maarten", "maarten", cargo=["rum-1", "cotton-1"])
    s.zones["st_maarten"].demand = "timber"
    s = do(s, seat, "sell")
    s = do(s, seat, "sell rum-1")
    s = do(s, seat, "sell cotton-1")
    s = do(s, seat, "done")
    assert s.players[seat].ship.gold == 10 + 3 + 3 and s.zones["st_maarten"].demand == "timber"


def test_mmb_map_16_in_basse_terre_recruiting_rolls_1_more_die() -> None:
    s, seat = _port("basse_terre", "basse")
    s.players[seat].ship.points["crew"] = 0
    leadership = captain(s.players[seat]).skills.leadership
    dice(s, *[1] * leadership, SKULL)                # the last die is the port's extra one
    s = do(s, seat, "recruit")
    assert options(s, seat) == ["hire 0", "hire 1", "hire 2"] and not s.rng.forced


def test_mmb_ship_12_port_14_a_modification_raises_the_maximum_and_repairs_reach_it() -> None:
    s, seat = _port("st_maarten", "mast", gold=20)
    s.zones["st_maarten"].modification, s.zones["st_maarten"].revealed = "extra_mast", True
    s = do(s, seat, "shipyard")
    s = do(s, seat, "modification")
    p = s.players[seat]
    assert p.ship.points["masts"] == 3 and p.ship.gold == 15 and s.zones["st_maarten"].modification is None
    p.ship.points["masts"] = 0
    s = do(s, seat, "repair masts")
    s = do(s, seat, "repair masts")
    s = do(s, seat, "repair masts")
    assert s.players[seat].ship.points["masts"] == 3 and "repair masts" not in options(s, seat)


def test_mmb_map_09_in_port_royal_5_gold_turns_glory_cards_until_a_specialist() -> None:
    s, seat = _port("port_royal", "hire")
    s.glory.pile = [c for c in s.glory.pile if c not in ("gl-lookout-1", "gl-fair-winds-astern")] \
        + ["gl-lookout-1", "gl-fair-winds-astern"]
    s = do(s, seat, "specialist")
    p = s.players[seat]
    assert p.specialists == ["gl-lookout-1"] and p.ship.gold == 5 and s.glory.discard[-1] == "gl-fair-winds-astern"
    assert "specialist" not in options(s, seat)


def test_mmb_turn_06_a_port_that_closes_on_the_captain_leaves_only_sailing_out() -> None:
    s = started(3, seed="closing")
    seat = active(s)
    in_port(s, seat, "havana")
    s.players[seat].bounties = {"spain": 1}
    s.players[seat].glory_cards = []
    assert options(s, seat) == ["leave", "end"]
