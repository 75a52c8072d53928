"""Seas of Glory Module 9, location tokens: laying them out, the visit (one action, once a round)
and what a visit to each kind gives. Raiding a location is rules/location_raid.py.

The token data (data/merchants_marauders/seas_of_glory/locations.toml: who may visit, prices,
cards drawn) reaches these functions as parameters, so each rule reads only the numbers it needs.
Dice faces, card decks and the Rng are inputs.

Readings (Parley's, docs/rules-coverage/merchants_marauders.md):
- A visit is made from the zone at sea; the ship never enters a port by it, so every port-only
  rule stays closed (a location is not a port): no stash, no 6-card allowance in port when
  buying, no zone or port property (prices are an ordinary port's, MM-M9-11, -78).
- A Pirate Haven visit refills the crew and gives 1 rumour with no check, if none is held.
- A Trading Post visit is one action in which the player may sell, then buy (selling first).
  Contraband cannot be sold at a Trading Post or in a Town.
- A Naval Fort moves the visitor's choice of that nation's warship one step to a zone next to
  its own; with none on the map the event deck is searched, the cards turned over go back and
  the deck is shuffled.
- The Prison passes over glory cards that are not specialists (they go back, and the deck is
  shuffled); a specialist of a kind already aboard is discarded. The 2-aboard limit holds; a
  deck with no specialist to take costs nothing.
- A Town visit is exactly one of the seven port sub-actions of MM-M9-84.
- Reefs: the hull damage is the items taken less the skulls left unused, never below 0; a hull
  brought to 0 sinks the ship as any hull damage does."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.card_effects import SpecialistKind
from engine.merchants_marauders.defs_sog import LocationKind
from engine.merchants_marauders.rules import trade
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import skulls
from engine.merchants_marauders.rules.npc import Neighbours, Npc
from engine.merchants_marauders.vocab import (
    HIT_LOCATIONS,
    PORTS,
    WEAPONS,
    Face,
    Good,
    HitLocation,
    Nation,
    Weapon,
    Zone,
)

Visitors = Literal["anyone", "pirates", "non_pirates"]
VISIT_ACTIONS = 1           # a visit costs one action
RUMOURS_HELD = 1            # base section 4: a captain holds at most 1 rumour
SPECIALISTS_ABOARD = 2      # base section 5: at most 2 specialists on a ship
SETUP_TRIES = 500           # re-lays before giving up (two tokens among 16 zones part in a few)


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---- Setup (MM-M9-03, -04) ----
def lay_out(tokens: Sequence[LocationKind], zones: Sequence[Zone] = PORTS) -> dict[Zone, LocationKind]:
    """The tokens, already shuffled, one to each zone with a port in order; the Caribbean Sea
    takes none."""
    if len(tokens) != len(zones):
        raise ValueError(f"{len(tokens)} location tokens for {len(zones)} zones")
    return dict(zip(zones, tokens, strict=True))


def too_close(placement: Mapping[Zone, LocationKind], sea: Neighbours, apart: Collection[LocationKind]) -> list[Zone]:
    """Zones whose token is of a kind kept apart and that have the same kind next door."""
    return [z for z, k in placement.items()
            if k in apart and any(placement.get(n) == k for n in sea[z].values())]


def keep_apart(placement: Mapping[Zone, LocationKind], sea: Neighbours, apart: Collection[LocationKind],
               rng: Rng) -> dict[Zone, LocationKind]:
    """Mix the tokens that sit too close with as many from other zones picked at random and lay
    those out again, until no two of a kind kept apart are neighbours."""
    out = dict(placement)
    for _ in range(SETUP_TRIES):
        near = too_close(out, sea, apart)
        if not near:
            return out
        others = [z for z in out if z not in near]
        rng.shuffle(others)
        zones = near + others[:len(near)]
        tokens = [out[z] for z in zones]
        rng.shuffle(tokens)
        out.update(zip(zones, tokens, strict=True))
    raise ValueError("the location tokens could not be laid out apart")


# ---- Visiting (MM-M9-05 to -08) ----
def is_pirate(bounties: int) -> bool:
    """Base section 7.1: a captain with one bounty token or more is a pirate."""
    return bounties > 0


def welcome(visitors: Visitors, pirate: bool) -> bool:
    return visitors == "anyone" or (visitors == "pirates") == pirate


def check_can_visit(location: LocationKind | None, visitors: Visitors, at_sea: bool, bounties: int,
                    visited_this_round: bool, actions_left: int) -> None:
    """A visit needs the ship at sea in a zone with a location, an action, no other visit this
    round, and a captain the location lets in."""
    if location is None:
        raise IllegalActionError("There is no location token in this zone to visit.")
    if not at_sea:
        raise IllegalActionError("Locations are visited from the sea zone: leave port first.")
    if visited_this_round:
        raise IllegalActionError("You have already visited a location this round.")
    if actions_left < VISIT_ACTIONS:
        raise IllegalActionError("A visit takes an action and you have none left.")
    if not welcome(visitors, is_pirate(bounties)):
        who = "pirates" if visitors == "pirates" else "captains without bounty tokens"
        raise IllegalActionError(f"Only {who} may visit this location.")


class Record(Frozen):
    """Per round: who visited a location, and who bought at which location's zone this round and
    the round before (the smaller draw of MM-M9-45, -68)."""
    visited: frozenset[int] = frozenset()
    bought: frozenset[tuple[int, Zone]] = frozenset()
    bought_before: frozenset[tuple[int, Zone]] = frozenset()

    def visit(self, seat: int) -> Record:
        return self.model_copy(update={"visited": self.visited | {seat}})

    def buy(self, seat: int, zone: Zone) -> Record:
        return self.model_copy(update={"bought": self.bought | {(seat, zone)}})

    def next_round(self) -> Record:
        return Record(bought_before=self.bought)

    def bought_last_round(self, seat: int, zone: Zone) -> bool:
        return (seat, zone) in self.bought_before


# ---- Pirate Haven (MM-M9-36, -37) ----
class HavenVisit(Frozen):
    crew: int
    rumour: str | None              # the rumour taken, if any
    rumours: list[str]              # the rumour deck after (index 0 is its top)


def pirate_haven(crew_value: int, holding_rumour: bool, rumours: Sequence[str]) -> HavenVisit:
    """Crew up to the ship's crew value, free and with no roll, and the top rumour with no check
    unless one is already held."""
    take = not holding_rumour and bool(rumours)
    return HavenVisit(crew=crew_value, rumour=rumours[0] if take else None, rumours=list(rumours[1:] if take else rumours))


# ---- Missionary (MM-M9-40) ----
def missionary(gold: int, bounties: Mapping[Nation, int], nation: Nation, count: int,
               price: int) -> tuple[int, dict[Nation, int]]:
    """Discard `count` bounty tokens of one nation at `price` gold each: (gold, bounties after)."""
    held = bounties.get(nation, 0)
    if not 1 <= count <= held:
        raise IllegalActionError(f"You hold {held} {nation} bounty tokens; discard between 1 and {held}.")
    if count * price > gold:
        raise IllegalActionError(f"{count} tokens cost {count * price} gold; you have {gold}.")
    left = {**bounties, nation: held - count}
    return gold - count * price, {n: c for n, c in left.items() if c}


# ---- Trading Post and Town trade (MM-M9-44 to -48, -68, -69) ----
def location_terms(draws: int, repeat: int) -> trade.PortTerms:
    """An ordinary port's prices with the location's own draws: no zone or port property."""
    return trade.PortTerms(draws=draws, repeat_draws=repeat)


def _no_contraband(ids: Sequence[str], contraband: Collection[str]) -> None:
    if bad := [c for c in ids if c in contraband]:
        raise IllegalActionError(f"Contraband cannot be sold at a location ({', '.join(bad)}).")


def sell_at_location(cargo: Sequence[CargoCard], selling: Sequence[str], demand: Good,
                     contraband: Collection[str] = (), trading_rules: bool = False) -> trade.Sale:
    """Sell as in a port without properties; `demand` is the zone's port's demand token."""
    _no_contraband(selling, contraband)
    return trade.sell(cargo, selling, demand, trade.ORDINARY, trading_rules)


def draw_at_location(deck: Sequence[CargoCard], count: int, demand: Good, contraband: Collection[str] = ()) -> trade.BuyDraw:
    """Draw `count` cards to buy; a contraband card or one of the zone's port's demand good is
    discarded and another drawn in its place."""
    drawn: list[CargoCard] = []
    discarded: list[CargoCard] = []
    i = 0
    while len(drawn) < count and i < len(deck):
        c = deck[i]
        (discarded if c.good == demand or c.id in contraband else drawn).append(c)
        i += 1
    return trade.BuyDraw(drawn=drawn, discarded=discarded, deck=list(deck[i:]))


def buy_at_location(cargo: Sequence[CargoCard], gold: int, drawn: Sequence[CargoCard], buying: Sequence[str],
                    hold: int) -> trade.Purchase:
    """Buy at a port's prices, but only into the hold: at sea there is no in-port allowance."""
    if len(cargo) + len(buying) > hold:
        raise IllegalActionError(f"At a location your hold takes {hold} cargo cards; you have {len(cargo)}, "
                                 f"so buy at most {max(hold - len(cargo), 0)}.")
    return trade.buy(cargo, gold, drawn, buying, hold)


