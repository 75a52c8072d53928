"""Gaining and Spending Coins & Cargo; Dock tiles and the Harbor — the pure parts.

Every gain and every cost says where (defs.GainTo, defs.PayFrom, DR-GAIN-01):
- to the Dock (the anchor): cargo onto the Dock tile, coins straight into the Treasure chest,
  wherever the Ship is (DR-GAIN-02, DR-DOCK-01, -02);
- to the Ship: it must fit in the holds; if it does not, the player first jettisons or unloads
  (`room_short` says how much; the engine's room prompt offers it, DR-GAIN-03);
- to the Ship or the Dock: split as the player likes, the Ship's share fitting its holds;
- to an island: onto the island.
A cost is paid from the Ship, from the Dock, or from both in any mix; coins "from the Dock" are
the chest's (DR-DOCK-03, DR-GAIN-05). These functions take and return plain values; the effect
queue that calls them is the engine's."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import GainTo, Pay, PayFrom, Resource
from engine.dead_reckoning.rules.load_unload import LETTERS, Goods, Letter, Ship, stow, stow_in_order

Natural = Annotated[int, Field(ge=0)]


class Home(BaseModel):
    """What a player keeps in the Harbor: cargo on the Dock tile, coins in the Treasure chest."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    dock: Natural = 0           # cargo only: coins never go on the Dock
    chest: Natural = 0          # coins only

    def of(self, res: Resource) -> int:
        """What the Dock offers of a resource: its cargo, or the chest's coins as if there."""
        return self.dock if res == "cargo" else self.chest

    def plus(self, res: Resource, n: int) -> Home:
        return self.model_copy(update={"dock": self.dock + n} if res == "cargo" else {"chest": self.chest + n})

    def minus(self, res: Resource, n: int) -> Home:
        if n > self.of(res):
            where = "on your Dock" if res == "cargo" else "in your Treasure chest"
            raise IllegalActionError(f"You have {self.of(res)} {'cargo' if res == 'cargo' else 'coins'} {where}, not {n}.")
        return self.model_copy(update={"dock": self.dock - n} if res == "cargo" else {"chest": self.chest - n})


class Stores(BaseModel):
    """A player's goods in the three places a gain or cost can touch, with the island at the
    Ship's board when a gain goes there."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    ship: Ship
    home: Home = Home()
    island: Goods = Goods()


# ---- gaining ----
def gain_to_dock(home: Home, res: Resource, n: int) -> Home:
    """The anchor: cargo onto the Dock, coins into the chest (DR-GAIN-02)."""
    return home.plus(res, n)


def room_short(ship: Ship, n: int) -> int:
    """How much must be jettisoned or unloaded before `n` more fit on the Ship (0: they fit)."""
    return max(0, n - ship.room())


def gain_to_ship(ship: Ship, res: Resource, n: int, into: Mapping[Letter, int] | None = None) -> Ship:
    """The Ship symbol: `n` onto the Ship, in the holds `into` names (default A to D). A gain
    that does not fit is refused until room is made (DR-GAIN-03)."""
    if short := room_short(ship, n):
        raise IllegalActionError(f"Your Ship has room for {ship.room()}: jettison or unload {short} to take {n}.")
    into = stow_in_order(ship, n) if into is None else into
    if sum(into.values()) != n:
        raise IllegalActionError(f"Place all {n}, no more: the holds named take {sum(into.values())}.")
    return stow(ship, res, into)


def split_gain(ship: Ship, home: Home, res: Resource, n: int, to_ship: int,
               into: Mapping[Letter, int] | None = None) -> tuple[Ship, Home]:
    """Ship or Dock: `to_ship` of the `n` onto the Ship, the rest to the Dock (coins: chest)."""
    if not 0 <= to_ship <= n:
        raise IllegalActionError(f"Put between 0 and {n} on your Ship.")
    ship = gain_to_ship(ship, res, to_ship, into) if to_ship else ship
    return ship, gain_to_dock(home, res, n - to_ship)


def gain(stores: Stores, at: GainTo, res: Resource, n: int, to_ship: int | None = None,
         into: Mapping[Letter, int] | None = None) -> Stores:
    """One gain, by where it goes. For `dock_or_ship`, `to_ship` is the Ship's share (default 0:
    the whole gain to the Dock, which always has room)."""
    if at == "dock":
        return stores.model_copy(update={"home": gain_to_dock(stores.home, res, n)})
    if at == "ship":
        return stores.model_copy(update={"ship": gain_to_ship(stores.ship, res, n, into)})
    if at == "island":
        return stores.model_copy(update={"island": stores.island.plus(res, n)})
    ship, home = split_gain(stores.ship, stores.home, res, n, to_ship or 0, into)
    return stores.model_copy(update={"ship": ship, "home": home})


# ---- spending ----
def available(ship: Ship, home: Home, res: Resource, at: PayFrom) -> int:
    """What a cost of this kind can draw on: the Ship's holds, the Dock (chest for coins), or both."""
    on_ship = ship.carried().of(res) if at in ("ship", "ship_or_dock") else 0
    at_home = home.of(res) if at in ("dock", "ship_or_dock") else 0
    return on_ship + at_home


