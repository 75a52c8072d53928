"""Module 7 in the turn engine, by the pure rules of rules/contraband.py: the contraband cards
shuffled into the cargo deck (start.py), the contraband compartment on each player
(`Player.contraband`, public, with the sold cards tucked behind the captain, `Player.tucked`),
buying a drawn contraband card into it (`contraband <card>` in the buy menu), selling it at the
port it names (in the sell menu, beside the ordinary goods), warships searching a non-pirate
with contraband at the moments NPCs scout (ContrabandPrompt: `resist` attacks the warship,
`dump`, the default, empties the compartment), both compartments sharing the hold when leaving
port, and cargo hits taking from the compartment the owner's default names (the ordinary hold
first, contraband.default_compartment). Everything here is a no-op with the option off."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.rules import contraband as K
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import trade as T
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.common import (
    cargo_card,
    cargo_cards,
    gain_glory,
    hold,
    name,
    npc_captains,
    pirate,
    port_terms,
    say,
)
from engine.merchants_marauders.state import State


def on(s: State) -> bool:
    return bool(s.options.get("module_7"))


@cache
def _contraband() -> dict[str, K.ContrabandCard]:
    return {c.id: K.ContrabandCard(id=c.id, good=c.good, plunder=c.plunder, icon=c.icon, port=c.port)
            for c in cards().sog.contraband.cards.values()}


def card(card_id: str) -> CargoCard:
    """A card as Module 7 reads it: a contraband card keeps the port it names."""
    return _contraband().get(card_id) or cargo_card(card_id)


def _hold(s: State, seat: int) -> K.Hold:
    p = s.players[seat]
    return K.Hold(ordinary=[card(c) for c in p.ship.cargo], contraband=[_contraband()[c] for c in p.contraband],
                  hidden=_contraband()[p.hidden] if p.hidden else None)     # the smuggler's hold: smuggling_turn


def _store(s: State, seat: int, h: K.Hold) -> None:
    p = s.players[seat]
    p.ship.cargo, p.contraband = [c.id for c in h.ordinary], [c.id for c in h.contraband]
    p.hidden = h.hidden.id if h.hidden else None


def carried(s: State, seat: int) -> int:
    """Cards taking hold space in both compartments (MM-M7-25)."""
    return len(s.players[seat].ship.cargo) + len(s.players[seat].contraband)


# ---- buying ----
def draw_to_buy(s: State, seat: int, deck: list[str], n: int) -> T.BuyDraw:
    """The buy's draw: a contraband card naming this port is replaced too (MM-M7-04)."""
    p = s.players[seat]
    demand = s.zones[p.zone].demand
    assert demand is not None
    if not on(s):
        return T.draw_to_buy(cargo_cards(deck), n, demand)
    return K.draw_to_buy([card(c) for c in deck], n, demand, p.zone)


def smuggle_options(s: State, seat: int, pr: P.BuyPrompt) -> list[Any]:
    """Each drawn contraband card, at the zone's buying price, while both compartments have room."""
    if not on(s):
        return []
    p = s.players[seat]
    price = K.contraband_price(port_terms(s, p.zone, seat))
    if carried(s, seat) >= T.port_card_limit(hold(p)):
        return []
    from engine.merchants_marauders.rules.port import surcharge
    return [action(A.Smuggle, card=c) for c in pr.drawn if c in _contraband() and c not in pr.bought
            and p.ship.gold >= price + surcharge(s, seat, pr, c)]


def smuggle(s: State, seat: int, pr: P.BuyPrompt, card_id: str, ev: Events) -> None:
    """Bought as contraband: into the compartment for the flat price (MM-M7-05, -22); ordinary
    cards of its good bought at the pair price it no longer makes pay the difference (MM-M7-07)."""
    p = s.players[seat]
    from engine.merchants_marauders.rules.port import surcharge
    price = K.contraband_price(port_terms(s, p.zone, seat))
    extra = surcharge(s, seat, pr, card_id)
    p.ship.gold -= price + extra
    p.contraband.append(card_id)
    pr.bought.append(card_id)
    s.turn.bought_here = p.zone
    more = f", and {extra} more for the goods it no longer pairs" if extra else ""
    say(ev, f"{name(s, seat)} buys {card_id} as contraband for {price} gold{more}")


# ---- selling ----
def sellable(s: State, seat: int) -> list[str]:
    """The compartment's cards whose named port is this one (MM-M7-09)."""
    p = s.players[seat]
    if not on(s) or not p.in_port:
        return []
    return [c for c in [*p.contraband, *([p.hidden] if p.hidden else [])] if _contraband()[c].port == p.zone]


def sell(s: State, seat: int, selling: list[str], ev: Events) -> list[str]:
    """Sell the contraband among `selling` (10 gold each, a glory point every second one,
    MM-M7-10, -12); the ordinary cards left for the base sale."""
    p = s.players[seat]
    smuggled = [c for c in selling if c in p.contraband or c == p.hidden]
    if not on(s) or not smuggled:
        return selling
    sale = K.sell_contraband(_hold(s, seat), smuggled, p.zone, [_contraband()[c] for c in p.tucked])
    _store(s, seat, sale.hold)
    p.tucked = [c.id for c in sale.tucked]
    p.ship.gold += sale.gold
    s.cargo.throw_away([c.id for c in sale.discarded])
    say(ev, f"{name(s, seat)} sells {len(smuggled)} contraband for {sale.gold} gold")
    gain_glory(s, seat, sale.glory, "demand_sale", ev)
    return [c for c in selling if c not in smuggled]


