"""Standing orders at the table (table/orders.py, TableService): an order answers a reaction in
the same run as the decision that raised it, with no "your move" row for its owner; the public
log shows the answer as the player's own; undo takes back the answer alone; an order set after
its prompt came answers at the next run; at the deadline an order answers a prompt of the
player's own turn; the outbox waits while a decision and its orders are being committed."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.core.policy import get_policy
from store import ORDER_PREFIX, Store, seat_target
from table import TableService
from table.export import export_log
from table.history import public_actions
from table.orders import answered_since, deciding_humans, report
from tests.table.test_forced import HUMAN, start

MAX_DECISIONS = 400   # the human's decisions before a test gives up (it says where it stopped)
GAME = get_game("pirate_chest")
SEED = "orders"


@pytest.fixture
async def svc(tmp_path: Path) -> Any:
    async with await Store.open(tmp_path / "t.db") as store:
        yield TableService(store)


async def order_rows(svc: TableService, game_id: int) -> list[Any]:
    return [r for r in await svc.store.log_rows(game_id) if r.by_order and not r.undone]


async def answered_once(svc: TableService) -> int:
    """A game whose human has the order "stand", played until that order has answered."""
    game_id = await start(svc, SEED)
    await svc.store.set_order(game_id, HUMAN, "stand")

    async def answered(s: Any) -> bool:
        return bool(await order_rows(svc, game_id))
    await play_until(svc, game_id, answered)
    return game_id


async def play_until(svc: TableService, game_id: int, done: Any, limit: int = MAX_DECISIONS) -> None:
    """The human plays the greedy bot's choices (the bots after each) until `done(state)`."""
    rand = random.Random(3)
    for step in range(limit):
        record, s = await svc.load(game_id)
        if await done(s):
            return
        pending = GAME.pending(s)
        assert pending is not None and 0 in pending.waiting_on, f"step {step}: not waiting on the human: {pending}"
        bot = get_policy("pirate_chest", "greedy", rand.randrange(1 << 20))
        await svc.play(game_id, 0, GAME.notate(s, bot.choose(GAME, s, 0)))
        await svc.run_bots(game_id)
    raise AssertionError(f"not done after {limit} decisions of the human")


async def test_an_order_answers_the_reaction_at_once_and_no_prompt_is_queued(svc: TableService) -> None:
    game_id = await answered_once(svc)
    row = (await order_rows(svc, game_id))[0]
    assert row.seat == 0 and row.notation == "stand" and row.interaction_id.startswith(f"{ORDER_PREFIX}stand:")
    taken_at = int(row.interaction_id.rsplit(":", 1)[1])
    prompts = [r for r in await svc.store.outbox_of(game_id) if r.kind == "prompt" and r.target == seat_target(0)]
    assert taken_at not in [r.version for r in prompts], "the escape prompt the order answered was queued"
    boards = [r for r in await svc.store.outbox_of(game_id) if r.kind == "board" and r.version == taken_at]
    assert boards and 0 in boards[0].payload["waiting_on"]   # it was the human's reaction, answered at once
    assert answered_since(await svc.store.log_rows(game_id), game_id, 0, 0, taken_at + 1) == [("stand", "stand")]
    assert "When attacked, never try to escape" in report(GAME, [("stand", "stand")])


async def test_the_public_log_and_export_show_the_answer_as_the_players_own(svc: TableService) -> None:
    game_id = await answered_once(svc)
    rows = await svc.store.log_rows(game_id)
    seq = (await order_rows(svc, game_id))[0].seq
    public = [a for a in public_actions(rows, over=False) if a.seq == seq]
    assert public and public[0].automatic is False and public[0].notation == "stand"
    record, s = await svc.load(game_id)
    exported = [a for a in export_log(record, rows, s)["actions"] if a["seq"] == seq]
    assert exported == [{"seq": seq, "seat": 0, "notation": "stand", "automatic": False}]


async def escaping(s: Any) -> bool:
    pending = GAME.pending(s)
    return pending is not None and pending.kind == "reaction" and s.stack[-1].kind == "escape"


async def test_an_order_set_after_its_prompt_came_answers_at_the_next_run(svc: TableService) -> None:
    game_id = await start(svc, SEED)
    await play_until(svc, game_id, escaping)
    assert await svc.run_bots(game_id) == 0
    await svc.store.set_order(game_id, HUMAN, "escape")
    assert await svc.run_bots(game_id) >= 1
    assert [r.notation for r in await order_rows(svc, game_id)] == ["escape"]


async def test_undo_takes_back_the_orders_answer_alone(svc: TableService) -> None:
    game_id = await start(svc, SEED)
    await play_until(svc, game_id, escaping)
    log = await svc.store.log(game_id)
    await svc.store.set_order(game_id, HUMAN, "stand")
    assert await svc.run_bots(game_id, limit=1) == 1
    assert await svc.store.log(game_id) == [*log, (0, "stand")]
    await svc.store.clear_orders(game_id, HUMAN)
    await svc.undo(game_id, 0)
    assert await svc.store.log(game_id) == log
    record, s = await svc.load(game_id)
    assert await escaping(s)


async def test_bot_seats_are_never_answered_by_orders(svc: TableService) -> None:
    game_id = await start(svc, SEED)
    record, s = await svc.load(game_id)
    assert all(record.seats[x].bot_policy is None for x in deciding_humans(GAME, s, record, at_deadline=True))
    await svc.store.stand_in(game_id, 0)
    record, s = await svc.load(game_id)
    assert deciding_humans(GAME, s, record, at_deadline=True) == []


async def test_at_the_deadline_an_order_answers_a_prompt_of_the_players_own_turn(svc: TableService) -> None:
    game_id = await start(svc, SEED)
    record, s = await svc.load(game_id)
    pending = GAME.pending(s)
    assert pending is not None and pending.kind == "turn"
    assert deciding_humans(GAME, s, record) == [] and deciding_humans(GAME, s, record, at_deadline=True) == [0]
    assert await svc.deadline_order(game_id, 0) is None   # no order: the deadline policy acts as before
    await svc.store.set_order(game_id, HUMAN, "stand")
    assert await svc.deadline_order(game_id, 0) is None   # an order for another prompt does nothing


async def test_the_outbox_waits_while_a_game_is_committing(svc: TableService) -> None:
    game_id = await start(svc, SEED)
    assert await svc.store.unsent_outbox()
    async with svc._lock(game_id):
        assert await svc.flush_outbox() == 0
    assert await svc.flush_outbox() > 0
