"""Seats in the lobby: join, add a bot, leave. Seats stay numbered 0..n-1 with no gaps.

Each change bumps the game's version: a Start decided on the old seating is stale.
"""
from __future__ import annotations

import sqlite3

from store.db import now
from store.errors import SeatError
from store.records import SeatRecord, seat_from_row


def seats_of(conn: sqlite3.Connection, game_id: int) -> list[SeatRecord]:
    rows = conn.execute("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    return [seat_from_row(r) for r in rows.fetchall()]


def _in_lobby(game: sqlite3.Row) -> None:
    if game["status"] != "lobby":
        raise SeatError("Seats can only change before the game starts; this one has "
                        f"{'started' if game['status'] == 'active' else 'ended'}.")


def _bump(conn: sqlite3.Connection, game_id: int) -> None:
    conn.execute("UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?", (now(), game_id))


def add_seat(conn: sqlite3.Connection, game: sqlite3.Row, user_id: int | None,
             bot_policy: str | None, display_name: str) -> int:
    """Take the next free seat for a player (user_id) or a bot (bot_policy); return it."""
    _in_lobby(game)
    seats = seats_of(conn, game["id"])
    taken = next((s for s in seats if user_id is not None and s.user_id == user_id), None)
    if taken is not None:
        raise SeatError(f"You are already in this game, in seat {taken.seat + 1}. Use /game leave to give it up.")
    if len(seats) >= game["players"]:
        raise SeatError(f"This game is full ({game['players']} seats). Ask the host for another table.")
    seat = len(seats)
    conn.execute("INSERT INTO seats (game_id, seat, user_id, bot_policy, display_name) VALUES (?, ?, ?, ?, ?)",
                 (game["id"], seat, user_id, bot_policy, display_name))
    _bump(conn, game["id"])
    return seat


def remove_seat(conn: sqlite3.Connection, game: sqlite3.Row, seat: int) -> None:
    """Free `seat`; the seats after it move down by one (re-inserted in order, so the
    primary key never sees two rows with one number)."""
    _in_lobby(game)
    seats = seats_of(conn, game["id"])
    if not any(s.seat == seat for s in seats):
        raise SeatError(f"Seat {seat + 1} is empty already.")
    conn.execute("DELETE FROM seats WHERE game_id = ? AND seat >= ?", (game["id"], seat))
    for s in seats[seat + 1:]:
        conn.execute("INSERT INTO seats (game_id, seat, user_id, bot_policy, display_name) VALUES (?, ?, ?, ?, ?)",
                     (game["id"], s.seat - 1, s.user_id, s.bot_policy, s.display_name))
    _bump(conn, game["id"])


def hand_to_bot(conn: sqlite3.Connection, game: sqlite3.Row, seat: int, policy: str) -> None:
    """A running game keeps its seats: a player who leaves or is kicked is replaced by a bot."""
    if game["status"] != "active":
        raise SeatError("Only a running game hands seats to bots; in the lobby the seat is simply freed.")
    cur = conn.execute("UPDATE seats SET user_id = NULL, bot_policy = ?, display_name = display_name || ' (bot)', "
                       "changed_hands = 1 WHERE game_id = ? AND seat = ?", (policy, game["id"], seat))
    if cur.rowcount != 1:
        raise SeatError(f"There is no seat {seat + 1} in this game.")


# Seat changes of a running game leave the version alone: it counts decisions, and panels
# pinned to it must keep working for everyone else.
def _running(game: sqlite3.Row) -> None:
    if game["status"] != "active":
        raise SeatError("That only works in a running game.")


def stand_in(conn: sqlite3.Connection, game: sqlite3.Row, seat: int, policy: str) -> None:
    """A bot plays a player's seat until the player is back (a missed deadline): the seat keeps
    its player, who takes it back with `give_back`."""
    _running(game)
    cur = conn.execute("UPDATE seats SET bot_policy = ? WHERE game_id = ? AND seat = ? AND user_id IS NOT NULL",
                       (policy, game["id"], seat))
    if cur.rowcount != 1:
        raise SeatError(f"Seat {seat + 1} has no player for a bot to stand in for.")


def give_back(conn: sqlite3.Connection, game: sqlite3.Row, seat: int) -> bool:
    """The player is back: the stand-in bot stops. Returns whether a bot was standing in."""
    cur = conn.execute("UPDATE seats SET bot_policy = NULL WHERE game_id = ? AND seat = ? "
                       "AND user_id IS NOT NULL AND bot_policy IS NOT NULL", (game["id"], seat))
    return bool(cur.rowcount)


def claim_seat(conn: sqlite3.Connection, game: sqlite3.Row, seat: int, user_id: int, display_name: str) -> None:
    """Someone not seated takes over a seat a bot plays (host-approved in the cog)."""
    _running(game)
    if conn.execute("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game["id"], user_id)).fetchone():
        raise SeatError("You already have a seat in this game.")
    cur = conn.execute("UPDATE seats SET user_id = ?, bot_policy = NULL, display_name = ?, changed_hands = 1 "
                       "WHERE game_id = ? AND seat = ? AND user_id IS NULL", (user_id, display_name, game["id"], seat))
    if cur.rowcount != 1:
        raise SeatError(f"Seat {seat + 1} is not played by a bot, so it cannot be claimed.")
