"""Module 8 in play (the pure rules are weather.py): the vane spun at the round's start and the
storm token sailing with it, what each Move costs by its bearing, the round's one free Move with
the wind (`wind <zone>`, offered even after the last action), the storm token striking a ship at
sea in its zone, and no NPC scouting there.

`module_8` plays both parts, the wind's Move costs and the storm token; `module_8_parts` set to
`wind` or `storm` plays one alone (MM-M8-01). The storm alone still spins the vane each round, since
the storm sails by it (the MM-M8-02 reading), but the wind then gives no free Move and no Move costs
more; the wind alone puts no storm token on the board. The wind is public on the board; the storm
token's zone too."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import weather as W
from engine.merchants_marauders.rules.combat import moves_allowed
from engine.merchants_marauders.rules.common import ability, captain, fighter, name, roll, say, sea
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone


def on(s: State) -> bool:
    return bool(s.options.get("module_8"))


def wind_on(s: State) -> bool:
    """The wind's part: the free Move with it, 2 actions against it."""
    return on(s) and s.options.get("module_8_parts", "both") in ("both", "wind")


def storm_on(s: State) -> bool:
    """The storm token's part."""
    return on(s) and s.options.get("module_8_parts", "both") in ("both", "storm")


def round_start(s: State, ev: Events) -> None:
    """Before the refill and the event card: the vane, then the storm one zone with it (MM-M8-03,
    -04, -11 to -13). The storm sailing onto a ship does not strike it (MM-M8-17)."""
    if not on(s):
        return
    s.round.wind = W.spin_vane(s.rng)
    if not storm_on(s):
        say(ev, f"The wind blows toward {s.round.wind}")
        return
    s.storm = W.move_storm(s.storm or W.STORM_START, s.round.wind, sea())
    say(ev, f"The {'wind blows' if wind_on(s) else 'vane points'} toward {s.round.wind}; the storm moves to "
            f"{defs().map.zones[s.storm].name}")


def cost(s: State, src: Zone, dst: Zone) -> int:
    """Actions a paid Move costs: 2 against the wind, else 1 (MM-M8-07, -08); the free Move with the
    wind is its own action (`wind`), so a paid Move with the wind costs 1."""
    if not wind_on(s) or s.round.wind is None:
        return 1
    return W.move_cost(s.round.wind, W.bearing_between(sea(), src, dst), free_move_used=True)


def free_move_left(s: State, seat: int) -> bool:
    return wind_on(s) and s.round.wind is not None and seat not in s.round.wind_moved


def wind_moves(s: State, seat: int) -> list[Any]:
    """The round's free Move with the wind, at sea, to the zone the wind blows toward (MM-M8-06)."""
    p = s.players[seat]
    if p.in_port or not free_move_left(s, seat) or moves_allowed(p.ship.points["masts"], s.turn.moves + 1) <= s.turn.moves:
        return []
    to = sea()[p.zone].get(s.round.wind) if s.round.wind else None
    return [action(A.WindMove, to=to)] if to is not None else []


def affordable(s: State, seat: int, moves: list[Any]) -> list[Any]:
    """Paid Moves the actions left can pay for (MM-M8-07: against the wind needs 2)."""
    p = s.players[seat]
    return [a for a in moves if not isinstance(a, A.Move) or cost(s, p.zone, a.to) <= s.turn.actions]


def strike(s: State, seat: int, moment: str, ev: Events) -> None:
    """The storm token hits a ship entering its zone or starting a turn there, at sea (MM-M8-14 to
    -16): 3 hits less a skull per Seamanship die, placed by hit-location dice; Storm Rider's
    captain is spared (MM-M8-20)."""
    from engine.merchants_marauders.rules.death import kill
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    from engine.merchants_marauders.rules.hits import locate
    p = s.players[seat]
    immune = any(e.kind == "storm_immune" for e in captain(p).ability.effects)
    if not storm_on(s) or not W.storm_strikes(moment, p.zone, s.storm, p.in_port, immune):
        return
    dice = captain(p).skills.seamanship + ability(p, "extra_die", "storm") + specialist_bonus(p, "skill_die", "seamanship")
    hits = W.random_hits(roll(s, dice))
    volley = locate(fighter(p), roll(s, hits))
    for loc, k in volley.hits.items():
        p.ship.points[loc] = max(0, p.ship.points[loc] - k)
    say(ev, f"The storm token deals {hits} hit{'s' if hits != 1 else ''} to {name(s, seat)}")
    if p.ship.points["hull"] <= 0:
        kill(s, seat, ev)


def wind_move(s: State, seat: int, to: Zone, ev: Events) -> None:
    """The free Move with the wind: no action spent, this round's only one (MM-M8-06, -10); the
    storm strikes first, then the NPCs there scout (turn.queue_npc_scouts)."""
    from engine.merchants_marauders.rules.turn import queue_npc_scouts
    p = s.players[seat]
    s.round.wind_moved.append(seat)
    s.turn.moves += 1
    p.zone = to
    say(ev, f"{name(s, seat)} sails with the wind to {defs().map.zones[to].name}")
    strike(s, seat, "entered_zone", ev)
    queue_npc_scouts(s, seat, "entered_zone")
