"""Scenario tests of the Battle ship details (the zones and the order they resolve in), the battle
against a non-player (Merchant ships) and the battle against Buildings (DR-TOW, DR-BNP, DR-BBLD).
Landings are scripted with `land`, so each test knows its exact outcome; the tower's odds are
tested in test_tower.py."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules import tower
from engine.dead_reckoning.rules.merchants import back_of
from engine.dead_reckoning.state import HARBOR, State
from tests.engine.dead_reckoning.scenario_helpers import (
    cargo_aboard,
    do,
    game,
    hand,
    land,
    main_seat,
    options,
    top,
    waiting,
)


def _merchant(cubes: int, row: int = 1, skip: str | None = None) -> str:
    """A Merchant ship of `row` whose printed back drops `cubes` black cubes."""
    return next(c.id for c in defs().advancements.deck(row)
                if c.kind == "merchant" and c.back is not None and c.back.cubes == cubes and c.id != skip)


def _at_merchant(s: State, seat: int, cubes: int = 2, at: str = "c1", back: str | None = None) -> str:
    """Put a Merchant ship on `at` with the back of `back` (its own printed one by default) and the
    seat's Ship beside it."""
    card = _merchant(cubes)
    s.grid[at].card = card
    s.merchant_backs[card] = back or card
    s.players[seat].ship.at = at
    return card


def _most(s: State, seat: int) -> int:
    """The most cubes the cube prompt offers (anytime goods moves may follow the cube choices)."""
    return max(int(o.split()[1]) for o in options(s, seat) if o.startswith("cubes "))


def _coins(s: State, seat: int) -> int:
    return s.players[seat].ship.hull.carried().coin


def _cargo(s: State, seat: int) -> int:
    return s.players[seat].ship.hull.carried().cargo


def _finish(s: State) -> State:
    """Answer whatever the battle still asks with the first option (plunder to the first hold)."""
    while s.battle is not None or isinstance(top(s), (P.RoomPrompt, P.PlunderPrompt)):
        seat = waiting(s)[0]
        s = do(s, seat, options(s, seat)[0])
    return s


def _gunners(s: State, seat: int, *levels: int) -> None:
    """Gunners of these levels in hand (level 2: a Cannon; 3: a Cannon and a drop-2 Battle ability;
    4: also a take-back-one-cube ability), and a Bosun (no Cannon, no Battle ability)."""
    cards = [f"gunner-{i}" for i in range(1, len(levels) + 1)]
    hand(s, seat, *cards, "bosun")
    for c, lv in zip(cards, levels, strict=True):
        s.players[seat].levels[c] = lv


# ---- Player vs. Non-Player battle (Merchant ships) ----
def test_dr_bnp_01_08_a_raid_runs_its_five_steps_in_order() -> None:
    s = game(2, seed="bnp-steps")
    seat = main_seat(s)
    _gunners(s, seat, 3)
    card = _at_merchant(s, seat, cubes=2)
    s = do(s, seat, "raid")
    assert isinstance(top(s), P.BattleCubesPrompt) and s.battle is not None and s.battle.board.cubes == {}  # 1: cubes
    s = do(s, seat, "play gunner-1")
    land(s, "coin-1", "strength-2", "strength-1", "damage")
    s = do(s, seat, "cubes 2")
    assert s.battle is not None and s.battle.board.total("black") == 2 and s.battle.board.total(f"p{seat + 1}") == 2  # 2: drop
    assert isinstance(top(s), P.AbilityPrompt) and s.players[seat].wins == 0                           # 3: abilities
    s = do(s, seat, "pass")
    assert isinstance(top(s), P.PlunderPrompt) and s.grid["c1"].card == card                           # 4: the tower
    s = do(s, seat, "stow coin a")
    assert s.battle is None and s.players[seat].wins == 1 and s.grid["c1"].card is None                # 5: outcome
    assert s.players[seat].ship.damage == 1, "the black damage cube hit the attacker"
    win = sum(e.n for e in back_of(s, card).win if e.do == "gain" and e.res == "coin")
    assert _coins(s, seat) == 1 + win, "the plunder coin, then the back's win"


