"""Pirate Chest state: public board, per-player private hands, and the secret deck.

Spaces are numbered 1..board_size clockwise. Coins on islands keep their identity in the
state; `face_up` says whether anyone may see it (views redact face-down coins).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.core import GameState

FightMode = Literal["broadsides", "boarding", "both", "steal-coin", "steal-card", "ram"]
PromptKind = Literal[
    "captain", "home", "keep", "sail", "die", "target", "space", "attack", "engage",
    "escape", "fight-cards", "girl-power", "take-coin", "discard", "doll",
]


class Coin(BaseModel):
    id: str
    face_up: bool = False


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
    """A fight or attack in progress. `committed` fight cards stay sealed until both are ready."""
    attacker: int
    defender: int
    mode: FightMode = "both"
    landed: bool = True           # attacker landed on the defender (escape allowed)
    escape_bonus: int = 0
    committed: dict[int, list[str]] = {}
    ready: list[int] = []
    totals: dict[int, int] = {}


class Prompt(BaseModel):
    """A decision the game waits on. The top of `State.stack` is the current one."""
    kind: PromptKind
    seats: list[int]
    card: str = ""                # card whose effect asked for this decision
    options: list[int] = []       # seats, spaces, distances or die values to pick from
    cards: list[str] = []         # cards to keep (Luck)
    ship: int = -1                # the ship a sail moves
    purpose: str = ""             # what a die or sail decision is for
    target: int = -1
    count: int = 0                # cards still to discard

    @property
    def seat(self) -> int:
        return self.seats[0]


class Turn(BaseModel):
    seat: int = 0
    number: int = 0
    phase: Literal["draft", "main", "ending", "done"] = "draft"
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


class Secret(BaseModel):
    deck: list[str] = []          # top of the deck is the end of the list


class State(GameState):
    board_size: int = 24
    voodoo_doll: bool = False
    turn_limit: int = 0
    home_port_shelters_attacker: bool = True   # table option; False: the home port shelters defenders only
    players: list[Player]
    islands: dict[int, list[Coin]] = {}
    discard: list[str] = []
    secret: Secret = Secret()
    turn: Turn = Turn()
    rotation: int = 0             # whose regular turn it is (extra turns do not advance it)
    extra_turns: list[int] = []   # Rampage: seats owed an extra turn
    stack: list[Prompt] = []
    fight: Fight | None = None
    last_move: LastMove | None = None
    winner: int | None = None
    ended: str = ""               # why the game ended, when it did
