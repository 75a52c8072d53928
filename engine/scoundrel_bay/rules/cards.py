"""Pirate cards: a card id is a pirate card or a starting card (by its player board number)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.scoundrel_bay.defs import CardDef, defs

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State

STARTING_PREFIX = "start-"


def card_def(card: str) -> CardDef:
    if card.startswith(STARTING_PREFIX):
        return defs().cards.starting[int(card.removeprefix(STARTING_PREFIX))]
    return defs().cards.cards[card]


def starting_card(board: int) -> str:
    return f"{STARTING_PREFIX}{board}"


def is_starting(card: str) -> bool:
    return card.startswith(STARTING_PREFIX)


def crew_flags(s: State, seat: int, flag: str) -> int:
    """Invasion capacity: matching flags in the crew area plus those printed on the player board."""
    p = s.players[seat]
    printed = defs().player_boards.boards[p.board].flags
    return len(p.crew.get(flag, [])) + sum(n for f, n in printed.items() if f == flag)
