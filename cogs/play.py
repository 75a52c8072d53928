"""Playing: /play with autocomplete, /board, /log, /undo, /hand, /rules and /settings."""
from __future__ import annotations

import io
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import Refusal, clip, game_for, parley, reply, seat_of, title_of
from cogs.describe import public_text, waiting_text
from cogs.panel import panel_for, show_panel
from cogs.quiet import parse_hhmm, zone
from store import GameRecord
from table.rendering import board_png_async, hand_png_async

DATA = Path(__file__).resolve().parents[1] / "data"
LOG_DEFAULT = 15


@cache
def help_topics(game_id: str) -> dict[str, dict[str, str]]:
    """Rules help in our own words: data/<game>/help.toml."""
    path = DATA / game_id / "help.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        return {t["id"]: t for t in tomllib.load(f).get("topic", [])}


async def my_game(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    """The game of this thread, the given id, or the user's only running game (handy in DMs)."""
    bot = parley(interaction)
    if game_id is not None or (interaction.channel_id and await bot.store.find_by_thread(interaction.channel_id)):
        return await game_for(interaction, game_id)
    mine = await bot.store.games_of_user(interaction.user.id, status="active")
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise Refusal("You have no running game. Join one, or give its number.")
    listing = ", ".join(f"#{g.id}" for g in mine)
    raise Refusal(f"You are in several games ({listing}): add the game number.")


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Make your move by typing it (autocomplete lists your options)")
    async def play(self, interaction: discord.Interaction, action: str, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        seat = seat_of(record, interaction.user.id)
        result = await bot.table.act(record.id, seat, action, interaction_id=str(interaction.id))
        text, view = await panel_for(interaction, record.id, seat)
        done = result.events[-1].text if result.events else "Done."
        await reply(interaction, f"✓ {action} — {done}\n{text}", **({"view": view} if view else {}))
        bot.wake(record.id)

    @play.autocomplete("action")
    async def play_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            record = await my_game(interaction, None)
            seat = seat_of(record, interaction.user.id)
            options = await parley(interaction).table.legal(record.id, seat)
        except (Refusal, ValueError, LookupError):
            return []
        wanted = current.lower().strip()
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in options if wanted in n.lower()][:25]

    @app_commands.command(name="board", description="See the current board")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record, state = await bot.table.load(record.id)
        png = await board_png_async(record.game_type, await bot.table.view(record.id, None))
        text = f"**{title_of(record)}**\n{public_text(record, state)}\n{waiting_text(record, state)}"
        await reply(interaction, text, file=discord.File(io.BytesIO(png), "board.png"))

    @app_commands.command(name="hand", description="See your hand and options (only you see this)")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        seat = seat_of(record, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await hand_png_async(record.game_type, await bot.table.view(record.id, seat))
        text, view = await panel_for(interaction, record.id, seat)
        notes = await bot.notifier.private_notes(record, seat)
        await reply(interaction, clip(text + (f"\n**Recent private notes:**\n{notes}" if notes else "")),
                    file=discord.File(io.BytesIO(png), "hand.png"), **({"view": view} if view else {}))

    @app_commands.command(name="log", description="The last events of the game")
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 100] = LOG_DEFAULT,
                  game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        events = await bot.notifier.public_events(record.id)
        await reply(interaction, "\n".join(events[-n:]) or "Nothing has happened yet.")

    @app_commands.command(name="undo", description="Take back your last decision, if it revealed nothing")
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        seat = seat_of(record, interaction.user.id)
        await bot.table.undo(record.id, seat)
        text, view = await panel_for(interaction, record.id, seat)
        await reply(interaction, f"↩ Taken back.\n{text}", **({"view": view} if view else {}))
        bot.wake(record.id)

    @app_commands.command(name="move", description="Open your move panel")
    async def move(self, interaction: discord.Interaction, game: int | None = None) -> None:
        record = await my_game(interaction, game)
        await show_panel(interaction, record.id)

    @app_commands.command(name="rules", description="Rules help, in our own words")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None, game: str | None = None) -> None:
        game_id = game or await self._game_type(interaction)
        topics = help_topics(game_id)
        if not topics:
            raise Refusal("There is no rules help for that game yet.")
        if topic is None:
            listing = "\n".join(f"• **{t['title']}** (`{k}`) — {t['summary']}" for k, t in topics.items())
            await reply(interaction, f"Rules topics — use `/rules topic:<name>`:\n{listing}")
            return
        chosen = topics.get(topic) or next((t for t in topics.values() if t["title"].lower() == topic.lower()), None)
        if chosen is None:
            raise Refusal(f"No topic '{topic}'. Try /rules without a topic for the list.")
        await reply(interaction, f"**{chosen['title']}**\n{chosen['text']}")

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        topics = help_topics(await self._game_type(interaction))
        return [app_commands.Choice(name=t["title"][:100], value=k) for k, t in topics.items()
                if current.lower() in t["title"].lower() or current.lower() in k][:25]

    async def _game_type(self, interaction: discord.Interaction) -> str:
        record = await parley(interaction).store.find_by_thread(interaction.channel_id or 0)
        return record.game_type if record else "pirate_chest"

    @app_commands.command(name="settings", description="Your notification settings")
    @app_commands.describe(dm="DM me when it is my turn", reminder_hours="Hours before a reminder",
                           quiet="Quiet hours like 22:00-07:00 (or 'off')", timezone="e.g. Europe/Paris")
    async def settings(self, interaction: discord.Interaction, dm: bool | None = None,
                       reminder_hours: app_commands.Range[float, 0.25, 168.0] | None = None,
                       quiet: str | None = None, timezone: str | None = None) -> None:
        store = parley(interaction).store
        changes: dict[str, Any] = {}
        if dm is not None:
            changes["dm_notifications"] = dm
        if reminder_hours is not None:
            changes["reminder_hours"] = reminder_hours
        if timezone is not None:
            zone(timezone)
            changes["timezone"] = timezone
        if quiet is not None:
            changes.update(_quiet_hours(quiet))
        current = await store.set_user_settings(interaction.user.id, **changes) if changes \
            else await store.get_user_settings(interaction.user.id)
        quiet_text = f"{current.quiet_start}–{current.quiet_end}" if current.quiet_start else "off"
        await reply(interaction, f"DM on your turn: {'on' if current.dm_notifications else 'off'} · reminders after "
                                 f"{current.reminder_hours or 'the game default (12)'} h · quiet hours: {quiet_text} "
                                 f"({current.timezone})" + (" · your DMs are closed to me, so use /hand"
                                                            if current.dm_closed else ""))


def _quiet_hours(text: str) -> dict[str, Any]:
    if text.strip().lower() in ("off", "none", ""):
        return {"quiet_start": None, "quiet_end": None}
    start, sep, end = text.replace("–", "-").partition("-")
    if not sep:
        raise Refusal("Quiet hours look like 22:00-07:00.")
    parse_hhmm(start)
    parse_hhmm(end)
    return {"quiet_start": start.strip(), "quiet_end": end.strip()}