# ---- leaving port ----
def must_keep(s: State, seat: int) -> bool:
    return on(s) and bool(s.players[seat].contraband) and carried(s, seat) > hold(s.players[seat])


def keep_cards(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    return [*p.ship.cargo, *p.contraband]


def keep_on_leaving(s: State, seat: int, kept: list[str]) -> bool:
    """Both compartments kept together within the hold (MM-M7-25); False: no contraband aboard."""
    p = s.players[seat]
    if not on(s) or not p.contraband:
        return False
    h, gone = K.leave_port(_hold(s, seat), kept, hold(p))
    _store(s, seat, h)
    s.cargo.throw_away([c.id for c in gone])
    return True


# ---- warship searches ----
def searches(s: State, seat: int, moment: str) -> list[str]:
    """Warships in the zone that search this seat at this moment, beyond the NPCs hunting it (MM-M7-16)."""
    if not on(s) or not s.players[seat].contraband:
        return []
    caps = npc_captains(s)
    return K.scouting_npcs(seat, moment, s.npcs, caps, {seat}, s.wars, s.turn.scouted, getattr(s, "storm", None))


def _searching(s: State, seat: int, slot: str) -> bool:
    n = s.npcs.get(slot)
    if n is None or not on(s) or not s.players[seat].contraband:
        return False
    me = next(c for c in npc_captains(s) if c.seat == seat)
    return K.searches(n, me, True) and seat not in N.hunt_list(n, npc_captains(s), s.wars) and not pirate(s.players[seat])


def ask_search(s: State, seat: int, slot: str) -> bool:
    """A warship's scouting found contraband on a non-pirate: resist or dump (MM-M7-18, -19)."""
    if not _searching(s, seat, slot):
        return False
    s.stack.append(P.ContrabandPrompt(seats=[seat], slot=slot))
    return True


def answer(s: State, seat: int, pr: P.ContrabandPrompt, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules.fight import start_fight
    s.stack.remove(pr)
    if isinstance(a, A.Resist):
        say(ev, f"{name(s, seat)} resists the {pr.slot.replace('_', ' ')}'s search")
        start_fight(s, aggressor=("seat", seat), defender=("npc", pr.slot), ev=ev)    # its bounty: fight.py
        return
    nation = s.npcs[pr.slot].nation
    assert nation is not None           # only a navy searches
    out = K.answer_search(_hold(s, seat), "dump", nation)
    _store(s, seat, out.hold)
    s.cargo.throw_away([c.id for c in out.dumped])
    say(ev, f"{name(s, seat)} dumps {len(out.dumped)} contraband before the {pr.slot.replace('_', ' ')}")


# ---- cargo hits ----
def _both(s: State, seat: int) -> bool:
    """A choice of compartment matters: cards in both, and Cargo left (at 0 everything goes)."""
    p = s.players[seat]
    return bool(p.ship.cargo) and bool(p.contraband) and p.ship.points["cargo"] > 0


def cargo_hits(s: State, seat: int, n: int) -> bool:
    """Cargo hits on a ship carrying contraband: one card a hit, from the compartment the owner
    names for each (CompartmentPrompt) while both hold cards, else from the one that does; at
    Cargo 0 everything (MM-M7-27 to -30). False: none aboard."""
    p = s.players[seat]
    if not on(s) or not p.contraband or n <= 0:
        return False
    if _both(s, seat):
        s.stack.append(P.CompartmentPrompt(seats=[seat], hits=n))
    else:
        _lose(s, seat, n, None)
    return True


def _lose(s: State, seat: int, n: int, named: K.Compartment | None) -> None:
    """`n` hits: the first from `named`, the rest (and all with None) as a silent owner would
    (contraband.default_compartment)."""
    h = _hold(s, seat)
    names = [named or K.default_compartment(h)] + [K.default_compartment(h)] * (n - 1) if n > 0 else []
    after, lost = K.cargo_hits(h, names, s.players[seat].ship.points["cargo"], s.rng)
    _store(s, seat, after)
    s.cargo.throw_away([c.id for c in lost])


def compartment_options(s: State, seat: int) -> list[Any]:
    """The default (the ordinary hold while it has cards) first, then the other if it has any."""
    first = K.default_compartment(_hold(s, seat))
    other: K.Compartment = "contraband" if first == "ordinary" else "ordinary"
    p = s.players[seat]
    return [action(A.Compartment, which=first)] + (
        [action(A.Compartment, which=other)] if (p.contraband if other == "contraband" else p.ship.cargo) else [])


def hit(s: State, seat: int, pr: P.CompartmentPrompt, which: K.Compartment, ev: Events) -> None:
    """One hit's card, at random from the compartment named (MM-M7-28); the next hit asked while
    both still hold cards, the rest by default once one is empty."""
    s.stack.remove(pr)
    _lose(s, seat, 1, which)
    say(ev, f"A cargo hit takes a card from {name(s, seat)}'s {which} {'hold' if which == 'ordinary' else 'compartment'}")
    left = pr.hits - 1
    if left > 0 and _both(s, seat):
        s.stack.append(P.CompartmentPrompt(seats=[seat], hits=left))
    elif left > 0:
        _lose(s, seat, left, None)


def on_death(s: State, seat: int) -> None:
    """The compartment and the smuggler's hold card are discarded with the captain; the tucked
    cards stay (MM-M7-14)."""
    p = s.players[seat]
    s.cargo.throw_away([*p.contraband, *([p.hidden] if p.hidden else [])])
    p.contraband, p.hidden = [], None
