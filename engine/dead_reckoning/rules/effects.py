"""The effect queue: gains, payments, damage and card verbs resolve here in the order they
happened. One that needs nothing from the player resolves at once (a cargo to the Dock, a coin
into the chest); one with a choice opens a prompt and the queue waits for it."""
from __future__ import annotations

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.effect import Effect
from engine.dead_reckoning.rules import gain_and_spend as gs
from engine.dead_reckoning.rules import load_unload as lu
from engine.dead_reckoning.rules.common import at_island, island_barred, name, on_ship, total_room
from engine.dead_reckoning.state import State

# Prompts an effect opens: while one is on top, the effects queued after it wait.
EFFECT_PROMPTS = (P.SplitPrompt, P.RoomPrompt, P.InfluencePrompt, P.ProducePrompt, P.BuildPrompt, P.UpgradePrompt)


def resolve_effects(s: State, ev: Events) -> None:
    while s.effects and not (s.stack and isinstance(s.stack[-1], EFFECT_PROMPTS)):
        e = s.effects.pop(0)
        _resolve(s, e, ev)


def stow(s: State, seat: int, res: str, n: int) -> int:
    """Put up to n of `res` into the Ship's holds, from A to D; returns what fit."""
    hull = s.players[seat].ship.hull
    k = min(n, hull.room())
    if k:
        s.players[seat].ship.hull = lu.stow(hull, res, lu.stow_in_order(hull, k))  # type: ignore[arg-type]
    return k


def gain(s: State, seat: int, res: str, at: str, n: int, ev: Events) -> None:
    p = s.players[seat]
    if at == "dock_or_ship" and total_room(p) > 0:
        s.stack.append(P.SplitPrompt(seats=[seat], res=res, n=n))
        return
    if at in ("dock", "dock_or_ship"):
        if res == "cargo":
            p.dock += n
        else:
            p.chest += n
        return
    if at == "island":
        # the goods go onto the island where the Ship is; away from one, or at one barred to the
        # player, they have nowhere to go (abilities.py does not offer such a gain then), never
        # into the holds
        if (isl := at_island(s, seat)) is not None and island_barred(s, seat, isl) is None:
            if res == "cargo":
                s.islands[isl].cargo += n
            else:
                s.islands[isl].coins += n
        return
    if (rest := n - stow(s, seat, res, n)) and on_ship(p, "cargo") + on_ship(p, "coin"):
        s.stack.append(P.RoomPrompt(seats=[seat], res=res, n=rest))


def _resolve(s: State, e: Effect, ev: Events) -> None:
    from engine.dead_reckoning.rules import abilities
    from engine.dead_reckoning.rules.battle import damage_ship
    v, p = e.verb, s.players[e.seat]
    if v.do == "gain":
        assert v.res is not None and v.at is not None
        gain(s, e.seat, v.res, v.at, e.n, ev)
    elif v.do == "repair":
        p.ship.damage = max(0, p.ship.damage - e.n)
    elif v.do == "take_damage":
        damage_ship(s, e.seat, e.n, e.by, ev)
    elif v.do == "lose":
        assert v.res is not None
        k = min(e.n, on_ship(p, v.res))
        p.ship.hull = gs.take_from_ship(p.ship.hull, v.res, k)
    elif v.do == "sail":
        if s.turn.sails_set:
            p.ship.sails = min(defs().rules.turn.sail_max, p.ship.sails + e.n)
        else:
            s.turn.extra_sails += e.n
    elif v.do in ("influence", "permanent", "produce", "build", "upgrade"):
        abilities.open_verb(s, e, ev)
    # battle and end-of-game verbs never reach the queue (rules/battle.py, scoring)
    if v.do == "gain" and e.n:
        # coins going into a chest are announced as they move, as they would be seen at a table
        ev.append(Event(text=f"{name(e.seat)} gains {e.n} {v.res}{'' if v.res == 'cargo' else 's'} ({e.source})"))
