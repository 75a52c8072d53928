"""Dead Reckoning — the player counts, the components as a set-up game holds them, Setup A-F, the
turn's two phases, the Main phase menu, the end of the game and the tie-breaker's Cannons
(engine/dead_reckoning/rules/setup.py, flow.py, main_phase.py, game_end.py, final_score.py).
Decisions are made by notation, as a player types them; positions are built by editing the state.
Inventory IDs (DR-…) are those of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from engine.core import Setup, act_text, setup_state, side_decisions
from engine.core.errors import IllegalActionError
from engine.dead_reckoning import GAME
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.policy import POLICIES
from engine.dead_reckoning.rules import final_score
from engine.dead_reckoning.rules.common import card_faces, card_names, kind_of, on_ship
from engine.dead_reckoning.rules.game_end import GameEnd
from engine.dead_reckoning.rules.island_control import Island
from engine.dead_reckoning.rules.load_unload import lay_tile
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.conformance import HOOKS
from tests.engine.dead_reckoning.scenario_helpers import (
    active,
    cargo_aboard,
    do,
    game,
    hand,
    options,
    top,
    waiting,
)
from tests.engine.help_checks import copied, windows, words
from tests.engine.test_conformance import check_no_leak
from tests.shared_docs import shared_text

SEEDS = [f"setup-{i}" for i in range(8)]


def _kind(board: str) -> str:
    return defs().ocean.boards[board].kind


def _seas_in(s: State) -> list[tuple[int, ...]]:
    return sorted(tuple(defs().ocean.boards[sp.board].player_icons) for sp in s.grid.values()
                  if _kind(sp.board) == "open_sea")


def _mine(s: State, seat: int, at: str, cargo: int = 0) -> None:
    """Make the row-1 board `at` an island whose every slot holds `seat`'s cube (it controls it)."""
    isl = next(b for b in defs().ocean.islands() if b.id not in {sp.board for sp in s.grid.values()})
    s.grid[at].board = isl.id
    s.islands[at] = Island(board=isl.id, slots=[label(seat)] * isl.slots, cargo=cargo)


def _advancement(row: int = 1, most: int = 7) -> str:
    return next(c.id for c in defs().advancements.deck(row) if c.kind == "advancement" and c.cost <= most)


def _merchant(row: int = 1, most: int = 7) -> str:
    return next(c.id for c in defs().advancements.deck(row) if c.kind == "merchant" and c.cost <= most)


def _through_cleanup(s: State, seat: int) -> State:
    """End `seat`'s main phase and answer Cleanup's questions (the mode, sleeving) with their first option."""
    s = do(s, seat, "end")
    while active(s) == seat and s.turn.phase != "done":
        s = do(s, seat, options(s, seat)[0])
    return s


# ---- Overview: player counts ----
def test_dr_ovr_01_02_two_to_four_seats_and_one_seat_is_refused_with_a_clear_error() -> None:
    assert (GAME.min_players, GAME.max_players) == defs().rules.players.table == (2, 4)
    assert defs().rules.players.box == (1, 4)                  # the box's 1 needs the absent solo book
    for n in (2, 3, 4):
        assert len(game(n).players) == n
    for n in (1, 5):
        with pytest.raises(ValueError, match=f"plays with 2 to 4 players, not {n}"):
            game(n)
        with pytest.raises(IllegalActionError, match=f"Dead Reckoning takes 2 to 4 players, not {n}"):
            setup_state(GAME, Setup(game=GAME.id, players=n, seed="solo"))     # what a table asking for it hears


def test_dr_ovr_02_a_lone_human_plays_a_whole_game_against_a_bot() -> None:
    """The planned reading: no solo rules, so one person plays with a bot in the other seat.
    Seat 0 types every decision by notation (the one a silent seat would get); seat 1 is the bot."""
    s = game(2, seed="lone-human")
    bot = POLICIES["greedy"]("lone-human-bot")
    for _ in range(6000):
        pending = GAME.pending(s)
        if pending is None:
            break
        seat = pending.waiting_on[0]
        if seat == 0:
            s = do(s, 0, GAME.notate(s, GAME.default_action(s, 0)))
        else:
            s = act_text(GAME, s, seat, GAME.notate(s, bot.choose(GAME, s, seat))).state
    outcome = GAME.outcome(s)
    assert outcome is not None and set(outcome.scores) == {0, 1} and s.end.triggered_by is not None


