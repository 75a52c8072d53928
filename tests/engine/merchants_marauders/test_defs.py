"""Merchants & Marauders component data (data/merchants_marauders/{base,seas_of_glory}/): every
file validates, the map and the ship table are the base reconstruction's (section 2 and 5 tables,
read from shared/rules/merchants_marauders_base.md), every count of issue 11, the reconstruction's
component list and the Seas of Glory text is in the data, the files agree with one another, the
effect vocabulary is used and explained, and a broken file is refused with a message naming the
problem. IDs (MM-…) are those of shared/rules/inventory/merchants_marauders_seas_of_glory.md."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any, get_args

import pytest

from engine.merchants_marauders.defs import (
    DATA_DIR,
    FILES,
    DataError,
    Defs,
    defs,
    load_defs,
    load_file,
)
from engine.merchants_marauders.defs_base import CAPTAIN_KINDS, MOD_KINDS, WEAPON_KINDS, ZONE_KINDS, opposite
from engine.merchants_marauders.defs_sog import LEVEL_KINDS, LOCATION_KINDS, LOYALTY_LEVELS, VISIT_KINDS
from engine.merchants_marauders.effects import Effect, Kind
from engine.merchants_marauders.vocab import BEARINGS, GOODS, NATIONS, OPEN_SEA, PORTS, WEAPONS, ZONES
from tests.engine.data_checks import (
    broken_copy,
    check_explained,
    check_headers_say_our_design,
    check_loaded_once,
    check_missing_file_named,
    check_not_copied,
    found_in,
)
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "merchants_marauders-data.md"
NATION_OF = {"ES": "spain", "EN": "england", "FR": "france", "NL": "netherlands", "—": None}


@pytest.fixture(scope="module")
def d() -> Defs:
    return load_defs()


def zone_id(name: str) -> str:
    """The vocab id of a zone as the reconstruction names it: Petit-Goâve -> petit_goave."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return re.sub(r"[ -]+", "_", plain.lower().replace(".", "").replace("'", "")).strip("_")


def table_rows(section: str) -> list[list[str]]:
    """The body rows of the first table in a section of the base reconstruction."""
    text = shared_text("rules", "merchants_marauders_base.md")
    part = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in part.splitlines() if line.startswith("|")]
    return [r for r in rows[2:]]


def E(kind: str, **kw: Any) -> Effect:
    return Effect.model_validate({"kind": kind, **kw})


# ---- every file, the set ----
@pytest.mark.parametrize("part", sorted(FILES))
def test_every_data_file_validates_on_its_own(part: str) -> None:
    load_file(DATA_DIR, part)


def test_every_data_file_says_it_is_our_design() -> None:
    """DESIGN.md, "Data files": each file's header says it is Parley's own design and what it follows."""
    check_headers_say_our_design(DATA_DIR, (f for f, _, _ in FILES.values()), "Parley's own design following the", lines=4)
    assert {f.split("/")[0] for f, _, _ in FILES.values()} == {"base", "seas_of_glory"}


def test_the_whole_set_validates_and_is_loaded_once(d: Defs) -> None:
    check_loaded_once(defs, d)


def test_defs_does_not_read_the_card_decks() -> None:
    """The card decks are card_defs.py's: this loader neither imports it nor reads its files."""
    for module in ("defs.py", "defs_base.py", "defs_sog.py", "effects.py"):
        source = (REPO / "engine" / "merchants_marauders" / module).read_text(encoding="utf-8")
        assert "import card_defs" not in source and "card_defs import" not in source, module


# ---- the map ----
def test_the_map_is_the_reconstructions_section_2_table(d: Defs) -> None:
    """Base section 2: 17 zones, each port's nation, every neighbour with its bearing (MM-M8-08's data)."""
    rows = table_rows("2. Map")
    assert len(rows) == 17
    for name, nation, neighbours, _ in rows:
        z = d.map.zones[zone_id(name)]                                          # type: ignore[index]
        assert z.name == name and z.nation == NATION_OF[nation]
        want = {zone_id(n.rsplit(" ", 1)[0]): n.rsplit(" ", 1)[1] for n in neighbours.split(", ")}
        assert z.neighbours == want, name
    assert set(d.map.zones) == set(ZONES) and [z for z, v in d.map.zones.items() if not v.port] == [OPEN_SEA]


