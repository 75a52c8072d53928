"""Walks a seeded game to a state a standing-order test needs, fast: the humans the game waits
on play the greedy bot's choice straight at the table (no Discord round trip, nothing posted
until the test settles), the table answering by their standing orders as it does in play.
Each walk has a step cap and fails saying where it stopped."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from engine.core import get_game, side_decisions
from engine.core.orders import off_turn, order_answer
from engine.core.policy import get_policy
from table import TableService

Until = Callable[[Any, Any, Any], Awaitable[bool]]   # (game, record, state) -> reached


async def walk(table: TableService, game_id: int, until: Until, cap: int) -> int:
    """Decisions taken (the greedy bot's, seeded by step) until `until` holds; fails after `cap`."""
    for step in range(cap):
        record, s = await table.load(game_id)
        game = get_game(record.game_type)
        if await until(game, record, s):
            return step
        pending = game.pending(s)
        assert pending is not None, f"the game ended after {step} decisions, before the state was reached"
        seat = pending.waiting_on[0]
        bot = get_policy(game.id, "greedy", f"walk:{step}")
        await table.act(game_id, seat, game.notate(s, bot.choose(game, s, seat)))
    raise AssertionError(f"the state was not reached in {cap} decisions")


def at_deadline_by_order(seat: int, orders: list[str]) -> Until:
    """The seat is waited on in its own turn (not off it) with a choice to make (more than one
    option, so autoplay does not take it), and one of `orders` would answer it at its deadline."""
    async def reached(game: Any, record: Any, s: Any) -> bool:
        pending = game.pending(s)
        return (pending is not None and seat in pending.waiting_on
                and not off_turn(pending, side_decisions(game, s), seat)
                and len(game.legal_actions(s, seat)) > 1 and order_answer(game, s, seat, orders) is not None)
    return reached


def sealed_for(seat: int) -> Until:
    """The game waits on `seat` for a sealed choice, and on another seat too (nothing is revealed
    when the seat's choice goes in)."""
    async def reached(game: Any, record: Any, s: Any) -> bool:
        pending = game.pending(s)
        return (pending is not None and pending.kind == "simultaneous" and seat in pending.waiting_on
                and len(pending.waiting_on) > 1)
    return reached
