"""Module 9, location tokens, in the turn engine: a token in each zone with a port (the kinds
kept apart never neighbours), shown in the public view; the `visit` action at sea once a round,
only for the captains the token lets in; the Pirate Haven, Prison, Missionary and Native
Village visits. With the option off there are no tokens and no visits."""
from __future__ import annotations

import pytest

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS
from tests.engine.merchants_marauders.scenario_helpers import active, at_sea, do, in_port, options, started, top
from tests.engine.play_helpers import bot_game


def _at(kind: str, seed: str = "loc", **opts: bool) -> tuple[State, int, str]:
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
    assert not set(defs().map.zones[posts[0]].neighbours) & set(posts[1:])   # type: ignore[index]
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
