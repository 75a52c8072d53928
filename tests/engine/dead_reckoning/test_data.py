"""Dead Reckoning component data (data/dead_reckoning/): every file validates, the counts of the
issue and every number of the rulebook are in it, the Sailor levels are the Sailor Card
Reference's, the files agree with one another, the decks grow stronger by row and last a
4-player game, the effect vocabulary covers the rulebook's icons, and a broken file is refused
with a message naming the problem. IDs (DR-…) are those of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from statistics import mean
from typing import Any, get_args

import pytest

from engine.dead_reckoning.defs import (
    DATA_DIR,
    FILES,
    AchievementId,
    DataError,
    Defs,
    Effect,
    Face,
    Icon,
    Option,
    Pay,
    Per,
    Verb,
    defs,
    face_value,
    load_defs,
    load_file,
)
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
DOC = REPO / "docs" / "dead_reckoning-data.md"
NOT_OURS = {"tower.toml", "help.toml"}   # tower: its own loader and tests; help: engine/core/help.py and test_help.py


@pytest.fixture(scope="module")
def d() -> Defs:
    return load_defs()


def E(do: str, **kw: Any) -> Effect:
    return Effect.model_validate({"do": do, **kw})


def one(face: Face, n: int = 0) -> list[Effect]:
    """The effects of a face's n-th ability when it has a single option."""
    (option,) = face.abilities[n].options
    return option.effects


@pytest.mark.parametrize("part", sorted(FILES))
def test_every_data_file_validates_on_its_own(part: str) -> None:
    load_file(DATA_DIR, part)


def test_every_data_file_says_it_is_our_design() -> None:
    """DESIGN.md, "Data files": each file's header says it is Parley's design following the rulebook."""
    check_headers_say_our_design(DATA_DIR, (f for f, _, _ in FILES.values()), "Parley's own design following the rulebook")
    assert sorted(f for f, _, _ in FILES.values()) == sorted(p.name for p in DATA_DIR.glob("*.toml") if p.name not in NOT_OURS)


def test_the_whole_set_validates_and_is_loaded_once(d: Defs) -> None:
    check_loaded_once(defs, d)


def test_the_issues_counts(d: Defs) -> None:
    """Issue 10's component list, with DR-COMP-01 … 10, DR-PCOMP-01/05, DR-CARD-02/03."""
    # 12 Sailor cards per player, 4 levels each
    assert Counter(d.sailors.deck()) == {"captain": 1, "bosun": 1, "purser": 1, "first_mate": 1, "buccaneer": 1,
                                         "gunner": 2, "deck_hand": 2, "crew": 3}
    assert len(d.sailors.deck()) == 12
    assert all([lv.level for lv in s.levels] == [1, 2, 3, 4] for s in d.sailors.sailors.values())
    # 16 Ocean boards: 12 islands, 4 open seas, and the Harbor
    assert len(d.ocean.boards) == 16 and len(d.ocean.islands()) == 12 and len(d.ocean.seas()) == 4
    assert d.supply.harbor_boards == 1 and d.ocean.harbor.touches_row == 1
    for island in d.ocean.islands():
        assert island.slots >= 2 and island.production is not None and len(island.scores) in (2, 3)
    assert {len(i.scores) for i in d.ocean.islands()} == {2, 3}               # not all score a 3rd place
    assert 0 < sum(i.hand_size for i in d.ocean.islands()) < 12                 # the icon is on some islands
    assert all(s.arrows for s in d.ocean.seas())
    assert sorted(tuple(s.player_icons) for s in d.ocean.seas()) == [(), (), (2,), (2, 3)]
    # 4 Advancement decks, rows 1-4, of Advancements and Merchant ships with backs, slots top/middle/bottom
    assert {c.row for c in d.advancements.cards.values()} == {1, 2, 3, 4}
    for row in (1, 2, 3, 4):
        deck = d.advancements.deck(row)
        assert {c.kind for c in deck} == {"advancement", "merchant"}
        assert all(c.cost >= 1 for c in deck)
        assert {s for c in deck for s in c.slots} == {"top", "middle", "bottom"}
        assert all((c.back is not None) == (c.kind == "merchant") for c in deck)
    # Basic and Advanced Upgrade tiles in stacks
    assert {t.tier for t in d.upgrades.tiles.values()} == {"basic", "advanced"}
    assert all(t.copies > 1 for t in d.upgrades.tiles.values())
    # 20 Buildings: 8 Forts, 8 Garrisons, 4 Outposts, each with a cost and an effect
    assert {k: b.count for k, b in d.buildings.buildings.items()} == {"fort": 8, "garrison": 8, "outpost": 4}
    assert sum(b.count for b in d.buildings.buildings.values()) == 20
    assert all(b.cost for b in d.buildings.buildings.values())
    # bonus Achievement tokens, all 9 Achievements, 20 black cubes
    assert len(d.achievements.achievements) == 9 and set(d.achievements.achievements) == set(get_args(AchievementId))
    assert {a for t in d.achievements.tokens.values() for a in t.shows} == set(get_args(AchievementId))
    assert d.supply.black_cubes == 20
    # the rest of the component list
    assert d.supply.cargo_tokens == [1, 3]
    assert (d.supply.reference_cards, d.supply.battle_ships, d.supply.battle_boards) == (4, 1, 1)
    assert d.supply.sleeves_needed == 48 == 4 * d.supply.player.sleeves
    assert set(d.supply.unlimited) == {"cargo", "coins", "damage_markers"}
    kit = d.supply.player
    assert (kit.dock_tiles, kit.ships, kit.pirate_flags, kit.treasure_chests) == (1, 1, 1, 1)
    assert (kit.cubes, kit.achievement_markers, kit.sleeves, kit.sailor_cards) == (30, 6, 12, 12)
    assert kit.illustration_cards == kit.ability_cards == 12
    assert d.achievements.markers_per_player == kit.achievement_markers
    assert d.rules.cleanup.cards_per_sleeve == 2 + d.rules.cleanup.advancements_per_card == 5


