"""The Game protocol every game package implements, and the base of every game state."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol, TypeVar

from pydantic import BaseModel

from engine.core.help import HelpTopic
from engine.core.rng import Rng
from engine.core.types import ActionText, Outcome, Pending, Transition


class GameState(BaseModel):
    """Fields every state carries. Games add public, per-player private, and `secret` parts."""
    schema_version: int = 1
    rng: Rng


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)
V = TypeVar("V", covariant=True)


class Game(Protocol[S, A, V]):
    """Optional hooks, read with a default so a game without them needs no change:
    `side_decisions(s)` (engine.core.runner), `hidden_decision(...)` and `public_kinds` (engine.core.fair),
    `standing_orders() -> OrderBook` (engine.core.orders: the answers a player may set in advance)."""
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[Any]]   # the game's GameState subclass
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]]   # bot name -> factory(seed) -> Policy

    def setup(self, n_players: int, options: BaseModel, seed: str) -> S: ...
    def pending(self, s: S) -> Pending | None: ...
    def legal_actions(self, s: S, seat: int) -> list[A]: ...
    def apply(self, s: S, seat: int, a: A) -> Transition[S]: ...
    def view(self, s: S, viewer: int | None) -> V: ...
    def outcome(self, s: S) -> Outcome | None: ...
    def notate(self, s: S, a: A) -> str: ...
    def parse(self, s: S, seat: int, text: str) -> A: ...
    def seat_name(self, s: S, seat: int) -> str: ...   # how the game names a seat (e.g. its captain)
    def default_action(self, s: S, seat: int) -> A: ...   # what a silent seat does at its deadline
    def help_topics(self) -> Mapping[str, HelpTopic]: ...   # rules help in the game's own words
    def describe(self, s: S, seat: int, a: A) -> ActionText: ...   # a legal decision in plain words
