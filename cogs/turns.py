"""Keeping games moving: the outbox pump (posts, DMs), bot seats, reminders and archiving.

The pump wakes when an action commits (bot.wake) and every few seconds anyway, so rows left
unsent by a crash or a Discord outage go out as soon as the bot is back.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.common import title_of
from cogs.describe import waiting_text
from cogs.digests import fire_digests
from cogs.fit import THREAD_NAME, shorten
from cogs.mentions import addressed
from cogs.posts import deadline_notice
from cogs.quiet import next_allowed
from engine.core import get_game
from store import GameRecord, StaleStateError, StorageError, StoreError, TimerRow
from store.leases import timer_lease
from table import deadlines
from table.leases import fire_due_timers, firing_key, still_held
from table.pace import MAX_REMINDERS, PUBLIC_REMINDER_EVERY, Pace
from table.service import TableError

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
PUMP_IDLE = 5.0


def timer_nonce(timer: TimerRow, where: str) -> str:
    """The nonce of what a timer's firing sends to `where` ("p" the thread post, "d" the DM):
    the same for a retry of that firing (a process killed mid-send leaves the timer as it was,
    and whoever takes its lease over fires it again, which Discord then drops as a resend), new
    for each later firing (the timer is moved on), and different for the post and the DM, which
    are two messages."""
    return f"t{firing_key(timer)}{where}"


class Turns(commands.Cog):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False

    async def cog_load(self) -> None:
        self.tasks = [asyncio.create_task(self._pump_forever()), asyncio.create_task(self._timers_forever())]

    async def cog_unload(self) -> None:
        # The flag as well as the cancel: on Python 3.11 a cancel that lands just as
        # wait_for's inner wait completes can be swallowed, and the pump would go on forever.
        self.stopping = True
        self.bot.woken.set()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # ---- the pump ----------------------------------------------------------------------------
    async def _pump_forever(self) -> None:
        await self.bot.wait_until_ready()
        await self.bot.resume_bots()
        while not self.bot.is_closed() and not self.stopping:
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
            self.bot.table.delivered.clear()
            while await self.bot.table.flush_outbox():
                pass
            # Rows this process did not commit (another process did, and may have died before
            # its bots answered): those games' bots get a turn here too.
            for game_id in self.bot.table.delivered - dirty:
                self.bot.wake(game_id)
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
        while not self.bot.is_closed() and not self.stopping:
            await asyncio.sleep(self.bot.timer_tick)
            try:
                await self.check_timers()
            except (discord.HTTPException, StoreError) as e:
                log.warning("timers paused: %s", e)
            except Exception:   # noqa: BLE001 — a bug in one timer must not stop every later one
                log.exception("timers: a timer failed; the others go on at the next tick")

    async def check_timers(self) -> int:
        """Fire every due timer (reminders, deadlines, archiving) that no other bot process is
        firing (table/leases.py), and queue the followers' due digests (store.followers.queue_digest
        queues each once, whichever process gets there); returns how many fired."""
        digests = await fire_digests(self.bot)
        return digests + await fire_due_timers(self.bot.store, self.bot.table.holder, self._fire)

    async def _fire(self, timer: TimerRow) -> int:
        handler = {"reminder": self._remind, "deadline": self._deadline, "archive": self._archive}.get(timer.kind)
        if handler is None:
            await self.bot.store.delete_timer(timer.id)
            return 0
        return await handler(timer)

    async def _still_waiting(self, timer: TimerRow) -> tuple[GameRecord, Any, int, int] | None:
        """(record, state, seat, user) if the timer's human seat is still the one waited on."""
        record, state = await self.bot.table.load(timer.game_id)
        pending = get_game(record.game_type).pending(state)
        seat = timer.seat
        user = record.seats[seat].user_id if seat is not None and seat < len(record.seats) else None
        if record.status != "active" or pending is None or seat is None or seat not in pending.waiting_on \
                or user is None or record.seats[seat].bot_policy:
            await self.bot.store.delete_timer(timer.id)
            return None
        return record, state, seat, user

    async def _remind(self, timer: TimerRow) -> int:
        """A reminder by DM, and in the thread at most once a day; at most MAX_REMINDERS a wait."""
        waiting = await self._still_waiting(timer)
        if waiting is None:
            return 0
        record, state, seat, user_id = waiting
        prefs = await self.bot.store.get_user_settings(user_id)
        now = self.bot.clock()
        allowed = next_allowed(now, prefs.quiet_start, prefs.quiet_end, prefs.timezone)
        if allowed > now:   # quiet hours: try again when they end
            await self.bot.store.set_timer(record.id, "reminder", allowed, seat=seat, user_id=user_id, payload=timer.payload)
            return 0
        sent = int(timer.payload.get("sent", 0)) + 1
        last_public = float(record.settings.get("last_public_reminder", 0))
        if now - last_public >= PUBLIC_REMINDER_EVERY or not prefs.dm_notifications:
            if not await self._held(timer):
                return 0
            await self.bot.post(record, f"⏰ <@{user_id}>, a gentle reminder: {waiting_text(record, state)}",
                                nonce=timer_nonce(timer, "p"), allowed_mentions=addressed([user_id]))
            await self.bot.store.update_settings(record.id, {"last_public_reminder": now})
        if prefs.dm_notifications:
            if not await self._held(timer):
                return 0
            await self.bot.notifier.dm(record, seat, f"⏰ Reminder {sent} of {MAX_REMINDERS}: it is still your move in "
                                                     f"{title_of(record)} (<#{record.thread_id}>). Press **Your move** "
                                                     "there or use /hand.", nonce=timer_nonce(timer, "d"))
        if sent < MAX_REMINDERS:
            hours = prefs.reminder_hours or Pace.of(record.settings).reminder_hours
            await self.bot.store.set_timer(record.id, "reminder", now + float(hours) * 3600, seat=seat,
                                           user_id=user_id, payload={**timer.payload, "sent": sent})
        else:
            await self.bot.store.delete_timer(timer.id)
        return 1

    async def _deadline(self, timer: TimerRow) -> int:
        """Past the move deadline: what the host's policy does (table/deadlines.py). A player on
        vacation gets the deadline moved past their return.

        Safe to repeat when a process dies mid-way and another takes the timer's lease over:
        the firing is pinned in the timer before it acts; a move or a stand-in commits with its
        notice, so it is made and told once; a reminder is sent under the timer's nonces; and
        the timer goes only once all of it is done."""
        firing = timer.payload.get("firing")
        try:
            if firing is None or not await deadlines.resumed(self.bot.table, timer.game_id, firing):
                firing = await self._decide(timer)
                if firing is None:
                    return 0
                await deadlines.carry_out(self.bot.table, timer.game_id, firing)
        except (TableError, StaleStateError) as e:   # the board moved under it: the next pass decides afresh
            log.info("game %s: the deadline of seat %s waits a pass: %s", timer.game_id, timer.seat, e)
            return 0
        if firing.get("remind") and not await self._remind_late(timer, firing):
            return 0
        await self.bot.store.finish_timer(timer)
        self.bot.wake(timer.game_id)
        return 1

    async def _remind_late(self, timer: TimerRow, firing: dict[str, Any]) -> bool:
        """The `remind` policy's notice, in the thread and by DM; False if the lease was lost."""
        record, state = await self.bot.table.load(timer.game_id)
        notice = deadline_notice(record, state, firing, to_player=False)
        if not await self._held(timer):
            return False
        await self.bot.post(record, notice, nonce=timer_nonce(timer, "p"),
                            allowed_mentions=addressed([int(firing["user"])]))
        if not await self._held(timer):
            return False
        await self.bot.notifier.dm(record, firing["seat"], notice, nonce=timer_nonce(timer, "d"))
        return True

    async def _held(self, timer: TimerRow) -> bool:
        """Before a send: this process still holds the timer's lease (renewed). False: it was
        too slow, the lease ran out and the process that took the timer over sends instead."""
        return await still_held(self.bot.store, self.bot.table.holder, timer_lease(timer.id))

    async def _decide(self, timer: TimerRow) -> dict[str, Any] | None:
        """What this deadline does, pinned in the timer (None: nothing, the timer was settled)."""
        waiting = await self._still_waiting(timer)
        if waiting is None:
            return None
        record, state, seat, user_id = waiting
        pace = Pace.of(record.settings)
        prefs = await self.bot.store.get_user_settings(user_id)
        now = self.bot.clock()
        if prefs.away(now):
            due = pace.deadline(now, prefs.away_until)
            if due is not None:
                await self.bot.store.set_timer(record.id, "deadline", due, seat=seat, user_id=user_id, payload=timer.payload)
            return None
        firing = await deadlines.decide(self.bot.table, timer, record, state, seat, user_id, pace.deadline_policy)
        if not await self.bot.store.pin_timer(timer, {**timer.payload, "firing": firing}):
            return None   # moved on meanwhile (a new prompt set the seat's next deadline)
        return firing

    async def _archive(self, timer: TimerRow) -> int:
        record = await self.bot.store.load(timer.game_id)
        await self.bot.store.delete_timer(timer.id)
        if record.thread_id is None:
            return 0
        thread = await self.bot.channel(record.thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(name=shorten(f"[done] {title_of(record)}", THREAD_NAME), archived=True)
        return 1