def test_setup_by_player_count(d: Defs) -> None:
    """DR-SETUP-02 … 08, DR-SETUP-13: islands 10/9/8, open seas 2/3/4 by their icons, 12 boards in a
    3 x 4 grid, row 1 face up with one row-1 card on each."""
    s = d.rules.setup
    assert d.rules.players.box == (1, 4) and d.rules.players.table == (2, 4)          # DR-OVR-01/02
    assert s.islands == {4: 10, 3: 9, 2: 8}
    for n in (2, 3, 4):
        seas = [b for b in d.ocean.seas() if b.in_game(n)]
        assert len(seas) == s.seas[n] == {4: 2, 3: 3, 2: 4}[n]
        assert s.islands[n] + len(seas) == 12
    assert sum(not b.player_icons for b in d.ocean.seas()) == 2
    assert [b.id for b in d.ocean.seas() if b.in_game(3) and b.player_icons] == [b.id for b in d.ocean.seas() if 3 in b.player_icons]
    assert (s.grid_columns, s.grid_rows, s.revealed, s.cards_per_revealed_board) == (3, 4, 3, 1)
    assert (s.opening_hand, s.starting_cargo, s.level_up_seat, s.sail_start) == (4, [1, 2, 3, 2], 4, 0)
    assert d.supply.player.chest_coins == 15


