"""Limits that protect a server: how many games and lobbies one member and one server may have
open at once, counted in the transaction that would add one (so twenty-five /game new at once
still stop at the cap), and stamps that let one request through per cooldown (a claim's ping,
a timelapse being drawn), taken atomically in the game's settings.

Board Game Arena caps a player at 21 turn-based tables at once; Parley's default does the same.
The numbers are settings (bot.py: MAX_GAMES_PER_MEMBER and the rest)."""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from store.db import Database, now
from store.errors import StoreError


@dataclass(frozen=True, slots=True)
class Limits:
    games_per_member: int = 21     # games a member plays in or hosts, lobby or running
    lobbies_per_member: int = 3    # lobbies a member hosts
    games_per_server: int = 200    # open games (lobby or running) in one server
    lobbies_per_server: int = 25   # lobbies in one server


NO_LIMITS = Limits(games_per_member=10**9, lobbies_per_member=10**9, games_per_server=10**9,
                   lobbies_per_server=10**9)


class LimitError(StoreError):
    """A limit is reached: nothing was written; the message says which and what to do."""


def _count(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    return int(conn.execute(sql, params).fetchone()[0])


def member_games(conn: sqlite3.Connection, user_id: int, *, besides: int | None = None) -> int:
    """Open games the member hosts or has a seat in (`besides`: a game not to count)."""
    return _count(conn, "SELECT COUNT(*) FROM games g WHERE g.status IN ('lobby', 'active') AND g.id != ?"
                        " AND (g.host_user_id = ? OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id"
                        " AND s.user_id = ?))", (-1 if besides is None else besides, user_id, user_id))


def check_member(conn: sqlite3.Connection, limits: Limits, user_id: int, *, besides: int | None = None) -> None:
    """Refuse one more open game for this member (a new one, a seat, a claimed seat)."""
    if member_games(conn, user_id, besides=besides) >= limits.games_per_member:
        raise LimitError(f"You are in {limits.games_per_member} open games already, the most one member may be "
                         "in at once. Finish or leave one of them first (/game leave).")


def check_new_game(conn: sqlite3.Connection, limits: Limits, guild_id: int | None, host_user_id: int | None) -> None:
    """Refuse a new lobby past any limit of its host or its server."""
    if host_user_id is not None:
        check_member(conn, limits, host_user_id)
        if _count(conn, "SELECT COUNT(*) FROM games WHERE host_user_id = ? AND status = 'lobby'",
                  (host_user_id,)) >= limits.lobbies_per_member:
            raise LimitError(f"You host {limits.lobbies_per_member} lobbies already, the most one member may host "
                             "at once. Start or cancel one of them first (/game list shows them).")
    if guild_id is None:
        return
    by_status = {row[0]: row[1] for row in conn.execute(
        "SELECT status, COUNT(*) FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') GROUP BY status",
        (guild_id,)).fetchall()}
    lobbies = int(by_status.get("lobby", 0))
    if lobbies + int(by_status.get("active", 0)) >= limits.games_per_server:
        raise LimitError(f"This server has {limits.games_per_server} open games, the most it may have at once. "
                         "A new one can open when one of them ends or is cancelled.")
    if lobbies >= limits.lobbies_per_server:
        raise LimitError(f"This server has {limits.lobbies_per_server} lobbies waiting for players, the most it "
                         "may have at once. Join one of them (/game list), or open yours when one has started.")


def take_stamp(conn: sqlite3.Connection, game_id: int, key: str, by: str, cooldown: float,
               at: float | None = None, unless: str | None = None) -> bool:
    """Set the game's settings[key] to {at, by} unless someone else set it less than `cooldown`
    seconds before `at` (or the settings hold `unless`: the work is done); True if this caller
    now holds it. One transaction, so of any number of callers at once exactly one gets True."""
    at = now() if at is None else at
    row = conn.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return False
    settings = json.loads(row[0])
    if unless is not None and unless in settings:
        return False
    held = settings.get(key)
    if isinstance(held, dict) and held.get("by") != by and at - float(held.get("at", 0)) < cooldown:
        return False
    settings[key] = {"at": at, "by": by}
    conn.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id))
    return True


class LimitTables(Database):
    async def take_stamp(self, game_id: int, key: str, by: str, cooldown: float, at: float | None = None,
                         unless: str | None = None) -> bool:
        """See take_stamp(): True for exactly one of many callers within `cooldown` seconds."""
        return await self._write(lambda conn: take_stamp(conn, game_id, key, by, cooldown, at, unless))

    async def check_member(self, user_id: int, limits: Limits) -> None:
        """LimitError if the member is in as many open games as one may be (a read: the write that
        seats them checks again in its own transaction)."""
        await self._read(lambda conn: check_member(conn, limits, user_id))

    async def drop_stamp(self, game_id: int, key: str, by: str) -> None:
        """Give a stamp back (the work it guarded failed), if `by` still holds it."""
        def run(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            settings = json.loads(row[0]) if row is not None else {}
            if isinstance(settings.get(key), dict) and settings[key].get("by") == by:
                del settings[key]
                conn.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id))
        await self._write(run)

    async def delete_lobby(self, game_id: int) -> bool:
        """Remove a game that never got going (its thread or lobby could not be made): the row
        and its seats, timers and outbox rows. Only a lobby: False for any other game."""
        return await self._write(lambda conn: conn.execute(
            "DELETE FROM games WHERE id = ? AND status = 'lobby'", (game_id,)).rowcount == 1)


__all__ = ["LimitTables", "NO_LIMITS", "LimitError", "Limits", "check_member", "check_new_game", "member_games", "take_stamp"]
