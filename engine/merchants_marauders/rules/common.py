"""What the engine glue shares: looking up the data behind ids (captains, ships, cargo cards),
a ship's maximum values with its modifications, the dice the state's Rng rolls, glory gained
(with its glory cards), bounties and closed ports, a port's trading terms, and the sea map as
the NPC rules read it. Nothing here decides; everything here reads or records."""
from __future__ import annotations

from functools import cache

from engine.core.flow import Events
from engine.core.types import Event
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.defs_base import CaptainDef
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import Fighter
from engine.merchants_marauders.rules.npc import Captain, Neighbours
from engine.merchants_marauders.rules.trade import PortTerms
from engine.merchants_marauders.state import Player, State
from engine.merchants_marauders.vocab import DIE, HIT_LOCATIONS, Face, HitLocation, Nation, Zone

MANOEUVRE = "manoeuvre"


def captain(p: Player) -> CaptainDef:
    return defs().all_captains()[p.captain]


def name(s: State, seat: int) -> str:
    return captain(s.players[seat]).name


def home_port(p: Player) -> Zone:
    return captain(p).home_port


@cache
def cargo_card(card: str) -> CargoCard:
    return {c.id: c.card() for c in cards().cargo_deck(contraband=True)}[card]    # Module 7's cards too


def cargo_cards(ids: list[str]) -> list[CargoCard]:
    return [cargo_card(c) for c in ids]


# ---- the ship ----
def _bonus(p: Player, stat: str) -> int:
    mods = defs().all_modifications()
    return sum(e.n for m in p.ship.modifications for e in mods[m].effects if e.kind == "stat" and e.stat == stat)


def ability(p: Player, kind: str, when: str | None = None, service: str | None = None) -> int:
    """How much of an effect of this kind the captain's ability gives at this moment (0: none);
    e.g. ability(p, "extra_die", "scout_merchant"). Rerolls wait for the glory-card windows."""
    return sum(e.n for e in captain(p).ability.effects
               if e.kind == kind and (when is None or e.when == when) and (service is None or e.service == service))


def maxima(p: Player) -> dict[HitLocation, int]:
    """The ship's printed values raised by its modifications (base section 5) and by a captain
    whose ability raises one (a `stat` effect)."""
    sd = defs().all_ships()[p.ship.type]
    own = {e.stat: e.n for e in captain(p).ability.effects if e.kind == "stat"}
    return {loc: getattr(sd, loc) + _bonus(p, loc) + own.get(loc, 0) for loc in HIT_LOCATIONS}


def manoeuvre(p: Player, slow: bool = False) -> int:
    """`slow`: Module 5's manoeuvre-1 galleon cards are in play (ships_turn.slow)."""
    from engine.merchants_marauders.rules.ships_turn import ship_manoeuvre
    return ship_manoeuvre(p.ship.type, slow) + _bonus(p, MANOEUVRE)


def hold(p: Player) -> int:
    """The hold is the Cargo location's current value (base section 5), less the spaces a
    passenger takes while its mission is held."""
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    return max(0, p.ship.points["cargo"] + specialist_bonus(p, "extra_hold") - p.passenger)


def fighter(p: Player, slow: bool = False) -> Fighter:
    c = captain(p)
    return Fighter(points=dict(p.ship.points), manoeuvre=manoeuvre(p, slow), seamanship=c.skills.seamanship,
                   leadership=c.skills.leadership, weapons=frozenset(p.ship.weapons))


def at_sea(p: Player) -> bool:
    return not p.in_port


# ---- dice ----
def roll(s: State, n: int) -> list[Face]:
    """`n` custom dice (1-4 and two skulls), rolled with the state's seeded Rng."""
    return [DIE[s.rng.die() - 1] for _ in range(n)]


def show(faces: list[Face]) -> str:
    return " ".join(str(f) for f in faces) or "no dice"


