"""Goodwill (engine/merchants_marauders/rules/goodwill.py): Seas of Glory Module 10, with the
readings of docs/rules-coverage/merchants_marauders.md (1 bought per port action, a redraw takes
the whole draw, a closed port's price paid at once)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules import goodwill as gw
from engine.merchants_marauders.rules.goodwill import Terms
from engine.merchants_marauders.vocab import Face

BOARDS = Path(__file__).parents[3] / "data/merchants_marauders/seas_of_glory/boards.toml"
ME, OTHER = 1, 2


def test_the_board_defaults_are_the_data_files() -> None:
    data = tomllib.loads(BOARDS.read_text())["goodwill"]
    assert Terms(start=data["start"], max=data["max"], price=data["price"], per_situation=data["per_situation"]) == gw.BOARD


# ---- Setup and gaining ----
def test_mm_m10_01_every_player_starts_with_no_goodwill() -> None:
    assert gw.setup() == 0
    assert gw.setup(Terms(start=2)) == 2


def test_mm_m10_02_one_goodwill_for_2_gold_at_the_end_of_a_port_action() -> None:
    assert gw.buy(0, gold=2, bought_this_port_action=False) == (1, 0)
    with pytest.raises(IllegalActionError, match="costs 2 gold; you have 1"):
        gw.buy(0, gold=1, bought_this_port_action=False)


def test_mm_m10_03_04_taking_and_completing_a_mission_each_give_1() -> None:
    assert gw.gain(2, "mission_taken") == 3
    assert gw.gain(gw.gain(0, "mission_taken"), "mission_completed") == 2


def test_mm_m10_05_goodwill_never_goes_above_5() -> None:
    assert gw.gain(4, "mission_completed") == 5
    assert gw.gain(5, "mission_taken") == 5
    with pytest.raises(IllegalActionError, match="top of 5"):
        gw.buy(5, gold=10, bought_this_port_action=False)
    assert gw.buy(4, gold=10, bought_this_port_action=False) == (5, 8)


def test_mm_m10_06_only_one_goodwill_is_bought_in_a_port_action() -> None:
    points, gold = gw.buy(1, gold=6, bought_this_port_action=False)
    with pytest.raises(IllegalActionError, match="already bought goodwill in this port action"):
        gw.buy(points, gold, bought_this_port_action=True)
    assert gw.buy(points, gold, bought_this_port_action=False) == (3, 2)    # the next port action


# ---- Spending: redraws ----
def test_mm_m10_07_one_goodwill_redraws_a_rumour_glory_mission_buy_or_raid_draw() -> None:
    for draw in ("rumour", "glory", "mission", "buy", "raid_opening", "raid_card", "reward"):
        assert gw.may_redraw(draw)
        assert gw.spend_redraw(2, draw, "s", (), ME, ME) == (1, ("s",))


def test_mm_m10_08_09_no_redraw_of_an_event_nor_of_cards_an_event_makes_you_draw() -> None:
    assert not gw.may_redraw("event") and not gw.may_redraw("by_event")
    for draw in ("event", "by_event"):
        with pytest.raises(IllegalActionError, match="event"):
            gw.spend_redraw(3, draw, "s", (), ME, ME)


def test_mm_m10_10_a_redraw_takes_back_the_whole_draw() -> None:
    drawn = ["c1", "c2", "c3", "c4", "c5", "c6"]                              # a buy's six cards
    again, deck, discarded = gw.redraw_cards(drawn, ["d1", "d2", "d3", "d4", "d5", "d6", "d7"])
    assert again == ["d1", "d2", "d3", "d4", "d5", "d6"] and deck == ["d7"] and discarded == drawn
    assert gw.redraw_cards(["r1"], ["r2", "r3"]) == (["r2"], ["r3"], ["r1"])  # a rumour's one card
    assert gw.redraw_cards(["c1", "c2"], ["d1"]) == (["d1"], [], ["c1", "c2"])


# ---- Spending: rerolls ----
def test_mm_m10_11_12_a_non_combat_check_scouting_included_is_rerolled_and_the_new_roll_stands() -> None:
    first: list[Face] = [1, 2, 3]
    again: list[Face] = ["skull", 4, 1]
    left, spent, roll = gw.reroll(2, "elsewhere", "scout:merchant", (), ME, ME, first, again)
    assert (left, spent, roll) == (1, ("scout:merchant",), again)
    with pytest.raises(ValueError, match="same 3 dice"):
        gw.reroll(2, "elsewhere", "s", (), ME, ME, first, [1, 2])


def test_mm_m10_13_no_reroll_in_a_battle_or_a_raid() -> None:
    assert gw.may_reroll("elsewhere")
    for place in ("battle", "raid"):
        assert not gw.may_reroll(place)
        with pytest.raises(IllegalActionError, match="battle or a raid"):
            gw.reroll(3, place, "s", (), ME, ME, [1], [2])


def test_mm_m10_14_an_npc_that_found_you_rolls_again_once() -> None:
    left, spent = gw.force_rescout(2, found=True, situation="scout:navy_spain", spent=(), owner=ME, found_seat=ME)
    assert left == 1
    with pytest.raises(IllegalActionError, match="once is the limit"):        # its second success stands
        gw.force_rescout(left, True, "scout:navy_spain", spent, ME, ME)
    with pytest.raises(IllegalActionError, match="did not find you"):
        gw.force_rescout(2, found=False, situation="s", spent=(), owner=ME, found_seat=ME)


# ---- Spending: a closed port ----
def test_mm_m10_15_a_closed_port_costs_1_per_bounty_of_its_nation_and_1_for_a_war() -> None:
    assert gw.entry_price(bounties=2, at_war=False) == 2
    assert gw.entry_price(bounties=0, at_war=True) == 1
    assert gw.entry_price(bounties=2, at_war=True) == 3
    assert gw.entry_price(bounties=2, at_war=False, bounties_close=False) == 0    # Tortuga: open
    assert gw.entry_price(bounties=2, at_war=True, bounties_close=False) == 1
    with pytest.raises(IllegalActionError, match="open to you"):
        gw.enter_closed_port(3, bounties=0, at_war=False)
    with pytest.raises(IllegalActionError, match="costs 3 goodwill; you have 2"):
        gw.enter_closed_port(2, bounties=2, at_war=True)


def test_mm_m10_17_entering_pays_the_whole_price_in_one_situation() -> None:
    assert gw.enter_closed_port(5, bounties=2, at_war=True) == 2                  # 3 goodwill at once
    assert gw.enter_closed_port(3, bounties=3, at_war=False) == 0


# ---- Notes ----
def test_mm_m10_18_one_goodwill_per_situation() -> None:
    left, spent = gw.spend(3, "buy", (), ME, ME)
    with pytest.raises(IllegalActionError, match="once is the limit"):
        gw.spend(left, "buy", spent, ME, ME)
    assert gw.spend(left, "rumour", spent, ME, ME) == (1, ("buy", "rumour"))
    assert gw.spend(3, "buy", ("buy",), ME, ME, Terms(per_situation=2)) == (2, ("buy", "buy"))
    with pytest.raises(IllegalActionError, match="no goodwill"):
        gw.spend(0, "buy", (), ME, ME)


def test_mm_m10_19_each_step_of_a_merchant_raid_is_its_own_situation() -> None:
    points, spent = gw.spend_redraw(3, "raid_opening", gw.raid_situation(0), (), ME, ME)
    points, spent = gw.spend_redraw(points, "raid_card", gw.raid_situation(1), spent, ME, ME)
    points, spent = gw.spend_redraw(points, "raid_card", gw.raid_situation(2), spent, ME, ME)
    assert points == 0 and len(set(spent)) == 3
    with pytest.raises(IllegalActionError, match="once is the limit"):
        gw.spend_redraw(1, "raid_card", gw.raid_situation(2), spent, ME, ME)


def test_mm_m10_20_bounties_and_war_stop_neither_gaining_nor_spending() -> None:
    # a captain with 2 bounty tokens of the port's nation, at war with it, pays its way in ...
    points = gw.enter_closed_port(5, bounties=2, at_war=True)
    # ... and there buys goodwill and spends it like anyone else
    points, _ = gw.buy(points, gold=2, bought_this_port_action=False)
    assert points == 3
    assert gw.spend(points, "rumour", (), ME, ME)[0] == 2


def test_mm_m10_21_goodwill_helps_only_its_owner() -> None:
    with pytest.raises(IllegalActionError, match="only its owner"):
        gw.spend(3, "s", (), owner=ME, for_seat=OTHER)
    with pytest.raises(IllegalActionError, match="only its owner"):
        gw.force_rescout(3, True, "scout:navy_spain", (), owner=ME, found_seat=OTHER)


def test_mm_m10_22_a_dead_captains_goodwill_is_lost_unless_a_card_keeps_it() -> None:
    assert gw.after_death(4) == 0
    assert gw.after_death(4, kept_by_card=True) == 4


def test_mm_m10_23_villon_enters_on_his_influence_check_or_else_for_1_goodwill() -> None:
    assert gw.villon_enter(0, check_passed=True) == 0
    # failed: he may reroll as for any check (its own situation), then pay 1 whatever the port's price
    left, spent, _ = gw.reroll(3, "elsewhere", "influence:enter", (), ME, ME, [1, 2], [3, 4])
    assert gw.villon_enter(left, check_passed=False) == 1
    with pytest.raises(IllegalActionError, match="no goodwill"):
        gw.villon_enter(0, check_passed=False)
