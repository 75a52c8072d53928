"""The decisions a seat may take now: the answers to the prompt on top of the stack, if the seat
is one it waits on (no side decisions in this game: every out-of-turn decision blocks play)."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders.state import State


def legal_actions(s: State, seat: int) -> list[Any]:
    if not s.stack:
        return []
    top = s.stack[-1]
    if seat not in top.seats:
        return []
    return top.legal(s, seat)
