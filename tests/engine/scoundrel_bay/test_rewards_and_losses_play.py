"""Appendix: Rewards and Punishments, and the monster table's losses, through play: tools and a
ship repair bought in Port Harleem's market, ship damage suffered from a monster's attack (the die
scripted), and the monster table's strength range shown while the sail distance is chosen."""
from __future__ import annotations

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, hand, options, put_monster
from tests.engine.scoundrel_bay.test_final_scoring_play import category, scored
from tests.engine.scoundrel_bay.test_harbor import at_harbor
from tests.engine.scoundrel_bay.test_shoot import shot

TRACKS = defs().player_boards.tracks


def in_port_harleem(food: int = 5, swords: int = 3, **tools: int) -> State:
    """Seat 0 raids Port Harleem (its ship gives 1 food and 2 doubloons); the market is open.
    Market: 1 food a sword; 3 food a gun and a shield, or a ship repair instead."""
    s = at_harbor("blue", 1, 0, swords, [], food=food)
    p = s.players[0]
    for tool, level in tools.items():
        if tool == "ship_damage":
            p.ship_damage = level
        else:
            p.tools[tool] = level
    return do(s, 0, "land port-harleem 1")


def test_sb_over_11_reward_04_each_tool_gained_moves_its_marker_up_one() -> None:
    s = in_port_harleem(gun=3, shield=5)
    assert (s.players[0].tools["gun"], s.players[0].tools["shield"]) == (3, 5)
    s = do(s, 0, "trade 3")
    assert (s.players[0].tools["gun"], s.players[0].tools["shield"]) == (4, 6)
    s = do(in_port_harleem(swords=3), 0, "trade 1")
    assert s.players[0].tools["sword"] == 4
    assert set(s.players[0].tools) == {"food_production", "sword", "gun", "shield"}


def test_sb_reward_05_a_tool_past_the_end_of_its_track_is_one_reputation_instead() -> None:
    s = do(in_port_harleem(swords=TRACKS.sword.high), 0, "trade 1")
    assert s.players[0].tools["sword"] == TRACKS.sword.high and s.reputation.space(0) == 1
    s = do(in_port_harleem(swords=TRACKS.sword.high - 1), 0, "trade 1")
    assert s.players[0].tools["sword"] == TRACKS.sword.high and s.reputation.space(0) == 0


def test_sb_reward_17_a_ship_repair_moves_back_one_and_never_below_the_first_space() -> None:
    s = do(in_port_harleem(ship_damage=4), 0, "trade 3 alt")
    assert s.players[0].ship_damage == 3
    s = do(in_port_harleem(ship_damage=TRACKS.ship_damage.low), 0, "trade 3 alt")
    assert s.players[0].ship_damage == TRACKS.ship_damage.low


def attacked(monster: str, damage: int, doubloons: int) -> State:
    """Seat 0 (ship damage `damage`, `doubloons`) conquers `monster` but cannot hold it off."""
    s = game(3)
    s.players[0].ship_damage, s.players[0].doubloons = damage, doubloons
    return _shot_from(s, monster)


def _shot_from(s: State, monster: str) -> State:
    s.monsters.clear()
    put_monster(s, 2, monster)
    hand(s, 0, "blue-01", "blue-02")
    p = s.players[0]
    p.tools["gun"], p.tools["shield"], p.resources["ring"] = TRACKS.gun.high, TRACKS.shield.low, 0
    s.rng.forced = [1]                                         # the die's first face: +1
    return do(do(do(s, 0, "sail blue-01"), 0, "sail 1"), 0, "no reward")


def test_sb_rl_03_punish_02_a_monster_attack_moves_the_ship_damage_marker_its_listed_spaces() -> None:
    for monster in ("skeleton-3", "harpy-3"):
        kind = defs().monsters.types[defs().monsters.monsters[monster].type]
        n = sum(x.n for x in kind.losses if x.suffer == "ship_damage")
        assert n == {"skeleton-3": 1, "harpy-3": 2}[monster]
        s = attacked(monster, 2, 0)
        assert s.players[0].ship_damage == 2 + n and s.players[0].doubloons == 0
    s = shot("skeleton-3", TRACKS.gun.high, TRACKS.shield.high, 1)    # shields hold: no damage
    assert s.players[0].ship_damage == 1


def test_sb_rl_04_damage_past_the_end_costs_10_doubloons_a_space() -> None:
    s = attacked("harpy-3", TRACKS.ship_damage.high - 1, 30)           # 2 damage: 1 fits, 1 does not
    assert s.players[0].ship_damage == TRACKS.ship_damage.high and s.players[0].doubloons == 20
    s = attacked("harpy-3", TRACKS.ship_damage.high - 2, 30)           # both fit: nothing to pay
    assert s.players[0].ship_damage == TRACKS.ship_damage.high and s.players[0].doubloons == 30


def test_sb_rl_05_what_cannot_be_paid_is_a_debt_lost_as_gold_at_the_end() -> None:
    s = attacked("harpy-3", TRACKS.ship_damage.high, 13)               # 2 spaces past the end: 20 owed
    p = s.players[0]
    assert (p.doubloons, p.debt) == (0, 7)
    assert category(scored(s), "debt")[0] == -7
    s = attacked("harpy-3", TRACKS.ship_damage.high, 20)
    assert (s.players[0].doubloons, s.players[0].debt) == (0, 0)


def test_sb_rl_07_the_distance_choice_shows_the_strength_range_of_the_monster_there() -> None:
    """A siren on space 4 (its stands: 0-2 guns, 2-4 shields; the die adds 1 to 3): sailing 3
    from space 1 shows the range; a distance with no monster shows none. The monster turned
    over then lies within it."""
    s = game(3)
    s.monsters.clear()
    put_monster(s, 4, "siren-4")
    hand(s, 0, "blue-01", "blue-02")
    s = do(s, 0, "sail blue-01")
    (g_lo, g_hi), (s_lo, s_hi) = defs().monsters.strength_range("siren")
    sirens = [m for m in defs().monsters.monsters.values() if m.type == "siren"]
    numbers = defs().monsters.die.numbers()
    assert (g_lo, g_hi) == (min(m.guns for m in sirens) + min(numbers), max(m.guns for m in sirens) + max(numbers))
    assert (s_lo, s_hi) == (min(m.shields for m in sirens) + min(numbers), max(m.shields for m in sirens) + max(numbers))
    texts = {o: GAME.describe(s, 0, GAME.parse(s, 0, o)) for o in options(s, 0)}
    assert texts["sail 3"].description == f"A siren waits there: {g_lo}-{g_hi} guns and {s_lo}-{s_hi} shields with the die"
    assert texts["sail 1"].description == texts["sail 2"].description == ""
    s.rng.forced = [len(defs().monsters.die.faces) - 2]                # the last number face
    s.players[0].resources["ring"] = 1                                # the reroll prompt keeps the fight open
    s = do(do(s, 0, "sail 3"), 0, "no reward")
    fight = s.turn.fight
    m = defs().monsters.monsters["siren-4"]
    assert fight is not None and isinstance(fight.face, int)
    assert g_lo <= m.guns + fight.face <= g_hi and s_lo <= m.shields + fight.face <= s_hi
