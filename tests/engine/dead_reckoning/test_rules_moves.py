"""Scenario tests of the moving parts of a Dead Reckoning turn, driven by notation as a player
plays them: setting Sails and moving (DR-SAIL, DR-MOVE), Pirates met on the way and the blockade
(DR-PMOVE, DR-PIR), buying and resolving cards (DR-BUY), rearranging and jettisoning (DR-HOLD),
the level-up (DR-LEVEL) and the Achievements it touches (DR-ACH, DR-BONUS)."""
from __future__ import annotations

import pytest

from engine.core import side_decisions
from engine.core.errors import IllegalActionError
from engine.dead_reckoning import GAME
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.state import HARBOR, State
from tests.engine.dead_reckoning.scenario_helpers import (
    active,
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


def _sailing(s: State, seat: int, sails: int) -> None:
    """Sails already set this turn, at `sails` (the count itself is test_set_sails.py's)."""
    s.turn.sails_set, s.players[seat].ship.sails = True, sails


def _moves(s: State, seat: int) -> set[str]:
    return {o.removeprefix("move ") for o in options(s, seat) if o.startswith("move ")}


def _battle_to_end(s: State, defender: int | None = None) -> State:
    """Finish the battle against `defender` (plunder or abilities: the first option each time),
    not a next one that follows it."""
    while s.battle is not None and s.battle.defender == defender:
        s = do(s, waiting(s)[0], options(s, waiting(s)[0])[0])
    return s


# ---- Set Sails ---------------------------------------------------------------------------------
def test_dr_sail_01_sails_are_set_once_a_turn_and_before_any_move() -> None:
    s = game(2, seed="sail-once")
    seat = main_seat(s)
    assert "sails" in options(s, seat) and not _moves(s, seat), "no move before the Sails are set"
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == 2 and _moves(s, seat) == {"a1", "b1", "c1"}
    assert "sails" not in options(s, seat)
    s = do(s, seat, "move a1")
    s = do(s, seat, "stop")
    assert "sails" not in options(s, seat), "not again after moving either"


def test_dr_sail_07_a_sail_icon_played_after_setting_sails_adds_nothing() -> None:
    for before in (True, False):
        s = game(2, seed=f"sail-late-{before}")
        seat = main_seat(s)
        hand(s, seat, "captain", *s.players[seat].hand[1:])       # level 1 shows one Sail
        if before:
            s = do(s, seat, "play captain")
        s = do(s, seat, "sails")
        if not before:
            s = do(s, seat, "play captain")
        assert s.players[seat].ship.sails == (3 if before else 2)


# ---- Move your Ship ----------------------------------------------------------------------------
def test_dr_move_01_02_each_board_costs_one_sail_and_at_zero_the_ship_stops() -> None:
    s = game(2, seed="move-cost")
    seat = main_seat(s)
    _sailing(s, seat, 2)
    s = do(s, seat, "move b1")
    assert s.players[seat].ship.sails == 1 and s.players[seat].ship.at == "b1"
    s = do(s, seat, "move b2")                           # passing: row 2 is face down
    assert s.players[seat].ship.sails == 0
    assert options(s, seat) == ["stop"], "no Sail left: no further board"
    s = do(s, seat, "stop")
    assert not _moves(s, seat) and s.players[seat].ship.sails == 0


def test_dr_move_03_04_orthogonal_steps_and_the_harbor_touches_all_of_row_1() -> None:
    s = game(2, seed="move-grid")
    seat = main_seat(s)
    _sailing(s, seat, 8)
    assert _moves(s, seat) == {"a1", "b1", "c1"}
    s = do(s, seat, "move a1")
    assert _moves(s, seat) == {HARBOR, "a2", "b1"}, "not the diagonal b2"
    s = do(s, seat, "move b1")
    s = do(s, seat, "move b2")
    assert _moves(s, seat) == {"a2", "c2", "b1", "b3"}, "no diagonal, and the Harbor is row 1's only"
    s = do(s, seat, "move b1")
    assert HARBOR in _moves(s, seat)


def test_dr_move_05_another_ship_does_not_block_the_way() -> None:
    s = game(2, seed="move-through")
    seat = main_seat(s)
    other = 1 - seat
    s.players[other].ship.at = "b1"                      # Mercantile: no battle either
    _sailing(s, seat, 3)
    s = do(s, seat, "move b1")
    s = do(s, seat, "move c1")
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    assert s.players[seat].ship.at == "b1" and s.battle is None and isinstance(top(s), P.MainPrompt)


def test_dr_move_06_nothing_is_done_on_a_board_without_stopping_there() -> None:
    s = game(2, seed="move-stop")
    seat = main_seat(s)
    card = next(c for c in defs().advancements.deck(1) if c.kind == "advancement")
    s.grid["b1"].card = card.id
    cargo_aboard(s, seat, card.cost)
    _sailing(s, seat, 2)
    s = do(s, seat, "move b1")
    assert isinstance(top(s), P.MovingPrompt)
    assert not any(o.startswith(("buy", "load", "unload", "attack", "play", "use")) for o in options(s, seat))
    s = do(s, seat, "stop")
    assert "buy" in options(s, seat)


def test_dr_move_07_moves_split_by_stops_share_one_sail_track() -> None:
    s = game(2, seed="move-split")
    seat = main_seat(s)
    _sailing(s, seat, 3)
    s = do(s, seat, "move a1")
    s = do(s, seat, "stop")
    assert isinstance(top(s), P.MainPrompt) and s.players[seat].ship.sails == 2
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    s = do(s, seat, "move c1")
    s = do(s, seat, "stop")
    assert s.players[seat].ship.at == "c1" and s.players[seat].ship.sails == 0 and not _moves(s, seat)


def test_dr_move_08_09_10_13_a_stop_on_a_face_down_board_explores_it_and_ends_only_that_move() -> None:
    s = game(2, seed="move-explore")
    seat = main_seat(s)
    _sailing(s, seat, 4)
    row2_top = s.rows[2][-1]
    s = do(s, seat, "move a1")
    s = do(s, seat, "move a2")
    assert not s.grid["a2"].face_up and s.grid["a2"].card is None
    s = do(s, seat, "stop")
    assert s.grid["a2"].face_up, "flipped face up"
    assert s.grid["a2"].card == row2_top and s.rows[2][-1] != row2_top, "the top card of row 2's box"
    assert isinstance(top(s), P.MainPrompt), "the move is over"
    p = s.players[seat]
    assert p.explored == 1 and p.record.claims["explorer"].cubes == 1, "an Explorer progress cube"
    assert p.ship.sails == 2 and _moves(s, seat) == {"a1", "a3", "b2"}, "the Sails left move on later"
    s = do(s, seat, "move a1")
    s = do(s, seat, "stop")
    assert s.players[seat].ship.at == "a1"


def test_dr_move_12_passing_through_face_down_boards_explores_none() -> None:
    s = game(2, seed="move-pass")
    seat = main_seat(s)
    _sailing(s, seat, 4)
    for to in ("b1", "b2", "b3", "b2"):
        s = do(s, seat, f"move {to}")
    assert not s.grid["b3"].face_up and s.players[seat].explored == 0
    s = do(s, seat, "stop")
    assert s.grid["b2"].face_up and not s.grid["b3"].face_up and s.players[seat].explored == 1


# ---- Pirate mode -------------------------------------------------------------------------------
def _island_in_row_1(s: State) -> str:
    return next(pos for pos in ("a1", "b1", "c1") if pos in s.islands)


def _pirate(s: State, seat: int, at: str) -> None:
    s.players[seat].ship.at, s.players[seat].ship.mode = at, "pirate"


def _restart_turn(s: State) -> State:
    """Run the active seat's turn start again, after the position was set up by hand."""
    from tests.engine.dead_reckoning.scenario_helpers import resettle
    s.stack.clear()
    s.turn.phase = "start"
    return resettle(s)


def test_dr_pmove_02_dr_pir_02_passing_through_a_pirates_board_starts_no_battle() -> None:
    s = game(2, seed="pirate-pass")
    seat = main_seat(s)
    other = 1 - seat
    _pirate(s, other, "a1")
    _sailing(s, seat, 2)
    s = do(s, seat, "move a1")
    assert s.battle is None and isinstance(top(s), P.MovingPrompt)
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    assert s.battle is None and isinstance(top(s), P.MainPrompt)


def test_dr_pmove_03_several_pirates_are_fought_in_the_movers_order_until_it_sinks() -> None:
    for sinks in (False, True):
        s = game(3, seed=f"pirates-{sinks}")
        seat = main_seat(s)
        first, second = [x for x in s.order if x != seat]
        _pirate(s, first, "b1")
        _pirate(s, second, "b1")
        s.players[seat].ship.damage = 4 if sinks else 0
        cargo_aboard(s, seat, 7)                              # enough for b1's card
        _sailing(s, seat, 1)
        s = do(s, seat, "move b1")
        s = do(s, seat, "stop")
        assert isinstance(top(s), P.PirateOrderPrompt)
        fights = [o for o in options(s, seat) if not _goods([o])]
        assert sorted(fights) == sorted([f"fight p{first + 1}", f"fight p{second + 1}"])
        s = do(s, seat, f"fight p{second + 1}")               # the mover picks the later one first
        assert s.battle is not None and s.battle.defender == second
        s = do(s, seat, "cubes 1")
        land(s, "empty", "strength-1")                         # the mover loses the first battle
        s = do(s, second, "cubes 1")
        s = _battle_to_end(s, second)
        if sinks:
            assert s.players[seat].ship.at == HARBOR and s.battle is None and isinstance(top(s), P.MainPrompt)
            assert "buy" not in options(s, seat), "sunk: b1's card is out of reach (DR-PIR-07)"
        else:
            assert s.battle is not None and s.battle.defender == first, "the other Pirate is fought next"
            assert isinstance(top(s), P.BattleCubesPrompt) and waiting(s) == (seat,)


def test_dr_pmove_04_pirate_mode_does_nothing_on_its_owners_own_turn() -> None:
    s = game(2, seed="pirate-own")
    seat = main_seat(s)
    other = 1 - seat
    at = _island_in_row_1(s)
    s.players[seat].ship.at, s.players[seat].ship.mode = HARBOR, "pirate"
    s.players[other].ship.at = at
    _sailing(s, seat, 1)
    s = do(s, seat, f"move {at}")
    s = do(s, seat, "stop")
    assert s.battle is None and not any(o.startswith(("attack", "fight")) for o in options(s, seat))
    hand(s, seat, "captain", *s.players[seat].hand[1:])
    s.players[seat].levels["captain"] = 2                      # an Attack flag
    s = do(s, seat, "play captain")
    assert f"attack p{other + 1}" in options(s, seat)


def test_dr_pir_04_05_06_07_a_pirate_that_wins_blockades_its_island_but_the_card_stays_for_sale() -> None:
    s = game(2, seed="blockade")
    seat = main_seat(s)
    other = 1 - seat
    at = _island_in_row_1(s)
    isl = s.islands[at]
    isl.slots = [f"p{other + 1}"] * len(isl.slots)
    isl.buildings, s.holders[at] = ["fort"], other
    isl.cargo = 1
    card = next(c for c in defs().advancements.deck(1) if c.kind == "advancement")
    s.grid[at].card = card.id
    _pirate(s, other, at)
    cargo_aboard(s, seat, card.cost)
    hand(s, seat, "buccaneer", *s.players[seat].hand[1:])
    _sailing(s, seat, 1)
    s = do(s, seat, f"move {at}")
    s = do(s, seat, "stop")
    s = do(s, seat, "cubes 1")
    land(s, "empty", "strength-1")
    s = do(s, other, "cubes 1")
    s = _battle_to_end(s, other)
    assert at in s.turn.blockaded and s.players[other].ship.mode == "pirate"
    opts = options(s, seat)
    assert not any(o.startswith(("load", "unload")) for o in opts), "no goods to or from the island"
    assert "attack buildings" not in opts
    assert "buy" in opts, "the card may still be bought after the battle"
    s = do(s, seat, "play buccaneer")
    assert "use buccaneer 1" not in options(s, seat), "no Influence where it cannot be placed"
    with pytest.raises(IllegalActionError, match="not one of your options"):
        do(s, seat, "use buccaneer 1")
    assert all(x == f"p{other + 1}" for x in s.islands[at].slots), "no Influence cube placed"


def test_dr_pir_04_no_cube_is_taken_back_from_a_blockaded_island_either() -> None:
    s = game(2, seed="blockade-take")
    seat = main_seat(s)
    other = 1 - seat
    at, elsewhere = [pos for pos in ("a1", "b1", "c1") if pos in s.islands][:2]
    for pos in (at, elsewhere):
        s.islands[pos].slots[0] = f"p{seat + 1}"           # a loose cube of the mover on each
    ship = _merchant(False)
    s.grid[at].card, s.merchant_backs[ship] = ship, ship
    _pirate(s, other, at)
    _sailing(s, seat, 1)
    s = do(s, seat, f"move {at}")
    s = do(s, seat, "stop")
    s = do(s, seat, "cubes 1")
    land(s, "empty", "strength-1")
    s = do(s, other, "cubes 1")
    s = _battle_to_end(s, other)
    assert at in s.turn.blockaded
    hand(s, seat, "gunner-1", *s.players[seat].hand[1:])
    s.players[seat].levels["gunner-1"] = 2                 # a Cannon still unfired
    s = do(s, seat, "play gunner-1")
    s.players[seat].cubes = 0                              # out of cubes for the raid
    s = do(s, seat, "raid")
    assert f"take {elsewhere}" in options(s, seat) and f"take {at}" not in options(s, seat)


def test_dr_pir_08_09_10_11_starting_on_a_pirates_board_blockades_until_fought_and_won() -> None:
    for fights, wins in ((False, False), (True, False), (True, True)):
        s = game(2, seed=f"pirate-start-{fights}-{wins}")
        seat = active(s)
        other = 1 - seat
        at = _island_in_row_1(s)
        isl = s.islands[at]
        isl.slots = [f"p{seat + 1}"] * len(isl.slots)        # the mover controls it, with cargo to load
        isl.cargo = 2
        _pirate(s, other, at)
        s.players[seat].ship.at = at
        s = _restart_turn(s)
        seat = main_seat(s)
        assert s.battle is None and at in s.turn.blockaded, "no battle forced, but blockaded at once"
        opts = options(s, seat)
        assert f"fight p{other + 1}" in opts and not any(o.startswith("attack") for o in opts), "no flag needed"
        assert not any(o.startswith(("load", "unload")) for o in opts)
        if not fights:
            s = do(s, seat, "sails")
            s = do(s, seat, "move harbor")
            s = do(s, seat, "stop")
            assert s.battle is None and s.players[seat].ship.at == HARBOR, "it may sail away in peace"
            continue
        s = do(s, seat, f"fight p{other + 1}")
        s = do(s, seat, "cubes 1")
        land(s, *(("strength-2", "empty") if wins else ("empty", "strength-1")))
        s = do(s, other, "cubes 1")
        s = _battle_to_end(s, other)
        assert f"fight p{other + 1}" not in options(s, seat), "once a turn"
        if wins:
            assert s.players[other].ship.mode == "mercantile" and at not in s.turn.blockaded, "lifted at once"
            assert "load cargo a" in options(s, seat)
        else:
            assert at in s.turn.blockaded and not any(o.startswith("load") for o in options(s, seat))
            s = do(s, seat, "end")
            while active(s) == seat:
                s = do(s, seat, options(s, seat)[0])
            assert s.turn.blockaded == [], "the blockade ends with the turn"


def test_dr_pir_12_a_pirate_at_open_sea_forces_the_battle_but_blockades_nothing() -> None:
    from engine.dead_reckoning.rules.setup import reveal
    s = game(2, seed="pirate-sea")
    seat = main_seat(s)
    other = 1 - seat
    sea = next(pos for pos, sp in s.grid.items() if pos.endswith("2")
               and defs().ocean.boards[sp.board].kind != "island")
    reveal(s, sea)
    _pirate(s, other, sea)
    s.players[seat].ship.at = sea[0] + "1"
    _sailing(s, seat, 1)
    s = do(s, seat, f"move {sea}")
    s = do(s, seat, "stop")
    assert s.battle is not None and s.battle.defender == other and s.battle.why == "pirate_stop"
    s = do(s, seat, "cubes 1")
    land(s, "empty", "strength-1")
    s = do(s, other, "cubes 1")
    s = _battle_to_end(s, other)
    assert s.turn.blockaded == [] and s.players[other].ship.mode == "pirate"


# ---- Buy Advancements / Resolve Encounters -----------------------------------------------------
def _advancement(row: int = 1, skip: int = 0) -> str:
    return [c.id for c in defs().advancements.deck(row) if c.kind == "advancement"][skip]


def _merchant(win_keeps: bool, row: int = 1) -> str:
    """A Merchant ship with cubes whose own back keeps the card on a win, or does not."""
    return next(c.id for c in defs().advancements.deck(row) if c.back is not None and c.back.cubes > 0
                and any(e.do == "take_card" for e in c.back.win) == win_keeps)


def _cost(card: str) -> int:
    return defs().advancements.cards[card].cost


def _at(s: State, seat: int, pos: str, card: str | None) -> None:
    """The Ship at `pos`, with `card` on the board's card space (a Merchant with its own back)."""
    s.grid[pos].card = card
    if card is not None and defs().advancements.cards[card].kind == "merchant":
        s.merchant_backs[card] = card
    s.players[seat].ship.at = pos


def test_dr_buy_01_08_the_card_where_the_ship_is_can_be_bought_a_merchant_traded_or_attacked() -> None:
    s = game(2, seed="buy-here")
    seat = main_seat(s)
    adv, ship = _advancement(), _merchant(False)
    cargo_aboard(s, seat, 7)
    assert not any(o in ("buy", "trade", "raid") for o in options(s, seat)), "nothing to buy in Harbor"
    _at(s, seat, "b1", adv)
    assert "buy" in options(s, seat) and "trade" not in options(s, seat)
    _at(s, seat, "b1", ship)
    assert {"trade", "raid"} <= set(options(s, seat)) and "buy" not in options(s, seat)
    _at(s, seat, "b1", None)
    assert not any(o in ("buy", "trade", "raid") for o in options(s, seat))


def test_dr_buy_02_15_two_buys_or_resolves_a_turn_and_a_raid_is_one_of_them() -> None:
    s = game(2, seed="buy-two")
    seat = main_seat(s)
    adv = _advancement()
    cargo_aboard(s, seat, 7)
    _at(s, seat, "a1", adv)
    s = do(s, seat, "buy")
    assert s.turn.buys == 1
    _at(s, seat, "b1", _advancement(skip=1))
    assert "buy" in options(s, seat), "the second"
    ship = _merchant(False)
    _at(s, seat, "c1", ship)
    s = do(s, seat, "raid")
    land(s, "strength-2", "empty", "empty")
    s = do(s, seat, "cubes 1")
    s = _battle_to_end(s)
    assert s.turn.buys == 2
    _at(s, seat, "b1", _advancement(skip=1))
    assert "buy" not in options(s, seat), "a third"
    _at(s, seat, "c1", _merchant(True))
    assert "raid" not in options(s, seat) and "trade" not in options(s, seat)


def test_dr_buy_03_09_a_merchants_back_stays_hidden_and_a_trade_never_shows_it() -> None:
    s = game(2, seed="buy-trade")
    seat = main_seat(s)
    ship = _merchant(False)
    _at(s, seat, "b1", ship)
    cargo_aboard(s, seat, _cost(ship))
    other_back = _merchant(True)
    dealt_otherwise = s.model_copy(update={"merchant_backs": {**s.merchant_backs, ship: other_back}})
    for viewer in (seat, 1 - seat, None):
        assert GAME.view(s, viewer) == GAME.view(dealt_otherwise, viewer), "no view tells the back"
    before = s.reveals
    s = do(s, seat, "trade")
    p = s.players[seat]
    assert p.aside == [ship] and s.grid["b1"].card is None and p.ship.hull.carried().cargo == 0
    assert ship not in s.backs_seen and s.reveals == before, "bought as it is, the back unseen"


def test_dr_buy_04_an_emptied_space_waits_for_cleanup_so_one_card_a_board() -> None:
    s = game(2, seed="buy-empty")
    seat = main_seat(s)
    cargo_aboard(s, seat, 7)
    _at(s, seat, "b1", _advancement())
    s = do(s, seat, "buy")
    assert s.grid["b1"].card is None and "buy" not in options(s, seat)
    box_top = s.rows[1][-1]
    s = do(s, seat, "end")
    assert s.grid["b1"].card == box_top, "refilled in Cleanup"


def test_dr_buy_06_the_dock_and_the_chest_do_not_pay_for_a_card() -> None:
    s = game(2, seed="buy-ship")
    seat = main_seat(s)
    adv = next(c.id for c in defs().advancements.deck(1) if c.kind == "advancement" and c.cost >= 2)
    _at(s, seat, "b1", adv)
    s.players[seat].dock, s.players[seat].chest = 10, 30
    cargo_aboard(s, seat, _cost(adv) - 1)
    assert "buy" not in options(s, seat), "one cargo short aboard"
    cargo_aboard(s, seat, _cost(adv))
    assert "buy" in options(s, seat), "exactly the cost aboard"
    s = do(s, seat, "buy")
    assert s.players[seat].dock == 10 and s.players[seat].chest == 30


def test_dr_buy_07_a_bought_card_is_set_aside_face_up_for_cleanup() -> None:
    s = game(2, seed="buy-aside")
    seat = main_seat(s)
    adv = _advancement()
    cargo_aboard(s, seat, _cost(adv))
    _at(s, seat, "b1", adv)
    s = do(s, seat, "buy")
    assert s.players[seat].aside == [adv] and adv not in s.players[seat].hand
    assert GAME.view(s, 1 - seat).players[seat].aside == [adv], "face up: the others see it"
    assert GAME.view(s, None).players[seat].aside == [adv]


def test_dr_buy_10_a_traded_merchant_is_sleeved_and_works_by_its_advancement_part() -> None:
    from engine.dead_reckoning.rules.common import card_icons
    s = game(2, seed="buy-sleeve")
    seat = main_seat(s)
    ship = next(c.id for c in defs().advancements.deck(1) if c.back is not None and c.icons.wheel)
    _at(s, seat, "b1", ship)
    cargo_aboard(s, seat, _cost(ship))
    played = s.players[seat].hand[0]
    wheels = card_icons(s.players[seat], played).wheel
    s = do(s, seat, f"play {played}")
    s = do(s, seat, "trade")
    s = do(s, seat, "end")
    s = do(s, seat, "mercantile")                       # Cleanup: the mode, away from Harbor
    assert isinstance(top(s), P.SleevePrompt) and f"sleeve {ship} {played}" in options(s, seat)
    s = do(s, seat, f"sleeve {ship} {played}")
    p = s.players[seat]
    assert p.sleeves[played] == [ship] and card_icons(p, played).wheel == wheels + 1
    assert ship not in s.backs_seen


def test_dr_buy_12_16_a_merchants_back_gives_its_cubes_and_a_win_keeps_the_card_only_if_it_says() -> None:
    for keeps in (True, False):
        s = game(2, seed=f"buy-win-{keeps}")
        seat = main_seat(s)
        ship = _merchant(keeps)
        back = defs().advancements.cards[ship].back
        assert back is not None and back.cubes > 0 and back.win and back.lose
        _at(s, seat, "b1", ship)
        coins = sum(e.n for e in back.win if e.do == "gain" and e.res == "coin")
        s = do(s, seat, "raid")
        land(s, "strength-2", *["empty"] * back.cubes, "damage")
        s = do(s, seat, "cubes 1")
        assert s.tower.script == ["damage"], "the attacker's cube and exactly the back's cubes dropped"
        s = _battle_to_end(s)
        while isinstance(top(s), (P.RoomPrompt, P.SplitPrompt)):
            s = do(s, seat, options(s, seat)[0])
        p = s.players[seat]
        assert p.wins == 1 and p.ship.hull.carried().coin == coins
        assert (p.aside == [ship]) == keeps and (s.rows[1][0] == ship) != keeps, "kept, or buried"


def test_dr_buy_14_a_buried_merchant_never_comes_back_out_of_its_box_not_even_by_exploring() -> None:
    from engine.dead_reckoning.rules.setup import reveal
    for fresh_left in (True, False):
        s = game(2, seed=f"buried-{fresh_left}")
        seat = main_seat(s)
        ship = _merchant(False, row=2)
        s.rows[2] = [c for c in s.rows[2] if c != ship]
        reveal(s, "a2")
        _at(s, seat, "a2", ship)
        s = do(s, seat, "raid")
        land(s, *["empty"] * (1 + defs().advancements.cards[ship].back.cubes))   # type: ignore[union-attr]
        s = do(s, seat, "cubes 1")
        s = _battle_to_end(s)
        assert s.rows[2][0] == ship and s.grid["a2"].card is None, "lost: buried under row 2's box"
        fresh = s.rows[2][-1]
        s.rows[2] = [ship, fresh] if fresh_left else [ship]    # the box drawn down to the buried card
        row = GAME.view(s, None).rows[2]
        assert (row.size, row.top) == ((1, fresh) if fresh_left else (0, None)), "the buried card is not in play"
        _sailing(s, seat, 1)
        s = do(s, seat, "move b2")
        s = do(s, seat, "stop")
        assert s.grid["b2"].face_up and s.grid["b2"].card == (fresh if fresh_left else None)
        assert s.rows[2] == [ship]


# ---- Rearranging and jettisoning ---------------------------------------------------------------
def _goods(opts: list[str]) -> set[str]:
    return {o for o in opts if o.startswith(("shift", "jettison"))}


def test_dr_hold_17_19_goods_are_rearranged_and_jettisoned_at_any_decision_of_the_own_turn() -> None:
    s = game(2, seed="hold-any")
    seat = main_seat(s)
    cargo_aboard(s, seat, 2)                              # 2 cargo in hold A, hold D empty
    both = {"shift cargo a d", "jettison cargo a"}
    assert both <= _goods(options(s, seat)), "the main menu"
    s = do(s, seat, "sails")
    s = do(s, seat, "move b1")
    assert isinstance(top(s), P.MovingPrompt) and _goods(options(s, seat)) == both, "under way"
    s = do(s, seat, "shift cargo a d")
    assert isinstance(top(s), P.AmountPrompt) and options(s, seat) == ["1", "2"]
    s = do(s, seat, "1")
    assert isinstance(top(s), P.MovingPrompt), "back to moving"
    hull = s.players[seat].ship.hull
    assert (hull.space("A").goods.cargo, hull.space("D").goods.cargo) == (1, 1)
    dock = s.players[seat].dock
    s = do(s, seat, "jettison cargo d")
    assert s.players[seat].ship.hull.carried().cargo == 1 and s.players[seat].dock == dock, "to the supply"
    s = do(s, seat, "stop")
    s = do(s, seat, "end")
    assert isinstance(top(s), P.ModePrompt) and "jettison cargo a" in options(s, seat), "in Cleanup too"
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, "mercantile"), "never the default"


