"""Merchants & Marauders notation: one short canonical text per decision (`move havana`, `enter`,
`scout p3`, `scout navy_spain`, `sell`, `buy sugar-1`, `ship frigate`, `repair masts`, `hire 2`,
`stash 10`, `nation spain`, `discard rum-3`, `shoot`, `board hooks`, `take cargo rum-3`);
`parse` matches typed text against the seat's legal decisions (engine.core.notation). Seats are
`p1` … `p4`, zones their vocab ids, NPCs their roster slots."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.notation import match
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.rules.legal import legal_actions
from engine.merchants_marauders.state import State

VERBS = {"ship", "move", "enter", "leave", "scout", "port", "end", "sell", "buy", "shipyard", "recruit", "stash",
         "done", "redraw", "repair", "modification", "weapon", "hire", "keep", "nation", "release", "draw",
         "discard", "swap", "stop", "shoot", "board", "flee", "shot", "none", "take", "rumour", "claim",
         "investigate", "attempt", "play", "pass", "reroll", "specialist", "captain"}

VERBS |= {"visit", "pay", "give", "raid", "fire", "attack", "withdraw", "warship", "to"}      # Module 9

VERBS |= {"wind"}                                 # Module 8

NOTATE: dict[type, Callable[[State, Any], str]] = {
    A.Ship: lambda s, a: f"ship {a.ship}",
    A.Captain: lambda s, a: f"captain {a.captain}",
    A.Move: lambda s, a: f"move {a.to}",
    A.WindMove: lambda s, a: f"wind {a.to}",
    A.Scout: lambda s, a: f"scout {a.target}",
    A.Part: lambda s, a: str(a.part),
    A.Sell: lambda s, a: f"sell {a.card}",
    A.Buy: lambda s, a: f"buy {a.card}",
    A.Repair: lambda s, a: f"repair {a.location}",
    A.UseWeapon: lambda s, a: f"weapon {a.weapon}",
    A.Hire: lambda s, a: f"hire {a.n}",
    A.Stash: lambda s, a: f"stash {a.n}",
    A.Keep: lambda s, a: f"keep {a.card}",
    A.ChooseNation: lambda s, a: f"nation {a.nation}",
    A.Discard: lambda s, a: f"discard {a.card}",
    A.Swap: lambda s, a: f"swap {a.card}",
    A.Order: lambda s, a: "board hooks" if a.order == "hooks" else str(a.order),
    A.Shot: lambda s, a: f"shot {a.weapon}",
    A.Hit: lambda s, a: f"hit {a.location}",
    A.Take: lambda s, a: f"take {a.what}" + (f" {a.item}" if a.item else ""),
    A.Claim: lambda s, a: f"claim {a.mission}",
    A.Play: lambda s, a: f"play {a.card}",
    A.PayOff: lambda s, a: f"pay {a.nation}",
    A.RaidLocation: lambda s, a: "raid location",
    A.Warship: lambda s, a: f"warship {a.slot}",
    A.To: lambda s, a: f"to {a.zone}",
    A.Salvage: lambda s, a: f"take {a.what}" + (f" {a.item}" if a.item else ""),
    A.Give: lambda s, a: f"give {a.card}",
    A.Favour: lambda s, a: f"goodwill {a.on}",
    A.Smuggle: lambda s, a: f"contraband {a.card}",
    A.PayGoodwill: lambda s, a: "pay",
    A.Hide: lambda s, a: f"hide {a.card}",
    A.Compartment: lambda s, a: f"compartment {a.which}",
    A.NewRumour: lambda s, a: "rumour new",
}
VERBS |= {"fierce", "accept", "goodwill", "loyalty", "pay", "stay", "check", "crew", "contraband", "resist",
          "dump"}                       # Modules 7, 10, 11
VERBS |= {"hit"}                        # Module 2: where a fire or double shot's last hits land
VERBS |= {"hide"}                       # Module 3's smuggler's hold (with Module 7)
VERBS |= {"compartment"}                # Module 7: the compartment a cargo hit takes from


def notate(s: State, a: Any) -> str:
    """Decisions with no argument (enter, leave, port, end, done, redraw, release, draw, stop,
    none, modification) are their kind."""
    fn = NOTATE.get(type(a))
    return fn(s, a) if fn else str(a.kind)


def parse(s: State, seat: int, text: str) -> Any:
    return match(text, {notate(s, a): a for a in legal_actions(s, seat)}, VERBS)
