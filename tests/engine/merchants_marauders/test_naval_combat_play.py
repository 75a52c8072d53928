"""Naval combat through play (base reconstruction 5 and 6.2, and the crew clash of 6.3): one captain
scouts another at sea and both give their orders round by round as players do; every die is
scripted, so each rule's effect is exact. The pure rule tests (test_combat.py, test_hits.py,
test_crew_clash.py) stay beside these.

The two captains are chosen for dice that are easy to read: Pieter Hoogeveen (the aggressor) and
Silas Pembury both have Seamanship 2, Scouting 2 and Leadership 3, and abilities that never touch a
fight. Dice are taken in the engine's order: the aggressor's contest pool, the defender's, then
the aggressor's location dice and the defender's."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import HitLocation
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    at_sea,
    dice,
    do,
    no_cards,
    options,
    started,
    top,
    waiting,
)

AGGRESSOR, DEFENDER = "pieter_hoogeveen", "silas_pembury"   # Seamanship 2, Leadership 3 each


def _duel(a_ship: str = "frigate", d_ship: str = "frigate", seed: str = "duel",
          prep: Callable[[State, int, int], None] | None = None, **opts: Any) -> tuple[State, int, int]:
    """The first player scouts the second at sea in the Caribbean Sea: round 1's orders are open.
    `prep` edits the position (aggressor, defender) before the scouting."""
    s = started(2, seed=seed, **opts)
    a, d = s.order[0], s.order[1]
    no_cards(s)
    for seat, cap, ship in ((a, AGGRESSOR, a_ship), (d, DEFENDER, d_ship)):
        p = s.players[seat]
        p.captain = cap
        at_sea(s, seat, "caribbean_sea")
        p.ship.type = ship  # type: ignore[assignment]
        p.ship.points = maxima(p)
    s.round.scouting = 0
    if prep is not None:
        prep(s, a, d)
    dice(s, SKULL, 1)                               # Scouting 2: one skull finds the target
    s = do(s, a, f"scout p{d + 1}")
    assert isinstance(top(s), P.OrdersPrompt), "the fight begins at once"
    return s, a, d


def _round(s: State, a: int, d: int, orders: tuple[str, str], *faces: int) -> State:
    """Both sealed orders, with the round's dice scripted."""
    dice(s, *faces)
    s = do(s, a, orders[0])
    s = do(s, d, orders[1])
    return s


def _pts(s: State, seat: int) -> dict[HitLocation, int]:
    return dict(s.players[seat].ship.points)


FULL_FRIGATE: dict[HitLocation, int] = {"hull": 3, "masts": 3, "crew": 3, "cannons": 3, "cargo": 3}


# ---- 6.2 step 3: the contest decides the hits ----
def test_mmb_combat_12_18_19_the_winner_hits_once_per_cannon_and_each_die_names_the_location() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, 1, 2, 3)
    assert _pts(s, d) == {**FULL_FRIGATE, "cargo": 2, "masts": 2, "crew": 2}, "1 cargo, 2 masts, 3 crew"
    assert _pts(s, a) == FULL_FRIGATE, "the loser rolled no skull: no hit back"
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, 4, SKULL, 4)
    assert _pts(s, d) == {"hull": 2, "masts": 2, "crew": 2, "cannons": 1, "cargo": 2}, "4 cannons, a skull the hull"


def test_mmb_combat_13_18_a_loser_hits_once_per_skull_up_to_its_cannons_at_the_same_time() -> None:
    s, a, d = _duel(d_ship="sloop")                 # the sloop has 1 cannon
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, SKULL, 1, 3, 3, 3, 2)
    assert _pts(s, a)["masts"] == 2 and sum(_pts(s, a).values()) == 14, "2 skulls, 1 cannon: 1 hit"
    assert _pts(s, d)["crew"] == 0 and _pts(s, d)["hull"] == 2 - 1, "3 hits on a crew of 2: the third on the hull"
    # a galleon (3 cannons) that loses with 2 skulls hits twice, not three times; the sloop's one
    # cannon fires once though it won with 3 skulls (manoeuvre 4 against 2: a third die)
    s, a, d = _duel("sloop", "galleon", seed="duel-2")
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, SKULL, SKULL, SKULL, 1, 2, 3)
    assert _pts(s, a) == {"hull": 2, "masts": 1, "crew": 1, "cannons": 1, "cargo": 2}, "two skulls: two hits"
    assert _pts(s, d) == {"hull": 4, "masts": 3, "crew": 3, "cannons": 3, "cargo": 4}, "one cannon: one hit"


