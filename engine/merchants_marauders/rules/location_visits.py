"""Module 9's two visits that take several choices, in the turn engine (the pure rules:
rules/locations.py): the Naval Fort (`warship <slot>`, then `to <zone>`: the zone nation's
warship moved one step; with none at sea, the event deck searched for its card, which counts as
an extra event) and the Reefs (a Scouting check, then `take cargo|rumour|crew` or
`take weapon <kind>` once per skull, `stop` to end; then the hull damage), and the Trading
Post's sale then purchase, which the Town's trade reuses (town_turn.py). All ride on the
VisitPrompt (locations_turn.py opens it)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import locations as L
from engine.merchants_marauders.rules.common import captain, hold, maxima, name, roll, say, show
from engine.merchants_marauders.rules.crows_nest import scouting_dice
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import WEAPONS

SALVAGE = ("cargo", "rumour", "crew")


def _nation(s: State, seat: int) -> Any:
    return defs().map.zones[s.players[seat].zone].nation


# ---- Naval Fort (MM-M9-55 to -57) ----
def fort(s: State, seat: int, ev: Events) -> None:
    """A warship of the zone's nation to move; with none at sea, the events are searched."""
    from engine.merchants_marauders.rules.round import event_def, resolve_event
    nation = _nation(s, seat)
    if L.fort_warships(s.npcs, nation):
        s.stack.append(P.VisitPrompt(seats=[seat], location="naval_fort"))
        return
    cards = [c for c in s.events.pile if (e := event_def(c)).kind == "npc" and e.npc is not None
             and e.npc.side == nation]
    found = L.search_events(list(reversed(s.events.pile)), cards, s.rng)
    s.events.pile = list(reversed(found.deck))
    if found.found is None:
        say(ev, f"No {nation} warship answers the fort")
        return
    s.reveals += 1
    e = event_def(found.found)
    say(ev, f"The fort calls a {nation} warship: {e.name}, an extra event")
    resolve_event(s, e, ev)
    s.events.throw_away([found.found])


def fort_options(s: State, seat: int, pr: P.VisitPrompt) -> list[Any]:
    if not pr.slot:
        ships = L.fort_warships(s.npcs, _nation(s, seat))
        return [action(A.Warship, slot=k) for k, n in s.npcs.items() if n in ships]
    return [action(A.To, zone=z) for z in defs().map.zones[s.npcs[pr.slot].zone].neighbours]


