"""Port action: Sell goods, Buy goods and the cargo limit in port (engine/merchants_marauders/rules/trade.py),
from the base reconstruction's section 4 and the zone properties of section 2, and Variant 6 with
the Seas of Glory's sale sums: 9, 12 and 15 gold for 2, 3 and 4 demand goods, 11 for 2 in a +1 zone."""
from __future__ import annotations

import inspect

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules import trade
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.trade import PortTerms
from engine.merchants_marauders.vocab import Good

NASSAU = PortTerms(buy_price=2)
SANTO_DOMINGO = PortTerms(redraw_cost=1)
CURACAO = PortTerms(draws=7, repeat_draws=4)
ST_MAARTEN = PortTerms(other_price=3)
BRIDGETOWN = PortTerms(demand_bonus=1)          # like Havana and Cartagena


def cards(*goods: Good, prefix: str = "c") -> list[CargoCard]:
    return [CargoCard(id=f"{prefix}{i}", good=g) for i, g in enumerate(goods)]


def ids(cs: list[CargoCard]) -> list[str]:
    return [c.id for c in cs]


# ---- Sell goods ----
def test_sell_a_demand_good_earns_6_and_any_other_good_2() -> None:
    hold = cards("rum", "sugar", "rum")
    sale = trade.sell(hold, ["c0", "c1"], demand="rum")
    assert sale.gold == 6 + 2
    assert sale.demand_sold == 1
    assert ids(sale.cargo) == ["c2"]
    assert trade.sale_gold(["sugar", "timber"], "rum") == 4
    assert trade.sale_gold([], "rum") == 0


def test_sell_the_zone_bonus_adds_1_per_demand_card_and_nothing_to_other_goods() -> None:
    assert trade.sale_gold(["rum", "rum", "sugar"], "rum", BRIDGETOWN) == 7 + 7 + 2
    assert trade.sale_gold(["rum", "rum", "sugar"], "rum") == 6 + 6 + 2


def test_sell_st_maarten_pays_3_for_a_good_it_does_not_demand() -> None:
    assert trade.sale_gold(["sugar", "coffee", "rum"], "rum", ST_MAARTEN) == 3 + 3 + 6


def test_sell_three_demand_goods_in_one_sale_earn_1_glory_and_two_earn_none() -> None:
    three = trade.sell(cards("rum", "rum", "rum", "sugar"), ["c0", "c1", "c2"], "rum")
    assert (three.gold, three.glory) == (18, 1)
    four = trade.sell(cards("rum", "rum", "rum", "rum"), ["c0", "c1", "c2", "c3"], "rum")
    assert four.glory == 1                                        # still one point, not one per card
    two = trade.sell(cards("rum", "rum", "sugar", "sugar"), ["c0", "c1", "c2", "c3"], "rum")
    assert (two.gold, two.glory) == (16, 0)                       # four cards, but two in demand


def test_sell_the_demand_token_is_replaced_after_a_sale_that_met_it() -> None:
    assert trade.sell(cards("rum"), ["c0"], "rum").replace_demand
    assert not trade.sell(cards("sugar"), ["c0"], "rum").replace_demand
    new, pile = trade.replace_demand("rum", ["coffee", "spices"])
    assert new == "coffee"
    assert pile == ["spices", "rum"]                              # the old token under the pile
    assert trade.replace_demand("rum", []) == ("rum", [])


def test_sell_refuses_nothing_a_card_not_aboard_and_a_card_named_twice() -> None:
    hold = cards("rum")
    with pytest.raises(IllegalActionError, match="at least one"):
        trade.sell(hold, [], "rum")
    with pytest.raises(IllegalActionError, match="x9 is not among your cargo"):
        trade.sell(hold, ["x9"], "rum")
    with pytest.raises(IllegalActionError, match="twice"):
        trade.sell(hold, ["c0", "c0"], "rum")


# ---- Variant 6: Trading Rules ----
def test_mm_v6_01_the_variant_changes_selling_only_and_buying_takes_no_such_option() -> None:
    assert "trading_rules" in inspect.signature(trade.sell).parameters
    for buying in (trade.cards_to_draw, trade.draw_to_buy, trade.prices, trade.buy, trade.redraw):
        assert "trading_rules" not in inspect.signature(buying).parameters
    drawn = cards("sugar", "sugar", "coffee", prefix="d")
    assert trade.buy([], 10, drawn, ["d0", "d2"], hold=2).cost == 2 + 3


def test_mm_v6_02_03_the_first_demand_good_earns_6_and_each_further_one_3() -> None:
    assert trade.demand_gold(1, trading_rules=True) == 6
    assert trade.demand_gold(2, trading_rules=True) - trade.demand_gold(1, trading_rules=True) == 3
    assert trade.demand_gold(0, trading_rules=True) == 0
    assert trade.demand_gold(2) == 12                             # without the variant


def test_mm_v6_04_two_three_and_four_goods_earn_9_12_and_15() -> None:
    assert [trade.demand_gold(n, trading_rules=True) for n in (2, 3, 4)] == [9, 12, 15]
    assert trade.sell(cards("rum", "rum"), ["c0", "c1"], "rum", trading_rules=True).gold == 9


def test_mm_v6_05_06_two_goods_in_a_plus_1_zone_earn_11() -> None:
    assert trade.demand_gold(2, BRIDGETOWN, trading_rules=True) == 6 + 1 + 3 + 1
    assert trade.demand_gold(3, BRIDGETOWN, trading_rules=True) == 12 + 3


