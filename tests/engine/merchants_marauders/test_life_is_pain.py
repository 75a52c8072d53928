"""Variant 4, Life is Pain (engine/merchants_marauders/rules/setup.py): two navy ships of two nations
and a pirate NPC drawn from the event deck and placed at setup, away from the players'
home ports; the cards passed over go back."""
from __future__ import annotations

import pytest

from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.rules import npc
from engine.merchants_marauders.rules.npc import Arrival, Captain, Icon, Skills
from engine.merchants_marauders.rules.setup import EventCard, event_card, life_is_pain
from engine.merchants_marauders.vocab import Nation, ShipType, Zone
from tests.engine.merchants_marauders.sea_fixture import SEA

SK = Skills(seamanship=3, scouting=3, leadership=2)


def navy(cid: str, nation: Nation, zone: Zone) -> EventCard:
    return EventCard(id=cid, npc=Arrival(side="navy", nation=nation, ship="frigate", zone=zone, skills=SK))


def pirate(cid: str, zone: Zone, ship: ShipType = "sloop") -> EventCard:
    return EventCard(id=cid, npc=Arrival(side="pirate", ship=ship, zone=zone, skills=SK))


STORM = EventCard(id="storm")


def test_mm_v4_01_the_first_two_warships_of_different_nations_and_the_first_pirate() -> None:
    deck = [navy("e1", "spain", "havana"), navy("e2", "england", "bridgetown"), pirate("e3", "caribbean_sea"),
            navy("e4", "france", "tortuga")]
    r = life_is_pain(deck, home_ports=["nassau"])
    assert r.placed == ["e1", "e2", "e3"] and r.returned == [] and r.deck == ["e4"]
    assert {s: (n.zone, n.ship) for s, n in r.npcs.items()} == {
        "navy_spain": ("havana", "frigate"), "navy_england": ("bridgetown", "frigate"),
        "pirate_sloop": ("caribbean_sea", "sloop")}


def test_mm_v4_03_a_card_arriving_in_a_home_port_goes_back_and_another_is_drawn() -> None:
    deck = [navy("e1", "spain", "havana"), pirate("e2", "tortuga"), navy("e3", "england", "nassau"),
            pirate("e4", "curacao", "frigate"), navy("e5", "france", "basse_terre")]
    r = life_is_pain(deck, home_ports=["tortuga", "nassau"])
    assert r.placed == ["e1", "e4", "e5"] and r.returned == ["e2", "e3"] and r.deck == []
    assert "pirate_frigate" in r.npcs and "pirate_sloop" not in r.npcs


def test_mm_v4_05_non_npc_cards_repeated_nations_and_a_second_pirate_go_back() -> None:
    deck = [STORM, pirate("e1", "curacao"), navy("e2", "spain", "havana"), pirate("e3", "caracas", "frigate"),
            navy("e4", "spain", "cartagena"), navy("e5", "netherlands", "st_maarten"), STORM]
    r = life_is_pain(deck, home_ports=[])
    assert r.placed == ["e1", "e2", "e5"]
    assert r.returned == ["storm", "e3", "e4"]          # to be shuffled back by the engine
    assert r.deck == ["storm"]
    assert sorted(r.npcs) == ["navy_netherlands", "navy_spain", "pirate_sloop"]   # each draws an upgrade


def test_mm_v4_05_a_deck_that_never_gives_the_three_is_refused() -> None:
    with pytest.raises(ValueError, match="lacks two warships"):
        life_is_pain([navy("e1", "spain", "havana"), navy("e2", "spain", "cartagena"), pirate("e3", "curacao")], [])


def test_mm_v4_04_a_pirate_placed_at_setup_can_reach_a_player_in_round_one() -> None:
    deck = [pirate("e1", "caribbean_sea"), navy("e2", "spain", "havana"), navy("e3", "england", "bridgetown")]
    r = life_is_pain(deck, home_ports=["curacao"])
    player = Captain(seat=1, nation="netherlands", zone="curacao", cargo=2)       # at sea off its home port
    moved = npc.move_npcs(r.npcs, [Icon(group="pirate", bearing="N")], SEA, [player])
    assert moved["pirate_sloop"].zone == "curacao"      # drawn to its prey next door
    assert npc.scouting_npcs(1, "turn_start", moved, [player]) == ["pirate_sloop"]


def test_life_is_pain_on_the_real_event_deck_places_three_npcs() -> None:
    events = [event_card(e) for e in cards().event_deck(sog=True)]
    assert any(e.npc is None for e in events) and any(e.npc and e.npc.side == "pirate" for e in events)
    homes: list[Zone] = ["havana", "tortuga", "port_royal", "curacao"]
    r = life_is_pain(events, homes)
    assert len(r.placed) == 3 and len(r.npcs) == 3
    assert all(n.zone not in homes for n in r.npcs.values())
    assert sum(n.side == "navy" for n in r.npcs.values()) == 2
    assert len(r.placed) + len(r.returned) + len(r.deck) == len(events)
