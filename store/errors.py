"""Store errors by cause. Each message is a sentence a player (or the host) can act on."""
from __future__ import annotations

import sqlite3


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class GameNotFoundError(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game #{game_id}. Use /game list to see the games here.")
        self.game_id = game_id


BOARD_CHANGED = "The board changed while you were deciding — here is the current one."


class StaleStateError(StoreError):
    """The version the caller decided on is no longer current (someone else acted first)."""

    def __init__(self, message: str = BOARD_CHANGED) -> None:
        super().__init__(message)


class DuplicateInteractionError(StoreError):
    """This Discord interaction was already applied once; it must never apply twice."""

    def __init__(self, interaction_id: str) -> None:
        super().__init__("That click was already counted — your move went through once.")
        self.interaction_id = interaction_id


class SeatError(StoreError):
    """Joining, leaving or adding a bot is not possible right now; the message says why."""


class GameStatusError(StoreError):
    """The game is not in a status that allows this (e.g. acting in a finished game)."""


class StorageError(StoreError):
    """SQLite itself failed (database locked, disk full, I/O error): the write did not happen.

    Raised by the store in place of sqlite3.OperationalError / DatabaseError, so callers that
    answer StoreErrors kindly (the cogs, the outbox pump) tell the user instead of crashing."""

    def __init__(self, detail: str) -> None:
        lowered = detail.lower()
        if "locked" in lowered or "busy" in lowered:
            cause = "the database is busy"
        elif "full" in lowered:
            cause = "the server's disk is full"
        elif "i/o" in lowered or "disk" in lowered:
            cause = "a disk error"
        else:
            cause = "a database error"
        super().__init__(f"The game's storage is not working right now ({cause}), so nothing changed. "
                         "Please try again in a minute; if it keeps happening, tell the server's admins.")
        self.detail = detail


def unavailable(e: sqlite3.DatabaseError) -> Exception:
    """SQLite failing (locked, disk full, I/O error, corrupt file) becomes a StorageError with
    a message for players; constraint and programming errors are bugs and stay as they are."""
    if isinstance(e, sqlite3.OperationalError) or type(e) is sqlite3.DatabaseError:
        return StorageError(str(e))
    return e


def status_message(status: str) -> str:
    """Why a game in this status refuses a change, in plain words."""
    return {
        "lobby": "This game has not started yet. The host can start it with /game start.",
        "active": "This game has already started.",
        "finished": "This game is over. Start a new one with /game new.",
        "cancelled": "This game was cancelled. Start a new one with /game new.",
    }[status]
