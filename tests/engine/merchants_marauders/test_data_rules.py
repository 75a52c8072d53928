"""Merchants & Marauders base rules that are component data (docs/rules-coverage/merchants_marauders.md,
Part 2: MMB-COMP, -MAP, -SKILL, -SHIP) and the inventory's structure rule MM-TOC-01, each shown
against data/merchants_marauders/{base,seas_of_glory}/ as defs() and cards() load it, with the
exact numbers of the base reconstruction (shared/rules/merchants_marauders_base.md, sections 1, 2
and 5) and, where a number is a limit, a value on each side of it. The rules test_defs.py and
test_card_defs.py already show are mapped to those tests in the coverage document."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.merchants_marauders import GAME, MerchantsOptions
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import DATA_DIR, DataError, Defs, defs, load_defs
from engine.merchants_marauders.defs_base import Skills, opposite
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules import npc, weather
from engine.merchants_marauders.rules.combat import Fighter
from engine.merchants_marauders.rules.common import hold, manoeuvre, sea
from engine.merchants_marauders.rules.fight import npc_points
from engine.merchants_marauders.rules.hits import locate
from engine.merchants_marauders.rules.round import refill_merchants, resolve_event
from engine.merchants_marauders.rules.start import fit_out, new_game
from engine.merchants_marauders.state import Player, Ship, State
from engine.merchants_marauders.vocab import (
    DIE,
    GOODS,
    HIT_LOCATIONS,
    LOCATION_OF_FACE,
    NATIONS,
    OPEN_SEA,
    PORTS,
    ZONES,
)
from tests.engine.merchants_marauders.sea_fixture import SEA
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
COVERAGE = REPO / "docs" / "rules-coverage" / "merchants_marauders.md"


@pytest.fixture(scope="module")
def d() -> Defs:
    return defs()


def fresh() -> State:
    return new_game(2, "data-rules", {})


# ---- MMB-COMP: the base box (section 1) ----
def test_mmb_comp_01_seventeen_zones_a_glory_track_to_10_and_an_8_slot_merchant_track(d: Defs) -> None:
    assert len(d.map.zones) == len(ZONES) == 17
    assert d.tokens.board.glory_to_win == G.GLORY_TO_WIN == 10
    assert d.tokens.board.merchant_track == 8
    # the track's top is where the game ends: 9 glory does not, 10 does
    assert not G.game_over([G.Standing(seat=0, glory=9)], mode="immediate")
    assert G.game_over([G.Standing(seat=0, glory=10)], mode="immediate")
    # the track's 8 slots: 7 tokens on it refill nothing, 8 refill the empty zones
    s = fresh()
    for n in (7, 8):
        s.zones["nassau"].merchant, s.track = None, ["spain"] * n
        refill_merchants(s, [])
        assert (s.zones["nassau"].merchant is not None) == (n == 8), n
    assert len(s.track) == 7


def test_mmb_comp_02_the_base_box_holds_254_cards(d: Defs) -> None:
    b = cards().base
    counts = {"captain": len(d.captains.captains), "ship": d.ships.ship_cards(), "event": len(b.events.events),
              "glory": len(b.glory.deck()), "cargo": len(b.cargo.cards), "rumour": len(b.rumours.rumours),
              "mission": len(b.missions.missions)}
    assert counts == {"captain": 16, "ship": 20, "event": 34, "glory": 70, "cargo": 64, "rumour": 25, "mission": 25}
    assert sum(counts.values()) == 254


def test_mmb_comp_04_the_base_tokens_and_coins(d: Defs) -> None:
    t = d.tokens
    assert t.demand_tokens() == 24
    assert dict(t.merchants) == {"spain": 5, "england": 4, "france": 4, "netherlands": 4}
    assert sum(t.merchants.values()) == 17
    assert len(d.modifications.tokens()) == 16
    assert d.weapons.tokens() == 12
    assert d.bounty_tokens(with_expansion=False) == {n: 5 for n in NATIONS} and sum(t.bounties.values()) == 20
    assert t.supply.war_flags == 2          # our count: one war at a time, a flag on each of its nations
    assert (t.supply.stash_chests, t.supply.coins, t.supply.coin_values) == (4, 100, [1, 2, 5, 10])


def test_mmb_comp_05_ten_dice_of_1_to_4_and_two_skulls(d: Defs) -> None:
    assert d.tokens.supply.dice == 10
    assert DIE == (1, 2, 3, 4, "skull", "skull")
    assert Counter(DIE)["skull"] == 2 and all(Counter(DIE)[n] == 1 for n in (1, 2, 3, 4))
    assert set(LOCATION_OF_FACE) == set(DIE)          # every face names a hit location


def test_mmb_comp_06_six_cubes_a_player_five_locations_and_glory(d: Defs) -> None:
    assert d.tokens.supply.player_cubes == 6 == len(HIT_LOCATIONS) + 1
    s = fresh()
    fit_out(s, 0, "sloop")
    p = s.players[0]
    assert set(p.ship.points) == set(HIT_LOCATIONS) and p.glory == 0     # a cube on each, and the glory marker


def test_mmb_comp_07_five_brown_cubes_hold_an_npcs_damage_in_a_fight(d: Defs) -> None:
    assert d.tokens.supply.npc_damage_cubes == 5 == len(HIT_LOCATIONS)
    for ship in ("sloop", "frigate", "man_o_war"):
        assert set(npc_points(ship)) == set(HIT_LOCATIONS), ship


def test_mmb_comp_08_ship_cards_are_five_types_in_four_colours_and_npcs_sail_the_table(d: Defs) -> None:
    """The 20 cards are 5 types x 4 colours; 4 of the types are sold, the man-o'-war is not
    (MMB-SHIP-08). An NPC's ship values are the table's, its skills its event card's."""
    assert {t: s.cards for t, s in d.ships.ships.items()} == {t: 4 for t in ("sloop", "flute", "frigate", "galleon", "man_o_war")}
    assert [t for t, s in d.ships.ships.items() if s.cost is not None] == ["sloop", "flute", "frigate", "galleon"]
    s = fresh()
    npc_cards = [e for e in cards().event_deck() if e.npc is not None]
    assert len(npc_cards) == 18
    for e in npc_cards:
        assert e.npc is not None
        resolve_event(s, e, [])
        a = s.arrivals[-1]
        assert a.ship == e.npc.ship and a.zone == e.npc.arrival, e.id
        assert (a.skills.seamanship, a.skills.scouting, a.skills.leadership) == (
            e.npc.captain.seamanship, e.npc.captain.scouting, e.npc.captain.leadership), e.id
        table = d.all_ships()[e.npc.ship]
        assert npc_points(e.npc.ship) == {loc: getattr(table, loc) for loc in HIT_LOCATIONS}, e.id


