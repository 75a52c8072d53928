"""Small helpers every rule module uses: names, logging an event, the supply of unlock tiles."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import Player, State

COLOURS = ("green", "orange", "purple", "teal")   # seat colours; the ghost pirates are grey
GHOST_COLOUR = "grey"
LOG_TAIL = 6


def name(seat: int) -> str:
    return COLOURS[seat].title() if seat < len(COLOURS) else "The ghosts"


def say(s: State, ev: list[Event], text: str, to: int | None = None) -> None:
    """Record a public event (or a private one for seat `to`); public ones feed the board's log."""
    ev.append(Event(text=text, visible_to=None if to is None else frozenset({to})))
    if to is None:
        s.log_tail = [*s.log_tail, text][-LOG_TAIL:]


def me(s: State, seat: int) -> Player:
    return s.players[seat]


def seats(s: State) -> list[int]:
    return list(range(len(s.players)))


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
