"""Parley's store: games, seats, the action log, outbox, timers and user settings in SQLite,
or in PostgreSQL when opened with a postgresql:// URL (store.pg, docs/deployment.md).

Every write is one BEGIN IMMEDIATE transaction (SERIALIZABLE on PostgreSQL; see store.db);
snapshots are version-checked.
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
    AUTO_PREFIX,
    ORDER_PREFIX,
    THREAD,
    ActionRow,
    GameRecord,
    OutboxItem,
    OutboxKind,
    OutboxRow,
    SeatRecord,
    Status,
    TimerKind,
    TimerRow,
    UserSettings,
    seat_target,
    target_seat,
    target_user,
    user_target,
)
from store.repository import Store

__all__ = [
    "AUTO_PREFIX", "ORDER_PREFIX", "ActionRow", "DuplicateInteractionError", "GameNotFoundError", "GameRecord", "GameStatusError",
    "OutboxItem", "OutboxKind", "OutboxRow", "SeatError", "SeatRecord", "StaleStateError", "Status", "StorageError",
    "Store", "StoreError", "THREAD", "TimerKind", "TimerRow", "UserSettings", "seat_target", "target_seat",
    "target_user", "user_target",
]
