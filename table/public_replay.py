"""A game's history in the public's words: the action log replayed, each decision with only the
public events it made, and the hand-over it belongs to. /log, /game replay's timelapse and a
follower's digests are built from it.

It reads no notation for the public: the stored log holds sealed and private ones (a blind bid,
a fight card taken back, a level-up), and which of them the public may see is table.history's
filter (`public_actions`, for the export). Here the public events are the game's own words for
what everyone may know at each point, each sealed choice's reveal among them, exactly as the
thread was told at the time.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import Setup, act_text, setup_state
from engine.core.game import Game

MAX_STEPS = 1_000_000   # a log longer than this is not a game: refuse rather than spin


@dataclass(frozen=True)
class Step:
    """One logged decision, replayed: what the public was told of it."""
    index: int                 # 1-based position in the live log
    seat: int
    events: tuple[str, ...]    # the public events this decision made
    turn: int                  # how many hand-overs (a new seat or seats waited on) came before it


def replay_public(game: Game[Any, Any, Any], setup: Setup, log: list[tuple[int, str]],
                  on_state: Callable[[Step | None, Any], None] | None = None) -> list[Step]:
    """Replay `log`; `on_state(step, state after it)` is called for the first state (step None)
    and after every step, for callers that draw the public board as it went (the timelapse)."""
    if len(log) > MAX_STEPS:
        raise ValueError(f"This log has {len(log)} decisions, more than {MAX_STEPS}.")
    s = setup_state(game, setup)
    if on_state is not None:
        on_state(None, s)
    steps: list[Step] = []
    turn, waiting = 0, _waiting(game, s)
    for index, (seat, notation) in enumerate(log, start=1):
        t = act_text(game, s, seat, notation)
        s = t.state
        steps.append(Step(index=index, seat=seat, events=tuple(e.text for e in t.events if e.visible(None)),
                          turn=turn))
        now_waiting = _waiting(game, s)
        if now_waiting != waiting:
            turn, waiting = turn + 1, now_waiting
        if on_state is not None:
            on_state(steps[-1], s)
    return steps


def public_lines(steps: list[Step], names: Callable[[int], str]) -> Iterator[str]:
    """The log in words for the public: a header for each hand-over that told the public
    something (who decided, and where in the log), then those public events in order."""
    turn = -1
    for step in steps:
        if not step.events:
            continue
        if step.turn != turn:
            turn = step.turn
            yield f"**{names(step.seat)}** · `#{step.index}`"
        yield from step.events


def _waiting(game: Game[Any, Any, Any], s: Any) -> tuple[int, ...]:
    pending = game.pending(s)
    return tuple(pending.waiting_on) if pending else ()
