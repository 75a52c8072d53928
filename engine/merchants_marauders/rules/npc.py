"""NPCs (base reconstruction 6.4, 4 and 7.3; Seas of Glory Module 1's NPC flags and men-o'-war):
the roster, arrival at the end of the round, movement by an event's icons, hunt lists, when an
NPC scouts, and who makes an NPC's choices in combat.

Pure functions over small values: the state model does not exist yet, so NPCs, captains and the
map come in as arguments. The map is `Neighbours`: zone -> {bearing: the zone that lies that way},
sea zones only, so no step here can ever end in a port. Dice come in as faces already rolled."""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel

from engine.merchants_marauders.vocab import BEARINGS, Bearing, Face, Nation, Order, ShipType, Zone, clockwise

Neighbours = Mapping[Zone, Mapping[Bearing, Zone]]
Side = Literal["navy", "pirate", "treasure"]
War = tuple[Nation, Nation]                     # two nations at war with each other
IconGroup = Nation | Literal["pirate"]          # whose NPCs an event's movement icon moves

NAVY_SHIPS: tuple[ShipType, ...] = ("frigate", "man_o_war")
BASE_PIRATE_SHIPS: tuple[ShipType, ...] = ("sloop", "frigate")
# Module 1's new event cards bring a black pirate brig and a black pirate man-o'-war.
SOG_PIRATE_SHIPS: tuple[ShipType, ...] = ("sloop", "frigate", "brig", "man_o_war")
NPC_ORDERS: tuple[Order, ...] = ("shoot", "board")      # NPCs never flee (6.4, our design)
# The moments a player can be scouted by an NPC in its zone (6.4). An NPC sailing into the
# player's zone is not one of them: it scouts at that player's next turn start.
SCOUT_MOMENTS = frozenset({"turn_start", "entered_zone", "left_port"})


class Skills(BaseModel, frozen=True):
    """The NPC captain's skills printed on its event card (the treasure galleon's on its token)."""
    seamanship: int
    scouting: int
    leadership: int


class Npc(BaseModel, frozen=True):
    """One NPC ship on the board. `slot` is its roster place (`slot_of`): a new NPC for a taken
    slot replaces the old one."""
    slot: str
    side: Side
    nation: Nation | None           # a navy's nation; Spain for the treasure galleon; None for pirates
    ship: ShipType
    zone: Zone
    skills: Skills
    by_war: bool = False            # a frigate made a man-o'-war by war: it turns back at peace


class Captain(BaseModel, frozen=True):
    """What the NPC rules need of a player: their captain's nation, bounties, cargo and place."""
    seat: int
    nation: Nation
    zone: Zone
    in_port: bool = False
    bounties: dict[Nation, int] = {}
    cargo: int = 0

    @property
    def pirate(self) -> bool:
        """One bounty token or more makes a player a pirate (7.1)."""
        return sum(self.bounties.values()) > 0


class Icon(BaseModel, frozen=True):
    """One movement icon on an event card: an NPC group and a bearing."""
    group: IconGroup
    bearing: Bearing


NATION_ADJECTIVE = {"spain": "Spanish", "england": "English", "france": "French", "netherlands": "Dutch"}


def slot_name(slot: str) -> str:
    """How the log names a roster slot: 'Spanish navy', 'pirate sloop', 'treasure galleon'."""
    kind, _, rest = slot.partition("_")
    if kind == "navy":
        return f"{NATION_ADJECTIVE.get(rest, rest.title())} navy"
    return slot.replace("_", " ")


def slot_of(side: Side, nation: Nation | None, ship: ShipType) -> str:
    """The roster: one warship per nation, one pirate per ship type, and the treasure galleon."""
    if side == "navy":
        if nation is None:
            raise ValueError("a navy NPC belongs to a nation")
        return f"navy_{nation}"
    return "treasure_galleon" if side == "treasure" else f"pirate_{ship}"


def at_war(nation: Nation | None, wars: Collection[War]) -> bool:
    return nation is not None and any(nation in w for w in wars)


def enemies(nation: Nation, wars: Collection[War]) -> set[Nation]:
    return {b if a == nation else a for a, b in wars if nation in (a, b)}


