"""Dice race: a tiny deterministic game for the store tests (registered as "toy_race").

2–4 players take turns; on your turn `roll` one die and move that far, or `pass`.
The first to reach the goal (20) wins. `pass` reveals nothing, so it can be undone.
With the `cheers` option, a seat that has just played may `cheer` once before its next turn: a
side decision (engine.core.runner.side_decisions) that blocks nobody, like Dead Reckoning's
level-up between turns.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import (
    Event,
    GameState,
    InvalidActionError,
    Outcome,
    Pending,
    Rng,
    Transition,
    register,
)
from engine.core.help import HelpTopic
from engine.core.policy import RandomPolicy
from engine.core.types import ActionText


class RaceOptions(BaseModel):
    goal: int = 20
    cheers: bool = False


class RaceState(GameState):
    goal: int
    positions: list[int]
    turn: int = 0
    cheers: bool = False
    may_cheer: list[int] = []      # seats with their side decision open


class Roll(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["roll"] = "roll"


class Pass(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["pass"] = "pass"


class Cheer(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["cheer"] = "cheer"


Action = Roll | Pass | Cheer


class ToyRace:
    id: ClassVar[str] = "toy_race"
    title: ClassVar[str] = "Dice Race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = RaceOptions
    State: ClassVar[type[GameState]] = RaceState
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]] = {"random": RandomPolicy}

    def setup(self, n_players: int, options: BaseModel, seed: str) -> RaceState:
        assert isinstance(options, RaceOptions)
        return RaceState(rng=Rng(seed=seed), goal=options.goal, positions=[0] * n_players, cheers=options.cheers)

    def winner(self, s: RaceState) -> int | None:
        return next((i for i, p in enumerate(s.positions) if p >= s.goal), None)

    def pending(self, s: RaceState) -> Pending | None:
        if self.winner(s) is not None:
            return None
        return Pending(kind="turn", waiting_on=(s.turn,), prompt="roll or pass")

    def side_decisions(self, s: RaceState) -> dict[int, str]:
        return {seat: "cheer" for seat in s.may_cheer} if self.pending(s) else {}

    def legal_actions(self, s: RaceState, seat: int) -> list[Action]:
        if not self.pending(s):
            return []
        return [Roll(), Pass()] if seat == s.turn else [Cheer()] if seat in s.may_cheer else []

    def apply(self, s: RaceState, seat: int, a: Action) -> Transition[RaceState]:
        if isinstance(a, Cheer):
            s.may_cheer.remove(seat)
            return Transition(state=s, events=[Event(text=f"Seat {seat} cheers.")])
        if isinstance(a, Roll):
            die = s.rng.die()
            s.positions[seat] += die
            text = f"Seat {seat} rolls {die} and moves to {s.positions[seat]}."
        else:
            text = f"Seat {seat} passes."
        s.turn = (s.turn + 1) % len(s.positions)
        if s.cheers:   # the side decision opens after a turn and lapses when the seat plays again
            s.may_cheer = [x for x in s.may_cheer if x != s.turn] + ([seat] if seat != s.turn else [])
        return Transition(state=s, events=[Event(text=text)])

    def view(self, s: RaceState, viewer: int | None) -> Any:
        return {"positions": list(s.positions), "turn": s.turn}

    def outcome(self, s: RaceState) -> Outcome | None:
        won = self.winner(s)
        if won is None:
            return None
        return Outcome(winners=[won], scores=dict(enumerate(s.positions)))

    def notate(self, s: RaceState, a: Action) -> str:
        return a.kind

    def seat_name(self, s: RaceState, seat: int) -> str:
        return f"Racer {seat + 1}"

    def default_action(self, s: RaceState, seat: int) -> Action:
        return Pass()

    def help_topics(self) -> dict[str, HelpTopic]:
        return {}

    def describe(self, s: RaceState, seat: int, a: Action) -> ActionText:
        return ActionText(label={"roll": "Roll and move", "pass": "Pass", "cheer": "Cheer"}[a.kind], style="primary")

    def parse(self, s: RaceState, seat: int, text: str) -> Action:
        if text == "roll":
            return Roll()
        if text == "pass":
            return Pass()
        if text == "cheer":
            return Cheer()
        raise InvalidActionError(f"'{text}' is not a dice race action: type roll or pass.")


GAME = ToyRace()
register(GAME)

__all__ = ["GAME", "Cheer", "Pass", "RaceOptions", "RaceState", "Roll", "ToyRace"]
