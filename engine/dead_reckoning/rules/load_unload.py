"""Load / Unload / Rearrange / Jettison Coins / Cargo — the Ship board's holds.

The Ship board has hull spaces A to D (data/dead_reckoning/ship.toml). A space with a hold
carries cargo and coins up to its capacity, counted by value (DR-HOLD-06: a 3-value cargo token
takes 3 units, so the engine keeps plain numbers). A space's icons (its printed Sail, or the
Upgrade tile on top of it) work only while its hold is empty; the printed Cannon belongs to the
board itself and always works (DR-HOLD-09).

Where goods may go depends on where the Ship is (`Place`): in Harbor cargo comes from the Dock
and goes back to it, coins go into the Treasure chest and never come out of it onto the Ship
(DR-HOLD-11); at an island goods may always be unloaded, and loaded only from an island you
control. Rearranging and jettisoning stop once a battle has begun, which is at the drop
(DR-HOLD-21). Every function returns a new Ship and refuses an illegal move with a sentence."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.errors import IllegalActionError
from engine.core.types import Immutable
from engine.dead_reckoning.defs import Icons, Resource, UpgradeDef, defs

Letter = Literal["A", "B", "C", "D"]
LETTERS: tuple[Letter, ...] = ("A", "B", "C", "D")
Natural = Annotated[int, Field(ge=0)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Goods(Strict):
    """Cargo and coins, by value."""
    cargo: Natural = 0
    coin: Natural = 0

    def total(self) -> int:
        return self.cargo + self.coin

    def of(self, res: Resource) -> int:
        return self.cargo if res == "cargo" else self.coin

    def plus(self, res: Resource, n: int) -> Goods:
        return self.model_copy(update={res: self.of(res) + n})

    def minus(self, res: Resource, n: int) -> Goods:
        if n > self.of(res):
            raise IllegalActionError(f"there {_are(self.of(res), res)} there, not {n}")
        return self.model_copy(update={res: self.of(res) - n})


def _words(n: int, res: Resource) -> str:
    return f"{n} {res}" if res == "cargo" or n == 1 else f"{n} coins"


def _are(n: int, res: Resource) -> str:
    return f"{'is' if n == 1 else 'are'} {_words(n, res)}"


class Space(Strict):
    """One hull space: its hold's capacity (0: no hold), the icons showing on it (the printed
    starting effect or the top Upgrade tile) and the goods in its hold."""
    letter: Letter
    hold: Natural = 0
    icons: Icons = Icons()
    goods: Goods = Goods()

    @model_validator(mode="after")
    def _fits(self) -> Space:
        if self.goods.total() > self.hold:
            raise ValueError(f"hold {self.letter} carries {self.goods.total()} but holds {self.hold}")
        return self

    def room(self) -> int:
        return self.hold - self.goods.total()

    def working(self) -> bool:
        """DR-HOLD-07: a space's benefit works only while its hold is empty (no hold: always)."""
        return self.goods.total() == 0


class Ship(Strict, Immutable):
    """The four hull spaces A-D in order. The printed Cannon is not on any of them. Immutable
    all through (a move returns a new Ship), so state copies share it."""
    spaces: tuple[Space, Space, Space, Space]

    @model_validator(mode="after")
    def _letters(self) -> Ship:
        if tuple(s.letter for s in self.spaces) != LETTERS:
            raise ValueError("the hull spaces are A, B, C and D, in that order")
        return self

    def space(self, letter: Letter) -> Space:
        return self.spaces[LETTERS.index(letter)]

    def replace(self, space: Space) -> Ship:
        spaces = list(self.spaces)
        spaces[LETTERS.index(space.letter)] = space
        return Ship(spaces=(spaces[0], spaces[1], spaces[2], spaces[3]))

    def carried(self) -> Goods:
        # validated: for two numbers pydantic-core's check is quicker than model_construct (1.0 vs 1.8 µs)
        return Goods(cargo=sum(s.goods.cargo for s in self.spaces), coin=sum(s.goods.coin for s in self.spaces))

    def capacity(self) -> int:
        return sum(s.hold for s in self.spaces)

    def room(self) -> int:
        return sum(s.room() for s in self.spaces)

    def sails(self, covered_too: bool = False) -> int:
        """Sail icons on the hull: only on spaces with empty holds, unless `covered_too`."""
        return sum(s.icons.sail for s in self.spaces if covered_too or s.working())

    def cannons(self) -> int:
        """The printed Cannon(s) plus Cannons on hull spaces whose holds are empty (DR-HOLD-09)."""
        return defs().ship.printed_cannons + sum(s.icons.cannon for s in self.spaces if s.working())

    def icons(self) -> Icons:
        """Every icon the hull gives now (the printed Cannon included)."""
        working = [s.icons for s in self.spaces if s.working()]
        total = {f: sum(getattr(i, f) for i in working) for f in Icons.model_fields}
        total["cannon"] += defs().ship.printed_cannons
        return Icons(**total)


