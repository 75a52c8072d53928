"""The Sailor Card Reference level by level, and the Description of Abilities (Influence, the
Attack flag, Cannons, Battle abilities, Wheels, Upgrades, repairs): each Sailor card is played
from the data at the level a rule names and used through the engine by notation, as a player
does. Neighbouring levels are checked side by side, since each level's line is a boundary."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.common import cannons, card_icons
from engine.dead_reckoning.rules.final_score import tally
from engine.dead_reckoning.rules.island_control import arrows_at
from engine.dead_reckoning.rules.load_unload import lay_tile
from engine.dead_reckoning.rules.scoring import upgrade_coins
from engine.dead_reckoning.rules.setup import reveal
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import (
    active,
    cargo_aboard,
    do,
    game,
    hand,
    land,
    options,
    top,
    waiting,
)


def _ready(seed: str, players: int = 2) -> tuple[State, int]:
    """A game at the active seat's main menu (an owed level-up answered)."""
    s = game(players, seed=seed)
    seat = active(s)
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    assert isinstance(top(s), P.MainPrompt)
    return s, seat


def _explore_all(s: State) -> list[str]:
    """Turn every board face up; returns the islands by position."""
    for pos, space in s.grid.items():
        if not space.face_up:
            reveal(s, pos)
    return sorted(s.islands)


def _played(s: State, seat: int, card: str, level: int) -> State:
    """Give the seat `card` at `level` (with three other cards in hand) and play it."""
    rest = [c for c in s.players[seat].hand if c != card][:3]
    hand(s, seat, card, *rest)
    s.players[seat].levels[card] = level
    return do(s, seat, f"play {card}")


def _uses(s: State, seat: int, card: str) -> list[str]:
    return [o for o in options(s, seat) if o.startswith(f"use {card} ")]


def _aboard(s: State, seat: int, res: str = "cargo") -> int:
    return s.players[seat].ship.hull.carried().of(res)   # type: ignore[arg-type]


# ---- gains on the Dock: Crew 1-3, First Mate 1, Bosun 1-2, Gunner 1-4 ----
@pytest.mark.parametrize(("card", "level", "n"), [
    ("crew-1", 1, 1), ("crew-1", 2, 2), ("crew-1", 3, 3),
    ("first-mate", 1, 1), ("bosun", 1, 1), ("bosun", 2, 1),
    ("gunner-1", 1, 1), ("gunner-1", 2, 1), ("gunner-1", 3, 2), ("gunner-1", 4, 2),
])
def test_dr_crew_01_02_04_fmate_01_bosun_01_02_gun_01_to_03_the_gain_is_cargo_on_the_dock(
        card: str, level: int, n: int) -> None:
    s, seat = _ready(f"gain-{card}-{level}")
    s.players[seat].dock = 0
    chest = s.players[seat].chest
    s = _played(s, seat, card, level)
    s = do(s, seat, f"use {card} 1")
    p = s.players[seat]
    assert (p.dock, _aboard(s, seat), _aboard(s, seat, "coin"), p.chest) == (n, 0, 0, chest)
    assert f"use {card} 1" not in options(s, seat), "an ability is used once a turn"


# ---- Crew ----
def test_dr_crew_01_02_the_level_1_crew_has_no_repair_and_level_2_repairs_only_in_harbor() -> None:
    s, seat = _ready("crew-harbor")
    s.players[seat].ship.damage, s.players[seat].dock = 2, 4
    s = _played(s, seat, "crew-1", 1)
    assert _uses(s, seat, "crew-1") == ["use crew-1 1"]
    s, seat = _ready("crew-harbor")
    s.players[seat].ship.damage, s.players[seat].dock = 2, 4
    s = _played(s, seat, "crew-1", 2)
    assert _uses(s, seat, "crew-1") == ["use crew-1 1", "use crew-1 2"]
    s.players[seat].ship.at = next(iter(s.islands))            # away from the Harbor
    assert _uses(s, seat, "crew-1") == ["use crew-1 1"]


def test_dr_crew_03_the_level_2_repair_in_harbor_costs_two_cargo_from_ship_or_dock() -> None:
    s, seat = _ready("crew-2-repair")
    p = s.players[seat]
    p.ship.damage, p.dock = 2, 1
    s = _played(s, seat, "crew-1", 2)
    assert "use crew-1 2" not in options(s, seat), "1 cargo does not pay 2"
    cargo_aboard(s, seat, 1)                                    # one from each
    s = do(s, seat, "use crew-1 2")
    p = s.players[seat]
    assert (p.ship.damage, p.dock, _aboard(s, seat)) == (1, 0, 0)
    assert "use crew-1 2" not in options(s, seat)


