"""Bot policies: pick one of a seat's legal actions. Used for solo seats, dropouts and fuzzing.

Bots keep their own seeded `random.Random` (never the game's RNG): their choices are recorded
in the action log like a human's, so replays do not depend on how a bot chose.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from engine.core.game import Game


class Policy(Protocol):
    name: str

    def choose(self, game: Game[Any, Any, Any], s: Any, seat: int, legal: list[Any] | None = None) -> Any: ...


class RandomPolicy:
    name = "random"

    def __init__(self, seed: str | int = 0) -> None:
        self.rand = random.Random(seed)

    def choose(self, game: Game[Any, Any, Any], s: Any, seat: int, legal: list[Any] | None = None) -> Any:
        """`legal` may pass the seat's legal actions when the caller has them already."""
        return self.rand.choice(legal if legal is not None else game.legal_actions(s, seat))


class GreedyPolicy:
    """Scores every legal action with a game-specific heuristic; ties broken at random."""
    name = "greedy"

    def __init__(self, score: Callable[[Any, int, Any], float], seed: str | int = 0) -> None:
        self.score = score
        self.rand = random.Random(seed)

    def choose(self, game: Game[Any, Any, Any], s: Any, seat: int, legal: list[Any] | None = None) -> Any:
        actions = legal if legal is not None else game.legal_actions(s, seat)
        scored = [(self.score(s, seat, a), self.rand.random(), i) for i, a in enumerate(actions)]
        return actions[max(scored)[2]]


PolicyFactory = Callable[[str | int], Policy]


def policy_names(game: Game[Any, Any, Any]) -> list[str]:
    """The bots a game offers, its preferred one (`greedy`) first."""
    return sorted(game.policies, key=lambda n: (n != "greedy", n))


def get_policy(game_id: str, name: str, seed: str | int) -> Policy:
    """A bot for `game_id`, by one of the names the game object lists in `policies`."""
    from engine.core.registry import get_game
    game = get_game(game_id)
    if name not in game.policies:
        raise ValueError(f"Unknown bot '{name}'. Choose one of: {', '.join(policy_names(game))}.")
    return game.policies[name](seed)
