"""The connection: pragmas, migrations, and the one-hop transaction helpers every call uses.

How a transaction runs. aiosqlite gives each connection one dedicated worker thread that runs
queued calls one at a time. We hand that thread ONE plain function doing
`BEGIN IMMEDIATE … COMMIT` (via `Connection._execute`), rather than awaiting statement by
statement or keeping a second sqlite3 connection behind `asyncio.to_thread`:
- no `await` sits between the statements of a transaction, so no other coroutine's statement
  can land inside it, and the worker never idles while holding SQLite's write lock;
- a task cancelled while awaiting cannot strand an open transaction: the function still runs
  to its end in the worker, which commits or rolls back;
- reads and writes share the one connection and thread, so a read issued after a write
  returns sees it.
`_execute` is aiosqlite's private queueing method (unchanged from 0.17 to 0.22); the store's
tests fail loudly if it ever disappears. The asyncio.Lock on top serializes writes in FIFO
order independently of that executor detail (it stays correct if the executor changes, e.g.
a thread pool, or the asyncpg backend), and cross-process writers wait on busy_timeout.
"""
from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Self, TypeVar

import aiosqlite

from store.migrate import migrate

T = TypeVar("T")
BUSY_TIMEOUT_MS = 10_000


def now() -> float:
    return time.time()


def _configure(conn: sqlite3.Connection, busy_timeout_ms: int) -> None:
    """Pragmas, outside any transaction. busy_timeout first so the WAL switch can wait."""
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise RuntimeError(f"SQLite refused WAL mode (got {mode!r}); is the database on a network drive?")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")


def _transaction(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T], begin: str) -> T:
    """Run fn between BEGIN and COMMIT in the calling (worker) thread; roll back on any error."""
    conn.execute(begin)
    try:
        result = fn(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


class Database:
    """Owns the aiosqlite connection. Subclasses add the queries."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._db = conn
        self.path = path
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Self:
        """Open (creating if needed) the database file, set pragmas, apply pending migrations."""
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn._execute(_configure, conn._conn, busy_timeout_ms)
            store = cls(conn, str(path))
            await store._write(migrate)
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        async with self._write_lock:
            await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One write transaction (BEGIN IMMEDIATE) in one hop to the connection's thread."""
        async with self._write_lock:
            result: T = await self._db._execute(_transaction, self._db._conn, fn, "BEGIN IMMEDIATE")
            return result

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One read transaction: every query in fn sees the same committed snapshot."""
        result: T = await self._db._execute(_transaction, self._db._conn, fn, "BEGIN DEFERRED")
        return result

    async def pragma(self, name: str) -> object:
        """Read one PRAGMA value (for tests and the maintenance command)."""
        if not name.isidentifier():
            raise ValueError(f"Not a pragma name: {name!r}")

        def run(conn: sqlite3.Connection) -> object:
            return conn.execute(f"PRAGMA {name}").fetchone()[0]
        return await self._db._execute(run, self._db._conn)
