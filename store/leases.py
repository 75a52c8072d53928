"""Leases: which bot process does a piece of shared work, and until when (migration 0009).

Several bot processes may share one database (docs/deployment.md). The outbox of one game and
each timer are worked on under a lease, so that exactly one live process delivers each row and
fires each timer. Taking a lease is one statement (an upsert that only overwrites a lease that
has run out or is the taker's own), atomic on SQLite (BEGIN IMMEDIATE) and on PostgreSQL (the
conflicting row is locked and the condition re-checked). A process killed mid-work leaves its
leases to run out; then another takes the work over. Time is always the caller's `now` (the
bot's clock), so tests drive expiry with a clock instead of waiting.
"""
from __future__ import annotations

import sqlite3

from store.db import Database
from store.records import OutboxRow, TimerRow, outbox_from_row, timer_from_row


def outbox_lease(game_id: int) -> str:
    return f"outbox:{game_id}"


def timer_lease(timer_id: int) -> str:
    return f"timer:{timer_id}"


def take_lease(conn: sqlite3.Connection, name: str, owner: str, now: float, seconds: float) -> bool:
    """Take or renew the lease `name` until now + seconds; False while another owner holds it."""
    row = conn.execute(
        "INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?)"
        " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at"
        " WHERE leases.expires_at <= ? OR leases.owner = excluded.owner"
        " RETURNING owner", (name, owner, now + seconds, now)).fetchone()
    return row is not None


class LeaseTables(Database):
    async def take_lease(self, name: str, owner: str, now: float, seconds: float) -> bool:
        return await self._write(lambda conn: take_lease(conn, name, owner, now, seconds))

    async def release_lease(self, name: str, owner: str) -> None:
        """Give the lease back (only its owner can): the work is done."""
        await self._write(lambda conn: conn.execute(
            "DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner)))

    async def leases(self) -> dict[str, tuple[str, float]]:
        """name -> (owner, expires_at) of every lease held or left behind."""
        def run(conn: sqlite3.Connection) -> dict[str, tuple[str, float]]:
            rows = conn.execute("SELECT name, owner, expires_at FROM leases ORDER BY name").fetchall()
            return {r["name"]: (r["owner"], float(r["expires_at"])) for r in rows}
        return await self._read(run)

    async def unsent_games(self, limit: int = 100, now: float | None = None) -> list[int]:
        """Games with unsent outbox rows, the one waiting longest first. With `now`, games held
        until later (store/holds.py: a failed delivery's backoff, a stalled thread) are left out,
        so stuck games never crowd a healthy one out of the `limit`."""
        def run(conn: sqlite3.Connection) -> list[int]:
            if now is None:
                rows = conn.execute("SELECT game_id FROM outbox WHERE sent_at IS NULL GROUP BY game_id"
                                    " ORDER BY MIN(id) LIMIT ?", (limit,)).fetchall()
            else:
                rows = conn.execute(
                    "SELECT o.game_id FROM outbox o LEFT JOIN outbox_holds h ON h.game_id = o.game_id"
                    " WHERE o.sent_at IS NULL AND (h.game_id IS NULL OR h.retry_at <= ?)"
                    " GROUP BY o.game_id ORDER BY MIN(o.id) LIMIT ?", (now, limit)).fetchall()
            return [int(r["game_id"]) for r in rows]
        return await self._read(run)

    async def claim_outbox(self, game_id: int, owner: str, now: float, seconds: float) -> list[OutboxRow] | None:
        """Take the lease on a game's outbox and return its unsent rows, oldest first, read after
        the lease was taken (a process that read them before may have sent some meanwhile);
        None while another process delivers them."""
        def run(conn: sqlite3.Connection) -> list[OutboxRow] | None:
            if not take_lease(conn, outbox_lease(game_id), owner, now, seconds):
                return None
            rows = conn.execute("SELECT * FROM outbox WHERE game_id = ? AND sent_at IS NULL ORDER BY id", (game_id,))
            return [outbox_from_row(r) for r in rows.fetchall()]
        return await self._write(run)

    async def claim_timer(self, timer_id: int, owner: str, now: float, seconds: float) -> TimerRow | None:
        """Take the lease on a timer and return it if it is still due; None if another process
        holds it, or it was fired meanwhile (deleted, or moved later) — then no lease is kept."""
        def run(conn: sqlite3.Connection) -> TimerRow | None:
            name = timer_lease(timer_id)
            if not take_lease(conn, name, owner, now, seconds):
                return None
            row = conn.execute("SELECT * FROM timers WHERE id = ? AND due_at <= ?", (timer_id, now)).fetchone()
            if row is None:
                conn.execute("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner))
                return None
            return timer_from_row(row)
        return await self._write(run)
