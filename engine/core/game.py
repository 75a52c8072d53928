"""The Game protocol every game package implements, and the base of every game state."""
from __future__ import annotations

from typing import Any, ClassVar, Protocol, TypeVar

from pydantic import BaseModel

from engine.core.rng import Rng
from engine.core.types import Outcome, Pending, Transition


class GameState(BaseModel):
    """Fields every state carries. Games add public, per-player private, and `secret` parts."""
    schema_version: int = 1
    rng: Rng


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)


class Game(Protocol[S, A]):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[Any]]   # the game's GameState subclass

    def setup(self, n_players: int, options: BaseModel, seed: str) -> S: ...
    def pending(self, s: S) -> Pending | None: ...
    def legal_actions(self, s: S, seat: int) -> list[A]: ...
    def apply(self, s: S, seat: int, a: A) -> Transition[S]: ...
    def view(self, s: S, viewer: int | None) -> Any: ...
    def outcome(self, s: S) -> Outcome | None: ...
    def notate(self, s: S, a: A) -> str: ...
    def parse(self, s: S, seat: int, text: str) -> A: ...
    def seat_name(self, s: S, seat: int) -> str: ...   # how the game names a seat (e.g. its captain)
