"""History and spectators: /log (the whole game, page by page), /game replay (the timelapse of
a finished game, posted by itself at the end too). Followers' digests are cogs/digests.py.

Everything here is public: built from table.public_replay (public events only, the log replayed)
and public views.
"""
from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import GAME_NUMBER, Refusal, admit, game_for, guarded, only_running_game, parley, reply, title_of
from cogs.describe import players_of, seat_label
from cogs.fit import split
from cogs.mentions import NOBODY
from engine.core import get_game
from store import GameRecord, OutboxRow
from table.public_replay import Step, public_lines, replay_public
from table.timelapse import UPLOAD_LIMIT, timelapse

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
PAGE_CHARS = 1800        # a page of /log, under Discord's 2,000 characters with its header
CACHED_HISTORIES = 64    # games whose replayed history is kept (one replay per version)
# One timelapse per game, however many ask at once: who draws it holds this stamp in the game's
# settings (store/limits.py); one left by a crash lapses after REPLAY_HOLD seconds.
REPLAY_STAMP, REPLAY_DONE, REPLAY_HOLD = "replay_drawing", "replay_message_id", 600.0


class Histories:
    """The public history of recent games, replayed once per version (a long game's replay
    takes seconds; paging through it must not replay it per click)."""

    def __init__(self) -> None:
        self._cache: OrderedDict[int, tuple[int, list[Step]]] = OrderedDict()

    async def steps(self, bot: ParleyBot, record: GameRecord) -> list[Step]:
        cached = self._cache.get(record.id)
        if cached and cached[0] == record.version:
            self._cache.move_to_end(record.id)
            return cached[1]
        log_entries = await bot.store.log(record.id)
        steps = await asyncio.to_thread(replay_public, get_game(record.game_type), record.setup, log_entries)
        self._cache[record.id] = (record.version, steps)
        while len(self._cache) > CACHED_HISTORIES:
            self._cache.popitem(last=False)
        return steps


def paginate(lines: list[str], limit: int = PAGE_CHARS) -> list[str]:
    """Lines packed into pages of at most `limit` characters (cogs.fit.split)."""
    return split(lines, limit)


async def log_pages(bot: ParleyBot, record: GameRecord) -> list[str]:
    if record.snapshot_json is None:
        raise Refusal("This game has not started yet: its log begins at the start.")
    steps = await bot.histories.steps(bot, record)
    boards = [r for r in await bot.store.outbox_of(record.id) if r.kind == "board"]
    opening = list(boards[0].payload.get("events", [])) if boards else []   # the start's own post (no decision)
    return paginate(opening + list(public_lines(steps, lambda seat: seat_label(record, seat))))


def log_message(record: GameRecord, pages: list[str], page: int) -> tuple[str, discord.ui.View | None]:
    """Page `page` (1 = the start of the game) with buttons to the others."""
    if not pages:
        return f"**{title_of(record)}** — nothing has happened yet.", None
    page = min(max(page, 1), len(pages))
    text = f"**{title_of(record)} — log, page {page} of {len(pages)}**\n{pages[page - 1]}"
    view = discord.ui.View(timeout=None)
    for slot, target in (("first", 1), ("previous", page - 1), ("next", page + 1), ("last", len(pages))):
        view.add_item(LogPageButton(record.id, max(1, min(target, len(pages))), slot,
                                    disabled=target < 1 or target > len(pages) or target == page))
    return text, view


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"parley:log:(?P<game>\d+):(?P<page>\d+):(?P<slot>first|previous|next|last)"):
    """A page-turning button; `slot` keeps the four custom ids apart when they aim at one page."""
    LABELS = {"first": "⏮ First", "previous": "◀ Previous", "next": "Next ▶", "last": "Last ⏭"}

    def __init__(self, game_id: int, page: int, slot: str, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=self.LABELS[slot], style=discord.ButtonStyle.secondary,
                                           disabled=disabled, custom_id=f"parley:log:{game_id}:{page}:{slot}"))
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._turn_page(interaction))

    async def _turn_page(self, interaction: discord.Interaction) -> None:
        bot = parley(interaction)
        record = await bot.store.load(self.game_id)
        await admit(interaction, record, "see")
        await interaction.response.defer()   # the page, after a replay of the log when the game moved on
        text, view = log_message(record, await log_pages(bot, record), self.page)
        await interaction.edit_original_response(content=text, view=view,
                                                 allowed_mentions=NOBODY)


