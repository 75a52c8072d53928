"""A game's pictures and words for messages, through its registered renderer
(render.registry). Rendering runs off the event loop."""
from __future__ import annotations

import asyncio
from typing import Any

from render.registry import Players, renderer_for

NO_NAMES: Players = {}


def board_png(game_id: str, view: Any, players: Players = NO_NAMES) -> bytes:
    return renderer_for(game_id).board(view, players)


def hand_png(game_id: str, view: Any) -> bytes:
    return renderer_for(game_id).hand(view)


async def board_png_async(game_id: str, view: Any, players: Players = NO_NAMES) -> bytes:
    """Rendering takes tens of milliseconds: keep it off the event loop."""
    return await asyncio.to_thread(board_png, game_id, view, players)


async def hand_png_async(game_id: str, view: Any) -> bytes:
    return await asyncio.to_thread(hand_png, game_id, view)


def private_text(game_id: str, view: Any) -> str:
    """The viewer's own hand and holdings, for DMs and ephemeral panels only."""
    return renderer_for(game_id).private_text(view)


def public_text(game_id: str, view: Any, players: Players = NO_NAMES) -> str:
    return renderer_for(game_id).public_text(view, players)
