"""Scoring, Winning the Game and Tie-Breaker, end-of-game Advancements
(engine/dead_reckoning/rules/scoring.py). The rulebook prints no worked scoring example, so the
island cases below are our own, on the data set's islands: Kingfisher Bay (6 slots, 11/6/3),
Widow's Peak (5 slots, 9/5/2), Smuggler's Cove (4 slots, 6/2), Gull Rock (3 slots, 4/2)."""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules import scoring
from engine.dead_reckoning.rules.island_control import Island
from engine.dead_reckoning.rules.scoring import EMPTY_SLOTS, Counts, Tally
from engine.dead_reckoning.rules.tower import Tower

P1, P2, P3, P4 = "p1", "p2", "p3", "p4"


def island(board: str, *slots: str | None, **permanent: int) -> Island:
    return Island(board=board, slots=list(slots), permanent=permanent)


def king(*slots: str | None, **permanent: int) -> Island:
    return island("kingfisher-bay", *slots, **permanent)


# ---- Islands ----
def test_dr_score_08_09_10_most_second_and_third_most_cubes_take_the_printed_values() -> None:
    assert scoring.island_scores(king(P1, P1, P1, P2, P2, P3)) == {P1: 11, P2: 6, P3: 3}
    assert scoring.island_scores(island("gull-rock", P1, P1, P2)) == {P1: 4, P2: 2}
    assert scoring.island_scores(island("widows-peak", P1, P1, P1, P2, P2, p3=1)) == {P1: 9, P2: 5, P3: 2}


def test_dr_score_10_a_third_place_scores_only_where_the_island_prints_a_third_value() -> None:
    # Smuggler's Cove prints 6 and 2: p3, third with its one permanent cube, scores nothing
    cove = island("smugglers-cove", P1, P1, P1, P2, p2=1, p3=1)
    assert scoring.island_scores(cove) == {P1: 6, P2: 2, P3: 0}


def test_dr_score_11_13_seats_tied_for_first_take_the_second_value_and_the_next_takes_the_third() -> None:
    tied = king(P1, P1, P2, P2, P3, P3, p1=1, p2=1)               # 3, 3 and 2 cubes
    assert scoring.island_scores(tied) == {P1: 6, P2: 6, P3: 3}
    assert scoring.island_scores(king(P1, P1, P2, P2, P3, P3)) == {P1: 6, P2: 6, P3: 6}   # all three first
    untied = king(P1, P1, P2, P2, P3, P3, p1=2, p2=1)             # 4, 3 and 2
    assert scoring.island_scores(untied) == {P1: 11, P2: 6, P3: 3}


def test_dr_score_11_seats_tied_for_second_take_the_third_value_or_nothing_without_one() -> None:
    assert scoring.island_scores(king(P1, P1, P1, P1, P2, P3)) == {P1: 11, P2: 3, P3: 3}
    assert scoring.island_scores(island("gull-rock", P1, P2, P3, p1=1)) == {P1: 4, P2: 0, P3: 0}


def test_dr_score_12_a_tie_for_third_scores_nothing() -> None:
    four = king(P1, P1, P2, P2, P3, P4, p1=1)                     # 3, 2, 1 and 1
    assert scoring.island_scores(four) == {P1: 11, P2: 6, P3: 0, P4: 0}
    alone = king(P1, P1, P2, P2, P3, P3, p1=2, p2=1, p3=0)        # p3 third on its own: 3
    assert scoring.island_scores(alone)[P3] == 3
    assert defs().rules.scoring.third_place_tie == 0


def test_dr_score_14_the_empty_slots_rank_as_a_player_who_never_scores() -> None:
    # 3 empty slots lead Kingfisher Bay: p1 is second, p2 third
    assert scoring.island_places({P1: 2, P2: 1}, 3) == [[EMPTY_SLOTS], [P1], [P2]]
    assert scoring.island_scores(king(P1, P1, P2, None, None, None)) == {P1: 6, P2: 3}
    # 2 empty slots level with p1 for first: p1 drops to 6, and p2 and p3 tie for third
    assert scoring.island_scores(king(P1, P1, None, None, P2, P3)) == {P1: 6, P2: 0, P3: 0}
    # one empty slot ties p3 for third, which then scores nothing; fill it and p3 scores 3
    assert scoring.island_scores(king(P1, P1, P1, P2, P2, P3)) == {P1: 11, P2: 6, P3: 3}
    assert scoring.island_scores(king(P1, P1, P1, P2, P3, None, p2=1)) == {P1: 11, P2: 6, P3: 0}
    # a full island has no phantom at all
    assert scoring.island_places({P1: 1}, 0) == [[P1]]
    with pytest.raises(ValueError, match="label"):
        scoring.island_places({EMPTY_SLOTS: 1}, 0)


