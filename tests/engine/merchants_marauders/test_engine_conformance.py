"""Checks beyond the shared conformance (tests/engine/test_conformance.py): games of the random
bot (the shared deep runs play the greedy one), with the base game and with every option on,
checked at every step
(the default action is legal, no prompt offers more than one Discord panel of 25 options,
notations are unique and parse back, no view leaks what the scramble moves, the state
round-trips through JSON), and the scramble itself changes what it should."""
from __future__ import annotations

import random

import pytest

from engine.core import Setup, act, replay, setup_state
from engine.merchants_marauders import GAME
from engine.merchants_marauders.policy import POLICIES
from tests.engine.merchants_marauders.conformance import HOOKS
from tests.engine.test_conformance import check_default_action, check_no_leak, check_notation, check_round_trip

STEPS = 1500


@pytest.mark.parametrize("seed", range(2))
def test_every_step_keeps_the_contract(seed: int) -> None:
    players = 2 + seed % 3
    setup = Setup(game=GAME.id, players=players, seed=f"conf-{seed}", options=HOOKS.variants[seed % 2])
    s = setup_state(GAME, setup)
    bots = [POLICIES["random"](seed * 10 + i) for i in range(players)]   # greedy runs in the shared deep runs
    rand, log = random.Random(seed), list[tuple[int, str]]()
    for _ in range(STEPS):
        pending = GAME.pending(s)
        if pending is None:
            break
        seat = rand.choice(pending.waiting_on)
        legal = GAME.legal_actions(s, seat)
        assert legal, f"no legal action for waiting seat {seat}: {pending}"
        assert len(legal) <= 25, f"a prompt offers more than one panel: {len(legal)}"
        check_default_action(GAME, s, seat, legal)
        check_notation(GAME, s, seat, legal)
        check_no_leak(GAME, HOOKS, s, rand)
        a = bots[seat].choose(GAME, s, seat, legal)
        log.append((seat, GAME.notate(s, a)))
        s = act(GAME, s, seat, a).state
        check_round_trip(GAME, s)
    assert replay(GAME, setup, log).model_dump() == s.model_dump()


def test_the_scramble_changes_what_is_hidden() -> None:
    s = GAME.setup(3, GAME.Options(), "scramble")
    t = HOOKS.scramble(s, 0, random.Random(1))
    assert t.players[0].captain == s.players[0].captain
    assert [t.players[i].captain for i in (1, 2)] != [s.players[i].captain for i in (1, 2)]
    assert [z.merchant for z in t.zones.values()] != [z.merchant for z in s.zones.values()]
    assert [z.modification for z in t.zones.values()] != [z.modification for z in s.zones.values()]
    assert t.cargo.pile != s.cargo.pile
