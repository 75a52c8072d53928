"""Standing orders: which of a game's declared orders each player has set (/orders). Private:
read only for the player who set them and by the table deciding whether one answers."""
from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from store.db import Database, now


class OrderTables(Database):
    async def set_order(self, game_id: int, user_id: int, order_id: str, replaces: Sequence[str] = ()) -> bool:
        """Set an order, clearing `replaces` (orders it would clash with); False if it was set already."""
        def run(conn: sqlite3.Connection) -> bool:
            for other in replaces:
                conn.execute("DELETE FROM standing_orders WHERE game_id = ? AND user_id = ? AND order_id = ?",
                             (game_id, user_id, other))
            cur = conn.execute("INSERT INTO standing_orders (game_id, user_id, order_id, created_at)"
                               " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", (game_id, user_id, order_id, now()))
            return cur.rowcount == 1
        return await self._write(run)

    async def clear_orders(self, game_id: int, user_id: int, order_id: str | None = None) -> int:
        """Clear one order, or all of the player's orders in the game; returns how many went."""
        def run(conn: sqlite3.Connection) -> int:
            if order_id is None:
                cur = conn.execute("DELETE FROM standing_orders WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            else:
                cur = conn.execute("DELETE FROM standing_orders WHERE game_id = ? AND user_id = ? AND order_id = ?",
                                   (game_id, user_id, order_id))
            return cur.rowcount
        return await self._write(run)

    async def orders_in_game(self, game_id: int) -> dict[int, list[str]]:
        """user id -> their order ids (which answers first is the game's declaration order)."""
        def run(conn: sqlite3.Connection) -> dict[int, list[str]]:
            rows = conn.execute("SELECT user_id, order_id FROM standing_orders WHERE game_id = ?"
                                " ORDER BY user_id, order_id", (game_id,)).fetchall()
            found: dict[int, list[str]] = {}
            for r in rows:
                found.setdefault(int(r["user_id"]), []).append(str(r["order_id"]))
            return found
        return await self._read(run)

    async def orders_of(self, game_id: int, user_id: int) -> list[str]:
        return (await self.orders_in_game(game_id)).get(user_id, [])