def test_dr_hold_17_19_21_the_attacked_seat_rearranges_jettisons_and_levels_before_the_drop() -> None:
    s = game(2, seed="hold-attacked")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain", *s.players[seat].hand[1:])
    s.players[seat].levels["captain"] = 2                 # an Attack flag
    s = do(s, seat, "play captain")
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    cargo_aboard(s, seat, 1)
    cargo_aboard(s, other, 2)
    s.players[other].level_open = True
    s = do(s, seat, f"attack p{other + 1}")
    assert {"shift cargo a d", "jettison cargo a"} <= _goods(options(s, seat)), "the attacker, before its cubes"
    s = do(s, seat, "cubes 1")
    assert waiting(s) == (other,) and isinstance(top(s), P.ResponsePrompt)
    answer = options(s, other)
    assert {"shift cargo a d", "jettison cargo a"} <= _goods(answer), "the defender, in its answer"
    assert any(o.startswith("level ") for o in answer)
    s = do(s, other, "jettison cargo a")
    s = do(s, other, "2")
    assert s.players[other].ship.hull.carried().cargo == 0 and isinstance(top(s), P.ResponsePrompt)
    assert not _goods(options(s, seat)), "the attacker's cubes are locked: it waits"


# ---- Leveling ----------------------------------------------------------------------------------
def _to_next_turn(s: State, seat: int) -> State:
    """End `seat`'s turn with the first option of each Cleanup question."""
    s = do(s, seat, "end")
    while active(s) == seat:
        s = do(s, seat, options(s, seat)[0])
    return s


