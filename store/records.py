"""Records the store hands out: small frozen dataclasses, parsed from rows (JSON already decoded)."""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from engine.core import Setup, get_game

Status = Literal["lobby", "active", "finished", "cancelled"]
TimerKind = Literal["reminder", "deadline", "archive"]
STATUSES: tuple[str, ...] = get_args(Status)
TIMER_KINDS: tuple[str, ...] = get_args(TimerKind)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    user_id: int | None
    bot_policy: str | None
    display_name: str
    changed_hands: bool = False   # its player left or was kicked, or it was claimed: not rated

    @property
    def is_bot(self) -> bool:
        return self.bot_policy is not None


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    game_type: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_user_id: int | None
    status: Status
    options: dict[str, Any]
    seed: str
    players: int
    version: int
    snapshot_json: str | None     # the state as stored; decoded only when asked for (see snapshot)
    created_at: float
    updated_at: float
    settings: dict[str, Any]
    seats: tuple[SeatRecord, ...] = ()

    @property
    def snapshot(self) -> dict[str, Any] | None:
        """The stored state as JSON data (None before the game starts). Decoded on each call:
        most loads only need the version (the table service caches states), and listing
        thousands of games should not decode thousands of snapshots."""
        return None if self.snapshot_json is None else json.loads(self.snapshot_json)

    @property
    def setup(self) -> Setup:
        """What engine.core.replay needs to recreate the first state."""
        return Setup(game=self.game_type, players=self.players, seed=self.seed, options=self.options)

    def state(self) -> Any:
        """The snapshot validated as the game's State model (None before the game starts)."""
        if self.snapshot_json is None:
            return None
        return get_game(self.game_type).State.model_validate_json(self.snapshot_json)

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    notation: str
    interaction_id: str | None
    created_at: float
    undone: bool
    reveals: bool | None = None     # None: logged before migration 0003
    hidden: bool | None = None      # not public when made (a sealed choice); None: before 0004
    commitment: str | None = None   # engine.core.fair.choice_commitment of a hidden decision
    nonce: str | None = None        # its nonce: never shown before the game is over

    @property
    def automatic(self) -> bool:
        """Taken for the seat by the table (a forced move, a deadline), not by its player."""
        return (self.interaction_id or "").startswith(AUTO_PREFIX)

    @property
    def by_order(self) -> bool:
        """Answered by one of the player's standing orders (private: see `shown_automatic`)."""
        return (self.interaction_id or "").startswith(ORDER_PREFIX)

    @property
    def shown_automatic(self) -> bool:
        """`automatic` as anyone else may be told it: a standing order's answer shows as the
        player's own, so nobody learns that the player has orders."""
        return self.automatic and not self.by_order


AUTO_PREFIX = "auto:"   # interaction ids of decisions the table takes for a seat
ORDER_PREFIX = f"{AUTO_PREFIX}order:"   # those a standing order of the player answered
OutboxKind = Literal["board", "private", "prompt", "final", "digest", "replay", "deadline"]
THREAD = "thread"


def seat_target(seat: int) -> str:
    """The outbox target of one seat's private rows: the one place that writes 'seat:<n>'."""
    return f"seat:{seat}"


def user_target(user_id: int) -> str:
    """The outbox target of a DM to a user who has no seat (a follower's digest)."""
    return f"user:{user_id}"


def target_user(target: str) -> int | None:
    """The user an outbox target names ('user:<id>'), or None."""
    kind, _, number = target.partition(":")
    return int(number) if kind == "user" else None


def target_seat(target: str) -> int | None:
    """The seat an outbox target names, or None for the thread: the one place that reads it."""
    kind, _, number = target.partition(":")
    return int(number) if kind == "seat" else None


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A post or DM to send once the transaction that decided it has committed.

    target: 'thread', a seat (`seat_target`) or a user (`user_target`).
    """
    kind: OutboxKind
    target: str
    payload: dict[str, Any] = field(default_factory=dict)

    @property
    def seat(self) -> int | None:
        return target_seat(self.target)


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    game_id: int
    version: int
    kind: OutboxKind
    target: str
    payload: dict[str, Any]
    created_at: float
    sent_at: float | None
    attempts: int
    last_error: str | None
    batch: int | None = None      # set when a delivery claimed this row before sending it (see flush_outbox)

    @property
    def seat(self) -> int | None:
        return target_seat(self.target)


@dataclass(frozen=True, slots=True)
class TimerRow:
    id: int
    game_id: int
    user_id: int | None
    seat: int | None
    kind: TimerKind
    due_at: float
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    dm_notifications: bool = True
    reminder_hours: float | None = None
    quiet_start: str | None = None
    quiet_end: str | None = None
    timezone: str = "UTC"
    dm_closed: bool = False
    autoplay: bool = True               # take a decision with a single legal option for me
    away_until: float | None = None     # on vacation until then: my deadlines wait

    def away(self, now: float) -> bool:
        return self.away_until is not None and now < self.away_until


USER_SETTING_FIELDS = ("dm_notifications", "reminder_hours", "quiet_start", "quiet_end", "timezone", "dm_closed",
                       "autoplay", "away_until")


def seat_from_row(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(row["seat"], row["user_id"], row["bot_policy"], row["display_name"], bool(row["changed_hands"]))


def game_from_row(row: sqlite3.Row, seats: list[SeatRecord]) -> GameRecord:
    snapshot = row["snapshot"]
    return GameRecord(
        id=row["id"], game_type=row["game_type"], guild_id=row["guild_id"],
        channel_id=row["channel_id"], thread_id=row["thread_id"],
        host_user_id=row["host_user_id"], status=row["status"],
        options=json.loads(row["options"]), seed=row["seed"], players=row["players"],
        version=row["version"], snapshot_json=snapshot,
        created_at=row["created_at"], updated_at=row["updated_at"],
        settings=json.loads(row["settings"]), seats=tuple(seats))


def action_from_row(row: sqlite3.Row) -> ActionRow:
    reveals, hidden = row["reveals"], row["hidden"]
    return ActionRow(row["seq"], row["seat"], row["notation"], row["interaction_id"],
                     row["created_at"], bool(row["undone"]), None if reveals is None else bool(reveals),
                     None if hidden is None else bool(hidden), row["commitment"], row["nonce"])


def outbox_from_row(row: sqlite3.Row) -> OutboxRow:
    return OutboxRow(row["id"], row["game_id"], row["version"], row["kind"], row["target"],
                     json.loads(row["payload"]), row["created_at"], row["sent_at"],
                     row["attempts"], row["last_error"], row["batch"])


def timer_from_row(row: sqlite3.Row) -> TimerRow:
    return TimerRow(row["id"], row["game_id"], row["user_id"], row["seat"], row["kind"],
                    row["due_at"], json.loads(row["payload"]))


def user_settings_from_row(row: sqlite3.Row) -> UserSettings:
    return UserSettings(row["user_id"], bool(row["dm_notifications"]), row["reminder_hours"],
                        row["quiet_start"], row["quiet_end"], row["timezone"], bool(row["dm_closed"]),
                        bool(row["autoplay"]), row["away_until"])