# ---- Native Village (MM-M9-52) ----
def native_village(points: Mapping[HitLocation, int], maxima: Mapping[HitLocation, int], cargo: Sequence[CargoCard],
                   giving: str) -> tuple[dict[HitLocation, int], list[CargoCard]]:
    """Give one cargo card: every location but the crew goes back to its maximum. (points, cargo)."""
    if giving not in {c.id for c in cargo}:
        raise IllegalActionError(f"{giving} is not in your cargo.")
    repaired = {loc: points[loc] if loc == "crew" else maxima[loc] for loc in HIT_LOCATIONS}
    if repaired == dict(points):
        raise IllegalActionError("Nothing but the crew is damaged: the village has nothing to repair.")
    return repaired, [c for c in cargo if c.id != giving]


# ---- Naval Fort (MM-M9-55, -56) ----
def fort_warships(npcs: Mapping[str, Npc], nation: Nation) -> list[Npc]:
    return [n for n in npcs.values() if n.side == "navy" and n.nation == nation]


def move_warship(npcs: Mapping[str, Npc], nation: Nation, slot: str, to: Zone, sea: Neighbours) -> dict[str, Npc]:
    """Move the chosen warship of the fort's nation one step, to a zone next to its own."""
    ship = npcs.get(slot)
    if ship is None or ship not in fort_warships(npcs, nation):
        raise IllegalActionError(f"{slot} is not a {nation} warship on the map.")
    if to not in sea[ship.zone].values():
        raise IllegalActionError(f"{to} is not next to the warship's zone {ship.zone}.")
    return {**npcs, slot: ship.model_copy(update={"zone": to})}