def test_dr_bnp_02_cubes_are_the_cannons_used_and_cards_with_cannons_or_battle_abilities_may_be_played() -> None:
    s = game(2, seed="bnp-cannons")
    seat = main_seat(s)
    _gunners(s, seat, 2, 1)             # gunner-1 has a Cannon; gunner-2 (level 1) and the Bosun neither
    hand(s, seat, *s.players[seat].hand, "captain")
    s.players[seat].levels["captain"] = 3                   # a Battle ability, no Cannon
    _at_merchant(s, seat)
    s = do(s, seat, "raid")
    opts = options(s, seat)
    assert opts[-1] == "cubes 1", "the Cannon printed on the Ship"
    assert "play gunner-1" in opts and "play captain" in opts
    assert "play gunner-2" not in opts and "play bosun" not in opts
    s = do(s, seat, "play captain")
    assert _most(s, seat) == 1, "a Battle ability is no Cannon"
    s = do(s, seat, "play gunner-1")
    assert _most(s, seat) == 2 and "cubes 3" not in options(s, seat)
    land(s, "empty", "empty", "strength-1", "strength-1")
    s = do(s, seat, "cubes 2")
    assert s.battle is not None and s.battle.cubes[f"p{seat + 1}"] == 2


def test_dr_bnp_03_bbld_14_cannons_and_abilities_saved_in_one_battle_serve_the_next_and_used_ones_do_not() -> None:
    s = game(2, seed="bnp-save")
    seat = main_seat(s)
    other = 1 - seat
    at = next(iter(s.islands))
    isl = s.islands[at]
    isl.slots = [f"p{other + 1}"] * len(isl.slots)
    isl.buildings = ["garrison"]
    s.holders[at] = other
    _gunners(s, seat, 3)                                   # a Cannon and a drop-2 Battle ability
    first = _at_merchant(s, seat, cubes=2, at=at)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "raid")
    assert _most(s, seat) == 2
    land(s, "strength-2", "empty", "empty")
    s = do(s, seat, "cubes 1")                             # one of two Cannons kept back
    assert options(s, seat) == ["use gunner-1 2", "pass"]
    s = _finish(do(s, seat, "pass"))                       # the ability kept back too
    assert s.players[seat].wins == 1
    s = do(s, seat, "attack buildings")
    assert _most(s, seat) == 1, "the Cannon saved for later"
    land(s, "empty", "strength-1", "empty")
    s = do(s, seat, "cubes 1")
    assert options(s, seat) == ["use gunner-1 2", "pass"], "the ability saved for later"
    land(s, "empty", "empty")
    s = _finish(do(s, seat, "use gunner-1 2"))            # lost all the same: the Garrison stays
    assert s.islands[at].buildings == ["garrison"] and s.players[seat].ship.damage == 1
    assert "attack buildings" not in options(s, seat), "the same Buildings only once a turn"
    s.grid["b1"].card = _merchant(2, skip=first)
    s.merchant_backs[s.grid["b1"].card] = s.grid["b1"].card
    s.players[seat].ship.at = "b1"
    s = do(s, seat, "raid")
    assert _most(s, seat) == 0, "both Cannons are used for this turn"
    land(s, "strength-1", "strength-1")
    s = do(s, seat, "cubes 0")
    assert s.battle is None, "no Battle ability left: no window opens"
    assert s.players[seat].ship.damage == 2


def test_dr_bnp_04_the_merchant_drops_the_black_cubes_its_dealt_back_shows() -> None:
    s = game(2, seed="bnp-black")
    seat = main_seat(s)
    three = _merchant(3)
    card = _at_merchant(s, seat, cubes=2, back=three)      # a 2-cube front dealt a 3-cube back
    assert back_of(s, card).cubes == 3
    s = do(s, seat, "raid")
    land(s, "coin-1", "strength-1", "empty", "empty", "strength-2")
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.PlunderPrompt), "the plunder coin holds the battle open"
    assert s.battle is not None and s.battle.cubes == {f"p{seat + 1}": 1, "black": 3}
    assert s.battle.board.total("black") == 3 and s.tower.script == ["strength-2"], "3 black landings, not 2"