# ---- MMB-MAP (section 2) ----
def test_mmb_map_02_the_caribbean_sea_has_a_merchant_but_no_port_demand_or_modification(d: Defs) -> None:
    sea = d.map.zones[OPEN_SEA]
    assert (sea.port, sea.nation) == (False, None)
    assert len(PORTS) == 16 and OPEN_SEA not in PORTS
    s = fresh()
    assert s.zones[OPEN_SEA].merchant is not None
    assert (s.zones[OPEN_SEA].demand, s.zones[OPEN_SEA].modification) == (None, None)
    for z in PORTS:                     # every zone with a port has all three
        assert s.zones[z].merchant and s.zones[z].demand and s.zones[z].modification, z


def test_mmb_map_04_each_end_of_a_link_has_its_bearing_and_the_movers_read_them(d: Defs) -> None:
    """The bearing seen from the far end is the opposite one; the engine hands the NPC, storm and
    wind rules exactly these bearings (the hand-written map their own tests use is the same)."""
    for z, zone in d.map.zones.items():
        for other, bearing in zone.neighbours.items():
            assert d.map.zones[other].neighbours[z] == opposite(bearing), (z, other)
    assert sea() == {z: d.map.toward(z) for z in ZONES} == SEA
    assert npc.step("caribbean_sea", "SE", sea()) == "caracas" and npc.step("caracas", "NW", sea()) == "caribbean_sea"
    assert npc.step("nassau", "N", sea()) == "tortuga"                  # no zone north: clockwise to SE
    assert weather.move_storm("caribbean_sea", "E", sea()) == "basse_terre"
    assert weather.bearing_between(sea(), "curacao", "caribbean_sea") == "N"
    assert weather.bearing_between(sea(), "caribbean_sea", "curacao") == "S"


