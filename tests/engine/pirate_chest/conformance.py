"""Conformance hooks for Pirate Chest (tests/engine/test_conformance.py finds them by game id)."""
from __future__ import annotations

import random
from typing import Any

from engine.core.pieces import face_down
from tests.engine.conformance_hooks import ConformanceHooks, deal_hidden_hands


def scramble_pirate_chest(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """Swap cards between other seats' hands and the draw pile, reorder the pile, and shuffle the
    identities of face-down coins. Sealed fight cards of other seats change too."""
    t = s.model_copy(deep=True)
    others = [i for i in range(len(t.players)) if i != viewer]
    t.deck.pile = deal_hidden_hands([t.players[i].hand for i in others], t.deck.pile, rand)
    hidden = [c for coins in t.islands.values() for c in face_down(coins)]
    ids = [c.id for c in hidden]
    rand.shuffle(ids)
    for c, new_id in zip(hidden, ids, strict=True):
        c.id = new_id
    if t.fight is not None:
        for i in others:
            t.fight.cards.choices.pop(i, None)
    return t


HOOKS = ConformanceHooks(
    scramble=scramble_pirate_chest,
    variants=[{}, {"voodoo_doll": True}, {"larger_board": True}, {"larger_board": True, "voodoo_doll": True},
              {"larger_board": False}, {"voodoo_doll": False}, {"home_port_shelters_attacker": False}],
    policy="greedy", playouts=300)
