"""The loyalty track (Seas of Glory Module 11) and the plank (Module 3): the levels from Happy to
Mutiny, climbing with glory and gold, falling with NPC events, stashing and idle turns in port,
Fierce Loyalty's extra action, each level's effects, and the mutiny that can kill the captain.

A player's loyalty is one level (`defs_sog.LoyaltyLevel`, best first). Effects add up outwards
from Content (MM-M11-04): `applies(level, of)` says whether `of`'s effect is in force at `level`.
Checks come in as passed or failed (the engine rolls them, with `mutiny_dice` for the mutiny).
The raise prices are parameters with the board data's values as defaults
(data/merchants_marauders/seas_of_glory/boards.toml, `raise_price` per level).

Readings (Parley's, see docs/rules-coverage/merchants_marauders.md):
- An NPC event costs every player a step (MM-M11-10); each plank owner may cancel their own.
- Glory from the stash raises no loyalty: it is not received on the track, and a step for it
  would show the secret amount. Declaring a stash costs one step whatever the amount (MM-M11-11).
- A turn begun and ended in the same port costs a step, whatever happened between (MM-M11-12).
- Fierce Loyalty may be tried once a round, success or not; a failure costs nothing (MM-M11-15).
- Happy's +1 and Angry's -1 Leadership apply to a crew clash and a location raid's land battle,
  never below 1 die (MM-M11-16, -24). The mutiny check is rolled with Angry's -1 and without
  specialists (Restless) or anything that acts on a crew clash (MM-M11-05, -28).
- Pleased hires crew up to the ship's crew value with no roll and no gold in any port
  (MM-M11-17). A new captain's crew starts at Content, as at setup."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.defs_sog import LOYALTY_LEVELS, LoyaltyLevel
from engine.merchants_marauders.rules.combat import check_dice
from engine.merchants_marauders.rules.glory import GlorySource
from engine.merchants_marauders.vocab import Zone

Level = LoyaltyLevel
LossCause = Literal["npc_event", "stash", "same_port", "fierce"]
FightKind = Literal["crew_clash", "land_battle", "none"]
GloryGate = Literal["free", "check", "barred"]
PlankAnswer = Literal["check", "crew", "accept"]
START: Level = "content"
# Gold to climb one level from each level (boards.toml); none from Happy (the top) or Mutiny.
RAISE_PRICES: dict[Level, int] = {"pleased": 4, "content": 3, "restless": 2, "unhappy": 2, "angry": 1}
COMBAT_FIGHTS = ("crew_clash", "land_battle")


def _i(level: Level) -> int:
    return LOYALTY_LEVELS.index(level)


def setup(start: Level = START) -> Level:
    """Every crew starts Content (MM-M11-02); so does a new captain's."""
    return start


def applies(level: Level, of: Level) -> bool:
    """Is `of`'s effect in force at `level`? Bonuses reach up from Content, penalties down: Happy
    has Pleased's, Angry and Mutiny have Restless's and Unhappy's (MM-M11-04, -05)."""
    centre = _i("content")
    if _i(of) < centre:
        return _i(level) <= _i(of)
    if _i(of) > centre:
        return _i(level) >= _i(of)
    return level == of


def in_force(level: Level) -> list[Level]:
    """The levels whose effects `level` has, nearest Content first (Content's is none, MM-M11-20)."""
    return [lv for lv in sorted(LOYALTY_LEVELS, key=lambda lv: abs(_i(lv) - _i("content")))
            if lv != "content" and applies(level, lv)]


# ---- Moving on the track ----
def better(level: Level) -> Level:
    """One step up, never past Happy (MM-M11-09)."""
    if level == "mutiny":
        raise ValueError("a mutiny is settled at once, never climbed out of")
    return LOYALTY_LEVELS[max(_i(level) - 1, 0)]


def worse(level: Level) -> Level:
    """One step down (MM-M11-03's order); reaching Mutiny calls for `mutiny_dice` at once."""
    if level == "mutiny":
        raise ValueError("a mutiny is settled at once, so no loss finds a crew there")
    return LOYALTY_LEVELS[_i(level) + 1]


def gain_for_glory(level: Level, points: int, source: GlorySource) -> Level:
    """One step up per glory point received, except the stash's (MM-M11-06)."""
    for _ in range(0 if source == "stash" else points):
        level = better(level)
    return level


def pay_to_raise(level: Level, gold: int, raised_this_port_action: bool,
                 prices: Mapping[Level, int] = RAISE_PRICES) -> tuple[Level, int]:
    """In port, pay this level's price to climb one step, once per port action (MM-M11-07, -08):
    (level, gold left)."""
    if raised_this_port_action:
        raise IllegalActionError("Your crew's loyalty has already risen in this port action.")
    if level not in prices:
        raise IllegalActionError("Your crew is already Happy." if level == "happy" else "A mutiny cannot be paid off.")
    if gold < prices[level]:
        raise IllegalActionError(f"Raising loyalty from {level} costs {prices[level]} gold; you have {gold}.")
    return better(level), gold - prices[level]


