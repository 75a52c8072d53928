"""Pydantic models of the base game's files (data/merchants_marauders/base/): map.toml,
ships.toml (also read for seas_of_glory/ships.toml), captains.toml (both decks),
modifications.toml and weapons.toml (both sets), tokens.toml. Each checks its own file; defs.py
checks them against the rest of the set; defs_sog.py reuses Miniature and every_nation."""
from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal, get_args

from pydantic import Field, model_validator

from engine.merchants_marauders.effects import Effect, Natural, Positive, Stat, Strict, kinds
from engine.merchants_marauders.vocab import BEARINGS, GOODS, OPEN_SEA, ZONES, Bearing, Nation, ShipType, Weapon, Zone

ZONE_KINDS = {"buy_price", "buy_draws", "redraw_cost", "other_price", "demand_bonus", "repair_price", "discount",
              "hire_specialist", "open_to_bounties", "no_roll", "extra_die"}
CAPTAIN_KINDS = {"extra_die", "enemy_fewer_dice", "reroll", "no_roll", "buy_draws", "redraw_cost", "other_price",
                 "demand_bonus", "discount", "stat", "opening_shot", "storm_immune", "enter_closed"}
MOD_KINDS = {"stat", "opening_shot", "extra_die", "enemy_fewer_dice", "hidden_cargo", "loyalty_guard"}
WEAPON_KINDS = {"skulls_to", "board_skull", "set_fire", "double_skulls", "spike"}
BASE_SHIPS = {"sloop", "flute", "frigate", "galleon", "man_o_war"}


def every_nation(counts: dict[Nation, int], what: str) -> None:
    if missing := set(get_args(Nation)) - set(counts):
        raise ValueError(f"{what} are given for every nation; missing {', '.join(sorted(missing))}")


class Miniature(Strict):
    """How many miniatures of one ship type come in each colour."""
    ship: ShipType
    player: Natural = 0           # one per player colour
    black: Natural = 0            # pirate NPCs
    brown: Natural = 0            # navy NPCs
    gold: Natural = 0             # the treasure galleon


def opposite(b: Bearing) -> Bearing:
    return BEARINGS[(BEARINGS.index(b) + 4) % len(BEARINGS)]


# ---- base/map.toml ----
class ZoneDef(Strict):
    id: Zone
    name: str
    nation: Nation | None = None
    port: bool
    neighbours: dict[Zone, Bearing] = Field(min_length=1)
    says: str
    property: list[Effect] = []

    @model_validator(mode="after")
    def _shape(self) -> ZoneDef:
        if self.port != (self.nation is not None):
            raise ValueError("a zone with a port belongs to a nation, and only such a zone")
        if self.port != (self.id != OPEN_SEA):
            raise ValueError(f"every zone has a port but the {OPEN_SEA}")
        if not self.port and self.property:
            raise ValueError("a zone without a port has no property")
        if bad := kinds(self.property) - ZONE_KINDS:
            raise ValueError(f"a port property cannot {', '.join(sorted(bad))}")
        if self.id in self.neighbours:
            raise ValueError("a zone is not its own neighbour")
        if len(set(self.neighbours.values())) != len(self.neighbours):
            raise ValueError(f"two neighbours share a bearing: {self.neighbours}")
        return self


class MapFile(Strict):
    zones: dict[Zone, ZoneDef]

    @model_validator(mode="after")
    def _the_caribbean(self) -> MapFile:
        if missing := set(ZONES) - set(self.zones):
            raise ValueError(f"no zone {', '.join(sorted(missing))}")
        for z in self.zones.values():
            for other, bearing in z.neighbours.items():
                back = self.zones[other].neighbours.get(z.id)
                if back is None:
                    raise ValueError(f"{z.id} lists {other} as a neighbour, but {other} does not list {z.id}")
                if back != opposite(bearing):
                    raise ValueError(f"{z.id} sees {other} to the {bearing}, so {other} sees {z.id} to the {opposite(bearing)}, not {back}")
        seen, todo = {OPEN_SEA}, [OPEN_SEA]
        while todo:
            for n in self.zones[todo.pop()].neighbours:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != set(ZONES):
            raise ValueError(f"zones cut off from the Caribbean Sea: {', '.join(sorted(set(ZONES) - seen))}")
        return self

    def links(self) -> set[frozenset[Zone]]:
        return {frozenset((z, n)) for z, d in self.zones.items() for n in d.neighbours}

    def ports_of(self, nation: Nation) -> list[Zone]:
        return [z for z, d in self.zones.items() if d.nation == nation]

    def toward(self, zone: Zone) -> dict[Bearing, Zone]:
        """A zone's neighbours by bearing (the NPC and storm rules' shape)."""
        return {b: n for n, b in self.zones[zone].neighbours.items()}


