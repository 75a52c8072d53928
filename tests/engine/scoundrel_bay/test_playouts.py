"""Whole seeded games of Scoundrel Bay, bots in every seat, over 2-4 players and every variant
combination: each finishes within a step cap (failing with where it stopped), has a final score
per category, and replays from its action log to the same state."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Setup, act, replay, setup_state
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.policy import POLICIES
from tests.engine.scoundrel_bay.conformance import ALL_VARIANTS

MAX_STEPS = 5000


def play(seed: int, players: int, options: dict[str, bool], bot: str) -> tuple[Any, list[tuple[int, str]], Setup]:
    setup = Setup(game=GAME.id, players=players, seed=f"playout-{seed}", options=options)
    s = setup_state(GAME, setup)
    bots = [POLICIES[bot](f"{seed}-{i}") for i in range(players)]
    rand, log = random.Random(seed), list[tuple[int, str]]()
    for _ in range(MAX_STEPS):
        pending = GAME.pending(s)
        if pending is None:
            return s, log, setup
        seat = rand.choice(pending.waiting_on)
        a = bots[seat].choose(GAME, s, seat)
        log.append((seat, GAME.notate(s, a)))
        s = act(GAME, s, seat, a).state
    raise AssertionError(f"seed {seed} ({players} players, {options}) stuck after {MAX_STEPS} steps: "
                         f"phase {s.turn.phase}, waiting on {GAME.pending(s)}")


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("variant", range(len(ALL_VARIANTS)))
def test_games_finish_score_and_replay(bot: str, variant: int) -> None:
    for players in (2, 3, 4):
        seed = variant * 10 + players
        s, log, setup = play(seed, players, ALL_VARIANTS[variant], bot)
        outcome = GAME.outcome(s)
        assert outcome is not None and len(outcome.winners) == 1
        assert set(outcome.breakdown) == set(range(players))
        assert all(set(b) == set(outcome.categories) for b in outcome.breakdown.values())
        assert replay(GAME, setup, log).model_dump() == s.model_dump()
