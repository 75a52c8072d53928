"""Module 6 in play (the pure rules are treasure_galleon.py): the galleon set up at Cartagena, sailing
on each event card's first movement icon and gathering 5 gold a move, the Spanish bounty a captain
takes on finding it, and what beating it pays.

The galleon is the NPC in slot `treasure_galleon`, so scouting for it, the fight and its leaving the
board use the NPC machinery; its gold is `State.treasure_gold` (public). Boarded, its gold goes to the victor at once (taking it
can only help), and `TreasurePrompt` asks whether to take the galleon for a ship as well (MM-M6-13;
the deadline's default keeps the victor's own ship)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import treasure_galleon as TG
from engine.merchants_marauders.rules.common import add_bounty, name, say, sea
from engine.merchants_marauders.state import State

SLOT = "treasure_galleon"


def setup(s: State) -> None:
    """At the start, with an empty token (MM-M6-02, -03); its captain's skills from its data."""
    if not s.options.get("module_6"):
        return
    sk = defs().all_npcs()[SLOT].skills
    assert sk is not None
    g = TG.setup(N.Skills(seamanship=sk.seamanship, scouting=sk.scouting, leadership=sk.leadership))
    s.npcs[SLOT], s.treasure_gold = g.npc, g.gold


def on_event(s: State, icons: Sequence[N.Icon], ev: Events) -> None:
    """The event's first movement icon moves it, and it takes on 5 gold (MM-M6-04, -06, -08)."""
    if SLOT not in s.npcs or not icons:
        return
    g = TG.move_on_event(TG.TreasureGalleon(npc=s.npcs[SLOT], gold=s.treasure_gold), icons, sea())
    s.npcs[SLOT], s.treasure_gold = g.npc, g.gold
    say(ev, f"The treasure galleon sails to {defs().map.zones[g.npc.zone].name} ({g.gold} gold aboard)")


def found(s: State, seat: int, ev: Events) -> None:
    """A captain who finds it takes a Spanish bounty token before the fight (MM-M6-10)."""
    for _ in range(TG.attack_bounties(["skull"])):
        add_bounty(s, seat, TG.NATION, ev)


def spoils(s: State, seat: int, boarded: bool, ev: Events) -> None:
    """The victor's glory point is the fight's own (MM-M6-11); one Spanish bounty per full 10 gold
    aboard (MM-M6-12); boarded, its gold goes to the victor, sunk, down with it (MM-M6-13, -17)."""
    g = TG.TreasureGalleon(npc=s.npcs[SLOT], gold=s.treasure_gold)
    sp = TG.spoils(g, "boarded" if boarded else "sunk")
    for _ in range(sp.spanish_bounties):
        add_bounty(s, seat, TG.NATION, ev)
    if sp.gold:
        s.players[seat].ship.gold += sp.gold
        say(ev, f"{name(s, seat)} carries off the treasure galleon's {sp.gold} gold")
    s.treasure_gold = 0          # beaten, it leaves the game (MM-M6-16; fight_end.close)
    if boarded:
        s.stack.append(P.TreasurePrompt(seats=[seat]))


def prize_options(s: State, seat: int) -> list[Any]:
    return [action(A.Take, what="ship"), action(A.Done)]


def take_ship(s: State, seat: int, ev: Events) -> None:
    """The galleon becomes the victor's ship, keeping the fight's damage; their own ship is
    discarded (its modifications go back to the ports), cargo and weapons cross, the surviving
    crew up to its crew value (as fight_end.take_ship does with a player's prize)."""
    from engine.merchants_marauders.rules.capture_turn import cross_over
    assert s.fight is not None
    cross_over(s, seat, "treasure_galleon", s.fight.npc_points)
    say(ev, f"{name(s, seat)} takes the treasure galleon for a ship")


def npc_manoeuvre(s: State, ship: str, printed: int) -> int:
    """With Module 5's manoeuvre-1 galleons the treasure galleon has manoeuvre 1 too (MM-M6-22)."""
    if ship != "treasure_galleon":
        return printed
    from engine.merchants_marauders.rules.ships_turn import slow
    return TG.manoeuvrability(printed, slow(s))
