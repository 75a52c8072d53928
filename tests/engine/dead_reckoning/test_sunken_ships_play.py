"""Sunken Ships, through play: a flag attack (a level-2 Captain) between two Ships on b1, one cube
a side, the tower scripted so the loser takes the damage that sinks it; a lost Merchant raid; a
Garrison entered (the pure tests of rules/sunken_ships.py stay in test_sunken_ships.py).
Inventory IDs: DR-SINK-…."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules.load_unload import stow
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import do, game, hand, land, main_seat, options, top, waiting
from tests.engine.dead_reckoning.test_turn import _merchant


def _duel(case: str, *, damage: tuple[int, int] = (0, 4), attacker_wins: bool = True,
          hit: bool = False, before: object = None) -> tuple[State, int, int]:
    """The active seat attacks the other on b1; `damage` is (attacker's, defender's) before it; the
    winner's cube lands on 2 strength; the loser's on nothing, or on damage (`hit`). `before`, if
    given, edits the state just before the attack."""
    s = game(2, seed="sink-" + case)
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain")
    s.players[seat].levels["captain"] = 2              # an Attack flag
    s = do(s, seat, "play captain")
    hand(s, other)
    for x, n in zip((seat, other), damage, strict=True):
        s.players[x].ship.at, s.players[x].ship.damage = "b1", n
    if callable(before):
        before(s, seat, other)
    s = do(s, seat, f"attack {label(other)}")
    win, lose = "strength-2", "damage" if hit else "empty"
    land(s, *((win, lose) if attacker_wins else (lose, win)))
    s = do(s, seat, "cubes 1")
    while s.battle is not None:
        w = waiting(s)[0]
        s = do(s, w, "pass" if "pass" in options(s, w) else options(s, w)[0])
    return s, seat, other


def _coins_aboard(n: int) -> object:
    def edit(s: State, seat: int, other: int) -> None:
        ship = s.players[other].ship
        ship.hull = stow(ship.hull, "coin", {"A": min(n, 4), "D": max(0, n - 4)})
    return edit


def test_dr_sink_01_08_09_five_damage_at_the_battles_end_sinks_to_the_harbor_repaired() -> None:
    for start, sinks in ((3, False), (4, True)):
        s, seat, other = _duel(f"01-{start}", damage=(0, start),
                               before=lambda s, seat, other: setattr(s.players[other].ship, "mode", "pirate"))
        ship = s.players[other].ship
        if not sinks:
            assert (ship.at, ship.damage) == ("b1", 4)
            continue
        assert (ship.at, ship.damage, ship.mode, ship.sails) == (HARBOR, 0, "mercantile", 0)


def test_dr_sink_02_a_fifth_damage_in_battle_waits_for_its_end_and_the_win_counts() -> None:
    s, seat, other = _duel("02", damage=(4, 0), hit=False, attacker_wins=False)
    assert s.players[seat].ship.at == HARBOR, "the loser's 5th damage: sunk after the battle"
    # the attacker wins, but the defender's cube on damage makes its 5th: the win still counts
    s = game(2, seed="sink-02-win")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain")
    s.players[seat].levels["captain"] = 2
    s = do(s, seat, "play captain")
    hand(s, other)
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s.players[seat].ship.damage = 4
    s = do(s, seat, f"attack {label(other)}")
    land(s, "strength-2", "damage")
    s = do(s, seat, "cubes 1")
    assert s.battle is None and s.players[seat].wins == 1 and s.players[other].ship.damage == 1
    assert s.players[seat].ship.at == HARBOR and s.players[seat].ship.damage == 0


def test_dr_sink_03_a_fifth_damage_outside_battle_sinks_at_once() -> None:
    s = game(2, seed="icon-13")
    seat = main_seat(s)
    other = 1 - seat
    s.islands["b1"].slots = [label(other)] * 3 + [None]
    s.islands["b1"].buildings, s.holders["b1"] = ["garrison"], other
    s.players[seat].ship.damage = 4
    s.turn.sails_set, s.players[seat].ship.sails = True, 3
    s = do(s, seat, "move b1")
    assert s.players[seat].ship.at == HARBOR and s.battle is None and isinstance(top(s), P.MainPrompt)


def test_dr_sink_04_10_five_or_more_coins_aboard_are_lost_to_the_sinker() -> None:
    s, seat, other = _duel("04", before=_coins_aboard(6))
    assert s.players[other].ship.hull.carried().coin == 0
    chests = (s.players[seat].chest, s.players[other].chest)
    s0, _, _ = _duel("04", damage=(0, 3), before=_coins_aboard(6))        # the same, not sunk
    assert chests == (s0.players[seat].chest + 6, s0.players[other].chest)


def test_dr_sink_05_06_07_fewer_than_5_aboard_stay_and_the_chest_pays_5_or_all_it_has() -> None:
    for chest, paid in ((10, 5), (3, 3)):
        def edit(s: State, seat: int, other: int, chest: int = chest) -> None:
            ship = s.players[other].ship
            ship.hull = stow(stow(ship.hull, "coin", {"A": 3}), "cargo", {"D": 2})
            s.players[other].chest = chest
        s, seat, other = _duel(f"05-{chest}", before=edit)
        p = s.players[other]
        assert p.ship.hull.carried().coin == 0 and p.ship.hull.carried().cargo == 2, "cargo is never lost"
        assert p.chest == chest - paid + 3, "the 3 kept aboard go to the chest in Harbor"


def test_dr_sink_11_a_merchant_sinking_sends_the_coins_to_the_supply() -> None:
    s = game(2, seed="sink-11")
    seat = main_seat(s)
    s.players[seat].ship.damage, s.players[seat].chest = 4, 10
    card = _merchant(1, cubes=2)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card
    s.players[seat].ship.at = "c1"
    others = [p.chest for x, p in enumerate(s.players) if x != seat]
    s = do(s, seat, "raid")
    land(s, "empty", "strength-1", "empty")
    s = do(s, seat, "cubes 1")
    while s.battle is not None:
        s = do(s, seat, "pass" if "pass" in options(s, seat) else options(s, seat)[0])
    assert s.players[seat].ship.at == HARBOR and s.players[seat].chest == 5
    assert [p.chest for x, p in enumerate(s.players) if x != seat] == others


def test_dr_sink_12_both_sink_and_each_collects_the_others_loss() -> None:
    def edit(s: State, seat: int, other: int) -> None:
        s.players[seat].chest, s.players[other].chest = 10, 10
    s, seat, other = _duel("12", damage=(4, 4), hit=True, attacker_wins=True, before=edit)
    a, d = s.players[seat], s.players[other]
    assert a.ship.at == d.ship.at == HARBOR
    assert (a.chest, d.chest) == (10, 10), "each paid 5 and took the other's 5"
    assert a.sunk == 1 and d.sunk == 1


def test_dr_sink_14_a_first_sinking_of_another_ship_earns_terror_of_the_sea() -> None:
    s, seat, other = _duel("14")
    assert s.players[seat].sunk == 1 and "terror_of_the_sea" in s.players[seat].record.completed()
    s, seat, other = _duel("14-not", damage=(0, 3))
    assert "terror_of_the_sea" not in s.players[seat].record.completed()
