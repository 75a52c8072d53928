"""Pydantic models of the Merchants & Marauders card decks, loaded once and validated:
data/merchants_marauders/base/{cargo,events,glory,rumours,missions}.toml (base reconstruction
section 8) and data/merchants_marauders/seas_of_glory/{contraband,events,rumours,missions}.toml
(Module 1's new cards, Module 7's contraband, the replacement rumour of MM-REPL-02).

Each file is checked on its own (its shape, the closed vocabularies of vocab.py and
card_effects.py), then the set as a whole (a mission hunts an NPC some event card brings in, a
rumour's specialist exists in the glory deck, the replacement rumour replaces a base one). Any
problem is a DataError naming the file, the row and the field. The cards are Parley's own design;
docs/merchants_marauders-data.md ("Cards") gives the reasons. The map, ships, captains and tokens
are another module's (defs.py)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.data import load_table_file, validate_set
from engine.merchants_marauders.card_effects import (
    EVENT_VERBS,
    FAMILY_VERBS,
    PAY_VERBS,
    RUMOUR_VERBS,
    SPECIALIST_VERBS,
    TEST_VERBS,
    Effect,
    SpecialistKind,
    Strict,
    only,
    verbs,
)
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.vocab import (
    GOODS,
    OPEN_SEA,
    Bearing,
    Good,
    NpcGroup,
    RaidIcon,
    ShipType,
    Zone,
)

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "merchants_marauders"

Positive = Annotated[int, Field(ge=1)]
Plunder = Annotated[int, Field(ge=0, le=6)]
NpcSkill = Annotated[int, Field(ge=2, le=4)]
# Contraband kinds are flavour only: every kind sells and sails the same way (MM-M7-11).
ContrabandKind = Literal["embargoed", "untaxed", "stolen", "captives"]
EventKind = Literal["npc", "storm", "hurricane", "tempest", "war_or_peace", "declared_war", "trade_boom",
                    "embargo", "fever", "press_gang", "fog", "amnesty", "convoy", "mercenaries"]
GloryFamily = Literal["specialist", "combat", "trade", "sailing", "fortune"]
MissionKind = Literal["delivery", "passenger", "hunt", "survey", "envoy", "raid"]
NewCards = Literal["off", "mixed", "separate"]      # Module 1's rumours and missions (MM-M1-02)

# The verb each event kind resolves with.
KIND_VERB: dict[str, str] = {"storm": "weather", "hurricane": "weather", "tempest": "weather",
                             "war_or_peace": "war_or_peace", "declared_war": "start_war", "trade_boom": "sale_bonus",
                             "embargo": "embargo", "fever": "crew_loss", "press_gang": "crew_loss",
                             "fog": "skill_modifier", "amnesty": "drop_bounty", "convoy": "refill_merchants",
                             "mercenaries": "extra_mission_slot"}
# Navies sail frigates (men-o'-war while at war) or, from Seas of Glory, men-o'-war in peace too;
# pirates sail sloops and frigates, and from Seas of Glory brigs and men-o'-war (MM-M1-05, -06).
NPC_SHIPS: dict[str, set[str]] = {"navy": {"frigate", "man_o_war"}, "pirate": {"sloop", "frigate", "brig", "man_o_war"}}
# What each specialist does: its verb and, for the skill specialists, its skill.
SPECIALIST_EFFECT: dict[str, tuple[str, str | None]] = {
    "navigator": ("skill_die", "seamanship"), "lookout": ("skill_die", "scouting"),
    "boatswain": ("skill_die", "leadership"), "envoy": ("skill_die", "influence"),
    "gunner": ("extra_hit", None), "surgeon": ("ignore_crew_loss", None),
    "carpenter": ("repair_after_fight", None), "quartermaster": ("extra_hold", None)}
# Where a mission's test is taken and what it checks.
KIND_TEST: dict[str, tuple[str, str | None]] = {"delivery": ("deliver", None), "passenger": ("passenger", None),
                                                "hunt": ("defeat", None), "survey": ("check", "scouting"),
                                                "envoy": ("check", "influence"), "raid": ("raid", None)}
AT_PORT = {"delivery", "passenger", "envoy"}     # mission kinds whose target is a port
MISSION_PAY = (5, 15)                            # gold, with the mission's glory


class DataError(ValueError):
    """A card file is malformed or contradicts another one."""


def _port(z: Zone, what: str) -> None:
    if z == OPEN_SEA:
        raise ValueError(f"{what} is a port, and the Caribbean Sea has none")


def _same_count(c: Mapping[Any, int], what: str) -> None:
    if len(set(c.values())) > 1:
        raise ValueError(f"every {what} has as many cards: {dict(sorted(c.items()))}")


# ---- base/cargo.toml and seas_of_glory/contraband.toml ----
class CargoDef(Strict):
    id: str
    good: Good
    plunder: Plunder                # gold when taken in a raid
    icon: RaidIcon                  # a hit location (1 damage there), escape, or blank

    def card(self) -> CargoCard:
        """The card as the trade and raid rules read it."""
        return CargoCard(id=self.id, good=self.good, plunder=self.plunder, icon=self.icon)


class ContrabandDef(CargoDef):
    contraband: ContrabandKind      # flavour only (MM-M7-11)
    port: Zone                      # the one port that buys it as contraband (MM-M7-09)

    @model_validator(mode="after")
    def _sold_in_a_port(self) -> ContrabandDef:
        _port(self.port, "a contraband card's sale port")
        return self


class CargoFile(Strict):
    cards: dict[str, CargoDef]

    @model_validator(mode="after")
    def _goods(self) -> CargoFile:
        c = Counter(card.good for card in self.cards.values())
        if missing := set(GOODS) - set(c):
            raise ValueError(f"no cargo card of {', '.join(sorted(missing))}")
        _same_count(c, "good")
        return self


class ContrabandFile(Strict):
    cards: dict[str, ContrabandDef]
    sale_gold: Positive             # what any contraband card sells for at its port (MM-M7-10)
    sales_per_glory: Positive       # every second sale gives a glory point (MM-M7-12)

    @model_validator(mode="after")
    def _spread(self) -> ContrabandFile:
        _same_count(Counter(card.good for card in self.cards.values()), "good")
        _same_count(Counter(card.port for card in self.cards.values()), "sale port")
        for port in {card.port for card in self.cards.values()}:
            goods = [card.good for card in self.cards.values() if card.port == port]
            if len(set(goods)) != len(goods):
                raise ValueError(f"{port} buys the same contraband good twice: {sorted(goods)}")
        return self


# ---- events.toml ----
class MoveIcon(Strict):
    """A movement icon: every NPC of `npc` moves one zone toward `to` (base reconstruction 6.4)."""
    npc: NpcGroup
    to: Bearing


class NpcCaptain(Strict):
    name: str
    seamanship: NpcSkill
    scouting: NpcSkill
    leadership: NpcSkill


class NpcDef(Strict):
    side: NpcGroup
    ship: ShipType
    arrival: Zone                   # marked when drawn; the ship arrives at the end of the round
    captain: NpcCaptain

    @model_validator(mode="after")
    def _ship_fits_the_side(self) -> NpcDef:
        kind = "pirate" if self.side == "pirate" else "navy"
        if self.ship not in NPC_SHIPS[kind]:
            raise ValueError(f"a {kind} NPC sails a {' or '.join(sorted(NPC_SHIPS[kind]))}, not a {self.ship}")
        if kind == "navy":
            _port(self.arrival, "a navy's arrival zone")
        return self


class EventDef(Strict):
    id: str
    name: str
    kind: EventKind
    moves: list[MoveIcon] = Field(min_length=1, max_length=3)   # the first is the top-left icon
    npc: NpcDef | None = None
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _shape(self) -> EventDef:
        if len({m.npc for m in self.moves}) != len(self.moves):
            raise ValueError("an event moves each NPC group at most once")
        if (self.kind == "npc") != (self.npc is not None):
            raise ValueError("an NPC card has an npc table, and only an NPC card")
        if self.kind == "npc":
            if self.effects:
                raise ValueError("an NPC card brings its NPC and does nothing else")
            return self
        only(self.effects, EVENT_VERBS, "an event card")
        if KIND_VERB[self.kind] not in verbs(self.effects):
            raise ValueError(f"a {self.kind} event resolves with '{KIND_VERB[self.kind]}'")
        return self


class EventsFile(Strict):
    events: dict[str, EventDef]

    def npcs(self) -> set[tuple[str, str]]:
        return {(e.npc.side, e.npc.ship) for e in self.events.values() if e.npc}


# ---- base/glory.toml ----
class GloryDef(Strict):
    id: str
    name: str
    family: GloryFamily
    specialist: SpecialistKind | None = None
    copies: Positive = 1
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _family(self) -> GloryDef:
        if (self.family == "specialist") != (self.specialist is not None):
            raise ValueError("a specialist card names its specialist kind, and only a specialist card")
        if self.specialist is None:
            only(self.effects, FAMILY_VERBS[self.family], f"a {self.family} glory card")
            return self
        only(self.effects, SPECIALIST_VERBS, "a specialist")
        verb, skill = SPECIALIST_EFFECT[self.specialist]
        if [(e.do, e.skill) for e in self.effects] != [(verb, skill)]:
            raise ValueError(f"a {self.specialist} does '{verb}'" + (f" to {skill}" if skill else ""))
        if self.copies != 1:
            raise ValueError("each specialist is one person: one card")
        return self


class GloryFile(Strict):
    cards: dict[str, GloryDef]

    def deck(self) -> list[GloryDef]:
        return [c for c in self.cards.values() for _ in range(c.copies)]


# ---- rumours.toml ----
class RumourDef(Strict):
    id: str
    name: str
    target: Zone
    at: Literal["sea", "port"]              # investigated in the zone, or in its port
    check: Literal["scouting", "influence"]  # the printed symbol: the skill the investigation rolls
    truth: bool                             # hidden until investigated
    reward: Effect                          # what it promises (paid only if true)

    @model_validator(mode="after")
    def _symbol(self) -> RumourDef:
        if self.at == "port":
            _port(self.target, "a port rumour's target")
        # MM-REPL-01: the symbol always matches where the rumour is investigated.
        if self.check != {"sea": "scouting", "port": "influence"}[self.at]:
            raise ValueError(f"a rumour investigated {'at sea' if self.at == 'sea' else 'in port'} shows "
                             f"the {'scouting' if self.at == 'sea' else 'influence'} symbol, not {self.check}")
        only([self.reward], RUMOUR_VERBS, "a rumour")
        return self


class Replacement(RumourDef):
    replaces: str                           # the base rumour it stands in for when its module is played
    module: Literal[7]


class RumoursFile(Strict):
    glory_when_true: Positive = 1
    rumours: dict[str, RumourDef]
    replacements: dict[str, Replacement] = {}


# ---- missions.toml ----
class MissionDef(Strict):
    id: str
    name: str
    kind: MissionKind
    claim: Zone                             # the port where it is claimed
    target: Zone | None = None              # where it is done (none for a hunt)
    test: Effect
    reward: Effect

    @model_validator(mode="after")
    def _shape(self) -> MissionDef:
        _port(self.claim, "a mission's claim port")
        only([self.test], TEST_VERBS, "a mission's test")
        only([self.reward], PAY_VERBS, "a mission's reward")
        verb, skill = KIND_TEST[self.kind]
        if (self.test.do, self.test.skill) != (verb, skill):
            raise ValueError(f"a {self.kind} mission tests '{verb}'" + (f" with {skill}" if skill else ""))
        if not MISSION_PAY[0] <= self.reward.n <= MISSION_PAY[1]:
            raise ValueError(f"a mission pays {MISSION_PAY[0]} to {MISSION_PAY[1]} gold, not {self.reward.n}")
        if (self.kind == "hunt") != (self.target is None):
            raise ValueError("a hunt has no target zone (its NPC is wherever it sails); every other mission has one")
        if self.target is not None and self.kind in AT_PORT:
            _port(self.target, f"a {self.kind} mission's target")
            if self.target == self.claim:
                raise ValueError(f"a {self.kind} mission is done away from the port where it is claimed")
        return self


class MissionsFile(Strict):
    glory: Positive = 1                     # every completed mission also gives this much glory
    slots: Positive = 2                     # missions on the board at once
    missions: dict[str, MissionDef]


# ---- the sets ----
class BaseCards(Strict):
    cargo: CargoFile
    events: EventsFile
    glory: GloryFile
    rumours: RumoursFile
    missions: MissionsFile


class SogCards(Strict):
    contraband: ContrabandFile
    events: EventsFile
    rumours: RumoursFile
    missions: MissionsFile


class Cards(Strict):
    base: BaseCards
    sog: SogCards

    @model_validator(mode="after")
    def _cross_checks(self) -> Cards:
        b, s = self.base, self.sog
        _unique_ids(self)
        specialists = {c.specialist for c in b.glory.cards.values() if c.specialist}
        for file, rumours in (("base/rumours.toml", b.rumours), ("seas_of_glory/rumours.toml", s.rumours)):
            for r in [*rumours.rumours.values(), *rumours.replacements.values()]:
                if r.reward.specialist is not None and r.reward.specialist not in specialists:
                    raise ValueError(f"{file}: [[rumour]] {r.id!r} gives a {r.reward.specialist}, which the glory deck lacks")
        for file, missions, npcs in (("base/missions.toml", b.missions, b.events.npcs()),
                                     ("seas_of_glory/missions.toml", s.missions, b.events.npcs() | s.events.npcs())):
            for m in missions.missions.values():
                if m.test.do == "defeat" and (m.test.npc, m.test.ship) not in npcs:
                    raise ValueError(f"{file}: [[mission]] {m.id!r} hunts a {m.test.npc} {m.test.ship}, which no event card of its decks brings in")
        if b.rumours.replacements:
            raise ValueError("base/rumours.toml: replacement rumours belong in seas_of_glory/rumours.toml")
        _replacements(b.rumours, s.rumours)
        return self

    def cargo_deck(self, contraband: bool = False) -> list[CargoDef]:
        """The goods deck; with Module 7 the contraband cards are shuffled in (MM-M7-01)."""
        return [*self.base.cargo.cards.values(), *(self.sog.contraband.cards.values() if contraband else ())]

    def event_deck(self, sog: bool = False) -> list[EventDef]:
        """The event deck; Seas of Glory's events only ever join the base ones (MM-M1-03)."""
        return [*self.base.events.events.values(), *(self.sog.events.events.values() if sog else ())]

    def glory_deck(self) -> list[GloryDef]:
        return self.base.glory.deck()

    def rumour_deck(self, sog: bool = False, contraband: bool = False) -> list[RumourDef]:
        """The rumour deck: Module 1 doubles it; Module 7 swaps in the reworked rumour (MM-M7-31)."""
        swap = {r.replaces: r for r in self.sog.rumours.replacements.values()} if contraband else {}
        deck: list[RumourDef] = [swap.get(r.id, r) for r in self.base.rumours.rumours.values()]
        return [*deck, *(self.sog.rumours.rumours.values() if sog else ())]

    def mission_deck(self, sog: bool = False) -> list[MissionDef]:
        return [*self.base.missions.missions.values(), *(self.sog.missions.missions.values() if sog else ())]

    def rumour_decks(self, new_cards: NewCards = "off", contraband: bool = False) -> list[list[RumourDef]]:
        """The rumour decks in play: Module 1's cards off, shuffled in, or a second deck (MM-M1-02)."""
        base = self.rumour_deck(contraband=contraband)
        new = list(self.sog.rumours.rumours.values())
        return {"off": [base], "mixed": [base + new], "separate": [base, new]}[new_cards]

    def mission_decks(self, new_cards: NewCards = "off") -> list[list[MissionDef]]:
        """The mission decks in play, as rumour_decks (MM-M1-02)."""
        base, new = self.mission_deck(), list(self.sog.missions.missions.values())
        return {"off": [base], "mixed": [base + new], "separate": [base, new]}[new_cards]


