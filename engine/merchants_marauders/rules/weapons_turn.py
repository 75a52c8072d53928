"""Seas of Glory Module 2 in the fight (the pure rules are hits.py): the fire an incendiary shot
starts, double shot's last hits spread by the target, spikes spent after a boarding contest, and
the six weapon kinds at the shipyard. fight.py calls these hooks at its steps; each does nothing
unless the module's tokens are aboard, so the base game plays as before.

- Fire (MM-M2-07..10): the target of an incendiary volley burns from the next round on. Before
  each later round's orders, its side's decider (its captain; for an NPC, the player running it)
  names the location that loses 1 point (`BurnPrompt`); nobody to ask: `hits.default_burn_zone`.
  A crew clash puts the fire out; the fight's end does too (the record goes).
- Double shot (MM-M2-12..17): after the shots are chosen, the target's decider spreads the last
  hits that do not make a whole pass over its standing locations (`SpreadPrompt`, one location
  a pick); nobody to ask: `hits.default_remainder`.
- Spikes (MM-M2-20..24): once the contest's card windows are over, a side that ordered board and
  carries spikes may spend them (`SpikesPrompt`). Its effect is known when the round ends
  (hits.spikes_penalty: a Leadership die in the clash's first round, else a Seamanship die in
  the next round) and is used up there."""
from __future__ import annotations

from typing import Any, cast

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules import hits as H
from engine.merchants_marauders.rules.common import say
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import HIT_LOCATIONS, HitLocation

SPIKES = "spikes"


def weapon_kinds(s: State) -> dict[str, Any]:
    """The weapon kinds a shipyard sells: the base three, all six with Module 2 (MM-M2-02)."""
    kinds = defs().all_weapons() if s.options.get("module_2") else defs().weapons.weapons
    return {str(k): v for k, v in kinds.items()}


# ---- fire (before the orders of each round after it caught) ----
def _fighter(s: State, role: C.Role) -> C.Fighter:
    from engine.merchants_marauders.rules.fight import side_fighter
    return side_fighter(s, role).model_copy(update={"burning": True})


def fire(s: State, ev: Events) -> bool:
    """Burn the next side due to burn this round; True when it waits on a prompt or the fire
    ended the fight (the orders wait)."""
    from engine.merchants_marauders.rules.fight import decider
    f = s.fight
    assert f is not None
    for role in C.ROLES:
        lit = f.fire.get(role)
        if lit is None or lit >= f.round_no:
            continue
        seat = decider(s, role)
        if seat is None:
            burn(s, role, H.default_burn_zone(_fighter(s, role)), ev)
            if f.step != "orders":
                return True
            continue
        s.stack.append(P.BurnPrompt(seats=[seat], role=role))
        return True
    return False


def burn(s: State, role: C.Role, zone: HitLocation, ev: Events) -> None:
    """The burning side loses 1 point at `zone` (at 0: the hull); a ship the fire sinks ends the
    fight with its enemy the victor."""
    from engine.merchants_marauders.rules.fight import _cargo_losses, loser, set_points, side_name
    f = s.fight
    assert f is not None
    f.fire[role] = f.round_no
    target = _fighter(s, role)
    hits = H.burn(target, zone)
    set_points(s, role, C.take_hits(target, hits).points)
    _cargo_losses(s, role, hits.get("cargo", 0))
    say(ev, f"{side_name(s, role)} burns: " + ", ".join(hits))
    if C.take_hits(target, hits).sunk:
        f.victor, f.step = C.other(role), "aftermath"
        say(ev, f"{side_name(s, role)} sinks")
        loser(s, role)


def choose_burn(s: State, pr: P.BurnPrompt, zone: HitLocation, ev: Events) -> None:
    s.stack.pop()
    burn(s, pr.role, zone, ev)


def extinguish(s: State, ev: Events) -> None:
    """A crew clash begins: every fire goes out (MM-M2-09)."""
    assert s.fight is not None
    if s.fight.fire:
        say(ev, "The fire goes out")
    s.fight.fire = {}


