"""handoffs: how often a game changes hands between players, per player per game, for every
registered game — before and after forced decisions play themselves.

Greedy bots play `GAMES` seeded 4-seat games (clamped to each game's player range), every seat
counted as a human. A hand-off is a moment the game starts waiting on someone new: in async play
each one is a notification and, at human pace, hours. Before: every decision waits for a click.
After: a decision with a single legal option outside a sealed choice is taken at once (the
table's autoplay, on by default), so the wait moves on to the next decision that needs a person.
The floor is the "before" figure measured in the same run; ratio = after / before (lower is
better; target: autoplay removes some hand-offs, ratio <= 0.95). A game whose engine already
closes single-option steps itself (fewer than 5% of its decisions forced, like Scoundrel Bay)
leaves autoplay next to nothing to remove: its target is that autoplay adds none, ratio <= 1."""
from __future__ import annotations

from typing import Any

from bench.common import Result, Target
from engine.core import act, all_games
from engine.core.game import Game
from engine.core.policy import get_policy
from engine.core.runner import Setup, setup_state

NAME = "handoffs"
GAMES, QUICK_GAMES = 40, 6
MAX_STEPS = 20_000
FEWER = Target("ratio", "<=", 0.95)
NO_MORE = Target("ratio", "<=", 1.0)
FEW_FORCED = 0.05        # below this share of forced decisions, autoplay has little to remove
EMITS = tuple(f"handoffs_{g.id}_{k}" for g in all_games() for k in ("per_player", "clicks_per_player"))


def _seats(game: Game[Any, Any, Any]) -> int:
    return max(game.min_players, min(4, game.max_players))


def count(game: Game[Any, Any, Any], seed: str) -> tuple[int, int, int, int]:
    """(hand-offs before, hand-offs after, decisions, forced decisions) of one seeded game."""
    players = _seats(game)
    s = setup_state(game, Setup(game=game.id, players=players, seed=seed))
    bots = [get_policy(game.id, "greedy", f"{seed}:{i}") for i in range(players)]
    before = after = decisions = forced = 0
    last_all: tuple[int, ...] = ()
    last_human: tuple[int, ...] = ()
    for _ in range(MAX_STEPS):
        pending = game.pending(s)
        if pending is None:
            break
        seat = pending.waiting_on[0]
        legal = game.legal_actions(s, seat)
        is_forced = len(legal) == 1 and pending.kind != "simultaneous"
        if pending.waiting_on != last_all:
            before += 1
            last_all = pending.waiting_on
        if not is_forced and pending.waiting_on != last_human:
            after += 1
            last_human = pending.waiting_on
        decisions += 1
        forced += is_forced
        s = act(game, s, seat, bots[seat].choose(game, s, seat, legal)).state
    return before, after, decisions, forced


def measure(game: Game[Any, Any, Any], games: int) -> list[Result]:
    totals = [0, 0, 0, 0]
    for g in range(games):
        for i, n in enumerate(count(game, f"handoffs-{g}")):
            totals[i] += n
    per = games * _seats(game)
    before, after, decisions, forced = (t / per for t in totals)
    target = FEWER if decisions and forced / decisions >= FEW_FORCED else NO_MORE
    return [
        Result(f"handoffs_{game.id}_per_player", after, "hand-offs", before, target,
               detail={"games": games, "players": _seats(game), "before_per_player": before}),
        # the decisions a person still has to click, against every decision (the floor)
        Result(f"handoffs_{game.id}_clicks_per_player", decisions - forced, "clicks", decisions, target,
               detail={"decisions_per_player": decisions, "forced_per_player": forced,
                       "share_forced": forced / decisions if decisions else 0.0}),
    ]


def run(quick: bool) -> list[Result]:
    return [r for game in all_games() for r in measure(game, QUICK_GAMES if quick else GAMES)]