def test_mmb_combat_11_no_skull_on_either_side_is_no_winner_and_no_hit() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), 4, 4, 1, 1)
    assert _pts(s, a) == _pts(s, d) == FULL_FRIGATE and not s.rng.forced, "no location die rolled"
    assert s.fight is not None and s.fight.round_no == 2


def test_mmb_combat_11_equal_skulls_go_to_the_higher_total_and_a_full_tie_to_no_one() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 4, SKULL, 3, 1, 1, 1, 2)
    assert _pts(s, d)["cargo"] == 0, "equal skulls, 4 beats 3: the aggressor wins and fires 3"
    assert _pts(s, a) == {**FULL_FRIGATE, "masts": 2}, "the loser's one skull: one hit"
    s, a, d = _duel(seed="tie")
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 3, SKULL, 3, 1, 2)
    assert _pts(s, d) == {**FULL_FRIGATE, "cargo": 2} and _pts(s, a) == {**FULL_FRIGATE, "masts": 2}, \
        "a full tie: no winner, each fires once per skull"


def test_mmb_combat_24_cannons_at_0_deal_nothing_even_to_the_winner() -> None:
    s, a, d = _duel()
    s.players[a].ship.points["cannons"] = 0
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1)
    assert _pts(s, d) == FULL_FRIGATE and not s.rng.forced


# ---- 6.2 step 1 and the contest's dice ----
def test_mmb_combat_07_08_23_board_needs_crew_and_masts_at_0_leave_only_shoot() -> None:
    s, a, d = _duel()
    assert options(s, a) == ["shoot"], "round 1: shoot only"
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    assert {"shoot", "board", "flee"} <= set(options(s, a))
    s.players[a].ship.points["crew"] = 0
    assert "board" not in options(s, a) and "flee" in options(s, a)
    s.players[a].ship.points["crew"] = 3
    s.players[a].ship.points["masts"] = 0
    assert options(s, a) == ["shoot"]


def test_mmb_combat_09_10_skill_02_03_contest_dice_are_seamanship_plus_a_die_for_two_more_manoeuvre() -> None:
    def pools(a_ship: str, d_ship: str, masts: int = 3) -> tuple[int, int]:
        s, a, d = _duel(a_ship, d_ship, seed=f"{a_ship}-{d_ship}-{masts}")
        s.players[a].glory_cards = ["gl-lookout-1"]       # a hand: the window after the contest opens
        s.players[a].ship.points["masts"] = masts
        dice(s, *[1] * 8)
        s = do(s, a, "shoot")
        s = do(s, d, "shoot")
        assert isinstance(top(s), P.CardPrompt) and s.fight is not None
        return len(s.fight.contest["aggressor"]), len(s.fight.contest["defender"])
    assert pools("frigate", "frigate") == (2, 2), "Seamanship 2 each"
    assert pools("sloop", "galleon") == (3, 2), "manoeuvre 4 against 2: one die more"
    assert pools("sloop", "frigate") == (2, 2), "4 against 3: none"
    assert pools("galleon", "sloop") == (2, 3)
    assert pools("frigate", "frigate", masts=0) == (1, 2), "masts at 0: one die"


def test_mmb_skill_02_03_a_scout_with_no_skull_finds_nothing_one_skull_is_enough_and_never_below_1_die() -> None:
    s = started(2, seed="scout")
    a, d = s.order
    no_cards(s)
    s.players[a].captain = AGGRESSOR
    for x in (a, d):
        at_sea(s, x, "caribbean_sea")
    s.round.scouting = 0
    dice(s, 4, 3)
    s = do(s, a, f"scout p{d + 1}")
    assert s.fight is None and not s.rng.forced, "two dice for Scouting 2, no skull"
    s.round.scouting = -3                              # a modifier far below the skill: still 1 die
    dice(s, 4, SKULL)
    s = do(s, a, f"scout p{d + 1}")
    assert s.fight is None and s.rng.forced == [SKULL], "one die, and it showed no skull"
    s.round.scouting = 0
    dice(s, 1, SKULL)
    s = do(s, a, f"scout p{d + 1}")
    assert s.fight is not None, "one skull of two is enough"


