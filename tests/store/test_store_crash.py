"""Crash test (DESIGN, Testing layers 3): SIGKILL a writer at random moments, ten times.

Every action the writer saw committed must still be in the log afterwards, every game's
snapshot must equal its replay, and action numbers must have no gaps.
"""
from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

from store import Store

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
KILLS = 10
SEED = 20240601


async def _collect(stream: asyncio.StreamReader, seen: set[tuple[int, int]], started: asyncio.Event) -> None:
    """Read COMMITTED lines until the pipe closes (the writer died)."""
    while line := await stream.readline():
        word, game_id, seq = line.decode().split()
        assert word == "COMMITTED"
        seen.add((int(game_id), int(seq)))
        started.set()


async def _run_and_kill(db_path: Path, rand: random.Random, seen: set[tuple[int, int]], early: bool) -> None:
    """Start a writer; kill it a random moment after its first commit (or after spawning)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(HERE)])}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "crash_writer.py"), str(db_path), cwd=REPO, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    started = asyncio.Event()
    reader = asyncio.create_task(_collect(proc.stdout, seen, started))
    if early:  # may land while opening, migrating or building the first game
        await asyncio.sleep(rand.uniform(0.05, 0.6))
    else:
        waiter = asyncio.create_task(started.wait())
        await asyncio.wait([waiter, reader], timeout=10, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        await asyncio.sleep(rand.uniform(0.0, 0.4))
    if proc.returncode is None:
        proc.send_signal(signal.SIGKILL)
    await proc.wait()
    await reader
    stderr = (await proc.stderr.read()).decode()
    assert proc.returncode == -signal.SIGKILL, f"the writer stopped by itself:\n{stderr}"


async def test_kill_9_loses_no_committed_action(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.db"
    rand = random.Random(SEED)
    seen: set[tuple[int, int]] = set()
    for n in range(KILLS):
        await _run_and_kill(db_path, rand, seen, early=n in (0, 4, 7))
    assert len(seen) >= 20, "the writer hardly committed anything; the test proved little"

    async with await Store.open(db_path) as store:
        games = await store.list_games()
        logs = {g.id: await store.log_rows(g.id) for g in games}
        for game_id, seq in sorted(seen):
            assert any(r.seq == seq and not r.undone for r in logs[game_id]), f"lost action {seq} of game {game_id}"
        for game in games:
            rows = logs[game.id]
            assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), f"gap in the log of game {game.id}"
            ok, why = await store.verify(game.id)
            assert ok, f"game {game.id}: {why}"
            if game.status != "lobby":  # start and every action queued exactly one outbox row
                versions = [o.version for o in await store.outbox_of(game.id)]
                assert versions == list(range(game.version - len(rows), game.version + 1)), f"game {game.id}"
        assert {g.status for g in games} <= {"lobby", "active", "finished"}
