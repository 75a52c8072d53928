"""Conformance hooks for Scoundrel Bay (tests/engine/test_conformance.py finds them by game id)."""
from __future__ import annotations

import random
from itertools import product
from typing import Any

from engine.core.pieces import face_down
from engine.scoundrel_bay.defs import defs
from tests.engine.conformance_hooks import ConformanceHooks, deal_hidden_hands

VARIANTS = ("milestones", "alternative_harbor_scoring", "captain_powers")


def scramble_scoundrel_bay(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """Swap cards between other seats' hands and the pirate deck and reorder the deck, the event
    deck and the crate stacks; shuffle face-down treasures among themselves (within a type) and
    monster stands among those of the same monster type; forget other seats' sealed choices."""
    t = s.model_copy(deep=True)
    others = [i for i in range(len(t.players)) if i != viewer]
    t.deck.pile = deal_hidden_hands([t.players[i].hand for i in others], t.deck.pile, rand)
    rand.shuffle(t.events)
    for stack in t.crate_stacks.values():
        rand.shuffle(stack)
    for kind in (1, 2, 3):
        tiles = [p for r in t.regions.values() for st in r.treasures for p in face_down(st)
                 if defs().treasures.treasures[p.id].type == kind]
        _shuffle_ids(tiles, rand)
    for monster in defs().monsters.types:
        stands = [p for sp, p in t.monsters.items() if not p.face_up and defs().board.space(sp).monster == monster]
        _shuffle_ids(stands, rand)
    if t.stage is not None:
        for sealed in (t.stage.bids, t.stage.feed):
            if sealed is not None and not sealed.all_in:
                for i in others:
                    sealed.choices.pop(i, None)
    return t


def _shuffle_ids(pieces: list[Any], rand: random.Random) -> None:
    ids = [p.id for p in pieces]
    rand.shuffle(ids)
    for p, new_id in zip(pieces, ids, strict=True):
        p.id = new_id


# Every combination of the three variants (8), each player count meeting each.
ALL_VARIANTS = [dict(zip(VARIANTS, flags, strict=True)) for flags in product((False, True), repeat=len(VARIANTS))]

HOOKS = ConformanceHooks(scramble=scramble_scoundrel_bay, variants=ALL_VARIANTS, policy="greedy", playouts=240)
