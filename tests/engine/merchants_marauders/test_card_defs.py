"""Merchants & Marauders card data (data/merchants_marauders/{base,seas_of_glory}/): every file
validates, the counts and contents of the base reconstruction's section 8 and of Seas of Glory's
decks are in it, the icon and value distributions hold, the files agree with one another, and a
broken file is refused with a message naming the file, the row and the field. IDs: MM-* of
shared/rules/inventory/merchants_marauders_seas_of_glory.md, MMB-* of
docs/rules-coverage/merchants_marauders.md (Part 2)."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path
from statistics import mean
from typing import get_args

import pytest

from engine.merchants_marauders.card_defs import (
    DATA_DIR,
    FILES,
    Cards,
    DataError,
    cards,
    load_cards,
    load_file,
)
from engine.merchants_marauders.card_effects import Effect, Roll, Verb, Where
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.vocab import GOODS, NATIONS, PORTS, ZONES
from tests.engine.data_checks import (
    broken_copy,
    check_explained,
    check_headers_say_our_design,
    check_loaded_once,
    check_missing_file_named,
    check_not_copied,
)
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOCS = [REPO / "docs" / "merchants_marauders-data.md"]     # its "Cards" section explains the decks
NATION_CODE = {"ES": "spain", "EN": "england", "FR": "france", "NL": "netherlands"}


@pytest.fixture(scope="module")
def c() -> Cards:
    return load_cards()


def zone_id(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]+", "_", plain.lower().replace(".", "").replace("'", "")).strip("_")


def port_nations() -> dict[str, str]:
    """The nation of every port, from the reconstruction's map table (section 2)."""
    rows = re.findall(r"^\| ([^|]+?) \| (ES|EN|FR|NL) \|", shared_text("rules", "merchants_marauders_base.md"), re.M)
    return {zone_id(name): NATION_CODE[code] for name, code in rows}


@pytest.mark.parametrize("part", sorted(FILES))
def test_every_card_file_validates_on_its_own(part: str) -> None:
    load_file(DATA_DIR, part)


def test_every_card_file_says_it_is_parleys_own_design() -> None:
    check_headers_say_our_design(DATA_DIR, (f for f, _, _ in FILES.values()), "Parley's own design")


def test_the_whole_set_validates_and_is_loaded_once(c: Cards) -> None:
    check_loaded_once(cards, c)


def test_mmb_comp_02_the_base_decks_counts(c: Cards) -> None:
    b = c.base
    assert (len(b.cargo.cards), len(b.events.events), len(b.glory.deck()), len(b.rumours.rumours),
            len(b.missions.missions)) == (64, 34, 70, 25, 25)


def test_mmb_deck_01_eight_goods_of_eight_cards(c: Cards) -> None:
    assert Counter(card.good for card in c.base.cargo.cards.values()) == {g: 8 for g in GOODS}


def test_mmb_deck_02_plunder_values_and_raid_icons(c: Cards) -> None:
    deck = list(c.base.cargo.cards.values())
    assert {card.plunder for card in deck} == set(range(7))
    assert mean(card.plunder for card in deck) == 3
    icons = Counter(card.icon for card in deck)
    assert icons == {"hull": 6, "masts": 5, "crew": 5, "cannons": 5, "cargo": 3, "escape": 16, "blank": 24}
    for good in GOODS:
        mine = [card for card in deck if card.good == good]
        damage = [card.icon for card in mine if card.icon not in ("escape", "blank")]
        assert len(damage) == len(set(damage)) == 3, good          # no good shows a location twice
        assert sorted(card.plunder for card in mine) == [0, 1, 2, 3, 3, 4, 5, 6], good
        assert max(card.plunder for card in mine if card.icon == "blank") < min(
            card.plunder for card in mine if card.icon != "blank"), good   # richer merchants are guarded


def test_a_cargo_card_is_the_raid_rules_card(c: Cards) -> None:
    card = c.base.cargo.cards["sugar-5"]
    assert card.card() == CargoCard(id="sugar-5", good="sugar", plunder=3, icon="hull")


