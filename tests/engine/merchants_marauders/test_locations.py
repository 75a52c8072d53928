"""Seas of Glory Module 9, location tokens (engine/merchants_marauders/rules/locations.py): laying
them out, the visit, and each kind's visit. The numbers of each kind come from the token data
(data/merchants_marauders/seas_of_glory/locations.toml); the map is the reconstruction's
(sea_fixture.SEA); rolls and decks are given exactly."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.card_effects import SpecialistKind
from engine.merchants_marauders.defs import DATA_DIR, load_file
from engine.merchants_marauders.defs_sog import LocationDef, LocationKind, LocationsFile
from engine.merchants_marauders.rules import location_raid, trade
from engine.merchants_marauders.rules import locations as loc
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.vocab import OPEN_SEA, PORTS, Face, Good, HitLocation, Nation, Zone
from tests.engine.help_checks import copied, windows, words
from tests.engine.merchants_marauders.sea_fixture import SEA
from tests.shared_docs import shared_text

FRIGATE: dict[HitLocation, int] = {"hull": 3, "masts": 3, "crew": 3, "cannons": 3, "cargo": 3}


def data() -> LocationsFile:
    f = load_file(DATA_DIR, "locations")
    assert isinstance(f, LocationsFile)
    return f


def kind(k: LocationKind) -> LocationDef:
    return data().locations[k]


def card(cid: str, good: Good = "rum", plunder: int = 3) -> CargoCard:
    return CargoCard(id=cid, good=good, plunder=plunder)


def visit(k: LocationKind, bounties: int = 0, visited: bool = False, actions: int = 3, at_sea: bool = True) -> None:
    loc.check_can_visit(k, kind(k).visitors, at_sea, bounties, visited, actions)


# ---- Setup ----
def test_mm_m9_01_03_sixteen_tokens_one_in_each_port_zone_and_none_in_the_caribbean_sea() -> None:
    tokens = data().tokens()
    assert Counter(tokens) == {k: 2 for k in data().locations}
    placed = loc.lay_out(tokens)
    assert set(placed) == set(PORTS) and OPEN_SEA not in placed
    assert Counter(placed.values()) == Counter(tokens)
    with pytest.raises(ValueError, match="15 location tokens for 16"):
        loc.lay_out(tokens[:15])


def placement(**at: LocationKind) -> dict[Zone, LocationKind]:
    """Every port zone a Town except the ones named."""
    return {z: at.get(z, "town") for z in PORTS}


def test_mm_m9_04_two_trading_posts_side_by_side_are_mixed_with_others_until_apart() -> None:
    near = placement(nassau="trading_post", havana="trading_post", caracas="reefs", trinidad="prison")
    assert sorted(loc.too_close(near, SEA, ["trading_post"])) == ["havana", "nassau"]
    for seed in ("a", "b", "c", "d"):
        apart = loc.keep_apart(near, SEA, ["trading_post"], Rng(seed=seed))
        assert loc.too_close(apart, SEA, ["trading_post"]) == []
        assert set(apart) == set(near) and Counter(apart.values()) == Counter(near.values())


def test_mm_m9_04_tokens_already_apart_or_of_other_kinds_stay_where_they_fell() -> None:
    rng = Rng(seed="x")
    apart = placement(nassau="trading_post", port_royal="trading_post")     # not neighbours
    assert loc.keep_apart(apart, SEA, ["trading_post"], rng) == apart
    assert loc.too_close(placement(), SEA, ["trading_post"]) == []         # 16 towns side by side are fine
    assert rng.counter == 0


# ---- Visiting ----
def test_mm_m9_05_a_visit_needs_a_location_in_the_zone_and_an_action() -> None:
    visit("town", actions=1)
    with pytest.raises(IllegalActionError, match="takes an action"):
        visit("town", actions=0)
    with pytest.raises(IllegalActionError, match="no location token"):
        loc.check_can_visit(None, "anyone", True, 0, False, 3)


def test_mm_m9_06_one_visit_a_round_for_each_captain() -> None:
    record = loc.Record().visit(2)
    assert 2 in record.visited and 1 not in record.visited
    visit("prison", visited=1 in record.visited)
    with pytest.raises(IllegalActionError, match="already visited a location this round"):
        visit("prison", visited=2 in record.visited)
    assert 2 not in record.next_round().visited


def test_mm_m9_08_a_pirate_is_a_captain_with_a_bounty_token() -> None:
    assert (loc.is_pirate(0), loc.is_pirate(1), loc.is_pirate(3)) == (False, True, True)
    assert [loc.welcome(v, pirate) for v in ("anyone", "pirates", "non_pirates") for pirate in (False, True)] == [
        True, True, False, True, True, False]


def test_mm_m9_09_a_location_is_not_a_port() -> None:
    """The visit is made at sea; buying there fills only the hold (no 6-card allowance in port),
    and nothing that needs the port, such as the stash, is offered."""
    with pytest.raises(IllegalActionError, match="from the sea zone"):
        visit("town", at_sea=False)
    drawn = [card("a"), card("b", "sugar")]
    assert len(trade.buy([card("x")], 10, drawn, ["a", "b"], hold=2).cargo) == 3      # in a port: fine
    with pytest.raises(IllegalActionError, match="hold takes 2 cargo cards; you have 1, so buy at most 1"):
        loc.buy_at_location([card("x")], 10, drawn, ["a", "b"], hold=2)
    assert len(loc.buy_at_location([card("x")], 10, drawn, ["a"], hold=2).cargo) == 2
    with pytest.raises(IllegalActionError, match="home port, never in a Town"):
        loc.check_town_service("stash")


def test_mm_m9_11_the_zones_property_does_not_apply_at_a_location() -> None:
    """A Trading Post in Nassau's zone sells at 3 gold (not Nassau's 2), one in Havana's zone pays
    6 for a demand good (not 7), and Curaçao's 7 cards are 6 here."""
    terms = loc.location_terms(6, 3)
    assert terms == trade.PortTerms(draws=6, repeat_draws=3)
    assert trade.prices(["rum", "sugar"], terms) == {"rum": 3, "sugar": 3}
    assert loc.sell_at_location([card("a")], ["a"], demand="rum").gold == 6
    assert trade.cards_to_draw(terms) == 6


