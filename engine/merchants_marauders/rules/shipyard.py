"""The Shipyard port sub-action (base reconstruction section 4; section 2's port properties;
Seas of Glory Modules 2 and 5): buying a ship, repairs, buying the port's modification and
special weapons, and which galleon cards are in play.

A port's shipyard properties are a `YardTerms` value, as trade.py's PortTerms:
  Old Providence  repair_price=1      St. John's  ship_discount=5      Petit-Goave  weapon_discount=1
(the map data says which port has which: `yard_terms`).

Readings (Parley's, docs/rules-coverage/merchants_marauders.md):
- The old ship is sold for its card's sale value whatever its damage, and that gold counts toward
  the new ship's price; a ship that is never sold (a captured man-o'-war) fetches nothing.
- The crew crosses with its count, no more than the new ship's crew value (hands over it are
  paid off); the other locations are whole; the weapons cross, the modifications do not: they
  leave play (modifications.py sends them to ports or a reserve). Cargo and gold are the
  captain's and stay with them (trade.leave_port trims the hold on sailing).
- Repairs mend hull, masts, cannons and cargo up to the maxima the modifications raise; crew is
  not repaired but recruited.
- A modification needs a free slot; a captain with every slot full may discard one to make room,
  and the discarded token leaves play as a sold ship's do.
- Buying a frigate or a galleon gives the once-per-captain glory (glory.ship_glory); a brig never
  does (MM-M5-03). Module 5's manoeuvrability-1 galleon cards are on when chosen, and always with
  the brig, Variant 1 or Variant 5 (MM-M5-07, -08, -10)."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.effects import Effect
from engine.merchants_marauders.rules.glory import ship_glory
from engine.merchants_marauders.rules.modifications import Bonuses, maxima, refit
from engine.merchants_marauders.rules.ship import Fitted, PlayerShip, ShipCard, new_ship
from engine.merchants_marauders.vocab import HitLocation, Weapon

REPAIR_PRICE = 2                # gold per hit-location point
REPAIRABLE: tuple[HitLocation, ...] = ("hull", "masts", "cannons", "cargo")


class YardTerms(BaseModel):
    """A port's shipyard properties; the defaults are those of a port with none."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    repair_price: int = REPAIR_PRICE
    ship_discount: int = 0
    weapon_discount: int = 0


ORDINARY = YardTerms()


def yard_terms(effects: Sequence[Effect]) -> YardTerms:
    """A port's terms from its `property` effects in the map data (ZoneDef.property)."""
    terms: dict[str, int] = {}
    for e in effects:
        if e.kind == "repair_price":
            terms["repair_price"] = e.n
        elif e.kind == "discount" and e.service in ("ship", "weapon"):
            terms[f"{e.service}_discount"] = e.n
    return YardTerms(**terms)


def _afford(price: int, gold: int, what: str) -> int:
    if price > gold:
        raise IllegalActionError(f"{what} costs {price} gold; you have {gold} aboard.")
    return gold - price


# ---- buying a ship (MMB-PORT-09 to -11) ----
def ship_price(card: ShipCard, terms: YardTerms = ORDINARY) -> int:
    if card.cost is None:
        raise IllegalActionError(f"No shipyard sells a {card.name}.")
    return max(card.cost - terms.ship_discount, 0)


def sale_value(card: ShipCard) -> int:
    """What the yard pays for the old ship: its card's sale value (0 for one never sold)."""
    return card.sale or 0


class Purchase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ship: PlayerShip
    gold: int                       # aboard after paying
    glory: int                      # the once-per-captain glory (0 or 1)
    leaving: tuple[Fitted, ...]     # the old ship's modifications, leaving play
    crew_lost: int                  # hands over the new ship's crew value


def buy_ship(old: PlayerShip, old_card: ShipCard, new_card: ShipCard, gold: int, ship_glory_earned: bool,
             terms: YardTerms = ORDINARY) -> Purchase:
    """Sell the old ship and buy `new_card`'s: the crew and weapons cross, the modifications do
    not; the glory for a first frigate or galleon comes with it."""
    price, sale = ship_price(new_card, terms), sale_value(old_card)
    if price > gold + sale:
        raise IllegalActionError(f"A {new_card.name} costs {price} gold; your {old_card.name} fetches {sale} "
                                 f"and you have {gold} aboard.")
    crew = old.points["crew"]
    ship = new_ship(new_card, crew=crew).model_copy(update={"weapons": old.weapons, "npc_weapons": dict(old.npc_weapons)})
    return Purchase(ship=ship, gold=gold + sale - price, glory=ship_glory(new_card.type, ship_glory_earned),
                    leaving=old.modifications, crew_lost=max(crew - ship.points["crew"], 0))


