"""Merchants & Marauders decisions: one small frozen model per kind, built through `action()` (each
distinct one once). Notation lives in notation.py; the prompts that offer them, in prompts.py.
One kind may answer several prompts (`ship sloop` at setup, `ship frigate` at the shipyard)."""
from __future__ import annotations

from typing import Literal

from engine.core.actions import FrozenAction
from engine.core.actions import action as action  # re-exported: the prompts build actions with it
from engine.merchants_marauders.vocab import HitLocation, Nation, ShipType, Weapon, Zone

PortPart = Literal["sell", "buy", "shipyard", "recruit", "stash", "rumour", "specialist", "goodwill", "loyalty"]
OrderName = Literal["shoot", "board", "hooks", "flee"]     # hooks: board, spending boarding hooks
TakeWhat = Literal["gold", "cargo", "card", "weapon", "ship", "rumour", "specialist", "upgrade", "contraband"]


class _A(FrozenAction):
    """Every decision of this game is one of these frozen values."""


class Ship(_A):
    """A ship: the starting pick (setup, a new captain) or one bought at a shipyard."""
    kind: Literal["ship"] = "ship"
    ship: ShipType


class Captain(_A):
    """Variant 2: the captain kept of those dealt at setup."""
    kind: Literal["captain"] = "captain"
    captain: str


class Move(_A):
    kind: Literal["move"] = "move"
    to: Zone


class WindMove(_A):
    """Module 8: the round's free Move with the wind (`wind <zone>`)."""
    kind: Literal["wind"] = "wind"
    to: Zone


class Enter(_A):
    kind: Literal["enter"] = "enter"


class Leave(_A):
    kind: Literal["leave"] = "leave"


class Scout(_A):
    """Scout at sea for a target in the zone: `merchant`, a seat label (`p2`) or an NPC slot."""
    kind: Literal["scout"] = "scout"
    target: str


class Port(_A):
    kind: Literal["port"] = "port"


class End(_A):
    kind: Literal["end"] = "end"


class Part(_A):
    """One part of the port action."""
    kind: Literal["part"] = "part"
    part: PortPart


class Done(_A):
    kind: Literal["done"] = "done"


class Sell(_A):
    kind: Literal["sell"] = "sell"
    card: str


class Buy(_A):
    kind: Literal["buy"] = "buy"
    card: str


class Redraw(_A):
    kind: Literal["redraw"] = "redraw"


class Repair(_A):
    kind: Literal["repair"] = "repair"
    location: HitLocation


class Modification(_A):
    kind: Literal["modification"] = "modification"


class UseWeapon(_A):
    """A special weapon bought at the shipyard, or spent on a raid's die."""
    kind: Literal["weapon"] = "weapon"
    weapon: Weapon


class Hire(_A):
    kind: Literal["hire"] = "hire"
    n: int


class Stash(_A):
    kind: Literal["stash"] = "stash"
    n: int


class Keep(_A):
    kind: Literal["keep"] = "keep"
    card: str


class ChooseNation(_A):
    kind: Literal["nation"] = "nation"
    nation: Nation


class Release(_A):
    kind: Literal["release"] = "release"


class Draw(_A):
    kind: Literal["draw"] = "draw"


class Discard(_A):
    """A raid's card discarded with a skull, or a glory card over the hand limit."""
    kind: Literal["discard"] = "discard"
    card: str


class Swap(_A):
    kind: Literal["swap"] = "swap"
    card: str


class Stop(_A):
    kind: Literal["stop"] = "stop"


class Order(_A):
    kind: Literal["order"] = "order"
    order: OrderName


class Shot(_A):
    kind: Literal["shot"] = "shot"
    weapon: Weapon


class Hit(_A):
    """Where a point of damage goes: a burning ship's fire, double shot's last hits (Module 2)."""
    kind: Literal["hit"] = "hit"
    location: HitLocation


class NoShot(_A):
    kind: Literal["none"] = "none"


class Take(_A):
    kind: Literal["take"] = "take"
    what: TakeWhat
    item: str = ""


