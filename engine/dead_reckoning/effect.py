"""An effect: one gain, loss or card verb waiting in the queue (rules/effects.py resolves them)."""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, PlainSerializer

from engine.dead_reckoning.defs import Effect as Verb


def _dump(v: Verb) -> dict[str, Any]:
    """Only the fields the data gave: the verb's validator reads which fields were set."""
    return v.model_dump(exclude_unset=True)


class Effect(BaseModel):
    """One effect still to resolve for `seat`: a verb of the data vocabulary, already multiplied
    out (`n` is final), what gave it (for the log), and who caused damage (DR-SINK-10)."""
    seat: int
    verb: Annotated[Verb, PlainSerializer(_dump)]
    n: int = 1
    source: str = ""
    by: int | None = None
