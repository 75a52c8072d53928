"""Conformance hooks for Merchants & Marauders (tests/engine/test_conformance.py finds them by
game id): 200 seeded playouts over the base game, every module and variant alone, and random
combinations of them; test_engine_conformance.py adds the checks only this game needs."""
from __future__ import annotations

import random
from typing import Any

from tests.engine.conformance_hooks import ConformanceHooks


def _variants() -> list[dict[str, Any]]:
    """The base game, every module and variant alone, and random combinations of them all
    (seeded, so the list is the same in every run); the playouts cycle through it."""
    from engine.merchants_marauders import MerchantsOptions
    fields = MerchantsOptions.model_fields
    switches = sorted(name for name, f in fields.items() if f.annotation is bool)
    alone: list[dict[str, Any]] = [{name: True, **({PARENT[name]: True} if name in PARENT else {})} for name in switches]
    alone += [{"variant_2": True, "variant_2_mode": "pay_to_draw"}, {"victory": "immediate"},
              {"module_8": True, "module_8_parts": "storm"}, {"module_8": True, "module_8_parts": "wind"}]
    switches = [name for name in switches if name not in PARENT]
    rand = random.Random(11)
    mixed: list[dict[str, Any]] = [{name: rand.random() < 0.5 for name in switches} for _ in range(COMBINATIONS)]
    for combo in mixed:
        combo["victory"] = rand.choice(["finish_round", "immediate"])
        combo["variant_2_mode"] = rand.choice(["two_keep_one", "pay_to_draw"])
    parts = random.Random(12)                 # its own seed: the combinations above stay as they were
    for combo in mixed:
        combo["module_8_parts"] = parts.choice(["both", "wind", "storm"])
    own = random.Random(13)                   # Modules 1 and 3's own options, likewise apart
    for combo in mixed:
        combo |= {name: own.random() < 0.5 for name in PARENT}
    everything: dict[str, Any] = {name: True for name in [*switches, *PARENT]} | {"victory": "immediate"}
    return [{}, everything, *alone, *mixed]


COMBINATIONS = 24
PARENT = {"module_1_separate": "module_1", "module_3_selling": "module_3"}    # a module's own option plays with it
VARIANTS: list[dict[str, Any]] = _variants()


def scramble_merchants(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """A copy differing only in what `viewer` may not see: every deck's order and the demand
    pile, the nations of the merchant tokens at sea (among themselves), the unrevealed
    modifications (among the ports holding one), other seats' stashes, glory cards (pooled
    with the glory deck) and rumours (pooled with the rumour deck), the captains dealt while setup's pick is open (pooled with the captain
    deck), other seats' smuggler's hold cards (pooled with the deck's contraband cards), and other
    seats' sealed choices (ship picks, combat orders) before the reveal."""
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
    smuggled = [p.hidden for p in others if p.hidden is not None] + [c for c in t.cargo.pile if c.startswith("cb-")]
    rand.shuffle(smuggled)                     # Modules 3, 7: the smuggler's hold cards, pooled with the deck's contraband
    for p in others:
        if p.hidden is not None:
            p.hidden, smuggled = smuggled[0], smuggled[1:]
    t.cargo.pile = [c for c in t.cargo.pile if not c.startswith("cb-")] + smuggled
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


HOOKS = ConformanceHooks(scramble=scramble_merchants, variants=VARIANTS, policy="greedy", playouts=200)