def can_pay(ship: Ship, home: Home, costs: Sequence[Pay]) -> bool:
    """Whether every part of a cost can be met at once (a mixed cost takes cargo and coins from
    different pools, so the parts are independent, but two parts of one resource add up)."""
    need: dict[tuple[Resource, PayFrom], int] = {}
    for c in costs:
        need[(c.res, c.at)] = need.get((c.res, c.at), 0) + c.n
    carried = ship.carried()
    for res in ("cargo", "coin"):
        ship_only = need.get((res, "ship"), 0)
        dock_only = need.get((res, "dock"), 0)
        either = need.get((res, "ship_or_dock"), 0)
        on_ship, at_home = carried.of(res), home.of(res)
        if ship_only > on_ship or dock_only > at_home or ship_only + dock_only + either > on_ship + at_home:
            return False
    return True


def take_from_ship(ship: Ship, res: Resource, n: int, holds: Mapping[Letter, int] | None = None) -> Ship:
    """Remove `n` of `res` from the holds named (default: from A to D, as far as each has it)."""
    if holds is None:
        holds, left = {}, n
        for s in ship.spaces:
            if left and s.goods.of(res):
                holds[s.letter] = min(left, s.goods.of(res))
                left -= holds[s.letter]
    if sum(holds.values()) != n:
        raise IllegalActionError(f"Take exactly {n} from your holds.")
    for letter in LETTERS:
        if k := holds.get(letter, 0):
            space = ship.space(letter)
            if k > space.goods.of(res):
                raise IllegalActionError(f"Hold {letter} has {space.goods.of(res)} {res}, not {k}.")
            ship = ship.replace(space.model_copy(update={"goods": space.goods.minus(res, k)}))
    return ship


def most_from_home(ship: Ship, home: Home, cost: Pay) -> int:
    """The default split of one cost: as much from the Dock (and chest) as it allows; returns
    the part taken from the Ship."""
    if cost.at == "ship":
        return cost.n
    if cost.at == "dock":
        return 0
    return max(0, cost.n - home.of(cost.res))


def pay(ship: Ship, home: Home, cost: Pay, from_ship: int | None = None,
        holds: Mapping[Letter, int] | None = None) -> tuple[Ship, Home]:
    """Pay one cost: `from_ship` of it from the holds (`holds` says which), the rest from the
    Dock (coins: the chest). `from_ship` defaults to as little as the Dock allows."""
    part = most_from_home(ship, home, cost) if from_ship is None else from_ship
    if not 0 <= part <= cost.n:
        raise IllegalActionError(f"Pay between 0 and {cost.n} from your Ship.")
    if cost.at == "ship" and part != cost.n:
        raise IllegalActionError("This cost is paid from your Ship only.")
    if cost.at == "dock" and part:
        raise IllegalActionError("This cost is paid from your Dock only.")
    if part > ship.carried().of(cost.res):
        raise IllegalActionError(f"Your Ship carries {ship.carried().of(cost.res)} {cost.res}, not {part}.")
    home = home.minus(cost.res, cost.n - part)
    return (take_from_ship(ship, cost.res, part, holds) if part else ship), home


def pay_all(ship: Ship, home: Home, costs: Sequence[Pay],
            from_ship: Sequence[int | None] | None = None) -> tuple[Ship, Home]:
    """Pay a whole cost, part by part; refused as a whole if any part cannot be met."""
    if not can_pay(ship, home, costs):
        raise IllegalActionError("You cannot pay " + " and ".join(f"{c.n} {c.res}" for c in costs) + ".")
    order: list[int] = list(range(len(costs)))
    if from_ship is None:       # fixed-source parts first, so an either part cannot starve them
        order = sorted(order, key=lambda i: costs[i].at == "ship_or_dock")
    for i in order:
        ship, home = pay(ship, home, costs[i], None if from_ship is None else from_ship[i])
    return ship, home
