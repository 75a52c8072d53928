"""PROMPTS: the decisions a game waits on, as small typed models.

Each game declares its prompts as a discriminated union on `kind` (like its actions), e.g.
`Prompt = Annotated[BidPrompt | SailPrompt, Field(discriminator="kind")]`, and keeps the open
ones on a stack in its state (mid-turn reactions included: never Python call stacks). A prompt
says who decides (`seats`), how the decision is presented (`pending_kind`, `text`), and owns
its legal actions.
"""
from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from engine.core.types import Pending

PendingKind = Literal["turn", "reaction", "simultaneous"]


class PromptBase(BaseModel):
    kind: str
    seats: list[int]
    text: ClassVar[str] = "decide"                    # completes "waiting on X to …"
    pending_kind: ClassVar[PendingKind] = "turn"

    @abstractmethod
    def legal(self, s: Any, seat: int) -> list[Any]:
        """The actions `seat` may take to answer this prompt."""

    def pending(self, active_seat: int | None = None) -> Pending:
        """The Pending this prompt means. A one-seat 'turn' prompt for a seat other than the
        active one is a reaction (a non-active seat answers mid-turn)."""
        kind = self.pending_kind
        if kind == "turn" and active_seat is not None and self.seats != [active_seat]:
            kind = "reaction"
        return Pending(kind=kind, waiting_on=tuple(self.seats), prompt=self.text)