class Loss(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    level: Level
    mutiny: bool                # reached Mutiny: roll the check at once (MM-M11-25, -29)


def lose(level: Level, cause: LossCause) -> Loss:
    """One step down for an NPC event, a stash declared, a turn begun and ended in one port, or a
    Fierce Loyalty (MM-M11-10 to -13)."""
    after = worse(level)
    return Loss(level=after, mutiny=after == "mutiny")


def npc_event(levels: Mapping[int, Level], cancelled: Collection[int] = ()) -> dict[int, Loss]:
    """An NPC event card turned: every seat loses a step but those whose plank cancelled it."""
    return {seat: Loss(level=lv, mutiny=False) if seat in cancelled else lose(lv, "npc_event")
            for seat, lv in levels.items()}


def same_port(start_port: Zone | None, end_port: Zone | None) -> bool:
    """Did the turn begin and end in the same port (None: at sea)? (MM-M11-12)"""
    return start_port is not None and start_port == end_port


class Fierce(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    level: Level
    extra_actions: int
    mutiny: bool


def fierce_loyalty(level: Level, passed: bool, used_this_round: bool) -> Fierce:
    """Fierce Loyalty, once a round: a passed Leadership check costs a step and gives 1 action
    more (MM-M11-13, -14); a failed one costs nothing (MM-M11-15)."""
    if used_this_round:
        raise IllegalActionError("You have already called on Fierce Loyalty this round.")
    if not passed:
        return Fierce(level=level, extra_actions=0, mutiny=False)
    loss = lose(level, "fierce")
    return Fierce(level=loss.level, extra_actions=1, mutiny=loss.mutiny)


# ---- The levels' effects ----
def leadership_dice(leadership: int, level: Level, fight: FightKind, modifier: int = 0) -> int:
    """Leadership dice: +1 at Happy and -1 at Angry or worse in a crew clash or a land battle
    (MM-M11-16, -24), never below 1 die."""
    bonus = 0
    if fight in COMBAT_FIGHTS:
        bonus = (1 if applies(level, "happy") else 0) - (1 if applies(level, "angry") else 0)
    return check_dice(leadership, bonus + modifier)


def free_recruit(level: Level, crew: int, crew_value: int) -> int:
    """Pleased or better: fill the crew to the ship's value in any port, free (MM-M11-17): the crew."""
    if not applies(level, "pleased"):
        raise IllegalActionError("Only a Pleased or Happy crew signs on its mates for free.")
    return max(crew, crew_value)


def free_by_effect(level: Level) -> bool:
    """May a card, rumour or other effect recruit crew or a specialist for free? Not from
    Restless down (MM-M11-21)."""
    return not applies(level, "restless")


def free_specialist(level: Level, used_this_round: bool) -> None:
    """Pleased or better may put a specialist glory card aboard free, in any port, once a round
    (MM-M11-18, -19)."""
    if not applies(level, "pleased"):
        raise IllegalActionError("Only a Pleased or Happy crew takes a specialist aboard for free.")
    if used_this_round:
        raise IllegalActionError("Your crew has already taken a free specialist this round.")


def specialists_work(level: Level) -> bool:
    """From Restless down the specialists aboard do nothing (MM-M11-22)."""
    return not applies(level, "restless")


def glory_gate(level: Level, failed_this_round: bool) -> GloryGate:
    """Unhappy or worse: a Leadership check before each glory card; once failed, no glory card
    for the rest of the round (MM-M11-23)."""
    if not applies(level, "unhappy"):
        return "free"
    return "barred" if failed_this_round else "check"


# ---- Mutiny ----
def mutiny_dice(leadership: int) -> int:
    """The mutiny's Leadership dice: Angry's -1 counts, never below 1 die; it is no crew clash, so
    nothing that acts on one does (MM-M11-25, -28)."""
    return check_dice(leadership, -1)


def resolve_mutiny(passed: bool) -> Level | None:
    """The crew settles at Angry on a passed check (MM-M11-26); None: the captain is killed and
    the usual captain death follows (MM-M11-27)."""
    return "angry" if passed else None


# ---- The plank (Module 3) ----
def plank_in_mix(loyalty_module: bool) -> bool:
    """The plank works only with Module 11, so its tokens join the modifications only then (MM-M3-12)."""
    return loyalty_module


def plank_covers(cause: LossCause) -> bool:
    """The plank answers only the loss of an NPC event (MM-M3-13)."""
    return cause == "npc_event"


class Plank(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cancelled: bool
    crew: int


def plank(answer: PlankAnswer, crew: int, at_sea: bool, passed: bool | None = None) -> Plank:
    """One way to cancel the loss (MM-M3-14, -15): a Leadership check (`passed`), or at sea 1 crew;
    a failed check leaves the loss, with no second way."""
    if answer == "accept":
        return Plank(cancelled=False, crew=crew)
    if answer == "crew":
        if not at_sea:
            raise IllegalActionError("Only at sea can a hand walk the plank.")
        if crew < 1:
            raise IllegalActionError("You have no crew to spare.")
        return Plank(cancelled=True, crew=crew - 1)
    if passed is None:
        raise ValueError("the plank's Leadership check needs its result")
    return Plank(cancelled=passed, crew=crew)