# ---- 6.2 step 4: boarding and flight ----
def test_mmb_combat_16_a_flight_needs_a_win_and_no_enemy_skull_and_ends_with_no_victor() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    glory = [p.glory for p in s.players]
    s = _round(s, a, d, ("shoot", "flee"), 1, 1, SKULL, 1)
    assert s.fight is None, "the defender won, the aggressor showed no skull: it gets away"
    assert [p.glory for p in s.players] == glory and _pts(s, a) == FULL_FRIGATE
    s, a, d = _duel(seed="caught")
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s = _round(s, a, d, ("shoot", "flee"), SKULL, 1, SKULL, SKULL, 1)
    assert s.fight is not None and s.fight.round_no == 3, "it won, but the enemy's skull holds it"
    assert _pts(s, d)["cargo"] == 2, "the shooter that lost still hits once per skull"


def test_mmb_combat_17_when_both_flee_any_winner_ends_it() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s = _round(s, a, d, ("flee", "flee"), SKULL, 1, SKULL, SKULL)
    assert s.fight is None
    s, a, d = _duel(seed="both")
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s = _round(s, a, d, ("flee", "flee"), 2, 1, 2, 1)
    assert s.fight is not None, "no winner: the fight goes on"


def test_mmb_combat_14_clash_01_02_03_a_won_boarding_lands_after_the_enemy_shots_then_the_clash() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    # the aggressor boards and wins; the defender's one skull hits the crew first
    s = _round(s, a, d, ("board", "shoot"), SKULL, SKULL, SKULL, 1, 3,
               SKULL, SKULL, 1, SKULL, 1, 1,     # clash round 1, Leadership 3 each: 2 and 1 crew lost
               SKULL, 1, 1, 1, 1, 1)             # round 2: the defender's last crew
    assert s.fight is not None and s.fight.boarded and s.fight.clash is not None
    assert s.fight.clash.rounds == 2 and s.fight.clash.crew == {"aggressor": 1, "defender": 0}, \
        "the shot took 1 crew of 3 before the clash, the defender's skull one more"
    assert s.fight.victor == "aggressor" and s.players[a].glory == 1, "the victor gains 1 glory"
    assert s.fight.dead == [d], "the side out of crew loses and a player's captain dies"
    assert isinstance(top(s), P.PlunderPrompt) and waiting(s) == (a,)


def test_mmb_clash_01_02_no_skull_changes_nothing_and_both_crews_gone_leave_the_boarded_ship_holding() -> None:
    s, a, d = _duel()
    s.players[d].ship.points["crew"] = 1
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s.players[a].ship.points["crew"] = 1
    s = _round(s, a, d, ("board", "shoot"), SKULL, SKULL, 1, 1,
               1, 1, 1, 2, 2, 2,                 # clash round 1: no skull, nothing changes
               SKULL, 1, 1, SKULL, 1, 1)         # round 2: both last crews go together
    assert s.fight is not None and s.fight.clash is not None and s.fight.clash.rounds == 2
    assert s.fight.victor == "defender" and s.fight.dead == [a], "the boarded ship is the one that holds"


def test_mmb_combat_14_a_boarder_left_without_crew_by_the_shots_fights_on() -> None:
    s, a, d = _duel()
    s.players[a].ship.points["crew"] = 1
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s = _round(s, a, d, ("board", "shoot"), SKULL, SKULL, SKULL, 1, 3)
    assert _pts(s, a)["crew"] == 0 and s.fight is not None and s.fight.clash is None
    assert s.fight.round_no == 3 and isinstance(top(s), P.OrdersPrompt)


def test_mmb_combat_14_21_a_boarder_sunk_by_the_enemy_shots_dies_and_the_enemy_wins() -> None:
    s, a, d = _duel()
    s.players[a].ship.points["hull"] = 1
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s = _round(s, a, d, ("board", "shoot"), SKULL, SKULL, SKULL, 1, SKULL)
    assert s.players[a].deaths == 1 and s.players[d].glory == 1, "sunk: the enemy is the victor and gains 1 glory"


# ---- 6.2 step 5: effects of the hits ----
def test_mmb_combat_20_a_hit_on_a_location_at_0_lands_on_the_hull() -> None:
    s, a, d = _duel()
    s.players[d].ship.points["masts"] = 0
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 2, 2, 1)
    assert _pts(s, d) == {**FULL_FRIGATE, "masts": 0, "hull": 1, "cargo": 2}


def test_mmb_combat_21_05_the_hull_at_0_sinks_and_one_short_keeps_the_fight_going() -> None:
    s, a, d = _duel()
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, SKULL, SKULL, 1)
    assert _pts(s, d)["hull"] == 1 and s.fight is not None and s.fight.round_no == 2, "hull 1: the fight goes on"
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, SKULL, 1, 1)
    assert s.players[d].deaths == 1 and s.players[a].glory == 1
    assert isinstance(top(s), P.NewCaptainPrompt) or waiting(s)