def test_mmb_deck_11_base_events(c: Cards) -> None:
    events = list(c.base.events.events.values())
    npcs = Counter((e.npc.side, e.npc.ship) for e in events if e.npc)
    want: dict[tuple[str, str], int] = {(n, "frigate"): 3 for n in NATIONS}
    assert npcs == {**want, ("pirate", "sloop"): 3, ("pirate", "frigate"): 3}
    assert Counter(e.kind for e in events if not e.npc) == {
        "storm": 3, "hurricane": 1, "war_or_peace": 2, "trade_boom": 2, "embargo": 1, "fever": 2, "fog": 2,
        "amnesty": 1, "convoy": 2}
    for e in events:
        if e.npc:
            skills = (e.npc.captain.seamanship, e.npc.captain.scouting, e.npc.captain.leadership)
            assert all(2 <= s <= 4 for s in skills), e.id
            assert e.npc.arrival in ZONES


def test_npc_captains_grow_with_their_ship(c: Cards) -> None:
    want = {("navy", "frigate"): 9, ("pirate", "sloop"): 8, ("pirate", "frigate"): 10, ("pirate", "brig"): 9,
            ("navy", "man_o_war"): 10, ("pirate", "man_o_war"): 11}
    for e in c.event_deck(sog=True):
        if e.npc:
            cap = e.npc.captain
            kind = "pirate" if e.npc.side == "pirate" else "navy"
            assert cap.seamanship + cap.scouting + cap.leadership == want[(kind, e.npc.ship)], e.id
    names = [e.npc.captain.name for e in c.event_deck(sog=True) if e.npc]
    assert len(names) == len(set(names))


def test_a_navy_arrives_off_a_port_of_its_own_nation(c: Cards) -> None:
    nation = port_nations()
    assert sorted(nation) == sorted(PORTS)
    for e in c.event_deck(sog=True):
        if e.npc and e.npc.side != "pirate":
            assert nation[e.npc.arrival] == e.npc.side, e.id