# ---- Pirate Haven ----
def test_mm_m9_35_the_pirate_haven_lets_in_only_pirates() -> None:
    visit("pirate_haven", bounties=1)
    with pytest.raises(IllegalActionError, match="Only pirates"):
        visit("pirate_haven", bounties=0)


def test_mm_m9_36_37_the_haven_fills_the_crew_and_gives_a_rumour_without_rolls() -> None:
    v = loc.pirate_haven(crew_value=3, holding_rumour=False, rumours=["r1", "r2"])
    assert (v.crew, v.rumour, v.rumours) == (3, "r1", ["r2"])
    held = loc.pirate_haven(crew_value=3, holding_rumour=True, rumours=["r1", "r2"])
    assert (held.crew, held.rumour, held.rumours) == (3, None, ["r1", "r2"])
    assert loc.pirate_haven(2, False, []).rumour is None


# ---- Missionary ----
def test_mm_m9_39_40_the_missionary_takes_3_gold_a_token_of_one_nation() -> None:
    visit("missionary", bounties=4)
    visit("missionary", bounties=0)
    price = kind("missionary").visit[0].n
    assert price == 3
    bounties: dict[Nation, int] = {"spain": 2, "england": 1}
    assert loc.missionary(6, bounties, "spain", 2, price) == (0, {"england": 1})
    assert loc.missionary(7, bounties, "spain", 1, price) == (4, {"spain": 1, "england": 1})
    with pytest.raises(IllegalActionError, match="cost 6 gold; you have 5"):
        loc.missionary(5, bounties, "spain", 2, price)
    with pytest.raises(IllegalActionError, match="hold 1 england bounty tokens; discard between 1 and 1"):
        loc.missionary(9, bounties, "england", 2, price)
    with pytest.raises(IllegalActionError, match="hold 0 france"):
        loc.missionary(9, bounties, "france", 1, price)


