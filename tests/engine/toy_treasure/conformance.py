"""Conformance hooks for Toy Treasure (tests/engine/test_conformance.py finds them by game id)."""
from __future__ import annotations

import random
from typing import Any

from tests.engine.conformance_hooks import ConformanceHooks


def scramble(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """Deal other seats' hands anew from them and the pile, reorder the pile, swap the face-down
    treasures, and change other seats' sealed bids to another card they hold."""
    t = s.model_copy(deep=True)
    others = [i for i in range(len(t.hands)) if i != viewer and not t.open_hands]
    pool = list(t.deck.pile) + [c for i in others for c in t.hands[i]]
    rand.shuffle(pool)
    for i in others:
        n = len(t.hands[i])
        t.hands[i], pool = pool[:n], pool[n:]
    t.deck.pile = pool
    down = [i for i, p in enumerate(t.treasures) if not p.face_up]
    ids = [t.treasures[i].id for i in down]
    rand.shuffle(ids)
    for i, new in zip(down, ids, strict=True):
        t.treasures[i].id = new
    if not t.bids.all_in:
        for i in t.bids.seats:
            if i != viewer and i in t.bids.choices and t.hands[i]:
                t.bids.choices[i] = rand.choice(t.hands[i])
    return t


HOOKS = ConformanceHooks(scramble=scramble, variants=[{}, {"treasures": 5}, {"open_hands": True}], policy="greedy")
