"""Scoundrel Bay state: the main board, each player's board and hand, the decks and stacks, the
reward queue and the open prompts.

Secret parts: hands (each seat's own), the order of the pirate deck, the event deck and the crate
stacks, the face-down treasures and monster stands, and sealed bids and feeding choices. The view
(view.py) shows each of them only to who may see it. Pirates are counted by owner: seats 0-3, and
GHOST for the 2-player ghost colour. A captain is a figure of its own (`Player.captain_at`).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.core import GameState
from engine.core.deck import Deck
from engine.core.pieces import Piece
from engine.core.sealed import Sealed
from engine.scoundrel_bay.actions import ActionName
from engine.scoundrel_bay.effect import Effect
from engine.scoundrel_bay.prompts import Prompt
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.rules.reputation import ReputationTrack

GHOST = 4            # the owner number of the 2-player ghost pirates (an unused colour)
Phase = Literal["setup", "start", "action", "sail", "shoot", "fight", "invade", "after_action", "card",
                "adding", "end_turn", "next_turn", "stage", "event", "ghost", "cook", "feed", "final",
                "scoring", "done"]   # the phases of flow.py


class Player(BaseModel):
    board: int                                   # player board number (1-4)
    hand: list[str] = []                         # secret: this seat's only
    crew: dict[str, list[str]] = {}              # crew area by flag colour, oldest first
    played: list[str] = []                       # the slot right of the board, top last
    citizens: int = 0
    crew_space: Crew = Crew()                    # captain and pirates aboard (active and sick)
    captain_at: str | None = None                # the region of the captain, once it invaded
    captain_dead: bool = False
    tools: dict[str, int] = {}                   # food_production, sword, gun, shield
    ship_damage: int = 1
    resources: dict[str, int] = {}               # ring, map, rum, food
    doubloons: int = 0
    debt: int = 0                                # unpaid doubloons, lost as gold at the end
    unlocks: int = 0
    last_action: ActionName | None = None
    ship: int = 1                                # the sea space of the ship
    monsters: list[str] = []                     # conquered
    treasures: list[str] = []                    # dug up (their rewards were shown when taken)
    undelivered: list[str] = []                  # face up
    delivered: list[str] = []
    turns: int = 0
    captain_tile: str | None = None              # captain powers variant
    captain_flipped: bool = False
    upgrades: list[str] = []                     # milestones variant
    milestones: list[str] = []                   # milestone types reached


class Region(BaseModel):
    pirates: dict[int, int] = {}                 # owner -> pirates (captains are not counted here)
    treasures: list[list[Piece]] = []            # one face-down stack per treasure space, top last
    crates: list[str | None] = []                # one face-up crate (or none) per crate space


class Fight(BaseModel):
    """SHOOT MONSTER in progress: the revealed monster and the current die face."""
    seat: int
    monster: str
    space: int
    face: int | str
    free_rerolls: int = 0


class Invasion(BaseModel):
    """INVADE in progress: the played card's flag, the flags left, regions already invaded."""
    flag: str
    capacity: int
    invaded: list[str] = []


class Stage(BaseModel):
    """THE END OF THE STAGE in progress."""
    reef: int
    event: str | None = None
    bids: Sealed[int] | None = None
    feed: Sealed[int] | None = None
    order: list[int] = []                        # seats still to act, in order (reputation order events)


class Turn(BaseModel):
    seat: int = 0
    phase: Phase = "setup"
    card: str | None = None                      # the card played this turn
    distance: int = 0
    fight: Fight | None = None
    invasion: Invasion | None = None
    reefs: list[int] = []                        # reefs this seat was first to pass, this turn


class State(GameState):
    players: list[Player]
    order: list[int]                             # seats in turn order (clockwise from the first player)
    regions: dict[str, Region]
    monsters: dict[int, Piece]                   # sea space -> monster stand (strength face down)
    discarded_monsters: list[str] = []
    deck: Deck                                   # the pirate deck: pile secret, discard public
    display: list[str | None]                    # the pirate display, leftmost first
    crate_stacks: dict[int, list[str]]           # secret order, top last
    crate_discard: list[str] = []
    events: list[str]                            # the event deck, secret order, top last
    events_done: list[str] = []
    reputation: ReputationTrack
    graveyard: dict[int, int] = {}               # owner -> dead figures (a captain counts 2)
    pot: int = 0                                 # doubloons lying in Scoundrel Bay
    unlock_supply: int = 0
    ghost_reserve: int = 0
    reefs_passed: list[int] = []                 # reefs someone has passed (each triggers once)
    stages_done: int = 0
    end_turns: int | None = None                 # once the game end is triggered: turns every seat plays
    turn: Turn = Turn()
    stage: Stage | None = None
    effects: list[Effect] = []                   # rewards and losses to resolve, first first
    stack: list[Prompt] = []                     # open prompts, the current one last
    options: dict[str, bool] = {}                # variants in play
    milestone_sides: dict[str, str] = {}         # milestones variant: type -> side "a" or "b"
    milestone_order: dict[str, list[int]] = {}   # type -> seats in the order they reached it
    upgrade_supply: list[str] = []
    harbor_tokens: dict[str, list[int]] = {}     # alternative harbor scoring: harbor -> 1st/2nd/3rd gold
    reveals: int = 0                             # counts hidden things shown: a decision that shows one cannot be undone
    log_tail: list[str] = []                     # last public events, for the board image
    final: dict[int, dict[str, int]] | None = None