# ---- Game Components and Player Components, as a set-up game holds them ----
def test_dr_comp_01_02_the_grid_and_the_four_boxes_are_drawn_from_the_boxs_boards_and_decks() -> None:
    ocean = defs().ocean
    assert len(ocean.boards) == 16 and len(ocean.islands()) == 12 and len(ocean.seas()) == 4
    for n in (2, 3, 4):
        s = game(n, seed=f"comp-{n}")
        boards = [sp.board for sp in s.grid.values()]
        assert len(boards) == len(set(boards)) == 12 and set(boards) <= set(ocean.boards)
        assert HARBOR not in s.grid and ocean.harbor.touches_row == 1     # the one Harbor board, beside row 1
        assert sorted(s.rows) == [1, 2, 3, 4]
        for row in (1, 2, 3, 4):
            dealt = [sp.card for pos, sp in s.grid.items() if sp.card and int(pos[1:]) == row]
            assert Counter(s.rows[row] + dealt) == Counter(c.id for c in defs().advancements.deck(row))


def test_dr_comp_04_a_building_type_that_has_run_out_cannot_be_built() -> None:
    def at_the_build(fort_left: int) -> tuple[State, int]:
        s = game(2, seed="forts")
        seat = active(s)
        hand(s, seat, "first-mate", "crew-1", "crew-2", "crew-3")
        s.players[seat].levels["first-mate"] = 2             # level 2 builds
        s.players[seat].dock = 10
        s.players[seat].chest = 5
        _mine(s, seat, "b1")
        s.building_supply["fort"] = fort_left
        s = do(s, seat, "play first-mate")
        return do(s, seat, "use first-mate 1"), seat

    assert game(2).building_supply == {"fort": 8, "garrison": 8, "outpost": 4}
    s, seat = at_the_build(1)
    assert isinstance(top(s), P.BuildPrompt) and "build fort b1" in options(s, seat)
    s = do(s, seat, "build fort b1")
    while s.islands["b1"].buildings == []:                   # how much of the price comes from the Ship
        s = do(s, seat, options(s, seat)[0])
    assert s.islands["b1"].buildings == ["fort"] and s.building_supply["fort"] == 0
    s, seat = at_the_build(0)
    assert "build fort b1" not in options(s, seat) and "build garrison b1" in options(s, seat)


def test_dr_comp_06_an_upgrade_stack_that_is_empty_cannot_be_taken() -> None:
    def bosun(left: dict[str, int]) -> tuple[State, int]:
        s = game(2, seed="stacks")
        seat = active(s)
        hand(s, seat, "bosun", "crew-1", "crew-2", "crew-3")
        s.players[seat].levels["bosun"] = 3                  # option 2: a Basic Upgrade for 3 cargo
        s.players[seat].dock = 6
        s.upgrade_supply.update(left)
        return do(s, seat, "play bosun"), seat

    s = game(2)
    assert s.upgrade_supply == {t.id: t.copies for t in defs().upgrades.tiles.values()}
    basic = [t.id for t in defs().upgrades.tiles.values() if t.tier == "basic"]
    s, seat = bosun({t: 0 for t in basic} | {basic[0]: 1})   # one Basic tile left in all
    assert "use bosun 1 2" in options(s, seat)
    s = do(s, seat, "use bosun 1 2")
    while not isinstance(top(s), P.UpgradePrompt):           # the price, Dock or Ship
        s = do(s, seat, options(s, seat)[0])
    assert all(o.startswith(f"upgrade {basic[0]} ") for o in options(s, seat))
    s = do(s, seat, options(s, seat)[0])
    assert s.upgrade_supply[basic[0]] == 0 and s.players[seat].upgrades_taken == 1
    s, seat = bosun({t: 0 for t in basic})
    assert "use bosun 1 2" not in options(s, seat) and "use bosun 1 1" in options(s, seat)


def test_dr_comp_07_09_every_ship_board_keeps_its_own_damage_and_the_variant_deals_tokens() -> None:
    s = game(3, seed="damage")
    assert [p.ship.damage for p in s.players] == [0, 0, 0]
    seat = active(s)
    other = s.order[1]
    _mine(s, other, "b1")
    s.islands["b1"].buildings, s.holders["b1"] = ["garrison"], other
    s.players[seat].ship.at = "a1"
    s.turn.sails_set, s.players[seat].ship.sails = True, 2
    s = do(s, seat, "move b1")                               # an opponent's Garrison: 1 damage entering
    assert [s.players[x].ship.damage for x in s.order] == [1, 0, 0]
    tokens = game(4, seed="tokens", bonus_tokens=True)
    dealt = [t for p in tokens.players for t in p.tokens_dealt]
    assert len(dealt) == len(set(dealt)) == 8 and set(dealt) <= set(defs().achievements.tokens)


