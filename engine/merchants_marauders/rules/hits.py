"""Hit locations and the special weapons of naval combat (base reconstruction 6.2 steps 4 and 6,
Seas of Glory Module 2): where each hit lands, chain shot and grapeshot, incendiary shot and the
fire it starts, double shot's doubling and even spread, spikes' penalty, and which weapons a side
may spend together in one round.

A shooter rolls one location die per hit (the engine rolls; the faces come in): 1 Cargo, 2 Masts,
3 Crew, 4 Cannons, a skull the Hull. A location with no points left passes its hits on to the
Hull [design].
`locate` turns one volley's faces into the points each location of the target loses; it reads
the target as it stood before the round, because both volleys are applied together
(rules/combat.py finish_round). Where the target's captain chooses (double shot's remainder, the
zone that burns), the choice is a parameter, and `default_remainder` / `default_burn_zone` give
what a bot or a missed deadline picks."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.combat import Contest, Fighter, Role, other, skulls
from engine.merchants_marauders.vocab import HIT_LOCATIONS, LOCATION_OF_FACE, Face, HitLocation, Order, Skill, Weapon

ShotKind = Literal["chain_shot", "grapeshot", "incendiary_shot", "double_shot"]
SHOT_KINDS: tuple[ShotKind, ...] = get_args(ShotKind)
BOARDING_WEAPONS: frozenset[Weapon] = frozenset({"boarding_hooks", "spikes"})
SKULL_TARGET: dict[ShotKind, HitLocation] = {"chain_shot": "masts", "grapeshot": "crew"}
DOUBLED_AT_MOST = 2         # MM-M2-12: double shot doubles no more than two skulls
# What a bot (or a deadline) gives up first when it must pick where damage lands: the hull last,
# then the location with the most points left, ties in this order (losing cargo costs a card,
# cannons and masts cost firepower and orders, crew costs boarding and the clash).
GIVE_UP_ORDER: tuple[HitLocation, ...] = ("cargo", "cannons", "masts", "crew", "hull")

Hits = dict[HitLocation, int]


class Volley(BaseModel):
    """One shooter's damage to its target: points lost per location (redirects made) and whether
    the target catches fire (incendiary shot)."""
    model_config = ConfigDict(frozen=True)
    hits: Hits
    ignites: bool = False


def _strike(work: dict[HitLocation, int], hits: Hits, loc: HitLocation) -> None:
    """Land one hit on `loc`, or on the hull when `loc` is already at 0 (6.2 step 4)."""
    if work[loc] == 0:
        loc = "hull"
    if work[loc] > 0:           # a sunk hull takes no more: the ship is gone
        work[loc] -= 1
        hits[loc] = hits.get(loc, 0) + 1


def _numbered(faces: Sequence[Face]) -> list[HitLocation]:
    return [LOCATION_OF_FACE[f] for f in faces if f != "skull"]


def locate(target: Fighter, faces: Sequence[Face], shot: ShotKind | None = None,
           remainder: Sequence[HitLocation] | None = None) -> Volley:
    """The damage one volley of location dice deals to `target`, with the shot kind the shooter
    spent after seeing the dice. No shot: every face lands where it points. Chain shot sends the
    skulls to the masts, grapeshot to the crew. Incendiary: the skulls do nothing and the target
    catches fire (MM-M2-05..07). Double shot: see `double_shot` (MM-M2-12..17)."""
    if shot in ("incendiary_shot", "double_shot") and not skulls(faces):
        raise IllegalActionError(f"{shot.replace('_', ' ').capitalize()} needs at least one skull on the location dice.")
    if shot == "double_shot":
        return Volley(hits=double_shot(target, faces, remainder))
    work, hits = dict(target.points), Hits()
    for loc in _numbered(faces):
        _strike(work, hits, loc)
    if shot == "incendiary_shot":
        return Volley(hits=hits, ignites=True)
    skull_loc: HitLocation = SKULL_TARGET.get(shot, "hull") if shot else "hull"
    for _ in range(skulls(faces)):
        _strike(work, hits, skull_loc)
    return Volley(hits=hits)


# ---- double shot ----
class Remainder(BaseModel):
    """The choice double shot leaves the target: `count` hits to put on different `zones`."""
    model_config = ConfigDict(frozen=True)
    count: int
    zones: tuple[HitLocation, ...]


def doubled_skulls(faces: Sequence[Face]) -> int:
    """Skull hits a double shot deals: every skull, plus one more for each of at most 2 of them
    (one skull gives 2, two give 4, three give 5). Reading of MM-M2-13: the cap is 2, and a single
    skull is enough to spend the shot."""
    n = skulls(faces)
    return n + min(n, DOUBLED_AT_MOST)


def _available(work: Mapping[HitLocation, int]) -> tuple[HitLocation, ...]:
    return tuple(loc for loc in HIT_LOCATIONS if work[loc] > 0)


def _full_passes(target: Fighter, faces: Sequence[Face]) -> tuple[dict[HitLocation, int], Hits, int]:
    """Numbered hits first, then as many whole passes of one skull hit per standing location as
    the skulls allow; returns the working points, the hits so far and the skull hits left over."""
    work, hits = dict(target.points), Hits()
    for loc in _numbered(faces):
        _strike(work, hits, loc)
    left = doubled_skulls(faces)
    while left and (zones := _available(work)) and left >= len(zones):
        for loc in zones:
            _strike(work, hits, loc)
        left -= len(zones)
    return work, hits, left if _available(work) else 0


def double_shot_remainder(target: Fighter, faces: Sequence[Face]) -> Remainder:
    """What the target must choose after the whole passes: how many hits are left (fewer than the
    locations still standing) and which locations they may go to, one each."""
    work, _, left = _full_passes(target, faces)
    return Remainder(count=left, zones=_available(work) if left else ())


def double_shot(target: Fighter, faces: Sequence[Face], remainder: Sequence[HitLocation] | None = None) -> Hits:
    """Double shot's damage (MM-M2-12..17): the numbered faces land first; then every skull hit,
    doubled ones included, is spread round by round over the locations not at 0, one each per
    round, so no location takes a second before every standing one took one. The last, partial
    round goes to the distinct locations the target's captain names in `remainder`; None means
    `default_remainder` chooses. No skull: refused (nothing to double)."""
    if not skulls(faces):
        raise IllegalActionError("Double shot needs at least one skull on the location dice.")
    work, hits, left = _full_passes(target, faces)
    if not left:
        return hits
    zones = _available(work)
    pick = list(remainder) if remainder is not None else default_remainder(work, zones, left)
    if len(pick) != left or len(set(pick)) != left or not set(pick) <= set(zones):
        raise IllegalActionError(f"Choose {left} different locations among {', '.join(zones)} for the last hits.")
    for loc in pick:
        _strike(work, hits, loc)
    return hits


def _give_up_rank(points: Mapping[HitLocation, int], loc: HitLocation) -> tuple[bool, int, int]:
    return (loc == "hull", -points[loc], GIVE_UP_ORDER.index(loc))


def default_remainder(points: Mapping[HitLocation, int], zones: Iterable[HitLocation], count: int) -> list[HitLocation]:
    """The default choice for double shot's last hits (a bot's, or a missed deadline's): spare the
    hull while another location can take the hit, then put the hits where the most points are
    left, ties broken cargo, cannons, masts, crew."""
    return sorted(zones, key=lambda loc: _give_up_rank(points, loc))[:count]


# ---- incendiary shot: the fire ----
def default_burn_zone(f: Fighter) -> HitLocation:
    """The default zone a burning ship's captain picks (a bot's, or a missed deadline's): as for
    `default_remainder`, the location with the most points left, the hull last (a zone at 0 is
    never picked: its damage would reach the hull anyway)."""
    standing = _available(f.points) or ("hull",)
    return min(standing, key=lambda loc: _give_up_rank(f.points, loc))


def burn(f: Fighter, zone: HitLocation | None = None) -> Hits:
    """Before each round after the one it caught fire, a burning ship loses 1 point in the zone its
    own captain picks (MM-M2-08; for an NPC, the player running it in combat); None means
    `default_burn_zone`. Reading of MM-M2-10: any location may be named, and one already at 0
    passes the damage to the hull as every hit does. Not burning: nothing."""
    if not f.burning:
        return {}
    hits = Hits()
    _strike(dict(f.points), hits, zone if zone is not None else default_burn_zone(f))
    return hits


def ignite(f: Fighter) -> Fighter:
    """The target of an incendiary volley catches fire (MM-M2-07). Reading of MM-M2-10: the spent
    token itself marks the burning ship (here the `burning` flag) and goes back when the fire ends."""
    return f.model_copy(update={"burning": True})


def extinguish(f: Fighter) -> Fighter:
    """The fire goes out at the start of a crew clash, or with the end of the combat (MM-M2-09)."""
    return f.model_copy(update={"burning": False})


# ---- which weapons, and spending them ----
def check_weapons(f: Fighter, order: Order, used: Iterable[Weapon]) -> None:
    """Raise IllegalActionError unless one side may spend `used` together this round: tokens it
    carries; the shot kinds only when it shot, and no more than one of them (MM-M2-25, so double
    shot never joins another: MM-M2-16); boarding hooks and spikes only when it declared Board,
    and together if it likes (MM-M2-24)."""
    used = set(used)
    if missing := sorted(used - f.weapons):
        raise IllegalActionError(f"You carry no {', '.join(w.replace('_', ' ') for w in missing)}.")
    shots = sorted(used & set(SHOT_KINDS))
    if len(shots) > 1:
        raise IllegalActionError("Only one kind of shot may be used in a combat round.")
    if shots and order != "shoot":
        raise IllegalActionError(f"{shots[0].replace('_', ' ').capitalize()} only works when you shoot.")
    if used & BOARDING_WEAPONS and order != "board":
        raise IllegalActionError("Boarding hooks and spikes only work when you board.")


def spend(f: Fighter, used: Iterable[Weapon]) -> Fighter:
    """The ship after spending tokens: each one used is discarded."""
    return f.model_copy(update={"weapons": f.weapons - frozenset(used)})


class Penalty(BaseModel):
    """A die fewer for `role` on `skill` in the next round only (never below 1 die: combat.check_dice)."""
    model_config = ConfigDict(frozen=True)
    role: Role
    skill: Skill


def spikes_penalty(spiker: Role, c: Contest, clash_begins: bool) -> Penalty:
    """Spikes, spent after the contest of a round where `spiker` declared Board, won or lost
    (MM-M2-20..23): the enemy loses a Leadership die in the clash's first round when the spiker won
    and the clash begins; otherwise (lost, no winner, or a won boarding that did not lead to a
    clash) a Seamanship die in the next combat round."""
    skill: Skill = "leadership" if c.winner == spiker and clash_begins else "seamanship"
    return Penalty(role=other(spiker), skill=skill)
