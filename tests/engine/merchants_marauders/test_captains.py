"""Captains at setup (engine/merchants_marauders/rules/captains.py): the base deal of one captain,
Variant 2's two options (deal 2 keep 1; pay 2 gold per extra draw, at most 3 captains) and the
home-port flags of Module 1."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules import captains as cp
from engine.merchants_marauders.rules.glory import START_GOLD

DECK = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]


def test_base_setup_deals_each_player_one_captain_off_the_top() -> None:
    hands, deck = cp.deal(DECK, [1, 2, 3])
    assert {s: h.drawn for s, h in hands.items()} == {1: ("c1",), 2: ("c2",), 3: ("c3",)}
    assert deck == DECK[3:] and all(h.gold == START_GOLD == 10 for h in hands.values())
    assert not cp.may_pay_to_draw(hands[1], "off", len(deck))
    with pytest.raises(IllegalActionError, match="not part of this game"):
        cp.pay_to_draw(hands[1], deck, "off")


def test_mm_v2_01_two_keep_one_deals_two_and_the_player_keeps_one() -> None:
    hands, deck = cp.deal(DECK, [1, 2], "two_keep_one")
    assert hands[1].drawn == ("c1", "c2") and hands[2].drawn == ("c3", "c4") and deck == DECK[4:]
    kept, back = cp.keep(hands[2], "c4")
    assert kept == "c4" and back == ["c3"]
    assert hands[2].gold == 10                 # this option costs nothing
    with pytest.raises(IllegalActionError, match="not among your captains"):
        cp.keep(hands[2], "c1")                # another player's card
    with pytest.raises(IllegalActionError, match="not part of this game"):
        cp.pay_to_draw(hands[1], deck, "two_keep_one")


def test_deal_refuses_a_deck_too_small_for_the_table() -> None:
    with pytest.raises(ValueError, match="need 8 captain cards"):
        cp.deal(DECK[:7], [1, 2, 3, 4], "two_keep_one")
    hands, deck = cp.deal(DECK, [1, 2, 3, 4], "two_keep_one")     # exactly enough
    assert deck == [] and hands[4].drawn == ("c7", "c8")


def test_mm_v2_02_pay_two_gold_for_a_second_captain() -> None:
    hands, deck = cp.deal(DECK, [1, 2], "pay_to_draw")
    assert hands[1].drawn == ("c1",)
    assert cp.may_pay_to_draw(hands[1], "pay_to_draw", len(deck))
    c, deck = cp.pay_to_draw(hands[1], deck, "pay_to_draw")
    assert c.drawn == ("c1", "c3") and c.gold == 8 and deck == DECK[3:]


def test_mm_v2_03_another_two_gold_for_a_third_and_no_fourth() -> None:
    hands, deck = cp.deal(DECK, [1], "pay_to_draw")
    c, deck = cp.pay_to_draw(hands[1], deck, "pay_to_draw")
    c, deck = cp.pay_to_draw(c, deck, "pay_to_draw")
    assert c.drawn == ("c1", "c2", "c3") and c.gold == 6
    assert not cp.may_pay_to_draw(c, "pay_to_draw", len(deck))
    with pytest.raises(IllegalActionError, match="drawn 3 captains"):
        cp.pay_to_draw(c, deck, "pay_to_draw")


def test_mm_v2_04_choose_any_one_of_the_captains_drawn() -> None:
    c = cp.Choosing(drawn=("c1", "c2", "c3"), gold=6)
    for pick in c.drawn:
        kept, back = cp.keep(c, pick)
        assert kept == pick and sorted([kept, *back]) == ["c1", "c2", "c3"]
    assert cp.default_keep(c) == "c1"          # a silent seat keeps the first dealt


def test_mm_v2_05_the_gold_comes_from_the_starting_ten() -> None:
    poor = cp.Choosing(drawn=("c1",), gold=1)
    assert not cp.may_pay_to_draw(poor, "pay_to_draw", 5)
    with pytest.raises(IllegalActionError, match="costs 2 gold; you have 1"):
        cp.pay_to_draw(poor, ["c9"], "pay_to_draw")
    just = cp.Choosing(drawn=("c1",), gold=2)
    c, _ = cp.pay_to_draw(just, ["c9"], "pay_to_draw")
    assert c.gold == 0 and c.drawn == ("c1", "c9")


def test_mm_v2_05_captains_not_kept_go_back_into_the_deck() -> None:
    kept, back = cp.keep(cp.Choosing(drawn=("c1", "c2", "c3"), gold=6), "c2")
    assert cp.return_to_deck(["c7", "c8"], back) == ["c7", "c8", "c1", "c3"]


def test_pay_to_draw_from_an_empty_deck_is_refused() -> None:
    c = cp.Choosing(drawn=("c1",))
    assert not cp.may_pay_to_draw(c, "pay_to_draw", 0)
    with pytest.raises(IllegalActionError, match="deck is empty"):
        cp.pay_to_draw(c, [], "pay_to_draw")


def test_mm_m1_12_the_flag_stands_on_the_current_captains_home_port() -> None:
    assert cp.home_flags({1: "havana", 2: "tortuga"}) == {"havana": (1,), "tortuga": (2,)}
    # seat 1's captain dies and the new one lives in Nassau: the flag moves with the captain
    assert cp.home_flags({1: "nassau", 2: "tortuga"}) == {"nassau": (1,), "tortuga": (2,)}
    assert cp.home_flags({2: "tortuga", 1: "tortuga"}) == {"tortuga": (1, 2)}