def starting_ship() -> Ship:
    """The Ship board as printed (DR-HOLD-01 to -04), holds empty."""
    s = [Space(letter=h.letter, hold=h.hold, icons=h.icons) for h in defs().ship.hull]
    return Ship(spaces=(s[0], s[1], s[2], s[3]))


def lay_tile(ship: Ship, letter: Letter, tile: UpgradeDef) -> Ship:
    """An Upgrade tile laid on a space replaces what shows there (the printed Sail or an older
    tile). A tile with a hold gives the space that hold in place of the one there; a tile without
    one keeps the space's hold (docs/dead_reckoning-data.md, DR-ABD-31's planned reading). Goods
    that would no longer fit must be moved or jettisoned first."""
    space = ship.space(letter)
    hold = tile.hold or space.hold
    if space.goods.total() > hold:
        raise IllegalActionError(f"hold {letter} carries {space.goods.total()} and {tile.name} holds only {hold}: "
                                 f"move or jettison {space.goods.total() - hold} first")
    return ship.replace(space.model_copy(update={"hold": hold, "icons": tile.icons}))


# ---- where the Ship is ----
class Place(Strict):
    """Where the Ship is, as far as goods are concerned.
    - `at`: the Harbor, an island board, or an open sea (nothing to load from or unload onto);
    - `controlled`: the island is yours;
    - `pirate_guard`: an opponent's Pirate-mode Ship is at this island and you have not beaten it
      (DR-HOLD-16: no loading or unloading at an island you control until you do);
    - `shut_out`: another rule bars you from the island's goods (a blockade, DR-PIR-05, or an
      opponent's Fort or Garrison, DR-BLD-03), computed by those rules."""
    at: Literal["harbor", "island", "sea"]
    controlled: bool = False
    pirate_guard: bool = False
    shut_out: bool = False

    @model_validator(mode="after")
    def _island_only(self) -> Place:
        if self.at != "island" and (self.controlled or self.pirate_guard or self.shut_out):
            raise ValueError("control, a Pirate guard and a shut-out belong to an island")
        return self


HARBOR = Place(at="harbor")
SEA = Place(at="sea")


def why_not_load(place: Place, res: Resource) -> str | None:
    """None if goods of this kind may be loaded here, else the reason (DR-HOLD-10 to -13, -16)."""
    if place.at == "harbor":
        return "coins stay in the Treasure chest: only Dock cargo is loaded in Harbor" if res == "coin" else None
    if place.at == "sea":
        return "there is no island here to load from"
    if not place.controlled:
        return "you can load only from an island you control"
    if place.pirate_guard:
        return "an opponent's Pirate guards your island: beat it in battle before loading"
    if place.shut_out:
        return "you are shut out of this island"
    return None


def why_not_unload(place: Place) -> str | None:
    """None if goods may be unloaded here, else the reason (DR-HOLD-14 to -16)."""
    if place.at == "sea":
        return "there is no island here to unload onto: jettison instead"
    if place.at == "island" and place.controlled and place.pirate_guard:
        return "an opponent's Pirate guards your island: beat it in battle before unloading"
    if place.at == "island" and place.shut_out:
        return "you are shut out of this island"
    return None