def fort_choose(s: State, seat: int, pr: P.VisitPrompt, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules.locations_turn import _sea
    if isinstance(a, A.Warship):
        pr.slot = a.slot
        return
    s.npcs = L.move_warship(s.npcs, _nation(s, seat), pr.slot, a.zone, _sea())
    s.stack.remove(pr)
    say(ev, f"{name(s, seat)} sends the {pr.slot.replace('_', ' ')} to {a.zone.replace('_', ' ').title()}")


# ---- Reefs (MM-M9-80 to -83) ----
def reefs(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    faces = roll(s, scouting_dice(captain(p).skills.scouting, modifier=s.round.scouting))
    say(ev, f"{name(s, seat)} searches the reefs: {show(faces)}")
    s.stack.append(P.VisitPrompt(seats=[seat], location="reefs", faces=[str(f) for f in faces]))


def _faces(pr: P.VisitPrompt) -> list[Any]:
    return [f if f == "skull" else int(f) for f in pr.faces]


def _room(s: State, seat: int, pr: P.VisitPrompt) -> dict[str, int]:
    p = s.players[seat]
    from engine.merchants_marauders.rules.smuggling_turn import room as free_room
    room = {"cargo": free_room(s, seat) - pr.taken.count("cargo"),       # both compartments (MM-M7-25)
            "rumour": int(p.rumour is None and bool(s.rumours.pile)) - pr.taken.count("rumour"),
            "crew": maxima(p)["crew"] - p.ship.points["crew"] - pr.taken.count("crew")}
    return {k: max(0, v) for k, v in room.items()}      # a hold already over (cargo hits) takes none


def reefs_options(s: State, seat: int, pr: P.VisitPrompt) -> list[Any]:
    from engine.merchants_marauders.rules.combat import skulls
    from engine.merchants_marauders.rules.port import weapons_left
    out: list[Any] = []
    if len(pr.taken) < skulls(_faces(pr)):
        out = [action(A.Salvage, what=k) for k, room in _room(s, seat, pr).items() if room > 0]
        aboard = set(s.players[seat].ship.weapons) | set(pr.taken)
        out += [action(A.Salvage, what="weapon", item=w) for w in WEAPONS
                if w not in aboard and w in defs().weapons.weapons and weapons_left(s, w) > 0]
    return [*out, action(A.Stop)]


def reefs_take(s: State, seat: int, pr: P.VisitPrompt, a: Any, ev: Events) -> None:
    pr.taken.append(a.item if a.what == "weapon" else a.what)


def reefs_done(s: State, seat: int, pr: P.VisitPrompt, ev: Events) -> None:
    """The haul taken aboard, then the hull damage (a hull at 0 sinks the ship)."""
    from engine.merchants_marauders.rules.death import kill
    from engine.merchants_marauders.rules.port import weapons_left
    s.stack.remove(pr)
    p = s.players[seat]
    room = _room(s, seat, P.VisitPrompt(seats=[seat], location="reefs"))
    reserve = [w for w in defs().weapons.weapons if weapons_left(s, w) > 0]
    haul = L.reefs(_faces(pr), pr.taken, p.ship.points["hull"], room["cargo"], room["crew"],  # type: ignore[arg-type]
                   p.ship.weapons, reserve, p.rumour is not None)
    found = s.cargo.draw(s.rng, haul.cargo)
    smuggle = not haul.sunk and _smuggle(s, seat, found)
    if not smuggle:
        p.ship.cargo += found
    if haul.rumours:
        (p.rumour,) = s.rumours.draw(s.rng)
        say(ev, f"You find a rumour: {p.rumour}", to=seat)
        from engine.merchants_marauders.rules.goodwill_redraws_turn import offer_rumour
        offer_rumour(s, seat)                       # Module 10
    p.ship.points["crew"] += haul.crew
    p.ship.weapons += haul.weapons
    p.ship.points["hull"] = haul.hull
    say(ev, f"{name(s, seat)} takes {', '.join(pr.taken) or 'nothing'} from the reefs: {haul.hull_damage} hull damage")
    if haul.sunk:
        kill(s, seat, ev)
    elif smuggle:          # Module 7: on top, so answered first (MM-M7-08, -21)
        s.stack.append(P.KeepCargoPrompt(seats=[seat], why="plunder", cards=found, room=len(found)))


def _smuggle(s: State, seat: int, found: list[str]) -> bool:
    """A haul that holds a contraband card is kept card by card (`keep`, `contraband`), as a
    raid's plunder is: no effect names its good, so it may go in either compartment."""
    from engine.merchants_marauders.rules import contraband_turn as CT
    from engine.merchants_marauders.rules.contraband import compartments_for
    return CT.on(s) and any("contraband" in compartments_for(CT.card(c)) for c in found)


# ---- Trading Post (MM-M9-44 to -48, -50) ----
def _contraband(ids: list[str]) -> set[str]:
    """The cards of Module 7's contraband deck among `ids`: discarded from a location's buy draw
    (MM-M9-48), so nothing bought there has contraband properties."""
    from engine.merchants_marauders.rules.contraband import is_contraband
    from engine.merchants_marauders.rules.contraband_turn import card
    return {c for c in ids if is_contraband(card(c))}


def post(s: State, seat: int) -> None:
    s.stack.append(P.VisitPrompt(seats=[seat], location="trading_post", step="sell"))


def post_options(s: State, seat: int, pr: P.VisitPrompt) -> list[Any]:
    """Sell first, then buy from the cards drawn, into the hold only. A card of the contraband
    deck kept in the ordinary hold is an ordinary good and sells (MM-M7-08, -26); the
    compartment's cards are not in the hold, so none of them is offered."""
    from engine.merchants_marauders.rules import trade as T
    from engine.merchants_marauders.rules.common import cargo_card
    p = s.players[seat]
    if pr.step == "sell":
        out: list[Any] = [action(A.Sell, card=c) for c in p.ship.cargo if c not in pr.taken]
        return [*out, action(A.Done)]
    price = T.prices([cargo_card(c).good for c in pr.drawn])
    spent = sum(price[cargo_card(c).good] for c in pr.taken)
    from engine.merchants_marauders.rules.smuggling_turn import room as free_room
    room = free_room(s, seat) - len(pr.taken)                 # both compartments (MM-M7-25)
    out = [action(A.Buy, card=c) for c in pr.drawn
           if c not in pr.taken and room > 0 and spent + price[cargo_card(c).good] <= p.ship.gold]
    return [*out, action(A.Done)]


def _key(s: State, seat: int) -> str:
    return f"{seat}:{s.players[seat].zone}"


def post_pick(s: State, seat: int, pr: P.VisitPrompt, c: str) -> None:
    pr.taken.append(c)


def offer(s: State, seat: int, pr: P.VisitPrompt, ev: Events) -> None:
    """The cards to buy: the location's count, fewer after buying there the round before."""
    from engine.merchants_marauders.rules.common import cargo_cards
    from engine.merchants_marauders.rules.port import _deck_top
    p = s.players[seat]
    demand = s.zones[p.zone].demand
    assert demand is not None
    data = defs().locations.locations[pr.location].visit[0]  # type: ignore[index]
    again = s.location_buys.get(_key(s, seat)) == s.round.number - 1
    n = (data.repeat or data.n) if again else data.n
    top = _deck_top(s, n * 3)
    draw = L.draw_at_location(cargo_cards(top), n, demand, _contraband(top))
    used = len(draw.drawn) + len(draw.discarded)
    s.cargo.pile = s.cargo.pile[:len(s.cargo.pile) - used]
    s.cargo.throw_away([c.id for c in draw.discarded])
    pr.step, pr.taken, pr.drawn = "buy", [], [c.id for c in draw.drawn]
    say(ev, f"The {pr.location.replace('_', ' ')} offers {', '.join(pr.drawn) or 'nothing'}")


def post_done(s: State, seat: int, pr: P.VisitPrompt, ev: Events) -> None:
    from engine.merchants_marauders.rules.common import cargo_cards, gain_glory
    p = s.players[seat]
    demand = s.zones[p.zone].demand
    assert demand is not None
    if pr.step == "sell":
        if pr.taken:
            sale = L.sell_at_location(cargo_cards(p.ship.cargo), pr.taken, demand, (), bool(s.options.get("variant_6")))
            p.ship.cargo, p.ship.gold = [c.id for c in sale.cargo], p.ship.gold + sale.gold
            s.cargo.throw_away(pr.taken)
            say(ev, f"{name(s, seat)} sells {len(pr.taken)} cargo at the {pr.location.replace('_', ' ')} for {sale.gold} gold")
            gain_glory(s, seat, sale.glory, "demand_sale", ev)
        if pr.location == "town":                  # a Town's one sub-action was the sale
            s.stack.remove(pr)
            return
        offer(s, seat, pr, ev)
        return
    s.stack.remove(pr)
    if not pr.taken:                               # nothing bought (a hold already over buys none)
        s.cargo.throw_away(pr.drawn)
        return
    buy = L.buy_at_location(cargo_cards(p.ship.cargo), p.ship.gold, cargo_cards(pr.drawn), pr.taken,
                            hold(p) - len(p.contraband))
    p.ship.cargo, p.ship.gold = [c.id for c in buy.cargo], p.ship.gold - buy.cost
    s.cargo.throw_away([c.id for c in buy.unbought])
    s.location_buys[_key(s, seat)] = s.round.number
    say(ev, f"{name(s, seat)} buys {len(pr.taken)} cargo at the {pr.location.replace('_', ' ')} for {buy.cost} gold")