class FortSearch(Frozen):
    found: str | None               # the event card that brings the warship: an extra event
    deck: list[str]                 # the event deck after, shuffled


def search_events(deck: Sequence[str], warship_cards: Collection[str], rng: Rng) -> FortSearch:
    """Turn event cards until one brings the nation's warship; the others go back and the deck
    is shuffled. With no such card left nothing comes."""
    found = next((c for c in deck if c in warship_cards), None)
    rest = [c for c in deck if c != found]
    rng.shuffle(rest)
    return FortSearch(found=found, deck=rest)


# ---- Prison (MM-M9-61 to -63, -65) ----
class PrisonHire(Frozen):
    specialist: str | None
    cost: int
    discarded: list[str]            # specialists of a kind already aboard, to the glory discards
    deck: list[str]                 # the glory deck after, shuffled


def prison(gold: int, aboard: Sequence[SpecialistKind], deck: Sequence[str], kinds: Mapping[str, SpecialistKind],
           rng: Rng, price: int, free: bool = False) -> PrisonHire:
    """Pay `price` (nothing for a raid's prize) for the first specialist in the glory deck of a
    kind not aboard. `kinds` gives each specialist card's kind; other cards are passed over."""
    cost = 0 if free else price
    if len(aboard) >= SPECIALISTS_ABOARD:
        raise IllegalActionError(f"You already have {SPECIALISTS_ABOARD} specialists aboard.")
    if gold < cost:
        raise IllegalActionError(f"The prison asks {cost} gold; you have {gold}.")
    found = next((c for c in deck if c in kinds and kinds[c] not in aboard), None)
    upto = deck.index(found) if found else len(deck)
    discarded = [c for c in deck[:upto] if c in kinds]
    rest = [c for c in deck if c != found and c not in discarded]
    rng.shuffle(rest)
    return PrisonHire(specialist=found, cost=cost if found else 0, discarded=discarded, deck=rest)


