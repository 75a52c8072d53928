"""Standing orders of Dead Reckoning for what comes outside a player's turn: answering an
attack, Battle abilities in another's battle, the level-up between turns (engine/core/orders.py)."""
from __future__ import annotations

from typing import Any

from engine.core.orders import OrderBook, StandingOrder, first, stack_prompt
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.rules.legal import side_level
from engine.dead_reckoning.rules.leveling import default_choice
from engine.dead_reckoning.rules.main_phase import hand_cards
from engine.dead_reckoning.state import State


def prompt_of(s: State, seat: int) -> str | None:
    """The stack's top prompt, or the level-up a seat may take between its turns (a side decision)."""
    return stack_prompt(s, seat) or ("level" if side_level(s, seat) else None)


def _every_cube(s: State, seat: int, legal: list[Any]) -> Any | None:
    """Drop every Battle cube the ship's Cannons (and defence) allow, playing no card."""
    cubes = [a for a in legal if isinstance(a, A.Cubes)]
    return max(cubes, key=lambda a: a.n) if cubes else None


def _lowest_card(s: State, seat: int, legal: list[Any]) -> Any | None:
    card = default_choice(hand_cards(s, seat))
    return first(A.Level, card=card)(s, seat, legal) if card is not None else None


BOOK = OrderBook(prompt_of=prompt_of, orders=(
    StandingOrder("full-defence", "When attacked, defend with every Cannon cube I can drop (no card)",
                  ("response",), _every_cube),
    StandingOrder("no-abilities", "Use no Battle ability: at once in others' battles, in mine at my deadline",
                  ("ability",), first(A.Pass)),
    StandingOrder("level-lowest", "Between my turns, level up my lowest-level card",
                  ("level",), _lowest_card),
))
