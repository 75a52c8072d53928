"""What the greedy bot reads off the board before it scores anything (policy.py): sailing
distances, the NPCs that would hunt its ship, how two ships compare in a fight, what a raid's
cards are worth, how much gold to stash, and where to head next. All of it from what the bot's
seat may see: its own ship, gold, stash and cards, and the public board.

Nothing here copies the state or looks ahead: each reading is a few sums over the zones and
NPCs, so the bot stays a one-step scorer (fast, and deterministic given its seed)."""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from pydantic import BaseModel

from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules.combat import Fighter
from engine.merchants_marauders.rules.common import (
    at_war,
    captain,
    cargo_card,
    closed,
    fighter,
    home_port,
    maxima,
    pirate,
)
from engine.merchants_marauders.rules.npc import Npc
from engine.merchants_marauders.state import Player, State
from engine.merchants_marauders.vocab import HitLocation, Zone

RESERVE = 6          # gold kept aboard after stashing: two goods to buy, or a repair or two
STASH_CAP = 50       # above this the stash gives no more glory (base 7.4: at most 5)
RICH_FOR_FRIGATE = 34  # a frigate (27 after the sloop's sale) and a reserve left over

MEMO: dict[tuple[str, int], Any] = {}
"""Readings already taken for the decision being scored (the state does not change while the
bot scores its options): policy.Greedy.choose clears it before each decision."""


@cache
def distances() -> dict[Zone, dict[Zone, int]]:
    """Moves between every pair of zones (the map is fixed: worked out once)."""
    zones = defs().map.zones
    out: dict[Zone, dict[Zone, int]] = {}
    for start in zones:
        seen, frontier, d = {start: 0}, [start], 0
        while frontier:
            d += 1
            frontier = [n for f in frontier for n in zones[f].neighbours if n not in seen]
            for n in frontier:
                seen.setdefault(n, d)
        out[start] = seen
    return out


def distance(a: Zone, b: Zone) -> int:
    return distances()[a].get(b, 9)


# ---- danger ----
def hunts(s: State, npc: Npc, p: Player) -> bool:
    """Would this NPC hunt this captain (base 6.4)? Pirates hunt honest captains; navies hunt
    pirates, and at war the enemy's captains too. The treasure galleon hunts no one."""
    if npc.side == "pirate":
        return not pirate(p)
    if npc.side != "navy":
        return False
    return pirate(p) or at_war(s, npc.nation, captain(p).nation)


def npc_fighter(npc: Npc) -> Fighter:
    """An NPC as it would come to a fight: its ship card whole, its card's skills."""
    sd = defs().all_ships()[npc.ship]
    points: dict[HitLocation, int] = {loc: getattr(sd, loc) for loc in ("hull", "masts", "crew", "cannons", "cargo")}
    return Fighter(points=points, manoeuvre=sd.manoeuvre, seamanship=npc.skills.seamanship,
                   leadership=npc.skills.leadership, npc=True)


def power(f: Fighter) -> float:
    """A rough worth in a gun fight: the hits it deals (cannons, helped by Seamanship to win the
    contest) times the hits it can take before the hull goes (hull, plus the other locations
    that soak up dice)."""
    p = f.points
    guns = p["cannons"] * (1.0 + 0.25 * f.seamanship)
    soak = p["hull"] * 1.5 + 0.25 * (p["masts"] + p["crew"] + p["cargo"] + p["cannons"])
    return guns * soak


def odds(me: Fighter, them: Fighter) -> float:
    """How much stronger `me` is: above 1, the better ship."""
    return power(me) / max(power(them), 0.1)


def threat(s: State, seat: int, zone: Zone, me: Fighter | None = None) -> float:
    """How dangerous it is to sail into `zone`: 1 for each NPC there that hunts this ship (it
    scouts for it on arrival, base 6.4) and would likely beat it. NPCs one move off are left out
    on purpose: steering wide of them, or waiting in port, cost more glory in test games than the
    fights they brought (docs/performance.md, Merchants & Marauders)."""
    p = s.players[seat]
    me = me or fighter(p)
    out = float(sum(1 for n in s.npcs.values()
                    if n.zone == zone and hunts(s, n, p) and odds(me, npc_fighter(n)) < 1.3))
    return out + (0.5 if zone == s.storm else 0.0)       # Module 8: the storm hits ships at sea


def hurt(p: Player) -> int:
    """Points of damage the ship carries (crew losses included)."""
    top = maxima(p)
    return sum(max(0, top[loc] - v) for loc, v in p.ship.points.items())


def fragile(p: Player) -> bool:
    """Too weak to go looking for trouble: the hull at 1 or any location at 0."""
    return p.ship.points["hull"] <= 1 or min(p.ship.points.values()) == 0


# ---- raids ----
Card = tuple[int, str]          # (plunder, icon) of a raid card, known or imagined
DECK_ICONS = (("blank", 24), ("escape", 16), ("hull", 6), ("masts", 5), ("crew", 5), ("cannons", 5), ("cargo", 3))
MEAN_PLUNDER = 3                # base cargo data: plunder 0-6, mean 3


