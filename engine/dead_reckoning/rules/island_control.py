"""Island Control, Permanent Cubes, Place Influence, Production and Running out of cubes.

An island is a row of cube slots (each empty or holding one seat's cube), a permanent area with
any number of cubes per seat, the goods produced onto it and its Buildings. Seats are the labels
the engine uses ("p1" ...), the same labels the tower's `drop` takes. Every function here is pure:
it returns a new `Island` and says what changed (who controlled it before and after), and the
engine applies the consequences: cubes out of and back into supplies, Buildings cleared when
control passes (rules/buildings.py), achievements such as Settler.

Grid positions are the plan's names: a column letter `a` (west) to `c` (east) and a row number
from 1, the row next to the Harbor; north is away from the Harbor."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel

from engine.dead_reckoning.defs import BuildingKind, Production, defs

Seat = str


class Island(BaseModel):
    """One island board in play. `slots[i]` is the seat whose cube sits in slot i, or None."""
    board: str                              # the ocean.toml id
    slots: list[Seat | None]
    permanent: dict[Seat, int] = {}
    cargo: int = 0
    coins: int = 0
    buildings: list[BuildingKind] = []

    @classmethod
    def empty(cls, board: str) -> Island:
        """A freshly explored island: as many empty slots as its board prints (DR-ISL-01)."""
        b = defs().ocean.boards[board]
        if b.kind != "island":
            raise ValueError(f"{board} is an open sea, not an island")
        return cls(board=board, slots=[None] * b.slots)

    def empty_slots(self) -> int:
        return self.slots.count(None)

    def cubes(self) -> dict[Seat, int]:
        """Each seat's cubes on the island, slots and permanent area together (DR-ISL-02)."""
        out: dict[Seat, int] = {}
        for s in self.slots:
            if s is not None:
                out[s] = out.get(s, 0) + 1
        for seat, n in self.permanent.items():
            if n:
                out[seat] = out.get(seat, 0) + n
        return out


def controller(island: Island) -> Seat | None:
    """The seat with more cubes than every other seat and more than the empty slots, or nobody
    (a shared most, or too many empty slots: DR-ISL-02, -03, -06)."""
    counts = island.cubes()
    if not counts:
        return None
    best = max(counts.values())
    leaders = [s for s, n in counts.items() if n == best]
    if len(leaders) > 1 or best <= island.empty_slots():
        return None
    return leaders[0]


class Change(BaseModel):
    """What one cube placed or removed did to control (checked after every cube, DR-ISL-07)."""
    before: Seat | None
    after: Seat | None

    @property
    def taken(self) -> bool:
        """Someone new controls the island (from nobody or from another seat)."""
        return self.after is not None and self.after != self.before

    @property
    def handed_over(self) -> bool:
        """Control went straight from one seat to another: the Buildings are lost (DR-ABD-21)."""
        return self.taken and self.before is not None


def may_load(island: Island, seat: Seat) -> bool:
    """Only the controller loads goods from an island (DR-ISL-04, DR-ABD-13)."""
    return controller(island) == seat


def protected(island: Island, seat: Seat, overrides_forts: bool = False) -> bool:
    """An opponent controls the island and has a Fort or Garrison on it: `seat` may not touch
    its cubes or produce there, unless the card says it overrides Forts (DR-BLD-03)."""
    owner = controller(island)
    kinds = defs().buildings.buildings
    return (owner is not None and owner != seat and not overrides_forts
            and any(kinds[k].protects for k in island.buildings))


def barred(island: Island, seat: Seat, blockaded: bool = False, overrides_forts: bool = False) -> str | None:
    """The island barred to this player: why `seat` may not place or remove cubes, produce, load
    or unload, or gain goods on it by a card ability now, or None if it may. An opponent's Fort
    or Garrison bars it unless the card overrides Forts (DR-BLD-03, -08); a blockade bars it for
    the rest of the turn (DR-PIR-04, -05). Buying the board's card is never barred (DR-BLD-04)."""
    if protected(island, seat, overrides_forts):
        return "an opponent's Fort or Garrison guards this island"
    if blockaded:
        return "this island is blockaded for the rest of your turn"
    return None


# ---- Place Influence ----
def influence_blocked(island: Island, seat: Seat, at_island: bool, blockaded: bool = False,
                      overrides_forts: bool = False) -> str | None:
    """Why `seat` may not place Influence on this island now, or None if it may: its Ship must
    be on the island's board (DR-ABD-02) and the island not barred to it (DR-ABD-08)."""
    if not at_island:
        return "your Ship is not at this island"
    return barred(island, seat, blockaded, overrides_forts)


class SlotOption(BaseModel):
    slot: int
    replaces: Seat | None       # the opponent whose cube goes back to them, if any
    icons: int                  # Influence icons this placement takes


def replace_icons(owner: Seat, finished: Iterable[Seat] = ()) -> int:
    """Influence icons needed to replace `owner`'s cube: two once that seat has had its final
    turn, one otherwise (DR-END-04)."""
    return defs().rules.end.influence_actions_after_final if owner in set(finished) else 1


def slot_options(island: Island, seat: Seat, finished: Iterable[Seat] = ()) -> list[SlotOption]:
    """Where one Influence cube may go: any empty slot (DR-ABD-03); only when none is empty, a
    slot holding an opponent's cube (DR-ABD-04). With every slot already `seat`'s the list is
    empty and the Influence is lost (DR-ABD-05). Permanent cubes are never a target (DR-ISL-09)."""
    done = set(finished)
    empty = [SlotOption(slot=i, replaces=None, icons=1) for i, s in enumerate(island.slots) if s is None]
    if empty:
        return empty
    return [SlotOption(slot=i, replaces=s, icons=replace_icons(s, done))
            for i, s in enumerate(island.slots) if s is not None and s != seat]


