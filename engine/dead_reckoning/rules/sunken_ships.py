"""Sunken Ships — 5 damage sinks a Ship.

Damage taken in a battle waits for the battle's end; damage taken outside one (a Garrison, a
card) sinks at once (DR-SINK-01 to -03). A sinking costs coins: every coin on the Ship when it
carries 5 or more, otherwise 5 from the Treasure chest, and a chest with fewer than 5 loses what
it has (DR-SINK-06's reading). Cargo stays aboard. Then the Ship is back in Harbor without
damage, Mercantile, Sails at 0, and the coins it still carries go into the chest. The coins lost
go to the player who dealt the 5th damage, into their chest, or back to the supply when no player
did (a Merchant ship). When both Ships of a battle sink, both losses are taken before either is
paid, so neither chest pays out of the other's loss."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.load_unload import Ship


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def sinks_at() -> int:
    return defs().ship.sinks_at


def sinks(damage: int) -> bool:
    return damage >= sinks_at()


class Damage(Strict):
    """The Ship's damage after a hit, and when (if ever) it sinks for it."""
    damage: int
    sinks_now: bool             # outside a battle: at once
    sinks_after_battle: bool    # in a battle: once the battle is over


def take_damage(damage: int, n: int, in_battle: bool) -> Damage:
    """Add `n` damage markers (DR-SINK-02, -03)."""
    total = damage + n
    return Damage(damage=total, sinks_now=sinks(total) and not in_battle,
                  sinks_after_battle=sinks(total) and in_battle)


def sunk_after_battle(damage: Mapping[int, int]) -> list[int]:
    """The seats whose Ships sink now that the battle is over (DR-SINK-01); both may."""
    return [seat for seat, d in damage.items() if sinks(d)]


class Sinking(Strict):
    """What a sinking leaves: the Ship (cargo kept, no coins), the owner's chest, the coins lost
    and who gains them (None: the supply). The Ship is then in Harbor with no damage, in
    Mercantile mode, its Sail track at 0."""
    owner: int
    ship: Ship
    chest: int
    lost: int
    lost_from: Literal["ship", "chest"]
    to: int | None
    damage: Literal[0] = 0
    sails: Literal[0] = 0
    mode: Literal["mercantile"] = "mercantile"
    place: Literal["harbor"] = "harbor"


def _without_coins(ship: Ship) -> Ship:
    for s in ship.spaces:
        if s.goods.coin:
            ship = ship.replace(s.model_copy(update={"goods": s.goods.model_copy(update={"coin": 0})}))
    return ship


def sink(owner: int, ship: Ship, chest: int, caused_by: int | None) -> Sinking:
    """Sink `owner`'s Ship. `caused_by` is the player who dealt the 5th damage by battle,
    Garrison or card ability, or None for a non-player (DR-SINK-04 to -11)."""
    loss = defs().rules.battle.sink_coin_loss
    aboard = ship.carried().coin
    if aboard >= loss:
        lost, lost_from, chest_after = aboard, "ship", chest
    else:
        lost, lost_from = min(loss, chest), "chest"
        chest_after = chest - lost + aboard            # the coins kept aboard then go to the chest
    to = caused_by if caused_by is not None and caused_by != owner else None
    return Sinking(owner=owner, ship=_without_coins(ship), chest=chest_after, lost=lost,
                   lost_from=lost_from, to=to)


def payouts(*sinkings: Sinking) -> dict[int, int]:
    """Coins each player gains from the sinkings, straight into their chest (DR-SINK-10, -12)."""
    out: dict[int, int] = {}
    for s in sinkings:
        if s.to is not None and s.lost:
            out[s.to] = out.get(s.to, 0) + s.lost
    return out


def sink_both(a: tuple[int, Ship, int], b: tuple[int, Ship, int]) -> tuple[Sinking, Sinking]:
    """Both Ships of a battle sink (DR-SINK-12): each (seat, Ship, chest) loses first, then each
    collects what the other lost."""
    sa, sb = sink(a[0], a[1], a[2], b[0]), sink(b[0], b[1], b[2], a[0])
    gains = payouts(sa, sb)
    return (sa.model_copy(update={"chest": sa.chest + gains.get(sa.owner, 0)}),
            sb.model_copy(update={"chest": sb.chest + gains.get(sb.owner, 0)}))


def terror_of_the_sea(sinking: Sinking, has_it: bool) -> int | None:
    """The player this sinking earns Terror of the Sea (DR-SINK-14): the one who sank another
    player's Ship, the first time only; None when a non-player sank it."""
    return None if has_it else sinking.to
