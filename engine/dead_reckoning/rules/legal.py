"""The decisions a seat may take now: the answers to the prompt on top of the stack, plus the
anytime actions (rearranging and jettisoning, DR-HOLD-17, -19) on the prompts that allow them."""
from __future__ import annotations

from typing import Any

from engine.dead_reckoning.rules.goods import rearrange_options
from engine.dead_reckoning.state import State


def legal_actions(s: State, seat: int) -> list[Any]:
    if not s.stack:
        return []
    top = s.stack[-1]
    if seat not in top.seats:
        return []
    out: list[Any] = top.legal(s, seat)
    if top.anytime:
        out += rearrange_options(s, seat)
    return out
