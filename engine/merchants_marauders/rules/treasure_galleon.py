"""Seas of Glory Module 6, the Treasure Galleon: a Spanish NPC that starts at Cartagena, sails on
every NPC event's first icon gathering 5 gold a move, never hunts, and pays in glory and Spanish
bounties whoever defeats it.

It is an `npc.Npc` with side "treasure" and nation Spain, plus its gold. Its captain's skills
come from its token (data), so setup takes them. Dice come in already rolled."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from engine.merchants_marauders.rules.npc import Icon, Neighbours, Npc, Skills, scout_found, slot_of, step
from engine.merchants_marauders.vocab import Face, Nation, Zone

START: Zone = "cartagena"               # MM-M6-02
NATION: Nation = "spain"
GOLD_PER_MOVE = 5                       # MM-M6-06
GOLD_PER_BOUNTY = 10                    # one more Spanish bounty per full 10 gold aboard (MM-M6-12)
LOW_MANOEUVRE = 1                       # with Module 5's low-manoeuvrability galleons (MM-M6-22)


class TreasureGalleon(BaseModel, frozen=True):
    """The galleon on the board and the gold on its token (no limit, MM-M6-07). It carries no
    goods (MM-M6-14), so it has no cargo at all."""
    npc: Npc
    gold: int = 0


def setup(skills: Skills) -> TreasureGalleon:
    """The galleon starts at Cartagena with an empty token (MM-M6-02, -03)."""
    npc = Npc(slot=slot_of("treasure", NATION, "treasure_galleon"), side="treasure", nation=NATION,
              ship="treasure_galleon", zone=START, skills=skills)
    return TreasureGalleon(npc=npc)


def upgrade_draws(npc_upgrades: bool) -> int:
    """NPC upgrade draws for the galleon at setup (MM-M6-20). Our reading of MM-M6-21: one draw
    when the game starts, since no event card ever brings it, and its "0" and "2" tokens work as
    for any NPC (Module 4)."""
    return 1 if npc_upgrades else 0


def manoeuvrability(galleon: int, low_manoeuvre_galleons: bool) -> int:
    """A galleon's manoeuvrability from the ship table, or 1 with Module 5's low-manoeuvrability
    galleons in play (MM-M6-22; every module applies to it, MM-M6-19)."""
    return LOW_MANOEUVRE if low_manoeuvre_galleons else galleon


def move_on_event(galleon: TreasureGalleon, icons: Sequence[Icon], sea: Neighbours) -> TreasureGalleon:
    """An event card with NPC movement moves the galleon one zone the way its first icon points,
    whichever group the icon is for, turning clockwise at a shore like any NPC (MM-M6-04, -08).
    It seeks no one (MM-M6-05) and no wind or storm moves it (MM-M6-23). Each move adds 5 gold
    (MM-M6-06); a card without movement icons leaves it be."""
    if not icons:
        return galleon
    zone = step(galleon.npc.zone, icons[0].bearing, sea)
    return TreasureGalleon(npc=galleon.npc.model_copy(update={"zone": zone}), gold=galleon.gold + GOLD_PER_MOVE)


# ---- Attacking it ----
def may_attack(galleon: TreasureGalleon, zone: Zone, in_port: bool) -> bool:
    """Only a ship at sea in the galleon's zone may scout for it (MM-M6-09)."""
    return not in_port and zone == galleon.npc.zone


def attack_bounties(scouting: Sequence[Face]) -> int:
    """A Scouting roll for the galleon: found, the attacker takes 1 Spanish bounty and the fight
    begins (MM-M6-10); missed, nothing. Our reading: the module gives this token whether or not
    the attacker's nation is at war with Spain (it names no exception)."""
    return 1 if scout_found(scouting) else 0


Outcome = Literal["sunk", "boarded", "no_victor"]


class Spoils(BaseModel, frozen=True):
    """What the victor over the galleon gains (MM-M6-11 to -13, -17, -18)."""
    glory: int
    spanish_bounties: int
    gold: int
    ship: bool


def spoils(galleon: TreasureGalleon, outcome: Outcome, take_gold: bool = True, take_ship: bool = False) -> Spoils:
    """Defeating the galleon, by sinking or boarding, gives 1 glory (the victor's usual point, not
    a second one) and 1 more Spanish bounty per full 10 gold aboard at that moment (MM-M6-11,
    -12, -18). Only boarding lets the victor take its gold, its ship or both (MM-M6-13); our
    reading of MM-M6-17: a sunk galleon's gold goes down with it. No goods: MM-M6-14."""
    if outcome == "no_victor":
        return Spoils(glory=0, spanish_bounties=0, gold=0, ship=False)
    boarded = outcome == "boarded"
    return Spoils(glory=1, spanish_bounties=galleon.gold // GOLD_PER_BOUNTY,
                  gold=galleon.gold if boarded and take_gold else 0, ship=boarded and take_ship)


def after_battle(galleon: TreasureGalleon, outcome: Outcome) -> TreasureGalleon | None:
    """After a fight: sunk or boarded, it leaves the game for good (MM-M6-16; boarding takes it
    whether or not the victor keeps the ship); otherwise it repairs all damage and sails on with
    its gold (MM-M6-15). Its damage is tracked by the combat, so repaired means unchanged here."""
    return None if outcome in ("sunk", "boarded") else galleon
