"""Scoundrel Bay bots. `greedy` scores each legal decision with a small heuristic that reads only
what the seat may see (its view), never a face-down tile or another seat's hand or bid."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.policy import GreedyPolicy, RandomPolicy
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.board import region
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.state import State

REGION_VALUE = {"harbor": 3.0, "hideout": 3.5, "village": 2.5, "beach": 1.0}
ACTION_VALUE = {"invade": 3.0, "sail": 2.5, "recruit": 2.0}


def _take(s: State, seat: int, a: A.Take) -> float:
    p, c = s.players[seat], card_def(a.card)
    value = ACTION_VALUE[a.action] - (2.0 if a.action == p.last_action else 0.0)
    if a.action == "recruit":
        value += min(c.pirates, p.citizens) * 0.8 + len(c.tools) * 0.7 - (1.5 if p.crew_space.active > 6 else 0)
    return value


def _land(s: State, seat: int, a: A.Land) -> float:
    return (a.pirates + 2 * a.captain) * REGION_VALUE[region(a.region).kind] / 2


def _reroll(s: State, seat: int, a: A.Reroll) -> float:
    fight = s.turn.fight
    if fight is None or fight.face == "critical":
        return -5.0
    if fight.face == "miss":
        return 2.0
    m = defs().monsters.monsters[fight.monster]
    losing = s.players[seat].tools["gun"] < m.guns + int(fight.face)
    return (1.0 if losing else -1.0) - (0.0 if a.free else 0.5)


def _bid(s: State, seat: int, a: A.Bid) -> float:
    return -abs(a.doubloons - min(4, s.players[seat].doubloons // 4))


def _open(s: State, seat: int, a: A.OpenCrate) -> float:
    return 3.0 if isinstance(s.stack[-1], P.FinalCratesPrompt) else -2.0


SCORES: dict[type, Callable[[State, int, Any], float]] = {
    A.Take: _take,
    A.Land: _land,
    A.Distance: lambda s, seat, a: float(a.n),
    A.SailBonus: lambda s, seat, a: -1.0 if a.which is None else {"star": 3.0, "sun": 2.0, "moon": 1.0}[a.which],
    A.Reroll: _reroll,
    A.Dig: lambda s, seat, a: 3.0 * sum(a.types),
    A.Plunder: lambda s, seat, a: 4.0 + defs().crates.crates[a.crate].doubloons / 3,
    A.Deliver: lambda s, seat, a: 5.0 + defs().crates.crates[a.crate].doubloons,
    A.Trade: lambda s, seat, a: 1.5,
    A.Buy: lambda s, seat, a: 1.0 - defs().cards.display.costs[a.slot] * 0.4,
    A.Scout: lambda s, seat, a: -1.0,
    A.Move: lambda s, seat, a: 2.0 if region(a.source).kind == "beach" else 0.5 if region(a.target).kind == "hideout" else -0.5,
    A.Accept: lambda s, seat, a: 1.0,
    A.Sell: lambda s, seat, a: 0.5 if a.resource == "rum" else -0.5,
    A.Exchange: lambda s, seat, a: 0.5,
    A.Bid: _bid,
    A.Feed: lambda s, seat, a: float(a.fed),
    A.Lose: lambda s, seat, a: 1.0 if a.space == "sick" else -3.0 if a.captain else 0.0,
    A.OpenCrate: _open,
    A.Milestone: lambda s, seat, a: 0.0 if a.discard else 1.0,
}


def score(s: State, seat: int, a: Any) -> float:
    fn = SCORES.get(type(a))
    return fn(s, seat, a) if fn else 0.0


def greedy(seed: str | int = 0) -> GreedyPolicy:
    return GreedyPolicy(score, seed)


POLICIES: dict[str, Callable[[str | int], Any]] = {"greedy": greedy, "random": RandomPolicy}
