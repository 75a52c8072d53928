"""Crash driver: `python -m tests.faults.crash_driver DB GAMES [--park KIND:N]` plays Pirate
Chest games through the TableService, as far as the parent (tests/faults/test_crash.py) lets it.

It keeps GAMES four-seat games going (finishing lobbies a killed run left half-built), makes
one decision at a time round-robin over the active games (the seat's bot policy chooses), and
runs an outbox pump concurrently, as the bot does.

The parent sets the pace, so how far a run gets before its SIGKILL does not depend on how
fast the machine is. Commands on stdin, one a line:
  go N        N more decisions may be made (the start-up work and the pump need no permission)
  finish T    play until the database holds T actions, deliver every outbox row, say DONE, exit 0
A run never ends by itself otherwise: with no permission left it says WAITING and waits.
stdin closing (the parent is gone) ends it at once. `--park KIND:N` stops it at that point
to be killed there (tests/faults/killpoints.py).

Output, one line each (killpoints.say):
  START <actions>                      the database is open; it holds that many actions
  ACT <game>                           a decision of that game is about to be made
  ACK <game> <seq> <notation>          after TableService.act returned (the commit is durable)
  DELIVER <game> <kind> <nonce> <ids>  inside Notifier.deliver, before flush_outbox marks the rows
  WAITING <decisions>                  permission used up after that many decisions in this run
  PARKED <kind> <n>                    stopped at the --park point, waiting for the kill
  DONE <actions>                       `finish` reached and every outbox row delivered
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
import uuid
from typing import Any

from engine.core import get_game
from engine.core.policy import get_policy
from store import GameRecord, OutboxRow, Store
from table import TableService
from tests.faults.deliveries import batch_of, nonce_of
from tests.faults.killpoints import ORPHANED, Parking, parking_store, say

PLAYERS = 4
POLICIES = ("greedy", "greedy", "random", "greedy")


class PrintingNotifier:
    """A notifier whose only effect is a line on stdout: the parent sees every delivery that
    happened, including those whose mark_sent a SIGKILL cut off."""

    def __init__(self, store: Store, parking: Parking) -> None:
        self.store = store
        self.parking = parking

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        ids = ",".join(str(i) for i in await batch_of(self.store, item))
        say(f"DELIVER {game.id} {item.kind} {nonce_of(item)} {ids}")
        self.parking.at("deliver")   # delivered, not yet marked sent


class Permission:
    """What the parent allows, updated from stdin by a reader thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.decisions = 0
        self.finish: int | None = None
        self.changed = asyncio.Event()
        self._loop = loop
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self._loop.call_soon_threadsafe(self._command, line.split())
        os._exit(ORPHANED)   # stdin closed: the test that drove this run is gone

    def _command(self, words: list[str]) -> None:
        match words:
            case ["go", n]:
                self.decisions += int(n)
            case ["finish", target]:
                self.finish = int(target)
            case _:
                print(f"crash_driver: unknown command {words!r}", file=sys.stderr, flush=True)
                os._exit(2)
        self.changed.set()


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
    say(f"ACK {game_id} {seq} {notation}")


async def pump(svc: TableService, stop: asyncio.Event) -> None:
    while not stop.is_set():
        while await svc.flush_outbox():
            pass
        await asyncio.sleep(0.002)


async def run(path: str, games: int, parking: Parking) -> None:
    permission = Permission(asyncio.get_running_loop())
    async with await parking_store(parking).open(path) as store:
        done = await total_actions(store)
        say(f"START {done}")
        svc = TableService(store, PrintingNotifier(store, parking))
        stop = asyncio.Event()
        pumping = asyncio.create_task(pump(svc, stop))
        await ensure_games(store, svc, games)
        turn, decisions = done, 0
        while permission.finish is None or done < permission.finish:
            if permission.finish is None and decisions >= permission.decisions:
                say(f"WAITING {decisions}")
                permission.changed.clear()
                await permission.changed.wait()
                continue
            active = await store.list_games(status="active")
            if not active:
                await ensure_games(store, svc, len(await store.list_games()) + games)
                continue
            game_id = active[turn % len(active)].id
            say(f"ACT {game_id}")
            await decide(svc, game_id)
            turn += 1
            done += 1
            decisions += 1
        stop.set()
        await pumping
        while await svc.flush_outbox():
            pass
        say(f"DONE {done}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("games", type=int)
    parser.add_argument("--park", help="KIND:N, see tests/faults/killpoints.py")
    args = parser.parse_args()
    asyncio.run(run(args.db, args.games, Parking(args.park)))
