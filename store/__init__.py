"""Parley's store: games, seats, the action log, outbox, timers and user settings in SQLite.

Every write is one BEGIN IMMEDIATE transaction (see store.db); snapshots are version-checked.
"""
from store.errors import (
    DuplicateInteractionError,
    GameNotFoundError,
    GameStatusError,
    SeatError,
    StaleStateError,
    StorageError,
    StoreError,
)
from store.records import (
    ActionRow,
    GameRecord,
    OutboxItem,
    OutboxRow,
    SeatRecord,
    Status,
    TimerKind,
    TimerRow,
    UserSettings,
)
from store.repository import Store

__all__ = [
    "ActionRow", "DuplicateInteractionError", "GameNotFoundError", "GameRecord", "GameStatusError",
    "OutboxItem", "OutboxRow", "SeatError", "SeatRecord", "StaleStateError", "Status", "StorageError",
    "Store", "StoreError", "TimerKind", "TimerRow", "UserSettings",
]
