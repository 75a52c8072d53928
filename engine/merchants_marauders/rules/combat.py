"""Naval combat (base reconstruction 6.2, with Seas of Glory Modules 2 and 3): the orders a captain
may declare, the Seamanship contest, what each order does once the contest is decided, applying
both sides' hits together, the effects of a location at 0, and who is the victor.

A fight has two sides, the aggressor (who scouted) and the defender. Each is a `Fighter`: the
ship's current points per hit location plus what the rules read from the captain and the ship.
Dice are inputs (lists of faces), never rolled here, so the engine and the tests give exact rolls.
Where the hits land is rules/hits.py; the crew clash that a boarding starts is rules/crew_clash.py.

One round, as the engine runs it:
  1. a burning ship takes its fire damage (hits.burn, then `fire_damage`) and may sink first;
  2. `legal_orders` for each side, then both orders sealed and revealed;
  3. `contest_dice` for each side, the engine rolls, `contest` decides the winner;
  4. `hits_dealt` per shooter, the engine rolls that many location dice, hits.locate per volley;
  5. `finish_round` applies both volleys together and says how the round ends."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.vocab import HIT_LOCATIONS, Face, HitLocation, Order, Weapon

Role = Literal["aggressor", "defender"]
ROLES: tuple[Role, ...] = get_args(Role)
Ending = Literal["continues", "sunk", "fled", "clash"]
GLORY_FOR_VICTORY = 1       # 6.3: sinking the enemy or winning the clash is worth 1 glory
MANOEUVRE_EDGE = 2          # 6.2 step 2: this much more manoeuvrability earns an extra die


def other(role: Role) -> Role:
    return "defender" if role == "aggressor" else "aggressor"


class Fighter(BaseModel):
    """One side of a naval combat. `points` holds every hit location's current value (the cargo
    value is also the hold size); `manoeuvre` is the ship's value with any modification counted;
    `seamanship` and `leadership` are the captain's skills (an NPC's come from its event card)."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    points: dict[HitLocation, int]
    manoeuvre: int = Field(ge=0)
    seamanship: int = Field(ge=0)
    leadership: int = Field(ge=0)
    npc: bool = False
    weapons: frozenset[Weapon] = frozenset()      # special-weapon tokens aboard, one of each kind
    cleaned_hull: bool = False                     # Module 3 modification
    burning: bool = False                          # Module 2: an incendiary token lies on the ship

    @model_validator(mode="after")
    def _every_location_once(self) -> Fighter:
        if set(self.points) != set(HIT_LOCATIONS):
            raise ValueError(f"points must name every hit location ({', '.join(HIT_LOCATIONS)})")
        if any(v < 0 for v in self.points.values()):
            raise ValueError("a hit location cannot go below 0")
        return self

    def at(self, loc: HitLocation) -> int:
        return self.points[loc]

    def with_points(self, **changes: int) -> Fighter:
        return self.model_copy(update={"points": {**self.points, **changes}})

    @property
    def sunk(self) -> bool:
        return self.points["hull"] == 0


# ---- 5: skill checks ----
def skulls(faces: Sequence[Face]) -> int:
    """A check's successes: every skull face counts one (5: each skull is a success)."""
    return sum(1 for f in faces if f == "skull")


def check_dice(skill: int, modifier: int = 0) -> int:
    """Dice rolled for a check: the skill plus any modifiers, never below 1 die (5; SoG's
    penalties all say so too)."""
    return max(1, skill + modifier)


# ---- 6.2 step 1: declare ----
def legal_orders(f: Fighter, round_no: int) -> tuple[Order, ...]:
    """The orders this side may declare in round `round_no` (from 1). Round 1 and a ship with its
    masts at 0 may only Shoot; boarding needs at least 1 crew; an NPC never flees (6.4)."""
    if round_no <= 1 or f.at("masts") == 0:
        return ("shoot",)
    orders: list[Order] = ["shoot"]
    if f.at("crew") > 0:
        orders.append("board")
    if not f.npc:
        orders.append("flee")
    return tuple(orders)


