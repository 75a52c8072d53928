"""Scenario tests of the Dead Reckoning turn engine: setup by player count, the level-up owed at
a turn's start (the plan's fallback, no core change), movement and the one exploration a turn,
buying, a Merchant raid and a ship battle through a scripted tower, sinking, and the Cleanup."""
from __future__ import annotations

from engine.core import act_text, side_decisions
from engine.dead_reckoning import GAME
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.merchants import back_of
from engine.dead_reckoning.state import HARBOR
from tests.engine.dead_reckoning.scenario_helpers import (
    active,
    cargo_aboard,
    do,
    game,
    hand,
    land,
    main_seat,
    options,
    resettle,
    top,
    waiting,
)


def _merchant(row: int = 1, cubes: int | None = None) -> str:
    return next(c.id for c in defs().advancements.deck(row)
                if c.kind == "merchant" and c.back is not None and (cubes is None or c.back.cubes == cubes))


def test_dr_setup_07_to_29_setup_lays_out_the_grid_the_docks_and_the_opening_level_up() -> None:
    for n, islands in ((2, 8), (3, 9), (4, 10)):
        s = game(n, seed=f"setup-{n}")
        kinds = [defs().ocean.boards[sp.board].kind for sp in s.grid.values()]
        assert len(s.grid) == 12 and kinds.count("island") == islands
        row1 = [pos for pos in s.grid if pos.endswith("1")]
        assert all(s.grid[p].face_up and s.grid[p].card for p in row1)
        assert not any(sp.face_up for pos, sp in s.grid.items() if not pos.endswith("1"))
        assert [s.players[seat].dock for seat in s.order] == [1, 2, 3, 2][:n]
        assert all(len(p.hand) == 4 and p.chest == 15 and p.ship.at == HARBOR for p in s.players)
        assert [seat for seat, p in enumerate(s.players) if p.level_open] == ([s.order[3]] if n == 4 else [])
        assert waiting(s) == (s.order[0],) and isinstance(top(s), P.MainPrompt)


def test_dr_level_03_a_level_up_is_owed_at_the_start_of_the_next_own_turn() -> None:
    s = game(2, seed="level")
    first = active(s)
    s = do(s, first, "end")
    while active(s) == first:             # the mode choice when away from Harbor (not here), then the draw
        s = do(s, first, options(s, first)[0])
    second = active(s)
    s = do(s, second, "end")
    assert active(s) == first and isinstance(top(s), P.LevelPrompt)
    card = s.players[first].hand[0]
    s = do(s, first, f"level {card}")
    assert s.players[first].levels[card] == 2 and not s.players[first].level_open
    assert isinstance(top(s), P.MainPrompt)


def test_dr_level_02_a_seat_may_level_between_its_turns_without_blocking_anyone() -> None:
    s = game(2, seed="side-level")
    first = active(s)
    s = do(s, first, "end")
    while active(s) == first:
        s = do(s, first, options(s, first)[0])
    second = active(s)
    assert side_decisions(GAME, s) == {first: "level up a card"} and waiting(s) == (second,)
    card = s.players[first].hand[0]
    assert f"level {card}" in options(s, first) and GAME.default_action(s, first) in GAME.legal_actions(s, first)
    step = act_text(GAME, s, first, f"level {card}")
    assert all(e.visible_to == frozenset({first}) for e in step.events if card in e.text), "which card stays private"
    s = step.state
    assert s.players[first].levels[card] == 2 and side_decisions(GAME, s) == {} and waiting(s) == (second,)
    s = do(s, second, "end")
    while active(s) == second:
        s = do(s, second, options(s, second)[0])
    assert isinstance(top(s), P.MainPrompt), "nothing is owed any more at the turn's start"