def test_all_34_links_are_two_way_with_opposite_bearings(d: Defs) -> None:
    links = d.map.links()
    assert len(links) == 34
    for z, zone in d.map.zones.items():
        for other, bearing in zone.neighbours.items():
            assert d.map.zones[other].neighbours[z] == opposite(bearing)
    assert [opposite(b) for b in BEARINGS] == ["S", "SW", "W", "NW", "N", "NE", "E", "SE"]


def test_the_wind_example_reads_the_map_bearings(d: Defs) -> None:
    """MM-M8-09's numbers: the Caribbean Sea lies NW of Caracas (with a NW wind), Caracas SE of it (against)."""
    assert d.map.zones["caracas"].neighbours["caribbean_sea"] == "NW"
    assert d.map.zones["caribbean_sea"].neighbours["caracas"] == "SE" == opposite("NW")
    assert d.map.toward("caracas")["NW"] == "caribbean_sea"


def test_nations_own_the_ports_of_the_issue(d: Defs) -> None:
    """Issue 11: 6 Spanish, 5 English, 3 French, 2 Dutch ports; the Caribbean Sea has none."""
    assert {n: len(d.map.ports_of(n)) for n in NATIONS} == {"spain": 6, "england": 5, "france": 3, "netherlands": 2}
    assert set(d.map.ports_of("spain")) == {"havana", "cartagena", "santo_domingo", "san_juan", "caracas", "trinidad"}
    assert set(d.map.ports_of("netherlands")) == {"curacao", "st_maarten"}
    assert sorted(z for n in NATIONS for z in d.map.ports_of(n)) == sorted(PORTS)


def test_every_port_property_is_the_reconstructions(d: Defs) -> None:
    """Base section 2's property column, as effects."""
    p = {z: v.property for z, v in d.map.zones.items()}
    assert p["nassau"] == [E("buy_price", n=2)]
    assert p["santo_domingo"] == [E("redraw_cost", n=1)]
    assert p["havana"] == p["cartagena"] == p["bridgetown"] == [E("demand_bonus", n=1)]
    assert p["tortuga"] == [E("open_to_bounties"), E("no_roll", when="recruit")]
    assert p["port_royal"] == p["trinidad"] == [E("hire_specialist", n=5)]
    assert p["old_providence"] == [E("repair_price", n=1)]
    assert p["petit_goave"] == [E("discount", service="weapon", n=1)]
    assert p["curacao"] == [E("buy_draws", n=7, repeat=4)]
    assert p["san_juan"] == [E("extra_die", skill="influence", when="rumour")]
    assert p["caracas"] == [E("extra_die", skill="influence", when="mission")]
    assert p["st_maarten"] == [E("other_price", n=3)]
    assert p["basse_terre"] == [E("extra_die", skill="leadership", when="recruit")]
    assert p["st_johns"] == [E("discount", service="ship", n=5)]
    assert p["caribbean_sea"] == []
    assert all(z.says for z in d.map.zones.values())


# ---- ships and NPCs ----
def first_int(cell: str) -> int | None:
    m = re.search(r"\d+", cell)
    return int(m.group()) if m else None


