"""Held games: deliveries that failed wait before they are tried again (migration 0013).

A game's outbox is held after a failed delivery: for a passing failure ('retry': a rate limit,
Discord's 5xx, a time-out) until a backoff runs out (table/backoff.py); when its thread is gone
or the bot may no longer write there ('stalled'), until a rare probe or until the host re-homes
it (`/game repost`). The pump skips held games (store.leases.unsent_games), so a stuck game
takes no turn from the others. The rows themselves stay unsent and keep their order.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Literal

from store.db import Database

HoldReason = Literal["retry", "stalled"]


@dataclass(frozen=True, slots=True)
class Hold:
    game_id: int
    reason: HoldReason
    failures: int      # deliveries that failed in a row
    retry_at: float    # unix seconds: the pump tries the game again from then on
    detail: str        # what failed, for the logs and the status line
    told: bool         # the host and players were told (a stalled game's are told once)


def _hold(row: sqlite3.Row) -> Hold:
    return Hold(int(row["game_id"]), row["reason"], int(row["failures"]), float(row["retry_at"]),
                str(row["detail"]), bool(row["told"]))


class HoldTables(Database):
    async def hold(self, game_id: int, reason: HoldReason, retry_at: float, detail: str) -> Hold:
        """Hold the game's outbox until `retry_at`, one more failure in a row; returns the hold.
        Whether the players were told is kept (a stalled game is told once, not at every probe)."""
        def run(conn: sqlite3.Connection) -> Hold:
            row = conn.execute(
                "INSERT INTO outbox_holds (game_id, reason, failures, retry_at, detail) VALUES (?, ?, 1, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET reason = excluded.reason,"
                " failures = outbox_holds.failures + 1, retry_at = excluded.retry_at, detail = excluded.detail"
                " RETURNING *", (game_id, reason, retry_at, detail[:500])).fetchone()
            return _hold(row)
        return await self._write(run)

    async def hold_of(self, game_id: int) -> Hold | None:
        def run(conn: sqlite3.Connection) -> Hold | None:
            row = conn.execute("SELECT * FROM outbox_holds WHERE game_id = ?", (game_id,)).fetchone()
            return None if row is None else _hold(row)
        return await self._read(run)

    async def mark_told(self, game_id: int) -> None:
        await self._write(lambda conn: conn.execute("UPDATE outbox_holds SET told = 1 WHERE game_id = ?", (game_id,)))

    async def release_hold(self, game_id: int) -> bool:
        """The game delivers again (a delivery went through, or it was re-homed); True if it was held."""
        return await self._write(lambda conn: conn.execute(
            "DELETE FROM outbox_holds WHERE game_id = ?", (game_id,)).rowcount == 1)

    async def release_retry_holds(self) -> int:
        """A starting bot tries every game held for a backoff at once (what failed may have been
        the process itself); stalled games stay held. Returns how many were released."""
        return await self._write(lambda conn: conn.execute(
            "DELETE FROM outbox_holds WHERE reason = 'retry'").rowcount)
