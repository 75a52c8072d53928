"""When a player's standing orders answer for them (engine/core/orders.py says what they answer).

- At once, when the prompt comes off the player's turn (a reaction, a sealed choice, a side
  decision): the table answers in the same locked run as the decision that raised the prompt,
  and that decision's "your move" row for the seat is never queued, so the player is not woken.
- At the deadline, for a prompt of the player's own turn, where the deadline policy would
  otherwise play for them (cogs/turns.py).
Bot seats and seats without a player are never answered by orders. What the orders answered
is told to the player in their next "your move" DM, and to nobody else.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import side_decisions
from engine.core.game import Game
from engine.core.orders import off_turn, order_answer, order_book
from store import ORDER_PREFIX, ActionRow, GameRecord, OutboxItem

Answer = tuple[str, str]   # (order id, notation)
ORDERS_IN_A_ROW = 50       # standing-order answers one decision may set off, at most


def deciding_humans(game: Game[Any, Any, Any], s: Any, record: GameRecord, *, at_deadline: bool = False) -> list[int]:
    """Seats of players (not bots) that decide now and that an order may answer now."""
    pending = game.pending(s)
    if pending is None or not order_book(game).orders:
        return []
    side = side_decisions(game, s)
    return [seat for seat in dict.fromkeys((*pending.waiting_on, *side))
            if record.seats[seat].user_id is not None and not record.seats[seat].bot_policy
            and (at_deadline or off_turn(pending, side, seat))]


def answers(game: Game[Any, Any, Any], s: Any, record: GameRecord, orders: Mapping[int, Sequence[str]],
            seats: Sequence[int]) -> dict[int, Answer]:
    """seat -> (order id, notation) for each of `seats` whose player's orders answer now."""
    found: dict[int, Answer] = {}
    for seat in seats:
        user = record.seats[seat].user_id
        hit = order_answer(game, s, seat, orders.get(user, [])) if user is not None else None
        if hit is not None:
            found[seat] = (hit[0], game.notate(s, hit[1]))
    return found


def without_prompts(items: list[OutboxItem], answered: Mapping[int, Answer]) -> list[OutboxItem]:
    """The outbox rows of a decision, less the "your move" rows of seats an order answers next."""
    return [i for i in items if not (i.kind == "prompt" and i.seat in answered)]


def order_reason(order_id: str) -> str:
    """The `auto` reason of a decision an order took: logged as automatic, shown as the player's own."""
    return f"order:{order_id}"


def answered_since(rows: Sequence[ActionRow], game_id: int, seat: int, since: int, until: int) -> list[tuple[str, str]]:
    """(order id, notation) of the seat's decisions its orders took at versions since..until-1."""
    found: list[tuple[str, str]] = []
    prefix = ORDER_PREFIX
    for row in rows:
        if row.undone or row.seat != seat or not (row.interaction_id or "").startswith(prefix):
            continue
        order_id, game, version = (row.interaction_id or "")[len(prefix):].rsplit(":", 2)
        if int(game) == game_id and since <= int(version) < until:
            found.append((order_id, row.notation))
    return found


def report(game: Game[Any, Any, Any], answered: Sequence[tuple[str, str]]) -> str:
    """The "your move" DM's line about them: "Your standing orders answered: …"."""
    if not answered:
        return ""
    book = order_book(game)
    lines = [f"• {o.label if (o := book.get(order_id)) else order_id}: `{notation}`" for order_id, notation in answered]
    return "**Your standing orders answered:**\n" + "\n".join(lines)
