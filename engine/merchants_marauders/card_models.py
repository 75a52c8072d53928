"""The models of each Merchants & Marauders card file, checked on its own: its shape and the
closed vocabularies of vocab.py and card_effects.py. card_defs.py puts the files together, checks
them against one another and loads them; docs/merchants_marauders-data.md ("Cards") explains them."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

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