def test_dr_bnp_06_tow_05_both_sides_drop_at_once_and_explosions_resolve_before_the_abilities() -> None:
    s = game(2, seed="bnp-drop")
    seat = main_seat(s)
    _gunners(s, seat, 3)
    _at_merchant(s, seat, cubes=2)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "raid")
    me = f"p{seat + 1}"
    # my 2 cubes, the black 2; then round 1: my exploding cube and its extra, the black one and its extra
    land(s, "exploding", "empty", "exploding", "strength-1", "strength-2", "coin-1", "damage", "empty")
    s = do(s, seat, "cubes 2")
    assert isinstance(top(s), P.AbilityPrompt) and s.battle is not None
    board = s.battle.board
    assert board.count(me, "exploding") == board.count("black", "exploding") == 0
    assert board.total(me) == 3 and board.total("black") == 3, "each exploding shot came back with one extra"
    assert board.count(me, "strength-2") == 1 and board.count("black", "damage") == 1


def test_dr_bnp_07_tow_08_10_against_a_merchant_abilities_come_in_any_order_in_one_window() -> None:
    s = game(2, seed="bnp-window")
    seat = main_seat(s)
    _gunners(s, seat, 4, 3)
    _at_merchant(s, seat, cubes=2)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "play gunner-2")
    s = do(s, seat, "raid")
    land(s, "empty", "empty", "empty", "strength-1", "strength-1")
    s = do(s, seat, "cubes 3")
    assert isinstance(top(s), P.AbilityPrompt) and waiting(s) == (seat,)
    assert options(s, seat) == ["use gunner-1 2", "use gunner-1 3", "use gunner-2 2", "pass"]
    land(s, "strength-1", "empty")
    s = do(s, seat, "use gunner-2 2")                      # the later card first: any order
    assert isinstance(top(s), P.AbilityPrompt) and waiting(s) == (seat,), "the Merchant takes no turn"
    assert options(s, seat) == ["use gunner-1 2", "use gunner-1 3", "pass"]
    s = do(s, seat, "pass")                                # optional: two abilities left unused
    assert not isinstance(top(s), P.AbilityPrompt) and s.battle is None, "one window, then the tower resolves"
    assert s.players[seat].wins == 0, "1 strength against 2"
    assert not any(k.endswith("gunner-1:2") or k.endswith("gunner-1:3") for k in s.turn.used)


def test_dr_bnp_09_11_the_dealt_backs_win_is_the_outcome_and_counts_for_legendary() -> None:
    s = game(2, seed="bnp-win")
    seat = main_seat(s)
    rich = next(c.id for c in defs().advancements.deck(2) if c.kind == "merchant" and c.back is not None
                and c.back.cubes == 4 and any(e.do == "gain" and e.res == "coin" and e.n == 5 for e in c.back.win))
    card = _at_merchant(s, seat, cubes=2, back=rich)       # a row-1 front carrying a 5-coin back this game
    s = do(s, seat, "raid")
    land(s, "strength-2", "strength-1", "strength-1", "empty", "empty")
    s = _finish(do(s, seat, "cubes 1"))                    # 2 against 2: the tie goes to the raider
    assert _coins(s, seat) == 5 and s.players[seat].wins == 1 and s.players[seat].ship.damage == 0
    assert s.players[seat].record.claims["legendary"].cubes == 1, "a cube on Legendary for the win"
    assert s.grid["c1"].card is None and s.rows[1][0] == card, "not kept by its back: buried"


def test_dr_bnp_09_10_11_a_lost_raid_costs_only_the_backs_damage_and_the_fifth_sinks() -> None:
    for damage, sinks in ((3, False), (4, True)):
        s = game(2, seed=f"bnp-lose-{damage}")
        seat = main_seat(s)
        s.players[seat].ship.damage = damage
        card = _at_merchant(s, seat, cubes=2)
        assert [e.do for e in back_of(s, card).lose] == ["take_damage"] and back_of(s, card).lose[0].n == 1
        s = do(s, seat, "raid")
        land(s, "empty", "strength-1", "empty")
        s = _finish(do(s, seat, "cubes 1"))
        p = s.players[seat]
        assert p.wins == 0 and s.rows[1][0] == card
        if sinks:
            assert p.ship.at == HARBOR and p.ship.damage == 0, "5 damage: sunk after the battle"
        else:
            assert p.ship.at == "c1" and p.ship.damage == 4, "the back's 1 damage, no default damage on top"