def test_numbers_the_rulebook_prints_are_in_the_data(d: Defs) -> None:
    """Holds, sails, turn limits, cleanup, battle, buildings, sinking, Achievements, the game end and
    scoring: DR-HOLD-02/04/08, DR-SAIL-03, DR-MAIN-03/04, DR-MOVE-11, DR-ABIL-02, DR-DRAW-03/05/07,
    DR-SLEEVE-03/06, DR-LEVEL-05/06, DR-BPVP-04/05, DR-TOW-05, DR-BBLD-07, DR-BLD-01/06/09,
    DR-SINK-01/05, DR-ACH-06 … 20, DR-BONUS-01/02, DR-END-01/02/04/06, DR-SCORE-04/05/06/12."""
    ship = d.ship
    assert [(h.letter, h.hold, h.icons.sail) for h in ship.hull] == [("A", 4, 1), ("B", 0, 0), ("C", 0, 0), ("D", 3, 1)]
    assert ship.capacity() == 7 and ship.printed_cannons == 1 and ship.sinks_at == 5
    assert ship.sail_track[0] == 0 and ship.sail_track[-1] == d.rules.turn.sail_max == 8
    t, c, b, e = d.rules.turn, d.rules.cleanup, d.rules.battle, d.rules.end
    assert (t.set_sails_per_turn, t.buys_per_turn, t.explores_per_turn, t.ability_uses) == (1, 2, 1, 1)
    assert (c.hand_limit, c.draw, c.draw_bonus, c.hand_size_per_island) == (6, 4, 1, 1)
    assert (c.set_aside_max, c.advancements_per_card, c.levels, c.level_ups_between_turns) == (1, 3, 4, 1)
    assert c.cut_max == 6                                                                 # DR-LEVEL-10
    assert (b.cubes_per_cannon, b.exploding_extra, b.cubes_per_building, b.loser_damage, b.sink_coin_loss) == (1, 1, 1, 1, 5)
    assert d.ocean.harbor.defender_cubes == 4 and d.ocean.harbor.mode == "mercantile"
    bl = d.buildings.buildings
    assert (bl["fort"].defense_cubes, bl["garrison"].defense_cubes, d.buildings.both_defense_cubes) == (5, 2, 7)
    assert bl["garrison"].entry_damage == 1 and bl["fort"].entry_damage == 0
    assert (bl["outpost"].bonus.cargo, bl["outpost"].bonus.coin) == (1, 1) and not bl["outpost"].attackable
    assert bl["fort"].protects and bl["garrison"].protects and not bl["outpost"].protects
    assert d.buildings.per_island == 1 and d.buildings.score == 1
    ach = d.achievements.achievements
    assert {a: x.goal(4) for a, x in ach.items()} == {
        "legendary": 4, "expert_sailors": 3, "terror_of_the_sea": 1, "builder": 5, "capitalist": 30,
        "settler": 6, "elite_vessel": 4, "explorer": 3, "master_merchant": 12}
    assert [ach["explorer"].goal(n) for n in (2, 3, 4)] == [5, 4, 3]
    assert {a for a, x in ach.items() if x.off_turn} == {"legendary", "expert_sailors", "terror_of_the_sea", "capitalist"}
    assert {a for a, x in ach.items() if x.progress_cubes} == {"legendary", "expert_sailors", "explorer"}
    a = d.achievements
    assert (a.end_trigger, a.bonus_dealt, a.bonus_kept, a.bonus_coins) == (4, 2, 1, 2)
    assert (e.final_turns, e.influence_actions_after_final, e.battle_cubes_after_final) == (1, 2, 2)
    sc = d.rules.scoring
    assert (sc.advancements_per_coin, sc.upgrade, sc.third_place_tie) == (2, {"basic": 1, "advanced": 2}, 0)


