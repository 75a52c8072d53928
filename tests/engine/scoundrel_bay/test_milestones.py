"""The Milestones variant through play: checking after step 1, the 6/4/2 doubloons, the upgrade
taken or discarded, each milestone side at its boundary, and every upgrade's ability
(rules/milestones.py and where the abilities apply: sail.py, invade.py)."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import (
    cards_of,
    do,
    force_die,
    game,
    hand,
    options,
    put_monster,
    top,
    waiting,
)
from tests.engine.scoundrel_bay.test_stage import turn_to

TYPES = ("treasure", "crate", "monster", "hideout")


def mgame(players: int = 3, sides: dict[str, str] | None = None) -> State:
    s = game(players, milestones=True)
    s.milestone_sides = {t: (sides or {}).get(t, "a") for t in TYPES}
    return s


def treasures(t: int, n: int) -> list[str]:
    return sorted(x.id for x in defs().treasures.treasures.values() if x.type == t)[:n]


def crates(n: int) -> list[str]:
    return sorted(defs().crates.crates)[:n]


def step_1(s: State, seat: int) -> State:
    """`seat` recruits with its starting card (step 1): the milestone check follows."""
    turn_to(s, seat)
    s.players[seat].last_action = None
    card = next((c for c in s.players[seat].hand if c.startswith("start")), None)
    if card is None:
        card = f"start-{s.players[seat].board}"
        s.players[seat].hand.append(card)
    return do(s, seat, f"recruit {card}")


def ups(mtype: str) -> list[str]:
    return sorted(u.id for u in defs().milestones.upgrades.values() if u.milestone == mtype)


# ---- setup and the check -----------------------------------------------------------------

def test_sb_mile_01_four_tiles_a_random_side_each_and_all_upgrades_laid_out() -> None:
    seen: set[str] = set()
    for seed in range(12):
        s = game(3, seed=str(seed), milestones=True)
        assert sorted(s.milestone_sides) == sorted(TYPES)
        assert set(s.milestone_sides.values()) <= {"a", "b"}
        assert sorted(s.upgrade_supply) == sorted(defs().milestones.upgrades)
        seen |= set(s.milestone_sides.values())
    assert seen == {"a", "b"}
    assert game(3).milestone_sides == {} and game(3).upgrade_supply == []


def test_sb_mile_02_the_check_comes_after_step_1_of_your_own_turn_only() -> None:
    s = mgame()
    s.reputation.advance(1, 5)                     # seat 1 meets the monster milestone (side A)
    s.reputation.advance(0, 5)
    money = s.players[1].doubloons
    assert isinstance(top(s), P.ActionPrompt) and s.players[0].milestones == []   # not before step 1
    s = step_1(s, 0)
    assert s.players[0].milestones == ["monster"] and isinstance(top(s), P.UpgradePrompt)
    assert s.players[1].milestones == [] and s.players[1].doubloons == money  # not on another's turn
    s = do(s, 0, f"upgrade {ups('monster')[0]}")
    s = step_1(s, 1)
    assert s.players[1].milestones == ["monster"] and s.players[1].doubloons == money + 4


def test_sb_mile_03_several_milestones_in_one_turn() -> None:
    s = mgame(sides={"crate": "b"})
    s.reputation.advance(0, 5)
    s.players[0].undelivered = crates(3)
    money = s.players[0].doubloons
    s = step_1(s, 0)
    assert sorted(s.players[0].milestones) == ["crate", "monster"]
    assert s.players[0].doubloons == money + 6 + 6
    prompts = [x for x in s.stack if isinstance(x, P.UpgradePrompt)]
    assert sorted(x.milestone for x in prompts) == ["crate", "monster"]


# ---- each side at its boundary --------------------------------------------------------------

def _treasure_a(s: State, ok: bool) -> None:
    s.players[0].treasures = treasures(1, 1) + treasures(2, 1) + (treasures(3, 1) if ok else treasures(1, 2)[1:])


def _treasure_b(s: State, ok: bool) -> None:
    """Reading: the captain counts 2 toward the 5 pirates on beaches."""
    s.players[0].treasures = treasures(2, 2) if ok else treasures(2, 1) + treasures(1, 1)
    s.regions["gullsand-beach"].pirates[0] = 2
    s.regions["driftbone-beach"].pirates[0] = 1
    s.players[0].captain_at = "driftbone-beach"
    s.players[0].crew_space.captain = "away"


def _treasure_b_short(s: State, ok: bool) -> None:
    s.players[0].treasures = treasures(2, 2)
    s.regions["gullsand-beach"].pirates[0] = 5 if ok else 4


def _crate_a(s: State, ok: bool) -> None:
    """Opened crates do not count: only delivered ones."""
    s.players[0].delivered = crates(2) if ok else crates(1)
    s.crate_discard = crates(5)[2:]


def _crate_b(s: State, ok: bool) -> None:
    s.players[0].undelivered = crates(3 if ok else 2)


def _monster_a(s: State, ok: bool) -> None:
    s.reputation.advance(0, 5 if ok else 4)


def _monster_a_past(s: State, ok: bool) -> None:
    s.reputation.advance(0, 7 if ok else 0)


def _monster_b(s: State, ok: bool) -> None:
    s.players[0].monsters = sorted(defs().monsters.monsters)[: 3 if ok else 2]


def _hideout_a(s: State, ok: bool) -> None:
    for rid in ("crows-hollow", "saltfang-cave", "gallows-loft" if ok else "crows-hollow"):
        s.regions[rid].pirates[0] = s.regions[rid].pirates.get(0, 0) + 1


def _hideout_b(s: State, ok: bool) -> None:
    s.regions["bluebell-grotto" if ok else "crows-hollow"].pirates[0] = 1


SIDES = [
    ("SB-MILE-04", "treasure", "a", _treasure_a), ("SB-MILE-05", "treasure", "b", _treasure_b),
    ("SB-MILE-05", "treasure", "b", _treasure_b_short), ("SB-MILE-06", "crate", "a", _crate_a),
    ("SB-MILE-07", "crate", "b", _crate_b), ("SB-MILE-08", "monster", "a", _monster_a),
    ("SB-MILE-08", "monster", "a", _monster_a_past), ("SB-MILE-09", "monster", "b", _monster_b),
    ("SB-MILE-10", "hideout", "a", _hideout_a), ("SB-MILE-11", "hideout", "b", _hideout_b),
]


@pytest.mark.parametrize(("rule", "mtype", "side", "build"), SIDES, ids=[f"{r}-{b.__name__}" for r, _, _, b in SIDES])
@pytest.mark.parametrize("ok", [True, False], ids=["met", "one-short"])
def test_sb_mile_04_11_each_side_met_exactly_and_one_short(rule: str, mtype: str, side: str, build: object, ok: bool) -> None:
    s = mgame(sides={mtype: side})
    build(s, ok)  # type: ignore[operator]
    s = step_1(s, 0)
    assert (mtype in s.players[0].milestones) is ok
    other = "b" if side == "a" else "a"
    s2 = mgame(sides={mtype: other})                   # the other side of the tile is not in play
    build(s2, ok)  # type: ignore[operator]
    s2 = step_1(s2, 0)
    if ok and rule not in ("SB-MILE-08",):
        assert mtype not in s2.players[0].milestones


# ---- the rewards ----------------------------------------------------------------------------

def test_sb_mile_12_14_doubloons_6_4_2_then_none_and_once_per_type() -> None:
    s = mgame(4)
    got = []
    for seat in (0, 1, 2, 3):
        s.reputation.advance(seat, 5)
    for seat in (1, 3, 0, 2):
        money = s.players[seat].doubloons
        s = step_1(s, seat)
        got.append(s.players[seat].doubloons - money)
        while isinstance(top(s), P.UpgradePrompt):
            s = do(s, seat, options(s, seat)[0])
    assert got == [6, 4, 2, 0]
    assert s.milestone_order["monster"] == [1, 3, 0, 2]
    money = s.players[1].doubloons
    s = step_1(s, 1)                                # still met: no second reward
    assert s.players[1].doubloons == money and s.players[1].milestones == ["monster"]
    assert not isinstance(top(s), P.UpgradePrompt)


def test_sb_mile_13_17_place_an_upgrade_of_that_type_or_discard_one_for_1_reputation() -> None:
    s = mgame()
    s.players[0].undelivered = []
    s.players[0].delivered = crates(2)
    s = step_1(s, 0)
    crate_ups = ups("crate")
    assert len(crate_ups) == 3 and all(len(ups(t)) == 3 for t in TYPES)
    assert sorted(options(s, 0)) == sorted([f"upgrade {u}" for u in crate_ups] + [f"discard-upgrade {u}" for u in crate_ups])
    rep = s.reputation.space(0)
    s = do(s, 0, f"discard-upgrade {crate_ups[0]}")
    assert s.reputation.space(0) == rep + 1 and s.players[0].upgrades == []
    assert crate_ups[0] not in s.upgrade_supply
    s.players[1].delivered = crates(2)
    s = step_1(s, 1)
    assert sorted(options(s, 1)) == sorted([f"upgrade {u}" for u in crate_ups[1:]] + [f"discard-upgrade {u}" for u in crate_ups[1:]])
    s = do(s, 1, f"upgrade {crate_ups[1]}")
    assert s.players[1].upgrades == [crate_ups[1]] and s.reputation.space(1) == 0


def test_sb_mile_15_none_left_only_the_doubloons() -> None:
    s = mgame()
    s.upgrade_supply = [u for u in s.upgrade_supply if u not in ups("hideout")]
    s.regions["bluebell-grotto"].pirates[0] = 1
    s.milestone_sides["hideout"] = "b"
    money = s.players[0].doubloons
    s = step_1(s, 0)
    assert s.players[0].milestones == ["hideout"] and s.players[0].doubloons == money + 6
    assert not any(isinstance(x, P.UpgradePrompt) for x in s.stack) and isinstance(top(s), P.CardPrompt)


def test_sb_mile_18_lisa_one_treasure_of_each_type_6_doubloons_and_a_choice_of_3() -> None:
    s = mgame()
    s.players[1].treasures = treasures(1, 1) + treasures(2, 1) + treasures(3, 1)
    money = s.players[1].doubloons
    s = step_1(s, 1)
    assert s.players[1].doubloons == money + 6
    assert waiting(s) == (1,) and sorted(o.split()[1] for o in options(s, 1) if o.startswith("upgrade ")) == ups("treasure")


# ---- the upgrades ----------------------------------------------------------------------------

def sail_with(s: State, seat: int, upgrade: str, n: int) -> State:
    s.players[seat].upgrades = [upgrade]
    turn_to(s, seat)
    s.monsters.pop(s.players[seat].ship + n, None)
    card = s.players[seat].hand[0]
    return do(do(s, seat, f"sail {card}"), seat, f"sail {n}")


@pytest.mark.parametrize(("upgrade", "reward", "distances"),
                         [("moon-charts", "moon", (1, 2, 3)), ("sun-charts", "sun", (2, 3)), ("star-charts", "star", (1, 2))])
def test_sb_upg_01_02_03_mile_16_chart_upgrades_by_distance(upgrade: str, reward: str, distances: tuple[int, ...]) -> None:
    for n in (1, 2, 3):
        s = sail_with(mgame(), 0, upgrade, n)
        assert (f"take {reward} charts" in options(s, 0)) is (n in distances)


def test_sb_upg_01_moon_charts_moon_reward_and_a_bridge_free_move_into_a_hideout() -> None:
    s = mgame()
    s.regions["tarwick"].pirates[0] = 1
    s.players[0].tools["sword"] = 1
    s = sail_with(s, 0, "moon-charts", 1)
    card = s.turn.card
    assert card is not None
    s = do(s, 0, "take moon charts")
    assert isinstance(top(s), P.MovePrompt)
    assert "move tarwick crows-hollow" in options(s, 0) and "move tarwick gullsand-beach" not in options(s, 0)
    s = do(s, 0, "move tarwick crows-hollow")
    assert s.regions["crows-hollow"].pirates[0] == 1 and isinstance(top(s), P.CardPrompt)


def test_sb_upg_02_sun_charts_at_3_spaces_where_sun_is_not_normally_offered() -> None:
    s = sail_with(mgame(), 0, "sun-charts", 3)
    assert "take sun" not in options(s, 0) and "take sun charts" in options(s, 0)
    food = s.players[0].resources["food"]
    from engine.scoundrel_bay.rules.cards import card_def
    sun = card_def(s.turn.card or "").sun
    s = do(s, 0, "take sun charts")
    gained = sum(r.n for r in sun if r.gain == "food")
    assert s.players[0].resources["food"] == food + gained


@pytest.mark.parametrize(("upgrade", "citizens", "tools"),
                         [("gun-crew", 3, {"gun": 1}), ("boarding-party", 2, {"gun": 1, "shield": 1}),
                          ("armoury", 0, {"gun": 1, "shield": 1, "sword": 1})])
def test_sb_upg_04_05_06_mile_16_immediate_citizens_and_tools(upgrade: str, citizens: int, tools: dict[str, int]) -> None:
    s = mgame()
    s.reputation.advance(0, 5)
    s = step_1(s, 0)
    p = s.players[0]
    before = (p.crew_space.active, p.citizens, dict(p.tools))
    s = do(s, 0, f"upgrade {upgrade}")
    p = s.players[0]
    assert (p.crew_space.active, p.citizens) == (before[0] + citizens, before[1] - citizens)
    assert {k: p.tools[k] - before[2][k] for k in p.tools if p.tools[k] != before[2][k]} == tools
    assert p.upgrades == [upgrade]


@pytest.mark.parametrize("upgrade", ["gun-crew", "boarding-party", "armoury", None])
def test_sb_upg_04_05_06_one_free_reroll_each_shot(upgrade: str | None) -> None:
    s = mgame()
    s.players[0].resources["ring"] = 0
    s.players[0].upgrades = [upgrade] if upgrade else []
    turn_to(s, 0)
    s.players[0].ship = 1
    put_monster(s, 2, sorted(m.id for m in defs().monsters.monsters.values() if m.type == "skeleton")[0])
    force_die(s, "miss", "miss", "miss")
    s = do(do(s, 0, f"sail {s.players[0].hand[0]}"), 0, "sail 1")
    s = do(s, 0, "no reward")
    if upgrade is None:
        assert not isinstance(top(s), P.RerollPrompt)
        return
    assert isinstance(top(s), P.RerollPrompt) and options(s, 0) == ["keep", "reroll free"]
    s = do(s, 0, "reroll free")
    assert not isinstance(top(s), P.RerollPrompt)                  # once per shot


def dig_game(upgrade: str | None, maps: int = 2, there: int = 0) -> State:
    """Seat 0 (board 1: one yellow flag) invades Gullsand Beach (yellow, treasures of types 1
    and 2) with 1 pirate, joining `there` of its pirates already on the beach."""
    s = mgame()
    p = s.players[0]
    s.regions["gullsand-beach"].pirates[0] = there
    p.upgrades = [upgrade] if upgrade else []
    p.ship = 3
    p.resources.update(map=maps, ring=0)
    card = cards_of("yellow")[0]
    hand(s, 0, card)
    turn_to(s, 0)
    s = do(s, 0, f"invade {card}")
    return do(s, 0, "land gullsand-beach 1")


def test_sb_upg_07_keen_diggers_type_2_with_1_strength_type_1_unchanged() -> None:
    assert options(dig_game(None), 0) == ["dig 1", "done"]
    s = dig_game("keen-diggers")
    assert sorted(options(s, 0)) == ["dig 1", "dig 2", "done"]        # not both: 1 + 1 > 1
    s = dig_game("keen-diggers", there=1)
    assert "dig 1+2" in options(s, 0)                                 # 1 + (2 - 1) = 2
    assert "dig 1+2" not in options(dig_game(None, there=1), 0)


def test_sb_upg_08_beachcombers_a_move_per_treasure_from_that_beach_bridges_still_need_5() -> None:
    s = dig_game("beachcombers")
    s = do(s, 0, "dig 1")
    assert isinstance(top(s), P.MovePrompt) and top(s).moves == 1
    assert sorted(options(s, 0)) == ["done", "move gullsand-beach port-harleem", "move gullsand-beach tarwick"]
    s = do(s, 0, "move gullsand-beach tarwick")
    assert s.regions["tarwick"].pirates[0] == 1 and not isinstance(top(s), P.MovePrompt)


def test_sb_upg_09_treasure_maps_extra_maps_for_5_doubloons_each() -> None:
    s = dig_game("treasure-maps", maps=4)
    s = do(s, 0, "dig 1")
    assert isinstance(top(s), P.ExtraMapsPrompt)
    assert options(s, 0) == ["extra-maps 1", "extra-maps 2", "extra-maps 3", "decline"]
    money = s.players[0].doubloons
    s = do(s, 0, "extra-maps 2")
    assert s.players[0].doubloons - money >= 10 and s.players[0].resources["map"] == 1
    s2 = dig_game(None, maps=4)
    s2 = do(s2, 0, "dig 1")
    assert not isinstance(top(s2), P.ExtraMapsPrompt) and s2.players[0].resources["map"] == 3


def harbor_game(upgrade: str | None, crate: str, region: str = "port-harleem", pirates: int = 1) -> State:
    """Seat 0 lands in a harbor it cannot raid (1 sword), carrying `crate`."""
    s = mgame()
    p = s.players[0]
    p.upgrades = [upgrade] if upgrade else []
    p.undelivered = [crate]
    p.tools["sword"] = 1
    r = defs().board.regions[region]
    p.ship = r.seas[0]
    card = cards_of(r.flag)[0]
    hand(s, 0, card)
    p.crew[r.flag] = cards_of(r.flag)[1:3]
    turn_to(s, 0)
    return do(s, 0, f"invade {card}")


def crate_of(letter: str | None, pirates: int) -> str:
    return next(c.id for c in sorted(defs().crates.crates.values(), key=lambda c: c.id)
                if (letter is None or c.letter == letter) and c.pirates == pirates)


def test_sb_upg_10_fair_trader_full_doubloons_whatever_the_letter_but_not_in_scoundrel_bay() -> None:
    crate = crate_of("C", 1)
    value = defs().crates.crates[crate].doubloons
    for upgrade, want in ((None, value // 2), ("fair-trader", value)):
        s = do(harbor_game(upgrade, crate), 0, "land port-harleem 1")
        s = do(s, 0, f"deliver {crate}")
        said = [line for line in s.log_tail if " delivers a crate " in line]
        assert said[-1].endswith(f"in Port Harleem: {want} doubloons.")
    s = harbor_game("fair-trader", crate, "scoundrel-bay")
    s.pot = 0                                         # its trading ship pays half the pot: nothing
    s = do(s, 0, "land scoundrel-bay 1")
    money = s.players[0].doubloons
    s = do(s, 0, f"deliver {crate}")
    assert s.players[0].doubloons - money == value // 2


def test_sb_upg_11_light_cargo_any_crate_with_1_strength() -> None:
    """Reading: 1 strength per crate, so n crates need n strength."""
    crate = crate_of("P", 3)
    s = harbor_game(None, crate)
    assert "land port-harleem 1" not in options(s, 0)               # strength 1 < 3: no way past the ship
    s = harbor_game("light-cargo", crate)
    assert "land port-harleem 1" in options(s, 0)
    s = do(s, 0, "land port-harleem 1")
    assert f"deliver {crate}" in options(s, 0)
    s = do(s, 0, f"deliver {crate}")
    assert s.players[0].delivered == [crate]


def test_sb_upg_11_light_cargo_two_crates_need_2_strength() -> None:
    a, b = crate_of("P", 3), crate_of("P", 2)
    s = harbor_game("light-cargo", a)
    s.players[0].undelivered = [a, b]
    assert "land port-harleem 1" in options(s, 0)
    s = do(s, 0, "land port-harleem 1")
    s = do(s, 0, f"deliver {a}")
    assert f"deliver {b}" not in options(s, 0)


def test_sb_upg_12_rummagers_a_reward_from_every_undelivered_crate_on_plunder() -> None:
    s = mgame()
    p = s.players[0]
    held = crate_of("P", 1)
    p.undelivered = [held]
    p.upgrades = ["rummagers"]
    p.ship = 2
    card = cards_of("blue")[0]
    hand(s, 0, card)
    turn_to(s, 0)
    s = do(s, 0, f"invade {card}")
    s = do(s, 0, "land tarwick 1")
    target = next(c for c in s.regions["tarwick"].crates if c is not None and defs().crates.crates[c].pirates == 1)
    s = do(s, 0, f"plunder {target}")
    assert isinstance(top(s), P.RummagePrompt) and top(s).crates == [held, target]
    rum = s.players[0].resources["rum"]
    s = do(s, 0, "rummage 1")                      # the held crate's first content: 1 rum
    s = do(s, 0, "decline")                        # nothing from the new one
    s = do(s, 0, "done")
    assert defs().crates.crates[held].contents[0].gain == "rum"
    assert s.players[0].resources["rum"] == rum + 1
    assert sorted(s.players[0].undelivered) == sorted([held, target])   # nothing discarded
