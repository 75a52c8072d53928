"""Fortunes of Scoundrel Bay component data (data/scoundrel_bay/): every file validates, the
rulebook's counts and printed numbers are in it, the files agree with one another, the design keeps
the balance docs/scoundrel_bay-data.md describes, and a broken file is refused with a message that
names the problem. Inventory IDs (SB-…) are those of shared/rules/inventory/scoundrel_bay.md."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, get_args

import pytest

from engine.scoundrel_bay.defs import (
    DATA_DIR,
    FILES,
    HARBORS,
    DataError,
    Defs,
    Gain,
    RegionKind,
    Reward,
    defs,
    load_defs,
    load_file,
)
from tests.engine.data_checks import (
    broken_copy,
    check_headers_say_our_design,
    check_loaded_once,
    check_missing_file_named,
    check_not_copied,
    found_in,
)
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def d() -> Defs:
    return load_defs()


def rewards_in(obj: Any) -> list[Reward]:
    """Every Reward anywhere inside a model, list or dict, and inside a reward's price."""
    return [r for x in found_in(obj, Reward) for r in (x, *rewards_in(x.price))]


@pytest.mark.parametrize("part", sorted(FILES))
def test_every_data_file_validates_on_its_own(part: str) -> None:
    load_file(DATA_DIR, part)


def test_every_data_file_says_it_is_our_design() -> None:
    """DESIGN.md, "Data files": each file's header says it is Parley's design following the rulebook."""
    check_headers_say_our_design(DATA_DIR, (f for f, _, _ in FILES.values()), "Parley's own design following the rulebook", lines=4)
    # help.toml is the /rules text, checked by engine/core/help.py and test_help.py
    assert sorted(f for f, _, _ in FILES.values()) == sorted(p.name for p in DATA_DIR.glob("*.toml") if p.name != "help.toml")


def test_the_whole_set_validates_and_is_loaded_once(d: Defs) -> None:
    check_loaded_once(defs, d)


def test_component_counts_are_the_rulebooks(d: Defs) -> None:
    """SB-COMP-02 … SB-COMP-16, SB-STAGE-01, SB-OVER-05."""
    assert len(d.cards.cards) == 84
    assert sorted(d.cards.starting) == [1, 2, 3, 4]
    assert sorted(d.player_boards.boards) == [1, 2, 3, 4]
    assert len(d.treasures.treasures) == 30
    assert {t.type for t in d.treasures.treasures.values()} == {1, 2, 3}
    assert len(d.crates.crates) == 42
    assert {c.type for c in d.crates.crates.values()} == {1, 2, 3}
    assert len(d.monsters.monsters) == 20
    assert Counter(m.type for m in d.monsters.monsters.values()) == {"skeleton": 5, "siren": 5, "harpy": 5, "kraken": 5}
    assert len(d.events.events) == 8
    assert d.supply.unlock_tiles == 8
    assert d.supply.resources == {"ring": 14, "map": 18, "rum": 20, "food": 28}
    assert d.supply.doubloon_tokens == {1: 28, 5: 20, 10: 20, 50: 4}
    assert d.supply.pirates_per_colour * 4 == 108
    assert len(d.milestones.milestones) == 4
    assert all(tile.a and tile.b for tile in d.milestones.milestones.values())   # both sides
    assert len(d.milestones.upgrades) == 12
    assert Counter(u.milestone for u in d.milestones.upgrades.values()) == {"treasure": 3, "crate": 3, "monster": 3, "hideout": 3}
    assert len(d.captains.captains) == 6
    assert len(d.harbor_tokens.tokens) == 12
    assert [r.number for r in d.board.reefs] == [1, 2, 3, 4, 5]
    assert d.board.regions[str(d.board.reefs[4].at)].name == "Arbega"
    assert sorted(h.name for h in d.board.of_kind("harbor")) == sorted(HARBORS)
    assert d.monsters.die.faces.count("critical") == 1 and d.monsters.die.faces.count("miss") == 1


