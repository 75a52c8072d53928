"""The engine side of Scoring and the Tie-breaker: the state read into rules/scoring.py's Tally,
every category per seat, then the tied leaders' drop (automatic: no decision is left).

DR-WIN-07 reading: a tied seat's Cannons are those on all 12 of its Sailor cards wherever they
lie (hand, deck, discard, in play), sleeved Advancements included, plus the Ship's Cannons that
show (the printed one and the visible Upgrade tiles), whatever its holds carry; a covered tile's
never count. Short of cubes it takes its own from the islands (DR-WIN-03): the islands no
longer score, so which ones is no choice worth asking about."""
from __future__ import annotations

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import scoring
from engine.dead_reckoning.rules.common import card_icons, card_names, name, on_ship
from engine.dead_reckoning.state import Player, State, label


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


def tiebreak_cannons(p: Player) -> int:
    """Cannons a tied seat counts (DR-WIN-02, reading of DR-WIN-07): every Sailor card's, then
    the Ship's showing ones, loaded holds or not (a space's icons are its top tile's)."""
    cards = sum(card_icons(p, c).cannon for c in card_names())
    ship = defs().ship.printed_cannons + sum(x.icons.cannon for x in p.ship.hull.spaces)
    return cards + ship


def island_cubes(s: State, seat: int) -> int:
    """The seat's cubes in island slots: what it may take when its supply is short (DR-WIN-03).
    Permanent cubes stay where they are."""
    return sum(1 for isl in s.islands.values() for x in isl.slots if x == label(seat))


def score(s: State, ev: Events) -> None:
    by_label = scoring.final_scoring(tally(s))
    s.final = {int(k[1:]) - 1: v for k, v in by_label.items()}
    totals = {k: scoring.total(v) for k, v in by_label.items()}
    leaders = scoring.winners(totals)
    if len(leaders) > 1:
        seats = {x: int(x[1:]) - 1 for x in leaders}
        have = {x: s.players[i].cubes + island_cubes(s, i) for x, i in seats.items()}
        cubes = {x: scoring.tiebreak_cubes(tiebreak_cannons(s.players[i]), s.players[i].cubes, island_cubes(s, i))
                 for x, i in seats.items()}
        # exploding shots add cubes from what each still has once its drop is out
        left = {x: have[x] - cubes[x] for x in leaders}
        tb = scoring.battle_tiebreak(cubes, s.rng, s.tower, left)
        s.tower = tb.tower
        leaders = tb.winners
        ev.append(Event(text="Tie for the most coins: " + ", ".join(f"{name(seats[x])} drops {cubes[x]}" for x in cubes)))
    s.winners = sorted(int(x[1:]) - 1 for x in leaders)
    for seat, cats in sorted(s.final.items()):
        ev.append(Event(text=f"{name(seat)} scores {scoring.total(cats)}"))
