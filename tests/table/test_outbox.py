"""Who is told of a decision after a commit (table.outbox.items_after)."""
from __future__ import annotations

from engine.core import Pending
from table.outbox import items_after

ORDERS = "give a combat order in secret"


def told(pending: Pending, was: Pending | None) -> list[str]:
    """The targets of the prompt items after a decision that left the game at `pending`."""
    items = items_after(7, [], pending, was.waiting_on if was else (), None, 3, was=was)
    return sorted(i.target for i in items if i.kind == "prompt")


def test_the_next_round_of_a_sealed_choice_tells_both_seats_the_one_who_closed_the_last_too() -> None:
    # seat 1 had locked its order in; seat 0's order closes the round and the next one opens
    was = Pending(kind="simultaneous", waiting_on=(0,), prompt=ORDERS)
    now = Pending(kind="simultaneous", waiting_on=(0, 1), prompt=ORDERS)
    assert told(now, was) == ["seat:0", "seat:1"]


def test_an_order_locked_in_tells_nobody_again() -> None:
    was = Pending(kind="simultaneous", waiting_on=(0, 1), prompt=ORDERS)
    now = Pending(kind="simultaneous", waiting_on=(1,), prompt=ORDERS)
    assert told(now, was) == []


def test_a_turn_that_goes_on_tells_nobody_and_a_new_seat_is_told() -> None:
    was = Pending(kind="turn", waiting_on=(0,), prompt="take an action")
    assert told(Pending(kind="turn", waiting_on=(0,), prompt="take an action"), was) == []
    assert told(Pending(kind="turn", waiting_on=(1,), prompt="take an action"), was) == ["seat:1"]


def test_a_sealed_choice_opening_mid_turn_tells_the_seat_already_deciding() -> None:
    was = Pending(kind="turn", waiting_on=(0,), prompt="take an action")
    now = Pending(kind="simultaneous", waiting_on=(0, 1), prompt=ORDERS)
    assert told(now, was) == ["seat:0", "seat:1"]
