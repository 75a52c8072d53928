"""Locations through play (Seas of Glory Module 9): a captain at sea beside a location token visits
it or raids it as a player does: the defence cards laid out (the cargo deck's top set by each
test), the bombardment, the cards' strike and the land battle with scripted dice. The pure rule
tests (test_locations.py, test_location_raid.py) stay beside these.

The raider is Pieter Hoogeveen in a frigate: Leadership 3, cannons 3, manoeuvrability 3."""
from __future__ import annotations

from typing import Any

import pytest

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Nation, Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    no_cards,
    options,
    started,
    top,
)
from tests.engine.merchants_marauders.test_naval_combat_play import AGGRESSOR, FULL_FRIGATE

KINDS = ("pirate_haven", "missionary", "trading_post", "native_village", "naval_fort", "prison", "town", "reefs")


def _at(kind: str, seed: str = "places", **opts: Any) -> tuple[State, int, Zone]:
    """The first player at sea in a zone holding `kind`, no bounties, an action menu open."""
    s = started(2, seed=seed, module_9=True, **opts)
    me = active(s)
    no_cards(s)
    zone = next(z for z, k in s.locations.items() if k == kind)
    p = s.players[me]
    p.captain = AGGRESSOR
    at_sea(s, me, zone)
    p.ship.type, p.ship.points, p.bounties, p.specialists = "frigate", dict(FULL_FRIGATE), {}, []
    s.npcs, s.wars = {}, []
    return s, me, zone


def _defence(s: State, *cards: str) -> None:
    s.cargo.pile = [c for c in s.cargo.pile if c not in cards] + list(reversed(cards))
    s.cargo.discard = [c for c in s.cargo.discard if c not in cards]


def _land(s: State, me: int, *leadership: int) -> State:
    """No bombardment; the cards strike; ashore with these Leadership dice."""
    s = do(s, me, "stop")
    assert isinstance(top(s), P.LandBattlePrompt)
    dice(s, *leadership)
    return do(s, me, "attack")


def _nation(zone: Zone) -> str:
    return str(defs().map.zones[zone].nation)


# ---- who may raid, and what it costs ----
@pytest.mark.parametrize("kind", KINDS)
def test_mm_m9_02_14_every_kind_but_the_reefs_is_raided_only_with_no_location_at_0(kind: str) -> None:
    s, me, _ = _at(kind, seed=f"raidable-{kind}")
    assert ("raid location" in options(s, me)) == (kind != "reefs")
    s.players[me].ship.points["masts"] = 0
    assert "raid location" not in options(s, me), "a location at 0: no raid"


# (kind, defence cards, bounty for the attack) from the location tokens
DEFENCE = [("pirate_haven", 4, 0), ("missionary", 3, 1), ("trading_post", 5, 1), ("native_village", 4, 0),
           ("naval_fort", 6, 1), ("prison", 4, 1), ("town", 5, 1)]


@pytest.mark.parametrize(("kind", "cards", "bounty"), DEFENCE)
def test_mm_m9_29_38_49_58_64_70_a_raid_lays_out_the_tokens_defence_and_costs_its_flags(
        kind: str, cards: int, bounty: int) -> None:
    s, me, zone = _at(kind, seed=f"defence-{kind}")
    s = do(s, me, "raid location")
    assert isinstance(top(s), P.BombardPrompt) and len(top(s).cards) == cards
    assert s.players[me].bounties == ({_nation(zone): 1} if bounty else {})


def test_mm_m9_29_64_65_a_won_prison_raid_costs_a_second_bounty_and_hires_a_specialist_free() -> None:
    s, me, zone = _at("prison", seed="prison-raid")
    s.players[me].ship.gold = 0
    s.glory.pile = [c for c in s.glory.pile if c != "gl-surgeon-1"] + ["gl-surgeon-1"]
    _defence(s, "sugar-1", "sugar-2", "rum-1", "rum-2")
    s = do(s, me, "raid location")
    s = _land(s, me, 1, 1, 1)
    p = s.players[me]
    assert p.bounties == {_nation(zone): 2}, "one for the attack, one for the success"
    assert p.specialists == ["gl-surgeon-1"] and p.ship.gold == 0 + 1 + 1, "the prize: a free hire; the plunder 2"


def test_mm_m9_30_twelve_gold_of_plunder_earns_a_glory_and_eleven_does_not() -> None:
    for cards, gold, glory in ((("sugar-7", "rum-7", "sugar-3", "rum-1"), 12, 1),
                               (("sugar-7", "rum-7", "sugar-2", "rum-1"), 11, 0)):
        s, me, _ = _at("native_village", seed=f"rich-{gold}")
        s.players[me].ship.gold = 0
        _defence(s, *cards)
        s = do(s, me, "raid location")
        s = _land(s, me, SKULL, SKULL, 1)                 # two escapes, two skulls: no crew lost
        assert s.players[me].ship.gold == gold and s.players[me].glory == glory, gold
        assert s.players[me].ship.points["crew"] == 3