def test_dr_crew_04_05_the_level_3_repair_works_anywhere_for_two_cargo() -> None:
    s, seat = _ready("crew-3-repair")
    p = s.players[seat]
    p.ship.damage, p.dock, p.ship.at = 3, 0, next(iter(s.islands))
    cargo_aboard(s, seat, 2)
    s = _played(s, seat, "crew-1", 3)
    assert _uses(s, seat, "crew-1") == ["use crew-1 1", "use crew-1 2"]
    s = do(s, seat, "use crew-1 2")
    assert (s.players[seat].ship.damage, _aboard(s, seat)) == (2, 0)
    s, seat = _ready("crew-3-repair")
    s.players[seat].ship.damage, s.players[seat].dock = 1, 1
    s = _played(s, seat, "crew-1", 3)
    assert "use crew-1 2" not in options(s, seat), "still 2 cargo"


def test_dr_crew_07_the_level_4_repair_is_free_anywhere_and_takes_one_damage() -> None:
    s, seat = _ready("crew-4-repair")
    p = s.players[seat]
    p.ship.damage, p.dock, p.ship.at = 3, 0, next(iter(s.islands))
    chest = p.chest
    s = _played(s, seat, "crew-1", 4)
    s = do(s, seat, "use crew-1 2")
    p = s.players[seat]
    assert (p.ship.damage, p.dock, p.chest) == (2, 0, chest)
    assert "use crew-1 2" not in options(s, seat)


def test_dr_crew_06_the_level_4_gain_of_four_splits_between_ship_and_dock() -> None:
    s, seat = _ready("crew-4-gain")
    s.players[seat].dock = 0
    cargo_aboard(s, seat, 5)                                    # room for 2 more aboard
    s = _played(s, seat, "crew-1", 4)
    s = do(s, seat, "use crew-1 1")
    assert isinstance(top(s), P.SplitPrompt)
    assert [o for o in options(s, seat) if o.startswith("ship ")] == ["ship 0", "ship 1", "ship 2"]
    s = do(s, seat, "ship 2")
    assert (s.players[seat].dock, _aboard(s, seat)) == (2, 7)
    s, seat = _ready("crew-3-gain")
    cargo_aboard(s, seat, 5)
    s = _played(s, seat, "crew-1", 3)
    s = do(s, seat, "use crew-1 1")
    assert isinstance(top(s), P.MainPrompt) and _aboard(s, seat) == 5, "level 3 gains on the Dock only"


# ---- First Mate ----
def _own(s: State, seat: int, at: str) -> None:
    """Every slot of the island holds the seat's cube: it controls the island."""
    isl = s.islands[at]
    isl.slots = [label(seat)] * len(isl.slots)


def _builds(s: State, seat: int) -> list[str]:
    return [o for o in options(s, seat) if o.startswith("build ")]


def test_dr_fmate_02_05_level_2_builds_one_building_on_a_controlled_island_from_afar() -> None:
    s, seat = _ready("fmate-2", players=2)
    far, other = _explore_all(s)[:2]
    _own(s, seat, far)
    p = s.players[seat]
    p.dock, p.ship.at = 10, HARBOR                             # the Ship is not at the island
    s = _played(s, seat, "first-mate", 2)
    s = do(s, seat, "use first-mate 1")
    assert isinstance(top(s), P.BuildPrompt)
    assert sorted(_builds(s, seat)) == [f"build fort {far}", f"build garrison {far}", f"build outpost {far}"]
    assert "done" in options(s, seat), "up to: building nothing is allowed"
    s = do(s, seat, f"build garrison {far}")                    # 3 cargo (data)
    assert s.islands[far].buildings == ["garrison"] and s.players[seat].dock == 7
    assert isinstance(top(s), P.MainPrompt), "one Building at level 2"
    assert s.islands[other].buildings == []


def test_dr_fmate_02_no_building_on_an_island_the_seat_does_not_control() -> None:
    s, seat = _ready("fmate-none", players=2)
    at = sorted(s.islands)[0]
    s.islands[at].slots[0] = label(seat)                        # one cube: not control
    s.players[seat].dock, s.players[seat].ship.at = 10, at
    s = _played(s, seat, "first-mate", 2)
    s = do(s, seat, "use first-mate 1")
    assert s.islands[at].buildings == [] and isinstance(top(s), P.MainPrompt)


@pytest.mark.parametrize(("level", "most"), [(3, 2), (4, 3)])
def test_dr_fmate_03_04_levels_3_and_4_build_up_to_two_and_three(level: int, most: int) -> None:
    s, seat = _ready(f"fmate-{level}", players=2)
    at = sorted(s.islands)[0]
    _own(s, seat, at)
    s.players[seat].dock, s.players[seat].chest = 20, 5
    s = _played(s, seat, "first-mate", level)
    s = do(s, seat, "use first-mate 1")
    for k, kind in enumerate(("outpost", "garrison", "fort")[:most], start=1):
        assert isinstance(top(s), P.BuildPrompt)
        s = do(s, seat, f"build {kind} {at}")
        assert len(s.islands[at].buildings) == k
    assert isinstance(top(s), P.MainPrompt)
    costs = {"outpost": (4, 0), "garrison": (3, 0), "fort": (4, 1)}
    built = ("outpost", "garrison", "fort")[:most]
    assert s.players[seat].dock == 20 - sum(costs[b][0] for b in built)
    assert s.players[seat].chest == 5 - sum(costs[b][1] for b in built)


