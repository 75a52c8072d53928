"""A) RECRUIT: play a card into the crew area of its flag, bring citizens aboard for its pirate
symbols, and gain a tool for each tool symbol. Blind recruitment does the same with the top card
of the pirate deck."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import Reward
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.common import me, name, plural, say
from engine.scoundrel_bay.rules.effects import queue

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def recruit(s: State, seat: int, card: str, ev: list[Event], *, blind: bool = False, pirates: bool = True) -> None:
    """`pirates` False recruits tools only (Captain Rumwhistle's extra blind recruitment)."""
    c, p = card_def(card), me(s, seat)
    p.crew.setdefault(c.flag, []).append(card)
    moved = min(c.pirates, p.citizens) if pirates else 0
    p.citizens -= moved
    p.crew_space.active += moved
    queue(s, seat, [Reward(gain=t) for t in c.tools], f"recruiting {c.name}", first=True)
    how = "blind-recruits" if blind else "recruits"
    tools = f" and gains {', '.join(c.tools)}" if c.tools else ""
    say(s, ev, f"{name(seat)} {how} {c.name} ({c.flag}): {plural(moved, 'pirate')} aboard{tools}.")
