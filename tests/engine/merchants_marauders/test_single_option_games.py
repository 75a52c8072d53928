"""Each of Module 4, Module 8 (both parts, and the storm alone) and Variant 5 plays a seeded bot
game to the end with only that option on, and the game replays exactly from its log."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders.policy import POLICIES
from tests.engine.play_helpers import bot_game

ALONE: list[dict[str, Any]] = [{"module_4": True}, {"module_8": True}, {"module_8": True, "module_8_parts": "storm"},
                               {"variant_5": True}]


@pytest.mark.parametrize("opts", ALONE, ids=lambda o: "+".join(f"{k}={v}" for k, v in o.items()))
def test_a_seeded_game_with_only_this_option_finishes_and_replays(opts: dict[str, Any]) -> None:
    s, log, setup = bot_game(GAME, POLICIES, "greedy", 7, 3, opts, 40_000)
    assert GAME.outcome(s) is not None and s.turn.phase == "done"
    on = {k for k, v in s.options.items() if v is True and k != "glory_or_death"}
    assert on == {k for k, v in opts.items() if v is True}, "every other option off"
    assert replay(GAME, setup, log).model_dump() == s.model_dump()
