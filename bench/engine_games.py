"""engine_<game>_actions_per_s and playout_<game>_games_per_s: the engine benchmark
(bench/engine.py) for every registered game besides the reference one it measures.

The same measure: 4-seat games (clamped to the game's player range) between greedy bots, every
decision through engine.core.act (seat and legality checks, apply on a copy), per CPU-second of
this process, against the same fixed target of 2,000 decisions a second. The bot's own thinking
is inside the figure, as it is in a table full of bots.
"""
from __future__ import annotations

from typing import Any

from bench.common import Result, Stopwatch
from bench.engine import ACTIONS_PER_S, AT_LEAST_ONE
from bench.games import GAME as REFERENCE
from bench.games import playout, seats_for
from engine.core import all_games
from engine.core.game import Game

NAME = "engine_games"
GAMES = [g for g in all_games() if g.id != REFERENCE.id]
EMITS = tuple(f"{kind}_{g.id}_{unit}" for g in GAMES for kind, unit in (("engine", "actions_per_s"), ("playout", "games_per_s")))


def play(game: Game[Any, Any, Any], games: int, prefix: str) -> int:
    """Decisions made in `games` complete playouts of `game`."""
    players = seats_for(game)
    return sum(sum(1 for _ in playout(f"{prefix}-{g}", players, game=game)) for g in range(games))


def measure(game: Game[Any, Any, Any], games: int) -> list[Result]:
    play(game, 1, "warm")
    clock = Stopwatch()
    actions = play(game, games, "bench")
    cpu, wall = clock.cpu, clock.wall
    per_game = actions / games
    return [
        Result(f"engine_{game.id}_actions_per_s", actions / cpu, "actions/s", ACTIONS_PER_S, AT_LEAST_ONE,
               detail={"games": games, "players": seats_for(game), "actions": actions, "wall_actions_per_s": actions / wall}),
        Result(f"playout_{game.id}_games_per_s", games / cpu, "games/s", ACTIONS_PER_S / per_game, AT_LEAST_ONE,
               detail={"actions_per_game": per_game, "wall_games_per_s": games / wall}),
    ]


def run(quick: bool) -> list[Result]:
    games = 3 if quick else 30
    return [r for game in GAMES for r in measure(game, games)]