# ---- Trading Post ----
def test_mm_m9_43_the_trading_post_turns_pirates_away() -> None:
    visit("trading_post", bounties=0)
    with pytest.raises(IllegalActionError, match="captains without bounty tokens"):
        visit("trading_post", bounties=1)


def test_mm_m9_44_one_visit_sells_then_buys() -> None:
    cargo = [card("a"), card("b", "sugar")]
    sale = loc.sell_at_location(cargo, ["a", "b"], demand="sugar")
    assert (sale.gold, sale.cargo) == (8, [])
    offer = loc.draw_at_location([card("c", "cotton"), card("d", "coffee")], 6, demand="sugar")
    bought = loc.buy_at_location(sale.cargo, sale.gold, offer.drawn, ["c", "d"], hold=2)
    assert (bought.cost, [c.id for c in bought.cargo]) == (6, ["c", "d"])


def test_mm_m9_45_50_six_cards_or_three_after_buying_here_the_round_before() -> None:
    n, repeat = kind("trading_post").visit[0].n, kind("trading_post").visit[0].repeat
    terms = loc.location_terms(n, repeat or 0)
    record = loc.Record().buy(1, "tortuga")
    assert not record.bought_last_round(1, "tortuga")          # this round's purchase, not last round's
    last = record.next_round()
    assert trade.cards_to_draw(terms, last.bought_last_round(1, "tortuga")) == 3
    assert trade.cards_to_draw(terms, last.bought_last_round(2, "tortuga")) == 6     # another captain
    assert trade.cards_to_draw(terms, last.bought_last_round(1, "nassau")) == 6      # another location
    assert trade.cards_to_draw(terms, last.next_round().bought_last_round(1, "tortuga")) == 6


def test_mm_m9_46_47_the_ports_demand_and_its_glory_for_three() -> None:
    cargo = [card(c) for c in "abc"] + [card("d", "sugar")]
    three = loc.sell_at_location(cargo, ["a", "b", "c"], demand="rum")
    assert (three.gold, three.glory, three.replace_demand) == (18, 1, True)
    two = loc.sell_at_location(cargo, ["a", "b", "d"], demand="rum")
    assert (two.gold, two.glory) == (14, 0)


def test_mm_m9_48_contraband_and_the_ports_demand_are_drawn_again() -> None:
    deck = [card("a", "rum"), card("k1", "sugar"), card("b", "coffee"), card("c", "spices"), card("d", "timber")]
    draw = loc.draw_at_location(deck, 3, demand="rum", contraband={"k1"})
    assert [c.id for c in draw.drawn] == ["b", "c", "d"]
    assert [c.id for c in draw.discarded] == ["a", "k1"] and draw.deck == []


# ---- Native Village ----
def test_mm_m9_51_52_one_cargo_card_repairs_all_but_the_crew() -> None:
    visit("native_village", bounties=2)
    visit("native_village", bounties=0)
    damaged: dict[HitLocation, int] = {"hull": 1, "masts": 2, "crew": 1, "cannons": 0, "cargo": 3}
    points, cargo = loc.native_village(damaged, FRIGATE, [card("a"), card("b")], "b")
    assert points == {**FRIGATE, "crew": 1} and [c.id for c in cargo] == ["a"]
    with pytest.raises(IllegalActionError, match="not in your cargo"):
        loc.native_village(damaged, FRIGATE, [], "b")
    with pytest.raises(IllegalActionError, match="nothing to repair"):
        loc.native_village({**FRIGATE, "crew": 1}, FRIGATE, [card("a")], "a")


# ---- Naval Fort ----
def npc(slot: str, zone: Zone, side: str = "navy") -> Npc:
    nation = slot.removeprefix("navy_") if side == "navy" else None
    return Npc(slot=slot, side=side, nation=nation, ship="frigate", zone=zone,
               skills=Skills(seamanship=2, scouting=2, leadership=2))


