"""commit_p99_ms: one action through the table service — load (from its cache), engine act,
store commit (WAL, synchronous=FULL) — on a temporary database file.

Floor: the stdlib sqlite3 alone inserting the same snapshot JSON and committing, with the same
pragmas, on the same file system, timed right after each service action so both see the same
disk and the same neighbours.
"""
from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from bench.common import Result, Target, median, ms, percentile, temp_dir
from bench.games import bot_move, new_bot_game, snapshot_json
from store import Store
from table import TableService

NAME = "commit_p99_ms"
EMITS = (NAME,)
TARGET = Target("ratio", "<=", 3)


def raw_connection(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE IF NOT EXISTS snapshots (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    return conn


def raw_commit(conn: sqlite3.Connection, body: str) -> float:
    """Seconds for INSERT of `body` + COMMIT."""
    t0 = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO snapshots (body) VALUES (?)", (body,))
    conn.execute("COMMIT")
    return time.perf_counter() - t0


async def measure(folder: Path, actions: int) -> tuple[list[float], list[float]]:
    """(service seconds, floor seconds), one pair per action."""
    service: list[float] = []
    floor: list[float] = []
    raw = raw_connection(folder / "floor.db")
    async with await Store.open(folder / "parley.db") as store:
        svc = TableService(store)
        game_id = await new_bot_game(svc, "commit-0")
        while len(service) < actions:
            move = await bot_move(svc, game_id)
            if move is None:
                game_id = await new_bot_game(svc, f"commit-{len(service)}")
                continue
            t0 = time.perf_counter()
            await svc.act(game_id, *move)
            service.append(time.perf_counter() - t0)
            _, state = await svc.load(game_id)
            floor.append(raw_commit(raw, snapshot_json(state)))
    raw.close()
    return service, floor


def run(quick: bool) -> list[Result]:
    actions = 100 if quick else 600
    with temp_dir("commit") as folder:
        service, floor = asyncio.run(measure(folder, actions))
    p99, floor_p99 = ms(percentile(service, 99)), ms(percentile(floor, 99))
    return [Result(NAME, p99, "ms", floor_p99, TARGET, detail={
        "actions": len(service), "p50_ms": ms(median(service)), "floor_p50_ms": ms(median(floor)),
        "ratio_p50": median(service) / median(floor), "max_ms": ms(max(service))})]
