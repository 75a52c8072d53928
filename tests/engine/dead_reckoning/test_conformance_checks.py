"""Dead Reckoning's conformance hooks (tests/engine/test_conformance.py runs the shared checks
with them): the leak check means something only if the scramble really moves what is hidden."""
from __future__ import annotations

import random

from engine.dead_reckoning import GAME
from tests.engine.dead_reckoning.conformance import HOOKS


def test_the_scramble_changes_what_is_hidden() -> None:
    """The leak check means something only if the scramble really moves hidden things."""
    s = GAME.setup(3, GAME.Options(), "scramble")
    t = HOOKS.scramble(s, 0, random.Random(1))
    assert t.players[0].hand == s.players[0].hand
    assert any(t.players[i].hand != s.players[i].hand or t.players[i].chest != s.players[i].chest for i in (1, 2))
    assert [t.grid[p].board for p in t.grid if not t.grid[p].face_up] != [s.grid[p].board for p in s.grid if not s.grid[p].face_up]
    assert any(t.rows[r][:-1] != s.rows[r][:-1] for r in s.rows)
    assert all(t.rows[r][-1] == s.rows[r][-1] for r in s.rows)
