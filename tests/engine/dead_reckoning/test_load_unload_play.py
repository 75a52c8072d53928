"""Load / Unload / Rearrange / Jettison, through play: a set-up game, the position put where the rule
applies, and the decisions a player types in /play (the pure tests of rules/load_unload.py stay in
test_load_unload.py). Inventory IDs are DR-HOLD-… of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.load_unload import lay_tile, stow
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import cargo_aboard, do, game, hand, land, main_seat, options, top
from tests.engine.dead_reckoning.test_turn import _merchant


def _start(seed: str, players: int = 2) -> tuple[State, int]:
    s = game(players, seed=seed)
    return s, main_seat(s)


def _goods(s: State, seat: int, letter: str) -> tuple[int, int]:
    g = s.players[seat].ship.hull.space(letter).goods   # type: ignore[arg-type]
    return g.cargo, g.coin


def _put(s: State, seat: int, letter: str, res: str, n: int) -> None:
    """`n` goods of `res` into hold `letter` of the seat's Ship, as the position needs."""
    ship = s.players[seat].ship
    ship.hull = stow(ship.hull, res, {letter: n})   # type: ignore[arg-type, dict-item]


def _refused(s: State, seat: int, notation: str) -> None:
    """Typed anyway, the decision is refused and the game does not change."""
    before = s.model_dump()
    with pytest.raises(IllegalActionError):
        do(s, seat, notation)
    assert s.model_dump() == before


def _island(s: State, seat: int, *, mine: bool) -> str:
    """The Ship at the first island of row 1, every slot this seat's (`mine`) or empty."""
    at = next(iter(s.islands))
    isl = s.islands[at]
    isl.slots = [label(seat) if mine else None] * len(isl.slots)
    s.players[seat].ship.at = at
    return at


def _raid(s: State, seat: int) -> State:
    card = _merchant(1, cubes=2)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card                # this game dealt it its own printed back
    s.players[seat].ship.at = "c1"
    return do(s, seat, "raid")


def _loads(s: State, seat: int) -> set[str]:
    return {o for o in options(s, seat) if o.startswith(("load ", "unload "))}


def test_dr_hold_01_to_05_only_holds_a_and_d_take_goods_4_and_3() -> None:
    s, seat = _start("hold-hull")
    s.players[seat].dock = 9
    assert _loads(s, seat) == {"load cargo a", "load cargo d"}, "B and C are blank: no hold"
    _refused(s, seat, "load cargo b")
    s = do(s, seat, "load cargo a")
    assert isinstance(top(s), P.AmountPrompt) and options(s, seat) == ["1", "2", "3", "4"], "A holds 4"
    s = do(s, seat, "4")
    s = do(s, seat, "load cargo d")
    assert options(s, seat) == ["1", "2", "3"], "D holds 3"
    s = do(s, seat, "3")
    assert _goods(s, seat, "A") == (4, 0) and _goods(s, seat, "D") == (3, 0) and s.players[seat].dock == 2
    assert not {o for o in options(s, seat) if o.startswith("load ")}, "a full Ship takes nothing more"
    _refused(s, seat, "load cargo a")


def test_dr_hold_05_cargo_and_coins_share_a_holds_capacity() -> None:
    s, seat = _start("hold-share")
    at = _island(s, seat, mine=True)
    s.islands[at].cargo, s.islands[at].coins = 3, 3
    s = do(s, seat, "load coin d")
    s = do(s, seat, "2")
    s = do(s, seat, "load cargo d")                  # room for one more unit only: no question
    assert _goods(s, seat, "D") == (1, 2) and (s.islands[at].cargo, s.islands[at].coins) == (2, 1)
    assert "load coin d" not in options(s, seat) and "load cargo d" not in options(s, seat)


def test_dr_hold_06_three_cargo_fill_hold_d_as_three_units() -> None:
    s, seat = _start("hold-three")
    s.players[seat].dock = 3
    s = do(s, seat, "load cargo d")
    s = do(s, seat, "3")
    assert _goods(s, seat, "D") == (3, 0) and "load cargo d" not in options(s, seat)
    assert "load cargo a" not in options(s, seat), "the Dock is empty"


def test_dr_hold_07_08_sail_04_a_loaded_hold_loses_its_sail_away_from_home() -> None:
    for aboard, sails in (({}, 2), ({"A": 1}, 1), ({"A": 4, "D": 3}, 0)):
        s, seat = _start(f"hold-sail-{len(aboard)}")
        hand(s, seat)                                   # no card Sails to add
        _island(s, seat, mine=False)                    # a board where covered Sails do not count
        for letter, n in aboard.items():
            _put(s, seat, letter, "cargo", n)
        s = do(s, seat, "sails")
        assert s.players[seat].ship.sails == sails, aboard


def test_dr_hold_07_09_cargo_silences_an_upgrades_cannon_never_the_printed_one() -> None:
    swivel = defs().upgrades.tiles["swivel-gun"]
    for load_d, cubes in ((False, 2), (True, 1)):
        s, seat = _start(f"hold-cannon-{load_d}")
        s.players[seat].ship.hull = lay_tile(s.players[seat].ship.hull, "D", swivel)
        cargo_aboard(s, seat, 4)                        # hold A full: the printed Cannon still fires
        if load_d:
            _put(s, seat, "D", "cargo", 1)
        s = _raid(s, seat)
        assert isinstance(top(s), P.BattleCubesPrompt)
        assert [o for o in options(s, seat) if o.startswith("cubes")] == [f"cubes {n}" for n in range(cubes + 1)]


