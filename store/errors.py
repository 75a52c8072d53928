"""Store errors by cause. Each message is a sentence a player (or the host) can act on."""
from __future__ import annotations


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class GameNotFoundError(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game #{game_id}. Use /game list to see the games here.")
        self.game_id = game_id


class StaleStateError(StoreError):
    """The version the caller decided on is no longer current (someone else acted first)."""

    def __init__(self, message: str = "The board changed while you were deciding — here is the current one.") -> None:
        super().__init__(message)


class DuplicateInteractionError(StoreError):
    """This Discord interaction was already applied once; it must never apply twice."""

    def __init__(self, interaction_id: str) -> None:
        super().__init__("That click was already counted — your move went through once.")
        self.interaction_id = interaction_id


class SeatError(StoreError):
    """Joining, leaving or adding a bot is not possible right now; the message says why."""


class GameStatusError(StoreError):
    """The game is not in a status that allows this (e.g. acting in a finished game)."""