async def show_log(interaction: discord.Interaction, game_id: int | None, page: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id) if game_id is not None or await _in_thread(interaction) \
        else await _only_game(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    pages = await log_pages(bot, record)
    text, view = log_message(record, pages, page if page is not None else len(pages))
    await reply(interaction, text, allowed_mentions=NOBODY, **({"view": view} if view else {}))


async def _in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel_id
    return bool(channel and await parley(interaction).store.find_by_thread(channel))


async def _only_game(interaction: discord.Interaction) -> GameRecord:
    return await only_running_game(interaction, "Use /log inside a game's thread, or give the game number (see /game list).")


# ---- /game replay ------------------------------------------------------------------------------

async def post_replay(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id)
    if record.status != "finished":
        raise Refusal("The timelapse comes once the game has ended, so it can't give anything away. "
                      "Until then, /board shows the board and /log what happened.")
    if record.thread_id is None:
        raise Refusal("This game has no thread to post its timelapse in.")
    if record.settings.get(REPLAY_DONE):
        raise Refusal(f"The timelapse is in <#{record.thread_id}> already, beside the final board.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    by = f"asked:{interaction.id}"
    if not await bot.store.take_stamp(record.id, REPLAY_STAMP, by, REPLAY_HOLD, unless=REPLAY_DONE):
        raise Refusal(f"The timelapse is being drawn already; it will be in <#{record.thread_id}> in a moment.")
    if not await replay_post(bot, record, f"asked for by {interaction.user.mention}", by=by):
        raise Refusal("The timelapse came out too large to upload. Sorry: /log still has the whole game.")
    await reply(interaction, f"Posted the timelapse in <#{record.thread_id}>.")


async def replay_post(bot: ParleyBot, record: GameRecord, why: str, nonce: str | None = None, *, by: str) -> bool:
    """Post the timelapse in the thread and remember it; False if it came out too large.
    The caller holds REPLAY_STAMP as `by`; it is given back unless the post was made."""
    posted = False
    try:
        log_entries = await bot.store.log(record.id)
        made = await asyncio.to_thread(timelapse, record.game_type, record.setup, log_entries, players_of(record))
        if len(made.gif) > UPLOAD_LIMIT:   # timelapse() keeps well under it; never try an upload Discord refuses
            log.warning("game %s: the timelapse came out at %s bytes, over the upload limit", record.id, len(made.gif))
            return False
        caption = f"🎞 **{title_of(record)}** — the board through {made.turns} turns ({made.frames} frames), {why}."
        message = await bot.post(record, caption, nonce=nonce,
                                 file=discord.File(io.BytesIO(made.gif), f"timelapse-{record.id}.gif"))
        if message is not None:
            await bot.store.update_settings(record.id, {REPLAY_DONE: message.id})
            posted = True
        return True
    finally:
        if not posted:
            await bot.store.drop_stamp(record.id, REPLAY_STAMP, by)


async def deliver_replay(bot: ParleyBot, record: GameRecord, state: Any, item: OutboxRow) -> None:
    """The outbox row queued at the end of a game: the thread gets the timelapse once (a resend
    after a crash goes under the same nonce and the same stamp; one posted already, or being
    drawn for a /game replay, is not posted again)."""
    if not bot.replay_at_end or record.thread_id is None or record.settings.get(REPLAY_DONE):
        return
    by = f"outbox:{item.id}"
    if await bot.store.take_stamp(record.id, REPLAY_STAMP, by, REPLAY_HOLD, unless=REPLAY_DONE):
        await replay_post(bot, record, "from the first move to the last", nonce=f"p{item.id}", by=by)


class History(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="log", description="Page through everything that happened in the game")
    @app_commands.describe(page="Which page (1 is the start; leave it out for the latest)", game=GAME_NUMBER)
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100_000] | None = None,
                  game: int | None = None) -> None:
        await show_log(interaction, game, page)


__all__ = ["Histories", "History", "LogPageButton", "deliver_replay", "paginate", "post_replay", "replay_post"]
