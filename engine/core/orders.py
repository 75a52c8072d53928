"""STANDING ORDERS: answers a player sets in advance for prompts that come off their turn.

A game declares its orders as data in its own package (engine/<game>/orders.py) and offers
them with an optional hook, `standing_orders() -> OrderBook`; a game without it offers none
and needs no change. Each order names the prompt kinds it answers and a `pick` that chooses
one of the legal actions, or declines (None) so the player is asked as usual. The table
(table/orders.py) decides when an order answers; this module only says what it would answer.

An order's condition should read only what every player may see (a public count, the
player's own unconditional wish): an order answering at once then tells nobody anything
hidden, only that the seat has answered, as a quick player would.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import Game
from engine.core.types import Pending

Pick = Callable[[Any, int, list[Any]], Any | None]   # (state, seat, legal actions) -> one of them, or None


@dataclass(frozen=True)
class StandingOrder:
    id: str                      # short and stable: stored, and typed in /orders
    label: str                   # plain words, at most 100 characters: "Never try to escape"
    prompts: tuple[str, ...]     # the prompt kinds (a Prompt's `kind`) it answers
    pick: Pick


@dataclass(frozen=True)
class OrderBook:
    """A game's orders, and how to tell which prompt a seat answers now (its `kind`, or None)."""
    orders: tuple[StandingOrder, ...] = ()
    prompt_of: Callable[[Any, int], str | None] = field(default=lambda s, seat: None)

    def get(self, order_id: str) -> StandingOrder | None:
        return next((o for o in self.orders if o.id == order_id), None)

    def rivals(self, order_id: str) -> list[str]:
        """Other orders that answer one of the same prompts (a seat keeps one of them)."""
        mine = self.get(order_id)
        if mine is None:
            return []
        return [o.id for o in self.orders if o.id != order_id and set(o.prompts) & set(mine.prompts)]


NO_ORDERS = OrderBook()


def order_book(game: Game[Any, Any, Any]) -> OrderBook:
    hook = getattr(game, "standing_orders", None)
    return hook() if hook is not None else NO_ORDERS


def order_answer(game: Game[Any, Any, Any], s: Any, seat: int, chosen: Sequence[str]) -> tuple[str, Any] | None:
    """(order id, action) of the first of `chosen` that answers the prompt `seat` has now, or
    None. Only ever a legal action: a pick that is not among them counts as declining."""
    book = order_book(game)
    kind = book.prompt_of(s, seat)
    matching = [o for o in book.orders if o.id in chosen and kind in o.prompts]
    if not matching:
        return None
    legal = game.legal_actions(s, seat)
    for order in matching:
        action = order.pick(s, seat, legal)
        if action is not None and action in legal:
            return order.id, action
    return None


def off_turn(pending: Pending, side: Mapping[int, str], seat: int) -> bool:
    """Whether `seat` decides now outside its own turn: a reaction, a sealed choice, or a side
    decision (`side`: engine.core.runner.side_decisions). An order answers those at once; a
    prompt of the seat's own turn only at its deadline."""
    if seat in pending.waiting_on:
        return pending.kind in ("reaction", "simultaneous")
    return seat in side


def stack_prompt(s: Any, seat: int) -> str | None:
    """`prompt_of` for a game that keeps its open prompts on `s.stack` (engine/core/prompts.py):
    the top prompt's kind when `seat` is one of the seats it asks."""
    stack = getattr(s, "stack", None)
    top = stack[-1] if stack else None
    return top.kind if top is not None and seat in top.seats else None


def first(kind: type, **where: Any) -> Pick:
    """A pick: the first legal action of class `kind` whose fields equal `where`."""
    def pick(s: Any, seat: int, legal: list[Any]) -> Any | None:
        return next((a for a in legal if isinstance(a, kind)
                     and all(getattr(a, k, None) == v for k, v in where.items())), None)
    return pick


def when(condition: Callable[[Any, int], bool], then: Pick) -> Pick:
    """A pick that answers only while `condition(state, seat)` holds (else it declines)."""
    def pick(s: Any, seat: int, legal: list[Any]) -> Any | None:
        return then(s, seat, legal) if condition(s, seat) else None
    return pick
