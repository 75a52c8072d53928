"""Module 9, location tokens, in the turn engine: a token in each zone with a port (the kinds
kept apart never neighbours), shown in the public view; the `visit` action at sea once a round,
only for the captains the token lets in; the Pirate Haven, Prison, Missionary and Native
Village visits. With the option off there are no tokens and no visits."""
from __future__ import annotations

from typing import Any

import pytest

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules.common import captain, maxima
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS, Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    options,
    started,
    top,
)
from tests.engine.play_helpers import bot_game


def _at(kind: str, seed: str = "loc", **opts: Any) -> tuple[State, int, Zone]:
    """The active seat at sea in a zone holding `kind`, with no bounties and an action menu."""
    s = started(3, seed=seed, module_9=True, **opts)
    me = active(s)
    zone = next(z for z, k in s.locations.items() if k == kind)
    at_sea(s, me, zone)
    s.players[me].bounties = {}
    s.npcs = {}
    return s, me, zone


def test_mm_m9_03_04_option_off_no_tokens_and_no_visit() -> None:
    s = started(3, seed="loc")
    assert s.locations == {} and GAME.view(s, None).locations == {}
    assert "visit" not in options(s, active(s))


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_mm_m9_03_04_one_token_per_port_zone_trading_posts_apart_and_public(seed: str) -> None:
    s = started(3, seed=seed, module_9=True)
    assert set(s.locations) == set(PORTS) and "caribbean_sea" not in s.locations
    assert sorted(s.locations.values()) == sorted(defs().locations.tokens())
    posts = [z for z, k in s.locations.items() if k == "trading_post"]
    assert not set(defs().map.zones[posts[0]].neighbours) & set(posts[1:])
    assert GAME.view(s, None).locations == s.locations


def test_mm_m9_05_06_36_37_a_pirate_haven_visit_refills_the_crew_and_gives_a_rumour() -> None:
    s, me, _ = _at("pirate_haven")
    assert "visit" not in options(s, me), "a captain without bounties is no pirate"
    s.players[me].bounties = {"spain": 1}
    s.players[me].ship.points["crew"] = 1
    s.players[me].rumour = None
    top_rumour = s.rumours.pile[-1]
    left = s.turn.actions
    assert "visit" in options(s, me)
    s = do(s, me, "visit")
    p = s.players[me]
    assert p.ship.points["crew"] == maxima(p)["crew"] and p.rumour == top_rumour
    assert s.turn.actions == left - 1 and "visit" not in options(s, me), "once a round"


def test_mm_m9_05_a_visit_is_made_from_the_sea_not_the_port() -> None:
    s, me, zone = _at("pirate_haven")
    s.players[me].bounties = {"spain": 1}
    in_port(s, me, zone)
    assert "visit" not in options(s, me)


def test_mm_m9_40_a_missionary_buys_off_bounties_one_token_at_a_time_stop_is_the_default() -> None:
    s, me, _ = _at("missionary")
    p = s.players[me]
    p.bounties, p.ship.gold = {"spain": 2, "england": 1}, 7
    s = do(s, me, "visit")
    assert isinstance(top(s), P.VisitPrompt)
    assert options(s, me) == ["pay spain", "pay england", "stop"]
    assert GAME.notate(s, GAME.default_action(s, me)) == "stop"
    assert GAME.parse(s, me, "pay spain") in GAME.legal_actions(s, me)
    s = do(s, me, "pay spain")
    assert s.players[me].bounties == {"spain": 1, "england": 1} and s.players[me].ship.gold == 4
    s = do(s, me, "pay england")
    assert s.players[me].bounties == {"spain": 1} and s.players[me].ship.gold == 1
    assert not isinstance(top(s), P.VisitPrompt), "no gold left for another token"


def test_mm_m9_52_a_native_village_repairs_all_but_the_crew_for_a_cargo_card() -> None:
    s, me, _ = _at("native_village")
    p = s.players[me]
    assert "visit" not in options(s, me), "nothing to repair, no cargo"
    p.ship.cargo = [s.cargo.pile[-1]]
    p.ship.points["hull"], p.ship.points["crew"] = 1, 1
    s = do(s, me, "visit")
    assert options(s, me) == [f"give {p.ship.cargo[0]}", "stop"]
    s = do(s, me, f"give {p.ship.cargo[0]}")
    p = s.players[me]
    assert p.ship.cargo == [] and p.ship.points["hull"] == maxima(p)["hull"] and p.ship.points["crew"] == 1