# ---- Battle ship details: the zones in their resolution order ----
def _duel(s: State, seat: int, at: str = "b1") -> tuple[State, int]:
    """A flag attack set up: the seat's level-2 Captain played (an Attack flag), both Ships on
    `at`, the defender with an empty hand and no level-up open (so its answer is the default)."""
    other = 1 - seat
    hand(s, seat, "captain", *s.players[seat].hand[1:])
    s.players[seat].levels["captain"] = 2
    s = do(s, seat, "play captain")
    s.players[seat].ship.at = s.players[other].ship.at = at
    hand(s, other)
    s.players[other].level_open = False
    return s, other



def test_dr_tow_08_10_ship_against_ship_the_sides_alternate_from_the_active_one_until_two_passes() -> None:
    s = game(2, seed="tow-alternate")
    seat = main_seat(s)
    s, other = _duel(s, seat)
    hand(s, seat, *s.players[seat].hand, "gunner-1")
    s.players[seat].levels["gunner-1"] = 4
    s = do(s, seat, "play gunner-1")
    s.players[other].defence = ["gunner-2"]               # played in its defence earlier: out, face up
    s.players[other].levels["gunner-2"] = 4
    s = do(s, seat, f"attack p{other + 1}")
    land(s, "empty", "empty", "empty", "empty")           # 2 cubes each (printed Cannon + Gunner)
    s = do(s, seat, "cubes 2")
    assert isinstance(top(s), P.AbilityPrompt) and waiting(s) == (seat,), "the active player first"
    s = do(s, seat, "pass")
    assert waiting(s) == (other,) and options(s, other) == ["use gunner-2 2", "use gunner-2 3", "pass"]
    land(s, "strength-1", "empty")
    s = do(s, other, "use gunner-2 2")
    assert waiting(s) == (seat,), "a use, not a pass: the active player may answer"
    land(s, "strength-2", "strength-2")
    s = do(s, seat, "use gunner-1 2")
    assert waiting(s) == (other,) and options(s, other) == ["use gunner-2 3", "pass"]
    s = do(s, other, "pass")
    assert waiting(s) == (seat,) and options(s, seat) == ["use gunner-1 3", "pass"], "one pass is not two in a row"
    s = do(s, seat, "pass")
    assert s.battle is None, "two passes in a row end the one window"
    assert s.players[seat].wins == 1 and s.players[other].ship.damage == 1


def test_dr_tow_09_a_cube_an_ability_sends_into_the_exploding_zone_explodes_before_the_next_ability() -> None:
    s = game(2, seed="tow-09")
    seat = main_seat(s)
    _gunners(s, seat, 3, 3)
    _at_merchant(s, seat, cubes=2)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "play gunner-2")
    s = do(s, seat, "raid")
    me = f"p{seat + 1}"
    land(s, "empty", "empty", "empty", "strength-1", "empty")
    s = do(s, seat, "cubes 3")
    # the drop-2: one cube explodes (re-dropped with its extra); the other knocks a black cube into the exploding zone
    s.tower.script = ["exploding", tower.Knock(owner="black", zone="strength-1", to="exploding"), "empty",
                      "strength-2", "strength-2", "strength-1", "damage"]
    s = do(s, seat, "use gunner-1 2")
    assert isinstance(top(s), P.AbilityPrompt) and s.battle is not None and s.tower.script == []
    board = s.battle.board
    assert board.count(me, "exploding") == 0 and board.count("black", "exploding") == 0
    assert board.count(me, "strength-2") == 2 and board.total(me) == 3 + 3, "3 dropped, 2 by the ability, 1 extra"
    assert board.count("black", "strength-1") == 1 and board.count("black", "damage") == 1 and board.total("black") == 3
    assert options(s, seat) == ["use gunner-2 2", "pass"]


