"""C) INVADE: play a card and place pirates from the active space in regions next to the ship
that fly its flag, no more than the matching flags in the crew area (and on the player board);
the captain takes one flag and counts as 2 for strength. Each region invaded gets its action:
beaches DIG FOR TREASURE, villages PLUNDER, harbors RAID AND TRADE (pass the trading ship by
swords or by delivering a crate), hideouts need their maps and swords.
Pirate strength is every pirate of the colour in the region after landing."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.actions import Dig, Land, action
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.board import region, regions_at, strength
from engine.scoundrel_bay.rules.cards import card_def, crew_flags
from engine.scoundrel_bay.rules.common import me, name, plural, say
from engine.scoundrel_bay.rules.effects import queue, reward_text
from engine.scoundrel_bay.rules.tracks import can_pay, spend
from engine.scoundrel_bay.state import Invasion

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def capacity(s: State, seat: int, card: str) -> int:
    return crew_flags(s, seat, card_def(card).flag)


def landings(s: State, seat: int, flag: str, left: int, done: list[str]) -> list[Land]:
    """Every landing the seat may make with `left` flags of `flag` to spend."""
    p = me(s, seat)
    captain_ok = p.crew_space.captain == "active"
    out = []
    for rid in regions_at(p.ship):
        r = region(rid)
        if r.flag != flag or rid in done or not hideout_open(s, seat, rid):
            continue
        for captain in ((False, True) if captain_ok else (False,)):
            flags_for_captain = defs().rules.captain.flags if captain else 0
            for k in range(0, min(p.crew_space.active, left - flags_for_captain) + 1):
                if k + int(captain) == 0:
                    continue
                after = strength(s, seat, rid) + k + (defs().rules.captain.strength if captain else 0)
                if r.kind == "harbor" and not (raids(s, seat, rid) or deliverable(s, seat, after)):
                    continue
                out.append(action(Land, region=rid, pirates=k, captain=captain))
    return out


def can_invade_with(s: State, seat: int, card: str) -> bool:
    return bool(landings(s, seat, card_def(card).flag, capacity(s, seat, card), []))


def hideout_open(s: State, seat: int, rid: str) -> bool:
    """INVADING HIDEOUTS: spend the maps shown and have the swords shown."""
    from engine.scoundrel_bay.rules.captains import hideout_swords
    r, p = region(rid), me(s, seat)
    if r.kind != "hideout":
        return True
    return p.tools["sword"] >= hideout_swords(s, seat, rid) and can_pay(dict(p.resources), "map", r.maps)


def raids(s: State, seat: int, rid: str) -> bool:
    ship = region(rid).ship
    return ship is not None and me(s, seat).tools["sword"] >= ship.swords


def deliverable(s: State, seat: int, strength_left: int) -> list[str]:
    """Crates that would get the pirates past the trading ship (Light Cargo: any crate needs 1)."""
    return [c for c in me(s, seat).undelivered if crate_strength(s, seat, c) <= strength_left]


def begin(s: State, seat: int, card: str) -> None:
    s.turn.invasion = Invasion(flag=card_def(card).flag, capacity=capacity(s, seat, card))


def land(s: State, seat: int, a: Land, ev: list[Event]) -> None:
    from engine.scoundrel_bay import prompts as P
    from engine.scoundrel_bay.rules.captains import ability, captain_invaded, hideout_invaded
    inv, p, r = s.turn.invasion, me(s, seat), region(a.region)
    assert inv is not None
    veteran = ability(s, seat, "hideout-veteran")
    inv.capacity -= a.pirates + (defs().rules.captain.flags if a.captain else 0)
    inv.invaded.append(a.region)
    p.crew_space.active -= a.pirates
    s.regions[a.region].pirates[seat] = s.regions[a.region].pirates.get(seat, 0) + a.pirates
    if a.captain:
        p.crew_space.captain, p.captain_at = "away", a.region
    if r.kind == "hideout":
        spend(p.resources, "map", r.maps)
    who = plural(a.pirates, "pirate") + (" and the captain" if a.captain else "")
    say(s, ev, f"{name(seat)} invades {r.name} with {who} (strength {strength(s, seat, a.region)}).")
    if a.captain:
        captain_invaded(s, seat, ev)
    if r.kind == "beach" and digs(s, seat, a.region):
        s.stack.append(P.DigPrompt(seats=[seat], region=a.region))
    elif r.kind == "village" and plunderable(s, seat, a.region, 0):
        s.stack.append(P.PlunderPrompt(seats=[seat], region=a.region))
    elif r.kind == "harbor":
        # Entering pays the trading ship's reward before any trade, also when a delivery (then
        # compulsory) is what gets the pirates past it.
        raided = raids(s, seat, a.region)
        s.stack.append(P.HarborPrompt(seats=[seat], region=a.region, passed=raided))
        pass_ship(s, seat, a.region, ev, "raids" if raided else "delivers its way")
    elif r.kind == "hideout":
        hideout_invaded(s, seat, ev, veteran)


# ---- dig for treasure (beaches) -------------------------------------------------------------

def treasures_by_type(s: State, rid: str) -> dict[int, int]:
    r = region(rid)
    count: dict[int, int] = {}
    for t, stack in zip(r.treasure_spaces, s.regions[rid].treasures, strict=True):
        count[t] = count.get(t, 0) + len(stack)
    return count


def treasure_strength(s: State, seat: int, t: int) -> int:
    """A treasure's pirate symbols are its type; an upgrade takes 1 off types 2 and 3."""
    from engine.scoundrel_bay.rules.milestones import has_upgrade
    return t - 1 if t > 1 and has_upgrade(s, seat, "dig-discount") else t