# ---- Bosun and Upgrades ----
BASIC = ("swivel-gun", "topsail", "cargo-hold", "carpenters-bench")
ADVANCED = ("gun-deck", "clipper-rig", "great-hold", "crows-nest", "boarding-nets")


def _tiles(s: State, seat: int) -> set[str]:
    return {o.split()[1] for o in options(s, seat) if o.startswith("upgrade ")}


def _spaces(s: State, seat: int) -> set[str]:
    return {o.split()[2] for o in options(s, seat) if o.startswith("upgrade ")}


def test_dr_bosun_02_from_level_2_the_bosun_shows_one_wheel() -> None:
    s, seat = _ready("bosun-wheel")
    p = s.players[seat]
    wheels = []
    for level in (1, 2, 3, 4):
        p.levels["bosun"] = level
        wheels.append(card_icons(p, "bosun").wheel)
    assert wheels == [0, 1, 1, 1]


def test_dr_bosun_01_02_levels_1_and_2_only_gain_a_cargo() -> None:
    for level in (1, 2):
        s, seat = _ready(f"bosun-{level}-only")
        s.players[seat].dock = 10
        s = _played(s, seat, "bosun", level)
        assert _uses(s, seat, "bosun") == ["use bosun 1"]


def test_dr_bosun_03_level_3_gains_a_cargo_or_pays_three_for_a_basic_upgrade() -> None:
    s, seat = _ready("bosun-3")
    s.players[seat].dock = 3
    s = _played(s, seat, "bosun", 3)
    assert _uses(s, seat, "bosun") == ["use bosun 1 1", "use bosun 1 2"], "no Advanced option at level 3"
    s = do(s, seat, "use bosun 1 2")
    assert isinstance(top(s), P.UpgradePrompt) and s.players[seat].dock == 0
    assert _tiles(s, seat) == set(BASIC)
    s, seat = _ready("bosun-3")
    s.players[seat].dock = 2
    s = _played(s, seat, "bosun", 3)
    assert _uses(s, seat, "bosun") == ["use bosun 1 1"], "2 cargo do not pay 3"
    s = do(s, seat, "use bosun 1 1")
    assert s.players[seat].dock == 3


def test_dr_bosun_04_level_4_adds_an_advanced_upgrade_for_six() -> None:
    s, seat = _ready("bosun-4")
    s.players[seat].dock = 6
    s = _played(s, seat, "bosun", 4)
    assert _uses(s, seat, "bosun") == ["use bosun 1 1", "use bosun 1 2", "use bosun 1 3"]
    s = do(s, seat, "use bosun 1 3")
    assert _tiles(s, seat) == set(ADVANCED) and s.players[seat].dock == 0
    s, seat = _ready("bosun-4")
    s.players[seat].dock = 5
    s = _played(s, seat, "bosun", 4)
    assert _uses(s, seat, "bosun") == ["use bosun 1 1", "use bosun 1 2"], "5 cargo do not pay 6"
    s = do(s, seat, "use bosun 1 2")
    assert _tiles(s, seat) == set(BASIC) and s.players[seat].dock == 2


def _bosun_upgrade(s: State, seat: int, tier: int = 2) -> State:
    """Use a played level-4 Bosun again for an Upgrade (option 2: Basic, 3: Advanced), paid from
    the Dock; the tests reset the once-a-turn record to take several tiles in one scene."""
    s.turn.used = [k for k in s.turn.used if ":bosun:" not in k]
    s.players[seat].dock = 6
    s = do(s, seat, f"use bosun 1 {tier}")
    if isinstance(top(s), P.PayPrompt):
        s = do(s, seat, "ship 0")                               # the Dock pays, the goods aboard stay
    assert isinstance(top(s), P.UpgradePrompt)
    return s


def test_dr_abd_28_29_a_tile_goes_on_a_blank_space_and_covers_one_only_when_none_is_left() -> None:
    s, seat = _ready("upgrade-spaces")
    s = _played(s, seat, "bosun", 4)
    s = _bosun_upgrade(s, seat)
    assert _spaces(s, seat) == {"b", "c"}, "the blank spaces first"
    s = do(s, seat, "upgrade swivel-gun b")
    s = _bosun_upgrade(s, seat)
    assert _spaces(s, seat) == {"c"}, "B has a tile: not covered while C is blank"
    s = do(s, seat, "upgrade topsail c")
    s = _bosun_upgrade(s, seat)
    assert _spaces(s, seat) == {"a", "b", "c", "d"}, "over an Upgrade or a starting effect"
    s = do(s, seat, "upgrade swivel-gun a")
    assert s.players[seat].ship.upgrades == {"B": ["swivel-gun"], "C": ["topsail"], "A": ["swivel-gun"]}


