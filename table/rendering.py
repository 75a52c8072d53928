"""Find a game's renderer (render/<game_id>.py) and run it off the event loop."""
from __future__ import annotations

import asyncio
import importlib
from typing import Any


def _module(game_id: str) -> Any:
    return importlib.import_module(f"render.{game_id}")


def board_png(game_id: str, view: Any) -> bytes:
    data: bytes = _module(game_id).render_board(view)
    return data


def hand_png(game_id: str, view: Any) -> bytes:
    data: bytes = _module(game_id).render_hand(view)
    return data


async def board_png_async(game_id: str, view: Any) -> bytes:
    """Rendering takes tens of milliseconds: keep it off the event loop."""
    return await asyncio.to_thread(board_png, game_id, view)


async def hand_png_async(game_id: str, view: Any) -> bytes:
    return await asyncio.to_thread(hand_png, game_id, view)


def _text_module(game_id: str) -> Any:
    return importlib.import_module(f"render.{game_id}_text")


def private_text(game_id: str, view: Any) -> str:
    text: str = _text_module(game_id).private_text(view)
    return text


def public_text(game_id: str, view: Any) -> str:
    text: str = _text_module(game_id).public_text(view)
    return text
