"""rss_mb_1000_games: resident memory of a process holding 1,000 active games loaded through the
table service (its state cache is bounded by table.service.CACHE_SIZE).

Measured in a fresh subprocess (`python -m bench.memory DB COUNT`) from /proc/self/status VmRSS.
Floor: the same process's VmRSS after its imports and opening the store, before any game.
"""
from __future__ import annotations

import asyncio
import gc
import json
import subprocess
import sys
from pathlib import Path

from bench.common import Result, Target, temp_dir

NAME = "rss_mb_1000_games"
EMITS = (NAME,)
TARGET = Target("value", "<=", 300)
GAMES = 1000


def vm_rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


async def child(db: Path, count: int) -> dict[str, float]:
    """Runs in the subprocess: RSS before and after loading `count` games."""
    from store import Store
    from table import TableService
    from table.service import CACHE_SIZE

    async with await Store.open(db) as store:
        svc = TableService(store)
        ids = [g.id for g in await store.list_games(status="active")][:count]
        gc.collect()
        floor = vm_rss_kib()
        for game_id in ids:
            await svc.load(game_id)
        gc.collect()
        return {"floor_kib": floor, "rss_kib": vm_rss_kib(), "games": len(ids), "cache_size": CACHE_SIZE}


def prepare(db: Path, count: int) -> None:
    from bench.games import clone_games, template_game
    template = asyncio.run(template_game(db, steps=120))
    clone_games(db, template, count - 1)


def run(quick: bool) -> list[Result]:
    with temp_dir("memory") as folder:
        db = folder / "parley.db"
        prepare(db, GAMES)
        out = subprocess.run([sys.executable, "-m", "bench.memory", str(db), str(GAMES)],
                             check=True, capture_output=True, text=True).stdout
    got = json.loads(out)
    mb, floor_mb = got["rss_kib"] / 1024, got["floor_kib"] / 1024
    return [Result(NAME, mb, "MB", floor_mb, TARGET, detail={
        "games": got["games"], "cache_size": got["cache_size"],
        "kib_per_game": (got["rss_kib"] - got["floor_kib"]) / max(1, got["games"])})]


if __name__ == "__main__":
    print(json.dumps(asyncio.run(child(Path(sys.argv[1]), int(sys.argv[2])))))
