"""Conformance hooks for Merchants & Marauders (tests/engine/test_conformance.py finds them by
game id once the game is registered; test_engine_conformance.py runs the same checks on the
unregistered GAME before that)."""
from __future__ import annotations

import random
from typing import Any

from tests.engine.conformance_hooks import ConformanceHooks

VARIANTS: list[dict[str, Any]] = [{}, {"victory": "immediate", "variant_5": True, "variant_1": True, "variant_2": True, "variant_3": True, "variant_4": True, "variant_6": True, "module_5": True, "module_9": True, "module_7": True, "module_10": True, "module_11": True, "module_2": True}]
VARIANTS[1] |= {"module_1": True, "module_6": True, "module_8": True}       # the sea modules
VARIANTS[1] |= {"module_1": True, "module_6": True, "module_8": True}       # the sea modules
VARIANTS[1] |= {"module_3": True, "module_4": True}                        # the combat modules


def scramble_merchants(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """A copy differing only in what `viewer` may not see: every deck's order and the demand
    pile, the nations of the merchant tokens at sea (among themselves), the unrevealed
    modifications (among the ports holding one), other seats' stashes, glory cards (pooled
    with the glory deck) and rumours (pooled with the rumour deck), the captains dealt while setup's pick is open (pooled with the captain
    deck), and other seats' sealed choices (ship picks, combat orders) before the reveal."""
    t = s.model_copy(deep=True)
    for deck in (t.cargo, t.events, t.glory, t.captains, t.missions, t.rumours):
        rand.shuffle(deck.pile)
    rand.shuffle(t.demand_pile)
    at_sea = [z for z, zs in t.zones.items() if zs.merchant is not None]
    nations = [t.zones[z].merchant for z in at_sea]
    rand.shuffle(nations)
    for z, n in zip(at_sea, nations, strict=True):
        t.zones[z].merchant = n
    hidden = [z for z, zs in t.zones.items() if zs.modification is not None and not zs.revealed]
    mods = [t.zones[z].modification for z in hidden]
    rand.shuffle(mods)
    for z, m in zip(hidden, mods, strict=True):
        t.zones[z].modification = m
    others = [p for i, p in enumerate(t.players) if i != viewer]
    rumours = [p.rumour for p in others if p.rumour is not None] + t.rumours.pile
    rand.shuffle(rumours)
    for p in others:
        if p.rumour is not None:
            p.rumour, rumours = rumours[0], rumours[1:]
    t.rumours.pile = rumours
    if t.final is None:
        pool = [c for p in others for c in p.glory_cards] + t.glory.pile
        rand.shuffle(pool)
        for p in others:
            p.stash = rand.randint(0, 60)
            p.glory_cards, pool = pool[:len(p.glory_cards)], pool[len(p.glory_cards):]
        t.glory.pile = pool
    if t.turn.phase == "setup":
        caps = [p.captain for p in others] + t.captains.pile
        rand.shuffle(caps)
        for p in others:
            p.captain, caps = caps[0], caps[1:]
        t.captains.pile = caps
    for sealed, options in ((t.picks, ["sloop", "flute"]), (t.fight.orders if t.fight else None, ["shoot", "flee"])):
        if sealed is not None and not sealed.all_in:
            for seat in sealed.seats:
                if seat != viewer:
                    sealed.choices[seat] = rand.choice(options)
    if t.fight is not None and t.fight.orders is not None:
        for r in list(t.fight.declared):       # the NPC bot's order, sealed with the players'
            t.fight.declared[r] = rand.choice(["shoot", "board"])
    return t


HOOKS = ConformanceHooks(scramble=scramble_merchants, variants=VARIANTS, policy="greedy", playouts=40)
