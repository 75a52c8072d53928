"""Pirate Mode & Movement, Cleanup's choice of mode, and the Pirate Mode rules: a Ship that
stops on a Pirate's board fights it (in an order the mover chooses), a Pirate that wins at an
island blockades it for the rest of the turn, and a Ship that starts its turn on a Pirate's
board is blockaded at once but may fight it without a flag (DR-PMOVE, DR-MODE, DR-PIR)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules import battle
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.state import HARBOR, State, label


def pirates_here(s: State, seat: int) -> list[int]:
    """Opponents' Pirate-mode Ships on this seat's board, in turn order from it."""
    at = s.players[seat].ship.at
    i = s.order.index(seat)
    others = [s.order[(i + k) % len(s.order)] for k in range(1, len(s.order))]
    return [o for o in others if s.players[o].ship.at == at and at != HARBOR and s.players[o].ship.mode == "pirate"]


def pirate_guard(s: State, seat: int) -> bool:
    return bool(pirates_here(s, seat)) and seat == s.turn.seat


def start_of_turn(s: State, seat: int) -> None:
    s.turn.pirates_met = pirates_here(s, seat)
    at = s.players[seat].ship.at
    if s.turn.pirates_met and at in s.islands:
        s.turn.blockaded.append(at)


def blockade_bars(s: State, seat: int, a: Any) -> bool:
    """Taking a cube back from a blockaded island (short of cubes) is removing an Influence cube
    there, which the blockade bars the active seat as much as placing one (DR-PIR-04)."""
    return isinstance(a, A.Take) and seat == s.turn.seat and a.at in s.turn.blockaded


def met_pirates(s: State, seat: int) -> list[int]:
    return [t for t in s.turn.pirates_met if t in pirates_here(s, seat) and label(t) not in s.turn.battled]


def pirates_at_stop(s: State, seat: int, ev: Events) -> None:
    s.turn.pirate_queue = [t for t in pirates_here(s, seat) if label(t) not in s.turn.battled]
    next_pirate(s, ev)


def next_pirate(s: State, ev: Events) -> None:
    queue = [t for t in s.turn.pirate_queue if s.players[t].ship.mode == "pirate"
             and s.players[t].ship.at == s.players[s.turn.seat].ship.at]
    s.turn.pirate_queue = queue
    if not queue:
        return
    if len(queue) > 1:
        s.stack.append(P.PirateOrderPrompt(seats=[s.turn.seat]))
        return
    fight(s, queue[0], "pirate_stop")


def fight(s: State, target: int, why: str) -> None:
    if target in s.turn.pirate_queue:
        s.turn.pirate_queue.remove(target)
    battle.start(s, "ship", s.turn.seat, s.players[s.turn.seat].ship.at, defender=target, why=why)


def flag_targets(s: State, seat: int) -> list[int]:
    """Ships an Attack flag may hit: on this board, or in Harbor with you; each once a turn."""
    at = s.players[seat].ship.at
    return [o for o in s.order if o != seat and s.players[o].ship.at == at and label(o) not in s.turn.battled]


def building_target(s: State, seat: int) -> bool:
    """An opponent's Fort or Garrison on the island here, not blockaded, no Pirate guarding it."""
    at = s.players[seat].ship.at
    isl = s.islands.get(at)
    if isl is None or at in s.turn.blockaded or pirates_here(s, seat) or f"buildings:{at}" in s.turn.battled:
        return False
    owner = ic.controller(isl)
    return owner is not None and owner != label(seat) and any(k in ("fort", "garrison") for k in isl.buildings)
