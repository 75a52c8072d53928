"""Conformance hooks for Dead Reckoning (tests/engine/test_conformance.py finds them by game id
once the game is registered; test_conformance_checks.py runs the same checks before that)."""
from __future__ import annotations

import random
from typing import Any

from engine.dead_reckoning.defs import defs
from tests.engine.conformance_hooks import ConformanceHooks

VARIANTS: list[dict[str, Any]] = [{"bonus_tokens": False}, {"bonus_tokens": True}]


def scramble_dead_reckoning(s: Any, viewer: int | None, rand: random.Random) -> Any:
    """A copy differing only in what `viewer` may not see: other seats' hands (cards, levels and
    sleeves, pooled with their decks), every deck's order, each row box below its top card, the
    face-down boards (among themselves), other seats' chests, Bonus tokens and open level-up, and
    the backs dealt to Merchant ships not yet attacked (among those of their row)."""
    t = s.model_copy(deep=True)
    for i, p in enumerate(t.players):
        if i == viewer:
            rand.shuffle(p.deck.pile)
            continue
        pool = p.hand + p.deck.pile
        rand.shuffle(pool)
        p.hand, p.deck.pile = pool[:len(p.hand)], pool[len(p.hand):]
        hidden = list(pool)
        sleeves = [p.sleeves.pop(c, []) for c in hidden]
        rand.shuffle(sleeves)
        for c, sl in zip(hidden, sleeves, strict=True):
            p.levels[c] = rand.randint(1, 4)
            if sl:
                p.sleeves[c] = sl
        p.chest = rand.randint(0, 60)
        p.level_open = rand.random() < 0.5
        if t.final is None:
            p.tokens_dealt = rand.sample(sorted(p.tokens_dealt), len(p.tokens_dealt))
            p.token = rand.choice(p.tokens_dealt) if p.token is not None and p.tokens_dealt else p.token
    for box in t.rows.values():
        if len(box) > 1:
            below = box[:-1]
            rand.shuffle(below)
            box[:-1] = below
    for row in sorted(t.rows):
        unseen = [c for c in sorted(t.merchant_backs) if c not in t.backs_seen
                  and defs().advancements.cards[c].row == row]
        backs = [t.merchant_backs[c] for c in unseen]
        rand.shuffle(backs)
        t.merchant_backs.update(zip(unseen, backs, strict=True))
    down = [pos for pos, sp in t.grid.items() if not sp.face_up]
    boards = [t.grid[pos].board for pos in down]
    rand.shuffle(boards)
    for pos, b in zip(down, boards, strict=True):
        t.grid[pos].board = b
    return t


HOOKS = ConformanceHooks(scramble=scramble_dead_reckoning, variants=VARIANTS, policy="greedy", playouts=200)
