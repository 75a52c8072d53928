"""ON BEING SUNK and PORTS OF CALL."""
from __future__ import annotations

import pytest

from engine.pirate_chest.prompts import EngagePrompt
from tests.engine.pirate_chest.scenario_helpers import GAME, act, current, islands, legal, player, run, state, turn

KIDD_JONES = ["kidd", "jones"]
FIGHT = [(0, "roll"), (0, "sail 3 cw"), (0, "broadsides"), (1, "stand"), (0, "ready"), (1, "ready")]


def _kidd_attacks(kidd: dict, jones: dict, dice: list[int], captains=KIDD_JONES) -> dict:
    """Seat 0 sails 3 from space 1 onto seat 1 on space 4 and fights broadsides; `dice` are the two
    fight rolls, attacker first."""
    players = [player(captains[0], position=1, **kidd), player(captains[1], position=4, **jones)]
    return run({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3, *dice, 1]}},
               FIGHT, captains=captains)


def test_sunk_ship_returns_home_and_fight_winner_takes_its_coins() -> None:
    """PC-SUNK-01, PC-SUNK-03: the attacker loses (1 against 6): his pawn goes back to his home port
    and his coins go to the ship that sank him."""
    out = _kidd_attacks({"coins": ["map", "key"]}, {"coins": ["compass"]}, [1, 6])
    kidd, jones = out["state"]["players"]
    assert (kidd["position"], kidd["coins"], kidd["times_sunk"]) == (12, [], 1)
    assert (jones["position"], jones["coins"], jones["sinkings"]) == (4, ["compass", "map", "key"], 1)


def test_sunk_ship_misses_its_next_turn() -> None:
    """PC-SUNK-02: being sunk ends the loser's turn, and his next turn is missed."""
    out = _kidd_attacks({}, {}, [1, 6])
    assert out["state"]["players"][0]["skip_turns"] == 1
    assert out["state"]["turn"]["seat"] == 1
    s = GAME.State.model_validate({**out["state"], "rng": {**out["state"]["rng"], "forced": [1]}})
    s, events = act(s, (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert "Captain Kidd misses this turn." in events
    assert (s.turn.seat, s.players[0].skip_turns) == (1, 0)


def test_sunk_outside_a_fight_coins_go_face_down_to_random_islands() -> None:
    """PC-SUNK-04: sunk by a curse (roll 6), the ship's coins go back hidden onto deserted islands."""
    players = [player("lola", position=20), player("kidd", position=4, coins=["map", "key"])]
    out = run({"players": players, **turn(0), "islands": islands({3: ["chest"]}), "rng": {"forced": [6]}},
              [(0, "curse"), (0, "target kidd")], captains=["lola", "kidd"])
    st = out["state"]
    kidd = st["players"][1]
    assert (kidd["position"], kidd["coins"], kidd["skip_turns"]) == (12, [], 1)
    placed = sorted((c["id"], c["face_up"]) for coins in st["islands"].values() for c in coins)
    assert placed == [("chest", False), ("key", False), ("map", False)]
    assert set(st["islands"]) <= {"3", "9", "15", "21"}
    assert st["players"][0]["coins"] == []


def test_sunk_scattered_coins_may_share_an_island() -> None:
    """PC-SUNK-05 (reading: each coin goes to a random island on its own, so several may share one):
    five coins scattered over four islands."""
    coins = ["map", "key", "compass", "chest", "voodoo-doll"]
    players = [player("lola", position=20), player("kidd", position=4, coins=coins)]
    out = run({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [6]}},
              [(0, "curse"), (0, "target kidd")], captains=["lola", "kidd"], options={"voodoo_doll": True})
    piles = out["state"]["islands"]
    assert sorted(c["id"] for pile in piles.values() for c in pile) == sorted(coins)
    assert max(len(pile) for pile in piles.values()) >= 2


@pytest.mark.parametrize(("winner", "loser", "skips", "hand_left"), [
    ("kidd", "jones", 1, ["knives"]),       # the normal case
    ("kidd", "redbeard", 0, ["knives"]),    # Ghostly: no missed turn
    ("roberts", "jones", 2, []),            # No Prisoners: hand discarded, two missed turns
])
def test_sunk_exceptions_ghostly_and_no_prisoners(winner: str, loser: str, skips: int, hand_left: list[str]) -> None:
    """PC-SUNK-06: Ghostly misses no turn; sunk in a fight by Roberts costs the hand and 2 turns
    (the Ram exception: test_captains_combat.py)."""
    out = _kidd_attacks({}, {"hand": ["knives"], "coins": ["map"]}, [6, 1], captains=[winner, loser])
    lost = out["state"]["players"][1]
    assert (lost["position"], lost["skip_turns"], lost["hand"], lost["coins"]) == (
        out["state"]["players"][1]["home"], skips, hand_left, [])
    assert out["state"]["players"][0]["coins"] == ["map"]


def test_port_ship_in_own_home_port_cannot_be_attacked() -> None:
    """PC-PORT-01, PC-FIGHT-02: landing where an enemy sits in his own home port starts no fight;
    a visitor on the same port is still attacked."""
    players = [player("kidd", position=15), player("jones")]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3]}}, captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert s.players[0].position == 18 and legal(s, 0) == ["end"]
    players = [player("kidd", position=15), player("jones"), player("hook", position=18)]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3]}},
              captains=["kidd", "jones", "hook"])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both"] and current(s, EngagePrompt).defender == 2


