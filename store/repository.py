"""The repository: games, seats and the action log, each write one BEGIN IMMEDIATE transaction.

Versions: a game starts at version 0; every change a pending decision depends on (seating in
the lobby, start, each action, each undo) adds 1, and every version-checked write names the
version its caller decided on. Thread, status and settings changes do not bump it.
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from engine.core import LogEntry, Setup
from store.db import Database, now
from store.errors import (
    DuplicateInteractionError,
    GameNotFoundError,
    GameStatusError,
    SeatError,
    StaleStateError,
    StoreError,
    status_message,
    unavailable,
)
from store.followers import FollowerTables
from store.holds import HoldTables
from store.leases import LeaseTables
from store.limits import Limits, LimitTables, check_member, check_new_game
from store.notify import NotifyTables, insert_outbox
from store.orders import OrderTables
from store.ratings import RatingTables
from store.records import (
    AUTO_PREFIX,
    STATUSES,
    ActionRow,
    GameRecord,
    OutboxItem,
    SeatRecord,
    Status,
    action_from_row,
    game_from_row,
)
from store.seating import add_seat, claim_seat, give_back, hand_to_bot, remove_seat, seats_of, stand_in
from store.verify import verify_record

Snapshot = str | Mapping[str, Any]
T = TypeVar("T")


def _json(snapshot: Snapshot) -> str:
    return snapshot if isinstance(snapshot, str) else json.dumps(snapshot, separators=(",", ":"))


def game_row(conn: sqlite3.Connection, game_id: int) -> sqlite3.Row:
    if not -(2**63) <= game_id < 2**63:   # no such row, and SQLite could not even bind it (OverflowError)
        raise GameNotFoundError(game_id)
    row: sqlite3.Row | None = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFoundError(game_id)
    return row


def _require(row: sqlite3.Row, expected_version: int, *statuses: str) -> None:
    if row["status"] not in statuses:
        raise GameStatusError(status_message(row["status"]))
    if row["version"] != expected_version:
        raise StaleStateError()


def merged(settings: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """`settings` with `changes` merged in (a None value removes a key)."""
    out = dict(settings)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def _bump(conn: sqlite3.Connection, game_id: int, expected_version: int, **columns: Any) -> int:
    """Set columns and version + 1 WHERE version = expected; return the new version."""
    sets = "".join(f", {name} = ?" for name in columns)
    cur = conn.execute(
        f"UPDATE games SET version = version + 1, updated_at = ?{sets} WHERE id = ? AND version = ?",
        (now(), *columns.values(), game_id, expected_version))
    if cur.rowcount != 1:
        raise StaleStateError()
    return expected_version + 1


def _load(conn: sqlite3.Connection, row: sqlite3.Row) -> GameRecord:
    return game_from_row(row, seats_of(conn, row["id"]))


def _valid_status(status: str | None) -> None:
    if status is not None and status not in STATUSES:
        raise ValueError(f"Unknown game status {status!r}; one of {', '.join(STATUSES)}.")


def _status_filter(status: str | Iterable[str] | None) -> tuple[str, list[Any]]:
    """SQL ' AND status IN (…)' and its parameters; nothing when status is None."""
    if status is None:
        return "", []
    wanted = [status] if isinstance(status, str) else list(status)
    for s in wanted:
        _valid_status(s)
    return f" AND status IN ({', '.join('?' * len(wanted))})", wanted


class Store(HoldTables, LimitTables, LeaseTables, RatingTables, FollowerTables, OrderTables, NotifyTables, Database):
    """Durable games for the table service. Open with `await Store.open(path)`."""

    # ---- SQLite failures -----------------------------------------------------------------
    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Database._write, with SQLite failing (locked, disk full, I/O) as a StorageError."""
        try:
            return await super()._write(fn)
        except sqlite3.DatabaseError as e:
            raise unavailable(e) from e

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        try:
            return await super()._read(fn)
        except sqlite3.DatabaseError as e:
            raise unavailable(e) from e

    # ---- games -------------------------------------------------------------------------
    async def create_game(self, game_type: str, setup: Setup, *, guild_id: int | None = None,
                          channel_id: int | None = None, thread_id: int | None = None,
                          host_user_id: int | None = None,
                          settings: Mapping[str, Any] | None = None, limits: Limits | None = None) -> int:
        """A new game in the lobby (version 0, no snapshot); setup.players is the capacity.
        With `limits`, refused (LimitError) when its host or server has as many open as they allow."""
        if setup.game != game_type:
            raise ValueError(f"Setup is for {setup.game!r}, not {game_type!r}.")
        stamp = now()
        values = (game_type, guild_id, channel_id, thread_id, host_user_id, json.dumps(setup.options),
                  setup.seed, setup.players, stamp, stamp, json.dumps(dict(settings or {})))

        def run(conn: sqlite3.Connection) -> int:
            if limits is not None:
                check_new_game(conn, limits, guild_id, host_user_id)
            row = conn.execute(
                "INSERT INTO games (game_type, guild_id, channel_id, thread_id, host_user_id, status,"
                " options, seed, players, version, created_at, updated_at, settings)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?, ?) RETURNING id", values).fetchone()
            return int(row[0])
        return await self._write(run)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        await self._set_columns(game_id, thread_id=thread_id)

    async def set_status(self, game_id: int, status: Status) -> None:
        _valid_status(status)
        await self._set_columns(game_id, status=status)

    async def update_settings(self, game_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge `changes` into the game's settings (a None value removes a key); return them."""
        def run(conn: sqlite3.Connection) -> dict[str, Any]:
            settings = merged(json.loads(game_row(conn, game_id)["settings"]), changes)
            conn.execute("UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                         (json.dumps(settings), now(), game_id))
            return settings
        return await self._write(run)

    async def _set_columns(self, game_id: int, **columns: Any) -> None:
        sets = ", ".join(f"{name} = ?" for name in columns)

        def run(conn: sqlite3.Connection) -> None:
            game_row(conn, game_id)
            conn.execute(f"UPDATE games SET {sets}, updated_at = ? WHERE id = ?",
                         (*columns.values(), now(), game_id))
        await self._write(run)

    # ---- seats -------------------------------------------------------------------------
    async def seat_user(self, game_id: int, user_id: int, display_name: str, limits: Limits | None = None) -> int:
        """Seat a player in the next free seat; SeatError if seated already, full or started;
        with `limits`, LimitError if the player is in as many open games as one may be."""
        def run(conn: sqlite3.Connection) -> int:
            game = game_row(conn, game_id)
            if limits is not None:
                check_member(conn, limits, user_id, besides=game_id)
            return add_seat(conn, game, user_id, None, display_name)
        return await self._write(run)

    async def seat_bot(self, game_id: int, policy: str, display_name: str) -> int:
        return await self._write(lambda conn: add_seat(conn, game_row(conn, game_id), None, policy, display_name))

    async def unseat(self, game_id: int, seat: int) -> None:
        """Free a seat in the lobby; later seats move down one so seats stay 0..n-1."""
        await self._write(lambda conn: remove_seat(conn, game_row(conn, game_id), seat))

    async def hand_to_bot(self, game_id: int, seat: int, policy: str = "greedy") -> None:
        """Replace a seated player of a running game with a bot (kick, or a player leaving)."""
        await self._write(lambda conn: hand_to_bot(conn, game_row(conn, game_id), seat, policy))

    async def stand_in(self, game_id: int, seat: int, policy: str = "greedy", outbox: Sequence[OutboxItem] = (),
                       expected_version: int | None = None) -> None:
        """A bot plays the seat until its player is back (the player keeps the seat); `outbox`
        rows that tell of it are queued in the same transaction, at the game's version. With
        `expected_version`, refused (StaleStateError) if the game moved on since."""
        def run(conn: sqlite3.Connection) -> None:
            game = game_row(conn, game_id)
            if expected_version is not None and game["version"] != expected_version:
                raise StaleStateError()
            stand_in(conn, game, seat, policy)
            insert_outbox(conn, game_id, int(game["version"]), outbox)
        await self._write(run)

    async def give_back(self, game_id: int, seat: int) -> bool:
        """The player is back: returns whether a stand-in bot was stopped."""
        return await self._write(lambda conn: give_back(conn, game_row(conn, game_id), seat))

    async def claim_seat(self, game_id: int, seat: int, user_id: int, display_name: str,
                         limits: Limits | None = None) -> None:
        """A bot seat of a running game goes to a new player (with `limits`, one who may be in one more game)."""
        def run(conn: sqlite3.Connection) -> None:
            game = game_row(conn, game_id)
            if limits is not None:
                check_member(conn, limits, user_id, besides=game_id)
            claim_seat(conn, game, seat, user_id, display_name)
        await self._write(run)

    async def seats(self, game_id: int) -> list[SeatRecord]:
        def run(conn: sqlite3.Connection) -> list[SeatRecord]:
            game_row(conn, game_id)
            return seats_of(conn, game_id)
        return await self._read(run)

    # ---- the pipeline: start, act, undo ------------------------------------------------
    async def start_game(self, game_id: int, expected_version: int, snapshot_json: Snapshot,
                         players: int, outbox: Sequence[OutboxItem] = (), *,
                         settings: Mapping[str, Any] | None = None) -> int:
        """Lobby → active with the first state; players must equal the seats taken. `settings`
        are changes to the game's settings, made in the same transaction (the seats at the start)."""
        snapshot = _json(snapshot_json)

        def run(conn: sqlite3.Connection) -> int:
            row = game_row(conn, game_id)
            _require(row, expected_version, "lobby")
            seated = len(seats_of(conn, game_id))
            if seated != players:
                raise SeatError(f"Cannot start with {players} players: {seated} seats are taken.")
            extra = {"settings": json.dumps(merged(json.loads(row["settings"]), settings))} if settings else {}
            version = _bump(conn, game_id, expected_version, status="active", players=players, snapshot=snapshot, **extra)
            insert_outbox(conn, game_id, version, outbox)
            return version
        return await self._write(run)

    async def commit_action(self, game_id: int, expected_version: int, seat: int, notation: str,
                            snapshot_json: Snapshot, *, interaction_id: str | None = None,
                            status: Status | None = None, outbox: Sequence[OutboxItem] = (),
                            reveals: bool | None = None, hidden: bool | None = None,
                            commitment: tuple[str, str] | None = None,
                            settings: Mapping[str, Any] | None = None) -> int:
        """Append one action, store the state after it and queue its messages, atomically.
        `hidden` marks a decision the public did not see; `commitment` is its (digest, nonce);
        `settings` are changes to the game's settings (a None value removes a key).

        DuplicateInteractionError if interaction_id was applied before; StaleStateError if the
        game moved past expected_version. Either way nothing is written. Returns the new version.
        """
        snapshot = _json(snapshot_json)
        extra: dict[str, Any] = {} if status is None else {"status": status}
        _valid_status(status)

        def run(conn: sqlite3.Connection) -> int:
            if interaction_id is not None and conn.execute(
                    "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)).fetchone():
                raise DuplicateInteractionError(interaction_id)
            row = game_row(conn, game_id)
            _require(row, expected_version, "active")
            if settings:
                extra["settings"] = json.dumps(merged(json.loads(row["settings"]), settings))
            if not 0 <= seat < row["players"]:
                raise StoreError(f"Game #{game_id} has no seat {seat}.")
            seq = conn.execute("SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_id = ?",
                               (game_id,)).fetchone()[0]
            digest, nonce = commitment or (None, None)
            conn.execute("INSERT INTO actions (game_id, seq, seat, notation, interaction_id, created_at, reveals,"
                         " hidden, commitment, nonce) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (game_id, seq, seat, notation, interaction_id, now(), None if reveals is None else int(reveals),
                          None if hidden is None else int(hidden), digest, nonce))
            version = _bump(conn, game_id, expected_version, snapshot=snapshot, **extra)
            insert_outbox(conn, game_id, version, outbox)
            return version
        return await self._write(run)

    async def commit_undo(self, game_id: int, expected_version: int, snapshot_json: Snapshot,
                          outbox: Sequence[OutboxItem] = (), *, count: int = 1) -> int:
        """Mark the last `count` live actions undone (never deleted) and store the state before them
        (count > 1: a decision together with the forced moves the table took after it).

        Only in a running game: a finished game stays as it ended (its seed may have been
        revealed by then, so reopening it would let a player know every die to come).
        """
        snapshot = _json(snapshot_json)

        def run(conn: sqlite3.Connection) -> int:
            _require(game_row(conn, game_id), expected_version, "active")
            last = [r[0] for r in conn.execute("SELECT seq FROM actions WHERE game_id = ? AND undone = 0"
                                                " ORDER BY seq DESC LIMIT ?", (game_id, count))]
            if len(last) < count or not last:
                raise StoreError("There is nothing to undo yet.")
            conn.executemany("UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ?",
                             [(game_id, seq) for seq in last])
            version = _bump(conn, game_id, expected_version, snapshot=snapshot)
            insert_outbox(conn, game_id, version, outbox)
            return version
        return await self._write(run)

    # ---- reads -------------------------------------------------------------------------
    async def load(self, game_id: int) -> GameRecord:
        return await self._read(lambda conn: _load(conn, game_row(conn, game_id)))

    async def find_by_thread(self, thread_id: int) -> GameRecord | None:
        """The newest game living in that Discord thread, or None."""
        def run(conn: sqlite3.Connection) -> GameRecord | None:
            row = conn.execute("SELECT * FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
                               (thread_id,)).fetchone()
            return None if row is None else _load(conn, row)
        return await self._read(run)

    async def list_games(self, channel_id: int | None = None,
                         status: str | Iterable[str] | None = None) -> list[GameRecord]:
        where, params = _status_filter(status)
        if channel_id is not None:
            where += " AND channel_id = ?"
            params.append(channel_id)
        return await self._games(f"SELECT * FROM games WHERE 1 = 1{where} ORDER BY id", params)

    async def active_games_with_bots(self, after_id: int = 0, limit: int = 500) -> list[GameRecord]:
        """Active games with at least one bot seat and an id above `after_id`, by id, `limit` at
        a time (resuming bots after a restart pages through them)."""
        return await self._games(
            "SELECT * FROM games WHERE status = 'active' AND id > ? AND EXISTS"
            " (SELECT 1 FROM seats WHERE seats.game_id = games.id AND bot_policy IS NOT NULL)"
            " ORDER BY id LIMIT ?", [after_id, limit])

    async def games_of_user(self, user_id: int, status: str | Iterable[str] | None = None) -> list[GameRecord]:
        """Games where the user holds a seat."""
        where, params = _status_filter(status)
        return await self._games(
            "SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            f"{where} ORDER BY id", [user_id, *params])

    async def _games(self, sql: str, params: Sequence[Any]) -> list[GameRecord]:
        return await self._read(lambda conn: [_load(conn, row) for row in conn.execute(sql, params).fetchall()])

    async def log(self, game_id: int) -> list[LogEntry]:
        """The live actions as (seat, notation), in order: what engine.core.replay takes."""
        return [(r.seat, r.notation) for r in await self.log_rows(game_id) if not r.undone]

    async def log_rows(self, game_id: int) -> list[ActionRow]:
        """Every action row in seq order, undone ones included (flagged)."""
        def run(conn: sqlite3.Connection) -> list[ActionRow]:
            game_row(conn, game_id)
            rows = conn.execute("SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            return [action_from_row(r) for r in rows.fetchall()]
        return await self._read(run)

    async def live_tail(self, game_id: int, back_past: Callable[[ActionRow], bool]) -> list[ActionRow]:
        """The live rows newest first, read back while `back_past(row)` holds, ending with the
        first row where it does not (or the oldest): the end of the log without loading it."""
        def run(conn: sqlite3.Connection) -> list[ActionRow]:
            tail: list[ActionRow] = []
            for r in conn.execute("SELECT * FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq DESC", (game_id,)):
                tail.append(action_from_row(r))
                if not back_past(tail[-1]):
                    break
            return tail
        return await self._read(run)

    async def automatic_rows(self, game_id: int, seat: int) -> list[ActionRow]:
        """The live action rows the table took for `seat` (interaction id 'auto:…'), in seq order:
        what a "your move" DM counts, without loading the whole log."""
        def run(conn: sqlite3.Connection) -> list[ActionRow]:
            rows = conn.execute("SELECT * FROM actions WHERE game_id = ? AND seat = ? AND undone = 0"
                                " AND substr(interaction_id, 1, ?) = ? ORDER BY seq",
                                (game_id, seat, len(AUTO_PREFIX), AUTO_PREFIX))
            return [action_from_row(r) for r in rows.fetchall()]
        return await self._read(run)

    async def decisions_made(self, game_id: int, seat: int) -> tuple[int, int]:
        """(the game's version, how many action rows `seat` has, undone ones included), read
        together: a count that only grows, without loading the log."""
        def run(conn: sqlite3.Connection) -> tuple[int, int]:
            version = int(game_row(conn, game_id)["version"])
            (count,) = conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = ?",
                                    (game_id, seat)).fetchone()
            return version, int(count)
        return await self._read(run)

    async def verify(self, game_id: int) -> tuple[bool, str]:
        """Does the stored snapshot equal the replay of the live log? Says where it differs."""
        def run(conn: sqlite3.Connection) -> tuple[GameRecord, list[LogEntry]]:
            record = _load(conn, game_row(conn, game_id))
            rows = conn.execute("SELECT seat, notation FROM actions WHERE game_id = ? AND undone = 0"
                                " ORDER BY seq", (game_id,)).fetchall()
            return record, [(r["seat"], r["notation"]) for r in rows]
        record, log = await self._read(run)
        return await asyncio.to_thread(verify_record, record, log)
