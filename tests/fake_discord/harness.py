"""Running a real discord.py client against FakeDiscord inside a test."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .server import WAIT

if TYPE_CHECKING:
    import discord

    from .server import FakeDiscord


class _Collect(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


@dataclass
class BotRun:
    bot: discord.Client
    # ERROR records from the "discord" loggers: exceptions in commands, views, events.
    # discord.py logs them and carries on, so a test has to look here to see them.
    errors: list[logging.LogRecord] = field(default_factory=list)

    def error_messages(self) -> list[str]:
        return [r.getMessage() + (f": {r.exc_info[1]!r}" if r.exc_info else "") for r in self.errors]


@asynccontextmanager
async def running_bot(bot: discord.Client, fake: FakeDiscord, *, timeout: float = WAIT,
                      guild_id: int | None = None) -> AsyncIterator[BotRun]:
    """Start ``bot`` with ``bot.start(fake.token)``, wait for ``on_ready``, and on exit close
    it and wait for ``start`` to return, so no session or socket outlives the test.

    Build the bot with ``guild_ready_timeout=0.05`` (else on_ready waits 2 s after the
    GUILD_CREATE) and ``chunk_guilds_at_startup=False``. ``guild_id`` is the guild the bot must
    have cached when ready (default: the fake's first guild; a shard serving none: 0).
    """
    guild_id = fake.guild_id if guild_id is None else guild_id
    fake.install()
    run = BotRun(bot)
    handler = _Collect(run.errors)
    logger = logging.getLogger("discord")
    logger.addHandler(handler)
    task = asyncio.create_task(bot.start(fake.token), name="fake-discord-bot")
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        # wait_until_ready() cannot be awaited before login has run, so poll instead. on_ready
        # comes guild_ready_timeout after the last GUILD_CREATE *was read*; on a busy machine it
        # can come first, so wait for the guild in the cache too: tests then see the same start
        # however fast the machine is.
        while not bot.is_ready() or (bot.intents.guilds and guild_id and bot.get_guild(guild_id) is None):
            if task.done():
                task.result()  # re-raise the startup failure (bad token, route error, ...)
                raise RuntimeError("bot.start() returned before the bot was ready")
            if loop.time() > deadline:
                raise TimeoutError(f"bot not ready after {timeout}s; requests so far: {fake.requests}")
            await asyncio.sleep(0.01)
        yield run
    finally:
        await bot.close()
        try:
            await asyncio.wait_for(task, timeout)
        except asyncio.CancelledError:
            pass
        finally:
            logger.removeHandler(handler)
