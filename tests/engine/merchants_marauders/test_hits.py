"""Hit locations and special weapons (engine/merchants_marauders/rules/hits.py): base
reconstruction 6.2 steps 4 and 6 and Seas of Glory Module 2 (MM-M2-*), with the expansion's two
worked examples reproduced with their numbers: incendiary shot (MM-M2-11: 2 skulls and a 4) and
double shot (MM-M2-18: 3 skulls and a 2 give 6 damage from 4 dice)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.combat import (
    Role,
    contest,
    contest_dice,
    finish_round,
    fire_damage,
    hits_dealt,
    take_hits,
)
from engine.merchants_marauders.rules.hits import (
    Remainder,
    burn,
    check_weapons,
    default_burn_zone,
    default_remainder,
    double_shot,
    double_shot_remainder,
    doubled_skulls,
    extinguish,
    ignite,
    locate,
    spend,
    spikes_penalty,
)
from engine.merchants_marauders.vocab import Face
from tests.engine.merchants_marauders.test_combat import S, duel, orders, pair, ship


# ---- 6.2 step 4: plain location dice ----
def test_6_2_each_face_names_its_location_and_a_skull_the_hull() -> None:
    v = locate(ship(), [1, 2, 3, 4, S])
    assert v.hits == {"cargo": 1, "masts": 1, "crew": 1, "cannons": 1, "hull": 1} and not v.ignites


def test_6_2_a_hit_on_a_location_at_zero_goes_to_the_hull() -> None:
    assert locate(ship(crew=0), [3]).hits == {"hull": 1}
    assert locate(ship(crew=1), [3, 3]).hits == {"crew": 1, "hull": 1}     # the second finds crew at 0
    assert locate(ship(crew=2), [3, 3]).hits == {"crew": 2}                 # one short: no overflow


def test_6_2_a_sunk_hull_takes_no_more_hits() -> None:
    assert locate(ship(hull=1), [S, S, 4]).hits == {"cannons": 1, "hull": 1}


def test_6_2_chain_shot_sends_skulls_to_the_masts() -> None:
    assert locate(ship(), [S, S, 1], "chain_shot").hits == {"cargo": 1, "masts": 2}
    assert locate(ship(masts=1), [S, S], "chain_shot").hits == {"masts": 1, "hull": 1}   # then on to the hull


def test_6_2_grapeshot_sends_skulls_to_the_crew() -> None:
    assert locate(ship(), [S, 2], "grapeshot").hits == {"masts": 1, "crew": 1}


# ---- MM-M2-05..11: incendiary shot ----
def test_mm_m2_11_incendiary_2_skulls_and_a_4_cost_red_one_cannon_then_red_burns_where_it_picks() -> None:
    blue = ship(weapons=frozenset({"incendiary_shot"}))
    red = ship()
    c = duel([S, S, S], [S, 1])                             # blue wins: 3 hits from 3 cannons
    assert hits_dealt("shoot", "aggressor", c, blue.at("cannons")) == 3
    check_weapons(blue, "shoot", {"incendiary_shot"})
    v = locate(red, [S, S, 4], "incendiary_shot")
    assert v.hits == {"cannons": 1} and v.ignites           # the 2 skulls do nothing
    red = ignite(take_hits(red, v.hits))
    assert red.at("cannons") == 2 and red.at("hull") == 3 and red.burning
    assert spend(blue, {"incendiary_shot"}).weapons == frozenset()
    fire = burn(red, "crew")                                # before the next round red names a zone
    assert fire == {"crew": 1}
    assert take_hits(red, fire).at("crew") == 2


def test_mm_m2_05_incendiary_needs_a_skull() -> None:
    with pytest.raises(IllegalActionError, match="at least one skull"):
        locate(ship(), [1, 4], "incendiary_shot")
    assert locate(ship(), [S], "incendiary_shot").hits == {}


def test_mm_m2_08_fire_burns_every_later_round_until_put_out() -> None:
    red = ignite(ship())
    for _ in range(2):
        red = take_hits(red, burn(red, "cargo"))
    assert red.at("cargo") == 1
    red = extinguish(red)                                   # MM-M2-09: clash begun or combat over
    assert not red.burning and burn(red, "cargo") == {}


def test_mm_m2_10_a_burning_zone_at_zero_passes_the_damage_to_the_hull() -> None:
    red = ignite(ship(masts=0))
    assert burn(red, "masts") == {"hull": 1}
    assert burn(red, "crew") == {"crew": 1}
    assert burn(red) == {"cargo": 1}                        # the default never names a zone at 0


def test_mm_m2_08_fire_can_sink_the_ship_and_the_shooter_is_victor() -> None:
    red = ignite(ship(hull=1, masts=0, crew=0, cannons=0, cargo=0))
    assert default_burn_zone(red) == "hull"
    end = fire_damage(pair(ship(), red), {"defender": burn(red)})
    assert end.ending == "sunk" and end.sunk == ("defender",) and end.victor == "aggressor"
    assert fire_damage(pair(ship(), red), {"defender": burn(red, "crew")}).victor == "aggressor"   # crew at 0: hull


def test_mm_m2_08_fire_that_does_not_sink_lets_the_round_begin() -> None:
    red = ignite(ship(hull=2, masts=0, crew=0, cannons=0, cargo=0))
    end = fire_damage(pair(ship(), red), {"defender": burn(red)})
    assert end.ending == "continues" and end.fighters["defender"].at("hull") == 1
    both = ignite(ship(hull=1))
    end = fire_damage({"aggressor": both, "defender": both}, {"aggressor": {"hull": 1}, "defender": {"hull": 1}})
    assert end.sunk == ("aggressor", "defender") and end.victor is None


def test_default_burn_zone_spares_the_hull_and_takes_the_most_points() -> None:
    assert default_burn_zone(ship(hull=1, crew=4)) == "crew"
    assert default_burn_zone(ship()) == "cargo"           # all equal: cargo first
    assert default_burn_zone(ship(cargo=0)) == "cannons"      # a zone at 0 is never the pick
    assert default_burn_zone(ship(hull=2, masts=0, crew=0, cannons=0, cargo=0)) == "hull"


# ---- MM-M2-12..18: double shot ----
def test_mm_m2_18_double_shot_3_skulls_and_a_2_give_6_damage_from_4_dice() -> None:
    blue = ship(hull=3, masts=1, crew=3, cannons=3, cargo=0)   # blue's hold was destroyed earlier
    faces: list[Face] = [S, S, S, 2]
    assert doubled_skulls(faces) == 5
    assert double_shot_remainder(blue, faces) == Remainder(count=2, zones=("hull", "crew", "cannons"))
    v = locate(blue, faces, "double_shot", remainder=["crew", "hull"])
    assert v.hits == {"masts": 1, "hull": 2, "crew": 2, "cannons": 1}
    assert sum(v.hits.values()) == 6
    after = take_hits(blue, v.hits)
    assert after.points == {"hull": 1, "masts": 0, "crew": 1, "cannons": 2, "cargo": 0}


def test_mm_m2_18_default_remainder_spares_the_hull() -> None:
    blue = ship(hull=3, masts=1, crew=3, cannons=3, cargo=0)
    assert double_shot(blue, [S, S, S, 2]) == {"masts": 1, "hull": 1, "crew": 2, "cannons": 2}
    assert default_remainder({"hull": 2, "crew": 1, "cannons": 2, "masts": 0, "cargo": 0},
                             ("hull", "crew", "cannons"), 2) == ["cannons", "crew"]


@pytest.mark.parametrize(("n", "total"), [(0, 0), (1, 2), (2, 4), (3, 5), (4, 6)])
def test_mm_m2_13_at_most_two_skulls_are_doubled(n: int, total: int) -> None:
    assert doubled_skulls([S] * n + [1]) == total


def test_mm_m2_13_one_skull_is_enough_and_none_is_refused() -> None:
    assert double_shot(ship(), [S, 1]) == {"cargo": 1, "cannons": 1, "masts": 1}   # the 1 first; cargo now has fewest
    assert double_shot(ship(), [S]) == {"cargo": 1, "cannons": 1}      # 2 hits, remainder by default
    with pytest.raises(IllegalActionError, match="at least one skull"):
        locate(ship(), [2, 3], "double_shot")
    with pytest.raises(IllegalActionError, match="at least one skull"):
        double_shot(ship(), [4])


def test_mm_m2_17_every_standing_zone_takes_one_before_any_takes_two() -> None:
    v = double_shot(ship(), [S, S, S, S], remainder=["hull"])          # 6 hits over 5 zones
    assert v == {"cargo": 1, "masts": 1, "crew": 1, "cannons": 1, "hull": 2}


def test_mm_m2_15_zones_destroyed_in_a_round_of_the_spread_leave_it() -> None:
    weak = ship(hull=5, masts=1, crew=1, cannons=1, cargo=1)
    assert double_shot_remainder(weak, [S, S, S, S]) == Remainder(count=0, zones=())
    assert double_shot(weak, [S, S, S, S]) == {"hull": 2, "masts": 1, "crew": 1, "cannons": 1, "cargo": 1}


def test_mm_m2_14_numbered_hits_land_first_even_on_a_zone_the_spread_would_skip() -> None:
    v = double_shot(ship(hull=6, masts=0, crew=0, cannons=0, cargo=0), [S, S, 3])
    assert v == {"hull": 5}                 # the 3 finds crew at 0: hull; then 4 skull hits on the hull


def test_mm_m2_15_the_target_must_name_distinct_standing_zones_for_the_remainder() -> None:
    blue = ship(hull=3, masts=1, crew=3, cannons=3, cargo=0)
    for bad in (["crew"], ["crew", "crew"], ["crew", "masts"], ["crew", "hull", "cannons"]):
        with pytest.raises(IllegalActionError, match="Choose 2 different locations"):
            double_shot(blue, [S, S, S, 2], remainder=bad)  # type: ignore[arg-type]


# ---- 6.2 step 6, MM-M2-16, -24, -25: which weapons go together ----
ARMED = ship(weapons=frozenset({"chain_shot", "grapeshot", "boarding_hooks", "incendiary_shot", "double_shot", "spikes"}))


def test_mm_m2_25_one_kind_of_shot_per_round() -> None:
    check_weapons(ARMED, "shoot", {"grapeshot"})
    with pytest.raises(IllegalActionError, match="one kind of shot"):
        check_weapons(ARMED, "shoot", {"chain_shot", "incendiary_shot"})


def test_mm_m2_16_double_shot_joins_no_other_weapon() -> None:
    with pytest.raises(IllegalActionError, match="one kind of shot"):
        check_weapons(ARMED, "shoot", {"double_shot", "chain_shot"})
    with pytest.raises(IllegalActionError, match="only work when you board"):
        check_weapons(ARMED, "shoot", {"double_shot", "spikes"})


def test_mm_m2_24_hooks_and_spikes_go_together_when_boarding() -> None:
    check_weapons(ARMED, "board", {"boarding_hooks", "spikes"})
    with pytest.raises(IllegalActionError, match="only works when you shoot"):
        check_weapons(ARMED, "board", {"spikes", "grapeshot"})
    with pytest.raises(IllegalActionError, match="only work when you board"):
        check_weapons(ARMED, "flee", {"boarding_hooks"})


def test_mm_m2_02_a_weapon_must_be_aboard_to_be_spent() -> None:
    with pytest.raises(IllegalActionError, match="no double shot"):
        check_weapons(ship(), "shoot", {"double_shot"})
    assert spend(ARMED, {"spikes", "boarding_hooks"}).weapons == ARMED.weapons - {"spikes", "boarding_hooks"}


# ---- MM-M2-20..23: spikes ----
def test_mm_m2_22_spikes_after_a_lost_boarding_cost_the_enemy_a_seamanship_die() -> None:
    p = spikes_penalty("aggressor", duel([1], [S]), clash_begins=False)
    assert (p.role, p.skill) == ("defender", "seamanship")
    assert spikes_penalty("aggressor", duel([1], [1]), clash_begins=False).skill == "seamanship"   # no winner


def test_mm_m2_21_the_penalty_is_one_die_next_round_never_below_one() -> None:
    p = spikes_penalty("aggressor", duel([1], [S]), clash_begins=False)
    defender, aggressor = ship(seamanship=3), ship()
    assert contest_dice(defender, aggressor, modifier=-1) == 2
    assert contest_dice(ship(seamanship=1), aggressor, modifier=-1) == 1
    assert p.role == "defender"


def test_mm_m2_23_spikes_after_a_won_boarding_cost_the_enemy_a_leadership_die_in_the_clash() -> None:
    p = spikes_penalty("defender", duel([1], [S]), clash_begins=True)
    assert (p.role, p.skill) == ("aggressor", "leadership")


def test_mm_m2_23_a_won_boarding_that_never_reached_the_clash_falls_back_to_seamanship() -> None:
    assert spikes_penalty("defender", duel([1], [S]), clash_begins=False).skill == "seamanship"


# ---- a whole round, both volleys together ----
def test_6_2_a_round_of_both_shooting_applies_both_volleys_from_the_same_start() -> None:
    a, d = ship(cannons=2), ship(cannons=3, weapons=frozenset({"chain_shot"}))
    c = contest({"aggressor": [S, 2], "defender": [S, S]})          # defender wins
    n = {"aggressor": hits_dealt("shoot", "aggressor", c, a.at("cannons")),
         "defender": hits_dealt("shoot", "defender", c, d.at("cannons"))}
    assert n == {"aggressor": 1, "defender": 3}
    on: dict[Role, dict] = {"defender": locate(d, [S]).hits,
                            "aggressor": locate(a, [S, S, 3], "chain_shot").hits}
    end = finish_round(pair(a, d), orders("shoot", "shoot"), c, on)
    assert end.ending == "continues"
    assert end.fighters["aggressor"].points == {"hull": 3, "masts": 1, "crew": 2, "cannons": 2, "cargo": 3}
    assert end.fighters["defender"].at("hull") == 2