def test_the_sailor_card_reference(d: Defs) -> None:
    """DR-CAPT-01 … 04, DR-CREW-01 … 07, DR-FMATE-01 … 04, DR-BOSUN-01 … 04, DR-GUN-01 … 04,
    DR-DECKH-01 … 04, DR-BUCC-01 … 04, DR-PURS-01 … 04, level by level."""
    s = {k: v.levels for k, v in d.sailors.sailors.items()}
    cargo = {"res": "cargo", "at": "dock"}
    cap = s["captain"]
    assert cap[0].icons.sail == 1 and not cap[0].abilities
    assert (cap[1].icons.attack_flag, cap[1].icons.wheel, cap[1].abilities) == (1, 1, [])
    win = cap[2].abilities[0]
    assert (win.timing, win.versus, win.on) == ("battle", "ships", "win")
    assert one(cap[2]) == [E("gain", res="coin", at="ship", per="wheel")]
    assert (cap[3].icons.attack_flag, cap[3].icons.wheel, cap[3].icons.cannon) == (1, 1, 1)
    assert one(cap[3]) == [E("gain", res="coin", at="ship", n=2), E("gain", res="coin", at="ship", per="wheel")]
    crew = s["crew"]
    assert one(crew[0]) == [E("gain", **cargo)]
    assert one(crew[1]) == [E("gain", n=2, **cargo)] and one(crew[2]) == [E("gain", n=3, **cargo)]
    assert one(crew[3]) == [E("gain", res="cargo", at="dock_or_ship", n=4)]
    repairs = [crew[lv].abilities[1] for lv in (1, 2, 3)]
    assert [r.where for r in repairs] == ["harbor", "anywhere", "anywhere"]
    assert [r.options[0].cost for r in repairs] == [[Pay(res="cargo", n=2)], [Pay(res="cargo", n=2)], []]
    assert all(r.options[0].effects == [E("repair")] for r in repairs)
    fm = s["first_mate"]
    assert one(fm[0]) == [E("gain", **cargo)] and [one(fm[lv]) for lv in (1, 2, 3)] == [[E("build", n=n)] for n in (1, 2, 3)]
    bos = s["bosun"]
    assert one(bos[0]) == [E("gain", **cargo)] and one(bos[1]) == [E("gain", **cargo)] and bos[1].icons.wheel == 1
    assert [o.cost for o in bos[3].abilities[0].options] == [[], [Pay(res="cargo", n=3)], [Pay(res="cargo", n=6)]]
    assert [o.effects for o in bos[3].abilities[0].options] == [
        [E("gain", **cargo)], [E("upgrade", tier="basic")], [E("upgrade", tier="advanced")]]
    assert bos[2].abilities[0].options == bos[3].abilities[0].options[:2] and bos[2].icons.wheel == bos[3].icons.wheel == 1
    gun = s["gunner"]
    assert one(gun[0]) == one(gun[1]) == [E("gain", **cargo)] and (gun[0].icons.cannon, gun[1].icons.cannon) == (0, 1)
    assert one(gun[2]) == [E("gain", n=2, **cargo)] and one(gun[2], 1) == [E("drop", n=2)]
    assert gun[2].abilities[1].timing == "battle" and gun[3].abilities[:2] == gun[2].abilities
    assert one(gun[3], 2) == [E("withdraw"), E("damage"), E("gain", res="coin", at="ship", n=2)]
    dh = s["deck_hand"]
    assert one(dh[0]) == [E("influence")]
    assert [[o.effects for o in dh[lv].abilities[0].options] for lv in (1, 2)] == [
        [[E("influence")], [E("sail")]], [[E("influence")], [E("sail", n=2)]]]
    assert one(dh[3]) == [E("influence")] and dh[3].icons.sail == 3
    assert [one(lv) for lv in s["buccaneer"]] == [[E("influence", n=n)] for n in (1, 2, 3, 4)]
    assert [one(lv) for lv in s["purser"]][:3] == [[E("produce", n=n)] for n in (1, 2, 3)]
    assert one(s["purser"][3]) == [E("produce", n=4, bonus_cargo=1, bonus_coin=1)]


def test_a_sailor_never_gets_weaker_by_leveling(d: Defs) -> None:
    for sailor in d.sailors.sailors.values():
        values = [face_value(lv) for lv in sailor.levels]
        assert values == sorted(values), (sailor.kind, values)


def test_the_decks_grow_stronger_by_row(d: Defs) -> None:
    """Issue 10: stronger by level. Mean value, cost, value per cargo of cost and Merchant backs rise row by row."""
    decks = {row: d.advancements.deck(row) for row in (1, 2, 3, 4)}
    value = [mean(face_value(c) for c in decks[r]) for r in (1, 2, 3, 4)]
    cost = [mean(c.cost for c in decks[r]) for r in (1, 2, 3, 4)]
    ratio = [v / c for v, c in zip(value, cost, strict=True)]
    assert value == sorted(value) and cost == sorted(cost) and ratio == sorted(ratio)
    assert len(set(value)) == len(set(cost)) == len(set(ratio)) == 4
    backs = {r: [c.back for c in decks[r] if c.back] for r in (1, 2, 3, 4)}
    cubes = [max(b.cubes for b in backs[r]) for r in (1, 2, 3, 4)]
    plunder = [mean(sum(e.n for e in b.win if e.do == "gain") for b in backs[r]) for r in (1, 2, 3, 4)]
    assert cubes == sorted(cubes) and plunder == sorted(plunder) and len(set(plunder)) == 4
    assert max(cubes) <= d.supply.black_cubes                  # the black cubes always suffice to start
    assert all(c.slots == [c.slots[0]] for c in decks[1] + decks[2])   # two-slot cards only in rows 3-4
    for r in (1, 2, 3, 4):
        assert 0.15 <= len(backs[r]) / len(decks[r]) <= 0.3    # about a quarter are Merchant ships
        assert [b.cubes for b in backs[r] if b.cubes == 0] in ([], [0])


def test_every_deck_lasts_a_four_player_game(d: Defs) -> None:
    """Issue 10: no deck runs dry in a 4-player game, by the documented budget (DR-CLEAN-03 then never arises)."""
    budget = d.advancements.budget
    assert (budget.players, budget.boards_per_row) == (4, 3)
    assert budget.buys_per_turn <= d.rules.turn.buys_per_turn
    for row in (1, 2, 3, 4):
        assert len(d.advancements.deck(row)) >= budget.needed(row)
    assert budget.needed(1) == 3 + 32 and budget.needed(4) == 3 + 8


