"""Advancing on the Reputation Track, and the GENERAL TIEBREAK RULE.

A disc is furthest when it is on the highest space; among discs on one space the bottommost is
furthest. Each disc carries a stacking `key`: a disc that arrives on a space goes on top (a key
above every other), one pushed past the end goes underneath (a key below every other), so one
sort (space high first, key low first) is the tiebreak order everywhere it applies."""
from __future__ import annotations

from pydantic import BaseModel


class Disc(BaseModel):
    space: int
    key: int          # lower = deeper in its stack = further along


class Advance(BaseModel):
    """What one advance did: the spaces entered (each pays its bonus, in order) and the steps
    that did not fit on the track (each pays the overflow doubloons instead)."""
    entered: list[int]
    overflow: int


class ReputationTrack(BaseModel):
    top: int                    # the last space
    discs: dict[int, Disc]      # owner (a seat, or the ghost colour) -> disc

    @classmethod
    def opening(cls, top: int, bottom_first: list[int], extra: dict[int, int] | None = None) -> ReputationTrack:
        """Player Setup step 10: every disc stacked on space 0, `bottom_first[0]` at the bottom.
        `extra` places other discs (the 2-player ghost disc) on their own spaces."""
        discs = {owner: Disc(space=0, key=i) for i, owner in enumerate(bottom_first)}
        for owner, space in (extra or {}).items():
            discs[owner] = Disc(space=space, key=len(discs))
        return cls(top=top, discs=discs)

    def advance(self, owner: int, steps: int) -> Advance:
        disc = self.discs[owner]
        fits = max(0, min(steps, self.top - disc.space))
        entered = list(range(disc.space + 1, disc.space + fits + 1))
        overflow = steps - fits
        if overflow:      # past the end: underneath every disc on the last space
            self.discs[owner] = Disc(space=self.top, key=min(d.key for d in self.discs.values()) - 1)
        elif entered:     # arriving on a space: on top of the discs already there
            self.discs[owner] = Disc(space=entered[-1], key=self._above())
        return Advance(entered=entered, overflow=overflow)

    def move_down(self, owner: int, steps: int) -> None:
        """Final scoring: down one space per dead pirate, never below space 0. No bonuses.
        Reading (SB-REP-09): a disc moved down arrives like any other, on top of the stack."""
        if steps <= 0:
            return
        space = max(0, self.discs[owner].space - steps)
        self.discs[owner] = Disc(space=space, key=self._above())

    def order(self, owners: list[int] | None = None) -> list[int]:
        """Furthest first: the GENERAL TIEBREAK order of `owners` (every disc by default)."""
        pool = list(self.discs) if owners is None else owners
        return sorted(pool, key=lambda o: (-self.discs[o].space, self.discs[o].key))

    def space(self, owner: int) -> int:
        return self.discs[owner].space

    def _above(self) -> int:
        return max(d.key for d in self.discs.values()) + 1
