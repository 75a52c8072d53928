"""Goodwill (Seas of Glory Module 10): the board, gaining goodwill (bought at the end of a port
action, or for taking and completing a mission), spending it on a redraw, a reroll of a
non-combat check, an NPC's second scouting roll or a way into a closed port, and losing it with
the captain.

Goodwill is a count from 0 to 5 per player. Every spend names its *situation*, a short key the
turn engine gives the moment (`"buy"`, `"scout:navy_spain"`, `raid_situation(2)`); at most one
goodwill goes into one situation (MM-M10-18), and the engine forgets the keys once the moment is
over. The board's numbers are parameters with the data's values as defaults
(data/merchants_marauders/seas_of_glory/boards.toml, [goodwill]).

Readings (Parley's, see docs/rules-coverage/merchants_marauders.md):
- One goodwill bought per port action, for 2 gold (MM-M10-06); none is sold to a full board.
- A redraw takes back the whole draw and draws as many again: every card of a buy, every opening
  card of a raid, or the one card of a rumour, mission, glory or raid step (MM-M10-10). The
  cards drawn again replace those the engine would draw (for a buy, contraband.draw_to_buy with
  its replacements).
- A reroll replaces a roll whole and the second roll stands. A roll made in a naval combat, a
  crew clash, a land battle or a merchant raid's Seamanship is never rerolled; every other check
  of the captain's skills may be, the Scouting that starts a fight or a raid included (MM-M10-11
  to -13).
- Entering a closed port is one situation whose price may be more than 1: 1 per bounty token of
  the port's nation, plus 1 when the two nations are at war (MM-M10-15, -17). At Tortuga, where
  bounties close no port, only the war is paid for.
- Villon's Influence check may be rerolled like any check; if it still fails, entering costs him
  1 goodwill whatever closed the port, a situation apart from the reroll (MM-M10-23)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.vocab import Face

T = TypeVar("T")
GainSource = Literal["buy", "mission_taken", "mission_completed"]
Use = Literal["redraw_card", "reroll_check", "npc_rescout", "enter_closed_port"]
# What a redraw may be asked for: the draws of the rules named in MM-M10-07, and the two an event
# makes (its own card, and cards it makes a player draw), which goodwill never touches.
Draw = Literal["rumour", "glory", "mission", "buy", "raid_opening", "raid_card", "reward", "event", "by_event"]
RollPlace = Literal["battle", "raid", "elsewhere"]      # battle: a naval combat, crew clash or land battle
NOT_REDRAWN: frozenset[Draw] = frozenset({"event", "by_event"})      # MM-M10-08, -09
NOT_REROLLED: frozenset[RollPlace] = frozenset({"battle", "raid"})   # MM-M10-13
VILLON_ENTRY = 1                # goodwill Villon pays after a failed Influence check (MM-M10-23)


class Terms(BaseModel):
    """The goodwill board: start, top, the price in gold and the most spent per situation."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    start: int = 0
    max: int = 5
    price: int = 2
    per_situation: int = 1


BOARD = Terms()


def setup(terms: Terms = BOARD) -> int:
    """Each player's die starts on No Goodwill (MM-M10-01)."""
    return terms.start


# ---- Gaining goodwill ----
def gain(points: int, source: GainSource, terms: Terms = BOARD) -> int:
    """One goodwill more for buying it, taking a mission or completing one, never above 5
    (MM-M10-02 to -05)."""
    return min(points + 1, terms.max)


def buy(points: int, gold: int, bought_this_port_action: bool, terms: Terms = BOARD) -> tuple[int, int]:
    """Buy 1 goodwill for 2 gold at the end of a port action, once per port action (MM-M10-02,
    -06): (goodwill, gold)."""
    if bought_this_port_action:
        raise IllegalActionError("You have already bought goodwill in this port action.")
    if points >= terms.max:
        raise IllegalActionError(f"Your goodwill is at its top of {terms.max}.")
    if gold < terms.price:
        raise IllegalActionError(f"Goodwill costs {terms.price} gold; you have {gold}.")
    return gain(points, "buy", terms), gold - terms.price


# ---- Spending goodwill ----
def spend(points: int, situation: str, spent: Sequence[str], owner: int, for_seat: int,
          terms: Terms = BOARD) -> tuple[int, tuple[str, ...]]:
    """Spend goodwill on the owner's own behalf (MM-M10-21), at most 1 in a situation
    (MM-M10-18): (goodwill left, situations spent on, this one added)."""
    if owner != for_seat:
        raise IllegalActionError("Goodwill helps only its owner.")
    if points < 1:
        raise IllegalActionError("You have no goodwill to spend.")
    if list(spent).count(situation) >= terms.per_situation:
        raise IllegalActionError("You have already spent goodwill on this; once is the limit.")
    return points - 1, (*spent, situation)


