"""Components (base reconstruction sections 1, 5 and 8; the expansion's component list) as play
deals them: a game is set up through the seats' ship picks, and what lies in its decks, on its
board and aboard its ships is counted against the printed numbers. The data tests beside these
(test_data_rules.py, test_defs.py, test_card_defs.py) check the files; these show that a game
really uses them."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import GOODS, HIT_LOCATIONS, NATIONS, PORTS, ZONES
from tests.engine.merchants_marauders.scenario_helpers import active, at_sea, dice, do, no_cards, options, started

EVERY_MODULE: dict[str, Any] = {f"module_{i}": True for i in range(1, 12)}


def _all(s: State, deck: str) -> list[str]:
    """Every card of one deck in the game: its pile, its discards and the cards dealt out of it."""
    d = getattr(s, deck)
    out = [*d.pile, *d.discard]
    if deck == "events" and s.round.event:
        out.append(s.round.event)
    if deck == "glory":
        out += [g for p in s.players for g in (*p.glory_cards, *p.specialists)]
    if deck == "captains":
        out += [p.captain for p in s.players]
    if deck == "missions":
        out += [slot.mission for slot in s.board]
    if deck == "rumours":
        out += [p.rumour for p in s.players if p.rumour]
    return out


# ---- base section 1 and 8: the decks a new game deals ----
def test_mmb_comp_02_deck_01_02_10_11_a_new_game_deals_every_card_of_the_base_box() -> None:
    s = started(3, seed="box")
    c = cards()
    decks = {k: _all(s, k) for k in ("captains", "events", "glory", "cargo", "rumours", "missions")}
    assert {k: len(v) for k, v in decks.items()} == {
        "captains": 16, "events": 34, "glory": 70, "cargo": 64, "rumours": 25, "missions": 25}
    assert Counter(defs().all_captains()[i].nation for i in decks["captains"]) == {n: 4 for n in NATIONS}
    assert all(len(set(v)) == len(v) for k, v in decks.items() if k != "glory"), "no card dealt twice"
    cargo = {k.id: k for k in c.cargo_deck()}
    assert Counter(cargo[i].good for i in decks["cargo"]) == {g: 8 for g in GOODS}
    assert Counter(cargo[i].icon for i in decks["cargo"]) == {
        "hull": 6, "masts": 5, "crew": 5, "cannons": 5, "cargo": 3, "escape": 16, "blank": 24}
    assert sorted({cargo[i].plunder for i in decks["cargo"]}) == list(range(7))
    assert sum(cargo[i].plunder for i in decks["cargo"]) == 3 * 64, "the plunder values average 3"
    glory = {g.id: g for g in c.glory_deck()}
    kinds = Counter(glory[i].specialist or glory[i].family for i in decks["glory"])
    assert sum(kinds[k] for k in ("navigator", "lookout", "boatswain", "envoy", "gunner", "surgeon",
                                  "carpenter", "quartermaster")) == 24
    assert (kinds["combat"], kinds["trade"], kinds["sailing"], kinds["fortune"]) == (18, 10, 10, 8)
    events = {e.id: e for e in c.event_deck()}
    npcs = Counter((npc.side, npc.ship) for i in decks["events"] if (npc := events[i].npc) is not None)
    want: dict[tuple[str, str], int] = {(n, "frigate"): 3 for n in NATIONS}
    assert npcs == {**want, ("pirate", "sloop"): 3, ("pirate", "frigate"): 3}
    assert all(1 <= len(events[i].moves) <= 3 for i in decks["events"]), "MMB-DECK-14: 1 to 3 movement icons"
    # each player holds 1 glory card and 10 gold from the start
    assert [len(p.glory_cards) for p in s.players] == [1, 1, 1]
    assert [p.ship.gold for p in s.players] == [10, 10, 10]


def test_mmb_deck_04_06_08_09_the_rumour_and_mission_decks_a_game_plays_with() -> None:
    s = started(2, seed="leads")
    c = cards()
    rumours = {r.id: r for r in c.rumour_deck()}
    dealt = [rumours[i] for i in _all(s, "rumours")]
    assert Counter(r.truth for r in dealt) == {True: 17, False: 8}
    assert Counter(r.reward.do for r in dealt if r.truth) == {"gold": 7, "cargo": 5, "specialist": 3, "modification": 2}
    assert all(r.target in ZONES for r in dealt)
    missions = {m.id: m for m in c.mission_deck()}
    every = [missions[i] for i in _all(s, "missions")]
    assert Counter(m.kind for m in every) == {"delivery": 8, "passenger": 5, "hunt": 5, "survey": 4, "envoy": 3}
    assert all(m.claim in PORTS and 5 <= m.reward.n <= 15 for m in every)
    assert len(s.board) == 2 and all(slot.holder is None for slot in s.board), "two missions lie open on the board"


def test_mmb_comp_04_deck_03_map_02_the_tokens_laid_out_at_setup() -> None:
    s = started(4, seed="tokens")
    assert len(s.zones) == 17 and set(s.zones) == set(ZONES)
    demand = [s.zones[z].demand for z in PORTS] + list(s.demand_pile)
    assert len(demand) == 24 and Counter(demand) == {g: 3 for g in GOODS}
    merchants = Counter(z.merchant for z in s.zones.values())
    assert merchants == {"spain": 5, "england": 4, "france": 4, "netherlands": 4}, "one token in each of the 17 zones"
    mods = [s.zones[z].modification for z in PORTS]
    assert len(mods) == 16 and all(mods) and all(n == 2 for n in Counter(mods).values()), "8 kinds twice over"
    sea = s.zones["caribbean_sea"]
    assert sea.merchant is not None and (sea.demand, sea.modification) == (None, None)
    assert s.track == [] and all(p.glory == 0 for p in s.players), "the merchant track and the glory track start empty"


def test_mmb_comp_06_skill_01_05_map_01_each_captain_sails_from_a_home_port_of_its_nation() -> None:
    d = defs()
    for seed in ("home-a", "home-b", "home-c"):
        s = started(4, seed=seed, ship="flute")
        for p in s.players:
            cap = d.all_captains()[p.captain]
            skills = [cap.skills.seamanship, cap.skills.scouting, cap.skills.leadership, cap.skills.influence]
            assert all(1 <= v <= 4 for v in skills) and sum(skills) == 10, p.captain
            assert p.zone == cap.home_port and p.in_port, "the ship starts in the captain's home port"
            assert d.map.zones[p.zone].nation == cap.nation, "a home port of the captain's own nation"
            assert set(p.ship.points) == set(HIT_LOCATIONS), "a cube on each of the five hit locations"
            # flute: hull 3, masts 2, crew 1, cannons 1, cargo 4
            assert p.ship.points == {"hull": 3, "masts": 2, "crew": 1, "cannons": 1, "cargo": 4}
    assert {d.map.zones[z].nation for z in PORTS} == set(NATIONS)


def test_mmb_ship_03_a_sloop_picked_at_setup_is_the_table_s_sloop() -> None:
    s = started(2, seed="sloops")
    assert all(p.ship.points == {"hull": 2, "masts": 2, "crew": 2, "cannons": 1, "cargo": 2} for p in s.players)


# (ship, price, hull, masts, cannons, cargo): base section 5's table, the brig from Module 5
SHIPYARD = [("flute", 10, 3, 2, 1, 4), ("frigate", 30, 3, 3, 3, 3), ("galleon", 35, 4, 3, 3, 5),
            ("brig", 20, 3, 3, 2, 4)]


@pytest.mark.parametrize(("ship", "price", "hull", "masts", "cannons", "cargo"), SHIPYARD)
def test_mmb_ship_01_04_07_a_ship_bought_in_a_shipyard_has_the_tables_values(
        ship: str, price: int, hull: int, masts: int, cannons: int, cargo: int) -> None:
    s = started(3, seed="yard", module_5=True)
    a = active(s)
    assert s.players[a].zone != "st_johns", "no discount here"
    s.players[a].ship.gold = 100
    s = do(s, a, "port")
    s = do(s, a, "shipyard")
    assert "ship man_o_war" not in options(s, a), "a man-o'-war is never for sale"
    s = do(s, a, f"ship {ship}")
    p = s.players[a].ship
    assert p.type == ship and p.gold == 100 - price + 3, "the old sloop sells for 3"
    assert {k: p.points[k] for k in ("hull", "masts", "cannons", "cargo")} == {
        "hull": hull, "masts": masts, "cannons": cannons, "cargo": cargo}


def test_mmb_ship_09_the_base_shipyard_sells_three_kinds_of_special_weapon() -> None:
    s = started(3, seed="yard")
    a = active(s)
    s.players[a].ship.gold = 20
    s = do(s, a, "port")
    s = do(s, a, "shipyard")
    assert [o for o in options(s, a) if o.startswith("weapon")] == [
        "weapon chain_shot", "weapon grapeshot", "weapon boarding_hooks"]


# ---- the expansion's components, with every module in play ----
def test_mm_comp_06_09_10_12_13_a_game_with_every_module_deals_the_expansion() -> None:
    s = started(4, seed="sog", **EVERY_MODULE)
    c = cards()
    cargo = {k.id: k for k in c.cargo_deck(True)}
    dealt = _all(s, "cargo")
    assert len(dealt) == 96 and Counter(cargo[i].good for i in dealt) == {g: 12 for g in GOODS}, \
        "MM-COMP-12: 32 contraband cards, 4 of each good, shuffled in"
    assert {k: len(_all(s, k)) for k in ("events", "rumours", "missions", "captains")} == {
        "events": 34 + 16, "rumours": 25 + 25, "missions": 25 + 25, "captains": 16 + 17}
    mods = [s.zones[z].modification for z in PORTS] + list(s.mod_reserve)
    assert len(mods) == 24, "MM-COMP-09: 8 more modification tokens"
    assert {k: n for k, n in Counter(mods).items() if k in ("cleaned_hull", "crows_nest", "smugglers_hold", "plank")} \
        == {"cleaned_hull": 2, "crows_nest": 2, "smugglers_hold": 2, "plank": 2}
    upgrades = [*s.npc_reserve, *(t for ts in s.npc_upgrades.values() for t in ts),
                *(t for ts in s.npc_pending for t in ts), *(t for n in s.npcs.values() for t in getattr(n, "upgrades", []))]
    assert len(upgrades) == 17, "MM-COMP-06: 17 NPC upgrade tokens"
    assert s.storm in ZONES, "MM-COMP-06: the storm token is on the board"
    assert len(s.locations) == 16 and set(s.locations) == set(PORTS)
    assert Counter(s.locations.values()) == {k: 2 for k in set(s.locations.values())} and len(set(s.locations.values())) == 8, \
        "MM-COMP-10: 8 kinds, 2 of each, one in each zone with a port"


# ---- base section 2: the map as the movers use it; section 1: the dice ----
def test_mmb_map_02_03_04_18_every_zones_moves_are_its_links_34_in_all_and_the_open_sea_has_no_port() -> None:
    s = started(2, seed="charts")
    a = active(s)
    s.round.scouting = 0
    links: set[frozenset[str]] = set()
    for zone in ZONES:
        at_sea(s, a, zone)
        s.turn.actions, s.turn.moves = 3, 0
        moves = {o.removeprefix("move ") for o in options(s, a) if o.startswith("move ")}
        assert moves == set(defs().map.zones[zone].neighbours), zone
        assert ("enter" in options(s, a)) == (zone != "caribbean_sea"), zone
        links |= {frozenset((zone, m)) for m in moves}
    assert len(links) == 34, "each link offered from both ends"


def test_mmb_comp_05_a_die_shows_1_to_4_and_a_skull_on_two_faces() -> None:
    for face, finds in ((1, False), (2, False), (3, False), (4, False), (5, True), (6, True)):
        s = started(2, seed=f"die-{face}")
        a, d = s.order
        no_cards(s)
        s.players[a].captain = "pieter_hoogeveen"          # Scouting 2
        for seat in (a, d):
            at_sea(s, seat, "caribbean_sea")
        s.round.scouting = -1                             # one die
        s.rng.forced = [face]
        s = do(s, a, f"scout p{d + 1}")
        assert (s.fight is not None) == finds, face


def test_mmb_ship_02_manoeuvrability_takes_no_hits() -> None:
    """A sloop (manoeuvrability 4) against a galleon (2) keeps its extra contest die however
    battered: only the printed value counts."""
    from tests.engine.merchants_marauders.test_naval_combat_play import _duel
    s, a, d = _duel("sloop", "galleon", seed="battered")
    s.players[a].glory_cards = ["gl-lookout-1"]
    s.players[a].ship.points.update({"hull": 1, "masts": 1, "crew": 1, "cannons": 1, "cargo": 0})
    dice(s, *[1] * 6)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.fight is not None and len(s.fight.contest["aggressor"]) == 3, "Seamanship 2 and the die for 4 against 2"


def test_mm_comp_02_03_15_16_the_boards_the_galleon_and_the_vane_with_their_modules() -> None:
    from engine.merchants_marauders.vocab import BEARINGS
    s = started(4, seed="boards", module_6=True, module_8=True, module_10=True, module_11=True)
    assert [(p.goodwill, p.loyalty) for p in s.players] == [(0, "content")] * 4, "a goodwill and a loyalty board each"
    g = s.npcs["treasure_galleon"]
    assert (g.side, g.skills.seamanship, g.skills.scouting, g.skills.leadership) == ("treasure", 3, 1, 4)
    assert s.round.wind in BEARINGS and len(BEARINGS) == 8
    sog = started(2, seed="boards-2", module_1=True)
    events = {e.id: e for e in cards().event_deck(sog=True)}
    ships = {(n.side, n.ship) for i in _all(sog, "events") if (n := events[i].npc) is not None}
    assert ("pirate", "man_o_war") in ships and ("pirate", "brig") in ships, "the black man-o'-war and brig sail with Module 1"


def test_mm_m5_04_05_comp_14_with_the_brig_in_play_a_galleon_has_manoeuvrability_1() -> None:
    """A frigate (3) against a galleon: one above a galleon of 2 gives nothing, two above the
    expansion's galleon of 1 gives the frigate a die more in the contest."""
    from tests.engine.merchants_marauders.test_naval_combat_play import _duel
    for brig, dice_ in ((False, 2), (True, 3)):
        s, a, d = _duel("frigate", "galleon", seed=f"slow-{brig}", module_5=brig)
        s.players[a].glory_cards = ["gl-lookout-1"]
        dice(s, *[1] * 6)
        s = do(s, a, "shoot")
        s = do(s, d, "shoot")
        assert s.fight is not None and len(s.fight.contest["aggressor"]) == dice_, brig


