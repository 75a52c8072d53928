"""Modules 9 (locations), 10 (goodwill) and 11 (loyalty) each alone: a seeded game with only that
option on (every other module and variant off) plays to its end with bots in every seat, uses
the module on the way, and replays from its action log to the same state."""
from __future__ import annotations

import pytest

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders.policy import POLICIES
from tests.engine.play_helpers import bot_game

MAX_STEPS = 40_000
# What a game with the module on shows in its log (a decision only that module offers).
USED = {"module_9": ("visit",), "module_10": ("goodwill", "goodwill redraw", "pay"), "module_11": ("fierce", "loyalty")}


@pytest.mark.parametrize("module", sorted(USED))
@pytest.mark.parametrize(("bot", "seed"), [("random", 21), ("greedy", 22)])
def test_a_module_alone_finishes_and_replays(module: str, bot: str, seed: int) -> None:
    s, log, setup = bot_game(GAME, POLICIES, bot, seed, 3, {module: True}, MAX_STEPS)
    assert GAME.outcome(s) is not None
    assert all(v is False or k == module for k, v in GAME.Options(**{module: True}).model_dump().items()
               if k.startswith(("module_", "variant_")) and k not in ("variant_2_mode", "module_8_parts"))
    if bot == "random":
        assert any(a in USED[module] for _, a in log), f"{module} was played"
    assert replay(GAME, setup, log).model_dump() == s.model_dump()
