"""Captains at setup (base reconstruction section 3; Seas of Glory Variant 2, "Captains, Captains,
Captains") and the home port a captain gives its player (Module 1's home-port flags).

The base deals each player one captain at random. Variant 2 lets a player choose:
- `two_keep_one`: each player is dealt 2 captains and keeps one (MM-V2-01);
- `pay_to_draw`: each player is dealt 1 as usual, then may pay 2 gold for a second and 2 more for
  a third (MM-V2-02, -03), and keeps one of those drawn (MM-V2-04).
Reading (MM-V2-05): the 2 gold come out of the starting 10 gold, and the captains not kept go back
into the captain deck, which the engine then shuffles with the state's Rng.

The deck is a list of captain ids with its top at index 0 (the engine shuffled it); which cards a
draw takes is therefore given, never rolled here."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.glory import START_GOLD
from engine.merchants_marauders.vocab import Zone

Seat = int
CaptainChoice = Literal["off", "two_keep_one", "pay_to_draw"]
DEALT: dict[CaptainChoice, int] = {"off": 1, "two_keep_one": 2, "pay_to_draw": 1}
EXTRA_DRAW_COST = 2         # gold per extra captain drawn (MM-V2-02, -03)
MOST_DRAWN = 3              # the first captain and at most two paid draws


class Choosing(BaseModel):
    """One player's captains drawn at setup and the starting gold left after paying for draws."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    drawn: tuple[str, ...]
    gold: int = START_GOLD


def deal(deck: Sequence[str], seats: Sequence[Seat], mode: CaptainChoice = "off") -> tuple[dict[Seat, Choosing], list[str]]:
    """Deal every seat its captains from the top of the deck, one seat after the other (1, or 2
    under `two_keep_one`): (each seat's captains, the deck after)."""
    n = DEALT[mode]
    if n * len(seats) > len(deck):
        raise ValueError(f"{len(seats)} players need {n * len(seats)} captain cards; the deck has {len(deck)}")
    hands = {seat: Choosing(drawn=tuple(deck[i * n:(i + 1) * n])) for i, seat in enumerate(seats)}
    return hands, list(deck[n * len(seats):])


def may_pay_to_draw(c: Choosing, mode: CaptainChoice, deck_left: int) -> bool:
    """Is another paid draw open to this player? Only under `pay_to_draw`, below 3 captains, with
    2 gold left and a card in the deck."""
    return mode == "pay_to_draw" and len(c.drawn) < MOST_DRAWN and c.gold >= EXTRA_DRAW_COST and deck_left > 0


def pay_to_draw(c: Choosing, deck: Sequence[str], mode: CaptainChoice) -> tuple[Choosing, list[str]]:
    """Pay 2 of the starting gold for one more captain off the deck's top (MM-V2-02, -03, -05):
    (the player's captains, the deck after)."""
    if mode != "pay_to_draw":
        raise IllegalActionError("Drawing another captain for gold is not part of this game's setup.")
    if len(c.drawn) >= MOST_DRAWN:
        raise IllegalActionError(f"You have drawn {MOST_DRAWN} captains, the most allowed: keep one of them.")
    if c.gold < EXTRA_DRAW_COST:
        raise IllegalActionError(f"Another captain costs {EXTRA_DRAW_COST} gold; you have {c.gold}.")
    if not deck:
        raise IllegalActionError("The captain deck is empty: keep one of the captains you drew.")
    return Choosing(drawn=(*c.drawn, deck[0]), gold=c.gold - EXTRA_DRAW_COST), list(deck[1:])


def keep(c: Choosing, captain: str) -> tuple[str, list[str]]:
    """Keep one of the captains drawn (MM-V2-01, -04): (the captain kept, those going back)."""
    if captain not in c.drawn:
        raise IllegalActionError(f"{captain} is not among your captains: choose one of {', '.join(c.drawn)}.")
    return captain, [d for d in c.drawn if d != captain]


def return_to_deck(deck: Sequence[str], returned: Sequence[str]) -> list[str]:
    """The captains not kept go back into the deck (MM-V2-05); the engine shuffles it next."""
    return [*deck, *returned]


def default_keep(c: Choosing) -> str:
    """A silent seat keeps the first captain it was dealt (the plan's SetupPrompt default)."""
    return c.drawn[0]


# ---- home ports (MM-M1-12) ----
def home_flags(home_ports: Mapping[Seat, Zone]) -> dict[Zone, tuple[Seat, ...]]:
    """The home-port flags: each player's colour stands on the home port of their current
    captain. Reading (MM-M1-12): the port follows the captain, so a new captain moves the flag;
    two captains with one home port put both colours there."""
    flags: dict[Zone, tuple[Seat, ...]] = {}
    for seat, port in sorted(home_ports.items()):
        flags[port] = (*flags.get(port, ()), seat)
    return flags