def test_dr_tow_11_12_plunder_goes_to_a_hold_with_room_the_island_if_yours_or_the_supply() -> None:
    for mine in (True, False):
        s = game(2, seed=f"tow-plunder-{mine}")
        seat = main_seat(s)
        at = next(iter(s.islands))
        isl = s.islands[at]
        owner = seat if mine else 1 - seat
        isl.slots = [f"p{owner + 1}"] * len(isl.slots)
        _at_merchant(s, seat, cubes=2, at=at)
        cargo_aboard(s, seat, 4)                          # hold A full, D (3) empty
        s = do(s, seat, "raid")
        land(s, "cargo-2", "empty", "empty")
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.PlunderPrompt)
        expected = ["stow cargo d", *(["island"] if mine else []), "supply"]
        assert options(s, seat) == expected, "A has no room; the island only when it is yours"
        s = do(s, seat, "stow cargo d")
        s = do(s, seat, "island" if mine else "supply")
        assert s.battle is None and _cargo(s, seat) == 5
        assert s.islands[at].cargo == (1 if mine else 0)


def test_dr_tow_11_an_either_piece_goes_aboard_as_a_coin_or_a_cargo_and_coins_count_double_on_coin_2() -> None:
    s = game(2, seed="tow-either")
    seat = main_seat(s)
    _at_merchant(s, seat, cubes=2)
    _gunners(s, seat, 2)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "raid")
    land(s, "either-1", "coin-2", "empty", "empty")
    s = do(s, seat, "cubes 2")
    assert options(s, seat) == ["stow coin a", "stow coin d", "supply"]
    s = do(s, seat, "stow coin a")
    s = do(s, seat, "stow coin a")
    assert options(s, seat) == ["stow coin a", "stow coin d", "stow cargo a", "stow cargo d", "supply"]
    s = _finish(do(s, seat, "stow cargo d"))
    assert _coins(s, seat) == 2 + sum(e.n for e in back_of(s, s.rows[1][0]).win if e.do == "gain" and e.res == "coin")
    assert _cargo(s, seat) == 1 + sum(e.n for e in back_of(s, s.rows[1][0]).win if e.do == "gain" and e.res == "cargo")


def test_dr_tow_13_the_non_players_cubes_in_plunder_zones_give_nothing() -> None:
    s = game(2, seed="tow-13")
    seat = main_seat(s)
    card = _at_merchant(s, seat, cubes=2)
    s = do(s, seat, "raid")
    land(s, "empty", "coin-2", "cargo-2")
    s = do(s, seat, "cubes 1")
    assert s.battle is None, "nothing to place: no plunder prompt"
    assert s.players[seat].wins == 1, "0 against 0: a tie, won by the raider"
    win = back_of(s, card).win
    assert _coins(s, seat) == sum(e.n for e in win if e.do == "gain" and e.res == "coin"), "the back's coins only"
    assert _cargo(s, seat) == sum(e.n for e in win if e.do == "gain" and e.res == "cargo")


def test_dr_tow_14_no_goods_move_in_a_battle_so_plunder_fits_the_room_left_or_goes_back() -> None:
    s = game(2, seed="tow-14")
    seat = main_seat(s)
    _gunners(s, seat, 3)
    _at_merchant(s, seat, cubes=2)
    cargo_aboard(s, seat, 6)                              # A full, 1 room left in D
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "raid")
    assert any(o.startswith(("shift", "jettison")) for o in options(s, seat)), "before the drop: allowed"
    land(s, "coin-2", "empty", "empty", "empty")
    s = do(s, seat, "cubes 2")
    assert isinstance(top(s), P.AbilityPrompt)
    assert not any(o.startswith(("shift", "jettison", "unload")) for o in options(s, seat))
    s = do(s, seat, "pass")
    assert options(s, seat) == ["stow coin d", "supply"], "no jettison to make room"
    s = do(s, seat, "stow coin d")
    assert s.battle is None, "the second coin had only the supply left: not asked"
    assert _coins(s, seat) == 1 and s.players[seat].ship.hull.room() == 0


def test_dr_tow_15_a_harbor_battles_plunder_goes_aboard_or_back_never_to_the_dock_or_chest() -> None:
    s = game(2, seed="tow-15")
    seat = main_seat(s)
    s, other = _duel(s, seat, at=HARBOR)
    dock, chest = s.players[seat].dock, s.players[seat].chest
    s = do(s, seat, f"attack p{other + 1}")
    land(s, "coin-1", *["empty"] * 5)                     # the defender: 1 Cannon + 4 in Harbor
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.PlunderPrompt) and options(s, seat) == ["stow coin a", "stow coin d", "supply"]
    assert s.battle is not None and s.battle.cubes[f"p{other + 1}"] == 5 and s.tower.script == []
    s = _finish(do(s, seat, "supply"))
    assert (s.players[seat].dock, s.players[seat].chest, _coins(s, seat)) == (dock, chest, 0)