def broken_map(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copytree(DATA_DIR, tmp_path / "data")
    path = tmp_path / "data" / "base" / "map.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "data"


def test_mmb_map_18_the_caribbean_sea_has_no_property_and_none_can_be_given(d: Defs, tmp_path: Path) -> None:
    assert d.map.zones[OPEN_SEA].property == []
    assert all(d.map.zones[z].property for z in PORTS)                    # every port has one
    block = 'says = "Open sea: no port, no demand, no modification."\nproperty = []'
    given = block.replace("property = []", 'property = [{ kind = "repair_price", n = 1 }]')
    with pytest.raises(DataError, match="'caribbean_sea': a zone without a port has no property"):
        load_defs(broken_map(tmp_path, block, given))


# ---- MMB-DECK-03 (section 8) ----
def test_mmb_deck_03_three_demand_tokens_of_each_good(d: Defs) -> None:
    assert d.tokens.demand.per_good == 3
    s = fresh()
    dealt = [s.zones[z].demand for z in PORTS] + list(s.demand_pile)     # face up at the ports, and the pile
    assert Counter(dealt) == {g: 3 for g in GOODS} and len(s.demand_pile) == 24 - 16


# ---- MMB-SKILL (section 5) ----
def test_mmb_skill_01_four_skills_from_1_to_4_a_home_port_and_one_ability(d: Defs) -> None:
    for c in d.all_captains().values():
        values = [c.skills.seamanship, c.skills.scouting, c.skills.leadership, c.skills.influence]
        assert all(1 <= v <= 4 for v in values), c.id
        assert d.map.zones[c.home_port].port and c.ability.name and c.ability.effects, c.id
    seen = {getattr(c.skills, k) for c in d.captains.captains.values() for k in ("seamanship", "scouting", "leadership", "influence")}
    assert min(seen) == 1 and max(seen) == 4            # both ends of the range are used
    Skills(seamanship=1, scouting=4, leadership=1, influence=4)
    for low, high in ((0, 4), (1, 5)):
        with pytest.raises(ValidationError):
            Skills(seamanship=low, scouting=high, leadership=2, influence=2)


# ---- MMB-SHIP (section 5) ----
def captain_without_stats(d: Defs) -> str:
    return next(k for k, c in d.captains.captains.items() if all(e.kind != "stat" for e in c.ability.effects))


def test_mmb_ship_01_five_hit_locations_and_the_cargo_value_is_the_hold(d: Defs) -> None:
    assert HIT_LOCATIONS == ("hull", "masts", "crew", "cannons", "cargo")
    flute = d.ships.ships["flute"]
    p = Player(captain=captain_without_stats(d), ship=Ship(type="flute", points={loc: getattr(flute, loc) for loc in HIT_LOCATIONS}))
    assert hold(p) == flute.cargo == 4
    p.ship.points["cargo"] = 3                          # one Cargo hit: one card less fits
    assert hold(p) == 3
    p.ship.points["cargo"] = 0
    assert hold(p) == 0


def test_mmb_ship_02_manoeuvrability_is_printed_and_takes_no_hits(d: Defs) -> None:
    assert "manoeuvre" not in HIT_LOCATIONS and set(LOCATION_OF_FACE.values()) == set(HIT_LOCATIONS)
    sloop = d.ships.ships["sloop"]
    p = Player(captain=captain_without_stats(d), ship=Ship(type="sloop", points={loc: getattr(sloop, loc) for loc in HIT_LOCATIONS}))
    assert manoeuvre(p) == sloop.manoeuvre == 4
    p.ship.points = {loc: 0 for loc in HIT_LOCATIONS}   # every location shot away
    assert manoeuvre(p) == 4
    target = Fighter(points={loc: 2 for loc in HIT_LOCATIONS}, manoeuvre=4, seamanship=2, leadership=2)
    volley = locate(target, [1, 2, 3, 4, "skull", "skull"])
    assert set(volley.hits) <= set(HIT_LOCATIONS) and sum(volley.hits.values()) == 6


# ---- MM-TOC-01: the variants by their printed numbers ----
def variant_headings(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^## Variant (\d):", text, flags=re.M)]


def test_mm_toc_01_variants_keep_their_printed_numbers_in_the_printed_order() -> None:
    inventory = shared_text("rules", "inventory", "merchants_marauders_seas_of_glory.md")
    assert variant_headings(inventory) == [1, 3, 4, 2, 5, 6]
    assert variant_headings(COVERAGE.read_text(encoding="utf-8")) == [1, 3, 4, 2, 5, 6]
    # each MM-Vn ID sits under the heading of Variant n, wherever that is printed
    for part in re.split(r"^## ", inventory, flags=re.M):
        head = re.match(r"Variant (\d):", part)
        ids = set(re.findall(r"\*\*MM-V(\d)-\d+\*\*", part))
        assert ids <= ({head.group(1)} if head else set()), part[:40]
    switches = [f for f in MerchantsOptions.model_fields if re.fullmatch(r"variant_\d", f)]    # not variant_2_mode
    assert switches == [f"variant_{n}" for n in range(1, 7)]
    # Variant 3 (Glory or Death, printed second) is the switch numbered 3, not the second one
    assert GAME.setup(2, MerchantsOptions(variant_3=True), "toc").options["glory_or_death"] is True
    assert GAME.setup(2, MerchantsOptions(variant_2=True), "toc").options["glory_or_death"] is False