class Placed(BaseModel):
    island: Island
    replaced: Seat | None           # its cube goes back to that seat's supply
    change: Change
    permanent: bool                 # the new controller (change.after) added a permanent cube


def place(island: Island, seat: Seat, slot: int) -> Placed:
    """Put `seat`'s cube in `slot` (see `slot_options`), then check control: whoever takes it
    adds a cube to the permanent area, each time it is taken again too (DR-ABD-07, DR-ISL-08,
    -10). The engine takes those cubes from the seats' supplies, or from an island when one has
    none left (`loose_cubes`)."""
    legal = {o.slot: o for o in slot_options(island, seat)}
    if slot not in legal:
        raise ValueError(f"slot {slot} is not open to {seat}: choose one of {sorted(legal)}")
    before = controller(island)
    out = island.model_copy(deep=True)
    out.slots[slot] = seat
    after = controller(out)
    change = Change(before=before, after=after)
    if change.taken and after is not None:
        # usually `seat`; but filling the last free slots can also hand the island to a seat
        # already leading that was held back only by the empty slots, and it takes control
        out.permanent[after] = out.permanent.get(after, 0) + 1
    return Placed(island=out, replaced=legal[slot].replaces, change=change, permanent=change.taken)


# ---- Running out of cubes ----
def loose_cubes(islands: Mapping[str, Island], seat: Seat) -> list[tuple[str, int]]:
    """The (island, slot) of each of `seat`'s cubes it may take back when its supply is empty;
    permanent cubes are not among them (DR-ABD-16, DR-ISL-09)."""
    return [(key, i) for key, isl in islands.items() for i, s in enumerate(isl.slots) if s == seat]


class Removed(BaseModel):
    island: Island
    owner: Seat                     # the cube goes to this seat's use
    change: Change
    permanent: bool                 # the seat now in control added a permanent cube


def remove(island: Island, slot: int) -> Removed:
    """Take the cube out of `slot` (a seat making up a shortage, DR-ABD-16): a removal like any
    other, so control is checked at once and may lapse, or go to a seat that was level with the
    owner, who then adds a permanent cube as anyone taking control does (DR-ABD-17, DR-ISL-07,
    -08). Only a slot's cube can come off: the permanent area has no such door (DR-ISL-09)."""
    if not 0 <= slot < len(island.slots) or (owner := island.slots[slot]) is None:
        raise ValueError(f"slot {slot} of {island.board} holds no cube")
    before = controller(island)
    out = island.model_copy(deep=True)
    out.slots[slot] = None
    change = Change(before=before, after=controller(out))
    if change.taken and change.after is not None:
        out.permanent[change.after] = out.permanent.get(change.after, 0) + 1
    return Removed(island=out, owner=owner, change=change, permanent=change.taken)


# ---- Production ----
COLUMNS = "abc"
STEPS = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}


def _position(at: str) -> tuple[int, int]:
    if len(at) < 2 or at[0] not in COLUMNS or not at[1:].isdigit():
        raise ValueError(f"a grid position is a column a-c and a row number, got {at!r}")
    return COLUMNS.index(at[0]), int(at[1:])


def arrows_at(grid: Mapping[str, str], at: str) -> int:
    """Open-sea arrows pointing at the board at `at`, from the face-up boards of `grid`
    (position -> board id; leave face-down boards out: their arrows are not seen)."""
    col, row = _position(at)
    boards = defs().ocean.boards
    n = 0
    for pos, board in grid.items():
        b = boards[board]
        if b.kind != "open_sea":
            continue
        c, r = _position(pos)
        n += sum(1 for d in b.arrows if (c + STEPS[d][0], r + STEPS[d][1]) == (col, row))
    return n


def may_produce(island: Island, seat: Seat, overrides_forts: bool = False, blockaded: bool = False) -> bool:
    """Any island may be chosen, controlled or not, near the Ship or far away (DR-ABD-09),
    except one barred to the player: an opponent guards it with a Fort or Garrison (DR-ABD-14),
    or a blockade holds it (our reading of the blockade: no interaction with the island at all)."""
    return barred(island, seat, blockaded, overrides_forts) is None


def production(island: Island, arrows: int = 0, bonus_cargo: int = 0, bonus_coin: int = 0) -> Production:
    """What one production yields: the goods the board prints (DR-ABD-10), 1 cargo more per
    open-sea arrow at it (DR-ABD-11, our reading of the lost icon), the Outpost's 1 cargo and
    1 coin (DR-ABD-12) and a card's own bonus (Purser level 4)."""
    base = defs().ocean.boards[island.board].production
    assert base is not None    # every island prints one (defs.py checks)
    cargo, coin = base.cargo + arrows + bonus_cargo, base.coin + bonus_coin
    for kind in island.buildings:
        extra = defs().buildings.buildings[kind].bonus
        cargo, coin = cargo + extra.cargo, coin + extra.coin
    return Production(cargo=cargo, coin=coin)


def produce(island: Island, goods: Production) -> Island:
    """The goods go onto the island, not to the producer (DR-ABD-10, -13)."""
    return island.model_copy(deep=True, update={"cargo": island.cargo + goods.cargo, "coins": island.coins + goods.coin})
