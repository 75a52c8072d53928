"""Parley's real bot (discord.py) against the loopback Discord, with helpers to act as users."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import Settings, build_bot
from cogs.app import ParleyBot
from tests.fake_discord import BotRun, FakeDiscord, running_bot
from tests.fake_discord.model import Message

START = 1_800_000_000.0   # a fixed 'now' for the injected clock


@dataclass
class Clock:
    now: float = START

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    fake: FakeDiscord
    bot: ParleyBot
    run: BotRun
    clock: Clock
    times: list[float] = field(default_factory=list)   # dispatch → first response, per interaction

    async def slash(self, user: int, name: str, channel_id: int | None = None, **options: Any) -> Any:
        opts = [{"name": k, "value": v} for k, v in options.items() if v is not None]
        rec = await self.fake.dispatch_slash(user, name, opts, channel_id=channel_id)
        return await self._answered(rec)

    async def click(self, user: int, message_id: int, custom_id: str, values: list[str] | None = None) -> Any:
        component_type = 3 if values is not None else 2
        rec = await self.fake.dispatch_component(user, message_id, custom_id, component_type=component_type,
                                                 values=values)
        return await self._answered(rec)

    async def _answered(self, rec: Any) -> Any:
        """Wait for the first response, and after a defer (type 5) for the real answer too."""
        await self.fake.wait_for_response(rec.id, timeout=10)
        elapsed = self.fake.time_to_first_response(rec.id)
        assert elapsed is not None
        self.times.append(elapsed)
        if rec.callback_type == 5:
            await self.fake.wait_until(lambda: (m := self.fake.original_message(rec.id)) is not None and not m.loading,
                                       timeout=10, what="the deferred answer")
        return rec

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until the bot has no bots to run and nothing left to post."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            quiet = not self.bot.dirty and not self.bot.woken.is_set() and not self.bot.pumping
            unsent = {r.game_id for r in await self.bot.store.unsent_outbox(limit=1000)}
            if quiet and unsent <= self.bot.table.held:
                return
            if quiet:
                self.bot.woken.set()
            await asyncio.sleep(0.01)
        raise TimeoutError("the bot did not settle")

    def thread_messages(self, thread_id: int) -> list[Message]:
        return [m for m in self.fake.messages(thread_id)]

    def reply_message(self, rec: Any) -> Message:
        msg = self.fake.original_message(rec.id)
        if msg is None:
            followups = [m for m in self.fake.messages() if m.interaction_id == rec.id]
            assert followups, f"no reply to interaction {rec.id}"
            msg = followups[-1]
        return msg


@asynccontextmanager
async def parley_bot(fake: FakeDiscord, db: Path, clock: Clock | None = None) -> AsyncIterator[Table]:
    settings = Settings(database_path=str(db), dev_guild_id=fake.guild_id, discord_token="fake")
    clock = clock or Clock()
    bot = build_bot(settings, clock=clock, bot_delay=0.0, timer_tick=3600.0, guild_ready_timeout=0.05)
    async with running_bot(bot, fake) as run:
        await fake.wait_for_commands()
        yield Table(fake, bot, run, clock)


def components(msg: Message) -> list[dict[str, Any]]:
    """Every button and select on a message, flattened."""
    return [c for row in msg.components for c in row.get("components", [])]


def custom_ids(msg: Message) -> list[str]:
    return [c["custom_id"] for c in components(msg) if "custom_id" in c]