def test_dr_move_11_moving_costs_a_sail_a_board_and_exploring_happens_once_a_turn() -> None:
    s = game(2, seed="move")
    seat = main_seat(s)
    s.turn.sails_set, s.players[seat].ship.sails = True, 5
    s = do(s, seat, "move a1")
    s = do(s, seat, "move a2")
    assert s.players[seat].ship.sails == 3 and not s.grid["a2"].face_up     # passing explores nothing
    s = do(s, seat, "stop")
    assert s.grid["a2"].face_up and s.grid["a2"].card is not None and s.players[seat].explored == 1
    s = do(s, seat, "move a3")
    assert "stop" not in options(s, seat), "a second exploration in one turn"
    s = do(s, seat, "move a2")
    assert "stop" in options(s, seat)


def test_dr_buy_05_buying_pays_cargo_from_the_ship_and_sets_the_card_aside_for_cleanup() -> None:
    s = game(2, seed="buy")
    seat = main_seat(s)
    card = next(c for c in defs().advancements.deck(1) if c.kind == "advancement")
    s.grid["b1"].card = card.id
    s.players[seat].ship.at = "b1"
    cargo_aboard(s, seat, card.cost)
    s = do(s, seat, "buy")
    assert s.players[seat].aside == [card.id] and s.grid["b1"].card is None
    assert s.players[seat].ship.hull.carried().cargo == 0
    assert "buy" not in options(s, seat)


def test_dr_buy_11_a_merchant_raid_is_won_by_strength_with_ties_to_the_attacker() -> None:
    s = game(2, seed="raid")
    seat = main_seat(s)
    card = _merchant(1, cubes=2)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card        # this game dealt it its own printed back
    s.players[seat].ship.at = "c1"
    s = do(s, seat, "raid")
    assert isinstance(top(s), P.BattleCubesPrompt) and options(s, seat)[-1] == "cubes 1"   # the printed Cannon
    land(s, "strength-2", "strength-1", "empty")           # the attacker's cube, then the Merchant's two
    s = do(s, seat, "cubes 1")
    assert s.players[seat].wins == 1 and s.battle is None
    assert s.players[seat].ship.hull.carried().coin > 0 or card in s.players[seat].aside   # the back's win
    assert s.grid["c1"].card is None


def test_dr_buy_13_a_lost_raid_buries_the_merchant_under_its_row_and_costs_damage() -> None:
    s = game(2, seed="raid-lost")
    seat = main_seat(s)
    card = _merchant(1, cubes=2)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card        # this game dealt it its own printed back
    s.players[seat].ship.at = "c1"
    s = do(s, seat, "raid")
    land(s, "empty", "strength-1", "strength-1")
    s = do(s, seat, "cubes 1")
    assert s.players[seat].wins == 0 and s.players[seat].ship.damage >= 1
    assert s.rows[1][0] == card and s.grid["c1"].card is None


def test_dr_bpvp_03_a_flag_attack_asks_the_defender_by_reaction_and_a_fifth_damage_sinks_after_the_battle() -> None:
    s = game(2, seed="attack")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain", *s.players[seat].hand[1:])
    s.players[seat].levels["captain"] = 2                  # level 2 shows an Attack flag
    s = do(s, seat, "play captain")
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s.players[other].ship.damage = 4
    s.players[other].chest = 10
    s = do(s, seat, "attack p" + str(other + 1))
    s = do(s, seat, "cubes 1")
    assert waiting(s) == (other,) and GAME.pending(s).kind == "reaction"   # type: ignore[union-attr]
    assert isinstance(top(s), P.ResponsePrompt)
    land(s, "strength-2", "empty")                          # attacker's cube, defender's cube
    s = do(s, other, "cubes 1")
    while s.battle is not None:                             # plunder or abilities, if any
        s = do(s, waiting(s)[0], options(s, waiting(s)[0])[0])
    sunk = s.players[other]
    assert sunk.ship.at == HARBOR and sunk.ship.damage == 0 and sunk.ship.mode == "mercantile"
    assert sunk.chest == 5 and s.players[seat].chest == 20 and s.players[seat].sunk == 1