def test_the_ships_are_the_reconstructions_section_5_table(d: Defs) -> None:
    """Base section 5's ship table, with MM-COMP-14, MM-M5-01 … 04 and MM-M5-06 (the galleon's alternative card)."""
    ships = d.all_ships()
    rows = [r for r in table_rows("5. Captains and ships") if r[0] != "Ship"]
    assert len(rows) == 6
    for name, price, hull, masts, crew, cannons, cargo, manoeuvre, slots, notes in rows:
        s = ships[zone_id(name.removesuffix(" (SoG)"))]                        # type: ignore[index]
        cost, sale = (first_int(x) for x in price.split("/")) if "/" in price else (None, None)
        assert (s.cost, s.sale) == (cost, sale), name
        assert [s.hull, s.masts, s.crew, s.cannons, s.cargo] == [first_int(c) for c in (hull, masts, crew, cannons, cargo)], name
        assert (s.manoeuvre, s.mod_slots) == (first_int(manoeuvre), first_int(slots)), name
        assert s.buy_glory == ("glory once per captain" in notes), name
        assert s.start_option == ("start option" in notes), name
    (m1,) = d.sog_ships.cards.values()
    assert (m1.replaces, m1.cards, m1.manoeuvre) == ("galleon", 4, 1)                      # MM-M5-06, COMP-14
    brig = ships["brig"]
    assert (brig.cost, brig.sale, brig.buy_glory, brig.cards) == (20, 5, False, 4)         # MM-M5-02, -03
    assert brig.cargo > ships["frigate"].cargo and brig.manoeuvre >= ships["frigate"].manoeuvre   # MM-M5-04


def test_twenty_base_ship_cards_and_eight_more(d: Defs) -> None:
    """Issue 11: 20 ship cards, 4 per type of the base (sloop to man-o'-war); SoG: 4 brigs and 4 galleons (MM-COMP-14)."""
    assert {t: s.cards for t, s in d.ships.ships.items()} == {"sloop": 4, "flute": 4, "frigate": 4, "galleon": 4, "man_o_war": 4}
    assert d.ships.ship_cards() == 20 and d.sog_ships.ship_cards() == 8
    assert [t for t, s in d.ships.ships.items() if s.start_option] == ["sloop", "flute"]
    assert d.ships.ships["man_o_war"].cost is None


def test_the_npc_roster(d: Defs) -> None:
    """Base 6.4: a navy per nation (frigate, man-o'-war at war), pirate sloop and frigate (5 and 15 gold);
    MM-M1-06: the black pirate brig and man-o'-war sail the brig's and man-o'-war's cards."""
    base = d.ships.npcs
    assert sorted(base) == sorted([f"navy_{n}" for n in NATIONS] + ["pirate_sloop", "pirate_frigate"])
    assert all(base[f"navy_{n}"].ships == ["frigate", "man_o_war"] and base[f"navy_{n}"].nation == n for n in NATIONS)
    assert (base["pirate_sloop"].reward, base["pirate_frigate"].reward) == (5, 15)
    sog = d.sog_ships.npcs
    assert sorted(sog) == ["pirate_brig", "pirate_man_o_war", "treasure_galleon"]
    assert sog["pirate_brig"].ships == ["brig"] and sog["pirate_man_o_war"].ships == ["man_o_war"]
    assert {n.miniature for n in sog.values()} == {"black", "gold"}
    assert sog["pirate_brig"].reward > base["pirate_sloop"].reward and sog["pirate_man_o_war"].reward > base["pirate_frigate"].reward


def test_the_treasure_galleon(d: Defs) -> None:
    """MM-M6-02, -03, MM-COMP-16: it starts in Cartagena, its token shows its captain's skills; it is
    Spanish, never hunts, gains 5 gold a move, 1 glory and a Spanish bounty per full 10 gold, and has
    a galleon's values (MM-M6-22's data)."""
    tg = d.sog_ships.npcs["treasure_galleon"]
    assert (tg.start, tg.nation, tg.side, tg.hunts) == ("cartagena", "spain", "treasure", False)
    assert tg.skills is not None and (tg.skills.seamanship, tg.skills.scouting, tg.skills.leadership) == (3, 1, 4)
    assert (tg.gold_per_move, tg.bounty_per_gold, tg.attack_bounties, tg.glory) == (5, 10, 1, 1)
    ship = d.sog_ships.ships["treasure_galleon"]
    assert ship.values() == d.ships.ships["galleon"].values() and ship.cost is None and ship.cards == 0


