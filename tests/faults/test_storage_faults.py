"""Storage faults: the database locked by another process, the disk full, an I/O error — on the
commit of a player's move, through the real bot on the loopback Discord.

Each case: the player is told, in an ephemeral reply, that nothing was saved (no traceback, no
"something went wrong"); the game's version, log and snapshot are unchanged; the bot keeps
serving (another game's move succeeds right after, and its board is posted); the same move
succeeds once the fault is gone. A fault on a bot seat's commit (inside the outbox pump) must
not stop the pump or leave the game stuck. Finally a real SQLITE_FULL (PRAGMA max_page_count)
through the TableService shows the same on sqlite's own raising path.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import cogs.turns
import store.db as store_db
from store import StorageError, Store
from table import TableService
from tests.fake_discord import FakeDiscord
from tests.faults.botkit import Kit, parley
from tests.faults.common import bot_step, describe, logged_errors, report


class _FailingCommit:
    """A sqlite3 connection whose COMMIT of a transaction that logged a matching action raises
    the fault's error instead of committing, so the store's real ROLLBACK path runs."""

    def __init__(self, conn: sqlite3.Connection, fault: _Fault) -> None:
        self._conn, self._fault, self._hit = conn, fault, False

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.startswith("INSERT INTO actions") and args and self._fault.match(args[0]):
            self._hit = True
        if sql == "COMMIT" and self._hit and self._fault.armed:
            self._fault.armed -= 1
            self._fault.fired += 1
            raise self._fault.error
        return self._conn.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        return self._conn.executemany(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


class _Fault:
    """`armed` commits whose logged action (game_id, seq, seat, …) matches fail with `error`."""

    def __init__(self, error: Exception, match: Callable[[tuple[Any, ...]], bool]) -> None:
        self.error, self.match, self.armed, self.fired = error, match, 1, 0


@contextmanager
def commit_fault(fault: _Fault) -> Iterator[_Fault]:
    """Route every write transaction through _FailingCommit (store.db._transaction is what both
    lone and grouped writes run in the connection's worker thread)."""
    real = store_db._transaction

    def transaction(conn: sqlite3.Connection, fn: Callable[[Any], Any], begin: str) -> Any:
        if begin != "BEGIN IMMEDIATE":
            return real(conn, fn, begin)
        return real(_FailingCommit(conn, fault), fn, begin)   # type: ignore[arg-type]

    store_db._transaction = transaction
    try:
        yield fault
    finally:
        store_db._transaction = real


async def snapshot_of(store: Store, game_id: int) -> tuple[int, list[Any], Any]:
    record = await store.load(game_id)
    return record.version, await store.log_rows(game_id), record.snapshot


async def two_games(k: Kit) -> tuple[tuple[int, int], tuple[int, int]]:
    anne, jack = k.fake.user_ids[:2]
    a = await k.open_game(anne)
    b = await k.open_game(jack)
    await k.settle()
    return a, b


async def play(k: Kit, game_id: int, thread: int) -> tuple[str, str, Any]:
    """The waiting human plays its greedy choice with /play; (notation, reply text, record)."""
    choice = await k.human_choice(game_id)
    assert choice is not None, "the game does not wait on its human"
    _, user, notation = choice
    rec = await k.slash(user, "play", channel_id=thread, action=notation)
    return notation, k.reply_text(rec), rec


def friendly(text: str) -> bool:
    return ("storage is not working" in text and "nothing changed" in text and "Traceback" not in text
            and "Something went wrong" not in text)


@contextmanager
def locked(db: Path) -> Iterator[sqlite3.Connection]:
    """Another process holds the write lock (BEGIN EXCLUSIVE) until the block ends."""
    other = sqlite3.connect(db, timeout=0, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


CASES: dict[str, Exception | None] = {
    "database locked by another process": None,
    "disk full on commit": sqlite3.OperationalError("database or disk is full"),
    "disk I/O error on commit": sqlite3.DatabaseError("disk I/O error"),
}


@pytest.mark.parametrize("case", list(CASES))
async def test_a_failed_commit_is_explained_and_changes_nothing(tmp_path: Path, case: str) -> None:
    await failed_commit(tmp_path / "p.db", case)


async def test_a_failed_commit_on_postgresql_is_explained_and_changes_nothing(pg_url: str) -> None:
    """The store's adapter turns the server's failures (a lost connection, a full disk, too many
    conflicts) into the same sqlite3 errors, injected at COMMIT here too, so the adapter's
    rollback and its connection after it are what is tried. One case: the I/O error and the
    bot's commit in the pump take the same path through the adapter (CI time). "Locked by
    another process" has no PostgreSQL form: concurrent writers there are retried (tests/store)."""
    await failed_commit(pg_url, "disk full on commit")


async def failed_commit(db: Path | str, case: str) -> None:
    with logged_errors() as errors:
        async with FakeDiscord() as fake, parley(fake, db) as k:
            (game_a, thread_a), (game_b, thread_b) = await two_games(k)
            before = await snapshot_of(k.bot.store, game_a)
            error = CASES[case]
            if error is None:
                await raw(k.bot.store, "PRAGMA busy_timeout = 150")
                with locked(Path(db)):
                    notation, text, rec = await play(k, game_a, thread_a)
            else:
                with commit_fault(_Fault(error, lambda row: row[0] == game_a)) as fault:
                    notation, text, rec = await play(k, game_a, thread_a)
                assert fault.fired == 1
            after = await snapshot_of(k.bot.store, game_a)
            assert friendly(text), text
            assert k.reply(rec) is not None and k.reply(rec).visibility == "ephemeral"   # type: ignore[union-attr]
            assert after == before, "the failed move changed the game"
            # the bot keeps serving: another game's move, right after, goes through and is posted
            other, other_text, _ = await play(k, game_b, thread_b)
            assert other_text.startswith("✓ "), other_text
            assert (await snapshot_of(k.bot.store, game_b))[0] > 0
            await k.settle()
            assert await k.bot.store.unsent_outbox() == []
            # and the refused move succeeds once the fault is gone
            retry, retry_text, _ = await play(k, game_a, thread_a)
            assert retry == notation and retry_text.startswith("✓ "), retry_text
            await k.settle()
            for game in (game_a, game_b):
                assert (await k.bot.store.verify(game))[0]
            assert k.run.errors == [], k.run.error_messages()
    assert errors == [], describe(errors)
    report(f"storage ({case}{'' if isinstance(db, Path) else ', PostgreSQL'})", f"/play '{notation}' with the commit failing, then another game's move, then a retry",
           0, player_was_told=f"'{text[:100]}…'", state_changed="no", other_game_served="yes")


async def test_a_failed_bot_commit_does_not_stop_the_pump(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot seats' moves are committed by the outbox pump; a storage fault there must leave
    the pump running and the game moving (not waiting forever on a bot that gave up)."""
    monkeypatch.setattr(cogs.turns, "PUMP_IDLE", 0.5)   # the idle pump retries sooner than in production
    db = tmp_path / "p.db"
    with logged_errors() as errors:
        async with FakeDiscord() as fake, parley(fake, db) as k:
            (game_a, thread_a), (game_b, thread_b) = await two_games(k)
            faults = 0
            for kind in (sqlite3.OperationalError("database or disk is full"),
                         sqlite3.DatabaseError("disk I/O error")):
                version = (await k.bot.store.load(game_a)).version
                bot_seat = _bot_seat_of(game_a)
                with commit_fault(_Fault(kind, bot_seat)) as fault:
                    async def human_plays_until_a_bot_fails() -> bool:
                        if not fault.fired and await waits_on_human(k, game_a):
                            notation, text, _ = await play(k, game_a, thread_a)
                            assert text.startswith("✓ "), text
                        return fault.fired == 1
                    await wait_for_async(human_plays_until_a_bot_fails, "a bot seat's commit to fail")
                faults += fault.fired
                # the game must carry on by itself: bots move until a human is waited on again
                await wait_for_async(lambda: waits_on_human(k, game_a), "the bots to move on after the fault")
                assert (await k.bot.store.load(game_a)).version > version + 1
            # the pump still delivers: another game's move is posted
            await play(k, game_b, thread_b)
            await k.settle()
            assert await k.bot.store.unsent_outbox() == []
            for game in (game_a, game_b):
                assert (await k.bot.store.verify(game))[0]
            assert k.run.errors == [], k.run.error_messages()
    assert errors == [], describe(errors)
    report("storage (bot seat's commit in the pump)", f"{faults} failed bot commits (disk full, I/O error)", 0,
           pump_kept_running="yes", game_stuck="no")


def _bot_seat_of(game_id: int) -> Callable[[tuple[Any, ...]], bool]:
    """Matches an action row of a bot seat of that game (the host, a human, is seat 0)."""
    return lambda row: row[0] == game_id and row[2] != 0


async def waits_on_human(k: Kit, game_id: int) -> bool:
    if k.bot.dirty or k.bot.pumping:
        return False
    return await k.human_choice(game_id) is not None


async def wait_for_async(condition: Callable[[], Any], what: str, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        if await condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def test_a_real_sqlite_full_is_a_storage_error_and_changes_nothing(tmp_path: Path) -> None:
    """SQLite's own SQLITE_FULL: cap the file at its current size (PRAGMA max_page_count) and
    let bots play until a commit needs a new page."""
    async with await Store.open(tmp_path / "full.db") as store:
        svc = TableService(store)
        games = []
        for n in range(2):
            game_id = await svc.create("pirate_chest", 4, {}, seed=f"full-{n}")
            for _ in range(4):
                await svc.add_bot(game_id)
            await svc.start(game_id)
            games.append(game_id)
        await raw(store, "VACUUM")
        pages = await store.pragma("page_count")
        await raw(store, f"PRAGMA max_page_count = {pages}")
        failure: StorageError | None = None
        moves = 0
        while moves < 400:
            moves += 1
            before = await snapshot_of(store, games[0])
            try:
                await bot_step(svc, games[0])
            except StorageError as e:
                failure = e
                break
        assert failure is not None, f"{moves} moves fitted in {pages} pages"
        assert "disk is full" in str(failure) and "full" in failure.detail
        assert await snapshot_of(store, games[0]) == before
        await raw(store, "PRAGMA max_page_count = 1073741823")
        await bot_step(svc, games[1])           # the store serves again at once
        await bot_step(svc, games[0])
        for game in games:
            assert (await store.verify(game))[0]
    report("storage (real SQLITE_FULL via max_page_count)", f"{moves} bot moves into a database capped at {pages} pages",
           0, error=f"'{failure}'", state_changed="no", next_write="ok")


async def raw(store: Store, sql: str) -> None:
    """One statement on the store's own connection, outside any transaction."""
    await store._db._execute(lambda: store._db._conn.execute(sql).fetchall())