def test_mm_m9_54_the_fort_turns_pirates_away() -> None:
    visit("naval_fort")
    with pytest.raises(IllegalActionError, match="Only captains without bounty tokens"):
        visit("naval_fort", bounties=1)


def test_mm_m9_55_the_visitor_moves_the_zone_nations_warship_one_step() -> None:
    npcs = {"navy_spain": npc("navy_spain", "havana"), "navy_england": npc("navy_england", "nassau"),
            "pirate_frigate": npc("pirate_frigate", "havana", side="pirate")}
    assert [n.slot for n in loc.fort_warships(npcs, "spain")] == ["navy_spain"]
    moved = loc.move_warship(npcs, "spain", "navy_spain", "port_royal", SEA)
    assert moved["navy_spain"].zone == "port_royal" and moved["navy_england"] == npcs["navy_england"]
    with pytest.raises(IllegalActionError, match="cartagena is not next to the warship's zone havana"):
        loc.move_warship(npcs, "spain", "navy_spain", "cartagena", SEA)
    with pytest.raises(IllegalActionError, match="not a spain warship"):
        loc.move_warship(npcs, "spain", "navy_england", "havana", SEA)
    with pytest.raises(IllegalActionError, match="not a spain warship"):
        loc.move_warship(npcs, "spain", "pirate_frigate", "nassau", SEA)
    assert loc.fort_warships(npcs, "france") == []


def test_mm_m9_56_with_no_warship_the_events_are_searched_and_shuffled() -> None:
    deck = ["storm", "fog", "navy_fr_1", "war", "navy_fr_2"]
    found = loc.search_events(deck, {"navy_fr_1", "navy_fr_2"}, Rng(seed="s"))
    assert found.found == "navy_fr_1"
    assert Counter(found.deck) == Counter(["storm", "fog", "war", "navy_fr_2"])
    none = loc.search_events(["storm", "fog"], {"navy_fr_1"}, Rng(seed="s"))
    assert none.found is None and Counter(none.deck) == Counter(["storm", "fog"])


# ---- Prison ----
KINDS: dict[str, SpecialistKind] = {"s_gun": "gunner", "s_gun2": "gunner", "s_doc": "surgeon"}


def test_mm_m9_60_61_five_gold_for_the_first_specialist_in_the_glory_deck() -> None:
    visit("prison", bounties=5)
    visit("prison", bounties=0)
    price = kind("prison").visit[0].n
    hire = loc.prison(5, [], ["s_gun", "s_doc"], KINDS, Rng(seed="p"), price)
    assert (hire.specialist, hire.cost, Counter(hire.deck)) == ("s_gun", 5, Counter(["s_doc"]))
    with pytest.raises(IllegalActionError, match="asks 5 gold; you have 4"):
        loc.prison(4, [], ["s_gun"], KINDS, Rng(seed="p"), price)
    with pytest.raises(IllegalActionError, match="already have 2 specialists"):
        loc.prison(9, ["surgeon", "envoy"], ["s_gun"], KINDS, Rng(seed="p"), price)
    assert loc.prison(9, ["surgeon"], ["s_gun"], KINDS, Rng(seed="p"), price).specialist == "s_gun"


def test_mm_m9_62_63_a_kind_aboard_is_discarded_and_other_cards_go_back() -> None:
    deck = ["reroll", "s_gun", "extra_action", "s_gun2", "s_doc", "cancel"]
    hire = loc.prison(8, ["gunner"], deck, KINDS, Rng(seed="p"), 5)
    assert (hire.specialist, hire.discarded, hire.cost) == ("s_doc", ["s_gun", "s_gun2"], 5)
    assert Counter(hire.deck) == Counter(["reroll", "extra_action", "cancel"])
    nothing = loc.prison(8, ["gunner"], ["reroll", "s_gun"], KINDS, Rng(seed="p"), 5)
    assert (nothing.specialist, nothing.cost, nothing.discarded, nothing.deck) == (None, 0, ["s_gun"], ["reroll"])