def test_the_miniatures(d: Defs) -> None:
    """Base section 1's minis; MM-COMP-03 (gold treasure galleon, black man-o'-war), MM-COMP-04 (5 brigs: 1 black)."""
    m = {**d.tokens.miniatures, **d.sog_tokens.miniatures}
    assert (m["sloop"].player, m["sloop"].black) == (4, 1) and m["flute"].player == 4
    assert (m["frigate"].player, m["frigate"].black, m["frigate"].brown) == (4, 1, 4)
    assert (m["galleon"].player, m["galleon"].brown) == (4, 4)
    assert sum(x.player + x.black + x.brown for t, x in d.tokens.miniatures.items()) == 5 + 4 + 9 + 8
    assert (m["brig"].player, m["brig"].black) == (4, 1)
    assert (m["man_o_war"].black, m["treasure_galleon"].gold) == (1, 1)


# ---- captains ----
def test_sixteen_base_captains(d: Defs) -> None:
    """Issue 11, base section 5: 4 per nation, skills 1-4 adding up to 10, a home port of the nation, one ability."""
    caps = d.captains.captains
    assert len(caps) == 16 and d.captains.by_nation() == {n: 4 for n in NATIONS}
    for c in caps.values():
        assert c.skills.total() == 10 and all(1 <= getattr(c.skills, s) <= 4 for s in ("seamanship", "scouting", "leadership", "influence"))
        assert c.home_port in d.map.ports_of(c.nation)
        assert c.ability.name and c.ability.says and c.ability.effects


def test_seventeen_new_captains(d: Defs) -> None:
    """MM-COMP-13 and MM-M1-01 (captains): 17 more, as strict as the base's; Christian Marquis ignores
    the storm token (MM-M8-20) and Alexander Villon enters closed ports on an Influence check (MM-M10-23)."""
    caps = d.sog_captains.captains
    assert len(caps) == 17 and d.sog_captains.by_nation() == {"spain": 4, "england": 4, "france": 5, "netherlands": 4}
    assert all(c.skills.total() == 10 and c.home_port in d.map.ports_of(c.nation) for c in caps.values())
    assert caps["christian_marquis"].ability.effects == [E("storm_immune")]
    assert caps["alexander_villon"].ability.effects == [E("enter_closed", skill="influence")]
    everyone = d.all_captains()
    assert len(everyone) == 33 and len({c.name for c in everyone.values()}) == 33


# ---- modifications, weapons ----
def test_sixteen_base_modifications(d: Defs) -> None:
    """Base section 5: 16 tokens, 2 each of Parley's 8 kinds, the two sourced ones among them."""
    mods = d.modifications.modifications
    assert len(d.modifications.tokens()) == 16 == len(PORTS) and all(m.tokens == 2 for m in mods.values())
    stat = {k: (e.stat, e.n) for k, m in mods.items() for e in m.effects if e.kind == "stat"}
    assert stat == {"extra_cannon_port": ("cannons", 1), "hammocks": ("crew", 1), "reinforced_hull": ("hull", 1),
                    "extra_mast": ("masts", 1), "larger_hold": ("cargo", 1), "trimmed_rigging": ("manoeuvre", 1)}
    assert mods["long_guns"].effects == [E("opening_shot", n=1)]
    assert mods["figurehead"].effects == [E("extra_die", skill="influence", when="any")]
    assert all(4 <= m.cost <= 6 for m in mods.values())


def test_eight_new_modifications_two_of_each_kind(d: Defs) -> None:
    """MM-M3-01, MM-COMP-09 (reading: 8 tokens are 2 of each of the 4 kinds)."""
    mods = d.sog_modifications.modifications
    assert sorted(mods) == ["cleaned_hull", "crows_nest", "plank", "smugglers_hold"]
    assert len(d.sog_modifications.tokens()) == 8 and all(m.tokens == 2 for m in mods.values())
    assert mods["cleaned_hull"].effects == [E("enemy_fewer_dice", skill="seamanship", when="flee")]
    assert mods["crows_nest"].needs_masts and {e.kind for e in mods["crows_nest"].effects} == {"extra_die", "enemy_fewer_dice"}
    assert (mods["smugglers_hold"].needs_module, mods["plank"].needs_module) == ("contraband", "loyalty")