class Claim(_A):
    """Claim a mission on offer at this port (a part of the port action)."""
    kind: Literal["claim"] = "claim"
    mission: str


class Investigate(_A):
    kind: Literal["investigate"] = "investigate"


class Attempt(_A):
    kind: Literal["attempt"] = "attempt"


class Play(_A):
    """A glory card from the hand."""
    kind: Literal["play"] = "play"
    card: str


class Visit(_A):
    """Visit the location token of the zone (Module 9)."""
    kind: Literal["visit"] = "visit"


class PayOff(_A):
    """Buy off one bounty token of a nation (a Missionary visit): `pay <nation>`."""
    kind: Literal["pay_off"] = "pay_off"
    nation: Nation


class Give(_A):
    """Give a cargo card (a Native Village visit)."""
    kind: Literal["give"] = "give"
    card: str


class RaidLocation(_A):
    """Raid the zone's location token (Module 9): `raid location`."""
    kind: Literal["raid_location"] = "raid_location"


class Fire(_A):
    """A location raid's bombardment: one gun's die."""
    kind: Literal["fire"] = "fire"


class Attack(_A):
    """Go ashore for a location raid's land battle."""
    kind: Literal["attack"] = "attack"


class Withdraw(_A):
    kind: Literal["withdraw"] = "withdraw"


class Warship(_A):
    """A Naval Fort visit: the warship to move (an NPC slot)."""
    kind: Literal["warship"] = "warship"
    slot: str


class To(_A):
    """A Naval Fort visit: the zone the warship moves to."""
    kind: Literal["to"] = "to"
    zone: Zone


class Salvage(_A):
    """A Reefs visit: one item per skull (`take cargo`, `take weapon chain_shot`)."""
    kind: Literal["salvage"] = "salvage"
    what: Literal["cargo", "rumour", "crew", "weapon"]
    item: str = ""


class Pass(_A):
    kind: Literal["pass"] = "pass"


class Reroll(_A):
    """A captain's own reroll (an ability), in a glory-card window."""
    kind: Literal["reroll"] = "reroll"


class Fierce(_A):
    """Module 11: call on Fierce Loyalty (a Leadership check for 1 action more)."""
    kind: Literal["fierce"] = "fierce"


class Accept(_A):
    """Take a roll or a loss as it stands (Modules 10 and 11)."""
    kind: Literal["accept"] = "accept"


class Favour(_A):
    """Module 10: spend 1 goodwill (`redraw` a buy's cards)."""
    kind: Literal["favour"] = "favour"
    on: Literal["redraw"]


class PayGoodwill(_A):
    """Module 10: pay goodwill to enter a port closed to the captain (notation `pay`)."""
    kind: Literal["pay_goodwill"] = "pay_goodwill"


class Stay(_A):
    kind: Literal["stay"] = "stay"


class Check(_A):
    """The plank: a Leadership check to cancel the loyalty loss."""
    kind: Literal["check"] = "check"


class Crew(_A):
    """The plank at sea: a hand walks it (1 crew) to cancel the loyalty loss."""
    kind: Literal["crew"] = "crew"


class Smuggle(_A):
    """Module 7: buy a drawn contraband card into the contraband compartment."""
    kind: Literal["contraband"] = "contraband"
    card: str


class Resist(_A):
    """Module 7: a warship's search resisted: attack it."""
    kind: Literal["resist"] = "resist"


class Dump(_A):
    """Module 7: a warship's search answered by dumping the contraband compartment."""
    kind: Literal["dump"] = "dump"


class Compartment(_A):
    """Module 7: the compartment a cargo hit takes its card from (MM-M7-27)."""
    kind: Literal["compartment"] = "compartment"
    which: Literal["ordinary", "contraband"]


class Hide(_A):
    """Module 3 with 7: put this contraband card under the smuggler's hold (a free decision)."""
    kind: Literal["hide"] = "hide"
    card: str


class NewRumour(_A):
    """Module 1 with separate decks: the port's rumour part, drawing from the new rumours' deck."""
    kind: Literal["new_rumour"] = "new_rumour"
