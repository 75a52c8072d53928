"""Dead Reckoning notation: one short canonical text per decision (`play gunner-2`, `use bosun 1 2`,
`load cargo a` (holds in lower case: typed text is matched lower-cased), `move b2`, `attack p3`, `cubes 4`); `parse` matches typed text against the seat's
legal decisions (engine.core.notation). Seats are `p1` … `p4`."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.notation import match
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.rules.legal import legal_actions
from engine.dead_reckoning.state import State, label

VERBS = {"play", "use", "load", "unload", "shift", "jettison", "sails", "move", "stop", "buy", "trade", "raid",
         "attack", "fight", "merchant", "end", "cubes", "pass", "slot", "produce", "build", "upgrade", "ship",
         "remove", "pirate", "mercantile", "sleeve", "done", "level", "keep", "stow", "island", "supply", "take", "goods", "sail",
         *(str(n) for n in range(1, 26))}    # amounts are bare numbers

NOTATE: dict[type, Callable[[State, Any], str]] = {
    A.Play: lambda s, a: f"play {a.card}",
    A.Use: lambda s, a: f"use {a.source} {a.n}" + (f" {a.option}" if a.option else ""),
    A.Load: lambda s, a: f"load {a.res} {a.hold.lower()}",
    A.Unload: lambda s, a: f"unload {a.res} {a.hold.lower()}",
    A.Shift: lambda s, a: f"shift {a.res} {a.hold.lower()} {a.to.lower()}",
    A.Jettison: lambda s, a: f"jettison {a.res} {a.hold.lower()}",
    A.Move: lambda s, a: f"move {a.to}",
    A.SailChoice: lambda s, a: f"{'sail' if a.take else 'keep'} {a.card}" + (f" {a.index + 1}" if a.index else ""),
    A.Attack: lambda s, a: f"attack {label(a.target)}",
    A.Fight: lambda s, a: f"fight {label(a.target)}",
    A.AttackBuildings: lambda s, a: "attack buildings",
    A.Cubes: lambda s, a: f"cubes {a.n}",
    A.Slot: lambda s, a: f"slot {a.slot + 1}",
    A.Produce: lambda s, a: f"produce {a.at}",
    A.Build: lambda s, a: f"build {a.building} {a.at}",
    A.Upgrade: lambda s, a: f"upgrade {a.tile} {a.space.lower()}",
    A.Split: lambda s, a: f"ship {a.ship}",
    A.Amount: lambda s, a: str(a.n),
    A.Menu: lambda s, a: str(a.group),
    A.PayShip: lambda s, a: f"ship {a.ship}",
    A.Remove: lambda s, a: f"remove {a.zone}",
    A.SetMode: lambda s, a: str(a.mode),
    A.Sleeve: lambda s, a: f"sleeve {a.advancement} {a.card}",
    A.Level: lambda s, a: f"level {a.card}",
    A.Take: lambda s, a: f"take {a.at}",
    A.Stow: lambda s, a: f"stow {a.res} {a.hold.lower()}",
    A.Keep: lambda s, a: f"keep {a.token}",
}


def notate(s: State, a: Any) -> str:
    """Decisions with no argument (sails, stop, buy, end, pass, done) are their kind."""
    fn = NOTATE.get(type(a))
    return fn(s, a) if fn else str(a.kind)


def parse(s: State, seat: int, text: str) -> Any:
    return match(text, {notate(s, a): a for a in legal_actions(s, seat)}, VERBS)
