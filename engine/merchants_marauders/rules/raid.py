"""Merchant raid (base reconstruction section 6.1), with a special weapon spent on a raid's die
(Seas of Glory Module 2, MM-M2-03).

The steps in order: `check_can_raid`; Scout for the token (`found`); pick its nation
(`nation_choices`) and take the bounty (`raid_bounty`); draw 3 cargo cards and roll Seamanship;
turn dice into skulls with special weapons (`spend_weapon`); spend each skull on a draw, a discard
or an exchange (`spend_skulls`); resolve (`resolve`); keep the cards that fit (`keep_plunder`).
Dice faces and card draws are inputs, so a test gives the exact rolls and deck.

Readings (Parley's):
- A damage icon on a location already at 0 hits the hull instead, as a hit in naval combat does.
- Each special weapon discarded turns one die; a captain may spend several, one per die.
- The hold a raid's cards must fit is the Cargo location's value once the raid's hits are in.
  Discarding cargo cards for Cargo hits is the hit-location rule's (naval combat), not this one's."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import skulls
from engine.merchants_marauders.vocab import HIT_LOCATIONS, Face, HitLocation, Nation, Weapon

RAID_CARDS = 3              # cargo cards drawn face up for a raid
RICH_RAID = 12              # plunder that earns 1 glory

War = frozenset[Nation]     # a pair of nations at war


# ---- 1-2: the token, its nation and the bounty ----
def check_can_raid(at_sea: bool, merchant_in_zone: bool, locations: Mapping[HitLocation, int]) -> None:
    """A raid needs the ship at sea, a merchant token in its zone and no hit location at 0."""
    if not at_sea:
        raise IllegalActionError("You can raid merchants only at sea; leave port first.")
    if not merchant_in_zone:
        raise IllegalActionError("There is no merchant token in your zone to raid.")
    broken = [loc for loc in HIT_LOCATIONS if locations.get(loc, 0) <= 0]
    if broken:
        raise IllegalActionError(f"Your {broken[0]} is at 0: repair it before raiding merchants.")


def found(scouting: Sequence[Face]) -> bool:
    """The Scouting roll finds the merchant with one skull or more."""
    return skulls(scouting) >= 1


def nation_choices(token: Nation, port: Nation | None) -> tuple[Nation, ...]:
    """The merchant sails for the nation on its token or for the zone's port's; the Caribbean
    Sea (no port: `port` None) gives only the token's."""
    return (token,) if port is None or port == token else (token, port)


def war(a: Nation, b: Nation) -> War:
    return frozenset((a, b))


def at_war(a: Nation, b: Nation, wars: Collection[War]) -> bool:
    return war(a, b) in wars


def raid_bounty(chosen: Nation, captain: Nation, wars: Collection[War] = ()) -> Nation | None:
    """Raiding gives 1 bounty token of the merchant's nation, none if it is at war with the
    captain's nation. It is kept whatever the raid's outcome."""
    return None if at_war(chosen, captain, wars) else chosen


# ---- 3: the cards and the skulls ----
def draw_raid_cards(deck: Sequence[CargoCard]) -> tuple[list[CargoCard], list[CargoCard]]:
    """The 3 cargo cards a raid lays face up, off the top of the deck: (cards, deck after).
    A shorter deck lays what it has; refilling it is the caller's."""
    return list(deck[:RAID_CARDS]), list(deck[RAID_CARDS:])


def spend_weapon(faces: Sequence[Face], weapons: Sequence[Weapon], weapon: Weapon) -> tuple[list[Face], list[Weapon]]:
    """Discard one special weapon of any kind to turn one die that is not a skull into a skull:
    (faces after, weapons left aboard)."""
    if weapon not in weapons:
        raise IllegalActionError(f"You have no {weapon.replace('_', ' ')} aboard to spend.")
    out = list(faces)
    try:
        i = next(i for i, f in enumerate(out) if f != "skull")
    except StopIteration:
        raise IllegalActionError("Every die already shows a skull; a weapon would turn none.") from None
    out[i] = "skull"
    left = list(weapons)
    left.remove(weapon)
    return out, left


class DrawCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["draw"] = "draw"


class DiscardCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["discard"] = "discard"
    card: str


class ExchangeCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["exchange"] = "exchange"
    card: str


SkullUse = Annotated[DrawCard | DiscardCard | ExchangeCard, Field(discriminator="kind")]


class RaidCards(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: list[CargoCard]          # the raid's face-up cards
    discarded: list[CargoCard]      # spent cards, to the cargo discards
    deck: list[CargoCard]           # the cargo deck after (index 0 is its top)


def spend_skulls(cards: Sequence[CargoCard], uses: Sequence[SkullUse], skull_count: int,
                 deck: Sequence[CargoCard]) -> RaidCards:
    """Each skull buys one change to the raid's cards, in order: a draw, a discard, or an exchange
    (a discard followed by a draw). Unspent skulls are simply lost."""
    if len(uses) > skull_count:
        raise IllegalActionError(f"You rolled {skull_count} skulls; you cannot spend {len(uses)}.")
    hand, gone, rest = list(cards), [], list(deck)
    for use in uses:
        if not isinstance(use, DrawCard):
            match = [c for c in hand if c.id == use.card]
            if not match:
                raise IllegalActionError(f"{use.card} is not among the raid's cards.")
            hand.remove(match[0])
            gone.append(match[0])
        if not isinstance(use, DiscardCard):
            if not rest:
                raise IllegalActionError("The cargo deck is empty: there is no card to draw.")
            hand.append(rest.pop(0))
    return RaidCards(cards=hand, discarded=gone, deck=rest)


# ---- 4-5: resolve ----
class RaidOutcome(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    hits: dict[HitLocation, int]        # hits taken, by the location they struck
    locations: dict[HitLocation, int]   # the ship's locations after them
    escapes: int
    failed: bool
    sunk: bool                          # hull at 0: the captain dies
    gold: int                           # plunder, on success only
    glory: int


def take_hits(locations: Mapping[HitLocation, int], icons: Sequence[HitLocation]) -> tuple[dict[HitLocation, int], dict[HitLocation, int]]:
    """One hit per damage icon on the location it shows; a location already at 0 passes the
    hit to the hull. (hits by location, locations after)."""
    after = {loc: locations.get(loc, 0) for loc in HIT_LOCATIONS}
    hits: dict[HitLocation, int] = {}
    for loc in icons:
        struck: HitLocation = loc if after[loc] > 0 else "hull"
        if after[struck] > 0:   # a hull at 0 has sunk: nothing is left to strike
            after[struck] -= 1
            hits[struck] = hits.get(struck, 0) + 1
    return hits, after


def resolve(cards: Sequence[CargoCard], locations: Mapping[HitLocation, int], manoeuvrability: int) -> RaidOutcome:
    """The damage icons strike first; then the raid fails if any location is at 0 or if the
    escape icons number at least the ship's manoeuvrability. Success takes the cards' plunder
    in gold, and 12 gold or more earns 1 glory."""
    damage = [loc for c in cards for loc in HIT_LOCATIONS if c.icon == loc]
    hits, after = take_hits(locations, damage)
    escapes = sum(1 for c in cards if c.icon == "escape")
    failed = any(v == 0 for v in after.values()) or escapes >= manoeuvrability
    gold = 0 if failed else sum(c.plunder for c in cards)
    return RaidOutcome(hits=hits, locations=after, escapes=escapes, failed=failed, sunk=after["hull"] == 0,
                       gold=gold, glory=1 if gold >= RICH_RAID else 0)


def keep_plunder(cargo: Sequence[CargoCard], cards: Sequence[CargoCard], keeping: Sequence[str],
                 hold: int) -> tuple[list[CargoCard], list[CargoCard]]:
    """After a successful raid keep any of its cards that fit the hold; the rest are discarded.
    (cargo after, discarded)."""
    by_id = {c.id: c for c in cards}
    if len(set(keeping)) != len(keeping) or any(i not in by_id for i in keeping):
        raise IllegalActionError("Keep only the raid's own cards, each once.")
    room = max(hold - len(cargo), 0)
    if len(keeping) > room:
        raise IllegalActionError(f"Your hold has room for {room} more cargo cards; you chose {len(keeping)}.")
    kept = [by_id[i] for i in keeping]
    return [*cargo, *kept], [c for c in cards if c.id not in set(keeping)]