def _put(ship: Ship, letter: Letter, res: Resource, n: int) -> Ship:
    space = ship.space(letter)
    if n < 1:
        raise IllegalActionError("move at least 1")
    if space.hold == 0:
        raise IllegalActionError(f"space {letter} has no hold")
    if n > space.room():
        raise IllegalActionError(f"hold {letter} has room for {space.room()} more, not {n}")
    return ship.replace(space.model_copy(update={"goods": space.goods.plus(res, n)}))


def _take(ship: Ship, letter: Letter, res: Resource, n: int) -> Ship:
    space = ship.space(letter)
    if n < 1:
        raise IllegalActionError("move at least 1")
    if n > space.goods.of(res):
        raise IllegalActionError(f"hold {letter} has {_words(space.goods.of(res), res)}, not {n}")
    return ship.replace(space.model_copy(update={"goods": space.goods.minus(res, n)}))


def load(ship: Ship, place: Place, letter: Letter, res: Resource, n: int, available: int) -> Ship:
    """Loading: `n` of `res` from the Dock (in Harbor) or the island into hold `letter`;
    `available` is what that source holds. The caller takes the `n` off the source."""
    if (why := why_not_load(place, res)) is not None:
        raise IllegalActionError(f"You cannot load {res} here: {why}.")
    if n > available:
        where = "on your Dock" if place.at == "harbor" else "on the island"
        raise IllegalActionError(f"There {_are(available, res)} {where}, not {n}.")
    return _put(ship, letter, res, n)


Destination = Literal["dock", "chest", "island"]


def unload_to(place: Place, res: Resource) -> Destination:
    """Where unloaded goods go: in Harbor cargo to the Dock and coins into the chest (DR-HOLD-14),
    at an island onto the island, controlled or not (DR-HOLD-15)."""
    if place.at == "harbor":
        return "dock" if res == "cargo" else "chest"
    return "island"


def unload(ship: Ship, place: Place, letter: Letter, res: Resource, n: int) -> tuple[Ship, Destination]:
    """Unloading `n` of `res` from hold `letter`; returns the Ship and where the goods went."""
    if (why := why_not_unload(place)) is not None:
        raise IllegalActionError(f"You cannot unload here: {why}.")
    return _take(ship, letter, res, n), unload_to(place, res)


# ---- rearranging and jettisoning: any time outside a battle ----
BattleStep = Literal["none", "cubes", "answer", "drop", "abilities", "resolve", "outcome"]
BEGUN: frozenset[BattleStep] = frozenset({"drop", "abilities", "resolve", "outcome"})


def battle_begun(step: BattleStep) -> bool:
    """DR-HOLD-21's reading: a battle begins with the drop. Choosing cubes and the defender's
    answer come before it, so holds may still be rearranged and jettisoned then."""
    return step in BEGUN


def shift(ship: Ship, src: Letter, dst: Letter, res: Resource, n: int, step: BattleStep = "none") -> Ship:
    """Rearranging: move goods between your own holds (DR-HOLD-17, -18)."""
    if battle_begun(step):
        raise IllegalActionError("The battle has begun: your holds stay as they are until it is over.")
    if src == dst:
        raise IllegalActionError("Choose two different holds.")
    return _put(_take(ship, src, res, n), dst, res, n)


def jettison(ship: Ship, letter: Letter, res: Resource, n: int, step: BattleStep = "none") -> Ship:
    """Jettisoning: goods from a hold go back to the general supply (DR-HOLD-19, -20)."""
    if battle_begun(step):
        raise IllegalActionError("The battle has begun: nothing can be jettisoned until it is over.")
    return _take(ship, letter, res, n)


def stow(ship: Ship, res: Resource, into: Mapping[Letter, int]) -> Ship:
    """Put goods into several holds at once ({letter: amount}); each hold must have room."""
    for letter, n in into.items():
        if n:
            ship = _put(ship, letter, res, n)
    return ship


def stow_in_order(ship: Ship, n: int) -> dict[Letter, int]:
    """A default placement for `n` goods: fill the holds with room from A to D."""
    out: dict[Letter, int] = {}
    for s in ship.spaces:
        if n and s.room():
            out[s.letter] = min(n, s.room())
            n -= out[s.letter]
    if n:
        raise IllegalActionError(f"Your Ship has room for {ship.room()} more, {n} short.")
    return out
