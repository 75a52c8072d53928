"""The engine side of Scoring and the Tie-breaker: the state read into rules/scoring.py's Tally,
every category per seat, then the tied leaders' drop (automatic: no decision is left)."""
from __future__ import annotations

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import scoring
from engine.dead_reckoning.rules.common import name, on_ship
from engine.dead_reckoning.state import State, label


def tally(s: State) -> scoring.Tally:
    seats = [label(i) for i in range(len(s.players))]
    tiers = {t: u.tier for t, u in defs().upgrades.tiles.items()}
    return scoring.Tally(
        seats=seats, islands=list(s.islands.values()),
        chest={label(i): p.chest for i, p in enumerate(s.players)},
        ship_coins={label(i): on_ship(p, "coin") for i, p in enumerate(s.players)},
        achievements={label(i): sorted(p.record.completed()) for i, p in enumerate(s.players)},
        advancements={label(i): [a for c in p.sleeves.values() for a in c] + p.aside for i, p in enumerate(s.players)},
        upgrades={label(i): [tiers[t] for tiles in p.ship.upgrades.values() for t in tiles] for i, p in enumerate(s.players)},
        bonus_token={label(i): p.token for i, p in enumerate(s.players) if p.token is not None})


def score(s: State, ev: Events) -> None:
    by_label = scoring.final_scoring(tally(s))
    s.final = {int(k[1:]) - 1: v for k, v in by_label.items()}
    totals = {k: scoring.total(v) for k, v in by_label.items()}
    leaders = scoring.winners(totals)
    if len(leaders) > 1:
        cubes = {x: scoring.tiebreak_cubes(s.players[int(x[1:]) - 1].ship.hull.cannons(),
                                           s.players[int(x[1:]) - 1].cubes) for x in leaders}
        tb = scoring.battle_tiebreak(cubes, s.rng, s.tower, {x: s.players[int(x[1:]) - 1].cubes for x in leaders})
        s.tower = tb.tower
        leaders = tb.winners
    s.winners = sorted(int(x[1:]) - 1 for x in leaders)
    for seat, cats in sorted(s.final.items()):
        ev.append(Event(text=f"{name(seat)} scores {scoring.total(cats)}"))