def test_names_and_ids_are_unique_and_say_where_a_card_belongs(d: Defs) -> None:
    cards = list(d.advancements.cards.values())
    assert len({c.name for c in cards}) == len(cards)
    assert all(re.fullmatch(rf"r{c.row}-\d\d", c.id) for c in cards)
    assert len({b.name for b in d.ocean.boards.values()}) == 16
    assert len({t.name for t in d.upgrades.tiles.values()}) == len(d.upgrades.tiles)


def test_the_vocabulary_is_used_and_covers_the_icon_reference(d: Defs) -> None:
    """DR-ICON-01 … 30 and DR-SYN-01 … 04: every verb, icon and count of the vocabulary appears in
    the data, and every entry of the rulebook's Icon Reference has a way to be said."""
    effects, costs = found_in(d, Effect), found_in(d, Pay)
    assert {e.do for e in effects} == set(get_args(Verb))
    assert {e.per for e in effects if e.per} == set(get_args(Per))
    faces = [f for _, f in d.faces()]
    assert {i for f in faces for i in get_args(Icon) if getattr(f.icons, i)} == set(get_args(Icon))
    gains = {(e.res, e.at) for e in effects if e.do == "gain"}
    assert {("cargo", "dock_or_ship"), ("cargo", "dock"), ("cargo", "ship"), ("cargo", "island"),          # ICON-01 … 03
            ("coin", "dock"), ("coin", "ship"), ("coin", "island")} <= gains                               # ICON-09/10
    island_both = [f for f in faces for a in f.abilities for o in a.options
                   if {(e.res, e.at) for e in o.effects if e.do == "gain"} >= {("cargo", "island"), ("coin", "island")}]
    assert island_both                                                                                       # ICON-11
    assert {(p.res, p.at) for p in costs} >= {("cargo", "ship_or_dock"), ("cargo", "dock"), ("cargo", "ship")}  # ICON-05 … 07
    assert any({p.res for p in b.cost} == {"cargo", "coin"} for b in d.buildings.buildings.values())         # ICON-04
    assert {e.do for e in effects} >= {"score", "score_loss"}                                               # ICON-12/15
    produce = [e for e in effects if e.do == "produce"]
    assert any(e.n > 1 for e in produce) and any(e.island == "no_cubes" for e in produce)                    # ICON-13/14
    assert any(a.where == "harbor" for f in faces for a in f.abilities)                                     # ICON-16
    assert {e.building for e in effects if e.do == "build"} >= {"fort", "garrison", None}                   # ICON-17
    assert {e.tier for e in effects if e.do == "upgrade"} == {"basic", "advanced"}                          # ICON-18
    assert any(e.overrides_forts for e in effects)                                                          # DR-BLD-03
    assert any(t.hold for t in d.upgrades.tiles.values())                                                   # ICON-28
    assert any(len(a.options) > 1 for f in faces for a in f.abilities)                                      # SYN-02
    assert any(len(f.abilities) > 1 for f in faces)                                                         # SYN-01


