"""Value types of the engine contract: Pending, Event, Transition, Outcome."""
from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, SerializationInfo, SerializerFunctionWrapHandler, model_serializer

S = TypeVar("S")
COPYING: dict[str, bool] = {"copying": True}     # the serialization context of runner.copy_state


class Immutable(BaseModel):
    """A frozen value made only of immutable parts (numbers, strings, tuples, other frozen
    values). A state copy (runner.copy_state) shares it instead of rebuilding it, as
    copy.deepcopy shares a tuple of numbers; every other dump serializes it as usual."""
    model_config = ConfigDict(frozen=True)

    @model_serializer(mode="wrap")
    def _shared_by_copies(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        # validating the copy keeps an instance as it is (pydantic's revalidate_instances="never")
        if info.context is COPYING and not info.mode_is_json():
            return self
        return handler(self)


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
    action: Any = None            # the decision itself, as the runner checked it (set by `act`)


class Outcome(BaseModel):
    """Final result: winners, a score per seat, and the per-category breakdown behind it.
    `categories` gives each breakdown key the name players read ("Ships sunk", not "sinkings")."""
    winners: list[int]
    scores: dict[int, int]
    breakdown: dict[int, dict[str, int]] = {}
    reason: str = ""
    categories: dict[str, str] = {}


ChoiceStyle = Literal["primary", "secondary", "danger", "end"]


class ActionText(BaseModel):
    """How a legal decision is shown to the seat that may take it (buttons, menus, /play).

    `label` is plain words (at most 80 characters): "Sail 3 clockwise → open sea 14". Seats it
    names are written `{0}`, `{1}` … and listed in `seats`, so the table can add whose seat it
    is: "Target {0}" → "Target Mama Lola (carol)". `description` (at most 100) says what it does:
    a card's effect, a captain's ability. `style` "end" marks a choice that ends the turn
    (shown grey and last), "danger" one that cannot be taken back."""
    model_config = ConfigDict(frozen=True)
    label: str
    description: str = ""
    style: ChoiceStyle = "primary"
    seats: tuple[int, ...] = ()
