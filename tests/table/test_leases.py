"""Two bot processes on one database, SQLite or PostgreSQL (two connections, two lease owners, one clock): each
outbox row is delivered once and each due timer fired once, and a dead process's work is taken
over once its leases run out — by the clock, never by waiting."""
from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from store import GameRecord, OutboxRow, Store, TimerRow
from table import TableService
from table.leases import SINGLE, Leaseholder, fire_due_timers, owner_for
from tests.faults.common import bot_step
from tests.pg import Backend

NOW = 1_800_000_000.0
LEASE = 60.0
MAX_FLUSHES = 50   # a flush loop that has not emptied the outbox by then has stalled


@dataclass
class Clock:
    now: float = NOW

    def __call__(self) -> float:
        return self.now


@dataclass
class Recorder:
    """What one process delivered; `hold` parks its deliveries (a process frozen mid-post)."""
    delivered: list[int] = field(default_factory=list)   # the last row id of each delivery
    hold: asyncio.Event | None = None
    held: asyncio.Event = field(default_factory=asyncio.Event)

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        if self.hold is not None:
            self.held.set()
            await self.hold.wait()
        self.delivered.append(item.id)
        await asyncio.sleep(0)   # let the other process interleave


@pytest.fixture
async def two(backend: Backend) -> AsyncIterator[tuple[TableService, TableService, Clock]]:
    clock = Clock()
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        yield (TableService(a, Recorder(), Leaseholder("A", LEASE, clock)),
               TableService(b, Recorder(), Leaseholder("B", LEASE, clock)), clock)


async def _games(svc: TableService, n: int, steps: int) -> list[int]:
    ids = []
    for i in range(n):
        gid = await svc.create("pirate_chest", 4, {}, seed=f"lease-{i}")
        for _ in range(4):
            await svc.add_bot(gid)
        await svc.start(gid)
        for _ in range(steps):
            await bot_step(svc, gid)
        ids.append(gid)
    return ids


async def _drain(svc: TableService) -> None:
    for _ in range(MAX_FLUSHES):
        if not await svc.flush_outbox():
            return
    raise AssertionError(f"{svc.holder.owner}: the outbox was not empty after {MAX_FLUSHES} flushes")


def _recorder(svc: TableService) -> Recorder:
    assert isinstance(svc.notifier, Recorder)
    return svc.notifier


async def test_two_processes_flushing_together_deliver_each_row_once(two: Any) -> None:
    """B flushes while A is inside its first post: B delivers every other game, A's stays A's."""
    a, b, _ = two
    games = await _games(a, 6, 5)
    release = _recorder(a).hold = asyncio.Event()
    flushing = asyncio.create_task(_drain(a))
    await _recorder(a).held.wait()
    await _drain(b)
    unsent = {r.game_id for r in await b.store.unsent_outbox(limit=10_000)}
    assert unsent == {games[0]}, "B took A's game, or left another"
    release.set()
    await flushing
    deliveries = _recorder(a).delivered + _recorder(b).delivered
    assert await a.store.unsent_outbox(limit=10_000) == []
    assert [i for i, n in Counter(deliveries).items() if n > 1] == []
    assert await a.store.leases() == {}   # every lease given back


async def test_a_frozen_processes_game_waits_for_its_lease_then_is_taken_over(two: Any) -> None:
    a, b, clock = two
    [game] = await _games(a, 1, 3)
    _recorder(a).hold = asyncio.Event()
    frozen = asyncio.create_task(a.flush_outbox())      # A takes the lease, then hangs mid-post
    await _recorder(a).held.wait()
    assert await b.flush_outbox() == 0                   # B leaves the game to A...
    clock.now += LEASE - 1
    assert await b.flush_outbox() == 0                   # ...while A's lease lasts
    clock.now += 1
    await _drain(b)                                      # run out: B delivers everything
    assert await b.store.unsent_outbox(limit=10_000) == []
    frozen.cancel()                                      # A never comes back (kill -9)
    await asyncio.gather(frozen, return_exceptions=True)
    assert _recorder(a).delivered == [] and len(_recorder(b).delivered) >= 2


async def test_a_process_restarted_in_its_place_gets_its_leases_back_at_once(two: Any) -> None:
    a, b, _ = two
    [game] = await _games(a, 1, 2)
    assert await a.store.claim_outbox(game, "A", NOW, LEASE) is not None   # then A is killed
    again = TableService(b.store, Recorder(), Leaseholder("A", LEASE, b.holder.clock))   # A restarted
    await _drain(again)
    assert _recorder(again).delivered and await b.store.unsent_outbox() == []


async def test_two_processes_fire_each_due_timer_once(two: Any) -> None:
    """B makes its whole pass while A is inside firing its first timer: B fires the others, not that one."""
    a, b, clock = two
    games = await _games(a, 4, 0)
    for gid in games:
        for seat in range(3):
            await a.store.set_timer(gid, "reminder", NOW + seat, seat=seat, user_id=100 + seat)
    fired: list[tuple[str, int]] = []
    b_pass: list[int] = []

    def firer(owner: str, svc: TableService, inside: Any = None) -> Any:
        async def fire(timer: TimerRow) -> int:
            fired.append((owner, timer.id))
            if inside is not None and not b_pass:
                b_pass.append(await inside())
            await svc.store.delete_timer(timer.id)
            return 1
        return fire

    clock.now = NOW + 10
    a_count = await fire_due_timers(a.store, a.holder, firer("A", a, lambda: fire_due_timers(
        b.store, b.holder, firer("B", b))))
    assert a_count + b_pass[0] == len(fired) == 12 and b_pass[0] == 11
    assert [t for t, n in Counter(t for _, t in fired).items() if n > 1] == []
    assert await a.store.due_timers(clock.now) == [] and await a.store.leases() == {}


def test_owner_ids_name_the_place_not_the_run() -> None:
    assert owner_for(None, None) == SINGLE
    assert owner_for([1], 2) == "shards 1 of 2"
    assert owner_for(None, 3) == "shards 0,1,2 of 3"
