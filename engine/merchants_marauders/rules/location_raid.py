"""Seas of Glory Module 9: raiding a location token. No Scouting is needed; the location's
defence number of cargo cards is laid out, the raider's guns bombard them away, the cards left
strike the ship, and a land battle of one crew-clash round decides the plunder.

The steps in order: `check_can_raid`, `attack_bounties` (due at once), `draw_defence`;
`begin_bombardment`, then `fire` one die at a time with `discard` per skull, or `stop`;
`take_damage` (sinking, a failed raid, or the choice to land or withdraw); `land_battle_dice`
and `land_battle`; `keep_goods` and `success_bounties` on a win. The token's numbers (defence,
bounty flags, whether its damage icons count) are parameters; dice and cards are inputs.

Readings (Parley's, docs/rules-coverage/merchants_marauders.md):
- The guns are the ship's current Cannons value, one die each; the bombardment ends when the
  dice are spent, the raider stops, or no card is left to discard.
- Each damage icon strikes its own location once, or twice when the escape icons reach the
  ship's manoeuvrability; as in a merchant raid (rules/raid.py), a point that meets a location
  already at 0 strikes the hull instead.
- The raid is won when the land battle leaves the raider's crew above 0; the gold is the
  plunder on the cards still laid out when the land battle starts (bombarded cards pay nothing).
- The bounty flags are taken as printed, war or not: the text gives no exception.
- Glory cards: a merchant-raid card never applies; a crew-clash card applies from the land
  battle on; a card for the whole fight (no roll named) applies throughout; there is no
  Seamanship contest for a contest card to touch."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.card_effects import Roll
from engine.merchants_marauders.rules import raid
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import check_dice, skulls
from engine.merchants_marauders.vocab import HIT_LOCATIONS, Face, HitLocation, Nation, Weapon

RAID_ACTIONS = 1
Step = Literal["bombardment", "damage", "land_battle"]


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---- Before the cards (MM-M9-12, -14, -29, -34) ----
def check_can_raid(defence: int | None, at_sea: bool, points: Mapping[HitLocation, int], actions_left: int) -> None:
    """A raid needs the ship at sea in the location's zone, an action, a location that can be
    raided (`defence` None: it cannot) and no hit location at 0. No Scouting check is made, and
    a visit to the same location earlier does not stand in the way."""
    if defence is None:
        raise IllegalActionError("This location cannot be raided.")
    if not at_sea:
        raise IllegalActionError("You can raid a location only from the sea; leave port first.")
    if actions_left < RAID_ACTIONS:
        raise IllegalActionError("A raid takes an action and you have none left.")
    if broken := [loc for loc in HIT_LOCATIONS if points.get(loc, 0) <= 0]:
        raise IllegalActionError(f"Your {broken[0]} is at 0: repair it before raiding a location.")


def attack_bounties(flags: tuple[int, int], nation: Nation) -> list[Nation]:
    """Bounty tokens of the zone's nation for attacking: due as the raid begins, whatever follows."""
    return [nation] * flags[0]


def success_bounties(flags: tuple[int, int], nation: Nation, won: bool) -> list[Nation]:
    """The further tokens a won raid costs."""
    return [nation] * flags[1] if won else []


def draw_defence(deck: Sequence[CargoCard], defence: int) -> tuple[list[CargoCard], list[CargoCard]]:
    """The defence number of cargo cards, face up off the top: (cards, deck after)."""
    return list(deck[:defence]), list(deck[defence:])


# ---- Bombardment (MM-M9-17 to -19) ----
class Bombardment(Frozen):
    cards: list[CargoCard]          # still laid out
    discarded: list[CargoCard] = []
    dice_left: int = Field(ge=0)
    to_discard: int = Field(default=0, ge=0)    # skulls rolled and not yet spent on a card
    stopped: bool = False

    @property
    def over(self) -> bool:
        return self.to_discard == 0 and (self.stopped or self.dice_left == 0 or not self.cards)


def begin_bombardment(cards: Sequence[CargoCard], cannons: int) -> Bombardment:
    """One die per gun: the ship's current Cannons value."""
    return Bombardment(cards=list(cards), dice_left=cannons)


def _open(b: Bombardment) -> None:
    if b.to_discard:
        raise IllegalActionError("Discard a card for the skull you rolled first.")
    if b.over:
        raise IllegalActionError("The bombardment is over.")


