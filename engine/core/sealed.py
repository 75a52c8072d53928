"""SEALED SIMULTANEOUS CHOICES: fight cards, blind bids, battle responses, combat orders.

Every listed seat makes a choice in private and may change it until it locks it in; nobody
else learns anything of it (not even whether it is empty) until the last seat has locked in.
Then `revealed` gives every choice at once, for one resolution. Views use `view_for`, which
shows a viewer its own choice and, before the reveal, only who is still deciding — which the
game's Pending says anyway.
"""
from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel

from engine.core.errors import IllegalActionError

C = TypeVar("C")


class SealedView(BaseModel, Generic[C]):
    seats: list[int]
    locked: list[int]                     # seats that have locked in (public: Pending says it)
    mine: C | None = None                 # the viewer's own choice, if it is one of the seats
    revealed: dict[int, C] | None = None  # every choice, once all are locked in


class Sealed(BaseModel, Generic[C]):
    seats: list[int]
    choices: dict[int, C] = {}            # working choices, secret until all are locked in
    locked: list[int] = []

    def choice_of(self, seat: int, default: C) -> C:
        return self.choices.get(seat, default)

    def choose(self, seat: int, choice: C) -> None:
        """Set or change `seat`'s choice; refused once the seat has locked in."""
        self._check_open(seat)
        self.choices[seat] = choice

    def lock(self, seat: int) -> bool:
        """Lock `seat`'s choice in. Returns True when this was the last seat (reveal now)."""
        self._check_open(seat)
        self.locked.append(seat)
        return self.all_in

    @property
    def all_in(self) -> bool:
        return set(self.locked) >= set(self.seats)

    def deciding(self) -> list[int]:
        """Seats still to lock in, in seat order."""
        return [s for s in self.seats if s not in self.locked]

    def revealed(self) -> dict[int, C]:
        """Every seat's choice; only once all are in (a rule must never read them sooner)."""
        if not self.all_in:
            raise IllegalActionError("The sealed choices are not all in yet.")
        return {s: self.choices[s] for s in self.seats if s in self.choices}

    def view_for(self, viewer: int | None) -> SealedView[C]:
        mine = self.choices.get(viewer) if viewer is not None and viewer in self.seats else None
        return SealedView[C](seats=list(self.seats), locked=list(self.locked), mine=mine,
                             revealed=self.revealed() if self.all_in else None)

    def _check_open(self, seat: int) -> None:
        if seat not in self.seats:
            raise IllegalActionError("You have no part in this sealed choice.")
        if seat in self.locked:
            raise IllegalActionError("You have locked your choice in already.")
