"""table/thinking.py: a bot decides in a worker thread; one that thinks past the limit is not
waited for, and the seat's default action (what a deadline plays) is played instead."""
from __future__ import annotations

import threading
from typing import Any

from engine.core import get_game
from engine.core.policy import RandomPolicy
from table.thinking import Thinker


class Stuck(RandomPolicy):
    name = "stuck"

    def __init__(self) -> None:
        super().__init__(0)
        self.release, self.thread = threading.Event(), ""

    def choose(self, game: Any, s: Any, seat: int, legal: list[Any] | None = None) -> Any:
        self.thread = threading.current_thread().name
        self.release.wait(10)
        return super().choose(game, s, seat, legal)


async def test_a_decision_is_thought_in_a_worker_thread_and_is_the_policys() -> None:
    game = get_game("pirate_chest")
    s = game.setup(2, game.Options(), "think")
    stuck, thinker = Stuck(), Thinker(limit=30)
    stuck.release.set()
    chosen = await thinker.choose(game, s, 0, stuck)
    assert chosen == RandomPolicy(0).choose(game, s, 0)
    assert stuck.thread.startswith("parley-bot") and thinker.late == 0
    thinker.close()


async def test_past_the_limit_the_seats_default_action_is_played() -> None:
    game = get_game("pirate_chest")
    s = game.setup(2, game.Options(), "think")
    stuck, thinker = Stuck(), Thinker(limit=0.05)
    try:
        chosen = await thinker.choose(game, s, 0, stuck)
    finally:
        stuck.release.set()
    assert chosen == game.default_action(s, 0) and thinker.late == 1
    thinker.close()
