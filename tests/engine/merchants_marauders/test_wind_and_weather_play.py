"""Wind and weather through play (Seas of Glory Module 8; the base storm events of section 8):
the vane is spun and the storm sails at each round's start as the seats end their turns, storm
events strike the ships at sea in the zones they list, and a captain sails with and against the
wind, including the module's worked example (MM-M8-09). The pure rule tests (test_weather.py)
stay beside these. The vane's die: face k is the k-th bearing (N, NE, E, SE, S, SW, W, NW)."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import BEARINGS, Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
)
from tests.engine.merchants_marauders.test_naval_combat_play import AGGRESSOR, FULL_FRIGATE

FOG = "ev-30"           # no weather; its icons: the Netherlands S, England NE
STORM_SOUTH = "ev-20"   # a storm over Cartagena, Curacao and Caracas


def _game(seed: str, **opts: Any) -> State:
    s = started(2, seed=seed, module_8=True, **opts)
    no_cards(s)
    for seat in range(2):
        in_port(s, seat, "bridgetown")
        s.players[seat].specialists = []
    return s


def _round_with(s: State, event: str, *faces: int) -> State:
    """Every seat ends its turn; the next round spins the vane and turns `event`, with `faces`
    scripted from the vane on."""
    s.events.pile = [e for e in s.events.pile if e != event] + [event]
    first = s.round.number
    while s.round.number == first:
        if active(s) == s.order[-1]:
            dice(s, *faces)
        s = do(s, active(s), "end")
    return s


def _sailor(s: State, seat: int, zone: Zone, captain: str = AGGRESSOR) -> None:
    p = s.players[seat]
    p.captain = captain
    at_sea(s, seat, zone)
    p.ship.type, p.ship.points = "frigate", dict(FULL_FRIGATE)


def _lost(s: State, seat: int) -> int:
    return sum(FULL_FRIGATE.values()) - sum(s.players[seat].ship.points.values())


def test_mm_m8_05_the_vane_always_stops_on_one_of_the_eight_bearings() -> None:
    s = _game("vane")
    for face, bearing in enumerate(BEARINGS, start=1):
        s = _round_with(s, FOG, face)
        assert s.round.wind == bearing


def test_mm_m8_13_a_storm_at_a_shore_takes_the_next_bearing_clockwise() -> None:
    s = _game("shore")
    s.storm = "nassau"                          # nothing N, NE or E of Nassau
    s = _round_with(s, FOG, 1)
    assert s.round.wind == "N" and s.storm == "tortuga", "clockwise to the SE, where Tortuga lies"
    s = _game("shore-2")
    s.storm = "nassau"
    s = _round_with(s, FOG, 6)
    assert s.storm == "havana", "a way with a zone: straight there"


def test_mm_m8_18_19_mmb_deck_12_an_event_storm_and_the_token_strike_one_after_the_other() -> None:
    s = _game("two-storms")
    first = s.order[0]
    _sailor(s, first, "caracas")
    s.storm = "caribbean_sea"
    s = _round_with(s, STORM_SOUTH,
                    4,                      # the vane: SE, the token sails to Caracas
                    1, 1, 1, 2, 4,          # the event's storm: Seamanship 2, no skull: 3 hits
                    SKULL, 1, 3, SKULL)     # the token at the turn's start: 1 skull, 2 hits
    assert s.storm == "caracas" and active(s) == first and not s.rng.forced
    assert s.players[first].ship.points == {"hull": 2, "masts": 2, "crew": 2, "cannons": 2, "cargo": 2}
    assert _lost(s, first) == 5, "each with its own roll: 3 and 2"


def test_mmb_deck_12_an_event_storm_spares_ships_in_port_and_outside_its_zones() -> None:
    s = _game("spared")
    first, second = s.order
    _sailor(s, first, "havana")
    _sailor(s, second, "caracas")
    in_port(s, second, "caracas")
    s.storm = "bridgetown"
    s = _round_with(s, STORM_SOUTH, 1)
    assert _lost(s, first) == 0 and _lost(s, second) == 0 and not s.rng.forced


def test_mm_m8_20_christian_marquis_braves_the_storm_token_but_not_an_event_storm() -> None:
    s = _game("marquis", module_1=True)
    first = s.order[0]
    _sailor(s, first, "caracas", "christian_marquis")        # Seamanship 3
    s.storm = "caribbean_sea"
    s = _round_with(s, STORM_SOUTH, 4, 1, 1, 1, 1, 1, 1)
    assert s.storm == "caracas" and not s.rng.forced
    assert _lost(s, first) == 3, "the event's 3 hits; the token at the turn's start does nothing"


def test_mm_m8_22_the_wind_and_the_storm_leave_npcs_alone() -> None:
    s = _game("npc-calm")
    s.npcs["navy_england"] = Npc(slot="navy_england", side="navy", nation="england", ship="frigate",
                                 zone="havana", skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.storm = "havana"
    s = _round_with(s, FOG, 6)                  # a SW wind; the card sends England NE
    assert s.npcs["navy_england"].zone == "nassau", "the event's icon, not the wind"


def test_mm_m8_09_the_north_west_wind_example_to_caracas_and_back_on_the_free_move() -> None:
    """Red sails from the Caribbean Sea to Caracas against a NW wind (2 of its 3 actions), fails a
    rumour check there with its last action, and sails back on the round's free wind Move."""
    s = _game("example")
    s = _round_with(s, FOG, 8)
    assert s.round.wind == "NW"
    red = active(s)
    _sailor(s, red, "caribbean_sea")
    s.storm = "bridgetown"
    s.players[red].rumour = "ru-05"                        # a true rumour at sea off Caracas
    assert s.turn.actions == 3
    s = do(s, red, "move caracas")
    assert s.turn.actions == 1 and s.players[red].zone == "caracas", "against the wind: 2 actions"
    investigate = [o for o in options(s, red) if o.startswith("investigate")]
    assert investigate
    dice(s, 1, 2)                                          # Scouting 2: no skull
    s = do(s, red, investigate[0])
    assert s.turn.actions == 0 and s.players[red].rumour == "ru-05", "failed: the rumour stays in hand"
    assert "wind caribbean_sea" in options(s, red)
    s = do(s, red, "wind caribbean_sea")
    assert s.players[red].zone == "caribbean_sea" and red in s.round.wind_moved
