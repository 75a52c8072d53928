"""Game End, through play: a fourth Achievement completed by a decision on the owner's turn, the
turns played out with `end` as a player types it, and the finished seats' two protections met in
play (the pure tests of rules/game_end.py stay in test_game_end.py). Inventory IDs: DR-OVR-03,
DR-END-…."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules.game_end import GameEnd
from engine.dead_reckoning.state import State, label
from tests.engine.dead_reckoning.scenario_helpers import active, do, game, hand, land, main_seat, options, top, waiting
from tests.engine.dead_reckoning.test_achievements_play import _upgrade

ISLANDS = "icon-13"


def _markers(s: State, seat: int, n: int) -> None:
    for aid in ("legendary", "builder", "settler", "explorer", "master_merchant")[:n]:
        s.players[seat].record.claims[aid].marker = True     # type: ignore[index]


def _fourth(s: State, seat: int) -> State:
    """Complete Elite Vessel now: its fourth Upgrade."""
    s.players[seat].upgrades_taken = 3
    return _upgrade(s, seat)


def _end_turn(s: State) -> State:
    seat = active(s)
    s = do(s, seat, "end")
    while s.final is None and active(s) == seat:
        s = do(s, seat, "mercantile" if isinstance(top(s), P.ModePrompt) else options(s, seat)[0])
    if s.final is None and isinstance(top(s), P.LevelPrompt):
        s = do(s, active(s), options(s, active(s))[0])
    return s


def test_dr_ovr_03_end_01_02_07_a_fourth_marker_ends_the_game_after_one_more_round() -> None:
    s = game(3, seed=ISLANDS)
    seat = main_seat(s)
    _markers(s, seat, 3)
    s = _fourth(s, seat)
    assert s.players[seat].record.markers() == 4 and s.end.triggered_by is None, "checked at the turn's end"
    s = _end_turn(s)
    rest = [label(x) for x in s.order[s.order.index(seat) + 1:] + s.order[:s.order.index(seat)]]
    assert s.end.triggered_by == label(seat) and s.end.final_turns == rest
    assert s.players[seat].finished, "the triggering turn was its final turn"
    for n in range(2):
        assert s.final is None and label(active(s)) == rest[n]
        s = _end_turn(s)
    assert s.final is not None and not waiting(s), "the triggerer gets no extra turn"


def test_dr_end_01_three_markers_at_the_turns_end_trigger_nothing() -> None:
    s = game(2, seed=ISLANDS)
    seat = main_seat(s)
    _markers(s, seat, 2)
    s = _fourth(s, seat)
    s = _end_turn(s)
    assert s.end == GameEnd() and not s.players[seat].finished


def test_dr_end_08_a_fourth_marker_in_the_final_round_changes_nothing() -> None:
    s = game(3, seed=ISLANDS)
    first = main_seat(s)
    _markers(s, first, 4)
    s = _end_turn(s)
    second = active(s)
    _markers(s, second, 3)
    s = _fourth(s, second)
    s = _end_turn(s)
    assert s.end.triggered_by == label(first) and len(s.end.final_turns) == 1
    s = _end_turn(s)
    assert s.final is not None


def test_dr_end_05_half_a_replacement_lapses_at_the_turns_end() -> None:
    s = game(3, seed=ISLANDS)
    second = main_seat(s)
    at = s.order.index(second)
    first, third = s.order[at - 1], s.order[(at + 1) % 3]   # first triggered the end and is finished
    s.islands["b1"].slots = [label(first)] * 4
    s.end = GameEnd(triggered_by=label(first), final_turns=[label(second), label(third)], finished=[label(first)])
    s.players[first].finished = True
    for seat in (second, third):
        assert active(s) == seat
        hand(s, seat, "buccaneer")
        s.players[seat].levels["buccaneer"] = 1        # one icon: half a replacement
        s.players[seat].ship.at = "b1"
        s = do(s, seat, "play buccaneer")
        s = do(s, seat, "use buccaneer 1")
        s = do(s, seat, "slot 1")
        assert s.islands["b1"].slots[0] == label(first), "one icon this turn, one the next: still there"
        if seat == second:
            assert s.turn.siege.hits
            s = _end_turn(s)


def test_dr_end_06_07_a_finished_seat_adds_two_battle_cubes() -> None:
    for finished in (False, True):
        s = game(2, seed=ISLANDS)
        seat = main_seat(s)
        other = 1 - seat
        if finished:
            s.end = GameEnd(triggered_by=label(other), final_turns=[label(seat)], finished=[label(other)])
            s.players[other].finished = True
        hand(s, seat, "captain")
        s.players[seat].levels["captain"] = 2
        s = do(s, seat, "play captain")
        hand(s, other)
        s.players[seat].ship.at = s.players[other].ship.at = "b1"
        s = do(s, seat, f"attack {label(other)}")
        land(s, *["empty"] * 6)
        s = do(s, seat, "cubes 1")
        while s.battle is not None:
            w = waiting(s)[0]
            s = do(s, w, "pass" if "pass" in options(s, w) else options(s, w)[0])
        assert 6 - len(s.tower.script) == (1 + 1 + (2 if finished else 0)), finished