def test_dr_hold_10_11_in_harbor_dock_cargo_loads_and_chest_coins_stay() -> None:
    s, seat = _start("hold-harbor")
    p = s.players[seat]
    p.dock, p.chest = 2, 6
    assert p.ship.at == HARBOR
    assert not any(o.startswith("load coin") for o in options(s, seat))
    _refused(s, seat, "load coin a")
    s = do(s, seat, "load cargo a")
    s = do(s, seat, "2")
    assert _goods(s, seat, "A") == (2, 0) and s.players[seat].dock == 0 and s.players[seat].chest == 6


def test_dr_hold_12_13_load_from_your_island_and_never_from_another() -> None:
    s, seat = _start("hold-mine")
    at = _island(s, seat, mine=True)
    s.islands[at].cargo, s.islands[at].coins = 2, 1
    s = do(s, seat, "load cargo a")
    s = do(s, seat, "2")
    s = do(s, seat, "load coin a")
    assert _goods(s, seat, "A") == (2, 1) and (s.islands[at].cargo, s.islands[at].coins) == (0, 0)
    s, seat = _start("hold-theirs")
    at = _island(s, seat, mine=False)
    s.islands[at].slots[0] = label(1 - seat)           # the opponent's island
    s.islands[at].cargo, s.islands[at].coins = 2, 1
    assert not {o for o in options(s, seat) if o.startswith("load ")}
    _refused(s, seat, "load cargo a")
    _refused(s, seat, "load coin a")


def test_dr_hold_14_in_harbor_cargo_goes_to_the_dock_and_coins_to_the_chest() -> None:
    s, seat = _start("hold-home")
    p = s.players[seat]
    dock, chest = p.dock, p.chest
    _put(s, seat, "A", "cargo", 2)
    _put(s, seat, "D", "coin", 3)
    s = do(s, seat, "unload cargo a")
    s = do(s, seat, "2")
    s = do(s, seat, "unload coin d")
    s = do(s, seat, "3")
    assert (s.players[seat].dock, s.players[seat].chest) == (dock + 2, chest + 3)
    assert s.players[seat].ship.hull.carried().total() == 0


def test_dr_hold_15_unload_onto_any_island_and_never_at_sea() -> None:
    for mine in (True, False):
        s, seat = _start(f"hold-unload-{mine}")
        at = _island(s, seat, mine=mine)
        cargo_aboard(s, seat, 1)
        before = s.islands[at].cargo
        s = do(s, seat, "unload cargo a")
        assert s.islands[at].cargo == before + 1 and _goods(s, seat, "A") == (0, 0)
    s, seat = _start("hold-unload-sea")
    cargo_aboard(s, seat, 1)
    sea = next(pos for pos, sp in s.grid.items() if defs().ocean.boards[sp.board].kind != "island")
    s.players[seat].ship.at = sea                       # an open-sea board: no island to take goods
    assert not any(o.startswith("unload ") for o in options(s, seat))
    assert "jettison cargo a" in options(s, seat)


def test_dr_hold_16_an_opponents_pirate_at_your_island_bars_goods_until_beaten() -> None:
    for barred in (True, False):                        # a Pirate bars, a Mercantile Ship does not
        s, seat = _start(f"hold-guard-{barred}")
        at = _island(s, seat, mine=True)
        s.islands[at].cargo = 2
        cargo_aboard(s, seat, 1)
        other = s.players[1 - seat]
        other.ship.at, other.ship.mode = at, "pirate" if barred else "mercantile"
        if barred:
            assert not _loads(s, seat)
            _refused(s, seat, "load cargo a")
            _refused(s, seat, "unload cargo a")
        else:
            assert {"load cargo a", "unload cargo a"} <= _loads(s, seat)


def test_dr_hold_18_20_rearrange_and_jettison_before_the_drop_never_after() -> None:
    s, seat = _start("hold-battle")
    hand(s, seat, "captain")
    s.players[seat].sleeves["captain"] = ["r1-19"]      # a Battle ability: the battle stops to ask
    s = do(s, seat, "play captain")
    cargo_aboard(s, seat, 2)
    s = _raid(s, seat)
    assert {"shift cargo a d", "jettison cargo a"} <= set(options(s, seat)), "choosing cubes is before it begins"
    land(s, "strength-1", "strength-1", "strength-1")
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.AbilityPrompt) and s.battle is not None
    assert not any(o.startswith(("shift", "jettison")) for o in options(s, seat))
    _refused(s, seat, "shift cargo a d")
    _refused(s, seat, "jettison cargo a")
    while s.battle is not None:
        s = do(s, seat, "pass" if "pass" in options(s, seat) else options(s, seat)[0])
    assert isinstance(top(s), P.MainPrompt)
    assert {"shift cargo a d", "jettison cargo a"} <= set(options(s, seat)), "over: the holds may change again"
