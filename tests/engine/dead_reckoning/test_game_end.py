"""Dead Reckoning — Game End (engine/dead_reckoning/rules/game_end.py): the 4-marker trigger at
the end of a player's own turn, one final turn for each other player, and the finished player's
two protections. Inventory IDs (DR-…) are those of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

from pathlib import Path

from engine.dead_reckoning.rules import game_end
from engine.dead_reckoning.rules.game_end import (
    GameEnd,
    Siege,
    end_of_turn,
    extra_battle_cubes,
    game_over,
    influence_to_replace,
    is_finished,
    place_influence,
    triggers_end,
    turn_over,
)
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text

SEATS = ["p1", "p2", "p3", "p4"]


def test_dr_ovr_03_end_01_four_markers_at_the_end_of_your_turn_trigger_the_end() -> None:
    assert [triggers_end(n) for n in (0, 3, 4, 5, 6)] == [False, False, True, True, True]
    assert end_of_turn(GameEnd(), "p2", 3, SEATS) == GameEnd()
    end = end_of_turn(GameEnd(), "p2", 4, SEATS)
    assert end.triggered_by == "p2" and not game_over(end)


def test_dr_end_02_every_other_player_one_final_turn_in_order_then_the_game_ends() -> None:
    end = end_of_turn(GameEnd(), "p3", 4, SEATS)
    assert end.final_turns == ["p4", "p1", "p2"]              # the triggerer plays no more
    for seat in ("p4", "p1"):
        end = end_of_turn(end, seat, 0, SEATS)
        assert not game_over(end)
    end = end_of_turn(end, "p2", 1, SEATS)
    assert game_over(end) and end.final_turns == [] and end.finished == ["p3", "p4", "p1", "p2"]
    two = end_of_turn(GameEnd(), "p1", 5, ["p1", "p2"])
    assert two.final_turns == ["p2"] and game_over(end_of_turn(two, "p2", 0, ["p1", "p2"]))


def test_dr_end_07_the_triggering_turn_was_the_triggerers_final_turn() -> None:
    end = end_of_turn(GameEnd(), "p1", 4, SEATS)
    assert is_finished(end, "p1") and not is_finished(end, "p2")
    assert extra_battle_cubes(end, "p1") == 2 and influence_to_replace(end, "p1") == 2


def test_dr_end_08_others_reaching_4_in_the_final_round_change_nothing() -> None:
    end = end_of_turn(GameEnd(), "p1", 4, SEATS)
    after = end_of_turn(end, "p2", 6, SEATS)
    assert after.triggered_by == "p1" and after.final_turns == ["p3", "p4"]
    assert after.finished == ["p1", "p2"]


def test_dr_end_06_a_finished_player_adds_2_battle_cubes() -> None:
    end = end_of_turn(end_of_turn(GameEnd(), "p2", 4, SEATS), "p3", 0, SEATS)
    assert [extra_battle_cubes(end, s) for s in SEATS] == [0, 2, 2, 0]
    assert extra_battle_cubes(GameEnd(), "p2") == 0


def test_dr_end_04_a_finished_players_cube_takes_two_influence_actions() -> None:
    end = end_of_turn(GameEnd(), "p2", 4, SEATS)
    assert influence_to_replace(end, "p2") == 2 and influence_to_replace(end, "p3") == 1
    siege, replaced = place_influence(Siege(), "b2:1", influence_to_replace(end, "p3"))
    assert replaced and siege.hits == {}                       # an unfinished player's cube: one icon


def test_dr_end_05_two_icons_in_one_turn_and_half_a_replacement_lapses() -> None:
    """Reading: each icon is one action. Two icons of one ability (or of two) on the same cube in
    one turn replace it; one icon this turn and one the next do not."""
    siege, replaced = place_influence(Siege(), "b2:1", 2)
    assert not replaced and siege.hits == {"b2:1": 1}
    other, replaced_other = place_influence(siege, "c3:2", 2)
    assert not replaced_other and other.hits == {"b2:1": 1, "c3:2": 1}
    done, replaced = place_influence(other, "b2:1", 2)
    assert replaced and done.hits == {"c3:2": 1}
    lapsed = turn_over(siege)
    assert lapsed.hits == {}
    again, replaced = place_influence(lapsed, "b2:1", 2)
    assert not replaced and again.hits == {"b2:1": 1}


def test_no_rulebook_sentence_is_copied() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(game_end.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
