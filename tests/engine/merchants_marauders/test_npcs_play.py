"""NPC ships through play (base reconstruction 6.4; Module 1's arrival flags): each round's event
card is put on top of the deck and every seat ends its turn, so the engine moves, hunts, brings in
and scouts with its NPCs as a game does. The pure rule tests (test_npc.py) stay beside these.

Havana's links: Nassau to the NE, Tortuga to the E, Port Royal to the S. Card ev-01 moves Spain's
navy S and the pirates E (and brings a Spanish frigate to Havana at the round's end); ev-11 moves
England's navy N."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Nation, Zone
from tests.engine.merchants_marauders.scenario_helpers import active, at_sea, dice, do, in_port, no_cards, started
from tests.engine.merchants_marauders.test_round import _next_round

SK = Skills(seamanship=2, scouting=2, leadership=2)


def _navy(s: State, nation: Nation, zone: Zone, ship: str = "frigate") -> None:
    s.npcs[f"navy_{nation}"] = Npc(slot=f"navy_{nation}", side="navy", nation=nation, ship=ship, zone=zone,
                                   skills=SK)


def _pirate(s: State, ship: str, zone: Zone) -> None:
    s.npcs[f"pirate_{ship}"] = Npc(slot=f"pirate_{ship}", side="pirate", nation=None, ship=ship, zone=zone,
                                   skills=SK)


def _game(players: int = 2, seed: str = "npcs") -> State:
    s = started(players, seed=seed)
    no_cards(s)
    for seat in range(players):
        in_port(s, seat, "bridgetown")        # far from Havana, out of every hunt
    return s


# ---- movement ----
def test_mmb_npc_04_06_10_a_hunted_target_in_a_linked_zone_draws_the_navy_there_unless_in_port() -> None:
    s = _game(seed="hunt")
    _navy(s, "spain", "havana")
    s.players[1].bounties = {"spain": 1}
    at_sea(s, 1, "nassau")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "nassau", "its prey next door, not the icon's Port Royal"
    s = _game(seed="hunt-port")
    _navy(s, "spain", "havana")
    s.players[1].bounties = {"spain": 1}
    in_port(s, 1, "nassau")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "port_royal", "a target in port draws no NPC: the icon's way"


def test_mmb_npc_04_a_hunted_target_in_the_navys_own_zone_holds_it_there() -> None:
    s = _game(seed="hold")
    _navy(s, "spain", "havana")
    s.players[1].bounties = {"spain": 1}
    at_sea(s, 1, "havana")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "havana"


def test_mmb_npc_05_with_no_zone_the_way_shown_the_next_bearing_clockwise_is_taken() -> None:
    s = _game(seed="clockwise")
    _navy(s, "england", "nassau")                 # nothing north, north-east or east of Nassau
    s = _next_round(s, "ev-11")
    assert s.npcs["navy_england"].zone == "tortuga", "south-east, the first bearing with a zone"


def test_mmb_npc_08_a_navy_hunts_the_most_wanted_of_its_own_nation_first_then_other_pirates() -> None:
    s = _game(3, seed="wanted")
    _navy(s, "spain", "havana")
    s.players[1].bounties, s.players[2].bounties = {"spain": 1}, {"spain": 2}
    at_sea(s, 1, "nassau")
    at_sea(s, 2, "tortuga")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "tortuga", "two Spanish tokens before one"
    s = _game(3, seed="wanted-2")
    _navy(s, "spain", "havana")
    s.players[1].bounties, s.players[2].bounties = {"england": 3}, {"spain": 1}
    at_sea(s, 1, "nassau")
    at_sea(s, 2, "tortuga")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "tortuga", "its own nation's bounty before any other pirate"
    s = _game(3, seed="wanted-3")
    _navy(s, "spain", "havana")
    s.players[1].bounties = {"england": 3}
    at_sea(s, 1, "nassau")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "nassau", "then any pirate"


def test_mmb_npc_08_at_war_a_navy_also_hunts_the_enemy_nations_captains() -> None:
    s = _game(2, seed="war-hunt")
    _navy(s, "spain", "havana")
    s.players[1].captain = "margaret_thorne"        # English, no bounty
    at_sea(s, 1, "nassau")
    s.wars = [("spain", "england")]
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "nassau"
    s = _game(2, seed="peace-hunt")
    _navy(s, "spain", "havana")
    s.players[1].captain = "margaret_thorne"
    at_sea(s, 1, "nassau")
    s = _next_round(s, "ev-01")
    assert s.npcs["navy_spain"].zone == "port_royal", "at peace an honest English captain is left be"


def test_mmb_npc_09_a_pirate_npc_hunts_honest_captains_the_most_cargo_first() -> None:
    s = _game(3, seed="pirate-hunt")
    _pirate(s, "sloop", "havana")                   # its icon: E, to Tortuga
    s.players[1].ship.cargo = ["sugar-1"]
    s.players[2].ship.cargo = ["rum-1", "rum-2"]
    at_sea(s, 1, "tortuga")
    at_sea(s, 2, "nassau")
    s = _next_round(s, "ev-01")
    assert s.npcs["pirate_sloop"].zone == "nassau", "two cards before one"
    s = _game(3, seed="pirate-hunt-2")
    _pirate(s, "sloop", "havana")
    s.players[2].ship.cargo = ["rum-1", "rum-2"]
    s.players[2].bounties = {"spain": 1}
    at_sea(s, 2, "nassau")
    s = _next_round(s, "ev-01")
    assert s.npcs["pirate_sloop"].zone == "tortuga", "a pirate is no pirate NPC's prey"


# ---- arrivals ----
def test_mmb_npc_01_02_an_npc_card_brings_its_ship_with_the_cards_captain_to_its_zone() -> None:
    s = _game(seed="arrive")
    s = _next_round(s, "ev-13")                     # a pirate sloop for the Caribbean Sea
    assert "pirate_sloop" not in s.npcs and [a.zone for a in s.arrivals] == ["caribbean_sea"]
    shown = GAME.view(s, None).arrivals
    assert [(a.side, a.zone) for a in shown] == [("pirate", "caribbean_sea")], "everyone sees the pirate's flag"
    s = _next_round(s, "ev-30")
    sloop = s.npcs["pirate_sloop"]
    assert (sloop.side, sloop.ship, sloop.zone) == ("pirate", "sloop", "caribbean_sea")
    card = next(e for e in cards().event_deck() if e.id == "ev-13").npc
    assert card is not None
    assert (sloop.skills.seamanship, sloop.skills.scouting, sloop.skills.leadership) == (
        card.captain.seamanship, card.captain.scouting, card.captain.leadership), "the card's captain"
    s.wars = [("spain", "england")]
    s = _next_round(s, "ev-01")                     # a Spanish navy card in a war with Spain in it
    assert [(a.side, a.zone) for a in GAME.view(s, None).arrivals] == [("navy", "havana")], "a warship's flag"
    s = _next_round(s, "ev-30")
    assert s.npcs["navy_spain"].ship == "man_o_war", "a warring nation's navy comes as a man-o'-war"
    assert {k for k in s.npcs} >= {"pirate_sloop", "navy_spain"}


# ---- scouting at a turn's start ----
def _turn_of(s: State, seat: int) -> State:
    """The seats before `seat` end their turns, so `seat`'s turn starts."""
    while active(s) != seat:
        s = do(s, active(s), "end")
    return s


