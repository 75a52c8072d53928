"""Module 1 in play (the pure rules are card_defs.py, npc.py, bounties.py and rumours_missions.py):
the new rumours, missions and captains shuffled into the base decks and the new events into the
event deck (MM-M1-01 to -03: Parley's `module_1` plays the mixed decks), the pirate brigs and
men-o'-war and the peace-time men-o'-war that the new NPC events bring (MM-M1-05, -06), the
named war (MM-M1-04) and the third mission slot of the mercenaries event (MM-M1-11). The rule
that two men-o'-war in one zone do not scout (MM-M1-07) lives in npc.scouting_npcs for every game."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core.flow import Events
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import bounties as B
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import rumours_missions as RM
from engine.merchants_marauders.rules.common import say
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import ShipType


def on(options: dict[str, bool | str]) -> bool:
    return bool(options.get("module_1"))


def event_ids(options: dict[str, bool | str]) -> list[str]:
    return [e.id for e in cards().event_deck(sog=on(options))]


def mission_ids(options: dict[str, bool | str]) -> list[str]:
    return [m.id for m in cards().mission_deck(sog=on(options))]


def rumour_sog(options: dict[str, bool | str]) -> bool:
    return on(options)


def captain_ids(options: dict[str, bool | str]) -> list[str]:
    d = defs()
    return list(d.all_captains() if on(options) else d.captains.captains)


def pirate_ships(s: State) -> Sequence[ShipType]:
    """Pirate NPCs sail brigs and men-o'-war too once the new events are in (MM-M1-06)."""
    return N.SOG_PIRATE_SHIPS if on(s.options) else N.BASE_PIRATE_SHIPS


def start_war(s: State, nations: Sequence[str], ev: Events) -> None:
    """A card naming a war starts it as the war card would, ending any other (MM-M1-04)."""
    a, b = nations
    change = B.start_war(s.wars, a, b)  # type: ignore[arg-type]
    s.wars = list(change.wars)
    if change.started:
        say(ev, f"War between {change.started[0]} and {change.started[1]}")
    s.npcs = N.war_changes(s.npcs, s.wars)


def third_slot(s: State, ev: Events) -> None:
    """Mercenaries wanted: a third mission comes face up at once (MM-M1-11)."""
    before = len(s.board)
    board, rest = RM.open_third_slot(s.board, list(reversed(s.missions.pile)))
    s.board, s.missions.pile = list(board), list(reversed(rest))
    if len(s.board) > before:
        s.reveals += 1
        say(ev, "Mercenaries wanted: a third mission is in play")