def test_the_document_explains_every_word_of_the_vocabulary() -> None:
    check_explained(DOC.read_text(encoding="utf-8"), [*get_args(Verb), *get_args(Icon), *get_args(Per)])


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("sailors.toml", 'kind = "captain"', 'kind = "cook"', r"sailors.toml: \[\[sailor\]\] 'cook' kind: Input should be"),
    ("sailors.toml", "copies = 3", "copies = 4", "copies add up to 13, but supply.toml gives each player 12"),
    ("sailors.toml", "level = 4\nicons = { attack_flag", "level = 3\nicons = { attack_flag", "levels 1, 2, 3 and 4, in that order"),
    ("sailors.toml", '{ timing = "battle", effects = [{ do = "drop", n = 2 }] }', '{ effects = [{ do = "drop", n = 2 }] }',
     "drop can only be a battle ability"),
    ("sailors.toml", 'per = "wheel" }] }', 'per = "cannon" }] }', "captain level 3: counts cannon icons on a card that shows none"),
    ("sailors.toml", '{ do = "build", n = 1 }', '{ do = "build", n = 1, tier = "basic" }', "'build' takes no tier"),
    ("sailors.toml", '{ do = "upgrade", tier = "basic" }', '{ do = "upgrade" }', "'upgrade' needs tier"),
    ("advancements.toml", 'kind = "merchant"', 'kind = "advancement"', "a Merchant ship has a back, and only a Merchant ship"),
    ("advancements.toml", 'slots = ["top", "middle"]', 'slots = ["top", "bottom"]', "slots must be adjacent"),
    ("advancements.toml", 'slots = ["top"]', 'slots = ["deck"]', r"\[\[card\]\] 'r1-01' slots.0: Input should be"),
    ("advancements.toml", 'lose = [{ do = "take_damage" }]', 'lose = [{ do = "gain", res = "coin", at = "ship" }]',
     "a loss costs damage or goods"),
    ("advancements.toml", "rounds = 18", "rounds = 30", "the row-1 deck has 36 cards; a 4-player game can draw"),
    ("advancements.toml", "share = { 1 = 0.4", "share = { 1 = 0.5", "add up to 1"),
    ("advancements.toml", '[{ do = "score", n = 2 }]', '[{ do = "score", n = 2 }, { do = "sail" }]', "do nothing else"),
    ("advancements.toml", 'effects = [{ do = "gain", n = 2, res = "coin", at = "ship" }]',
     'effects = [{ do = "gain", n = 2, res = "coin", at = "ship", per = "buildings" }]', "only 'score' counts the player's buildings"),
    ("ocean.toml", "scores = [4, 2]", "scores = [2, 4]", r"\[\[board\]\] 'gull-rock': scores are 2 or 3 falling values"),
    ("ocean.toml", 'player_icons = [2]\n', 'player_icons = [2, 3]\n', "the open-sea icons put 4 seas in a 3-player game"),
    ("ocean.toml", 'arrows = ["north", "south"]', 'arrows = ["north", "south"]\nslots = 3', "an open sea board has no slots"),
    ("ocean.toml", "production = { cargo = 2 }\nscores", "scores", "'gull-rock': an island needs production"),
    ("ship.toml", "sail_track = [0, 1, 2, 3, 4, 5, 6, 7, 8]", "sail_track = [0, 1, 2, 3, 4, 5, 6, 7]", "the sail maximum is 8"),
    ("buildings.toml", "defense_cubes = 2\n", "", "defends with cubes"),
    ("buildings.toml", 'kind = "outpost"', 'kind = "tower"', r"\[\[building\]\] 'tower' kind"),
    ("achievements.toml", 'shows = ["master_merchant", "builder"]', 'shows = ["builder", "builder"]', "shows an Achievement twice"),
    ("achievements.toml", 'id = "settler"', 'id = "sailor"', r"\[\[achievement\]\] 'sailor' id"),
    ("achievements.toml", "target = 12", "target = 12\nby_players = { 2 = 1 }", "not both"),
    ("upgrades.toml", "icons = { cannon = 1 }\n", "", "an Upgrade tile gives an icon, a hold or an ability"),
    ("rules.toml", "islands = { 2 = 8,", "islands = { 2 = 9,", "9 islands \\+ 4 seas do not fill the grid"),
    ("supply.toml", "sleeves = 12", "sleeves = 11", "one sleeve, one Illustration and one Ability card per Sailor card"),
    ("rules.toml", "table = [2, 4]", "table = [2, 5]", "setup gives island and open-sea counts for 2, 3 and 4 players"),
])
def test_a_broken_data_file_is_refused(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_defs(broken_copy(tmp_path, DATA_DIR, file, old, new))


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    check_missing_file_named(tmp_path, DATA_DIR, "ocean.toml", load_defs, DataError)


def test_an_option_needs_an_effect() -> None:
    with pytest.raises(ValueError, match="at least 1 item"):
        Option.model_validate({"cost": [{"res": "cargo", "n": 1}], "effects": []})


def test_no_rulebook_sentence_is_copied_into_the_data_or_its_document() -> None:
    """Component names come from the rulebook; descriptions are our own words: no run of eight
    words of the rulebook appears in a data file or in docs/dead_reckoning-data.md."""
    paths = [*sorted(p for p in DATA_DIR.glob("*.toml") if p.name not in NOT_OURS), DOC]
    check_not_copied(paths, shared_text("rules", "dead_reckoning.txt"))