def ignite(s: State, role: C.Role, ev: Events) -> None:
    """`role` was hit by an incendiary volley this round: it burns from the next round on."""
    from engine.merchants_marauders.rules.fight import side_name
    assert s.fight is not None
    if role not in s.fight.fire:
        s.fight.fire[role] = s.fight.round_no
        say(ev, f"{side_name(s, role)} catches fire")


# ---- double shot's last hits ----
def spread(s: State) -> bool:
    """Ask the target of a double shot where its last hits go; True while a prompt waits."""
    from engine.merchants_marauders.rules.fight import decider, side_fighter
    f = s.fight
    assert f is not None
    for shooter, shot in f.shots.items():
        if shot != "double_shot" or shooter in f.spread:
            continue
        target = C.other(shooter)
        rest = H.double_shot_remainder(side_fighter(s, target), f.dice[shooter])
        seat = decider(s, target)
        if not rest.count or seat is None:
            f.spread[shooter] = []
            continue
        s.stack.append(P.SpreadPrompt(seats=[seat], shooter=shooter, count=rest.count, zones=list(rest.zones)))
        return True
    return False


def remainder(s: State, shooter: C.Role) -> list[HitLocation] | None:
    """The target's picks for double shot's last hits, None for the default."""
    assert s.fight is not None
    picked = s.fight.spread.get(shooter)
    return list(picked) if picked else None


def choose_spread(s: State, pr: P.SpreadPrompt, zone: HitLocation) -> None:
    assert s.fight is not None
    pr.picked.append(zone)
    if len(pr.picked) == pr.count:
        s.stack.pop()
        s.fight.spread[pr.shooter] = cast(list[HitLocation], list(pr.picked))


def default_hit(s: State, seat: int, pr: P.BurnPrompt | P.SpreadPrompt) -> Any:
    from engine.merchants_marauders.rules.fight import side_fighter
    assert s.fight is not None
    if isinstance(pr, P.BurnPrompt):
        return action(A.Hit, location=H.default_burn_zone(_fighter(s, pr.role)))
    target = side_fighter(s, C.other(pr.shooter))
    free = cast(list[HitLocation], [z for z in pr.zones if z not in pr.picked])
    return action(A.Hit, location=H.default_remainder(target.points, free, 1)[0])


def burn_options() -> list[Any]:
    """Reading of MM-M2-10: any location may be named (one at 0 passes the point to the hull)."""
    return [action(A.Hit, location=loc) for loc in HIT_LOCATIONS]


# ---- spikes ----
def spikes(s: State) -> bool:
    """After the contest's windows: offer spikes to each side that ordered board and carries
    them; True while a prompt waits."""
    f = s.fight
    assert f is not None
    for role in C.ROLES:
        seat = f.sides[role].seat
        if role in f.spikes_asked or seat is None:
            continue
        f.spikes_asked.append(role)
        if f.declared.get(role) in ("board", "hooks") and SPIKES in s.players[seat].ship.weapons:
            s.stack.append(P.SpikesPrompt(seats=[seat], role=role))
            return True
    return False


def choose_spikes(s: State, seat: int, pr: P.SpikesPrompt, spend: bool, ev: Events) -> None:
    from engine.merchants_marauders.rules.common import name
    assert s.fight is not None
    s.stack.pop()
    if spend:
        s.players[seat].ship.weapons.remove(SPIKES)  # type: ignore[arg-type]
        s.fight.spiked.append(pr.role)
        say(ev, f"{name(s, seat)} uses spikes")


def after_round(s: State, c: C.Contest, clash_begins: bool) -> None:
    """The round is over: the spikes spent in it set next round's (or the clash's) penalty, and
    this round's spikes penalty is used up."""
    f = s.fight
    assert f is not None
    f.penalty = {}
    for role in f.spiked:
        p = H.spikes_penalty(role, c, clash_begins)
        f.penalty[p.role] = p.skill
    f.spiked, f.spikes_asked, f.spread = [], [], {}


def penalty(s: State, role: C.Role, skill: str) -> int:
    """The die spikes take from `role` on `skill` this round (the modifier to its pool)."""
    assert s.fight is not None
    return -1 if s.fight.penalty.get(role) == skill else 0