def test_dr_pcomp_01_05_each_seat_starts_with_its_own_kit_and_twelve_sailor_cards() -> None:
    kit = defs().supply.player
    names = card_names()
    assert Counter(kind_of(c) for c in names) == {"crew": 3, "deck_hand": 2, "gunner": 2, "buccaneer": 1,
                                                    "first_mate": 1, "purser": 1, "bosun": 1, "captain": 1}
    s = game(4, seed="kit")
    for p in s.players:
        assert sorted(p.hand + p.deck.pile) == sorted(names) and p.deck.discard == []
        assert p.cubes == kit.cubes == 30 and p.chest == kit.chest_coins == 15
        assert p.ship.at == HARBOR and p.ship.mode == "mercantile" and p.ship.sails == 0
        assert p.record.markers() == 0 and defs().achievements.markers_per_player == kit.achievement_markers == 6
        assert set(p.levels) == set(names) and set(p.levels.values()) == {1} and p.sleeves == {}
    assert len({id(p.deck) for p in s.players}) == 4         # four decks, not one shared


def test_dr_pcomp_04_a_sailor_card_is_its_level_face_and_the_advancements_in_its_sleeve() -> None:
    s = game(2, seed="sleeve")
    p = s.players[0]
    crew = defs().sailors.sailors["crew"].levels
    adv = defs().advancements.cards[_advancement(2)]
    assert card_faces(p, "crew-1") == [crew[0]]              # level 1 showing, nothing sleeved yet
    p.sleeves["crew-1"] = [adv.id]
    p.levels["crew-1"] = 2                                   # a level-up turns the Ability card, sleeve and all
    assert card_faces(p, "crew-1") == [crew[1], adv] and card_faces(p, "crew-2") == [crew[0]]


def test_dr_pcomp_02_one_pool_of_cubes_feeds_progress_cubes_influence_and_battle_cubes() -> None:
    s = game(2, seed="pool")
    seat = active(s)
    hand(s, seat, "gunner-1", "gunner-2", "crew-1", "buccaneer")
    s.players[seat].levels["gunner-2"] = 2                   # one more Cannon
    s.players[seat].cubes = 3
    s.grid["a2"].board = next(b.id for b in defs().ocean.islands() if b.id not in {sp.board for sp in s.grid.values()})
    s.turn.sails_set, s.players[seat].ship.sails = True, 2
    s = do(s, seat, "move a1")
    s = do(s, seat, "move a2")
    s = do(s, seat, "stop")                                  # explored: an Explorer progress cube
    assert s.players[seat].explored == 1 and s.players[seat].cubes == 2
    s = do(s, seat, "play buccaneer")
    s = do(s, seat, "use buccaneer 1")                       # one Influence cube at level 1
    while isinstance(top(s), P.InfluencePrompt):
        s = do(s, seat, options(s, seat)[0])
    assert s.players[seat].cubes == 1 and s.islands["a2"].slots.count(label(seat)) == 1
    s.grid["a2"].card = card = _merchant(2)
    s.merchant_backs[card] = card
    s = do(s, seat, "play gunner-2")
    s = do(s, seat, "raid")
    cubes = [o for o in options(s, seat) if o.startswith("cubes ")]
    assert cubes == ["cubes 0", "cubes 1"], "2 Cannons, but 1 cube left in the pool"


def test_dr_pcomp_06_each_seats_cards_are_its_own() -> None:
    s = game(2, seed="seal")
    first = active(s)
    second = s.order[1]
    hand(s, first, "captain", "crew-1", "crew-2", "crew-3")
    hand(s, second, "captain", "bosun", "purser", "crew-1")
    s = do(s, first, "play captain")
    s = _through_cleanup(s, first)
    assert s.players[first].deck.discard == ["captain"] and s.players[second].deck.discard == []
    assert "captain" in s.players[second].hand and "captain" not in s.players[first].hand
    view = GAME.view(s, None)
    assert [c.card for c in view.players[first].discard] == ["captain"] and view.players[second].discard == []


# ---- Setup A and B: the Harbor and the ocean boards ----
def test_dr_setup_01_20_every_ship_starts_in_the_harbor_which_is_one_space_beside_row_1() -> None:
    s = game(4, seed="harbor")
    assert {p.ship.at for p in s.players} == {HARBOR}
    seat = active(s)
    if isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    s = do(s, seat, "sails")                                 # the empty holds A and D: 2 Sails
    assert sorted(o for o in options(s, seat) if o.startswith("move ")) == ["move a1", "move b1", "move c1"]
    s = do(s, seat, "move c1")
    assert s.players[seat].ship.sails == 1                   # the Harbor to c1 is one step, wherever it lay
    assert "move harbor" in options(s, seat)


@pytest.mark.parametrize("n, islands, seas", [(2, 8, [(), (), (2,), (2, 3)]), (3, 9, [(), (), (2, 3)]),
                                              (4, 10, [(), ()])])
