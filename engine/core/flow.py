"""FLOW: what happens after each decision, as a table of phases (in the spirit of
boardgame.io's phases). Each game has one `flow` module with its table; no rule module needs
to know which phase comes next.

A phase maps to a step: a function that does the phase's automatic work (no decision) and
returns the phase to go to, `None` to go on in whatever phase the step left the state in, or
`WAIT` when the game now waits on a player. A phase that is only ever moved on by decisions
maps to `None`. `always` runs before every step (e.g. a victory check). `settle` runs steps
until the game waits.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from engine.core.types import Event

S = TypeVar("S")
Events = list[Event]
WAIT = "wait"
Step = Callable[[S, Events], str | None]   # the next phase, None (as the state says), or WAIT
MAX_STEPS = 10_000                   # a flow that never waits is a bug: fail loudly, never hang


class Flow(Generic[S]):
    def __init__(self, phases: Mapping[str, Step[S] | None], *, phase: Callable[[S], str],
                 set_phase: Callable[[S, str], None], waits: Callable[[S], bool],
                 always: Callable[[S, Events], None] | None = None) -> None:
        self.phases = phases
        self.phase, self.set_phase, self.waits, self.always = phase, set_phase, waits, always

    def settle(self, s: S, ev: Events) -> None:
        """Run automatic steps until a decision is pending, the game is over, or a phase that
        only decisions move on is reached."""
        for _ in range(MAX_STEPS):
            if self.always is not None:
                self.always(s, ev)
            if self.waits(s):
                return
            step = self.phases[self.phase(s)]
            if step is None:
                return
            following = step(s, ev)
            if following == WAIT:
                return
            if following is not None:
                self.set_phase(s, following)
        raise RuntimeError(f"the flow did not settle within {MAX_STEPS} steps (phase {self.phase(s)!r})")
