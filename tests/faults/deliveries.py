"""What a delivery stands for, shared by the crash driver and the audit (tests/faults/common.py).

A module of its own, without the loopback Discord: the crash driver is started afresh after
every kill, and importing tests.fake_discord (aiohttp and the fake server) cost each start
about half a second of CPU.
"""
from __future__ import annotations

from dataclasses import dataclass

from store import OutboxRow, Store
from table.service import fold_news


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
    """The outbox rows a delivered item stands for. A board item is the last row of a merged
    batch: every unsent board row of its game up to it (flush_outbox reads oldest first, so
    no unsent board row of that game with a smaller id can be left out of the batch). A
    prompt carrying `news` is the last row of a batch table.service.fold_news made: the
    seat's unsent private rows before it ride in its DM. Called inside Notifier.deliver,
    before any row of the batch is marked sent."""
    if item.kind != "board" and "news" not in item.payload:
        return (item.id,)
    rows = [r for r in await store.outbox_of(item.game_id) if r.sent_at is None]
    if item.kind == "board":
        return tuple(r.id for r in rows if r.kind == "board" and r.id <= item.id)
    batch = next((b for b in fold_news([r for r in rows if r.kind != "board"]) if b[-1].id == item.id), None)
    assert batch is not None, f"no batch of unsent rows ends with the delivered prompt {item.id}"
    return tuple(r.id for r in batch)
