"""Bounties, closed ports and war (base reconstruction sections 7.1 to 7.3, with the bounties of
6.1 and 6.2 and Tortuga's property of section 2; Seas of Glory Module 1's named war).

A player's bounties are a count per nation. Wars are npc.War pairs, at most one at a time: the war
or peace card starts one between two nations drawn at random when none is on and ends it when one
is (7.3 [design]). What an attack costs and what a pirate hunter earns are aftermath.py's
(`attack_bounty`, `bounty_reward`); a raid's bounty is raid.py's (`raid_bounty`); a navy's ship in
a war is npc.py's (`war_changes`). The functions here feed them the war state.

Readings (Parley's, docs/rules-coverage/merchants_marauders.md):
- Bounty tokens have no limit per nation, and leave a player only with the captain's death or
  through a card that drops them (7.1).
- A port is closed to a captain who holds a bounty of its nation (except Tortuga, whose
  property opens it to bounties) and to a captain whose nation is at war with the port's (7.2).
  A captain in a port that closes on them takes no port action there; the next action must
  take the ship out (MMB-BOUNTY-07).
- A card that names two nations going to war (Module 1's, MM-M1-04) starts that war as the war
  or peace card does; a war already on between other nations ends then, so there is still one
  war, and the next war or peace card ends the named war."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.effects import Effect
from engine.merchants_marauders.rules.aftermath import Opponent, attack_bounty, bounty_reward
from engine.merchants_marauders.rules.npc import War, enemies
from engine.merchants_marauders.rules.raid import raid_bounty
from engine.merchants_marauders.vocab import NATIONS, Nation

Bounties = Mapping[Nation, int]
Closure = Literal["bounty", "war"]
CLOSED_PORT_ACTIONS = ("leave",)        # all a captain may do in a port closed on them


# ---- 7.1: pirates and bounty tokens ----
def pirate(bounties: Bounties) -> bool:
    """One bounty token or more, of any nation, makes a player a pirate."""
    return sum(bounties.values()) > 0


def add_bounty(bounties: Bounties, nation: Nation | None) -> dict[Nation, int]:
    """One more token of `nation` (None: no bounty); there is no limit per nation."""
    out = dict(bounties)
    if nation is not None:
        out[nation] = out.get(nation, 0) + 1
    return out


def raid_gain(bounties: Bounties, chosen: Nation, captain: Nation, wars: Collection[War] = ()) -> dict[Nation, int]:
    """A merchant raid's bounty (6.1): one of the merchant's chosen nation, none when it is at war
    with the raider's nation (7.3)."""
    return add_bounty(bounties, raid_bounty(chosen, captain, [frozenset(w) for w in wars]))


def attack_gain(bounties: Bounties, opponent: Opponent, opponent_nation: Nation | None, opponent_is_pirate: bool,
                captain: Nation, wars: Collection[War] = ()) -> dict[Nation, int]:
    """Starting a fight (6.2): a navy ship's nation, none when that navy is at war with the
    aggressor's nation (7.3); an honest player's captain's nation; nothing for a pirate."""
    at_war = opponent == "navy" and opponent_nation in enemies(captain, wars)
    return add_bounty(bounties, attack_bounty(opponent, opponent_nation, opponent_is_pirate, at_war))


def drop_bounties(bounties: Bounties, nations: Sequence[Nation]) -> dict[Nation, int]:
    """A card that drops bounty tokens: one token of each nation named (twice for two)."""
    out = dict(bounties)
    for n in nations:
        if out.get(n, 0) < 1:
            raise IllegalActionError(f"You hold no {n} bounty token to drop.")
        out[n] -= 1
    return {n: k for n, k in out.items() if k}


def hunter_reward(loser: Bounties, winner: Bounties, winner_nation: Nation, wars: Collection[War] = ()) -> int:
    """The gold a non-pirate earns for beating a pirate player (7.1), leaving out the tokens of
    nations at war with the winner's (and, by aftermath, of nations that want the winner)."""
    return bounty_reward(loser, winner, enemies(winner_nation, wars))


# ---- 7.2: closed ports ----
def opens_to_bounties(port_property: Sequence[Effect]) -> bool:
    """Does the port's property keep it open to wanted captains (Tortuga's, section 2)?"""
    return any(e.kind == "open_to_bounties" for e in port_property)


def closed_by(port_nation: Nation | None, captain: Nation, bounties: Bounties, wars: Collection[War] = (),
              open_to_bounties: bool = False) -> Closure | None:
    """Why the port is closed to this captain, or None: a war between the nations comes first
    (no property opens a port in a war), then a bounty of the port's nation."""
    if port_nation is None:
        return None
    if port_nation in enemies(captain, wars):
        return "war"
    if bounties.get(port_nation, 0) > 0 and not open_to_bounties:
        return "bounty"
    return None


def check_enter(port_name: str, port_nation: Nation | None, captain: Nation, bounties: Bounties,
                wars: Collection[War] = (), open_to_bounties: bool = False) -> None:
    """Raise IllegalActionError when the captain may not sail into the port."""
    why = closed_by(port_nation, captain, bounties, wars, open_to_bounties)
    if why == "war":
        raise IllegalActionError(f"{port_name} is closed to you: {port_nation} is at war with {captain}.")
    if why == "bounty":
        raise IllegalActionError(f"{port_name} is closed to you: {port_nation} has a bounty on you.")


def port_actions(closed: bool, actions: Sequence[str]) -> tuple[str, ...]:
    """The actions a captain in port may take: all of `actions`, or only leaving when the port
    has closed on them."""
    return CLOSED_PORT_ACTIONS if closed else tuple(actions)


# ---- 7.3: war ----
def war_pair(a: Nation, b: Nation) -> War:
    """Two different nations at war, in vocabulary order."""
    if a == b:
        raise ValueError("a war is between two different nations")
    x, y = sorted((a, b), key=NATIONS.index)
    return (x, y)


class WarChange(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    wars: tuple[War, ...]           # the wars now on
    started: War | None = None
    ended: tuple[War, ...] = ()


def war_or_peace(wars: Collection[War], rng: Rng) -> WarChange:
    """The war or peace card: a war on ends; with none, two nations drawn at random go to war
    (each pick is `rng.die(n) - 1`, so tests script it with `Rng.forced`)."""
    if wars:
        return WarChange(wars=(), ended=tuple(wars))
    pool = list(NATIONS)
    a = pool.pop(rng.die(len(pool)) - 1)
    b = pool[rng.die(len(pool)) - 1]
    pair = war_pair(a, b)
    return WarChange(wars=(pair,), started=pair)


def start_war(wars: Collection[War], a: Nation, b: Nation) -> WarChange:
    """A card naming two nations at war (MM-M1-04): that war starts, ending any other."""
    pair = war_pair(a, b)
    if any(set(w) == set(pair) for w in wars):
        return WarChange(wars=tuple(wars))
    return WarChange(wars=(pair,), started=pair, ended=tuple(wars))
