"""Words about a game for messages: who sits where, who the game waits on, a seat's hand."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import get_game
from store import GameRecord
from table.rendering import private_text as game_private_text
from table.rendering import public_text as game_public_text

if TYPE_CHECKING:
    from cogs.app import ParleyBot


def seat_label(record: GameRecord, seat: int, *, mention: bool = False) -> str:
    s = record.seats[seat]
    if s.user_id is not None and mention:
        return f"<@{s.user_id}>"
    return s.display_name


def seat_list(record: GameRecord) -> str:
    return "\n".join(f"{s.seat + 1}. {seat_label(record, s.seat, mention=True)}" for s in record.seats) or "(nobody yet)"


async def waiting_text(bot: ParleyBot, record: GameRecord, *, mention: bool = False) -> str:
    _, s = await bot.table.load(record.id)
    game = get_game(record.game_type)
    pending = game.pending(s)
    if pending is None:
        return "The game is over."
    who = ", ".join(f"{seat_label(record, w, mention=mention)} ({game_seat_name(record, s, w)})"
                    for w in pending.waiting_on)
    return f"Waiting on {who} to {pending.prompt}."


def game_seat_name(record: GameRecord, state: object, seat: int) -> str:
    game = get_game(record.game_type)
    name = getattr(game, "seat_name", None)
    return str(name(state, seat)) if name else f"seat {seat + 1}"


async def prompt_of(bot: ParleyBot, record: GameRecord) -> str:
    _, s = await bot.table.load(record.id)
    pending = get_game(record.game_type).pending(s)
    return pending.prompt if pending else "nothing"


async def private_text(bot: ParleyBot, record: GameRecord, seat: int) -> str:
    view = await bot.table.view(record.id, seat)
    return game_private_text(record.game_type, view)


async def public_text(bot: ParleyBot, record: GameRecord) -> str:
    return game_public_text(record.game_type, await bot.table.view(record.id, None))