def test_dr_abd_30_covered_tiles_stay_aboard_score_and_count_for_elite_vessel() -> None:
    s, seat = _ready("upgrade-covered")
    s = _played(s, seat, "bosun", 4)
    for tile, space, tier in (("swivel-gun", "b", 2), ("topsail", "c", 2), ("cargo-hold", "b", 2)):
        s = do(_bosun_upgrade(s, seat, tier), seat, f"upgrade {tile} {space}")
    p = s.players[seat]
    assert p.ship.upgrades["B"] == ["swivel-gun", "cargo-hold"], "the covered tile stays under the new one"
    assert "elite_vessel" not in p.record.completed(), "3 tiles, the goal is 4"
    s = do(_bosun_upgrade(s, seat, 3), seat, "upgrade gun-deck c")
    p = s.players[seat]
    assert p.upgrades_taken == 4 and "elite_vessel" in p.record.completed()
    tiers = tally(s).upgrades[label(seat)]
    assert sorted(tiers) == ["advanced", "basic", "basic", "basic"] and upgrade_coins(tiers) == 5


def test_dr_abd_31_a_tile_on_a_or_d_covers_its_sail_and_keeps_the_printed_hold_unless_it_has_one() -> None:
    s, seat = _ready("upgrade-cover-a")
    s = _played(s, seat, "bosun", 4)
    for tile, space in (("swivel-gun", "b"), ("cargo-hold", "c")):
        s = do(_bosun_upgrade(s, seat), seat, f"upgrade {tile} {space}")
    hull = s.players[seat].ship.hull
    assert (hull.sails(), hull.cannons(), hull.capacity()) == (2, 2, 4 + 3 + 3)
    s = do(_bosun_upgrade(s, seat), seat, "upgrade swivel-gun a")
    hull = s.players[seat].ship.hull
    assert hull.space("A").hold == 4 and hull.space("A").icons.sail == 0
    assert (hull.sails(), hull.cannons(), hull.capacity()) == (1, 3, 4 + 3 + 3), "A's Sail gone, its hold kept"
    cargo_aboard(s, seat, 4)                                    # hold A full
    s = _bosun_upgrade(s, seat)
    assert "upgrade cargo-hold a" not in options(s, seat), "4 cargo do not fit a 3-hold: move them first"
    assert "upgrade cargo-hold d" in options(s, seat)
    s = do(s, seat, "upgrade cargo-hold d")
    hull = s.players[seat].ship.hull
    assert hull.space("D").hold == 3 and hull.sails() == 0, "D's Sail gone, the tile's hold in its place"


def test_dr_abd_31_a_covered_tile_stops_working_its_hold_too() -> None:
    s, seat = _ready("upgrade-cover-b")
    s = _played(s, seat, "bosun", 4)
    for tile, space in (("cargo-hold", "b"), ("swivel-gun", "c")):
        s = do(_bosun_upgrade(s, seat), seat, f"upgrade {tile} {space}")
    p = s.players[seat]
    p.ship.hull = p.ship.hull.replace(p.ship.hull.space("B").model_copy(update={"goods": p.ship.hull.space("B").goods.plus("cargo", 1)}))
    s = _bosun_upgrade(s, seat)
    assert "upgrade topsail b" not in options(s, seat), "the cargo in B would have no hold under a Topsail"
    assert "upgrade topsail c" in options(s, seat)
    s = do(s, seat, "upgrade topsail c")
    hull = s.players[seat].ship.hull
    assert hull.cannons() == 1 and hull.space("C").icons.sail == 1, "the covered Swivel Gun fires no more"
    p = s.players[seat]
    p.ship.hull = p.ship.hull.replace(p.ship.hull.space("B").model_copy(update={"goods": p.ship.hull.space("B").goods.minus("cargo", 1)}))
    s = do(_bosun_upgrade(s, seat), seat, "upgrade topsail b")
    hull = s.players[seat].ship.hull
    assert hull.space("B").hold == 0 and hull.capacity() == 4 + 3, "the covered Cargo Hold holds nothing"


def test_dr_bosun_05_abd_32_an_upgrade_works_on_the_turn_it_is_taken() -> None:
    s, seat = _ready("upgrade-now")
    s = _played(s, seat, "bosun", 3)
    s.players[seat].dock = 3
    before = cannons(s, seat)
    s = do(s, seat, "use bosun 1 2")
    s = do(s, seat, "upgrade topsail b")
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == 2 + 1, "the hull's two Sails and the new Topsail"
    s, seat = _ready("upgrade-now")
    s = _played(s, seat, "bosun", 3)
    s.players[seat].dock = 3
    s = do(s, seat, "use bosun 1 2")
    s = do(s, seat, "upgrade swivel-gun b")
    assert cannons(s, seat) == before + 1
    s, seat = _ready("upgrade-now")
    s = _played(s, seat, "bosun", 3)
    s.players[seat].dock, s.players[seat].ship.damage = 4, 2
    s = do(s, seat, "use bosun 1 2")
    s = do(s, seat, "upgrade carpenters-bench b")
    assert "use hull-b 1" in options(s, seat), "the Bench's repair, the same turn"
    s = do(s, seat, "use hull-b 1")
    assert (s.players[seat].ship.damage, s.players[seat].dock) == (1, 0)


