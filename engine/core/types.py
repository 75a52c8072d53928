"""Value types of the engine contract: Pending, Event, Transition, Outcome."""
from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

S = TypeVar("S")


class Pending(BaseModel):
    """Who the game waits on, and for what.

    turn: the active seat decides; reaction: a non-active seat must answer mid-turn;
    simultaneous: each listed seat submits a sealed choice, resolved when the last is in.
    """
    model_config = ConfigDict(frozen=True)
    kind: Literal["turn", "reaction", "simultaneous"]
    waiting_on: tuple[int, ...]
    prompt: str


class Event(BaseModel):
    """Something that happened, in words. visible_to None means public."""
    model_config = ConfigDict(frozen=True)
    text: str
    visible_to: frozenset[int] | None = None

    def visible(self, viewer: int | None) -> bool:
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


class Transition(BaseModel, Generic[S]):
    """The result of one decision. `reveals` marks decisions that cannot be undone."""
    model_config = ConfigDict(arbitrary_types_allowed=True)
    state: S
    events: list[Event] = []
    reveals: bool = False
    notation: str = ""            # the canonical notation of the decision, for the action log


class Outcome(BaseModel):
    """Final result: winners, a score per seat, and the per-category breakdown behind it."""
    winners: list[int]
    scores: dict[int, int]
    breakdown: dict[int, dict[str, int]] = {}
    reason: str = ""
