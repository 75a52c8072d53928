"""Shared helpers: captains and abilities, names, discarding cards, events."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.pirate_chest.defs import CaptainDef, CardDef, defs

if TYPE_CHECKING:   # the state holds the prompts, whose options read these helpers: no import at run time
    from engine.pirate_chest.state import Player, State

Events = list[Event]


def captain(s: State, seat: int) -> CaptainDef:
    return defs().captains[s.players[seat].captain]


def card(card_id: str) -> CardDef:
    return defs().cards[card_id]


def has_ability(s: State, seat: int, ability: str) -> bool:
    """True when this seat's captain has `ability` and no curse has blocked it."""
    p = s.players[seat]
    return bool(p.captain) and captain(s, seat).ability == ability and not p.ability_blocked


def name(s: State, seat: int) -> str:
    return captain(s, seat).name if s.players[seat].captain else f"Seat {seat + 1}"


def seat_of(s: State, captain_id: str) -> int | None:
    return next((i for i, p in enumerate(s.players) if p.captain == captain_id), None)


def opponents(s: State, seat: int) -> list[int]:
    return [i for i in range(len(s.players)) if i != seat]


def at_home(s: State, seat: int) -> bool:
    """PORTS OF CALL: in your own home port you cannot be attacked or destroyed."""
    p: Player = s.players[seat]
    return p.position == p.home


def say(ev: Events, text: str) -> None:
    ev.append(Event(text=text))


def tell(ev: Events, seats: set[int], text: str) -> None:
    ev.append(Event(text=text, visible_to=frozenset(seats)))


def card_names(cards: list[str]) -> str:
    return ", ".join(card(c).name for c in cards) or "no cards"


def discard_from_hand(s: State, seat: int, cards: list[str]) -> None:
    hand = s.players[seat].hand
    for c in cards:
        hand.remove(c)
    s.deck.throw_away(cards)


def random_cards(s: State, seat: int, n: int) -> list[str]:
    """n different cards picked at random from a seat's hand (fewer if the hand is smaller)."""
    hand = list(s.players[seat].hand)
    s.rng.shuffle(hand)
    return hand[:n]