# ---- base/ships.toml, seas_of_glory/ships.toml ----
class ShipDef(Strict):
    type: ShipType
    name: str
    cost: Positive | None = None                # not sold at a shipyard when left out
    sale: Positive | None = None
    hull: Positive
    masts: Positive
    crew: Positive
    cannons: Positive
    cargo: Positive
    manoeuvre: Positive
    mod_slots: Positive
    cards: Natural                              # one per player colour; 0 for a board token
    buy_glory: bool = False                     # 1 glory when bought, once per captain
    start_option: bool = False

    @model_validator(mode="after")
    def _prices(self) -> ShipDef:
        if (self.cost is None) != (self.sale is None):
            raise ValueError("a ship for sale has a cost and a sale value, one not for sale neither")
        if self.cost is not None and self.sale is not None and self.sale >= self.cost:
            raise ValueError(f"a ship sells ({self.sale}) for less than it costs ({self.cost})")
        if (self.start_option or self.buy_glory) and self.cost is None:
            raise ValueError("a starting ship or one that gives glory when bought is for sale")
        return self

    def values(self) -> dict[Stat, int]:
        return {s: getattr(self, s) for s in get_args(Stat)}


class CardVariant(Strict):
    """Ship cards that replace a type's cards, changing only the values given."""
    id: str
    replaces: ShipType
    cards: Positive
    manoeuvre: Positive


class NpcSkills(Strict):
    seamanship: Annotated[int, Field(ge=1, le=4)]
    scouting: Annotated[int, Field(ge=1, le=4)]
    leadership: Annotated[int, Field(ge=1, le=4)]


class NpcDef(Strict):
    """One place on the NPC roster (rules/npc.py slot_of): a new NPC for it replaces the old."""
    id: str
    side: Literal["navy", "pirate", "treasure"]
    nation: Nation | None = None
    ships: list[ShipType] = Field(min_length=1)   # a navy's ship at peace, then at war
    miniature: Literal["brown", "black", "gold"]
    reward: Natural = 0                          # gold for a non-pirate who defeats a pirate NPC
    start: Zone | None = None                    # the treasure galleon's fields below
    skills: NpcSkills | None = None
    gold_per_move: Natural = 0
    bounty_per_gold: Natural = 0
    attack_bounties: Natural = 0
    glory: Natural = 0
    hunts: bool = True

    @model_validator(mode="after")
    def _roster_place(self) -> NpcDef:
        want = {"navy": f"navy_{self.nation}", "pirate": f"pirate_{self.ships[0]}", "treasure": "treasure_galleon"}
        colour = {"navy": "brown", "pirate": "black", "treasure": "gold"}[self.side]
        if self.id != want[self.side] or self.miniature != colour:
            raise ValueError(f"a {self.side} NPC is '{want[self.side]}' with a {colour} miniature")
        if (self.side == "pirate") == (self.nation is not None):
            raise ValueError("pirates fly no nation's flag; navies and the treasure galleon do")
        if self.side == "navy" and self.ships != ["frigate", "man_o_war"]:
            raise ValueError("a navy sails a frigate at peace and a man-o'-war at war")
        if (self.side == "pirate") != (self.reward > 0):
            raise ValueError("a reward is paid for pirate NPCs, and only for them")
        treasure = {"start", "skills", "gold_per_move", "bounty_per_gold", "attack_bounties", "glory", "hunts"}
        if self.side != "treasure" and (extra := self.model_fields_set & treasure):
            raise ValueError(f"only the treasure galleon has {', '.join(sorted(extra))}")
        if self.side == "treasure" and (missing := treasure - self.model_fields_set):
            raise ValueError(f"the treasure galleon needs {', '.join(sorted(missing))}")
        return self


