"""The main board: the one-way sea route and its reefs, which regions touch which sea spaces,
which regions touch each other (bridges to hideouts), and counting pirates in a region."""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from engine.scoundrel_bay.defs import Region, defs

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def region(rid: str) -> Region:
    return defs().board.regions[rid]


def sail_path(start: int, n: int) -> list[int]:
    """The sea spaces entered sailing `n` spaces on from `start`, along the arrows."""
    spaces, here = [], start
    for _ in range(n):
        here = defs().board.space(here).next
        spaces.append(here)
    return spaces


def reefs_passed(start: int, n: int) -> list[int]:
    """The reefs crossed sailing `n` from `start`: a reef lies between its space and the next."""
    path = [start, *sail_path(start, n)]
    crossed = {a for a in path[:-1]}
    return [r.number for r in defs().board.reefs if r.after in crossed]


@cache
def regions_at(space: int) -> tuple[str, ...]:
    """Regions adjacent to a sea space (those a ship there may invade)."""
    return tuple(r.id for r in defs().board.regions.values() if space in r.seas)


@cache
def neighbours(rid: str) -> tuple[tuple[str, bool], ...]:
    """Regions linked to `rid`, each with whether the link is a bridge."""
    out = []
    for link in defs().board.links:
        a, b = link.between
        if rid in (a, b):
            out.append((b if a == rid else a, link.bridge))
    return tuple(sorted(out))


def can_cross(s: State, seat: int, bridge: bool) -> bool:
    """PIRATE MOVE: a bridge to or from a hideout needs 5 swords."""
    return not bridge or s.players[seat].tools["sword"] >= defs().rules.moves["bridge_swords"]


def strength(s: State, seat: int, rid: str) -> int:
    """PIRATE STRENGTH: the seat's pirates in a region, the captain counting 2."""
    captain = defs().rules.captain.strength if s.players[seat].captain_at == rid else 0
    return s.regions[rid].pirates.get(seat, 0) + captain


def owner_counts(s: State, rid: str) -> dict[int, int]:
    """Every owner's pirates in a region for majorities and scoring, captains counting 2."""
    counts = {o: n for o, n in s.regions[rid].pirates.items() if n}
    for seat, p in enumerate(s.players):
        if p.captain_at == rid:
            counts[seat] = counts.get(seat, 0) + defs().rules.captain.strength
    return counts
