"""Private news a standing order's answer drew for its owner, kept for the owner's next prompt.

An order answers "without any message to its owner until the owner's next move" (issue 12):
when its answer draws a card or tells the owner anything else privately, that news is not
DMed at once. It waits in the game's settings (`held_news`, written in the same transaction as
the decision) and rides as `news` in the owner's next "your move" row, which stays private to
that seat. News still held when the game ends goes out as the owner's private row before the
result. News for other seats is never held: only the order's owner is kept unwoken.

A seat handed to a bot for good (its player left or was kicked) loses its held news at the next
decision: the bot needs no DM, and a player who is out of the game is told nothing more of it.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from store import OutboxItem, seat_target

HELD = "held_news"   # settings key: {"<seat>": [private event texts]}


def held_of(settings: dict[str, Any]) -> dict[int, list[str]]:
    return {int(seat): list(news) for seat, news in settings.get(HELD, {}).items()}


def hold_news(items: list[OutboxItem], settings: dict[str, Any], seat: int, by_order: bool,
              players: Collection[int]) -> tuple[list[OutboxItem], dict[str, Any] | None]:
    """(the decision's outbox rows, the settings change or None): the owner's private rows of
    an order's answer held back; held news folded into its seat's next prompt row, or, when
    the game ends here, sent as that seat's private row before the result. `players`: the
    seats a player holds now; the news of any other seat is dropped."""
    before = held_of(settings)
    held = {k: list(v) for k, v in before.items() if k in players}
    out: list[OutboxItem] = []
    for item in items:
        if by_order and item.kind == "private" and item.seat == seat:
            held.setdefault(seat, []).extend(item.payload.get("events", []))
        elif item.kind == "prompt" and item.seat is not None and item.seat in held:
            news = held.pop(item.seat)
            out.append(replace(item, payload={**item.payload, "news": [*news, *item.payload.get("news", [])]}))
        elif item.kind == "final":
            out += [OutboxItem(kind="private", target=seat_target(x), payload={"events": news})
                    for x, news in sorted(held.items())]
            held = {}
            out.append(item)
        else:
            out.append(item)
    if held == before:
        return out, None
    return out, {HELD: {str(k): v for k, v in held.items()} or None}
