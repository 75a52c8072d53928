"""Variant 1, Non-fixed Turn Order (Seas of Glory): a bag holds one die in each player's colour;
after the round's event card a die is drawn and its colour plays first, each finished turn draws
the next die, and when the bag is empty every die goes back for the next round.

The base game's order (reconstruction section 3 and 4: the first player drawn at setup, then
clockwise every round) is `clockwise_order`, so the turn engine asks this module for the next seat
whichever rule is in play. The die drawn is an input: the engine draws it with the state's Rng
(`rng.choice(bag)`) and passes its colour, so tests name the exact draw. A seat stands for its
colour."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

Seat = int
# The steps that open a round, in order (MM-V1-08): with Module 8 the vane is spun first, the event
# card turned next, and only then is the first die drawn. Without the wind the vane step is skipped.
RoundStep = Literal["vane", "event", "order"]
ROUND_OPENING: tuple[RoundStep, ...] = ("vane", "event", "order")


class Bag(BaseModel):
    """The dice still in the bag this round, and the seats that have played, in the order drawn."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    dice: tuple[Seat, ...]
    played: tuple[Seat, ...] = ()

    @property
    def round_over(self) -> bool:
        """Every die is out: every player has had this round's turn (MM-V1-05)."""
        return not self.dice


def new_bag(seats: Sequence[Seat]) -> Bag:
    """Setup: one die of each player's colour in the bag (MM-V1-02)."""
    if len(set(seats)) != len(seats):
        raise ValueError(f"each player puts one die in the bag: {list(seats)}")
    if not seats:
        raise ValueError("the bag needs at least one player's die")
    return Bag(dice=tuple(seats))


def draw(bag: Bag, die: Seat) -> Bag:
    """Take `die` out of the bag: that colour's player takes the next turn (MM-V1-03 for the
    first draw after the event card, MM-V1-04 after each turn). The engine chose `die` at random
    among `bag.dice`; a die not in the bag is refused."""
    if die not in bag.dice:
        raise ValueError(f"die {die} is not in the bag (left: {list(bag.dice)})")
    return Bag(dice=tuple(d for d in bag.dice if d != die), played=(*bag.played, die))


def current(bag: Bag) -> Seat | None:
    """The seat whose die was drawn last: the one playing now, or None before the first draw."""
    return bag.played[-1] if bag.played else None


def next_round(bag: Bag) -> Bag:
    """When everyone has had a turn, every die goes back into the bag for the new round
    (MM-V1-05). Refused while a die is still to be drawn."""
    if not bag.round_over:
        raise ValueError(f"seats {list(bag.dice)} have not played this round yet")
    return Bag(dice=tuple(sorted(bag.played)))


def round_opening(wind: bool) -> tuple[RoundStep, ...]:
    """The steps before the first turn of a round: vane (with Module 8's wind), event card, then
    the first die (MM-V1-08)."""
    return ROUND_OPENING if wind else ROUND_OPENING[1:]


def two_turns_in_a_row(last_round: Bag, this_round: Bag) -> Seat | None:
    """The seat that played last in one round and first in the next, if any: the variant lets a
    player take two turns back to back (MM-V1-06)."""
    if last_round.played and this_round.played and last_round.played[-1] == this_round.played[0]:
        return this_round.played[0]
    return None


# ---- the base order, for games without Variant 1 ----
def clockwise_order(seats: Sequence[Seat], first: Seat) -> list[Seat]:
    """Every round starts with the first player drawn at setup and goes clockwise (seats are
    listed clockwise)."""
    if first not in seats:
        raise ValueError(f"seat {first} is not at this table")
    i = list(seats).index(first)
    return [*seats[i:], *seats[:i]]


def next_seat(order: Sequence[Seat], played: Sequence[Seat]) -> Seat | None:
    """The base order's next seat after those that played, or None at the round's end."""
    return next((s for s in order if s not in played), None)
