"""The engine contract shared by every game: types, errors, RNG, runner, registry."""
from engine.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from engine.core.game import Game, GameState
from engine.core.registry import all_games, get_game, register
from engine.core.rng import Rng
from engine.core.runner import (
    LogEntry,
    Setup,
    act,
    act_text,
    legal_notations,
    replay,
    setup_state,
    side_decisions,
    undo,
)
from engine.core.types import ActionText, Event, Outcome, Pending, Transition

__all__ = [
    "ActionText", "Event", "Game", "GameState", "IllegalActionError", "InvalidActionError", "NotYourTurnError",
    "LogEntry", "Outcome", "Pending", "Rng", "Setup", "Transition", "act", "act_text", "all_games", "get_game",
    "legal_notations", "register", "replay", "setup_state", "side_decisions", "undo",
]
