"""The closed vocabularies every Merchants & Marauders module shares: sea zones, nations, goods,
hit locations, bearings, ship types, special weapons, dice faces and combat orders.

Zone ids follow the map of shared/rules/merchants_marauders_base.md section 2 (16 port zones and
the Caribbean Sea); the adjacencies and bearings live in the data (data/merchants_marauders/base)."""
from __future__ import annotations

from typing import Literal, get_args

Zone = Literal["nassau", "havana", "tortuga", "port_royal", "old_providence", "petit_goave", "santo_domingo",
               "cartagena", "caribbean_sea", "curacao", "san_juan", "caracas", "st_maarten", "basse_terre",
               "st_johns", "bridgetown", "trinidad"]
OPEN_SEA: Zone = "caribbean_sea"            # the one zone with no port
Nation = Literal["spain", "england", "france", "netherlands"]
Good = Literal["sugar", "rum", "tobacco", "cotton", "textiles", "coffee", "spices", "timber"]
HitLocation = Literal["hull", "masts", "crew", "cannons", "cargo"]
RaidIcon = Literal["hull", "masts", "crew", "cannons", "cargo", "escape", "blank"]  # a cargo card's raid icon
Bearing = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]    # clockwise from north
NpcGroup = Literal["spain", "england", "france", "netherlands", "pirate"]  # a navy by nation, or the pirates: an event's movement icon and an NPC card's side
ShipType = Literal["sloop", "flute", "brig", "frigate", "galleon", "man_o_war", "treasure_galleon"]
Weapon = Literal["chain_shot", "grapeshot", "boarding_hooks",            # base game
                 "incendiary_shot", "double_shot", "spikes"]            # Seas of Glory, Module 2
Skill = Literal["seamanship", "scouting", "leadership", "influence"]
Order = Literal["shoot", "board", "flee"]                               # a naval combat round's orders
Face = Literal[1, 2, 3, 4, "skull"]                                     # the custom d6: 1-4 and two skulls
DIE: tuple[Face, ...] = (1, 2, 3, 4, "skull", "skull")

ZONES: tuple[Zone, ...] = get_args(Zone)
PORTS: tuple[Zone, ...] = tuple(z for z in ZONES if z != OPEN_SEA)
NATIONS: tuple[Nation, ...] = get_args(Nation)
GOODS: tuple[Good, ...] = get_args(Good)
HIT_LOCATIONS: tuple[HitLocation, ...] = get_args(HitLocation)
RAID_ICONS: tuple[RaidIcon, ...] = get_args(RaidIcon)
BEARINGS: tuple[Bearing, ...] = get_args(Bearing)
NPC_GROUPS: tuple[NpcGroup, ...] = get_args(NpcGroup)
WEAPONS: tuple[Weapon, ...] = get_args(Weapon)
SKILLS: tuple[Skill, ...] = get_args(Skill)
# The hit-location die (base reconstruction 6.2 step 4): a number names a location, a skull the hull.
LOCATION_OF_FACE: dict[Face, HitLocation] = {1: "cargo", 2: "masts", 3: "crew", 4: "cannons", "skull": "hull"}


def clockwise(b: Bearing, steps: int = 1) -> Bearing:
    """The bearing `steps` eighths of a turn clockwise from `b` (NPC and storm movement fall back
    to the next bearing clockwise when no zone lies the way an event points)."""
    return BEARINGS[(BEARINGS.index(b) + steps) % len(BEARINGS)]