def test_dr_setup_02_to_06_islands_and_open_seas_by_player_count(n: int, islands: int,
                                                                 seas: list[tuple[int, ...]]) -> None:
    drawn = set()
    for seed in SEEDS:
        s = game(n, seed=seed)
        kinds = Counter(_kind(sp.board) for sp in s.grid.values())
        assert kinds == {"island": islands, "open_sea": 12 - islands} and len(s.grid) == 12
        assert _seas_in(s) == seas          # the 2 without icons always; 2-icon ones for 2, the 3-icon one for 3
        drawn.add(frozenset(sp.board for sp in s.grid.values() if _kind(sp.board) == "island"))
    if islands < 12:
        assert len(drawn) > 1, "the islands are drawn at random"
    s = game(n, seed="unseen")
    for viewer in [None, *range(n)]:
        view = GAME.view(s, viewer)
        shown = {sp.board for sp in view.grid.values() if sp.board}
        assert len(shown) == 3 and shown <= {s.grid[p].board for p in ("a1", "b1", "c1")}


def test_dr_setup_07_a_grid_of_3_columns_and_4_rows_joined_only_along_sides() -> None:
    s = game(2, seed="grid")
    assert list(s.grid) == [f"{c}{r}" for r in (1, 2, 3, 4) for c in "abc"]
    layouts = {tuple(pos for pos, sp in game(2, seed=seed).grid.items() if _kind(sp.board) == "open_sea")
               for seed in SEEDS[:4]}
    assert len(layouts) > 1, "the 12 boards are shuffled before they are laid out"
    seat = active(s)
    s.turn.sails_set = True
    for at, near in (("b2", ["a2", "b1", "b3", "c2"]), ("a1", ["a2", "b1", "harbor"]), ("c4", ["b4", "c3"]),
                     ("b4", ["a4", "b3", "c4"])):
        s.players[seat].ship.at, s.players[seat].ship.sails = at, 3
        assert sorted(o[5:] for o in options(s, seat) if o.startswith("move ")) == near


def test_dr_setup_08_13_row_1_face_up_with_a_row_1_card_each_the_rest_face_down() -> None:
    for n in (2, 3, 4):
        s = game(n, seed=f"rows-{n}")
        for pos, sp in s.grid.items():
            row1 = pos.endswith("1")
            assert sp.face_up == row1 and (sp.card is not None) == row1
            if row1:
                assert defs().advancements.cards[sp.card].row == 1    # type: ignore[index]
        assert len(s.rows[1]) == len(defs().advancements.deck(1)) - 3
        assert [len(s.rows[r]) for r in (2, 3, 4)] == [len(defs().advancements.deck(r)) for r in (2, 3, 4)]
        assert set(s.islands) == {p for p in ("a1", "b1", "c1") if _kind(s.grid[p].board) == "island"}


def test_dr_setup_09_12_each_box_holds_its_rows_cards_and_feeds_that_row() -> None:
    s = game(2, seed="boxes")
    for row, box in s.rows.items():
        assert {defs().advancements.cards[c].row for c in box} == {row}
        assert len(set(box)) == len(box)
    orders = {tuple(game(2, seed=seed).rows[2]) for seed in SEEDS[:3]}
    assert len(orders) == 3, "each box is shuffled"
    seat = active(s)
    s.turn.sails_set, s.players[seat].ship.sails = True, 3
    tops = {r: s.rows[r][-1] for r in s.rows}
    sizes = {r: len(s.rows[r]) for r in s.rows}
    s = do(s, seat, "move b1")
    s = do(s, seat, "move b2")
    s = do(s, seat, "stop")                                  # explores b2: its card comes from box 2
    assert s.grid["b2"].card == tops[2] and len(s.rows[2]) == sizes[2] - 1
    assert {r: len(s.rows[r]) for r in (1, 3, 4)} == {r: sizes[r] for r in (1, 3, 4)}


def test_dr_setup_10_11_a_box_shows_only_its_next_cards_front_and_no_back_ever_shows() -> None:
    s = game(3, seed="backs")
    for viewer in [None, 0, 1, 2]:
        view = GAME.view(s, viewer)
        assert {r: (v.size, v.top) for r, v in view.rows.items()} == {r: (len(b), b[-1]) for r, b in s.rows.items()}
        dumped = view.model_dump_json()
        assert "merchant_backs" not in dumped and "backs_seen" not in dumped
    # the order below each top card and every Merchant's back may change without any view changing
    check_no_leak(GAME, HOOKS, s, random.Random(3))
    t = s.model_copy(deep=True)
    fronts = sorted(c for c in t.merchant_backs if defs().advancements.cards[c].row == 1)
    t.merchant_backs.update(zip(fronts, [*fronts[1:], fronts[0]], strict=True))
    assert t.merchant_backs != s.merchant_backs
    assert all(GAME.view(t, v) == GAME.view(s, v) for v in (None, 0, 1, 2))


