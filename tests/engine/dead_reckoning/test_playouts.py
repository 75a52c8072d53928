"""Whole seeded games of Dead Reckoning, bots in every seat, for 2, 3 and 4 players with and
without the Bonus token variant: each finishes within a step cap (failing with where it
stopped), has a final score per category, and replays from its action log to the same state."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Setup, act, replay, setup_state
from engine.dead_reckoning import GAME
from engine.dead_reckoning.policy import POLICIES

MAX_STEPS = 6000


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
                         f"phase {s.turn.phase}, seat {s.turn.seat}, waiting on {GAME.pending(s)}")


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("bonus_tokens", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_finish_score_and_replay(bot: str, bonus_tokens: bool, players: int) -> None:
    seed = players * 10 + bonus_tokens
    s, log, setup = play(seed, players, {"bonus_tokens": bonus_tokens}, bot)
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners
    assert set(outcome.breakdown) == set(range(players))
    assert all(set(b) == set(outcome.categories) for b in outcome.breakdown.values())
    assert any(p.record.markers() >= 4 for p in s.players), "the game ends only by the 4-marker trigger"
    assert all(p.finished for p in s.players), "every seat has had its final turn"
    assert all(p.ship.damage < 5 for p in s.players)
    for seat, p in enumerate(s.players):          # every cube is in the supply, on an island or counting progress
        on_islands = sum(isl.cubes().get(f"p{seat + 1}", 0) for isl in s.islands.values())
        progress = sum(c.cubes for c in p.record.claims.values())
        assert p.cubes + on_islands + progress == 30, (seat, p.cubes, on_islands, progress)
    if bonus_tokens:
        assert all(p.token in p.tokens_dealt for p in s.players)
    assert replay(GAME, setup, log).model_dump() == s.model_dump()
