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
tests fail loudly if it ever disappears. Cross-process writers wait on busy_timeout.

Group commit. With synchronous=FULL every COMMIT waits for an fsync (0.5 to 5 ms here), so one
transaction per write caps a busy bot at a few hundred decisions per second however fast the
rest is. Writes therefore queue in FIFO order, and whatever queued while one transaction was
running goes into the next one (at most MAX_BATCH): one BEGIN IMMEDIATE, each write inside
its own SAVEPOINT, one COMMIT. Each write is still atomic (a write that raises is rolled back
to its savepoint and only its caller sees the error) and still durable when its caller
resumes, since every caller waits for the COMMIT. A lone write runs alone, as before, so
batching adds no latency when the bot is quiet. A caller cancelled before its batch starts
is left out; after that its write runs to the end (committed or rolled back), as before.

Checkpoints. SQLite copies the WAL back into the database file (a checkpoint, with its own
fsyncs) inside whichever COMMIT makes the WAL pass `wal_autocheckpoint` pages, which stalled
that commit and every write queued behind it for 30-70 ms (p99 of an action at 500 actions/s:
~300 ms with, ~40 ms without). So while writes keep coming a second connection runs a PASSIVE
checkpoint in a worker thread at most every CHECKPOINT_EVERY seconds; it never blocks the
writer. The inline checkpoint stays as a backstop at AUTOCHECKPOINT_PAGES.

PostgreSQL. `Database.open("postgresql://…")` (DATABASE_URL) runs the same query functions, the
same queue and the same group commit on PostgreSQL: store.pg gives them a connection with the
sqlite3 API (placeholders and the few dialect differences translated; write transactions
SERIALIZABLE and run again on a serialization conflict). Anything else opens a SQLite file
(a `sqlite:///` prefix is allowed). Checkpoints and pragmas are SQLite's only.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar

import aiosqlite

from store.migrate import migrate
from store.pg import PgBackend, is_postgres_url

T = TypeVar("T")
log = logging.getLogger(__name__)
BUSY_TIMEOUT_MS = 10_000
MAX_BATCH = 256   # writes per group commit; bounds one transaction's size and time
CHECKPOINT_EVERY = 1.0        # seconds between background checkpoints while writes commit
AUTOCHECKPOINT_PAGES = 10_000  # a commit checkpoints inline only if the WAL grew this long (~40 MB)
Outcome = tuple[bool, Any]   # (True, result) or (False, the exception the write raised)


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
    conn.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}")


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


def _run_one(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], Any]) -> Outcome:
    """One write inside the batch's transaction, undone alone if it raises."""
    conn.execute("SAVEPOINT write")
    try:
        result = fn(conn)
    except Exception as e:  # noqa: BLE001 — handed to that write's caller, never swallowed
        conn.execute("ROLLBACK TO write")
        conn.execute("RELEASE write")
        return False, e
    conn.execute("RELEASE write")
    return True, result


def _group_transaction(conn: sqlite3.Connection, fns: list[Callable[[sqlite3.Connection], Any]]) -> list[Outcome]:
    """Several writes in one transaction and one COMMIT; a lone write runs as `_transaction`."""
    if len(fns) == 1:
        try:
            return [(True, _transaction(conn, fns[0], "BEGIN IMMEDIATE"))]
        except Exception as e:  # noqa: BLE001 — handed to the caller
            return [(False, e)]
    return _transaction(conn, lambda c: [_run_one(c, fn) for fn in fns], "BEGIN IMMEDIATE")


class Backend(Protocol):
    """Where query functions run: one worker thread holding one connection."""

    async def run(self, fn: Callable[..., T], *args: Any) -> T: ...
    def migrator(self, migrate: Callable[[Any], list[int]]) -> Callable[[Any], list[int]]: ...
    async def close(self) -> None: ...


class SqliteBackend:
    """aiosqlite's connection and its worker thread (see the module docstring)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, path: str, busy_timeout_ms: int) -> SqliteBackend:
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn._execute(_configure, conn._conn, busy_timeout_ms)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        result: T = await self.conn._execute(fn, self.conn._conn, *args)
        return result

    def migrator(self, migrate: Callable[[Any], list[int]]) -> Callable[[Any], list[int]]:
        return migrate

    async def close(self) -> None:
        await self.conn.close()


def sqlite_path(target: str | Path) -> str:
    """A SQLite file named plainly or as sqlite:///path."""
    text = str(target)
    return text.removeprefix("sqlite:///") if text.startswith("sqlite:///") else text


def missing_database(target: str) -> bool:
    """A SQLite file that does not exist (opening it would create an empty one)."""
    return not is_postgres_url(target) and not Path(sqlite_path(target)).is_file()


@dataclass(eq=False)
class _Write:
    fn: Callable[[sqlite3.Connection], Any]
    future: asyncio.Future[Any]