def test_dr_level_04_the_level_up_cannot_be_declined_and_the_default_is_the_lowest_card() -> None:
    s = game(2, seed="level-owed")
    first = active(s)
    s = _to_next_turn(s, first)
    second = active(s)
    hand(s, first, "bosun", "captain", "crew-1", "gunner-1")        # after its draw
    s.players[first].levels.update({"bosun": 3, "captain": 2, "crew-1": 2, "gunner-1": 4})
    assert side_decisions(GAME, s) == {first: "level up a card"}
    side = GAME.default_action(s, first)
    s = _to_next_turn(s, second)
    assert active(s) == first and isinstance(top(s), P.LevelPrompt)
    opts = options(s, first)
    assert not any(o in ("end", "pass", "done", "sails") for o in opts), "nothing else until it is done"
    assert {o for o in opts if o.startswith("level ")} == {"level bosun", "level captain", "level crew-1"}
    hand_now = s.players[first].hand
    lowest = min((c for c in hand_now if s.players[first].levels[c] < 4), key=lambda c: s.players[first].levels[c])
    assert GAME.default_action(s, first) == GAME.parse(s, first, f"level {lowest}") == side
    assert lowest == next(c for c in hand_now if s.players[first].levels[c] == 2), "the first in hand order"
    s = do(s, first, f"level {lowest}")
    assert isinstance(top(s), P.MainPrompt)


