"""Naval combat (engine/merchants_marauders/rules/combat.py): base reconstruction 6.2 (declare,
the Seamanship contest, resolving Shoot, Board and Flee, applying both sides' hits, effects at 0),
5 (check dice never below 1), 6.3 (the victor's glory) and 6.4 (NPCs never flee), with Seas of
Glory's cleaned hull (MM-M3-04). Dice are given face by face, so every result is exact."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.combat import (
    GLORY_FOR_VICTORY,
    Contest,
    Fighter,
    Role,
    cargo_cards_lost,
    check_dice,
    check_order,
    contest,
    contest_dice,
    destroyed,
    finish_round,
    fled,
    glory_for,
    hits_dealt,
    legal_orders,
    may_raid,
    moves_allowed,
    skulls,
    take_hits,
)
from engine.merchants_marauders.vocab import Face, HitLocation, Order

S: Face = "skull"


def ship(hull: int = 3, masts: int = 3, crew: int = 3, cannons: int = 3, cargo: int = 3,
         **kw: Any) -> Fighter:
    """A frigate-like fighter (manoeuvre 3, Seamanship and Leadership 2) with the given points."""
    base: dict[str, Any] = {"manoeuvre": 3, "seamanship": 2, "leadership": 2}
    pts: dict[HitLocation, int] = {"hull": hull, "masts": masts, "crew": crew, "cannons": cannons, "cargo": cargo}
    return Fighter(points=pts, **{**base, **kw})


def duel(a: list[Face], d: list[Face], hooks: frozenset[Role] = frozenset()) -> Contest:
    return contest({"aggressor": a, "defender": d}, hooks)


def pair(a: Fighter, d: Fighter) -> dict[Role, Fighter]:
    return {"aggressor": a, "defender": d}


def orders(a: Order, d: Order) -> dict[Role, Order]:
    return {"aggressor": a, "defender": d}


# ---- 5: checks ----
def test_5_a_skull_is_a_success_and_numbers_are_not() -> None:
    assert skulls([1, 2, 3, 4]) == 0
    assert skulls([S, 4, S]) == 2


@pytest.mark.parametrize(("skill", "modifier", "dice"), [(3, 0, 3), (3, 1, 4), (2, -1, 1), (1, -1, 1), (1, -3, 1)])
def test_5_modifiers_change_the_dice_but_never_below_one(skill: int, modifier: int, dice: int) -> None:
    assert check_dice(skill, modifier) == dice


def test_fighter_must_name_every_location_at_or_above_zero() -> None:
    with pytest.raises(ValueError, match="every hit location"):
        Fighter(points={"hull": 3}, manoeuvre=3, seamanship=2, leadership=2)
    with pytest.raises(ValueError, match="below 0"):
        ship(crew=-1)


# ---- 6.2 step 1: declare ----
def test_6_2_round_one_is_shoot_only_for_everyone() -> None:
    assert legal_orders(ship(), 1) == ("shoot",)
    with pytest.raises(IllegalActionError, match="first round"):
        check_order(ship(), 1, "board")
    with pytest.raises(IllegalActionError, match="first round"):
        check_order(ship(), 1, "flee")


def test_6_2_from_round_two_all_three_orders_are_open() -> None:
    assert legal_orders(ship(), 2) == ("shoot", "board", "flee")
    for o in ("shoot", "board", "flee"):
        check_order(ship(), 2, o)


def test_6_2_boarding_needs_one_crew() -> None:
    assert legal_orders(ship(crew=1), 2) == ("shoot", "board", "flee")
    assert legal_orders(ship(crew=0), 2) == ("shoot", "flee")
    with pytest.raises(IllegalActionError, match="no crew"):
        check_order(ship(crew=0), 2, "board")


def test_6_2_masts_at_zero_leave_only_shoot() -> None:
    assert legal_orders(ship(masts=1), 3) == ("shoot", "board", "flee")
    assert legal_orders(ship(masts=0), 3) == ("shoot",)
    with pytest.raises(IllegalActionError, match="masts"):
        check_order(ship(masts=0), 3, "flee")


def test_6_4_an_npc_never_flees() -> None:
    assert legal_orders(ship(npc=True), 2) == ("shoot", "board")
    with pytest.raises(IllegalActionError, match="not allowed to flee"):
        check_order(ship(npc=True), 2, "flee")


# ---- 6.2 step 2: the contest ----
def test_6_2_contest_dice_are_seamanship() -> None:
    assert contest_dice(ship(seamanship=3), ship()) == 3


def test_6_2_manoeuvre_two_above_gives_a_die_and_one_above_does_not() -> None:
    sloop, frigate, flute = ship(manoeuvre=4), ship(manoeuvre=3), ship(manoeuvre=2)
    assert contest_dice(sloop, flute) == 3           # 4 vs 2: two above
    assert contest_dice(sloop, frigate) == 2         # 4 vs 3: one above
    assert contest_dice(flute, sloop) == 2           # below: nothing taken away


def test_6_2_masts_at_zero_roll_one_die_not_seamanship() -> None:
    assert contest_dice(ship(masts=0, seamanship=4), ship()) == 1
    assert contest_dice(ship(masts=0, seamanship=4, manoeuvre=5), ship()) == 2   # other modifiers still count


def test_6_2_contest_modifier_never_below_one_die() -> None:
    assert contest_dice(ship(seamanship=2), ship(), modifier=-1) == 1
    assert contest_dice(ship(seamanship=1), ship(), modifier=-1) == 1


def test_mm_m3_04_cleaned_hull_takes_a_die_from_its_opponent_when_anyone_flees() -> None:
    clean = ship(cleaned_hull=True)
    assert contest_dice(ship(seamanship=3), clean, flee_declared=True) == 2
    assert contest_dice(ship(seamanship=3), clean, flee_declared=False) == 3   # nobody fled: no effect
    assert contest_dice(clean, ship(seamanship=3), flee_declared=True) == 2    # the owner keeps its dice
    assert contest_dice(ship(seamanship=1), clean, flee_declared=True) == 1    # never below 1 die


def test_6_2_most_skulls_wins_the_contest() -> None:
    c = duel([S, 1], [S, S])
    assert c.winner == "defender" and c.skulls == {"aggressor": 1, "defender": 2}
    assert duel([S, S, 1], [S, 4, 4]).winner == "aggressor"


def test_6_2_no_skull_on_either_side_means_no_winner_whatever_the_totals() -> None:
    assert duel([4, 4], [1]).winner is None


def test_6_2_equal_skulls_go_to_the_higher_non_skull_total() -> None:
    c = duel([S, 3, 1], [S, 2, 1])
    assert c.totals == {"aggressor": 4, "defender": 3} and c.winner == "aggressor"
    assert duel([S, 1], [S, 2]).winner == "defender"


def test_6_2_equal_skulls_and_equal_totals_mean_no_winner() -> None:
    assert duel([S, 3, 1], [S, 4]).winner is None
    assert duel([S], [S]).winner is None


def test_6_2_boarding_hooks_add_a_skull_in_the_contest() -> None:
    assert duel([1], [S, 1], hooks=frozenset({"aggressor"})).winner is None       # 1 skull each, totals 1 and 1
    assert duel([2], [S, 1], hooks=frozenset({"aggressor"})).winner == "aggressor"   # 1 skull each, 2 beats 1
    assert duel([S], [S], hooks=frozenset({"aggressor"})).winner == "aggressor"     # 2 skulls beat 1
    assert duel([4], [4], hooks=frozenset({"defender"})).winner == "defender"


# ---- 6.2 step 3: resolve ----
def test_6_2_the_winner_hits_once_per_cannon() -> None:
    c = duel([S], [1])
    assert hits_dealt("shoot", "aggressor", c, cannons=3) == 3


def test_6_2_a_shooter_that_lost_or_tied_hits_once_per_skull_up_to_its_cannons() -> None:
    lost = duel([S, S, S], [S, S, 4])
    assert hits_dealt("shoot", "defender", lost, cannons=3) == 2
    assert hits_dealt("shoot", "defender", lost, cannons=1) == 1
    tied = duel([S, S, 2], [S, S, 2])
    assert hits_dealt("shoot", "aggressor", tied, cannons=5) == 2


def test_6_2_cannons_at_zero_or_another_order_deal_nothing() -> None:
    c = duel([S], [1])
    assert hits_dealt("shoot", "aggressor", c, cannons=0) == 0
    assert hits_dealt("board", "aggressor", c, cannons=3) == 0


def test_6_2_flee_succeeds_when_the_fleer_wins_and_the_enemy_showed_no_skull() -> None:
    assert fled(orders("shoot", "flee"), duel([4, 4], [S]))
    assert not fled(orders("shoot", "flee"), duel([S, 4], [S, S]))      # won, but the enemy had a skull
    assert not fled(orders("shoot", "flee"), duel([S], [4]))            # lost
    assert not fled(orders("shoot", "flee"), duel([4], [4]))            # nobody won


def test_6_2_hooks_skull_stops_a_flight() -> None:
    assert not fled(orders("board", "flee"), duel([], [S, S], hooks=frozenset({"aggressor"})))


def test_6_2_both_flee_any_winner_ends_it() -> None:
    assert fled(orders("flee", "flee"), duel([S, S], [S]))
    assert not fled(orders("flee", "flee"), duel([3], [3]))


def test_6_2_a_successful_flight_ends_the_combat_with_no_victor() -> None:
    fs = pair(ship(), ship())
    end = finish_round(fs, orders("shoot", "flee"), duel([1], [S]), {})
    assert end.ending == "fled" and end.victor is None and end.fighters == fs


def test_6_2_a_boarder_that_wins_goes_to_the_clash_after_the_enemy_shots() -> None:
    fs = pair(ship(crew=3), ship())
    c = duel([S], [S, S])                       # the defender wins and boards; the aggressor shot 1 skull
    end = finish_round(fs, orders("shoot", "board"), c, {"defender": {"crew": 1}})
    assert end.ending == "clash" and end.boarder == "defender"
    assert end.fighters["defender"].at("crew") == 2


def test_6_2_a_boarder_left_without_crew_fights_on() -> None:
    fs = pair(ship(), ship(crew=1))
    end = finish_round(fs, orders("shoot", "board"), duel([S], [S, S]), {"defender": {"crew": 1}})
    assert end.ending == "continues" and end.boarder is None


def test_6_2_a_boarder_sunk_by_the_enemy_shots_dies() -> None:
    fs = pair(ship(), ship(hull=1))
    end = finish_round(fs, orders("shoot", "board"), duel([S], [S, S]), {"defender": {"hull": 1}})
    assert end.ending == "sunk" and end.sunk == ("defender",) and end.victor == "aggressor"


def test_6_2_a_boarder_that_did_not_win_does_nothing() -> None:
    fs = pair(ship(), ship())
    assert finish_round(fs, orders("board", "shoot"), duel([S], [S, S]), {}).ending == "continues"
    assert finish_round(fs, orders("board", "board"), duel([S], [S]), {}).ending == "continues"


# ---- 6.2 steps 4-5: both sides' hits together, effects at 0 ----
def test_6_2_both_sides_hits_land_together_and_both_can_sink() -> None:
    fs = pair(ship(hull=1), ship(hull=2))
    hits: dict[Role, dict[HitLocation, int]] = {"aggressor": {"hull": 1}, "defender": {"hull": 2}}
    end = finish_round(fs, orders("shoot", "shoot"), duel([S, S], [S]), hits)
    assert end.ending == "sunk" and end.sunk == ("aggressor", "defender") and end.victor is None


def test_6_2_a_sinking_gives_the_other_side_the_victory_and_one_glory() -> None:
    fs = pair(ship(), ship(hull=2))
    end = finish_round(fs, orders("shoot", "shoot"), duel([S], [1]), {"defender": {"hull": 2}, "aggressor": {"masts": 1}})
    assert end.victor == "aggressor" and end.fighters["aggressor"].at("masts") == 2
    assert glory_for("aggressor", end.victor) == GLORY_FOR_VICTORY == 1
    assert glory_for("defender", end.victor) == 0
    assert glory_for("aggressor", None) == 0


def test_6_2_hull_one_short_of_zero_keeps_the_combat_going() -> None:
    fs = pair(ship(), ship(hull=2))
    end = finish_round(fs, orders("shoot", "shoot"), duel([S], [1]), {"defender": {"hull": 1}})
    assert end.ending == "continues" and not end.fighters["defender"].sunk


def test_6_2_take_hits_stops_at_zero() -> None:
    assert take_hits(ship(crew=1), {"crew": 3}).at("crew") == 0
    assert take_hits(ship(), {}) == ship()


def test_6_2_effects_at_zero_are_listed_and_bar_raids() -> None:
    assert destroyed(ship()) == () and may_raid(ship())
    hurt = ship(masts=0, cargo=0)
    assert destroyed(hurt) == ("masts", "cargo") and not may_raid(hurt)
    assert not may_raid(ship(cannons=0))


def test_6_2_masts_at_zero_allow_one_move_a_turn() -> None:
    assert moves_allowed(masts=0, moves=3) == 1
    assert moves_allowed(masts=1, moves=3) == 3
    assert moves_allowed(masts=0, moves=0) == 0


def test_6_2_every_cargo_hit_discards_a_card_and_cargo_at_zero_discards_all() -> None:
    assert cargo_cards_lost(cards_held=3, cargo_hits=1, cargo_left=2) == 1
    assert cargo_cards_lost(cards_held=1, cargo_hits=2, cargo_left=1) == 1
    assert cargo_cards_lost(cards_held=4, cargo_hits=1, cargo_left=0) == 4
    assert cargo_cards_lost(cards_held=0, cargo_hits=2, cargo_left=0) == 0
