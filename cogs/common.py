"""Glue shared by the cogs: find the game an interaction is about, the acting seat, replies."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from cogs.fit import fit
from store import GameNotFoundError, GameRecord
from table.access import AccessRefused, Caller, Need, check_access, needs_rights

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
# Discord drops an interaction not answered within 3 s: work still running after this long
# is deferred first ("Parley is thinking…"), and its answer follows when it is ready.
DEFER_AFTER = 1.5
T = TypeVar("T")
GAME_NUMBER = "The game number (see /game list); inside a game's thread you can leave it out"


class Refusal(Exception):
    """A friendly 'no' for the user (answered ephemerally by the error handler)."""


def parley(interaction: discord.Interaction) -> ParleyBot:
    bot: ParleyBot = interaction.client  # type: ignore[assignment]  # always ours
    return bot


async def game_for(interaction: discord.Interaction, game_id: int | None, need: Need = "see",
                   what: str = "do that") -> GameRecord:
    """The game named by id, or the game whose thread this is, once the caller may `need` it
    (table.access: the game's server, the caller's rights in its thread, their seat)."""
    bot = parley(interaction)
    if game_id is not None:
        try:
            record = await bot.store.load(game_id)
        except GameNotFoundError:
            raise Refusal(f"There is no game #{game_id}. /game list shows the games in a channel.") from None
    else:
        channel_id = interaction.channel_id
        found = await bot.store.find_by_thread(channel_id) if channel_id else None
        if found is None:
            raise Refusal("Use this inside a game's thread, or give the game number (see /game list).")
        record = found
    await admit(interaction, record, need, what)
    return record


async def admit(interaction: discord.Interaction, record: GameRecord, need: Need, what: str = "do that") -> None:
    """The one check of every entry point (command, autocomplete, button, DM) that acts on or
    shows a game: raises AccessRefused with the reason, changes nothing."""
    bot = parley(interaction)
    caller = Caller(interaction.user.id, interaction.guild_id)
    if caller.guild_id is None and need == "see" and record.seat_of(caller.user_id) is None:
        caller = replace(caller, follows=caller.user_id in await bot.store.followers(record.id))
    if needs_rights(record, caller, need):
        caller = replace(caller, moderator=await moderates(interaction, record))
    check_access(record, caller, need, what)


async def moderates(interaction: discord.Interaction, record: GameRecord) -> bool:
    """Manage Threads or Administrator in the game's own thread (or, with the thread gone, its
    channel): the caller's rights there, not in the channel they typed in."""
    if record.guild_id != interaction.guild_id or not isinstance(interaction.user, discord.Member):
        return False
    if interaction.channel_id is not None and interaction.channel_id == record.thread_id:
        perms = interaction.permissions
    else:
        place = await _game_place(interaction, record)
        if place is None:
            return False
        perms = place.permissions_for(interaction.user)
    return bool(perms.manage_threads or perms.administrator)


async def _game_place(interaction: discord.Interaction, record: GameRecord) -> Any:
    guild = interaction.guild
    for channel_id in (record.thread_id, record.channel_id):
        if channel_id is None:
            continue
        place: Any = guild.get_channel_or_thread(channel_id) if guild else None
        if place is None:
            try:
                place = await parley(interaction).fetch_channel(channel_id)
            except discord.HTTPException:
                continue
        if getattr(place, "guild", None) is not None and place.guild.id == record.guild_id:
            return place
    return None


async def only_running_game(interaction: discord.Interaction, none_text: str) -> GameRecord:
    """The user's one running game in this server (or anywhere, from a DM)."""
    mine = [g for g in await parley(interaction).store.games_of_user(interaction.user.id, status="active")
            if interaction.guild_id is None or g.guild_id == interaction.guild_id]
    if not mine:
        raise Refusal(none_text)
    if len(mine) > 1:
        listing = ", ".join(f"#{g.id}" for g in mine)
        raise Refusal(f"You are in several games ({listing}): add the game number.")
    await admit(interaction, mine[0], "see")
    return mine[0]


def may_open_here(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
    """A game's thread is opened here (/game new, /game repost): a public thread with posts in it.
    The member must be allowed both in this channel, and so must the bot (their permissions here,
    as the interaction gives them)."""
    member, app = interaction.permissions, interaction.app_permissions
    if not (member.create_public_threads and member.send_messages):
        raise Refusal(f"You need the Create Public Threads and Send Messages permissions in {channel.mention} "
                      "to open a game there. Ask the server's admins, or use a channel where you have them.")
    if not (app.view_channel and app.create_public_threads and app.send_messages_in_threads):
        raise Refusal(f"I need the View Channel, Create Public Threads and Send Messages in Threads permissions in "
                      f"{channel.mention} to open a game there. Ask the server's admins to give them to me.")


def seat_of(record: GameRecord, user_id: int) -> int:
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("You are not seated at this game. Join it from its lobby before it starts.")
    return seat


async def acting_seat(interaction: discord.Interaction, record: GameRecord) -> int:
    """The user's seat, once they may act in this game; if a bot stood in for them since a
    missed deadline, they are back now."""
    await admit(interaction, record, "seat")
    seat = seat_of(record, interaction.user.id)
    if record.seats[seat].bot_policy and await parley(interaction).store.give_back(record.id, seat):
        await parley(interaction).post(record, f"👋 <@{interaction.user.id}> is back and plays seat {seat + 1} again.")
    return seat


def title_of(record: GameRecord) -> str:
    from engine.core import get_game
    return f"{get_game(record.game_type).title} #{record.id}"


async def answer_soon(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """Await `work`, deferring the interaction (ephemerally) if it takes longer than DEFER_AFTER."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    return await task


async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(fit(content), ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(fit(content), ephemeral=True, **kwargs)


FRIENDLY_ERRORS: tuple[type[Exception], ...] = (Refusal, AccessRefused, ValueError)
ANSWERED_OR_EXPIRED = (40060, 10062)   # "already acknowledged" (the same interaction twice), "unknown interaction"


async def answer_error(interaction: discord.Interaction, error: Exception) -> None:
    """Every refusal is answered ephemerally; anything unexpected is logged and apologised for."""
    from store import StoreError
    if isinstance(error, discord.HTTPException) and error.code in ANSWERED_OR_EXPIRED:
        log.warning("interaction %s: could not answer: %s", interaction.id, error)   # a redelivery, or too late
        return
    from table.outbox import Unreachable
    if isinstance(error, Unreachable):   # the game's thread is gone or unwritable (cogs/failures.py)
        log.warning("interaction %s: the game's thread cannot be written to: %s", interaction.id, error.reason)
        text = (f"✗ I can't post in this game's thread any more ({error.reason}). The host or a moderator "
                "can move the game to a new thread with /game repost in a channel where I can write.")
    elif isinstance(error, (*FRIENDLY_ERRORS, StoreError)):
        text = f"✗ {error}"
    else:
        log.error("interaction %s by %s failed", interaction.id, interaction.user.id, exc_info=error)
        text = "Something went wrong on our side. Press **Your move** or use /board to see where the game stands."
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id)


async def guarded(interaction: discord.Interaction, work: Any) -> None:
    """Run a component callback, answering any error the same way as slash commands."""
    try:
        await work
    except Exception as e:  # noqa: BLE001 — answered kindly, logged when unexpected
        await answer_error(interaction, e)
