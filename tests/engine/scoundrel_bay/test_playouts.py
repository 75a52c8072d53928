"""Whole seeded games of Scoundrel Bay, bots in every seat, over 2-4 players and every variant
combination: each finishes within a step cap (failing with where it stopped), has a final score
per category, and replays from its action log to the same state."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Setup, replay
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.policy import POLICIES
from tests.engine.play_helpers import bot_game
from tests.engine.scoundrel_bay.conformance import ALL_VARIANTS

MAX_STEPS = 5000



def play(seed: int, players: int, options: dict[str, bool], bot: str) -> tuple[Any, list[tuple[int, str]], Setup]:
    return bot_game(GAME, POLICIES, bot, seed, players, options, MAX_STEPS)


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
