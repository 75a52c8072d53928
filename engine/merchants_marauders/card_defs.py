"""Pydantic models of the Merchants & Marauders card decks, loaded once and validated:
data/merchants_marauders/base/{cargo,events,glory,rumours,missions}.toml (base reconstruction
section 8) and data/merchants_marauders/seas_of_glory/{contraband,events,rumours,missions}.toml
(Module 1's new cards, Module 7's contraband, the replacement rumour of MM-REPL-02).

Each file is checked on its own (card_models.py: its shape, the closed vocabularies of vocab.py
and card_effects.py), then, here, the set as a whole (a mission hunts an NPC some event card brings in, a
rumour's specialist exists in the glory deck, the replacement rumour replaces a base one). Any
problem is a DataError naming the file, the row and the field. The cards are Parley's own design;
docs/merchants_marauders-data.md ("Cards") gives the reasons. The map, ships, captains and tokens
are another module's (defs.py)."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, model_validator

from engine.core.data import load_table_file, validate_set
from engine.merchants_marauders.card_models import (
    CargoDef,
    CargoFile,
    ContrabandDef,
    ContrabandFile,
    EventDef,
    EventsFile,
    GloryDef,
    GloryFile,
    MissionDef,
    MissionsFile,
    NewCards,
    Replacement,
    RumourDef,
    RumoursFile,
    Strict,
)

__all__ = ["DATA_DIR", "FILES", "BaseCards", "CargoDef", "Cards", "ContrabandDef", "DataError", "EventDef",
           "GloryDef", "MissionDef", "RumourDef", "SogCards", "cards", "load_cards", "load_file"]

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "merchants_marauders"


class DataError(ValueError):
    """A card file is malformed or contradicts another one."""


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
