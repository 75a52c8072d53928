"""The shared conformance checks (tests/engine/test_conformance.py runs them for registered games
only) run here against Dead Reckoning's GAME directly, before it is registered: at every step of
seeded bot games, notations are unique and parse back, views are unchanged by scrambling what the
viewer may not see, the default is a legal decision, every decision reads as a button label, and
the state round-trips through JSON."""
from __future__ import annotations

import random

import pytest

from engine.core import Setup, act, replay, setup_state
from engine.dead_reckoning import GAME
from engine.dead_reckoning.policy import POLICIES
from tests.engine.dead_reckoning.conformance import HOOKS
from tests.engine.test_conformance import check_default_action, check_no_leak, check_notation, check_round_trip


@pytest.mark.parametrize("seed", range(3))
def test_every_step_keeps_the_contract(seed: int) -> None:
    players = 2 + seed % 3
    setup = Setup(game=GAME.id, players=players, seed=f"conf-{seed}", options=HOOKS.variants[seed % 2])
    s = setup_state(GAME, setup)
    bots = [POLICIES[HOOKS.policy](seed * 10 + i) for i in range(players)]
    rand = random.Random(seed)
    log: list[tuple[int, str]] = []
    for step in range(HOOKS.max_actions):
        pending = GAME.pending(s)
        if pending is None:
            break
        side = GAME.side_decisions(s)
        deciding = [*pending.waiting_on, *(w for w in side if w not in pending.waiting_on)]
        seat = deciding[rand.randrange(len(deciding))]     # side decisions are taken now and then too
        legal = GAME.legal_actions(s, seat)
        assert legal, f"seed {seed}, step {step}: no legal action for waiting seat {seat}: {pending}"
        check_default_action(GAME, s, seat, legal)
        check_notation(GAME, s, seat, legal)
        check_no_leak(GAME, HOOKS, s, rand)
        assert all(0 < len(GAME.describe(s, seat, x).label) <= 80 for x in legal)
        a = bots[seat].choose(GAME, s, seat, legal) if rand.random() > 0.1 else rand.choice(legal)
        log.append((seat, GAME.notate(s, a)))
        s = act(GAME, s, seat, a).state
        check_round_trip(GAME, s)
    assert GAME.pending(s) is None and GAME.outcome(s) is not None
    assert replay(GAME, setup, log).model_dump() == s.model_dump()


def test_the_scramble_changes_what_is_hidden() -> None:
    """The leak check means something only if the scramble really moves hidden things."""
    s = GAME.setup(3, GAME.Options(), "scramble")
    t = HOOKS.scramble(s, 0, random.Random(1))
    assert t.players[0].hand == s.players[0].hand
    assert any(t.players[i].hand != s.players[i].hand or t.players[i].chest != s.players[i].chest for i in (1, 2))
    assert [t.grid[p].board for p in t.grid if not t.grid[p].face_up] != [s.grid[p].board for p in s.grid if not s.grid[p].face_up]
    assert any(t.rows[r][:-1] != s.rows[r][:-1] for r in s.rows)
    assert all(t.rows[r][-1] == s.rows[r][-1] for r in s.rows)


def test_not_registered() -> None:
    from engine.core import all_games
    assert GAME.id not in {g.id for g in all_games()}