def test_mm_v6_08_the_price_falls_within_one_sale_and_three_still_earn_glory() -> None:
    hold = cards("rum", "rum", "rum", "sugar")
    sale = trade.sell(hold, ["c0", "c1", "c2", "c3"], "rum", trading_rules=True)
    assert (sale.gold, sale.glory) == (12 + 2, 1)                 # other goods keep their price
    # a new sale, after the token was replaced, starts again at 6 for a demand good
    again = trade.sell(cards("coffee", "coffee"), ["c0", "c1"], "coffee", trading_rules=True)
    assert again.gold == 9


# ---- Buy goods ----
def test_buy_draws_6_cards_or_3_after_buying_here_last_turn_and_curacao_7_or_4() -> None:
    assert trade.cards_to_draw() == 6
    assert trade.cards_to_draw(bought_here_last_turn=True) == 3
    assert trade.cards_to_draw(CURACAO) == 7
    assert trade.cards_to_draw(CURACAO, bought_here_last_turn=True) == 4


def test_buy_cards_of_this_ports_demand_are_discarded_and_replaced() -> None:
    deck = cards("rum", "sugar", "rum", "coffee", "spices", "timber", "cotton", "tobacco")
    d = trade.draw_to_buy(deck, 3, demand="rum")
    assert [c.good for c in d.drawn] == ["sugar", "coffee", "spices"]
    assert ids(d.discarded) == ["c0", "c2"]
    assert ids(d.deck) == ["c5", "c6", "c7"]
    short = trade.draw_to_buy(cards("rum", "sugar"), 3, demand="rum")
    assert (ids(short.drawn), short.deck) == (["c1"], [])          # an empty deck offers fewer


def test_buy_costs_3_a_card_and_2_for_a_good_drawn_twice_counting_drawn_not_bought() -> None:
    assert trade.prices(["sugar", "sugar", "coffee"]) == {"sugar": 2, "coffee": 3}
    drawn = cards("sugar", "sugar", "coffee", "rum", "rum", "rum", prefix="d")
    p = trade.buy([], 20, drawn, ["d0", "d2", "d3"], hold=4)
    assert p.cost == 2 + 3 + 2                                     # one sugar bought, two drawn
    assert ids(p.cargo) == ["d0", "d2", "d3"]
    assert ids(p.unbought) == ["d1", "d4", "d5"]


def test_buy_nassau_sells_every_good_for_2() -> None:
    assert trade.prices(["sugar", "coffee", "coffee"], NASSAU) == {"sugar": 2, "coffee": 2}


def test_buy_refuses_more_than_your_gold_and_allows_exactly_it() -> None:
    drawn = cards("sugar", "coffee", prefix="d")
    assert trade.buy([], 6, drawn, ["d0", "d1"], hold=2).cost == 6
    with pytest.raises(IllegalActionError, match="cost 6 gold; you have 5"):
        trade.buy([], 5, drawn, ["d0", "d1"], hold=2)
    with pytest.raises(IllegalActionError, match="not among the drawn cards"):
        trade.buy([], 5, drawn, ["c0"], hold=2)


def test_buy_in_port_a_ship_may_hold_6_cards_or_its_hold_if_larger() -> None:
    aboard = cards("rum", "rum", "rum", "rum")
    drawn = cards("sugar", "coffee", "spices", prefix="d")
    assert len(trade.buy(aboard, 30, drawn, ["d0", "d1"], hold=2).cargo) == 6
    with pytest.raises(IllegalActionError, match="hold 6 cargo cards; you have 4, so buy at most 2"):
        trade.buy(aboard, 30, drawn, ["d0", "d1", "d2"], hold=2)
    assert trade.port_card_limit(7) == 7
    assert len(trade.buy(aboard, 30, drawn, ["d0", "d1", "d2"], hold=7).cargo) == 7


def test_buy_santo_domingo_redraws_once_for_1_gold() -> None:
    deck = cards("sugar", "coffee", "rum", "spices", "timber", "cotton")
    first = trade.draw_to_buy(deck, 2, demand="rum")
    cost, again = trade.redraw(SANTO_DOMINGO, 3, False, first, demand="rum")
    assert cost == 1
    assert [c.good for c in again.drawn] == ["spices", "timber"]             # as many as before
    assert ids(again.discarded) == ["c0", "c1", "c2"]                         # the old two and a rum
    assert ids(again.deck) == ["c5"]
    assert trade.redraw_cost(SANTO_DOMINGO, gold=1, already_redrawn=False) == 1
    with pytest.raises(IllegalActionError, match="costs 1 gold; you have 0"):
        trade.redraw_cost(SANTO_DOMINGO, gold=0, already_redrawn=False)
    with pytest.raises(IllegalActionError, match="already redrawn"):
        trade.redraw_cost(SANTO_DOMINGO, gold=5, already_redrawn=True)
    with pytest.raises(IllegalActionError, match="no redraw"):
        trade.redraw_cost(NASSAU, gold=5, already_redrawn=False)


# ---- Leaving port ----
def test_leaving_port_a_ship_over_its_hold_keeps_the_cards_chosen_and_discards_the_rest() -> None:
    aboard = cards("rum", "sugar", "coffee", "spices", "timber", "cotton")
    kept, gone = trade.leave_port(aboard, ["c5", "c1"], hold=2)
    assert (ids(kept), ids(gone)) == (["c5", "c1"], ["c0", "c2", "c3", "c4"])
    with pytest.raises(IllegalActionError, match="choose 2 of your 6"):
        trade.leave_port(aboard, ["c5"], hold=2)
    full = aboard[:2]
    assert trade.leave_port(full, [], hold=2) == (full, [])        # within the hold: nothing to choose
