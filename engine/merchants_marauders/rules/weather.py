"""Seas of Glory Module 8, Wind and Weather: the wind phase before the event card, what a Move
costs by its bearing against the wind, the storm token's course and the damage it deals.

The two parts may be played apart (MM-M8-01). Our reading of MM-M8-02: the storm steers by the
vane, so a game with the storm and no wind still spins the vane each round; only the wind's Move
costs are then off. Wind and storm touch players alone: NPCs (the treasure galleon too) move and
fight as ever, except that no NPC scouts in the storm's zone (npc.scouting_npcs, MM-M8-21, -22)."""
from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core.rng import Rng
from engine.merchants_marauders.rules.combat import skulls
from engine.merchants_marauders.rules.npc import Neighbours, step
from engine.merchants_marauders.vocab import (
    BEARINGS,
    LOCATION_OF_FACE,
    OPEN_SEA,
    Bearing,
    Face,
    HitLocation,
    Zone,
    clockwise,
)

STORM_START: Zone = OPEN_SEA            # the storm token begins in the Caribbean Sea (MM-M8-11)
STORM_HITS = 3                          # random hits, less one per Seamanship skull (MM-M8-14)
# When the storm token strikes a player's ship (MM-M8-15, -16). The storm sailing into a
# player's zone is not among them (MM-M8-17).
STORM_MOMENTS = frozenset({"turn_start", "entered_zone", "left_port"})


class WeatherOptions(BaseModel, frozen=True):
    wind: bool = False                  # Move costs by the wind's bearing
    storm: bool = False                 # the storm token


def round_phases(weather: WeatherOptions) -> tuple[str, ...]:
    """The round's phases with Module 8: the vane is spun at the very start, before the event card
    (MM-M8-03), and the storm moves at once after (MM-M8-12); the rest is the base round (4)."""
    spin = ("spin_vane",) if weather.wind or weather.storm else ()
    storm = ("move_storm",) if weather.storm else ()
    return (*spin, *storm, "merchant_refill", "event", "turns", "end_of_round")


def spin_vane(rng: Rng) -> Bearing:
    """The wind for this round: one of the 8 bearings, each as likely (MM-M8-04). A digital vane
    never stops on a triangle, so MM-M8-05's spin again never arises."""
    return BEARINGS[rng.die(len(BEARINGS)) - 1]


# ---- Wind direction ----
def bearing_between(sea: Neighbours, src: Zone, dst: Zone) -> Bearing | None:
    """The bearing of a sea-to-sea Move, or None for a step between a zone and its port."""
    return next((b for b, z in sea.get(src, {}).items() if z == dst), None)


def against(wind: Bearing, bearing: Bearing | None) -> bool:
    """Our reading of MM-M8-08: a Move is against the wind only when it heads the exact opposite
    way (the worked example's Caribbean Sea to Caracas, SE, in a NW wind)."""
    return bearing is not None and bearing == clockwise(wind, len(BEARINGS) // 2)


class MoveBudget(BaseModel, frozen=True):
    """A player's actions left this turn and whether this round's free wind Move is spent."""
    actions: int
    free_move_used: bool = False


def move_cost(wind: Bearing | None, bearing: Bearing | None, free_move_used: bool = False) -> int:
    """Actions one Move costs (MM-M8-06, -07): none for the round's one free Move with the wind,
    two against the wind, one otherwise; with the wind part off (`wind` None) always one. A step
    between a zone and its port has no bearing, so it is never free nor dearer."""
    if wind is None or bearing is None:
        return 1
    if bearing == wind and not free_move_used:
        return 0
    return 2 if against(wind, bearing) else 1


def spend_move(budget: MoveBudget, wind: Bearing | None, bearing: Bearing | None) -> MoveBudget:
    """Pay for one Move. The free wind Move needs no action left, so it may come after the last
    one (MM-M8-10); a Move against the wind needs 2 actions (MM-M8-07)."""
    cost = move_cost(wind, bearing, budget.free_move_used)
    if cost > budget.actions:
        raise ValueError(f"sailing against the wind takes {cost} actions; you have {budget.actions} left"
                         if cost == 2 else f"you have no action left for this Move (it costs {cost})")
    free = budget.free_move_used or cost == 0
    return MoveBudget(actions=budget.actions - cost, free_move_used=free)


def spend_action(budget: MoveBudget, n: int = 1) -> MoveBudget:
    """Any other action (scout, port, rumour ...) costs its usual action."""
    if n > budget.actions:
        raise ValueError(f"you have {budget.actions} actions left, not {n}")
    return budget.model_copy(update={"actions": budget.actions - n})


# ---- Storm token ----
def move_storm(storm: Zone, wind: Bearing, sea: Neighbours) -> Zone:
    """The storm sails one zone with the wind; at a shore, the next bearing clockwise, as an NPC
    does (MM-M8-12, -13)."""
    return step(storm, wind, sea)


def storm_strikes(moment: str, zone: Zone, storm: Zone | None, in_port: bool = False, immune: bool = False) -> bool:
    """Whether the storm token damages a player's ship now (MM-M8-15 to -17): on entering its zone,
    leaving port into it included, or on starting a turn there. Our reading: a ship lying in port
    is sheltered until it sails out. `immune` is the Module 8 captain's ability (MM-M8-20)."""
    if storm is None or immune or in_port or zone != storm:
        return False
    return moment in STORM_MOMENTS


def random_hits(seamanship: Sequence[Face], hits: int = STORM_HITS) -> int:
    """The storm's hits on a ship: 3, less one per skull of its Seamanship roll, never below 0
    (MM-M8-14). A storm event card deals its own hits the same way but apart (MM-M8-18, -19)."""
    return max(0, hits - skulls(seamanship))


def storm_damage(seamanship: Sequence[Face], locations: Sequence[Face], hits: int = STORM_HITS) -> list[HitLocation]:
    """The locations struck: one hit-location die per hit that gets through (6.2 step 4). The
    caller rolls `locations` for those hits only; a hit on a location at 0 goes to the hull when
    the combat rules apply the damage."""
    n = random_hits(seamanship, hits)
    if len(locations) != n:
        raise ValueError(f"{n} hits need {n} hit-location dice, got {len(locations)}")
    return [LOCATION_OF_FACE[f] for f in locations]


def event_storm_strikes(zone: Zone, event_zones: Sequence[Zone], in_port: bool = False) -> bool:
    """A storm, hurricane or tempest event card strikes ships at sea in the zones it lists (base 8),
    as printed and whatever the token does (MM-M8-18): a ship the token strikes as well takes
    both, each with its own Seamanship roll, one after the other (MM-M8-19)."""
    return not in_port and zone in event_zones
