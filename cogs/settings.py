"""/settings (a player's notifications, quiet hours, vacation, autoplay) and /help."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import Refusal, parley, reply
from cogs.posts import when
from cogs.quiet import parse_hhmm, zone
from store import UserSettings
from table.inputs import away_hours, check_away_until
from table.pace import DEFAULT_REMINDER_HOURS

HELP = """**Parley — the commands**
**Playing**
• **Your move** (button under the board) or `/move` — your options, privately
• `/play action:` — type a move; the list shows your options in plain words
• `/hand` — your hand and options (only you see it) · `/board` — the board now
• `/log [page:]` — the whole game so far, page by page (only what everyone may see)
• `/undo` — take back your last decision, if it showed nothing new
• `/rules [topic] [game]` — the rules, in our own words
**Games**
• `/game new game: players: [options:] [deadline:] [on_deadline:] [seed:]` — open a game in its own thread
• `/game join` · `/game start` (host) · `/game add-bot` (host) · `/game status` · `/game list`
• `/game leave` (asks first in a running game) · `/game kick` and `/game cancel` (host or moderator)
• `/game claim [seat:]` — take over a seat a bot plays (the host approves)
• `/game follow [cadence:]` · `/game unfollow` — watch a game you don't play: digests of its turns and board by DM (once a day, each turn, or only the result), never a hand
• `/game replay` — the timelapse of a finished game (the thread gets it by itself at the end)
• `/game export` — the log as a JSON file · `/game verify` — after the end, the seed revealed and the game checked
**Ratings** (per server and game; bots on a board of their own)
• `/stats [player:] [game:]` — games, wins, most played seat and rating: μ − 3σ, skill less 3× its uncertainty, 0 at first
• `/leaderboard game: [who:] [page:]` — the best rated here (`who: bots` for the bots)
**You**
• `/orders list|set|clear [game:]` — standing orders: answers you set in advance for what comes off your turn (only you see them)
• `/settings` — DMs, reminders, quiet hours and time zone, `away:` for a vacation, `autoplay:` for moves with one option
• `/help` — this list
"""


def parse_away(text: str, now: float, tz: str) -> float | None:
    """'off', 'N days', 'N hours' or a date 'YYYY-MM-DD' (until its end, in your time zone),
    up to a year ahead (table/inputs.py)."""
    words = text.strip().lower().removeprefix("until").split()
    if not words or words[0] in ("off", "back", "none"):
        return None
    if len(words) == 2 and words[0].isascii() and words[0].isdigit() and words[1].rstrip("s") in ("day", "hour"):
        return now + away_hours(words[0], words[1]) * 3600
    try:
        day = datetime.strptime(words[0], "%Y-%m-%d").replace(tzinfo=zone(tz))
        until = (day + timedelta(days=1)).timestamp()
    except ValueError:
        raise Refusal("Say how long you are away like `3 days`, `12 hours` or `until 2026-12-24`, or `off`.") from None
    except OverflowError:   # the last days of year 9999, a day past which no date can go
        until = float("inf")
    return check_away_until(until, now)


def _quiet_hours(text: str) -> dict[str, Any]:
    if text.strip().lower() in ("off", "none", ""):
        return {"quiet_start": None, "quiet_end": None}
    start, sep, end = text.replace("–", "-").partition("-")
    if not sep:
        raise Refusal("Quiet hours look like 22:00-07:00.")
    parse_hhmm(start)
    parse_hhmm(end)
    return {"quiet_start": start.strip(), "quiet_end": end.strip()}


def settings_text(current: UserSettings, now: float) -> str:
    quiet_text = f"{current.quiet_start}–{current.quiet_end}" if current.quiet_start else "off"
    away = f" · away until {when(current.away_until or 0)}" if current.away(now) else ""
    return (f"DM on your turn: {'on' if current.dm_notifications else 'off'} · reminders after "
            f"{current.reminder_hours or f'the game default ({DEFAULT_REMINDER_HOURS:g})'} h · quiet hours: "
            f"{quiet_text} ({current.timezone}) · autoplay of single-option moves: "
            f"{'on' if current.autoplay else 'off'}{away}"
            + (" · your DMs are closed to me, so use /hand" if current.dm_closed else ""))


class Settings(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your notifications, quiet hours, vacation and autoplay")
    @app_commands.describe(dm="DM me when it is my turn", reminder_hours="Hours before a reminder",
                           quiet="Quiet hours like 22:00-07:00 (or 'off'): messages then arrive silently",
                           timezone="Your time zone, e.g. Europe/Paris",
                           away="On vacation: '3 days', 'until 2026-12-24' or 'off'; your deadlines wait",
                           autoplay="Play a move for me when it is my only option (on by default)")
    async def settings(self, interaction: discord.Interaction, dm: bool | None = None,
                       reminder_hours: app_commands.Range[float, 0.25, 168.0] | None = None,
                       quiet: str | None = None, timezone: str | None = None, away: str | None = None,
                       autoplay: bool | None = None) -> None:
        bot = parley(interaction)
        store = bot.store
        current = await store.get_user_settings(interaction.user.id)
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
        if away is not None:
            changes["away_until"] = parse_away(away, bot.clock(), changes.get("timezone", current.timezone))
        if autoplay is not None:
            changes["autoplay"] = autoplay
        if changes:
            current = await store.set_user_settings(interaction.user.id, **changes)
        await reply(interaction, settings_text(current, bot.clock()))

    @app_commands.command(name="help", description="What Parley's commands do")
    async def help(self, interaction: discord.Interaction) -> None:
        await reply(interaction, HELP)
