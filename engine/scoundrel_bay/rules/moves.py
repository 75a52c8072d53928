"""PIRATE MOVE (Appendix: Rewards): one of your pirates, or your captain, from its region on the
main board to an adjacent one; a bridge to or from a hideout needs 5 swords."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.actions import Move, action
from engine.scoundrel_bay.rules.board import can_cross, neighbours, region
from engine.scoundrel_bay.rules.common import me, name, say

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def pirate_moves(s: State, seat: int, *, any_bridge: bool = False) -> list[Move]:
    """Every pirate move the seat may make now (`any_bridge` ignores the sword requirement)."""
    p, moves = me(s, seat), []
    for rid, r in s.regions.items():
        for captain, here in ((False, r.pirates.get(seat, 0) > 0), (True, p.captain_at == rid)):
            if not here:
                continue
            for target, bridge in neighbours(rid):
                if any_bridge or can_cross(s, seat, bridge):
                    moves.append(action(Move, source=rid, target=target, captain=captain))
    return moves


def hideout_moves(s: State, seat: int) -> list[Move]:
    """Upgrades: a move into an adjacent hideout, ignoring the sword requirement."""
    return [m for m in pirate_moves(s, seat, any_bridge=True) if region(m.target).kind == "hideout"]


def move_pirate(s: State, seat: int, m: Move, ev: list[Event]) -> None:
    if m.captain:
        me(s, seat).captain_at = m.target
    else:
        s.regions[m.source].pirates[seat] -= 1
        s.regions[m.target].pirates[seat] = s.regions[m.target].pirates.get(seat, 0) + 1
    who = "captain" if m.captain else "a pirate"
    say(s, ev, f"{name(seat)} moves {who} from {region(m.source).name} to {region(m.target).name}.")
