"""The action panel: a seat's legal decisions as buttons or a paged select menu.

Every component is a DynamicItem whose custom_id carries the game id and the version it was
built for, so panels work after a restart and a stale click is refused kindly. Options are
indexes into the seat's legal list at that version (deterministic for a given state).
"""
from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

from cogs.common import Refusal, clip, game_for, guarded, parley, reply, seat_of, title_of
from cogs.describe import waiting_text
from engine.core import Event, get_game, legal_notations
from store import StoreError
from store.errors import BOARD_CHANGED
from table.seen import seen_by

log = logging.getLogger(__name__)
PAGE = 25          # Discord's limit of options in one select menu
MAX_BUTTONS = 5    # up to this many options show as buttons
LABEL = 80         # button and option label limit


def panel_view(game_id: int, version: int, notations: list[str], page: int = 0) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if len(notations) <= MAX_BUTTONS:
        for i, n in enumerate(notations):
            view.add_item(ActButton(game_id, version, i, n))
        return view
    view.add_item(ActSelect(game_id, version, page, notations))
    if page > 0:
        view.add_item(PageButton(game_id, version, page - 1, "◀ Previous"))
    if (page + 1) * PAGE < len(notations):
        view.add_item(PageButton(game_id, version, page + 1, "More ▶"))
    return view


async def panel_for(interaction: discord.Interaction, game_id: int, seat: int, *, done: str = "",
                    events: Iterable[Event] = ()) -> tuple[str, discord.ui.View | None]:
    """The text and components for one seat right now (private: shows the seat's hand).

    `done` is the decision the seat just made and `events` what it caused: the panel opens with
    the result, as this seat may see it (table.seen.seen_by), never with another seat's news."""
    record, state = await parley(interaction).table.load(game_id)
    game = get_game(record.game_type)
    notations = legal_notations(game, state, seat)
    seen = seen_by(record.game_type, state, seat, events)
    result = f"✓ {done}\n{seen.result_line()}\n" if done else ""
    pending = game.pending(state)
    if not notations or pending is None:
        waiting = waiting_text(record, state)
        return f"{result}**{title_of(record)}** — nothing for you to decide right now. {waiting}\n{seen.private}", None
    text = f"{result}**{title_of(record)}** — your move: {pending.prompt}.\n{seen.private}"
    return text, panel_view(game_id, record.version, notations)


async def act_from_panel(interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
    """A click on a panel option: act, then show the next options (or say it is done)."""
    bot = parley(interaction)
    record = await bot.store.load(game_id)
    seat = seat_of(record, interaction.user.id)
    if version != record.version:
        text, view = await panel_for(interaction, game_id, seat)
        await interaction.response.edit_message(content=f"{BOARD_CHANGED}\n{text}",
                                                view=view)
        return
    notations = await bot.table.legal(game_id, seat)
    if index >= len(notations):
        raise Refusal("That option is no longer there. Press **Your move** for the current options.")
    try:
        result = await bot.table.act(game_id, seat, notations[index], interaction_id=str(interaction.id),
                                     expected_version=version)
    except (ValueError, StoreError) as e:
        text, view = await panel_for(interaction, game_id, seat)
        await interaction.response.edit_message(content=f"✗ {e}\n{text}", view=view)
        return
    text, view = await panel_for(interaction, game_id, seat, done=notations[index], events=result.all_events)
    await interaction.response.edit_message(content=clip(text), view=view)
    bot.wake(game_id)


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"parley:do:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)"):
    def __init__(self, game_id: int, version: int, index: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:LABEL], style=discord.ButtonStyle.primary,
                                           custom_id=f"parley:do:{game_id}:{version}:{index}"))
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> ActButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, act_from_panel(interaction, self.game_id, self.version, self.index))


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"parley:pick:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"):
    def __init__(self, game_id: int, version: int, page: int, notations: list[str] | None = None) -> None:
        start = page * PAGE
        options = [discord.SelectOption(label=n[:LABEL], value=str(start + i))
                   for i, n in enumerate((notations or [])[start:start + PAGE])] or [discord.SelectOption(label="…")]
        super().__init__(discord.ui.Select(custom_id=f"parley:pick:{game_id}:{version}:{page}",
                                           placeholder="Choose your move…", options=options))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._picked(interaction))

    async def _picked(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = list(data.get("values") or [])
        if not values or not str(values[0]).isdigit():
            raise Refusal("Pick one of the listed moves.")
        await act_from_panel(interaction, self.game_id, self.version, int(values[0]))


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"parley:page:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"):
    def __init__(self, game_id: int, version: int, page: int, label: str = "More") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"parley:page:{game_id}:{version}:{page}"))
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> PageButton:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._turn_page(interaction))

    async def _turn_page(self, interaction: discord.Interaction) -> None:
        bot = parley(interaction)
        record = await bot.store.load(self.game_id)
        seat = seat_of(record, interaction.user.id)
        if record.version != self.version:
            text, view = await panel_for(interaction, self.game_id, seat)
            await interaction.response.edit_message(content=f"{BOARD_CHANGED}\n{text}",
                                                    view=view)
            return
        notations = await bot.table.legal(self.game_id, seat)
        await interaction.response.edit_message(view=panel_view(self.game_id, self.version, notations, self.page))


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"parley:move:(?P<game>\d+)"):
    """'Your move' under a board post: opens the clicking player's own panel, privately."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Your move", style=discord.ButtonStyle.success, emoji="🏴‍☠️",
                                           custom_id=f"parley:move:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> MoveButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_panel(interaction, self.game_id))


async def show_panel(interaction: discord.Interaction, game_id: int | None) -> None:
    """Send the user's own panel for a game, privately."""
    record = await game_for(interaction, game_id)
    seat = seat_of(record, interaction.user.id)
    text, view = await panel_for(interaction, record.id, seat)
    await reply(interaction, text, **({"view": view} if view else {}))


DYNAMIC_ITEMS = (ActButton, ActSelect, PageButton, MoveButton)
