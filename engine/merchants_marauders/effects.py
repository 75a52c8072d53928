"""The effect vocabulary of Merchants & Marauders' component data: captains' abilities, zone
properties, ship modifications, special weapons, NPC upgrades, location visits and loyalty levels
are all lists of `Effect`s.

An effect is one `kind` with the few parameters that kind takes (KIND_FIELDS); the validator
refuses any other parameter and a missing one, so a data file cannot say something the rules do
not read. Each file allows only the kinds that make sense on it (defs.py). Parameters:
- `n`: an amount (dice, gold, points, cards); negative only where a kind says so;
- `skill`: a captain skill; `when`: the situation a die or reroll applies to (Situation);
- `service`: what a price applies to (Service); `stat`: a ship value (Stat);
- `location`: a hit location; `repeat`: the smaller draw for buying again at the same place;
- `per`: how often (once per round or per combat).
docs/merchants_marauders-data.md explains every kind."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.merchants_marauders.vocab import HitLocation, Skill

# When an extra die, a penalty or a reroll applies.
Situation = Literal[
    "any",             # every check of that skill
    "contest",         # the Seamanship contest of a naval combat round
    "flee",            # a contest in a round where either side chose Flee
    "raid",            # a merchant raid's Seamanship roll
    "scout",           # any Scouting this captain makes
    "scout_merchant",  # Scouting for a merchant token
    "scout_player",    # Scouting for a player or an NPC
    "scouted",         # an enemy's Scouting for this ship
    "crew_clash",      # the crew clash after a boarding
    "combat",          # crew clash and location raid (the Loyalty track's wording)
    "recruit",         # recruiting crew
    "rumour",          # acquiring or investigating a rumour
    "mission",         # claiming or attempting a mission
    "storm",           # a storm, hurricane or tempest check
]
# What a price or a free service applies to.
Service = Literal["goods", "repair", "ship", "weapon", "modification", "crew", "specialist"]
Stat = Literal["hull", "masts", "crew", "cannons", "cargo", "manoeuvre"]
Per = Literal["round", "combat"]

Kind = Literal[
    # checks
    "extra_die",         # n more dice (n < 0: fewer, never below 1) for `skill` when `when`
    "enemy_fewer_dice",  # the opponent rolls n fewer `skill` dice (never below 1) when `when`
    "reroll",            # reroll one `skill` check `per` round or combat (when: only then)
    "no_roll",           # `when` succeeds without a check (recruit: hire to the crew value)
    # trade and port services
    "buy_price",         # goods bought cost n gold each
    "buy_draws",         # buying draws n cargo cards, `repeat` when bought here last turn
    "redraw_cost",       # when buying, pay n gold to redraw the cargo cards once
    "other_price",       # goods not in demand sell for n
    "demand_bonus",      # each demand good sold earns n more
    "repair_price",      # repairs cost n gold per point
    "discount",          # `service` costs n gold less
    "free",              # `service` costs nothing (per: at most once per round)
    "hire_specialist",   # pay n gold, draw glory cards until a specialist, keep it
    # law
    "open_to_bounties",  # bounties do not close this port (war still does)
    "enter_closed",      # a closed port may be entered after passing a `skill` check
    "buy_off_bounties",  # pay n gold per bounty token discarded, one nation per visit
    # ship and combat
    "stat",              # +n to a ship value's maximum
    "opening_shot",      # before round 1 of a combat roll n dice: each skull is 1 hit
    "skulls_to",         # after the location roll, skull hits go to `location`
    "board_skull",       # +n skulls in a contest where this ship chose Board
    "set_fire",          # skulls do no damage; the target burns: n damage before each later round
    "double_skulls",     # up to n skull hits count twice, spread evenly by the target
    "spike",             # the enemy rolls n fewer dice next round (Seamanship, or Leadership in a clash)
    "hidden_cargo",      # n contraband cards take no space, are unseen by NPCs and immune
    "loyalty_guard",     # cancel a loyalty loss from an NPC event (Leadership check, or 1 crew at sea)
    "storm_immune",      # the storm token does nothing to this captain
    # location visits
    "refill_crew",       # hire crew up to the crew value without a roll
    "trade",             # sell or buy goods as in a port: n cards drawn, `repeat` if bought here last round
    "port_action",       # one port sub-action (n cards drawn when buying, `repeat` if bought here last round)
    "repair_for_cargo",  # discard n cargo cards: repair everything but the crew
    "move_warship",      # move the zone nation's warship to an adjacent zone (or call it by event cards)
    "salvage",           # roll `skill`: each skull takes goods, a weapon, a rumour or a crew; then hull damage
    # loyalty levels
    "no_free",           # nothing is recruited for free, whatever else says so
    "specialists_off",   # specialists aboard do nothing
    "glory_check",       # before playing a glory card pass a `skill` check, or play none this round
    "mutiny_check",      # at once pass a `skill` check or the captain dies
]

# kind -> (parameters it takes, parameters it needs); `n` is taken by every kind that lists it.
KIND_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "extra_die": ({"n", "skill", "when"}, {"skill", "when"}),
    "enemy_fewer_dice": ({"n", "skill", "when"}, {"skill", "when"}),
    "reroll": ({"skill", "when", "per"}, {"skill", "per"}),
    "no_roll": ({"when"}, {"when"}),
    "buy_price": ({"n"}, {"n"}),
    "buy_draws": ({"n", "repeat"}, {"n", "repeat"}),
    "redraw_cost": ({"n"}, {"n"}),
    "other_price": ({"n"}, {"n"}),
    "demand_bonus": ({"n"}, set()),
    "repair_price": ({"n"}, {"n"}),
    "discount": ({"n", "service"}, {"n", "service"}),
    "free": ({"service", "per"}, {"service"}),
    "hire_specialist": ({"n"}, {"n"}),
    "open_to_bounties": (set(), set()),
    "enter_closed": ({"skill"}, {"skill"}),
    "buy_off_bounties": ({"n"}, {"n"}),
    "stat": ({"n", "stat"}, {"stat"}),
    "opening_shot": ({"n"}, set()),
    "skulls_to": ({"location"}, {"location"}),
    "board_skull": ({"n"}, set()),
    "set_fire": ({"n"}, set()),
    "double_skulls": ({"n"}, {"n"}),
    "spike": ({"n"}, set()),
    "hidden_cargo": ({"n"}, set()),
    "loyalty_guard": (set(), set()),
    "storm_immune": (set(), set()),
    "refill_crew": (set(), set()),
    "trade": ({"n", "repeat"}, {"n", "repeat"}),
    "port_action": ({"n", "repeat"}, {"n", "repeat"}),
    "repair_for_cargo": ({"n"}, set()),
    "move_warship": (set(), set()),
    "salvage": ({"skill"}, {"skill"}),
    "no_free": (set(), set()),
    "specialists_off": (set(), set()),
    "glory_check": ({"skill"}, {"skill"}),
    "mutiny_check": ({"skill"}, {"skill"}),
}
NEGATIVE_OK = {"extra_die"}          # a Loyalty penalty is one die fewer
PARAMETERS = {"n", "skill", "when", "service", "stat", "location", "repeat", "per"}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Positive = Annotated[int, Field(ge=1)]
Natural = Annotated[int, Field(ge=0)]


class Effect(Strict):
    kind: Kind
    n: int = 1
    skill: Skill | None = None
    when: Situation | None = None
    service: Service | None = None
    stat: Stat | None = None
    location: HitLocation | None = None
    repeat: Positive | None = None
    per: Per | None = None

    @model_validator(mode="after")
    def _parameters_fit_the_kind(self) -> Effect:
        allowed, needed = KIND_FIELDS[self.kind]
        given = self.model_fields_set & PARAMETERS
        if foreign := given - allowed:
            raise ValueError(f"'{self.kind}' takes no {', '.join(sorted(foreign))}")
        if missing := needed - given:
            raise ValueError(f"'{self.kind}' needs {', '.join(sorted(missing))}")
        if self.n == 0 or (self.n < 0 and self.kind not in NEGATIVE_OK):
            raise ValueError(f"'{self.kind}' needs a positive n, got {self.n}")
        if self.repeat is not None and self.repeat >= self.n:
            raise ValueError(f"'{self.kind}': the repeat draw ({self.repeat}) is smaller than the first ({self.n})")
        return self


def kinds(effects: list[Effect]) -> set[str]:
    return {e.kind for e in effects}