def check_order(f: Fighter, round_no: int, order: Order) -> None:
    """Raise IllegalActionError with the reason when `order` is not one `legal_orders` allows."""
    if order in legal_orders(f, round_no):
        return
    if round_no <= 1:
        raise IllegalActionError("In the first round of a naval combat both ships can only shoot.")
    if f.at("masts") == 0:
        raise IllegalActionError("Your masts are destroyed: the only order left is to shoot.")
    if order == "board":
        raise IllegalActionError("You have no crew left to board with; shoot or flee instead.")
    raise IllegalActionError("This ship is not allowed to flee; shoot or board instead.")


# ---- 6.2 step 2: the Seamanship contest ----
def contest_dice(me: Fighter, enemy: Fighter, flee_declared: bool = False, modifier: int = 0) -> int:
    """Seamanship dice for `me` in this round's contest. A ship with its masts at 0 starts from 1
    die instead of its captain's Seamanship; the other modifiers still count: +1 die for
    manoeuvrability at least 2 above the enemy's, -1 die when either side declared Flee and the
    enemy has a cleaned hull (MM-M3-04), and `modifier` (spikes' -1, cards). Never below 1 die."""
    base = 1 if me.at("masts") == 0 else me.seamanship
    bonus = 1 if me.manoeuvre >= enemy.manoeuvre + MANOEUVRE_EDGE else 0
    hull = -1 if flee_declared and enemy.cleaned_hull else 0
    return check_dice(base, bonus + hull + modifier)


class Contest(BaseModel):
    """The contest's outcome: each side's skulls (boarding hooks' extra one counted), each side's
    total of non-skull faces, and the winner or None."""
    model_config = ConfigDict(frozen=True)
    skulls: dict[Role, int]
    totals: dict[Role, int]
    winner: Role | None


def contest(faces: Mapping[Role, Sequence[Face]], hooks: frozenset[Role] = frozenset()) -> Contest:
    """Decide the Seamanship contest (6.2 step 2). The side with more skulls wins; with no skull on
    either side nobody wins; equal skulls go to the higher total of the non-skull faces, and an
    equal total means nobody wins. A side in `hooks` declared Board and spent boarding hooks: it
    counts 1 skull more (6.2 step 6)."""
    sk = {r: skulls(faces[r]) + (1 if r in hooks else 0) for r in ROLES}
    tot = {r: sum(f for f in faces[r] if f != "skull") for r in ROLES}
    a, d = ROLES
    winner: Role | None = None
    if sk[a] != sk[d]:
        winner = a if sk[a] > sk[d] else d
    elif sk[a] > 0 and tot[a] != tot[d]:
        winner = a if tot[a] > tot[d] else d
    return Contest(skulls=sk, totals=tot, winner=winner)


# ---- 6.2 step 3: resolve ----
def hits_dealt(order: Order, role: Role, c: Contest, cannons: int) -> int:
    """How many hits `role` deals this round: 0 unless it shot; the contest's winner hits once per
    cannon it has now, any other shooter once per skull it rolled, never more than its cannons
    (cannons at 0 deal nothing)."""
    if order != "shoot":
        return 0
    return cannons if c.winner == role else min(c.skulls[role], cannons)


def fled(orders: Mapping[Role, Order], c: Contest) -> bool:
    """Does a flight end the combat? A fleeing side escapes only by winning while the enemy showed
    no skull (the hooks' extra skull counts: grappling holds a fleeing ship). When both sides
    fled, whichever wins ends it [design]."""
    w = c.winner
    if w is None or orders[w] != "flee":
        return False
    return orders[other(w)] == "flee" or c.skulls[other(w)] == 0


def boarder(orders: Mapping[Role, Order], c: Contest) -> Role | None:
    """The side that boards this round: the contest's winner if it declared Board."""
    w = c.winner
    return w if w is not None and orders[w] == "board" else None


class RoundEnd(BaseModel):
    """How a round ended. `fighters` are both sides after the hits; `sunk` lists sunk sides; a
    clash names the `boarder`; the `victor` is set only when one side sank and the other did not
    (a clash's victor comes from rules/crew_clash.py)."""
    model_config = ConfigDict(frozen=True)
    fighters: dict[Role, Fighter]
    ending: Ending
    sunk: tuple[Role, ...] = ()
    boarder: Role | None = None
    victor: Role | None = None


