"""The renderer registry: each game's drawing and wording, found by game id.

Every package under `render/` (other than the shared modules) is one game's renderer and
exposes `RENDERER`; a game package named in PARLEY_GAMES may bring its own in `<package>.render`.
Nothing else lists the renderers.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar

from engine.core.registry import extra_packages

RENDER_DIR = Path(__file__).resolve().parent
V = TypeVar("V")
Players = Mapping[int, str]   # seat -> the name of whoever plays it ("carol", "Bot 4"), for the public board


@dataclass(frozen=True)
class Renderer(Generic[V]):
    """One game's pictures and words, all pure functions of a View (what one viewer may see)."""
    game: str                              # the game id it draws
    board: Callable[[V, Players], bytes]   # the public board, PNG, with players named beside their seats
    hand: Callable[[V], bytes]             # the viewer's private hand, PNG
    public_text: Callable[[V, Players], str]   # the status lines under a board post
    private_text: Callable[[V], str]       # the viewer's hand and holdings, for DMs and ephemeral replies


_RENDERERS: dict[str, Renderer[Any]] = {}


def _take(module: ModuleType) -> None:
    renderer = getattr(module, "RENDERER", None)
    if isinstance(renderer, Renderer):
        _RENDERERS[renderer.game] = renderer


def _load_all() -> None:
    for m in pkgutil.iter_modules([str(RENDER_DIR)]):
        if m.ispkg:
            _take(importlib.import_module(f"render.{m.name}"))
    for package in extra_packages():
        try:
            module = importlib.import_module(f"{package}.render")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.render":
                raise
            continue
        _take(module)


def renderer_for(game_id: str) -> Renderer[Any]:
    if game_id not in _RENDERERS:
        _load_all()
    try:
        return _RENDERERS[game_id]
    except KeyError:
        raise KeyError(f"No renderer for game '{game_id}': add render/{game_id}/ with a RENDERER.") from None


def all_renderers() -> dict[str, Renderer[Any]]:
    _load_all()
    return dict(_RENDERERS)