def test_dr_clean_01_cleanup_refills_empty_spaces_loses_sails_and_draws_up() -> None:
    s = game(2, seed="cleanup")
    seat = main_seat(s)
    s.grid["a1"].card = None
    top_card = s.rows[1][-1]
    s.players[seat].ship.sails = 4
    played = s.players[seat].hand[0]
    s = do(s, seat, f"play {played}")
    s = do(s, seat, "end")
    resettle(s)
    p = s.players[seat]
    assert s.grid["a1"].card == top_card and p.ship.sails == 0
    assert len(p.hand) == 6                                # 3 kept, min(4, 6 - 3) drawn
    assert p.deck.discard == [played]


def test_dr_bnp_05_a_seat_out_of_cubes_takes_one_back_from_an_island_for_a_battle() -> None:
    s = game(2, seed="take")
    seat = main_seat(s)
    island = next(pos for pos in s.islands)
    s.islands[island].slots[0] = f"p{seat + 1}"
    s.players[seat].cubes = 0
    card = _merchant(1)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card        # this game dealt it its own printed back
    s.players[seat].ship.at = "c1"
    s = do(s, seat, "raid")
    assert options(s, seat)[-1] == "cubes 0" and f"take {island}" in options(s, seat)
    s = do(s, seat, f"take {island}")
    assert s.players[seat].cubes == 1 and s.islands[island].slots[0] is None
    assert options(s, seat)[-1] == "cubes 1"


def test_dr_gain_05_a_cost_either_may_pay_asks_how_much_comes_from_the_ship() -> None:
    s = game(2, seed="pay")
    seat = main_seat(s)
    hand(s, seat, "bosun", *s.players[seat].hand[1:])
    s.players[seat].levels["bosun"] = 3                    # cargo to the Dock, or 3 cargo for a Basic Upgrade
    s = do(s, seat, "play bosun")
    s.players[seat].dock = 2
    cargo_aboard(s, seat, 2)
    s = do(s, seat, "use bosun 1 2")
    assert isinstance(top(s), P.PayPrompt) and options(s, seat) == ["ship 1", "ship 2"]
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, "ship 1")   # the Dock pays all it can
    s = do(s, seat, "ship 1")
    assert s.players[seat].dock == 0 and s.players[seat].ship.hull.carried().cargo == 1
    assert isinstance(top(s), P.UpgradePrompt)


def test_dr_gain_03_a_gain_that_does_not_fit_aboard_asks_for_room_or_goes_back() -> None:
    s = game(2, seed="room")
    seat = main_seat(s)
    cargo_aboard(s, seat, 7)                               # holds A (4) and D (3) full
    card = _merchant(1, cubes=2)
    s.grid["c1"].card = card
    s.merchant_backs[card] = card        # this game dealt it its own printed back
    s.players[seat].ship.at = "c1"
    s = do(s, seat, "raid")
    land(s, "strength-2", "empty", "empty")
    s = do(s, seat, "cubes 1")
    assert isinstance(top(s), P.RoomPrompt) and "refuse" in options(s, seat)
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, "refuse")
    s = do(s, seat, "jettison cargo a")
    assert s.players[seat].ship.hull.carried().coin == 1   # the freed unit took one of the coins
    s = do(s, seat, "refuse")
    assert isinstance(top(s), P.MainPrompt)


def test_loading_more_than_one_asks_how_many_and_the_default_is_all() -> None:
    s = game(2, seed="amount")
    seat = main_seat(s)
    s.players[seat].dock = 3
    s = do(s, seat, "load cargo a")
    assert isinstance(top(s), P.AmountPrompt) and options(s, seat) == ["1", "2", "3"]
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, "3")
    s = do(s, seat, "2")
    assert s.players[seat].dock == 1 and s.players[seat].ship.hull.space("A").goods.cargo == 2
    s = do(s, seat, "load cargo a")                        # one left: no question
    assert isinstance(top(s), P.MainPrompt) and s.players[seat].dock == 0


