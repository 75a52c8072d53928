"""Crash: SIGKILL a driver that plays 50 games through the TableService on one database, at
random moments, and restart it each time (full: 5,000 actions and 200 kills; bounded: ~600
actions and 20 kills).

Afterwards: every acknowledged action is in the log with the notation that was acknowledged,
logs have no gaps, every snapshot equals the replay of its log (store.verify), and every
outbox row was delivered. Delivery is at-least-once by design — a kill between
Notifier.deliver and mark_sent delivers that row again after the restart — so the audit
counts those repeats and checks that Discord's nonce dedupe (the notifier sends
`nonce=p<row id>` / `d<row id>` with enforce_nonce) hides every one of them: no row may be
*visible* twice, and none may be lost.
"""
from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from store import GameRecord, OutboxRow, Store
from table import TableService
from tests.faults.common import Delivery, RecordingNotifier, audit, bot_step, report, size

REPO = Path(__file__).resolve().parents[2]
GAMES = 50
ACTIONS = size(600, 5000)
KILLS = size(20, 200)
SEED = 20250607


@dataclass
class Seen:
    acks: dict[tuple[int, int], str] = field(default_factory=dict)   # (game, seq) → notation
    deliveries: list[Delivery] = field(default_factory=list)
    done: int | None = None
    run_acks: int = 0


async def _read(stream: asyncio.StreamReader, seen: Seen, progress: asyncio.Event) -> None:
    while line := await stream.readline():
        text = line.decode().rstrip("\n")
        word, _, rest = text.partition(" ")
        if word == "ACK":
            game, seq, notation = rest.split(" ", 2)
            seen.acks[(int(game), int(seq))] = notation
            seen.run_acks += 1
            progress.set()
        elif word == "DELIVER":
            game, kind, nonce, ids = rest.split(" ")
            seen.deliveries.append(Delivery(int(game), kind, nonce, tuple(int(i) for i in ids.split(",") if i)))
        elif word == "DONE":
            seen.done = int(rest)
        else:
            raise AssertionError(f"unexpected driver output: {text!r}")
    progress.set()   # the pipe closed: the driver is gone