def fire(b: Bombardment, face: Face) -> Bombardment:
    """Roll one gun's die; a skull lets the raider discard one laid-out card."""
    _open(b)
    return b.model_copy(update={"dice_left": b.dice_left - 1, "to_discard": skulls([face])})


def discard(b: Bombardment, card: str) -> Bombardment:
    if not b.to_discard:
        raise IllegalActionError("Only a skull from the guns discards a card.")
    match = [c for c in b.cards if c.id == card]
    if not match:
        raise IllegalActionError(f"{card} is not among the laid-out cards.")
    return b.model_copy(update={"cards": [c for c in b.cards if c.id != card], "discarded": [*b.discarded, match[0]],
                                "to_discard": 0})


def stop(b: Bombardment) -> Bombardment:
    """Stop before the next die; the dice not rolled are given up."""
    _open(b)
    return b.model_copy(update={"stopped": True})


def check_weapon(weapon: Weapon) -> None:
    """Special weapons neither add dice nor turn faces in a bombardment."""
    raise IllegalActionError(f"{weapon.replace('_', ' ').capitalize()} has no effect on a bombardment.")


# ---- Damage (MM-M9-20 to -23, -41) ----
class Damage(Frozen):
    hits: dict[HitLocation, int]
    points: dict[HitLocation, int]   # the ship after the hits
    escapes: int
    doubled: bool                    # the escapes reached the manoeuvrability
    sunk: bool                       # hull at 0: the captain dies
    failed: bool                     # any location at 0: no land battle

    @property
    def may_land(self) -> bool:
        return not self.failed


def take_damage(cards: Sequence[CargoCard], points: Mapping[HitLocation, int], manoeuvre: int,
                damage_icons: bool = True) -> Damage:
    """The cards left strike the ship; `damage_icons` False (the Missionary) leaves only the
    escapes to count."""
    escapes = sum(1 for c in cards if c.icon == "escape")
    doubled = escapes >= manoeuvre
    icons = [loc for c in cards for loc in HIT_LOCATIONS if c.icon == loc] if damage_icons else []
    hits, after = raid.take_hits(points, [loc for loc in icons for _ in range(2 if doubled else 1)])
    return Damage(hits=hits, points=after, escapes=escapes, doubled=doubled, sunk=after["hull"] == 0,
                  failed=any(v == 0 for v in after.values()))


# ---- Land battle (MM-M9-24 to -28, -30) ----
def land_battle_dice(leadership: int, modifier: int = 0) -> int:
    """Leadership dice, with a crew-clash card's or ability's modifier, never below 1."""
    return check_dice(leadership, modifier)


class LandBattle(Frozen):
    crew_lost: int
    crew: int
    killed: bool                    # crew at 0: the captain dies
    won: bool
    gold: int
    glory: int


def land_battle(cards: Sequence[CargoCard], crew: int, faces: Sequence[Face], ignored: int = 0,
                rich: int = raid.RICH_RAID) -> LandBattle:
    """Each escape icon costs 1 crew, less 1 per Leadership skull and less `ignored` (a card or
    specialist that ignores crew losses in a fight). Surviving wins the cards' plunder; `rich`
    gold or more earns 1 glory."""
    lost = min(crew, max(0, sum(1 for c in cards if c.icon == "escape") - skulls(faces) - ignored))
    won = crew - lost > 0
    gold = sum(c.plunder for c in cards) if won else 0
    return LandBattle(crew_lost=lost, crew=crew - lost, killed=not won, won=won, gold=gold,
                      glory=1 if gold >= rich else 0)


def keep_goods(battle: LandBattle, cargo: Sequence[CargoCard], cards: Sequence[CargoCard], keeping: Sequence[str],
               hold: int) -> tuple[list[CargoCard], list[CargoCard]]:
    """After a win, take aboard any of the cards left that fit the hold: (cargo, discarded)."""
    if not battle.won:
        raise IllegalActionError("Only a won raid lets you take the location's goods.")
    return raid.keep_plunder(cargo, cards, keeping, hold)


# ---- Glory cards and abilities (MM-M9-26, -31 to -33) ----
def card_usable(roll: Roll | None, step: Step) -> bool:
    """Whether a glory card or ability for `roll` (None: the whole fight) may be used at `step`."""
    if roll is None:
        return True
    return roll == "crew_clash" and step == "land_battle"