# ---- the bombardment and the defence's strike ----
def test_mm_m9_19_special_weapons_do_nothing_in_a_bombardment() -> None:
    s, me, _ = _at("native_village", seed="no-weapons")
    s.players[me].ship.weapons = ["chain_shot", "grapeshot"]
    _defence(s, "sugar-1", "sugar-2", "rum-1", "rum-2")
    s = do(s, me, "raid location")
    assert options(s, me) == ["fire", "stop"]
    dice(s, 2)
    s = do(s, me, "fire")
    assert not any(o.startswith("weapon") for o in options(s, me)), "no weapon turns a die into a skull"
    assert s.players[me].ship.weapons == ["chain_shot", "grapeshot"]


def test_mm_m9_16_20_each_damage_icon_strikes_once_and_twice_when_the_escapes_reach_the_manoeuvrability() -> None:
    s, me, _ = _at("native_village", seed="strike-1")
    _defence(s, "sugar-5", "sugar-4", "rum-4", "rum-1")          # a hull icon, 2 escapes: below 3
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    assert s.players[me].ship.points == {**FULL_FRIGATE, "hull": 2}
    s, me, _ = _at("native_village", seed="strike-2")
    _defence(s, "sugar-5", "sugar-4", "rum-4", "sugar-7")        # 3 escapes: the manoeuvrability
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    assert s.players[me].ship.points == {**FULL_FRIGATE, "hull": 1}


def test_mm_m9_16_a_card_bombarded_away_strikes_nothing() -> None:
    s, me, _ = _at("native_village", seed="bombard")
    _defence(s, "sugar-5", "sugar-6", "rum-1", "rum-2")
    s = do(s, me, "raid location")
    dice(s, SKULL)
    s = do(s, me, "fire")
    s = do(s, me, "discard sugar-5")
    s = do(s, me, "stop")
    assert s.players[me].ship.points == {**FULL_FRIGATE, "masts": 2}, "only the masts icon is left"


def test_mm_m9_41_the_missionarys_damage_icons_do_nothing() -> None:
    s, me, _ = _at("missionary", seed="mission")
    _defence(s, "sugar-5", "sugar-6", "rum-8")
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    assert s.players[me].ship.points == FULL_FRIGATE and isinstance(top(s), P.LandBattlePrompt)


def test_mm_m9_21_a_hull_struck_to_0_sinks_the_ship() -> None:
    s, me, _ = _at("native_village", seed="sink")
    s.players[me].ship.points["hull"] = 1
    _defence(s, "sugar-5", "rum-1", "rum-2", "sugar-1")
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    assert s.players[me].deaths == 1 and isinstance(top(s), P.NewCaptainPrompt)


def test_mm_m9_25_a_crew_lost_ashore_kills_the_captain_and_wins_nothing() -> None:
    s, me, _ = _at("native_village", seed="ashore")
    s.players[me].ship.points["crew"] = 2
    s.players[me].ship.gold = 0
    _defence(s, "sugar-4", "rum-4", "sugar-7", "rum-1")          # 3 escapes
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    dice(s, 1, 1, 1)
    s = do(s, me, "attack")
    assert s.players[me].deaths == 1 and isinstance(top(s), P.NewCaptainPrompt)
    s2, me2, _ = _at("native_village", seed="ashore-2")
    s2.players[me2].ship.gold = 0
    _defence(s2, "sugar-4", "rum-4", "sugar-7", "rum-1")
    s2 = do(s2, me2, "raid location")
    s2 = do(s2, me2, "stop")
    dice(s2, SKULL, 1, 1)                                         # 3 escapes less 1 skull: 2 of 3 crew
    s2 = do(s2, me2, "attack")
    assert s2.players[me2].deaths == 0 and s2.players[me2].ship.points["crew"] == 1
    assert s2.players[me2].ship.gold == 3 + 3 + 5 + 0, "one hand left: the raid is won"


# ---- visits ----
def test_mm_m9_13_a_visit_earlier_in_the_turn_does_not_stop_a_raid() -> None:
    s, me, _ = _at("prison", seed="visit-raid")
    s.players[me].ship.gold = 10
    s = do(s, me, "visit")
    assert s.players[me].specialists and "visit" not in options(s, me)
    assert "raid location" in options(s, me)


@pytest.mark.parametrize("kind", ["native_village", "prison", "reefs"])
def test_mm_m9_51_60_79_anyone_may_visit_pirate_or_not(kind: str) -> None:
    wanted: list[dict[Nation, int]] = [{}, {"spain": 1}]
    for bounties in wanted:
        s, me, _ = _at(kind, seed=f"anyone-{kind}")
        p = s.players[me]
        p.bounties, p.ship.gold, p.ship.cargo = dict(bounties), 10, ["coffee-1"]
        s.cargo.pile = [c for c in s.cargo.pile if c != "coffee-1"]
        p.ship.points["hull"] = 2
        assert "visit" in options(s, me), (kind, bounties)