# ---- Captain, Wheels, Cannons and Battle abilities ----
def _merchant_here(s: State, seat: int, cubes: int = 2) -> str:
    """A row-1 Merchant ship carrying its own printed back, on a board with the seat's Ship."""
    card = next(c.id for c in defs().advancements.deck(1)
                if c.kind == "merchant" and c.back is not None and c.back.cubes == cubes)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card
    s.players[seat].ship.at = "c1"
    return card


def _finish_battle(s: State) -> State:
    """Answer whatever the battle still asks (plunder, room) with the first option."""
    while s.battle is not None or isinstance(top(s), (P.RoomPrompt, P.PlunderPrompt)):
        seat = waiting(s)[0]
        s = do(s, seat, options(s, seat)[0])
    return s


def test_dr_capt_01_02_level_1_gives_a_sail_and_level_2_a_flag_and_a_wheel_instead() -> None:
    sails, attacks, wheels = [], [], []
    for level in (1, 2):
        s, seat = _ready(f"captain-{level}")
        other = 1 - seat
        s.players[other].ship.at = HARBOR                       # both in Harbor
        s = _played(s, seat, "captain", level)
        attacks.append(f"attack p{other + 1}" in options(s, seat))
        wheels.append(card_icons(s.players[seat], "captain").wheel)
        s = do(s, seat, "sails")
        sails.append(s.players[seat].ship.sails)
    assert sails == [2 + 1, 2] and attacks == [False, True] and wheels == [0, 1]


@pytest.mark.parametrize(("level", "sleeve", "bonus"), [(3, [], 1), (3, ["r1-07"], 2), (4, [], 3), (4, ["r1-07"], 4)])
def test_dr_capt_04_abd_27_the_win_bonus_counts_the_wheels_on_the_captain_card(
        level: int, sleeve: list[str], bonus: int) -> None:
    """Level 3: 1 coin a Wheel on the card; level 4: 2 more. A sleeved Wheel counts (r1-07),
    the Bosun's Wheel on another card does not: a Wheel does nothing by itself."""
    coins = []
    for use in (True, False):
        s, seat = _ready(f"captain-bonus-{level}")
        s = _played(s, seat, "bosun", 2)                        # a Wheel on another card
        s = _played(s, seat, "captain", level)
        s.players[seat].sleeves["captain"] = list(sleeve)
        _merchant_here(s, seat)
        s = do(s, seat, "raid")
        land(s, "strength-2", "empty", "empty")
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.AbilityPrompt)
        s = do(s, seat, "use captain 1" if use else "pass")
        s = _finish_battle(s)
        coins.append(_aboard(s, seat, "coin"))
    assert coins[0] - coins[1] == bonus


def test_dr_capt_04_level_4_adds_a_cannon_to_level_3() -> None:
    fired = []
    for level in (3, 4):
        s, seat = _ready("captain-cannon")
        s = _played(s, seat, "captain", level)
        fired.append(cannons(s, seat))
    assert fired == [1, 2]


def test_dr_capt_03_04_the_bonus_is_for_ship_battles_not_against_buildings() -> None:
    s, seat = _ready("captain-buildings")
    other = 1 - seat
    at = sorted(s.islands)[0]
    _own(s, other, at)
    s.islands[at].buildings = ["garrison"]
    s.holders[at] = other
    s = _played(s, seat, "captain", 4)
    s.players[seat].ship.at = at
    s = do(s, seat, "attack buildings")
    land(s, "strength-2", "empty", "empty")
    s = do(s, seat, "cubes 1")
    assert s.battle is None, "no Battle ability to use against Buildings: the window passes by itself"


def test_dr_abd_23_a_flag_attacks_a_ship_on_the_same_board_or_in_harbor_together() -> None:
    s, seat = _ready("flag-where")
    other = 1 - seat
    s = _played(s, seat, "captain", 2)
    target = f"attack p{other + 1}"
    s.players[seat].ship.at = s.players[other].ship.at = HARBOR
    assert target in options(s, seat), "both in Harbor"
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    assert target in options(s, seat), "the same board"
    s.players[other].ship.at = "b2"
    assert target not in options(s, seat), "one board away"
    s.players[other].ship.at = HARBOR
    assert target not in options(s, seat), "in Harbor while the attacker is out"
    s, seat = _ready("flag-where")
    s.players[seat].ship.at = s.players[1 - seat].ship.at = "b1"
    s = _played(s, seat, "gunner-1", 2)                          # Cannons but no flag
    assert target not in options(s, seat), "no Attack flag played"


def test_dr_abd_24_pirate_or_mercantile_mode_does_not_matter_to_a_flag() -> None:
    for mine in ("mercantile", "pirate"):
        for theirs in ("mercantile", "pirate"):
            s, seat = _ready("flag-modes")
            other = 1 - seat
            s = _played(s, seat, "captain", 2)
            s.players[seat].ship.at = s.players[other].ship.at = "b1"
            s.players[seat].ship.mode, s.players[other].ship.mode = mine, theirs
            assert f"attack p{other + 1}" in options(s, seat), (mine, theirs)