def digs(s: State, seat: int, rid: str) -> list[Dig]:
    """Sets of treasures the seat can dig: 1 map each, strength for all their pirate symbols."""
    have, p = treasures_by_type(s, rid), me(s, seat)
    power, out = strength(s, seat, rid), []
    maps = p.resources["map"] + p.resources["ring"]
    pool = [t for t, n in sorted(have.items()) for _ in range(n)]
    for k in range(1, min(len(pool), maps) + 1):
        for combo in sorted(set(combinations_with_replacement(sorted(set(pool)), k))):
            if all(combo.count(t) <= have[t] for t in combo) and sum(treasure_strength(s, seat, t) for t in combo) <= power:
                out.append(action(Dig, types=combo))
    return out


def dig(s: State, seat: int, rid: str, types: tuple[int, ...], ev: list[Event]) -> None:
    p, r = me(s, seat), region(rid)
    spend(p.resources, "map", len(types))
    for t in types:
        stack = next(st for tt, st in zip(r.treasure_spaces, s.regions[rid].treasures, strict=True) if tt == t and st)
        tile = stack.pop()
        tile.turn_over()
        s.reveals += 1
        p.treasures.append(tile.id)
        rewards = defs().treasures.treasures[tile.id].rewards
        say(s, ev, f"{name(seat)} digs up a type-{t} treasure on {r.name}: {reward_text(rewards)}.")
        queue(s, seat, rewards, f"a type-{t} treasure")
    from engine.scoundrel_bay.rules.milestones import after_dig
    after_dig(s, seat, rid, len(types), ev)


# ---- plunder (villages) ---------------------------------------------------------------------

def plunderable(s: State, seat: int, rid: str, used: int) -> list[str]:
    left = strength(s, seat, rid) - used
    return [c for c in s.regions[rid].crates if c is not None and defs().crates.crates[c].pirates <= left]


def plunder(s: State, seat: int, rid: str, crate: str, ev: list[Event]) -> int:
    spaces = s.regions[rid].crates
    spaces[spaces.index(crate)] = None
    me(s, seat).undelivered.append(crate)
    say(s, ev, f"{name(seat)} plunders a type-{defs().crates.crates[crate].type} crate from {region(rid).name}.")
    from engine.scoundrel_bay.rules.milestones import after_plunder
    after_plunder(s, seat, ev)
    return defs().crates.crates[crate].pirates


def refill_crates(s: State, rid: str) -> None:
    """After plundering, each empty crate space takes the top crate of its type's stack."""
    r = region(rid)
    spaces = s.regions[rid].crates
    for i, t in enumerate(r.crate_spaces):
        if spaces[i] is None and s.crate_stacks[t]:
            spaces[i] = s.crate_stacks[t].pop()
            s.reveals += 1


# ---- raid and trade (harbors) ---------------------------------------------------------------

def pass_ship(s: State, seat: int, rid: str, ev: list[Event], how: str) -> None:
    ship = region(rid).ship
    assert ship is not None
    say(s, ev, f"{name(seat)} {how} past the trading ship of {region(rid).name}: {reward_text(ship.rewards)}.")
    queue(s, seat, ship.rewards, f"the trading ship of {region(rid).name}")


def delivery_doubloons(s: State, seat: int, rid: str, crate: str) -> int:
    """Full doubloons when the crate's letter is the harbor's, half (rounded down) otherwise."""
    from engine.scoundrel_bay.rules.milestones import has_upgrade
    c, r = defs().crates.crates[crate], region(rid)
    full = c.letter == r.letter or (r.letter is not None and has_upgrade(s, seat, "full-crate-value"))
    return c.doubloons if full else c.doubloons // 2


def crate_strength(s: State, seat: int, crate: str) -> int:
    from engine.scoundrel_bay.rules.milestones import has_upgrade
    return 1 if has_upgrade(s, seat, "crate-strength") else defs().crates.crates[crate].pirates


def deliveries(s: State, seat: int, rid: str, used: int) -> list[str]:
    left = strength(s, seat, rid) - used
    return [c for c in me(s, seat).undelivered if crate_strength(s, seat, c) <= left]


def deliver(s: State, seat: int, rid: str, crate: str, ev: list[Event]) -> int:
    p = me(s, seat)
    p.undelivered.remove(crate)
    p.delivered.append(crate)
    got = delivery_doubloons(s, seat, rid, crate)
    p.doubloons += got
    say(s, ev, f"{name(seat)} delivers a crate for {defs().crates.crates[crate].letter} in {region(rid).name}: {plural(got, 'doubloon')}.")
    from engine.scoundrel_bay.rules.captains import crate_delivered
    crate_delivered(s, seat, crate, ev)
    return crate_strength(s, seat, crate)


def trades(s: State, seat: int, rid: str, discount: int = 0) -> list[tuple[int, bool]]:
    """Market options the seat can pay for (food, a pirate ring standing in), with alternatives."""
    out = []
    for i, o in enumerate(region(rid).market):
        if can_pay(dict(me(s, seat).resources), "food", max(0, o.food - discount)):
            out.append((i, False))
            if o.alternative:
                out.append((i, True))
    return out


def trade(s: State, seat: int, rid: str, option: int, alternative: bool, ev: list[Event], discount: int = 0) -> None:
    o, p = region(rid).market[option], me(s, seat)
    spend(p.resources, "food", max(0, o.food - discount))
    rewards = o.alternative if alternative else o.rewards
    say(s, ev, f"{name(seat)} trades {max(0, o.food - discount)} food in the market of {region(rid).name} for {reward_text(rewards)}.")
    queue(s, seat, rewards, f"the market of {region(rid).name}")
