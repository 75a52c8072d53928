"""Gaining Tools, Ship Damage and paying with The Pirate Ring: the track and resource arithmetic
every reward and loss uses (Appendix: Rewards, Punishments).

A tool gained past the end of its track turns into reputation, ship damage past the end into 10
doubloons a space (what cannot be paid becomes a debt, lost as gold at the end), and a ship
repair never goes below the track's first space. A pirate ring stands in for one food, rum or
map: payments spend the named resource first and rings only for what is missing."""
from __future__ import annotations

from pydantic import BaseModel

from engine.core import IllegalActionError
from engine.scoundrel_bay.defs import Tool, defs

WILD = "ring"


class Step(BaseModel):
    level: int
    overflow: int          # spaces that did not fit on the track


def gain_tool(tool: Tool, level: int, n: int = 1) -> Step:
    """Each tool gained moves its marker up one; what does not fit is overflow (1 reputation each)."""
    high = getattr(defs().player_boards.tracks, tool).high
    fits = max(0, min(n, high - level))
    return Step(level=level + fits, overflow=n - fits)


class Damage(BaseModel):
    level: int
    paid: int              # doubloons paid for the spaces past the end
    unpaid: int            # what could not be paid: a debt, lost as gold at final scoring


def take_ship_damage(level: int, n: int, doubloons: int) -> Damage:
    """Ship damage: up one space per damage; past the end, 10 doubloons a space instead."""
    track = defs().player_boards.tracks.ship_damage
    fits = max(0, min(n, track.high - level))
    per_space = sum(loss.n for loss in defs().rules.overflow.ship_damage if loss.suffer == "doubloons")
    owed = (n - fits) * per_space
    paid = min(owed, doubloons)
    return Damage(level=level + fits, paid=paid, unpaid=owed - paid)


def repair_ship(level: int, n: int = 1) -> int:
    """Ship repair: back one space per repair, never below the first space."""
    return max(defs().player_boards.tracks.ship_damage.low, level - n)


def can_pay(resources: dict[str, int], what: str, n: int) -> bool:
    wild = resources.get(WILD, 0) if what != WILD else 0
    return resources.get(what, 0) + wild >= n


def pay(resources: dict[str, int], what: str, n: int) -> dict[str, int]:
    """Spend `n` of a resource, making up a shortfall of food, rum or maps with pirate rings."""
    if not can_pay(resources, what, n):
        have = resources.get(what, 0)
        rings = resources.get(WILD, 0) if what != WILD else 0
        raise IllegalActionError(f"You need {n} {what}; you have {have}" + (f" and {rings} pirate rings." if rings else "."))
    left = dict(resources)
    own = min(n, left.get(what, 0))
    left[what] = left.get(what, 0) - own
    if n > own:
        left[WILD] -= n - own
    return left


def spend(resources: dict[str, int], what: str, n: int) -> None:
    """`pay`, in place: the player's own resources."""
    resources.update(pay(resources, what, n))