def test_mmb_deck_14_every_event_has_one_to_three_movement_icons(c: Cards) -> None:
    deck = c.event_deck(sog=True)
    for e in deck:
        assert 1 <= len(e.moves) <= 3, e.id
        assert len({m.npc for m in e.moves}) == len(e.moves), e.id
    groups = Counter(m.npc for e in deck for m in e.moves)
    assert set(groups) == {*NATIONS, "pirate"} and groups.most_common(1)[0][0] == "pirate"
    assert set(Counter(m.to for e in deck for m in e.moves)) == {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
    assert Counter(len(e.moves) for e in c.base.events.events.values()) == {1: 5, 2: 23, 3: 6}


def test_base_event_effects(c: Cards) -> None:
    ev = c.base.events.events
    storms = [e for e in ev.values() if e.kind in ("storm", "hurricane")]
    assert all(e.effects[0].n == 3 for e in storms)
    assert sorted(len(e.effects[0].zones or []) for e in storms) == [3, 3, 3, 5]
    fevers = [e.effects for e in ev.values() if e.kind == "fever"]
    assert fevers == [[Effect(do="crew_loss", where="at_sea")]] * 2
    fogs = [e.effects for e in ev.values() if e.kind == "fog"]
    assert fogs == [[Effect(do="skill_modifier", skill="scouting", dice=-1)]] * 2


def test_mmb_deck_10_glory_cards(c: Cards) -> None:
    deck = c.glory_deck()
    assert len(deck) == 70
    specialists = Counter(g.specialist for g in deck if g.specialist)
    assert specialists == {k: 3 for k in ("navigator", "lookout", "boatswain", "envoy", "gunner", "surgeon",
                                          "carpenter", "quartermaster")}
    assert Counter(g.family for g in deck if not g.specialist) == {"combat": 18, "trade": 10, "sailing": 10, "fortune": 8}
    combat = Counter(g.effects[0].do for g in deck if g.family == "combat")
    assert combat == {"reroll": 6, "extra_dice": 4, "extra_hits": 4, "cancel_hits": 4}


def test_mmb_deck_04_and_06_base_rumours(c: Cards) -> None:
    rumours = list(c.base.rumours.rumours.values())
    assert Counter(r.truth for r in rumours) == {True: 17, False: 8}
    assert Counter(r.reward.do for r in rumours if r.truth) == {"gold": 7, "cargo": 5, "specialist": 3, "modification": 2}
    assert all(5 <= r.reward.n <= 10 for r in rumours if r.reward.do == "gold")
    assert all(r.reward.n in (2, 3) for r in rumours if r.reward.do == "cargo")
    # a false lead promises the same kinds of reward, so the promise does not give it away
    assert {r.reward.do for r in rumours if not r.truth} <= {"gold", "cargo", "specialist", "modification"}
    assert {r.at for r in rumours} == {"sea", "port"}
    assert c.base.rumours.glory_when_true == 1


def test_mm_repl_01_a_rumours_symbol_always_matches_where_it_is_investigated(c: Cards) -> None:
    for r in [*c.rumour_deck(sog=True, contraband=True), *c.sog.rumours.replacements.values()]:
        assert r.check == ("scouting" if r.at == "sea" else "influence"), r.id
        assert r.at == "sea" or r.target != "caribbean_sea"


def test_mm_repl_02_and_mm_m7_31_the_cargo_rumour_is_swapped_under_contraband(c: Cards) -> None:
    (new,) = c.sog.rumours.replacements.values()
    old = c.base.rumours.rumours[new.replaces]
    assert (new.name, new.target, new.truth) == (old.name, old.target, old.truth)
    assert not old.reward.contraband and new.reward.contraband and new.module == 7
    plain, smuggling = c.rumour_deck(), c.rumour_deck(contraband=True)
    assert old in plain and new not in plain
    assert new in smuggling and old not in smuggling and len(smuggling) == 25
    blind = [r.id for r in c.rumour_deck(sog=True, contraband=True) if r.reward.do == "cargo" and not r.reward.contraband]
    assert blind == []


def test_mmb_deck_08_and_09_base_missions(c: Cards) -> None:
    missions = list(c.base.missions.missions.values())
    assert Counter(m.kind for m in missions) == {"delivery": 8, "passenger": 5, "hunt": 5, "survey": 4, "envoy": 3}
    for m in missions:
        assert m.claim in PORTS and 5 <= m.reward.n <= 15, m.id
        assert m.target != m.claim, m.id
    assert all(m.test.n == 1 for m in missions if m.kind == "passenger")
    assert all(2 <= m.test.n <= 4 for m in missions if m.kind == "delivery")
    assert (c.base.missions.glory, c.base.missions.slots) == (1, 2)
    hunted = {(m.test.npc, m.test.ship) for m in missions if m.kind == "hunt"}
    assert hunted <= c.base.events.npcs()


def test_mm_comp_13_seas_of_glory_decks(c: Cards) -> None:
    s = c.sog
    assert (len(s.events.events), len(s.rumours.rumours), len(s.missions.missions)) == (16, 25, 25)
    assert Counter(r.truth for r in s.rumours.rumours.values()) == {True: 17, False: 8}
    assert Counter(m.kind for m in s.missions.missions.values()) == {
        "delivery": 6, "passenger": 4, "hunt": 6, "survey": 4, "envoy": 3, "raid": 2}


def test_mm_m1_05_06_and_11_the_new_events(c: Cards) -> None:
    events = list(c.sog.events.events.values())
    npcs = Counter((e.npc.side, e.npc.ship) for e in events if e.npc)
    navies: dict[tuple[str, str], int] = {(n, "man_o_war"): 1 for n in NATIONS}
    assert npcs == {("pirate", "brig"): 3, ("pirate", "man_o_war"): 2, **navies}
    (mercenaries,) = [e for e in events if e.kind == "mercenaries"]
    assert mercenaries.effects == [Effect(do="extra_mission_slot")]
    (war,) = [e for e in events if e.kind == "declared_war"]
    assert war.effects[0].nations == ["england", "spain"]
    # hunts may name the new NPCs, and each one an event of the decks in play brings in
    hunted = {(m.test.npc, m.test.ship) for m in c.sog.missions.missions.values() if m.kind == "hunt"}
    assert ("pirate", "brig") in hunted and hunted <= c.base.events.npcs() | c.sog.events.npcs()


def test_mm_m1_01_and_02_new_rumours_and_missions_double_the_decks_mixed_or_apart(c: Cards) -> None:
    for decks in (c.rumour_decks, c.mission_decks):
        (base,) = decks("off")
        (mixed,) = decks("mixed")
        first, second = decks("separate")
        assert len(base) == len(second) == 25 and len(mixed) == 50
        assert first == base and mixed == base + second
    first, second = c.rumour_decks("separate", contraband=True)
    assert c.sog.rumours.replacements["sru-r1"] in first


def test_mm_m1_03_the_new_events_only_join_the_base_deck(c: Cards) -> None:
    assert c.event_deck() == list(c.base.events.events.values())
    mixed = c.event_deck(sog=True)
    assert len(mixed) == 50 and mixed[:34] == c.event_deck()


def test_mm_comp_12_the_contraband_cards(c: Cards) -> None:
    deck = list(c.sog.contraband.cards.values())
    assert len(deck) == 32
    assert Counter(card.good for card in deck) == {g: 4 for g in GOODS}
    assert Counter(card.port for card in deck) == {p: 2 for p in PORTS}
    for port in PORTS:
        goods = [card.good for card in deck if card.port == port]
        assert len(set(goods)) == 2, port
    assert Counter(card.icon for card in deck) == {"hull": 4, "masts": 3, "crew": 3, "cannons": 4, "cargo": 2,
                                                  "escape": 8, "blank": 8}
    assert mean(card.plunder for card in deck) == 3
    assert Counter(card.contraband for card in deck) == {k: 8 for k in ("embargoed", "untaxed", "stolen", "captives")}
    assert (c.sog.contraband.sale_gold, c.sog.contraband.sales_per_glory) == (10, 2)


def test_mm_m7_01_and_02_contraband_shuffles_into_the_goods_deck_as_goods(c: Cards) -> None:
    assert len(c.cargo_deck()) == 64
    deck = c.cargo_deck(contraband=True)
    assert len(deck) == 96
    smuggled = c.sog.contraband.cards["cb-rum-1"]
    assert smuggled in deck and smuggled.card() == CargoCard(id="cb-rum-1", good="rum", plunder=1, icon="blank")


def test_ids_and_names_are_unique_across_every_deck(c: Cards) -> None:
    names = [e.name for e in c.event_deck(sog=True)] + [g.name for g in c.base.glory.cards.values()]
    names += [r.name for r in c.rumour_deck(sog=True)] + [m.name for m in c.mission_deck(sog=True)]
    assert len(names) == len({n.lower() for n in names})


def test_no_card_bears_a_name_of_the_real_game() -> None:
    """Every name is ours: none is a name the expansion quotes (its cards, events, captains)."""
    sog = shared_text("rules", "merchants_marauders_seas_of_glory.txt")
    quoted = {q.lower() for q in re.findall(r'"([^"]{3,40})"', sog)} | {"christian marquis", "alexander villon"}
    c = load_cards()
    ours = [e.name for e in c.event_deck(sog=True)] + [e.npc.captain.name for e in c.event_deck(sog=True) if e.npc]
    ours += [g.name for g in c.base.glory.cards.values()] + [r.name for r in c.rumour_deck(sog=True)]
    ours += [m.name for m in c.mission_deck(sog=True)]
    assert not {n for n in ours if n.lower() in quoted or any(q in n.lower() for q in quoted if " " in q)}


def cards_sections() -> str:
    """The "## Cards" section of the data document (or of the cards document beside it)."""
    texts = [p.read_text(encoding="utf-8") for p in DOCS if p.exists()]
    return "\n".join(t.split("## Cards", 1)[1] for t in texts if "## Cards" in t)


def test_every_verb_is_used_and_explained(c: Cards) -> None:
    used = {e.do for ev in c.event_deck(sog=True) for e in ev.effects} | {e.do for g in c.glory_deck() for e in g.effects}
    used |= {r.reward.do for r in c.rumour_deck(sog=True)} | {m.test.do for m in c.mission_deck(sog=True)}
    used |= {m.reward.do for m in c.mission_deck(sog=True)}
    assert used == set(get_args(Verb))
    rolls = {e.roll for g in c.glory_deck() for e in g.effects if e.roll}
    wheres = {e.where for ev in c.event_deck(sog=True) for e in ev.effects if e.where}
    assert (rolls, wheres) == (set(get_args(Roll)), set(get_args(Where)))
    check_explained(cards_sections(), [*get_args(Verb), *get_args(Roll), *get_args(Where)])


def test_no_expansion_sentence_is_copied_into_the_card_data() -> None:
    def cards_part(path: Path) -> str:
        text = path.read_text(encoding="utf-8")
        return text.split("## Cards", 1)[1] if path.suffix == ".md" and "## Cards" in text else text

    paths = [DATA_DIR / f for f, _, _ in FILES.values()] + [p for p in DOCS if p.exists()]
    check_not_copied(paths, shared_text("rules", "merchants_marauders_seas_of_glory.txt"), what="the expansion",
                     text_of=cards_part)


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("base/cargo.toml", 'icon = "hull"', 'icon = "deck"', r"base/cargo.toml: \[\[card\]\] 'sugar-5' icon: Input should be"),
    ("base/cargo.toml", "plunder = 6", "plunder = 7", r"\[\[card\]\] 'sugar-8' plunder: Input should be less than or equal to 6"),
    ("base/cargo.toml", 'good = "rum"', 'good = "sugar"', "every good has as many cards"),
    ("base/events.toml", 'moves = [{ npc = "spain", to = "S" }, { npc = "pirate", to = "E" }]', "moves = []",
     r"\[\[event\]\] 'ev-01' moves: List should have at least 1 item"),
    ("base/events.toml", '{ npc = "pirate", to = "E" }]', '{ npc = "spain", to = "E" }]', "moves each NPC group at most once"),
    ("base/events.toml", 'to = "S" }', 'to = "SSW" }', r"'ev-01' moves.0.to: Input should be"),
    ("base/events.toml", 'ship = "sloop"', 'ship = "galleon"', "a pirate NPC sails a brig or frigate or man_o_war or sloop, not a galleon"),
    ("base/events.toml", 'arrival = "havana"', 'arrival = "caribbean_sea"', "a navy's arrival zone is a port"),
    ("base/events.toml", "seamanship = 4", "seamanship = 5", "npc.captain.seamanship: Input should be less than or equal to 4"),
    ("base/events.toml", '{ do = "war_or_peace" }', '{ do = "reroll", roll = "crew_clash" }', "reroll cannot be on an event card"),
    ("base/events.toml", 'kind = "fog"', 'kind = "fever"', "a fever event resolves with 'crew_loss'"),
    ("base/events.toml", '{ do = "refill_merchants" }', '{ do = "refill_merchants", n = 2 }', "'refill_merchants' happens once"),
    ("base/events.toml", 'zones = ["tortuga", "santo_domingo"', 'zones = ["tortuga", "tortuga"', "each once"),
    ("base/glory.toml", '{ do = "skill_die", skill = "seamanship" }', '{ do = "skill_die", skill = "scouting" }',
     "a navigator does 'skill_die' to seamanship"),
    ("base/glory.toml", 'family = "trade"', 'family = "sailing"', "sale_bonus cannot be on a sailing glory card"),
    ("base/glory.toml", 'roll = "seamanship_contest", n = 2', "n = 2", "'extra_dice' needs roll"),
    ("base/glory.toml", 'specialist = "navigator"\n', "", "names its specialist kind"),
    ("base/rumours.toml", 'check = "influence"', 'check = "scouting"',
     r"base/rumours.toml: \[\[rumour\]\] 'ru-01': a rumour investigated in port shows the influence symbol, not scouting"),
    ("base/rumours.toml", 'target = "caribbean_sea"\nat = "sea"\ncheck = "scouting"', 'target = "caribbean_sea"\nat = "port"\ncheck = "influence"',
     "a port rumour's target is a port"),
    ("base/rumours.toml", "distinct_goods = true }", "distinct_goods = true, contraband = true }",
     r"the replacements stand in for \['ru-12'\], but the base rumours whose cargo ignores contraband are \[\]"),
    ("base/rumours.toml", '{ do = "gold", n = 8 }', '{ do = "defeat", npc = "pirate", ship = "sloop" }', "defeat cannot be on a rumour"),
    ("seas_of_glory/rumours.toml", 'replaces = "ru-12"', 'replaces = "ru-11"', "the replacements stand in for"),
    ("seas_of_glory/rumours.toml", 'check = "influence"\ntruth = true\nreward = { do = "cargo", n = 3, distinct_goods = true, contraband = true }',
     'check = "influence"\ntruth = false\nreward = { do = "cargo", n = 3, distinct_goods = true, contraband = true }',
     "'sru-r1' keeps ru-12's target and truth"),
    ("base/missions.toml", 'npc = "pirate", ship = "sloop"', 'npc = "pirate", ship = "brig"',
     "base/missions.toml: \\[\\[mission\\]\\] 'mi-14' hunts a pirate brig, which no event card of its decks brings in"),
    ("base/missions.toml", "n = 14 }", "n = 16 }", "a mission pays 5 to 15 gold, not 16"),
    ("base/missions.toml", 'claim = "havana"\ntarget = "bridgetown"', 'claim = "havana"\ntarget = "havana"',
     "a delivery mission is done away from the port where it is claimed"),
    ("base/missions.toml", '{ do = "check", skill = "scouting", n = 2 }', '{ do = "check", skill = "influence", n = 2 }',
     "a survey mission tests 'check' with scouting"),
    ("base/missions.toml", 'claim = "port_royal"\ntest', 'claim = "port_royal"\ntarget = "nassau"\ntest', "a hunt has no target zone"),
    ("seas_of_glory/contraband.toml", 'port = "nassau"', 'port = "caribbean_sea"', "a contraband card's sale port is a port"),
    ("seas_of_glory/contraband.toml", 'port = "nassau"', 'port = "havana"', "every sale port has as many cards"),
    ("seas_of_glory/events.toml", 'id = "sev-01"', 'id = "ev-01"', "seas_of_glory/events.toml: id 'ev-01' is also used in base/events.toml"),
    ("seas_of_glory/events.toml", 'ship = "brig"', 'ship = "flute"', "a pirate NPC sails"),
    ("seas_of_glory/events.toml", 'nations = ["england", "spain"]', 'nations = ["spain", "spain"]', "two different nations"),
    ("seas_of_glory/missions.toml", 'name = "Sailcloth Wanted"', 'name = "Sugar for the Refiners"', "is named 'Sugar for the Refiners'"),
])
def test_a_broken_card_file_is_refused(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_cards(broken_copy(tmp_path, DATA_DIR, file, old, new))


def test_a_missing_or_garbled_file_is_named(tmp_path: Path) -> None:
    data = check_missing_file_named(tmp_path, DATA_DIR, "base/glory.toml", load_cards, DataError)
    (data / "base" / "glory.toml").write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(DataError, match="base/glory.toml: not valid TOML"):
        load_cards(data)
