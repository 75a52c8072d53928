"""The closed vocabulary of what a Merchants & Marauders card does, for the decks of
data/merchants_marauders/ (models in card_defs.py; words explained in docs/merchants_marauders-data.md).

An effect is one verb (`do`) with its amount `n` and the few fields that verb takes, written inline
in the TOML: `{ do = "weather", zones = ["nassau", "havana"], n = 3 }`. Each deck allows only its
own verbs (an event never rerolls, a rumour never starts a war); which verbs a deck allows is
below. The engine gives each verb one named function; the data only says which, and how much."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.merchants_marauders.vocab import Good, Nation, NpcGroup, ShipType, Skill, Zone

SpecialistKind = Literal["navigator", "lookout", "boatswain", "envoy", "gunner", "surgeon", "carpenter", "quartermaster"]
# The rolls a glory card can touch (base reconstruction 6.1-6.3).
Roll = Literal["seamanship_contest", "crew_clash", "merchant_raid"]
Where = Literal["at_sea", "in_port"]

Verb = Literal[
    # events (the round's card)
    "weather",             # ships at sea in `zones` take n random hits, less their Seamanship skulls
    "war_or_peace",        # no war: two random nations go to war; a war on: it ends
    "start_war",           # the two `nations` go to war, as war_or_peace resolves a war
    "sale_bonus",          # demand goods sell for n gold more (event: this round; glory card: one sale)
    "embargo",             # the ports of `nation` neither buy nor sell goods this round
    "crew_loss",           # every ship `where` loses n crew (never below 1)
    "skill_modifier",      # every `skill` check this round rolls `dice` more (or fewer) dice
    "drop_bounty",         # discard n bounty tokens (event: every player; glory card: you)
    "refill_merchants",    # a merchant token into every zone that has none
    "extra_mission_slot",  # a third mission is drawn and placed; it stays in play (MM-M1-11)
    # specialists (stay aboard)
    "skill_die",           # +n dice to every `skill` check
    "extra_hit",           # +n hit whenever your shots hit at least once
    "ignore_crew_loss",    # the first n crew losses of each fight are ignored
    "repair_after_fight",  # repair n points after each fight you survive
    "extra_hold",          # +n cargo space
    # one-shot glory cards
    "reroll",              # roll again the dice of one `roll` of yours
    "extra_dice",          # +n dice to one `roll` of yours
    "extra_hits",          # your shots this round hit n more times
    "cancel_hits",         # cancel n hits on your ship before the location roll
    "redraw_cargo",        # discard the cargo cards drawn to buy or raid and draw as many again
    "stash_anywhere",      # stash gold this turn in any port, not only your home port
    "extra_actions",       # n more actions this turn
    "evade_scouting",      # an NPC's scouting for you fails
    "free_repair",         # repair n points, in port or at sea, for nothing
    "keep_on_death",       # when your captain dies, keep n gold aboard and your goodwill (MM-M10)
    # rumour rewards
    "gold",                # take n gold (also a mission's pay)
    "cargo",               # take n cargo cards from the deck (see `distinct_goods`, `contraband`)
    "specialist",          # take the first specialist (of `specialist` kind) from the glory deck
    "modification",        # take a face-down modification token; fit it free if a slot is free
    "weapon",              # take one special weapon token of a kind you lack
    "crew",                # fill your crew to the ship's crew value for nothing
    # mission tests
    "deliver",             # sell n goods of `good` at the target port
    "passenger",           # carry a passenger to the target port; it takes n hold spaces
    "defeat",              # defeat an NPC of `npc` with a `ship` (sink it or win the clash)
    "check",               # pass a `skill` check with n skulls at the target
    "raid",                # plunder a merchant of `nation` in the target zone
]
# Per verb: the fields it takes besides `do` and `n`, and which of them it must have.
VERB_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "weather": ({"zones"}, {"zones"}),
    "start_war": ({"nations"}, {"nations"}),
    "embargo": ({"nation"}, {"nation"}),
    "crew_loss": ({"where"}, {"where"}),
    "skill_modifier": ({"skill", "dice"}, {"skill", "dice"}),
    "skill_die": ({"skill"}, {"skill"}),
    "reroll": ({"roll"}, {"roll"}),
    "extra_dice": ({"roll"}, {"roll"}),
    "cargo": ({"distinct_goods", "contraband"}, set()),
    "specialist": ({"specialist"}, set()),
    "deliver": ({"good"}, {"good"}),
    "defeat": ({"npc", "ship"}, {"npc", "ship"}),
    "check": ({"skill"}, {"skill"}),
    "raid": ({"nation"}, {"nation"}),
}
OPTIONAL = {"zones", "nations", "nation", "where", "skill", "dice", "roll", "distinct_goods", "contraband",
            "specialist", "good", "npc", "ship"}
# Verbs whose n is always 1 (they happen once; an amount would mean nothing).
ONCE = {"war_or_peace", "start_war", "embargo", "refill_merchants", "extra_mission_slot", "skill_modifier",
        "reroll", "redraw_cargo", "stash_anywhere", "evade_scouting", "specialist", "modification", "weapon",
        "crew", "defeat", "raid"}

# Which verbs each deck may use.
EVENT_VERBS = {"weather", "war_or_peace", "start_war", "sale_bonus", "embargo", "crew_loss", "skill_modifier",
               "drop_bounty", "refill_merchants", "extra_mission_slot"}
SPECIALIST_VERBS = {"skill_die", "extra_hit", "ignore_crew_loss", "repair_after_fight", "extra_hold"}
FAMILY_VERBS: dict[str, set[str]] = {
    "combat": {"reroll", "extra_dice", "extra_hits", "cancel_hits"},
    "trade": {"sale_bonus", "redraw_cargo", "stash_anywhere"},
    "sailing": {"extra_actions", "evade_scouting"},
    "fortune": {"drop_bounty", "free_repair", "keep_on_death"},
}
RUMOUR_VERBS = {"gold", "cargo", "specialist", "modification", "weapon", "crew"}
TEST_VERBS = {"deliver", "passenger", "defeat", "check", "raid"}
PAY_VERBS = {"gold"}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Positive = Annotated[int, Field(ge=1)]


class Effect(Strict):
    do: Verb
    n: Positive = 1
    zones: list[Zone] | None = None
    nations: list[Nation] | None = None
    nation: Nation | Literal["random"] | None = None
    where: Where | None = None
    skill: Skill | None = None
    dice: int | None = None
    roll: Roll | None = None
    distinct_goods: bool = False       # cargo: every card a different good (drawn until so)
    contraband: bool = False           # cargo: says what a contraband card drawn does (MM-M7-08)
    specialist: SpecialistKind | None = None
    good: Good | None = None
    npc: NpcGroup | None = None
    ship: ShipType | None = None

    @model_validator(mode="after")
    def _fields_fit_the_verb(self) -> Effect:
        allowed, needed = VERB_FIELDS.get(self.do, (set(), set()))
        given = self.model_fields_set & OPTIONAL
        if foreign := given - allowed:
            raise ValueError(f"'{self.do}' takes no {', '.join(sorted(foreign))}")
        if missing := needed - given:
            raise ValueError(f"'{self.do}' needs {', '.join(sorted(missing))}")
        if self.do in ONCE and self.n != 1:
            raise ValueError(f"'{self.do}' happens once: leave out n")
        if self.zones is not None and (not self.zones or len(set(self.zones)) != len(self.zones)):
            raise ValueError("zones lists at least one zone, each once")
        if self.nations is not None and (len(self.nations) != 2 or self.nations[0] == self.nations[1]):
            raise ValueError("a war is between two different nations")
        if self.dice == 0:
            raise ValueError("a skill modifier adds or removes at least one die")
        if self.nation == "random" and self.do != "embargo":
            raise ValueError(f"'{self.do}' names its nation")
        return self


def verbs(effects: list[Effect]) -> set[str]:
    return {e.do for e in effects}


def only(effects: list[Effect], allowed: set[str], what: str) -> None:
    """Refuse verbs a deck does not use, naming them and the deck."""
    if bad := verbs(effects) - allowed:
        raise ValueError(f"{', '.join(sorted(bad))} cannot be on {what} (it may use {', '.join(sorted(allowed))})")