def test_dr_tow_16_17_damage_hits_the_other_ship_and_does_not_help_win() -> None:
    s = game(2, seed="tow-16")
    seat = main_seat(s)
    s, other = _duel(s, seat)
    s = do(s, seat, f"attack p{other + 1}")
    land(s, "damage", "strength-1")
    s = _finish(do(s, seat, "cubes 1"))
    assert s.players[other].ship.damage == 1, "the attacker's damage cube"
    assert s.players[seat].ship.damage == 1 and s.players[other].wins == 1, "1 strength beats 0 and its damage"


def test_dr_tow_18_the_non_players_damage_hits_the_raider_and_the_raiders_damage_does_nothing() -> None:
    s = game(2, seed="tow-18")
    seat = main_seat(s)
    other = 1 - seat
    _at_merchant(s, seat, cubes=2)
    s.players[other].ship.at = "c1"                       # an onlooker's Ship on the same board
    s = do(s, seat, "raid")
    land(s, "damage", "damage", "strength-1")
    s = _finish(do(s, seat, "cubes 1"))
    assert s.players[seat].ship.damage == 1 + 1, "the black damage cube, then the back's loss"
    assert s.players[other].ship.damage == 0


def test_dr_tow_20_a_tie_goes_to_the_active_player_against_a_ship() -> None:
    for attacker_strength, wins in (("strength-1", True), ("empty", False)):
        s = game(2, seed=f"tow-20-{wins}")
        seat = main_seat(s)
        s, other = _duel(s, seat)
        s = do(s, seat, f"attack p{other + 1}")
        land(s, attacker_strength, "strength-1")
        s = _finish(do(s, seat, "cubes 1"))
        assert s.players[seat].wins == int(wins) and s.players[other].wins == int(not wins)
        assert s.players[other if wins else seat].ship.damage == 1


def test_dr_tow_21_only_cubes_still_in_strength_zones_count() -> None:
    for how in ("none", "take back", "knocked"):
        s = game(2, seed=f"tow-21-{how}")
        seat = main_seat(s)
        _gunners(s, seat, 4)
        _at_merchant(s, seat, cubes=2)
        s = do(s, seat, "play gunner-1")
        s = do(s, seat, "raid")
        land(s, "strength-2", "empty", "strength-1", "strength-1")   # 2 against 2
        s = do(s, seat, "cubes 2")
        if how == "take back":
            s = do(s, seat, "use gunner-1 3")
            assert isinstance(top(s), P.CubePrompt) and options(s, seat) == ["remove empty", "remove strength-2"]
            s = do(s, seat, "remove strength-2")
        elif how == "knocked":
            me = f"p{seat + 1}"                           # the ability's own drop knocks my 2-strength cube out
            s.tower.script = [tower.Knock(owner=me, zone="strength-2", to="empty"), "empty", "empty"]
            s = do(s, seat, "use gunner-1 2")
            assert s.battle is not None and s.battle.board.count(me, "strength-2") == 0
        s = _finish(do(s, seat, "pass"))
        assert s.players[seat].wins == (1 if how == "none" else 0), how


# ---- Player Ship vs. Building battle ----
def _fortified(s: State, seat: int, *kinds: str, owner_ship: bool = False) -> tuple[str, int]:
    """An island the other seat controls with these Buildings, the seat's Ship there (and the
    owner's, Mercantile, when `owner_ship`)."""
    other = 1 - seat
    at = next(pos for pos in ("a1", "b1", "c1") if pos in s.islands)
    isl = s.islands[at]
    isl.slots = [f"p{other + 1}"] * len(isl.slots)
    isl.buildings = sorted(kinds)  # type: ignore[arg-type]
    for k in kinds:
        s.building_supply[k] -= 1                         # built from the supply
    s.holders[at] = other
    s.players[seat].ship.at = at
    if owner_ship:
        s.players[other].ship.at, s.players[other].ship.mode = at, "mercantile"
    return at, other


