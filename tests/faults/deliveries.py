"""What a delivery stands for, shared by the crash driver and the audit (tests/faults/common.py).

A module of its own, without the loopback Discord: the crash driver is started afresh after
every kill, and importing tests.fake_discord (aiohttp and the fake server) cost each start
about half a second of CPU.
"""
from __future__ import annotations

from dataclasses import dataclass

from store import OutboxRow, Store
from table.outbox import batches_to_send


def nonce_of(item: OutboxRow) -> str:
    """The nonce cogs.notifier.DiscordNotifier sends with this (possibly merged) item."""
    return f"{'p' if item.kind in ('board', 'final') else 'd'}{item.id}"


@dataclass
class Delivery:
    game_id: int
    kind: str
    nonce: str
    row_ids: tuple[int, ...]


async def batch_of(store: Store, item: OutboxRow) -> tuple[int, ...]:
    """The outbox rows a delivered item stands for: the batch of unsent rows that
    table.outbox.batches_to_send made and that ends with it (a merged board post, or a prompt
    carrying `news`, stands for several; a batch claimed by an earlier try keeps its rows).
    Called inside Notifier.deliver, before any row of the batch is marked sent."""
    rows = [r for r in await store.outbox_of(item.game_id) if r.sent_at is None]
    batch = next((b for b in batches_to_send(rows) if b[-1].id == item.id), None)
    assert batch is not None, f"no batch of unsent rows ends with the delivered {item.kind} {item.id}"
    return tuple(r.id for r in batch)