def test_special_weapons(d: Defs) -> None:
    """Base section 5 and 6.2: 12 tokens, 4 each of chain shot, grapeshot, boarding hooks; MM-M2-01,
    MM-COMP-07 (reading: 4 each of incendiary, double shot, spikes); one of each kind aboard, six kinds
    in all; hooks and spikes are not shots (MM-M2-24, -25's data)."""
    assert {k: w.tokens for k, w in d.weapons.weapons.items()} == {"chain_shot": 4, "grapeshot": 4, "boarding_hooks": 4}
    assert {k: w.tokens for k, w in d.sog_weapons.weapons.items()} == {"incendiary_shot": 4, "double_shot": 4, "spikes": 4}
    assert d.weapons.tokens() == d.sog_weapons.tokens() == 12
    assert set(d.all_weapons()) == set(WEAPONS) and d.weapons.per_kind == 1 and d.weapons.raid_skulls == 1
    assert {k for k, w in d.all_weapons().items() if not w.shot} == {"boarding_hooks", "spikes"}
    w = d.all_weapons()
    assert w["chain_shot"].effects == [E("skulls_to", location="masts")] and w["grapeshot"].effects == [E("skulls_to", location="crew")]
    assert w["double_shot"].effects == [E("double_skulls", n=2)] and w["spikes"].effects == [E("spike", n=1)]


# ---- tokens ----
def test_the_base_tokens(d: Defs) -> None:
    """Issue 11 and base section 1: 24 demand (8 goods x 3), 17 merchant (5 ES, 4 NL, 4 FR, 4 EN),
    20 bounty (5 a nation), 10 dice, 4 chests, glory to 10, an 8-slot merchant track."""
    t = d.tokens
    assert t.demand_tokens() == 24 == 3 * len(GOODS)
    assert dict(t.merchants) == {"spain": 5, "netherlands": 4, "france": 4, "england": 4} and sum(t.merchants.values()) == 17
    assert d.bounty_tokens(with_expansion=False) == {n: 5 for n in NATIONS}
    assert (t.supply.dice, t.supply.stash_chests, t.supply.coins, t.supply.player_cubes) == (10, 4, 100, 6)
    assert (t.board.glory_to_win, t.board.merchant_track) == (10, 8)


def test_the_expansion_tokens(d: Defs) -> None:
    """MM-COMP-01, -02, -05, -06 (storm), -08 (reading: 2 a nation), -11, -15, -17, -18; MM-M1-10, MM-M1-14, MM-M8-11."""
    s = d.sog_tokens
    assert dict(s.bounties) == {n: 2 for n in NATIONS} and sum(s.bounties.values()) == 8
    assert d.bounty_tokens() == {n: 7 for n in NATIONS}
    assert (s.missions.pairs * 2, s.missions.pairs, s.missions.base_slots) == (6, 3, 2)
    assert s.flags.home_port == 4 and sorted(s.flags.npc) == ["black", "brown"]
    assert (s.storm.tokens, s.storm.start) == (1, "caribbean_sea")
    assert tuple(s.compass.directions) == BEARINGS and len(s.compass.directions) == 8
    assert (s.supply.dice, s.supply.bags, s.supply.player_aids, s.supply.player_card_add_ons) == (12, 1, 4, 4)
    assert (s.supply.goodwill_boards, s.supply.loyalty_boards) == (4, 4)


def test_seventeen_npc_upgrade_tokens(d: Defs) -> None:
    """MM-M4-01, MM-COMP-06: 17 tokens of weapons and modifications with one '0' and one '2'; MM-M4-02:
    without Module 2 or 3 their kinds are taken out; none an NPC could never use."""
    up = d.npc_upgrades
    assert len(up.upgrades) == 17
    faces = Counter(u.face for u in up.upgrades.values())
    assert faces == {"none": 1, "two": 1, "weapon": 9, "modification": 6}
    assert {u.of for u in up.upgrades.values() if u.face == "weapon"} == set(WEAPONS)
    assert len(up.pool()) == 17 and len(up.pool(new_weapons=False)) == 14
    assert len(up.pool(new_modifications=False)) == 15 and len(up.pool(False, False)) == 12
    left = {u.of for u in up.pool(False, False)}
    assert not left & (set(d.sog_weapons.weapons) | set(d.sog_modifications.modifications))
    assert not {u.of for u in up.upgrades.values()} & {"smugglers_hold", "plank", "figurehead", "larger_hold"}