def test_mm_comp_07_the_new_weapons_are_sold_with_module_2_and_a_fourth_token_waits_when_three_are_aboard() -> None:
    """Four tokens of each new kind: with three captains already carrying incendiary shot, the
    fourth still finds one in the shipyard (a supply of three would have none left)."""
    s = started(4, seed="yard-sog", module_2=True)
    a = active(s)
    for seat in s.order:
        if seat != a:
            s.players[seat].ship.weapons = ["incendiary_shot", "double_shot", "spikes"]
    s.players[a].ship.gold = 50
    s = do(s, a, "port")
    s = do(s, a, "shipyard")
    assert [o for o in options(s, a) if o.startswith("weapon")] == [
        "weapon chain_shot", "weapon grapeshot", "weapon boarding_hooks",
        "weapon incendiary_shot", "weapon double_shot", "weapon spikes"]
    s = do(s, a, "weapon incendiary_shot")
    assert "incendiary_shot" in s.players[a].ship.weapons


@pytest.mark.parametrize(("event", "side", "zone"), [("ev-01", "navy", "havana"), ("ev-13", "pirate", "caribbean_sea")])
def test_mm_comp_05_the_npc_flags_are_the_public_views_arrivals_until_the_ship_comes(event: str, side: str, zone: str) -> None:
    """The brown flag (a warship) and the black one (a pirate) mark where an event's NPC will come:
    the public view lists it as arriving there all round, and at the round's end the ship is there.
    The next round's event (a trade boom) moves only the Dutch navy."""
    from engine.merchants_marauders import GAME
    s = started(2, seed=f"flags-{event}")
    s.events.pile = [c for c in s.events.pile if c not in (event, "ev-26")] + ["ev-26", event]
    first = s.round.number
    while s.round.number == first:
        s = do(s, active(s), "end")
    v = GAME.view(s, None)
    assert [(a.side, a.zone) for a in v.arrivals] == [(side, zone)]
    assert not any(n.zone == zone and n.side == side for n in s.npcs.values())
    while s.round.number == first + 1:
        s = do(s, active(s), "end")
    assert any(n.zone == zone and n.side == side for n in s.npcs.values()), "it came where the flag stood"
    assert (side, zone) not in [(a.side, a.zone) for a in GAME.view(s, None).arrivals]