def test_no_decision_offers_more_than_25_options_in_seeded_games() -> None:
    """A main menu too long for one panel folds goods, then abilities, then cards into groups."""
    import random

    from engine.dead_reckoning.policy import POLICIES
    for players in (2, 4):
        s = game(players, seed=f"panel-{players}")
        bots = [POLICIES["random"](i) for i in range(players)]
        rand = random.Random(players)
        for _ in range(1500):
            if not waiting(s):
                break
            seat = rand.choice(waiting(s))
            legal = GAME.legal_actions(s, seat)
            assert len(legal) <= 25, (top(s).kind, len(legal))
            s = do(s, seat, GAME.notate(s, bots[seat].choose(GAME, s, seat, legal)))


def test_dr_ach_20_master_merchant_returns_twelve_cargo_at_once_for_the_marker() -> None:
    s = game(2, seed="merchant")
    seat = main_seat(s)
    s.players[seat].dock = 8
    cargo_aboard(s, seat, 6)
    s = do(s, seat, "merchant")
    assert isinstance(top(s), P.PayPrompt) and options(s, seat) == ["ship 4", "ship 5", "ship 6"]
    s = do(s, seat, "ship 4")
    assert s.players[seat].dock == 0 and s.players[seat].ship.hull.carried().cargo == 2
    assert "master_merchant" in s.players[seat].record.completed()
    assert "merchant" not in options(s, seat)


def test_dr_deckh_05_an_either_or_sail_option_is_asked_about_when_setting_sails() -> None:
    s = game(2, seed="sails")
    seat = main_seat(s)
    hand(s, seat, "deck-hand-1", *s.players[seat].hand[1:])
    s.players[seat].levels["deck-hand-1"] = 3              # Influence, or 2 Sails
    s = do(s, seat, "play deck-hand-1")
    assert not any(o.startswith("use deck-hand-1 1 2") for o in options(s, seat)), "Sails only when set"
    s = do(s, seat, "sails")
    assert isinstance(top(s), P.SailsPrompt) and options(s, seat) == ["sail deck-hand-1", "keep deck-hand-1"]
    s = do(s, seat, "sail deck-hand-1")
    assert s.players[seat].ship.sails == 2 + 2            # the hull's two Sails on empty holds, and the card's
    assert not any(o.startswith("use deck-hand-1") for o in options(s, seat))


def test_dr_end_04_a_finished_seats_cube_takes_two_influence_icons_in_one_turn() -> None:
    from engine.dead_reckoning.rules.game_end import GameEnd
    s = game(2, seed="siege")
    seat = main_seat(s)
    other = 1 - seat
    island = next(iter(s.islands))
    isl = s.islands[island]
    isl.slots = [f"p{other + 1}"] * len(isl.slots)
    s.end = GameEnd(triggered_by=f"p{other + 1}", final_turns=[f"p{seat + 1}"], finished=[f"p{other + 1}"])
    s.players[other].finished = True
    hand(s, seat, "buccaneer", *s.players[seat].hand[1:])
    s.players[seat].levels["buccaneer"] = 2                # two Influence icons at once
    s = do(s, seat, "play buccaneer")
    s.players[seat].ship.at = island
    s = do(s, seat, "use buccaneer 1")
    s = do(s, seat, "slot 1")
    assert s.islands[island].slots[0] == f"p{other + 1}", "one icon is half a replacement"
    s = do(s, seat, "slot 1")
    assert s.islands[island].slots[0] == f"p{seat + 1}"
    assert isinstance(top(s), P.MainPrompt)


def test_dr_capt_03_the_captains_win_bonus_is_used_in_the_window_and_pays_only_on_a_win() -> None:
    for won in (True, False):
        s = game(2, seed=f"captain-{won}")
        seat = main_seat(s)
        hand(s, seat, "captain", *s.players[seat].hand[1:])
        s.players[seat].levels["captain"] = 3              # 1 coin per Wheel onto the Ship on a win
        s = do(s, seat, "play captain")
        card = _merchant(1, cubes=2)
        s.grid["c1"].card = card
        s.merchant_backs[card] = card        # this game dealt it its own printed back
        s.players[seat].ship.at = "c1"
        s = do(s, seat, "raid")
        land(s, *(("strength-2", "empty", "empty") if won else ("empty", "strength-1", "strength-1")))
        s = do(s, seat, "cubes 1")
        assert isinstance(top(s), P.AbilityPrompt) and "use captain 1" in options(s, seat)
        coins = s.players[seat].ship.hull.carried().coin
        s = do(s, seat, "use captain 1")
        while isinstance(top(s), (P.RoomPrompt, P.PlunderPrompt)):
            s = do(s, seat, options(s, seat)[0])
        back = back_of(s, card)
        back_coins = sum(e.n for e in back.win if e.do == "gain" and e.res == "coin") if won else 0
        assert s.players[seat].ship.hull.carried().coin - coins == (1 + back_coins if won else 0)


