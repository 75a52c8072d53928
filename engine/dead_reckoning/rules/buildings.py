"""Building Types; Constructing a Building — Forts, Garrisons and Outposts on islands.

The kinds, counts, costs and numbers are data (data/dead_reckoning/buildings.toml). An island has
at most one Building of each kind. Its controller controls its Buildings (DR-ABD-20), builds there
without the Ship being present, and pays the printed cost from the Ship and/or the Dock.
A Fort or a Garrison shuts the other players out of the island (no cubes placed or removed, no
production, no loading or unloading, no goods gained there by a card: rules/island_control.py
`barred`) unless a card overrides Forts; buying the card on the board stays open to all. A
Garrison also deals 1 damage to every other player's Ship entering its board, even passing
through. An Outpost adds 1 cargo and 1 coin to each production and cannot be attacked.

DR-ABD-22's reading: Buildings stay on an island whose control is lost to nobody, protecting and
scoring for nobody, and go back to the supply when a player other than their last controller
takes the island; the last controller taking it back keeps them. `Site.holder` is that last
controller."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, model_validator

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import BuildingKind, Pay, defs
from engine.dead_reckoning.rules.gain_and_spend import Home, pay_all
from engine.dead_reckoning.rules.load_unload import Goods, Ship
from engine.dead_reckoning.rules.sunken_ships import sinks


class Site(BaseModel):
    """An island's Buildings: the kinds standing there, the island's controller now (None: no
    one) and `holder`, the controller they were last under."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    kinds: frozenset[BuildingKind] = frozenset()
    controller: int | None = None
    holder: int | None = None

    @model_validator(mode="after")
    def _held(self) -> Site:
        if self.kinds and self.holder is None:
            raise ValueError("Buildings were built by a controller, so they have a holder")
        if self.controller is not None and self.kinds and self.controller != self.holder:
            raise ValueError("a controlled island's Buildings are its controller's")
        return self


def cost(kind: BuildingKind) -> list[Pay]:
    """The printed cost of a Building (DR-ABD-19: Parley's costs in buildings.toml)."""
    return list(defs().buildings.buildings[kind].cost)


def supply_left(kind: BuildingKind, built: Mapping[BuildingKind, int]) -> int:
    """Buildings of a kind still in the supply, given how many stand on islands now."""
    return defs().buildings.buildings[kind].count - built.get(kind, 0)


def why_not_build(site: Site, kind: BuildingKind, seat: int, in_supply: int) -> str | None:
    """None if `seat` may build `kind` on this island now (DR-ABD-18, DR-BLD-01)."""
    if site.controller != seat:
        return "you can build only on an island you control"
    if kind in site.kinds:
        return f"this island already has a {defs().buildings.buildings[kind].name}"
    if in_supply <= 0:
        return f"no {defs().buildings.buildings[kind].name} is left in the supply"
    return None


def construct(site: Site, kind: BuildingKind, seat: int, ship: Ship, home: Home, in_supply: int,
              from_ship: Sequence[int | None] | None = None) -> tuple[Site, Ship, Home]:
    """Constructing a Building: pay its cost (from Ship and/or Dock, chest coins counting as the
    Dock's) and put it on the island. The Ship may be anywhere."""
    if (why := why_not_build(site, kind, seat, in_supply)) is not None:
        raise IllegalActionError(f"You cannot build there: {why}.")
    ship, home = pay_all(ship, home, cost(kind), from_ship)
    return site.model_copy(update={"kinds": site.kinds | {kind}, "holder": seat}), ship, home


# ---- what the Buildings do (shutting players out is island_control.barred) ----
def attack_targets(site: Site, seat: int) -> frozenset[BuildingKind]:
    """The Buildings `seat`'s Ship on this board may attack, no Attack flag needed: an
    opponent's Forts and Garrisons; Outposts never (DR-BLD-05, -07). Whether a Pirate stands in
    the way is the battle rules' question."""
    if site.controller is None or site.controller == seat:
        return frozenset()
    return frozenset(k for k in site.kinds if defs().buildings.buildings[k].attackable)


def defense_cubes(kinds: frozenset[BuildingKind]) -> int:
    """Black cubes the defended Buildings drop: 5 for a Fort, 2 for a Garrison, 7 for both."""
    defending = {k for k in kinds if defs().buildings.buildings[k].attackable}
    if len(defending) > 1:
        return defs().buildings.both_defense_cubes
    return sum(defs().buildings.buildings[k].defense_cubes for k in defending)


def raze(site: Site, kinds: frozenset[BuildingKind]) -> Site:
    """Beaten Buildings are removed (to the supply)."""
    return site.model_copy(update={"kinds": site.kinds - kinds})


def production_bonus(site: Site) -> Goods:
    """DR-BLD-06: what the island's Buildings add to each of its productions."""
    b = [defs().buildings.buildings[k].bonus for k in site.kinds]
    return Goods(cargo=sum(x.cargo for x in b), coin=sum(x.coin for x in b))


def entry_damage(site: Site, mover: int) -> int:
    """DR-BLD-09: damage a Ship takes entering this board, passing through or stopping: the
    Garrison's, when another player controls it."""
    if site.controller is None or site.controller == mover:
        return 0
    return sum(defs().buildings.buildings[k].entry_damage for k in site.kinds)


class Toll(BaseModel):
    """A move's Garrison damage: the Ship's damage after it, and where it sank (the index of the
    board in the path, the move ending there and the Ship going to Harbor) and by whom."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    damage: int
    boards: int                 # boards actually entered before the move ended
    sunk_at: int | None = None
    sunk_by: int | None = None


def garrison_toll(mover: int, damage: int, path: Sequence[Site]) -> Toll:
    """DR-BLD-09 to -11: 1 damage per Garrison board entered, in order; the 5th damage sinks the
    Ship at once, outside any battle, and the Garrison's controller gains the coins it loses."""
    for i, site in enumerate(path):
        hit = entry_damage(site, mover)
        damage += hit
        if hit and sinks(damage):
            return Toll(damage=damage, boards=i + 1, sunk_at=i, sunk_by=site.controller)
    return Toll(damage=damage, boards=len(path))


# ---- control and the end ----
def control_changed(site: Site, controller: int | None) -> Site:
    """Control of the island is now `controller` (None: no one). DR-ABD-21/22: another player
    taking it removes every Building; losing it to no one or its holder retaking it keeps them."""
    if controller is None:
        return site.model_copy(update={"controller": None})
    if site.holder is not None and controller != site.holder:
        return Site(controller=controller, holder=controller)
    return site.model_copy(update={"controller": controller, "holder": controller})


def building_coins(sites: Sequence[Site], seat: int) -> int:
    """DR-BLD-02: 1 coin per Building on the islands `seat` controls at the end."""
    return defs().buildings.score * sum(len(s.kinds) for s in sites if s.controller == seat)