def raid_situation(step: int) -> str:
    """The situation of one step of a merchant raid: 0 its opening cards, then each skull spent.
    Every step is its own, so goodwill may go into each (MM-M10-19)."""
    return f"raid:{step}"


def may_redraw(draw: Draw) -> bool:
    """Any draw may be redrawn but an event card and the cards an event makes a player draw
    (MM-M10-07 to -09)."""
    return draw not in NOT_REDRAWN


def spend_redraw(points: int, draw: Draw, situation: str, spent: Sequence[str], owner: int, for_seat: int,
                 terms: Terms = BOARD) -> tuple[int, tuple[str, ...]]:
    if not may_redraw(draw):
        raise IllegalActionError("Goodwill cannot redraw an event card or cards an event makes you draw.")
    return spend(points, situation, spent, owner, for_seat, terms)


def redraw_cards(drawn: Sequence[T], deck: Sequence[T]) -> tuple[list[T], list[T], list[T]]:
    """The whole draw goes to the discards and as many cards come off the top of the deck
    (MM-M10-10): (the new draw, the deck after, the discarded). A short deck gives fewer."""
    n = len(drawn)
    return list(deck[:n]), list(deck[n:]), list(drawn)


def may_reroll(place: RollPlace) -> bool:
    """A check of the captain's skills may be rerolled away from battles and raids (MM-M10-11 to -13)."""
    return place not in NOT_REROLLED


def reroll(points: int, place: RollPlace, situation: str, spent: Sequence[str], owner: int, for_seat: int,
           first: Sequence[Face], again: Sequence[Face], terms: Terms = BOARD) -> tuple[int, tuple[str, ...], list[Face]]:
    """Spend 1 to roll a check again; the second roll, as many dice, stands: (goodwill, spent, roll)."""
    if not may_reroll(place):
        raise IllegalActionError("Goodwill cannot reroll dice in a battle or a raid.")
    if len(again) != len(first):
        raise ValueError(f"a reroll rolls the same {len(first)} dice, not {len(again)}")
    left, now = spend(points, situation, spent, owner, for_seat, terms)
    return left, now, list(again)


def force_rescout(points: int, found: bool, situation: str, spent: Sequence[str], owner: int, found_seat: int,
                  terms: Terms = BOARD) -> tuple[int, tuple[str, ...]]:
    """Make an NPC roll again the Scouting that found the owner (MM-M10-14); once per scouting, so a
    second success stands (MM-M10-18)."""
    if not found:
        raise IllegalActionError("The NPC did not find you: there is nothing to reroll.")
    return spend(points, situation, spent, owner, found_seat, terms)


# ---- A closed port ----
def entry_price(bounties: int, at_war: bool, bounties_close: bool = True) -> int:
    """Goodwill to enter a closed port: 1 per bounty token of its nation the player holds, plus 1
    when the two nations are at war (MM-M10-15). 0: the port is open. `bounties_close` False is a
    port whose nation's bounties close nothing (Tortuga)."""
    return (bounties if bounties_close else 0) + (1 if at_war else 0)


def enter_closed_port(points: int, bounties: int, at_war: bool, bounties_close: bool = True) -> int:
    """Pay the whole price at once, even above 1 (MM-M10-17); the goodwill left. Inside, the port
    action is as usual."""
    price = entry_price(bounties, at_war, bounties_close)
    if price == 0:
        raise IllegalActionError("This port is open to you; entering costs no goodwill.")
    if points < price:
        raise IllegalActionError(f"Entering this port costs {price} goodwill; you have {points}.")
    return points - price


def villon_enter(points: int, check_passed: bool) -> int:
    """Villon enters a closed port on a passed Influence check, free; after a failed one (a reroll
    already spent or not) for 1 goodwill: the goodwill left (MM-M10-23)."""
    if check_passed:
        return points
    if points < VILLON_ENTRY:
        raise IllegalActionError("Your Influence check failed and you have no goodwill to enter anyway.")
    return points - VILLON_ENTRY


# ---- Captain death ----
def after_death(points: int, kept_by_card: bool = False) -> int:
    """A dead captain's goodwill is all lost, unless a glory card keeps it (MM-M10-22)."""
    return points if kept_by_card else 0
