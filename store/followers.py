"""Followers: users who watch a game they do not play (/game follow), and how far their
digests have gone."""
from __future__ import annotations

import sqlite3

from store.db import Database, now


class FollowerTables(Database):
    async def follow(self, game_id: int, user_id: int, upto: int) -> bool:
        """Start following from version `upto`; False if the user follows it already."""
        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("INSERT OR IGNORE INTO followers (game_id, user_id, upto, created_at)"
                               " VALUES (?, ?, ?, ?)", (game_id, user_id, upto, now()))
            return cur.rowcount == 1
        return await self._write(run)

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        """False if the user did not follow it."""
        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("DELETE FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            return cur.rowcount == 1
        return await self._write(run)

    async def followers(self, game_id: int) -> dict[int, int]:
        """user id -> the version their digests have reached, in the order they followed."""
        def run(conn: sqlite3.Connection) -> dict[int, int]:
            rows = conn.execute("SELECT user_id, upto FROM followers WHERE game_id = ? ORDER BY created_at, user_id",
                                (game_id,)).fetchall()
            return {int(r["user_id"]): int(r["upto"]) for r in rows}
        return await self._read(run)

    async def follower_sent(self, game_id: int, user_id: int, upto: int) -> None:
        def run(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE followers SET upto = MAX(upto, ?) WHERE game_id = ? AND user_id = ?",
                         (upto, game_id, user_id))
        await self._write(run)