def test_dr_bbld_01_02_an_opponents_fort_or_garrison_may_be_attacked_without_a_flag_an_outpost_never() -> None:
    for kinds, offered in ((("fort",), True), (("garrison",), True), (("outpost",), False), ((), False)):
        s = game(2, seed="bbld-01")
        seat = main_seat(s)
        _fortified(s, seat, *kinds)
        assert s.turn.flags_used == 0 and not any(o.startswith("attack p") for o in options(s, seat))
        assert ("attack buildings" in options(s, seat)) == offered, kinds
    s = game(2, seed="bbld-01-own")
    seat = main_seat(s)
    at, _ = _fortified(s, seat, "fort")
    s.islands[at].slots = [f"p{seat + 1}"] * len(s.islands[at].slots)
    s.holders[at] = seat
    assert "attack buildings" not in options(s, seat), "one's own Fort is no target"


def test_dr_bbld_02_15_an_outpost_adds_no_cube_and_stays_when_the_fort_falls() -> None:
    s = game(2, seed="bbld-02")
    seat = main_seat(s)
    at, other = _fortified(s, seat, "fort", "outpost")
    s.players[other].finished = True                      # a final-turn bonus would be 2 more
    s = do(s, seat, "attack buildings")
    land(s, "strength-2", "strength-1", "empty", "empty", "empty", "empty", "strength-2")
    s = _finish(do(s, seat, "cubes 1"))
    assert s.tower.script == ["strength-2"], "exactly 5 black cubes: no cube per Building, no final-turn bonus"
    assert s.islands[at].buildings == ["outpost"] and s.holders[at] == other


def test_dr_bbld_03_an_opponents_pirate_at_the_island_must_be_beaten_before_its_buildings() -> None:
    s = game(2, seed="bbld-03")
    seat = main_seat(s)
    at, other = _fortified(s, seat, "fort")
    s.players[seat].ship.at = HARBOR
    s.players[other].ship.at, s.players[other].ship.mode = at, "pirate"
    s.turn.sails_set, s.players[seat].ship.sails = True, 2
    s = do(s, seat, f"move {at}")
    s = do(s, seat, "stop")
    assert isinstance(top(s), P.BattleCubesPrompt) and s.battle is not None and s.battle.kind == "ship"
    s = do(s, seat, "cubes 1")
    land(s, "strength-2", "empty")
    s = _finish(do(s, other, "cubes 1"))
    assert s.players[other].ship.mode == "mercantile" and "attack buildings" in options(s, seat)

    s = game(2, seed="bbld-03-no")
    seat = main_seat(s)
    at, other = _fortified(s, seat, "fort")
    s.players[other].ship.at, s.players[other].ship.mode = at, "pirate"
    assert "attack buildings" not in options(s, seat), "the Pirate stands guard"


def test_dr_bbld_04_05_09_15_the_owners_ship_and_cards_take_no_part_and_only_the_attacker_uses_abilities() -> None:
    s = game(2, seed="bbld-04")
    seat = main_seat(s)
    at, other = _fortified(s, seat, "fort", owner_ship=True)
    hand(s, other, "gunner-1", "captain")
    s.players[other].levels.update({"gunner-1": 3, "captain": 4})   # Cannons in the owner's hand
    s.players[other].defence = ["gunner-2"]                          # and a Battle ability out
    s.players[other].levels["gunner-2"] = 4
    _gunners(s, seat, 3)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "attack buildings")
    land(s, "damage", "empty", *["strength-1"] * 5)
    s = do(s, seat, "cubes 2")
    assert s.battle is not None and s.battle.cubes == {f"p{seat + 1}": 2, "black": 5}, "the Fort's 5, nothing added"
    assert waiting(s) == (seat,) and isinstance(top(s), P.AbilityPrompt), "no answer asked of the owner"
    assert options(s, seat) == ["use gunner-1 2", "pass"]
    s = do(s, seat, "pass")
    assert s.battle is None, "the owner's Battle abilities get no turn"
    assert s.players[other].ship.damage == 0, "the attacker's damage cube hits no Ship"
    assert s.players[seat].ship.damage == 1 and s.islands[at].buildings == ["fort"]