def test_mmb_comp_03_npc_01_the_ships_at_sea_never_outnumber_the_miniatures() -> None:
    """Four captains in sloops, then an NPC card a round: the four navies and both pirates come,
    and a second pirate sloop card replaces the first, so the board holds 5 sloops (4 colours and
    the black one) and 5 frigates (4 brown, 1 black) as the box's miniatures allow."""
    order = ["ev-01", "ev-04", "ev-07", "ev-10", "ev-13", "ev-16", "ev-14"]
    s = started(4, seed="minis")
    s.events.pile = [c for c in s.events.pile if c not in order] + list(reversed(order))
    for _ in range(len(order) + 1):
        first = s.round.number
        while s.round.number == first:
            s = do(s, active(s), "end")
    ships = Counter((n.side, n.ship) for n in s.npcs.values())
    assert ships == {("navy", "frigate"): 4, ("pirate", "sloop"): 1, ("pirate", "frigate"): 1}
    ev14 = next(e.npc for e in cards().event_deck() if e.id == "ev-14")
    assert ev14 is not None and not [a for a in s.arrivals if a.side == "pirate"]
    assert s.npcs["pirate_sloop"].skills.scouting == ev14.captain.scouting, "the second pirate sloop has come"
    assert Counter(p.ship.type for p in s.players) == {"sloop": 4}
