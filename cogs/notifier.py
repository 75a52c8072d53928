"""Delivers the outbox to Discord: board posts in the game thread, private DMs, turn prompts,
final scores. Called by the table service after commit (see table.service.flush_outbox)."""
from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import clip, title_of
from cogs.describe import players_of, private_text, public_text, seat_label, waiting_text
from cogs.panel import MoveButton, panel_view
from engine.core import get_game
from store import GameRecord, OutboxRow
from table.rendering import board_png_async, hand_png_async

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
DM_CLOSED = 50007
DEFAULT_REMINDER_HOURS = 12.0
ARCHIVE_AFTER = 24 * 3600
DIGEST_LINES = 12


def _seat_of(item: OutboxRow) -> int:
    seat = item.seat
    if seat is None:
        raise ValueError(f"outbox row {item.id} ({item.kind}) is not addressed to a seat")
    return seat


class DiscordNotifier:
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    async def deliver(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        handler = {"board": self._board, "private": self._private, "prompt": self._prompt, "final": self._final}
        await handler[item.kind](record, state, item)

    # ---- thread posts ----------------------------------------------------------------------
    async def _board(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        events = "\n".join(item.payload.get("events", []))
        waiting = waiting_text(record, state, mention=True)
        pings = await self._new_pings(record, item)
        png = await board_png_async(record.game_type, get_game(record.game_type).view(state, None), players_of(record))
        view = discord.ui.View(timeout=None)
        if item.payload.get("waiting_on"):
            view.add_item(MoveButton(record.id))
        content = clip(f"{events}\n\n{public_text(record, state)}\n{waiting}", 1990)
        await self.bot.post(record, content, file=discord.File(io.BytesIO(png), f"board-{item.version}.png"),
                            view=view, nonce=f"p{item.id}",
                            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in pings]))

    async def _new_pings(self, record: GameRecord, item: OutboxRow) -> list[int]:
        """Mention a player when the game starts waiting on them, not on every step of their turn."""
        waiting = [w for w in item.payload.get("waiting_on", [])]
        before = record.settings.get("last_waiting", [])
        await self.bot.store.update_settings(record.id, {"last_waiting": waiting})
        users = [record.seats[w].user_id for w in waiting if w not in before]
        return [u for u in users if u is not None]

    async def _final(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        outcome = item.payload
        game = get_game(record.game_type)
        lines = [f"🏁 **{title_of(record)} is over** — {outcome.get('reason') or 'final scores'}"]
        for seat_key, score in outcome.get("scores", {}).items():
            seat = int(seat_key)
            parts = ", ".join(f"{k} {v}" for k, v in outcome.get("breakdown", {}).get(seat_key, {}).items())
            crown = "👑 " if seat in outcome.get("winners", []) else ""
            lines.append(f"{crown}{seat_label(record, seat, mention=True)} ({game.seat_name(state, seat)}): "
                         f"**{score}** — {parts}")
        await self.bot.post(record, "\n".join(lines), nonce=f"p{item.id}",
                            allowed_mentions=discord.AllowedMentions.none())
        await self.bot.store.delete_timers(record.id, kind="reminder")
        await self.bot.store.set_timer(record.id, "archive", self.bot.clock() + ARCHIVE_AFTER)

    # ---- private messages ------------------------------------------------------------------
    async def _private(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        seat = _seat_of(item)
        text = "\n".join(item.payload.get("events", []))
        await self.dm(record, seat, f"**{title_of(record)}** (private)\n{text}\n\n{private_text(record, state, seat)}",
                      nonce=f"d{item.id}")

    async def _prompt(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        seat = _seat_of(item)
        user_id = record.seats[seat].user_id
        if user_id is None:
            return
        prefs = await self.bot.store.get_user_settings(user_id)
        hours = prefs.reminder_hours or record.settings.get("reminder_hours", DEFAULT_REMINDER_HOURS)
        await self.bot.store.set_timer(record.id, "reminder", self.bot.clock() + float(hours) * 3600, seat=seat,
                                       user_id=user_id, payload={"version": item.version})
        if not prefs.dm_notifications:
            return
        digest = await self.digest(record, seat, item.version)
        game = get_game(record.game_type)
        notations = [game.notate(state, a) for a in game.legal_actions(state, seat)]
        png = await hand_png_async(record.game_type, game.view(state, seat))
        thread = f"<#{record.thread_id}>" if record.thread_id else title_of(record)
        text = (f"⏰ **Your move** in {thread}: {item.payload.get('prompt', '')}.\n"
                + (f"**Since your last turn:**\n{digest}\n" if digest else "")
                + private_text(record, state, seat))
        await self.dm(record, seat, text, file=discord.File(io.BytesIO(png), "hand.png"), nonce=f"d{item.id}",
                      view=panel_view(record.id, record.version, notations) if notations else None)

    async def dm(self, record: GameRecord, seat: int, text: str, **kwargs: Any) -> bool:
        """DM a seated human; a closed DM is remembered and the thread is told to use /hand."""
        user_id = record.seats[seat].user_id
        if user_id is None:
            return False
        prefs = await self.bot.store.get_user_settings(user_id)
        if prefs.dm_closed:   # found closed earlier, maybe in another game: this game's thread must know too
            await self.warn_dm_closed(record, user_id)
            return False
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(clip(text, 1990), **kwargs)
            return True
        except discord.Forbidden as e:
            if e.code != DM_CLOSED:
                raise
            await self.dm_closed(record, user_id)
            return False

    async def dm_closed(self, record: GameRecord, user_id: int) -> None:
        await self.bot.store.set_user_settings(user_id, dm_closed=True)
        await self.warn_dm_closed(record, user_id)

    async def warn_dm_closed(self, record: GameRecord, user_id: int) -> None:
        """Tell the game's thread, once, to use /hand. Recorded only after the post went out, so
        a failed post fails the outbox row that needed the DM and is retried with it."""
        warned = record.settings.get("dm_warned", [])
        if user_id in warned:
            return
        await self.bot.post(record, f"<@{user_id}>, I can't send you direct messages, so your hand and options "
                                    "won't come by DM. Use **/hand** here (only you see it) or the **Your move** button.",
                            nonce=f"w{user_id}")
        await self.bot.store.update_settings(record.id, {"dm_warned": [*warned, user_id]})

    async def test_dms(self, record: GameRecord) -> None:
        """At the start, greet every seated human by DM; closed DMs get the /hand advice."""
        for s in record.seats:
            if s.user_id is None:
                continue
            await self.bot.store.set_user_settings(s.user_id, dm_closed=False)
            try:
                await self.dm(record, s.seat, f"Ahoy! You are seat {s.seat + 1} in **{title_of(record)}** "
                                              f"(<#{record.thread_id}>). Your hand and your turns will come here.")
            except discord.HTTPException as e:   # a greeting is best effort: the game has started anyway
                log.warning("game %s: could not greet user %s: %s", record.id, s.user_id, e)

    # ---- reading the outbox back -----------------------------------------------------------
    async def public_events(self, game_id: int) -> list[str]:
        rows = await self.bot.store.outbox_of(game_id)
        return [e for r in rows if r.kind == "board" for e in r.payload.get("events", [])]

    async def digest(self, record: GameRecord, seat: int, version: int) -> str:
        """Public events since this seat was last asked to move."""
        rows = await self.bot.store.outbox_of(record.id)
        last = max((r.version for r in rows if r.kind == "prompt" and r.seat == seat and r.version < version),
                    default=0)
        events = [e for r in rows if r.kind == "board" and last < r.version <= version for e in r.payload.get("events", [])]
        return "\n".join(events[-DIGEST_LINES:])

    async def private_notes(self, record: GameRecord, seat: int, n: int = 5) -> str:
        rows = await self.bot.store.outbox_of(record.id)
        notes = [e for r in rows if r.kind == "private" and r.seat == seat for e in r.payload.get("events", [])]
        return "\n".join(notes[-n:])
