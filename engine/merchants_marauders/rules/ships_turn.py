"""Module 5 (`module_5`, new ships) in the turn engine; the pure rules are ship.py and
shipyard.py, this file wires them to the state.

- The brig is for sale at every shipyard (MM-M5-02) and, as shipyard.ship_glory says, earns no
  glory (MM-M5-03).
- The manoeuvre-1 galleon cards replace the base galleon cards of the players whenever
  `shipyard.slow_galleons` says so: always with the brig (Parley's MM-M5-10 reading: the module
  brings both), and with Variant 1 or Variant 5 (MM-M5-07, -08). Only the players' galleon cards
  change: an NPC's ship is its event card's, and the treasure galleon is Module 6's.
Combat and raids read a player's manoeuvre through common.manoeuvre, which takes `slow(s)`."""
from __future__ import annotations

from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.defs_base import ShipDef
from engine.merchants_marauders.rules import shipyard as Y
from engine.merchants_marauders.rules.ship import card_from_def
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import ShipType


def slow(s: State) -> bool:
    """Are the manoeuvre-1 galleon cards in play?"""
    o = s.options
    return Y.slow_galleons(chosen=bool(o.get("module_5")), brig=bool(o.get("module_5")),
                           turn_order=bool(o.get("variant_1")), cutthroat=bool(o.get("variant_5")))


def yard_ships(s: State) -> dict[ShipType, ShipDef]:
    """The ship types a shipyard sells in this game: the base ones, and the brig with Module 5."""
    d = defs()
    if not s.options.get("module_5"):
        return dict(d.ships.ships)
    return {**d.ships.ships, **{t: sd for t, sd in d.sog_ships.ships.items() if sd.cost is not None}}


def card_manoeuvre(s: State, ship: ShipType) -> int:
    """The manoeuvre printed on a player's card of this type in this game."""
    return ship_manoeuvre(ship, slow(s))


def ship_manoeuvre(ship: ShipType, slow_galleons: bool) -> int:
    d = defs()
    variant = next((c for c in d.sog_ships.cards.values() if c.replaces == ship), None) if slow_galleons else None
    return card_from_def(d.all_ships()[ship], variant).values["manoeuvre"]
