"""Pydantic models of the Seas of Glory files that have no base-game counterpart
(data/merchants_marauders/seas_of_glory/): tokens.toml, npc_upgrades.toml, locations.toml and
boards.toml. Each checks its own file; defs.py checks them against the rest of the set."""
from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field, model_validator

from engine.merchants_marauders.defs_base import Miniature, every_nation
from engine.merchants_marauders.effects import Effect, Natural, Positive, Strict, kinds
from engine.merchants_marauders.vocab import BEARINGS, Bearing, Nation, ShipType, Zone

LocationKind = Literal["pirate_haven", "missionary", "trading_post", "native_village", "naval_fort",
                       "prison", "town", "reefs"]
LOCATION_KINDS: tuple[LocationKind, ...] = get_args(LocationKind)
LoyaltyLevel = Literal["happy", "pleased", "content", "restless", "unhappy", "angry", "mutiny"]
LOYALTY_LEVELS: tuple[LoyaltyLevel, ...] = get_args(LoyaltyLevel)     # best first
VISIT_KINDS = {"refill_crew", "no_roll", "buy_off_bounties", "trade", "repair_for_cargo", "move_warship",
               "hire_specialist", "port_action", "salvage", "free"}
LEVEL_KINDS = {"extra_die", "free", "no_free", "specialists_off", "glory_check", "mutiny_check"}


# ---- seas_of_glory/tokens.toml ----
class MissionTokens(Strict):
    pairs: Positive
    base_slots: Positive

    @model_validator(mode="after")
    def _a_pair_per_slot(self) -> MissionTokens:
        if self.pairs <= self.base_slots:
            raise ValueError(f"missions: {self.pairs} pairs leave no pair for an extra mission slot")
        return self


class Flags(Strict):
    home_port: Positive
    npc: list[Literal["brown", "black"]]

    @model_validator(mode="after")
    def _one_of_each(self) -> Flags:
        if sorted(self.npc) != ["black", "brown"]:
            raise ValueError("flags.npc: one brown flag (warship) and one black (pirate)")
        return self


class Storm(Strict):
    tokens: Positive
    start: Zone


class Compass(Strict):
    directions: list[Bearing]

    @model_validator(mode="after")
    def _eight_clockwise(self) -> Compass:
        if tuple(self.directions) != BEARINGS:
            raise ValueError(f"compass.directions are the 8 bearings clockwise from north: {', '.join(BEARINGS)}")
        return self


class SogSupply(Strict):
    dice: Positive
    bags: Positive
    player_aids: Positive
    player_card_add_ons: Positive
    goodwill_boards: Positive
    loyalty_boards: Positive


class SogTokensFile(Strict):
    bounties: dict[Nation, Positive]
    missions: MissionTokens
    flags: Flags
    storm: Storm
    compass: Compass
    supply: SogSupply
    miniatures: dict[ShipType, Miniature]

    @model_validator(mode="after")
    def _nations(self) -> SogTokensFile:
        every_nation(dict(self.bounties), "bounties")
        return self


# ---- seas_of_glory/npc_upgrades.toml ----
class UpgradeDef(Strict):
    id: str
    face: Literal["none", "two", "weapon", "modification"]
    of: str | None = None                       # the weapon or modification shown
    module: Literal["weapons", "modifications"] | None = None   # taken out without that module

    @model_validator(mode="after")
    def _shape(self) -> UpgradeDef:
        if (self.face in ("weapon", "modification")) != (self.of is not None):
            raise ValueError("a weapon or modification token names its kind in `of`, and only such a token")
        if self.module is not None and self.module != self.face + "s":
            raise ValueError(f"a {self.face} token is taken out with Module {self.module}, not with {self.face}s")
        return self


