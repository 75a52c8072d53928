"""The decisions a seat may take now: the answers to the prompt on top of the stack, plus the
anytime actions its owner may add (GAIN CRATE CONTENTS; Barrelbeard's landing on its turn)."""
from __future__ import annotations

from typing import Any

from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay.actions import action
from engine.scoundrel_bay.state import State


def legal_actions(s: State, seat: int) -> list[Any]:
    if not s.stack:
        return []
    top = s.stack[-1]
    if seat not in top.seats:
        return []
    out: list[Any] = top.legal(s, seat)
    if top.allows_anytime():
        from engine.scoundrel_bay.rules.apply import barrelbeard_places
        out += [action(A.OpenCrate, crate=c) for c in sorted(set(s.players[seat].undelivered))]
        out += barrelbeard_places(s, seat)
    return out