def test_mm_m9_62_63_the_prison_passes_over_a_kind_aboard_and_puts_other_cards_back() -> None:
    s, me, _ = _at("prison", seed="passed-over")
    p = s.players[me]
    p.ship.gold, p.specialists = 10, ["gl-gunner-1"]
    passed = "gl-hold-your-course"                             # a one-use card, no specialist
    s.glory.pile = [c for c in s.glory.pile if c not in ("gl-gunner-2", "gl-surgeon-1")]
    s.glory.pile.remove(passed)
    s.glory.pile += ["gl-surgeon-1", passed, "gl-gunner-2"]
    before, copies = len(s.glory.pile), s.glory.pile.count(passed)
    s = do(s, me, "visit")
    p = s.players[me]
    assert p.specialists == ["gl-gunner-1", "gl-surgeon-1"] and p.ship.gold == 5
    assert "gl-gunner-2" in s.glory.discard, "a gunner is aboard: that card is discarded"
    assert s.glory.pile.count(passed) == copies and passed not in s.glory.discard, "the card passed over goes back"
    assert len(s.glory.pile) == before - 2, "the surgeon taken, the gunner discarded, nothing else lost"


def test_mm_m9_47_69_selling_three_demand_goods_at_a_trading_post_earns_a_glory() -> None:
    for n, glory in ((3, 1), (2, 0)):
        s, me, zone = _at("trading_post", seed=f"post-{n}")
        demand = s.zones[zone].demand
        assert demand is not None
        mine = [c for c in s.cargo.pile if c.startswith(f"{demand}-")][:n]
        p = s.players[me]
        p.ship.cargo, p.ship.gold = list(mine), 0
        s.cargo.pile = [c for c in s.cargo.pile if c not in mine]
        s = do(s, me, "visit")
        for c in mine:
            s = do(s, me, f"sell {c}")
        s = do(s, me, "done")
        assert s.players[me].ship.gold == 6 * n and s.players[me].glory == glory, n


def test_mm_m9_11_a_trading_post_in_nassaus_zone_charges_3_not_nassaus_2() -> None:
    s, me, zone = _at("trading_post", seed="nassau-post")
    s.locations[zone], s.locations["nassau"] = s.locations["nassau"], "trading_post"
    at_sea(s, me, "nassau")
    s.players[me].ship.cargo, s.players[me].ship.gold = [], 20
    s = do(s, me, "visit")
    s = do(s, me, "done")                                      # nothing to sell: on to buying
    vp = top(s)
    assert isinstance(vp, P.VisitPrompt) and vp.step == "buy"
    singles = [c for c in vp.drawn if sum(1 for x in vp.drawn if x.split("-")[0] == c.split("-")[0]) == 1]
    assert singles, "a good drawn once"
    s = do(s, me, f"buy {singles[0]}")
    s = do(s, me, "done")
    assert s.players[me].ship.gold == 20 - 3 and s.players[me].ship.cargo == [singles[0]]


def test_mm_m9_75_no_contraband_is_sold_in_a_town() -> None:
    s, me, zone = _at("town", seed="town-cb", module_7=True)
    s.players[me].contraband = ["cb-rum-4"]
    s.players[me].ship.cargo = ["coffee-1"]
    s.cargo.pile = [c for c in s.cargo.pile if c not in ("cb-rum-4", "coffee-1")]
    s = do(s, me, "visit")
    s = do(s, me, "sell")
    assert "sell cb-rum-4" not in options(s, me) and "sell coffee-1" in options(s, me)


# ---- glory cards in a location raid (MM-M9-31) ----
def test_mm_m9_31_a_card_for_merchant_raids_is_offered_against_a_merchant_never_at_a_location() -> None:
    from tests.engine.merchants_marauders.test_raiding_play import _raid, _raider
    s, a = _raider(["sugar-1", "rum-1", "coffee-1"], seed="chase")
    s.players[a].glory_cards = ["gl-chase-her-down"]
    s = _raid(s, a, 1, 1)
    assert "play gl-chase-her-down" in options(s, a), "against a merchant the card is there"
    s, me, _ = _at("town", seed="chase-town")
    s.players[me].glory_cards = ["gl-chase-her-down"]
    s = do(s, me, "raid location")
    assert isinstance(top(s), P.BombardPrompt)
    assert not [o for o in options(s, me) if o.startswith("play")], "not in the bombardment"
    s = do(s, me, "stop")
    assert isinstance(top(s), P.LandBattlePrompt)
    assert options(s, me) == ["attack", "withdraw"], "nor ashore"
    assert s.players[me].glory_cards == ["gl-chase-her-down"]


# ---- the missionary's visitors (MM-M9-39) ----
def test_mm_m9_39_a_pirate_visits_the_missionary_and_buys_off_a_token() -> None:
    s, me, _ = _at("missionary", seed="mission-visit")
    p = s.players[me]
    p.bounties, p.ship.gold = {"spain": 2}, 10
    assert "visit" in options(s, me), "a wanted captain is welcome"
    s = do(s, me, "visit")
    assert options(s, me) == ["pay spain", "stop"]
    s = do(s, me, "pay spain")
    assert (s.players[me].ship.gold, s.players[me].bounties.get("spain")) == (7, 1)
    s2, me2, _ = _at("trading_post", seed="mission-visit")
    s2.players[me2].bounties, s2.players[me2].ship.gold = {"spain": 2}, 10
    assert "visit" not in options(s2, me2), "where only non-pirates go, the same captain is turned away"
