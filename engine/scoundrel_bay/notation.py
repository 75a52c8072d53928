"""Scoundrel Bay notation: one short canonical text per decision; `parse` matches typed text
against the seat's legal decisions (engine.core.notation). Where one kind of decision answers
several prompts (accepting, done), the prompt on top of the stack names it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.notation import match
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.rules.legal import legal_actions
from engine.scoundrel_bay.state import State

VERBS = {"recruit", "sail", "invade", "take", "no", "shoot", "keep", "reroll", "beastbane", "land", "dig",
         "plunder", "deliver", "trade", "done", "place", "buy", "scout", "open", "move", "pay", "decline",
         "sell", "exchange", "bid", "pick", "give", "lose", "feed", "captain", "upgrade", "discard-upgrade",
         "recruit-slot", "extra-maps", "rummage"}


def _top(s: State) -> Any:
    return s.stack[-1] if s.stack else None


def _keep(s: State, a: A.KeepRoll) -> str:
    return "shoot" if isinstance(_top(s), P.ShootPrompt) else "keep"


def _land(s: State, a: A.Land) -> str:
    return f"land {a.region} {a.pirates}" + (" +captain" if a.captain else "")


def _accept(s: State, a: A.Accept) -> str:
    top = _top(s)
    if isinstance(top, P.DisplayRecruitPrompt):
        return f"recruit-slot {a.option + 1}"
    if isinstance(top, P.ExtraMapsPrompt):
        return f"extra-maps {a.option}"
    if isinstance(top, P.RummagePrompt):
        return f"rummage {a.option + 1}"
    return "pay"


def _move(s: State, a: A.Move) -> str:
    return f"move {'captain ' if a.captain else ''}{a.source} {a.target}"


def _bonus(s: State, a: A.SailBonus) -> str:
    if a.which is None:
        return "no reward"
    return f"take {a.which}" + (" charts" if a.charts else "")


NOTATE: dict[type, Callable[[State, Any], str]] = {
    A.Take: lambda s, a: f"{a.action} {a.card}",
    A.Distance: lambda s, a: f"sail {a.n}",
    A.SailBonus: _bonus,
    A.KeepRoll: _keep,
    A.Reroll: lambda s, a: "reroll free" if a.free else "reroll",
    A.Land: _land,
    A.Dig: lambda s, a: "dig " + "+".join(str(t) for t in a.types),
    A.Plunder: lambda s, a: f"plunder {a.crate}",
    A.Deliver: lambda s, a: f"deliver {a.crate}",
    A.Trade: lambda s, a: f"trade {a.option + 1}" + (" alt" if a.alternative else ""),
    A.Place: lambda s, a: f"place {'captain ' if a.captain else ''}{a.region}",
    A.Buy: lambda s, a: f"buy {a.slot + 1}",
    A.Scout: lambda s, a: f"scout {a.flag}",
    A.OpenCrate: lambda s, a: f"open {a.crate}",
    A.Move: _move,
    A.Accept: _accept,
    A.Sell: lambda s, a: f"sell {a.resource}",
    A.Exchange: lambda s, a: f"exchange {a.give} for {a.get[0]}+{a.get[1]}",
    A.Bid: lambda s, a: f"bid {a.doubloons}",
    A.Pick: lambda s, a: f"pick {a.choice + 1}",
    A.PayResource: lambda s, a: f"give {a.resource}",
    A.Lose: lambda s, a: "lose captain" if a.captain else f"lose {a.space}",
    A.Feed: lambda s, a: f"feed {a.fed}",
    A.ChooseCaptain: lambda s, a: f"captain {a.tile}",
    A.Milestone: lambda s, a: f"{'discard-upgrade' if a.discard else 'upgrade'} {a.upgrade}",
}


def notate(s: State, a: Any) -> str:
    """Decisions with no argument (done, decline, beastbane) are their kind."""
    fn = NOTATE.get(type(a))
    return fn(s, a) if fn else str(a.kind)


def parse(s: State, seat: int, text: str) -> Any:
    return match(text, {notate(s, a): a for a in legal_actions(s, seat)}, VERBS)
