"""The first greedy bot of Merchants & Marauders, kept as `greedy-v1` so the bot benchmark shows
that the current one (policy.py) beats it. It scores each legal decision from what its own seat
may see (its ship, gold, stash and glory cards, the public board).

What it does: buys goods the other ports demand and sells demand goods, stashes its gold at home,
repairs, chases rumours, buys a frigate when rich. It never raids: its "whole ship" test wants
every location at 2 or more, and a sloop or flute has 1 cannon. In a fight it shoots, and flees
only when its hull is at 1; it runs an NPC's orders by its own ship's damage."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.common import cargo_card, home_port, maxima, pirate
from engine.merchants_marauders.rules.common import hold as hold_of
from engine.merchants_marauders.state import State, seat_of


def _distance(a: str, b: str) -> int:
    frontier, seen, d = {a}, {a}, 0
    while b not in frontier and frontier:
        frontier = {n for f in frontier for n in defs().map.zones[f].neighbours if n not in seen}  # type: ignore[index]
        seen |= frontier
        d += 1
    return d


def _goal(s: State, seat: int) -> str | None:
    """Where the bot heads: home with gold to stash (or a hurt ship), else the nearest open port
    that demands a good aboard, else the nearest port to buy in; None: roam for merchants."""
    from engine.merchants_marauders.rules.common import closed, total_glory
    p = s.players[seat]
    hurt = any(v <= 1 for v in p.ship.points.values()) and p.ship.gold >= 4
    if (p.ship.gold >= 10 and p.stash < 50) or hurt:
        return home_port(p)
    from engine.merchants_marauders.rules import missions_turn as MT
    if p.rumour is not None:
        return MT.rumour(p.rumour).target
    card = MT.held(s, seat)
    if card is not None and MT.mission(card).target is not None and MT.mission(card).kind != "delivery":
        return MT.mission(card).target
    goods = {cargo_card(c).good for c in p.ship.cargo}
    ports = [z for z, zs in s.zones.items() if zs.demand is not None and not closed(s, seat, z)]
    selling = [z for z in ports if s.zones[z].demand in goods]
    if selling:
        return min(selling, key=lambda z: _distance(p.zone, z))
    if not p.ship.cargo and p.ship.gold >= 6 and total_glory(s, seat) < 10:
        return min((z for z in ports if z != p.zone or not p.in_port), key=lambda z: _distance(p.zone, z))
    return None


def _useful_port(s: State, seat: int) -> bool:
    p = s.players[seat]
    z = s.zones[p.zone]
    goods = {cargo_card(c).good for c in p.ship.cargo}
    hurt = any(v < m for v, m in zip(p.ship.points.values(), maxima(p).values(), strict=True))
    return z.demand in goods or (p.zone == home_port(p) and p.ship.gold >= 1 and p.stash < 60) \
        or (p.ship.gold >= 6 and len(p.ship.cargo) < 3) or (hurt and p.ship.gold >= 2)


def _action(s: State, seat: int, a: Any) -> float:
    p = s.players[seat]
    goal = _goal(s, seat)
    whole = all(v >= 2 for v in p.ship.points.values())
    if isinstance(a, A.Port):
        return 8.0 if _useful_port(s, seat) else 0.0
    if isinstance(a, A.Scout):
        if a.target == "merchant":
            return 6.0 if whole else 0.1
        if a.target in s.npcs:
            return 0.2
        q = s.players[seat_of(a.target)]
        return 3.0 if pirate(q) and not pirate(p) and p.ship.points["cannons"] >= q.ship.points["cannons"] + 1 else 0.1
    if isinstance(a, (A.Move, A.WindMove)):
        if goal is not None:
            return 4.0 - _distance(a.to, goal) * 0.5
        return 2.0 + (1.0 if s.zones[a.to].merchant is not None else 0.0)
    if isinstance(a, A.Enter):
        return 7.0 if goal == p.zone else 0.2
    if isinstance(a, A.Leave):
        return 3.0 if s.turn.port_done or not _useful_port(s, seat) else 0.1
    if isinstance(a, (A.Investigate, A.Attempt)):
        return 7.5
    if isinstance(a, A.Play):
        from engine.merchants_marauders.rules.glory_cards import card, verb
        if card(a.card).family == "specialist" or verb(a.card) in ("extra_actions", "free_repair", "drop_bounty"):
            return 9.0
        return 0.1
    if isinstance(a, A.End):
        return 0.5
    return 0.0


def _port(s: State, seat: int, a: Any) -> float:
    p = s.players[seat]
    if isinstance(a, A.Claim):
        return 4.5
    if isinstance(a, A.Play):
        return 0.1
    if isinstance(a, A.Part):
        return {"sell": 9.0, "stash": 8.0, "shipyard": 5.0, "recruit": 4.0, "rumour": 3.5, "specialist": 3.0,
                "goodwill": 2.0, "loyalty": 2.5,                    # Modules 10, 11
                "buy": 6.0 if p.ship.gold >= 6 else 0.0}[a.part]
    if isinstance(a, A.Sell):
        z = s.zones[p.zone]
        return 5.0 if cargo_card(a.card).good == z.demand else 0.1
    if isinstance(a, A.Buy):
        good = cargo_card(a.card).good
        aboard = [cargo_card(c).good for c in p.ship.cargo]
        demanded = any(zs.demand == good for z, zs in s.zones.items() if z != p.zone)
        return (3.0 if demanded else 0.2) + aboard.count(good) if len(p.ship.cargo) < hold_of(p) else -1.0
    if isinstance(a, A.Stash):
        return float(a.n)
    if isinstance(a, A.Repair):
        return 3.0 if p.ship.gold >= 4 else -1.0
    if isinstance(a, A.Ship):
        return 6.0 if a.ship == "frigate" and p.ship.gold >= 40 else -1.0
    if isinstance(a, A.Hire):
        return float(a.n)
    if isinstance(a, (A.UseWeapon, A.Modification)):
        return 1.0 if p.ship.gold >= 15 else -1.0
    return 0.5


def _fight(s: State, seat: int, a: Any) -> float:
    if isinstance(a, A.Order):
        p = s.players[seat]
        hurt = p.ship.points["hull"] <= 1
        return {"flee": 3.0 if hurt else 0.0, "shoot": 2.0, "board": 1.0, "hooks": 1.5}[a.order]
    if isinstance(a, A.Shot):
        return 1.0
    if isinstance(a, A.Take):
        return {"gold": 5.0, "cargo": 3.0, "card": 2.0, "weapon": 1.0, "rumour": 1.5, "specialist": 2.5, "ship": -1.0}.get(a.what, 1.0)
    return 0.0


def score(s: State, seat: int, a: Any) -> float:
    top = s.stack[-1]
    if isinstance(top, P.ActionPrompt):
        return _action(s, seat, a)
    if isinstance(top, (P.PortPrompt, P.SellPrompt, P.BuyPrompt, P.ShipyardPrompt, P.RecruitPrompt, P.StashPrompt)):
        return _port(s, seat, a)
    if isinstance(top, (P.OrdersPrompt, P.ShotPrompt, P.PlunderPrompt)):
        return _fight(s, seat, a)
    if isinstance(top, P.CapturePrompt):
        from engine.merchants_marauders.rules.capture_turn import score as prize_score
        return prize_score(s, seat, a)
    if isinstance(top, P.CardPrompt):
        return 2.0 if isinstance(a, A.Play) and top.window in ("scouted", "clash") else (1.0 if isinstance(a, A.Pass) else 0.5)
    if isinstance(a, A.ChooseNation):
        return 1.0
    if isinstance(a, A.Keep):
        return 1.0 + cargo_card(a.card).plunder / 10
    if isinstance(a, A.Discard) and isinstance(top, P.RaidSkullPrompt):
        c = cargo_card(a.card)
        return 2.0 if c.icon != "blank" else -1.0
    if isinstance(a, A.Ship):
        return 1.0 if a.ship == "sloop" else 0.5
    if isinstance(a, A.Stop):
        return 0.5
    return 0.0