def test_dr_score_15_permanent_cubes_count_in_the_ranking_but_only_slots_are_the_empty_players() -> None:
    isl = king(P1, P1, P2, P2, P2, None, p1=2)                    # p1 2 + 2 permanent, p2 3, 1 empty
    assert scoring.island_places(isl.cubes(), isl.empty_slots()) == [[P1], [P2], [EMPTY_SLOTS]]
    assert scoring.island_scores(isl) == {P1: 11, P2: 6}
    assert scoring.island_scores(king(P1, P1, P2, P2, P2, None)) == {P2: 11, P1: 6}


def test_dr_score_16_a_seat_with_no_cube_on_an_island_scores_nothing_there() -> None:
    got = scoring.island_scores(island("gull-rock", P1, None, None))
    assert got == {P1: 2} and P2 not in got                       # the 2 empty slots come first
    assert scoring.island_coins({P1: 0, P2: 1}, 0, [4, 2]) == {P2: 4}
    assert scoring.island_scores(Island.empty("gull-rock")) == {}


def test_dr_isl_05_island_coins_follow_the_ranking_not_control() -> None:
    lone = king(P1, P1, P1, None, None, None)                     # no control: 3 is not more than 3
    assert ic.controller(lone) is None and scoring.island_scores(lone) == {P1: 6}
    level = island("gull-rock", P1, P2, None)
    assert ic.controller(level) is None and scoring.island_scores(level) == {P1: 2, P2: 2}


# ---- other categories ----
def test_dr_score_01_each_completed_achievement_scores_its_value() -> None:
    assert scoring.achievement_coins(["legendary", "capitalist"]) == 6 + 3
    assert scoring.achievement_coins([]) == 0
    assert scoring.achievement_coins(["master_merchant"]) == defs().achievements.achievements["master_merchant"].coins


def test_dr_score_02_03_coins_score_in_the_chest_on_the_ship_and_on_controlled_islands_only() -> None:
    mine = island("gull-rock", P1, P1, P2).model_copy(update={"coins": 3, "cargo": 5})
    nobodys = island("coral-crown", P1, P2, None, None).model_copy(update={"coins": 4})
    theirs = king(P2, P2, P2, P1, None, None).model_copy(update={"coins": 2})
    assert scoring.coins_on_islands([mine, nobodys, theirs], P1) == 3
    assert scoring.coins_on_islands([mine, nobodys, theirs], P2) == 2
    got = scoring.final_scoring(Tally(seats=[P1], islands=[mine, nobodys], chest={P1: 7}, ship_coins={P1: 2}))
    assert got[P1]["coins"] == 7 + 2 + 3                          # the 5 cargo is worth nothing


def test_dr_score_04_one_coin_per_building_on_islands_you_control() -> None:
    mine = island("gull-rock", P1, P1, P2).model_copy(update={"buildings": ["fort", "outpost"]})
    lapsed = island("gull-rock", P1, P2, None).model_copy(update={"buildings": ["garrison"]})
    assert scoring.building_coins([mine, lapsed], P1) == 2
    assert scoring.building_coins([mine, lapsed], P2) == 0


def test_dr_score_05_one_coin_for_every_two_advancements_rounded_down() -> None:
    assert [scoring.advancement_coins(n) for n in range(6)] == [0, 0, 1, 1, 2, 2]
    assert scoring.advancement_coins(13) == 6


def test_dr_score_06_upgrades_score_1_basic_and_2_advanced_covered_ones_too() -> None:
    assert scoring.upgrade_coins(["basic", "advanced", "basic"]) == 4
    assert scoring.upgrade_coins(["advanced"]) == 2 and scoring.upgrade_coins([]) == 0


def test_dr_score_07_dr_abd_35_purple_abilities_score_at_the_end_negative_ones_too() -> None:
    c = Counts(islands_controlled=2, buildings=3, upgrades=4, permanent_cubes=5, achievements=1)
    assert scoring.end_of_game_coins("r1-23", c) == 2             # Keepsake Map: 2
    assert scoring.end_of_game_coins("r1-27", c) == -1            # Gilded Figurehead gives 1 back
    assert scoring.end_of_game_coins("r2-20", c) == 2             # 1 per island controlled
    assert scoring.end_of_game_coins("r3-09", c) == 5             # 1 per permanent cube
    assert scoring.end_of_game_coins("r3-17", c) == 6             # 2 per Building
    assert scoring.end_of_game_coins("r4-12", c) == 2             # 2 per Achievement
    assert scoring.end_of_game_coins("r4-16", c) == 4             # 1 per Upgrade
    assert scoring.end_of_game_coins("r2-20", Counts()) == 0
    assert scoring.end_of_game_coins("r1-01", c) == 0             # no purple ability


def test_dr_score_17_the_kept_token_adds_2_per_completed_achievement_it_shows() -> None:
    assert defs().achievements.tokens["bonus-1"].shows == ["legendary", "capitalist"]
    assert scoring.bonus_coins("bonus-1", ["legendary", "capitalist", "builder"]) == 4
    assert scoring.bonus_coins("bonus-1", ["legendary"]) == 2
    assert scoring.bonus_coins("bonus-1", ["builder"]) == 0
    assert scoring.bonus_coins(None, ["legendary"]) == 0          # the variant is not played


