"""The action panel: a seat's legal decisions as buttons or a paged select menu, in plain words
(the game's `describe`), with the choices that end the turn grey and last, and Undo when the
seat's last decision can be taken back.

Every component is a DynamicItem whose custom_id carries the game id and the version it was
built for, so panels work after a restart and a stale click is refused kindly. Options are
indexes into the seat's legal list at that version (deterministic for a given state).

An option or page click also carries the seat's key (`seat_key`): while another seat moves the
version on (the first sealed order locked in), a panel whose key still matches is the decision
the seat faces now, and is acted on. Undo stays strict: it names the version only. Custom ids
from before the key (no last part) behave as before: any other version is refused.
"""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Sequence
from typing import Any

import discord

from cogs.common import Refusal, acting_seat, game_for, guarded, parley, reply, title_of
from cogs.describe import Choice, choices_for, waiting_text
from cogs.fit import LABEL, OPTION, fit, shorten
from cogs.mentions import shown
from engine.core import Event, get_game, side_decisions
from store import Store, StoreError
from store.errors import BOARD_CHANGED
from table.seen import seen_by

log = logging.getLogger(__name__)
PAGE = 25          # Discord's limit of options in one select menu
MAX_BUTTONS = 5    # up to this many options show as buttons


KEY = r"(?::(?P<key>[0-9a-f]{16}))?"   # the optional last part of an option or page custom_id


def key_of(seat: int, decided: int, choices: Sequence[Choice]) -> str:
    """The seat, its decision count and its choices' notations in order, hashed short."""
    text = "\n".join([f"{seat}:{decided}", *(c.notation for c in choices)])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


async def seat_key(store: Store, game_id: int, seat: int, version: int, choices: Sequence[Choice]) -> str:
    """The key of what `seat` decides at `version`, or "" when the game has moved past it meanwhile
    (a panel without a key is strict). The count and the version are read in one transaction."""
    now, decided = await store.decisions_made(game_id, seat)
    return key_of(seat, decided, choices) if now == version else ""


def with_key(custom_id: str, key: str) -> str:
    return f"{custom_id}:{key}" if key else custom_id


STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "danger": discord.ButtonStyle.danger, "end": discord.ButtonStyle.secondary}


def panel_view(game_id: int, version: int, choices: list[Choice], page: int = 0, *,
               undo: bool = False, key: str = "") -> discord.ui.View:
    """`key`: seat_key of the seat and these choices ("": the panel is refused at any other version)."""
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTONS:
        for c in choices:
            view.add_item(ActButton(game_id, version, c.index, c.label, STYLES[c.style], key=key))
    else:
        view.add_item(ActSelect(game_id, version, page, choices, key=key))
        if page > 0:
            view.add_item(PageButton(game_id, version, page - 1, "◀ Previous", key=key))
        if (page + 1) * PAGE < len(choices):
            view.add_item(PageButton(game_id, version, page + 1, "More ▶", key=key))
    if undo:
        view.add_item(UndoButton(game_id, version))
    return view


async def can_undo(interaction: discord.Interaction, game_id: int, seat: int) -> bool:
    """The seat made the last decision (perhaps followed by forced moves played for it), and
    none of them showed anything (no roll, card or hidden piece): what table.undo takes back.
    Never once the game is over: a finished game stays as it ended."""
    if (await parley(interaction).store.load(game_id)).status != "active":
        return False
    tail = await parley(interaction).store.live_tail(
        game_id, lambda r: r.shown_automatic and r.seat == seat and r.reveals is False)
    return bool(tail) and tail[-1].seat == seat and not tail[-1].automatic and tail[-1].reveals is False


async def panel_for(interaction: discord.Interaction, game_id: int, seat: int, *, done: str = "",
                    events: Iterable[Event] = ()) -> tuple[str, discord.ui.View | None]:
    """The text and components for one seat right now (private: shows the seat's hand).

    `done` is the decision the seat just made and `events` what it caused: the panel opens with
    the result, as this seat may see it (table.seen.seen_by), never with another seat's news."""
    record, state = await parley(interaction).table.load(game_id)
    game = get_game(record.game_type)
    choices = choices_for(record, state, seat)
    seen = seen_by(record.game_type, state, seat, events)
    result = f"✓ {done}\n{seen.result_line()}\n" if done else ""
    pending = game.pending(state)
    undo = await can_undo(interaction, game_id, seat)
    if not choices or pending is None:
        waiting = waiting_text(record, state)
        text = f"{result}**{title_of(record)}** — nothing for you to decide right now. {waiting}\n{seen.private}"
        return text, panel_view(game_id, record.version, [], undo=True) if undo else None
    prompt = pending.prompt if seat in pending.waiting_on else side_decisions(game, state).get(seat, pending.prompt)
    text = f"{result}**{title_of(record)}** — your move: {prompt}.\n{seen.private}"
    key = await seat_key(parley(interaction).store, game_id, seat, record.version, choices)
    return text, panel_view(game_id, record.version, choices, undo=undo, key=key)