# ---- Setup D and E: the supply and each player's things ----
def test_dr_setup_14_15_the_general_supply_the_upgrade_stacks_and_the_battle_ship() -> None:
    s = game(3, seed="supply")
    assert s.building_supply == {k: b.count for k, b in defs().buildings.buildings.items()}
    assert sum(s.building_supply.values()) == 20
    assert set(defs().supply.unlimited) == {"cargo", "coins", "damage_markers"}
    assert s.upgrade_supply == {t.id: t.copies for t in defs().upgrades.tiles.values()}
    assert {defs().upgrades.tiles[t].tier for t in s.upgrade_supply} == {"basic", "advanced"}
    assert s.battle is None and s.tower.script == []       # the Battle ship stands ready, empty


def test_dr_setup_16_17_18_19_chests_of_15_kept_secret_sails_at_0_and_the_kit() -> None:
    s = game(4, seed="chests")
    s.players[2].chest = 21                                  # something to hide
    for viewer in [None, 0, 1, 2, 3]:
        view = GAME.view(s, viewer)
        assert [pv.chest for pv in view.players] == [s.players[i].chest if i == viewer else None for i in range(4)]
    fresh = game(4, seed="chests")
    assert [p.chest for p in fresh.players] == [15] * 4
    assert [p.ship.sails for p in fresh.players] == [0] * 4 == [defs().rules.setup.sail_start] * 4
    assert all(p.cubes == 30 and p.record.markers() == 0 and p.ship.mode == "mercantile" for p in fresh.players)
    assert defs().supply.reference_cards == 4 and defs().supply.player.pirate_flags == 1


def test_dr_setup_21_23_a_shuffled_face_down_deck_of_12_and_an_opening_hand_of_4() -> None:
    hands = set()
    for seed in SEEDS[:4]:
        s = game(3, seed=seed)
        for p in s.players:
            assert len(p.hand) == 4 and len(p.deck.pile) == 8
            assert sorted(p.hand + p.deck.pile) == sorted(card_names())
            hands.add(tuple(p.hand + p.deck.pile))
    assert len(hands) > 1, "the decks are shuffled"
    view = GAME.view(s, 0)
    assert [pv.deck_size for pv in view.players] == [8, 8, 8] and view.players[1].hand is None
    assert [c.card for c in view.players[0].hand or []] == s.players[0].hand
    check_no_leak(GAME, HOOKS, s, random.Random(21))


def test_dr_setup_22_the_variant_deals_2_tokens_each_and_each_keeps_1_at_once() -> None:
    plain = game(3, seed="variant")
    assert all(p.tokens_dealt == [] and p.token is None for p in plain.players)
    assert isinstance(top(plain), (P.MainPrompt, P.LevelPrompt))
    s = game(3, seed="variant", bonus_tokens=True)
    assert isinstance(top(s), P.TokenPrompt) and sorted(waiting(s)) == [0, 1, 2]
    dealt = [p.tokens_dealt for p in s.players]
    assert all(len(d) == 2 for d in dealt) and len({t for d in dealt for t in d}) == 6
    assert GAME.view(s, 0).players[1].tokens_dealt is None
    for seat in (2, 0):
        assert options(s, seat) == [f"keep {t}" for t in dealt[seat]]
        s = do(s, seat, f"keep {dealt[seat][1]}")
    assert waiting(s) == (1,) and GAME.view(s, 0).players[2].token is None
    s = do(s, 1, f"keep {dealt[1][0]}")
    assert [p.token for p in s.players] == [dealt[0][1], dealt[1][0], dealt[2][1]]
    assert isinstance(top(s), P.MainPrompt) and waiting(s) == (s.order[0],)


# ---- Setup F: the first player, the starting cargo and the opening level-up ----
def test_dr_setup_24_a_random_first_player_then_clockwise() -> None:
    firsts = set()
    for seed in SEEDS:
        s = game(4, seed=seed)
        first = s.order[0]
        firsts.add(first)
        assert s.order == [(first + i) % 4 for i in range(4)] and active(s) == first
    assert len(firsts) > 1, "the first player is drawn at random"
    s = game(3, seed="clockwise")
    seen = []
    for _ in range(4):
        seat = active(s)
        seen.append(seat)
        while isinstance(top(s), P.LevelPrompt):
            s = do(s, seat, options(s, seat)[0])
        s = _through_cleanup(s, seat)
    assert seen == [*s.order, s.order[0]]


