"""Standing orders of Merchants & Marauders for a fight's sealed combat orders, the glory-card
windows and the Cutthroat ambush, which come outside a player's turn (engine/core/orders.py).
Combat orders answer only for the player's own ship, never for an NPC the player runs."""
from __future__ import annotations

from typing import Any

from engine.core.orders import OrderBook, Pick, StandingOrder, first, stack_prompt, when
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.rules.fight import roles_of
from engine.merchants_marauders.state import State


def _own_ship(s: State, seat: int) -> bool:
    """The seat decides for its own captain's side, not for an NPC's."""
    return s.fight is not None and all(s.fight.sides[r].npc is None for r in roles_of(s, seat))


def _order(name: str) -> Pick:
    return when(_own_ship, first(A.Order, order=name))


def _flee_else_shoot(s: State, seat: int, legal: list[Any]) -> Any | None:
    return _order("flee")(s, seat, legal) or _order("shoot")(s, seat, legal)


BOOK = OrderBook(prompt_of=stack_prompt, orders=(
    StandingOrder("always-shoot", "Combat orders: always shoot, never board or try to escape",
                  ("orders",), _order("shoot")),
    StandingOrder("flee", "Combat orders: try to escape whenever I may, else shoot",
                  ("orders",), _flee_else_shoot),
    StandingOrder("no-glory-cards", "Play no glory card in fights: pass at once",
                  ("card",), first(A.Pass)),
    StandingOrder("no-ambush", "Never scout out of turn when a captain sails in",
                  ("ambush",), first(A.Pass)),
))