def test_mmb_combat_25_each_cargo_hit_discards_a_card_and_at_0_the_hold_is_empty() -> None:
    s, a, d = _duel()
    s.players[d].ship.cargo = ["sugar-1", "rum-1", "coffee-1"]
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, 1, 2, 2)
    assert len(s.players[d].ship.cargo) == 2 and set(s.players[d].ship.cargo) < {"sugar-1", "rum-1", "coffee-1"}
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, 1, 1, 2)
    assert _pts(s, d)["cargo"] == 0 and s.players[d].ship.cargo == []


def test_mmb_combat_22_masts_at_0_allow_one_move_a_turn() -> None:
    s = started(2, seed="masts")
    a = s.order[0]
    at_sea(s, a, "caribbean_sea")
    s.players[a].ship.points["masts"] = 0
    moves = [o for o in options(s, a) if o.startswith("move")]
    assert moves
    s = do(s, a, moves[0])
    assert s.turn.actions > 0 and not [o for o in options(s, a) if o.startswith("move")], "one move only"


# ---- fights with NPCs (6.2's bounties, 6.3's navy plunder and repairs) ----
def _hunter(seed: str, slot: str) -> tuple[State, int, int]:
    """The first player's frigate at sea beside one NPC (Seamanship, Scouting and Leadership 2)."""
    s = started(2, seed=seed)
    a, d = s.order
    no_cards(s)
    p = s.players[a]
    p.captain = AGGRESSOR
    at_sea(s, a, "caribbean_sea")
    p.ship.type, p.ship.points = "frigate", dict(FULL_FRIGATE)
    side, ship = ("pirate", "sloop") if slot == "pirate_sloop" else ("navy", "frigate")
    s.npcs[slot] = Npc(slot=slot, side=side, nation=None if side == "pirate" else "spain", ship=ship,
                       zone="caribbean_sea", skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.round.scouting = 0
    return s, a, d


def test_mmb_combat_02_04_attacking_a_navy_costs_its_nations_bounty_and_a_pirate_none() -> None:
    s, a, _ = _hunter("navy", "navy_spain")
    assert not s.players[a].bounties
    dice(s, SKULL, 1)
    s = do(s, a, "scout navy_spain")
    assert s.fight is not None and s.players[a].bounties == {"spain": 1}
    s, a, _ = _hunter("pirate", "pirate_sloop")
    dice(s, SKULL, 1)
    s = do(s, a, "scout pirate_sloop")
    assert s.fight is not None and not s.players[a].bounties


def test_mmb_clash_06_a_navy_beaten_in_a_clash_pays_three_cards_plunder_and_loses_one_per_cargo_hit() -> None:
    s, a, d = _hunter("navy-plunder", "navy_spain")
    three = ["sugar-2", "rum-3", "coffee-7"]                   # plunder 1, 2 and 5
    s.cargo.pile = [c for c in s.cargo.pile if c not in three] + three
    dice(s, SKULL, 1)
    s = do(s, a, "scout navy_spain")
    gold = s.players[a].ship.gold
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, 1, 2, 2)     # one cargo hit on the navy
    s = _round(s, a, d, ("board", "shoot"), SKULL, SKULL, 1, 1, SKULL, SKULL, SKULL, 1, 1)
    assert s.players[a].ship.gold == gold + 8, "all three cards' plunder: 1 + 2 + 5"
    assert isinstance(top(s), P.CapturePrompt), "asked first: take the navy's ship?"
    s = do(s, a, "done")
    assert isinstance(top(s), P.KeepCargoPrompt)
    offered = list(top(s).cards)
    assert len(offered) == 2 and set(offered) < set(three), "one card of the three discarded for the one cargo hit"
    assert [c for c in three if c not in offered][0] in s.cargo.discard


def test_mmb_clash_11_an_npc_repairs_all_its_damage_after_the_fight() -> None:
    s, a, d = _hunter("repair", "navy_spain")
    dice(s, SKULL, 1)
    s = do(s, a, "scout navy_spain")
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, 1, 2, 3)
    assert s.fight is not None and s.fight.npc_points == {**FULL_FRIGATE, "cargo": 2, "masts": 2, "crew": 2}
    s = _round(s, a, d, ("flee", "shoot"), SKULL, 1, 1, 1)                   # won, the navy showed no skull
    assert s.fight is None
    dice(s, SKULL, 1)
    s = do(s, a, "scout navy_spain")
    assert s.fight is not None and s.fight.npc_points == FULL_FRIGATE, "the next fight meets it repaired"