def test_port_ship_in_own_home_port_cannot_be_destroyed() -> None:
    """PC-PORT-02: at home a ship survives a curse 6 and Shipwrecked, and storms cannot pick it."""
    players = [player("lola", position=20, hand=["hurricane", "typhoon", "shipwrecked"]),
               player("kidd", coins=["map"])]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [6]}},
              captains=["lola", "kidd"])
    assert legal(s, 0) == ["roll", "curse", "play shipwrecked"]   # no storm can be played
    s, events = act(s, (0, "curse"), (0, "target kidd"), (0, "play shipwrecked"))
    assert events.count("Captain Kidd is safe in its home port and cannot be destroyed.") == 2
    kidd = s.players[1]
    assert (kidd.position, kidd.coins, kidd.skip_turns, kidd.times_sunk) == (12, ["map"], 0, 0)


def test_port_another_captains_home_port_gives_no_protection() -> None:
    """PC-PORT-03: Captain Hook in the Caribbean (Jack Sparrow's home, not his) can be attacked and
    sunk there, while Sparrow on the same space cannot."""
    players = [player("kidd", position=3, hand=["hurricane"]), player("sparrow"), player("hook", position=6)]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3]}},
              captains=["kidd", "sparrow", "hook"])
    stormed, _ = act(s, (0, "play hurricane"))
    assert [(p.position, p.times_sunk) for p in stormed.players[1:]] == [(6, 0), (24, 1)]
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert current(s, EngagePrompt).defender == 2 and legal(s, 0) == ["broadsides", "boarding", "both"]


def test_port_non_lethal_effects_still_reach_a_ship_at_home() -> None:
    """PC-PORT-04 (reading: discards, can't-move and steals reach a ship in its home port; a
    card-forced Boarding fight does not, since that would attack it)."""
    players = [player("kidd", position=1, hand=["scurvy", "betrayal", "mutiny"]),
               player("jones", hand=["knives", "axes", "pikes"])]
    s = state({"players": players, **turn(0), "islands": islands()}, captains=KIDD_JONES)
    assert legal(s, 0) == ["roll", "privateer", "play betrayal", "play scurvy"]
    s, _ = act(s, (0, "play betrayal"), (0, "play scurvy"))
    assert len(s.players[1].hand) == 1 and s.players[1].frozen_next_turn


# ---- the home port and the ship that starts a fight there (table option) ------------------

LAND_AT_HOME = [(0, "roll"), (0, "sail 3 cw"), (0, "broadsides"), (1, "stand"), (0, "ready"), (1, "ready")]
MUTINY_FROM_HOME = [(0, "play mutiny"), (0, "ready"), (1, "ready")]


