"""Delivers the outbox to Discord: board posts in the game thread, private DMs, turn prompts,
final scores. Called by the table service after commit (see table.service.flush_outbox).

One post per hand-over: while the same seats are deciding, the latest board message is edited
(new events, new image); a new post, which pings, starts when the game waits on someone new.
Quiet hours: what reaches a player during theirs is sent silently (no sound, no buzz).
"""
from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import title_of
from cogs.describe import choices_for, players_of, private_text
from cogs.digests import deliver_digest, game_over, handover
from cogs.failures import failure_of, in_thread, thread_error
from cogs.fit import fit
from cogs.history import deliver_replay
from cogs.mentions import NOBODY, addressed
from cogs.panel import MoveButton, panel_view, seat_key
from cogs.posts import NEW_HERE, board_post, deadline_notice, final_result, your_move
from cogs.quiet import next_allowed
from cogs.rehome import tell_stalled
from engine.core import Outcome, get_game
from store import AUTO_PREFIX, ActionRow, GameRecord, OutboxRow
from table.orders import answered_since, report
from table.outbox import NOTICE, Unreachable
from table.pace import Pace
from table.rendering import board_png_async, hand_png_async

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
ARCHIVE_AFTER = 24 * 3600


def _seat_of(item: OutboxRow) -> int:
    seat = item.seat
    if seat is None:
        raise ValueError(f"outbox row {item.id} ({item.kind}) is not addressed to a seat")
    return seat