def fire_damage(fighters: Mapping[Role, Fighter], fire: Mapping[Role, Mapping[HitLocation, int]]) -> RoundEnd:
    """Before a round: the burning ships take their fire damage (hits.burn works out where). A ship
    the fire sinks ends the combat and its enemy, who set it alight, is victor; both sunk, nobody."""
    after = {r: take_hits(fighters[r], fire.get(r, {})) for r in ROLES}
    sunk = tuple(r for r in ROLES if after[r].sunk)
    if not sunk:
        return RoundEnd(fighters=after, ending="continues")
    return RoundEnd(fighters=after, ending="sunk", sunk=sunk, victor=other(sunk[0]) if len(sunk) == 1 else None)


def finish_round(fighters: Mapping[Role, Fighter], orders: Mapping[Role, Order], c: Contest,
                 hits_on: Mapping[Role, Mapping[HitLocation, int]]) -> RoundEnd:
    """Apply both volleys together and end the round (6.2 steps 3-5). `hits_on[r]` is the damage
    side `r` takes, per location, as hits.locate worked it out (redirects already made). A side at
    hull 0 sinks and its captain dies; if both sink nobody is victor [design]. A winner that
    boarded goes to the crew clash unless the enemy's shots sank it (it dies) or left it without
    crew (the combat goes on). A flight that succeeded ends the combat with no victor."""
    after = {r: take_hits(fighters[r], hits_on.get(r, {})) for r in ROLES}
    sunk = tuple(r for r in ROLES if after[r].sunk)
    if sunk:
        victor = other(sunk[0]) if len(sunk) == 1 else None
        return RoundEnd(fighters=after, ending="sunk", sunk=sunk, victor=victor)
    b = boarder(orders, c)
    if b is not None:
        if after[b].at("crew") == 0:
            return RoundEnd(fighters=after, ending="continues")
        return RoundEnd(fighters=after, ending="clash", boarder=b)
    return RoundEnd(fighters=after, ending="fled" if fled(orders, c) else "continues")


# ---- 6.2 steps 4-5: damage and its effects ----
def take_hits(f: Fighter, hits: Mapping[HitLocation, int]) -> Fighter:
    """Lower each location by its hits, stopping at 0 (hits.locate has already sent the hits that
    found a location at 0 on to the hull)."""
    if not hits:
        return f
    return f.with_points(**{loc: max(0, f.at(loc) - hits.get(loc, 0)) for loc in HIT_LOCATIONS})


def cargo_cards_lost(cards_held: int, cargo_hits: int, cargo_left: int) -> int:
    """Cargo cards to discard at random after Cargo hits (6.2 step 5): one per hit, and every card
    once the cargo location is at 0."""
    return cards_held if cargo_left == 0 else min(cards_held, cargo_hits)


def destroyed(f: Fighter) -> tuple[HitLocation, ...]:
    """The locations at 0, in the board's order. Hull: sunk. Masts: Shoot only, 1 contest die and
    at most 1 Move a turn. Crew: no boarding, a boarded ship loses the clash. Cannons: shooting
    hits nothing. Cargo: every card gone. Any of them: no merchant raids."""
    return tuple(loc for loc in HIT_LOCATIONS if f.at(loc) == 0)


def may_raid(f: Fighter) -> bool:
    """A merchant raid needs every hit location above 0 (6.1, 6.2 step 5)."""
    return not destroyed(f)


def moves_allowed(masts: int, moves: int) -> int:
    """Moves a captain may make this turn: with the masts at 0 at most 1 [design]."""
    return min(moves, 1) if masts == 0 else moves


def glory_for(role: Role, victor: Role | None) -> int:
    """Glory `role` gains from the fight's end: 1 for the victor, none otherwise (a flight, both
    ships sunk, or the loser) (6.3)."""
    return GLORY_FOR_VICTORY if role == victor else 0
