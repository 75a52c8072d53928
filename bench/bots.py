"""bots: how often each game's greedy bot wins, against every other bot the game offers.

For every registered game with a "greedy" policy, for each other policy in `game.policies`
(random, earlier greedy versions …) and for 2- and 4-seat tables (clamped to the game's player
range): one greedy seat against that policy in every other seat, `GAMES` games, the greedy seat
rotated round the table (game g puts it in seat g mod n), each game capped at `MAX_STEPS`
decisions. A capped game has no winner, so it counts against the greedy seat.

Floor: the fair share, measured in the same run — the mean win rate of a seat when every seat
plays random (a mirror match, `GAMES` games; 1/n when each game has one winner, more where a game
can share a win). A capped mirror game counts as won by nobody, so a game whose random games
stall has a lower floor. ratio = greedy's win rate / that floor: 1 is a fair share. Targets:
against random, ratio >= 1.5 (a clear win); against any other bot, ratio >= 1.1 (more than a
fair share). Bots pick from `game.legal_actions` and moves go straight to `game.apply`: the
runner's checks and copies are the engine benchmark's business, not this one's.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.common import Result, Stopwatch, Target
from engine.core import Game, Setup, all_games, setup_state

NAME = "bots"
HERO = "greedy"
BASELINE = "random"
TABLES = (2, 4)
GAMES, QUICK_GAMES = 200, 20
MAX_STEPS = 20_000
CLEAR_WIN = Target("ratio", ">=", 1.5)
FAIR_SHARE_BEATEN = Target("ratio", ">=", 1.1)

Factory = Callable[[str | int], Any]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def tables(game: Game[Any, Any, Any]) -> list[int]:
    """The table sizes to try, clamped to what the game takes, without repeats."""
    return sorted({min(max(n, game.min_players), game.max_players) for n in TABLES})


def figure(game: Game[Any, Any, Any], opponent: str, players: int) -> str:
    return f"bots_{slug(game.id)}_{HERO}_vs_{slug(opponent)}_{players}p"


def contests(game: Game[Any, Any, Any]) -> list[tuple[str, int]]:
    """(opponent policy, table size) for every figure of this game; none without a greedy bot."""
    if HERO not in game.policies:
        return []
    return [(o, n) for n in tables(game) for o in sorted(game.policies) if o != HERO]


EMITS = tuple(figure(g, o, n) for g in all_games() for o, n in contests(g))


@dataclass
class Tally:
    players: int
    games: int = 0
    wins: int = 0           # games the watched seat won
    seat_wins: int = 0      # wins summed over every seat (a shared win counts for each winner)
    decided: int = 0        # games that ended before the step cap
    steps: int = 0

    @property
    def rate(self) -> float:
        """How often the watched seat won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def share(self) -> float:
        """How often the average seat won: the fair share, in a mirror match."""
        return self.seat_wins / (self.games * self.players) if self.games else 0.0


def play(game: Game[Any, Any, Any], seed: str, bots: list[Any]) -> tuple[list[int] | None, int]:
    """One game to the end or the step cap: (winners, or None when capped; decisions made)."""
    s = setup_state(game, Setup(game=game.id, players=len(bots), seed=seed))
    for step in range(MAX_STEPS):
        pending = game.pending(s)
        if pending is None:
            outcome = game.outcome(s)
            return (outcome.winners if outcome else []), step
        seat = pending.waiting_on[0]
        legal = game.legal_actions(s, seat)
        s = game.apply(s, seat, bots[seat].choose(game, s, seat, legal)).state
    return None, MAX_STEPS


def match(game: Game[Any, Any, Any], players: int, watched: Factory, others: Factory, games: int,
          tag: str) -> Tally:
    """`watched` in one seat (rotating), `others` in the rest; how the watched seat fares."""
    tally = Tally(players)
    for g in range(games):
        seat_of_watched = g % players
        seed = f"bots-{tag}-{players}-{g}"
        bots = [(watched if seat == seat_of_watched else others)(f"{seed}-{seat}") for seat in range(players)]
        winners, steps = play(game, seed, bots)
        tally.games += 1
        tally.steps += steps
        if winners is not None:
            tally.decided += 1
            tally.wins += seat_of_watched in winners
            tally.seat_wins += len(winners)
    return tally


def run(quick: bool) -> list[Result]:
    games = QUICK_GAMES if quick else GAMES
    results = []
    for game in all_games():
        wanted = contests(game)
        if not wanted:
            continue
        policies = game.policies
        for players in tables(game):
            clock = Stopwatch()
            fair = match(game, players, policies[BASELINE], policies[BASELINE], games, "floor")
            floor_s = clock.wall
            for opponent in [o for o, n in wanted if n == players]:
                clock = Stopwatch()
                t = match(game, players, policies[HERO], policies[opponent], games, slug(opponent))
                target = CLEAR_WIN if opponent == BASELINE else FAIR_SHARE_BEATEN
                results.append(Result(
                    figure(game, opponent, players), t.rate, "win rate", fair.share, target,
                    detail={"games": t.games, "wins": t.wins, "capped": t.games - t.decided,
                            "fair_share": 1 / players, "floor_games": fair.games,
                            "floor_capped": fair.games - fair.decided,
                            "steps_per_game": t.steps / t.games, "wall_s": clock.wall, "floor_wall_s": floor_s}))
    return results
