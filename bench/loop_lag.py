"""render_loop_lag_p99_ms: how late the event loop wakes while boards render in worker threads
(asyncio.to_thread, as table/rendering.py does). A ticker sleeps 5 ms again and again and
records each oversleep.

Floor: the same ticker on an idle loop for as long, in the same run. The render thread holds
the GIL except where Pillow releases it, so the loop thread waits up to the interpreter's switch
interval (5 ms) — or longer, for a C call that keeps the GIL.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bench.common import Result, Target, median, ms, percentile
from bench.games import GAME, mid_game_states
from table.rendering import board_png_async

NAME = "render_loop_lag_p99_ms"
EMITS = (NAME,)
TARGET = Target("value", "<=", 20)
TICK = 0.005


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t0 = loop.time()
        await asyncio.sleep(TICK)
        lags.append(loop.time() - t0 - TICK)


async def lag_during(work: Callable[[], Awaitable[Any]]) -> tuple[list[float], float]:
    """Oversleeps of the ticker while `work` runs, and how long it ran."""
    lags: list[float] = []
    stop = asyncio.Event()
    task = asyncio.create_task(ticker(lags, stop))
    loop = asyncio.get_running_loop()
    await asyncio.sleep(0)
    t0 = loop.time()
    await work()
    elapsed = loop.time() - t0
    stop.set()
    await task
    return lags, elapsed


async def measure(boards: int) -> tuple[list[float], list[float], float, float]:
    views = [GAME.view(s, None) for s in mid_game_states(boards)]
    await board_png_async(GAME.id, views[0])   # warm caches and the thread pool

    async def render_all() -> None:
        for v in views:
            await board_png_async(GAME.id, v)

    async def render_four_at_once() -> None:
        for i in range(0, len(views), 4):
            await asyncio.gather(*(board_png_async(GAME.id, v) for v in views[i:i + 4]))

    busy, elapsed = await lag_during(render_all)
    idle, _ = await lag_during(lambda: asyncio.sleep(elapsed))
    parallel, _ = await lag_during(render_four_at_once)
    return busy, idle, elapsed, percentile(parallel, 99)


def run(quick: bool) -> list[Result]:
    boards = 8 if quick else 20
    busy, idle, elapsed, parallel_p99 = asyncio.run(measure(boards))
    return [Result(NAME, ms(percentile(busy, 99)), "ms", ms(percentile(idle, 99)), TARGET, detail={
        "boards": boards, "ticks": len(busy), "median_ms": ms(median(busy)), "max_ms": ms(max(busy)),
        "render_s": elapsed, "four_at_once_p99_ms": ms(parallel_p99)})]