def test_dr_sink_12_when_both_ships_sink_each_loses_before_either_is_paid() -> None:
    s = game(2, seed="both-sink")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain", *s.players[seat].hand[1:])
    s.players[seat].levels["captain"] = 2
    s = do(s, seat, "play captain")
    for x, chest in ((seat, 10), (other, 3)):
        s.players[x].ship.at, s.players[x].ship.damage, s.players[x].chest = "b1", 4, chest
    s = do(s, seat, f"attack p{other + 1}")
    s = do(s, seat, "cubes 1")
    land(s, "damage", "damage")                            # each side hits the other once; the tie goes to the attacker
    s = do(s, other, "cubes 1")
    while s.battle is not None:
        s = do(s, waiting(s)[0], options(s, waiting(s)[0])[0])
    a, b = s.players[seat], s.players[other]
    assert a.ship.at == b.ship.at == HARBOR and a.ship.damage == b.ship.damage == 0
    assert (a.chest, b.chest) == (10 - 5 + 3, 3 - 3 + 5)


def test_dr_bbld_07_buildings_defend_with_seven_cubes_together_and_fall_to_a_win() -> None:
    s = game(2, seed="buildings")
    seat = main_seat(s)
    other = 1 - seat
    at = next(iter(s.islands))
    isl = s.islands[at]
    isl.slots = [f"p{other + 1}"] * len(isl.slots)
    isl.buildings = ["fort", "garrison"]
    s.holders[at] = other
    s.players[seat].ship.at = at
    assert "attack buildings" in options(s, seat)
    s = do(s, seat, "attack buildings")
    land(s, "strength-2", *["empty"] * 7)
    s = do(s, seat, "cubes 1")
    assert s.tower.script == [], "the 7 defence cubes used the 7 scripted landings"
    assert s.battle is None and s.islands[at].buildings == [] and at not in s.holders
    assert s.players[seat].wins == 0, "a Building battle is no Legendary win"


def test_dr_pmove_01_stopping_on_a_pirate_fights_it_and_losing_at_an_island_blockades_it() -> None:
    for mover_wins in (False, True):
        s = game(2, seed=f"pirate-{mover_wins}")
        seat = main_seat(s)
        other = 1 - seat
        at = next(pos for pos in ("a1", "b1", "c1") if pos in s.islands)
        s.players[other].ship.at, s.players[other].ship.mode = at, "pirate"
        s.turn.sails_set, s.players[seat].ship.sails = True, 2
        cargo_aboard(s, seat, 1)
        s = do(s, seat, f"move {at}")
        s = do(s, seat, "stop")
        assert isinstance(top(s), P.BattleCubesPrompt) and waiting(s) == (seat,)
        s = do(s, seat, "cubes 1")
        land(s, *(("strength-2", "empty") if mover_wins else ("empty", "strength-1")))
        s = do(s, other, "cubes 1")
        while s.battle is not None:
            s = do(s, waiting(s)[0], options(s, waiting(s)[0])[0])
        if mover_wins:
            assert s.players[other].ship.mode == "mercantile" and at not in s.turn.blockaded
            assert "unload cargo a" in options(s, seat)
        else:
            assert s.players[other].ship.mode == "pirate" and at in s.turn.blockaded
            assert not any(o.startswith(("load", "unload")) for o in options(s, seat)), "no goods at a blockaded island"