def test_mm_m9_61_62_the_prison_hires_the_first_specialist_for_5_gold() -> None:
    s, me, _ = _at("prison")
    p = s.players[me]
    p.ship.gold, p.specialists = 6, []
    s.glory.pile = [c for c in s.glory.pile if c != "gl-gunner-1"] + ["gl-gunner-1"]
    s = do(s, me, "visit")
    assert s.players[me].specialists == ["gl-gunner-1"] and s.players[me].ship.gold == 1


def test_a_seeded_game_with_locations_finishes() -> None:
    s, _, _ = bot_game(GAME, POLICIES, "random", 13, 3, {"module_9": True, "variant_5": True}, 40_000)
    assert GAME.outcome(s) is not None


def _defence(s: State, *cards: str) -> None:
    """The next cargo cards drawn, in order."""
    s.cargo.pile = [c for c in s.cargo.pile if c not in cards] + list(reversed(cards))


def test_mm_m9_12_17_24_27_a_raid_bombards_then_wins_the_land_battle_and_the_plunder() -> None:
    s, me, _ = _at("native_village")
    p = s.players[me]
    p.ship.gold, p.ship.cargo, p.ship.points["cannons"] = 0, [], 2
    _defence(s, "sugar-8", "rum-7", "sugar-3", "rum-3")
    left = s.turn.actions
    assert "raid location" in options(s, me)
    s = do(s, me, "raid location")
    assert isinstance(top(s), P.BombardPrompt) and top(s).cards == ["sugar-8", "rum-7", "sugar-3", "rum-3"]
    assert s.turn.actions == left - 1 and s.players[me].bounties == {}, "the village asks no bounty"
    assert options(s, me) == ["fire", "stop"] and GAME.notate(s, GAME.default_action(s, me)) == "fire"
    dice(s, SKULL)
    s = do(s, me, "fire")
    assert top(s).skull and GAME.notate(s, GAME.default_action(s, me)) == "discard sugar-8"
    s = do(s, me, "discard sugar-8")
    s = do(s, me, "stop")
    assert isinstance(top(s), P.LandBattlePrompt) and options(s, me) == ["attack", "withdraw"]
    assert GAME.notate(s, GAME.default_action(s, me)) == "withdraw"
    crew = s.players[me].ship.points["crew"]
    dice(s, *[1] * 6)
    s = do(s, me, "attack")
    p = s.players[me]
    assert p.ship.points["crew"] == crew - 1, "one escape icon, no skull"
    assert p.ship.gold == 5 + 2 + 2, "the plunder of the cards left, the bombarded one pays nothing"
    assert isinstance(top(s), P.KeepCargoPrompt)


def test_mm_m9_34_42_the_attack_bounty_is_due_even_on_withdrawing() -> None:
    s, me, zone = _at("missionary")
    nation = defs().map.zones[zone].nation
    _defence(s, "sugar-1", "sugar-2", "sugar-3")
    s = do(s, me, "raid location")
    assert s.players[me].bounties == {nation: 1}
    s = do(s, me, "stop")
    s = do(s, me, "withdraw")
    assert s.players[me].bounties == {nation: 1} and not isinstance(top(s), P.LandBattlePrompt)


def test_mm_m9_22_a_location_at_0_fails_the_raid() -> None:
    s, me, _ = _at("native_village")
    s.players[me].ship.points["masts"] = 1
    _defence(s, "sugar-6", "sugar-1", "sugar-2", "sugar-3")
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    assert s.players[me].ship.points["masts"] == 0 and not isinstance(top(s), P.LandBattlePrompt)


def test_mm_m9_82_reefs_cannot_be_raided() -> None:
    s, me, _ = _at("reefs")
    assert "raid location" not in options(s, me)


def _warship(s: State, nation: str, zone: str) -> str:
    from engine.merchants_marauders.rules.npc import Npc, Skills
    slot = f"navy_{nation}"
    s.npcs = {slot: Npc(slot=slot, side="navy", nation=nation, ship="frigate", zone=zone,
                        skills=Skills(seamanship=2, scouting=2, leadership=2))}
    return slot