async def _run_driver(db: Path, seen: Seen, kill_after: int | None, rand: random.Random) -> int:
    """One driver run. kill_after: SIGKILL once it acknowledged that many actions in this run
    (plus a random few milliseconds, to land anywhere: mid-commit, mid-delivery, mid-start);
    -1 kills at a random moment of start-up; None lets it finish."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.faults.crash_driver", str(db), str(ACTIONS), str(GAMES), cwd=REPO, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    seen.run_acks = 0
    progress = asyncio.Event()
    reader = asyncio.create_task(_read(proc.stdout, seen, progress))
    if kill_after is not None:
        if kill_after < 0:
            await asyncio.sleep(rand.uniform(0.05, 1.0))
        else:
            while seen.run_acks < kill_after and not reader.done():
                progress.clear()
                if seen.run_acks < kill_after:
                    await asyncio.wait_for(progress.wait(), timeout=60)
            await asyncio.sleep(rand.uniform(0, 0.02))
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
    stderr = (await proc.stderr.read()).decode()
    await proc.wait()
    await reader
    if kill_after is None or proc.returncode != -signal.SIGKILL:
        assert proc.returncode == 0, f"the driver failed (exit {proc.returncode}):\n{stderr[-3000:]}"
    return proc.returncode


async def test_kill_9_during_play_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    rand = random.Random(SEED)
    seen = Seen()
    per_kill = ACTIONS // (KILLS + 1)
    kills = 0
    for n in range(KILLS):
        early = n % 10 == 3          # one kill in ten lands during start-up / game creation
        code = await _run_driver(db, seen, -1 if early else rand.randint(0, 2 * per_kill), rand)
        kills += code == -signal.SIGKILL
    assert await _run_driver(db, seen, None, rand) == 0
    assert seen.done == ACTIONS, f"the last run stopped at {seen.done} actions"

    async with await Store.open(db) as store:
        games = await store.list_games()
        logs = {g.id: await store.log_rows(g.id) for g in games}
        lost_acks = [(g, q) for (g, q), notation in seen.acks.items()
                     if not any(r.seq == q and r.notation == notation and not r.undone for r in logs.get(g, []))]
        gaps = [g.id for g in games if [r.seq for r in logs[g.id]] != list(range(1, len(logs[g.id]) + 1))]
        mismatched = []
        for g in games:
            ok, why = await store.verify(g.id)
            if not ok:
                mismatched.append(f"game {g.id}: {why}")
        # Anything still unsent goes out now, with a notifier that records what it delivers.
        notifier = RecordingNotifier(store)
        svc = TableService(store, notifier)
        while await svc.flush_outbox():
            pass
        deliveries = seen.deliveries + notifier.deliveries
        rows = [r for g in games for r in await store.outbox_of(g.id)]
        result = audit(rows, deliveries)
        actions = sum(len(rows_) for rows_ in logs.values())

    report("crash (kill -9)", f"{actions} actions in {len(games)} games, {kills} SIGKILLs with restarts, "
           f"{len(seen.acks)} acknowledged", len(lost_acks) + result.lost,
           snapshot_mismatches=len(mismatched), log_gaps=len(gaps), outbox_rows=result.rows,
           deliveries=len(deliveries), rows_delivered_twice_by_the_notifier=result.raw_duplicates,
           repeats_dropped_by_nonce=result.deduplicated, rows_visible_twice=result.visible_duplicates,
           unsent=result.unsent)
    assert kills >= KILLS * 0.9, f"only {kills} of {KILLS} runs were killed (the rest finished by themselves?)"
    assert len(seen.acks) >= ACTIONS * 0.8, f"only {len(seen.acks)} of {ACTIONS} actions were acknowledged"
    assert not lost_acks, f"acknowledged actions missing from the log: {lost_acks[:10]}"
    assert not gaps, f"gaps in the logs of games {gaps}"
    assert not mismatched, mismatched[:5]
    assert len(games) == GAMES and all(g.status in ("active", "finished") for g in games)
    assert result.unsent == 0 and result.lost == 0, result
    assert result.visible_duplicates == 0, result


# ---- the deliver → mark_sent window, deterministically ---------------------------------------
class Crash(BaseException):
    """Stands in for SIGKILL inside one process: not an Exception, so nothing catches it."""


class CrashingNotifier(RecordingNotifier):
    def __init__(self, store: Store, crash_after: int) -> None:
        super().__init__(store)
        self.crash_after = crash_after

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        await super().deliver(game, state, item)
        if len(self.deliveries) == self.crash_after:
            raise Crash()


async def _window_case(db: Path, case: str, claim: bool) -> tuple[int, int, int]:
    """Crash in the window between delivering a merged board post and marking its rows sent,
    let another decision commit (so the restart finds more unsent rows), restart, flush.
    Returns (deliveries, visible duplicates, lost)."""
    async with await Store.open(db) as store:
        svc = TableService(store)
        game_id = await svc.create("pirate_chest", 4, {}, seed=f"window-{case}")
        for _ in range(4):
            await svc.add_bot(game_id)
        await svc.start(game_id)
        for _ in range(6):                       # a burst: several unsent board rows
            await bot_step(svc, game_id)
        if not claim:                            # control: the flush as it was before the claim
            store.claim_batch = _no_claim        # type: ignore[method-assign]
        notifier = CrashingNotifier(store, crash_after=1)
        svc = TableService(store, notifier)
        if case == "failed post":
            notifier.crash_after = 0
            real = notifier.deliver

            async def fail_once(game: GameRecord, state: Any, item: OutboxRow) -> None:
                await real(game, state, item)
                if len(notifier.deliveries) == 1:
                    raise ConnectionError("503 after the message was created")
            notifier.deliver = fail_once         # type: ignore[method-assign]
            assert await svc.flush_outbox() >= 0
        elif case == "crash after the first mark":
            notifier.crash_after = 0
            mark_sent = store.mark_sent
            marks: list[int] = []

            async def crash_on_second_mark(outbox_id: int) -> None:
                marks.append(outbox_id)
                if len(marks) == 2:
                    raise Crash()
                await mark_sent(outbox_id)
            store.mark_sent = crash_on_second_mark   # type: ignore[method-assign]
            with pytest.raises(Crash):
                await svc.flush_outbox()
            store.mark_sent = mark_sent          # type: ignore[method-assign]
        else:
            with pytest.raises(Crash):
                await svc.flush_outbox()
        first = list(notifier.deliveries)
        await bot_step(svc, game_id)            # commits before the restart's first flush
        restarted = RecordingNotifier(store)
        svc = TableService(store, restarted)
        while await svc.flush_outbox():
            pass
        result = audit(await store.outbox_of(game_id), first + restarted.deliveries)
        assert result.unsent == 0
        return len(first + restarted.deliveries), result.visible_duplicates, result.lost


async def _no_claim(outbox_ids: Any) -> None:
    return None


CASES = ("crash before any mark", "crash after the first mark", "failed post")


@pytest.mark.parametrize("case", CASES)
async def test_a_crash_between_deliver_and_mark_sent_resends_the_same_post(tmp_path: Path, case: str) -> None:
    deliveries, visible, lost = await _window_case(tmp_path / "with.db", case, claim=True)
    _, control, _ = await _window_case(tmp_path / "without.db", case, claim=False)
    report(f"crash window ({case})", f"{deliveries} deliveries around one cut-off delivery", lost,
           rows_visible_twice=visible, rows_visible_twice_without_the_batch_claim=control)
    assert lost == 0 and visible == 0
    # the control shows what the claim prevents: the resend merged the newer row too, under a
    # new nonce, so Discord would have shown the first post's events twice
    assert control > 0
