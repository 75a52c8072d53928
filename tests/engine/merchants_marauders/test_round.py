"""Scenario tests of a Merchants & Marauders round in the turn engine: the decks and tokens dealt
at setup and what the views hide of them, a port's modification turned up on the first entry,
the merchant refill of a full track, the event card whose effect holds for the round, the NPC
movement its icons show, the turns clockwise, and the NPC that replaces its predecessor."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.rules.npc import Arrival, Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS, ZONES
from tests.engine.merchants_marauders.scenario_helpers import SKULL, active, at_sea, dice, do, game, started

FOG = "ev-30"       # Sea Mist: Scouting rolls 1 die fewer this round; moves England's navy NE


def test_mmb_setup_01_to_04_decks_shuffled_and_the_hidden_tokens_hidden_in_every_view() -> None:
    a, b = game(3, seed="one"), game(3, seed="two")
    assert sorted(a.cargo.pile) == sorted(b.cargo.pile) and a.cargo.pile != b.cargo.pile
    assert a.events.pile != b.events.pile and a.glory.pile != b.glory.pile and a.captains.pile != b.captains.pile
    for viewer in (None, 0, 1):
        v = GAME.view(a, viewer)
        assert all(z.merchant is True for z in v.zones.values()) and len(v.zones) == len(ZONES)
        assert all(v.zones[z].demand == a.zones[z].demand for z in PORTS) and v.demand_pile == len(a.demand_pile)
        assert all(v.zones[z].modification is None and v.zones[z].has_modification for z in PORTS)
        assert v.zones["caribbean_sea"].demand is None and not v.zones["caribbean_sea"].has_modification
        assert v.decks["cargo"].pile_size == 64 and "pile" not in v.decks["cargo"].model_dump()


def test_mmb_setup_03_a_ports_modification_is_turned_up_when_a_player_first_enters() -> None:
    s = started(3, seed="mod")
    seat = active(s)
    home = s.players[seat].zone
    s = do(s, seat, "leave")
    assert GAME.view(s, None).zones[home].modification is None
    t = GAME.apply(s.model_copy(deep=True), seat, GAME.parse(s, seat, "enter"))
    assert t.reveals and GAME.view(t.state, None).zones[home].modification == s.zones[home].modification


def _next_round(s: State, event: str) -> State:
    """Everyone ends the turn; the next round turns `event` first."""
    s.events.pile.append(event)
    for _ in s.order:
        s = do(s, active(s), "end")
    return s


def test_mmb_round_01_a_full_merchant_track_refills_every_empty_zone() -> None:
    s = started(3, seed="refill")
    emptied = list(ZONES[:8])
    s.track = [s.zones[z].merchant for z in emptied]  # type: ignore[misc]
    for z in emptied:
        s.zones[z].merchant = None
    s = _next_round(s, FOG)
    assert s.round.number == 2 and not s.track
    assert all(zs.merchant is not None for zs in s.zones.values())


def test_mmb_round_02_05_the_event_holds_for_the_whole_round_and_turns_go_clockwise() -> None:
    s = started(3, seed="fog")
    s = _next_round(s, FOG)
    assert s.round.event == FOG and s.round.scouting == -1
    order = []
    for _ in range(3):
        seat = active(s)
        order.append(seat)
        at_sea(s, seat, "caribbean_sea")
        s.zones["caribbean_sea"].merchant = "spain"
        scouting = captain(s.players[seat]).skills.scouting
        dice(s, *[1] * (scouting - 1), SKULL)       # one die fewer: the skull is never rolled
        s = do(s, seat, "scout merchant")
        assert s.rng.forced == [SKULL] and s.raid is None, "fog: one Scouting die fewer, all round"
        s.rng.forced = []
        s = do(s, seat, "end")
    assert order == s.order


def test_mmb_round_03_an_npc_moves_one_zone_the_way_its_icon_points() -> None:
    s = started(3, seed="move")
    s.npcs["navy_england"] = Npc(slot="navy_england", side="navy", nation="england", ship="frigate", zone="havana",
                                 skills=Skills(seamanship=2, scouting=2, leadership=2))
    s = _next_round(s, FOG)
    assert s.npcs["navy_england"].zone == "nassau"


def test_mmb_round_06_a_new_npc_replaces_the_one_of_its_slot_at_the_rounds_end() -> None:
    s = started(3, seed="replace")
    s.npcs["navy_spain"] = Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="trinidad",
                               skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.arrivals = [Arrival(side="navy", nation="spain", ship="frigate", zone="cartagena",
                          skills=Skills(seamanship=4, scouting=3, leadership=3))]
    s.events.pile.append(FOG)
    for seat in list(s.order):
        s = do(s, seat, "end")
    assert s.npcs["navy_spain"].zone == "cartagena" and s.npcs["navy_spain"].skills.seamanship == 4
    assert not s.arrivals


def test_mmb_round_04_an_npc_card_flags_its_arrival_zone_and_the_npc_comes_at_the_rounds_end() -> None:
    s = started(3, seed="flag")
    s = _next_round(s, "ev-01")                  # Guardacostas out of Havana: a Spanish frigate
    assert s.round.event == "ev-01" and "navy_spain" not in s.npcs
    assert [(a.nation, a.ship, a.zone) for a in s.arrivals] == [("spain", "frigate", "havana")]
    s.events.pile.append(FOG)
    for _ in s.order:
        s = do(s, active(s), "end")
    assert s.npcs["navy_spain"].zone == "havana" and not s.arrivals


def test_mmb_turn_07_leaving_port_is_entering_the_zone_and_a_hunting_npc_there_scouts() -> None:
    s = started(3, seed="left-port")
    seat = active(s)
    s.npcs["pirate_sloop"] = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop",
                                 zone=s.players[seat].zone, skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.round.scouting = 0
    s.players[seat].glory_cards = []
    dice(s, SKULL, 1)
    s = do(s, seat, "leave")
    assert s.fight is not None and s.fight.sides["aggressor"].npc == "pirate_sloop"
    assert s.turn.scouted == [("pirate_sloop", seat)]
