"""A game's pictures and words for messages: render/<game_id>.py draws a View as PNG,
render/<game_id>_text.py writes it as text. Rendering runs off the event loop."""
from __future__ import annotations

import asyncio
import importlib
from typing import Any


def _call(module: str, function: str, view: Any) -> Any:
    return getattr(importlib.import_module(module), function)(view)


def board_png(game_id: str, view: Any) -> bytes:
    data: bytes = _call(f"render.{game_id}", "render_board", view)
    return data


def hand_png(game_id: str, view: Any) -> bytes:
    data: bytes = _call(f"render.{game_id}", "render_hand", view)
    return data


async def board_png_async(game_id: str, view: Any) -> bytes:
    """Rendering takes tens of milliseconds: keep it off the event loop."""
    return await asyncio.to_thread(board_png, game_id, view)


async def hand_png_async(game_id: str, view: Any) -> bytes:
    return await asyncio.to_thread(hand_png, game_id, view)


def private_text(game_id: str, view: Any) -> str:
    """The viewer's own hand and holdings, for DMs and ephemeral panels only."""
    return str(_call(f"render.{game_id}_text", "private_text", view))


def public_text(game_id: str, view: Any) -> str:
    return str(_call(f"render.{game_id}_text", "public_text", view))
