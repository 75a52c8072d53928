"""engine_actions_per_s and playout_games_per_s: 4-seat Pirate Chest games between greedy bots,
every decision through engine.core.act (seat and legality checks, apply on a copy), one core.

No floor can be measured here that means anything (a loop of the same number of model_dump
calls only times pydantic), so the floor is a fixed, documented target: 2,000 decisions per
second — a Discord host serves a few decisions per second, so this leaves room for bot-heavy
tables, replays (undo, verify) and the conformance fuzzing. ratio = value / target.
Rates are per CPU-second of this process (time.process_time), so other jobs on the machine
slow the wall clock but not the figure; the wall-clock rate is in `detail`.
"""
from __future__ import annotations

from bench.common import Result, Stopwatch, Target
from bench.games import playout

NAME = "engine_actions_per_s"
EMITS = (NAME, "playout_games_per_s")
ACTIONS_PER_S = 2000.0
AT_LEAST_ONE = Target("ratio", ">=", 1)


def play(games: int, prefix: str) -> int:
    """Decisions made in `games` complete playouts."""
    return sum(sum(1 for _ in playout(f"{prefix}-{g}")) for g in range(games))


def run(quick: bool) -> list[Result]:
    games = 3 if quick else 30
    play(1, "warm")
    clock = Stopwatch()
    actions = play(games, "bench")
    cpu, wall = clock.cpu, clock.wall
    per_game = actions / games
    return [
        Result(NAME, actions / cpu, "actions/s", ACTIONS_PER_S, AT_LEAST_ONE,
               detail={"games": games, "actions": actions, "wall_actions_per_s": actions / wall}),
        # The games/s the action target implies for games as long as these ones.
        Result("playout_games_per_s", games / cpu, "games/s", ACTIONS_PER_S / per_game, AT_LEAST_ONE,
               detail={"actions_per_game": per_game, "wall_games_per_s": games / wall}),
    ]
