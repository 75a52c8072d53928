"""The registry of games. Every package under `engine/` except `core` is a game and registers
itself when imported; packages named in the PARLEY_GAMES environment variable (comma-separated,
e.g. a toy game in a test folder) are imported too. Nothing else lists the games."""
from __future__ import annotations

import importlib
import os
import pkgutil
from pathlib import Path
from typing import Any

from engine.core.game import Game

ENGINE_DIR = Path(__file__).resolve().parents[1]
EXTRA_GAMES_ENV = "PARLEY_GAMES"
NOT_GAMES = ("core",)

_GAMES: dict[str, Game[Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    _GAMES[game.id] = game
    return game


def extra_packages() -> list[str]:
    """Game packages outside engine/, from PARLEY_GAMES."""
    return [p.strip() for p in os.environ.get(EXTRA_GAMES_ENV, "").split(",") if p.strip()]


def game_packages() -> list[str]:
    found = [f"engine.{m.name}" for m in pkgutil.iter_modules([str(ENGINE_DIR)])
             if m.ispkg and m.name not in NOT_GAMES]
    return sorted(found) + extra_packages()


def _load_all() -> None:
    for name in game_packages():
        importlib.import_module(name)


def get_game(game_id: str) -> Game[Any, Any, Any]:
    if game_id not in _GAMES:
        _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"Unknown game '{game_id}'. Known games: {known}.") from None


def all_games() -> list[Game[Any, Any, Any]]:
    _load_all()
    return [_GAMES[k] for k in sorted(_GAMES)]
