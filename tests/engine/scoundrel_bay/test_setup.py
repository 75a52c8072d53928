"""General Setup, the variants and Player Setup (engine/scoundrel_bay/rules/setup.py), seen
through the state a new game starts from and the first decisions it offers."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.common import COLOURS, name
from engine.scoundrel_bay.state import State

from .scenario_helpers import game, options, top, waiting

D = defs()
SEEDS = [f"setup-{i}" for i in range(12)]


def placed_treasures(s: State) -> list[str]:
    return [t.id for r in s.regions.values() for stack in r.treasures for t in stack]


def stacks_by_type(s: State) -> Counter[tuple[int, int]]:
    """(treasure space type, tiles on it) -> how many such spaces."""
    out: Counter[tuple[int, int]] = Counter()
    for rid, r in s.regions.items():
        for t, stack in zip(D.board.regions[rid].treasure_spaces, r.treasures, strict=True):
            assert {D.treasures.treasures[x.id].type for x in stack} == {t}
            out[(t, len(stack))] += 1
    return out


# ---- components and general setup --------------------------------------------------------------

def test_sb_comp_01_two_to_four_players_and_no_solo_game() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    for n in (2, 3, 4):
        assert len(game(n).players) == n


def test_sb_setup_01_every_pirate_card_is_in_one_shuffled_deck() -> None:
    s = game(3)
    dealt = [c for p in s.players for c in p.hand if not c.startswith("start-")]
    everything = s.deck.pile + dealt + [c for c in s.display if c is not None]
    assert sorted(everything) == sorted(D.cards.cards) and len(everything) == 84
    assert s.deck.discard == []
    assert game(3, seed="other").deck.pile != s.deck.pile


def test_sb_setup_02_one_face_up_card_under_each_display_slot() -> None:
    s = game(3)
    assert len(s.display) == len(D.cards.display.costs) == 5
    assert all(c is not None and c not in s.deck.pile for c in s.display)
    assert GAME.view(s, None).display == s.display          # face up: everyone sees them


def test_sb_setup_03_comp_09_the_supply_holds_the_unlock_tiles_left_after_each_player_takes_one() -> None:
    for n in (2, 3, 4):
        s = game(n)
        assert s.unlock_supply == 8 - n
        assert s.unlock_supply + sum(p.unlocks for p in s.players) == D.supply.unlock_tiles


def test_sb_setup_04_05_06_each_monster_stands_on_a_space_of_its_own_type_at_random() -> None:
    placements = set()
    for seed in SEEDS:
        s = game(3, seed=seed)
        monster_spaces = {sp.number for sp in D.board.sea if sp.monster}
        assert set(s.monsters) == monster_spaces
        for space, stand in s.monsters.items():
            assert D.monsters.monsters[stand.id].type == D.board.space(space).monster
        assert len({m.id for m in s.monsters.values()}) == 20
        placements.add(tuple(sorted((sp, m.id) for sp, m in s.monsters.items())))
    assert len(placements) > 1                                 # which kraken goes where is random
    view = GAME.view(game(3), None)
    assert all(m.type == D.board.space(m.space).monster for m in view.monsters)
    assert "guns" not in view.model_dump_json() and "kraken-" not in view.model_dump_json()


def test_sb_setup_07_10_two_players_one_face_down_treasure_of_the_printed_type_per_space() -> None:
    s = game(2)
    assert set(stacks_by_type(s)) == {(1, 1), (2, 1), (3, 1)}
    assert GAME.view(s, 0).regions["gullsand-beach"].treasures == [1] * len(D.board.regions["gullsand-beach"].treasure_spaces)
    assert "treasure-" not in GAME.view(s, 0).model_dump_json()    # face down


def test_sb_setup_08_three_players_an_extra_type_2_treasure_on_each_type_2_space() -> None:
    counts = stacks_by_type(game(3))
    assert set(counts) == {(1, 1), (2, 2), (3, 1)}


def test_sb_setup_09_four_players_extra_type_2_and_type_3_treasures() -> None:
    counts = stacks_by_type(game(4))
    assert set(counts) == {(1, 1), (2, 2), (3, 2)}


def test_sb_setup_12_example_three_players_two_type_2_stacked_and_one_type_3() -> None:
    s = game(3)
    rid = next(r for r, reg in D.board.regions.items() if {2, 3} <= set(reg.treasure_spaces))
    heights = dict(zip(D.board.regions[rid].treasure_spaces, GAME.view(s, None).regions[rid].treasures, strict=False))
    assert heights[2] == 2 and heights[3] == 1


def test_sb_setup_11_surplus_treasures_are_out_of_the_game_unseen() -> None:
    for n in (2, 4):
        s = game(n)
        placed = placed_treasures(s)
        assert len(placed) == len(set(placed)) < len(D.treasures.treasures)
        left = set(D.treasures.treasures) - set(placed)
        dump = s.model_dump_json()
        assert left and not any(f'"{t}"' in dump for t in left)    # nowhere in the game, not even hidden


def test_sb_setup_13_three_face_down_crate_stacks_by_type() -> None:
    s = game(3)
    assert set(s.crate_stacks) == {1, 2, 3}
    for t, stack in s.crate_stacks.items():
        assert {D.crates.crates[c].type for c in stack} == {t}
    on_board = [c for r in s.regions.values() for c in r.crates if c]
    assert sorted(on_board + [c for st in s.crate_stacks.values() for c in st]) == sorted(D.crates.crates)
    view = GAME.view(s, 0)
    assert view.crate_stacks == {t: len(st) for t, st in s.crate_stacks.items()}
    assert not any(f'"{c}"' in view.model_dump_json() for st in s.crate_stacks.values() for c in st)
    assert game(3, seed="other").crate_stacks != s.crate_stacks


def test_sb_setup_14_15_every_crate_space_gets_a_face_up_crate_of_its_type() -> None:
    s = game(3)
    view = GAME.view(s, None)
    filled = 0
    for rid, reg in D.board.regions.items():
        crates = s.regions[rid].crates
        assert len(crates) == len(reg.crate_spaces)
        for t, c in zip(reg.crate_spaces, crates, strict=True):
            assert c is not None and D.crates.crates[c].type == t
            filled += 1
        assert view.regions[rid].crates == crates                 # face up
    assert filled > 0


def test_sb_setup_16_the_reputation_board_holds_the_track_with_every_disc() -> None:
    s = game(3)
    assert s.reputation.top == max(D.reputation.spaces)
    assert set(s.reputation.discs) == {0, 1, 2}


def test_sb_setup_17_the_eight_events_are_shuffled_face_down() -> None:
    s = game(3)
    assert sorted(s.events) == sorted(D.events.events) and len(s.events) == 8
    assert len({tuple(game(3, seed=seed).events) for seed in SEEDS}) > 1
    view = GAME.view(s, 0)
    assert view.events_left == 8 and view.events_done == []
    assert not any(f'"{e}"' in view.model_dump_json() for e in s.events)


# ---- variants -----------------------------------------------------------------------------------

@pytest.mark.parametrize("milestones", [False, True])
@pytest.mark.parametrize("harbor", [False, True])
@pytest.mark.parametrize("powers", [False, True])
def test_sb_varsel_01_02_each_variant_switches_on_alone_with_no_prerequisite(milestones: bool, harbor: bool, powers: bool) -> None:
    s = game(3, milestones=milestones, alternative_harbor_scoring=harbor, captain_powers=powers)
    assert s.options == {"milestones": milestones, "alternative_harbor_scoring": harbor, "captain_powers": powers}
    assert bool(s.milestone_sides) == milestones and bool(s.upgrade_supply) == milestones
    assert bool(s.harbor_tokens) == harbor
    assert isinstance(top(s), P.CaptainPrompt) == powers
    if not powers:
        assert isinstance(top(s), P.ActionPrompt)


# ---- player setup -------------------------------------------------------------------------------

def test_sb_psetup_01_each_seat_plays_its_own_colour() -> None:
    s = game(4)
    names = [name(seat) for seat in range(4)]
    assert len(set(names)) == 4 and [n.lower() for n in names] == list(COLOURS)
    assert [p.name for p in GAME.view(s, None).players] == names


def test_sb_psetup_02_boards_are_dealt_at_random_and_the_number_decides_the_rest() -> None:
    options_ = GAME.Options()
    dealt = set()
    for seed in SEEDS:
        s = GAME.setup(3, options_, seed)
        boards = [p.board for p in s.players]
        assert len(set(boards)) == 3 and set(boards) <= {1, 2, 3, 4}
        dealt.add(tuple(boards))
        first = boards.index(min(boards))
        assert s.order[0] == first and waiting(s) == (first,)
        assert s.players[first].doubloons == 6
        assert all(f"start-{p.board}" in p.hand for p in s.players)
    assert len(dealt) > 1


def test_sb_psetup_03_starting_card_of_the_board_and_two_from_the_deck() -> None:
    s = game(4, boards=[3, 1, 4, 2])
    for p in s.players:
        assert len(p.hand) == 3
        assert p.hand[0] == f"start-{p.board}"
        assert all(c in D.cards.cards for c in p.hand[1:])
    starting = [c for p in s.players for c in p.hand if c.startswith("start-")]
    assert sorted(starting) == ["start-1", "start-2", "start-3", "start-4"]


def test_sb_psetup_04_05_captain_and_four_pirates_aboard_the_rest_are_citizens() -> None:
    p = game(3).players[0]
    assert p.crew_space.captain == "active" and p.crew_space.active == 4 and p.crew_space.sick == 0
    assert p.citizens == 27 - 4 == 23
    assert p.captain_at is None


def test_sb_psetup_06_track_markers_start_on_the_boards_own_spaces() -> None:
    s = game(4)
    starts = []
    for p in s.players:
        start = D.player_boards.boards[p.board].start
        assert p.tools == {t: start[t] for t in ("food_production", "sword", "gun", "shield")}
        assert p.ship_damage == start["ship_damage"]
        starts.append(tuple(sorted(p.tools.items())))
    assert len(set(starts)) == 4                                   # boards differ


def test_sb_psetup_07_no_action_disc_down_so_the_first_action_is_free() -> None:
    s = game(3)
    s.players[0].unlocks = 0
    assert s.players[0].last_action is None
    kinds = {o.split()[0] for o in options(s, 0)}
    assert {"recruit", "sail"} <= kinds


def test_sb_psetup_08_09_one_unlock_tile_one_ring_two_maps_three_rum_four_food() -> None:
    for p in game(4).players:
        assert p.unlocks == 1
        assert p.resources == {"ring": 1, "map": 2, "rum": 3, "food": 4}


def test_sb_psetup_10_six_doubloons_for_the_lowest_board_then_seven_eight_nine_clockwise() -> None:
    s = game(4, boards=[3, 1, 4, 2])
    assert s.order == [1, 2, 3, 0]
    assert [s.players[seat].doubloons for seat in s.order] == [6, 7, 8, 9]
    s3 = game(3, boards=[4, 2, 3])                                 # board 1 not in play: board 2 is lowest
    assert [s3.players[seat].doubloons for seat in (1, 2, 0)] == [6, 7, 8]


def test_sb_psetup_11_every_ship_starts_on_the_first_space_which_has_no_monster() -> None:
    s = game(4)
    assert {p.ship for p in s.players} == {D.board.start}
    assert D.board.space(D.board.start).monster is None and D.board.start not in s.monsters


def test_sb_psetup_12_every_disc_starts_on_the_lowest_space() -> None:
    s = game(4)
    assert {s.reputation.space(seat) for seat in range(4)} == {0}
    assert min(D.reputation.spaces) == 0