async def still_meant(interaction: discord.Interaction, game_id: int, version: int,
                      key: str) -> tuple[int, list[Choice], int] | None:
    """(seat, its choices now, the version now) when a panel built at `version` with `key` is
    the decision the seat faces now: the same version, or (with a key) no decision of the seat
    since and the same choices in the same order. Else None, and the seat is shown the board."""
    bot = parley(interaction)
    seat = await acting_seat(interaction, await bot.store.load(game_id))
    record, state = await bot.table.load(game_id)
    choices = choices_for(record, state, seat)
    if version == record.version or (
            key and await seat_key(bot.store, game_id, seat, record.version, choices) == key):
        return seat, choices, record.version
    text, view = await panel_for(interaction, game_id, seat)
    await interaction.response.edit_message(content=fit(f"{BOARD_CHANGED}\n{text}"), view=view)
    return None


async def act_from_panel(interaction: discord.Interaction, game_id: int, version: int, index: int,
                         key: str = "") -> None:
    """A click on a panel option: act, then show the next options (or say it is done).

    A panel of an earlier version whose key still matches acts at the version it is now: the
    write still checks that version, so a decision made by anyone meanwhile refuses it."""
    bot = parley(interaction)
    meant = await still_meant(interaction, game_id, version, key)
    if meant is None:
        return
    seat, choices, now = meant
    chosen = next((c for c in choices if c.index == index), None)
    if chosen is None:
        raise Refusal("That option is no longer there. Press **Your move** for the current options.")
    try:
        result = await bot.table.play(game_id, seat, chosen.notation, interaction_id=str(interaction.id),
                                      expected_version=now)
    except (ValueError, StoreError) as e:
        text, view = await panel_for(interaction, game_id, seat)
        await interaction.response.edit_message(content=fit(f"✗ {e}\n{text}"), view=view)
        return
    text, view = await panel_for(interaction, game_id, seat, done=done_line(chosen.label, result.forced),
                                 events=result.all_events)
    bot.wake(game_id)   # before answering: a failed answer must not stall the bots
    await interaction.response.edit_message(content=fit(text), view=view)


def done_line(notation: str, forced: list[str]) -> str:
    """What the seat decided (a label may hold a player's name: escaped), and the forced moves
    played for it right after."""
    return shown(notation) + "".join(f" → {f} (your only option, played for you)" for f in forced)


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"parley:do:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)" + KEY):
    def __init__(self, game_id: int, version: int, index: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, *, key: str = "") -> None:
        super().__init__(discord.ui.Button(label=shorten(label, LABEL), style=style,
                                           custom_id=with_key(f"parley:do:{game_id}:{version}:{index}", key)))
        self.game_id, self.version, self.index, self.key = game_id, version, index, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> ActButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), key=match["key"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, act_from_panel(interaction, self.game_id, self.version, self.index, self.key))


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"parley:pick:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)" + KEY):
    def __init__(self, game_id: int, version: int, page: int, choices: list[Choice] | None = None, *,
                 key: str = "") -> None:
        start = page * PAGE
        options = [discord.SelectOption(label=shorten(c.label, LABEL), value=str(c.index),
                                        description=shorten(c.description, OPTION) or None)
                   for c in (choices or [])[start:start + PAGE]] or [discord.SelectOption(label="…")]
        super().__init__(discord.ui.Select(custom_id=with_key(f"parley:pick:{game_id}:{version}:{page}", key),
                                           placeholder="Choose your move…", options=options))
        self.game_id, self.version, self.key = game_id, version, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]), key=match["key"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._picked(interaction))

    async def _picked(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = list(data.get("values") or [])
        if not values or not str(values[0]).isdigit():
            raise Refusal("Pick one of the listed moves.")
        await act_from_panel(interaction, self.game_id, self.version, int(values[0]), self.key)


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"parley:page:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)" + KEY):
    def __init__(self, game_id: int, version: int, page: int, label: str = "More", *, key: str = "") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=with_key(f"parley:page:{game_id}:{version}:{page}", key)))
        self.game_id, self.version, self.page, self.key = game_id, version, page, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> PageButton:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]), key=match["key"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._turn_page(interaction))

    async def _turn_page(self, interaction: discord.Interaction) -> None:
        meant = await still_meant(interaction, self.game_id, self.version, self.key)
        if meant is None:
            return
        seat, choices, now = meant
        undo = await can_undo(interaction, self.game_id, seat)
        key = await seat_key(parley(interaction).store, self.game_id, seat, now, choices)
        await interaction.response.edit_message(view=panel_view(self.game_id, now, choices, self.page,
                                                                undo=undo, key=key))


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"parley:undo:(?P<game>\d+):(?P<version>\d+)"):
    """Take back the seat's last decision (offered only when it showed nothing)."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="Undo", emoji="↩", style=discord.ButtonStyle.secondary,
                                           custom_id=f"parley:undo:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._undo(interaction))

    async def _undo(self, interaction: discord.Interaction) -> None:
        bot = parley(interaction)
        record = await bot.store.load(self.game_id)
        seat = await acting_seat(interaction, record)
        if record.version != self.version:
            text, view = await panel_for(interaction, self.game_id, seat)
            await interaction.response.edit_message(content=fit(f"{BOARD_CHANGED}\n{text}"), view=view)
            return
        await bot.table.undo(self.game_id, seat)
        text, view = await panel_for(interaction, self.game_id, seat)
        bot.wake(self.game_id)
        await interaction.response.edit_message(content=fit(f"↩ Taken back.\n{text}"), view=view)


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
    seat = await acting_seat(interaction, record)
    text, view = await panel_for(interaction, record.id, seat)
    await reply(interaction, text, **({"view": view} if view else {}))


DYNAMIC_ITEMS = (ActButton, ActSelect, PageButton, UndoButton, MoveButton)
