"""Variant 5, Cutthroat (engine/merchants_marauders/rules/cutthroat.py): out-of-turn scouting when
the active player enters your zone, the turned captain card, the -2 actions penalty, the roll-off
among several scouts, and the battle a find begins (text partly printed under Variant 4)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules import cutthroat as ct
from engine.merchants_marauders.rules.cutthroat import Captain
from engine.merchants_marauders.vocab import Face

ACTIVE = 1


def cap(seat: int, zone: str = "tortuga", **kw: object) -> Captain:
    return Captain.model_validate({"seat": seat, "zone": zone, **kw})


def test_mm_v5_04_a_captain_at_sea_in_the_zone_entered_may_scout_out_of_turn() -> None:
    table = [cap(ACTIVE), cap(2), cap(3, in_port=True), cap(4, zone="nassau")]
    assert ct.eligible(table, ACTIVE, "tortuga", "entered_zone") == [2]
    assert ct.eligible(table, ACTIVE, "tortuga", "left_port") == [2]      # sailing out of the port counts
    assert ct.eligible(table, ACTIVE, "tortuga", "turn_start") == []      # only an arrival opens it
    assert ct.eligible(table, ACTIVE, "nassau", "entered_zone") == [4]
    assert not ct.may_scout(cap(ACTIVE), ACTIVE, "tortuga", "entered_zone")   # not for yourself


def test_mm_v5_05_scouting_turns_the_card_and_the_next_turn_turns_it_back() -> None:
    c = ct.declare(cap(2))
    assert c.card_turned
    actions, c = ct.start_turn(c)
    assert not c.card_turned and c.penalty == 0


def test_mm_v5_09_no_second_out_of_turn_scouting_while_the_card_is_turned() -> None:
    c = ct.declare(cap(2))
    assert not ct.may_scout(c, ACTIVE, "tortuga", "entered_zone")
    with pytest.raises(IllegalActionError, match="already scouted out of turn"):
        ct.declare(c)
    _, c = ct.start_turn(c)
    assert ct.may_scout(c, ACTIVE, "tortuga", "entered_zone")            # open again after its turn


def test_mm_v5_08_the_scout_has_two_fewer_actions_on_its_next_turn() -> None:
    actions, c = ct.start_turn(ct.declare(cap(2)))
    assert actions == 1 == ct.ACTIONS_PER_TURN - ct.PENALTY
    actions, _ = ct.start_turn(c)
    assert actions == 3                                     # paid once only
    actions, _ = ct.start_turn(ct.declare(cap(2)), actions=4)   # a turn with an extra action
    assert actions == 2
    actions, _ = ct.start_turn(cap(2, penalty=2), actions=1)
    assert actions == 0                                     # never below nothing


def test_mm_v4_06_the_rules_printed_under_life_is_pain_are_cutthroats() -> None:
    # the find, the survivor's turn and the penalty all live in the cutthroat module
    found = ct.ambush({2: ["skull", 3]})
    assert found.finder == 2 and found.penalised == (2,)
    assert ct.actions_after_ambush(2, captain_died=False) == 2
    assert ct.start_turn(ct.declare(cap(2)))[0] == 1


def test_mm_v5_06_one_skull_finds_the_active_player_and_a_battle_begins() -> None:
    assert ct.ambush({2: [1, "skull"]}).finder == 2
    missed = ct.ambush({2: [4, 4, 3]})
    assert missed.finder is None and missed.reroll == () and missed.penalised == (2,)
    assert ct.ambush_roles(2, ACTIVE) == {"aggressor": 2, "defender": ACTIVE}


def test_mm_v5_07_a_found_player_who_survives_carries_on_with_the_turn() -> None:
    assert ct.actions_after_ambush(2, captain_died=False) == 2
    assert ct.actions_after_ambush(2, captain_died=True) == 0


def test_mm_v5_10_out_of_turn_scouts_come_before_the_zones_npcs() -> None:
    assert ct.entry_scouting([2, 4], ["navy_spain", "pirate_sloop"]) == [2, 4, "navy_spain", "pirate_sloop"]
    assert ct.entry_scouting([], ["navy_spain"]) == ["navy_spain"]


def test_mm_v5_11_most_skulls_finds_then_the_highest_total() -> None:
    rolls: dict[int, list[Face]] = {2: ["skull", 1], 3: ["skull", "skull"], 4: [4, 4, 4]}
    assert ct.ambush(rolls).finder == 3
    assert ct.ambush({2: ["skull", 3, 1], 3: ["skull", 2, 1]}).finder == 2       # 4 against 3
    assert ct.ambush({2: ["skull", 2], 3: ["skull", 3]}).finder == 3             # 2 against 3


def test_mm_v5_12_everyone_who_scouted_pays_found_or_not() -> None:
    r = ct.ambush({2: ["skull"], 3: [1, 2], 4: [3]})
    assert r.finder == 2 and r.penalised == (2, 3, 4)


def test_mm_v5_13_a_complete_tie_is_rolled_again_by_the_tied_scouts_only() -> None:
    first = ct.ambush({2: ["skull", 3], 3: ["skull", 3], 4: [4, 1]})
    assert first.finder is None and first.reroll == (2, 3) and first.penalised == (2, 3, 4)
    again = ct.ambush({2: [1, 1], 3: ["skull", 1]}, penalised=first.penalised)
    assert again.finder == 3 and again.penalised == (2, 3, 4)
    still = ct.ambush({2: ["skull"], 3: ["skull"]}, penalised=first.penalised)
    assert still.reroll == (2, 3)
    nobody = ct.ambush({2: [1], 3: [1]})                    # level without a skull: nobody finds
    assert nobody.finder is None and nobody.reroll == ()
    with pytest.raises(ValueError, match="at least one scout"):
        ct.ambush({})


def test_mm_v5_14_the_finder_attacks_and_takes_the_bounty_for_a_non_pirate() -> None:
    assert ct.ambush_bounty("england", active_is_pirate=False) == "england"
    assert ct.ambush_bounty("england", active_is_pirate=True) is None
