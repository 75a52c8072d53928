"""A player's ship as the shipyard, modification and NPC-upgrade rules read it (base reconstruction
section 5, "Ships"; Seas of Glory Modules 3, 4 and 5): the printed card of its type and what is
aboard it now.

A `ShipCard` is one ship card's printed values; `card_from_def` makes it from the data
(defs_base.ShipDef), with the Seas of Glory's manoeuvrability-1 galleon card when that option is
on (MM-M5-06). A `PlayerShip` holds the current points per hit location, the special-weapon
tokens (one of each kind, MM-M2-02) and the modifications fitted (`Fitted`). A token taken from an
NPC (Module 4) remembers its upgrade id, because it goes back to the NPC reserve and not to a
port (MM-M4-18, -20)."""
from __future__ import annotations

from typing import get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.merchants_marauders.defs_base import CardVariant, ShipDef
from engine.merchants_marauders.effects import Stat
from engine.merchants_marauders.vocab import HIT_LOCATIONS, HitLocation, ShipType, Weapon

STATS: tuple[Stat, ...] = get_args(Stat)


class ShipCard(BaseModel):
    """One ship card: its price and sale value (None: never sold at a shipyard), its printed
    values (the five hit locations and manoeuvrability) and its modification slots."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: ShipType
    cost: int | None = None
    sale: int | None = None
    values: dict[Stat, int]
    mod_slots: int = Field(ge=0)

    @model_validator(mode="after")
    def _every_value(self) -> ShipCard:
        if set(self.values) != set(STATS):
            raise ValueError(f"a ship card prints {', '.join(STATS)}")
        return self

    @property
    def name(self) -> str:
        return self.type.replace("_", " ").replace("man o war", "man-o'-war")


def card_from_def(d: ShipDef, variant: CardVariant | None = None) -> ShipCard:
    """The card of a ship type from the data; a variant card (Module 5's galleon) changes only
    the manoeuvrability (the MM-M5-06 reading)."""
    if variant is not None and variant.replaces != d.type:
        raise ValueError(f"the card {variant.id} replaces a {variant.replaces}, not a {d.type}")
    values = d.values()
    if variant is not None:
        values["manoeuvre"] = variant.manoeuvre
    return ShipCard(type=d.type, cost=d.cost, sale=d.sale, values=values, mod_slots=d.mod_slots)


class Fitted(BaseModel):
    """A modification on a ship: its kind and, for one taken from an NPC, its upgrade token id."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    npc_token: str | None = None


class PlayerShip(BaseModel):
    """A player's ship now: points per hit location (the crew point is the crew aboard), the
    special weapons aboard, the ones of them whose token came from an NPC (kind -> upgrade id),
    and the modifications fitted."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: ShipType
    points: dict[HitLocation, int]
    weapons: frozenset[Weapon] = frozenset()
    npc_weapons: dict[Weapon, str] = {}
    modifications: tuple[Fitted, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> PlayerShip:
        if set(self.points) != set(HIT_LOCATIONS):
            raise ValueError(f"points must name every hit location ({', '.join(HIT_LOCATIONS)})")
        if any(v < 0 for v in self.points.values()):
            raise ValueError("a hit location cannot go below 0")
        if not set(self.npc_weapons) <= self.weapons:
            raise ValueError("a weapon taken from an NPC must be aboard")
        return self

    def kinds(self) -> list[str]:
        return [f.kind for f in self.modifications]


def new_ship(card: ShipCard, crew: int | None = None) -> PlayerShip:
    """A ship fresh from the yard: every location at the card's value; `crew` when fewer hands
    come aboard than the card holds."""
    points: dict[HitLocation, int] = {loc: card.values[loc] for loc in HIT_LOCATIONS}
    if crew is not None:
        points["crew"] = min(crew, points["crew"])
    return PlayerShip(type=card.type, points=points)
