"""Keeping games moving: the outbox pump (posts, DMs), bot seats, reminders and archiving.

The pump wakes when an action commits (bot.wake) and every few seconds anyway, so rows left
unsent by a crash or a Discord outage go out as soon as the bot is back.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.common import title_of
from cogs.describe import waiting_text
from cogs.quiet import next_allowed
from engine.core import get_game
from store import StorageError, StoreError, TimerRow

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
PUMP_IDLE = 5.0


class Turns(commands.Cog):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        self.tasks: list[asyncio.Task[None]] = []

    async def cog_load(self) -> None:
        self.tasks = [asyncio.create_task(self._pump_forever()), asyncio.create_task(self._timers_forever())]

    async def cog_unload(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # ---- the pump ----------------------------------------------------------------------------
    async def _pump_forever(self) -> None:
        await self.bot.wait_until_ready()
        await self.bot.resume_bots()
        while not self.bot.is_closed():
            with contextlib.suppress(TimeoutError):   # idle: look for unsent rows anyway
                await asyncio.wait_for(self.bot.woken.wait(), timeout=PUMP_IDLE)
            self.bot.woken.clear()
            await self.pump()

    async def pump(self) -> None:
        """Let pending bots play, then deliver everything committed, in order."""
        self.bot.pumping = True
        try:
            dirty, self.bot.dirty = self.bot.dirty, set()
            if dirty and self.bot.bot_delay:
                await asyncio.sleep(self.bot.bot_delay)   # bots answer after a beat, not instantly
            for game_id in sorted(dirty):
                await self._run_bots(game_id)
            while await self.bot.table.flush_outbox():
                pass
        except (discord.HTTPException, StoreError, OSError) as e:
            log.warning("outbox delivery paused: %s", e)
        finally:
            self.bot.pumping = False

    async def _run_bots(self, game_id: int) -> None:
        try:
            if (await self.bot.store.load(game_id)).status == "active":
                await self.bot.table.run_bots(game_id)
        except (ValueError, StoreError) as e:
            log.warning("game %s: bot seat stopped: %s", game_id, e)
            if isinstance(e, StorageError):   # the database failed, not the move: retry on the next pump
                self.bot.dirty.add(game_id)

    # ---- timers ------------------------------------------------------------------------------
    async def _timers_forever(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            await asyncio.sleep(self.bot.timer_tick)
            try:
                await self.check_timers()
            except (discord.HTTPException, StoreError) as e:
                log.warning("timers paused: %s", e)

    async def check_timers(self) -> int:
        """Fire every due timer (reminders, archiving); returns how many fired."""
        fired = 0
        for timer in await self.bot.store.due_timers(self.bot.clock()):
            handler = {"reminder": self._remind, "archive": self._archive}.get(timer.kind)
            if handler is None:
                await self.bot.store.delete_timer(timer.id)
                continue
            fired += await handler(timer)
        return fired

    async def _remind(self, timer: TimerRow) -> int:
        record, state = await self.bot.table.load(timer.game_id)
        pending = get_game(record.game_type).pending(state)
        seat = timer.seat
        if record.status != "active" or pending is None or seat is None or seat not in pending.waiting_on \
                or record.seats[seat].user_id is None:
            await self.bot.store.delete_timer(timer.id)
            return 0
        user_id = record.seats[seat].user_id
        assert user_id is not None
        prefs = await self.bot.store.get_user_settings(user_id)
        now = self.bot.clock()
        allowed = next_allowed(now, prefs.quiet_start, prefs.quiet_end, prefs.timezone)
        if allowed > now:   # quiet hours: try again when they end
            await self.bot.store.set_timer(record.id, "reminder", allowed, seat=seat, user_id=user_id, payload=timer.payload)
            return 0
        waiting = waiting_text(record, state)
        await self.bot.post(record, f"⏰ <@{user_id}>, a gentle reminder: {waiting}",
                            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
        if prefs.dm_notifications:
            await self.bot.notifier.dm(record, seat, f"⏰ Reminder: it is still your move in {title_of(record)} "
                                                     f"(<#{record.thread_id}>). Press **Your move** there or use /hand.")
        hours = prefs.reminder_hours or record.settings.get("reminder_hours", 12.0)
        await self.bot.store.set_timer(record.id, "reminder", now + float(hours) * 3600, seat=seat, user_id=user_id,
                                       payload=timer.payload)
        return 1

    async def _archive(self, timer: TimerRow) -> int:
        record = await self.bot.store.load(timer.game_id)
        await self.bot.store.delete_timer(timer.id)
        if record.thread_id is None:
            return 0
        thread = await self.bot.channel(record.thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(name=f"[done] {title_of(record)}"[:100], archived=True)
        return 1
