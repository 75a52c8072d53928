"""Whole seeded games of Dead Reckoning, bots in every seat, for 2, 3 and 4 players with and
without the Bonus token variant: each finishes within a step cap (failing with where it
stopped), has a final score per category, and replays from its action log to the same state."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Setup, replay
from engine.dead_reckoning import GAME
from engine.dead_reckoning.policy import POLICIES
from tests.engine.play_helpers import bot_game

MAX_STEPS = 6000



def play(seed: int, players: int, options: dict[str, bool], bot: str) -> tuple[Any, list[tuple[int, str]], Setup]:
    return bot_game(GAME, POLICIES, bot, seed, players, options, MAX_STEPS)


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
