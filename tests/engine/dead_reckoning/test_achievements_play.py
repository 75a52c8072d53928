"""Achievements, through play: each requirement met by a decision a player types (a build, an
Upgrade, a coin gained, an Influence cube, an exploring stop, a battle won, a card leveled), on the
owner's turn and on another's, with the marker and the progress cubes read off the state after
it (the pure tests of rules/achievements.py stay in test_achievements.py). The seed shows Smugglers
Cove (a1), Parrot Isle (b1) and Coral Crown (c1) in row 1. Inventory IDs: DR-ACH-…."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules.load_unload import stow
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import active, do, game, hand, land, main_seat, options, top, waiting
from tests.engine.dead_reckoning.test_turn import _merchant

ISLANDS = "icon-13"


def _start(players: int = 2) -> tuple[State, int, int]:
    s = game(players, seed=ISLANDS)
    seat = main_seat(s)
    return s, seat, s.order[1] if s.order[0] == seat else s.order[0]


def _claim(s: State, seat: int, aid: str) -> tuple[int, bool, bool]:
    c = s.players[seat].record.claims[aid]           # type: ignore[index]
    return c.cubes, c.waiting, c.marker


def _upgrade(s: State, seat: int) -> State:
    """Take a Basic Upgrade with r4-10 sleeved on the Captain (its free option), onto B."""
    hand(s, seat, "captain")
    s.players[seat].sleeves["captain"] = ["r4-10"]
    s = do(s, seat, "play captain")
    s = do(s, seat, "use captain 1 2")
    return do(s, seat, "upgrade swivel-gun b")


def _next_turn(s: State) -> State:
    """End the active seat's turn and answer its Cleanup, up to the next seat's main menu."""
    seat = active(s)
    s = do(s, seat, "end")
    while active(s) == seat:
        s = do(s, seat, "mercantile" if isinstance(top(s), P.ModePrompt) else options(s, seat)[0])
    return s


def _attack(s: State, seat: int, other: int, win: bool) -> State:
    """A flag attack at b1 with a level-2 Captain, one cube a side, won or lost by the attacker."""
    hand(s, seat, "captain")
    s.players[seat].levels["captain"] = 2
    s = do(s, seat, "play captain")
    hand(s, other)
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s = do(s, seat, f"attack {label(other)}")
    land(s, *(("strength-2", "empty") if win else ("empty", "strength-2")))
    s = do(s, seat, "cubes 1")
    while s.battle is not None:
        w = waiting(s)[0]
        s = do(s, w, "pass" if "pass" in options(s, w) else options(s, w)[0])
    return s


def test_dr_ach_02_16_elite_vessel_is_placed_at_the_fourth_upgrade_covered_ones_count() -> None:
    s, seat, _ = _start()
    s.players[seat].upgrades_taken = 2
    s = _upgrade(s, seat)
    assert s.players[seat].upgrades_taken == 3 and _claim(s, seat, "elite_vessel") == (0, False, False)
    s, seat, _ = _start()
    s.players[seat].upgrades_taken = 3                # one of them under the tile on B
    s = _upgrade(s, seat)
    assert _claim(s, seat, "elite_vessel")[2], "placed at once, on the owner's turn"
    assert isinstance(top(s), P.MainPrompt)


def test_dr_ach_03_two_players_hold_the_same_achievement() -> None:
    s, seat, other = _start()
    s.players[seat].upgrades_taken = s.players[other].upgrades_taken = 3
    s = _upgrade(s, seat)
    s = _next_turn(s)
    assert active(s) == other
    main_seat(s)
    s = _upgrade(s, other)
    assert _claim(s, seat, "elite_vessel")[2] and _claim(s, other, "elite_vessel")[2]


def test_dr_ach_12_05_builder_at_the_fifth_building_and_the_marker_stays() -> None:
    s, seat, _ = _start()
    me = label(seat)
    for at in ("a1", "b1"):
        s.islands[at].slots = [me, me, me, None]
        s.holders[at] = seat
    s.islands["a1"].buildings = ["fort", "garrison", "outpost"]
    s.islands["b1"].buildings = ["fort"]
    hand(s, seat, "first-mate")
    s.players[seat].levels["first-mate"] = 2
    s.players[seat].dock, s.players[seat].chest = 10, 5
    s = do(s, seat, "play first-mate")
    s = do(s, seat, "use first-mate 1")
    s = do(s, seat, "build garrison b1")
    assert _claim(s, seat, "builder")[2]
    s.islands["a1"].buildings = []                    # Buildings lost later
    s = _next_turn(s)
    assert _claim(s, seat, "builder")[2] and s.players[seat].record.markers() == 1


def test_dr_ach_13_capitalist_at_30_coins_in_the_chest() -> None:
    for chest, placed in ((28, False), (29, True)):
        s, seat, _ = _start()
        hand(s, seat, "captain")
        s.players[seat].sleeves["captain"] = ["r1-17"]   # in Harbor: 1 coin into the chest
        s.players[seat].chest = chest
        s = do(s, seat, "play captain")
        s = do(s, seat, "use captain 1")
        assert s.players[seat].chest == chest + 1 and _claim(s, seat, "capitalist")[2] == placed


def test_dr_ach_04_starred_met_off_turn_waits_and_needs_to_hold_at_the_turns_start() -> None:
    for still in (True, False):
        s, seat, _ = _start(players=3)
        last = s.order[2]
        s.players[last].chest = 30                    # met on the first seat's turn
        s = do(s, seat, "sails")
        assert not _claim(s, last, "capitalist")[2]
        s = _next_turn(s)
        assert _claim(s, last, "capitalist") == (0, True, False), "it waits for its owner's turn"
        if not still:
            s.players[last].chest = 29                # lost again on the second seat's turn
        s = _next_turn(s)
        assert active(s) == last and _claim(s, last, "capitalist")[2] == still
        assert isinstance(top(s), P.MainPrompt), "placed as the turn starts, before any decision"


def test_dr_ach_06_07_22_legendary_takes_a_cube_a_win_and_the_fourth_returns_them() -> None:
    s, seat, other = _start()
    cubes = s.players[seat].cubes
    s = _attack(s, seat, other, win=True)
    assert _claim(s, seat, "legendary") == (1, False, False) and s.players[seat].cubes == cubes - 1
    s, seat, other = _start()
    s.players[seat].wins, s.players[seat].cubes = 3, 27
    s.players[seat].record.claims["legendary"].cubes = 3
    s = _attack(s, seat, other, win=True)
    assert _claim(s, seat, "legendary") == (0, False, True) and s.players[seat].cubes == 30


def test_dr_ach_07_08_a_fourth_win_in_defence_returns_the_cubes_and_the_marker_waits() -> None:
    s, seat, other = _start()
    s.players[other].wins, s.players[other].cubes = 3, 27
    s.players[other].record.claims["legendary"].cubes = 3
    s = _attack(s, seat, other, win=False)            # the defender wins on the attacker's turn
    assert s.players[other].wins == 4 and _claim(s, other, "legendary") == (0, True, False)
    assert s.players[other].cubes == 30
    s = _next_turn(s)
    assert active(s) == other and _claim(s, other, "legendary")[2]


def test_dr_ach_08_a_raid_won_counts_and_a_building_battle_never() -> None:
    s, seat, _ = _start()
    card = _merchant(1, cubes=2)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card
    s.players[seat].ship.at = "c1"
    s = do(s, seat, "raid")
    land(s, "strength-2", "empty", "empty")
    s = do(s, seat, "cubes 1")
    while s.battle is not None or isinstance(top(s), (P.RoomPrompt, P.PlunderPrompt)):
        s = do(s, seat, options(s, seat)[0])
    assert s.players[seat].wins == 1 and _claim(s, seat, "legendary")[0] == 1
    s, seat, other = _start()
    s.islands["b1"].slots = [label(other)] * 3 + [None]
    s.islands["b1"].buildings, s.holders["b1"] = ["garrison"], other
    s.players[seat].ship.at = "b1"
    s = do(s, seat, "attack buildings")
    land(s, "strength-2", "empty", "empty")
    s = do(s, seat, "cubes 1")
    while s.battle is not None:
        s = do(s, waiting(s)[0], options(s, waiting(s)[0])[0])
    assert s.islands["b1"].buildings == [], "won: the Garrison is razed"
    assert s.players[seat].wins == 0 and _claim(s, seat, "legendary")[0] == 0


def test_dr_ach_09_expert_sailors_the_third_level_4_card_returns_the_cubes() -> None:
    s, seat, other = _start()
    hand(s, seat, "crew-1")
    p = s.players[seat]
    p.levels["crew-1"], p.experts, p.cubes = 3, 2, 28
    p.record.claims["expert_sailors"].cubes = 2
    p.deck.pile = []
    s = _next_turn(s)
    s = do(s, seat, "level crew-1")                   # beside the other seat's turn
    assert _claim(s, seat, "expert_sailors") == (0, True, False) and s.players[seat].cubes == 30
    s = _next_turn(s)
    assert active(s) == seat and _claim(s, seat, "expert_sailors")[2]


def test_dr_ach_10_11_terror_of_the_sea_for_a_battle_or_a_garrison_sinking() -> None:
    s, seat, other = _start()
    s.players[other].ship.damage = 4
    s = _attack(s, seat, other, win=True)
    assert s.players[other].ship.at == HARBOR and _claim(s, seat, "terror_of_the_sea")[2]
    # the Garrison's owner sank it, off its own turn: the marker waits for that turn
    s, seat, other = _start()
    s.islands["b1"].slots = [label(other)] * 3 + [None]
    s.islands["b1"].buildings, s.holders["b1"] = ["garrison"], other
    s.players[seat].ship.damage = 4
    s.turn.sails_set, s.players[seat].ship.sails = True, 2
    s = do(s, seat, "move b1")
    assert s.players[other].sunk == 1 and s.players[seat].ship.at == HARBOR
    s = _next_turn(s)
    assert _claim(s, other, "terror_of_the_sea")[2]


def test_dr_ach_15_21_settler_at_six_permanent_cubes_claimed_only_on_ones_own_turn() -> None:
    s, seat, other = _start()
    me = label(seat)
    s.islands["a1"].permanent = {me: 5}
    hand(s, seat, "buccaneer")
    s.players[seat].levels["buccaneer"] = 3
    s.players[seat].ship.at = "b1"
    s = do(s, seat, "play buccaneer")
    s = do(s, seat, "use buccaneer 1")
    for slot in ("slot 1", "slot 2"):
        s = do(s, seat, slot)
        assert not _claim(s, seat, "settler")[2]
    s = do(s, seat, "slot 3")                         # control taken: the 6th permanent cube
    assert s.islands["b1"].permanent == {me: 1} and _claim(s, seat, "settler")[2]
    # met on another's turn: neither placed nor waiting, then placed on its own turn
    s, seat, other = _start()
    s.islands["a1"].permanent = {label(other): 6}
    s = do(s, seat, "sails")
    assert _claim(s, other, "settler") == (0, False, False)
    s = _next_turn(s)
    assert active(s) == other and _claim(s, other, "settler")[2]


def test_dr_ach_17_18_explorer_a_cube_each_board_and_the_target_returns_them() -> None:
    s, seat, _ = _start()
    cubes = s.players[seat].cubes
    s.turn.sails_set, s.players[seat].ship.sails, s.players[seat].ship.at = True, 1, "a1"
    s = do(s, seat, "move a2")
    assert _claim(s, seat, "explorer")[0] == 0, "passing explores nothing"
    s = do(s, seat, "stop")
    assert s.players[seat].explored == 1 and _claim(s, seat, "explorer")[0] == 1 and s.players[seat].cubes == cubes - 1
    s, seat, _ = _start()                             # 2 players: the target is 5
    p = s.players[seat]
    p.explored, p.cubes = 4, 26
    p.record.claims["explorer"].cubes = 4
    s.turn.sails_set, p.ship.sails, p.ship.at = True, 1, "a1"
    s = do(s, seat, "move a2")
    s = do(s, seat, "stop")
    assert _claim(s, seat, "explorer") == (0, False, True) and s.players[seat].cubes == 30


def test_dr_ach_19_explorer_cubes_go_back_when_too_few_boards_are_left() -> None:
    s, seat, other = _start()
    for pos in ("a2", "b2", "c2", "a3", "b3"):
        s.grid[pos].face_up = True                    # 4 face down left: a3… c4 minus b3
    p = s.players[other]
    p.explored, p.cubes = 1, 29
    p.record.claims["explorer"].cubes = 1             # 4 more needed, 4 left: still in reach
    s = do(s, seat, "sails")
    assert _claim(s, other, "explorer")[0] == 1
    s.turn.sails_set, s.players[seat].ship.sails, s.players[seat].ship.at = True, 1, "c3"
    s = do(s, seat, "move c4")
    s = do(s, seat, "stop")                           # the active seat explores one: 3 left
    s = _next_turn(s)
    assert _claim(s, other, "explorer") == (0, False, False) and s.players[other].cubes == 30


def test_dr_ach_14_capitalist_coins_aboard_do_not_count() -> None:
    s, seat, _ = _start()
    s.players[seat].chest = 25
    ship = s.players[seat].ship
    ship.hull = stow(ship.hull, "coin", {"A": 4, "D": 3})
    s = do(s, seat, "sails")
    assert not _claim(s, seat, "capitalist")[2]