class DiscordNotifier:
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    async def deliver(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        if item.kind in ("digest", "replay"):   # a follower's digest; the timelapse at the end
            return await (deliver_digest if item.kind == "digest" else deliver_replay)(self.bot, record, state, item)
        handler = {"board": self._board, "private": self._private, "prompt": self._prompt, "final": self._final,
                   NOTICE: self._deadline_notice}
        await handler[item.kind](record, state, item)

    # ---- quiet hours -----------------------------------------------------------------------
    async def quiet(self, user_id: int) -> bool:
        prefs = await self.bot.store.get_user_settings(user_id)
        now = self.bot.clock()
        return next_allowed(now, prefs.quiet_start, prefs.quiet_end, prefs.timezone) > now

    async def stalled(self, record: GameRecord, reason: str) -> None:
        """The game's thread cannot be written to: its host and players are told once, by DM."""
        await tell_stalled(self.bot, record, reason)

    # ---- thread posts ----------------------------------------------------------------------
    async def _board(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        """Edit the hand-over's board message, or start a new one when the game waits on others."""
        waiting = list(item.payload.get("waiting_on", []))
        current = record.settings.get("board") or {}
        same = (bool(current) and current.get("waiting_on") == waiting and bool(waiting)
                and not item.payload.get("handover", True))
        if same and item.version <= current.get("upto", 0):
            events = list(current.get("events", []))            # a resend: these events are in already
        else:
            events = (list(current.get("events", [])) if same else []) + list(item.payload.get("events", []))
        due = current.get("due") if same else Pace.of(record.settings).deadline(self.bot.clock())
        content = fit(board_post(record, state, events, due))
        png = await board_png_async(record.game_type, get_game(record.game_type).view(state, None), players_of(record))
        file = discord.File(io.BytesIO(png), f"board-{item.version}.png")
        view = discord.ui.View(timeout=None)
        if waiting:
            view.add_item(MoveButton(record.id))
        message_id = current.get("message_id") if same else None
        edited = message_id is not None and await self._edit_board(record, int(message_id), content, file, view)
        if not edited:   # a new hand-over (or its post was deleted): a new post, which pings
            users = [u for w in waiting if (u := record.seats[w].user_id) is not None]
            silent = any([await self.quiet(u) for u in users])
            message = await self.bot.post(record, content, file=file, view=view, nonce=f"p{item.id}", silent=silent,
                                          allowed_mentions=addressed(users))
            message_id = message.id if message else None
        await self.bot.store.update_settings(record.id, {"board": {
            "message_id": message_id, "waiting_on": waiting, "events": events[-50:], "upto": item.version,
            "due": due}})
        if not edited and waiting:   # a new turn: followers' digests fall due (the end comes with the result)
            await handover(self.bot, record)

    async def _edit_board(self, record: GameRecord, message_id: int, content: str, file: discord.File,
                          view: discord.ui.View) -> bool:
        """False when the message is gone (deleted by a moderator): then a new one is posted.
        An edit refused because Discord archived the thread meanwhile (50083) unarchives it
        and tries once more; a thread that cannot be written to stalls the game
        (cogs/failures.py)."""
        if record.thread_id is None:
            return False
        thread = await self.bot.thread_of(record)
        for last_try in (False, True):
            try:
                await thread.get_partial_message(message_id).edit(
                    content=content, attachments=[file], view=view, allowed_mentions=NOBODY)
                return True
            except discord.HTTPException as e:
                consequence = failure_of(e).consequence
                if consequence == "fresh":
                    return False
                if consequence != "unarchive" or last_try:
                    raise thread_error(e) from e
                with in_thread():   # archived since the bot last saw it: reopen it, then once more
                    thread = await thread.edit(archived=False)
                file.reset()
        return False

    async def _final(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        """The result, in the thread and to every player by DM."""
        outcome = Outcome.model_validate(item.payload)
        await self.bot.post(record, final_result(record, state, outcome, mention=True), nonce=f"p{item.id}",
                            allowed_mentions=NOBODY)
        for seat in record.seats:
            if seat.user_id is not None:
                await self.dm(record, seat.seat, final_result(record, state, outcome, mention=False)
                              + f"\n\nThanks for playing! The thread: <#{record.thread_id}>", nonce=f"f{item.id}:{seat.seat}")
        await game_over(self.bot, record)
        await self.bot.store.delete_timers(record.id, kind="reminder")
        await self.bot.store.delete_timers(record.id, kind="deadline")
        await self.bot.store.set_timer(record.id, "archive", self.bot.clock() + ARCHIVE_AFTER)

    async def _deadline_notice(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        """A missed deadline's move or stand-in (table/deadlines.py): in the thread, naming the
        player, or to the player by DM."""
        firing = item.payload
        if item.seat is None:
            await self.bot.post(record, deadline_notice(record, state, firing, to_player=False), nonce=f"p{item.id}",
                                allowed_mentions=addressed([int(firing["user"])]))
        else:
            await self.dm(record, item.seat, deadline_notice(record, state, firing, to_player=True), nonce=f"d{item.id}")

    # ---- private messages ------------------------------------------------------------------
    async def _private(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        seat = _seat_of(item)
        text = "\n".join(item.payload.get("events", []))
        await self.dm(record, seat, f"**{title_of(record)}** (just for you)\n{text}", nonce=f"d{item.id}")

    async def _prompt(self, record: GameRecord, state: Any, item: OutboxRow) -> None:
        """The one "your move" DM: deadline, digest since the last move, private news, hand, buttons."""
        seat = _seat_of(item)
        user_id = record.seats[seat].user_id
        if user_id is None:
            return
        prefs = await self.bot.store.get_user_settings(user_id)
        pace = Pace.of(record.settings)
        now = self.bot.clock()
        hours = prefs.reminder_hours or pace.reminder_hours
        await self.bot.store.set_timer(record.id, "reminder", now + float(hours) * 3600, seat=seat,
                                       user_id=user_id, payload={"version": item.version, "sent": 0})
        due = pace.deadline(now, prefs.away_until)
        if due is not None:
            await self.bot.store.set_timer(record.id, "deadline", due, seat=seat, user_id=user_id,
                                           payload={"version": item.version})
        if not prefs.dm_notifications:
            return
        game = get_game(record.game_type)
        choices = choices_for(record, state, seat)
        last = await self.bot.store.last_prompt_version(record.id, seat, item.version)
        auto = await self.bot.store.automatic_rows(record.id, seat)
        text = your_move(record, item.payload.get("prompt", ""), await self.digest(record, last, item.version),
                         item.payload.get("news", []), private_text(record, state, seat), due,
                         self.forced_since(record, auto, last, item.version),
                         self.orders_since(record, auto, seat, last, item.version))
        png = await hand_png_async(record.game_type, game.view(state, seat))
        key = await seat_key(self.bot.store, record.id, seat, record.version, choices)
        await self.dm(record, seat, text, file=discord.File(io.BytesIO(png), "hand.png"), nonce=f"d{item.id}",
                      view=panel_view(record.id, record.version, choices, key=key) if choices else None)

    async def dm(self, record: GameRecord, seat: int, text: str, **kwargs: Any) -> bool:
        """DM a seated human (silently in their quiet hours); a closed DM is remembered and the
        thread is told to use /hand."""
        user_id = record.seats[seat].user_id
        if user_id is None:
            return False
        prefs = await self.bot.store.get_user_settings(user_id)
        if prefs.dm_closed:   # found closed earlier, maybe in another game: this game's thread must know too
            await self.warn_dm_closed(record, user_id)
            return False
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            dm = await self.bot.dm_channel(user_id)
            await dm.send(fit(text), silent=await self.quiet(user_id), **kwargs)
            return True
        except discord.HTTPException as e:
            if failure_of(e).consequence not in ("dm_closed", "unreachable"):
                raise   # passing: the row is retried after a backoff
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
                                              f"(<#{record.thread_id}>). Your hand and your turns will come here.\n{NEW_HERE}")
            except (discord.HTTPException, Unreachable) as e:   # a greeting is best effort: the game has started anyway
                log.warning("game %s: could not greet user %s: %s", record.id, s.user_id, e)

    # ---- reading the outbox back -----------------------------------------------------------
    async def public_events(self, game_id: int) -> list[str]:
        rows = await self.bot.store.outbox_of(game_id)
        return [e for r in rows if r.kind == "board" for e in r.payload.get("events", [])]

    async def digest(self, record: GameRecord, last: int, version: int) -> list[str]:
        """Every public event after version `last` (when the seat was last asked), up to `version`."""
        rows = await self.bot.store.outbox_between(record.id, "board", last, version)
        return [e for r in rows for e in r.payload.get("events", [])]

    @staticmethod
    def orders_since(record: GameRecord, auto: list[ActionRow], seat: int, last: int, version: int) -> str:
        """What this seat's standing orders answered since it was last asked, in words (private)."""
        return report(get_game(record.game_type), answered_since(auto, record.id, seat, last, version))

    @staticmethod
    def forced_since(record: GameRecord, auto: list[ActionRow], last: int, version: int) -> int:
        """How many of this seat's moves the table played for it since it was last asked."""
        prefix = f"{AUTO_PREFIX}forced:{record.id}:"
        ids = [r.interaction_id or "" for r in auto]   # the seat's live automatic rows (store.automatic_rows)
        taken_at = [int(i[len(prefix):]) for i in ids if i.startswith(prefix)]
        return sum(1 for v in taken_at if last <= v < version)

    async def private_notes(self, record: GameRecord, seat: int, n: int = 5) -> str:
        rows = await self.bot.store.outbox_of(record.id)
        notes = [e for r in rows if r.kind in ("private", "prompt") and r.seat == seat
                 for e in r.payload.get("events" if r.kind == "private" else "news", [])]
        return "\n".join(notes[-n:])