def _unique_ids(c: Cards) -> None:
    """Ids are unique across every deck, and card names across every deck but the repeated glory cards."""
    seen: dict[str, str] = {}
    named: dict[str, str] = {}
    for part, model in FILES.items():
        file = model[0]
        root = c.base if part.startswith("base/") else c.sog
        data = getattr(root, part.split("/")[1])
        for table in ("cards", "events", "rumours", "replacements", "missions"):
            for key, row in getattr(data, table, {}).items():
                if key in seen:
                    raise ValueError(f"{file}: id {key!r} is also used in {seen[key]}")
                seen[key] = file
                name = getattr(row, "name", None)
                if name is not None and not isinstance(row, Replacement):
                    if name.lower() in named:
                        raise ValueError(f"{file}: {key!r} is named {name!r}, as {named[name.lower()]} is")
                    named[name.lower()] = key


def _replacements(base: RumoursFile, sog: RumoursFile) -> None:
    """MM-REPL-02: the base rumours whose cargo reward does not say what a contraband card does
    are exactly those the Seas of Glory replacement stands in for; it keeps their target and truth
    and says it."""
    blind = {r.id for r in base.rumours.values() if r.reward.do == "cargo" and not r.reward.contraband}
    replaced = {r.replaces: r for r in sog.replacements.values()}
    if set(replaced) != blind:
        raise ValueError(f"seas_of_glory/rumours.toml: the replacements stand in for {sorted(replaced)}, "
                         f"but the base rumours whose cargo ignores contraband are {sorted(blind)}")
    for old_id, new in replaced.items():
        old = base.rumours[old_id]
        if (new.target, new.at, new.truth) != (old.target, old.at, old.truth):
            raise ValueError(f"seas_of_glory/rumours.toml: [[replacement]] {new.id!r} keeps {old_id}'s target and truth")
        if new.reward.do != "cargo" or not new.reward.contraband:
            raise ValueError(f"seas_of_glory/rumours.toml: [[replacement]] {new.id!r} gives cargo and says what contraband does")


