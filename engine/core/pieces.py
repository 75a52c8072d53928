"""FACE-DOWN PIECES: tiles, coins, treasures whose identity is hidden until turned over.

A piece keeps its identity in the state; a view shows `HIDDEN` in its place while it lies
face down. Redaction is one function, so no game writes it again.
"""
from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

HIDDEN = "hidden"


class Piece(BaseModel):
    id: str
    face_up: bool = False

    def shown(self) -> str:
        """The piece as a viewer sees it: its id face up, HIDDEN face down."""
        return self.id if self.face_up else HIDDEN

    def turn_over(self) -> None:
        self.face_up = True


def shown(pieces: Iterable[Piece]) -> list[str]:
    return [p.shown() for p in pieces]


def face_down(pieces: Iterable[Piece]) -> list[Piece]:
    return [p for p in pieces if not p.face_up]
