"""Setup rules. For now: Variant 4, "Life is Pain" (Seas of Glory), which puts NPCs on the map
before the first round: event cards are drawn until two navy ships, each of its own nation, and one
pirate NPC are found, and those three are placed where their cards say.

Readings (docs/rules-coverage/merchants_marauders.md):
- MM-V4-03: a card whose NPC would appear in the zone of any player's home port goes back and the
  next card is drawn.
- MM-V4-05: a card that brings no NPC, a warship of a nation already placed, or a second pirate
  goes back too; once the three are placed the engine shuffles every card drawn back into the
  deck (the placed ones stay out, as any NPC card in play). With Module 4 every placed NPC draws
  an upgrade, as on any arrival: the result names them.
- MM-V4-02: nothing here touches loyalty; the game has not begun.
- MM-TOC-02: the out-of-turn scouting printed after this variant is Cutthroat's (rules/cutthroat.py).

The deck is a list of drawn cards in order, top first, already shuffled by the engine."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.merchants_marauders.card_models import EventDef
from engine.merchants_marauders.rules.npc import Arrival, Npc, Skills, arrive
from engine.merchants_marauders.vocab import Nation, Zone

LIFE_IS_PAIN_NAVIES = 2         # warships, of two different nations
LIFE_IS_PAIN_PIRATES = 1


class EventCard(BaseModel):
    """What Life is Pain reads of an event card: its id and the NPC it brings, if any."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    npc: Arrival | None = None


def event_card(e: EventDef) -> EventCard:
    """An event card of the data as this module reads it."""
    if e.npc is None:
        return EventCard(id=e.id)
    side: Literal["navy", "pirate"] = "pirate" if e.npc.side == "pirate" else "navy"
    nation: Nation | None = None if e.npc.side == "pirate" else e.npc.side
    c = e.npc.captain
    return EventCard(id=e.id, npc=Arrival(side=side, nation=nation, ship=e.npc.ship, zone=e.npc.arrival,
                                          skills=Skills(seamanship=c.seamanship, scouting=c.scouting,
                                                        leadership=c.leadership)))


class LifeIsPain(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    placed: list[str]               # the three cards whose NPCs are on the map, in the order drawn
    npcs: dict[str, Npc]            # the NPCs by roster slot (each draws a Module 4 upgrade)
    returned: list[str]             # drawn and put back, for the engine to shuffle into the deck
    deck: list[str]                 # the cards never drawn, in order


def wanted(card: EventCard, placed: Sequence[Arrival], home_ports: Collection[Zone]) -> bool:
    """Does this card's NPC join the setup? A warship of a nation not yet placed while fewer than
    2 are, or the first pirate, and never one arriving in a player's home port zone."""
    a = card.npc
    if a is None or a.zone in home_ports:
        return False
    if a.side == "pirate":
        return sum(p.side == "pirate" for p in placed) < LIFE_IS_PAIN_PIRATES
    navies = [p for p in placed if p.side == "navy"]
    return len(navies) < LIFE_IS_PAIN_NAVIES and all(p.nation != a.nation for p in navies)


def life_is_pain(deck: Sequence[EventCard], home_ports: Collection[Zone]) -> LifeIsPain:
    """Draw event cards from the top until 2 warships of different nations and 1 pirate NPC are
    found, and place them (MM-V4-01, -03, -05). A deck without them is a data error."""
    placed: list[EventCard] = []
    returned: list[str] = []
    for i, card in enumerate(deck):
        if wanted(card, [p.npc for p in placed if p.npc], home_ports):
            placed.append(card)
        else:
            returned.append(card.id)
        if len(placed) == LIFE_IS_PAIN_NAVIES + LIFE_IS_PAIN_PIRATES:
            npcs, _ = arrive({}, [p.npc for p in placed if p.npc])
            return LifeIsPain(placed=[p.id for p in placed], npcs=npcs, returned=returned,
                              deck=[c.id for c in deck[i + 1:]])
    raise ValueError("the event deck lacks two warships of different nations and a pirate away from the home ports")
