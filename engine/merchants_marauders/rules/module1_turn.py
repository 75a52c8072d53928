"""Module 1 in play (the pure rules are card_defs.py, npc.py, bounties.py and rumours_missions.py):
the new rumours, missions and captains shuffled into the base decks and the new events into the
event deck (MM-M1-01 to -03: Parley's `module_1` plays the mixed decks), the pirate brigs and
men-o'-war and the peace-time men-o'-war that the new NPC events bring (MM-M1-05, -06), the
named war (MM-M1-04) and the third mission slot of the mercenaries event (MM-M1-11). The rule
that two men-o'-war in one zone do not scout (MM-M1-07) lives in npc.scouting_npcs for every game.

Separate decks (`module_1_separate`, MM-M1-02): the new rumours, missions and captains stay apart
from the base ones. The cards share one shuffled pile per kind and a draw takes the topmost card
of the deck it is drawn from, which is a draw from that deck alone (its order is as random), so
discards and saves need nothing new. Parley's readings of who draws from which deck: a captain
seeking a rumour picks the deck (`rumour` or `rumour new`); a mission slot is refilled from the
deck its last card came from, the setup dealing slot 1 from the base deck and slot 2 from the new
one and the mercenaries' third slot from the new one; the captains are dealt from the two decks
in turn, seat by seat, and a successor (or a redraw) comes from the deck of the captain it
replaces. Each falls back on the other deck when its own is empty. The new events are always
mixed in (MM-M1-03)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from engine.core.flow import Events
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import bounties as B
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import rumours_missions as RM
from engine.merchants_marauders.rules.common import say
from engine.merchants_marauders.rules.rumours_missions import Slot
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
    fill_missions(s, lambda top: RM.open_third_slot(s.board, top), "new")     # separate decks: the new one
    if len(s.board) > before:
        s.reveals += 1
        say(ev, "Mercenaries wanted: a third mission is in play")


# ---- separate decks (MM-M1-02) ----
Kind = Literal["rumours", "missions", "captains"]
Which = Literal["base", "new"]


def separate(options: dict[str, bool | str]) -> bool:
    return on(options) and bool(options.get("module_1_separate"))


def _new(kind: Kind) -> set[str]:
    if kind == "rumours":
        return set(cards().sog.rumours.rumours)
    if kind == "missions":
        return set(cards().sog.missions.missions)
    return set(defs().all_captains()) - set(defs().captains.captains)


def deck_of(kind: Kind, card: str) -> Which:
    return "new" if card in _new(kind) else "base"


def pile(s: State, kind: Kind, which: Which, fallback: bool = True) -> list[str]:
    """The kind's pile, top first, as the deck `which` (the whole pile without separate decks);
    `fallback`: the other deck when this one is empty."""
    top = list(reversed(getattr(s, kind).pile))
    if not separate(s.options):
        return top
    own = [c for c in top if deck_of(kind, c) == which]
    return own or (top if fallback else [])


def _take(s: State, kind: Kind, card: str) -> None:
    getattr(s, kind).pile.remove(card)


def draw_captain(s: State, which: Which) -> str:
    """A captain off the top of deck `which` (with the usual reshuffle once the pile is out)."""
    deck = s.captains
    if not deck.pile and deck.discard:
        deck.reshuffle(s.rng)
    (card, *_) = pile(s, "captains", which)
    _take(s, "captains", card)
    return card


def dealt_captain(s: State, seat: int) -> str:
    return draw_captain(s, "new" if separate(s.options) and seat % 2 else "base")


def successor(s: State, old: str) -> str:
    """The captain after `old`, from `old`'s deck."""
    return draw_captain(s, deck_of("captains", old))


def take_rumour(s: State, got: str) -> None:
    _take(s, "rumours", got)


def fill_missions(s: State, fill: Callable[[list[str]], tuple[tuple[Slot, ...], list[str]]], which: Which) -> bool:
    """Fill the board's open slots from deck `which` (`fill` is rumours_missions' deal, replace or
    third slot); True if a card came face up."""
    before = [x.mission for x in s.board]
    board, _ = fill(pile(s, "missions", which))
    for x in board:
        if x.mission is not None and x.mission not in before:
            _take(s, "missions", x.mission)
    s.board = list(board)
    return [x.mission for x in board] != before


def deal_missions(s: State, slots: int) -> None:
    """Setup: one mission a slot; with separate decks slot 1 from the base deck, slot 2 from the new."""
    s.board = []
    for i in range(slots):
        which: Which = "new" if separate(s.options) and i % 2 else "base"
        fill_missions(s, lambda top: (tuple([*s.board, *RM.deal_missions(top, 1)[0]]), []), which)
