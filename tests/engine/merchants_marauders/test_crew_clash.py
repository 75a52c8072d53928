"""The crew clash (engine/merchants_marauders/rules/crew_clash.py): base reconstruction 6.3 (Leadership
skulls remove enemy crew, both at once; the side out of crew loses; both out together, the boarded
ship holds; a boarded ship with no crew loses at once; a losing player captain dies; the victor's
glory), with Seas of Glory's fire put out and spikes' Leadership penalty (MM-M2-09, -23)."""
from __future__ import annotations

import pytest

from engine.merchants_marauders.rules.combat import Role, finish_round, glory_for, other
from engine.merchants_marauders.rules.crew_clash import (
    Clash,
    after_clash,
    begin_clash,
    captain_dies,
    clash_dice,
    clash_round,
)
from engine.merchants_marauders.rules.hits import extinguish, ignite, spikes_penalty
from engine.merchants_marauders.vocab import Face
from tests.engine.merchants_marauders.test_combat import S, duel, orders, pair, ship


def clash(boarder_crew: int, boarded_crew: int, boarder: Role = "aggressor") -> Clash:
    crews = {boarder: boarder_crew, other(boarder): boarded_crew}
    return begin_clash(pair(ship(crew=crews["aggressor"]), ship(crew=crews["defender"])), boarder)


def rolls(a: list[Face], d: list[Face]) -> dict[Role, list[Face]]:
    return {"aggressor": a, "defender": d}


def test_6_3_each_skull_removes_one_enemy_crew_both_at_once() -> None:
    c = clash_round(clash(3, 3), rolls([S, S, 1], [S, 4]))
    assert c.crew == {"aggressor": 2, "defender": 1} and c.rounds == 1 and not c.over


def test_6_3_no_skulls_change_nothing_and_the_clash_goes_on() -> None:
    c = clash_round(clash(2, 2), rolls([1, 2], [3, 4]))
    assert c.crew == {"aggressor": 2, "defender": 2} and c.winner is None


def test_6_3_the_side_out_of_crew_loses_and_crew_never_goes_below_zero() -> None:
    c = clash_round(clash(3, 1), rolls([S, S, S], [4]))
    assert c.crew == {"aggressor": 3, "defender": 0} and c.winner == "aggressor"
    c = clash_round(clash(1, 3, boarder="defender"), rolls([S], [1]))
    assert c.crew == {"aggressor": 3, "defender": 0} and c.winner == "aggressor"   # the boarder can lose


def test_6_3_one_crew_left_keeps_the_clash_going() -> None:
    c = clash_round(clash(3, 2), rolls([S], [1]))
    assert c.crew["defender"] == 1 and not c.over


def test_6_3_both_crews_gone_together_the_boarded_ship_holds() -> None:
    assert clash_round(clash(1, 1), rolls([S], [S])).winner == "defender"
    assert clash_round(clash(2, 1, boarder="defender"), rolls([S, S], [S])).winner == "aggressor"


def test_6_3_a_boarded_ship_with_no_crew_loses_at_once() -> None:
    c = clash(2, 0)
    assert c.over and c.winner == "aggressor" and c.rounds == 0


def test_6_3_the_clash_takes_several_rounds_until_decided() -> None:
    c = clash(3, 3)
    steps: list[tuple[list[Face], list[Face]]] = [([S], [1]), ([2], [S]), ([S, S], [4])]
    for a, d in steps:
        c = clash_round(c, rolls(a, d))
    assert c.crew == {"aggressor": 2, "defender": 0} and c.rounds == 3 and c.winner == "aggressor"
    with pytest.raises(ValueError, match="already decided"):
        clash_round(c, rolls([S], [S]))


def test_6_3_clash_dice_are_leadership_and_never_below_one() -> None:
    assert clash_dice(ship(leadership=3)) == 3
    assert clash_dice(ship(leadership=1), modifier=-1) == 1


def test_mm_m2_23_spikes_take_a_leadership_die_in_the_first_clash_round() -> None:
    p = spikes_penalty("aggressor", duel([S], [1]), clash_begins=True)
    assert p.role == "defender" and p.skill == "leadership"
    assert clash_dice(ship(leadership=3), modifier=-1) == 2


def test_6_3_a_losing_player_captain_dies_and_the_victor_gains_one_glory() -> None:
    c = clash_round(clash(2, 1), rolls([S], [1]))
    assert captain_dies("defender", c, npc=False)
    assert not captain_dies("defender", c, npc=True)        # an NPC leaves the board instead
    assert not captain_dies("aggressor", c, npc=False)
    assert not captain_dies("defender", clash(2, 2), npc=False)   # undecided
    assert glory_for("aggressor", c.winner) == 1 and glory_for("defender", c.winner) == 0


def test_6_3_after_the_clash_both_ships_keep_the_crew_left() -> None:
    fs = pair(ship(crew=3), ship(crew=2))
    c = clash_round(begin_clash(fs, "aggressor"), rolls([S, S], [S]))
    after = after_clash(fs, c)
    assert after["aggressor"].at("crew") == 2 and after["defender"].at("crew") == 0
    assert after["aggressor"].at("hull") == 3


def test_6_2_to_6_3_a_won_boarding_starts_the_clash_and_puts_the_fire_out() -> None:
    fs = pair(ship(crew=2), ignite(ship(crew=3)))
    end = finish_round(fs, orders("board", "shoot"), duel([S, S], [S]), {"aggressor": {"crew": 1}})
    assert end.ending == "clash" and end.boarder == "aggressor"
    boarded = extinguish(end.fighters["defender"])           # MM-M2-09: the clash begins
    assert not boarded.burning
    c = begin_clash({"aggressor": end.fighters["aggressor"], "defender": boarded}, "aggressor")
    assert c.crew == {"aggressor": 1, "defender": 3} and c.boarded == "defender"