def test_named_components_are_the_rulebooks(d: Defs) -> None:
    """The events (SB-EVT), captain powers (SB-CPOW-08 … 18) and milestone sides (SB-MILE-04 … 11)."""
    assert sorted(e.name for e in d.events.events.values()) == sorted([
        "Too Good to be True", "Scoundrels' Arrival", "Scoundrels on the Move", "The Dockmaster",
        "The Mysterious Merchant", "The Scoundrels' Spoils", "The Rat King's Due", "Walk the Plank"])
    assert sum(e.kind.startswith("bid-") for e in d.events.events.values()) == 5          # SB-BID-01
    assert sorted(c.name for c in d.captains.captains.values()) == sorted(
        f"Capt. {n}" for n in ("Rumwhistle", "Beastbane", "Barrelbeard", "Goldtongue", "Shivsmile", "Old Salty"))
    hideout = d.milestones.milestones["hideout"]
    assert hideout.a[0].count == "hideouts_occupied" and hideout.a[0].at_least == 3
    assert (hideout.b[0].region_kind, hideout.b[0].flag) == ("hideout", "blue")


def test_numbers_the_rulebook_prints_are_in_the_data(d: Defs) -> None:
    """Setup, rules text and worked examples: SB-PSETUP-09/10, SB-2PSET-02/03/04, SB-BUY-01/02,
    SB-SCOUT-01, SB-STAGE-03/04/05, SB-HARBOR-21/22/24/25, SB-HARBSC-05, SB-HIDEOUT-05, SB-DMG-02,
    SB-GRAVE-09, SB-REP-05, SB-RL-08, SB-SAIL-12, SB-RECRUIT-05, SB-DIG-10, SB-HARBOR-23, SB-MILE-12,
    SB-EVT-07 … 13, SB-CPOW-22 … 27 and the rules' own numbers."""
    start = d.supply.start
    assert (start.ring, start.map, start.rum, start.food) == (1, 2, 3, 4)
    assert (start.active_pirates, start.unlock_tiles, start.drawn_cards, start.doubloons) == (4, 1, 2, [6, 7, 8, 9])
    assert d.supply.ghosts.harbors == {"port-harleem": 4, "cabyss": 4, "dodge-harbor": 4, "arbega": 4, "scoundrel-bay": 2}
    assert d.supply.ghosts.reserve == 5
    assert d.cards.display.costs[0] == 0 and max(d.cards.display.costs) == 2 and d.cards.display.scout_rum == 3
    assert [r.first_past for r in d.board.reefs] == [[Reward(gain="reputation")], [], [], [], [Reward(gain="reputation")]]
    cabyss = d.board.by_name("Cabyss")
    assert cabyss.ship is not None and cabyss.ship.swords == 5
    assert cabyss.ship.rewards == [Reward(gain="rum"), Reward(gain="map")]
    assert any(o.food == 3 and o.rewards == [Reward(gain="gun"), Reward(gain="shield")]
               and o.alternative == [Reward(gain="ship_repair")] for o in cabyss.market)
    assert all(h.market[0].food == 1 and h.market[0].rewards == [Reward(gain="sword")] for h in d.board.of_kind("harbor"))
    assert d.board.by_name("Dodge Harbor").gold == [16, 10, 6]
    assert any((h.swords, h.maps) == (6, 2) for h in d.board.of_kind("hideout"))
    assert 6 in d.player_boards.tracks.ship_damage.gold
    assert any(s.gold == 20 for s in d.reputation.spaces.values())
    bonuses = [d.reputation.spaces[n].bonus for n in sorted(d.reputation.spaces)]
    assert [[Reward(gain="food")], [Reward(gain="ring")]] in [bonuses[i:i + 2] for i in range(len(bonuses) - 1)]
    siren = d.monsters.types["siren"]
    assert siren.rewards == [Reward(gain="reputation"), Reward(gain="ring")]
    assert sorted(x.suffer for x in siren.losses) == ["pirate_dies", "ship_damage"]
    assert any(c.sun == [Reward(gain="map", n=2)] for c in d.cards.cards.values())
    assert any(c.flag == "blue" and c.pirates == 2 and sorted(c.tools) == ["gun", "shield"] for c in d.cards.cards.values())
    dug: Counter[str] = Counter()
    for r in [*d.treasures.treasures["treasure-1-01"].rewards, *d.treasures.treasures["treasure-3-01"].rewards]:
        dug[r.gain] += r.n
    assert dug == {"doubloons": 15, "rum": 2, "map": 1, "shield": 1, "sword": 1}
    crates = d.crates.crates.values()
    assert any(c.pirates == 2 and c.doubloons == 10 for c in crates) and any(c.pirates == 1 and c.doubloons // 2 == 3 for c in crates)
    assert d.milestones.doubloons == [6, 4, 2] and d.milestones.discard_reputation == 1
    events = {e.id: e for e in d.events.events.values()}
    assert events["the-dockmaster"].choices[0] == [Reward(gain="ring"), Reward(gain="ship_repair", n=2)]
    assert events["the-mysterious-merchant"].choices[2] == [Reward(gain="reputation")]
    assert events["the-scoundrels-spoils"].choices[2] == [Reward(gain="gun"), Reward(gain="doubloons", n=5)]
    assert [(p.suffer, p.n) for p in events["the-rat-kings-due"].punishment] == [("any_resource", 3)]
    assert [(p.suffer, p.n) for p in events["walk-the-plank"].punishment] == [("pirate_dies", 2)]
    assert sorted((c.back.per, c.back.doubloons) for c in d.captains.captains.values()) == [
        ("crew_pirate_symbol", 1), ("harbor_occupied", 4), ("hideout_occupied", 3), ("pirate_on_board", 1),
        ("reputation_gained", 2), ("sword_and_gun_level", 1)]
    rules = d.rules
    assert (rules.captain.strength, rules.captain.flags, rules.captain.food, rules.feed["pirate_food"]) == (2, 1, 2, 1)
    assert rules.moves["bridge_swords"] == 5 and rules.exchange["resource_sale_doubloons"] == 2
    assert (rules.overflow.tool_reputation, rules.overflow.reputation_doubloons) == (1, 5)
    assert rules.overflow.ship_damage[0].n == 10
    assert rules.scoring.scoundrel_bay == [10, 7] and (rules.scoring.village_gold, rules.scoring.sick_gold) == (2, 2)
    assert rules.end == {"trigger_reef": 5, "extra_turns": 2}
    assert rules.sail.rewards == {1: ["star", "sun", "moon"], 2: ["sun", "moon"], 3: ["moon"]}
    assert rules.setup == {3: [2], 4: [2, 3]}


def test_the_route_is_one_way_and_comes_back_round_arbega(d: Defs) -> None:
    """SB-COMP-02, SB-PSETUP-11, SB-SAIL-02, SB-END-06."""
    board = d.board
    route = board.route()
    assert sorted(route) == sorted(s.number for s in board.sea)          # one loop through every space
    assert [n for n in route if board.space(n).monster is None] == [board.start]
    assert board.space(route[-1]).next == board.start
    assert route[-1] in board.by_name("Arbega").seas and board.start in board.by_name("Port Harleem").seas
    where = [route.index(r.after) for r in board.reefs]
    assert where == sorted(where)
    assert Counter(board.space(n).monster for n in route[1:]) == Counter(m.type for m in d.monsters.monsters.values())


def test_regions_refer_to_what_exists(d: Defs) -> None:
    """Regions touch real sea spaces, every space touches a region, hideouts hang on bridges, and the
    board allows the rulebook's two combined invasions (SB-INVADE-11, SB-HARBOR-13)."""
    board, seas, flown = d.board, {s.number for s in d.board.sea}, {r.flag for r in d.board.regions.values()}
    assert all(set(r.seas) <= seas for r in board.regions.values())
    assert seas == {n for r in board.regions.values() for n in r.seas}
    for link in board.links:
        assert set(link.between) <= set(board.regions)
        assert link.bridge == any(board.regions[x].kind == "hideout" for x in link.between)
    assert all(any(h.id in link.between for link in board.links) for h in board.of_kind("hideout"))
    by_sea = {n: [r for r in board.regions.values() if n in r.seas] for n in seas}
    # one black card can land pirates in a hideout and a harbor, and can plunder then deliver
    assert any({("hideout", "black"), ("harbor", "black")} <= {(r.kind, r.flag) for r in rs} for rs in by_sea.values())
    assert any({("village", f), ("harbor", f)} <= {(r.kind, r.flag) for r in rs} for rs in by_sea.values() for f in flown)


def test_flags_letters_and_ghosts_agree_across_files(d: Defs) -> None:
    """Every card flies a colour the board flies; crates go to real harbors; ghost actions never run dry."""
    flown = Counter(r.flag for r in d.board.regions.values())
    assert flown == {"blue": 5, "black": 5, "yellow": 5, "red": 5}
    assert {c.flag for c in [*d.cards.cards.values(), *d.cards.starting.values()]} <= set(flown)
    assert all(set(b.flags) == set(flown) for b in d.player_boards.boards.values())
    letters = {h.letter for h in d.board.of_kind("harbor")}
    assert {c.letter for c in d.crates.crates.values()} == letters - {None}
    assert d.board.by_name("Scoundrel Bay").letter is None
    assert d.board.regions[d.supply.ghosts.reserve_region].kind == "beach"
    ghosts = [e.ghost for e in d.events.events.values()]
    assert sum(g.action == "add" for g in ghosts) <= d.supply.ghosts.reserve
    for harbor, n in Counter(g.harbor for g in ghosts if g.action == "remove").items():
        assert n <= d.supply.ghosts.harbors[harbor]
    assert any(r.flag == "blue" for r in d.board.of_kind("hideout"))          # the hideout milestone's side B


def test_every_reward_of_the_appendix_appears_somewhere(d: Defs) -> None:
    """SB-REWARD-01 … 18: each reward word is used by at least one component."""
    used = {r.gain for r in rewards_in(d)}
    assert used == set(get_args(Gain))


def test_the_design_keeps_its_balance(d: Defs) -> None:
    """The choices docs/scoundrel_bay-data.md explains, held so an edit that breaks one is noticed."""
    cards = list(d.cards.cards.values())
    for flag in ("blue", "black", "yellow", "red"):
        mine = [c for c in cards if c.flag == flag]
        assert Counter(c.pirates + len(c.tools) for c in mine) == {4: 7, 3: 8, 2: 6}
    leanings: list[tuple[RegionKind, str]] = [("hideout", "hideouts"), ("beach", "beaches"), ("village", "villages")]
    for kind, leaning in leanings:
        leading, n = Counter(r.flag for r in d.board.of_kind(kind)).most_common(1)[0]
        assert (d.cards.leanings[leading], n) == (leaning, 3)
    assert {r.kind for r in d.board.regions.values() if r.flag == "blue"} == {"harbor", "village", "beach", "hideout"}
    assert all(t.pirates == t.type for t in d.treasures.treasures.values())
    assert all(c.pirates == c.type and c.doubloons % 2 == 0 for c in d.crates.crates.values())
    printed = [sum(h.gold[p] for h in d.board.of_kind("harbor") if h.gold) for p in range(3)]
    assert [sum(t.gold for t in d.harbor_tokens.tokens if t.place == p + 1) for p in range(3)] == printed
    assert len({sum(v for k, v in b.start.items() if k != "ship_damage") for b in d.player_boards.boards.values()}) == 1
    assert all(sum(b.flags.values()) == 5 for b in d.player_boards.boards.values())
    base_totals = {(m.type, m.guns + m.shields) for m in d.monsters.monsters.values()}
    assert sorted(base_totals) == [("harpy", 6), ("kraken", 8), ("siren", 4), ("skeleton", 2)]


def broken(tmp_path: Path, file: str, old: str, new: str, every: bool = False) -> Path:
    return broken_copy(tmp_path, DATA_DIR, file, old, new, every)


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("cards.toml", 'flag = "blue"', 'flag = "green"',
     r"cards.toml: \[\[card\]\] 'blue-01' flag: Input should be 'blue', 'black', 'yellow' or 'red', got 'green'"),
    ("cards.toml", 'gain = "rum"', 'gain = "parrot"', r"\[\[card\]\] 'blue-01' sun.0.gain: .* got 'parrot'"),
    ("cards.toml", 'id = "blue-02"', 'id = "blue-01"', r"\[\[card\]\] id 'blue-01' is listed twice"),
    ("cards.toml", '{gain = "cook"}', '{gain = "cook", n = 2}', "'cook' is taken once"),
    ("board.toml", "seas = [2, 3]", "seas = [2, 30]", r"region tarwick touches sea spaces that do not exist: \[30\]"),
    ("board.toml", "{ number = 5,  next = 6,", "{ number = 5,  next = 7,", "the route forks"),
    ("board.toml", "{ number = 21, next = 1,", "{ number = 21, next = 21,", "the route forks|one loop"),
    ("board.toml", 'at = "arbega"', 'at = "cinderfall"', "reef 5 is at 'cinderfall', which is not a region beside it"),
    ("board.toml", "{ number = 5, after = 20,", "{ number = 5, after = 3,", "reefs must follow one another"),
    ("board.toml", 'name = "Cabyss"', 'name = "Cabbage"', "the harbors must be exactly"),
    ("board.toml", '["crows-hollow", "tarwick"], bridge = true', '["crows-hollow", "tarwick"]', "reached by bridges"),
    ("board.toml", "maps = 1\nswords = 4", "swords = 4", "'crows-hollow': a hideout needs maps"),
    ("board.toml", "crate_spaces = [1, 2]", "crate_spaces = [1, 2]\nmaps = 2", "'tarwick': a village has no maps"),
    ("board.toml", "{ number = 1,  next = 2 },", '{ number = 1,  next = 2, monster = "siren" },', "only sea space without a monster"),
    ("crates.toml", 'letter = "P"', 'letter = "Q"', "crate crate-1-01 is addressed to 'Q'"),
    ("crates.toml", 'contents = [{gain = "rum"}', 'contents = [{gain = "reputation"}', "resources and tools only"),
    ("events.toml", 'harbor = "cabyss"', 'harbor = "tarwick"', "moves a ghost in 'tarwick', which is not a harbor"),
    ("events.toml", "moves = 2", "", "a pirate-moves event takes exactly"),
    ("monsters.toml", 'type = "kraken"\nguns = 4', 'type = "harpy"\nguns = 4', "but board.toml has monster spaces"),
    ("monsters.toml", '"critical", "miss"', '"critical", "critical"', "one critical hit and one miss"),
    ("harbor_tokens.toml", "gold = 3", "gold = 30", "every 1st-place token"),
    ("player_boards.toml", "sword = 1,", "sword = 0,", "board 1: sword must start between 1 and 10"),
    ("reputation.toml", "gold = 45", "gold = 40", "never fall"),
    ("milestones.toml", 'milestone = "crate"', 'milestone = "crates"', r"\[\[upgrade\]\] 'fair-trader' milestone"),
    ("supply.toml", 'reserve_region = "driftbone-beach"', 'reserve_region = "atlantis"', "the reserve in a region"),
    ("captains.toml", 'per = "hideout_occupied"', 'per = "crew_pirate_symbol"', "share a back"),
    ("rules.toml", "trigger_reef = 5", "trigger_reef = 6", "not one of board.toml's reefs"),
])
def test_a_broken_data_file_is_refused(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_defs(broken(tmp_path, file, old, new))


def test_a_card_flying_a_colour_no_region_flies_is_refused(tmp_path: Path) -> None:
    data = broken(tmp_path, "board.toml", 'flag = "red"', 'flag = "blue"', every=True)
    with pytest.raises(DataError, match="cards.toml: card red-01 flies red, a flag no region of board.toml flies"):
        load_defs(data)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    check_missing_file_named(tmp_path, DATA_DIR, "events.toml", load_defs, DataError)


def test_no_rulebook_sentence_is_copied_into_the_data_or_its_document() -> None:
    """Component and region names come from the rulebook; descriptions are our own words: no run of
    nine words of the rulebook appears in a data file or in docs/scoundrel_bay-data.md."""
    paths = [*sorted(DATA_DIR.glob("*.toml")), REPO / "docs" / "scoundrel_bay-data.md"]
    check_not_copied(paths, shared_text("rules", "scoundrel_bay.txt"), n=9)