# ---- Town (MM-M9-67, -71 to -78, -84) ----
TownChoice = Literal["sell", "buy", "shipyard", "recruit", "rumour", "goodwill", "loyalty"]
TOWN_CHOICES: tuple[TownChoice, ...] = get_args(TownChoice)
TOWN_SHIPYARD = ("ship", "repair", "weapon")        # no modification is sold in a Town
# What a Town refuses, with the reason a player reads.
TOWN_REFUSES: dict[str, str] = {
    "mission": "No mission can be claimed in a Town.",
    "contraband": "A Town does not buy contraband.",
    "modification": "A Town's shipyard sells no modifications.",
    "stash": "Gold can be stashed only in your home port, never in a Town.",
    "port_specialist": "The specialist of the zone's port cannot be hired in its Town.",
    "port_property": "The zone's and its port's properties do not apply in a Town.",
}


def town_menu(goodwill: bool = False, loyalty: bool = False) -> tuple[TownChoice, ...]:
    """The one sub-action a Town visit offers; goodwill and loyalty only with Modules 10 and 11."""
    off = {"goodwill"} if not goodwill else set()
    off |= {"loyalty"} if not loyalty else set()
    return tuple(c for c in TOWN_CHOICES if c not in off)


def check_town_choice(choice: str, chosen: Sequence[TownChoice], goodwill: bool = False, loyalty: bool = False) -> None:
    if chosen:
        raise IllegalActionError(f"A Town visit allows one port sub-action, and you chose {chosen[0]}.")
    if choice not in town_menu(goodwill, loyalty):
        raise IllegalActionError(TOWN_REFUSES.get(choice, f"A Town offers {', '.join(town_menu(goodwill, loyalty))}."))


def check_town_service(service: str) -> None:
    if service in TOWN_REFUSES:
        raise IllegalActionError(TOWN_REFUSES[service])


def check_town_rumour(target: Zone, town_zone: Zone) -> None:
    """A rumour naming the zone's port cannot be looked into from its Town."""
    if target == town_zone:
        raise IllegalActionError("A Town is not its port: look into this rumour in the port itself.")


# ---- Reefs (MM-M9-80, -81, -83) ----
Salvage = Literal["cargo", "rumour", "crew"]


class ReefsHaul(Frozen):
    cargo: int                      # cards to draw from the cargo deck
    rumours: int
    crew: int
    weapons: list[Weapon]
    hull_damage: int
    hull: int
    sunk: bool


def reefs_damage(skull_count: int, items: int) -> int:
    """1 hull damage per item, less 1 per skull left unused, never below 0."""
    return max(0, items - (skull_count - items))


def reefs(faces: Sequence[Face], picks: Sequence[Salvage | Weapon], hull: int, hold_room: int, crew_room: int,
          weapons_aboard: Collection[Weapon], reserve: Collection[Weapon], holding_rumour: bool) -> ReefsHaul:
    """One pick per skull of the Scouting check, within the usual limits."""
    n = skulls(faces)
    if len(picks) > n:
        raise IllegalActionError(f"You rolled {n} skulls; you cannot take {len(picks)} items.")
    if unknown := [p for p in picks if p not in WEAPONS and p not in get_args(Salvage)]:
        raise IllegalActionError(f"The reefs give cargo, a special weapon, a rumour or crew, not {unknown[0]}.")
    weapons = [p for p in picks if p in WEAPONS]
    if len(set(weapons)) != len(weapons) or set(weapons) & set(weapons_aboard):
        raise IllegalActionError("A ship carries at most one special weapon of each kind.")
    if not set(weapons) <= set(reserve):
        raise IllegalActionError("No token of that special weapon is left to take.")
    limits = {"cargo": (hold_room, "cargo cards fit in your hold"), "crew": (crew_room, "crew fit aboard"),
              "rumour": (RUMOURS_HELD - holding_rumour, "rumours can be held")}
    for kind, (room, what) in limits.items():
        if picks.count(kind) > room:
            raise IllegalActionError(f"Only {room} more {what}.")
    damage = reefs_damage(n, len(picks))
    after = max(0, hull - damage)
    return ReefsHaul(cargo=picks.count("cargo"), rumours=picks.count("rumour"), crew=picks.count("crew"),
                     weapons=weapons, hull_damage=damage, hull=after, sunk=after == 0)
