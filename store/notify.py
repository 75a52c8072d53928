"""Outbox, timers and user settings: what the bot must send, when, and how each user likes it.

Outbox rows are written in the same transaction as the decision they announce (see
repository.commit_action); the sender marks them sent after delivery, and a restart resends
whatever is still unsent.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from store.db import Database, now
from store.records import (
    TIMER_KINDS,
    USER_SETTING_FIELDS,
    OutboxItem,
    OutboxRow,
    TimerKind,
    TimerRow,
    UserSettings,
    outbox_from_row,
    seat_target,
    timer_from_row,
    user_settings_from_row,
)


def insert_outbox(conn: sqlite3.Connection, game_id: int, version: int, items: Sequence[OutboxItem]) -> None:
    """Queue items for the version a transaction just wrote (call inside that transaction)."""
    stamp = now()
    conn.executemany(
        "INSERT INTO outbox (game_id, version, kind, target, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, version, i.kind, i.target, json.dumps(i.payload), stamp) for i in items])


class NotifyTables(Database):
    # ---- outbox ------------------------------------------------------------------------
    async def unsent_outbox(self, limit: int = 100, max_attempts: int | None = None) -> list[OutboxRow]:
        """Oldest first. max_attempts leaves out rows that failed that many times already."""
        cap = -1 if max_attempts is None else max_attempts

        def run(conn: sqlite3.Connection) -> list[OutboxRow]:
            rows = conn.execute(
                "SELECT * FROM outbox WHERE sent_at IS NULL AND (? < 0 OR attempts < ?) ORDER BY id LIMIT ?",
                (cap, cap, limit))
            return [outbox_from_row(r) for r in rows.fetchall()]
        return await self._read(run)

    async def outbox_of(self, game_id: int) -> list[OutboxRow]:
        """Every outbox row of a game, sent or not, oldest first."""
        def run(conn: sqlite3.Connection) -> list[OutboxRow]:
            rows = conn.execute("SELECT * FROM outbox WHERE game_id = ? ORDER BY id", (game_id,))
            return [outbox_from_row(r) for r in rows.fetchall()]
        return await self._read(run)

    async def outbox_between(self, game_id: int, kind: str, after: int, upto: int) -> list[OutboxRow]:
        """A game's rows of one kind with after < version <= upto, oldest first."""
        def run(conn: sqlite3.Connection) -> list[OutboxRow]:
            rows = conn.execute("SELECT * FROM outbox WHERE game_id = ? AND version > ? AND version <= ? AND kind = ?"
                                " ORDER BY id", (game_id, after, upto, kind))
            return [outbox_from_row(r) for r in rows.fetchall()]
        return await self._read(run)

    async def last_prompt_version(self, game_id: int, seat: int, before: int) -> int:
        """The version at which `seat` was last asked to move before `before` (0: never)."""
        def run(conn: sqlite3.Connection) -> int:
            (found,) = conn.execute("SELECT MAX(version) FROM outbox WHERE game_id = ? AND version < ? AND kind = ?"
                                    " AND target = ?", (game_id, before, "prompt", seat_target(seat))).fetchone()
            return int(found or 0)
        return await self._read(run)

    async def claim_batch(self, outbox_ids: Sequence[int]) -> None:
        """Bind unsent rows into one post before it is sent (batch = the last id), so that a
        resend covers exactly these rows again. Rows claimed already keep their batch."""
        ids = list(outbox_ids)
        marks = ", ".join("?" * len(ids))
        await self._write(lambda conn: conn.execute(
            f"UPDATE outbox SET batch = ? WHERE id IN ({marks}) AND batch IS NULL AND sent_at IS NULL",
            (max(ids), *ids)))

    async def mark_sent(self, outbox_id: int) -> None:
        await self._write(lambda conn: conn.execute(
            "UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?", (now(), outbox_id)))

    async def mark_failed(self, outbox_id: int, error: str) -> None:
        await self._write(lambda conn: conn.execute(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?", (error[:2000], outbox_id)))

    # ---- timers ------------------------------------------------------------------------
    async def set_timer(self, game_id: int, kind: TimerKind, due_at: float, *, seat: int | None = None,
                        user_id: int | None = None, payload: Mapping[str, Any] | None = None) -> int:
        """Create or move the one timer of this kind for (game, seat); return its id."""
        if kind not in TIMER_KINDS:
            raise ValueError(f"Unknown timer kind {kind!r}; one of {', '.join(TIMER_KINDS)}.")
        values = (game_id, user_id, seat, kind, due_at, json.dumps(dict(payload or {})))

        def run(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "INSERT INTO timers (game_id, user_id, seat, kind, due_at, payload) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, ifnull(seat, -1), kind) DO UPDATE SET"
                " user_id = excluded.user_id, due_at = excluded.due_at, payload = excluded.payload"
                " RETURNING id", values).fetchone()
            return int(row[0])
        return await self._write(run)

    async def due_timers(self, now: float) -> list[TimerRow]:
        """Timers due at or before `now` (unix seconds), soonest first."""
        return await self._timers("SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id", (now,))

    async def timers_of(self, game_id: int) -> list[TimerRow]:
        return await self._timers("SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,))

    async def _timers(self, sql: str, params: tuple[Any, ...]) -> list[TimerRow]:
        return await self._read(lambda conn: [timer_from_row(r) for r in conn.execute(sql, params).fetchall()])

    async def delete_timer(self, timer_id: int) -> None:
        await self._write(lambda conn: conn.execute("DELETE FROM timers WHERE id = ?", (timer_id,)))

    async def pin_timer(self, timer: TimerRow, payload: Mapping[str, Any]) -> bool:
        """Write the payload of `timer` while it is still that firing (same due time): what a
        firing is about to do, so a repeat of it does the same. False if it moved on meanwhile."""
        return await self._write(lambda conn: conn.execute(
            "UPDATE timers SET payload = ? WHERE id = ? AND due_at = ?",
            (json.dumps(dict(payload)), timer.id, timer.due_at)).rowcount == 1)

    async def finish_timer(self, timer: TimerRow) -> bool:
        """Delete `timer` once its firing is done, unless it was moved on meanwhile (a new
        prompt set the seat's next one); returns whether it was deleted."""
        return await self._write(lambda conn: conn.execute(
            "DELETE FROM timers WHERE id = ? AND due_at = ?", (timer.id, timer.due_at)).rowcount == 1)

    async def delete_timers(self, game_id: int, seat: int | None = None, kind: TimerKind | None = None) -> int:
        """Delete a game's timers, narrowed by seat and/or kind when given; return how many."""
        sql = "DELETE FROM timers WHERE game_id = ?"
        params: list[Any] = [game_id]
        for column, value in (("seat", seat), ("kind", kind)):
            if value is not None:
                sql += f" AND {column} = ?"
                params.append(value)
        return await self._write(lambda conn: conn.execute(sql, params).rowcount)

    # ---- user settings -----------------------------------------------------------------
    async def get_user_settings(self, user_id: int) -> UserSettings:
        """The user's settings, or the defaults if they never changed any."""
        def run(conn: sqlite3.Connection) -> UserSettings:
            row = conn.execute("SELECT * FROM user_settings WHERE user_id = ?", (user_id,)).fetchone()
            return UserSettings(user_id) if row is None else user_settings_from_row(row)
        return await self._read(run)

    async def set_user_settings(self, user_id: int, **fields: Any) -> UserSettings:
        """Change some settings (names as in UserSettings); the others keep their values."""
        unknown = set(fields) - set(USER_SETTING_FIELDS)
        if unknown:
            raise ValueError(f"Unknown user setting(s) {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(USER_SETTING_FIELDS)}.")
        names = list(fields)
        columns = "".join(f", {n}" for n in names)
        updates = ", ".join(f"{n} = excluded.{n}" for n in names) or "user_id = user_id"
        sql = (f"INSERT INTO user_settings (user_id{columns}) VALUES (?{', ?' * len(names)})"
               f" ON CONFLICT (user_id) DO UPDATE SET {updates} RETURNING *")
        row = await self._write(lambda conn: conn.execute(sql, (user_id, *fields.values())).fetchone())
        return user_settings_from_row(row)
