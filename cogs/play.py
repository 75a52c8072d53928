"""Playing: /play with autocomplete, /board, /log, /undo, /hand, /rules and /settings."""
from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalog import find_game, game_choices, topic_choices
from cogs.common import Refusal, answer_soon, clip, game_for, parley, reply, seat_of, title_of
from cogs.describe import players_of, public_text, waiting_text
from cogs.panel import panel_for, show_panel
from cogs.quiet import parse_hhmm, zone
from engine.core import all_games
from store import GameRecord
from store.errors import BOARD_CHANGED
from table import ActResult, TableError, TableService
from table.rendering import board_png_async, hand_png_async

LOG_DEFAULT = 15


PICKED = re.compile(r"^(?P<index>\d+)@(?P<version>\d+)$")   # an autocomplete pick: option @ version


def picked_value(index: int, version: int) -> str:
    """The value of an autocomplete choice: which option, at which version of the game, so a
    pick from a list made before the board changed is refused rather than misread."""
    return f"{index}@{version}"


async def picked(table: TableService, game_id: int, seat: int, action: str) -> tuple[str, int | None]:
    """(notation, version it was picked at) for an autocomplete pick; typed text has no version."""
    match = PICKED.match(action.strip())
    if match is None:
        return action, None
    record, _ = await table.load(game_id)
    if int(match["version"]) != record.version:
        raise TableError(BOARD_CHANGED + " Use /play again or press **Your move**.")
    options = await table.legal(game_id, seat)
    index = int(match["index"])
    if index >= len(options):
        raise TableError("That option is no longer there. Use /play again for your current options.")
    return options[index], record.version


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

        async def decide() -> tuple[str, ActResult]:
            notation, version = await picked(bot.table, record.id, seat, action)
            return notation, await bot.table.act(record.id, seat, notation, interaction_id=str(interaction.id),
                                                 expected_version=version)
        notation, result = await answer_soon(interaction, decide())
        text, view = await panel_for(interaction, record.id, seat, done=notation, events=result.all_events)
        await reply(interaction, text, **({"view": view} if view else {}))
        bot.wake(record.id)

    @play.autocomplete("action")
    async def play_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            record = await my_game(interaction, None)
            seat = seat_of(record, interaction.user.id)
            record, _ = await parley(interaction).table.load(record.id)
            options = await parley(interaction).table.legal(record.id, seat)
        except (Refusal, ValueError, LookupError):
            return []
        wanted = current.lower().strip()
        return [app_commands.Choice(name=n[:100], value=picked_value(i, record.version))
                for i, n in enumerate(options) if wanted in n.lower()][:25]

    @app_commands.command(name="board", description="See the current board")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record, state = await bot.table.load(record.id)
        png = await board_png_async(record.game_type, await bot.table.view(record.id, None), players_of(record))
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
    @app_commands.describe(topic="A rules topic (leave it out for the list)",
                           game="Which game (inside a game's thread, that game)")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None, game: str | None = None) -> None:
        game_id = await self._rules_game(interaction, game)
        chosen_game = find_game(game_id)
        topics = chosen_game.help_topics()
        if not topics:
            raise Refusal(f"There is no rules help for {chosen_game.title} yet.")
        if topic is None:
            listing = "\n".join(f"• **{t.title}** (`{k}`) — {t.summary}" for k, t in topics.items())
            await reply(interaction, f"{chosen_game.title} rules topics — use `/rules topic:<name>`:\n{listing}")
            return
        chosen = topics.get(topic) or next((t for t in topics.values() if t.title.lower() == topic.lower()), None)
        if chosen is None:
            raise Refusal(f"No topic '{topic}' for {chosen_game.title}. Try /rules without a topic for the list.")
        await reply(interaction, f"**{chosen.title}**\n{chosen.text}")

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            game_id = await self._rules_game(interaction, getattr(interaction.namespace, "game", None))
        except Refusal:
            return []
        return topic_choices(game_id, current)

    @rules.autocomplete("game")
    async def rules_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    async def _rules_game(self, interaction: discord.Interaction, game: str | None) -> str:
        """The game asked for, else this thread's game, else the only game there is."""
        if game:
            return str(find_game(game).id)
        record = await parley(interaction).store.find_by_thread(interaction.channel_id or 0)
        if record is not None:
            return record.game_type
        games = all_games()
        if len(games) == 1:
            return str(games[0].id)
        raise Refusal(f"Which game? Add `game:` — one of {', '.join(g.title for g in games)}.")

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
