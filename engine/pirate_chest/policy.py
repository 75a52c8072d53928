"""Pirate Chest bots: random (from engine.core) and greedy (a plain race for the coins)."""
from __future__ import annotations

from typing import Any

from engine.core.policy import GreedyPolicy, RandomPolicy
from engine.pirate_chest import actions as A
from engine.pirate_chest.rules.board import distance, islands, step
from engine.pirate_chest.rules.common import card
from engine.pirate_chest.state import State


def goal(s: State, seat: int) -> int:
    """Where this ship wants to be: home with the Chest, else the nearest island worth visiting."""
    p = s.players[seat]
    if "chest" in p.coins:
        return p.home
    wanted = [i for i in islands(s) if any(c.id != "chest" or not c.face_up or {"map", "key"} <= set(p.coins)
                                           for c in s.islands.get(i, []))]
    holders = [o.position for i, o in enumerate(s.players) if i != seat and o.coins and o.position != o.home]
    places = wanted or holders or islands(s)
    return min(places, key=lambda n: distance(s, p.position, n))


def _sail_score(s: State, seat: int, a: A.Sail) -> float:
    ship = s.stack[-1].ship
    if ship != seat:   # Lost: push the enemy as far from its goal as possible
        dest = step(s, s.players[ship].position, a.distance, a.direction)
        return distance(s, dest, goal(s, ship))
    dest = step(s, s.players[seat].position, a.distance, a.direction)
    return -distance(s, dest, goal(s, seat))


def _leader(s: State, seat: int) -> float:
    p = s.players[seat]
    return len(p.coins) * 2 + ("chest" in p.coins) * 5


def score(s: State, seat: int, a: Any) -> float:
    match a:
        case A.Sail():
            return _sail_score(s, seat, a)
        case A.Play(card=c):
            return 3 if card(c).effect in ("escape-bonus", "roll-bonus") else 1.5
        case A.Commit(card=c):
            return 2 + card(c).bonus
        case A.Target(seat=o) | A.Attack(seat=o) | A.Doll(seat=o):
            return _leader(s, o)
        case A.Engage(mode=m):
            return {"steal-coin": 4, "ram": 3, "both": 2}.get(m, 1)
        case A.Discard(card=c) | A.Keep(card=c):
            worth = card(c).bonus if card(c).effect == "fight" else 2
            return -worth if isinstance(a, A.Discard) else worth
        case A.Die(value=v):
            return v
        case A.Escape() | A.Roll():
            return 2
        case A.GirlPower():
            f = s.fight
            return 1 if f and f.totals.get(seat, 0) + 2 >= max(f.totals.values()) else -1
        case A.Uncommit() | A.End() | A.KeepDoll():
            return -5
    return 0


def greedy(seed: str | int = 0) -> GreedyPolicy:
    return GreedyPolicy(score, seed)


def random_policy(seed: str | int = 0) -> RandomPolicy:
    return RandomPolicy(seed)


__all__ = ["greedy", "random_policy", "score"]
