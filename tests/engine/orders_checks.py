"""Helpers for every game's standing-order tests: a seeded greedy game played until a seat
answers a given prompt (with a step cap that fails saying where it stopped)."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.core import Setup, act, setup_state
from engine.core.orders import order_book

MAX_STEPS = 6000   # decisions per seeded game before the search gives up on it


def reach(game: Any, kind: str, *, players: int = 3, seeds: Iterable[int] = range(8), options: dict[str, Any] | None = None,
          also: Callable[[Any, int], bool] = lambda s, seat: True) -> tuple[Any, int]:
    """(state, seat) at the first point a seat answers a prompt of `kind` (and `also` holds)."""
    book = order_book(game)
    tried = []
    for seed in seeds:
        s = setup_state(game, Setup(game=game.id, players=players, seed=f"orders-{seed}", options=options or {}))
        bots = [game.policies["greedy"](f"{seed}-{i}") for i in range(players)]
        rand = random.Random(seed)
        for _ in range(MAX_STEPS):
            pending = game.pending(s)
            if pending is None:
                break
            for seat in range(players):
                if book.prompt_of(s, seat) == kind and also(s, seat):
                    return s, seat
            seat = rand.choice(pending.waiting_on)
            s = act(game, s, seat, bots[seat].choose(game, s, seat)).state
        tried.append(seed)
    raise AssertionError(f"{game.id}: no '{kind}' prompt within {MAX_STEPS} decisions of seeds {tried}")


def pick(game: Any, order_id: str, s: Any, seat: int, legal: list[Any] | None = None) -> Any | None:
    """What the order answers for `seat` now (among `legal`, by default the seat's legal actions)."""
    order = order_book(game).get(order_id)
    assert order is not None, f"{game.id} has no order {order_id}"
    return order.pick(s, seat, game.legal_actions(s, seat) if legal is None else legal)


def without(game: Any, s: Any, seat: int, unwanted: Any) -> list[Any]:
    """The seat's legal actions less one (to see an order decline when its wish is not legal)."""
    return [a for a in game.legal_actions(s, seat) if a != unwanted]
