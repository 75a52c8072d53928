"""Crash test (DESIGN, Testing layers 3): SIGKILL a writer ten times, at points the test picks.

Every action the writer saw committed must still be in the log afterwards, every game's
snapshot must equal its replay, and action numbers must have no gaps.

Where each kill lands does not depend on how fast the machine is: the writer never stops by
itself, and each kill comes either at a point where the writer parked itself (inside the first
migration, while the first race is being set up, inside an action's transaction before its
COMMIT, inside Store.open on restart: tests/faults/killpoints.py), or a random moment after a chosen number of commits,
that moment scaled to how long a commit takes here (anywhere: inside SQLite's COMMIT, between
actions, building a game).
"""
from __future__ import annotations

import asyncio
import os
import random
import signal
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from store import Store

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
KILLS = 10
SEED = 20240601
HANG = 60.0          # seconds without a line from the writer: it hangs
SETUP_WRITES = 5     # a fresh database: the migration, create a 2-seat race, two bots, start


@dataclass
class Run:
    commits: int = 0
    parked: str | None = None
    times: list[float] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)


async def _collect(stream: asyncio.StreamReader, seen: set[tuple[int, int]], run: Run) -> None:
    """Read COMMITTED / PARKED lines until the pipe closes (the writer died)."""
    loop = asyncio.get_running_loop()
    try:
        while line := await stream.readline():
            word, *rest = line.decode().split()
            if word == "PARKED":
                run.parked = " ".join(rest)
            else:
                assert word == "COMMITTED", line
                seen.add((int(rest[0]), int(rest[1])))
                run.commits += 1
                run.times.append(loop.time())
            run.changed.set()
    finally:
        run.changed.set()


async def _run_and_kill(db_path: Path, seen: set[tuple[int, int]], intervals: list[float],
                        park: str | None, commits: int, pause: float) -> Run:
    """Start a writer; kill it where it parked (`park`), or `pause` typical commit times after
    its `commits`-th commit."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(HERE)])}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "crash_writer.py"), str(db_path), *(["--park", park] if park else []),
        cwd=REPO, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    run = Run()
    reader = asyncio.create_task(_collect(proc.stdout, seen, run))
    waiting_for = f"the park point {park}" if park else f"{commits} commits"
    while not (run.parked if park else run.commits >= commits) and not reader.done():
        run.changed.clear()
        try:
            await asyncio.wait_for(run.changed.wait(), HANG)
        except TimeoutError:
            raise AssertionError(f"no line from the writer for {HANG}s waiting for {waiting_for}") from None
    if not park:
        typical = statistics.median(intervals[-100:]) if len(intervals) >= 5 else 0.005
        await asyncio.wait([reader], timeout=pause * typical)
        intervals.extend(b - a for a, b in zip(run.times, run.times[1:], strict=False))
    if proc.returncode is None:
        proc.send_signal(signal.SIGKILL)
    await proc.wait()
    await reader
    stderr = (await proc.stderr.read()).decode()
    assert proc.returncode == -signal.SIGKILL, f"the writer stopped by itself before {waiting_for}:\n{stderr}"
    if park:
        assert run.parked == park.replace(":", " "), (park, run.parked)
    return run


async def test_kill_9_loses_no_committed_action(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.db"
    rand = random.Random(SEED)
    seen: set[tuple[int, int]] = set()
    intervals: list[float] = []
    planned = 0
    for n in range(KILLS):
        if n == 0:      # a fresh database: inside the migration that creates the tables
            run = await _run_and_kill(db_path, seen, intervals, "write:1", 0, 0)
            assert run.commits == 0
        elif n == 1:    # the migration again, then the first race half set up
            run = await _run_and_kill(db_path, seen, intervals, f"write:{rand.randint(2, SETUP_WRITES)}", 0, 0)
            assert run.commits == 0
        elif n == 5:    # a restart, inside the first write of Store.open (the migration check)
            run = await _run_and_kill(db_path, seen, intervals, "write:1", 0, 0)
            assert run.commits == 0
        elif n in (3, 6, 8):   # inside an action's transaction, before its COMMIT
            k = rand.randint(1, 40)
            run = await _run_and_kill(db_path, seen, intervals, f"commit:{k}", 0, 0)
            assert run.commits == k - 1
            planned += k - 1
        else:           # at a random moment within ~3 commits after the k-th
            k = rand.randint(1, 40)
            await _run_and_kill(db_path, seen, intervals, None, k, rand.uniform(0, 3))
            planned += k
    assert len(seen) >= planned >= 20, "the writer hardly committed anything; the test proved little"

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