def test_mmb_npc_10_11_only_a_captain_at_sea_is_scouted_and_two_men_o_war_scout_for_no_one() -> None:
    s = _game(2, seed="scouted")
    a, b = s.order
    _navy(s, "spain", "havana")
    s.players[b].bounties = {"spain": 1}
    at_sea(s, b, "havana")
    dice(s, 1, 1)
    s = _turn_of(s, b)
    assert s.rng.forced == [], "at sea: the navy rolls its Scouting 2"
    s = _game(2, seed="safe")
    a, b = s.order
    _navy(s, "spain", "havana")
    s.players[b].bounties = {"spain": 1}
    in_port(s, b, "havana")
    dice(s, 1, 1)
    s = _turn_of(s, b)
    assert s.rng.forced == [1, 1], "in port: no roll"
    s = _game(2, seed="men-o-war")
    a, b = s.order
    _navy(s, "spain", "havana", "man_o_war")
    _navy(s, "france", "havana", "man_o_war")
    s.players[b].bounties = {"spain": 1, "france": 1}
    at_sea(s, b, "havana")
    dice(s, 1, 1)
    s = _turn_of(s, b)
    assert s.rng.forced == [1, 1], "two men-o'-war together: neither scouts"


def test_mmb_npc_12_an_npc_scouts_a_player_only_once_in_its_turn() -> None:
    s = _game(2, seed="once")
    a, b = s.order
    _navy(s, "spain", "havana")
    s.players[b].bounties = {"spain": 1}
    at_sea(s, b, "havana")
    dice(s, 1, 1)
    s = _turn_of(s, b)
    assert s.rng.forced == []
    s = do(s, b, "move nassau")
    dice(s, 1, 1)
    s = do(s, b, "move havana")
    assert s.rng.forced == [1, 1], "back in its zone the same turn: no second scouting"
