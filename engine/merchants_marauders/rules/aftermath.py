"""Around a naval combat (base reconstruction 6.2's opening, 6.3's aftermath, 7.1 and 7.3, and the
long guns modification of 5): the bounty an attack costs, the long guns' opening shot, what a
victor over a navy ship or a pirate NPC gains, the reward for beating a pirate player, the crew
that crosses to a captured ship, and the NPC's repair after the fight.

The choices a victor makes over a beaten player (what to take, which ship to keep) are decisions
for the turn engine; the pieces here are the numbers it needs. Random picks take an engine.core
Rng, never a hidden global, so a seeded state replays them."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.rng import Rng
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import Fighter
from engine.merchants_marauders.vocab import Face, HitLocation, Nation, ShipType

Opponent = Literal["navy", "pirate_npc", "player"]
NAVY_PLUNDER_DRAW = 3            # 6.3: cargo cards drawn after beating a navy ship
BOUNTY_REWARD = 5                # 7.1 [design]: gold per bounty token of a beaten pirate player
# 6.3: what a non-pirate earns for a pirate NPC it sinks or boards. The sloop's 5 and the frigate's
# 15 come from the reconstruction; the expansion's black brig and man-o'-war are Parley's design,
# placed on the same scale (about half a gold per point of the ship's price).
PIRATE_NPC_REWARD: dict[ShipType, int] = {"sloop": 5, "brig": 10, "frigate": 15, "man_o_war": 20}


def attack_bounty(opponent: Opponent, nation: Nation | None, opponent_is_pirate: bool, at_war: bool = False) -> Nation | None:
    """The nation whose bounty token the aggressor takes for starting the fight, or None (6.2):
    a navy ship gives one of its nation, except a navy at war with the aggressor's nation (7.3
    [design]); a player who is not a pirate gives one of their captain's nation [design]; fighting a
    pirate, whether a player or an NPC, costs nothing [design]."""
    if opponent == "pirate_npc" or opponent_is_pirate:
        return None
    if opponent == "navy" and at_war:
        return None
    return nation


def long_guns_hits(face: Face) -> int:
    """Long guns (Parley's modification, 5 [design]): before the first round the owner rolls 1 die;
    a skull is 1 hit on the enemy, placed by a location die as any hit."""
    return 1 if face == "skull" else 0


class Plunder(BaseModel):
    """Gold gained and the cargo cards left to keep (within the hold) after beating a navy ship."""
    model_config = ConfigDict(frozen=True)
    gold: int
    cards: tuple[CargoCard, ...]


def navy_plunder(drawn: Sequence[CargoCard], cargo_hits: int, rng: Rng) -> Plunder:
    """Beating a navy ship (6.3): the victor gains the plunder value of all the drawn cards; then, for
    every point of Cargo damage the navy suffered, a randomly picked card goes, and the rest may be
    kept. Reading:
    the gold counts every card drawn, since the hits spoil goods, not coin."""
    cards = list(drawn)
    for _ in range(min(cargo_hits, len(cards))):
        cards.pop(rng.choice(list(range(len(cards)))))
    return Plunder(gold=sum(c.plunder for c in drawn), cards=tuple(cards))


def pirate_npc_reward(ship: ShipType, victor_is_pirate: bool) -> int:
    """Gold for sinking or boarding a pirate NPC, which carries nothing else (6.3): only a victor
    who is not a pirate is paid."""
    return 0 if victor_is_pirate else PIRATE_NPC_REWARD[ship]


def bounty_reward(loser_bounties: Mapping[Nation, int], winner_bounties: Mapping[Nation, int],
                  winner_enemies: Collection[Nation] = ()) -> int:
    """Gold the bank pays a non-pirate who beats a pirate player (7.1): 5 per bounty token the loser
    holds, except tokens of nations that want the winner themselves or fight the winner's nation
    (`winner_enemies`). A winner holding any bounty is a pirate and gets nothing."""
    if any(winner_bounties.values()):
        return 0
    barred = set(winner_enemies) | {n for n, k in winner_bounties.items() if k}
    return BOUNTY_REWARD * sum(k for n, k in loser_bounties.items() if n not in barred)


def prize_points(prize: Mapping[HitLocation, int], prize_crew_value: int, surviving_crew: int) -> dict[HitLocation, int]:
    """A captured ship's hit locations (6.3 [design]): it keeps its damage, and the victor's surviving
    crew cross over, no more than the prize's crew value."""
    return {**prize, "crew": min(surviving_crew, prize_crew_value)}


def npc_after_fight(npc: Fighter, full: Mapping[HitLocation, int]) -> Fighter:
    """An NPC that survives a fight repairs every location to its full value (6.3), and any fire is
    out (MM-M2-09)."""
    return npc.model_copy(update={"points": dict(full), "burning": False})