def test_dr_abd_25_gun_02_each_cannon_is_one_battle_cube() -> None:
    most = []
    for level in (1, 2):
        s, seat = _ready("cannons")
        s = _played(s, seat, "gunner-1", level)
        _merchant_here(s, seat)
        s = do(s, seat, "raid")
        most.append(max(int(o.split()[1]) for o in options(s, seat) if o.startswith("cubes ")))
    assert most == [1, 2], "the printed Cannon, and the level-2 Gunner's"


def test_dr_abd_25_an_ability_built_on_cannons_counts_those_of_its_own_card() -> None:
    """r2-16 (a Cannon and Battle strength per Cannon) sleeved on a level-2 Gunner: 2 strength,
    a tie with the Merchant's 2, which the attacker wins; the other Gunner's Cannon adds none."""
    results = []
    for gunner_level in (1, 2):
        s, seat = _ready("per-cannon")
        s = _played(s, seat, "gunner-2", 2)
        s = _played(s, seat, "gunner-1", gunner_level)
        s.players[seat].sleeves["gunner-1"] = ["r2-16"]
        _merchant_here(s, seat)
        s = do(s, seat, "raid")
        land(s, "empty", "strength-1", "strength-1")
        s = do(s, seat, "cubes 1")
        s = do(s, seat, "use gunner-1 2")
        s = _finish_battle(s)
        results.append(s.players[seat].wins)
    assert results == [0, 1]


def test_dr_abd_26_a_battle_ability_is_used_only_in_a_battle() -> None:
    s, seat = _ready("battle-only")
    s = _played(s, seat, "gunner-1", 3)
    assert _uses(s, seat, "gunner-1") == ["use gunner-1 1"]
    with pytest.raises(IllegalActionError):
        do(s, seat, "use gunner-1 2")
    _merchant_here(s, seat)
    s = do(s, seat, "raid")
    land(s, "empty", "empty", "empty")
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.AbilityPrompt) and options(s, seat) == ["use gunner-1 2", "pass"]


def _dropped(s: State, seat: int) -> int:
    assert s.battle is not None
    return sum(s.battle.board.cubes.get(label(seat), {}).values())


def test_dr_gun_03_level_3_drops_two_more_cubes_in_a_battle_and_level_2_has_nothing_to_use() -> None:
    s, seat = _ready("gunner-drop")
    s = _played(s, seat, "gunner-1", 2)
    _merchant_here(s, seat)
    s = do(s, seat, "raid")
    land(s, "empty", "empty", "empty", "empty")
    s = do(s, seat, "cubes 2")
    assert s.battle is None, "level 2: no Battle ability, the window passes by itself"
    wins = []
    for use in (True, False):
        s, seat = _ready("gunner-drop")
        s = _played(s, seat, "gunner-1", 3)
        _merchant_here(s, seat)
        s = do(s, seat, "raid")
        land(s, "empty", "empty", "strength-1", "strength-1", "strength-2", "empty")
        s = do(s, seat, "cubes 2")
        assert _dropped(s, seat) == 2 and len(s.tower.script) == 2
        s = do(s, seat, "use gunner-1 2" if use else "pass")
        assert len(s.tower.script) == (0 if use else 2), "two more cubes went down the tower"
        wins.append(s.players[seat].wins)
    assert wins == [1, 0], "the 2 strength of the extra cubes tie the Merchant's 2"


def _flag_battle(seed: str, gunner: int) -> tuple[State, int, int]:
    """A flag attack on the other Ship at b1 with a level-`gunner` Gunner in play: the attacker's
    2 cubes land in strength 2 and 1, the defender's 1 in strength 2; the window is open."""
    s, seat = _ready(seed)
    other = 1 - seat
    s = _played(s, seat, "captain", 2)
    s = _played(s, seat, "gunner-1", gunner)
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s = do(s, seat, f"attack p{other + 1}")
    s = do(s, seat, "cubes 2")
    land(s, "strength-2", "strength-1", "strength-2")
    s = do(s, other, "cubes 1")
    assert isinstance(top(s), P.AbilityPrompt) and waiting(s) == (seat,)
    return s, seat, other


def test_dr_gun_04_level_4_takes_back_a_cube_to_deal_one_damage_and_gain_two_coins() -> None:
    s, seat, other = _flag_battle("gunner-4", 3)
    assert options(s, seat) == ["use gunner-1 2", "pass"], "level 3 has no second Battle ability"
    s, seat, other = _flag_battle("gunner-4", 4)
    assert options(s, seat) == ["use gunner-1 2", "use gunner-1 3", "pass"]
    s = do(s, seat, "use gunner-1 3")
    assert isinstance(top(s), P.CubePrompt) and options(s, seat) == ["remove strength-1", "remove strength-2"]
    s = do(s, seat, "remove strength-1")
    assert s.battle is not None and _dropped(s, seat) == 1
    s = do(s, seat, "pass")
    s = _finish_battle(s)
    assert s.players[seat].wins == 1, "2 strength left ties the defender's 2: the attacker wins"
    assert s.players[other].ship.damage == 1 + 1, "the ability's damage and the loser's"
    assert _aboard(s, seat, "coin") == 2
    s, seat, other = _flag_battle("gunner-4", 4)
    s = _finish_battle(do(s, seat, "pass"))
    assert (s.players[other].ship.damage, _aboard(s, seat, "coin")) == (1, 0), "without it"