# ---- Roster and arrival ----
class Arrival(BaseModel, frozen=True):
    """An NPC event card drawn this round: the NPC it brings and where it will arrive."""
    side: Literal["navy", "pirate"]
    nation: Nation | None = None
    ship: ShipType
    zone: Zone
    skills: Skills


def flag(arrival: Arrival) -> Literal["brown", "black"]:
    """The reminder flag put on the arrival zone: brown for a warship, black for a pirate (MM-M1-13, -14)."""
    return "brown" if arrival.side == "navy" else "black"


def navy_ship(card_ship: ShipType, nation: Nation, wars: Collection[War]) -> tuple[ShipType, bool]:
    """The ship a navy card brings and whether war made it so: a frigate, or a man-o'-war when its
    nation fights a war (7.3); a Seas of Glory card may bring a man-o'-war in peace (MM-M1-05)."""
    if card_ship not in NAVY_SHIPS:
        raise ValueError(f"a navy NPC sails a frigate or a man-o'-war, not a {card_ship}")
    if card_ship == "frigate" and at_war(nation, wars):
        return "man_o_war", True
    return card_ship, False


def arrive(npcs: Mapping[str, Npc], arrivals: Sequence[Arrival], wars: Collection[War] = (),
           pirate_ships: Sequence[ShipType] = SOG_PIRATE_SHIPS) -> tuple[dict[str, Npc], list[Npc]]:
    """End of the round: the NPCs marked this round arrive in their zones, in the order drawn, each
    taking the place of its nation's warship or of the pirate sailing its ship type (4 step 4; MM-M1-15
    read as the end of the round). Returns the NPCs and the ones replaced (their upgrades go back)."""
    out, replaced = dict(npcs), []
    for a in arrivals:
        if a.side == "navy":
            if a.nation is None:
                raise ValueError("a navy NPC card names its nation")
            ship, by_war = navy_ship(a.ship, a.nation, wars)
        elif a.ship not in pirate_ships:
            raise ValueError(f"no pirate {a.ship} in this game: pirates sail {', '.join(pirate_ships)}")
        else:
            ship, by_war = a.ship, False
        slot = slot_of(a.side, a.nation, a.ship)
        if slot in out:
            replaced.append(out[slot])
        out[slot] = Npc(slot=slot, side=a.side, nation=a.nation if a.side == "navy" else None, ship=ship,
                        zone=a.zone, skills=a.skills, by_war=by_war)
    return out, replaced


def remove(npcs: Mapping[str, Npc], slot: str) -> dict[str, Npc]:
    """An NPC that was sunk or captured is off the map until a later card of its slot (6.3)."""
    return {k: v for k, v in npcs.items() if k != slot}


def war_changes(npcs: Mapping[str, Npc], wars: Collection[War]) -> dict[str, Npc]:
    """After a war or peace event: a warring nation's navy frigate becomes a man-o'-war where it
    lies, and one that war made a man-o'-war turns back into a frigate at peace (7.3). A man-o'-war
    that came as one (MM-M1-05) stays one."""
    out = {}
    for slot, n in npcs.items():
        if n.side == "navy" and n.ship == "frigate" and at_war(n.nation, wars):
            n = n.model_copy(update={"ship": "man_o_war", "by_war": True})
        elif n.by_war and not at_war(n.nation, wars):
            n = n.model_copy(update={"ship": "frigate", "by_war": False})
        out[slot] = n
    return out


# ---- Hunt lists ----
def hunt_list(npc: Npc, captains: Iterable[Captain], wars: Collection[War] = ()) -> list[int]:
    """The seats `npc` hunts, most wanted first (6.4). A navy: pirates with its nation's bounties
    (the most such tokens first), any other pirate next, and at war the enemy's captains last. A
    pirate NPC: non-pirates, most cargo first. The treasure galleon hunts no one (MM-M6-05).
    Players in port are safe; equal rank keeps the order `captains` came in."""
    at_sea = [c for c in captains if not c.in_port]
    if npc.side == "pirate":
        return [c.seat for c in sorted((c for c in at_sea if not c.pirate), key=lambda c: -c.cargo)]
    if npc.side != "navy" or npc.nation is None:
        return []
    nation, foes = npc.nation, enemies(npc.nation, wars)
    wanted = sorted((c for c in at_sea if c.bounties.get(nation, 0) > 0), key=lambda c: -c.bounties[nation])
    others = [c for c in at_sea if c.pirate and c.bounties.get(nation, 0) == 0]
    enemy = [c for c in at_sea if not c.pirate and c.nation in foes]
    return [c.seat for c in wanted + others + enemy]


