"""Seeded, replayable randomness stored in the game state.

Every draw hashes (seed, counter), so a state carries its whole random future and a replay of
the action log reproduces it exactly. `forced` scripts die rolls for tests and scenarios.
"""
from __future__ import annotations

import hashlib
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


class Rng(BaseModel):
    seed: str
    counter: int = 0
    forced: list[int] = []

    def _next(self, bound: int) -> int:
        """A uniform integer in [0, bound) from the next hash in the stream."""
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big") % bound

    def die(self, sides: int = 6) -> int:
        """Roll one die; a scripted value from `forced` comes first."""
        if self.forced:
            return self.forced.pop(0)
        return self._next(sides) + 1

    def choice(self, items: list[T]) -> T:
        return items[self._next(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self._next(i + 1)
            items[i], items[j] = items[j], items[i]

    def fingerprint(self) -> tuple[int, int]:
        """Changes whenever anything random was drawn (used to decide if undo is allowed)."""
        return self.counter, len(self.forced)
