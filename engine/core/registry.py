"""The registry of games, filled when each game package is imported."""
from __future__ import annotations

import importlib
from typing import Any

from engine.core.game import Game

_GAMES: dict[str, Game[Any, Any]] = {}
KNOWN_PACKAGES = ("engine.pirate_chest",)


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    _GAMES[game.id] = game
    return game


def _load_all() -> None:
    for name in KNOWN_PACKAGES:
        importlib.import_module(name)


def get_game(game_id: str) -> Game[Any, Any]:
    _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"Unknown game '{game_id}'. Known games: {known}.") from None


def all_games() -> list[Game[Any, Any]]:
    _load_all()
    return [_GAMES[k] for k in sorted(_GAMES)]
