"""ParleyBot: the discord.py Bot with Parley's services (store, table service, notifier).

Kept here rather than in bot.py so bot.py stays importable without Discord for the local
table; bot.build_bot() is the factory the README and tests use.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import answer_error
from cogs.failures import in_thread
from cogs.fit import fit
from cogs.history import Histories, History, LogPageButton
from cogs.lobby import Lobby, LobbyButton
from cogs.mentions import NOBODY
from cogs.notifier import DiscordNotifier
from cogs.orders import Orders
from cogs.panel import DYNAMIC_ITEMS
from cogs.play import Play
from cogs.ratings import BoardPageButton, Ratings
from cogs.seats import SEAT_ITEMS
from cogs.settings import Settings
from cogs.turns import Turns
from engine.core import all_games
from render.registry import all_renderers
from store import GameRecord, Store
from table import TableService
from table.leases import LEASE_SECONDS, Leaseholder, owner_for

log = logging.getLogger(__name__)
DM_CHANNELS = 10_000   # users whose DM channel is remembered (discord.py keeps only 128 itself)


def preload() -> None:
    """Import every game and its renderer now, before the bot connects. The first look-up of a
    game imports all of them (seconds on a busy machine): paid during the first `/game new` or
    its autocomplete, which cannot defer, it missed Discord's 3-second window."""
    all_games()
    all_renderers()   # every render package (a game without one, like the store tests' toy, is fine here)


class ParleyBot(commands.Bot):
    def __init__(self, settings: Any, *, clock: Callable[[], float] = time.time, bot_delay: float = 1.5,
                 timer_tick: float = 60.0, lease_seconds: float = LEASE_SECONDS,
                 replay_at_end: bool = True, **bot_options: Any) -> None:
        bot_options.setdefault("chunk_guilds_at_startup", False)
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         allowed_mentions=NOBODY, **bot_options)   # pings only whom a message addresses
        # Players act from their DMs too: every command is offered in servers and in the bot's DM
        # (the `contexts` of a global command; guild commands are never offered in DMs).
        self.tree.allowed_contexts = app_commands.AppCommandContext(guild=True, dm_channel=True)
        self.settings = settings
        self.clock = clock
        self.bot_delay = bot_delay
        self.timer_tick = timer_tick
        self.replay_at_end = replay_at_end   # post the timelapse in the thread when a game ends
        self.dirty: set[int] = set()
        self.woken = asyncio.Event()
        self.pumping = False
        self.store: Store
        self.table: TableService
        self.notifier = DiscordNotifier(self)
        self.histories = Histories()
        self._dm_channels: OrderedDict[int, int] = OrderedDict()   # user id -> their DM channel's id
        owner = getattr(settings, "worker_id", None) or owner_for(bot_options.get("shard_ids"),
                                                                  bot_options.get("shard_count"))
        self.holder = Leaseholder(owner, lease_seconds, clock)

    async def setup_hook(self) -> None:
        preload()   # setup_hook runs before the gateway connects: nothing waits on the loop yet
        self.store = await Store.open(self.settings.database())
        self.table = TableService(self.store, self.notifier, self.holder, limits=self.settings.limits())
        self.add_dynamic_items(*DYNAMIC_ITEMS, *SEAT_ITEMS, LobbyButton, LogPageButton, BoardPageButton)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        for cog in (Lobby(self), Play(self), History(self), Orders(self), Settings(self), Turns(self), Ratings(self)):
            await self.add_cog(cog)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Global commands in production: every server and the bot's DMs. With DEV_GUILD_ID
        (development) they go to that one server, where they show at once, and nowhere else:
        Discord offers guild commands neither in other servers nor in DMs."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.warning("DEV_GUILD_ID is set: slash commands work only in server %s, not in DMs or other servers",
                        self.settings.dev_guild_id)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        await super().close()
        if hasattr(self, "table"):
            self.table.thinker.close()
        if hasattr(self, "store"):
            await self.store.close()

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, original)

    # ---- services for the cogs -----------------------------------------------------------
    def wake(self, game_id: int) -> None:
        """A game changed: let its bots play and deliver its outbox soon."""
        self.dirty.add(game_id)
        self.woken.set()

    async def resume_bots(self) -> None:
        """After a restart, games waiting on a bot carry on by themselves, and games whose
        deliveries were waiting out a backoff are tried at once. Only those bots: marking
        every active game dirty made the pump load each one (10,000 games: ~9 s before it
        delivered anything), see docs/performance.md."""
        self.dirty.update(await self.table.waiting_on_bots())
        await self.store.release_retry_holds()   # held for a backoff: tried again at once after a start
        self.woken.set()

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with a user, opened once (POST /users/@me/channels) and then
        remembered, so a DM costs one request: no look-up of the user, no second opening."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel_id = (await self.create_dm(discord.Object(user_id))).id
            self._dm_channels[user_id] = channel_id
            while len(self._dm_channels) > DM_CHANNELS:
                self._dm_channels.popitem(last=False)
        self._dm_channels.move_to_end(user_id)
        return self.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def channel(self, channel_id: int) -> Any:
        return self.get_channel(channel_id) or await self.fetch_channel(channel_id)

    async def thread_of(self, record: GameRecord) -> Any:
        """The game's thread, ready to post and edit in: unarchived first if Discord archived it
        (an idle thread archives after its auto_archive_duration; its messages cannot be edited
        then). Unarchiving an unlocked thread needs only the right to send there; a locked one
        needs Manage Threads, which the bot is not given: that refusal stalls the game
        (cogs/failures.py)."""
        if record.thread_id is None:
            return None
        with in_thread():
            channel = await self.channel(record.thread_id)
            if isinstance(channel, discord.Thread) and channel.archived:
                channel = await channel.edit(archived=False)
        return channel

    async def post(self, record: GameRecord, content: str, **kwargs: Any) -> discord.Message | None:
        if record.thread_id is None:
            return None
        channel = await self.thread_of(record)
        with in_thread():
            message: discord.Message = await channel.send(fit(content), **kwargs)
        return message


class ShardedParleyBot(ParleyBot, commands.AutoShardedBot):
    """ParleyBot as one process of several: it connects the shards `shard_ids` of `shard_count`
    and gets their guilds' events; DMs come to whichever process has shard 0. The outbox and the
    timers are shared through leases in the database (table/leases.py, docs/deployment.md)."""