def test_dr_setup_25_26_27_29_starting_cargo_1_2_3_2_on_the_docks() -> None:
    for n in (2, 3, 4):
        s = game(n, seed=f"cargo-{n}")
        assert [s.players[seat].dock for seat in s.order] == [1, 2, 3, 2][:n]
        assert all(on_ship(p, "cargo") == on_ship(p, "coin") == 0 and p.chest == 15 for p in s.players)


def test_dr_setup_28_30_only_the_fourth_seat_levels_before_its_first_turn() -> None:
    s = game(4, seed="opening")
    fourth = s.order[3]
    assert side_decisions(GAME, s) == {fourth: "level up a card"}
    assert sorted(options(s, fourth)) == sorted(f"level {c}" for c in s.players[fourth].hand)
    card = s.players[fourth].hand[0]
    s = do(s, fourth, f"level {card}")
    assert s.players[fourth].levels[card] == 2 and side_decisions(GAME, s) == {}
    assert not any(o.startswith("level ") for o in options(s, fourth)), "one card only"
    for i in range(3):                                       # nobody else levels before a first turn
        seat = active(s)
        assert seat == s.order[i] and isinstance(top(s), P.MainPrompt)
        assert not any(o.startswith("level ") for o in options(s, seat))
        assert set(side_decisions(GAME, s)) <= set(s.order[:i]), "only seats whose turn is over"
        s = _through_cleanup(s, seat)
    assert active(s) == fourth and isinstance(top(s), P.MainPrompt), "its level-up was used already"
    # unused, the opening level-up is owed at the start of its first turn
    s = game(4, seed="opening")
    for _ in range(3):
        s = _through_cleanup(s, active(s))
    assert active(s) == fourth and isinstance(top(s), P.LevelPrompt)
    for n in (2, 3):
        assert side_decisions(GAME, game(n, seed="opening")) == {}


# ---- Turn Overview ----
def test_dr_turn_01_one_seat_plays_at_a_time() -> None:
    s = game(3, seed="one-at-a-time")
    for _ in range(3):
        seat = active(s)
        assert waiting(s) == (seat,)
        assert all(not options(s, x) or all(o.startswith("level ") for o in options(s, x))
                   for x in range(3) if x != seat)
        with pytest.raises(Exception, match="not your move|not one of your options"):
            do(s, next(x for x in range(3) if x != seat), "end")
        s = _through_cleanup(s, seat)


def test_dr_turn_02_the_main_phase_then_cleanup_never_back() -> None:
    s = game(2, seed="phases")
    seat = active(s)
    hand(s, seat, "crew-1", "crew-2", "crew-3", "captain")
    s.grid["b1"].card = None                                 # a space for Cleanup to refill
    s.turn.sails_set, s.players[seat].ship.sails = True, 2
    s = do(s, seat, "play crew-1")
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    s = do(s, seat, "end")
    assert s.turn.phase == "mode" and isinstance(top(s), P.ModePrompt)   # away from Harbor: choose a mode
    assert s.grid["b1"].card is not None, "refilled before the mode"
    assert sorted(options(s, seat)) == ["mercantile", "pirate"], "no main phase action once it has ended"
    assert s.players[seat].played == ["crew-1"]
    s = do(s, seat, "pirate")
    p = s.players[seat]
    assert active(s) != seat and p.ship.mode == "pirate" and p.ship.sails == 0
    assert p.deck.discard == ["crew-1"] and len(p.hand) == 7 - 1 and p.played == []


def test_dr_turn_03_leveling_waits_for_the_end_of_ones_own_turn() -> None:
    s = game(2, seed="level-outside")
    seat = active(s)
    assert not any(o.startswith("level ") for o in options(s, seat))
    s = do(s, seat, "play " + s.players[seat].hand[0])
    assert not any(o.startswith("level ") for o in options(s, seat))
    s = _through_cleanup(s, seat)
    other = active(s)
    assert other != seat and side_decisions(GAME, s) == {seat: "level up a card"}
    assert any(o.startswith("level ") for o in options(s, seat)) and waiting(s) == (other,)


