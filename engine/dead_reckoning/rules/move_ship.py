"""Move your Ship: one board a step for 1 Sail, orthogonally, the Harbor touching all of row 1;
movement in several moves, each ending in a stop; exploring a face-down board on a stop, once a
turn; passing through never explores (DR-MOVE-01 to -13). Entering a board with an opponent's
Garrison costs 1 damage at once (DR-BLD-09)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.rules import buildings as bld
from engine.dead_reckoning.rules.abilities import site
from engine.dead_reckoning.rules.battle import damage_ship
from engine.dead_reckoning.rules.common import name, neighbours
from engine.dead_reckoning.rules.setup import reveal
from engine.dead_reckoning.state import HARBOR, State


def may_stop(s: State, at: str) -> bool:
    return at == HARBOR or s.grid[at].face_up or not s.turn.explored


def moving_options(s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    out: list[Any] = []
    if p.ship.sails > 0:
        # a move into a board it could not stop on needs a Sail left to go on
        out += [action(A.Move, to=to) for to in neighbours(p.ship.at) if may_stop(s, to) or p.ship.sails > 1]
    if may_stop(s, p.ship.at) or not out:
        out.append(action(A.Stop))
    return out


def move(s: State, seat: int, to: str, ev: Events) -> None:
    p = s.players[seat]
    p.ship.sails -= 1
    p.ship.at = to
    isl = s.islands.get(to)
    if isl is not None and isl.buildings:
        here = site(s, to)
        if hit := bld.entry_damage(here, seat):
            ev.append(Event(text=f"{name(seat)}'s Ship takes {hit} damage from a Garrison at {to}"))
            damage_ship(s, seat, hit, here.controller, ev)


def stop(s: State, seat: int, ev: Events) -> None:
    """End this move: explore a face-down board, then fight the Pirates here."""
    from engine.dead_reckoning.rules.pirate_mode import pirates_at_stop
    p = s.players[seat]
    at = p.ship.at
    if at != HARBOR and not s.grid[at].face_up:
        reveal(s, at)
        s.turn.explored = True
        p.explored += 1
        s.reveals += 1
        ev.append(Event(text=f"{name(seat)} explores {at}: {s.grid[at].board}"))
    pirates_at_stop(s, seat, ev)


def start_moving(s: State, seat: int, to: str, ev: Events) -> None:
    s.stack.append(P.MovingPrompt(seats=[seat]))
    move(s, seat, to, ev)
