"""History and spectators: /log (the whole game, page by page), /game replay (the timelapse of
a finished game) and /game follow|unfollow (turn digests and the public board by DM).

Everything here is public: built from table.public_replay (public events only, the log replayed)
and public views; a follower is never sent a hand or any seat's private news.
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

from cogs.common import GAME_NUMBER, Refusal, clip, game_for, guarded, parley, reply, title_of
from cogs.describe import players_of, seat_label
from cogs.posts import final_result, headline, last_lines
from engine.core import Outcome, get_game
from store import GameRecord
from table.public_replay import Step, public_lines, replay_public
from table.rendering import board_png_async
from table.timelapse import UPLOAD_LIMIT, timelapse

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
PAGE_CHARS = 1800        # a page of /log, under Discord's 2,000 characters with its header
CACHED_HISTORIES = 64    # games whose replayed history is kept (one replay per version)
DIGEST_LINES = 25


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
    """Lines packed into pages of at most `limit` characters (a longer line is cut)."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        line = line if len(line) <= limit else line[:limit - 1] + "…"
        if current and size + len(line) + 1 > limit:
            pages.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current:
        pages.append("\n".join(current))
    return pages


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
        text, view = log_message(record, await log_pages(bot, record), self.page)
        await interaction.response.edit_message(content=text, view=view,
                                                allowed_mentions=discord.AllowedMentions.none())


async def show_log(interaction: discord.Interaction, game_id: int | None, page: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id) if game_id is not None or await _in_thread(interaction) \
        else await _only_game(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    pages = await log_pages(bot, record)
    text, view = log_message(record, pages, page if page is not None else len(pages))
    await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none(), **({"view": view} if view else {}))


async def _in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel_id
    return bool(channel and await parley(interaction).store.find_by_thread(channel))


async def _only_game(interaction: discord.Interaction) -> GameRecord:
    mine = await parley(interaction).store.games_of_user(interaction.user.id, status="active")
    if len(mine) == 1:
        return mine[0]
    raise Refusal("Use /log inside a game's thread, or give the game number (see /game list).")


# ---- /game replay ------------------------------------------------------------------------------

async def post_replay(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id)
    if record.status != "finished":
        raise Refusal("The timelapse comes once the game has ended, so it can't give anything away. "
                      "Until then, /board shows the board and /log what happened.")
    if record.thread_id is None:
        raise Refusal("This game has no thread to post its timelapse in.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    log_entries = await bot.store.log(record.id)
    made = await asyncio.to_thread(timelapse, record.game_type, record.setup, log_entries, players_of(record))
    if len(made.gif) > UPLOAD_LIMIT:   # timelapse() keeps well under it; never try an upload Discord refuses
        raise Refusal("The timelapse came out too large to upload. Sorry: /log still has the whole game.")
    caption = (f"🎞 **{title_of(record)}** — the board through {made.turns} turns "
               f"({made.frames} frames), asked for by {interaction.user.mention}.")
    message = await bot.post(record, caption, file=discord.File(io.BytesIO(made.gif), f"timelapse-{record.id}.gif"))
    if message is not None:
        await bot.store.update_settings(record.id, {"replay_message_id": message.id})
    await reply(interaction, f"Posted the timelapse in <#{record.thread_id}>.")


# ---- /game follow ------------------------------------------------------------------------------

async def follow(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id)
    if interaction.guild_id is not None and record.guild_id not in (None, interaction.guild_id):
        raise Refusal("That game belongs to another server.")
    if record.status in ("finished", "cancelled"):
        raise Refusal(f"This game is {record.status}: there is nothing left to follow. "
                      "/log and /game replay show how it went.")
    if record.seat_of(interaction.user.id) is not None:
        raise Refusal("You play in this game, so its news reaches you already.")
    if not await bot.store.follow(record.id, interaction.user.id, record.version):
        raise Refusal(f"You already follow {title_of(record)}. `/game unfollow` stops it.")
    await reply(interaction, f"👀 You follow {title_of(record)}: at each new turn I'll DM you what happened "
                             "and the board (never anyone's hand). Your `/settings` DM and quiet-hour choices "
                             "apply. `/game unfollow` stops it.")


async def unfollow(interaction: discord.Interaction, game_id: int | None) -> None:
    record = await game_for(interaction, game_id)
    if not await parley(interaction).store.unfollow(record.id, interaction.user.id):
        raise Refusal(f"You don't follow {title_of(record)}.")
    await reply(interaction, f"You no longer follow {title_of(record)}.")


async def tell_followers(bot: ParleyBot, record: GameRecord, state: Any, version: int,
                         outcome: Outcome | None = None) -> None:
    """DM every follower the public events since their last digest, with the public board (or
    the result). Best effort: a follower's closed DMs never hold up the game's own posts."""
    followers = await bot.store.followers(record.id)
    if not followers:
        return
    rows = await bot.store.outbox_of(record.id)
    png: bytes | None = None
    for user_id, upto in followers.items():
        if upto >= version:
            continue
        prefs = await bot.store.get_user_settings(user_id)
        if not prefs.dm_notifications or prefs.dm_closed:
            await bot.store.follower_sent(record.id, user_id, version)
            continue
        events = [e for r in rows if r.kind == "board" and upto < r.version <= version for e in r.payload.get("events", [])]
        text = follower_digest(record, state, events, outcome)
        png = png or await board_png_async(record.game_type, get_game(record.game_type).view(state, None),
                                           players_of(record))
        try:
            user = bot.get_user(user_id) or await bot.fetch_user(user_id)
            await user.send(clip(text, 1990), silent=await bot.notifier.quiet(user_id),
                            file=discord.File(io.BytesIO(png), f"board-{version}.png"),
                            allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as e:
            log.warning("game %s: could not DM follower %s: %s", record.id, user_id, e)
        await bot.store.follower_sent(record.id, user_id, version)


def follower_digest(record: GameRecord, state: Any, events: list[str], outcome: Outcome | None) -> str:
    thread = f"<#{record.thread_id}>" if record.thread_id else title_of(record)
    parts = [f"👀 **{title_of(record)}** ({thread}) — you follow this game."]
    if events:
        parts.append("**Since the last turn:**\n" + last_lines(events, DIGEST_LINES, "/log"))
    parts.append(final_result(record, state, outcome, mention=False) if outcome is not None
                 else headline(record, state, mention=False))
    parts.append("`/game unfollow` stops these messages.")
    return "\n\n".join(parts)


class History(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="log", description="Page through everything that happened in the game")
    @app_commands.describe(page="Which page (1 is the start; leave it out for the latest)", game=GAME_NUMBER)
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100_000] | None = None,
                  game: int | None = None) -> None:
        await show_log(interaction, game, page)


__all__ = ["Histories", "History", "LogPageButton", "follow", "paginate", "post_replay", "tell_followers", "unfollow"]