# ---- Movement ----
def step(zone: Zone, bearing: Bearing, sea: Neighbours) -> Zone:
    """One zone the way `bearing` points; with no zone that way, the next bearing clockwise that
    has one (6.4; the storm token moves the same way, MM-M8-13)."""
    for turn in range(len(BEARINGS)):
        nxt = sea[zone].get(clockwise(bearing, turn))
        if nxt is not None:
            return nxt
    raise ValueError(f"{zone} has no neighbouring zone")


def moves(npc: Npc, group: IconGroup) -> bool:
    """A nation's icon moves that nation's warship; the pirate icon moves every pirate NPC."""
    return (npc.side == "pirate") if group == "pirate" else (npc.side == "navy" and npc.nation == group)


def npc_step(npc: Npc, bearing: Bearing, sea: Neighbours, captains: Sequence[Captain],
             wars: Collection[War] = ()) -> Zone:
    """Where one icon takes `npc`: to its most wanted target at sea within reach instead of the
    icon's way (6.4). Our reading: a target already in its zone holds it there, one in a
    neighbouring zone draws it over, and otherwise it takes the icon's bearing."""
    where = {c.seat: c.zone for c in captains}
    near = {npc.zone, *sea[npc.zone].values()}
    for seat in hunt_list(npc, captains, wars):
        if where[seat] in near:
            return where[seat]
    return step(npc.zone, bearing, sea)


def move_npcs(npcs: Mapping[str, Npc], icons: Sequence[Icon], sea: Neighbours,
              captains: Sequence[Captain] = (), wars: Collection[War] = ()) -> dict[str, Npc]:
    """The event card's movement: each icon in turn moves every NPC of its group one step; NPCs
    of no icon stay (6.4). The treasure galleon follows its own rule (treasure_galleon.py)."""
    out = dict(npcs)
    for icon in icons:
        for slot, n in out.items():
            if moves(n, icon.group):
                out[slot] = n.model_copy(update={"zone": npc_step(n, icon.bearing, sea, captains, wars)})
    return out


# ---- Scouting ----
def men_o_war_blind(zone: Zone, npcs: Iterable[Npc]) -> bool:
    """A zone holding two or more men-o'-war: none of them scouts (6.4, MM-M1-07). Our reading: every
    man-o'-war there, navy or pirate, of any nations; other NPCs in that zone still scout."""
    return sum(1 for n in npcs if n.zone == zone and n.ship == "man_o_war") >= 2


def scouting_npcs(seat: int, moment: str, npcs: Mapping[str, Npc], captains: Sequence[Captain],
                  wars: Collection[War] = (), scouted: Collection[tuple[str, int]] = (),
                  storm: Zone | None = None) -> list[str]:
    """The NPCs that scout for `seat` now, in roster order (6.4): at the start of its turn in their
    zone or when it enters their zone (leaving port counts), if they hunt it, have not scouted it
    yet this turn (`scouted` holds (slot, seat) pairs) and are not in the storm's zone (MM-M8-21)
    nor two men-o'-war together (MM-M1-07)."""
    if moment not in SCOUT_MOMENTS:
        return []
    me = next((c for c in captains if c.seat == seat), None)
    if me is None:
        raise ValueError(f"seat {seat} has no captain among those given")
    if me.in_port or me.zone == storm:
        return []
    done = set(scouted)
    blind = men_o_war_blind(me.zone, npcs.values())
    return [slot for slot, n in npcs.items()
            if n.zone == me.zone and (slot, seat) not in done and not (blind and n.ship == "man_o_war")
            and seat in hunt_list(n, captains, wars)]


def scout_found(faces: Sequence[Face]) -> bool:
    """A Scouting roll finds its target with one skull or more (4, our design)."""
    return "skull" in faces


# ---- Combat ----
def decider(opponent: int, seats: Sequence[int]) -> int | None:
    """Who makes the NPC's choices in a fight: the player on the left (next clockwise) of its
    opponent; None (a bot decides) when that is the opponent itself or there is no one (6.4)."""
    if opponent not in seats:
        return None
    left = seats[(list(seats).index(opponent) + 1) % len(seats)]
    return None if left == opponent else left
