"""Dead Reckoning state: the ocean grid, each player's Ship, Dock, chest, hand and deck, the row
boxes, the battle in progress, the turn record, the effect queue and the open prompts.

Secret parts (view.py shows each only to who may see it): hands with their levels and sleeves
(the owner's), each Sailor deck's order (nobody), every row box below its top card (nobody),
face-down boards (nobody), Treasure chests (the owner's total), Bonus tokens (the owner's).
Seats are 0-based here; islands and the tower name them "p1" … "p4" (`label`)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.core.deck import Deck
from engine.dead_reckoning.effect import Effect
from engine.dead_reckoning.prompts import Prompt
from engine.dead_reckoning.rules.achievements import Record
from engine.dead_reckoning.rules.game_end import GameEnd, Siege
from engine.dead_reckoning.rules.island_control import Island
from engine.dead_reckoning.rules.load_unload import Ship as Hull
from engine.dead_reckoning.rules.load_unload import starting_ship
from engine.dead_reckoning.rules.tower import Board, Tower

HARBOR = "harbor"
Phase = Literal["setup", "start", "main", "refill", "mode", "sails", "sleeve", "draw", "end_turn",
                "next_turn", "scoring", "done"]   # the phases of flow.py
Mode = Literal["mercantile", "pirate"]


def label(seat: int) -> str:
    """A seat as islands, the tower and the notation name it."""
    return f"p{seat + 1}"


def seat_of(lbl: str) -> int:
    return int(lbl[1:]) - 1


class Ship(BaseModel):
    at: str = HARBOR                             # "harbor" or a grid position such as "b2"
    mode: Mode = "mercantile"
    damage: int = 0
    sails: int = 0                               # the Sail track
    hull: Hull = Field(default_factory=starting_ship)   # holds, goods and icons (rules/load_unload.py)
    upgrades: dict[str, list[str]] = {}          # hull letter -> Upgrade tiles, the visible one last


class Player(BaseModel):
    hand: list[str] = []                         # secret: card names (captain, gunner-1 …)
    levels: dict[str, int] = {}                  # card -> level (secret while the card is hidden)
    sleeves: dict[str, list[str]] = {}           # card -> Advancements sleeved on it
    deck: Deck = Deck()                          # pile secret, discard public
    played: list[str] = []                       # face up this turn, in the order played
    defence: list[str] = []                      # played in defence, out until the owner's Cleanup
    aside: list[str] = []                        # Advancements bought, waiting for a sleeve
    chest: int = 0                               # secret: the Treasure chest total
    dock: int = 0                                # cargo on the Dock tile
    ship: Ship = Ship()
    cubes: int = 0                               # cubes in the supply
    record: Record = Field(default_factory=Record)   # Achievements: progress and markers
    wins: int = 0                                # non-Building battles won (Legendary)
    sunk: int = 0                                # opponents' Ships sunk (Terror of the Sea)
    explored: int = 0                            # boards explored (Explorer)
    experts: int = 0                             # cards that reached level 4 (Expert Sailors)
    upgrades_taken: int = 0                      # Upgrade tiles acquired, covered ones included
    merchant: bool = False                       # Master Merchant: 12 cargo returned
    finished: bool = False                       # has had its final turn
    level_open: bool = False                     # may level one card (opened at its last turn's end)
    tokens_dealt: list[str] = []                 # variant: secret
    token: str | None = None                     # variant: the kept Bonus token, secret


class Space(BaseModel):
    board: str                                   # ocean.toml id (secret while face down)
    face_up: bool = False
    card: str | None = None                      # the Advancement or Merchant ship on it


class Battle(BaseModel):
    kind: Literal["ship", "merchant", "building"]
    attacker: int
    defender: int | None = None                  # the seat (ship battles; the owner of Buildings)
    at: str                                      # the board of the battle
    card: str | None = None                      # the Merchant ship
    why: Literal["flag", "pirate_stop", "pirate_start", "merchant", "buildings"] = "flag"
    cubes: dict[str, int] = {}                   # owner label ("p1", "black") -> cubes set
    board: Board = Board()
    step: Literal["cubes", "response", "window", "plunder", "done"] = "cubes"
    side: int = 0                                # whose turn in the ability window: 0 attacker, 1 defender
    passes: int = 0
    damage_waiting: dict[int, int] = {}          # seat -> damage dealt by abilities (applied at the end)
    extra_strength: dict[str, int] = {}          # owner -> strength from abilities
    plunder: dict[int, dict[str, int]] = {}      # seat -> plunder pieces still to place (coin, cargo, either)
    armed: list[str] = []                        # win abilities used in the window: they pay on a win


class Turn(BaseModel):
    seat: int = 0
    phase: Phase = "setup"
    used: list[str] = []                         # abilities used this turn ("card:n"), all seats
    cannons_used: dict[int, int] = {}            # seat -> Cannons spent this turn
    flags_used: int = 0
    sails_set: bool = False
    extra_sails: int = 0                         # sail options chosen before setting sails
    buys: int = 0                                # buys and resolves (at most 2)
    explored: bool = False
    battled: list[str] = []                      # targets fought: "p2", a card id, "buildings:b3"
    blockaded: list[str] = []                    # islands the active seat may not touch this turn
    pirates_met: list[int] = []                  # Pirates on the starting board it may fight
    pirate_queue: list[int] = []                 # Pirates still to fight after this stop
    sleeved: list[str] = []                      # Advancements sleeved in this Cleanup (no draw bonus yet)
    siege: Siege = Siege()                       # Influence spent on finished seats' cubes (DR-END-05)


class State(GameState):
    players: list[Player]
    order: list[int]                             # seats clockwise from the first player
    grid: dict[str, Space]
    islands: dict[str, Island] = {}              # face-up island boards by position
    rows: dict[int, list[str]]                   # row boxes: secret order below the top, top last
    upgrade_supply: dict[str, int] = {}
    building_supply: dict[str, int] = {}
    holders: dict[str, int] = {}                 # island -> the seat whose Buildings stand there
    tower: Tower = Tower()
    turn: Turn = Turn()
    battle: Battle | None = None
    effects: list[Effect] = []
    stack: list[Prompt] = []
    options: dict[str, bool] = {}
    end: GameEnd = GameEnd()                     # the end trigger and the final turns (rules/game_end.py)
    reveals: int = 0                             # hidden things shown: no undo past a change
    merchant_backs: dict[str, str] = {}          # secret: Merchant front -> the card whose back it carries (rules/merchants.py)
    backs_seen: list[str] = []                   # Merchant fronts whose back has been shown (attacked)
    log_tail: list[str] = []
    final: dict[int, dict[str, int]] | None = None
    winners: list[int] = []
