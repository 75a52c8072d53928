"""Special weapons through play (base reconstruction 6.2's shots and hooks; Seas of Glory Module 2):
a scouted fight between two players whose orders and shots are given as players give them, with
scripted dice, including the module's two worked examples (incendiary shot, MM-M2-11; double shot,
MM-M2-18). The pure rule tests (test_hits.py, test_raid.py) stay beside these."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import HitLocation, ShipType, Weapon
from tests.engine.merchants_marauders.scenario_helpers import SKULL, do, options, top, waiting
from tests.engine.merchants_marauders.test_naval_combat_play import FULL_FRIGATE, _duel, _pts, _round


def _armed(weapons: list[Weapon], a_ship: str = "frigate", d_ship: str = "frigate", seed: str = "arms",
           **opts: Any) -> tuple[State, int, int]:
    s, a, d = _duel(a_ship, d_ship, seed=seed, **opts)
    s.players[a].ship.weapons = list(weapons)
    return s, a, d


def _set(s: State, seat: int, ship: ShipType, **points: int) -> None:
    p = s.players[seat].ship
    p.type = ship
    p.points.update({k: v for k, v in points.items()})  # type: ignore[misc]


# ---- base 6.2: chain shot, grapeshot, boarding hooks ----
def test_mmb_combat_26_chain_shot_sends_the_skulls_to_the_masts() -> None:
    s, a, d = _armed(["chain_shot", "grapeshot"])
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, SKULL, 1)
    assert isinstance(top(s), P.ShotPrompt) and waiting(s) == (a,), "asked after seeing its location dice"
    assert options(s, a) == ["shot chain_shot", "shot grapeshot", "none"]
    s = do(s, a, "shot chain_shot")
    assert _pts(s, d) == {**FULL_FRIGATE, "masts": 1, "cargo": 2}, "two skulls on the masts, not the hull"
    assert s.players[a].ship.weapons == ["grapeshot"], "only one shot a round: the grapeshot stays aboard"


def test_mmb_combat_26_grapeshot_sends_the_skulls_to_the_crew_and_without_a_shot_they_hit_the_hull() -> None:
    s, a, d = _armed(["grapeshot"])
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, 4, 1)
    s = do(s, a, "shot grapeshot")
    assert _pts(s, d) == {**FULL_FRIGATE, "crew": 2, "cannons": 2, "cargo": 2}
    s, a, d = _armed(["grapeshot"], seed="keep")
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, 4, 1)
    s = do(s, a, "none")
    assert _pts(s, d) == {**FULL_FRIGATE, "hull": 2, "cannons": 2, "cargo": 2} and s.players[a].ship.weapons == ["grapeshot"]


def test_mmb_combat_26_no_shot_is_asked_when_no_skull_came_up() -> None:
    s, a, d = _armed(["chain_shot"])
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, 1, 2, 3)
    assert isinstance(top(s), P.OrdersPrompt) and s.players[a].ship.weapons == ["chain_shot"]


def test_mmb_combat_26_boarding_hooks_add_a_skull_to_a_boarding_contest() -> None:
    s, a, d = _armed(["boarding_hooks"])
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    assert "board hooks" in options(s, a)
    # one skull each, the defender's other face higher: the hooks' skull wins it for the boarder
    s = _round(s, a, d, ("board hooks", "shoot"), SKULL, 1, SKULL, 4, 1, *[SKULL, SKULL, SKULL], 1, 1, 1)
    assert s.players[a].ship.weapons == [], "the hooks are spent"
    assert s.fight is not None and s.fight.boarded and s.fight.victor == "aggressor"


def test_mmb_combat_26_without_hooks_the_same_dice_lose_the_boarding() -> None:
    s, a, d = _armed([])
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    assert "board hooks" not in options(s, a)
    s = _round(s, a, d, ("board", "shoot"), SKULL, 1, SKULL, 4, 1, 1, 1)       # the defender wins and fires 3
    assert s.fight is not None and not s.fight.boarded and s.fight.clash is None


# ---- Module 2 ----
def test_mm_m2_11_the_incendiary_example_two_skulls_and_a_4_cost_one_cannon_then_red_burns() -> None:
    """Blue (the aggressor) wins and fires 3: two skulls and a 4; incendiary shot."""
    s, a, d = _armed(["incendiary_shot"], module_2=True)
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, SKULL, 4)
    s = do(s, a, "shot incendiary_shot")
    assert _pts(s, d) == {**FULL_FRIGATE, "cannons": 2}, "the 4 hits the guns, the two skulls do nothing"
    assert isinstance(top(s), P.BurnPrompt) and waiting(s) == (d,), "before the next round red picks a zone"
    s = do(s, d, "hit crew")
    assert _pts(s, d) == {**FULL_FRIGATE, "cannons": 2, "crew": 2}


def test_mm_m2_18_the_double_shot_example_3_skulls_and_a_2_deal_6_damage() -> None:
    """Red (the aggressor) fires 4: three skulls and a 2. Blue's masts are at 1 and its hold is gone."""
    s, a, d = _armed(["double_shot"], "man_o_war", module_2=True)
    _set(s, a, "man_o_war", cannons=4)
    _set(s, d, "frigate", masts=1, cargo=0)
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, SKULL, SKULL, 2)
    s = do(s, a, "shot double_shot")
    assert isinstance(top(s), P.SpreadPrompt) and waiting(s) == (d,) and top(s).count == 2, \
        "2 skulls doubled: 5; one each on hull, crew and guns, blue places the last 2"
    s = do(s, d, "hit crew")
    s = do(s, d, "hit hull")
    after = _pts(s, d)
    assert after == {"hull": 1, "masts": 0, "crew": 1, "cannons": 2, "cargo": 0}
    assert 3 + 1 + 3 + 3 + 0 - sum(after.values()) == 6, "6 damage from 4 dice"


