"""A game whose thread is gone or unwritable: telling its players once, and `/game repost`.

When a delivery meets a refusal that will not heal (cogs/failures.py), the table stalls the
game (table/service.py `_stall`): its rows are held, not retried at every pump. Its host and
players are told once, by DM, what happened and what brings it back; `/game repost`, by the
host or a moderator (the one access check, cogs/common.py game_for), opens a new thread in the
channel it is used in and the game carries on there with what was held.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.common import Refusal, game_for, may_open_here, parley, reply, title_of
from cogs.failures import THREAD_ARCHIVE_MINUTES
from cogs.mentions import addressed
from store import GameRecord

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)


def stalled_text(record: GameRecord, reason: str) -> str:
    return (f"⚠️ **{title_of(record)}** (game #{record.id}) has stopped: I can't post in its thread any more "
            f"({reason}). Nothing is lost: every move so far is kept. To carry on, the host or a moderator "
            f"can use **/game repost game:{record.id}** in a channel where I can write: the game moves to a "
            "new thread there. If I get my access to the old thread back, it carries on there by itself "
            "within a few hours.")


async def tell_stalled(bot: ParleyBot, record: GameRecord, reason: str) -> None:
    """DM the host and every seated player (not those whose DMs are closed), each once."""
    users = dict.fromkeys([record.host_user_id, *(s.user_id for s in record.seats)])
    for user_id in users:
        if user_id is None or (await bot.store.get_user_settings(user_id)).dm_closed:
            continue
        try:
            dm = await bot.dm_channel(user_id)
            await dm.send(stalled_text(record, reason), nonce=f"s{record.id}:{user_id}")
        except discord.HTTPException as e:   # telling is best effort: the others are still told
            log.warning("game %s: could not tell user %s it stopped: %s", record.id, user_id, e)


async def repost_game(interaction: discord.Interaction, game_id: int | None) -> None:
    """Move a running game to a new thread in this channel; its held posts go out there."""
    bot = parley(interaction)
    record = await game_for(interaction, game_id, "host", "move the game to a new thread")
    if record.status != "active":
        raise Refusal("Only a running game can move to a new thread.")
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise Refusal("Use /game repost in a server text channel (not in a thread or a DM): "
                      "the game gets a new thread there.")
    may_open_here(interaction, channel)
    await interaction.response.defer(ephemeral=True, thinking=True)
    thread = await channel.create_thread(name=title_of(record), type=discord.ChannelType.public_thread,
                                         auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    await bot.table.rehome(record.id, thread.id)
    users = [u for u in dict.fromkeys(s.user_id for s in record.seats) if u is not None]
    await thread.send(f"⚓ **{title_of(record)}** carries on here: its old thread could not be used. "
                      + " ".join(f"<@{u}>" for u in users),
                      allowed_mentions=addressed(users))
    bot.wake(record.id)
    await reply(interaction, f"Moved to {thread.mention}. The game carries on there.")