# ---- Deck Hand and Buccaneer: Influence ----
def _slots(s: State, seat: int) -> list[str]:
    return [o for o in options(s, seat) if o.startswith("slot ")]


def _at_empty_island(s: State, seat: int, slots: int = 0) -> str:
    """Move the seat's Ship onto an island (with at least `slots` slots), emptied of cubes."""
    at = next(a for a in _explore_all(s) if len(s.islands[a].slots) >= slots)
    isl = s.islands[at]
    isl.slots, isl.permanent = [None] * len(isl.slots), {}
    s.players[seat].ship.at = at
    return at


def test_dr_deckh_01_level_1_places_one_influence_cube_where_the_ship_is() -> None:
    s, seat = _ready("deckhand-1")
    s = _played(s, seat, "deck-hand-1", 1)
    assert _uses(s, seat, "deck-hand-1") == [], "not at an island"
    at = _at_empty_island(s, seat)
    assert _uses(s, seat, "deck-hand-1") == ["use deck-hand-1 1"]
    s = do(s, seat, "use deck-hand-1 1")
    assert isinstance(top(s), P.InfluencePrompt) and top(s).left == 1
    s = do(s, seat, "slot 1")
    assert s.islands[at].slots.count(label(seat)) == 1 and isinstance(top(s), P.MainPrompt)
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == 2, "no Sail at level 1"


@pytest.mark.parametrize(("level", "sails"), [(2, 1), (3, 2)])
def test_dr_deckh_02_03_levels_2_and_3_place_influence_or_give_sails(level: int, sails: int) -> None:
    s, seat = _ready(f"deckhand-{level}")
    at = _at_empty_island(s, seat)
    s = _played(s, seat, "deck-hand-1", level)
    assert _uses(s, seat, "deck-hand-1") == ["use deck-hand-1 1 1"], "the Sails are taken when Sails are set"
    s = do(s, seat, "sails")
    s = do(s, seat, "sail deck-hand-1")
    assert s.players[seat].ship.sails == 2 + sails
    assert _uses(s, seat, "deck-hand-1") == [], "the Sails took the ability: no Influence"
    s, seat = _ready(f"deckhand-{level}")
    at = _at_empty_island(s, seat)
    s = _played(s, seat, "deck-hand-1", level)
    s = do(s, seat, "sails")
    s = do(s, seat, "keep deck-hand-1")
    assert s.players[seat].ship.sails == 2
    s = do(s, seat, "use deck-hand-1 1 1")
    s = do(s, seat, "slot 1")
    assert s.islands[at].slots.count(label(seat)) == 1


def test_dr_deckh_04_level_4_places_influence_and_gives_three_sails() -> None:
    s, seat = _ready("deckhand-4")
    at = _at_empty_island(s, seat)
    s = _played(s, seat, "deck-hand-1", 4)
    s = do(s, seat, "sails")
    assert isinstance(top(s), P.MainPrompt), "nothing to choose: both"
    assert s.players[seat].ship.sails == 2 + 3
    s = do(s, seat, "use deck-hand-1 1")
    s = do(s, seat, "slot 1")
    assert s.islands[at].slots.count(label(seat)) == 1


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_dr_bucc_01_to_04_abd_06_bucc_05_the_buccaneer_places_its_level_in_cubes_all_at_once(level: int) -> None:
    s, seat = _ready(f"buccaneer-{level}")
    at = _at_empty_island(s, seat, slots=5)
    s = _played(s, seat, "buccaneer", level)
    s = do(s, seat, "use buccaneer 1")
    for k in range(level):
        assert isinstance(top(s), P.InfluencePrompt) and top(s).at == at
        others = [o for o in options(s, seat) if not o.startswith(("slot ", "shift ", "jettison "))]
        assert _slots(s, seat) and others == [], "only placements (and rearranging), nothing else in between"
        s = do(s, seat, _slots(s, seat)[0])
        assert s.islands[at].slots.count(label(seat)) == k + 1
    assert isinstance(top(s), P.MainPrompt) and "use buccaneer 1" not in options(s, seat)


def test_dr_abd_06_icons_with_no_slot_left_to_take_are_lost() -> None:
    s, seat = _ready("buccaneer-lost")
    other = 1 - seat
    at = min(_explore_all(s), key=lambda a: len(s.islands[a].slots))
    isl = s.islands[at]
    n = len(isl.slots)
    assert n <= 4
    isl.slots, isl.permanent = [label(other)] + [None] * (n - 2) + [label(seat)], {}
    s.players[seat].ship.at = at
    s = _played(s, seat, "buccaneer", 4)
    s = do(s, seat, "use buccaneer 1")
    placed = 0
    while isinstance(top(s), P.InfluencePrompt):
        s = do(s, seat, _slots(s, seat)[0])
        placed += 1
    assert placed == n - 1, "the empty slots, then the opponent's cube; the rest is lost"
    assert s.islands[at].slots == [label(seat)] * n and isinstance(top(s), P.MainPrompt)