class RaidValue(BaseModel):
    gold: int
    fails: bool
    sinks: bool


def raid_value(p: Player, cards: Iterable[Card]) -> RaidValue:
    """What the raid's cards would give if resolved now (base 6.1 step 4): damage icons hit the
    ship, and the raid fails when one location reaches 0 or the escapes match the manoeuvre."""
    cs = list(cards)
    hits: dict[str, int] = {}
    for _, icon in cs:
        hits[icon] = hits.get(icon, 0) + 1
    pts = p.ship.points
    broken = any(pts[loc] - n <= 0 for loc, n in hits.items() if loc in pts)
    sinks = pts["hull"] - hits.get("hull", 0) <= 0
    escapes = hits.get("escape", 0) >= max(1, fighter(p).manoeuvre)
    return RaidValue(gold=sum(g for g, _ in cs), fails=broken or escapes, sinks=sinks)


def raid_cards(ids: Iterable[str]) -> list[Card]:
    return [(cargo_card(c).plunder, cargo_card(c).icon) for c in ids]


def raid_score(p: Player, cards: list[Card]) -> float:
    """The worth of stopping with these cards: the gold (12 or more earns glory); a failed raid
    is a small loss, a sunk ship (the captain dies) a very large one."""
    v = raid_value(p, cards)
    if v.sinks:
        return -40.0
    if v.fails:
        return -4.0
    return v.gold + (6.0 if v.gold >= 12 else 0.0)


def draw_score(p: Player, cards: list[Card]) -> float:
    """The expected worth of one more card drawn blind, over the deck's mix of icons (then
    stopping): a draw is worth it only when the ship has room for one more bad icon."""
    total = sum(n for _, n in DECK_ICONS)
    return sum(n / total * raid_score(p, [*cards, (MEAN_PLUNDER, icon)]) for icon, n in DECK_ICONS)


# ---- gold ----
def stash_target(s: State, seat: int) -> int:
    """How much of the gold aboard to stash now: enough for every glory step it reaches, and all
    above the reserve while the stash still counts; none when stashing buys no glory and the
    gold is still needed to trade."""
    if ("stash", seat) in MEMO:
        cached: int = MEMO["stash", seat]
        return cached
    p = s.players[seat]
    god = bool(s.options.get("glory_or_death"))
    gold = p.ship.gold
    best, best_value = 0, 0.0
    for n in range(gold + 1):
        steps = G.stash_glory(p.stash + n, god) - G.stash_glory(p.stash, god)
        value = 10.0 * steps + (0.05 * n if p.stash + n <= STASH_CAP else 0.0) - (3.0 if gold - n < RESERVE else 0.0)
        if value > best_value:
            best, best_value = n, value
    MEMO["stash", seat] = best
    return best


def wants_home(s: State, seat: int) -> bool:
    p = s.players[seat]
    return stash_target(s, seat) >= 8 and not closed(s, seat, home_port(p))


# ---- where to go ----
def open_ports(s: State, seat: int) -> list[Zone]:
    if ("ports", seat) not in MEMO:
        MEMO["ports", seat] = [z for z, zs in s.zones.items() if zs.demand is not None and not closed(s, seat, z)]
    out: list[Zone] = MEMO["ports", seat]
    return out


def demand_ports(s: State, seat: int, good: str) -> list[Zone]:
    return [z for z in open_ports(s, seat) if s.zones[z].demand == good]


def goal(s: State, seat: int) -> Zone | None:
    """Where the bot heads, most pressing first: a port to mend a badly hurt ship, home with gold
    to stash, a rumour's or mission's target, the nearest port that demands a good aboard, the
    nearest port to buy in; None: roam for merchants to raid."""
    from engine.merchants_marauders.rules import missions_turn as MT
    p = s.players[seat]
    ports = open_ports(s, seat)

    def near(zs: list[Zone]) -> Zone | None:
        row = distances()[p.zone]
        return sorted(zs, key=lambda z: row.get(z, 9))[0] if zs else None

    if (fragile(p) or hurt(p) >= 3) and p.ship.gold >= 2:
        return near(ports)
    if wants_home(s, seat) or (p.ship.gold >= RICH_FOR_FRIGATE and p.ship.type in ("sloop", "flute")):
        return home_port(p) if not closed(s, seat, home_port(p)) else near(ports)
    if p.rumour is not None:
        return MT.rumour(p.rumour).target
    card = MT.held(s, seat)
    if card is not None and MT.mission(card).target is not None and MT.mission(card).kind != "delivery":
        return MT.mission(card).target
    goods = {cargo_card(c).good for c in p.ship.cargo}
    selling = [z for z in ports if s.zones[z].demand in goods]
    if selling:
        return near(selling)
    if len(p.ship.cargo) < 2 and p.ship.gold >= 4:
        return near([z for z in ports if z != p.zone or not p.in_port])
    return None