def test_final_scoring_gives_every_category_for_every_seat() -> None:
    gull = island("gull-rock", P1, P1, P2, p1=1).model_copy(update={"coins": 3, "cargo": 2, "buildings": ["fort"]})
    bay = king(P2, P2, P2, P1, None, None).model_copy(update={"coins": 2, "buildings": ["outpost", "garrison"]})
    crown = island("coral-crown", P1, P2, None, None).model_copy(update={"coins": 4})
    t = Tally(seats=[P1, P2], islands=[gull, bay, crown], chest={P1: 12, P2: 20}, ship_coins={P1: 3},
              achievements={P1: ["legendary", "capitalist"], P2: ["builder"]},
              advancements={P1: ["r1-23", "r1-27", "r2-20", "r1-01", "r3-09"], P2: ["r2-21", "r4-12", "r3-17"]},
              upgrades={P1: ["basic", "advanced"]}, bonus_token={P1: "bonus-1"})
    got = scoring.final_scoring(t)
    assert list(got[P1]) == list(scoring.CATEGORIES)
    assert got[P1] == {"achievements": 9, "coins": 12 + 3 + 3, "buildings": 1, "advancements": 2,
                       "upgrades": 3, "end_of_game": 2 - 1 + 1 + 1, "islands": 4 + 3 + 1, "bonus": 4}
    assert got[P2] == {"achievements": 5, "coins": 20 + 2, "buildings": 2, "advancements": 1,
                       "upgrades": 0, "end_of_game": 4 + 2 + 4, "islands": 2 + 11 + 1, "bonus": 0}
    assert scoring.total(got[P1]) == 48 and scoring.total(got[P2]) == 54
    assert scoring.winners({s: scoring.total(c) for s, c in got.items()}) == [P2]


# ---- Winning the Game and Tie-Breaker ----
def test_dr_ovr_04_dr_win_01_the_most_coins_wins_and_equal_most_is_a_tie() -> None:
    assert scoring.winners({P1: 40, P2: 41, P3: 12}) == [P2]
    assert scoring.winners({P1: 41, P2: 41, P3: 12}) == [P1, P2]


def test_dr_win_02_03_one_cube_per_cannon_from_the_supply_then_from_islands() -> None:
    assert scoring.tiebreak_cubes(cannons=5, supply=9) == 5
    assert scoring.tiebreak_cubes(cannons=5, supply=3) == 3
    assert scoring.tiebreak_cubes(cannons=5, supply=3, loose=1) == 4
    assert scoring.tiebreak_cubes(cannons=5, supply=3, loose=4) == 5
    assert scoring.tiebreak_cubes(cannons=0, supply=9) == 0


def test_dr_win_04_05_all_cubes_drop_at_once_and_exploding_shots_resolve() -> None:
    # p1's cubes fall first, then p2's; p1's exploding shot falls again with an extra cube
    script: list[str] = ["strength-2", "exploding", "strength-1", "strength-1", "strength-1", "empty"]
    out = scoring.battle_tiebreak({P1: 2, P2: 2}, Rng(seed="tie"), Tower(script=list(script)))
    assert out.winners == [P1] and len(out.rounds) == 1
    assert out.rounds[0].strength == {P1: 3, P2: 2} and out.rounds[0].cubes == {P1: 2, P2: 2}
    assert out.tower.script == []
    # with no cube left in its supply the exploding shot falls again alone: 2 against 2, once more
    script = ["strength-2", "exploding", "strength-1", "strength-1", "empty", "strength-1", "empty", "damage", "empty"]
    again = scoring.battle_tiebreak({P1: 2, P2: 2}, Rng(seed="tie"), Tower(script=script), supply={P1: 0, P2: 0})
    assert [r.strength for r in again.rounds] == [{P1: 2, P2: 2}, {P1: 1, P2: 0}] and again.winners == [P1]


def test_dr_win_06_the_strongest_wins_and_those_still_level_drop_again_however_many() -> None:
    script = ["strength-2", "strength-2", "strength-1", "damage", "strength-1"]
    out = scoring.battle_tiebreak({P1: 1, P2: 1, P3: 1}, Rng(seed="tie"), Tower(script=script))
    assert [r.cubes for r in out.rounds] == [{P1: 1, P2: 1, P3: 1}, {P1: 1, P2: 1}]
    assert out.winners == [P2]
    seeded = [scoring.battle_tiebreak({P1: 4, P2: 3, P3: 4}, Rng(seed="final")) for _ in range(2)]
    assert seeded[0] == seeded[1] and len(seeded[0].winners) == 1
    assert scoring.battle_tiebreak({P1: 0, P2: 3}, Rng(seed="final")).winners == [P2]


def test_a_tie_nobody_can_break_is_shared() -> None:
    out = scoring.battle_tiebreak({P1: 0, P2: 0}, Rng(seed="tie"))
    assert out.winners == [P1, P2] and out.rounds == []
    with pytest.raises(ValueError, match="two or more"):
        scoring.battle_tiebreak({P1: 3}, Rng(seed="tie"))