def test_mm_m9_65_the_raids_prize_is_a_free_hire() -> None:
    assert kind("prison").prize[0].service == "specialist"
    hire = loc.prison(0, [], ["s_doc"], KINDS, Rng(seed="p"), 5, free=True)
    assert (hire.specialist, hire.cost) == ("s_doc", 0)


# ---- Town ----
def test_mm_m9_66_the_town_lets_anyone_in() -> None:
    visit("town", bounties=0)
    visit("town", bounties=3)


def test_mm_m9_67_84_toc_03_one_of_seven_port_sub_actions() -> None:
    assert loc.town_menu(goodwill=True, loyalty=True) == ("sell", "buy", "shipyard", "recruit", "rumour", "goodwill",
                                                          "loyalty")
    assert loc.town_menu() == ("sell", "buy", "shipyard", "recruit", "rumour")
    loc.check_town_choice("shipyard", [])
    with pytest.raises(IllegalActionError, match="one port sub-action, and you chose sell"):
        loc.check_town_choice("buy", ["sell"])
    with pytest.raises(IllegalActionError, match="A Town offers sell, buy"):
        loc.check_town_choice("goodwill", [])
    loc.check_town_choice("goodwill", [], goodwill=True)
    with pytest.raises(IllegalActionError, match="No mission"):
        loc.check_town_choice("mission", [])


def test_mm_m9_68_69_the_towns_four_cards_and_the_trading_post_terms() -> None:
    v = kind("town").visit[0]
    terms = loc.location_terms(v.n, v.repeat or 0)
    assert (trade.cards_to_draw(terms), trade.cards_to_draw(terms, bought_here_last_turn=True)) == (4, 3)
    deck = [card("k", "sugar"), card("a", "rum"), card("b"), card("c", "coffee"), card("d", "cotton"), card("e", "timber"),
            card("f", "spices")]
    draw = loc.draw_at_location(deck, trade.cards_to_draw(terms), demand="rum", contraband={"k"})
    assert [c.id for c in draw.drawn] == ["c", "d", "e", "f"]
    assert loc.sell_at_location([card(x) for x in "xyz"], ["x", "y", "z"], demand="rum").glory == 1


@pytest.mark.parametrize(("rule", "service"), [("MM-M9-73", "port_specialist"), ("MM-M9-74", "mission"),
                                               ("MM-M9-75", "contraband"), ("MM-M9-76", "modification"),
                                               ("MM-M9-77", "stash"), ("MM-M9-78", "port_property")])
def test_mm_m9_71_the_town_refuses_the_ports_special_services(rule: str, service: str) -> None:
    with pytest.raises(IllegalActionError):
        loc.check_town_service(service)


def test_mm_m9_71_72_a_rumour_naming_the_port_is_not_looked_into_from_its_town() -> None:
    loc.check_town_rumour("havana", town_zone="nassau")
    with pytest.raises(IllegalActionError, match="not its port"):
        loc.check_town_rumour("nassau", town_zone="nassau")
    for allowed in ("sell", "buy", "shipyard", "recruit", "rumour"):
        loc.check_town_service(allowed)


def test_mm_m9_75_76_no_contraband_sale_and_no_modification_in_a_town() -> None:
    with pytest.raises(IllegalActionError, match="Contraband cannot be sold at a location"):
        loc.sell_at_location([card("k"), card("a")], ["a", "k"], demand="rum", contraband={"k"})
    assert loc.sell_at_location([card("k"), card("a")], ["a"], demand="rum", contraband={"k"}).gold == 6
    assert "modification" not in loc.TOWN_SHIPYARD and "repair" in loc.TOWN_SHIPYARD


def test_mm_m9_78_santo_domingos_redraw_is_not_offered_in_its_town() -> None:
    with pytest.raises(IllegalActionError, match="offers no redraw"):
        trade.redraw_cost(loc.location_terms(4, 3), gold=10, already_redrawn=False)
    assert trade.redraw_cost(trade.PortTerms(redraw_cost=1), gold=10, already_redrawn=False) == 1


