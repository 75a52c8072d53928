"""Per-game scramblers for the no-leak invariant: change only what `viewer` may not see.

A scrambler returns a copy of the state that differs from it only in information hidden from
`viewer`; every view for that viewer must then be identical.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def scramble_pirate_chest(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """Swap cards between other seats' hands and the deck, reorder the deck, and shuffle the
    identities of face-down coins. Sealed fight cards of other seats change too."""
    t = s.model_copy(deep=True)
    others = [i for i in range(len(t.players)) if i != viewer]
    pool = list(t.secret.deck)
    for i in others:
        pool += t.players[i].hand
    rand.shuffle(pool)
    for i in others:
        n = len(t.players[i].hand)
        t.players[i].hand, pool = pool[:n], pool[n:]
    t.secret.deck = pool
    hidden = [c for coins in t.islands.values() for c in coins if not c.face_up]
    ids = [c.id for c in hidden]
    rand.shuffle(ids)
    for c, new_id in zip(hidden, ids, strict=True):
        c.id = new_id
    if t.fight is not None:
        for i in others:
            t.fight.committed.pop(i, None)
    return t


SCRAMBLERS: dict[str, Callable[[Any, int | None, random.Random], Any]] = {
    "pirate_chest": scramble_pirate_chest,
}
