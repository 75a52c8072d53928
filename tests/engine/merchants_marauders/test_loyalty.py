"""The loyalty track (engine/merchants_marauders/rules/loyalty.py): Seas of Glory Module 11 and
the plank of Module 3, with the readings of docs/rules-coverage/merchants_marauders.md (every
player loses a step on an NPC event, Angry's -1 die never below 1, the mutiny is a death)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.defs_sog import LOYALTY_LEVELS
from engine.merchants_marauders.rules import glory
from engine.merchants_marauders.rules import loyalty as ly

BOARDS = Path(__file__).parents[3] / "data/merchants_marauders/seas_of_glory/boards.toml"


def test_the_prices_and_start_are_the_data_files() -> None:
    data = tomllib.loads(BOARDS.read_text())
    assert data["loyalty"]["start"] == ly.START
    assert {lv["id"]: lv["raise_price"] for lv in data["level"] if "raise_price" in lv} == ly.RAISE_PRICES


# ---- Setup ----
def test_mm_m11_02_every_crew_starts_content() -> None:
    assert ly.setup() == "content"


def test_mm_m11_03_the_track_runs_happy_to_mutiny() -> None:
    assert LOYALTY_LEVELS == ("happy", "pleased", "content", "restless", "unhappy", "angry", "mutiny")
    level: ly.Level = "happy"
    walked = [level]
    while level != "mutiny":
        level = ly.worse(level)
        walked.append(level)
    assert tuple(walked) == LOYALTY_LEVELS
    assert ly.better("content") == "pleased" and ly.better("angry") == "unhappy"
    with pytest.raises(ValueError, match="settled at once"):
        ly.worse("mutiny")
    with pytest.raises(ValueError, match="settled at once"):
        ly.better("mutiny")


def test_mm_m11_04_effects_add_up_outwards_from_content() -> None:
    assert ly.in_force("happy") == ["pleased", "happy"]
    assert ly.in_force("pleased") == ["pleased"]
    assert ly.in_force("restless") == ["restless"]
    assert ly.in_force("angry") == ["restless", "unhappy", "angry"]
    assert not ly.applies("pleased", "happy") and not ly.applies("unhappy", "angry")
    assert not ly.applies("restless", "pleased") and not ly.applies("happy", "restless")


def test_mm_m11_05_mutiny_carries_every_penalty() -> None:
    assert ly.in_force("mutiny") == ["restless", "unhappy", "angry", "mutiny"]
    assert ly.mutiny_dice(3) == 2                                           # Angry's -1 on the check


def test_mm_m11_20_content_has_no_effect() -> None:
    assert ly.in_force("content") == []
    assert ly.leadership_dice(2, "content", "crew_clash") == 2
    assert ly.specialists_work("content") and ly.free_by_effect("content") and ly.glory_gate("content", False) == "free"


# ---- Gaining loyalty ----
def test_mm_m11_06_each_glory_point_raises_loyalty_a_step() -> None:
    assert ly.gain_for_glory("restless", 1, "victory") == "content"
    assert ly.gain_for_glory("angry", 2, "mission") == "restless"
    assert ly.gain_for_glory("unhappy", 0, "victory") == "unhappy"
    # the stash's glory is not received on the track: no step, so its amount stays secret
    assert ly.gain_for_glory("unhappy", 1, "stash") == "unhappy"
    assert not glory.draws_glory_cards("stash")                             # as the stash draws no glory card


def test_mm_m11_07_paying_in_port_raises_a_step_3_gold_from_content_to_pleased() -> None:
    assert ly.pay_to_raise("content", gold=3, raised_this_port_action=False) == ("pleased", 0)
    assert ly.pay_to_raise("angry", gold=5, raised_this_port_action=False) == ("unhappy", 4)
    assert ly.pay_to_raise("pleased", gold=4, raised_this_port_action=False) == ("happy", 0)
    with pytest.raises(IllegalActionError, match="costs 3 gold; you have 2"):
        ly.pay_to_raise("content", gold=2, raised_this_port_action=False)


def test_mm_m11_08_paying_raises_at_most_one_step_per_port_action() -> None:
    level, gold = ly.pay_to_raise("unhappy", gold=10, raised_this_port_action=False)
    with pytest.raises(IllegalActionError, match="already risen in this port action"):
        ly.pay_to_raise(level, gold, raised_this_port_action=True)


def test_mm_m11_09_loyalty_never_goes_above_happy() -> None:
    assert ly.better("happy") == "happy"
    assert ly.gain_for_glory("pleased", 3, "victory") == "happy"
    with pytest.raises(IllegalActionError, match="already Happy"):
        ly.pay_to_raise("happy", gold=10, raised_this_port_action=False)


# ---- Losing loyalty ----
def test_mm_m11_10_an_npc_event_costs_every_player_a_step_unless_a_plank_cancels_it() -> None:
    out = ly.npc_event({1: "content", 2: "happy", 3: "angry"}, cancelled={2})
    assert out[1] == ly.Loss(level="restless", mutiny=False)
    assert out[2] == ly.Loss(level="happy", mutiny=False)                   # its plank held
    assert out[3] == ly.Loss(level="mutiny", mutiny=True)


def test_mm_m11_11_declaring_a_stash_costs_a_step() -> None:
    assert ly.lose("pleased", "stash") == ly.Loss(level="content", mutiny=False)


def test_mm_m11_12_a_turn_begun_and_ended_in_one_port_costs_a_step() -> None:
    assert ly.same_port("havana", "havana")
    assert not ly.same_port("havana", "tortuga")
    assert not ly.same_port(None, "havana") and not ly.same_port("havana", None)
    assert not ly.same_port(None, None)                                     # at sea both times
    assert ly.lose("content", "same_port").level == "restless"


def test_mm_m11_13_fierce_loyalty_a_passed_check_costs_a_step_for_an_action() -> None:
    assert ly.fierce_loyalty("content", passed=True, used_this_round=False) == ly.Fierce(
        level="restless", extra_actions=1, mutiny=False)
    assert ly.fierce_loyalty("angry", passed=True, used_this_round=False).mutiny


def test_mm_m11_14_fierce_loyalty_once_a_round() -> None:
    with pytest.raises(IllegalActionError, match="already called on Fierce Loyalty this round"):
        ly.fierce_loyalty("happy", passed=True, used_this_round=True)


def test_mm_m11_15_a_failed_fierce_loyalty_costs_nothing() -> None:
    assert ly.fierce_loyalty("unhappy", passed=False, used_this_round=False) == ly.Fierce(
        level="unhappy", extra_actions=0, mutiny=False)


# ---- The levels ----
def test_mm_m11_16_happy_adds_a_leadership_die_in_a_clash_or_land_battle() -> None:
    assert ly.leadership_dice(2, "happy", "crew_clash") == 3
    assert ly.leadership_dice(2, "happy", "land_battle") == 3
    assert ly.leadership_dice(2, "happy", "none") == 2                      # recruiting, checks
    assert ly.leadership_dice(2, "pleased", "crew_clash") == 2


def test_mm_m11_17_pleased_recruits_crew_to_the_ships_value_for_free() -> None:
    assert ly.free_recruit("pleased", crew=1, crew_value=3) == 3
    assert ly.free_recruit("happy", crew=0, crew_value=2) == 2
    assert ly.free_recruit("happy", crew=3, crew_value=2) == 3              # never fewer
    with pytest.raises(IllegalActionError, match="Pleased or Happy"):
        ly.free_recruit("content", crew=1, crew_value=3)


def test_mm_m11_18_19_pleased_takes_one_free_specialist_a_round() -> None:
    ly.free_specialist("pleased", used_this_round=False)
    ly.free_specialist("happy", used_this_round=False)
    with pytest.raises(IllegalActionError, match="already taken a free specialist this round"):
        ly.free_specialist("pleased", used_this_round=True)
    with pytest.raises(IllegalActionError, match="Pleased or Happy"):
        ly.free_specialist("content", used_this_round=False)


def test_mm_m11_21_restless_and_worse_recruit_nothing_for_free_by_any_means() -> None:
    assert ly.free_by_effect("content") and ly.free_by_effect("happy")
    for level in ("restless", "unhappy", "angry"):
        assert not ly.free_by_effect(level)
        with pytest.raises(IllegalActionError):
            ly.free_recruit(level, crew=0, crew_value=2)


def test_mm_m11_22_restless_switches_the_specialists_off() -> None:
    assert ly.specialists_work("pleased") and ly.specialists_work("content")
    assert not ly.specialists_work("restless") and not ly.specialists_work("angry")


def test_mm_m11_23_unhappy_checks_before_a_glory_card_and_a_failure_bars_the_round() -> None:
    assert ly.glory_gate("restless", failed_this_round=False) == "free"
    assert ly.glory_gate("unhappy", failed_this_round=False) == "check"
    assert ly.glory_gate("unhappy", failed_this_round=True) == "barred"
    assert ly.glory_gate("angry", failed_this_round=False) == "check"


def test_mm_m11_24_angry_takes_a_leadership_die_in_combat_never_below_1() -> None:
    assert ly.leadership_dice(3, "angry", "crew_clash") == 2
    assert ly.leadership_dice(3, "angry", "land_battle") == 2
    assert ly.leadership_dice(1, "angry", "crew_clash") == 1
    assert ly.leadership_dice(3, "angry", "none") == 3
    assert ly.leadership_dice(3, "unhappy", "crew_clash") == 3


def test_mm_m11_25_26_reaching_mutiny_calls_a_check_and_a_pass_settles_at_angry() -> None:
    loss = ly.lose("angry", "stash")
    assert loss.mutiny and loss.level == "mutiny"
    assert ly.resolve_mutiny(passed=True) == "angry"


def test_mm_m11_27_a_failed_mutiny_check_kills_the_captain() -> None:
    assert ly.resolve_mutiny(passed=False) is None
    assert ly.setup() == "content"                                          # the next captain's crew


def test_mm_m11_28_the_mutiny_check_is_no_crew_clash() -> None:
    # Happy's clash bonus never reaches it and a clash modifier is not taken: only Angry's -1
    assert ly.mutiny_dice(2) == 1 and ly.mutiny_dice(1) == 1
    assert ly.mutiny_dice(4) == ly.leadership_dice(4, "mutiny", "crew_clash") == 3


def test_mm_m11_29_every_new_loss_at_angry_is_another_mutiny() -> None:
    level = ly.resolve_mutiny(passed=True)
    assert level == "angry"
    again = ly.lose(level, "same_port")
    assert again.mutiny
    assert ly.lose(ly.better(level), "npc_event") == ly.Loss(level="angry", mutiny=False)


# ---- The plank ----
def test_mm_m3_12_the_plank_joins_the_mix_only_with_loyalty() -> None:
    assert ly.plank_in_mix(loyalty_module=True)
    assert not ly.plank_in_mix(loyalty_module=False)


def test_mm_m3_13_the_plank_cancels_only_an_npc_events_loss() -> None:
    assert ly.plank_covers("npc_event")
    for cause in ("stash", "same_port", "fierce"):
        assert not ly.plank_covers(cause)


def test_mm_m3_14_a_passed_leadership_check_or_a_crew_at_sea_cancels_it() -> None:
    assert ly.plank("check", crew=2, at_sea=False, passed=True) == ly.Plank(cancelled=True, crew=2)
    assert ly.plank("crew", crew=2, at_sea=True) == ly.Plank(cancelled=True, crew=1)
    with pytest.raises(IllegalActionError, match="Only at sea"):
        ly.plank("crew", crew=2, at_sea=False)
    with pytest.raises(IllegalActionError, match="no crew"):
        ly.plank("crew", crew=0, at_sea=True)
    assert ly.plank("accept", crew=2, at_sea=True) == ly.Plank(cancelled=False, crew=2)


def test_mm_m3_15_a_failed_check_leaves_the_loss_and_keeps_the_crew() -> None:
    assert ly.plank("check", crew=2, at_sea=True, passed=False) == ly.Plank(cancelled=False, crew=2)
    with pytest.raises(ValueError, match="needs its result"):
        ly.plank("check", crew=2, at_sea=True)