# ---- Reefs ----
def test_mm_m9_79_80_every_skull_takes_one_item() -> None:
    visit("reefs", bounties=1)
    visit("reefs", bounties=0)
    haul = loc.reefs(["skull", "skull", 3], ["cargo", "chain_shot"], hull=3, hold_room=2, crew_room=1,
                     weapons_aboard=[], reserve=["chain_shot"], holding_rumour=False)
    assert (haul.cargo, haul.weapons, haul.rumours, haul.crew) == (1, ["chain_shot"], 0, 0)
    with pytest.raises(IllegalActionError, match="not gold"):
        loc.reefs(["skull"], ["gold"], 3, 2, 1, [], [], False)      # type: ignore[list-item]
    with pytest.raises(IllegalActionError, match="rolled 1 skulls; you cannot take 2"):
        loc.reefs(["skull", 1], ["cargo", "crew"], 3, 2, 1, [], [], False)


@pytest.mark.parametrize(("skulls", "items", "damage"), [(3, 0, 0), (3, 1, 0), (2, 1, 0), (3, 2, 1), (3, 3, 3),
                                                         (1, 1, 1), (0, 0, 0)])
def test_mm_m9_81_hull_damage_is_the_items_less_the_skulls_unused(skulls: int, items: int, damage: int) -> None:
    assert loc.reefs_damage(skulls, items) == damage
    haul = loc.reefs(["skull"] * skulls, ["crew"] * items, hull=4, hold_room=0, crew_room=3, weapons_aboard=[],
                     reserve=[], holding_rumour=False)
    assert (haul.hull_damage, haul.hull, haul.sunk) == (damage, 4 - damage, False)


def test_mm_m9_81_the_reefs_can_sink_a_ship() -> None:
    haul = loc.reefs(["skull"] * 2, ["crew", "crew"], hull=2, hold_room=0, crew_room=2, weapons_aboard=[],
                     reserve=[], holding_rumour=False)
    assert (haul.hull, haul.sunk) == (0, True)


def test_mm_m9_83_the_usual_limits_on_weapons_crew_hold_and_rumours() -> None:
    three: list[Face] = ["skull", "skull", "skull"]
    with pytest.raises(IllegalActionError, match="one special weapon of each kind"):
        loc.reefs(three, ["spikes", "spikes"], 3, 0, 0, [], ["spikes"], False)
    with pytest.raises(IllegalActionError, match="one special weapon of each kind"):
        loc.reefs(three, ["spikes"], 3, 0, 0, ["spikes"], ["spikes"], False)
    with pytest.raises(IllegalActionError, match="No token of that special weapon"):
        loc.reefs(three, ["spikes"], 3, 0, 0, [], ["grapeshot"], False)
    with pytest.raises(IllegalActionError, match="Only 1 more cargo cards"):
        loc.reefs(three, ["cargo", "cargo"], 3, 1, 0, [], [], False)
    with pytest.raises(IllegalActionError, match="Only 0 more crew"):
        loc.reefs(three, ["crew"], 3, 1, 0, [], [], False)
    with pytest.raises(IllegalActionError, match="Only 0 more rumours"):
        loc.reefs(three, ["rumour"], 3, 1, 0, [], [], True)
    ok = loc.reefs(three, ["rumour", "cargo", "spikes"], 4, 1, 0, ["grapeshot"], ["spikes"], False)
    assert (ok.rumours, ok.cargo, ok.weapons, ok.hull_damage) == (1, 1, ["spikes"], 3)


def test_no_sentence_of_either_source_is_copied_into_module_9() -> None:
    """Both Module 9 rule files and their tests are in our own words (no run of 8 words from the
    expansion's text or the base reconstruction)."""
    here = Path(__file__).parent
    files = [Path(loc.__file__), Path(location_raid.__file__), Path(__file__), here / "test_location_raid.py"]
    for source in (("rules", "merchants_marauders_seas_of_glory.txt"), ("rules", "merchants_marauders_base.md")):
        rulebook = windows(words(shared_text(*source)))
        for path in files:
            assert not copied(path.read_text(encoding="utf-8"), rulebook), (path.name, source[1])