def _kidd_attacks_from_home(steps: list[tuple[int, str]], dice: list[int], options: dict | None = None) -> dict:
    """Kidd (home Pirate Island, 12) attacks Hook, who holds the Compass: either by sailing from 9
    onto Hook waiting in Kidd's own port, or with a Mutiny card played from home at Hook on 20."""
    hook_at, kidd_at = (12, 9) if steps is LAND_AT_HOME else (20, 12)
    players = [player("kidd", position=kidd_at, coins=["map"], hand=["mutiny"]),
               player("hook", position=hook_at, coins=["compass"])]
    return run({"players": players, **turn(0), "islands": islands(), "rng": {"forced": dice}},
               steps, captains=["kidd", "hook"], options=options)


@pytest.mark.parametrize("steps", [LAND_AT_HOME, MUTINY_FROM_HOME], ids=["landing", "mutiny-card"])
def test_port_02_attacker_losing_in_its_own_home_port_is_safe_by_default(steps: list[tuple[int, str]]) -> None:
    """PC-PORT-02 (reading, default `home_port_shelters_attacker`: true, the literal rule): nothing
    destroys a ship in its own home port, even one that started the fight there and lost (1 against
    6): Kidd keeps his Map and misses no turn; Hook gains nothing."""
    dice = [3, 1, 6] if steps is LAND_AT_HOME else [1, 6]
    out = _kidd_attacks_from_home(steps, dice)
    kidd, hook = out["state"]["players"]
    assert "Captain Kidd is safe in its home port and cannot be destroyed." in out["events"]
    assert (kidd["position"], kidd["coins"], kidd["skip_turns"], kidd["times_sunk"]) == (12, ["map"], 0, 0)
    assert (hook["coins"], hook["sinkings"]) == (["compass"], 0)


@pytest.mark.parametrize("steps", [LAND_AT_HOME, MUTINY_FROM_HOME], ids=["landing", "mutiny-card"])
def test_port_02_option_attacker_losing_at_home_is_sunk_and_robbed(steps: list[tuple[int, str]]) -> None:
    """PC-PORT-02, PC-FIGHT-11 (reading, `home_port_shelters_attacker`: false): the home port
    shelters only a ship that is attacked. Kidd, losing a fight he started from home, is sunk there:
    Hook takes his Map and the sinking, Kidd's turn ends and he misses the next one."""
    dice = [3, 1, 6] if steps is LAND_AT_HOME else [1, 6]
    out = _kidd_attacks_from_home(steps, dice, {"home_port_shelters_attacker": False})
    kidd, hook = out["state"]["players"]
    assert "Captain Kidd is sunk and stays in Pirate Island." in out["events"]
    assert (kidd["position"], kidd["coins"], kidd["skip_turns"], kidd["times_sunk"]) == (12, [], 1, 1)
    assert (hook["coins"], hook["sinkings"]) == (["compass", "map"], 1)
    assert out["state"]["turn"]["seat"] == 1


@pytest.mark.parametrize("shelters_attacker", [True, False])
def test_port_02_option_attacker_winning_at_home_sinks_the_visitor(shelters_attacker: bool) -> None:
    """PC-PORT-02, PC-FIGHT-11: with either setting an attacker at home that wins (6 against 1)
    sinks the visitor and takes its coins; the option only decides what happens when he loses."""
    out = _kidd_attacks_from_home(LAND_AT_HOME, [3, 6, 1], {"home_port_shelters_attacker": shelters_attacker})
    kidd, hook = out["state"]["players"]
    assert (kidd["coins"], kidd["sinkings"], hook["position"], hook["times_sunk"]) == (["map", "compass"], 1, 24, 1)


def test_port_01_02_option_still_shelters_a_ship_attacked_or_cursed_at_home() -> None:
    """PC-PORT-01, PC-PORT-02 (`home_port_shelters_attacker`: false): a ship that is landed on in
    its own home port still cannot be attacked, and a curse 6 still cannot sink it there."""
    options = {"home_port_shelters_attacker": False}
    players = [player("kidd", position=15), player("jones")]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3]}},
              captains=KIDD_JONES, options=options)
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert s.players[0].position == 18 and legal(s, 0) == ["end"]
    players = [player("lola", position=20), player("kidd", coins=["map"])]
    out = run({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [6]}},
              [(0, "curse"), (0, "target kidd")], captains=["lola", "kidd"], options=options)
    kidd = out["state"]["players"][1]
    assert (kidd["coins"], kidd["times_sunk"]) == (["map"], 0)

