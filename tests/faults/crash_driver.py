"""Crash driver: `python -m tests.faults.crash_driver DB TARGET GAMES` plays Pirate Chest games
through the TableService until the database holds TARGET actions, or until it is killed.

It keeps GAMES four-seat games going (finishing lobbies a killed run left half-built), makes
one decision at a time round-robin over the active games (the seat's bot policy chooses), and
runs an outbox pump concurrently, as the bot does. Output, one flushed line each:
  ACK <game> <seq> <notation>          after TableService.act returned (the commit is durable)
  DELIVER <game> <kind> <nonce> <ids>  inside Notifier.deliver, before flush_outbox marks the rows
  DONE <actions>                       TARGET reached and every outbox row delivered
"""
from __future__ import annotations

import asyncio
import sys
import uuid
from typing import Any

from engine.core import get_game
from engine.core.policy import get_policy
from store import GameRecord, OutboxRow, Store
from table import TableService
from tests.faults.common import batch_of, nonce_of

PLAYERS = 4
POLICIES = ("greedy", "greedy", "random", "greedy")


class PrintingNotifier:
    """A notifier whose only effect is a line on stdout: the parent sees every delivery that
    happened, including those whose mark_sent a SIGKILL cut off."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        ids = ",".join(str(i) for i in await batch_of(self.store, item))
        print(f"DELIVER {game.id} {item.kind} {nonce_of(item)} {ids}", flush=True)


async def ensure_games(store: Store, svc: TableService, games: int) -> None:
    """Create games up to `games`, and seat bots in / start any lobby left by a kill."""
    existing = await store.list_games()
    for n in range(len(existing), games):
        await svc.create("pirate_chest", PLAYERS, {}, seed=f"crash-{n}")
    for record in await store.list_games(status="lobby"):
        for seat in range(len(record.seats), PLAYERS):
            await svc.add_bot(record.id, POLICIES[seat])
        await svc.start(record.id)


async def total_actions(store: Store) -> int:
    def run(conn: Any) -> int:
        return int(conn.execute("SELECT count(*) FROM actions WHERE undone = 0").fetchone()[0])
    return await store._read(run)


async def decide(svc: TableService, game_id: int) -> None:
    record, s = await svc.load(game_id)
    game = get_game(record.game_type)
    pending = game.pending(s)
    assert pending is not None
    seat = pending.waiting_on[0]
    bot = get_policy(record.game_type, record.seats[seat].bot_policy or "greedy", f"{game_id}:{record.version}")
    notation = game.notate(s, bot.choose(game, s, seat))
    await svc.act(game_id, seat, notation, interaction_id=uuid.uuid4().hex)
    seq = (await svc.store.log_rows(game_id))[-1].seq
    print(f"ACK {game_id} {seq} {notation}", flush=True)


async def pump(svc: TableService, stop: asyncio.Event) -> None:
    while not stop.is_set():
        while await svc.flush_outbox():
            pass
        await asyncio.sleep(0.002)


async def run(path: str, target: int, games: int) -> None:
    async with await Store.open(path) as store:
        svc = TableService(store, PrintingNotifier(store))
        stop = asyncio.Event()
        pumping = asyncio.create_task(pump(svc, stop))
        await ensure_games(store, svc, games)
        done = await total_actions(store)
        turn = done
        while done < target:
            active = await store.list_games(status="active")
            if not active:
                await ensure_games(store, svc, len(await store.list_games()) + games)
                continue
            await decide(svc, active[turn % len(active)].id)
            turn += 1
            done += 1
        stop.set()
        await pumping
        while await svc.flush_outbox():
            pass
        print(f"DONE {done}", flush=True)


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