class Database:
    """Owns the connection (SQLite or PostgreSQL). Subclasses add the queries."""

    def __init__(self, backend: Backend, path: str) -> None:
        self._backend = backend
        self.path = path
        self.postgres = isinstance(backend, PgBackend)
        self._queue: list[_Write] = []        # writes waiting for the next transaction
        self._running: asyncio.Task[list[Outcome]] | None = None
        self._idle = asyncio.Event()          # set while no write is queued or running
        self._idle.set()
        self._checkpointer: sqlite3.Connection | None = None   # used by one worker thread at a time
        self._checkpointing: asyncio.Future[None] | None = None
        self._last_checkpoint = time.monotonic()

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Self:
        """Open (creating if needed) the database file, set pragmas, apply pending migrations;
        a postgresql:// URL opens that database instead (see the module docstring)."""
        target = str(path)
        backend: Backend
        if is_postgres_url(target):
            backend = await PgBackend.open(target)
        else:
            target = sqlite_path(target)
            backend = await SqliteBackend.open(target, busy_timeout_ms)
        try:
            store = cls(backend, target)
            await store._write(backend.migrator(migrate))
        except BaseException:
            await backend.close()
            raise
        return store

    @property
    def _db(self) -> aiosqlite.Connection:
        """The aiosqlite connection (SQLite only: tests and fault injection reach into it)."""
        if not isinstance(self._backend, SqliteBackend):
            raise TypeError("This store runs on PostgreSQL; it has no SQLite connection.")
        return self._backend.conn

    async def close(self) -> None:
        """Close once every queued write has committed (or failed)."""
        await self._idle.wait()
        if self._checkpointing is not None:
            await asyncio.gather(self._checkpointing, return_exceptions=True)
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run fn in a write transaction (BEGIN IMMEDIATE) in the connection's thread, together
        with the writes queued alongside it (group commit, see the module docstring); return
        once it has committed."""
        write = _Write(fn, asyncio.get_running_loop().create_future())
        self._queue.append(write)
        self._idle.clear()
        if self._running is None:
            self._start_batch()
        result: T = await write.future
        return result

    def _start_batch(self) -> None:
        batch = [w for w in self._queue[:MAX_BATCH] if not w.future.done()]   # done: cancelled
        del self._queue[:MAX_BATCH]
        if not batch:
            if self._queue:
                self._start_batch()
            else:
                self._idle.set()
            return
        run = asyncio.ensure_future(self._run_batch([w.fn for w in batch]))
        self._running = run
        run.add_done_callback(lambda _: self._finish_batch(batch, run))

    async def _run_batch(self, fns: list[Callable[[sqlite3.Connection], Any]]) -> list[Outcome]:
        outcomes: list[Outcome] = await self._backend.run(_group_transaction, fns)
        return outcomes

    def _finish_batch(self, batch: list[_Write], run: asyncio.Task[list[Outcome]]) -> None:
        """Hand each caller its result or error, then start the next batch."""
        self._running = None
        if run.cancelled():   # the loop is shutting down
            outcomes: list[Outcome] = []
            for write in batch:
                write.future.cancel()
        elif (error := run.exception()) is not None:   # BEGIN or COMMIT failed: none committed
            outcomes = [(False, error)] * len(batch)
        else:
            outcomes = run.result()
        for write, (ok, value) in zip(batch, outcomes, strict=False):
            if write.future.done():
                continue
            if ok:
                write.future.set_result(value)
            else:
                write.future.set_exception(value)
        self._start_batch()
        self._maybe_checkpoint()

    # ---- background checkpoints (see the module docstring) --------------------------------
    def _maybe_checkpoint(self) -> None:
        if self.postgres or self._checkpointing is not None or time.monotonic() - self._last_checkpoint < CHECKPOINT_EVERY:
            return
        self._checkpointing = asyncio.ensure_future(asyncio.to_thread(self._checkpoint))
        self._checkpointing.add_done_callback(self._checkpoint_done)

    def _checkpoint(self) -> None:
        """PASSIVE: copy what no reader still needs, without waiting for or blocking anyone."""
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._checkpointer.execute("PRAGMA synchronous = FULL")
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _checkpoint_done(self, done: asyncio.Future[None]) -> None:
        self._checkpointing = None
        self._last_checkpoint = time.monotonic()
        if not done.cancelled() and (error := done.exception()) is not None:
            log.warning("background checkpoint of %s failed (the next commit may checkpoint instead): %s",
                        self.path, error)

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One read transaction: every query in fn sees the same committed snapshot."""
        result: T = await self._backend.run(_transaction, fn, "BEGIN DEFERRED")
        return result

    async def pragma(self, name: str) -> object:
        """Read one PRAGMA value (for tests and the maintenance command)."""
        if not name.isidentifier():
            raise ValueError(f"Not a pragma name: {name!r}")

        def run(conn: sqlite3.Connection) -> object:
            return conn.execute(f"PRAGMA {name}").fetchone()[0]
        return await self._db._execute(run, self._db._conn)