def test_dr_level_04_no_level_up_is_asked_for_when_every_card_is_at_4() -> None:
    s = game(2, seed="level-none")
    first = active(s)
    s = _to_next_turn(s, first)
    second = active(s)
    p = s.players[first]
    p.levels.update({c: 4 for c in p.hand})
    assert side_decisions(GAME, s) == {}
    s = _to_next_turn(s, second)
    assert active(s) == first and isinstance(top(s), P.MainPrompt)


# ---- Achievements ------------------------------------------------------------------------------
def test_dr_ach_14_capitalist_is_announced_to_everyone_at_30_in_the_secret_chest() -> None:
    from tests.engine.dead_reckoning.scenario_helpers import step
    for chest, met in ((28, False), (29, True)):
        s = game(2, seed=f"capitalist-{chest}")
        seat = main_seat(s)
        s.players[seat].chest = chest
        cargo_aboard(s, seat, 1, "coin")
        t = step(s, seat, "unload coin a")
        said = [e.text for e in t.events if e.visible_to is None]
        assert t.state.players[seat].chest == chest + 1
        assert any("Capitalist" in line for line in said) == met, said
        assert ("capitalist" in t.state.players[seat].record.completed()) == met
        assert GAME.view(t.state, 1 - seat).players[seat].chest is None, "the total itself stays secret"


def test_dr_bonus_01_with_the_variant_each_seat_keeps_one_of_two_tokens_in_secret() -> None:
    plain = game(3, seed="tokens")
    assert all(p.tokens_dealt == [] for p in plain.players) and not isinstance(top(plain), P.TokenPrompt)
    s = game(3, seed="tokens", bonus_tokens=True)
    assert isinstance(top(s), P.TokenPrompt) and sorted(waiting(s)) == [0, 1, 2]
    dealt = [p.tokens_dealt for p in s.players]
    assert all(len(d) == 2 for d in dealt) and len({t for d in dealt for t in d}) == 6
    for seat in (0, 1, 2):
        assert options(s, seat) == [f"keep {t}" for t in dealt[seat]]
        assert GAME.view(s, (seat + 1) % 3).players[seat].tokens_dealt is None
    s = do(s, 0, f"keep {dealt[0][1]}")
    assert s.players[0].token == dealt[0][1] and sorted(waiting(s)) == [1, 2]
    assert GAME.view(s, 1).players[0].token is None and GAME.view(s, None).players[0].token is None
    assert GAME.view(s, 0).players[0].token == dealt[0][1]