def test_sixteen_location_tokens(d: Defs) -> None:
    """MM-M9-01, MM-COMP-10: 8 kinds x 2, one per zone with a port; MM-M9-15 and -29: each kind's defence
    cards and bounty flags; reefs cannot be raided (MM-M9-82); the missionary's damage icons do nothing (-41)."""
    locs = d.locations.locations
    assert set(locs) == set(LOCATION_KINDS) and len(locs) == 8
    assert len(d.locations.tokens()) == 16 == len(PORTS) and all(x.tokens == 2 for x in locs.values())
    raid = {k: (x.raid.defence, x.raid.bounties) if x.raid else None for k, x in locs.items()}
    assert raid == {"pirate_haven": (4, (0, 0)), "missionary": (3, (1, 1)), "trading_post": (5, (1, 1)),
                    "native_village": (4, (0, 0)), "naval_fort": (6, (1, 1)), "prison": (4, (1, 1)),
                    "town": (5, (1, 1)), "reefs": None}
    assert [k for k, x in locs.items() if x.raid and not x.raid.damage] == ["missionary"]
    assert {k: x.visitors for k, x in locs.items() if x.visitors != "anyone"} == {
        "pirate_haven": "pirates", "trading_post": "non_pirates", "naval_fort": "non_pirates"}
    assert locs["trading_post"].visit == [E("trade", n=6, repeat=3)] and locs["town"].visit == [E("port_action", n=4, repeat=3)]
    assert locs["missionary"].visit == [E("buy_off_bounties", n=3)] and locs["prison"].visit == [E("hire_specialist", n=5)]
    assert (d.locations.visits_per_round, d.locations.glory_plunder, d.locations.apart) == (1, 12, ["trading_post"])


def test_the_goodwill_and_loyalty_boards(d: Defs) -> None:
    """MM-M10-01, -05 (the track from none to 5), MM-M11-02, -03 (levels in order, starting Content),
    MM-M11-07 (3 gold from Content to Pleased; the other steps ours)."""
    g = d.boards.goodwill
    assert (g.start, g.max, g.price, g.per_situation) == (0, 5, 2, 1)
    assert g.gain_on == ["buy", "mission_taken", "mission_completed"] and len(g.spend_on) == 4
    lv = d.boards.levels
    assert tuple(lv) == LOYALTY_LEVELS == ("happy", "pleased", "content", "restless", "unhappy", "angry", "mutiny")
    assert d.boards.loyalty.start == "content" and lv["content"].effects == []
    assert lv["content"].raise_price == 3 and d.boards.above("content") == "pleased" and d.boards.above("happy") is None
    assert {k: x.raise_price for k, x in lv.items()} == {"happy": None, "pleased": 4, "content": 3, "restless": 2,
                                                         "unhappy": 2, "angry": 1, "mutiny": None}
    assert lv["happy"].effects == [E("extra_die", skill="leadership", when="combat")]
    assert lv["angry"].effects == [E("extra_die", skill="leadership", when="combat", n=-1)]
    assert lv["mutiny"].effects == [E("mutiny_check", skill="leadership")]


# ---- the vocabulary ----
def test_every_effect_kind_is_allowed_somewhere_and_used(d: Defs) -> None:
    allowed = ZONE_KINDS | CAPTAIN_KINDS | MOD_KINDS | WEAPON_KINDS | VISIT_KINDS | LEVEL_KINDS
    assert allowed == set(get_args(Kind))
    assert {e.kind for e in found_in(d, Effect)} == set(get_args(Kind))


def test_the_document_explains_every_kind_and_file() -> None:
    text = DOC.read_text(encoding="utf-8")
    check_explained(text, [*get_args(Kind), *(f for f, _, _ in FILES.values())])
    assert "\n## Cards\n" in text        # the card decks' section, card_defs.py's helper writes it


