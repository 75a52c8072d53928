"""2 — ADD 1 CARD TO YOUR HAND: buy from the pirate display (the leftmost card free; the others
slide left and a new card fills the right), or scout: pay 3 rum, name a flag and turn cards over
until one flies it (the others are discarded). An empty pirate deck is rebuilt from every card
played to the slots right of the player boards (starting cards stay) and the discard pile."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.cards import card_def, is_starting
from engine.scoundrel_bay.rules.common import me, name, say
from engine.scoundrel_bay.rules.tracks import spend

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def rebuild_deck(s: State) -> None:
    """The pirate deck is exhausted: played cards (not starting cards) and discards, shuffled."""
    for p in s.players:
        keep = [c for c in p.played if is_starting(c)]
        s.deck.discard += [c for c in p.played if not is_starting(c)]
        p.played = keep
    s.deck.reshuffle(s.rng)


def scoutable(s: State) -> bool:
    """A card could be turned up: in the deck, or in what a rebuild would shuffle into it
    (starting cards in the played slots never go back)."""
    return bool(s.deck.pile or s.deck.discard or any(not is_starting(c) for p in s.players for c in p.played))


def draw(s: State, n: int) -> list[str]:
    drawn: list[str] = []
    for _ in range(n):
        if not s.deck.pile:
            rebuild_deck(s)
        if not s.deck.pile:
            break
        drawn.append(s.deck.pile.pop())
        s.reveals += 1
    return drawn


def display_cost(slot: int) -> int:
    return defs().cards.display.costs[slot]


def buy(s: State, seat: int, slot: int, ev: list[Event], *, free: bool = False) -> str:
    """Take the card in `slot` (paying its rum unless `free`); `refill` slides and refills."""
    card = s.display[slot]
    assert card is not None
    p = me(s, seat)
    if not free:
        spend(p.resources, "rum", display_cost(slot))
    s.display[slot] = None
    say(s, ev, f"{name(seat)} takes {card_def(card).name} from the pirate display" + ("." if free else f" for {display_cost(slot)} rum."))
    return card


def refill_display(s: State) -> None:
    """Slide the cards left to close the gaps, then fill the right from the pirate deck."""
    cards = [c for c in s.display if c is not None]
    cards += draw(s, len(s.display) - len(cards))
    s.display = [*cards, *[None] * (len(s.display) - len(cards))]


def scout(s: State, seat: int, flag: str, ev: list[Event]) -> str | None:
    p = me(s, seat)
    spend(p.resources, "rum", defs().cards.display.scout_rum)
    turned: list[str] = []
    found = None
    budget = len(s.deck.pile) + len(s.deck.discard) + sum(len(q.played) for q in s.players)
    while budget > 0:
        got = draw(s, 1)
        if not got:
            break
        budget -= 1
        if card_def(got[0]).flag == flag:
            found = got[0]
            break
        turned.append(got[0])
    s.deck.throw_away(turned)
    say(s, ev, f"{name(seat)} scouts for a {flag} card, turning over {len(turned)} other card(s)" + ("." if found else ", and finds none."))
    if found:
        p.hand.append(found)
        say(s, ev, f"You scouted {card_def(found).name}.", to=seat)
    return found
