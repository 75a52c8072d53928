"""Use an Ability of a Played Card, Card Syntax and the Description of Abilities: the interpreter
of the data's effect vocabulary. An ability is used once per turn (the key counts for every
seat's cards on this turn, DR-BPVP-07); its cost is paid first, then its effects go to the queue
(rules/effects.py), which opens the prompts below for Influence, Production, Building and
Upgrades. Battle verbs are read by rules/battle.py."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import Ability, Face, Pay, UpgradeDef, defs
from engine.dead_reckoning.defs import Effect as Verb
from engine.dead_reckoning.effect import Effect
from engine.dead_reckoning.rules import buildings as bld
from engine.dead_reckoning.rules import gain_and_spend as gs
from engine.dead_reckoning.rules import game_end
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules import load_unload as lu
from engine.dead_reckoning.rules.common import (
    at_island,
    blockaded,
    card_abilities,
    card_icons,
    in_play,
    island_barred,
    on_ship,
    space_face,
    space_works,
)
from engine.dead_reckoning.state import HARBOR, Player, State, label

BLANK_SPACES = ("B", "C")          # hull spaces with nothing printed: where a first Upgrade goes


def sources(s: State, seat: int) -> list[tuple[str, list[tuple[Ability, Face]]]]:
    """Every face-up thing with abilities: cards in play, then Upgrades on empty holds."""
    p = s.players[seat]
    out: list[tuple[str, list[tuple[Ability, Face]]]] = [(c, card_abilities(p, c)) for c in in_play(p)]
    for letter in p.ship.upgrades:
        face = space_face(p, letter)
        if face is not None and face.abilities and space_works(p, letter):
            out.append((f"hull-{letter.lower()}", [(ab, face) for ab in face.abilities]))
    return out


def key(seat: int, source: str, n: int) -> str:
    return f"{label(seat)}:{source}:{n}"


def icons_of(s: State, seat: int, source: str, face: Face) -> Any:
    return face.icons if source.startswith("hull-") else card_icons(s.players[seat], source)


# ---- paying (rules/gain_and_spend.py) ----
def _home(p: Player) -> gs.Home:
    return gs.Home.model_construct(dock=p.dock, chest=p.chest)   # checked values, listed often


def can_pay(p: Player, cost: list[Pay]) -> bool:
    return gs.can_pay(p.ship.hull, _home(p), cost)


def pay(p: Player, cost: list[Pay]) -> None:
    """Pay a whole cost the default way: the Dock and chest first, so goods aboard stay for buying."""
    p.ship.hull, home = gs.pay_all(p.ship.hull, _home(p), cost)
    p.dock, p.chest = home.dock, home.chest


# ---- using an ability from the main menu ----
def main_uses(s: State, seat: int) -> list[Any]:
    p, out = s.players[seat], []
    for source, abilities in sources(s, seat):
        for i, (ab, _face) in enumerate(abilities, start=1):
            if ab.timing != "main" or key(seat, source, i) in s.turn.used:
                continue
            if ab.where == "harbor" and p.ship.at != HARBOR:
                continue
            for o, opt in enumerate(ab.options, start=1):
                if not can_pay(p, opt.cost) or not _worth(s, seat, opt.effects):
                    continue
                out.append(action(A.Use, source=source, n=i, option=o if len(ab.options) > 1 else 0))
    return out


def _worth(s: State, seat: int, effects: list[Verb]) -> bool:
    """Leave out options that could do nothing now: Influence, or goods gained on an island,
    away from an island or at one barred to the player (an opponent's Fort or Garrison, a
    blockade: DR-BLD-03, DR-PIR-04, -05), Influence with no cube to place, an Upgrade with no
    tile left, sails once the Ship is under way with none to add."""
    p = s.players[seat]
    for v in effects:
        if v.do == "sail":       # Sails are counted only when set (rules/play_card.py)
            return False
        if v.do in ("influence", "permanent") or (v.do == "gain" and v.at == "island"):
            at = at_island(s, seat)
            if at is None or island_barred(s, seat, at, v.overrides_forts) is not None:
                return False
            if v.do == "influence" and not _placeable(s, seat, at, v.overrides_forts):
                return False
            if v.do == "permanent" and p.cubes <= 0:
                return False
        if v.do == "upgrade" and not any(n for t, n in s.upgrade_supply.items() if defs().upgrades.tiles[t].tier == v.tier):
            return False
        if v.do == "repair" and p.ship.damage == 0:
            return False
    return True


def _placeable(s: State, seat: int, at: str, overrides_forts: bool) -> bool:
    """Whether an Influence ability here could place its first cube (a free slot, or one of the
    seat's cubes to take back first when its supply is empty): what the prompt would offer."""
    return bool(P.InfluencePrompt(seats=[seat], at=at, left=1, overrides_forts=overrides_forts).legal(s, seat))


def pay_split(p: Player, c: Pay, from_ship: int) -> None:
    """Pay one cost: `from_ship` of it from the holds, the rest from the Dock (coins: the chest)."""
    p.ship.hull, home = gs.pay(p.ship.hull, _home(p), c, from_ship)
    p.dock, p.chest = home.dock, home.chest


def ship_shares(p: Player, costs: list[Pay]) -> list[int]:
    """How much of the first cost the Ship may pay, the later costs still payable, least first
    (the deadline default: as much from the Dock and chest as allowed)."""
    c, rest = costs[0], costs[1:]
    lo = 0 if c.at != "ship" else c.n
    hi = 0 if c.at == "dock" else c.n
    out = []
    for k in range(lo, hi + 1):
        if k > on_ship(p, c.res) or c.n - k > (p.dock if c.res == "cargo" else p.chest):
            continue
        # tried on the hull and home values alone: a deep copy of the player cost ~1 ms a share
        hull, home = gs.pay(p.ship.hull, _home(p), c, k)
        if gs.can_pay(hull, home, rest):
            out.append(k)
    return out


def start_paying(s: State, seat: int, pr: P.PayPrompt, ev: Events) -> None:
    """Pay costs with one way only at once; ask about the first with a choice; then go on."""
    p = s.players[seat]
    while pr.costs:
        shares = ship_shares(p, pr.costs)
        if len(shares) > 1:
            s.stack.append(pr)
            return
        pay_split(p, pr.costs.pop(0), shares[0])
    if pr.then == "ability":
        abilities = dict(sources(s, seat))[pr.source]
        ability, face = abilities[pr.n - 1]
        opt = ability.options[max(pr.option, 1) - 1]
        queue(s, seat, opt.effects, pr.source, icons_of(s, seat, pr.source, face))
    elif pr.then == "build":
        _place_building(s, seat, pr.building, pr.at)
    else:
        s.players[seat].merchant = True


def paid(s: State, seat: int, pr: P.PayPrompt, k: int, ev: Events) -> None:
    s.stack.pop()
    pay_split(s.players[seat], pr.costs.pop(0), k)
    start_paying(s, seat, pr, ev)


def use(s: State, seat: int, a: A.Use, ev: Events) -> None:
    abilities = dict(sources(s, seat))[a.source]
    ab, _face = abilities[a.n - 1]
    opt = ab.options[max(a.option, 1) - 1]
    s.turn.used.append(key(seat, a.source, a.n))
    start_paying(s, seat, P.PayPrompt(seats=[seat], costs=list(opt.cost), then="ability", source=a.source, n=a.n,
                                      option=a.option), ev)


def queue(s: State, seat: int, effects: list[Verb], source: str, icons: Any, by: int | None = None) -> None:
    for v in effects:
        n = v.n * (getattr(icons, v.per) if v.per in ("wheel", "cannon", "sail") else 1)
        if n > 0:
            s.effects.append(Effect(seat=seat, verb=v, n=n, source=source, by=by))


# ---- verbs that open prompts ----
def open_verb(s: State, e: Effect, ev: Events) -> None:
    v, seat, p = e.verb, e.seat, s.players[e.seat]
    at = at_island(s, seat)
    if v.do == "influence" and at is not None:
        s.stack.append(P.InfluencePrompt(seats=[seat], at=at, left=e.n, overrides_forts=v.overrides_forts))
    elif v.do == "permanent" and at is not None:
        # guarded like Influence: an opponent's Fort or Garrison, or a blockade, stops it (DR-ICON-24)
        blocked = island_barred(s, seat, at)
        k = 0 if blocked else min(e.n, p.cubes)
        if k:
            before = ic.controller(s.islands[at])
            isl = s.islands[at]
            isl.permanent[label(seat)] = isl.permanent.get(label(seat), 0) + k
            p.cubes -= k
            after = ic.controller(isl)
            if ic.Change(before=before, after=after).taken:
                isl.permanent[label(seat)] += 1
                _permanent_from_supply(s, isl, after)
            _after_control(s, at, before)
    elif v.do == "produce":
        s.stack.append(P.ProducePrompt(seats=[seat], left=e.n, bonus_cargo=v.bonus_cargo * 1, bonus_coin=v.bonus_coin,
                                       overrides_forts=v.overrides_forts, only_empty=v.island == "no_cubes"))
    elif v.do == "build":
        s.stack.append(P.BuildPrompt(seats=[seat], left=e.n, only=v.building))
    elif v.do == "upgrade":
        assert v.tier is not None
        s.stack.append(P.UpgradePrompt(seats=[seat], tier=v.tier))


def _after_control(s: State, at: str, before: str | None) -> None:
    """Control passing to another player clears the island's Buildings; lapsing to no one, or
    going back to their holder, keeps them (DR-ABD-21, -22 through rules/buildings.py)."""
    isl = s.islands[at]
    if not isl.buildings:
        return
    after = ic.controller(isl)
    site = bld.Site(kinds=frozenset(isl.buildings), controller=None, holder=s.holders.get(at))
    now = bld.control_changed(site, None if after is None else int(after[1:]) - 1)
    if not now.kinds:
        for b in isl.buildings:
            s.building_supply[b] += 1
        isl.buildings = []
        s.holders.pop(at, None)


def take_options(s: State, seat: int, keep: str | None = None) -> list[Any]:
    """Islands holding this seat's non-permanent cubes, when its supply is empty (DR-ABD-16)."""
    if s.players[seat].cubes > 0:
        return []
    places = dict.fromkeys(at for at, _slot in ic.loose_cubes(s.islands, label(seat)) if at != keep)
    return [action(A.Take, at=at) for at in places]


def _permanent_from_supply(s: State, isl: ic.Island, taker: str | None) -> None:
    """Taking control adds a permanent cube; it comes from the new controller's own supply
    (usually, not always, the seat that acted), and is not added when that supply is empty."""
    if taker is None:
        return
    p = s.players[int(taker[1:]) - 1]
    if p.cubes > 0:
        p.cubes -= 1
    else:
        isl.permanent[taker] -= 1


def take_cube(s: State, seat: int, at: str) -> None:
    """The cube comes off its slot and control is checked at once (DR-ABD-17)."""
    isl = s.islands[at]
    slot = next(i for i, x in enumerate(isl.slots) if x == label(seat))
    removed = ic.remove(isl, slot)
    s.islands[at] = removed.island
    s.players[seat].cubes += 1
    if removed.permanent:
        _permanent_from_supply(s, removed.island, removed.change.after)
    _after_control(s, at, removed.change.before)


def influence_slots(s: State, seat: int, pr: P.InfluencePrompt) -> list[int]:
    isl = s.islands[pr.at]
    if s.players[seat].cubes <= 0 or ic.influence_blocked(isl, label(seat), s.players[seat].ship.at == pr.at,
                                                          blockaded(s, seat, pr.at), pr.overrides_forts):
        return []
    return [o.slot for o in ic.slot_options(isl, label(seat))]


def place_influence(s: State, seat: int, pr: P.InfluencePrompt, slot: int) -> None:
    """One Influence icon on one slot. A finished seat's cube needs two icons in the same turn:
    the first only counts toward it (rules/game_end.py Siege, DR-END-04, -05)."""
    p, isl = s.players[seat], s.islands[pr.at]
    pr.left -= 1
    owner = isl.slots[slot]
    if owner is not None:
        needed = game_end.influence_to_replace(s.end, owner)
        s.turn.siege, replaced = game_end.place_influence(s.turn.siege, f"{pr.at}:{slot}", needed)
        if not replaced:
            return
    placed = ic.place(isl, label(seat), slot)
    p.cubes -= 1
    if placed.permanent:
        _permanent_from_supply(s, placed.island, placed.change.after)
    if placed.replaced is not None:
        s.players[int(placed.replaced[1:]) - 1].cubes += 1
    s.islands[pr.at] = placed.island
    _after_control(s, pr.at, placed.change.before)


def produce_targets(s: State, seat: int, pr: P.ProducePrompt) -> list[str]:
    return [at for at, isl in s.islands.items()
            if at not in pr.done and ic.may_produce(isl, label(seat), pr.overrides_forts, blockaded(s, seat, at))
            and (not pr.only_empty or label(seat) not in isl.cubes())][:P.MAX_OPTIONS - 1] if pr.left > 0 else []


def produce(s: State, seat: int, pr: P.ProducePrompt, at: str) -> None:
    faces = {pos: sp.board for pos, sp in s.grid.items() if sp.face_up}
    goods = ic.production(s.islands[at], ic.arrows_at(faces, at), pr.bonus_cargo, pr.bonus_coin)
    s.islands[at] = ic.produce(s.islands[at], goods)
    pr.done.append(at)
    pr.left -= 1


def site(s: State, at: str) -> bld.Site:
    """An island's Buildings as rules/buildings.py sees them."""
    isl = s.islands[at]
    owner = ic.controller(isl)
    return bld.Site.model_construct(kinds=frozenset(isl.buildings), controller=None if owner is None else int(owner[1:]) - 1,
                    holder=s.holders.get(at))


def build_options(s: State, seat: int, pr: P.BuildPrompt) -> list[Any]:
    """Buildings this seat may construct now, on islands it controls, its Ship anywhere (DR-ABD-18)."""
    if pr.left <= 0:
        return []
    p, out = s.players[seat], []
    for at in s.islands:
        here = site(s, at)                  # once per island, not per Building kind
        for kind in defs().buildings.buildings:
            if pr.only and kind != pr.only:
                continue
            if bld.why_not_build(here, kind, seat, s.building_supply[kind]) is None \
                    and can_pay(p, bld.cost(kind)):
                out.append(action(A.Build, building=kind, at=at))
    return out[:P.MAX_OPTIONS - 1]


def build(s: State, seat: int, pr: P.BuildPrompt, a: A.Build, ev: Events) -> None:
    pr.left -= 1
    cost = bld.cost(a.building)   # type: ignore[arg-type]
    start_paying(s, seat, P.PayPrompt(seats=[seat], costs=cost, then="build", building=a.building, at=a.at), ev)


def _place_building(s: State, seat: int, building: str, at: str) -> None:
    s.building_supply[building] -= 1
    s.islands[at].buildings.append(building)    # type: ignore[arg-type]
    s.holders[at] = seat


def upgrade_spaces(p: Player) -> list[str]:
    """Where a new tile may go: a blank space (B or C with no tile yet) while there is one; only
    when none is left, over any space, an older Upgrade or a starting effect (DR-ABD-28, -29)."""
    blank = [x for x in BLANK_SPACES if not p.ship.upgrades.get(x)]
    return blank or [x.letter for x in p.ship.hull.spaces]


def printed_hold(letter: str) -> int:
    return next(h.hold for h in defs().ship.hull if h.letter == letter)


def tile_hold(tile: UpgradeDef, letter: str) -> int:
    """The hold a space has under a new tile: the tile's own, else the one printed there. A
    covered tile stops working, its hold too (DR-ABD-31 reading)."""
    return tile.hold or printed_hold(letter)


def upgrade_options(s: State, seat: int, tier: str) -> list[Any]:
    """Tiles of the tier still in the supply, on the spaces allowed, where the goods in that hold
    still fit under the tile (otherwise they must be moved or jettisoned first)."""
    p = s.players[seat]
    tiles = [t for t, n in s.upgrade_supply.items() if n and defs().upgrades.tiles[t].tier == tier]
    out = []
    for t in tiles:
        tile = defs().upgrades.tiles[t]
        for x in upgrade_spaces(p):
            if tile_hold(tile, x) >= p.ship.hull.space(x).goods.total():   # type: ignore[arg-type]
                out.append(action(A.Upgrade, tile=t, space=x))
    return out[:P.MAX_OPTIONS]


def take_upgrade(s: State, seat: int, a: A.Upgrade) -> None:
    """The tile goes on top; the covered ones stay on the Ship (they score and count for Elite
    Vessel, DR-ABD-30) and it works at once, this turn too (DR-ABD-32)."""
    p = s.players[seat]
    tile = defs().upgrades.tiles[a.tile]
    s.upgrade_supply[a.tile] -= 1
    p.ship.upgrades.setdefault(a.space, []).append(a.tile)
    p.upgrades_taken += 1
    # laid over the space as printed, so a covered tile's hold lapses with it (upgrade_options
    # offers only tiles the goods in that hold fit under)
    space = p.ship.hull.space(a.space)   # type: ignore[arg-type]
    bare = p.ship.hull.replace(space.model_copy(update={"hold": max(printed_hold(a.space), space.goods.total())}))
    p.ship.hull = lu.lay_tile(bare, a.space, tile)   # type: ignore[arg-type]
