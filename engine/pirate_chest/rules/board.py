"""THE BOARD: a circular track; every third space is a port or a deserted island."""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal

from engine.pirate_chest.defs import BoardDef, SpaceDef, defs

if TYPE_CHECKING:   # the state holds the prompts, whose options read the board: no import at run time
    from engine.pirate_chest.state import State

Kind = Literal["port", "island", "open-sea"]


def board_def(s: State) -> BoardDef:
    return defs().board(s.board_size == defs().boards.larger.size)


@cache
def _special_spaces(size: int) -> dict[int, SpaceDef]:
    board = defs().board(size == defs().boards.larger.size)
    return {d.number: d for d in board.spaces}


def space(s: State, n: int) -> SpaceDef | None:
    """The special space numbered n, or None for open sea."""
    return _special_spaces(s.board_size).get(n)


def kind(s: State, n: int) -> Kind:
    d = space(s, n)
    return d.kind if d else "open-sea"


def slug(s: State, n: int) -> str:
    d = space(s, n)
    return d.slug if d else f"sea-{n}"


def space_name(s: State, n: int) -> str:
    d = space(s, n)
    return d.name if d else f"open sea {n}"


def ports(s: State) -> list[int]:
    return [d.number for d in board_def(s).spaces if d.kind == "port"]


def islands(s: State) -> list[int]:
    return [d.number for d in board_def(s).spaces if d.kind == "island"]


def step(s: State, start: int, distance: int, direction: str) -> int:
    """The space `distance` steps from `start`; cw counts upwards, wrapping 24 → 1."""
    sign = 1 if direction == "cw" else -1
    return (start - 1 + sign * distance) % s.board_size + 1


def path(s: State, start: int, distance: int, direction: str) -> list[int]:
    """Spaces entered on the way, destination last."""
    return [step(s, start, i, direction) for i in range(1, distance + 1)]


def distance(s: State, a: int, b: int) -> int:
    """Steps between two spaces the short way round (our reading of 'distance')."""
    d = abs(a - b) % s.board_size
    return min(d, s.board_size - d)


def adjacent(s: State, a: int, b: int) -> bool:
    """Our reading of 'adjacent': the same space or one step either way."""
    return distance(s, a, b) <= 1


def in_zone(s: State, n: int, zone: str) -> bool:
    k = kind(s, n)
    return {"any": True, "open-sea": k == "open-sea", "special": k != "open-sea",
            "island": k == "island", "port": k == "port"}[zone]
