"""The engine side of loading, unloading, rearranging and jettisoning: which of them the seat
may do where its Ship is now, one unit per decision, applied through rules/load_unload.py."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.dead_reckoning import actions as A
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules import load_unload as lu
from engine.dead_reckoning.rules.common import holds, island_barred, on_ship, room
from engine.dead_reckoning.state import HARBOR, State, label

RES = ("cargo", "coin")


def place(s: State, seat: int) -> lu.Place:
    p = s.players[seat]
    if p.ship.at == HARBOR:
        return lu.HARBOR
    isl = s.islands.get(p.ship.at)
    if isl is None:
        return lu.SEA
    from engine.dead_reckoning.rules.pirate_mode import pirate_guard
    owner = ic.controller(isl)
    # an opponent's Fort or Garrison (DR-BLD-03) or a blockade (DR-PIR-05)
    return lu.Place(at="island", controlled=owner == label(seat), pirate_guard=pirate_guard(s, seat),
                    shut_out=island_barred(s, seat, p.ship.at) is not None)


def _source(s: State, seat: int, res: str) -> int:
    p = s.players[seat]
    if p.ship.at == HARBOR:
        return p.dock if res == "cargo" else 0
    isl = s.islands.get(p.ship.at)
    return 0 if isl is None else (isl.cargo if res == "cargo" else isl.coins)


def load_options(s: State, seat: int) -> list[Any]:
    p, where = s.players[seat], place(s, seat)
    out: list[Any] = []
    spaces = holds(p)
    for res in RES:
        if lu.why_not_load(where, res) is None and _source(s, seat, res) > 0:   # type: ignore[arg-type]
            out += [action(A.Load, res=res, hold=x) for x in spaces if room(p, x) > 0]
        if lu.why_not_unload(where) is None:
            out += [action(A.Unload, res=res, hold=x) for x in spaces
                    if p.ship.hull.space(x).goods.of(res)]   # type: ignore[arg-type]
    return out


def rearrange_options(s: State, seat: int) -> list[Any]:
    """Rearranging and jettisoning: allowed at any moment outside a battle (DR-HOLD-17, -19, -21)."""
    if s.battle is not None and s.battle.step in ("window", "done"):
        return []
    p = s.players[seat]
    out: list[Any] = []
    spaces = holds(p)
    with_room = [y for y in spaces if room(p, y) > 0]        # looked up once: asked every decision
    for res in RES:
        full = [x for x in spaces if p.ship.hull.space(x).goods.of(res)]   # type: ignore[arg-type]
        out += [action(A.Shift, res=res, hold=x, to=y) for x in full for y in with_room if y != x]
        out += [action(A.Jettison, res=res, hold=x) for x in full]
    return out


def room_options(s: State, seat: int) -> list[Any]:
    """What frees a hold: jettisoning anything aboard, or unloading it where the Ship may."""
    p, where = s.players[seat], place(s, seat)
    out: list[Any] = []
    for res in RES:
        full = [x for x in holds(p) if p.ship.hull.space(x).goods.of(res)]   # type: ignore[arg-type]
        out += [action(A.Jettison, res=res, hold=x) for x in full]
        if lu.why_not_unload(where) is None:
            out += [action(A.Unload, res=res, hold=x) for x in full]
    return out


def most(s: State, seat: int, a: Any) -> int:
    """How many units this move could carry at once (the AmountPrompt's top)."""
    p = s.players[seat]
    held = p.ship.hull.space(a.hold).goods.of(a.res)
    if isinstance(a, A.Load):
        return min(room(p, a.hold), _source(s, seat, a.res))
    if isinstance(a, A.Shift):
        return min(held, room(p, a.to))
    return held


def load(s: State, seat: int, a: A.Load, n: int = 1) -> None:
    p = s.players[seat]
    p.ship.hull = lu.load(p.ship.hull, place(s, seat), a.hold, a.res, n, _source(s, seat, a.res))   # type: ignore[arg-type]
    if p.ship.at == HARBOR:
        p.dock -= n
    elif a.res == "cargo":
        s.islands[p.ship.at].cargo -= n
    else:
        s.islands[p.ship.at].coins -= n


def unload(s: State, seat: int, a: A.Unload, n: int = 1) -> None:
    """In Harbor cargo goes to the Dock and coins into the chest; at an island onto the island."""
    p = s.players[seat]
    p.ship.hull, _ = lu.unload(p.ship.hull, place(s, seat), a.hold, a.res, n)   # type: ignore[arg-type]
    if p.ship.at == HARBOR:
        if a.res == "cargo":
            p.dock += n
        else:
            p.chest += n
    elif a.res == "cargo":
        s.islands[p.ship.at].cargo += n
    else:
        s.islands[p.ship.at].coins += n


def shift(s: State, seat: int, a: A.Shift, n: int = 1) -> None:
    p = s.players[seat]
    p.ship.hull = lu.shift(p.ship.hull, a.hold, a.to, a.res, n)   # type: ignore[arg-type]


def jettison(s: State, seat: int, a: A.Jettison, n: int = 1) -> None:
    p = s.players[seat]
    p.ship.hull = lu.jettison(p.ship.hull, a.hold, a.res, n)   # type: ignore[arg-type]


MOVES: dict[type, Callable[..., None]] = {A.Load: load, A.Unload: unload, A.Shift: shift, A.Jettison: jettison}


def start_move(s: State, seat: int, a: Any) -> None:
    """One unit moves at once; when more could, the AmountPrompt asks how many."""
    from engine.dead_reckoning import prompts as P
    top = most(s, seat, a)
    if top > 1:
        s.stack.append(P.AmountPrompt(seats=[seat], op=a.kind, res=a.res, hold=a.hold,
                                      to=getattr(a, "to", ""), most=min(top, P.MAX_OPTIONS)))
    else:
        MOVES[type(a)](s, seat, a)


def finish_move(s: State, seat: int, op: str, res: str, hold: str, to: str, n: int) -> None:
    a: Any = (action(A.Shift, res=res, hold=hold, to=to) if op == "shift"
              else action({"load": A.Load, "unload": A.Unload, "jettison": A.Jettison}[op], res=res, hold=hold))
    MOVES[type(a)](s, seat, a, n)


def cargo_everywhere(s: State, seat: int) -> int:
    p = s.players[seat]
    return p.dock + on_ship(p, "cargo")


def master_merchant(s: State, seat: int, ev: Any) -> None:
    """Return 12 cargo at once for the marker (DR-ACH-20); where both the Ship and the Dock hold
    cargo, the seat says how much comes from the Ship (the Dock's first by default)."""
    from engine.dead_reckoning import prompts as P
    from engine.dead_reckoning.defs import Pay
    from engine.dead_reckoning.rules import abilities, achievements
    need = achievements.goal("master_merchant", len(s.players))
    abilities.start_paying(s, seat, P.PayPrompt(seats=[seat], costs=[Pay(res="cargo", n=need)], then="merchant"), ev)
