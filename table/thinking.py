"""Bots think off the event loop.

A bot's `choose` is pure engine work (it reads the state, applies candidate decisions to copies)
and can take long: a greedy bot of Merchants & Marauders up to ~14 ms, a search bot seconds. Run
on the event loop, it would hold up every other interaction of the process. So the table hands
it to a worker thread and waits without blocking; the decision then goes through the same locked
`act` as a human's, checked against the version the bot looked at (a decision made meanwhile
refuses it, and the bot thinks again).

A decision is bounded in time: past `limit` seconds the table stops waiting and plays the game's
default action for the seat instead (what a deadline would play), logging it; the thread's late
answer is dropped. Threads cannot be killed, so a policy that may think for long must watch a
budget of its own; the limit only keeps a game from waiting on it.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from engine.core.game import Game
from engine.core.policy import Policy

log = logging.getLogger(__name__)
THINK_SECONDS = 20.0   # at most this long for one bot decision; then the seat's default action
WORKERS = 2            # bot decisions thought about at once (this machine class has 2 cores)


class Thinker:
    def __init__(self, limit: float = THINK_SECONDS, workers: int = WORKERS) -> None:
        self.limit = limit
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="parley-bot")
        self.late = 0   # decisions that ran past the limit (their default action was played)

    async def choose(self, game: Game[Any, Any, Any], s: Any, seat: int, policy: Policy) -> Any:
        """The policy's decision for `seat` in `s`, thought in a worker thread; past the limit,
        the game's default action for the seat. `s` is not changed (policies work on copies)."""
        future = asyncio.get_running_loop().run_in_executor(self._pool, policy.choose, game, s, seat)
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.limit)
        except TimeoutError:
            self.late += 1
            log.warning("a %s bot thought past %.0f s on seat %s: its default action is played", policy.name,
                        self.limit, seat)
            return game.default_action(s, seat)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["THINK_SECONDS", "Thinker"]