def test_dr_bbld_06_08_10_a_building_battle_drops_with_explosions_and_gives_no_plunder() -> None:
    s = game(2, seed="bbld-08")
    seat = main_seat(s)
    at, other = _fortified(s, seat, "garrison")
    _gunners(s, seat, 3)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "attack buildings")
    assert isinstance(top(s), P.BattleCubesPrompt)                                   # 1: cubes
    # mine: 2 cubes on plunder; the Garrison's 2: one explodes, then it and its extra land
    land(s, "coin-2", "cargo-2", "exploding", "damage", "damage", "strength-1")
    s = do(s, seat, "cubes 2")
    assert isinstance(top(s), P.AbilityPrompt) and s.battle is not None              # 2, 3
    assert s.battle.board.total("black") == 3 and s.battle.board.count("black", "exploding") == 0
    s = do(s, seat, "pass")
    assert s.battle is None and not isinstance(top(s), P.PlunderPrompt)             # 4: no plunder
    assert _coins(s, seat) == 0 and _cargo(s, seat) == 0
    assert s.players[seat].ship.damage == 2 + 1, "two black damage cubes, then 1 for losing"  # 5
    assert s.islands[at].buildings == ["garrison"]


def test_dr_bbld_11_12_13_16_a_win_or_a_tie_removes_the_buildings_a_loss_costs_1_and_neither_is_legendary() -> None:
    for mine, theirs, attacker_wins in (("strength-1", "strength-1", True), ("empty", "strength-1", False)):
        s = game(2, seed=f"bbld-11-{attacker_wins}")
        seat = main_seat(s)
        at, other = _fortified(s, seat, "garrison")
        s = do(s, seat, "attack buildings")
        land(s, mine, theirs, "empty")
        s = _finish(do(s, seat, "cubes 1"))
        isl = s.islands[at]
        assert isl.buildings == ([] if attacker_wins else ["garrison"])
        assert s.players[seat].ship.damage == (0 if attacker_wins else 1)
        assert s.players[seat].wins == s.players[other].wins == 0, "Building battles never count for Legendary"
        assert all(s.players[x].record.claims["legendary"].cubes == 0 for x in (seat, other))
        assert ic.controller(isl) == f"p{other + 1}", "the island's control does not change"
        if attacker_wins:
            assert s.building_supply["garrison"] == defs().buildings.buildings["garrison"].count


def test_dr_bbld_09_11_the_attackers_win_bonus_used_against_buildings_pays_only_if_they_fall() -> None:
    for attacker_wins in (True, False):
        s = game(2, seed=f"bbld-09-{attacker_wins}")
        seat = main_seat(s)
        at, _ = _fortified(s, seat, "garrison")
        hand(s, seat, "bosun")
        s.players[seat].sleeves["bosun"] = ["r1-18"]      # Prize Money: 2 coins aboard if you win
        s = do(s, seat, "play bosun")
        s = do(s, seat, "attack buildings")
        land(s, *(("strength-2", "strength-1", "empty") if attacker_wins else ("empty", "strength-1", "empty")))
        s = do(s, seat, "cubes 1")
        assert options(s, seat) == ["use bosun 2", "pass"]
        s = _finish(do(s, seat, "use bosun 2"))
        assert s.islands[at].buildings == ([] if attacker_wins else ["garrison"])
        assert _coins(s, seat) == (2 if attacker_wins else 0)


def test_dr_comp_05_the_twenty_black_cubes_are_a_hard_limit_for_exploding_shots() -> None:
    """A 2-cube Merchant whose cubes keep exploding doubles them round by round (2, 4, 8, 16): the
    fourth round has only 4 black cubes left in the box for its 16 extras, so the raid holds all
    20 and no more (the Gunner's Battle ability keeps the battle open to look at the board)."""
    assert defs().supply.black_cubes == 20
    s = game(2, seed="comp-05")
    seat = main_seat(s)
    _gunners(s, seat, 3)
    _at_merchant(s, seat, cubes=2)
    s = do(s, seat, "play gunner-1")
    s = do(s, seat, "raid")
    land(s, "empty", "exploding", "exploding", *["exploding"] * (4 + 8 + 16), *["empty"] * 32)   # yours, then black
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.AbilityPrompt) and s.battle is not None
    assert s.battle.board.total("black") == 20, "16 cubes dropped again with 4 extras, not 16"
    assert s.tower.script == ["empty"] * 12
