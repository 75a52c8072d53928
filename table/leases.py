"""This process to the other bot processes: its lease owner id, and the work it does under leases
(store/leases.py): delivering a game's outbox (TableService.flush_outbox) and firing timers.

The owner id names the process's place in the deployment, not the run: the shards it serves
(or WORKER_ID). A process restarted in the same place gets its own leases back at once; a place
nobody restarts has its leases run out after `seconds`, and another process takes its work over.
"""
from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from store import Store, TimerRow
from store.leases import timer_lease

LEASE_SECONDS = 60.0        # longer than one game's delivery or one timer's handler ever takes
SINGLE = "parley"           # the owner id of a bot that runs as one process


def firing_key(timer: TimerRow) -> str:
    """One firing of a timer: the same for a retry of that firing (a process killed mid-way
    leaves the timer as it was), new for each later one (the timer is moved on)."""
    return f"{timer.id}.{int(timer.due_at)}"


def owner_for(shard_ids: Sequence[int] | None, shard_count: int | None) -> str:
    """The owner id of the process serving these shards (one process: SINGLE)."""
    if not shard_count:
        return SINGLE
    ids = ",".join(str(i) for i in (shard_ids if shard_ids is not None else range(shard_count)))
    return f"shards {ids} of {shard_count}"


@dataclass(frozen=True)
class Leaseholder:
    owner: str = SINGLE
    seconds: float = LEASE_SECONDS
    clock: Callable[[], float] = time.time


async def fire_due_timers(store: Store, holder: Leaseholder, fire: Callable[[TimerRow], Awaitable[int]]) -> int:
    """Fire every due timer that no other process is firing, each under its lease; returns what
    `fire` counted. A timer another process fired meanwhile is not fired again (claim_timer
    reads it back after taking the lease)."""
    fired = 0
    for timer in await store.due_timers(holder.clock()):
        claimed = await store.claim_timer(timer.id, holder.owner, holder.clock(), holder.seconds)
        if claimed is None:
            continue
        try:
            fired += await fire(claimed)
        finally:
            await store.release_lease(timer_lease(timer.id), holder.owner)
    return fired


async def still_held(store: Store, holder: Leaseholder, name: str) -> bool:
    """Renew the lease `name` before a step that must not be done twice (a send): False if it
    ran out and another process has taken the work over (then stop: that process does it)."""
    return await store.take_lease(name, holder.owner, holder.clock(), holder.seconds)
