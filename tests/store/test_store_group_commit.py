"""Group commit (store/db.py): writes queued together share one transaction and one fsync, yet
each stays atomic, each caller sees only its own error, and each is on disk when it returns.
And checkpoints run beside the writer, not inside a commit."""
from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from race_helpers import new_race, play

import store.db as db
from store import StaleStateError, Store
from tests.pg import Backend


@pytest.fixture
def batches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every transaction the store runs."""
    sizes: list[int] = []
    original = db._group_transaction

    def counting(conn: sqlite3.Connection, fns: list[Any]) -> list[db.Outcome]:
        sizes.append(len(fns))
        return original(conn, fns)
    monkeypatch.setattr(db, "_group_transaction", counting)
    return sizes


async def test_writes_queued_together_share_one_transaction(store: Store, batches: list[int]) -> None:
    games = [(await new_race(store, seed=f"g{i}"))[0] for i in range(6)]
    batches.clear()
    await asyncio.gather(*(play(store, g) for g in games))
    assert sum(batches) == 6 and len(batches) < 6
    for g in games:
        assert (await store.load(g)).version == 4 and len(await store.log(g)) == 1


async def test_a_failing_write_is_undone_alone_and_only_its_caller_hears(store: Store, batches: list[int]) -> None:
    ok_game, _ = await new_race(store, seed="ok")
    other_game, _ = await new_race(store, seed="other")
    stale_game, version = await new_race(store, seed="stale")
    record = await store.load(stale_game)
    await play(store, stale_game)
    batches.clear()
    results = await asyncio.gather(
        play(store, ok_game),
        store.commit_action(stale_game, version, 0, "roll", record.snapshot_json or "{}"),
        play(store, other_game, "pass"),
        return_exceptions=True)
    assert isinstance(results[1], StaleStateError)
    assert not isinstance(results[0], BaseException) and not isinstance(results[2], BaseException)
    assert len(await store.log(ok_game)) == 1 and len(await store.log(other_game)) == 1
    assert len(await store.log(stale_game)) == 1
    assert max(batches) > 1, "the three writes should have shared a transaction"


async def test_every_write_is_on_disk_when_its_caller_returns(store: Store, backend: Backend) -> None:
    games = [(await new_race(store, seed=f"d{i}"))[0] for i in range(4)]

    async def act_then_look(game_id: int) -> int:
        await play(store, game_id)
        # another connection sees only committed data
        [(count,)] = await backend.fetch("SELECT count(*) FROM actions WHERE game_id = ?", game_id)
        return int(count)
    assert await asyncio.gather(*(act_then_look(g) for g in games)) == [1, 1, 1, 1]


async def test_close_waits_for_queued_writes(backend: Backend) -> None:
    store = await Store.open(backend.url)
    games = [(await new_race(store, seed=f"c{i}"))[0] for i in range(3)]
    records = [await store.load(g) for g in games]
    writes = [asyncio.create_task(store.commit_action(r.id, r.version, 0, "roll", r.snapshot_json or "{}"))
              for r in records]
    await asyncio.sleep(0)   # all three queued
    await store.close()
    assert all(w.done() for w in writes)
    async with await Store.open(backend.url) as reopened:
        assert [len(await reopened.log(g)) for g in games] == [1, 1, 1]


async def test_checkpoints_run_beside_the_writer(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "CHECKPOINT_EVERY", 0.0)
    async with await Store.open(db_path) as store:
        assert await store.pragma("wal_autocheckpoint") == db.AUTOCHECKPOINT_PAGES
        game_id, _ = await new_race(store)
        for _ in range(5):
            await play(store, game_id)
        # every commit above started a background checkpoint unless one was running: wait for
        # the one in flight (if any) instead of guessing how long it takes
        assert store._checkpointing is not None or store._checkpointer is not None, "no background checkpoint started"
        if store._checkpointing is not None:
            await asyncio.gather(store._checkpointing, return_exceptions=True)
        assert store._checkpointing is None
        assert store._checkpointer is not None, "no background checkpoint ran"
        with sqlite3.connect(db_path) as other:   # everything committed is in the database file
            busy, wal_frames, copied = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and wal_frames == copied
    assert store._checkpointer is None and store._checkpointing is None
