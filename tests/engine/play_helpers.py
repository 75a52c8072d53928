"""Helpers every game's tests share: decisions by notation (as /play takes them) on one game, and a
whole seeded bot game with a step cap that fails saying where it stopped."""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Setup, Transition, act, act_text, legal_notations, setup_state


class ByNotation:
    """`do`, `step`, `options` and `waiting` for one game, as its scenario helpers offer them."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def do(self, s: Any, seat: int, notation: str) -> Any:
        return act_text(self.game, s, seat, notation).state

    def step(self, s: Any, seat: int, notation: str) -> Transition[Any]:
        return act_text(self.game, s, seat, notation)

    def options(self, s: Any, seat: int) -> list[str]:
        return legal_notations(self.game, s, seat)

    def waiting(self, s: Any) -> tuple[int, ...]:
        pending = self.game.pending(s)
        return pending.waiting_on if pending else ()


def bot_game(game: Any, policies: Mapping[str, Callable[[str], Any]], bot: str, seed: int, players: int,
             options: dict[str, Any], max_steps: int) -> tuple[Any, list[tuple[int, str]], Setup]:
    """A seeded game with `bot` in every seat, a random waited-on seat deciding each time."""
    setup = Setup(game=game.id, players=players, seed=f"playout-{seed}", options=options)
    s = setup_state(game, setup)
    bots = [policies[bot](f"{seed}-{i}") for i in range(players)]
    rand, log = random.Random(seed), list[tuple[int, str]]()
    for _ in range(max_steps):
        pending = game.pending(s)
        if pending is None:
            return s, log, setup
        seat = rand.choice(pending.waiting_on)
        a = bots[seat].choose(game, s, seat)
        log.append((seat, game.notate(s, a)))
        s = act(game, s, seat, a).state
    raise AssertionError(f"{game.id} seed {seed} ({players} players, {options}) stuck after {max_steps} steps: "
                         f"phase {s.turn.phase}, seat {s.turn.seat}, waiting on {game.pending(s)}")
