"""Variant 1, Non-fixed Turn Order (engine/merchants_marauders/rules/turn_order.py): the bag of
coloured dice, drawn after the event card and after every turn, refilled when all have played;
and the base game's clockwise order it replaces."""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.merchants_marauders.rules import turn_order as to


def play_round(bag: to.Bag, dice: list[int]) -> to.Bag:
    for d in dice:
        bag = to.draw(bag, d)
    return bag


def test_mm_v1_02_setup_puts_one_die_of_each_colour_in_the_bag() -> None:
    bag = to.new_bag([1, 2, 3, 4])
    assert sorted(bag.dice) == [1, 2, 3, 4] and bag.played == () and not bag.round_over
    assert to.current(bag) is None
    with pytest.raises(ValueError, match="one die"):
        to.new_bag([1, 2, 2])
    with pytest.raises(ValueError, match="at least one"):
        to.new_bag([])


def test_mm_v1_03_the_first_die_drawn_names_the_rounds_first_player() -> None:
    bag = to.draw(to.new_bag([1, 2, 3]), 3)
    assert to.current(bag) == 3 and bag.played == (3,) and sorted(bag.dice) == [1, 2]


def test_mm_v1_04_each_finished_turn_draws_the_next_die() -> None:
    bag = to.draw(to.draw(to.new_bag([1, 2, 3]), 2), 1)
    assert to.current(bag) == 1 and bag.played == (2, 1) and bag.dice == (3,)
    with pytest.raises(ValueError, match="not in the bag"):
        to.draw(bag, 2)                         # 2 has played: its die is out


def test_mm_v1_04_the_engine_draws_a_die_still_in_the_bag_with_its_rng() -> None:
    rng, bag = Rng(seed="v1"), to.new_bag([1, 2, 3, 4])
    order = []
    while not bag.round_over:
        die = rng.choice(list(bag.dice))
        bag = to.draw(bag, die)
        order.append(die)
    assert sorted(order) == [1, 2, 3, 4]        # each seat exactly once


def test_mm_v1_05_when_all_have_played_the_dice_go_back_for_a_new_round() -> None:
    bag = play_round(to.new_bag([1, 2, 3]), [3, 1])
    with pytest.raises(ValueError, match="have not played"):
        to.next_round(bag)                      # seat 2 is still to play
    bag = to.draw(bag, 2)
    assert bag.round_over
    fresh = to.next_round(bag)
    assert sorted(fresh.dice) == [1, 2, 3] and fresh.played == ()


def test_mm_v1_06_last_in_one_round_can_be_first_in_the_next() -> None:
    first = play_round(to.new_bag([1, 2, 3]), [1, 2, 3])
    second = to.draw(to.next_round(first), 3)
    assert to.two_turns_in_a_row(first, second) == 3
    other = to.draw(to.next_round(first), 1)
    assert to.two_turns_in_a_row(first, other) is None


def test_mm_v1_08_with_the_wind_the_vane_then_the_event_then_the_dice() -> None:
    assert to.round_opening(wind=True) == ("vane", "event", "order")
    assert to.round_opening(wind=False) == ("event", "order")


def test_base_order_runs_clockwise_from_the_first_player_every_round() -> None:
    order = to.clockwise_order([1, 2, 3, 4], first=3)
    assert order == [3, 4, 1, 2]
    assert to.next_seat(order, []) == 3
    assert to.next_seat(order, [3, 4, 1]) == 2
    assert to.next_seat(order, [3, 4, 1, 2]) is None
    with pytest.raises(ValueError, match="not at this table"):
        to.clockwise_order([1, 2], first=5)