class UpgradesFile(Strict):
    upgrades: dict[str, UpgradeDef]

    @model_validator(mode="after")
    def _zero_and_two(self) -> UpgradesFile:
        faces = [u.face for u in self.upgrades.values()]
        if faces.count("none") != 1 or faces.count("two") != 1:
            raise ValueError("the reserve holds one '0' token (face none) and one '2' token (face two)")
        return self

    def pool(self, new_weapons: bool = True, new_modifications: bool = True) -> list[UpgradeDef]:
        """The reserve for a game: without Module 2 or 3 their tokens are taken out (MM-M4-02)."""
        out = {"weapons": new_weapons, "modifications": new_modifications}
        return [u for u in self.upgrades.values() if u.module is None or out[u.module]]


# ---- seas_of_glory/locations.toml ----
class Raid(Strict):
    defence: Positive                           # cargo cards drawn
    bounties: tuple[Natural, Natural]           # for attacking, more on success
    damage: bool = True                         # the cards' damage icons hit the raider


class LocationDef(Strict):
    id: LocationKind
    name: str
    tokens: Positive
    visitors: Literal["anyone", "pirates", "non_pirates"]
    says: str
    visit: list[Effect] = Field(min_length=1)
    raid: Raid | None = None
    prize: list[Effect] = []                    # after a successful raid

    @model_validator(mode="after")
    def _vocabulary(self) -> LocationDef:
        if bad := kinds(self.visit + self.prize) - VISIT_KINDS:
            raise ValueError(f"a location visit cannot {', '.join(sorted(bad))}")
        if self.prize and self.raid is None:
            raise ValueError("a prize needs a raid")
        return self


class LocationsFile(Strict):
    visits_per_round: Positive
    glory_plunder: Positive
    apart: list[LocationKind]
    locations: dict[LocationKind, LocationDef]

    @model_validator(mode="after")
    def _every_kind(self) -> LocationsFile:
        if missing := set(LOCATION_KINDS) - set(self.locations):
            raise ValueError(f"no location {', '.join(sorted(missing))}")
        return self

    def tokens(self) -> list[LocationKind]:
        return [k for k, loc in self.locations.items() for _ in range(loc.tokens)]


# ---- seas_of_glory/boards.toml ----
class Goodwill(Strict):
    start: Natural
    max: Positive
    price: Positive
    per_situation: Positive
    gain_on: list[Literal["buy", "mission_taken", "mission_completed"]]
    spend_on: list[Literal["redraw_card", "reroll_check", "npc_rescout", "enter_closed_port"]]

    @model_validator(mode="after")
    def _in_range(self) -> Goodwill:
        if self.start > self.max:
            raise ValueError(f"goodwill starts at {self.start}, above its maximum {self.max}")
        return self


class LevelDef(Strict):
    id: LoyaltyLevel
    name: str
    raise_price: Positive | None = None         # gold to climb one level from here
    effects: list[Effect]

    @model_validator(mode="after")
    def _vocabulary(self) -> LevelDef:
        if bad := kinds(self.effects) - LEVEL_KINDS:
            raise ValueError(f"a loyalty level cannot {', '.join(sorted(bad))}")
        return self


class Loyalty(Strict):
    start: LoyaltyLevel


class BoardsFile(Strict):
    goodwill: Goodwill
    loyalty: Loyalty
    levels: dict[LoyaltyLevel, LevelDef]

    @model_validator(mode="after")
    def _the_track(self) -> BoardsFile:
        if tuple(self.levels) != LOYALTY_LEVELS:
            raise ValueError(f"the loyalty levels run {', '.join(LOYALTY_LEVELS)}, in that order")
        if self.levels[self.loyalty.start].effects:
            raise ValueError("loyalty starts on a level with no effect")
        priced = {k for k, lv in self.levels.items() if lv.raise_price is not None}
        if priced != set(LOYALTY_LEVELS[1:-1]):
            raise ValueError("every level but the top (happy) and mutiny has a raise_price, and only those")
        return self

    def above(self, level: LoyaltyLevel) -> LoyaltyLevel | None:
        i = LOYALTY_LEVELS.index(level)
        return LOYALTY_LEVELS[i - 1] if i else None
