"""/orders list|set|clear: a player's standing orders in one game, always answered ephemerally.

The orders a game offers come from its own declaration (engine.core.orders.order_book); the
table decides when they answer (table/orders.py). Nobody else is ever told what they are.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import GAME_NUMBER, Refusal, parley, reply, seat_of, title_of
from cogs.fit import CHOICE, shorten
from cogs.play import my_game
from engine.core import get_game
from engine.core.orders import OrderBook, order_book
from store import GameRecord

ABOUT = ("Only you see your orders. They answer at once what comes while it is not your turn (a "
         "reaction, a sealed choice, something between turns), and a prompt of your own turn only when its "
         "deadline passes. Others see the answer as if you had given it, though one given at once shows you "
         "answered quickly. What they answered comes in your next *your move* DM.")


async def orders_game(interaction: discord.Interaction, game_id: int | None) -> tuple[GameRecord, OrderBook]:
    """The game (thread, number, or the user's only running one), the user seated, not over."""
    record = await my_game(interaction, game_id)
    seat_of(record, interaction.user.id)
    if record.status not in ("lobby", "active"):
        raise Refusal(f"{title_of(record)} is {record.status}: there is nothing left to answer.")
    book = order_book(get_game(record.game_type))
    if not book.orders:
        raise Refusal(f"{get_game(record.game_type).title} offers no standing orders.")
    return record, book


def listing(book: OrderBook, chosen: list[str]) -> str:
    lines = [f"{'✅' if o.id in chosen else '▫️'} `{o.id}` — {o.label}" for o in book.orders]
    return "\n".join(lines)


async def list_orders(interaction: discord.Interaction, game_id: int | None) -> None:
    record, book = await orders_game(interaction, game_id)
    chosen = await parley(interaction).store.orders_of(record.id, interaction.user.id)
    head = f"**Your standing orders in {title_of(record)}** ({len(chosen)} set; `/orders set` to add one):"
    await reply(interaction, f"{head}\n{listing(book, chosen)}\n\n{ABOUT}")


async def set_order(interaction: discord.Interaction, order: str, game_id: int | None) -> None:
    record, book = await orders_game(interaction, game_id)
    wanted = book.get(order.strip())
    if wanted is None:
        known = ", ".join(f"`{o.id}`" for o in book.orders)
        raise Refusal(f"{get_game(record.game_type).title} has no order `{order}`. Pick one from the list: {known}.")
    bot = parley(interaction)
    rivals = book.rivals(wanted.id)
    before = await bot.store.orders_of(record.id, interaction.user.id)
    if not await bot.store.set_order(record.id, interaction.user.id, wanted.id, replaces=rivals):
        raise Refusal(f"That order is set already: {wanted.label}.")
    replaced = [o.label for o in book.orders if o.id in rivals and o.id in before]
    extra = f" It replaces: {'; '.join(replaced)}." if replaced else ""
    await reply(interaction, f"🫡 Standing order set in {title_of(record)}: **{wanted.label}**.{extra}\n{ABOUT}")
    bot.wake(record.id)   # it may answer a prompt that is open now


async def clear_orders(interaction: discord.Interaction, order: str | None, game_id: int | None) -> None:
    record, book = await orders_game(interaction, game_id)
    store = parley(interaction).store
    gone = await store.clear_orders(record.id, interaction.user.id, order.strip() if order else None)
    if not gone:
        raise Refusal("You have no such order set here. `/orders list` shows yours." if order
                      else "You have no standing orders here.")
    what = (o.label if (o := book.get(order.strip())) else order) if order else f"all {gone} of them"
    await reply(interaction, f"Cleared your standing orders in {title_of(record)}: {what}. "
                             "You will be asked as usual.")


async def order_choices(interaction: discord.Interaction, current: str, *, only_set: bool) -> list[app_commands.Choice[str]]:
    """The game's orders (or the user's set ones) whose id or label contains what was typed."""
    try:
        record, book = await orders_game(interaction, getattr(interaction.namespace, "game", None))
    except (Refusal, ValueError):
        return []
    chosen = await parley(interaction).store.orders_of(record.id, interaction.user.id) if only_set else None
    typed = current.strip().lower()
    return [app_commands.Choice(name=shorten(o.label, CHOICE), value=o.id) for o in book.orders
            if (chosen is None or o.id in chosen) and (typed in o.id or typed in o.label.lower())][:25]


class Orders(commands.Cog):
    orders = app_commands.Group(name="orders", description="Your standing orders: answers set in advance, private")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @orders.command(name="list", description="Your standing orders in a game, and the ones it offers")
    @app_commands.describe(game=GAME_NUMBER)
    async def list_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await list_orders(interaction, game)

    @orders.command(name="set", description="Set a standing order (the list shows the game's orders)")
    @app_commands.describe(order="The order: pick one from the list", game=GAME_NUMBER)
    async def set_cmd(self, interaction: discord.Interaction, order: str, game: int | None = None) -> None:
        await set_order(interaction, order, game)

    @orders.command(name="clear", description="Clear one standing order, or all of yours in the game")
    @app_commands.describe(order="The order to clear (leave it out to clear them all)", game=GAME_NUMBER)
    async def clear_cmd(self, interaction: discord.Interaction, order: str | None = None, game: int | None = None) -> None:
        await clear_orders(interaction, order, game)

    @set_cmd.autocomplete("order")
    async def set_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await order_choices(interaction, current, only_set=False)

    @clear_cmd.autocomplete("order")
    async def clear_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await order_choices(interaction, current, only_set=True)
