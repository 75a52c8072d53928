"""throughput: 1,000 concurrent 4-bot games driven through ONE TableService (NullNotifier) on one
database file, one asyncio task per game. Each task does what TableService.run_bots does for
one decision (load, let the bot choose, act) and times the act.

- throughput_actions_per_s: every task acts again as soon as its last act returned (closed
  loop, saturation). Floor: one stdlib sqlite3 writer committing the same snapshot bytes one
  transaction at a time (WAL, synchronous=FULL) on the same file system — the rate one fsync
  per commit allows.
- throughput_p99_ms: p99 time of one act while the 1,000 games together offer 500 actions/s
  (each game acts every 2 s at its own phase: an open loop). At saturation a closed loop's
  latency is just concurrency / throughput (Little's law); that figure is in the first line's
  detail. Floor: the floor's own p99 commit.
Both run with the bot process's garbage-collector settings (bot.tune_gc).
"""
from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from bench.commit import raw_commit, raw_connection
from bench.common import Result, Target, bot_gc, median, ms, percentile, temp_dir
from bench.games import bot_move, clone_games, snapshot_json, template_game
from store import Store
from table import TableService

NAME = "throughput"
EMITS = ("throughput_actions_per_s", "throughput_p99_ms")
RATE = Target("value", ">=", 500)
LATENCY = Target("value", "<=", 100)
OFFERED = 500.0   # actions/s for the latency run


async def timed_bot_act(svc: TableService, game_id: int, latencies: list[float]) -> bool:
    """One bot decision through the service, its latency appended; False when the game is over."""
    move = await bot_move(svc, game_id)
    if move is None:
        return False
    t0 = time.perf_counter()
    await svc.act(game_id, *move)
    latencies.append(time.perf_counter() - t0)
    return True


async def closed_loop(svc: TableService, game_ids: list[int], per_game: int) -> tuple[list[float], float]:
    latencies: list[float] = []

    async def play(game_id: int) -> None:
        for _ in range(per_game):
            if not await timed_bot_act(svc, game_id, latencies):
                return

    t0 = time.perf_counter()
    await asyncio.gather(*(play(g) for g in game_ids))
    return latencies, time.perf_counter() - t0


async def open_loop(svc: TableService, game_ids: list[int], duration: float,
                    offered: float = OFFERED) -> tuple[list[float], list[float]]:
    """Each game acts every len(game_ids)/offered seconds, phases spread at random.
    Returns act times and how late each act started against its schedule."""
    period = len(game_ids) / offered
    latencies: list[float] = []
    late: list[float] = []
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.5
    phases = random.Random(7)

    async def play(game_id: int) -> None:
        due = start + phases.uniform(0, period)
        while due < start + duration:
            await asyncio.sleep(max(0.0, due - loop.time()))
            late.append(loop.time() - due)
            if not await timed_bot_act(svc, game_id, latencies):
                return
            due += period

    await asyncio.gather(*(play(g) for g in game_ids))
    return latencies, late


def floor_commits(folder: Path, body: str, commits: int) -> list[float]:
    raw = raw_connection(folder / "floor.db")
    try:
        return [raw_commit(raw, body) for _ in range(commits)]
    finally:
        raw.close()


async def measure(folder: Path, games: int, per_game: int, duration: float) -> list[Result]:
    db = folder / "parley.db"
    template = await template_game(db, steps=20)
    closed_ids = clone_games(db, template, games)
    open_ids = clone_games(db, template, games)
    async with await Store.open(db) as store:
        svc = TableService(store)
        _, state = await svc.load(template)
        floor = floor_commits(folder, snapshot_json(state), 300)
        closed, elapsed = await closed_loop(svc, closed_ids, per_game)
        opened, late = await open_loop(svc, open_ids, duration)
    return figures("throughput", (RATE, LATENCY, OFFERED), floor, (games, closed, elapsed), (opened, late, duration))


def figures(prefix: str, targets: tuple[Target, Target, float], floor: list[float],
            closed_run: tuple[int, list[float], float], open_run: tuple[list[float], list[float], float]) -> list[Result]:
    """The two figures (`prefix`_actions_per_s, `prefix`_p99_ms) from the floor's commit times,
    the closed loop (games, act times, seconds) and the open loop (act times, lateness, seconds);
    targets: (rate target, latency target, the open loop's offered actions/s)."""
    (rate, latency, offered), (games, closed, elapsed), (opened, late, duration) = targets, closed_run, open_run
    return [
        Result(f"{prefix}_actions_per_s", len(closed) / elapsed, "actions/s", len(floor) / sum(floor), rate, detail={
            "games": games, "actions": len(closed), "p50_ms": ms(median(closed)), "p99_ms": ms(percentile(closed, 99)),
            "littles_law_ms": ms(games / (len(closed) / elapsed))}),
        Result(f"{prefix}_p99_ms", ms(percentile(opened, 99)), "ms", ms(percentile(floor, 99)), latency, detail={
            "offered_actions_per_s": offered, "actions": len(opened), "p50_ms": ms(median(opened)),
            "achieved_actions_per_s": len(opened) / duration, "late_p99_ms": ms(percentile(late, 99))}),
    ]


def run(quick: bool) -> list[Result]:
    games, per_game, duration = (200, 3, 4.0) if quick else (1000, 10, 20.0)
    with temp_dir("throughput") as folder, bot_gc():
        return asyncio.run(measure(folder, games, per_game, duration))
