"""Playing: /play with autocomplete, /board, /undo, /hand, /move and /rules (/log is in cogs.history)."""
from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalog import find_game, game_choices, topic_choices
from cogs.common import (
    GAME_NUMBER,
    Refusal,
    acting_seat,
    answer_soon,
    game_for,
    only_running_game,
    parley,
    reply,
    seat_of,
    title_of,
)
from cogs.describe import Choice, choices_for, players_of, public_text, waiting_text
from cogs.fit import CHOICE, CONTENT, shorten
from cogs.panel import done_line, panel_for, show_panel
from engine.core import all_games
from engine.core.help import HelpTopic
from store import GameRecord
from store.errors import BOARD_CHANGED
from table import ActResult, TableError, TableService
from table.rendering import board_png_async, hand_png_async

PICKED = re.compile(r"^(?P<index>\d+)@(?P<version>\d+)$")   # an autocomplete pick: option @ version


def picked_value(index: int, version: int) -> str:
    """The value of an autocomplete choice: which option, at which version of the game, so a
    pick from a list made before the board changed is refused rather than misread."""
    return f"{index}@{version}"


WAITING = "waiting"   # the value of the "not your move" entry of the autocomplete


def choice_name(c: Choice) -> str:
    """An autocomplete entry: the label, and what it does when there is room."""
    both = f"{c.label} — {c.description}" if c.description else c.label
    return shorten(both if len(both) <= CHOICE else c.label, CHOICE)


def by_label(record: GameRecord, state: Any, seat: int, typed: str) -> str:
    """Typed text names a move by its notation or, word for word, by its label in plain words
    (spaces and case aside); anything else goes to the game's parser, which plays only an exact
    notation (engine/core/notation.py)."""
    wanted = " ".join(typed.lower().split())
    same = [c.notation for c in choices_for(record, state, seat) if " ".join(c.label.lower().split()) == wanted]
    return same[0] if len(same) == 1 else typed


def rules_index(title: str, topics: Mapping[str, HelpTopic], limit: int = CONTENT) -> str:
    """/rules without a topic: every topic in the game's order (how to start comes first), each
    with its summary while the message has room, the rest by name alone, so none is lost."""
    head = f"{title} rules topics — use `/rules topic:<name>`:"
    named = {k: f"{t.title} (`{k}`)" for k, t in topics.items()}
    keys = list(topics)
    lines, room = [head], limit - len(head)
    for i, key in enumerate(keys):
        line = f"\n• **{topics[key].title}** (`{key}`) — {topics[key].summary}"
        rest = keys[i + 1:]
        still = len("\nAlso: ") + sum(len(named[k]) + 3 for k in rest) if rest else 0
        if len(line) + still > room:
            lines.append("\nAlso: " + " · ".join(named[k] for k in keys[i:]))
            break
        lines.append(line)
        room -= len(line)
    return "".join(lines)


async def picked(table: TableService, game_id: int, seat: int, action: str) -> tuple[str, int | None]:
    """(notation, version it was picked at) for an autocomplete pick; typed text has no version."""
    if action.strip() == WAITING:
        record, state = await table.load(game_id)
        raise TableError(f"It is not your move yet. {waiting_text(record, state)} I'll tell you when it is.")
    match = PICKED.match(action.strip())
    if match is None:
        return by_label(*await table.load(game_id), seat, action), None
    record, _ = await table.load(game_id)
    if int(match["version"]) != record.version:
        raise TableError(BOARD_CHANGED + " Use /play again or press **Your move**.")
    options = await table.legal(game_id, seat)
    index = int(match["index"])
    if index >= len(options):
        raise TableError("That option is no longer there. Use /play again for your current options.")
    return options[index], record.version


async def my_game(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    """The game of this thread, the given id, or the user's only running game here (in a server,
    its games; in a DM, all the user's games), once the user may see it (table.access)."""
    bot = parley(interaction)
    if game_id is not None or (interaction.channel_id and await bot.store.find_by_thread(interaction.channel_id)):
        return await game_for(interaction, game_id)
    return await only_running_game(interaction, "You have no running game here. Join one, or give its number.")


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Make your move by typing it (autocomplete lists your options)")
    @app_commands.describe(action="Your move: pick one from the list (it shows your options in plain words)", game=GAME_NUMBER)
    async def play(self, interaction: discord.Interaction, action: str, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        seat = await acting_seat(interaction, record)

        async def decide() -> tuple[str, ActResult]:
            notation, version = await picked(bot.table, record.id, seat, action)
            loaded, state = await bot.table.load(record.id)
            label = next((c.label for c in choices_for(loaded, state, seat) if c.notation == notation), notation)
            return label, await bot.table.play(record.id, seat, notation, interaction_id=str(interaction.id),
                                               expected_version=version)
        label, result = await answer_soon(interaction, decide())
        text, view = await panel_for(interaction, record.id, seat, done=done_line(label, result.forced),
                                     events=result.all_events)
        bot.wake(record.id)   # before answering: a failed answer must not stall the bots
        await reply(interaction, text, **({"view": view} if view else {}))

    @play.autocomplete("action")
    async def play_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            record = await my_game(interaction, getattr(interaction.namespace, "game", None))
            seat = seat_of(record, interaction.user.id)
            record, state = await parley(interaction).table.load(record.id)
        except (Refusal, ValueError, LookupError):
            return []
        choices = choices_for(record, state, seat)
        if not choices:   # say who the game waits on instead of an empty list
            return [app_commands.Choice(name=shorten(f"Not your move — {waiting_text(record, state)}", CHOICE), value=WAITING)]
        wanted = current.lower().strip()
        return [app_commands.Choice(name=choice_name(c), value=picked_value(c.index, record.version))
                for c in choices if wanted in c.label.lower() or wanted in c.notation.lower()][:25]

    @app_commands.command(name="board", description="See the current board")
    @app_commands.describe(game=GAME_NUMBER)
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record, state = await bot.table.load(record.id)
        png = await board_png_async(record.game_type, await bot.table.view(record.id, None), players_of(record))
        text = f"**{title_of(record)}**\n{public_text(record, state)}\n{waiting_text(record, state)}"
        await reply(interaction, text, file=discord.File(io.BytesIO(png), "board.png"))

    @app_commands.command(name="hand", description="See your hand and options (only you see this)")
    @app_commands.describe(game=GAME_NUMBER)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        seat = await acting_seat(interaction, record)
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await hand_png_async(record.game_type, await bot.table.view(record.id, seat))
        text, view = await panel_for(interaction, record.id, seat)
        notes = await bot.notifier.private_notes(record, seat)
        await reply(interaction, text + (f"\n**Recent private notes:**\n{notes}" if notes else ""),
                    file=discord.File(io.BytesIO(png), "hand.png"), **({"view": view} if view else {}))

    @app_commands.command(name="undo", description="Take back your last decision, if it revealed nothing")
    @app_commands.describe(game=GAME_NUMBER)
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await my_game(interaction, game)
        seat = await acting_seat(interaction, record)
        await bot.table.undo(record.id, seat)
        text, view = await panel_for(interaction, record.id, seat)
        bot.wake(record.id)
        await reply(interaction, f"↩ Taken back.\n{text}", **({"view": view} if view else {}))

    @app_commands.command(name="move", description="Open your move panel")
    @app_commands.describe(game=GAME_NUMBER)
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
            await reply(interaction, rules_index(chosen_game.title, topics))
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
