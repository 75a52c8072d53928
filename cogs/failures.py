"""Every Discord error a delivery can meet, and what follows from it (docs/reliability.md).

One table, read by the notifier: Discord's JSON error code (or, without one, the HTTP status)
→ a consequence. Codes are Discord's own (discord-api-docs
developers/topics/opcodes-and-status-codes.mdx, "JSON Error Codes"); which statuses count as
invalid requests is developers/topics/rate-limits.mdx, "Invalid Request Limit" (401, 403, 429:
10,000 in 10 minutes get the bot's address banned for a while, so a refusal that will not
heal must not be repeated).

Consequences:
- `retry`: passing (rate limit, Discord's own failure, a time-out): the game's rows wait for a
  backoff with jitter (table/backoff.py), then go again.
- `fresh`: the message to edit is gone: post a new one instead.
- `unarchive`: an edit in an archived thread: unarchive it and try once more.
- `dm_closed`: this user cannot be sent DMs: the thread is told to use /hand (as before).
- `unreachable`: the game's thread cannot be written to and will not heal by itself: the game
  is stalled (table.outbox.Unreachable), its players told once what brings it back.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import discord

from table.outbox import Unreachable

# Game threads are made with the longest auto-archive duration Discord offers (minutes; 60, 1440,
# 4320 or 10080: developers/resources/channel.mdx, "Start Thread without Message"), and are
# unarchived before a post or an edit when Discord archived them anyway (cogs/app.py thread_of).
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
Consequence = Literal["retry", "fresh", "unarchive", "dm_closed", "unreachable"]


@dataclass(frozen=True)
class Failure:
    consequence: Consequence
    reason: str   # what happened, for a player (a stalled game's DM) and the logs


UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
MISSING_ACCESS = 50001
DM_CLOSED = 50007
MISSING_PERMISSIONS = 50013
ARCHIVED_THREAD = 50083
THREAD_LOCKED = 160005

BY_CODE: dict[int, Failure] = {
    UNKNOWN_CHANNEL: Failure("unreachable", "its thread was deleted"),
    UNKNOWN_MESSAGE: Failure("fresh", "the message to update was deleted"),
    UNKNOWN_USER: Failure("dm_closed", "the player's account is gone"),
    MISSING_ACCESS: Failure("unreachable", "I can no longer see its thread"),
    DM_CLOSED: Failure("dm_closed", "the player does not take direct messages"),
    MISSING_PERMISSIONS: Failure("unreachable", "I am no longer allowed to write in its thread"),
    ARCHIVED_THREAD: Failure("unarchive", "its thread is archived"),
    THREAD_LOCKED: Failure("unreachable", "its thread was locked"),
}
RETRY = Failure("retry", "Discord did not answer in time")
BY_STATUS: dict[int, Failure] = {
    429: Failure("retry", "Discord asked me to slow down"),
    403: Failure("unreachable", "I am no longer allowed to write in its thread"),
    404: Failure("unreachable", "its thread was deleted"),
}


def failure_of(error: BaseException) -> Failure:
    """The consequence of an error raised while sending: by Discord's code, else its status
    (5xx and anything unknown: try again later), else a network error or time-out: retry."""
    if isinstance(error, discord.HTTPException):
        if error.code in BY_CODE:
            return BY_CODE[error.code]
        if error.status in BY_STATUS:
            return BY_STATUS[error.status]
        return Failure("retry", f"Discord failed ({error.status})")
    return RETRY


def thread_error(error: discord.HTTPException) -> Exception:
    """What a refusal in a game's thread means for the game: Unreachable (it stalls) when it
    will not heal, else the error itself (retried after a backoff)."""
    found = failure_of(error)
    if found.consequence == "unreachable":
        return Unreachable(found.reason)
    if found.consequence == "unarchive":   # still archived after unarchiving: locked, which needs Manage Threads
        return Unreachable("its thread was archived and locked")
    return error


@contextlib.contextmanager
def in_thread() -> Iterator[None]:
    """Around a request to a game's thread (see thread_error)."""
    try:
        yield
    except discord.HTTPException as e:
        raised = thread_error(e)
        if raised is e:
            raise
        raise raised from e
