"""Pirate Chest state: public board, per-player private hands, the deck, and the open prompts.

Spaces are numbered 1..board_size clockwise. Built on the shared mechanics of engine/core:
coins on islands are face-down pieces (they keep their identity; views show `shown()`); the
deck is a core Deck (its pile secret, its discard pile public); fight cards are a sealed choice;
the decisions waited on are typed prompts (prompts.py) on `stack`.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, model_validator

from engine.core import GameState
from engine.core.deck import Deck
from engine.core.pieces import Piece
from engine.core.sealed import Sealed
from engine.pirate_chest.actions import FightMode
from engine.pirate_chest.prompts import Prompt
from engine.pirate_chest.schema import SCHEMA_VERSION, upgrade

Phase = Literal["draft", "main", "ending", "done"]   # the phases of flow.py


class Player(BaseModel):
    captain: str = ""
    home: int = 0                 # home port space number
    position: int = 0
    hand: list[str] = []          # private to this seat
    coins: list[str] = []         # public: coins are shown when taken
    skip_turns: int = 0           # turns still to miss (being sunk, Marooned)
    frozen_next_turn: bool = False  # cannot move on his next turn
    move_penalty_next_turn: int = 0  # Becalmed / Sandbar
    dice_penalty: bool = False    # curse 2: -2 on every roll until the end of his next turn
    ability_blocked: bool = False  # curse 5: until the end of his next turn
    sinkings: int = 0             # enemies he has sunk (outcome breakdown)
    times_sunk: int = 0


class Fight(BaseModel):
    """A fight or attack in progress. `cards` are the sealed fight cards of attacker and
    defender: each adds or takes back cards until ready; none shows until both are."""
    attacker: int
    defender: int
    mode: FightMode = "both"
    landed: bool = True           # attacker landed on the defender (escape allowed)
    escape_bonus: int = 0
    cards: Sealed[list[str]]
    totals: dict[int, int] = {}


class Turn(BaseModel):
    seat: int = 0
    number: int = 0
    phase: Phase = "draft"
    moves_left: int = 0
    base_move_done: bool = False
    frozen: bool = False
    move_penalty: int = 0
    roll_bonus: int = 0           # Catch the Wind on your own move roll
    kraken_used: bool = False
    curse_used: bool = False
    ending_step: int = 0          # end of turn: 0 Voodoo Doll, 1 hand limit, 2 hand over


class LastMove(BaseModel):
    seat: int
    start: int
    end: int


class State(GameState):
    schema_version: int = SCHEMA_VERSION
    board_size: int = 24
    voodoo_doll: bool = False
    turn_limit: int = 0
    home_port_shelters_attacker: bool = True   # table option; False: the home port shelters defenders only
    players: list[Player]
    islands: dict[int, list[Piece]] = {}   # coins, face down until a ship stops there
    deck: Deck = Deck()           # the pile's order is secret; the discard pile is public
    turn: Turn = Turn()
    rotation: int = 0             # whose regular turn it is (extra turns do not advance it)
    extra_turns: list[int] = []   # Rampage: seats owed an extra turn
    stack: list[Prompt] = []      # the open decisions; the top (last) one is the current one
    fight: Fight | None = None
    last_move: LastMove | None = None
    winner: int | None = None
    ended: str = ""               # why the game ended, when it did

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """A snapshot stored under an older schema is read as the current one (schema.py)."""
        return upgrade(data)
