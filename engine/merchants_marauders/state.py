"""Merchants & Marauders state (docs/merchants_marauders-plan.md, section 2): the 17 zones with
their merchant, demand and modification tokens, the merchant track, the NPCs and the NPC cards
waiting to arrive, wars, each player's captain and ship, the round and turn records, the fight or
raid in progress, the open prompts.

Secret parts (view.py shows each only to who may see it): every deck's order and the demand pile
(nobody), a merchant token's nation until it is raided (nobody), a port's modification until a
player first enters it (nobody), a player's stash and glory cards (the owner), the captain dealt
and the ship picked at setup, and the sealed combat orders, until every seat is in.
Seats are 0-based here; the notation names them "p1" … "p4" (`label`)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.core import GameState
from engine.core.deck import Deck
from engine.core.sealed import Sealed
from engine.merchants_marauders.prompts import Prompt
from engine.merchants_marauders.rules.combat import Role
from engine.merchants_marauders.rules.crew_clash import Clash
from engine.merchants_marauders.rules.npc import Arrival, Npc
from engine.merchants_marauders.rules.rumours_missions import Slot
from engine.merchants_marauders.vocab import Bearing, Face, Good, HitLocation, Nation, ShipType, Weapon, Zone

Phase = Literal["setup", "round_start", "turn_start", "actions", "end_turn", "round_end", "ranking", "done"]
War = tuple[Nation, Nation]


def label(seat: int) -> str:
    """A seat as the notation names it."""
    return f"p{seat + 1}"


def seat_of(lbl: str) -> int:
    return int(lbl[1:]) - 1


class Ship(BaseModel):
    type: ShipType = "sloop"
    points: dict[HitLocation, int] = {}          # current value per hit location (cargo = the hold)
    cargo: list[str] = []                        # cargo card ids
    gold: int = 0                                # gold aboard (public)
    weapons: list[Weapon] = []                   # special weapon tokens, one of each kind
    modifications: list[str] = []
    npc_tokens: list[str] = []                   # Module 4: upgrade tokens taken from NPCs, by id


class Player(BaseModel):
    captain: str                                 # captain id (secret to others during setup)
    ship: Ship = Ship()
    zone: Zone = "caribbean_sea"
    in_port: bool = True
    glory: int = 0                               # the glory track (stash glory not included)
    stash: int = 0                               # secret: the owner's
    glory_cards: list[str] = []                  # secret: the owner's (the count is public)
    bounties: dict[Nation, int] = {}
    ship_glory: bool = False                     # this captain's frigate or galleon glory taken
    bought_at: Zone | None = None                # the port where this player bought goods last turn
    rumour: str | None = None                    # secret: the card (that one is held is public)
    specialists: list[str] = []                  # glory cards aboard (public)
    passenger: int = 0                           # hold spaces a passenger mission takes
    kept_gold: int = 0                           # gold a glory card saved from a death, for the next captain
    deaths: int = 0
    card_turned: bool = False                    # Cutthroat: scouted out of turn, till its next turn (public)
    owed_actions: int = 0                        # Cutthroat: actions lost at the start of its next turn
    loyalty: str = "content"                     # Module 11: the crew's level (public)
    goodwill: int = 0                            # Module 10: 0 to 5 (public)
    contraband: list[str] = []                   # Module 7: the contraband compartment's card ids (public)
    tucked: list[str] = []                       # Module 7: sold contraband behind the captain (public)
    hidden: str | None = None                    # Modules 3 and 7: the card under the smuggler's hold (secret: the owner's)


class ZoneState(BaseModel):
    merchant: Nation | None = None               # a token is here; its nation is secret
    demand: Good | None = None                   # the port's face-up demand token
    modification: str | None = None              # the port's token: secret until revealed
    revealed: bool = False


class Round(BaseModel):
    number: int = 0
    event: str | None = None                     # the event card of this round
    to_play: list[int] = []                      # seats still to take a turn this round, in order
    sale_bonus: int = 0                          # trade boom: demand goods sell for more
    embargo: Nation | None = None                # that nation's ports neither buy nor sell
    scouting: int = 0                            # fog: dice more (or fewer) on Scouting checks
    rerolled: list[int] = []                     # seats whose captain used its once-a-round reroll
    fierce: list[int] = []                       # Module 11: seats that called on Fierce Loyalty this round
    wind: Bearing | None = None                  # Module 8: the vane's bearing this round
    wind_moved: list[int] = []                   # Module 8: seats that made this round's free wind Move
    visited: list[int] = []                      # Module 9: seats that visited a location this round
    free_specialist: list[int] = []              # Module 11: seats whose Pleased crew took a free specialist this round
    glory_barred: list[int] = []                 # Module 11: seats an Unhappy crew's failed check barred from glory cards


class Turn(BaseModel):
    seat: int = 0
    phase: Phase = "setup"
    actions: int = 0                             # actions left
    moves: int = 0                               # moves made (masts at 0: at most 1)
    port_done: bool = False
    ended: bool = False
    bought_here: Zone | None = None              # goods bought this turn, in this port
    scouted: list[tuple[str, int]] = []          # (NPC slot, seat) pairs that scouted this turn
    scout_queue: list[str] = []                  # NPC slots still to scout the active seat
    stash_anywhere: bool = False                 # a glory card opened the stash in any port
    sale_bonus: int = 0                          # a glory card's gold per demand good, this turn's next sale
    start_port: Zone | None = None               # Module 11: the port the turn began in (None: at sea)
    goodwill_spent: list[str] = []               # Module 10: the situations goodwill went into this turn
    paid_entry: bool = False                     # goodwill (Module 10) or Villon's check opened the closed port the ship is in
    tried_entry: bool = False                    # Villon's Influence check for a closed port was rolled this turn


class Side(BaseModel):
    """One side of a fight: a seat, or an NPC by roster slot."""
    seat: int | None = None
    npc: str | None = None


class Fight(BaseModel):
    sides: dict[Role, Side]
    round_no: int = 1
    step: Literal["orders", "contest", "cards", "volley", "shots", "resolve", "clash", "clash_cards", "clash_apply",
                  "aftermath", "end"] = "orders"
    orders: Sealed[str] | None = None            # the human deciders' sealed orders, by seat
    declared: dict[Role, str] = {}               # both orders once revealed ("shoot", "board", "hooks", "flee")
    contest: dict[Role, list[Face]] = {}
    winner: Role | None = None
    dice: dict[Role, list[Face]] = {}            # each shooter's location dice
    shots: dict[Role, str] = {}                  # the shot weapon each shooter spent ("none" if none)
    npc_points: dict[HitLocation, int] = {}      # the NPC side's damage in this fight
    npc_cargo_hits: int = 0
    windows: list[Role] = []                     # fighters still to be offered this roll's glory-card window
    extra_hits: dict[Role, int] = {}             # glory cards: hits more this round
    cancel: dict[Role, int] = {}                 # glory cards: hits cancelled on this side this round
    crew_saved: dict[Role, int] = {}             # a surgeon's crew losses ignored in this fight
    rerolled: list[Role] = []                    # a captain's once-a-fight contest reroll used
    clash: Clash | None = None                   # the crew clash in progress
    clash_faces: dict[Role, list[Face]] = {}     # this clash round's Leadership dice
    victor: Role | None = None
    boarded: bool = False                        # the fight ended in a crew clash
    dead: list[int] = []                         # seats whose captain died, set up after the fight
    fire: dict[Role, int] = {}                   # Module 2: a burning side, by the round it last burned
    spread: dict[Role, list[HitLocation]] = {}   # Module 2: double shot's last hits, by shooter
    spikes_asked: list[Role] = []                # Module 2: sides offered spikes this round
    spiked: list[Role] = []                      # Module 2: sides that spent spikes this round
    penalty: dict[Role, str] = {}                # Module 2: the skill losing a die to spikes
    npc_spent: list[str] = []                    # Module 4: the NPC's weapon kinds spent in this fight


class Raid(BaseModel):
    seat: int
    token: Nation
    cards: list[str] = []
    dice: list[Face] = []
    skulls: int = 0
    spent: bool = False                          # a skull or a weapon used: no reroll after it
    added: str = ""                              # the card the last skull drew or swapped in
    favoured: list[str] = []                     # Module 10: steps redrawn with goodwill ("open", a card)


class State(GameState):
    players: list[Player]
    order: list[int]                             # seats clockwise from the first player
    zones: dict[Zone, ZoneState]
    track: list[Nation] = []                     # the merchant track: raided tokens, face up
    demand_pile: list[Good] = []                 # secret; index 0 is its top
    cargo: Deck = Deck()
    events: Deck = Deck()
    glory: Deck = Deck()
    captains: Deck = Deck()
    missions: Deck = Deck()
    rumours: Deck = Deck()
    board: list[Slot] = []                       # the missions in play, claimed ones with their holder
    npcs: dict[str, Npc] = {}
    arrivals: list[Arrival] = []                 # NPC cards of this round, arriving at its end
    wars: list[War] = []
    mod_reserve: list[str] = []                  # Module 3: modification tokens face down off the board
    npc_reserve: list[str] = []                  # Module 4: the NPC upgrade tokens face down
    npc_upgrades: dict[str, list[str]] = {}      # Module 4: each NPC's tokens, by roster slot
    npc_pending: list[list[str]] = []            # Module 4: the tokens drawn for each waiting arrival
    storm: Zone | None = None                    # Module 8: the storm token's zone
    treasure_gold: int = 0                       # Module 6: the gold on the treasure galleon's token
    round: Round = Round()
    turn: Turn = Turn()
    picks: Sealed[str] | None = None             # setup: each seat's sealed ship pick
    dealt: dict[int, list[str]] = {}             # Variant 2: each seat's 2 captains at setup (secret: the owner's)
    kept: list[int] = []                         # Variant 2: seats that kept a captain (part of the sealed pick)
    fight: Fight | None = None
    raid: Raid | None = None
    ambush: Sealed[str] | None = None            # Cutthroat: the sealed out-of-turn scouting wishes
    locations: dict[Zone, str] = {}              # Module 9: the location token of each zone with a port (public)
    location_buys: dict[str, int] = {}           # Module 9: "seat:zone" -> the last round it bought at that location
    stack: list[Prompt] = []
    options: dict[str, bool | str] = {}
    reveals: int = 0                             # hidden things shown: no undo past a change
    log_tail: list[str] = []
    final: dict[int, dict[str, int]] | None = None
    winners: list[int] = []
