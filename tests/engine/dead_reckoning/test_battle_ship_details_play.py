"""Battle Ship Details and the Zone Resolution Order, through play: raids on a Merchant ship and
flag attacks, the tower's landings scripted with `land` where a test needs an exact outcome, or
left to the seeded tower where it checks what any landing must be (the pure tests of
rules/tower.py stay in test_tower.py). Inventory IDs: DR-TOW-01…07, DR-TOW-19, DR-COMP-08,
DR-GUN-05."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.load_unload import lay_tile
from engine.dead_reckoning.rules.tower import tower_defs
from engine.dead_reckoning.state import State, label
from tests.engine.dead_reckoning.scenario_helpers import do, game, hand, land, main_seat, options, top, waiting
from tests.engine.dead_reckoning.test_rules_tower import _at_merchant, _gunners


def _raid(seed: str, gunner: int = 3, black: int = 2) -> tuple[State, int, str]:
    """A raid on c1 whose Merchant drops `black` cubes; the raider has played a Gunner of level
    `gunner` (level 3: a Battle ability, so the battle stops after the drop to ask)."""
    s = game(2, seed=seed)
    seat = main_seat(s)
    _gunners(s, seat, gunner)
    _at_merchant(s, seat, cubes=black)
    s = do(s, seat, "play gunner-1")
    return do(s, seat, "raid"), seat, label(seat)


def _finish(s: State) -> State:
    while s.battle is not None or isinstance(top(s), (P.RoomPrompt, P.PlunderPrompt)):
        w = waiting(s)[0]
        s = do(s, w, "pass" if "pass" in options(s, w) else options(s, w)[0])
    return s


def test_dr_tow_01_02_03_04_every_cube_comes_to_rest_in_one_zone_of_the_data() -> None:
    zones = {z.id for z in tower_defs().zones}
    seen: set[str] = set()
    for n in range(12):
        s, seat, me = _raid(f"tow-rest-{n}")
        s = do(s, seat, "cubes 2")                       # the seeded tower, no script
        assert isinstance(top(s), P.AbilityPrompt) and s.battle is not None
        board = s.battle.board
        assert set(board.cubes) <= {me, "black"}
        for owner in (me, "black"):
            assert board.count(owner, tower_defs().exploding) == 0, "every exploding shot has fallen again"
            assert board.total(owner) >= 2 and set(board.cubes.get(owner, {})) <= zones
            seen |= set(board.cubes.get(owner, {}))
    assert len(seen) > 4, "the landings spread over the data's zones"
    # scripted: as many cubes rest on the board as landings were taken, one zone each
    s, seat, me = _raid("tow-rest-script")
    land(s, "strength-1", "damage", "coin-1", "empty")
    s = do(s, seat, "cubes 2")
    assert s.tower.script == [] and s.battle is not None
    assert s.battle.board.cubes == {me: {"strength-1": 1, "damage": 1}, "black": {"coin-1": 1, "empty": 1}}


def test_dr_tow_05_an_exploding_cube_falls_again_with_one_more_of_its_colour() -> None:
    s, seat, me = _raid("tow-05")
    land(s, "exploding", "strength-1", "empty", "empty", "strength-2", "empty")
    s = do(s, seat, "cubes 2")
    assert s.battle is not None and s.tower.script == []
    assert s.battle.board.cubes[me] == {"strength-1": 1, "strength-2": 1, "empty": 1}
    assert s.battle.board.total("black") == 2


def test_dr_tow_06_exploding_cubes_fall_together_until_the_zone_is_empty() -> None:
    s, seat, me = _raid("tow-06")
    # mine: both explode; black: nothing; then my 4 together, one explodes again; then its 2
    land(s, "exploding", "exploding", "empty", "empty",
         "exploding", "strength-1", "empty", "empty", "strength-2", "damage")
    s = do(s, seat, "cubes 2")
    assert s.battle is not None and s.tower.script == []
    assert s.battle.board.cubes[me] == {"strength-1": 1, "empty": 2, "strength-2": 1, "damage": 1}


def test_dr_tow_07_extras_come_from_the_owners_supply_and_stop_when_it_is_out() -> None:
    for supply, total in ((3, 3), (2, 2)):
        s, seat, me = _raid(f"tow-07-{supply}")
        s.players[seat].cubes = supply                  # 2 go into the tower: 1 or 0 left for an extra
        land(s, "exploding", "strength-1", "empty", "empty", "strength-2", "empty")
        s = do(s, seat, "cubes 2")
        assert s.battle is not None and s.battle.board.total(me) == total, supply


def test_dr_tow_19_strength_decides_damage_hits_and_plunder_pays() -> None:
    s = game(2, seed="tow-19")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain")
    s.players[seat].levels["captain"] = 2                # an Attack flag
    s.players[seat].ship.hull = lay_tile(s.players[seat].ship.hull, "B", defs().upgrades.tiles["gun-deck"])
    s = do(s, seat, "play captain")
    hand(s, other)
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s = do(s, seat, f"attack {label(other)}")
    land(s, "strength-2", "damage", "coin-1", "strength-1")   # mine: 2, a damage, a coin; theirs: 1
    s = do(s, seat, "cubes 3")
    s = _finish(s)
    assert s.players[seat].wins == 1 and s.players[other].ship.damage == 1 + 1, "the loss and the damage cube"
    assert s.players[seat].ship.hull.carried().coin == 1 and s.players[seat].ship.damage == 0


def test_dr_comp_08_one_tower_resolves_every_kind_of_battle() -> None:
    """A raid, a flag attack and a Building battle each take their landings from the game's one
    tower: a script laid before each is used up by it, and nothing else is asked for."""
    s, seat, _ = _raid("comp-08-raid", gunner=1)
    land(s, "strength-2", "empty", "empty")
    s = _finish(do(s, seat, "cubes 1"))
    assert s.tower.script == [] and s.players[seat].wins == 1
    s = game(2, seed="icon-13")
    seat = main_seat(s)
    other = 1 - seat
    s.islands["b1"].slots = [label(other)] * 3 + [None]
    s.islands["b1"].buildings, s.holders["b1"] = ["garrison"], other
    s.players[seat].ship.at = "b1"
    s = do(s, seat, "attack buildings")
    land(s, "strength-2", "empty", "empty")
    s = _finish(do(s, seat, "cubes 1"))
    assert s.tower.script == [] and s.islands["b1"].buildings == []


def test_dr_gun_05_a_cube_taken_back_no_longer_scores_its_zone() -> None:
    for take_back in (False, True):
        s, seat, me = _raid(f"gun-05-{take_back}", gunner=4)
        land(s, "strength-2", "strength-1", "empty")    # mine on 2; black 1 and nothing
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.AbilityPrompt) and "use gunner-1 3" in options(s, seat)
        if take_back:
            s = do(s, seat, "use gunner-1 3")
            assert isinstance(top(s), P.CubePrompt) and options(s, seat) == ["remove strength-2"]
            s = do(s, seat, "remove strength-2")
            assert s.battle is not None and s.battle.board.total(me) == 0
        s = _finish(s)
        assert s.players[seat].wins == (0 if take_back else 1), "0 against 1 once the 2 is taken back"