# ---- Main Phase Actions ----
def test_dr_main_01_02_06_the_rulebooks_order_of_actions_is_all_legal() -> None:
    """The rulebook's sample order, step by step: a card played first, goods off the Ship, the
    Sails set, goods on, a move; a second card and its ability, a purchase, more goods loaded, a
    second move, a third card and finally an Encounter resolved."""
    s = game(2, seed="example")
    seat = active(s)
    p = s.players[seat]
    hand(s, seat, "captain", "crew-1", "deck-hand-1", "crew-2")
    p.dock = 4
    cargo_aboard(s, seat, 2)                                 # hold A: 2 cargo
    _mine(s, seat, "b1", cargo=3)
    s.grid["b1"].card, s.grid["c1"].card = _advancement(1, most=3), _merchant(1, most=3)
    s = do(s, seat, "play captain")                          # a Sail
    s = do(s, seat, "unload cargo a")
    s = do(s, seat, "2")                                     # hold A empty: its Sail counts
    assert s.players[seat].dock == 6
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == 3                   # A, D and the Captain
    s = do(s, seat, "load cargo a")
    s = do(s, seat, "4")
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    s = do(s, seat, "play crew-1")
    dock = s.players[seat].dock
    s = do(s, seat, "use crew-1 1")                          # 1 cargo to the Dock
    assert s.players[seat].dock == dock + 1
    s = do(s, seat, "buy")
    assert s.players[seat].aside == [s.players[seat].aside[0]] and s.grid["b1"].card is None
    s = do(s, seat, "load cargo d")                          # from the island this seat controls
    while isinstance(top(s), P.AmountPrompt):
        s = do(s, seat, options(s, seat)[-1])
    s = do(s, seat, "move c1")
    s = do(s, seat, "stop")
    s = do(s, seat, "play deck-hand-1")
    s = do(s, seat, "trade")                                 # the Encounter: a Merchant ship traded with
    assert len(s.players[seat].aside) == 2 and s.turn.buys == 2
    assert s.players[seat].played == ["captain", "crew-1", "deck-hand-1"]
    assert "end" in options(s, seat)


def test_dr_main_03_sails_once_a_turn_and_before_any_move() -> None:
    s = game(2, seed="sails")
    seat = active(s)
    assert "sails" in options(s, seat) and not any(o.startswith("move ") for o in options(s, seat))
    with pytest.raises(Exception, match="not one of"):
        do(s, seat, "move b1")
    s = do(s, seat, "sails")
    assert "sails" not in options(s, seat) and "move b1" in options(s, seat)
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    assert "sails" not in options(s, seat), "not again after a move"
    s = do(s, seat, "move c1")
    s = do(s, seat, "stop")
    assert s.players[seat].ship.sails == 0 and not any(o.startswith("move ") for o in options(s, seat))


def test_dr_main_04_two_buys_or_resolves_a_turn_in_all() -> None:
    s = game(2, seed="two-buys")
    seat = active(s)
    cargo_aboard(s, seat, 7)
    row1 = [c for c in defs().advancements.deck(1) if c.cost <= 2]
    advs = [c.id for c in row1 if c.kind == "advancement"]
    s.grid["a1"].card, s.grid["b1"].card = advs[0], _merchant(1, most=2)
    s.grid["c1"].card = advs[1]
    s.turn.sails_set, s.players[seat].ship.sails = True, 4
    s = do(s, seat, "move a1")
    s = do(s, seat, "stop")
    s = do(s, seat, "buy")
    s = do(s, seat, "move b1")
    s = do(s, seat, "stop")
    assert {"trade", "raid"} <= set(options(s, seat))          # the second one of the turn
    s = do(s, seat, "trade")
    s = do(s, seat, "move c1")
    s = do(s, seat, "stop")
    assert on_ship(s.players[seat], "cargo") >= 2 and s.grid["c1"].card == advs[1]
    assert "buy" not in options(s, seat), "a third"


def test_dr_main_05_each_ability_of_a_played_card_once_a_turn() -> None:
    s = game(2, seed="once")
    seat = active(s)
    hand(s, seat, "crew-1", "crew-2", "captain", "bosun")
    s = do(s, seat, "play crew-1")
    s = do(s, seat, "play crew-2")
    s = do(s, seat, "use crew-1 1")
    assert "use crew-1 1" not in options(s, seat) and "use crew-2 1" in options(s, seat)
    with pytest.raises(Exception, match="not one of"):
        do(s, seat, "use crew-1 1")
    s = do(s, seat, "use crew-2 1")
    assert not any(o.startswith("use crew") for o in options(s, seat))
    s = _through_cleanup(s, seat)
    other = active(s)
    s = _through_cleanup(s, other)
    while isinstance(top(s), P.LevelPrompt):
        s = do(s, seat, options(s, seat)[0])
    hand(s, seat, "crew-1", "captain", "bosun", "purser")
    s = do(s, seat, "play crew-1")
    assert "use crew-1 1" in options(s, seat), "a new turn, a new use"


# ---- Game End ----
def _ended_by(s: State, seat: int) -> None:
    for aid in ("legendary", "explorer", "settler", "builder"):
        s.players[seat].record.claims[aid].marker = True


