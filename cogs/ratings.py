"""/stats and /leaderboard: this server's ratings (table/ratings.py), games and wins.

Glue only. Nothing here comes from a hand or any game's state: the numbers are the rating
tables', the seat names those the games gave the seats when they ended. Answers go to the asker
alone, like every reply of Parley's; the mentions in them never ping."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalog import find_game, game_choices
from cogs.common import Refusal, answer_soon, guarded, parley, reply
from cogs.fit import fit
from cogs.mentions import NOBODY
from engine.core import get_game
from store.ratings import Board, RatingRow, Z
from table.ratings import sync_guild

PAGE = 10   # leaderboard rows a page
WHO = {"players": False, "bots": True}
MEANING = (f"*Rating* = skill − {Z} × uncertainty (μ − {Z}σ): a careful estimate that starts at 0 and "
           "rises as you finish games ahead of others. Winners place first, the rest by score.")
QUIET = NOBODY


def server_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("Ratings are kept per server: ask in one of the server's channels.")
    return interaction.guild_id


def name_of(identity: str) -> str:
    kind, _, rest = identity.partition(":")
    return f"<@{rest}>" if kind == "user" else f"🤖 {rest} bot"


def record_text(row: RatingRow) -> str:
    rate = round(100 * row.wins / row.games) if row.games else 0
    games, wins = ("game" if row.games == 1 else "games"), ("win" if row.wins == 1 else "wins")
    return f"{row.ordinal:.1f} · {row.games} {games} · {row.wins} {wins} ({rate}%)"


async def stats_text(interaction: discord.Interaction, user: discord.abc.User, game: str | None) -> str:
    store = parley(interaction).store
    guild = server_of(interaction)
    game_type = find_game(game).id if game else None
    await sync_guild(store, guild, game_type)
    found = [x for x in await store.ratings_of(guild, f"user:{user.id}") if game_type in (None, x[0].game_type)]
    what = f" of {get_game(game_type).title}" if game_type else ""
    if not found:
        return (f"{user.mention} has no finished games{what} in this server yet. "
                "A game counts once it ends; `/game new` starts one.")
    lines = [f"**Stats for {user.mention}** in this server"]
    for row, place, favourite in found:
        most = f" · most played: {favourite}" if favourite else ""
        lines.append(f"**{get_game(row.game_type).title}** — rating {record_text(row)} · #{place} here{most}")
    return "\n".join([*lines, MEANING])


async def board_page(interaction: discord.Interaction, game_type: str, bots: bool, page: int) -> tuple[str, Any]:
    """The text of one leaderboard page and its page buttons (None when it is one page)."""
    store = parley(interaction).store
    board = Board(server_of(interaction), game_type)
    await sync_guild(store, board.guild_id, game_type)
    rows, total = await store.leaderboard(board, bots, (page - 1) * PAGE, PAGE)
    pages = max(1, -(-total // PAGE))
    if page > pages:   # asked past the end: the last page
        page = pages
        rows, total = await store.leaderboard(board, bots, (page - 1) * PAGE, PAGE)
    title, kind = get_game(game_type).title, "bots" if bots else "players"
    if not rows:
        return (f"No {kind} have finished a game of {title} in this server yet: the board fills in as games end."
                + ("" if bots else " `who: bots` shows the bots' board."), None)
    head = f"**{title} — the best {kind} in this server** (page {page} of {pages})"
    body = [f"{(page - 1) * PAGE + n}. {name_of(r.identity)} — {record_text(r)}" for n, r in enumerate(rows, 1)]
    other = "players" if bots else "bots"
    tail = f"{MEANING} `who: {other}` shows the {other}' board."
    return "\n".join([head, *body, tail]), page_buttons(game_type, bots, page, pages)


def page_buttons(game_type: str, bots: bool, page: int, pages: int) -> discord.ui.View | None:
    if pages == 1:
        return None
    view = discord.ui.View(timeout=None)
    for slot, target in (("previous", page - 1), ("next", page + 1)):
        view.add_item(BoardPageButton(game_type, bots, max(1, min(target, pages)), slot,
                                      disabled=not 1 <= target <= pages))
    return view


class BoardPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"parley:board:(?P<game>\w+):(?P<who>players|bots):(?P<page>\d+):(?P<slot>previous|next)"):
    LABELS = {"previous": "◀ Previous", "next": "Next ▶"}

    def __init__(self, game_type: str, bots: bool, page: int, slot: str, disabled: bool = False) -> None:
        who = "bots" if bots else "players"
        super().__init__(discord.ui.Button(label=self.LABELS[slot], style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"parley:board:{game_type}:{who}:{page}:{slot}"))
        self.game_type, self.bots, self.page = game_type, bots, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> BoardPageButton:
        return cls(match["game"], WHO[match["who"]], int(match["page"]), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._turn(interaction))

    async def _turn(self, interaction: discord.Interaction) -> None:
        find_game(self.game_type)   # a game no longer registered is refused kindly
        text, view = await board_page(interaction, self.game_type, self.bots, self.page)
        await interaction.response.edit_message(content=fit(text), view=view, allowed_mentions=QUIET)


class Ratings(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="A player's games, wins, rating and most played seat here")
    @app_commands.describe(player="Whose stats (leave it out for yours)", game="Only this game (leave it out for all)")
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    game: str | None = None) -> None:
        text = await answer_soon(interaction, stats_text(interaction, player or interaction.user, game))
        await reply(interaction, text, allowed_mentions=QUIET)

    @app_commands.command(name="leaderboard", description="The best rated players (or bots) of a game in this server")
    @app_commands.describe(game="Which game", who="Players (the default) or bots", page="Which page (10 a page)")
    @app_commands.choices(who=[app_commands.Choice(name=k, value=k) for k in WHO])
    async def leaderboard(self, interaction: discord.Interaction, game: str, who: str = "players",
                          page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        game_type = find_game(game).id
        text, view = await answer_soon(interaction, board_page(interaction, game_type, WHO[who], page))
        await reply(interaction, text, allowed_mentions=QUIET, **({"view": view} if view else {}))

    @stats.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def game_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)
