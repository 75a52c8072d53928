"""What a game gives the shared conformance, leak and render runs: tests/engine/<game>/conformance.py
defines `HOOKS = ConformanceHooks(...)`. A registered game without one fails conformance with a
message that says to add it (docs/adding-a-game.md)."""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Scrambler = Callable[[Any, "int | None", random.Random], Any]


@dataclass(frozen=True)
class ConformanceHooks:
    # A copy of the state that differs only in what `viewer` may not see (other hands, deck
    # order, face-down pieces, others' sealed choices): every view for that viewer must then be
    # identical.
    scramble: Scrambler
    variants: list[dict[str, Any]] = field(default_factory=lambda: [{}])   # options to cycle through
    policy: str = "greedy"                                                 # the bot that plays most seats
    playouts: int = 200                                                    # seeded games to the end (make test: 3/5 of them)
    max_actions: int = 20_000                                              # a game longer than this is stuck


def hooks_for(game_id: str) -> ConformanceHooks:
    try:
        module = importlib.import_module(f"tests.engine.{game_id}.conformance")
    except ModuleNotFoundError as e:
        raise AssertionError(f"game '{game_id}' has no tests/engine/{game_id}/conformance.py defining HOOKS "
                             "(see docs/adding-a-game.md)") from e
    hooks: ConformanceHooks = module.HOOKS
    return hooks


def deal_hidden_hands(hands: list[list[str]], pile: list[str], rand: random.Random) -> list[str]:
    """Pool the hands a viewer may not see with the face-down pile, shuffle, and deal each hand
    back its size (in place). Returns the new pile."""
    pool = list(pile)
    for hand in hands:
        pool += hand
    rand.shuffle(pool)
    for hand in hands:
        n = len(hand)
        hand[:], pool = pool[:n], pool[n:]
    return pool