def test_dr_end_03_09_a_final_turn_still_draws_and_levels_then_the_coins_are_added_up() -> None:
    s = game(3, seed="final")
    a, b, c = s.order
    _ended_by(s, a)
    s = _through_cleanup(s, a)
    assert s.end.triggered_by == label(a) and s.end.final_turns == [label(b), label(c)]
    hand(s, b, "crew-1", "crew-2", "crew-3", "captain")
    s = do(s, b, "play crew-1")
    s = do(s, b, "play crew-2")
    s = _through_cleanup(s, b)                               # b's final turn
    assert s.players[b].finished and len(s.players[b].hand) == 2 + 4, "it draws as usual"
    assert b in side_decisions(GAME, s) and active(s) == c, "and may level, to defend"
    card = s.players[b].hand[0]
    s = do(s, b, f"level {card}")
    assert s.players[b].levels[card] == 2
    assert s.final is None and GAME.outcome(s) is None
    s.players[c].chest = 40
    s = _through_cleanup(s, c)                               # the last final turn
    assert s.turn.phase == "done" and GAME.pending(s) is None
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == [c]
    assert outcome.scores[c] == 40 + outcome.breakdown[c]["achievements"] + outcome.breakdown[c]["islands"]
    assert outcome.breakdown[a]["achievements"] == sum(
        defs().achievements.achievements[x].coins for x in ("legendary", "explorer", "settler", "builder"))


# ---- Winning the Game and Tie-Breaker ----
def test_dr_win_07_cannons_on_all_twelve_cards_and_the_ships_showing_ones_whatever_it_carries() -> None:
    s = game(2, seed="cannons")
    p = s.players[0]
    printed = defs().ship.printed_cannons
    assert final_score.tiebreak_cannons(p) == printed       # level 1 cards show none
    p.levels["gunner-1"] = p.levels["gunner-2"] = 2            # a Cannon each, in hand or deck alike
    p.levels["captain"] = 4                                    # the Captain's Cannon at level 4
    assert final_score.tiebreak_cannons(p) == printed + 3
    p.deck.discard, p.deck.pile = [p.deck.pile[0]], p.deck.pile[1:]
    p.played = [p.hand.pop()]
    assert final_score.tiebreak_cannons(p) == printed + 3, "wherever the cards lie"
    gun = next(c for c in defs().advancements.cards.values() if c.icons.cannon)
    p.sleeves["crew-1"] = [gun.id]
    assert final_score.tiebreak_cannons(p) == printed + 3 + gun.icons.cannon
    deck_gun = next(t for t in defs().upgrades.tiles.values() if t.icons.cannon)
    other = next(t for t in defs().upgrades.tiles.values() if not t.icons.cannon)
    p.ship.hull = lay_tile(p.ship.hull, "B", deck_gun)
    p.ship.upgrades["B"] = [deck_gun.id]
    base = printed + 3 + gun.icons.cannon
    assert final_score.tiebreak_cannons(p) == base + deck_gun.icons.cannon
    cargo_aboard(s, 0, 7)                                    # whatever the holds carry
    assert final_score.tiebreak_cannons(p) == base + deck_gun.icons.cannon
    p.ship.hull = lay_tile(p.ship.hull, "B", other)          # covered: it no longer counts
    p.ship.upgrades["B"].append(other.id)
    assert final_score.tiebreak_cannons(p) == base


def _tied(s: State) -> None:
    """Give the seat behind enough chest coins to tie the leader."""
    totals = {seat: sum(cats.values()) for seat, cats in final_score.scoring.final_scoring(final_score.tally(s)).items()}
    best = max(totals.values())
    for seat, n in totals.items():
        s.players[int(seat[1:]) - 1].chest += best - n


@pytest.mark.parametrize("on_islands, drops", [(0, 1), (1, 2), (2, 3), (3, 3)])
def test_dr_win_02_03_07_a_tie_drops_a_cube_per_cannon_taking_island_cubes_when_short(on_islands: int,
                                                                                     drops: int) -> None:
    s = game(2, seed="tie")
    for p in s.players:
        p.levels["gunner-1"] = p.levels["gunner-2"] = 2      # 3 Cannons each with the printed one
    s.players[1].cubes = 1
    at = next(iter(s.islands))
    slots = len(s.islands[at].slots)                          # 3 or more
    s.islands[at].slots = ["p2"] * on_islands + [None] * (slots - on_islands)
    s.islands[at].permanent = {"p2": 5}                      # permanent cubes are never taken
    _tied(s)
    s.end = GameEnd(triggered_by="p1", final_turns=[], finished=["p1", "p2"])
    ev: list = []
    final_score.score(s, ev)
    tie = next(e.text for e in ev if e.text.startswith("Tie for the most coins"))
    assert "Player 1 drops 3" in tie and f"Player 2 drops {drops}" in tie
    assert s.winners in ([0], [1], [0, 1])


def test_no_rulebook_sentence_is_copied() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(final_score.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
