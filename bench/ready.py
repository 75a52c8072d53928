"""ready_s_10000_games: from starting the bot's process to discord.py's on_ready, with 10,000
active games stored, against the loopback Discord (tests/fake_discord).

The games are rows copied in one transaction from one real started game (3 players and a bot,
waiting on a player), so every snapshot is valid. The subprocess (`python -m bench.ready DB`)
imports everything, starts FakeDiscord and the real bot, and reports when it was ready; the
time counts from the parent starting it. Floor: the same with an empty database, same run.

After on_ready the pump calls ParleyBot.resume_bots, which finds the games waiting on a bot
(TableService.waiting_on_bots) and marks them dirty; the pump then lets those bots play. The
subprocess times both, and the event-loop lag meanwhile (a 5 ms ticker's oversleep): `detail`.
"""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import Result, Target, median, ms, percentile, temp_dir
from bench.loop_lag import ticker

NAME = "ready_s_10000_games"
EMITS = (NAME,)
TARGET = Target("value", "<=", 3)
RESUME_TIMEOUT = 120.0


async def wait_for(check: Any, timeout: float, what: str) -> None:
    deadline = time.perf_counter() + timeout
    while not check():
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{what} took more than {timeout} s")
        await asyncio.sleep(0.001)


async def child(db: Path) -> dict[str, Any]:
    """In the subprocess: start the bot, report on_ready and the resume that follows."""
    from bot import Settings, build_bot, tune_gc
    from tests.fake_discord import FakeDiscord

    async with FakeDiscord() as fake:
        settings = Settings(database_path=str(db), dev_guild_id=fake.guild_id, discord_token="x")
        bot = build_bot(settings, guild_ready_timeout=0.05, bot_delay=0, timer_tick=3600.0)
        tune_gc()   # as run_discord does
        resumed = asyncio.Event()
        scan = bot.resume_bots

        async def resume_bots() -> None:
            await scan()
            resumed.set()
        bot.resume_bots = resume_bots
        started = time.time()
        task = asyncio.create_task(bot.start(fake.token))
        try:
            await wait_for(lambda: bot.is_ready() or task.done(), 60, "on_ready")
            if task.done():
                task.result()
            ready = time.time()
            lags: list[float] = []
            stop = asyncio.Event()
            tick = asyncio.create_task(ticker(lags, stop))
            await asyncio.wait_for(resumed.wait(), RESUME_TIMEOUT)
            scanned, dirty = time.time(), len(bot.dirty)
            await wait_for(lambda: not bot.dirty and not bot.pumping, RESUME_TIMEOUT, "the bots' resume")
            caught_up = time.time()
            stop.set()
            await tick
            games = len(await bot.store.list_games(status="active"))
        finally:
            await bot.close()
            await asyncio.gather(task, return_exceptions=True)
    return {"bot_started": started, "ready": ready, "scanned": scanned, "caught_up": caught_up, "games": games,
            "resumed_games": dirty,
            "lag_p99_ms": ms(percentile(lags, 99)) if lags else 0.0,
            "lag_median_ms": ms(median(lags)) if lags else 0.0, "lag_max_ms": ms(max(lags, default=0.0))}


def start_bot(db: Path) -> dict[str, Any]:
    """Run the subprocess; its figures plus `process_started` (the parent's clock)."""
    t0 = time.time()
    done = subprocess.run([sys.executable, "-m", "bench.ready", str(db)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the bot's process failed:\n{done.stderr[-3000:]}")
    return {**json.loads(done.stdout.strip().splitlines()[-1]), "process_started": t0}


def prepare(db: Path, count: int) -> None:
    from bench.games import clone_games, template_game
    template = asyncio.run(template_game(db, steps=0, humans=3))
    clone_games(db, template, count - 1)


def run(quick: bool) -> list[Result]:
    count = 2000 if quick else 10_000
    with temp_dir("ready") as folder:
        empty, full = folder / "empty.db", folder / "full.db"
        prepare(full, count)
        start_bot(empty)   # warm-up: the first start also pays for cold file caches
        base = start_bot(empty)
        got = start_bot(full)
    ready = got["ready"] - got["process_started"]
    floor = base["ready"] - base["process_started"]
    return [Result(NAME, ready, "s", floor, TARGET, detail={
        "games": got["games"], "bot_start_to_ready_s": got["ready"] - got["bot_started"],
        "resume_scan_s": got["scanned"] - got["ready"], "resumed_games": got["resumed_games"],
        "resume_done_s": got["caught_up"] - got["ready"], "resume_lag_p99_ms": got["lag_p99_ms"],
        "resume_lag_max_ms": got["lag_max_ms"], "floor_resume_done_s": base["caught_up"] - base["ready"]})]


if __name__ == "__main__":
    print(json.dumps(asyncio.run(child(Path(sys.argv[1])))))