@pytest.mark.parametrize(("raw", "message"), [
    ({"kind": "buy_price", "n": 2, "skill": "influence"}, "'buy_price' takes no skill"),
    ({"kind": "buy_draws", "n": 7}, "'buy_draws' needs repeat"),
    ({"kind": "discount", "service": "ship", "n": -5}, "needs a positive n"),
    ({"kind": "buy_draws", "n": 3, "repeat": 4}, "smaller than the first"),
    ({"kind": "teleport"}, "Input should be"),
])
def test_a_malformed_effect_is_refused(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Effect.model_validate(raw)


# ---- broken files ----
@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("base/map.toml", 'havana = "SW", tortuga = "SE"', 'havana = "W", tortuga = "SE"',
     "base/map.toml: nassau sees havana to the W, so havana sees nassau to the E, not NE"),
    ("base/map.toml", 'neighbours = { basse_terre = "N", bridgetown = "NE", caracas = "W" }',
     'neighbours = { basse_terre = "N", caracas = "W" }', "bridgetown lists trinidad as a neighbour, but trinidad does not list bridgetown"),
    ("base/map.toml", 'id = "caribbean_sea"\nname = "Caribbean Sea"\n', 'id = "caribbean_sea"\nname = "Caribbean Sea"\nnation = "spain"\n',
     r"base/map.toml: \[\[zone\]\] 'caribbean_sea': a zone with a port belongs to a nation"),
    ("base/map.toml", 'id = "trinidad"', 'id = "tobago"', r"\[\[zone\]\] 'tobago' id: Input should be"),
    ("base/map.toml", 'property = [{ kind = "demand_bonus", n = 1 }]', 'property = [{ kind = "storm_immune" }]',
     r"\[\[zone\]\] 'havana': a port property cannot storm_immune"),
    ("base/map.toml", '{ kind = "buy_price", n = 2 }', '{ kind = "buy_price", n = 2, skill = "influence" }',
     r"\[\[zone\]\] 'nassau' property.0: 'buy_price' takes no skill"),
    ("base/captains.toml", "skills = { seamanship = 2, scouting = 2, leadership = 3, influence = 3 }",
     "skills = { seamanship = 2, scouting = 2, leadership = 3, influence = 4 }", "'ines_valcarcel': a captain's four skills add up to 10, got 11"),
    ("base/captains.toml", 'home_port = "havana"', 'home_port = "nassau"', "'ines_valcarcel': home port nassau is not a spain port"),
    ("base/captains.toml", "seamanship = 4", "seamanship = 5", r"'edmund_hale' skills.seamanship: Input should be less than or equal to 4"),
    ("base/captains.toml", '{ kind = "demand_bonus", n = 1 }', '{ kind = "refill_crew" }', "a captain's ability cannot refill_crew"),
    ("base/ships.toml", "sale = 3", "sale = 12", r"\[\[ship\]\] 'sloop': a ship sells \(12\) for less than it costs \(10\)"),
    ("base/ships.toml", "reward = 5", "reward = 0", r"\[\[npc\]\] 'pirate_sloop': a reward is paid for pirate NPCs"),
    ("base/ships.toml", 'id = "navy_spain"', 'id = "navy_1"', r"\[\[npc\]\] 'navy_1': a navy NPC is 'navy_spain'"),
    ("base/ships.toml", 'ships = ["frigate", "man_o_war"]', 'ships = ["frigate"]', "a navy sails a frigate at peace and a man-o'-war at war"),
    ("seas_of_glory/ships.toml", "hull = 4", "hull = 5", "the treasure galleon is an unsold board token with a galleon's values"),
    ("seas_of_glory/ships.toml", 'replaces = "galleon"', 'replaces = "brig"', "'galleon_m1' replaces brig, not a base ship"),
    ("seas_of_glory/ships.toml", "hunts = false\n", "", "the treasure galleon needs hunts"),
    ("seas_of_glory/ships.toml", 'id = "pirate_brig"\nside = "pirate"\nships = ["brig"]', 'id = "pirate_flute"\nside = "pirate"\nships = ["flute"]',
     "tokens.toml: 1 black brig miniatures, but the NPC roster sails 0"),
    ("seas_of_glory/ships.toml", 'ships = ["brig"]', 'ships = ["flute"]', "a pirate NPC is 'pirate_flute' with a black miniature"),
    ("base/modifications.toml", "tokens = 2", "tokens = 3", "base/modifications.toml: 17 tokens, one per port"),
    ("base/modifications.toml", '{ kind = "opening_shot", n = 1 }', '{ kind = "skulls_to", location = "hull" }', "a ship modification cannot skulls_to"),
    ("seas_of_glory/weapons.toml", 'id = "spikes"', 'id = "chain_shot"', "each once"),
    ("base/weapons.toml", 'effects = [{ kind = "board_skull", n = 1 }]', 'effects = [{ kind = "stat", stat = "hull" }]', "a special weapon cannot stat"),
    ("base/tokens.toml", "[merchants]\nspain = 5", "[merchants]\nspain = 6", "18 merchant tokens for 17 zones"),
    ("base/tokens.toml", "netherlands = 5\n", "", "bounties are given for every nation; missing netherlands"),
    ("base/tokens.toml", 'ship = "sloop"\nplayer = 4\nblack = 1', 'ship = "sloop"\nplayer = 4\nblack = 2', "2 black sloop miniatures, but the NPC roster sails 1"),
    ("seas_of_glory/tokens.toml", 'directions = ["N", "NE"', 'directions = ["NE", "N"', "the 8 bearings clockwise from north"),
    ("seas_of_glory/tokens.toml", 'start = "caribbean_sea"', 'start = "nassau"', "the storm starts in the caribbean_sea"),
    ("seas_of_glory/tokens.toml", "pairs = 3", "pairs = 2", "2 pairs leave no pair for an extra mission slot"),
    ("seas_of_glory/npc_upgrades.toml", 'of = "cleaned_hull"', 'of = "plank"', "'cleaned_hull': plank is no modification an NPC can use"),
    ("seas_of_glory/npc_upgrades.toml", 'face = "none"', 'face = "two"', "one '0' token"),
    ("seas_of_glory/npc_upgrades.toml", 'of = "incendiary_shot"\nmodule = "weapons"', 'of = "incendiary_shot"',
     "'incendiary_shot': a Seas of Glory kind is taken out with its module"),
    ("seas_of_glory/npc_upgrades.toml", 'of = "spikes"\nmodule = "weapons"', 'of = "spikes"\nmodule = "modifications"',
     "taken out with Module modifications, not with weapons"),
    ("seas_of_glory/locations.toml", "tokens = 2", "tokens = 3", "17 tokens, one per zone with a port"),
    ("seas_of_glory/locations.toml", '[{ kind = "move_warship" }]', '[{ kind = "stat", stat = "hull" }]',
     r"\[\[location\]\] 'naval_fort': a location visit cannot stat"),
    ("seas_of_glory/boards.toml", 'start = "content"', 'start = "happy"', "loyalty starts on a level with no effect"),
    ("seas_of_glory/boards.toml", 'id = "happy"\nname = "Happy"\n', 'id = "happy"\nname = "Happy"\nraise_price = 5\n',
     "every level but the top"),
    ("seas_of_glory/boards.toml", 'id = "angry"', 'id = "furious"', r"\[\[level\]\] 'furious' id: Input should be"),
    ("seas_of_glory/captains.toml", 'id = "catalina_ribera"', 'id = "ines_valcarcel"', "ids already used by the base deck: ines_valcarcel"),
])
def test_a_broken_data_file_is_refused(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_defs(broken_copy(tmp_path, DATA_DIR, file, old, new))


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    check_missing_file_named(tmp_path, DATA_DIR, "seas_of_glory/boards.toml", load_defs, DataError)


def test_no_sentence_of_the_expansion_is_copied_into_the_data_or_its_document() -> None:
    """Names (captains the text names, modules' components) come from it; the rest is our own words:
    no run of eight words of the Seas of Glory text appears in a data file or the data document."""
    paths = [*(DATA_DIR / f for f, _, _ in FILES.values()), DOC]
    check_not_copied(paths, shared_text("rules", "merchants_marauders_seas_of_glory.txt"), what="the Seas of Glory text")