# Files, and for each the [[tables]] read into dicts: table -> (field, key).
FILES: dict[str, tuple[str, type[BaseModel], dict[str, tuple[str, str]]]] = {
    "base/cargo": ("base/cargo.toml", CargoFile, {"card": ("cards", "id")}),
    "base/events": ("base/events.toml", EventsFile, {"event": ("events", "id")}),
    "base/glory": ("base/glory.toml", GloryFile, {"card": ("cards", "id")}),
    "base/rumours": ("base/rumours.toml", RumoursFile, {"rumour": ("rumours", "id"), "replacement": ("replacements", "id")}),
    "base/missions": ("base/missions.toml", MissionsFile, {"mission": ("missions", "id")}),
    "seas_of_glory/contraband": ("seas_of_glory/contraband.toml", ContrabandFile, {"card": ("cards", "id")}),
    "seas_of_glory/events": ("seas_of_glory/events.toml", EventsFile, {"event": ("events", "id")}),
    "seas_of_glory/rumours": ("seas_of_glory/rumours.toml", RumoursFile,
                              {"rumour": ("rumours", "id"), "replacement": ("replacements", "id")}),
    "seas_of_glory/missions": ("seas_of_glory/missions.toml", MissionsFile, {"mission": ("missions", "id")}),
}


def load_file(data_dir: Path, part: str) -> BaseModel:
    """One file of the set (a key of FILES), checked on its own."""
    file, model, tables = FILES[part]
    return load_table_file(data_dir, file, model, tables, DataError)


def load_cards(data_dir: Path = DATA_DIR) -> Cards:
    """Read and validate every card file under `data_dir`; the first problem raises DataError."""
    parts = {part: load_file(data_dir, part) for part in FILES}
    base = validate_set(BaseCards, {p.split("/")[1]: m for p, m in parts.items() if p.startswith("base/")}, DataError)
    sog = validate_set(SogCards, {p.split("/")[1]: m for p, m in parts.items() if p.startswith("seas_of_glory/")}, DataError)
    return validate_set(Cards, {"base": base, "sog": sog}, DataError)


@cache
def cards() -> Cards:
    """The validated card set, loaded once per process."""
    return load_cards()
