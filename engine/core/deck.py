"""DECKS: a face-down draw pile and a face-up discard pile of component ids (cards, tiles).

The pile is secret (views show its size only); the discard pile is public. When the pile runs
out, the discard pile is shuffled with the game's RNG into a new pile, as most rulebooks say.
"""
from __future__ import annotations

from pydantic import BaseModel

from engine.core.rng import Rng


class DeckView(BaseModel):
    """What anyone may see of a deck."""
    pile_size: int
    discard_size: int
    discard_top: str | None


class Deck(BaseModel):
    pile: list[str] = []       # face down; the top is the end of the list
    discard: list[str] = []    # face up; the top is the end of the list

    def draw(self, rng: Rng, n: int = 1, *, reshuffle: bool = True) -> list[str]:
        """Up to `n` ids from the top (fewer only when pile and discard are both empty)."""
        drawn: list[str] = []
        for _ in range(n):
            if not self.pile and self.discard and reshuffle:
                self.reshuffle(rng)
            if not self.pile:
                break
            drawn.append(self.pile.pop())
        return drawn

    def reshuffle(self, rng: Rng) -> None:
        """The discard pile becomes the new, shuffled draw pile."""
        self.pile, self.discard = self.discard, []
        rng.shuffle(self.pile)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.pile)

    def throw_away(self, ids: list[str]) -> None:
        """Put ids face up on the discard pile, in order."""
        self.discard.extend(ids)

    def peek(self, n: int) -> list[str]:
        """The top `n` ids, top first, without drawing them (for a seat allowed to look)."""
        return list(reversed(self.pile[-n:])) if n > 0 else []

    def view(self) -> DeckView:
        return DeckView(pile_size=len(self.pile), discard_size=len(self.discard),
                        discard_top=self.discard[-1] if self.discard else None)
