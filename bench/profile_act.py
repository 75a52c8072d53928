"""`python -m bench.profile_act [--games N] [--steps N] [GAME ...]`: where `TableService.act`'s time
goes, per game, with the fairness check as the table runs it and as it was (docs/performance.md,
"The table's cost per decision"). Not one of `python -m bench`'s figures: it prints two tables.

First, unprofiled, the CPU time of the fairness check against the decision itself, over the
same greedy games (thread CPU time, so the machine's load counts little).

Each game: N seeded 4-seat games (fewer seats where the game takes fewer) played by greedy bots
through the engine first, so their thinking is no part of what is measured; then the same
decisions, seat by seat, through one `TableService` on a fresh SQLite file, every seat a person
(so standing orders, held news and everything a human's decision costs run), under cProfile.
The two modes, "full" (engine.core.fair as it was: tests/engine/fair_oracle.py) and "now", replay
the very same decisions one after the other in the same run, so their ratios compare; absolute
times move with the machine's load.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import table.service
from bench.common import temp_dir
from bench.games import playout, seats_for
from engine.core import act, all_games, get_game
from engine.core.game import Game
from store import Store
from table import TableService
from tests.engine import fair_oracle

# (label, function qualname as cProfile names it, file suffix): the parts of one decision
PARTS = (
    ("engine: parse, check, apply (act_text)", "act_text", "engine/core/runner.py"),
    ("fairness check (hidden_decision)", "hidden_decision", ""),
    ("outbox rows (items_after)", "items_after", "table/outbox.py"),
    ("held news (hold_news)", "hold_news", "table/held_news.py"),
    ("standing orders (_order_answers)", "_order_answers", "table/service.py"),
    ("state to JSON (model_dump_json)", "model_dump_json", "pydantic/main.py"),
    ("load (TableService.load)", "load", "table/service.py"),
    ("store commit, loop side (commit_action)", "commit_action", "store/"),
)


def decisions(game: Game[Any, Any, Any], seed: str, players: int, steps: int) -> list[tuple[int, str]]:
    """(seat, notation) of a greedy bots' game, its first `steps` decisions."""
    out = []
    for s, seat, action in playout(seed, players, max_steps=steps, game=game):
        out.append((seat, game.notate(s, action)))
    return out


async def replay_through_table(folder: Path, game_id: str, games: list[list[tuple[int, str]]],
                               players: int, profile: cProfile.Profile) -> tuple[int, float]:
    """Every game's decisions through `TableService.act`, the profile on around each act only.
    Returns (decisions, wall seconds inside act)."""
    n, wall = 0, 0.0
    async with await Store.open(folder / "profile.db") as store:
        svc = TableService(store)
        for i, moves in enumerate(games):
            gid = await svc.create(game_id, players, seed=f"profile-{i}", channel_id=1)
            for seat in range(players):
                await svc.join(gid, 1000 + seat, f"Player {seat + 1}")
            await svc.start(gid)
            for seat, notation in moves:
                t0 = time.perf_counter()
                profile.enable()
                await svc.act(gid, seat, notation)
                profile.disable()
                wall += time.perf_counter() - t0
                n += 1
    return n, wall


def cumulative(stats: pstats.Stats, name: str, suffix: str) -> float:
    found = [v[3] for (file, _line, func), v in stats.stats.items()  # type: ignore[attr-defined]
             if func == name and (not suffix or file.replace("\\", "/").find(suffix) >= 0)]
    return sum(found)


def profile_game(game: Game[Any, Any, Any], count: int, steps: int) -> dict[str, dict[str, float]]:
    players = seats_for(game)
    games = [decisions(game, f"profile-{i}", players, steps) for i in range(count)]
    modes: dict[str, Callable[..., bool]] = {"full": fair_oracle.hidden_decision, "now": table.service.hidden_decision}
    found: dict[str, dict[str, float]] = {}
    fast = table.service.hidden_decision
    with temp_dir("profile_act") as folder:   # a first pass warms imports and caches for both modes
        asyncio.run(replay_through_table(folder, game.id, games[:1], players, cProfile.Profile()))
    try:
        for mode, check in modes.items():
            table.service.hidden_decision = check
            profile = cProfile.Profile(time.thread_time)   # CPU of this thread: the load does not count
            with temp_dir("profile_act") as folder:
                n, wall = asyncio.run(replay_through_table(folder, game.id, games, players, profile))
            stats = pstats.Stats(profile)
            total = cumulative(stats, "act", "table/service.py")
            row = {"decisions": float(n), "wall_ms": wall / n * 1e3, "act_ms": total / n * 1e3}
            for label, name, suffix in PARTS:
                row[label] = cumulative(stats, name, suffix) / n * 1e3
            found[mode] = row
    finally:
        table.service.hidden_decision = fast
    return found


def report(game: Game[Any, Any, Any], found: dict[str, dict[str, float]]) -> None:
    full, now = found["full"], found["now"]
    print(f"\n{game.title}: {int(now['decisions'])} decisions, ms per decision under cProfile "
          f"(wall inside act, unprofiled parts included: full {full['wall_ms']:.3f}, now {now['wall_ms']:.3f})")
    print("| part | full check | share | now | share |\n|---|---|---|---|---|")
    for label in ("act_ms", *(p[0] for p in PARTS)):
        name = "TableService.act, all of it" if label == "act_ms" else label
        print(f"| {name} | {full[label]:.3f} | {full[label] / full['act_ms']:.0%} | "
              f"{now[label]:.3f} | {now[label] / now['act_ms']:.0%} |")
    engine = "engine: parse, check, apply (act_text)"
    check = "fairness check (hidden_decision)"
    print(f"fairness check / decision itself: full {full[check] / full[engine]:.2f}, now {now[check] / now[engine]:.2f}; "
          f"act now / act full {now['act_ms'] / full['act_ms']:.2f}")


def check_cost(game: Game[Any, Any, Any], count: int, steps: int) -> None:
    """Unprofiled: the thread's CPU time of the decision itself (`engine.core.act`) and of the
    fairness check, full and now, over the same greedy games; asserts they hide the same ones."""
    clock = time.thread_time
    decision = full = now = 0.0
    n = hidden = 0
    for i in range(count):
        for s, seat, action in playout(f"profile-{i}", seats_for(game), max_steps=steps, game=game):
            t0 = clock()
            t = act(game, s, seat, action)
            t1 = clock()
            hidden_now = table.service.hidden_decision(game, s, seat, action, t)
            t2 = clock()
            hidden_full = fair_oracle.hidden_decision(game, s, seat, action, t)
            t3 = clock()
            assert hidden_now == hidden_full, (game.id, i, t.notation)
            decision, now, full = decision + t1 - t0, now + t2 - t1, full + t3 - t2
            n, hidden = n + 1, hidden + hidden_now
    print(f"| {game.title} | {n} | {hidden} | {decision / n * 1e3:.3f} ms | {full / n * 1e3:.3f} ms ({full / decision:.2f}) "
          f"| {now / n * 1e3:.3f} ms ({now / decision:.2f}) |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_act", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="seeded games per game (default 2)")
    parser.add_argument("--steps", type=int, default=400, help="decisions per game, at most (default 400)")
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    args = parser.parse_args(argv)
    chosen = [get_game(g) for g in args.game] or all_games()
    print("| game | decisions | hidden | decision itself | check before (ratio) | check now (ratio) |\n|---|---|---|---|---|---|")
    for game in chosen:
        check_cost(game, args.games, args.steps)
    for game in chosen:
        report(game, profile_game(game, args.games, args.steps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