# ---- repairs (MMB-PORT-13, MMB-MAP-10) ----
def repair_cost(points: int, terms: YardTerms = ORDINARY) -> int:
    return points * terms.repair_price


def repair(ship: PlayerShip, card: ShipCard, bonuses: Bonuses, mend: Mapping[HitLocation, int], gold: int,
           terms: YardTerms = ORDINARY) -> tuple[PlayerShip, int]:
    """Mend the named points, each up to its maximum: (the ship, gold left)."""
    top = maxima(card, ship.kinds(), bonuses)
    points = dict(ship.points)
    for loc, n in mend.items():
        if loc not in REPAIRABLE:
            raise IllegalActionError("Crew is not repaired: recruit hands instead.")
        if n < 1:
            raise IllegalActionError("Repair at least 1 point.")
        if points[loc] + n > top[loc]:
            raise IllegalActionError(f"Your {loc} is at {points[loc]} of {top[loc]}; repair at most {top[loc] - points[loc]}.")
        points[loc] += n
    left = _afford(repair_cost(sum(mend.values()), terms), gold, "That repair")
    return ship.model_copy(update={"points": points}), left


# ---- the port's modification (MMB-PORT-14) ----
class Refit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ship: PlayerShip
    gold: int
    leaving: tuple[Fitted, ...]     # a token discarded to make room


def buy_modification(ship: PlayerShip, card: ShipCard, bonuses: Bonuses, kind: str, price: int, gold: int,
                     discard: str | None = None) -> Refit:
    """Buy the port's token for its kind's price and fit it; with every slot full, `discard`
    names a fitted kind to throw out for it."""
    fitted = list(ship.modifications)
    leaving: tuple[Fitted, ...] = ()
    if discard is not None:
        old = next((f for f in fitted if f.kind == discard), None)
        if old is None:
            raise IllegalActionError(f"Your ship has no {discard.replace('_', ' ')} to discard.")
        fitted.remove(old)
        leaving = (old,)
    if len(fitted) >= card.mod_slots:
        raise IllegalActionError(f"Your {card.name} has no free modification slot; discard one to make room.")
    left = _afford(price, gold, "This modification")
    return Refit(ship=refit(ship, card, [*fitted, Fitted(kind=kind)], bonuses), gold=left, leaving=leaving)


# ---- special weapons (MMB-PORT-15, MMB-MAP-11, MM-M2-02) ----
def weapon_price(cost: int, terms: YardTerms = ORDINARY) -> int:
    return max(cost - terms.weapon_discount, 0)


def buy_weapon(ship: PlayerShip, kind: Weapon, cost: int, gold: int, in_play: Collection[Weapon],
               supply: int, terms: YardTerms = ORDINARY) -> tuple[PlayerShip, int]:
    """Buy one token of a weapon kind in play (the 3 base kinds, 6 with Module 2), at most one of
    each kind aboard, while the supply lasts: (the ship, gold left)."""
    name = kind.replace("_", " ")
    if kind not in in_play:
        raise IllegalActionError(f"There is no {name} in this game.")
    if kind in ship.weapons:
        raise IllegalActionError(f"You already carry {name}; a ship holds one token of each kind.")
    if supply < 1:
        raise IllegalActionError(f"No {name} tokens are left to buy.")
    left = _afford(weapon_price(cost, terms), gold, name.capitalize())
    return ship.model_copy(update={"weapons": ship.weapons | {kind}}), left


# ---- Module 5: which galleon cards ----
def slow_galleons(chosen: bool = False, brig: bool = False, turn_order: bool = False, cutthroat: bool = False) -> bool:
    """The manoeuvrability-1 galleon cards replace the base ones when the players choose them,
    and must with the brig, the non-fixed turn order or Cutthroat."""
    return chosen or brig or turn_order or cutthroat
