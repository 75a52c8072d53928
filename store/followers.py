"""Followers: users who watch a game they do not play (/game follow), how far their digests have
gone, and when the next one is due (migrations 0005 and 0008).

A digest is queued in the outbox (kind 'digest', target `user_target`) in the same transaction
that moves the follower's `upto` on and clears `due_at`, so it is sent once, and retried like
every other outbox row until it is.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from store.db import Database, now
from store.notify import insert_outbox
from store.records import OutboxItem, user_target

Cadence = Literal["turn", "daily", "end"]
CADENCES: tuple[str, ...] = get_args(Cadence)


@dataclass(frozen=True, slots=True)
class FollowerRow:
    game_id: int
    user_id: int
    upto: int                    # the last version whose public events the follower was sent
    cadence: Cadence
    due_at: float | None         # when the next digest is to be queued (None: none waiting)
    last_sent_at: float | None   # when the last one was queued (None: never)
    created_at: float


def _follower(row: sqlite3.Row) -> FollowerRow:
    return FollowerRow(int(row["game_id"]), int(row["user_id"]), int(row["upto"]), row["cadence"],
                       row["due_at"], row["last_sent_at"], float(row["created_at"]))


class FollowerTables(Database):
    async def follow(self, game_id: int, user_id: int, upto: int, cadence: Cadence = "daily",
                     at: float | None = None) -> bool:
        """Start following from version `upto`; False if the user follows it already."""
        if cadence not in CADENCES:
            raise ValueError(f"Unknown cadence {cadence!r}; one of {', '.join(CADENCES)}.")

        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("INSERT OR IGNORE INTO followers (game_id, user_id, upto, cadence, created_at)"
                               " VALUES (?, ?, ?, ?, ?)", (game_id, user_id, upto, cadence, now() if at is None else at))
            return cur.rowcount == 1
        return await self._write(run)

    async def set_cadence(self, game_id: int, user_id: int, cadence: Cadence) -> bool:
        """Change how often a follower hears (a digest waiting is due again by the new cadence
        at the next hand-over); False if the user does not follow the game."""
        if cadence not in CADENCES:
            raise ValueError(f"Unknown cadence {cadence!r}; one of {', '.join(CADENCES)}.")
        return await self._write(lambda conn: conn.execute(
            "UPDATE followers SET cadence = ?, due_at = NULL WHERE game_id = ? AND user_id = ?",
            (cadence, game_id, user_id)).rowcount == 1)

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        """False if the user did not follow it."""
        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("DELETE FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            return cur.rowcount == 1
        return await self._write(run)

    async def followers(self, game_id: int) -> dict[int, int]:
        """user id -> the version their digests have reached, in the order they followed."""
        return {f.user_id: f.upto for f in await self.follower_rows(game_id)}

    async def follower_rows(self, game_id: int) -> list[FollowerRow]:
        """A game's followers, in the order they followed."""
        return await self._followers("SELECT * FROM followers WHERE game_id = ? ORDER BY created_at, user_id",
                                     (game_id,))

    async def due_digests(self, at: float) -> list[FollowerRow]:
        """Followers whose digest is due at or before `at`, soonest first."""
        return await self._followers("SELECT * FROM followers WHERE due_at IS NOT NULL AND due_at <= ?"
                                     " ORDER BY due_at, game_id, user_id", (at,))

    async def _followers(self, sql: str, params: tuple[Any, ...]) -> list[FollowerRow]:
        return await self._read(lambda conn: [_follower(r) for r in conn.execute(sql, params).fetchall()])

    async def schedule_digest(self, game_id: int, user_id: int, due_at: float, *, sooner: bool = False) -> None:
        """Make a digest due at `due_at`. A digest already waiting keeps its time (what comes
        meanwhile joins it), unless `sooner` and `due_at` is earlier (the game's end)."""
        await self._write(lambda conn: conn.execute(
            "UPDATE followers SET due_at = CASE WHEN due_at IS NULL OR (? = 1 AND due_at > ?) THEN ? ELSE due_at END"
            " WHERE game_id = ? AND user_id = ?", (int(sooner), due_at, due_at, game_id, user_id)))

    async def postpone_digest(self, game_id: int, user_id: int, due_at: float) -> None:
        """Move a waiting digest to `due_at` (the end of the follower's quiet hours)."""
        await self._write(lambda conn: conn.execute(
            "UPDATE followers SET due_at = ? WHERE game_id = ? AND user_id = ?", (due_at, game_id, user_id)))

    async def queue_digest(self, f: FollowerRow, version: int, at: float,
                           payload: Mapping[str, Any] | None) -> bool:
        """Settle a due digest up to `version`: queue it in the outbox (None: nothing to send,
        e.g. the follower's DMs are off) and move the follower on, in one transaction. False if
        the follower moved on meanwhile (another pass queued it) or stopped following."""
        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("UPDATE followers SET upto = ?, due_at = NULL, last_sent_at = ?"
                               " WHERE game_id = ? AND user_id = ? AND upto = ? AND due_at IS NOT NULL",
                               (max(version, f.upto), at, f.game_id, f.user_id, f.upto))
            if cur.rowcount != 1:
                return False
            if payload is not None:
                insert_outbox(conn, f.game_id, version, [OutboxItem("digest", user_target(f.user_id), dict(payload))])
            return True
        return await self._write(run)