# ---- Purser ----
def _produces(s: State, seat: int) -> list[str]:
    return [o.split()[1] for o in options(s, seat) if o.startswith("produce ")]


def _printed(s: State, at: str) -> tuple[int, int]:
    """What the island's board prints plus one cargo per open-sea arrow at it."""
    base = defs().ocean.boards[s.islands[at].board].production
    assert base is not None
    arrows = arrows_at({pos: sp.board for pos, sp in s.grid.items() if sp.face_up}, at)
    return base.cargo + arrows, base.coin


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_dr_purs_01_to_05_the_purser_produces_on_up_to_its_level_in_different_islands(level: int) -> None:
    s, seat = _ready(f"purser-{level}")
    islands = _explore_all(s)
    assert len(islands) > level
    before = {at: (s.islands[at].cargo, s.islands[at].coins) for at in islands}
    s = _played(s, seat, "purser", level)
    s = do(s, seat, "use purser 1")
    chosen: list[str] = []
    for _ in range(level):
        assert isinstance(top(s), P.ProducePrompt) and "done" in options(s, seat)
        offered = _produces(s, seat)
        assert sorted(offered) == sorted(a for a in islands if a not in chosen), "each island once"
        chosen.append(offered[0])
        s = do(s, seat, f"produce {offered[0]}")
    assert isinstance(top(s), P.MainPrompt), f"at most {level}"
    bonus = 1 if level == 4 else 0
    for at in islands:
        cargo, coins = _printed(s, at)
        gained = (s.islands[at].cargo - before[at][0], s.islands[at].coins - before[at][1])
        assert gained == ((cargo + bonus, coins + bonus) if at in chosen else (0, 0)), at


def test_dr_purs_02_up_to_means_fewer_islands_may_be_chosen() -> None:
    s, seat = _ready("purser-fewer")
    islands = _explore_all(s)
    s = _played(s, seat, "purser", 3)
    s = do(s, seat, "use purser 1")
    s = do(s, seat, f"produce {islands[0]}")
    s = do(s, seat, "done")
    assert isinstance(top(s), P.MainPrompt) and "use purser 1" not in options(s, seat)
    assert sum(s.islands[a].cargo + s.islands[a].coins for a in islands[1:]) == 0


@pytest.mark.parametrize(("tile", "tier", "cannon", "sail", "hold"), [
    ("swivel-gun", 2, 1, 0, 0), ("topsail", 2, 0, 1, 0), ("cargo-hold", 2, 0, 0, 3),
    ("gun-deck", 3, 2, 0, 0), ("clipper-rig", 3, 0, 2, 0), ("great-hold", 3, 0, 0, 6),
    ("crows-nest", 3, 0, 1, 0), ("boarding-nets", 3, 1, 0, 0),
])
def test_dr_abd_32_33_each_tile_adds_its_cannons_sails_or_hold_at_once(
        tile: str, tier: int, cannon: int, sail: int, hold: int) -> None:
    s, seat = _ready(f"tile-{tile}")
    s = _played(s, seat, "bosun", 4)
    hull = s.players[seat].ship.hull
    before = (cannons(s, seat), hull.sails(), hull.capacity())
    s = do(_bosun_upgrade(s, seat, tier), seat, f"upgrade {tile} b")
    hull = s.players[seat].ship.hull
    assert (cannons(s, seat), hull.sails(), hull.capacity()) == (before[0] + cannon, before[1] + sail, before[2] + hold)


def test_dr_abd_33_crows_nest_draws_one_more_and_boarding_nets_defend_with_two_cubes() -> None:
    drawn = []
    for tile in ("topsail", "crows-nest"):
        s, seat = _ready("tile-draw")
        hand(s, seat, "bosun")
        s.players[seat].levels["bosun"] = 4
        s = do(s, seat, "play bosun")
        s = do(_bosun_upgrade(s, seat, 2 if tile == "topsail" else 3), seat, f"upgrade {tile} b")
        s = do(s, seat, "end")                                  # an empty hand draws 4, one more with the Nest
        drawn.append(len(s.players[seat].hand))
    assert drawn == [4, 5]
    most = []
    for tile in ("swivel-gun", "boarding-nets"):
        s, seat = _ready("tile-defence")
        other = 1 - seat
        s.players[other].ship.upgrades = {"B": [tile]}
        s.players[other].ship.hull = lay_tile(s.players[other].ship.hull, "B", defs().upgrades.tiles[tile])
        s = _played(s, seat, "captain", 2)
        s = do(s, seat, f"attack p{other + 1}")
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.ResponsePrompt)
        most.append(max(int(o.split()[1]) for o in options(s, other) if o.startswith("cubes ")))
    assert most == [2, 4], "the printed Cannon and the tile's, and the Nets' 2 Defense cubes when attacked"
