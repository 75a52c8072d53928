"""Contraband (engine/merchants_marauders/rules/contraband.py): Seas of Glory Module 7 and the
smuggler's hold of Module 3, with the readings of docs/rules-coverage/merchants_marauders.md
(Nassau's 2 gold for contraband too, one capacity for both compartments, a Cargo hit's
compartment named by the owner)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.rules import contraband as cb
from engine.merchants_marauders.rules import npc
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.contraband import ContrabandCard, Hold
from engine.merchants_marauders.rules.npc import Captain, Npc, Skills
from engine.merchants_marauders.rules.trade import BuyDraw, PortTerms
from engine.merchants_marauders.vocab import Good, Nation, ShipType, Zone
from tests.engine.merchants_marauders.sea_fixture import SEA

NASSAU = PortTerms(buy_price=2)
SANTO_DOMINGO = PortTerms(redraw_cost=1)
SK = Skills(seamanship=3, scouting=2, leadership=2)


def good(i: str, g: Good = "rum") -> CargoCard:
    return CargoCard(id=i, good=g)


def smuggled(i: str, port: Zone = "havana", g: Good = "sugar") -> ContrabandCard:
    return ContrabandCard(id=i, good=g, port=port)


def ids(cards: list[CargoCard] | list[ContrabandCard]) -> list[str]:
    return [c.id for c in cards]


def navy(nation: Nation, zone: Zone, ship: ShipType = "frigate") -> Npc:
    return Npc(slot=f"navy_{nation}", side="navy", nation=nation, ship=ship, zone=zone, skills=SK)


def pirate_npc(zone: Zone) -> Npc:
    return Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone=zone, skills=SK)


def cap(seat: int, zone: Zone, in_port: bool = False, **bounties: int) -> Captain:
    return Captain(seat=seat, nation="france", zone=zone, in_port=in_port, bounties=bounties)


# ---- Setup ----
def test_mm_m7_02_a_contraband_card_may_be_ordinary_goods_or_contraband() -> None:
    card = smuggled("x1")
    assert cb.is_contraband(card) and not cb.is_contraband(good("g1"))
    assert cb.compartments_for(card) == ("ordinary", "contraband")
    assert cb.compartments_for(good("g1")) == ("ordinary",)


# ---- Receiving contraband ----
def test_mm_m7_03_04_buying_replaces_the_demand_good_and_contraband_sold_at_this_very_port() -> None:
    deck = [good("g1", "rum"), smuggled("x1", port="havana"), smuggled("x2", port="nassau"), good("g2", "sugar"),
            good("g3", "coffee")]
    draw = cb.draw_to_buy(deck, 2, demand="rum", port="havana")
    assert ids(draw.discarded) == ["g1", "x1"]            # the demand good and Havana's own contraband
    assert ids(draw.drawn) == ["x2", "g2"]                # the Nassau card stays on offer in Havana
    assert ids(draw.deck) == ["g3"]
    elsewhere = cb.draw_to_buy(deck, 2, demand="timber", port="tortuga")
    assert ids(elsewhere.drawn) == ["g1", "x1"] and elsewhere.discarded == []


def test_mm_m7_21_a_contraband_card_of_the_demand_good_is_replaced_like_any_good() -> None:
    draw = cb.draw_to_buy([smuggled("x1", port="nassau", g="rum"), good("g1", "sugar")], 1, demand="rum", port="havana")
    assert ids(draw.discarded) == ["x1"] and ids(draw.drawn) == ["g1"]
    assert cb.replaced_when_buying(smuggled("x2", port="nassau", g="rum"), demand="rum", port="havana")
    assert not cb.replaced_when_buying(smuggled("x3", port="nassau", g="sugar"), demand="rum", port="havana")


def test_santo_domingos_redraw_replaces_contraband_of_santo_domingo_too() -> None:
    offered = BuyDraw(drawn=[good("g1", "sugar")], discarded=[],
                      deck=[smuggled("x1", port="santo_domingo"), good("g2", "coffee")])
    cost, again = cb.redraw(SANTO_DOMINGO, gold=5, already_redrawn=False, offered=offered, demand="rum",
                            port="santo_domingo")
    assert cost == 1
    assert ids(again.drawn) == ["g2"] and ids(again.discarded) == ["g1", "x1"]


def test_mm_m7_05_06_contraband_costs_a_flat_3_a_card_into_the_contraband_compartment() -> None:
    drawn = [smuggled("x1", g="sugar"), smuggled("x2", g="sugar"), smuggled("x3", g="sugar")]
    p = cb.buy(Hold(), gold=9, drawn=drawn, ordinary_ids=[], contraband_ids=["x1", "x2", "x3"], cargo_value=3)
    assert p.cost == 9                                    # three of one good: no pair discount as contraband
    assert ids(p.hold.contraband) == ["x1", "x2", "x3"] and p.hold.ordinary == []
    assert cb.contraband_price() == 3


def test_mm_m7_07_ordinary_cards_keep_the_pair_discount_over_the_cards_not_taken_as_contraband() -> None:
    drawn = [good("g1", "rum"), smuggled("x1", g="rum"), good("g2", "coffee")]
    # x1 bought as contraband: only one rum is left among the ordinary cards, so no discount
    p = cb.buy(Hold(), gold=20, drawn=drawn, ordinary_ids=["g1"], contraband_ids=["x1"], cargo_value=4)
    assert p.cost == 3 + 3
    assert ids(p.hold.ordinary) == ["g1"] and ids(p.hold.contraband) == ["x1"] and ids(p.unbought) == ["g2"]
    # x1 left unbought (or bought as rum): two rum drawn, so 2 gold each
    q = cb.buy(Hold(), gold=20, drawn=drawn, ordinary_ids=["g1", "x1"], contraband_ids=[], cargo_value=4)
    assert q.cost == 2 + 2 and ids(q.hold.ordinary) == ["g1", "x1"] and q.hold.contraband == []
    r = cb.buy(Hold(), gold=20, drawn=drawn, ordinary_ids=["g1"], contraband_ids=[], cargo_value=4)
    assert r.cost == 2


def test_mm_m7_22_contraband_bought_at_nassau_costs_2_and_still_sells_for_10() -> None:
    assert cb.contraband_price(NASSAU) == 2
    p = cb.buy(Hold(), gold=4, drawn=[smuggled("x1", port="havana"), smuggled("x2", port="tortuga")], ordinary_ids=[],
               contraband_ids=["x1", "x2"], cargo_value=2, terms=NASSAU)
    assert p.cost == 4
    assert cb.sell_contraband(p.hold, ["x1"], port="havana").gold == 10


def test_buying_refuses_an_ordinary_card_as_contraband_a_card_twice_and_too_little_gold() -> None:
    drawn = [good("g1"), smuggled("x1")]
    with pytest.raises(IllegalActionError, match="ordinary good"):
        cb.buy(Hold(), 10, drawn, [], ["g1"], cargo_value=4)
    with pytest.raises(IllegalActionError, match="not both"):
        cb.buy(Hold(), 10, drawn, ["x1"], ["x1"], cargo_value=4)
    with pytest.raises(IllegalActionError, match="cost 6 gold; you have 5"):
        cb.buy(Hold(), 5, drawn, ["g1"], ["x1"], cargo_value=4)
    assert cb.buy(Hold(), 6, drawn, ["g1"], ["x1"], cargo_value=4).cost == 6


def test_mm_m7_25_both_compartments_share_the_in_port_limit_and_the_hold() -> None:
    hold = Hold(ordinary=[good(f"g{i}") for i in range(3)], contraband=[smuggled("x0"), smuggled("x1")])
    drawn = [smuggled("x2"), smuggled("x3")]
    assert cb.buy(hold, 20, drawn, [], ["x2"], cargo_value=2).hold.counted() == 6     # in port: 6 cards
    with pytest.raises(IllegalActionError, match="takes 6 cargo cards in both compartments together"):
        cb.buy(hold, 20, drawn, ["x3"], ["x2"], cargo_value=2)
    big = cb.buy(hold, 20, drawn, ["x3"], ["x2"], cargo_value=7)                         # a hold of 7 is larger
    assert big.hold.counted() == 7
    # at sea the cargo value bounds both together
    kept, lost = cb.leave_port(big.hold, ["g0", "x0", "x2"], cargo_value=3)
    assert ids(kept.ordinary) == ["g0"] and ids(kept.contraband) == ["x0", "x2"]
    assert sorted(ids(lost)) == ["g1", "g2", "x1", "x3"]
    with pytest.raises(IllegalActionError, match="choose 3 of your 7"):
        cb.leave_port(big.hold, ["g0", "x0"], cargo_value=3)
    assert cb.leave_port(kept, [], cargo_value=3) == (kept, [])


def test_mm_m7_08_goods_gained_go_in_either_hold_and_the_choice_fixes_their_kind() -> None:
    raid = [smuggled("x1"), smuggled("x2"), good("g1")]
    hold = cb.stow(Hold(), raid, as_contraband={"x1"}, limit=3)
    assert ids(hold.contraband) == ["x1"] and ids(hold.ordinary) == ["x2", "g1"]
    # x2 carried as ordinary sugar cannot be sold as contraband
    with pytest.raises(IllegalActionError, match="x2 is not among your contraband"):
        cb.sell_contraband(hold, ["x2"], port="havana")
    with pytest.raises(IllegalActionError, match="g1 must go in the ordinary hold"):
        cb.stow(Hold(), [good("g1")], as_contraband={"g1"}, limit=3)
    with pytest.raises(IllegalActionError, match="takes 2 cargo cards"):
        cb.stow(Hold(), raid, as_contraband={"x1"}, limit=2)
    with pytest.raises(IllegalActionError, match="x9 is not among the cards gained"):
        cb.stow(Hold(), raid, as_contraband={"x9"}, limit=3)


def test_a_hold_keeps_every_cards_kind_through_a_save_and_load() -> None:
    hold = Hold(ordinary=[good("g1"), smuggled("x1", port="nassau")], contraband=[smuggled("x2")], hidden=smuggled("x3"))
    again = Hold.model_validate_json(hold.model_dump_json())
    assert again == hold
    assert [type(c) for c in again.ordinary] == [CargoCard, ContrabandCard]


def test_mm_m7_23_an_effect_naming_an_ordinary_good_puts_even_a_contraband_card_in_the_ordinary_hold() -> None:
    rum = smuggled("x1", g="rum")
    assert cb.compartments_for(rum, named_good=True) == ("ordinary",)
    with pytest.raises(IllegalActionError, match="must go in the ordinary hold"):
        cb.stow(Hold(), [rum], as_contraband={"x1"}, limit=2, named_good=True)
    assert ids(cb.stow(Hold(), [rum], as_contraband=set(), limit=2, named_good=True).ordinary) == ["x1"]


def test_mm_m7_24_26_a_card_carried_as_contraband_is_no_ordinary_good() -> None:
    hold = Hold(ordinary=[good("g1", "rum"), smuggled("x1", g="rum")], contraband=[smuggled("x2", g="rum")])
    assert ids(cb.ordinary_of(hold, "rum")) == ["g1", "x1"]             # x2 does not count as rum
    with pytest.raises(IllegalActionError, match="x2 is not among your cargo"):
        cb.sell_goods(hold, ["x2"], [], demand="rum", port="havana")
    sale = cb.sell_goods(hold, ["g1", "x1"], [], demand="rum", port="havana")
    assert sale.goods is not None and sale.goods.gold == 12 and ids(sale.hold.contraband) == ["x2"]


# ---- Selling contraband ----
def test_mm_m7_09_10_contraband_sells_for_10_only_at_its_named_port_in_the_goods_sale() -> None:
    hold = Hold(ordinary=[good("g1", "rum")], contraband=[smuggled("x1", port="havana"), smuggled("x2", port="tortuga")])
    with pytest.raises(IllegalActionError, match="x2 can be sold as contraband only at the port it names"):
        cb.sell_contraband(hold, ["x2"], port="havana")
    sale = cb.sell_goods(hold, ["g1"], ["x1"], demand="rum", port="havana")
    assert sale.goods is not None and sale.goods.gold == 6
    assert sale.contraband is not None and sale.contraband.gold == 10
    assert ids(sale.hold.ordinary) == [] and ids(sale.hold.contraband) == ["x2"]
    with pytest.raises(IllegalActionError, match="at least one"):
        cb.sell_goods(hold, [], [], demand="rum", port="havana")


def test_mm_m7_11_every_contraband_card_sells_alike_whatever_its_good() -> None:
    hold = Hold(contraband=[smuggled("x1", g="sugar"), smuggled("x2", g="spices")])
    assert cb.sell_contraband(hold, ["x1"], "havana").gold == cb.sell_contraband(hold, ["x2"], "havana").gold == 10


def test_mm_m7_12_13_15_every_second_card_sold_earns_1_glory_and_the_first_waits_tucked() -> None:
    hold = Hold(contraband=[smuggled("x1"), smuggled("x2"), smuggled("x3")])
    first = cb.sell_contraband(hold, ["x1"], "havana")
    assert (first.gold, first.glory) == (10, 0)                         # one card is no half point
    assert ids(first.tucked) == ["x1"] and first.discarded == []
    second = cb.sell_contraband(first.hold, ["x2"], "havana", tucked=first.tucked)
    assert (second.gold, second.glory) == (10, 1)
    assert second.tucked == [] and ids(second.discarded) == ["x1", "x2"]
    three = cb.sell_contraband(hold, ["x1", "x2", "x3"], "havana")
    assert (three.gold, three.glory) == (30, 1) and ids(three.tucked) == ["x3"]


def test_mm_m7_14_the_tucked_card_passes_to_the_next_captain() -> None:
    hold = Hold(ordinary=[good("g1")], contraband=[smuggled("x2")], hidden=smuggled("x3"))
    lost, tucked = cb.captain_death(hold, [smuggled("x1")])
    assert sorted(ids(lost)) == ["g1", "x2", "x3"] and ids(tucked) == ["x1"]
    # the next captain's first sale completes the pair
    later = cb.sell_contraband(Hold(contraband=[smuggled("x4", port="nassau")]), ["x4"], "nassau", tucked=tucked)
    assert later.glory == 1


# ---- Travelling with contraband ----
def test_mm_m7_16_a_warship_scouts_a_non_pirate_carrying_contraband() -> None:
    npcs = {"navy_spain": navy("spain", "havana"), "pirate_sloop": pirate_npc("tortuga")}
    me = [cap(1, "havana")]
    assert npc.scouting_npcs(1, "entered_zone", npcs, me) == []                  # not hunted at all
    assert cb.scouting_npcs(1, "entered_zone", npcs, me, carrying={1}) == ["navy_spain"]
    assert cb.scouting_npcs(1, "entered_zone", npcs, me, carrying=set()) == []
    assert cb.scouting_npcs(1, "turn_start", npcs, me, carrying={1}) == ["navy_spain"]
    # the usual limits: in port, once a turn, the storm, a pirate NPC never searches
    assert cb.scouting_npcs(1, "turn_start", npcs, [cap(1, "havana", in_port=True)], carrying={1}) == []
    assert cb.scouting_npcs(1, "turn_start", npcs, me, carrying={1}, scouted={("navy_spain", 1)}) == []
    assert cb.scouting_npcs(1, "turn_start", npcs, me, carrying={1}, storm="havana") == []
    assert cb.scouting_npcs(1, "moved_away", npcs, me, carrying={1}) == []
    assert cb.scouting_npcs(1, "turn_start", {"pirate_sloop": pirate_npc("havana")}, me, carrying={1}) == ["pirate_sloop"]


def test_mm_m7_16_two_men_o_war_together_search_nobody_either() -> None:
    npcs = {"navy_spain": navy("spain", "havana", "man_o_war"), "navy_england": navy("england", "havana", "man_o_war")}
    assert cb.scouting_npcs(1, "turn_start", npcs, [cap(1, "havana")], carrying={1}) == []


def test_mm_m7_17_a_warship_does_not_sail_after_a_contraband_carrier() -> None:
    carrier = cap(1, "tortuga")
    spain = navy("spain", "havana")
    assert npc.npc_step(spain, "S", SEA, [carrier]) == "port_royal"               # its icon's way, not Tortuga
    wanted = cap(1, "tortuga", spain=1)
    assert npc.npc_step(spain, "S", SEA, [wanted]) == "tortuga"                   # a pirate it does chase


def test_mm_m7_18_resisting_is_an_attack_on_the_warship_at_a_bounty_of_its_nation() -> None:
    hold = Hold(contraband=[smuggled("x1")])
    out = cb.answer_search(hold, "resist", "spain")
    assert out.fight and out.bounty == "spain" and out.hold == hold and out.dumped == []
    assert cb.answer_search(hold, "resist", "spain", at_war=True).bounty is None     # no bounty from an enemy at war


def test_mm_m7_19_dumping_all_contraband_avoids_the_fight() -> None:
    hold = Hold(ordinary=[good("g1")], contraband=[smuggled("x1"), smuggled("x2")], hidden=smuggled("x3"))
    out = cb.answer_search(hold, "dump", "spain")
    assert not out.fight and out.bounty is None
    assert ids(out.dumped) == ["x1", "x2"]
    assert out.hold.contraband == [] and ids(out.hold.ordinary) == ["g1"] and out.hold.hidden == smuggled("x3")


def test_mm_m7_20_a_pirate_is_hunted_as_usual_with_or_without_contraband() -> None:
    spain = navy("spain", "havana")
    pirate = cap(1, "havana", england=1)
    assert not cb.searches(spain, pirate, carries=True)
    assert cb.searches(spain, cap(1, "havana"), carries=True)
    npcs = {"navy_spain": spain}
    assert cb.scouting_npcs(1, "turn_start", npcs, [pirate], carrying={1}) == ["navy_spain"]
    assert cb.scouting_npcs(1, "turn_start", npcs, [pirate], carrying=set()) == ["navy_spain"]
    assert npc.npc_step(navy("spain", "nassau"), "SE", SEA, [pirate]) == "havana"   # and chased


# ---- Hold damage ----
def test_mm_m7_27_28_each_cargo_hit_takes_a_random_card_of_the_compartment_the_owner_names() -> None:
    hold = Hold(ordinary=[good("g1"), good("g2")], contraband=[smuggled("x1"), smuggled("x2")])
    seen: set[str] = set()
    for seed in range(12):
        after, lost = cb.cargo_hits(hold, ["contraband"], cargo_left=2, rng=Rng(seed=str(seed)))
        assert len(lost) == 1 and lost[0].id in {"x1", "x2"} and after.ordinary == hold.ordinary
        seen.add(lost[0].id)
    assert seen == {"x1", "x2"}                                         # either card may go
    after, lost = cb.cargo_hits(hold, ["ordinary", "contraband"], cargo_left=1, rng=Rng(seed="a"))
    assert len(after.ordinary) == 1 and len(after.contraband) == 1
    assert cb.default_compartment(hold) == "ordinary"
    assert cb.default_compartment(Hold(contraband=[smuggled("x1")])) == "contraband"


def test_mm_m7_29_an_empty_compartment_passes_the_hit_to_the_other() -> None:
    hold = Hold(ordinary=[good("g1")])
    after, lost = cb.cargo_hits(hold, ["contraband"], cargo_left=1, rng=Rng(seed="s"))
    assert ids(lost) == ["g1"] and after.counted() == 0
    after, lost = cb.cargo_hits(Hold(), ["ordinary"], cargo_left=1, rng=Rng(seed="s"))
    assert lost == []


def test_mm_m7_30_and_mm_m3_09_the_hidden_card_survives_hits_and_cargo_at_0() -> None:
    hold = Hold(ordinary=[good("g1")], contraband=[smuggled("x1")], hidden=smuggled("x2"))
    after, lost = cb.cargo_hits(hold, ["contraband", "contraband", "contraband"], cargo_left=1, rng=Rng(seed="s"))
    assert sorted(ids(lost)) == ["g1", "x1"] and after.hidden == smuggled("x2")
    after, lost = cb.cargo_hits(hold, [], cargo_left=0, rng=Rng(seed="s"))
    assert sorted(ids(lost)) == ["g1", "x1"] and after == Hold(hidden=smuggled("x2"))


# ---- The smuggler's hold ----
def test_mm_m3_08_the_smugglers_hold_joins_the_mix_only_with_contraband() -> None:
    assert cb.smugglers_hold_in_mix(contraband_module=True)
    assert not cb.smugglers_hold_in_mix(contraband_module=False)


def test_mm_m3_09_the_hidden_card_takes_no_space_and_no_warship_sees_it() -> None:
    hold = cb.hide(Hold(ordinary=[good("g1"), good("g2")], contraband=[smuggled("x1")]), "x1", has_smugglers_hold=True)
    assert hold.counted() == 2 and cb.visible_contraband(hold) == 0
    assert cb.leave_port(hold, [], cargo_value=2) == (hold, [])          # 3 cards aboard in a hold of 2
    sale = cb.sell_contraband(hold, ["x1"], "havana")                     # it is still sold at its port
    assert sale.gold == 10 and sale.hold.hidden is None


def test_mm_m3_10_the_owner_names_the_hidden_card_and_may_switch_it() -> None:
    hold = Hold(contraband=[smuggled("x1"), smuggled("x2")])
    first = cb.hide(hold, "x2", True)
    assert first.hidden == smuggled("x2") and ids(first.contraband) == ["x1"]
    switched = cb.hide(first, "x1", True)
    assert switched.hidden == smuggled("x1") and ids(switched.contraband) == ["x2"] and switched.counted() == 1
    with pytest.raises(IllegalActionError, match="no smuggler's hold"):
        cb.hide(hold, "x1", False)
    with pytest.raises(IllegalActionError, match="g1 is not in your contraband compartment"):
        cb.hide(Hold(ordinary=[good("g1")]), "g1", True)
    lost = cb.smugglers_hold_lost(first)
    assert lost.hidden is None and sorted(ids(lost.contraband)) == ["x1", "x2"]
    assert cb.smugglers_hold_lost(hold) == hold


def test_mm_m3_11_a_hidden_only_card_gives_warships_nothing_to_search_for() -> None:
    hold = cb.hide(Hold(contraband=[smuggled("x1")]), "x1", True)
    carrying = {1} if cb.visible_contraband(hold) else set()
    assert cb.scouting_npcs(1, "turn_start", {"navy_spain": navy("spain", "havana")}, [cap(1, "havana")],
                            carrying=carrying) == []