def test_mm_m2_13_double_shot_with_one_skull_doubles_it() -> None:
    s, a, d = _armed(["double_shot"], module_2=True)
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, 1, 1)
    assert options(s, a) == ["shot double_shot", "none"], "one skull is enough to spend it"
    s = do(s, a, "shot double_shot")
    assert isinstance(top(s), P.SpreadPrompt) and top(s).count == 2, "the doubled skull: 2 hits to spread"
    s = do(s, d, "hit crew")
    s = do(s, d, "hit hull")
    lost = sum(FULL_FRIGATE.values()) - sum(_pts(s, d).values())
    assert lost == 4, "two numbered hits and one skull counted twice"


def test_mm_m2_16_25_one_shot_kind_a_round_and_double_shot_goes_alone() -> None:
    s, a, d = _armed(["double_shot", "chain_shot", "incendiary_shot"], module_2=True)
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, SKULL, 1)
    assert options(s, a) == ["shot chain_shot", "shot incendiary_shot", "shot double_shot", "none"]
    s = do(s, a, "shot double_shot")
    assert sorted(s.players[a].ship.weapons) == ["chain_shot", "incendiary_shot"], "the others stay unspent"
    assert _pts(s, d)["masts"] >= 2 and not (s.fight and s.fight.fire), "no chain shot, no fire with it"


def test_mm_m2_24_hooks_and_spikes_go_together_in_one_boarding() -> None:
    s, a, d = _armed(["boarding_hooks", "spikes"], module_2=True)
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)
    s = _round(s, a, d, ("board hooks", "shoot"), 1, 1, SKULL, 1, 3)
    assert isinstance(top(s), P.SpikesPrompt) and options(s, a) == ["weapon spikes", "none"]
    s = do(s, a, "weapon spikes")
    assert s.players[a].ship.weapons == [], "both spent in the same round"


def test_mm_m2_19_a_skull_hits_the_hull_when_no_shot_is_fired() -> None:
    s, a, d = _armed(["double_shot"], module_2=True)
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, SKULL, 1, 1)
    s = do(s, a, "none")
    loc: HitLocation = "hull"
    assert _pts(s, d)[loc] == 2 and _pts(s, d)["cargo"] == 1