class ShipsFile(Strict):
    ships: dict[ShipType, ShipDef]
    cards: dict[str, CardVariant] = {}
    npcs: dict[str, NpcDef] = {}

    def ship_cards(self) -> int:
        return sum(s.cards for s in self.ships.values()) + sum(c.cards for c in self.cards.values())


# ---- captains.toml ----
class Skills(Strict):
    seamanship: Annotated[int, Field(ge=1, le=4)]
    scouting: Annotated[int, Field(ge=1, le=4)]
    leadership: Annotated[int, Field(ge=1, le=4)]
    influence: Annotated[int, Field(ge=1, le=4)]

    def total(self) -> int:
        return self.seamanship + self.scouting + self.leadership + self.influence


class Ability(Strict):
    name: str
    says: str
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _vocabulary(self) -> Ability:
        if bad := kinds(self.effects) - CAPTAIN_KINDS:
            raise ValueError(f"a captain's ability cannot {', '.join(sorted(bad))}")
        return self


class CaptainDef(Strict):
    id: str
    name: str
    nation: Nation
    home_port: Zone
    skills: Skills
    ability: Ability

    @model_validator(mode="after")
    def _ten_points(self) -> CaptainDef:
        if self.skills.total() != 10:
            raise ValueError(f"a captain's four skills add up to 10, got {self.skills.total()}")
        return self


class CaptainsFile(Strict):
    captains: dict[str, CaptainDef]

    def by_nation(self) -> Counter[Nation]:
        return Counter(c.nation for c in self.captains.values())


# ---- modifications.toml, weapons.toml ----
class ModificationDef(Strict):
    id: str
    name: str
    tokens: Positive
    cost: Positive
    says: str
    effects: list[Effect] = Field(min_length=1)
    needs_masts: bool = False
    needs_module: Literal["contraband", "loyalty"] | None = None

    @model_validator(mode="after")
    def _vocabulary(self) -> ModificationDef:
        if bad := kinds(self.effects) - MOD_KINDS:
            raise ValueError(f"a ship modification cannot {', '.join(sorted(bad))}")
        return self


class ModificationsFile(Strict):
    modifications: dict[str, ModificationDef]

    def tokens(self) -> list[str]:
        return [k for k, m in self.modifications.items() for _ in range(m.tokens)]


class WeaponDef(Strict):
    id: Weapon
    name: str
    tokens: Positive
    cost: Positive
    shot: bool                                  # one shot kind per combat round
    says: str
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _vocabulary(self) -> WeaponDef:
        if bad := kinds(self.effects) - WEAPON_KINDS:
            raise ValueError(f"a special weapon cannot {', '.join(sorted(bad))}")
        return self


class WeaponsFile(Strict):
    weapons: dict[Weapon, WeaponDef]

    def tokens(self) -> int:
        return sum(w.tokens for w in self.weapons.values())


class BaseWeaponsFile(WeaponsFile):
    per_kind: Positive                          # tokens of one kind aboard
    raid_skulls: Positive                       # dice a spent weapon turns to skulls in a raid


# ---- base/tokens.toml ----
class Tracks(Strict):
    glory_to_win: Positive
    merchant_track: Positive


class Demand(Strict):
    per_good: Positive


class BaseSupply(Strict):
    war_flags: Positive
    stash_chests: Positive
    coins: Positive
    coin_values: list[Positive]
    dice: Positive
    player_cubes: Positive
    npc_damage_cubes: Positive


class TokensFile(Strict):
    board: Tracks
    demand: Demand
    merchants: dict[Nation, Positive]
    bounties: dict[Nation, Positive]
    supply: BaseSupply
    miniatures: dict[ShipType, Miniature]

    @model_validator(mode="after")
    def _nations(self) -> TokensFile:
        every_nation(dict(self.merchants), "merchant tokens")
        every_nation(dict(self.bounties), "bounties")
        return self

    def demand_tokens(self) -> int:
        return self.demand.per_good * len(GOODS)
