"""pg_throughput: bench/throughput.py's two figures with the store on PostgreSQL (a throwaway
local cluster, store/pgtemp.py, fsync on like SQLite's synchronous=FULL; or PARLEY_BENCH_PG,
a postgresql:// URL of an empty database, for a real server).

The games are made on a SQLite file as throughput.py makes them, then moved over with
`python -m store copy`'s function. Floor: raw asyncpg on its own connection, each write one
transaction (BEGIN, INSERT of the same snapshot bytes, COMMIT), one at a time: the rate and p99
the server and its fsync allow one writer, measured in the same run beside the store.
"""
from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import asyncpg

from bench.common import Result, Target, bot_gc, temp_dir
from bench.games import clone_games, snapshot_json, template_game
from bench.throughput import closed_loop, figures, open_loop
from store import Store
from store.copy import copy_database
from store.pgtemp import TempCluster
from table import TableService

NAME = "pg_throughput"
EMITS = ("pg_throughput_actions_per_s", "pg_throughput_p99_ms")
RATE = Target("ratio", ">=", 0.5)   # at least half the rate of one raw writer committing alone
LATENCY = Target("value", "<=", 250)
OFFERED = 50.0   # actions/s for the latency run: below one process's ceiling here (docs/performance.md)


async def floor_commits(url: str, body: str, commits: int) -> list[float]:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS floor_snapshots (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)")
        times = []
        for _ in range(commits):
            t0 = time.perf_counter()
            async with conn.transaction():
                await conn.execute("INSERT INTO floor_snapshots (body) VALUES ($1)", body)
            times.append(time.perf_counter() - t0)
        await conn.execute("DROP TABLE floor_snapshots")
        return times
    finally:
        await conn.close()


async def measure(folder: Path, url: str, games: int, per_game: int, duration: float) -> list[Result]:
    db = folder / "parley.db"
    template = await template_game(db, steps=20)
    closed_ids = clone_games(db, template, games)
    open_ids = clone_games(db, template, games)
    await copy_database(str(db), url)
    async with await Store.open(url) as store:
        svc = TableService(store)
        _, state = await svc.load(template)
        floor = await floor_commits(url, snapshot_json(state), 300)
        closed, elapsed = await closed_loop(svc, closed_ids, per_game)
        opened, late = await open_loop(svc, open_ids, duration, OFFERED)
    return figures("pg_throughput", (RATE, LATENCY, OFFERED), floor, (games, closed, elapsed),
                   (opened, late, duration))


def run(quick: bool) -> list[Result]:
    games, per_game, duration = (200, 3, 4.0) if quick else (1000, 10, 20.0)
    with temp_dir("pg-throughput") as folder, bot_gc():
        if url := os.environ.get("PARLEY_BENCH_PG"):
            return asyncio.run(measure(folder, url, games, per_game, duration))
        with TempCluster(durable=True) as cluster:
            return asyncio.run(measure(folder, cluster.create_database("bench"), games, per_game, duration))
