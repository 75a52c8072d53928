"""B) SAIL AND SHOOT MONSTER — Shoot Monster, and the monster table's Rewards and Losses
(engine/scoundrel_bay/rules/sail.py, rules/effects.py), played through the engine's decisions
with the monster die scripted."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, force_die, game, hand, options, put_monster, top

CARD = "blue-01"


def shot(monster: str, gun: int, shield: int, *faces: int | str, rings: int = 0,
         crew: Crew | None = None) -> State:
    """Seat 0 (gun and shield levels as given) sails 1 onto `monster` on space 2, declines the
    card reward and shoots with the die showing `faces` in turn. With `rings` the reroll
    prompt is left open for the test."""
    s = game(3)
    s.monsters.clear()
    put_monster(s, 2, monster)
    hand(s, 0, CARD, "blue-02")
    p = s.players[0]
    p.tools["gun"], p.tools["shield"], p.resources["ring"] = gun, shield, rings
    if crew is not None:
        p.crew_space = crew
    force_die(s, *faces)
    return do(do(do(s, 0, f"sail {CARD}"), 0, "sail 1"), 0, "no reward")


def test_sb_shoot_01_the_monster_where_the_ship_stops_must_be_shot() -> None:
    s = shot("skeleton-3", 5, 5, 1)                  # no ring: nothing to decide, the shot is made
    assert 2 not in s.monsters and s.players[0].monsters == ["skeleton-3"] and top(s).kind == "card"
    s = shot("skeleton-3", 5, 5, 1, rings=1)         # with a ring: reroll or keep, never skip the shot
    assert options(s, 0) == ["keep", "reroll"]


def test_sb_shoot_02_the_stand_is_turned_over_to_show_guns_and_shields() -> None:
    s = shot("siren-4", 9, 9, 1, rings=1)
    assert s.turn.fight is not None and s.turn.fight.monster == "siren-4"
    assert s.reveals >= 1
    assert "2 guns and 2 shields" in s.log_tail[-1]


@pytest.mark.parametrize(("gun", "shield", "conquered", "hurt"), [
    (4, 4, True, False),      # exactly the totals 1+3 and 1+3
    (3, 4, False, False),
    (4, 3, True, True),
    (3, 3, False, True),
])
def test_sb_shoot_03_05_06_07_08_the_roll_adds_to_both_guns_and_shields(gun: int, shield: int, conquered: bool, hurt: bool) -> None:
    s = shot("skeleton-3", gun, shield, 3)           # 1 gun and 1 shield, +3
    p = s.players[0]
    assert (p.monsters == ["skeleton-3"]) is conquered
    assert (s.discarded_monsters == ["skeleton-3"]) is (not conquered)
    assert (s.reputation.space(0) == 1) is conquered          # skeleton: 1 reputation
    assert (p.ship_damage == 2) is hurt                        # skeleton: 1 ship damage


def test_sb_shoot_04_each_ring_buys_a_reroll_and_the_newest_roll_counts_even_when_worse() -> None:
    s = shot("skeleton-3", 2, 2, 1, 3, rings=2)      # +1 would conquer without losses
    assert s.turn.fight is not None and s.turn.fight.face == 1
    s = do(s, 0, "reroll")
    assert s.players[0].resources["ring"] == 1 and s.turn.fight is not None and s.turn.fight.face == 3
    s = do(s, 0, "keep")
    p = s.players[0]
    assert p.monsters == [] and s.discarded_monsters == ["skeleton-3"] and p.ship_damage == 2


def test_sb_shoot_04_no_ring_left_no_more_rerolls() -> None:
    s = shot("skeleton-3", 2, 2, "miss", "miss", 1, rings=2)
    s = do(s, 0, "reroll")
    assert options(s, 0) == ["keep", "reroll"]
    s = do(s, 0, "reroll")                           # the last ring: the +1 stands
    assert top(s).kind == "card" and s.players[0].monsters == ["skeleton-3"]


def test_sb_shoot_05_07_09_10_rl_08_davids_3_guns_conquer_the_siren_and_his_4_shields_do_not_hold() -> None:
    """Melisande (siren, 1 gun and 3 shields) with +2: 3 guns total (David's 3 are enough), 5
    shields (his 4 are not). He takes the siren row's rewards (1 reputation, 1 pirate ring), suffers
    its losses (1 pirate dies, 1 ship damage) and keeps the siren."""
    s = shot("siren-1", 3, 4, 2)
    p = s.players[0]
    assert p.monsters == ["siren-1"] and s.discarded_monsters == []
    assert s.reputation.space(0) == 1 and p.resources["ring"] == 1
    assert p.resources["food"] == 4 + 1                        # the bonus of reputation space 1
    assert p.crew_space.active == 3 and s.graveyard == {0: 1} and p.ship_damage == 2


def test_sb_rl_08_the_siren_row_is_the_rulebooks_illustrated_row() -> None:
    siren = defs().monsters.types["siren"]
    assert [(r.gain, r.n) for r in siren.rewards] == [("reputation", 1), ("ring", 1)]
    assert [(x.suffer, x.n) for x in siren.losses] == [("pirate_dies", 1), ("ship_damage", 1)]


def test_sb_shoot_06_08_guns_one_short_discard_the_monster_and_shields_at_the_total_hold() -> None:
    s = shot("siren-1", 2, 5, 2)
    p = s.players[0]
    assert p.monsters == [] and s.discarded_monsters == ["siren-1"]
    assert s.reputation.space(0) == 0 and p.resources["ring"] == 0
    assert p.crew_space.active == 4 and s.graveyard == {} and p.ship_damage == 1


def test_sb_shoot_11_a_critical_hit_conquers_whatever_the_levels_and_brings_no_losses() -> None:
    s = shot("kraken-2", 1, 1, "critical")
    p = s.players[0]
    assert p.monsters == ["kraken-2"]
    assert s.reputation.space(0) == 3 and p.resources["ring"] == 1     # kraken: 3 reputation, 1 ring
    assert p.ship_damage == 1 and s.graveyard == {}


def test_sb_shoot_12_a_miss_neither_conquers_nor_hurts_whatever_the_levels() -> None:
    s = shot("skeleton-3", 10, 1, "miss")
    p = s.players[0]
    assert p.monsters == [] and s.discarded_monsters == ["skeleton-3"]
    assert s.reputation.space(0) == 0 and p.ship_damage == 1


def test_sb_shoot_13_after_a_miss_a_ring_may_still_buy_a_reroll() -> None:
    s = shot("skeleton-3", 10, 10, "miss", 2, rings=1)
    assert options(s, 0) == ["keep", "reroll"]
    s = do(s, 0, "reroll")
    assert s.players[0].monsters == ["skeleton-3"] and s.players[0].resources["ring"] == 0
    assert s.reputation.space(0) == 1


@pytest.mark.parametrize("face", [1, "critical", "miss"])
def test_sb_shoot_14_the_monster_leaves_its_space_for_good(face: int | str) -> None:
    s = shot("skeleton-3", 5, 5, face)
    assert 2 not in s.monsters
    s = do(s, 0, "buy 1")                            # seat 1's turn: its ship also stops on space 2
    hand(s, 1, CARD)
    s.players[1].resources["ring"] = 0
    s = do(do(do(s, 1, f"sail {CARD}"), 1, "sail 1"), 1, "no reward")
    assert s.players[1].ship == 2 and s.players[1].monsters == [] and top(s).kind == "card"


def test_sb_rl_01_rep_01_a_harpy_gives_2_reputation_with_the_bonus_of_each_space() -> None:
    s = shot("harpy-1", 10, 10, 1)
    p = s.players[0]
    assert s.reputation.space(0) == 2
    assert (p.resources["food"], p.resources["rum"]) == (4 + 1, 3 + 1)   # spaces 1 (food) and 2 (rum)


def test_sb_rl_02_a_conquered_monster_gives_a_pirate_ring() -> None:
    s = shot("harpy-1", 10, 10, 1)
    assert s.players[0].resources["ring"] == 1
    s = shot("skeleton-3", 10, 10, 1)                # the skeleton row has no ring
    assert s.players[0].resources["ring"] == 0


def test_sb_rl_06_punish_03_the_player_chooses_an_active_or_a_sick_pirate_to_die() -> None:
    s = shot("siren-1", 1, 1, 2, crew=Crew(captain="active", active=1, sick=1))
    assert options(s, 0) == ["lose active", "lose sick"]       # not the captain while others are aboard
    s = do(s, 0, "lose sick")
    p = s.players[0]
    assert p.crew_space == Crew(captain="active", active=1, sick=0) and s.graveyard == {0: 1}
    assert p.ship_damage == 2                                  # the siren's second loss follows


def test_sb_rl_06_the_captain_dies_only_when_no_other_pirate_is_aboard() -> None:
    s = shot("siren-1", 1, 1, 2, crew=Crew(captain="active", active=0, sick=0))
    p = s.players[0]
    assert p.captain_dead and p.crew_space.captain == "away"
    assert s.graveyard == {0: 2}                               # a captain counts 2 in the graveyard


def test_sb_rl_06_with_nobody_aboard_no_pirate_dies() -> None:
    s = shot("siren-1", 1, 1, 2, crew=Crew(captain="away", active=0, sick=0))
    p = s.players[0]
    assert s.graveyard == {} and not p.captain_dead and p.ship_damage == 2


def test_sb_rl_07_the_strength_range_is_the_weakest_and_strongest_totals_of_the_type() -> None:
    numbers = [f for f in defs().monsters.die.faces if isinstance(f, int)]
    for kind in defs().monsters.types:
        ms = [m for m in defs().monsters.monsters.values() if m.type == kind]
        guns = sorted({m.guns + n for m in ms for n in numbers})
        shields = sorted({m.shields + n for m in ms for n in numbers})
        assert defs().monsters.strength_range(kind) == ((guns[0], guns[-1]), (shields[0], shields[-1]))
