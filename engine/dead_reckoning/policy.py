"""Bots for Dead Reckoning: `random`, and a simple `greedy` that scores each legal decision from
what its own seat may see (its hand, its chest, the public board): never another hand, a deck's
order, a face-down board or a Merchant ship's back.

The greedy bot plays its cards, uses every ability, buys what it can afford, explores, raids
Merchants when its Cannons look enough for the row, levels its highest card below 4 (Expert
Sailors) and banks coins in Harbor (Capitalist). Moving goods back and forth scores below
ending the phase, so a turn always ends."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.policy import GreedyPolicy, Policy, RandomPolicy
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules.common import cannons, on_ship
from engine.dead_reckoning.state import HARBOR, State

END = 0.5
# Merchant ships' cubes rise by row (advancements.toml's comment gives the ranges): a public guess.
ROW_CUBES = {1: 2.5, 2: 4.0, 3: 5.5, 4: 8.0}


def _main(s: State, seat: int, a: Any) -> float:
    p = s.players[seat]
    if isinstance(a, A.Merchant):
        return 9.0
    if isinstance(a, (A.Buy, A.Trade)):
        return 7.0
    if isinstance(a, A.Play):
        return 6.0
    if isinstance(a, A.Use):
        return 5.0 + 0.1 * a.option
    if isinstance(a, A.Raid):
        row = int(p.ship.at[1:])
        return 4.0 if cannons(s, seat) + 1 >= ROW_CUBES[row] else 0.2
    if isinstance(a, A.Fight):
        return 3.0 if cannons(s, seat) >= 3 else 0.1
    if isinstance(a, A.Attack):
        return 2.5 if cannons(s, seat) >= 3 else 0.1
    if isinstance(a, A.SetSails):
        return 4.5 if not p.hand else 1.0
    if isinstance(a, A.Load):
        return 3.0 if a.res == "cargo" else 2.0
    if isinstance(a, A.Unload):
        return 3.5 if a.res == "coin" and p.ship.at == HARBOR else 0.0
    if isinstance(a, A.Move):
        return 2.0 + (0.5 if a.to != HARBOR and not s.grid[a.to].face_up and not s.turn.explored else 0.0)
    if isinstance(a, A.AttackBuildings):
        return 0.3
    if isinstance(a, A.End):
        return END
    return 0.0


def _moving(s: State, seat: int, a: Any) -> float:
    p = s.players[seat]
    at = p.ship.at
    if isinstance(a, A.Stop):
        if at == HARBOR:
            return 1.0 if on_ship(p, "coin") else 0.2
        space = s.grid[at]
        worth = 0.0
        if not space.face_up and not s.turn.explored:
            worth += 3.0
        if space.card is not None:
            worth += 2.0 if on_ship(p, "cargo") else 1.0
        if at in s.islands:
            worth += 1.0
        return worth
    return 1.5


def score(s: State, seat: int, a: Any) -> float:
    top = s.stack[-1]
    p = s.players[seat]
    if isinstance(a, A.Shift) or (isinstance(a, A.Jettison) and not isinstance(top, P.RoomPrompt)):
        return -1.0
    if isinstance(top, P.RoomPrompt):
        return 1.0 if isinstance(a, A.Unload) or (isinstance(a, A.Jettison) and a.res == "cargo" and top.res == "coin") else 0.0
    if isinstance(top, P.MainPrompt):
        if isinstance(a, A.Menu):    # worth its best entry, so an empty-handed visit never repeats
            from engine.dead_reckoning.rules.legal import full_main, grouped
            return max((_main(s, seat, x) for x in grouped(full_main(s, seat), a.group)), default=0.0) - 0.01
        return _main(s, seat, a)
    if isinstance(top, P.MenuPrompt):
        return END if isinstance(a, A.Done) else _main(s, seat, a)
    if isinstance(top, P.MovingPrompt):
        return _moving(s, seat, a)
    if isinstance(a, A.Level):
        return float(p.levels.get(a.card, 1))      # push one card at a time to level 4
    if isinstance(a, A.Cubes):
        return float(a.n)
    if isinstance(a, A.Play):
        return 50.0 if isinstance(top, (P.BattleCubesPrompt, P.ResponsePrompt)) else 1.0
    if isinstance(a, A.SetMode):
        return 1.0 if a.mode == "mercantile" else 0.5
    if isinstance(a, A.SailChoice):
        return 1.0 if a.take else 0.5
    if isinstance(a, A.Amount):
        return float(a.n)
    if isinstance(a, A.Stow):
        return 2.0 if a.res == "coin" else 1.5
    if isinstance(a, A.Take):
        return 0.5
    if isinstance(a, A.ToIsland):
        return 1.0
    if isinstance(a, A.PayShip):
        return -float(a.ship)           # keep the goods aboard for buying
    if isinstance(a, A.Split):
        return -float(a.ship)
    if isinstance(a, (A.Use, A.Sleeve, A.Build, A.Produce, A.Slot, A.Upgrade, A.Keep, A.Fight, A.Remove)):
        return 1.0
    return 0.0


POLICIES: dict[str, Callable[[str | int], Policy]] = {
    "random": lambda seed: RandomPolicy(seed),
    "greedy": lambda seed: GreedyPolicy(score, seed),
}
