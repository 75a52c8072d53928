"""Final Scoring categories (engine/scoundrel_bay/rules/scoring.py), from the rulebook's examples."""
from __future__ import annotations

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules import scoring
from engine.scoundrel_bay.rules.reputation import ReputationTrack

DAVID, TAYLOR, LISA = 0, 1, 2
TIE = [DAVID, TAYLOR, LISA]


def test_sb_sbay_09_10_david_15_taylor_10_and_3_left_from_a_pot_of_11() -> None:
    gains, left = scoring.scoundrel_bay_payout({DAVID: 4, TAYLOR: 2, LISA: 0}, TIE, pot=11)
    assert gains == {DAVID: 15, TAYLOR: 10} and left == 3


def test_sb_sbay_03_05_third_takes_the_rest_and_ties_use_the_tiebreak() -> None:
    gains, left = scoring.scoundrel_bay_payout({DAVID: 2, TAYLOR: 2, LISA: 1}, [TAYLOR, DAVID, LISA], pot=11)
    assert gains == {TAYLOR: 15, DAVID: 10, LISA: 3} and left == 0


def test_sb_harbsc_05_dodge_harbor_16_10_6_with_lisas_captain_counting_2() -> None:
    gold = defs().board.by_name("Dodge Harbor").gold
    lisa = 1 + defs().rules.captain.strength          # a pirate and her captain
    assert scoring.harbor_gold({LISA: lisa, DAVID: 2, TAYLOR: 1}, TIE, gold) == {LISA: 16, DAVID: 10, TAYLOR: 6}


def test_sb_harbsc_02_03_fourth_place_scores_nothing_and_ties_are_not_shared() -> None:
    gold = [16, 10, 6]
    got = scoring.harbor_gold({0: 1, 1: 1, 2: 1, 3: 1}, [3, 2, 1, 0], gold)
    assert got == {3: 16, 2: 10, 1: 6}


def test_sb_vill_02_taylor_scores_6_from_villages() -> None:
    assert scoring.village_gold(3) == 6


def test_sb_hidesc_02_lisa_7_pirates_in_4_hideouts_scores_28() -> None:
    assert scoring.hideout_gold([2, 1, 3, 1, 0]) == 28
    assert scoring.hideout_gold([0, 0, 0, 0, 0]) == 0


def test_sb_grave_03_09_david_loses_4_taylor_and_lisa_1_and_david_scores_20() -> None:
    steps = scoring.graveyard_steps({DAVID: 3, TAYLOR: 1, LISA: 1})
    assert steps == {DAVID: 4, TAYLOR: 1, LISA: 1}
    t = ReputationTrack.opening(max(defs().reputation.spaces), [DAVID])
    t.advance(DAVID, 16)
    t.move_down(DAVID, steps[DAVID])
    assert scoring.reputation_gold(t.space(DAVID)) == 20


def test_sb_grave_03_everyone_tied_for_the_most_loses_one_more_and_none_dead_loses_nothing() -> None:
    assert scoring.graveyard_steps({0: 2, 1: 2, 2: 1}) == {0: 3, 1: 3, 2: 1}
    assert scoring.graveyard_steps({0: 0, 1: 0}) == {0: 0, 1: 0}


def test_sb_dmg_02_taylor_loses_6_gold_for_ship_damage() -> None:
    assert scoring.ship_damage_gold(6) == 6
    assert scoring.ship_damage_gold(1) == 0


def test_sb_sick_02_taylor_loses_4_gold_for_2_sick_pirates() -> None:
    assert scoring.sick_gold(2) == 4


def test_sb_win_01_02_most_gold_wins_and_a_tie_goes_furthest_on_the_track() -> None:
    assert scoring.winners({0: 50, 1: 61, 2: 40}, [0, 1, 2]) == [1]
    assert scoring.winners({0: 61, 1: 61}, [1, 0]) == [1]
    assert scoring.winners({0: 61, 1: 61}, [0, 1]) == [0]


def test_sb_score_01_sbay_06_07_08_harbsc_04_grave_01_06_07_a_2_player_final_scoring_in_order() -> None:
    """Two seats and the ghost colour (owner 9). The ghosts take places (and their winnings go
    to the supply), beach pirates die before reputation is counted, the reserve ghosts die too and
    win the graveyard majority, and a debt is lost as gold."""
    ghost = 9
    track = ReputationTrack.opening(max(defs().reputation.spaces), [1, 0], extra={ghost: defs().reputation.two_player_space})
    track.advance(0, 10)
    track.advance(1, 8)
    t = scoring.Tally(
        seats=[0, 1], ghost=ghost, ghost_reserve=5, pot=20,
        pirates={"scoundrel-bay": {0: 1, 1: 3, ghost: 2}, "dodge-harbor": {0: 2, 1: 2, ghost: 4},
                 "tarwick": {0: 3}, "crows-hollow": {1: 2}, "gallows-loft": {1: 1}, "gullsand-beach": {0: 1}},
        dead={0: 1, ghost: 1}, doubloons={0: 10, 1: 3}, debt={1: 4}, ship_damage={0: 6, 1: 1}, sick={0: 1, 1: 0})
    gold = scoring.final_scoring(t, track)
    assert gold[0] == {"scoundrel_bay": 5, "doubloons": 10, "harbors": 10, "villages": 6, "hideouts": 0,
                       "reputation": 12, "ship_damage": -6, "sick": -2, "debt": 0}
    assert gold[1] == {"scoundrel_bay": 20, "doubloons": 3, "harbors": 6, "villages": 0, "hideouts": 6,
                       "reputation": 12, "ship_damage": 0, "sick": 0, "debt": -4}
    assert (scoring.total(gold[0]), scoring.total(gold[1])) == (35, 43)
    assert track.space(0) == track.space(1) == 8 and track.order([0, 1]) == [1, 0]   # 0 moved down onto the stack
    assert track.space(ghost) == defs().reputation.two_player_space
