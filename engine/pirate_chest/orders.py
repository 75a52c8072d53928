"""Standing orders of Pirate Chest: answers set in advance for the prompts of a fight that come
while it is not the player's turn (engine/core/orders.py). Each reads only public facts."""
from __future__ import annotations

from typing import Any

from engine.core.orders import OrderBook, StandingOrder, first, stack_prompt
from engine.pirate_chest import actions as A
from engine.pirate_chest.state import State


def _ready_with_nothing_sealed(s: State, seat: int, legal: list[Any]) -> Any | None:
    """Ready with no fight card; declines once the player has sealed a card in by hand."""
    if s.fight is None or s.fight.cards.choice_of(seat, []):
        return None
    return first(A.Ready)(s, seat, legal)


BOOK = OrderBook(prompt_of=stack_prompt, orders=(
    StandingOrder("stand", "When attacked, never try to escape: stand and fight",
                  ("escape",), first(A.Stand)),
    StandingOrder("escape", "When attacked, always roll to escape (playing no card for it)",
                  ("escape",), first(A.Escape)),
    StandingOrder("no-fight-cards", "Play no fight cards: say ready at once",
                  ("fight-cards",), _ready_with_nothing_sealed),
    StandingOrder("no-girl-power", "Never use Girl Power",
                  ("girl-power",), first(A.Pass)),
))
