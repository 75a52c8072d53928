"""Dead Reckoning decisions: one small frozen model per kind, built through `action()` (each
distinct one once). Notation lives in notation.py; the prompts that offer them, in prompts.py."""
from __future__ import annotations

from typing import Literal

from engine.core.actions import FrozenAction
from engine.core.actions import action as action  # re-exported: the prompts build actions with it

Res = Literal["cargo", "coin"]


class _A(FrozenAction):
    """Every decision of this game is one of these frozen values."""


class Play(_A):
    kind: Literal["play"] = "play"
    card: str


class Use(_A):
    """Ability `n` (1-based, top to bottom) of a played card or an Upgrade (`hull-B`); `option`
    picks one side of a red slash (1-based, 0 when the ability has one option)."""
    kind: Literal["use"] = "use"
    source: str
    n: int
    option: int = 0


class Load(_A):
    kind: Literal["load"] = "load"
    res: Res
    hold: str


class Unload(_A):
    kind: Literal["unload"] = "unload"
    res: Res
    hold: str


class Shift(_A):
    kind: Literal["shift"] = "shift"
    res: Res
    hold: str
    to: str


class Jettison(_A):
    kind: Literal["jettison"] = "jettison"
    res: Res
    hold: str


class SetSails(_A):
    kind: Literal["sails"] = "sails"


class SailChoice(_A):
    """Setting Sails: take (or keep for later) an either-or ability's Sail option (DR-DECKH-05)."""
    kind: Literal["sail-choice"] = "sail-choice"
    card: str
    index: int                    # which either-or Sail ability of the card, 0 first
    take: bool


class Move(_A):
    kind: Literal["move"] = "move"
    to: str


class Stop(_A):
    kind: Literal["stop"] = "stop"


class Buy(_A):
    kind: Literal["buy"] = "buy"


class Trade(_A):
    kind: Literal["trade"] = "trade"


class Raid(_A):
    kind: Literal["raid"] = "raid"


class Attack(_A):
    """An Attack flag against the Ship of `target` (a seat)."""
    kind: Literal["attack"] = "attack"
    target: int


class Fight(_A):
    """A battle with a Pirate: met on this turn's starting board, or one of several at a stop."""
    kind: Literal["fight"] = "fight"
    target: int


class AttackBuildings(_A):
    kind: Literal["attack-buildings"] = "attack-buildings"


class Merchant(_A):
    """Master Merchant: return 12 cargo at once."""
    kind: Literal["merchant"] = "merchant"


class Menu(_A):
    """Open one group of a main menu too long for one panel: goods, play or use."""
    kind: Literal["menu"] = "menu"
    group: Literal["goods", "play", "use"]


class End(_A):
    kind: Literal["end"] = "end"


class Cubes(_A):
    kind: Literal["cubes"] = "cubes"
    n: int


class Pass(_A):
    kind: Literal["pass"] = "pass"


class Slot(_A):
    kind: Literal["slot"] = "slot"
    slot: int


class Produce(_A):
    kind: Literal["produce"] = "produce"
    at: str


class Build(_A):
    kind: Literal["build"] = "build"
    building: str
    at: str


class Upgrade(_A):
    kind: Literal["upgrade"] = "upgrade"
    tile: str
    space: str


class Split(_A):
    """Of a gain that may go to Ship or Dock: how much goes on the Ship."""
    kind: Literal["split"] = "split"
    ship: int


class Remove(_A):
    kind: Literal["remove"] = "remove"
    zone: str


class SetMode(_A):
    kind: Literal["mode"] = "mode"
    mode: Literal["pirate", "mercantile"]


class Sleeve(_A):
    kind: Literal["sleeve"] = "sleeve"
    advancement: str
    card: str


class PayShip(_A):
    """Of a cost either the Ship or the Dock may pay: how much the Ship pays."""
    kind: Literal["pay-ship"] = "pay-ship"
    ship: int


class Stow(_A):
    """Plunder: one piece into a hold (an "either" piece takes the kind it is stowed as)."""
    kind: Literal["stow"] = "stow"
    res: Res
    hold: str


class ToIsland(_A):
    kind: Literal["island"] = "island"


class ToSupply(_A):
    kind: Literal["supply"] = "supply"


class Take(_A):
    """Running out of cubes: take one of your non-permanent cubes back from the island at `at`."""
    kind: Literal["take"] = "take"
    at: str


class Amount(_A):
    kind: Literal["amount"] = "amount"
    n: int


class Refuse(_A):
    """A gain that does not fit aboard: let the rest go back to the supply."""
    kind: Literal["refuse"] = "refuse"


class Done(_A):
    kind: Literal["done"] = "done"


class Level(_A):
    kind: Literal["level"] = "level"
    card: str


class Keep(_A):
    kind: Literal["keep"] = "keep"
    token: str