def test_mm_m9_55_a_naval_fort_moves_the_nations_warship_one_step_first_ones_by_default() -> None:
    s, me, zone = _at("naval_fort")
    nation = defs().map.zones[zone].nation
    far = next(z for z in PORTS if z != zone)
    slot = _warship(s, str(nation), far)
    s = do(s, me, "visit")
    assert options(s, me) == [f"warship {slot}"]
    assert GAME.notate(s, GAME.default_action(s, me)) == f"warship {slot}"
    s = do(s, me, f"warship {slot}")
    first = next(iter(defs().map.zones[far].neighbours))
    assert GAME.notate(s, GAME.default_action(s, me)) == f"to {first}"
    s = do(s, me, f"to {first}")
    assert s.npcs[slot].zone == first and not isinstance(top(s), P.VisitPrompt)


def test_mm_m9_56_57_with_no_warship_the_events_are_searched_and_its_npc_arrives() -> None:
    from engine.merchants_marauders.rules.round import event_def
    s, me, zone = _at("naval_fort")
    nation = defs().map.zones[zone].nation
    card = next(c for c in s.events.pile + s.events.discard
                if (e := event_def(c)).kind == "npc" and e.npc is not None and e.npc.side == nation)
    s.events.discard = [c for c in s.events.discard if c != card]
    s.events.pile = [c for c in s.events.pile if c != card] + [card]
    s.arrivals = []
    s = do(s, me, "visit")
    assert len(s.arrivals) == 1 and s.arrivals[0].nation == nation and card in s.events.discard


def test_mm_m9_80_81_83_the_reefs_give_an_item_per_skull_and_hull_damage() -> None:
    s, me, _ = _at("reefs")
    p = s.players[me]
    p.ship.cargo, p.rumour = [], None
    p.ship.points["crew"] = maxima(p)["crew"]
    hull = p.ship.points["hull"]
    n = captain(p).skills.scouting
    s.round.scouting = 0
    dice(s, SKULL, SKULL, *[1] * max(0, n - 2))
    s = do(s, me, "visit")
    assert "take crew" not in options(s, me), "the crew is full"
    assert "take cargo" in options(s, me) and "take rumour" in options(s, me) and options(s, me)[-1] == "stop"
    assert GAME.notate(s, GAME.default_action(s, me)) == "stop"
    s = do(s, me, "take cargo")
    s = do(s, me, "stop")
    p = s.players[me]
    assert len(p.ship.cargo) == 1 and p.ship.points["hull"] == hull, "1 item, 1 skull unused: no damage"


def test_mm_m9_43_44_45_48_a_trading_post_sells_then_buys_from_6_cards_3_after_buying_there() -> None:
    s, me, zone = _at("trading_post")
    p = s.players[me]
    demand = s.zones[zone].demand
    other = next(c for c in s.cargo.pile if not c.startswith(str(demand)))
    p.ship.cargo, p.ship.gold = [other], 20
    s.cargo.pile = [c for c in s.cargo.pile if c != other]
    s = do(s, me, "visit")
    assert options(s, me) == [f"sell {other}", "done"]
    assert GAME.notate(s, GAME.default_action(s, me)) == "done"
    s = do(s, me, f"sell {other}")
    s = do(s, me, "done")
    vp = top(s)
    assert isinstance(vp, P.VisitPrompt) and vp.step == "buy" and len(vp.drawn) == 6
    assert not any(c.startswith(f"{demand}-") for c in vp.drawn), "the port's demand good is redrawn"
    s = do(s, me, f"buy {vp.drawn[0]}")
    s = do(s, me, "done")
    assert len(s.players[me].ship.cargo) == 1 and not isinstance(top(s), P.VisitPrompt)
    s.round.number += 1
    s.round.visited = []
    s = do(s, me, "visit")
    s = do(s, me, "done")
    assert len(top(s).drawn) == 3, "bought here the round before: 3 cards"


def test_mm_m9_66_67_68_a_town_visit_is_one_sub_action_buying_draws_4() -> None:
    s, me, _ = _at("town")
    p = s.players[me]
    p.ship.cargo, p.ship.gold, p.bounties = [], 20, {"spain": 1}
    s = do(s, me, "visit")
    assert options(s, me) == ["buy", "shipyard", "rumour", "stop"], "nothing to sell; pirates welcome"
    assert GAME.notate(s, GAME.default_action(s, me)) == "stop"
    s = do(s, me, "buy")
    assert len(top(s).drawn) == 4
    s = do(s, me, "done")
    assert not isinstance(top(s), P.VisitPrompt), "one sub-action only"
