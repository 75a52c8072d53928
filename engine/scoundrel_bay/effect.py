"""An effect: one reward or loss waiting in the queue (rules/effects.py resolves them)."""
from __future__ import annotations

from pydantic import BaseModel

from engine.scoundrel_bay.defs import Gain, Suffer


class Effect(BaseModel):
    """One reward or loss still to resolve, for `seat` (Appendix: Rewards, Punishments)."""
    seat: int
    gain: Gain | None = None
    suffer: Suffer | None = None
    n: int = 1
    price: list[tuple[str, int]] = []            # what an optional reward costs, if anything
    source: str = ""                             # what gave it, for the log
    tools_only: bool = False                     # a blind recruitment that brings no pirates (Rumwhistle)
