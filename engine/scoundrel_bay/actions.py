"""Scoundrel Bay decisions: one small frozen model per kind, built through `action()` (each
distinct one once). Notation lives in notation.py; the prompts that offer them, in prompts.py.

A turn is a chain of small decisions (the issue's asynchronous play): the action with its card,
then the sail distance, the sail reward, a reroll; or each landing of an invasion and each crate
or treasure taken there; then the card added to the hand."""
from __future__ import annotations

from typing import Literal

from engine.core.actions import FrozenAction
from engine.core.actions import action as action  # re-exported: the prompts build actions with it
from engine.scoundrel_bay.defs import Flag, Resource, SailReward

ActionName = Literal["recruit", "sail", "invade"]
CrewSpace = Literal["active", "sick"]


class _A(FrozenAction):
    """Every decision of this game is one of these frozen values."""


class Take(_A):
    """Step 1: place the action disc on `action` and play `card` for it."""
    kind: Literal["take"] = "take"
    action: ActionName
    card: str


class Distance(_A):
    kind: Literal["distance"] = "distance"
    n: int


class SailBonus(_A):
    """The sail reward of the played card; `which` None declines it (all rewards are optional).
    `charts`: taken through a sail-reward upgrade, with a move into a hideout."""
    kind: Literal["sail-bonus"] = "sail-bonus"
    which: SailReward | None
    charts: bool = False


class Reroll(_A):
    kind: Literal["reroll"] = "reroll"
    free: bool = False            # the free reroll of an upgrade, before any pirate ring


class KeepRoll(_A):
    kind: Literal["keep-roll"] = "keep-roll"


class Beastbane(_A):
    """Captain Beastbane: one sword instead of shooting (captain powers variant)."""
    kind: Literal["beastbane"] = "beastbane"


class Land(_A):
    """Invade: place `pirates` pirates (and the captain) from the active space in `region`."""
    kind: Literal["land"] = "land"
    region: str
    pirates: int
    captain: bool = False


class Place(_A):
    """Captain Barrelbeard: 1 map places a pirate (or the captain) in a region by the ship."""
    kind: Literal["place"] = "place"
    region: str
    captain: bool = False


class Dig(_A):
    """Dig for treasure: the types of the treasures dug up (a type twice takes two from its stack)."""
    kind: Literal["dig"] = "dig"
    types: tuple[int, ...]


class Plunder(_A):
    kind: Literal["plunder"] = "plunder"
    crate: str


class Deliver(_A):
    kind: Literal["deliver"] = "deliver"
    crate: str


class Trade(_A):
    """Trade in the market: option `option` (its index), or its alternative reward."""
    kind: Literal["trade"] = "trade"
    option: int
    alternative: bool = False


class Done(_A):
    """Finish the current step: a region's invasion action, the invasion, an event's moves."""
    kind: Literal["done"] = "done"


class Buy(_A):
    kind: Literal["buy"] = "buy"
    slot: int                     # 0 is the leftmost slot of the pirate display


class Scout(_A):
    kind: Literal["scout"] = "scout"
    flag: Flag


class OpenCrate(_A):
    """Gain crate contents: discard an undelivered crate for its resources and tools."""
    kind: Literal["open"] = "open"
    crate: str


class Move(_A):
    """A pirate move: one pirate (or the captain) from `source` to the adjacent `target`."""
    kind: Literal["move"] = "move"
    source: str
    target: str
    captain: bool = False


class Accept(_A):
    """Take an optional reward that has a price or a choice (pay for a blind recruitment…)."""
    kind: Literal["accept"] = "accept"
    option: int = 0


class Decline(_A):
    kind: Literal["decline"] = "decline"


class Sell(_A):
    kind: Literal["sell"] = "sell"
    resource: Resource


class Exchange(_A):
    """Too Good to be True: give one resource for two others (rings excluded)."""
    kind: Literal["exchange"] = "exchange"
    give: Resource
    get: tuple[Resource, Resource]


class Bid(_A):
    kind: Literal["bid"] = "bid"
    doubloons: int


class Pick(_A):
    """A blind-bid reward, by its index on the event card."""
    kind: Literal["pick"] = "pick"
    choice: int


class PayResource(_A):
    kind: Literal["pay"] = "pay"
    resource: Resource


class Lose(_A):
    """A pirate dies: from the active or the sick space (the captain, when it is all that is left)."""
    kind: Literal["lose"] = "lose"
    space: CrewSpace
    captain: bool = False


class Feed(_A):
    """Cook and feed: feed the first `fed` figures in the feeding order."""
    kind: Literal["feed"] = "feed"
    fed: int


class ChooseCaptain(_A):
    kind: Literal["captain"] = "captain"
    tile: str


class Milestone(_A):
    """A milestone reached: place upgrade `upgrade`, or discard it for reputation."""
    kind: Literal["upgrade"] = "upgrade"
    upgrade: str
    discard: bool = False


Action = (
    Take | Distance | SailBonus | Reroll | KeepRoll | Beastbane | Land | Dig | Plunder | Deliver | Trade
    | Done | Place | Buy | Scout | OpenCrate | Move | Accept | Decline | Sell | Exchange | Bid | Pick | PayResource
    | Lose | Feed | ChooseCaptain | Milestone
)