# ---- glory ----
def gain_glory(s: State, seat: int, n: int, source: G.GlorySource, ev: Events) -> None:
    """Glory points on the track, each drawing a glory card (none for the stash's); over the hand
    limit the owner discards down to it (a prompt)."""
    from engine.merchants_marauders import prompts as P
    if n <= 0:
        return
    p = s.players[seat]
    p.glory += n
    ev.append(Event(text=f"{name(s, seat)} gains {n} glory ({source.replace('_', ' ')})"))
    from engine.merchants_marauders.rules.loyalty_turn import on_glory
    on_glory(s, seat, n, source, ev)
    if not G.draws_glory_cards(source):
        return
    drawn = s.glory.draw(s.rng, n)
    p.glory_cards += drawn
    if drawn:
        s.reveals += 1          # a card seen: no undo past it
        ev.append(Event(text=f"You draw {', '.join(drawn)}", visible_to=frozenset({seat})))
    if len(p.glory_cards) > G.GLORY_HAND_LIMIT:
        s.stack.append(P.DiscardGloryPrompt(seats=[seat]))
    from engine.merchants_marauders.rules.goodwill_redraws_turn import offer_glory
    offer_glory(s, seat, len(drawn))                # Module 10: on top, answered before any discard


def standing(s: State, seat: int) -> G.Standing:
    p = s.players[seat]
    return G.Standing(seat=seat, glory=p.glory, stash=p.stash, gold=p.ship.gold, bounties=sum(p.bounties.values()))


def total_glory(s: State, seat: int) -> int:
    return G.total_glory(standing(s, seat), bool(s.options.get("glory_or_death")))


# ---- bounties, wars, ports ----
def pirate(p: Player) -> bool:
    return sum(p.bounties.values()) > 0


def add_bounty(s: State, seat: int, nation: Nation | None, ev: Events) -> None:
    if nation is None:
        return
    p = s.players[seat]
    p.bounties[nation] = p.bounties.get(nation, 0) + 1
    ev.append(Event(text=f"{name(s, seat)} takes a {nation} bounty token"))


def wars(s: State) -> list[frozenset[Nation]]:
    return [frozenset(w) for w in s.wars]


def at_war(s: State, a: Nation | None, b: Nation | None) -> bool:
    return a is not None and b is not None and frozenset((a, b)) in wars(s)


def port_nation(z: Zone) -> Nation | None:
    return defs().map.zones[z].nation


def closed(s: State, seat: int, z: Zone) -> bool:
    """A port is closed to a captain its nation holds a bounty on (Tortuga excepted) or whose
    nation it is at war with (base section 7.2)."""
    nation = port_nation(z)
    if nation is None or not defs().map.zones[z].port:
        return True
    p = s.players[seat]
    open_to_bounties = any(e.kind == "open_to_bounties" for e in defs().map.zones[z].property)
    return (p.bounties.get(nation, 0) > 0 and not open_to_bounties) or at_war(s, nation, captain(p).nation)


def zone_effect(z: Zone, kind: str, service: str | None = None) -> int | None:
    for e in defs().map.zones[z].property:
        if e.kind == kind and (service is None or e.service == service):
            return e.n
    return None


def port_terms(s: State, z: Zone, seat: int) -> PortTerms:
    """The port's trading properties from the map data, with this round's trade boom and the
    trading captain's ability (a demand bonus, a price for other goods, a redraw anywhere)."""
    p = s.players[seat]
    fields: dict[str, int | None] = {"demand_bonus": (zone_effect(z, "demand_bonus") or 0) + s.round.sale_bonus
                                     + ability(p, "demand_bonus")}
    for kind, field in (("buy_price", "buy_price"), ("other_price", "other_price"), ("redraw_cost", "redraw_cost")):
        own = ability(p, kind) or None
        if (n := zone_effect(z, kind)) is not None:
            fields[field] = min(n, own) if own is not None and kind == "redraw_cost" else max(n, own or 0)
        elif own is not None:
            fields[field] = own
    if (n := zone_effect(z, "buy_draws")) is not None:
        fields["draws"], fields["repeat_draws"] = n, n - 3
    return PortTerms(**fields)


# ---- the map and the NPC rules' view of the players ----
@cache
def sea() -> Neighbours:
    return {z: {b: n for n, b in zd.neighbours.items()} for z, zd in defs().map.zones.items()}


def npc_captains(s: State) -> list[Captain]:
    return [Captain(seat=i, nation=captain(p).nation, zone=p.zone, in_port=p.in_port, bounties=dict(p.bounties),
                    cargo=len(p.ship.cargo)) for i, p in enumerate(s.players)]


def say(ev: Events, text: str, to: int | None = None) -> None:
    ev.append(Event(text=text, visible_to=None if to is None else frozenset({to})))
